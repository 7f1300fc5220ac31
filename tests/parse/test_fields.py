"""Tests for `govmem.parse.fields.FieldReader.raw`: the first written spelling of a field."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from govmem.parse.fields import ALIASES, FieldReader
from govmem.parse.yaml import Json

_FIELDS = [*ALIASES, "id", "status", "tags", "provenance", "replaces", "decided"]
_KEYS = sorted({key for keys in ALIASES.values() for key in keys} | set(_FIELDS) | {"x"})


def _reference(data: dict[str, Json], dialect: dict[str, str], field: str) -> object:
    """SPEC §2's order, spelled out: the dialect key, the field's own name, its aliases."""
    mapped = dialect.get(field)
    keys = ALIASES.get(field, (field,))
    for key in (mapped, *keys) if mapped else keys:
        if data.get(key) is not None:
            return key, data[key]
    return None


def test_every_field_is_first_spelled_by_its_own_name() -> None:
    """`raw` reads a mapping that writes no other spelling by the field's name alone."""
    assert all(keys[0] == field for field, keys in ALIASES.items())


@given(
    st.dictionaries(st.sampled_from(_KEYS), st.sampled_from([None, "a", 1, ["b"]]), max_size=6),
    st.dictionaries(st.sampled_from(_FIELDS), st.sampled_from(["decided", "replaces", "x"])),
)
def test_raw_reads_the_first_written_spelling(
    data: dict[str, Json], dialect: dict[str, str]
) -> None:
    """With or without a dialect and other spellings, `raw` is the documented order's answer."""
    reader = FieldReader(data, path="p", dialect=dialect, order="dmy")
    for field in _FIELDS:
        assert reader.raw(field) == _reference(data, dialect, field), field
