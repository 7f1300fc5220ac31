"""The CLI's frame: the command registry, flags, output and exit codes (SPEC §8).

`govmem [--root PATH] [--dir DIR] [--config PATH] COMMAND [--json]`

Exit codes: 0 ok; 1 a corpus problem (unreadable root or folder, `lint`
found an `error` finding, `--known-as-of` without git history); 2 usage.
Every non-zero exit prints one line on stderr and nothing on stdout (except
`lint`, which prints its findings), never a traceback.

Each command is a function `(args) -> int` registered with `@command` in a
`govmem.cli` module, with the function that adds its arguments; it prints its own
output. `govmem.cli` imports those modules and runs the parser.
"""

from __future__ import annotations

import argparse
import codecs
import gc
import json
import sys
import time
from collections.abc import Callable
from datetime import datetime
from typing import Any, Final, NoReturn, TextIO

from govmem._corpus import Corpus, utc_now
from govmem.engine.validate import instant, page_size
from govmem.model.errors import GovmemError
from govmem.model.time import When
from govmem.shell.known import load as load_corpus_at


class UsageError(GovmemError):
    """A bad command line: exit 2."""

    exit_code = 2


class _Parser(argparse.ArgumentParser):
    """argparse that reports a usage error as one line and exit 2."""

    def error(self, message: str) -> NoReturn:
        msg = f"{self.prog}: {message}"
        raise UsageError(msg)


Command = Callable[[argparse.Namespace], int]
COMMANDS: dict[str, tuple[str, Callable[[argparse.ArgumentParser], None], Command]] = {}


def command(
    name: str, help: str, args: Callable[[argparse.ArgumentParser], None] = lambda p: None
) -> Callable[[Command], Command]:
    """Register a CLI command."""

    def register(fn: Command) -> Command:
        COMMANDS[name] = (help, args, fn)
        return fn

    return register


def emit(data: Any) -> None:
    """Print JSON, deterministic: UTF-8, or `\\u` escapes when stdout cannot encode Unicode.

    On a stdout that is not UTF-8 (`PYTHONIOENCODING=ascii`, a latin-1
    terminal) the JSON is ASCII with escapes: the same value, never a crash.
    """
    text = json.dumps(data, ensure_ascii=not unicode_stream(sys.stdout), indent=2)
    sys.stdout.write(text + "\n")


def out(text: str) -> None:
    """Print text for a person (ASCII arrows and bars on a stdout that cannot encode them)."""
    if not unicode_stream(sys.stdout):
        text = text.translate(ASCII_GLYPHS)
    sys.stdout.write(text if text.endswith("\n") else text + "\n")


ASCII_GLYPHS: Final = str.maketrans(
    {
        "→": "->",
        "←": "<-",
        "↔": "<->",
        "▶": ">",
        "▼": "v",
        "│": "|",
        "█": "#",
        "▓": "=",
        "░": ".",
        "×": "x",
        "·": "-",
        "—": "--",
        "–": "-",
        "…": "...",
        "✓": "v",
        "✗": "x",
        "⚠": "!",
        "“": '"',
        "”": '"',
        "‘": "'",
        "’": "'",
    }
)
"""The readable output's glyphs and their ASCII stand-ins (anything else is `?`)."""


def unicode_stream(stream: TextIO) -> bool:
    """Whether `stream` encodes every character (a UTF codec)."""
    name = getattr(stream, "encoding", None) or "utf-8"
    try:
        return codecs.lookup(name).name.startswith("utf")
    except LookupError:
        return False


def tolerant_output() -> None:
    """Make stdout and stderr replace what their encoding cannot write, never raise (SPEC §8).

    Called first by `main`, before anything is printed: an output is never
    cut half-way by a `UnicodeEncodeError`.
    """
    for stream, errors in ((sys.stdout, "replace"), (sys.stderr, "backslashreplace")):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is None or unicode_stream(stream):
            continue
        try:
            reconfigure(errors=errors)
        except (ValueError, OSError):  # a closed or detached stream: nothing to print anyway
            continue


