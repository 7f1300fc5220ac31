"""Whole-corpus snapshots: an unchanged folder's corpus without reading its files (SPEC §8, v5).

The per-file entries of `shell.cache` spare the parsing, but a load still
reads and hashes every file, decodes every entry and builds the index again:
seconds at 10,000 records. A *snapshot* is the built corpus itself, kept
beside those entries under a key that stat data can prove (`Loader.load`,
`Reloader.read`):

* **Key.** govmem's code (`code_key`: a hash of its modules' bytes, so
  another release or an edited checkout never reads another's snapshot),
  the parsed configuration and its text, the config's and the plan's
  findings, the folders planned, the git first-add dates (named by the
  commit they were read at when the cache keeps them, `load.KeptDates`:
  a warm start never decodes them), and every
  candidate file's path and stat row (mode, size, mtime_ns, ctime_ns,
  inode, device; following symlinks, so a retargeted link is another row),
  with the folders that could not be listed. A federation's key is its
  parts' keys (`shell.logs`).
* **Racily clean.** A snapshot is written only when every file's newest of
  mtime and ctime is at least `GRANULARITY_NS` older than the moment the
  stat walk began (`stamp.settled`, git's rule): a file written again
  within the same timestamp tick is then impossible to miss, because its
  ctime — which no program can set back — moves past every stamp in the
  key. A folder edited a moment ago is read and parsed as before, and
  snapshotted on a later load.
* **Value.** A pickle of `Snapshot` (the corpus, the cache counts, the
  file-level findings), with the corpus's memo reduced to its kept values
  (`Key(keep=True)`: the topic index) and loaded by an unpickler that only
  makes the classes of govmem's pure layers (no effects: they never touch
  a file, the clock or the network) and a short list of builtin ones. It
  is read only when the database, its write-ahead log and their folder are
  the current user's and no other user can write them (`owned_privately`);
  anything else, or a value that does not load, is a miss. The parsed
  `govmem.yaml` is kept the same way (`ParsedConfig`).
"""

from __future__ import annotations

import copyreg
import functools
import hashlib
import io
import os
import pickle
import sys
import types
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, Final, TypeVar

import attrs
from attrs import frozen

from govmem._corpus import Corpus
from govmem.model.records import Config, Finding, Matcher
from govmem.model.time import When
from govmem.parse.file import ParsedFile

from . import collector
from .stamp import settled

PROTOCOL: Final = 5


@frozen
class CacheCounts:
    """How many files a load took from the persistent parse cache, and how many it parsed
    (`Loader.cache_counts`; a snapshot keeps those of the load that wrote it)."""

    cached: int = 0
    """Records (decisions, claims, memories) taken from the cache."""
    parsed: int = 0
    """Records parsed from their files."""
    cached_files: int = 0
    parsed_files: int = 0
    snapshots: int = 0
    """Roots whose corpus was restored whole from a snapshot (`Loader.restore`), none of their
    files read; in a snapshot, the roots it stands for (a federation's: the root and every
    log read)."""


@frozen
class Snapshot:
    """What a snapshot restores: the corpus and what its load reported besides it."""

    corpus: Corpus
    digest: str
    """`fingerprint(config.text, files)` of the files it was built from."""
    file_findings: tuple[Finding, ...]
    counts: CacheCounts


@frozen
class ParsedConfig:
    """A `govmem.yaml` as `parse_config` read it (kept beside the snapshots: a large
    configuration is a tenth of a warm start)."""

    config: Config
    findings: tuple[Finding, ...]


T = TypeVar("T", Snapshot, ParsedConfig)


@functools.cache
def code_key() -> str:
    """A hash of the govmem code running: the bytes of each of its modules, and Python's version.

    Another release, an edited checkout or another Python is another key, so
    neither snapshots nor parse entries outlive the code that made them
    (about 3 ms: the package's sources are under a megabyte).
    """
    h = hashlib.sha256(f"govmem-code\0{sys.version}\0".encode())
    top = Path(__file__).resolve().parent.parent
    for path in sorted(top.rglob("*.py")):
        try:
            data = path.read_bytes()
        except OSError:
            data = b"unreadable"
        h.update(f"{path.relative_to(top).as_posix()}\0".encode())
        h.update(hashlib.sha256(data).digest())
    return h.hexdigest()


