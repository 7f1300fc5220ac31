"""The persistent parse cache: parsed files kept outside the repository (SPEC §8, v5).

Reading a file into its records is the cost of every start (a one-shot
`govmem query`, a new `govmem-mcp` session). `ParseCache` keeps each file's
`ParsedFile` (records, sources, relations, findings) and its date-order
votes in one SQLite database per corpus root, in the user's cache folder
(`platformdirs.user_cache_dir("govmem")`; `GOVMEM_CACHE_DIR` moves it,
`GOVMEM_CACHE=off` turns it off). The database's name is a hash of the
resolved root path; the repository is never written.

* **Key.** An entry's key hashes govmem's code (`snapshot.code_key`: a
  hash of its modules' bytes), the codec's
  `SCHEMA`, the configuration that reads the file (the parsed `Config`,
  by its repr), the date order, the file's git date, its path and
  the SHA-256 of its bytes (`FileText.digest`, computed on every read).
  Changed bytes, a changed `govmem.yaml` or other code give another key: a
  stale entry can never be served.
* **Snapshots.** Beside the entries, one whole built corpus per root
  (`shell.snapshot`), restored when stat data proves every file unchanged —
  trusted only as git's racily-clean rule allows (`shell.stamp`); then no
  record file is read at all.
* **Git dates.** The first-add date of every file (`git log --diff-filter=A`,
  a walk of the whole history: seconds in a repository of many commits),
  kept under the commit it was read at (`histories`): a commit's history
  never changes, so a start at the same HEAD reads them back, and a new
  commit is another key.
* **Value.** An entry is the `ParsedFile` pickled by `snapshot.encode_entry`
  (the snapshot's restricted pickler; its long strings that the file's text
  holds, a body above all, are kept as slices of that text, which the
  reading load has in hand), read only from a database that is the current
  user's alone (`owned_privately`), as snapshots are. A row that fails to
  decode is a miss.
* **Failure.** A missing, locked, corrupt, truncated or newer-schema
  database is never an error: `open_cache` returns None (the load parses
  everything) or rebuilds the file; a failed write is dropped.
* **Concurrency.** WAL journal and a busy timeout: several processes (two
  MCP servers, a CLI in a pre-commit hook) read and write one database at
  once; every write is one transaction of `INSERT OR REPLACE` rows whose
  value is a function of their key, so any interleaving is correct.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import sqlite3
from collections.abc import Iterable, Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Final, Literal, TypeAlias

from attrs import frozen

from govmem.model.records import Config
from govmem.model.time import When

from .snapshot import code_key, owned_privately

SCHEMA: Final = 4
"""The codec's version: a database written with another is rebuilt (older) or bypassed (newer)."""
BUSY_MS: Final = 2000
"""How long a write waits for another process's write to finish before it is dropped."""
_APP: Final = "govmem"


def cache_dir(env: Mapping[str, str] | None = None) -> Path | None:
    """The folder holding the cache databases; None when `GOVMEM_CACHE=off`."""
    e = os.environ if env is None else env
    if e.get("GOVMEM_CACHE", "").strip().lower() in ("off", "0", "no", "false"):
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


def config_key(config: Config, date_order: str) -> str:
    """A hash of what reads every file: govmem's version, the codec, the config, the date order.

    The config is spelled by its `repr`: a frozen value of tuples, strings and
    numbers only (no set, no mapping), so the same config has the same text in
    every process, without importing cattrs on a warm start. Its source text
    (`Config.text`, outside the repr) reads no file; a snapshot's key has it.
    """
    raw = f"{code_key()}\0{SCHEMA}\0{date_order}\0{config!r}"
    return hashlib.sha256(raw.encode("utf-8", "surrogatepass")).hexdigest()


def entry_key(ckey: str, path: str, digest: str, git_date: When | None) -> str:
    """The key of one file's entry (see the module docstring)."""
    raw = f"{ckey}\0{path}\0{digest}\0{git_date or ''}"
    return hashlib.sha256(raw.encode("utf-8", "surrogatepass")).hexdigest()


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


def votes_key(digest: str) -> str:
    """The key of one content's date-order votes."""
    return hashlib.sha256(f"votes\0{code_key()}\0{SCHEMA}\0{digest}".encode()).hexdigest()


Kept: TypeAlias = Literal["snapshots", "configs", "histories"]
"""The tables of whole values (`get_snapshot`): corpora, parsed configurations, git dates."""


