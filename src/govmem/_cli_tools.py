"""`govmem search`, `show`, `context`, `superseded`: the adrkit tools on the command line.

Each command runs one tool of `_tools` on the loaded corpus. `--json` prints
exactly the tool's `result` object (no envelope, no `corpusHealth`; findings
as `{rule, …}`); without it, a readable rendering headed by the tool's
one-line summary. A stale or forged `--cursor` is an answer, not an error:
it prints the `invalid-cursor` reason and exits 0. Arguments outside SPEC
§6's limits (an empty query, `--limit 0`, a path with `..`) exit 2 with one
line on stderr, before the corpus is read.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Mapping, Sequence
from typing import Any

from ._cli import command, emit, limit_value, load_corpus, out
from ._tools import run_tool
from ._tools_wire import text_summary
from ._validate import validate_args


def _paging(p: argparse.ArgumentParser, *, primary: bool = True) -> None:
    if primary:
        p.add_argument("--cursor", help="the cursor of the next page, as printed")
        p.add_argument(
            "--limit", type=limit_value, default=20, help="page size, 1–100 (default 20)"
        )
    p.add_argument("--findings-cursor", help="the cursor of the next page of findings")
    p.add_argument(
        "--findings-limit",
        type=limit_value,
        default=20,
        help="findings page size, 1–100 (default 20)",
    )


def _paging_wire(args: argparse.Namespace, *, primary: bool = True) -> dict[str, object]:
    wire: dict[str, object] = {}
    if primary:
        wire["limit"] = args.limit
        if args.cursor is not None:
            wire["cursor"] = args.cursor
    wire["findingsLimit"] = args.findings_limit
    if args.findings_cursor is not None:
        wire["findingsCursor"] = args.findings_cursor
    return wire


def _run(args: argparse.Namespace, tool: str, wire: dict[str, object]) -> dict[str, Any]:
    """Validate (exit 2 on a bad argument, corpus untouched), load, run."""
    validate_args(tool, wire)
    return run_tool(load_corpus(args), tool, wire)


def _finish(
    args: argparse.Namespace, tool: str, result: Mapping[str, Any], lines: list[str]
) -> int:
    if args.json:
        emit(result)
        return 0
    out(text_summary(tool, result))
    if result.get("outcome") == "invalid-cursor":
        out(f"Start again without --cursor ({result['reason']}).")
        return 0
    if lines:
        out("\n".join(lines))
    if result.get("cursor"):
        out(f"More: --cursor {result['cursor']}")
    findings = result.get("findings") or {}
    if findings.get("items"):
        out("Findings")
    for f in findings.get("items", ()):
        where = f.get("path") or f.get("id") or ""
        out(f"  {f['severity']:<5} {f['rule']}  {where}: {f['message']}")
    if findings.get("cursor"):
        out(f"More findings: --findings-cursor {findings['cursor']}")
    return 0


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
    filters = (("status", args.status), ("tags", args.tags), ("scope", args.scope))
    wire = {"query": args.query, **_paging_wire(args), **{k: v for k, v in filters if v}}
    result = _run(args, "search_decisions", wire)
    lines = [
        f"  {_entry(i)}  matched: {', '.join(i['matchedFields'])}" for i in result.get("items", ())
    ]
    return _finish(args, "search_decisions", result, lines)


# --- show -----------------------------------------------------------------------------


def _show_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("ref", help="an id, a number (21, ADR-021), a file name or a log:id ref")
    _paging(p)


@command("show", "one decision: its frontmatter and body", _show_args)
def _show(args: argparse.Namespace) -> int:
    result = _run(args, "get_decision", {"ref": args.ref, **_paging_wire(args)})
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
    return _finish(args, "get_decision", result, lines)


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
    result = _run(args, "get_decision_context", {"files": args.files, **_paging_wire(args)})
    lines: list[str] = []
    if result.get("outcome") == "matches":
        lines += _bucket("Governing", result["governing"])
        lines += _bucket("Active proposals", result["activeProposals"])
        lines += _bucket("History", result["history"])
    return _finish(args, "get_decision_context", result, lines)


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
    result = _run(args, "list_superseded", _paging_wire(args))
    lines = [f"  {_entry(i)}  → {_target(i['supersededBy'])}" for i in result.get("items", ())]
    return _finish(args, "list_superseded", result, lines)