class Listing:
    """The stamps of a load's candidate files, in walk order (the snapshot key's last part)."""

    def __init__(self, started_ns: int) -> None:
        self.started_ns = started_ns
        """When the stat walk began (the clock is the caller's: the racily-clean test's origin)."""
        self._rows: list[tuple[object, ...]] = []
        self._newest = 0

    def add(self, rel: str, st: os.stat_result | None) -> None:
        """One candidate file and its stat (None when it has none: a bad name, a broken link)."""
        if st is None:
            self._rows.append((rel,))
            return
        self._rows.append(
            (rel, st.st_mode, st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino, st.st_dev)
        )
        self._newest = max(self._newest, st.st_mtime_ns, st.st_ctime_ns)

    def add_error(self, rel: str, why: str) -> None:
        """A folder the walk could not list."""
        self._rows.append(("unlisted", rel, why))

    @property
    def clean(self) -> bool:
        """Whether every stamp is settled (`stamp.settled`): only then may a snapshot be written."""
        return settled(self._newest, self.started_ns)

    def digest(self) -> str:
        """The hash of every row."""
        return hashlib.sha256(repr(self._rows).encode("utf-8", "surrogatepass")).hexdigest()


def snapshot_key(parts: Iterable[str]) -> str:
    """The key of a snapshot from its parts (each already canonical text)."""
    h = hashlib.sha256(f"snapshot\0{code_key()}\0".encode())
    for part in parts:
        h.update(part.encode("utf-8", "surrogatepass") + b"\0\1")
    return h.hexdigest()


def _proxy(items: dict[Any, Any]) -> types.MappingProxyType[Any, Any]:
    return types.MappingProxyType(items)


def _reduce_proxy(m: types.MappingProxyType[Any, Any]) -> tuple[Callable[..., Any], tuple[Any]]:
    return _proxy, (dict(m),)


_DISPATCH: Final = {**copyreg.dispatch_table, types.MappingProxyType: _reduce_proxy}
_GLOBALS: Final = frozenset(
    {
        ("builtins", "frozenset"),
        ("builtins", "set"),
        ("datetime", "datetime"),
        ("datetime", "date"),
        ("datetime", "time"),
        ("datetime", "timedelta"),
        ("datetime", "timezone"),
        ("array", "_array_reconstructor"),
        ("array", "array"),
        ("govmem.index.memo", "_key"),
        ("govmem.index.memo", "_memo"),
    }
)


_PURE: Final = (
    "govmem.model.",
    "govmem.parse.",
    "govmem.index.",
    "govmem.engine.",
    "govmem.memory.",
    "govmem.tools.",
)
"""The layers that never touch a file, the clock or the network: their classes have no effects."""
_OWN: Final = frozenset({"Snapshot", "CacheCounts", "ParsedConfig", "_make", "_same", "_proxy"})


class _Unpickler(pickle.Unpickler):
    """Makes the classes of govmem's pure layers, this module's own, and a few builtin ones:
    nothing with an effect can be named, let alone called."""

    def find_class(self, module: str, name: str) -> Any:
        if (module, name) in _GLOBALS or (module == __name__ and name in _OWN):
            return super().find_class(module, name)
        if module == "govmem._corpus" or module.startswith(_PURE):
            found = super().find_class(module, name)
            if isinstance(found, type):
                return found
        msg = f"{module}.{name} is not part of a snapshot"
        raise pickle.UnpicklingError(msg)


def _make(cls: type[Any], args: tuple[Any, ...]) -> Any:
    """An attrs value made again from its fields in order (what `_Pickler` writes)."""
    if not attrs.has(cls):
        msg = f"{cls!r} is not an attrs class"
        raise pickle.UnpicklingError(msg)
    return cls(*args)


def _same(value: Any) -> Any:
    """A value written once and named again (what `_Pickler` writes for a repeated value)."""
    return value


_SHARED: Final = (When, Matcher)
"""Small frozen values that repeat across records (dates, `affects` matchers: at 10,000
generated records 11,531 dates hold 3,484 values and 17,109 matchers 278): each value is
written once and every repeat names it, so a load makes 3,762 objects instead of 28,640."""


def _positional(cls: type[Any]) -> tuple[str, ...] | None:
    """The field names of an attrs class whose `__init__` takes exactly them, in order, and
    keeps them as given (no converter); None for any other class (pickled the default way)."""
    if not attrs.has(cls):
        return None
    fields = attrs.fields(cls)
    if any(not f.init or f.kw_only or f.converter is not None for f in fields):
        return None
    return tuple(f.name for f in fields)