@frozen
class CacheInfo:
    """What `govmem cache info` shows of one root's database."""

    path: str
    bytes: int
    entries: int


_TABLES: Final = {
    "meta": "k TEXT PRIMARY KEY, v TEXT NOT NULL",
    "entries": "key TEXT PRIMARY KEY, value BLOB NOT NULL",
    "snapshots": "slot TEXT PRIMARY KEY, key TEXT, value BLOB",
    "configs": "slot TEXT PRIMARY KEY, key TEXT, value BLOB",
    "histories": "slot TEXT PRIMARY KEY, key TEXT, value BLOB",
}
"""Every table of the database and its columns."""


class ParseCache:
    """One corpus root's cache database (open with `open_cache`)."""

    def __init__(self, conn: sqlite3.Connection, path: Path, root: Path) -> None:
        self._conn = conn
        self.path = path
        self.root = root
        """The resolved corpus root it belongs to."""

    def get_many(self, keys: Sequence[str]) -> dict[str, bytes]:
        """The stored values of those of `keys` that have one (none when the read fails, or
        when the database is not the current user's alone: entries are pickles, as snapshots)."""
        found: dict[str, bytes] = {}
        if not keys or not owned_privately(self.path):
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
        if not rows:
            return True
        try:
            with self._conn:
                self._conn.executemany(
                    "INSERT OR REPLACE INTO entries (key, value) VALUES (?, ?)", rows
                )
        except sqlite3.Error:
            return False
        return True

    def get_snapshot(self, slot: str, key: str, table: Kept = "snapshots") -> bytes | None:
        """The value kept in `slot` of `table` when its key is `key` (`shell.snapshot`: a
        corpus, or in `configs` a parsed `govmem.yaml`); else None.

        None too when the database file is not the current user's alone: the
        value is a pickle, read only from a file nobody else can write.
        """
        if not owned_privately(self.path):
            return None
        try:
            row = self._conn.execute(
                f"SELECT value FROM {table} WHERE slot = ? AND key = ?",
                (slot, key),
            ).fetchone()
        except sqlite3.Error:
            return None
        return row[0] if row is not None and isinstance(row[0], bytes) else None

    def put_snapshot(self, slot: str, key: str, value: bytes, table: Kept = "snapshots") -> bool:
        """Keep `value` as the one value of `slot` in `table` (the last one written wins)."""
        try:
            with self._conn:
                self._conn.execute(
                    f"INSERT OR REPLACE INTO {table} (slot, key, value) VALUES (?, ?, ?)",
                    (slot, key, value),
                )
        except sqlite3.Error:
            return False
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
    new = not os.path.exists(path)
    conn = sqlite3.connect(
        path, timeout=BUSY_MS / 1000, isolation_level=None, check_same_thread=False
    )
    if new:  # a new database is private; SQLite gives its write-ahead log the same mode
        with contextlib.suppress(OSError):
            os.chmod(path, 0o600)
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


def _remove(path: Path) -> None:
    for suffix in ("", "-wal", "-shm"):
        with contextlib.suppress(OSError):
            os.unlink(f"{path}{suffix}")


def open_cache(real: Path, env: Mapping[str, str] | None = None) -> ParseCache | None:
    """The cache of the corpus at the resolved root `real`; None when off or unusable.

    A database that is not SQLite, truncated, corrupt or of an older schema
    is removed and made again; one of a newer schema (a newer govmem) is
    left alone and bypassed; a folder that cannot be made or written, or a
    lock that outlasts the busy timeout, bypasses the cache.
    """
    folder = cache_dir(env)
    if folder is None:
        return None
    try:
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    except OSError:
        return None
    path = db_path(real, folder)
    for attempt in (1, 2):
        try:
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
            return ParseCache(conn, path, real)
        conn.close()
        if not (schema or "").isdigit() or int(schema or 0) > SCHEMA or attempt == 2:
            return None  # written by a newer govmem (or unreadable): leave it alone
        _remove(path)
    return None


def cache_info(real: Path, env: Mapping[str, str] | None = None) -> CacheInfo | None:
    """Where the root's database is, its size on disk and how many entries it holds."""
    folder = cache_dir(env)
    if folder is None:
        return None
    path = db_path(real, folder)
    size = sum(
        os.stat(f"{path}{s}").st_size for s in ("", "-wal", "-shm") if os.path.exists(f"{path}{s}")
    )
    entries = 0
    if path.exists():
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
