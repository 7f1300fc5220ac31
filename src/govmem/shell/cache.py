"""The persistent parse cache: parsed files kept outside the repository (SPEC §8, v5).

Reading a file into its records is the cost of every start (a one-shot
`govmem query`, a new `govmem-mcp` session). `ParseCache` keeps each file's
`ParsedFile` (records, sources, relations, findings) and its date-order
votes in one SQLite database per corpus root, in the user's cache folder
(`platformdirs.user_cache_dir("govmem")`; `GOVMEM_CACHE_DIR` moves it,
`GOVMEM_CACHE=off` turns it off). The database's name is a hash of the
resolved root path; the repository is never written.

* **Key.** An entry's key (`through.entry_key`) hashes the code that reads (`snapshot.code_key`:
  govmem's modules' bytes and the parsing libraries' versions), the codec's
  `SCHEMA`, the configuration that reads the file (the parsed `Config`, by
  its repr), the date order, the file's git date, its path and the SHA-256
  of its bytes (`FileText.digest`, computed on every read). Changed bytes, a
  changed `govmem.yaml` or other code give another key: a stale entry can
  never be served.
* **Snapshots.** Beside the database, one whole built corpus per root, a
  file of its own (`read_kept`, mapped read-only; `write_kept`, written
  whole then renamed into place), restored when stat data proves every
  file unchanged — trusted only as git's racily-clean rule allows
  (`shell.stamp`); then no record file is read at all.
* **Git dates.** The first-add date of every file (`git log --diff-filter=A`,
  a walk of the whole history: seconds in a repository of many commits),
  kept under the history it was read at (`histories`: the commit, the
  shallow boundary, grafts and replace refs), read back by a start at the
  same history.
* **Value.** Data, never code (SPEC §8, v6): an entry is the `ParsedFile` as
  JSON read back by its declared type (`snapshot.encode_entry`; its long
  strings that the file's text holds, a body above all, kept as slices of
  that text, which the reading load has in hand). A row that does not read
  is a miss.
* **Trust.** Used only when its folder and every file of it are this user's
  own and private, no symlink among them, and the folder lies outside the
  repository and the logs' (`open_cache`, `untrusted`); otherwise bypassed,
  and `Refused` says why (`lint`: `cache-untrusted`).
* **Failure.** A missing, locked, corrupt, truncated or newer-schema
  database is never an error: `open_cache` returns None (the load parses
  everything) or rebuilds the file; a failed write is dropped.
* **Concurrency.** WAL journal and a busy timeout: several processes (two
  MCP servers, a CLI in a pre-commit hook) read and write one database at
  once; every write is one transaction of `INSERT OR REPLACE` rows whose
  value is a function of their key, so any interleaving is correct; a
  snapshot file is replaced by rename. Writes may be held until an answer
  is out (`write_behind`).
"""

from __future__ import annotations

import contextlib
import glob
import hashlib
import mmap
import os
import sqlite3
import stat
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Final, Literal, TypeAlias

from attrs import frozen

from govmem.model.time import When

from . import collector

SCHEMA: Final = 5
"""The codec's version: a database written with another is rebuilt (older) or bypassed (newer)."""
BUSY_MS: Final = 2000
"""How long a write waits for another process's write to finish before it is dropped."""
_APP: Final = "govmem"
OFF: Final = frozenset({"off", "0", "no", "false", "disabled", "disable", "none"})
"""The spellings of `GOVMEM_CACHE` that turn the cache off."""
_NOFOLLOW: Final = getattr(os, "O_NOFOLLOW", 0)
_ACLS: Final = ("system.posix_acl_access", "system.posix_acl_default", "system.nfs4_acl")
"""Extended attributes that hold an access control list: a file with one may be writable by
users its mode does not show."""


def cache_dir(env: Mapping[str, str] | None = None) -> Path | None:
    """The folder holding the cache databases; None when `GOVMEM_CACHE=off`."""
    e = os.environ if env is None else env
    if e.get("GOVMEM_CACHE", "").strip().lower() in OFF:
        return None
    moved = e.get("GOVMEM_CACHE_DIR", "").strip()
    if moved:
        return Path(moved)
    import platformdirs  # noqa: PLC0415 - only when the cache is used

    return Path(platformdirs.user_cache_dir(_APP))


def db_path(real: Path, folder: Path) -> Path:
    """The database of the corpus at the resolved root `real`."""
    name = hashlib.sha256(os.fsencode(real)).hexdigest()[:24]
    return folder / f"parse-{name}.sqlite3"


