"""`check_proposal`: what a proposed decision meets in the corpus, before it is written. Pure.

A proposal (its title and decision text, maybe a `value`) is checked as a
query is answered (`query._Run`): its topic is the given one, else inferred
from its words (SPEC §5.1: no confident topic, and the closest ones are
`candidates`); its scope S is the given one, else a declared scope its words
name, else `all` — the scope a new record without one gets. On that topic
the check reports:

* **the decision in force** on S (the decision `query` selects, when one is
  in force), with the sentence a verdict prints for it;
* **options rejected or superseded** there: every record of class rejected
  or superseded on the topic in a scope overlapping S, each with its
  option, date, a reason sentence, and whether the proposal **re-proposes**
  it (`matches`, below), those first;
* **open proposals**: records of the proposed class on the topic, started
  and not ended, in a scope overlapping S;
* **overlaps**: the other records in force on the topic whose scope overlaps
  S (the decision aside), each a rule the proposal would meet.

**Matching** (stated in docs/query.md). An option is a record's `value`
where it has one; else the option its decision section chose (MADR's
`Chosen option: "X"`); else its title's subject (the title without its
number: `Use PostgreSQL for new services`). The proposal re-proposes it
when the proposal's `value` equals it (folded, the topic's `values`
spellings mapped), or when every term of the option — or of one of its
value's spellings — occurs among the proposal's terms (§5.1 terms of its
title and decision text: folded, stop words dropped, stemmed; intent words
such as `use` are dropped from the option, kept in the proposal). `MySQL`
is re-proposed by "Use MySQL for new services"; `Use PostgreSQL for new
services` by "Adopt PostgreSQL for new services", not by "Use PostgreSQL
for analytics".
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime
from typing import Final

from attrs import frozen

from govmem.index.index import Index
from govmem.model.records import ROOT_SCOPE
from govmem.model.text import fold
from govmem.model.time import When

from . import answer as ans
from .qindex import value_spellings
from .query import _Run, make_ask
from .terms import question_terms, term_set

_CHOSEN: Final = re.compile(r"chosen\s+option\s*:?\s*[\"“']?(?P<name>[^\"”'\n,]+)", re.IGNORECASE)
_NUMBERED_TITLE: Final = re.compile(
    r"^\W*(?:(?:adr|rfc)[\s#:-]*)?\d+[a-z]?\s*(?:[.:)\-–—]\s*|\s+)", re.IGNORECASE
)
OPTION_CLASSES: Final = ("rejected", "superseded")


@frozen
class PastOption:
    """An option the team rejected or superseded on the topic."""

    id: str
    title: str
    option: str
    """What was chosen there: its value, its chosen option, or its title's subject."""
    status: str
    """As printed: `rejected`, `superseded`."""
    scope: str
    date: When | None
    """When it was rejected, or when its supersession took effect (unknown: null)."""
    reason: str
    """One sentence: `Superseded by adr-024 on 2026-02-01.`, `Rejected in favour of 0101.`"""
    matches: bool
    """The proposal re-proposes this option (module docstring, "Matching")."""

    def to_dict(self) -> dict[str, ans.JSONValue]:
        """`{id, title, option, status, scope, date, reason, matches}`."""
        return {
            "id": self.id,
            "title": self.title,
            "option": self.option,
            "status": self.status,
            "scope": self.scope,
            "date": None if self.date is None else str(self.date),
            "reason": self.reason,
            "matches": self.matches,
        }


