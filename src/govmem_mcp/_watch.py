"""Change detection: inotify on Linux, a stat scan elsewhere (SPEC §9 Freshness).

Both detectors answer one question at the start of every tool call, without
blocking: *what changed since the last reload?* — `None` for nothing, else a
set of dirty paths (`_scan`: root-relative files, `.git`, `RELOAD`,
`EVERYTHING`).

* `InotifyDetector` keeps one watch per folder of the targets. The kernel
  queues an event while the writing call runs, so a change completed before
  a tool call starts is in the queue when the call drains it (`read(timeout=0)`).
  Events name the folder and the entry; a folder that appears gets a watch at
  the next reload, before its files are read. On queue overflow it compares a
  fresh stat scan with the snapshot of the last reload.
* `StatDetector` compares a fresh stat scan with that snapshot on every call:
  used where inotify is missing (other systems, `inotify_simple` not
  installed, the watch limit reached) or where it would miss changes made by
  other machines (network and FUSE file systems, `mount_type`).
"""

from __future__ import annotations

import contextlib
import logging
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any, Final, Protocol

from govmem import Watched

from ._scan import EVERYTHING, GIT, RELOAD, Snapshot, diff, relative, scan

log = logging.getLogger("govmem_mcp")

LOCAL_FILE_SYSTEMS: Final = frozenset(
    {
        "ext2",
        "ext3",
        "ext4",
        "xfs",
        "btrfs",
        "tmpfs",
        "f2fs",
        "zfs",
        "jfs",
        "reiserfs",
        "overlay",
        "vfat",
        "exfat",
        "ntfs3",
        "hfsplus",
        "bcachefs",
        "nilfs2",
        "ramfs",
    }
)
"""File systems whose changes all pass through this kernel, so inotify sees them."""


class Detector(Protocol):
    """Tells what changed since the last `rebase`."""

    kind: str

    def rebase(self, t: Watched, snapshot: Snapshot) -> None:
        """Start from this snapshot (taken before the reload read any file)."""

    def poll(self, *, settled: bool = False) -> set[str] | None:
        """What changed since the last rebase, without blocking; None for nothing.

        `settled`: only changes seen to happen (after a reload, to tell whether
        files changed while it ran), not files too recent to be sure of.
        """

    def close(self) -> None:
        """Release what the detector holds."""


class StatDetector:
    """A stat scan of the targets at every poll, compared with the last snapshot."""

    kind = "stat"

    def __init__(self) -> None:
        self._targets: Watched | None = None
        self._snapshot = Snapshot()

    def rebase(self, t: Watched, snapshot: Snapshot) -> None:
        self._targets, self._snapshot = t, snapshot

    def poll(self, *, settled: bool = False) -> set[str] | None:
        if self._targets is None:
            return {EVERYTHING}
        changed = diff(self._targets.root, self._snapshot, scan(self._targets), racy=not settled)
        return changed or None

    def close(self) -> None:
        self._targets = None


class WatchUnavailable(Exception):
    """inotify cannot watch these targets (no module, limit reached, a remote file system)."""


def mounts() -> list[tuple[str, str]]:
    """(mount point, file-system type) of every mount (Linux /proc/self/mountinfo)."""
    try:
        lines = Path("/proc/self/mountinfo").read_text().splitlines()
    except OSError:
        return []
    out: list[tuple[str, str]] = []
    for line in lines:
        left, _, right = line.partition(" - ")
        fields = left.split()
        if len(fields) >= 5 and right:
            out.append((fields[4].replace("\\040", " "), right.split()[0]))
    return out


def mount_type(path: Path, table: list[tuple[str, str]] | None = None) -> str | None:
    """The file-system type of the mount holding `path` (None when unknown)."""
    best, kind = "", None
    target = str(path)
    for point, fs in mounts() if table is None else table:
        inside = target == point or target.startswith(point.rstrip("/") + "/")
        if inside and len(point) >= len(best):
            best, kind = point, fs
    return kind


