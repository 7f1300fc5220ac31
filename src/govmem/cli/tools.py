"""`govmem search`, `show`, `context`, `superseded`: the adrkit tools on the command line.

Each command runs one tool (a `Corpus` method) on the loaded corpus. `--json`
prints exactly the tool's `result.to_wire()` (no envelope, no `corpusHealth`; findings
as `{rule, …}`); without it, a readable rendering headed by the tool's
one-line summary. A stale or forged `--cursor` is an answer, not an error:
it prints the `invalid-cursor` reason and exits 0. Arguments outside the
tools' limits (an empty query, `--limit 0`, a path with `..`) exit 2 with
one line on stderr, before the corpus is read.

Readable output pages with `--page N@FP` and `--findings-page N@FP`
(`pages`) instead of raw cursors. Its findings are the `error` and
`warn` findings of the tool's whole findings channel (`--findings all` adds
`info`), `--findings-limit` at a time; `--findings-cursor`, a cursor of the
JSON channel (which holds every severity), is for `--json` only.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, TypeAlias

from attrs import evolve

from govmem._corpus import Corpus
from govmem.engine.cursor import InvalidCursor
from govmem.engine.operations import check_arguments
from govmem.tools.results import (
    ContextMatches,
    DecisionOutcome,
    FindingsPage,
    SearchResults,
    SupersededEntries,
)

from .base import UsageError, command, emit, limit_value, load_corpus, out
from .pages import (
    SHOWN,
    cursor_of,
    findings_arg,
    next_page_command,
    page_args,
    page_value,
    print_invalid,
    turn_to,
)

Result: TypeAlias = SearchResults | DecisionOutcome | ContextMatches | SupersededEntries
Wire: TypeAlias = dict[str, Any]
ALL_FINDINGS: Final = 100
"""Readable output reads the findings channel this many at a time, to the end."""


def _paging(p: argparse.ArgumentParser, *, primary: bool = True) -> None:
    if primary:
        page_args(p)
    group = p.add_mutually_exclusive_group()
    group.add_argument("--findings-cursor", help="a findings cursor from --json output, unchanged")
    group.add_argument(
        "--findings-page", type=page_value, help="findings page N (or N@FP, as printed), from 1"
    )
    p.add_argument(
        "--findings-limit",
        type=limit_value,
        default=20,
        help="findings page size, 1–100 (default 20)",
    )
    findings_arg(p)


def _paging_args(args: argparse.Namespace, *, primary: bool = True) -> dict[str, object]:
    given: dict[str, object] = {"findings_limit": args.findings_limit}
    if primary:
        given["limit"] = args.limit
    return given


class _Calls:
    """The tool on one corpus, by (cursor, findings cursor); remembers the last primary cursor."""

    def __init__(self, corpus: Corpus, tool: str, given: Mapping[str, object]) -> None:
        self.run: Callable[..., Result | InvalidCursor] = getattr(corpus, tool)
        self.given = dict(given)
        self.cursor: str | None = None

    def __call__(
        self, cursor: str | None, findings_cursor: str | None = None, **override: object
    ) -> Result | InvalidCursor:
        self.cursor = cursor
        given = {**self.given, "findings_cursor": findings_cursor, **override}
        if "limit" in given:
            given["cursor"] = cursor
        return self.run(**given)


def _findings_cursor_of(result: object) -> str | None:
    findings = getattr(result, "findings", None)
    return findings.cursor if isinstance(findings, FindingsPage) else None


def _run(
    args: argparse.Namespace, tool: str, given: dict[str, object]
) -> tuple[Corpus, Result | InvalidCursor, int]:
    """Validate (exit 2 on a bad argument, corpus untouched), load, run the pages asked for.

    Returns the corpus, the result (an `InvalidCursor` for a page that cannot
    be reached) and the number of its primary page.
    """
    if not args.json and args.findings_cursor is not None:
        msg = "govmem: --findings-cursor pages the --json output; without --json use --findings-page N"
        raise UsageError(msg)
    check_arguments(
        tool,
        {**given, "cursor": getattr(args, "cursor", None), "findings_cursor": args.findings_cursor},
    )
    corpus = load_corpus(args)
    fp = corpus.health.fingerprint
    call = _Calls(corpus, tool, given)
    fixed = args.findings_cursor if args.json else None
    result: Result | InvalidCursor
    if "limit" in given:
        result, number = turn_to(args.page, args.cursor, args.limit, fp, lambda c: call(c, fixed))
    else:
        result, number = call(None, fixed), 1
    if isinstance(result, InvalidCursor):
        return corpus, result, number
    if args.json and args.findings_page is not None:
        result, _ = turn_to(
            args.findings_page,
            None,
            args.findings_limit,
            fp,
            lambda fc: call(call.cursor, fc),
            _findings_cursor_of,
        )
    elif not args.json:
        result = _all_findings(call, result)
    return corpus, result, number


def _all_findings(call: _Calls, first: Result) -> Result | InvalidCursor:
    """The result with every finding of its channel, for readable output."""
    cursor = call.cursor
    page = call(cursor, findings_limit=ALL_FINDINGS)
    if isinstance(page, InvalidCursor):
        return page
    items = list(page.findings.items)
    while (nxt := _findings_cursor_of(page)) is not None:
        page = call(cursor, nxt, findings_limit=ALL_FINDINGS)
        if isinstance(page, InvalidCursor):
            return page
        items += page.findings.items
    return evolve(first, findings=FindingsPage(tuple(items), None))


def _finish(
    args: argparse.Namespace,
    ran: tuple[Corpus, Result | InvalidCursor, int],
    render: Callable[[Wire], list[str]],
) -> int:
    corpus, result, number = ran
    if isinstance(result, InvalidCursor):
        return print_invalid(args, result)
    wire = result.to_wire()
    if args.json:
        emit(wire)
        return 0
    out(result.summary(findings=False))
    if lines := render(wire):
        out("\n".join(lines))
    fp = corpus.health.fingerprint
    if cursor_of(result):
        out(f"More: {next_page_command(args, number + 1, fp)}")
    _print_findings(args, wire["findings"]["items"], fp)
    return 0


def _print_findings(args: argparse.Namespace, items: Sequence[Mapping[str, Any]], fp: str) -> None:
    """The findings shown (`--findings`), one `--findings-limit` page, then the next page's command."""
    shown = [f for f in items if f["severity"] in SHOWN[args.findings]]
    hidden = len(items) - len(shown)
    number = args.findings_page.number if args.findings_page is not None else 1
    if args.findings_page is not None and not args.findings_page.matches(fp):
        out(
            "The corpus changed after this findings page was printed; start again without --findings-page."
        )
        return
    size = args.findings_limit
    page = shown[(number - 1) * size : number * size]
    note = f"; {hidden} info findings not shown (--findings all)" if hidden else ""
    if not shown:
        if note:
            out(f"Findings: none to show{note}.")
        return
    if not page:
        last = (len(shown) - 1) // size + 1
        out(f"There is no findings page {number}; the last is {last}.")
        return
    first = (number - 1) * size + 1
    what = "findings" if args.findings == "all" else "errors and warnings"
    out(f"Findings {first}–{first + len(page) - 1} of {len(shown)} {what}{note}")
    for f in page:
        where = f.get("path") or f.get("id") or ""
        out(f"  {f['severity']:<5} {f['rule']}  {where}: {f['message']}")
    if number * size < len(shown):
        out(f"More findings: {next_page_command(args, number + 1, fp, '--findings-page')}")