def dates_text(dates: Iterable[tuple[str, When]]) -> str:
    """(path, date) pairs as text, exact to the microsecond: `path \\1 ISO instant \\1 0|1`
    rows (date-only or not); the snapshot key spells the git dates so too."""
    return "\0".join(f"{p}\1{w.at.isoformat()}\1{w.date_only:d}" for p, w in dates)


def encode_dates(dates: Mapping[str, When]) -> bytes:
    """First-add dates as kept in `histories` (`dates_text`)."""
    return dates_text(dates.items()).encode("utf-8", "surrogatepass")


def decode_dates(blob: bytes | None) -> dict[str, When] | None:
    """`encode_dates`'s value back; None when there is none or it does not read as one."""
    if blob is None:
        return None
    try:
        text = blob.decode("utf-8", "surrogatepass")
        out: dict[str, When] = {}
        for row in text.split("\0") if text else ():
            path, at, date_only = row.split("\1")
            when = datetime.fromisoformat(at)
            if when.tzinfo is None or date_only not in ("0", "1"):
                return None
            out[path] = When(when.astimezone(UTC), date_only == "1")
    except ValueError:
        return None
    return out


Kept: TypeAlias = Literal["configs", "histories"]
"""The tables of whole values (`get_snapshot`): parsed configurations and git dates (a
corpus snapshot is a file beside the database: `read_kept`)."""


@frozen
class CacheInfo:
    """What `govmem cache info` shows of one root's database."""

    path: str
    bytes: int
    entries: int


_TABLES: Final = {
    "meta": "k TEXT PRIMARY KEY, v TEXT NOT NULL",
    "entries": "key TEXT PRIMARY KEY, value BLOB NOT NULL",
    "configs": "slot TEXT PRIMARY KEY, key TEXT, value BLOB",
    "histories": "slot TEXT PRIMARY KEY, key TEXT, value BLOB",
}
"""Every table of the database and its columns."""


