"""`govmem new` and `govmem check`: a new decision written in the folder's own format, checked first.

`check TEXT` prints what the proposal meets (`Corpus.check_proposal`): the
decision in force on its topic and scope, the options the team rejected or
superseded there (those it re-proposes first), open proposals, and the
records in force it would overlap. `new TITLE` prints the same check, then
writes the record (people decide; `--strict` refuses a re-proposed option)
and prints its path. `--json`: `check` prints the check's `to_dict()`,
`new` prints `{id, path, status, updated, notes, check}`.
"""

from __future__ import annotations

import argparse

from govmem.engine.check import ProposalCheck
from govmem.shell import author as _author

from .base import command, date_value, emit, load_corpus, now, out, parse_when
from .memory import safely
from .query import _MARK, _quoted, _record_line, _wrap


def _check_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("text", help="the proposal: a title, or a decision in words")
    p.add_argument("--topic", help="the topic (default: inferred from the words)")
    p.add_argument(
        "--scope", help="where it would apply (default: a scope the words name, else all)"
    )
    p.add_argument("--as-of", type=date_value, help="YYYY-MM-DD or an ISO timestamp (default: now)")


@command(
    "check", "what a proposed decision meets: the decision in force, rejected options", _check_args
)
def _check(args: argparse.Namespace) -> int:
    as_of = parse_when(args.as_of, "--as-of") if args.as_of else None
    corpus = load_corpus(args)
    result = corpus.check_proposal(args.text, None, args.topic, args.scope, as_of, now=now())
    if args.json:
        emit(result.to_dict())
    else:
        out(render_check(result))
    return 0


def render_check(c: ProposalCheck) -> str:
    """The check for a person: what it re-proposes first, then the decision, then the rest."""
    head = f"CHECK  {c.topic or '(no topic)'} in {c.scope} as of {c.to_dict()['as_of']}"
    lines = [head]
    if c.reproposes:
        lines += ["", "Re-proposes (rejected or superseded here)"]
        for o in c.reproposes:
            lines += [f"  {o.id} [{o.status}, {o.scope}] = {o.option}", _wrap(o.reason)]
    if c.decision is not None:
        lines += ["", "In force", "  " + _record_line(c.decision)]
        if c.summary:
            lines.append(_wrap(f"“{c.summary}”"))
    elif c.topic is not None:
        lines += ["", f"No decision on {c.topic} is in force for {c.scope}."]
    others = [o for o in c.options if not o.matches]
    if others:
        lines += ["", "Also rejected or superseded here"]
        for o in others:
            lines += [f"  {o.id} [{o.status}, {o.scope}] = {o.option}", _wrap(o.reason)]
    for title, items in (("Open proposals", c.proposals), ("Would overlap", c.overlaps)):
        if items:
            lines += ["", title] + ["  " + _record_line(r) for r in items]
    if c.candidates:
        lines += [
            "",
            "Candidates (no topic was clearly the one proposed about; check again with one)",
        ]
        for n, offered in enumerate(c.candidates, 1):
            decision = offered.decision_id or "no decision"
            lines += [
                f"  {n}. {offered.topic} — {_MARK[offered.status].strip()}, {decision}: {offered.title}",
                f"     govmem check {_quoted(c.proposal.splitlines()[0])} --topic {_quoted(offered.topic)}",
            ]
    if c.notes and c.topic is None:
        lines += ["", "Missing"] + ["  - " + n for n in c.notes]
    return "\n".join(lines)


def _new_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("title", help="the decision's title (`Use Redis for caching`)")
    p.add_argument("--decision", help="what is decided, in words (the Decision section)")
    p.add_argument("--context", help="why: the facts and forces (the Context section)")
    p.add_argument(
        "--supersedes",
        action="append",
        default=[],
        metavar="ID",
        help="a record it replaces (repeatable); takes effect when it is accepted",
    )
    p.add_argument(
        "--amends",
        action="append",
        default=[],
        metavar="ID",
        help="a record it amends (repeatable)",
    )
    p.add_argument("--topic", help="its topic (default: the superseded record's, else inferred)")
    p.add_argument("--scope", help="where it applies (written where the folder has a place)")
    p.add_argument("--value", help="the option it chooses (written where the folder has a place)")
    p.add_argument(
        "--status",
        choices=("proposed", "accepted"),
        default="proposed",
        help="proposed (default) or accepted: then what it supersedes is marked superseded now",
    )
    p.add_argument(
        "--strict",
        action="store_true",
        help="refuse (exit 1) when it re-proposes an option rejected or superseded here",
    )


@command("new", "write the next decision record in the folder's own format", _new_args)
def _new(args: argparse.Namespace) -> int:
    done = safely(
        _author.new_decision,
        args.root,
        args.title,
        decision=args.decision,
        context=args.context,
        supersedes=args.supersedes,
        amends=args.amends,
        topic=args.topic,
        scope=args.scope,
        value=args.value,
        status=args.status,
        strict=args.strict,
        now=now(),
        config=args.config,
        dir=args.dir,
    )
    if args.json:
        emit(done.to_dict())
        return 0
    if done.check is not None and (done.check.topic or done.check.candidates):
        out(render_check(done.check) + "\n")
    lines = [f"Wrote {done.id} ({done.path}), {done.status}."]
    lines += [f"Updated {path}." for path in done.updated]
    lines += done.notes
    if done.status == "proposed":
        lines.append(f"A person accepts it with: govmem approve {done.id}")
    out("\n".join(lines))
    return 0