def _entry(item: Mapping[str, Any]) -> str:
    return f"{item['id']}  [{item['status']}]  {item['title']}  ({item['sourcePath']})"


# --- search ---------------------------------------------------------------------------


def _search_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("query", help="literal text, matched in ids, titles, tags and bodies")
    p.add_argument(
        "--status",
        action="append",
        help="a status class (accepted, proposed, …) or approved/draft; repeatable, any-of",
    )
    p.add_argument("--tag", action="append", dest="tags", help="an exact tag; repeatable, all-of")
    p.add_argument("--scope", action="append", help="a scope and its sub-scopes; repeatable")
    _paging(p)


@command("search", "literal search over decision ids, titles, tags and bodies", _search_args)
def _search(args: argparse.Namespace) -> int:
    given = {
        "query": args.query,
        "status": args.status,
        "tags": args.tags,
        "scope": args.scope,
        **_paging_args(args),
    }
    return _finish(args, _run(args, "search_decisions", given), _search_lines)


def _search_lines(result: Wire) -> list[str]:
    return [
        f"  {_entry(i)}  matched: {', '.join(i['matchedFields'])}" for i in result.get("items", ())
    ]


# --- show -----------------------------------------------------------------------------


def _show_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("ref", help="an id, a number (21, ADR-021), a file name or a log:id ref")
    _paging(p)


@command("show", "one decision: its frontmatter and body", _show_args)
def _show(args: argparse.Namespace) -> int:
    ran = _run(args, "get_decision", {"ref": args.ref, **_paging_args(args)})
    return _finish(args, ran, _show_lines)


def _show_lines(result: Wire) -> list[str]:
    lines: list[str] = []
    if result.get("outcome") == "found":
        d = result["decision"]
        lines = ["", _entry(d), ""]
        lines += [
            f"  {k}: {json.dumps(v, ensure_ascii=False)}" for k, v in d["frontmatter"].items()
        ]
        lines += ["", d["body"].rstrip("\n")]
    elif result.get("outcome") == "ambiguous-local-id":
        lines = ["  " + _entry(c) for c in result["candidates"]]
    return lines


# --- context --------------------------------------------------------------------------


def _context_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("files", nargs="+", metavar="FILE", help="repo-relative POSIX paths")
    _paging(p)


def _bucket(title: str, items: Sequence[Mapping[str, Any]]) -> list[str]:
    if not items:
        return []
    lines = [title]
    for i in items:
        fired = ", ".join(m["pattern"] for m in i["firedMatchers"])
        lines.append(f"  {_entry(i)}  ← {fired}")
    return lines


@command(
    "context", "the decisions that govern, propose or once governed these files", _context_args
)
def _context(args: argparse.Namespace) -> int:
    ran = _run(args, "get_decision_context", {"files": args.files, **_paging_args(args)})
    return _finish(args, ran, _context_lines)


def _context_lines(result: Wire) -> list[str]:
    lines: list[str] = []
    if result.get("outcome") == "matches":
        lines += _bucket("Governing", result["governing"])
        lines += _bucket("Active proposals", result["activeProposals"])
        lines += _bucket("History", result["history"])
    return lines


# --- superseded -----------------------------------------------------------------------


def _target(state: Mapping[str, Any]) -> str:
    if state["resolved"]:
        t = state["target"]
        return f"{t['id']} {t['title']} [{t['status']}]"
    if state["reason"] == "unknown":
        return "(successor not named)"
    extra = f", {state['candidateCount']} records" if state["reason"] == "ambiguous" else ""
    return f"{state['targetRef']} ({state['reason']}{extra})"


@command("superseded", "every superseded decision and its direct successor", _paging)
def _superseded(args: argparse.Namespace) -> int:
    ran = _run(args, "list_superseded", _paging_args(args))
    return _finish(args, ran, _superseded_lines)


def _superseded_lines(result: Wire) -> list[str]:
    return [f"  {_entry(i)}  → {_target(i['supersededBy'])}" for i in result.get("items", ())]