class ParseCache:
    """One corpus root's cache database (open with `open_cache`), and its snapshot files."""

    def __init__(
        self, conn: sqlite3.Connection, path: Path, root: Path, inside: Sequence[Path] = ()
    ) -> None:
        self._conn = conn
        self.path = path
        self.root = root
        """The resolved corpus root it belongs to."""
        self.inside = tuple(inside)
        """The log roots it may not lie in (`open_cache`), to open it again so (`Behind`)."""
        self.refused: str | None = None
        """Why it stopped being used (`refuse`); then it reads and writes nothing."""

    def refuse(self, reason: str) -> None:
        """Stop using the cache, for `reason` (a folder of a log it reads holds it)."""
        self.refused = reason
        self.close()

    def get_many(self, keys: Sequence[str]) -> dict[str, bytes]:
        """The stored values of those of `keys` that have one (none when the read fails)."""
        found: dict[str, bytes] = {}
        if not keys or self.refused:
            return found
        try:
            for i in range(0, len(keys), 500):
                part = keys[i : i + 500]
                marks = ",".join("?" * len(part))
                rows = self._conn.execute(
                    f"SELECT key, value FROM entries WHERE key IN ({marks})",
                    part,
                )
                found.update((k, v) for k, v in rows if isinstance(v, bytes))
        except sqlite3.Error:
            return {}
        return found

    def put_many(self, items: Iterable[tuple[str, bytes]]) -> bool:
        """Store the values in one transaction; False (nothing written) when that fails."""
        rows = list(items)
        if not rows or self.refused:
            return not rows
        try:
            with self._conn:
                self._conn.executemany(
                    "INSERT OR REPLACE INTO entries (key, value) VALUES (?, ?)", rows
                )
        except sqlite3.Error:
            return False
        return True

    def get_snapshot(self, slot: str, key: str, table: Kept) -> bytes | None:
        """The value kept in `slot` of `table` when its key is `key` (a parsed `govmem.yaml`
        in `configs`, git dates in `histories`); else None. (A corpus snapshot is a file
        beside the database: `read_kept`.)"""
        if self.refused:
            return None
        try:
            row = self._conn.execute(
                f"SELECT value FROM {table} WHERE slot = ? AND key = ?",
                (slot, key),
            ).fetchone()
        except sqlite3.Error:
            return None
        return row[0] if row is not None and isinstance(row[0], bytes) else None

    def put_snapshot(self, slot: str, key: str, value: bytes, table: Kept) -> bool:
        """Keep `value` as the one value of `slot` in `table` (the last one written wins)."""
        if self.refused:
            return False
        try:
            with self._conn:
                self._conn.execute(
                    f"INSERT OR REPLACE INTO {table} (slot, key, value) VALUES (?, ?, ?)",
                    (slot, key, value),
                )
        except sqlite3.Error:
            return False
        return True

    def kept_path(self, slot: str, key: str, part: str = "") -> Path:
        """The file of the value kept in `slot` under `key` (`part`: a value derived from it)."""
        name = hashlib.sha256(f"{slot}\0{key}".encode()).hexdigest()[:32]
        tail = f".{part}" if part else ""
        return self.path.with_name(f"{self.path.stem}.{_short(slot)}.{name}{tail}.kept")

    def read_kept(self, slot: str, key: str, part: str = "") -> bytes | memoryview | None:
        """The bytes of a kept file (`write_kept`), when it exists and is the user's alone:
        mapped into memory read-only (`MAP_PRIVATE`), so that a restored corpus pages in
        the records it decodes and no more; read whole where mapping a file keeps others
        from replacing it (Windows). govmem never changes a kept file in place: a new value
        is a new file renamed over it, and the mapping keeps the old one."""
        if self.refused:
            return None
        try:
            fd = os.open(self.kept_path(slot, key, part), os.O_RDONLY | _NOFOLLOW)
        except OSError:
            return None
        try:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode) or _open_to_others(st) or _has_acl(fd):
                return None
            if os.name != "nt" and st.st_size:
                return memoryview(mmap.mmap(fd, 0, flags=mmap.MAP_PRIVATE, prot=mmap.PROT_READ))
            with os.fdopen(os.dup(fd), "rb") as f:
                return f.read()
        except (OSError, ValueError):
            return None
        finally:
            os.close(fd)

    def write_kept(self, slot: str, key: str, value: bytes, part: str = "") -> bool:
        """Keep `value` in its own file, written whole then renamed into place (a reader sees
        the old file or the new one), private from its first byte; a new value of a slot (`part`
        empty) removes the slot's other files."""
        if self.refused:
            return False
        final = self.kept_path(slot, key, part)
        tmp = final.with_name(f"{final.name}.{os.getpid()}.{os.urandom(4).hex()}.tmp")
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW, 0o600)
            with os.fdopen(fd, "wb") as f:
                f.write(value)
            os.replace(tmp, final)
        except OSError:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            return False
        if not part:  # the slot's other snapshots, and what was kept beside them, go
            prefix = f"{self.path.stem}.{_short(slot)}."
            mine = final.name.removesuffix(".kept")
            for other in self.path.parent.glob(f"{glob.escape(prefix)}*.kept"):
                if not other.name.startswith(mine):
                    with contextlib.suppress(OSError):
                        other.unlink()
        _sweep(self.path)
        return True

    def close(self) -> None:
        """Close the connection."""
        with contextlib.suppress(sqlite3.Error):
            self._conn.close()


def _connect(path: Path) -> tuple[sqlite3.Connection, str | None]:
    """A connection to the database at `path` (made when missing) and its schema version.

    Raises:
        sqlite3.OperationalError: locked, or cannot be opened (bypass it).
        sqlite3.DatabaseError: not a database, or a damaged one (make it again).
    """
    conn = sqlite3.connect(
        path, timeout=BUSY_MS / 1000, isolation_level=None, check_same_thread=False
    )
    try:
        conn.execute(f"PRAGMA busy_timeout = {BUSY_MS}")
        names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if not names >= _TABLES.keys():  # new, or made by a govmem that had fewer tables
            conn.execute("PRAGMA journal_mode = WAL")
            with conn:
                conn.execute("BEGIN IMMEDIATE")
                for name, columns in _TABLES.items():
                    conn.execute(f"CREATE TABLE IF NOT EXISTS {name} ({columns})")
                conn.execute(
                    "INSERT OR IGNORE INTO meta (k, v) VALUES ('schema', ?)", (str(SCHEMA),)
                )
        conn.execute("PRAGMA synchronous = NORMAL")
        row = conn.execute("SELECT v FROM meta WHERE k = 'schema'").fetchone()
    except BaseException:
        conn.close()
        raise
    conn.isolation_level = "DEFERRED"  # `with conn:` transactions from here on
    return conn, (str(row[0]) if row else None)


def _files(path: Path) -> list[Path]:
    """The database at `path`, its `-wal` and `-shm` files, its kept files and any kept file
    being written (`.tmp`), as there are."""
    kept = path.parent.glob(f"{glob.escape(path.stem)}.*.kept")
    writing = path.parent.glob(f"{glob.escape(path.stem)}.*.tmp")
    wanted = [Path(f"{path}{s}") for s in ("", "-wal", "-shm")]
    return [p for p in wanted if os.path.lexists(p)] + sorted(kept) + sorted(writing)


