"""Pages and findings in readable output: a short next-page command, not a raw cursor.

A cursor is an opaque token of about 300 characters, bound to the corpus
fingerprint, the channel and the query's shape. `--json` output keeps it
(scripts and agents pass it back with `--cursor`); readable output prints
the next page as a command instead: the command line as it was typed, with
`--page N@FP` in place of any `--cursor` or `--page`::

    More: govmem --root repo superseded --page 2@745b678d

* `N` is the page number (1 is the first page), for the same arguments and
  `--limit`. The CLI asks the core for page 1 and follows each page's
  cursor N−1 times, so every page it prints is one the core's own cursors
  reach; nothing about a cursor's format is re-implemented here.
* `FP` is the start (8 hex digits) of the fingerprint of the corpus the line
  was printed from. When the corpus has changed since, the answer is the
  same as for a stale cursor: `corpus-changed`, start again. `--page N`
  without `@FP` is page N of the corpus as it is now.
* A page past the last one is `offset-out-of-range`, with the number of the
  last page.
* The adrkit commands page their findings the same way (`--findings-page`).

Readable output shows `error` and `warn` findings only; `--findings all`
shows `info` findings (`git-date`, `not-a-record`, …) too. `--json` output
is unchanged: every finding, raw cursors.
"""

from __future__ import annotations

import argparse
import re
import shlex
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Final, Protocol, TypeVar

from attrs import frozen

from govmem._corpus import Corpus
from govmem.engine.cursor import Cursor, InvalidCursor, decode_cursor

from .base import emit, limit_value, out

R = TypeVar("R")


class Paged(Protocol):
    """A page of a snake_case operation: `{items, cursor}` and its `to_dict()`."""

    @property
    def cursor(self) -> str | None: ...

    def to_dict(self) -> Any: ...


P = TypeVar("P", bound=Paged)

FINGERPRINT_CHARS: Final = 8
"""How much of the corpus fingerprint a printed page command carries."""
_PAGE: Final = re.compile(r"^\s*([1-9][0-9]{0,8})(?:@([0-9a-fA-F]{4,64}))?\s*$")
SHOWN: Final = {"warn": ("error", "warn"), "all": ("error", "warn", "info")}
"""`--findings` value -> the severities readable output shows."""


@frozen
class PageRef:
    """`--page N` or `--page N@FP`: a page number, bound to a corpus when FP is given."""

    number: int
    fingerprint: str | None = None

    def matches(self, fingerprint: str) -> bool:
        """Whether the corpus read now is the one the page command was printed from."""
        return self.fingerprint is None or fingerprint.startswith(self.fingerprint.lower())


def page_value(text: str) -> PageRef:
    """Parse `N` or `N@FP` (argparse type)."""
    m = _PAGE.match(text)
    if m is None:
        msg = f"{text!r} is not a page: a whole number from 1, optionally @ and hex digits (2@745b678d)"
        raise argparse.ArgumentTypeError(msg)
    return PageRef(int(m[1]), m[2])


def page_args(p: argparse.ArgumentParser) -> None:
    """`--cursor`, `--page` (one of them) and `--limit` for a paginated command."""
    group = p.add_mutually_exclusive_group()
    group.add_argument("--cursor", help="a cursor from --json output, unchanged")
    group.add_argument(
        "--page", type=page_value, help="page N (or N@FP, as printed after a page), from 1"
    )
    p.add_argument("--limit", type=limit_value, default=20, help="page size, 1–100 (default 20)")


def findings_arg(p: argparse.ArgumentParser) -> None:
    """`--findings warn|all`: which findings readable output shows."""
    p.add_argument(
        "--findings",
        choices=tuple(SHOWN),
        default="warn",
        help="readable output: warn shows error and warn findings (default), all adds info",
    )


def page_number(cursor: str | None, limit: int) -> int:
    """The page a cursor starts (1 without one, or for a cursor that does not decode)."""
    if cursor is None:
        return 1
    decoded = decode_cursor(cursor)
    return decoded.offset // limit + 1 if isinstance(decoded, Cursor) else 1


