"""The parse cache's data format (`govmem.model.codec`, SPEC §8 v6): values come back equal,
`repr` and all, and nothing else ever comes back — a damaged or crafted value is a miss."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given

from govmem.index.derive import Facts
from govmem.model.codec import CODEC, CodecError, pack, unpack
from govmem.model.records import Config, Finding, Record
from govmem.parse.file import ParsedFile
from govmem.testing import cache_values, configs, records


@given(records(max_size=6))
def test_records_come_back_equal_to_the_last_field(recs: list[Record]) -> None:
    """Every field, the prose spans (outside equality) and the `repr` included."""
    back = CODEC.loads(CODEC.dumps(tuple(recs), tuple[Record, ...]), tuple[Record, ...])
    assert back == tuple(recs)
    assert [r.prose for r in back] == [r.prose for r in recs]
    assert repr(back) == repr(tuple(recs))


@given(configs())
def test_a_configuration_comes_back_with_the_same_repr(config: Config) -> None:
    """A configuration's `repr` is part of every cache key (`through.config_key`)."""
    back = CODEC.loads(CODEC.dumps(config, Config), Config)
    assert back == config
    assert repr(back) == repr(config)
    assert back.text == config.text


@given(records(max_size=4))
def test_an_entry_keeps_its_long_strings_as_slices_of_its_text(recs: list[Record]) -> None:
    """Written with the text its file holds, a record's body is a slice of it; read back
    with that text it is the same string, without it the entry does not read."""
    parsed = ParsedFile(records=tuple(recs))
    text = "\n".join(r.body for r in recs) + "\n"
    blob = CODEC.dumps(parsed, ParsedFile, text=text)
    assert CODEC.loads(blob, ParsedFile, text=text) == parsed
    if any(len(r.body) >= 48 for r in recs):
        with pytest.raises(CodecError):
            CODEC.loads(blob, ParsedFile)


@pytest.mark.parametrize("tp", [Record, ParsedFile, Facts, Finding, Config, tuple[Record, ...]])
@given(blob=cache_values())
def test_a_damaged_or_crafted_value_is_a_miss_never_another_error(tp: type, blob: bytes) -> None:
    """Any bytes — JSON of any shape, cut short, binary, the F1 gadget — read as the declared
    type or raise `CodecError`; the container (`unpack`) likewise."""
    got: object = None
    with contextlib.suppress(CodecError):
        got = CODEC.loads(blob, tp, text="some text")
    assert got is None or isinstance(got, getattr(tp, "__origin__", tp))
    with contextlib.suppress(CodecError):
        unpack(blob)
    assert unpack(pack({"a": blob}))["a"] == blob
