"""`govmem-mcp --cwd REPO [--dir DIR] [--config PATH] [--allow-writes]` (SPEC §9).

Options come from the flags, then the environment (`GOVMEM_MCP_CWD`,
`GOVMEM_MCP_DIR`, `GOVMEM_MCP_CONFIG`), then the defaults (the nearest
folder up from the current one holding `govmem.yaml`, else the repository's
top, else the current directory; the auto-detected ADR folder; the root's
own `govmem.yaml`). A root given is used as given.

Exit codes, each failure with one line on stderr and nothing on stdout:
2 a bad flag, or the `mcp` extra not installed; 1 a bad root, folder or config file (checked before any
transport starts; the root and folder sentences are adrkit's) or a
transport failure; 0 when stdin closes or SIGTERM arrives.
"""

from __future__ import annotations

import argparse
import gc
import importlib.util
import logging
import os
import sys
from collections.abc import Mapping, Sequence
from importlib import metadata
from pathlib import Path
from typing import NoReturn

from govmem import find_root

ENV_CWD = "GOVMEM_MCP_CWD"
ENV_DIR = "GOVMEM_MCP_DIR"
ENV_CONFIG = "GOVMEM_MCP_CONFIG"
MISSING_EXTRA = 'govmem-mcp needs the MCP extra: pip install "govmem[mcp]"'
"""What `govmem-mcp` prints (exit 2) when the `mcp` extra is not installed."""


class _UsageError(Exception):
    """A bad command line (exit 2)."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        msg = f"{self.prog}: {message}"
        raise _UsageError(msg)

    def exit(self, status: int = 0, message: str | None = None) -> NoReturn:
        if status:
            raise _UsageError((message or "").strip() or f"{self.prog}: bad arguments")
        raise SystemExit(status)


def _path(text: str) -> str:
    """A path flag's value: never empty (an empty path would mean the current folder)."""
    if not text:
        msg = "an empty path is not allowed (it would mean the current folder); give a path"
        raise argparse.ArgumentTypeError(msg)
    return text


def parser() -> argparse.ArgumentParser:
    """The argument parser."""
    p = _Parser(
        prog="govmem-mcp",
        description="Serve a govmem corpus (decisions, claims, memories) as MCP tools over stdio.",
    )
    p.add_argument(
        "--cwd",
        type=_path,
        help=f"the repository root (env {ENV_CWD}; default: the nearest folder up from here"
        " holding govmem.yaml, else the repository's top, else .)",
    )
    p.add_argument(
        "--dir",
        type=_path,
        help=f"the ADR folder, relative to the root (env {ENV_DIR}; default: auto)",
    )
    p.add_argument("--config", type=_path, help=f"a govmem.yaml to use (env {ENV_CONFIG})")
    p.add_argument(
        "--allow-writes",
        action="store_true",
        help="also serve `remember` and `propose_decision` (unverified, agent-sourced"
        " memories and claims; proposed decision records only)",
    )
    p.add_argument("--version", action="version", version=f"govmem-mcp {_version()}")
    return p


def options(
    argv: Sequence[str] | None, env: Mapping[str, str]
) -> tuple[str, str | None, str | None, bool]:
    """(cwd, dir, config, allow_writes): flag > environment > default.

    Raises:
        _UsageError: a bad flag.
    """
    args = parser().parse_args(argv)
    cwd = args.cwd if args.cwd is not None else env.get(ENV_CWD) or os.fspath(find_root())
    folder = args.dir if args.dir is not None else env.get(ENV_DIR) or None
    config = args.config if args.config is not None else env.get(ENV_CONFIG) or None
    return cwd, folder, config, bool(args.allow_writes)


def _version() -> str:
    try:
        return metadata.version("govmem")
    except metadata.PackageNotFoundError:  # run from a source tree that was never installed
        return "unknown"


def extra_installed() -> bool:
    """Whether the `mcp` extra (the MCP SDK and anyio) can be imported."""
    for name in ("mcp", "anyio"):
        try:
            if importlib.util.find_spec(name) is None:
                return False
        except (ImportError, ValueError):  # a broken install, or a module blocked in sys.modules
            return False
    return True


def run(cwd: str, dir: str | None, config: str | None, *, allow_writes: bool = False) -> int:
    """Check the root, folder and config, then serve stdio; the exit code."""
    if not extra_installed():
        return _fail(MISSING_EXTRA, 2)
    import anyio  # noqa: PLC0415 - after the cheap checks

    from govmem import CorpusUnavailable, Reloader, start_workers  # noqa: PLC0415

    from . import create_server  # noqa: PLC0415
    from ._roots import check_roots  # noqa: PLC0415

    try:
        real, dir_rel = check_roots(cwd, dir)
    except CorpusUnavailable as exc:
        return _fail(exc.message, 1)
    if config is not None:
        if not os.path.lexists(config):
            return _fail(f"govmem-mcp: config file {config!r} was not found", 1)
        try:  # a FIFO, a device, a folder, over 64 KiB, not UTF-8: refused, never read
            Reloader(real, config=Path(config).absolute(), dir=dir_rel).plan()
        except CorpusUnavailable as exc:
            return _fail(f"govmem-mcp: {exc.message}", 1)
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr, format="govmem-mcp: %(message)s")
    handle = create_server(cwd=cwd, dir=dir, config=config, allow_writes=allow_writes)
    try:
        # the first load begun (its stat walk forked) before the SDK is imported, and before
        # any thread starts; then the parse workers, forked while there is still one thread
        gc.freeze()
        handle._server.prepare()  # the console script owns its process
        start_workers()
        _import_server()
        ok = anyio.run(handle.start)
    except CorpusUnavailable as exc:
        return _fail(exc.message, 1)
    except KeyboardInterrupt:
        return 130
    return 0 if ok else 1


def _import_server() -> None:
    """Import the parts of the MCP SDK the server uses (`_sdk.defer_inits`: not the client
    nor the high-level server) and the tools — what `start` imports — then keep every object
    made so far out of the garbage collector's sight (`gc.freeze`): modules, classes and
    schemas that live as long as the process. Otherwise the first full collection walks
    them all — about 70 ms, which landed in the first answer."""
    from ._sdk import defer_inits  # noqa: PLC0415

    defer_inits()
    from . import _run, server  # noqa: F401, PLC0415

    gc.freeze()


def main(argv: Sequence[str] | None = None, env: Mapping[str, str] | None = None) -> int:
    """Parse the command line and serve; return the exit code."""
    try:
        cwd, folder, config, allow_writes = options(argv, os.environ if env is None else env)
    except _UsageError as exc:
        return _fail(str(exc), 2)
    return run(cwd, folder, config, allow_writes=allow_writes)


def _fail(message: str, code: int) -> int:
    sys.stderr.write(" ".join(message.split()) + "\n")
    sys.stderr.flush()
    return code


def entry() -> NoReturn:
    """The `govmem-mcp` console script."""
    sys.exit(main())
