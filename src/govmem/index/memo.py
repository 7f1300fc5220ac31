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
from typing import Any, Final, Generic, TypeVar, cast

T = TypeVar("T")

_MISSING: Final = object()


_KEPT: Final[dict[str, Key[object]]] = {}
"""The keys whose values a pickled memo keeps, by name (`Key(keep=True)`)."""


class Key(Generic[T]):
    """The name of one kind of memoised value, and (for mypy) its type.

    `keep=True` marks a value worth keeping with the index when it is pickled
    (a snapshot of the parse cache, `govmem.shell.snapshot`): costly to
    build, a pure function of the index, and compact. Every other value is
    dropped and built again on first use.
    """

    __slots__ = ("keep", "name")

    def __init__(self, name: str, *, keep: bool = False) -> None:
        self.name = name
        self.keep = keep
        if keep:
            _KEPT.setdefault(name, cast("Key[object]", self))

    def __repr__(self) -> str:
        return f"Key({self.name!r})"

    def __reduce__(self) -> tuple[Callable[[str], Key[object]], tuple[str]]:
        """A kept key pickles by name, so that the memo it is loaded into finds it."""
        return _key, (self.name,)


def _key(name: str) -> Key[object]:
    """The kept key named `name` (what a pickled memo holds)."""
    return _KEPT[name]


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

    def __reduce__(
        self,
    ) -> tuple[Callable[[tuple[tuple[Key[object], Hashable, object], ...]], Memo], tuple[Any]]:
        """A memo pickles with its kept values only (`Key(keep=True)`; a snapshot,
        `govmem.shell.snapshot`): every other one is derived again on first use."""
        return _memo, (self.kept(),)

    def kept(self) -> tuple[tuple[Key[object], Hashable, object], ...]:
        """The values built so far whose key is kept: (key, argument, value)."""
        return tuple((k, a, v) for (k, a), v in list(self._values.items()) if k.keep)


def _memo(items: tuple[tuple[Key[object], Hashable, object], ...]) -> Memo:
    """A memo holding `items` (what a pickled memo holds)."""
    memo = Memo()
    for key, argument, value in items:
        memo._values[(key, argument)] = value
    return memo


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

    def __reduce__(self) -> tuple[type[Recent[K, V]], tuple[int]]:
        """A recent-values map pickles empty: it is a cache of answers, not a fact."""
        return type(self), (self.size,)
