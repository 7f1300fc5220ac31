"""When stat data proves a file unchanged: git's "racy clean" rule, in one small function.

A file's `Stamp` is what a stat call says of it: (size, mtime_ns, ctime_ns,
inode, device). Equal stamps prove nothing on their own:

* a rewrite that restores the size and the mtime (`cp -p`, `tar x`,
  `rsync -t` putting back an older copy, `os.utime`) leaves size, mtime and
  inode as they were — only the ctime, which no program can set, moves;
* a file written again within the same timestamp tick as the moment its
  stamp was taken ("racily clean") may change with no visible stamp change
  at all, on any file system.

`proves_unchanged(before, after, since_ns)` is True only when the stamps are
equal, ctime included, *and* neither the mtime nor the ctime falls within
`GRANULARITY_NS` of `since_ns` (when `before` was taken). Anything else must
be settled by reading the file and comparing its content (a hash): the MCP
server's stat scan does (`govmem_mcp._scan`), and so does the parse cache
before it restores a whole-corpus snapshot (`govmem.shell.snapshot`). Pure:
no clock, no file system.
"""

from __future__ import annotations

import os
import stat
from typing import Final, NamedTuple

GRANULARITY_NS: Final = 2_000_000_000
"""Two seconds: the coarsest timestamp granularity of a common file system (FAT)."""


class Stamp(NamedTuple):
    """What stat says of a path: size (-1 for a folder), mtime_ns, ctime_ns, inode, device."""

    size: int
    mtime_ns: int
    ctime_ns: int
    ino: int
    dev: int

    @classmethod
    def of(cls, st: os.stat_result) -> Stamp:
        """The stamp of a stat result (a folder's size is -1: it changes with its entries)."""
        size = -1 if stat.S_ISDIR(st.st_mode) else st.st_size
        return cls(size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino, st.st_dev)


def proves_unchanged(
    before: Stamp | None,
    after: Stamp | None,
    since_ns: int,
    granularity_ns: int = GRANULARITY_NS,
) -> bool:
    """Whether stat data alone proves a path unchanged since `before` was taken at `since_ns`.

    False when either stamp is missing, they differ in any field (the ctime
    included), or the path was modified or changed within `granularity_ns`
    of `since_ns` (racily clean): then compare the content.
    """
    if before is None or after is None or before != after:
        return False
    return settled(max(after.mtime_ns, after.ctime_ns), since_ns, granularity_ns)


def settled(changed_ns: int, since_ns: int, granularity_ns: int = GRANULARITY_NS) -> bool:
    """Whether a path last modified or changed at `changed_ns` (its newest of mtime and ctime)
    is outside the racily-clean window of `since_ns`: its stamp can prove it unchanged."""
    return since_ns - changed_ns >= granularity_ns
