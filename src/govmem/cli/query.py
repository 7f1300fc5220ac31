"""`govmem query`, `topics`, `history`, `conflicts`: the verdict and its drill-downs.

A topic named to `history` or `conflicts --topic` (or `timeline`, `graph
--topic`) that does not exist is one line on stderr naming the closest
topics, and exit 1: `No topic 'dns'. Closest: dns infrastructure, internal
dns zones.` `query --topic` keeps its answer (a given topic is echoed with
`No record is on topic …`) and its readable output adds that line.
"""

from __future__ import annotations

import argparse
import sys
import textwrap
from collections.abc import Sequence

from govmem._corpus import Corpus
from govmem.engine.answer import Answer, Candidate, RecordView
from govmem.engine.drill import existing_topic
from govmem.shell.derived import seed_derived
from govmem.shell.known import known_as_of_date

from .base import command, date_value, emit, load_corpus, now, out, parse_when
from .pages import more, page_args, readable_page

_MARK = {
    "verified": "VERIFIED",
    "contested": "CONTESTED",
    "insufficient_evidence": "INSUFFICIENT EVIDENCE",
    "unknown": "UNKNOWN",
}


def _query_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("question", help="the question, in words")
    p.add_argument("--topic", help="the topic (default: inferred from the question)")
    p.add_argument("--scope", help="the scope (default: one named in the question)")
    p.add_argument("--as-of", type=date_value, help="YYYY-MM-DD or an ISO timestamp (default: now)")
    p.add_argument(
        "--known-as-of",
        type=date_value,
        help="read the corpus as committed then: a date or a commit",
    )
    p.add_argument("--mind", default="default", help="whose memories to see (default: default)")


@command("query", "what is decided about a topic, in a scope, as of a date", _query_args)
def _query(args: argparse.Namespace) -> int:
    as_of = parse_when(args.as_of, "--as-of") if args.as_of else None
    if args.known_as_of is not None and as_of is None:
        as_of = known_as_of_date(args.root, args.known_as_of)
    corpus = load_corpus(args, known_as_of=args.known_as_of)
    given = args.topic is not None and args.topic.strip()
    if not given or existing_topic(corpus, args.topic, args.mind) is None:
        seed_derived(corpus)  # the topic index kept beside the snapshot: inference reads it
    answer = corpus.query(args.question, args.topic, args.scope, as_of, args.mind, now=now())
    if args.json:
        emit(answer.with_candidates())
        return 0
    missing = None
    if given and existing_topic(corpus, args.topic, args.mind) is None:
        missing = no_topic(args.topic, corpus.closest_topics(args.topic, args.mind))
    out(render_answer(answer, missing))
    return 0


def no_topic(name: str, closest: Sequence[str]) -> str:
    """`No topic 'dns'. Closest: dns infrastructure, internal dns zones.`"""
    line = f"No topic '{' '.join(name.split())}'."
    if closest:
        return f"{line} Closest: {', '.join(closest)}."
    return f"{line} `govmem topics` lists the topics."


def refuse_topic(corpus: Corpus, name: str, mind: str = "default") -> int | None:
    """For a topic that does not exist: the `no_topic` line on stderr and exit 1; else None."""
    if existing_topic(corpus, name, mind) is not None:
        return None
    sys.stderr.write(no_topic(name, corpus.closest_topics(name, mind)) + "\n")
    return 1


def _record_line(r: RecordView) -> str:
    value = f" = {r.value}" if r.value else ""
    until = f" until {r.valid_to}" if r.valid_to else ""
    since = f" from {r.valid_from}" if r.valid_from else ""
    return f"{r.id} [{r.status}, {r.scope}{since}{until}]{value}"


def _wrap(text: str, indent: str = "    ") -> str:
    return textwrap.fill(text, width=88, initial_indent=indent, subsequent_indent=indent)


def _quoted(text: str) -> str:
    """`text` in double quotes for a POSIX shell (`"`, `\\`, `$` and backticks escaped)."""
    return '"' + "".join("\\" + ch if ch in '"\\$`' else ch for ch in text) + '"'


def _offered(n: int, c: Candidate, question: str) -> list[str]:
    """A candidate: its topic, status and decision, its sentence, the command that asks it."""
    decision = f"{c.decision_id}: {c.title}" if c.decision_id else f"no decision ({c.title})"
    lines = [f"  {n}. {c.topic} — {_MARK[c.status]}, {decision}"]
    if c.summary:
        lines.append(_wrap(f"“{c.summary}”", "     "))
    return [*lines, f"     govmem query {_quoted(question)} --topic {_quoted(c.topic)}"]


def _likely(c: Candidate, question: str) -> list[str]:
    """The likely answer, first and marked as not confirmed (SPEC v6 §5)."""
    decision = f"{c.decision_id}: {c.title}" if c.decision_id else f"no decision ({c.title})"
    lines = [
        f"LIKELY ANSWER (not confirmed)  {c.topic}",
        f"  {decision} — {_MARK[c.status]}",
    ]
    if c.summary:
        lines.append(_wrap(f"“{c.summary}”"))
    return [
        *lines,
        "  No topic was clearly the one asked about; to confirm, ask with this one:",
        f"  govmem query {_quoted(question)} --topic {_quoted(c.topic)}",
        "",
    ]