def cursor_of(result: object) -> str | None:
    """The next page's cursor of a page (`.cursor`) or of a tool's result (`["cursor"]`)."""
    cursor = (
        result.get("cursor") if isinstance(result, Mapping) else getattr(result, "cursor", None)
    )
    return cursor if isinstance(cursor, str) else None


def turn_to(
    page: PageRef | None,
    cursor: str | None,
    limit: int,
    fingerprint: str,
    fetch: Callable[[str | None], R],
    next_cursor: Callable[[R], str | None] = cursor_of,
) -> tuple[R | InvalidCursor, int]:
    """The page asked for (`--page`, else `--cursor`, else the first) and its number.

    Args:
        page: `--page`, or None.
        cursor: `--cursor`, or None.
        limit: the page size.
        fingerprint: the fingerprint of the corpus read now.
        fetch: the operation, given a cursor (None for the first page).
        next_cursor: the cursor of the page after a result (None on the last).
    """
    if page is None:
        return fetch(cursor), page_number(cursor, limit)
    if not page.matches(fingerprint):
        return InvalidCursor("corpus-changed"), page.number
    result = fetch(None)
    for number in range(1, page.number):
        if isinstance(result, InvalidCursor):
            break
        nxt = next_cursor(result)
        if nxt is None:
            msg = f"There is no page {page.number}; the last page is {number}."
            return InvalidCursor("offset-out-of-range", msg), page.number
        result = fetch(nxt)
    return result, page.number


_DROPPED: Final = {
    "--page": ("--cursor", "--page"),
    "--findings-page": ("--findings-cursor", "--findings-page"),
}


def _drop(argv: Sequence[str], flags: Iterable[str]) -> list[str]:
    """`argv` without the given flags and their values (`--f V`, `--f=V`, or a prefix argparse took)."""
    names = tuple(flags)
    out: list[str] = []
    skip = False
    for token in argv:
        if skip:
            skip = False
            continue
        name, eq, _ = token.partition("=")
        if len(name) > 2 and name.startswith("--") and any(f.startswith(name) for f in names):
            skip = not eq
            continue
        out.append(token)
    return out


def next_page_command(
    args: argparse.Namespace, number: int, fingerprint: str, flag: str = "--page"
) -> str:
    """`govmem <the command as typed> --page N@FP`: the command that prints page `number`."""
    argv = getattr(args, "argv", None) or [args.command]
    kept = _drop(argv, _DROPPED[flag])
    return "govmem " + shlex.join([*kept, flag, f"{number}@{fingerprint[:FINGERPRINT_CHARS]}"])


def readable_page(
    args: argparse.Namespace, corpus: Corpus, fetch: Callable[[str | None], P | InvalidCursor]
) -> tuple[P, int] | None:
    """The page `--page`/`--cursor` asks for and its number, to print for a person.

    None when the answer is printed already: an invalid page or cursor, or
    the `--json` result.
    """
    result, number = turn_to(args.page, args.cursor, args.limit, corpus.health.fingerprint, fetch)
    if isinstance(result, InvalidCursor):
        print_invalid(args, result)
        return None
    if args.json:
        emit(result.to_dict())
        return None
    return result, number


def more(args: argparse.Namespace, cursor: str | None, number: int, corpus: Corpus) -> None:
    """`More: govmem … --page N@FP` when a page follows."""
    if cursor is not None:
        out(f"More: {next_page_command(args, number + 1, corpus.health.fingerprint)}")


def print_invalid(args: argparse.Namespace, result: InvalidCursor) -> int:
    """A stale page or cursor is an answer, not an error: print it, exit 0."""
    if args.json:
        emit(result.to_wire())
    elif getattr(args, "page", None) is not None:
        if result.reason == "corpus-changed":
            out("The corpus changed after this page was printed; start again without --page.")
        else:
            out(result.message)
    else:
        out(f"Invalid cursor ({result.reason}): {result.message} Start again without --cursor.")
    return 0
