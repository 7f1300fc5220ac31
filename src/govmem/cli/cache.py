"""`govmem cache info|clear`: the root's parse cache (SPEC §8, v5), outside the repository."""

from __future__ import annotations

import argparse
from pathlib import Path

from govmem.shell.cache import cache_info, clear_cache
from govmem.shell.load import Loader

from .base import command, emit, out


def _cache_args(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "action",
        choices=("info", "clear"),
        help="info: where the cache is, its size and entries; clear: remove it",
    )


@command("cache", "the parse cache of this root: info (path, size, entries) or clear", _cache_args)
def _cache(args: argparse.Namespace) -> int:
    real = Loader(args.root).check_root()
    info = cache_info(real) if args.action == "info" else clear_cache(real)
    if info is None:
        if args.json:
            emit({"enabled": False})
        else:
            out("The parse cache is off (GOVMEM_CACHE=off).")
        return 0
    if args.json:
        emit(
            {"enabled": True, "path": info.path, "bytes": info.bytes, "entries": info.entries}
            if args.action == "info"
            else {"enabled": True, "path": info.path, "removed_entries": info.entries}
        )
    elif args.action == "info":
        there = "" if Path(info.path).exists() else " (not made yet)"
        out(f"Parse cache: {info.path}{there}")
        out(f"{info.entries} entries, {info.bytes} bytes on disk.")
    else:
        out(f"Removed the parse cache {info.path} ({info.entries} entries).")
    return 0