class InotifyDetector:
    """One inotify watch per folder of the targets, drained at every poll."""

    kind = "inotify"

    def __init__(self) -> None:
        if not sys.platform.startswith("linux"):
            msg = "inotify exists only on Linux"
            raise WatchUnavailable(msg)
        try:
            import inotify_simple  # type: ignore[import-untyped,unused-ignore]  # noqa: PLC0415
        except ImportError as exc:
            msg = "inotify_simple is not installed"
            raise WatchUnavailable(msg) from exc
        self._lib: Any = inotify_simple
        f = inotify_simple.flags
        self._mask: int = (
            f.CREATE
            | f.DELETE
            | f.MODIFY
            | f.CLOSE_WRITE
            | f.MOVED_FROM
            | f.MOVED_TO
            | f.ATTRIB
            | f.DELETE_SELF
            | f.MOVE_SELF
            | f.ONLYDIR
        )
        self._overflow: int = f.Q_OVERFLOW
        self._ignored: int = f.IGNORED
        self._isdir: int = f.ISDIR
        self._gone: int = f.DELETE | f.MOVED_FROM
        self._ino: Any = inotify_simple.INotify(nonblocking=True)
        self._wd: dict[int, Path] = {}
        self._by_path: dict[Path, int] = {}
        self._targets: Watched | None = None
        self._snapshot = Snapshot()

    def rebase(self, t: Watched, snapshot: Snapshot) -> None:
        table = mounts()
        for folder in {t.root, *snapshot.dirs}:
            kind = mount_type(folder, table)
            if kind is not None and kind not in LOCAL_FILE_SYSTEMS:
                msg = f"{folder} is on a {kind} file system"
                raise WatchUnavailable(msg)
        wanted = set(snapshot.dirs)
        for folder in sorted(set(self._by_path) - wanted):
            wd = self._by_path.pop(folder)
            self._wd.pop(wd, None)
            with contextlib.suppress(OSError):  # already gone with its folder
                self._ino.rm_watch(wd)
        for folder in sorted(wanted - set(self._by_path)):
            self._add(folder)
        self._targets, self._snapshot = t, snapshot

    def _add(self, folder: Path) -> None:
        try:
            wd = self._ino.add_watch(folder, self._mask)
        except OSError as exc:
            if exc.errno == 28:  # ENOSPC: fs.inotify.max_user_watches reached
                msg = "the inotify watch limit is reached"
                raise WatchUnavailable(msg) from exc
            return  # the folder went away; the next reload sees it
        self._wd[wd] = folder
        self._by_path[folder] = wd

    def poll(self, *, settled: bool = False) -> set[str] | None:
        if self._targets is None:
            return {EVERYTHING}
        events = self._ino.read(timeout=0)
        if not events:
            return None
        return self._dirty(self._targets, events)

    def _dirty(self, t: Watched, events: Iterable[Any]) -> set[str]:
        """The paths the events name; `RELOAD` too when a folder itself changed.

        Without `RELOAD`, every entry is a root-relative path of a non-folder
        entry (or `.git`, or the config file's name): the reload may then
        re-read just those (`LiveCorpus`). A folder created, removed, renamed
        or changed itself, and a queue overflow, add `RELOAD`: re-plan and
        re-walk.
        """
        dirty: set[str] = set()
        for ev in events:
            if ev.mask & self._overflow or ev.wd == -1:
                log.info("inotify queue overflow; comparing a stat scan")
                return diff(t.root, self._snapshot, scan(t)) | {RELOAD}
            folder = self._wd.get(ev.wd)
            if ev.mask & self._ignored:
                self._wd.pop(ev.wd, None)
                if folder is not None:
                    self._by_path.pop(folder, None)
                dirty.add(RELOAD)
            if folder is None:
                continue
            where = relative(t.root, folder)
            if where == GIT:
                dirty.add(GIT)
                continue
            replans = folder == t.root and self._replans(t, ev.name, ev.mask)
            if not ev.name or ev.mask & self._isdir or replans:
                dirty.add(RELOAD)
            if not ev.name.startswith(".") or (folder == t.root and ev.name == GIT):
                # dot entries are editors' temporary files, which the loader skips
                dirty.add(relative(t.root, folder / ev.name) if ev.name else where)
        return dirty

    def _replans(self, t: Watched, name: str, mask: int) -> bool:
        """Whether an event on the root's entry `name` can change the folders read."""
        if t.root / name in t.files:  # `.adr-dir`, `.log4brains.yml`, a file discovery read
            return True
        if not name.lower().endswith(".md") or t.replan_on_root_md == "never":
            return False
        return t.replan_on_root_md == "any" or bool(mask & self._gone)

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self._ino.close()


def make_detector(mode: str = "auto") -> Detector:
    """`inotify` when it can work here (mode `auto` or `inotify`), else `stat`."""
    if mode == "stat":
        return StatDetector()
    try:
        return InotifyDetector()
    except (WatchUnavailable, OSError) as exc:
        if mode == "inotify":
            raise
        log.info("watching by stat scan: %s", exc)
        return StatDetector()