def load_corpus(args: argparse.Namespace, known_as_of: str | None = None) -> Corpus:
    """The corpus named by the global flags (a progress bar on stderr when it is a terminal).

    It is also kept on `args` (`loaded`): once the command has printed, `main`
    stores what the corpus built meanwhile in its parse-cache snapshot.
    """
    corpus = load_corpus_at(
        args.root,
        config=args.config,
        known_as_of=known_as_of,
        dir=args.dir,
        progress=progress_bar(sys.stderr),
    )
    args.loaded = corpus
    if getattr(args, "one_shot", False):
        # The process ends with this command: its corpus lives until then. Moved out of the
        # cyclic collector's sight, its objects are never walked again (a tenth of a warm
        # start at 10,000 records); `main` called in a longer process leaves gc alone.
        gc.freeze()
    return corpus


class ProgressBar:
    """`progress(done, total)` drawn as one line on a terminal, erased when done.

    Loads that finish within `delay` seconds draw nothing; the bar is redrawn
    at most every `interval` seconds.
    """

    def __init__(
        self,
        stream: TextIO,
        *,
        clock: Callable[[], float] = time.monotonic,
        delay: float = 0.3,
        interval: float = 0.1,
        width: int = 30,
    ) -> None:
        self.stream = stream
        self.clock = clock
        self.delay = delay
        self.interval = interval
        self.width = width
        self.started = clock()
        self.drawn_at: float | None = None
        self.length = 0

    def __call__(self, done: int, total: int) -> None:
        t = self.clock()
        if done >= total:
            if self.drawn_at is not None:
                self.stream.write("\r" + " " * self.length + "\r")
                self.stream.flush()
                self.drawn_at = None
            return
        if t - self.started < self.delay:
            return
        if self.drawn_at is not None and t - self.drawn_at < self.interval:
            return
        filled = self.width * done // max(total, 1)
        line = f"govmem: reading [{'#' * filled}{'.' * (self.width - filled)}] {done}/{total} files"
        self.stream.write("\r" + line)
        self.stream.flush()
        self.length = len(line)
        self.drawn_at = t


def progress_bar(stream: TextIO) -> ProgressBar | None:
    """A progress bar on `stream` when it is a terminal; None (silent) otherwise."""
    try:
        tty = stream.isatty()
    except (AttributeError, ValueError):
        tty = False
    return ProgressBar(stream) if tty else None


def parse_when(value: str, flag: str) -> When:
    """A `YYYY-MM-DD` or ISO timestamp flag value, by the validator's `instant` rule.

    Raises:
        UsageError: not a date.
    """
    when, issues = instant(flag, value)
    if issues:
        raise UsageError(issues[0].message)
    assert isinstance(when, When)
    return when


def now() -> datetime:
    """The current instant, read once per command (every page of it answers as of then)."""
    return utc_now()


def path_value(text: str) -> str:
    """A path flag's value (argparse type): never empty — an empty path would mean the current folder.

    `--root ""`, `--dir ""`, `--config ""`, `--out ""` and `--svg ""` are
    usage errors (exit 2), not the working folder.
    """
    if not text:
        msg = "an empty path is not allowed (it would mean the current folder); give a path"
        raise argparse.ArgumentTypeError(msg)
    return text


def date_value(text: str) -> str:
    """A date flag's value (argparse type): never empty (`--as-of ""` is a usage error, not now)."""
    if not text.strip():
        msg = "an empty date is not allowed; give YYYY-MM-DD or an ISO timestamp"
        raise argparse.ArgumentTypeError(msg)
    return text


def limit_value(text: str) -> int:
    """A page size (argparse type): a whole number, then the validator's `page_size` rule."""
    try:
        value = int(text)
    except ValueError:
        msg = f"{text!r} is not a whole number from 1 to 100"
        raise argparse.ArgumentTypeError(msg) from None
    _, issues = page_size("limit", value)
    if issues:
        raise argparse.ArgumentTypeError(issues[0].message)
    return value