def _sweep(path: Path) -> None:
    """Remove the kept files of `path`'s database that a process stopped writing: a `.tmp`
    whose writer (the process id in its name) no longer runs — a server killed mid-write
    (an MCP client kills it two seconds after it closes its stdin)."""
    for tmp in path.parent.glob(f"{glob.escape(path.stem)}.*.tmp"):
        pid = tmp.name.split(".")[-3]
        if not pid.isdigit() or int(pid) == os.getpid():
            continue
        try:
            os.kill(int(pid), 0)
        except ProcessLookupError:
            with contextlib.suppress(OSError):
                tmp.unlink()
        except OSError:
            continue  # it runs (as another user, which would not own this folder)


def _remove(path: Path) -> None:
    for each in _files(path):
        with contextlib.suppress(OSError):
            os.unlink(each)


@frozen
class Refused:
    """Why a root's cache is not used: its folder or a file of it is not the user's alone, or
    it lies inside a repository govmem reads (`lint` shows it as `cache-untrusted`)."""

    reason: str


def open_cache(
    real: Path, env: Mapping[str, str] | None = None, *, inside: Sequence[Path] = ()
) -> ParseCache | Refused | None:
    """The cache of the corpus at the resolved root `real`; None when off or unusable,
    `Refused` when it may not be trusted (SPEC §8, v6).

    The cache is used only when its folder and its database files are the
    current user's own and private (`untrusted`), and the folder lies
    outside `real`, its work tree and `inside` (the roots of the logs it
    reads): else it is neither read nor written. A database that is not
    SQLite, truncated, corrupt or of an older schema is removed and made
    again; one of a newer schema (a newer govmem) is left alone and
    bypassed; a folder that cannot be made or written, or a lock that
    outlasts the busy timeout, bypasses the cache.
    """
    folder = cache_dir(env)
    if folder is None:
        return None
    where = absolute(folder)
    for root in (real, *_work_tree(real), *inside):
        if where == root or where.is_relative_to(absolute(root)):
            return Refused(f"the cache folder {folder} is inside {root}, which govmem never writes")
    try:
        where.mkdir(parents=True, exist_ok=True, mode=0o700)
    except OSError:
        return None
    path = db_path(real, where)
    for attempt in (1, 2):
        if (why := untrusted(where, path)) is not None:
            return Refused(why)
        try:
            _create(path)
            conn, schema = _connect(path)
        except sqlite3.OperationalError:
            return None  # locked past the busy timeout, or not openable: bypass
        except sqlite3.DatabaseError:
            if attempt == 2:
                return None
            _remove(path)  # not a database, or a damaged one: make it again
            continue
        except (sqlite3.Error, OSError):
            return None
        if schema == str(SCHEMA):
            return ParseCache(conn, path, real, inside)
        conn.close()
        if not (schema or "").isdigit() or int(schema or 0) > SCHEMA or attempt == 2:
            return None  # written by a newer govmem (or unreadable): leave it alone
        _remove(path)
    return None


class Behind:
    """Cache writes held until the caller's answer is out (`write_behind`), then made."""

    def __init__(self) -> None:
        self._writes: list[tuple[tuple[Path, tuple[Path, ...]], Write]] = []

    def add(self, store: ParseCache, write: Write) -> None:
        """Hold `write(store)` until `flush`."""
        self._writes.append(((store.root, store.inside), write))

    @property
    def pending(self) -> bool:
        """Whether any write is held."""
        return bool(self._writes)

    def flush(self) -> None:
        """Make every held write, each root's cache opened again once (and checked again: a
        cache no longer to be trusted gets nothing); the cyclic collector paused, as in a
        load (the encoding makes many objects that live until the snapshot is written)."""
        writes, self._writes = self._writes, []
        opened: dict[tuple[Path, tuple[Path, ...]], ParseCache | None] = {}
        with collector.paused():
            try:
                for where, write in writes:
                    if where not in opened:
                        got = open_cache(where[0], inside=where[1])
                        opened[where] = got if isinstance(got, ParseCache) else None
                    if (store := opened[where]) is not None:
                        write(store)
            finally:
                for store in opened.values():
                    if store is not None:
                        store.close()


Write: TypeAlias = Callable[[ParseCache], object]
"""A write into a root's cache (and the encoding before it)."""
_behind = threading.local()