class _Pickler(pickle.Pickler):
    """Writes attrs values as `_make(cls, fields)`: their `__init__` takes half the time of
    attrs' `__setstate__` to load them (a tenth of a warm start at 10,000 records); a value of
    `_SHARED` equal to one already written as `_same(that one)`, which loads as that object."""

    def __init__(self, file: io.BytesIO) -> None:
        super().__init__(file, protocol=PROTOCOL)
        self.dispatch_table = _DISPATCH
        self._names: dict[type[Any], tuple[str, ...] | None] = {}
        self._first: dict[tuple[type[Any], str], Any] = {}
        """The first value written of each spelling (`repr`: exact, as `==` is not for dates
        of other time zones); kept alive, so the pickle's memo still knows it by its id."""

    def reducer_override(self, obj: Any) -> Any:
        cls = type(obj)
        if cls in _SHARED:
            first = self._first.setdefault((cls, repr(obj)), obj)
            if first is not obj:
                return _same, (first,)
        names = (
            self._names[cls]
            if cls in self._names
            else self._names.setdefault(cls, _positional(cls))
        )
        if names is None:
            return NotImplemented
        return _make, (type(obj), tuple(getattr(obj, n) for n in names))


def encode(value: Snapshot | ParsedConfig) -> bytes | None:
    """A snapshot or a parsed config as bytes (a pickle; a corpus's memo is left out); None
    if it will not pickle."""
    buf = io.BytesIO()
    p = _Pickler(buf)
    try:
        p.dump(value)
    except (pickle.PicklingError, TypeError, AttributeError, RecursionError):
        return None  # a value that cannot be kept is not kept: the load still answers
    return buf.getvalue()


SLICE_FROM: Final = 48
"""Strings at least this long that the file's text holds are kept as where they are in it."""


class _EntryPickler(_Pickler):
    """A parsed file, its strings that its file's text holds (a record's body, its content)
    written as a `(start, end)` slice of that text: the entry is served only to a load that
    has read those very bytes (their hash is in its key), so it is a fifth of the size and
    written and read in half the time."""

    def __init__(self, file: io.BytesIO, text: str) -> None:
        super().__init__(file)
        self._text = text

    def persistent_id(self, obj: Any) -> tuple[int, int] | None:
        if type(obj) is str and len(obj) >= SLICE_FROM:
            at = self._text.find(obj)
            if at >= 0:
                return at, at + len(obj)
        return None


class _EntryUnpickler(_Unpickler):
    """`_EntryPickler`'s slices read back out of the same text."""

    def __init__(self, file: io.BytesIO, text: str) -> None:
        super().__init__(file)
        self._text = text

    def persistent_load(self, pid: Any) -> str:
        if (
            type(pid) is tuple
            and len(pid) == 2
            and type(pid[0]) is int
            and type(pid[1]) is int
            and 0 <= pid[0] <= pid[1] <= len(self._text)
        ):
            return self._text[pid[0] : pid[1]]
        msg = f"{pid!r} is not a slice of the file"
        raise pickle.UnpicklingError(msg)


def encode_entry(parsed: ParsedFile, text: str) -> bytes | None:
    """A file's parse as a cache entry (`_EntryPickler`); None if it will not pickle."""
    buf = io.BytesIO()
    try:
        _EntryPickler(buf, text).dump(parsed)
    except (pickle.PicklingError, TypeError, AttributeError, RecursionError):
        return None
    return buf.getvalue()


def decode_entry(blob: object, text: str) -> ParsedFile | None:
    """`encode_entry`'s value back, given the same text; None when it does not load (a miss)."""
    if not isinstance(blob, bytes):
        return None
    try:
        got = _EntryUnpickler(io.BytesIO(blob), text).load()
    except Exception:  # a damaged or foreign value: a miss, never an error
        return None
    return got if isinstance(got, ParsedFile) else None


def decode(blob: object, kind: type[T]) -> T | None:
    """A value of `kind` back (`Snapshot`, `ParsedConfig`); None when the bytes do not load as
    one (a miss)."""
    if not isinstance(blob, bytes):
        return None
    with collector.paused():
        try:
            got = _Unpickler(io.BytesIO(blob)).load()
        except Exception:  # a damaged or foreign value: a miss, never an error
            return None
    return got if isinstance(got, kind) else None


def owned_privately(path: Path) -> bool:
    """Whether the database at `path` is the current user's and no other user may change it:
    the file, its write-ahead log when there is one, and the folder holding them (where
    another user could otherwise put a log of their own for SQLite to apply)."""
    getuid = getattr(os, "getuid", None)
    for each, must in ((path, True), (Path(f"{path}-wal"), False), (path.parent, True)):
        try:
            st = os.stat(each)
        except FileNotFoundError:
            if must:
                return False
            continue
        except OSError:
            return False
        if (getuid is not None and st.st_uid != getuid()) or _writable_by_others(st):
            return False
    return True


def _writable_by_others(st: os.stat_result) -> bool:
    """Writable by other users: by everyone, or by a group that is not the user's own (a
    `umask 002` system gives each user a private primary group: writable by it is private)."""
    getgid = getattr(os, "getgid", None)
    group_ok = getgid is not None and st.st_gid == getgid()
    return bool(st.st_mode & 0o002) or (bool(st.st_mode & 0o020) and not group_ok)
