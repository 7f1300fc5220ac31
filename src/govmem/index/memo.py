"""`Memo`: the derived values an `Index` builds on first use, typed and thread-safe.

An index is a frozen value, but some of what the operations read of it is
costly and not always needed (the BM25 topic index, the search fields, the
`affects` matchers): each is built the first time an operation asks for it
and kept for the life of the index. Every such value has a typed `Key`,
declared once, next to the code that builds it::

    TOPIC_INDEX: Final = Key[TopicIndex]("query:topic-index", kept=TopicIndex)
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

from govmem.model.codec import CODEC, CodecError

T = TypeVar("T")

_MISSING: Final = object()


_KEPT: Final[dict[str, Key[object]]] = {}
"""The keys whose values are kept beside a snapshot, by name (`Key(kept=…)`)."""


class Key(Generic[T]):
    """The name of one kind of memoised value, and (for mypy) its type.

    `kept=TYPE` marks a value worth keeping beside a snapshot of the index
    (the parse cache, `govmem.shell.snapshot`): costly to build, a pure
    function of the index, and data of that declared type (`govmem.model.codec`).
    Every other value is built again on first use.
    """

    __slots__ = ("kept", "name")

    def __init__(self, name: str, *, kept: type[T] | None = None) -> None:
        self.name = name
        self.kept = kept
        if kept is not None:
            _KEPT.setdefault(name, cast("Key[object]", self))

    def __repr__(self) -> str:
        return f"Key({self.name!r})"


def kept_name(key: Key[object], argument: Hashable) -> str | None:
    """The name a kept value is stored under: its key's name and its argument (a string or
    none); None for any other argument."""
    if argument is not None and type(argument) is not str:
        return None
    return f"{key.name}\0{'' if argument is None else '='}{argument or ''}"


def kept_key(name: str) -> tuple[Key[object], Hashable] | None:
    """`kept_name`'s key and argument back; None for a name no kept key of this code has."""
    head, sep, rest = name.partition("\0")
    key = _KEPT.get(head)
    if key is None or not sep:
        return None
    return key, (rest[1:] if rest.startswith("=") else None)


class Memo:
    """Values built on first use and kept with one index (module docstring).

    A value kept beside a snapshot can be *seeded*: `seed(key, argument,
    decode)` gives the function that makes it from bytes already in memory,
    called instead of the build the first time the value is asked for.
    """

    __slots__ = ("_lock", "_seeds", "_values")

    def __init__(self) -> None:
        self._values: dict[tuple[Key[object], Hashable], object] = {}
        self._seeds: dict[tuple[Key[object], Hashable], Callable[[], object | None]] = {}
        self._lock = threading.RLock()

    def get(self, key: Key[T], build: Callable[[], T], argument: Hashable = None) -> T:
        """The value of `(key, argument)`, built with `build()` the first time it is asked for
        (or decoded from its seed; a seed that gives None is built as usual)."""
        name = (cast("Key[object]", key), argument)
        value = self._values.get(name, _MISSING)
        if value is _MISSING:
            with self._lock:
                value = self._values.get(name, _MISSING)
                if value is _MISSING:
                    seed = self._seeds.pop(name, None)
                    value = seed() if seed is not None else None
                    if value is None:
                        value = build()
                    self._values[name] = value
        return cast("T", value)

    def seed(self, key: Key[T], argument: Hashable, decode: Callable[[], T | None]) -> None:
        """Make `(key, argument)`, when first asked for, with `decode()` rather than its build."""
        with self._lock:
            name = (cast("Key[object]", key), argument)
            if name not in self._values:
                self._seeds[name] = decode

    def seeded(self, key: Key[T], argument: Hashable) -> bool:
        """Whether `(key, argument)` has a seed or a value."""
        name = (cast("Key[object]", key), argument)
        return name in self._seeds or name in self._values

    def __len__(self) -> int:
        """How many values have been built."""
        return len(self._values)

    def kept(self) -> tuple[tuple[Key[object], Hashable, object], ...]:
        """The values built so far whose key is kept: (key, argument, value)."""
        return tuple((k, a, v) for (k, a), v in list(self._values.items()) if k.kept is not None)


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


def _recent_size(v: object, t: str | None) -> Recent[Hashable, object]:
    if type(v) is not int or v < 1:
        msg = f"expected a positive size, got {v!r}"
        raise CodecError(msg)
    return Recent(v)


CODEC.register(Recent, lambda r: r.size, _recent_size)
"""A recent-values map is kept as its size alone: it is a cache of answers, not a fact."""