@contextlib.contextmanager
def write_behind() -> Iterator[Behind]:
    """Within this block, this thread's cache writes (and their encoding) are held: the
    one-shot CLI prints its answer first, then makes them (`Behind.flush`)."""
    held, before = Behind(), getattr(_behind, "now", None)
    _behind.now = held
    try:
        yield held
    finally:
        _behind.now = before


def later(store: ParseCache, write: Write) -> None:
    """`write(store)` now, or when the thread's held writes are flushed (`write_behind`)."""
    held: Behind | None = getattr(_behind, "now", None)
    if held is None:
        write(store)
    else:
        held.add(store, write)


def untrusted(folder: Path, path: Path) -> str | None:
    """Why the database at `path` in `folder` may not be trusted, or None: every one of them
    that exists — the folder, the database, its `-wal` and `-shm` files — must be no symlink,
    the user's own, writable by nobody else (files: private, mode 0600 or narrower) and
    without an access control list. Checked with `lstat`, before SQLite opens anything."""
    checks = [(folder, True, 0o022)]
    checks += [(Path(f"{path}{s}"), False, 0o077) for s in ("", "-wal", "-shm")]
    for each, is_folder, closed in checks:
        try:
            st = os.lstat(each)
        except FileNotFoundError:
            continue
        except OSError as exc:
            return f"{each} cannot be checked ({exc.strerror})"
        if stat.S_ISLNK(st.st_mode):
            return f"{each} is a symbolic link"
        if not (stat.S_ISDIR(st.st_mode) if is_folder else stat.S_ISREG(st.st_mode)):
            return f"{each} is not a {'folder' if is_folder else 'regular file'}"
        getuid = getattr(os, "getuid", None)
        if getuid is not None and st.st_uid != getuid():
            return f"{each} belongs to another user (uid {st.st_uid})"
        if getuid is not None and st.st_mode & closed:
            return f"{each} is open to other users (mode {stat.S_IMODE(st.st_mode):04o})"
        if _has_acl(each):
            return f"{each} has an access control list"
    return None


def _short(slot: str) -> str:
    return hashlib.sha256(slot.encode()).hexdigest()[:16]


def _open_to_others(st: os.stat_result) -> bool:
    """Not the user's own, or readable or writable by other users."""
    getuid = getattr(os, "getuid", None)
    return getuid is not None and (st.st_uid != getuid() or bool(st.st_mode & 0o077))


def _has_acl(path: Path | int) -> bool:
    listxattr = getattr(os, "listxattr", None)
    if listxattr is None:
        return False
    try:
        names = listxattr(path) if isinstance(path, int) else listxattr(path, follow_symlinks=False)
    except OSError:
        return False  # a file system without extended attributes has no ACL either
    return any(n in _ACLS for n in names)


def _create(path: Path) -> None:
    """Make the database file when it is missing: private from its first byte, and never
    through a symlink planted at its name (`O_EXCL | O_NOFOLLOW`)."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW
    with contextlib.suppress(FileExistsError):
        os.close(os.open(path, flags, 0o600))


def absolute(path: Path) -> Path:
    """`path` made absolute with its symlinks resolved (as far as it exists)."""
    try:
        return path.resolve()
    except (OSError, RuntimeError):
        return path.absolute()


def _work_tree(real: Path) -> tuple[Path, ...]:
    """The top of the git work tree holding `real` (the nearest ancestor with `.git`), if any."""
    for folder in (real, *real.parents):
        if os.path.lexists(folder / ".git"):
            return (folder,)
    return ()


def cache_info(real: Path, env: Mapping[str, str] | None = None) -> CacheInfo | None:
    """Where the root's database is, its size on disk and how many entries it holds."""
    folder = cache_dir(env)
    if folder is None:
        return None
    path = db_path(real, folder)
    size = 0
    for each in _files(path):
        with contextlib.suppress(OSError):
            size += os.lstat(each).st_size
    entries = 0
    if path.exists() and untrusted(folder, path) is None:
        try:
            conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=BUSY_MS / 1000)
            try:
                entries = int(conn.execute("SELECT count(*) FROM entries").fetchone()[0])
            finally:
                conn.close()
        except sqlite3.Error:
            entries = 0
    return CacheInfo(str(path), size, entries)


def clear_cache(real: Path, env: Mapping[str, str] | None = None) -> CacheInfo | None:
    """Remove the root's database; what it held (None when the cache is off)."""
    info = cache_info(real, env)
    if info is not None:
        _remove(Path(info.path))
    return info
