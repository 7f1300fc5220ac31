"""A stat snapshot of what a corpus depends on, and what changed between two (SPEC §9 Freshness).

`govmem.Watched` (from `Reloader.plan()`) names every place whose change can
change an answer: the folders read (`deep`, walked as the loader walks
them), folders watched without recursion (`shallow`), single files, and git.

`scan(targets)` walks them and records, per path, the identity a change
would alter (`govmem.Stamp`): for a folder (mtime_ns, ctime_ns, inode,
device) — an entry added, removed or renamed changes its mtime, a `chmod`
its ctime — and for a file (size, mtime_ns, ctime_ns, inode, device),
following symlinks. `diff` compares two snapshots into the set of changed
root-relative paths: every path whose stat data does not *prove* it
unchanged (`govmem.proves_unchanged`, git's racy-clean rule). A rewrite that
restores size and mtime (`cp -p`, `tar x`, `rsync -t` putting back an older
copy) still moves the ctime; a file changed within `RACY_NS` of a snapshot
may change again within the same timestamp tick with no visible change, so
it is reported once more on the next comparison. Either way the file is
read again and its content hash decides whether anything is re-parsed.
"""

from __future__ import annotations

import os
import stat
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

from govmem import Stamp, Watched, proves_unchanged

CONFIG_NAME: Final = "govmem.yaml"
"""The dirty-path name of a change to a config file outside the root."""

RACY_NS: Final = 2_000_000_000
"""Two seconds: the coarsest timestamp granularity of a common file system (FAT)."""

Identity = Stamp
"""(size or -1 for a folder, mtime_ns, ctime_ns, inode, device)."""
UNSTATABLE: Final = Stamp(-2, 0, 0, 0, 0)
"""The identity of a file whose stat failed."""

GIT: Final = ".git"
"""The dirty-path marker of a change of git history."""
RELOAD: Final = ""
"""The dirty-path marker of a change that needs a re-plan and re-walk but no file re-read."""
EVERYTHING: Final = "."
"""The dirty-path marker that makes every file be read again."""


@dataclass
class Snapshot:
    """Identities of every folder and file of the targets, and when they were taken."""

    entries: dict[str, Identity] = field(default_factory=dict)
    dirs: list[Path] = field(default_factory=list)
    """Every folder seen (deep folders recursively, then the shallow ones)."""
    symlinks: set[str] = field(default_factory=set)
    """Root-relative paths of record files that are symlinks."""
    link_dirs: set[Path] = field(default_factory=set)
    """Folders that symlinked record files point into."""
    walked: set[str] = field(default_factory=set)
    """Root-relative POSIX paths of the folders walked (the deep ones), `.` for the root."""
    aliased: bool = False
    """Whether a walked folder is a symlink (its files have two names)."""
    taken_ns: int = 0


def identity(st: os.stat_result) -> Identity:
    """(size or -1 for a folder, mtime_ns, ctime_ns, inode, device) of a stat result."""
    return Stamp.of(st)


def scan(t: Watched, *, files: bool = True) -> Snapshot:
    """Walk the targets and record every identity; `files=False`: the folders' alone (with
    the symlinked files), which is all an inotify watch needs — its events name the files."""
    snap = Snapshot(taken_ns=time.time_ns())
    for base in t.deep:
        for path, st, is_link in t.walk(base, files=files):
            if st is not None and stat.S_ISDIR(st.st_mode):
                folder = Path(path)
                snap.dirs.append(folder)
                snap.entries[path] = identity(st)
                snap.walked.add(folder.relative_to(t.root).as_posix())
                snap.aliased = snap.aliased or is_link
                continue
            snap.entries[path] = identity(st) if st is not None else UNSTATABLE
            if is_link:
                snap.symlinks.add(Path(path).relative_to(t.root).as_posix())
                try:
                    target = Path(path).resolve(strict=True)
                except (OSError, RuntimeError):
                    continue
                if target.parent.is_dir():
                    snap.link_dirs.add(target.parent)
    for folder in (*t.shallow, *snap.link_dirs, *t.git):
        _stat_into(snap, folder, is_dir=True)
    for file in t.files:
        _stat_into(snap, file, is_dir=False)
    for name in ("HEAD", "packed-refs", "logs/HEAD") if t.git else ():
        _stat_into(snap, t.root / GIT / name, is_dir=False)
    return snap


def _stat_into(snap: Snapshot, path: Path, *, is_dir: bool) -> None:
    try:
        st = path.stat()
    except OSError:
        return
    snap.entries[str(path)] = identity(st)
    if is_dir and path not in snap.dirs:
        snap.dirs.append(path)


def relative(real: Path, path: str | Path) -> str:
    """The dirty-path name of `path`: root-relative POSIX, `.git` for git history."""
    p = Path(path)
    if not p.is_relative_to(real):
        return CONFIG_NAME
    rel = p.relative_to(real).as_posix()
    if rel == GIT or rel.startswith(GIT + "/"):
        return GIT
    return rel


def diff(real: Path, old: Snapshot, new: Snapshot, *, racy: bool = True) -> set[str]:
    """What changed between two snapshots: root-relative file paths, `.git`, or `RELOAD`.

    A changed folder gives `RELOAD` only (re-plan and re-walk; its files are
    compared one by one). With `racy`, every entry whose stat data does not
    prove it unchanged counts (`proves_unchanged`: racily clean entries too,
    module docstring); without, only a visible change counts.
    """
    changed: set[str] = set()
    for key in old.entries.keys() | new.entries.keys():
        before, after = old.entries.get(key), new.entries.get(key)
        if racy:
            if proves_unchanged(before, after, old.taken_ns, RACY_NS):
                continue
        elif before == after:
            continue
        is_dir = (before or after or UNSTATABLE)[0] == -1
        name = relative(real, key)
        changed.add(RELOAD if is_dir and name != GIT else name)
    return changed


def covered(path: str, dirty: Iterable[str]) -> bool:
    """Whether `path` is, or lies under, one of the dirty paths."""
    return any(d == EVERYTHING or path == d or (d and path.startswith(d + "/")) for d in dirty)
