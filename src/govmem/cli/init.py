"""`govmem init`: write a commented `govmem.yaml` for the ADR folder found (never over one)."""

from __future__ import annotations

import argparse

from govmem.shell import init as _init_config

from .base import command, emit, out


@command("init", "write a commented govmem.yaml for the ADR folder found (never over one)")
def _init(args: argparse.Namespace) -> int:
    done = _init_config.init_config(args.root, dir=args.dir)
    if args.json:
        emit(done.to_dict())
    elif done.folders:
        s = "s" if len(done.folders) > 1 else ""
        out(f"Wrote {done.path} for the ADR folder{s} {', '.join(done.folders)}.")
        if done.offers_default_status:
            none, decisions = done.unstated
            out(
                f"{none} of {decisions} decision records write no status: it offers"
                " `default_status: accepted`, commented out, for you to decide."
            )
    else:
        out(f"Wrote {done.path}; no ADR folder was found: name yours under paths in it.")
    return 0
