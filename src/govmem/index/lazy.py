"""`Lazy`: a tuple whose items are decoded the first time they are read (SPEC §8, v6).

A corpus restored from the parse cache's snapshot holds its records, facts,
sources and findings as the bytes the snapshot was read into, one JSON value
per item, and decodes an item when an operation first reads it: an answer
about one topic decodes the twenty records it touches, not the ten thousand
of the corpus. Decoding is pure (`govmem.model.codec`): the bytes are already
in memory, no file is read.

A `Lazy` is a `Sequence` equal to the tuple of its items; reading an item
twice gives the same object. The snapshot's head and offsets are checked
when it is read (`govmem.shell.snapshot`: a bad one is a miss); an item that
does not decode when it is first read — a file damaged on disk, or written
by another hand — raises `CodecError`, and the CLI and the MCP server then
drop the cache and ask again without it (`govmem.shell.cache.clear_cache`).
"""

from __future__ import annotations

import json
import threading
from array import array
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, Generic, TypeVar, overload

from govmem.model.codec import CodecError

T = TypeVar("T")

_MISSING: Any = object()


class Lazy(Sequence[T], Generic[T]):
    """Items decoded on first read from `data[offsets[i]:offsets[i + 1]]` by `decode`."""

    __slots__ = ("_data", "_decode", "_items", "_lock", "_offsets")

    def __init__(
        self, data: bytes | memoryview, offsets: array[int], decode: Callable[[bytes], T]
    ) -> None:
        if len(offsets) < 1:
            raise ValueError("a lazy sequence needs at least one offset")
        self._data = data
        self._offsets = offsets
        self._decode = decode
        self._items: list[T] = [_MISSING] * (len(offsets) - 1)
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._items)

    @overload
    def __getitem__(self, i: int) -> T: ...
    @overload
    def __getitem__(self, i: slice) -> tuple[T, ...]: ...
    def __getitem__(self, i: int | slice) -> T | tuple[T, ...]:
        if isinstance(i, slice):
            return tuple(self[j] for j in range(*i.indices(len(self._items))))
        item = self._items[i]
        if item is _MISSING:
            at = i if i >= 0 else i + len(self._items)
            raw = bytes(self._data[self._offsets[at] : self._offsets[at + 1]])
            value = self._decode(raw)
            with self._lock:  # two threads may decode one item: the first value stays
                item = self._items[at]
                if item is _MISSING:
                    item = self._items[at] = value
        return item

    def __iter__(self) -> Iterator[T]:
        for i in range(len(self._items)):
            yield self[i]

    def decoded(self) -> int:
        """How many items have been decoded so far."""
        return sum(1 for x in self._items if x is not _MISSING)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, str | bytes):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))

    def __ne__(self, other: object) -> bool:
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __add__(self, other: Sequence[T]) -> tuple[T, ...]:
        return (*self, *other)

    def __repr__(self) -> str:
        return f"Lazy({len(self)} items, {self.decoded()} decoded)"


K = TypeVar("K")


class Picked(Mapping[K, T], Generic[K, T]):
    """A mapping whose values are items of a sequence, by position: a lookup by id of the
    records or sources a `Lazy` holds, decoding only the items looked up."""

    __slots__ = ("_at", "_items")

    def __init__(self, at: Mapping[K, int], items: Sequence[T]) -> None:
        self._at = at
        self._items = items

    def __getitem__(self, key: K) -> T:
        return self._items[self._at[key]]

    def __iter__(self) -> Iterator[K]:
        return iter(self._at)

    def __len__(self) -> int:
        return len(self._at)


def offsets_of(sizes: Iterable[int]) -> array[int]:
    """Where each of the items of these sizes starts, and where the last one ends."""
    out = array("Q", [0])
    for size in sizes:
        out.append(out[-1] + size)
    return out


V = TypeVar("V")


class JsonMap(Mapping[str, V], Generic[V]):
    """A JSON object `{name: value}` parsed on first use, each value read by `convert` (which
    checks it) the first time it is looked up: a restored index's large lookups (the
    topic of every alias, the records of every id) cost nothing until an operation asks."""

    __slots__ = ("_convert", "_data", "_lock", "_raw", "_seen")

    def __init__(self, data: bytes | memoryview, convert: Callable[[object], V]) -> None:
        self._data: bytes | memoryview | None = data
        self._convert = convert
        self._raw: dict[str, object] | None = None
        self._seen: dict[str, V] = {}
        self._lock = threading.Lock()

    def _parsed(self) -> dict[str, object]:
        raw = self._raw
        if raw is None:
            with self._lock:
                if (raw := self._raw) is None:
                    assert self._data is not None
                    got = json.loads(bytes(self._data))
                    if type(got) is not dict:
                        msg = "expected a JSON object"
                        raise CodecError(msg)
                    raw = self._raw = got
                    self._data = None
        return raw

    def __getitem__(self, key: str) -> V:
        found = self._seen.get(key, _MISSING)
        if found is _MISSING:
            found = self._seen[key] = self._convert(self._parsed()[key])
        return found  # type: ignore[no-any-return]

    def __iter__(self) -> Iterator[str]:
        return iter(self._parsed())

    def __len__(self) -> int:
        return len(self._parsed())

    def __contains__(self, key: object) -> bool:
        return key in self._parsed()
