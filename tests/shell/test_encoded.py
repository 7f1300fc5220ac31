"""Tests for a cold load's one encoding of each record (`govmem.shell.snapshot.Encoded`, issue 53).

Its cache entries and its snapshot share each record's value as data, whose long strings
are slices of the file's text; the snapshot keeps those texts once, in a `texts` section.
A restored corpus must still equal a fresh parse, field for field, and a damaged record
item must still be a `CodecError` (a miss), never another error.
"""

from __future__ import annotations

from array import array
from pathlib import Path

import pytest

from govmem._corpus import Corpus
from govmem.index.build import build_index
from govmem.index.columns import index_from_sections, index_sections
from govmem.model.codec import CodecError, unpack
from govmem.model.records import Config
from govmem.parse.file import ParsedFile, parse_file
from govmem.shell import snapshot as _snapshot
from tests.conftest import EXAMPLE
from tests.shell.test_cache import _same


def _parsed(root: Path) -> list[tuple[ParsedFile, str]]:
    out = []
    for path in sorted((root / "docs").rglob("*.md")):
        text = path.read_text(encoding="utf-8")
        out.append((parse_file(path.relative_to(root).as_posix(), text), text))
    return out


def _corpus(files: list[tuple[ParsedFile, str]]) -> Corpus:
    return build_index(
        Corpus,
        [r for p, _ in files for r in p.records],
        [s for p, _ in files for s in p.sources],
        [x for p, _ in files for x in p.relations],
        Config(),
        [],
        fingerprint=None,
        excluded_count=0,
        folder_scopes={},
    )


def test_entries_and_snapshot_share_each_record_and_read_back_equal() -> None:
    """The entries `Encoded` writes are `encode_entry`'s; the snapshot made with it keeps each
    body once, as its file's text, and reads back as the corpus (also for records it only
    `read`: a cache hit's, encoded against their text when the snapshot is)."""
    files = _parsed(EXAMPLE)
    assert files
    known = _snapshot.Encoded()
    for i, (parsed, text) in enumerate(files):
        if i % 2:
            assert known.entry(parsed, text) == _snapshot.encode_entry(parsed, text)
        else:
            known.read(parsed, text)
    corpus = _corpus(files)
    sections = index_sections(corpus, known)
    whole = index_sections(corpus)
    assert sections["texts"]
    assert whole["texts"] == b""
    assert len(sections["records"]) < len(whole["records"])
    body = max((r.body for r in corpus.records), key=len)
    assert body.encode() in sections["texts"]
    assert body.encode() not in sections["records"]
    for kept in (sections, whole):
        back = index_from_sections(Corpus, {k: memoryview(v) for k, v in kept.items()})
        _same(back, corpus)
    snap = _snapshot.Snapshot(corpus, "d", (), _snapshot.CacheCounts())
    blob = _snapshot.encode(snap, known)
    assert blob is not None
    restored = _snapshot.decode(blob, _snapshot.Snapshot)
    assert restored is not None
    _same(restored.corpus, corpus)


def test_records_not_known_are_kept_whole() -> None:
    """A record `Encoded` never saw (a federation's, a patched corpus's) is kept as it is."""
    files = _parsed(EXAMPLE)
    corpus = _corpus(files)
    sections = index_sections(corpus, _snapshot.Encoded())
    assert sections["texts"] == b""
    back = index_from_sections(Corpus, {k: memoryview(v) for k, v in sections.items()})
    _same(back, corpus)


@pytest.mark.parametrize(
    "item",
    [
        b"[0,99999999,[]]",
        b"[5,2,[]]",
        b"[-1,2,[]]",
        b"[0,1]",
        b"[]",
        b'"x"',
        b"[0,2,[1,2,3]]",
        b"[[1,2,3]]",
        b"not json",
        b"[" * 100_000,
        b"\xff\xfe",
        b"[0,2,0,0]",
        b"[0,2,[]]",
    ],
)
def test_a_damaged_record_item_is_a_codec_error(item: bytes) -> None:
    """A record item that is not `[start, end, R]` within the texts, or `[R]`, or whose text
    is not UTF-8, does not read: `CodecError`, on first use (the caller drops the cache)."""
    files = _parsed(EXAMPLE)
    corpus = _corpus(files)
    known = _snapshot.Encoded()
    for parsed, text in files:
        known.entry(parsed, text)
    sections = index_sections(corpus, known)
    texts = sections["texts"]
    sections["texts"] = b"\xff\xfe" + texts[2:]  # a record of the first file: not UTF-8
    at = array("Q")
    at.frombytes(sections["records#"])
    first = at[1]
    sections["records"] = item + sections["records"][first:]
    sections["records#"] = array("Q", [0, *(a - first + len(item) for a in at[1:])]).tobytes()
    back = index_from_sections(Corpus, {k: memoryview(v) for k, v in sections.items()})
    with pytest.raises(CodecError):
        back.records[0]


def test_a_blob_of_a_snapshot_is_a_container() -> None:
    """The snapshot `encode` writes with `Encoded` is one `pack` container with a texts
    section beside the records."""
    files = _parsed(EXAMPLE)
    known = _snapshot.Encoded()
    for parsed, text in files:
        known.entry(parsed, text)
    blob = _snapshot.encode(
        _snapshot.Snapshot(_corpus(files), "d", (), _snapshot.CacheCounts()), known
    )
    assert blob is not None
    assert {"records", "records#", "texts"} <= set(unpack(blob))
