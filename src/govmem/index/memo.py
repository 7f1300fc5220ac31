"""`Memo`: the derived values an `Index` builds on first use, typed and thread-safe.

An index is a frozen value, but some of what the operations read of it is
costly and not always needed (the BM25 topic index, the search fields, the
`affects` matchers): each is built the first time an operation asks for it
and kept for the life of the index. Every such value has a typed `Key`,
declared once, next to the code that builds it::

    TOPIC_INDEX: Final = Key[TopicIndex]("query:topic-index")
    index.memo.get(TOPIC_INDEX, build, mind)   # -> TopicIndex

so mypy checks what comes back and a key cannot be misspelt. A key may be
qualified by a hashable argument (a mind, a source id): `(key, argument)`
names one value.

**Threads.** The MCP server runs tools in worker threads over one index.
Reading a value that exists takes no lock (one dict lookup). Building one
takes the memo's lock and checks again under it, so each value is built
once even when two threads ask for it at the same moment; the lock is
re-entrant because a build may ask for another value (the topic scopes are
built from the visible members). A build must not wait for another thread.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from typing import Final, Generic, TypeVar, cast

T = TypeVar("T")

_MISSING: Final = object()


class Key(Generic[T]):
    """The name of one kind of memoised value, and (for mypy) its type."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return f"Key({self.name!r})"


class Memo:
    """Values built on first use and kept with one index (module docstring)."""

    __slots__ = ("_lock", "_values")

    def __init__(self) -> None:
        self._values: dict[tuple[Key[object], Hashable], object] = {}
        self._lock = threading.RLock()

    def get(self, key: Key[T], build: Callable[[], T], argument: Hashable = None) -> T:
        """The value of `(key, argument)`, built with `build()` the first time it is asked for."""
        name = (cast("Key[object]", key), argument)
        value = self._values.get(name, _MISSING)
        if value is _MISSING:
            with self._lock:
                value = self._values.get(name, _MISSING)
                if value is _MISSING:
                    value = build()
                    self._values[name] = value
        return cast("T", value)

    def __len__(self) -> int:
        """How many values have been built."""
        return len(self._values)

    def __reduce__(self) -> tuple[type[Memo], tuple[()]]:
        """A memo pickles as an empty one (a snapshot, `govmem.shell.snapshot`): its values
        are derived again on first use."""
        return (Memo, ())


K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Recent(Generic[K, V]):
    """A bounded map of the values stored last: the oldest goes when it is full.

    Kept in a `Memo` for results an operation may be asked for again with
    the same arguments (answers, verdicts), so the memory of a long-running
    server stays bounded whatever it is asked. Reading takes no lock;
    storing takes one, so two threads never drop the same entry.
    """

    __slots__ = ("_lock", "_values", "size")

    def __init__(self, size: int) -> None:
        self.size = size
        self._values: dict[K, V] = {}
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        """The value stored for `key`, or None."""
        return self._values.get(key)

    def put(self, key: K, value: V) -> None:
        """Store `value` for `key`, dropping the oldest entry when full."""
        with self._lock:
            self._values[key] = value
            while len(self._values) > self.size:
                del self._values[next(iter(self._values))]

    def __len__(self) -> int:
        """How many values are stored."""
        return len(self._values)
