"""`govmem serve [--allow-writes]`: the MCP server (SPEC §8, §9), with `--root` as its `--cwd`.

The adapter lives in the optional `govmem_mcp` package (the `mcp` extra);
it is imported only when this command runs, so `import govmem` never loads
the MCP SDK.
"""

from __future__ import annotations

import argparse
import importlib

from .base import UsageError, command


def _serve_args(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--allow-writes",
        action="store_true",
        help="also serve `remember` and `propose_decision` (unverified, agent-sourced"
        " memories and claims; proposed decision records only)",
    )


@command("serve", "serve the corpus as MCP tools over stdio", _serve_args)
def _serve(args: argparse.Namespace) -> int:
    cli = importlib.import_module("govmem_mcp.cli")
    if not cli.extra_installed():
        msg = 'govmem serve needs the MCP extra: pip install "govmem[mcp]"'
        raise UsageError(msg)
    code: int = cli.run(args.root, args.dir, args.config, allow_writes=args.allow_writes)
    return code