def render_answer(a: Answer, missing_topic: str | None = None) -> str:
    """The answer for a person in a terminal: status first, then the why — or, when no topic
    was clearly the one asked about but one is likely, that likely answer first.

    `missing_topic` is the `no_topic` line of a given topic that does not exist.
    """
    likely = a.likely
    lines = _likely(likely, a.query) if likely is not None else []
    lines += [
        f"{_MARK[a.status]}  {a.topic or '(no topic)'} in {a.scope} as of {a.temporal_validity.to_dict()['as_of']}"
    ]
    if a.decision is not None:
        lines += ["", "Decision", "  " + _record_line(a.decision), _wrap(a.decision.content or "")]
    if a.evidence:
        lines += ["", "Evidence"]
        for e in a.evidence:
            mark = "verified" if e.verified else "NOT verified"
            lines += [f"  {e.source_id} ({mark})", _wrap(f"“{e.excerpt}”")]
    for title, items in (
        ("Superseded", a.superseded_decisions),
        ("Scope exceptions", a.scope_exceptions),
    ):
        if items:
            lines += ["", title] + ["  " + _record_line(r) for r in items]
    if a.conflicts:
        lines += ["", "Conflicts"]
        for c in a.conflicts:
            lines += [
                f"  {c.conflict_id} ({c.status}): " + _record_line(c.item),
                _wrap(c.rationale),
            ]
    if a.missing_information:
        lines += ["", "Missing"] + [
            _wrap(m, "  - ")[:2] + _wrap(m, "    ")[4:] for m in a.missing_information
        ]
    others = a.candidates[1:] if likely is not None else a.candidates
    if others:
        title = "Other candidates" if likely is not None else "Candidates"
        lines += ["", f"{title} (no topic was clearly the one asked about; ask again with one)"]
        first = 2 if likely is not None else 1
        for n, offered in enumerate(others, first):
            lines += _offered(n, offered, a.query)
    if a.sources:
        lines += ["", "Sources"]
        lines += [
            f"  {s.source_id}: {s.title or ''} ({s.reference or s.type or ''})" for s in a.sources
        ]
    if missing_topic is not None:
        lines += ["", missing_topic]
    if a.drill_down.required:
        lines += ["", f"More: {a.drill_down.suggested_tool} — {a.drill_down.reason}"]
    return "\n".join(lines)


def _history_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("topic", help="a topic name, alias, or the id of one of its records")
    p.add_argument("--scope", help="only records of scopes overlapping this one")
    page_args(p)


@command("history", "every record of a topic, as dated events", _history_args)
def _history(args: argparse.Namespace) -> int:
    corpus = load_corpus(args)
    if (refused := refuse_topic(corpus, args.topic)) is not None:
        return refused
    shown = readable_page(
        args,
        corpus,
        lambda cursor: corpus.get_decision_history(args.topic, args.scope, cursor, args.limit),
    )
    if shown is None:
        return 0
    result, number = shown
    out(f"History of {result.topic}")
    for i in result.items:
        when = str(i.date) if i.date else "(no date)"
        out(f"  {when:<10}  {i.id:<16} {i.event:<24} {i.status} [{i.scope}]")
    more(args, result.cursor, number, corpus)
    return 0


def _conflict_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--topic", help="only this topic")
    p.add_argument("--scope", help="only this scope")
    p.add_argument("--as-of", type=date_value, help="YYYY-MM-DD or an ISO timestamp (default: now)")
    page_args(p)


@command("conflicts", "open and resolved conflicts across topics and scopes", _conflict_args)
def _conflicts(args: argparse.Namespace) -> int:
    as_of = parse_when(args.as_of, "--as-of") if args.as_of else None
    corpus = load_corpus(args)
    given = args.topic is not None and args.topic.strip()
    if given and (refused := refuse_topic(corpus, args.topic)) is not None:
        return refused
    at = now()
    shown = readable_page(
        args,
        corpus,
        lambda cursor: corpus.find_conflicts(
            args.topic, args.scope, as_of, cursor, args.limit, now=at
        ),
    )
    if shown is None:
        return 0
    result, number = shown
    if not result.items:
        out("No conflicts.")
    for c in result.items:
        out(f"{c.conflict_id} ({c.status}) — {c.topic} in {c.scope}, against {c.decision_id}")
        out("  " + _record_line(c.item))
        out(_wrap(c.rationale))
        out(_wrap(c.resolution_hint))
    more(args, result.cursor, number, corpus)
    return 0


def _topics_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--scope", help="only topics with a record on a scope overlapping this one")
    p.add_argument(
        "--as-of", type=date_value, help="each topic's status as of this date (default: now)"
    )
    p.add_argument("--mind", default="default", help="whose memories to see (default: default)")
    page_args(p)


@command("topics", "every topic, with what query answers for it", _topics_args)
def _topics(args: argparse.Namespace) -> int:
    as_of = parse_when(args.as_of, "--as-of") if args.as_of else None
    corpus = load_corpus(args)
    at = now()
    shown = readable_page(
        args,
        corpus,
        lambda cursor: corpus.list_topics(args.scope, as_of, args.mind, cursor, args.limit, now=at),
    )
    if shown is None:
        return 0
    result, number = shown
    where = f" in {args.scope}" if args.scope else ""
    when = f" as of {as_of}" if as_of is not None else ""
    if not result.items:
        out(f"No topics{where}.")
        return 0
    out(f"Topics{where}{when}")
    width = max(len(i.topic) for i in result.items)
    ids = max(len(i.decision_id or "-") for i in result.items)
    for i in result.items:
        records = f"{i.record_count} record{'' if i.record_count == 1 else 's'}"
        aliases = f"  ({', '.join(i.aliases)})" if i.aliases else ""
        out(
            f"  {i.topic:<{width}}  {_MARK[i.status]:<21}  {i.decision_id or '-':<{ids}}"
            f"  {records}{aliases}"
        )
    more(args, result.cursor, number, corpus)
    return 0