@frozen
class ProposalCheck:
    """What a proposal meets: the result of `check_proposal` (module docstring)."""

    proposal: str
    """The text checked: the title, then the decision text."""
    topic: str | None
    scope: str
    as_of: When | str
    decision: ans.RecordView | None
    """The decision in force on the topic for `scope`, if one is."""
    summary: str | None
    """The sentence a verdict prints for it: its first evidence excerpt, else its content."""
    options: tuple[PastOption, ...]
    proposals: tuple[ans.RecordView, ...]
    overlaps: tuple[ans.RecordView, ...]
    candidates: tuple[ans.Candidate, ...] = ()
    """No topic was confident: the closest ones (as `query` offers them)."""
    notes: tuple[str, ...] = ()
    """The checks in sentences, most important first."""

    @property
    def reproposes(self) -> tuple[PastOption, ...]:
        """The rejected or superseded options the proposal names again."""
        return tuple(o for o in self.options if o.matches)

    def to_dict(self) -> dict[str, ans.JSONValue]:
        """`{proposal, topic, scope, as_of, decision, summary, reproposes, options, proposals,
        overlaps, candidates, notes}`."""
        return {
            "proposal": self.proposal,
            "topic": self.topic,
            "scope": self.scope,
            "as_of": ans.as_of_text(self.as_of),
            "decision": None if self.decision is None else self.decision.to_dict(),
            "summary": self.summary,
            "reproposes": bool(self.reproposes),
            "options": [o.to_dict() for o in self.options],
            "proposals": [p.to_dict() for p in self.proposals],
            "overlaps": [p.to_dict() for p in self.overlaps],
            "candidates": [c.to_dict() for c in self.candidates],
            "notes": list(self.notes),
        }

    def to_wire(self) -> dict[str, ans.JSONValue]:
        """The MCP tool's `result` (the keys of `to_dict()`)."""
        return self.to_dict()


def proposal_text(title: str, decision: str | None = None) -> str:
    """The text a proposal is checked by: its title, then its decision text."""
    return (
        title.strip()
        if not decision or not decision.strip()
        else f"{title.strip()}\n{decision.strip()}"
    )


def title_subject(title: str) -> str:
    """A title without its number (`4. Use MySQL` -> `Use MySQL`, `ADR036: X` -> `X`)."""
    return _NUMBERED_TITLE.sub("", title, count=1).strip() or title.strip()


def chosen_option(body: str) -> str | None:
    """MADR's `Chosen option: "X"` of a record's body (placeholders aside)."""
    m = _CHOSEN.search(body)
    if m is None:
        return None
    name = m["name"].strip().rstrip(".")
    return None if not name or "{" in name or "[" in name else name


class _Check(_Run):
    """One check: a query's topic, scope and placement, then the proposal's own lists."""

    def option_names(self, pos: int, topic: str) -> tuple[str, list[str]]:
        """The option a record chose, and the spellings it matches by."""
        rec = self.c.records[pos]
        if rec.value and rec.value.strip():
            value = rec.value.strip()
            key = self.value_key(pos, topic) or fold(value)
            table = value_spellings(self.c).get(topic) or {}
            return value, [value, *(s for s, canon in table.items() if canon == key)]
        name = chosen_option(rec.body) or title_subject(rec.title or rec.id)
        return name, [name]

    def matches(self, pos: int, topic: str, wanted: frozenset[str], value: str | None) -> bool:
        """Whether the proposal (its terms, its value) re-proposes the record's option."""
        key = self.value_key(pos, topic)
        if value is not None and key is not None:
            table = value_spellings(self.c).get(topic) or {}
            folded = fold(value.strip())
            if table.get(folded, folded) == key:
                return True
        _, names = self.option_names(pos, topic)
        for name in names:
            terms = set(question_terms(name))
            if terms and terms <= wanted:
                return True
        return False

    def option(self, pos: int, topic: str, wanted: frozenset[str], value: str | None) -> PastOption:
        c = self.c
        rec, f = c.records[pos], c.facts[pos]
        name, _ = self.option_names(pos, topic)
        if f.status == "rejected":
            dates = [ch.at for ch in rec.changes if ch.status == "rejected"]
            on = dates[-1] if dates else f.valid_from
            favour = [
                r
                for link in rec.links
                if link.kind == "rejected-in-favour-of"
                for r in (c.records[p].id for p in c.resolve(link.ref, rec.path))
            ]
            reason = (
                f"Rejected in favour of {', '.join(dict.fromkeys(favour))}"
                if favour
                else "Rejected"
            )
        else:
            on = f.valid_to
            after = f.successors or f.written_successors
            by = ", ".join(c.records[p].id for p in after)
            reason = f"Superseded by {by}" if by else "Superseded"
        reason += f" on {on}." if on is not None else "."
        return PastOption(
            rec.id,
            rec.title or rec.id,
            name,
            f.label,
            f.scope,
            on,
            reason,
            self.matches(pos, topic, wanted, value),
        )


