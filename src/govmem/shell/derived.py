"""Derived values kept beside a snapshot (SPEC §8, v6): the topic index an inferred question
built, for the next start (`keep_derived`), read back only before an operation that infers
a topic (`seed_derived`).

A snapshot this process restored or wrote is remembered by its corpus (`remember`), so that
what that corpus builds later can be kept beside it, under its key.
"""

from __future__ import annotations

import functools
import weakref
from pathlib import Path
from typing import Final

from govmem._corpus import Corpus
from govmem.index.memo import Key, kept_key, kept_name
from govmem.model.codec import CodecError, pack, unpack

from . import cache as _cache
from . import snapshot as _snapshot


class _Held:
    """A snapshot this process restored or wrote, by its corpus (held weakly)."""

    def __init__(self, snap: _snapshot.Snapshot, real: Path, slot: str, key: str) -> None:
        self.corpus = weakref.ref(snap.corpus)
        self.where = (real, slot, key)
        self.derived: dict[str, bytes] = {}
        """The derived values kept beside it, as read or written (`seed_derived`)."""


_HELD: dict[int, _Held] = {}
"""The snapshots of this process, by `id` of their corpus (`keep_derived`)."""
DERIVED: Final = "derived"
"""The part of a snapshot's kept files holding its derived values (`ParseCache.read_kept`)."""


def remember(snap: _snapshot.Snapshot, real: Path, slot: str, key: str) -> None:
    for gone in [i for i, h in _HELD.items() if h.corpus() is None]:
        del _HELD[gone]
    _HELD[id(snap.corpus)] = _Held(snap, real, slot, key)


def _held(corpus: Corpus) -> _Held | None:
    held = _HELD.get(id(corpus))
    return held if held is not None and held.corpus() is corpus else None


def seed_derived(corpus: Corpus) -> bool:
    """Read the derived values kept beside the snapshot `corpus` came from (the topic index:
    `Key(kept=…)`) into memory, each decoded when an operation first asks for it.

    A snapshot's derived values are kept apart from it: a start that answers
    a question on a named topic never reads them. The CLI and the MCP server
    call this before an operation that infers a topic; True when something
    was seeded. A corpus that came from no snapshot is left alone.
    """
    held = _held(corpus)
    if held is None:
        return False
    real, slot, key = held.where
    if not held.derived:
        opened = _cache.open_cache(real)
        if not isinstance(opened, _cache.ParseCache):
            return False
        try:
            blob = opened.read_kept(slot, key, DERIVED)
        finally:
            opened.close()
        if blob is None:
            return False
        try:
            held.derived = {name: bytes(v) for name, v in unpack(blob).items()}
        except CodecError:
            return False
    for name, data in held.derived.items():
        found = kept_key(name)
        if found is not None:
            memo_key, argument = found
            corpus.memo.seed(memo_key, argument, functools.partial(_decode_kept, data, memo_key))
    return bool(held.derived)


def _decode_kept(data: bytes, key: Key[object]) -> object | None:
    return _snapshot.decode_kept(data, key.kept) if key.kept is not None else None


def keep_derived(corpus: Corpus) -> bool:
    """Keep beside the snapshot `corpus` came from the derived values its memo has built
    since (`Key(kept=…)`: the topic index), for the next start (`seed_derived`).

    The first inferred question on a large corpus builds the BM25 topic index
    (seconds at 10,000 records); kept, the next start answers without
    building it. True when something was written. The CLI calls it after
    its output; a corpus that came from no snapshot is left alone.
    """
    held = _held(corpus)
    if held is None:
        return False
    new: dict[str, bytes] = {}
    for memo_key, argument, value in corpus.memo.kept():
        name = kept_name(memo_key, argument)
        if name is not None and name not in held.derived and memo_key.kept is not None:
            blob = _snapshot.encode_kept(value, memo_key.kept)
            if blob is not None:
                new[name] = blob
    if not new:
        return False
    real, slot, key = held.where
    opened = _cache.open_cache(real)
    if not isinstance(opened, _cache.ParseCache):
        return False
    derived = {**held.derived, **new}
    try:
        written = opened.write_kept(slot, key, pack(derived), DERIVED)
    finally:
        opened.close()
    if written:
        held.derived = derived
    return written
