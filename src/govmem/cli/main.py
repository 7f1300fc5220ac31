"""The `govmem` command line.

`govmem [--root PATH] [--dir DIR] [--config PATH] COMMAND [--json]`

Without `--root`, the root is the nearest folder up from the current one
that holds `govmem.yaml` (within its repository), else the repository's top
(its `.git`), else the current folder (`govmem.find_root`).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

from govmem.model.codec import CodecError
from govmem.model.errors import GovmemError, InputError
from govmem.shell.cache import clear_cache, write_behind
from govmem.shell.derived import keep_derived
from govmem.shell.plan import find_root

from . import author, cache, init, lint, memory, pictures, query, serve, tools  # noqa: F401 - each module registers its commands
from .base import COMMANDS, UsageError, _Parser, path_value, tolerant_output


def _globals(parser: argparse.ArgumentParser, *, defaults: bool) -> None:
    """`--root`, `--dir`, `--config`, `--json`: before the command, or after it.

    After the command they default to `SUPPRESS`, so they never undo a value
    given before it.
    """

    def default(value: object) -> Any:
        return value if defaults else argparse.SUPPRESS

    parser.add_argument(
        "--root",
        type=path_value,
        default=default(None),
        help="the corpus root (default: the nearest folder up from here holding govmem.yaml,"
        " else the repository's top, else the current directory)",
    )
    parser.add_argument(
        "--dir",
        type=path_value,
        default=default(None),
        help="the ADR folder, relative to the root (default: auto-detected)",
    )
    parser.add_argument(
        "--config",
        type=path_value,
        default=default(None),
        help="a govmem.yaml to use instead of the root's own",
    )
    parser.add_argument(
        "--json", action="store_true", default=default(False), help="print the result as JSON"
    )


def version() -> str:
    """The installed version of govmem."""
    from importlib import metadata  # noqa: PLC0415 - only for --version: a tenth of a start

    try:
        return metadata.version("govmem")
    except metadata.PackageNotFoundError:  # run from a source tree that was never installed
        return "unknown"


class _Version(argparse.Action):
    """`--version`: the version is read when asked for, not on every start."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kw: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kw)

    def __call__(self, parser: argparse.ArgumentParser, *_: object) -> NoReturn:
        sys.stdout.write(f"govmem {version()}\n")
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every registered command."""
    parser = _Parser(
        prog="govmem", description="Governed memory: what is decided, where, as of when."
    )
    parser.add_argument("--version", action=_Version, help="show the version and exit")
    _globals(parser, defaults=True)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name, (help_, add_args, fn) in COMMANDS.items():
        p = sub.add_parser(name, help=help_, description=help_)
        _globals(p, defaults=False)
        add_args(p)
        p.set_defaults(func=fn)
    return parser


def main(argv: Sequence[str] | None = None, *, one_shot: bool = False) -> int:
    """Run the CLI; return the exit code (the console script exits with it).

    `one_shot`: the process ends after this command (the console script), so the corpus it
    loads may be kept out of the cyclic collector's sight (`gc.freeze`).
    """
    tolerant_output()
    try:
        typed = list(sys.argv[1:] if argv is None else argv)
        args = build_parser().parse_args(typed)
        args.argv = typed  # what follow-up commands repeat (`pages`)
        args.one_shot = one_shot
        if args.command is None:
            msg = "govmem: a COMMAND is required (see govmem --help)"
            raise UsageError(msg)
        if args.root is None:
            args.root = os.fspath(find_root())
        with write_behind() as held:  # the answer first; then the parse cache's writes
            try:
                code: int = args.func(args)
            except CodecError:  # a snapshot's value that does not read, found on first use
                code = _without_cache(args)
        sys.stdout.flush()
        held.flush()
        if code == 0 and (corpus := getattr(args, "loaded", None)) is not None:
            keep_derived(corpus)  # and the topic index, for the next start
    except InputError as exc:
        return _fail(f"govmem: {exc}", 2)
    except GovmemError as exc:
        return _fail(str(exc) if isinstance(exc, UsageError) else f"govmem: {exc}", exc.exit_code)
    except BrokenPipeError:
        return 1
    except KeyboardInterrupt:
        return 130
    except Exception as exc:  # the CLI's promise: one line, never a traceback
        return _fail(f"govmem: internal error ({type(exc).__name__}): {exc}", 1)
    return code


def _without_cache(args: argparse.Namespace) -> int:
    """The command again, the root's cache removed and none used (its snapshot had a value
    that does not read: damaged on disk, or not written by govmem)."""
    clear_cache(Path(args.root).resolve())
    before = os.environ.get("GOVMEM_CACHE")
    os.environ["GOVMEM_CACHE"] = "off"
    try:
        code: int = args.func(args)
    finally:
        if before is None:
            del os.environ["GOVMEM_CACHE"]
        else:
            os.environ["GOVMEM_CACHE"] = before
    return code


def _fail(message: str, code: int) -> int:
    sys.stderr.write(" ".join(message.split()) + "\n")
    return code


def entry() -> NoReturn:
    """Console-script entry point."""
    sys.exit(main(one_shot=True))