def check_proposal(
    corpus: Index,
    text: str,
    *,
    topic: str | None = None,
    scope: str | None = None,
    value: str | None = None,
    as_of: When | None = None,
    now: datetime,
    mind: str = "default",
) -> ProposalCheck:
    """What the proposal `text` meets (module docstring); pure (`now` is read by the caller)."""
    run = _Check(corpus, make_ask(text, as_of, now, mind))
    topic = topic if topic is not None and topic.strip() else None
    scope = scope if scope is not None and scope.strip() else None
    v = run.resolve(topic, scope)
    own_scope = run.scope if run.requested else ROOT_SCOPE
    run.scope = own_scope
    as_of_echo = run.ask.as_of
    if v.topic is None or not v.members:
        candidates = tuple(
            run.candidate(t, scope, likely=v.likely and n == 0) for n, t in enumerate(v.candidates)
        )
        notes = tuple(v.topic_lines) + tuple(v.scope_lines)
        return ProposalCheck(
            text, v.topic, own_scope, as_of_echo, None, None, (), (), (), candidates, notes
        )
    c = corpus
    wanted = term_set([text, value])
    decision = v.decision if v.has_candidate else None
    options = [
        run.option(p, v.topic, wanted, value)
        for p in v.members
        if c.facts[p].status in OPTION_CLASSES and run.overlaps_s(p)
    ]
    options.sort(key=lambda o: not o.matches)
    proposals = [
        p
        for p in v.members
        if c.facts[p].status == "proposed" and run.live(p) and run.overlaps_s(p)
    ]
    in_force = [p for p in v.members if c.in_force(p, run.at)]
    gone = run.replaced(in_force)
    overlaps = [p for p in in_force if p != decision and p not in gone and run.overlaps_s(p)]
    summary = None
    if decision is not None:
        evidence = run.evidence(decision)
        summary = evidence[0].excerpt if evidence else c.records[decision].content
    said = _notes(run, v.topic, own_scope, decision, summary, options, proposals, overlaps)
    return ProposalCheck(
        text,
        v.topic,
        own_scope,
        as_of_echo,
        run.view(decision) if decision is not None else None,
        summary,
        tuple(options),
        tuple(run.view(p) for p in proposals),
        tuple(run.view(p) for p in overlaps),
        (),
        (*v.scope_lines, *said),
    )


def _notes(
    run: _Check,
    topic: str,
    scope: str,
    decision: int | None,
    summary: str | None,
    options: Sequence[PastOption],
    proposals: Sequence[int],
    overlaps: Sequence[int],
) -> list[str]:
    """The check in sentences: re-proposed options, the decision, proposals, overlaps."""
    c = run.c
    out = [
        f"It re-proposes {o.option}, {o.status} in {o.id}"
        + (f" ({o.date})." if o.date is not None else ".")
        for o in options
        if o.matches
    ]
    if decision is not None:
        rec, f = c.records[decision], c.facts[decision]
        what = f" ({rec.value})" if rec.value else ""
        out.append(f"{rec.id}{what} is in force on {topic} for {f.scope}: {summary}")
    else:
        out.append(f"No decision on {topic} is in force for {scope}.")
    out += [
        f"{c.records[p].id} is an open proposal on {topic}"
        + (f" ({c.records[p].value})." if c.records[p].value else ".")
        for p in proposals
    ]
    out += [
        f"It would overlap {c.facts[p].scope}, where {c.records[p].id}"
        + (f" ({c.records[p].value})" if c.records[p].value else "")
        + " is in force."
        for p in overlaps
    ]
    return out
