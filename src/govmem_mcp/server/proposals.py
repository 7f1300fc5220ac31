"""The govmem tools over proposals: `check_proposal` (read-only) and `propose_decision` (writes).

`check_proposal` answers what a proposed decision meets (`Corpus.check_proposal`)
and the draft the folder would get (`govmem.draft_decision`: nothing is
written). `propose_decision` exists only with `allow_writes` and writes one
new `proposed` record in the folder's own format, touching no other file
(`govmem.propose_from_agent`); its answer is given once the file is in place,
even when the reload after it fails (`base.acknowledge`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from mcp.types import CallToolResult

import govmem
from govmem import Corpus, CorpusUnavailable, GovmemError, InputError, ProposalCheck, When
from govmem_mcp import schemas as s
from govmem_mcp._state import LiveCorpus

from .base import (
    FIX,
    READ_ONLY,
    WRITES,
    ToolSpec,
    acknowledge,
    on_corpus,
    plural,
    result,
    tool_error,
    unavailable,
)


def check_proposal(state: LiveCorpus, a: Mapping[str, Any]) -> CallToolResult:
    """Check a decision before proposing it: what the team already decided, rejected or proposed.

    Call it before `propose_decision`, or whenever you are about to suggest a
    technology, pattern or rule the team may have decided on. Pass the
    proposal's `title` (and its `decision` text); the topic and scope are
    inferred unless given. The result: `decision`, the decision in force
    (and `summary`, its sentence); `options` the team rejected or superseded
    there, each with its reason and `matches: true` when your proposal names
    it again (`reproposes` is then true: say so to the user instead of
    proposing it); open `proposals` on the topic; `overlaps`, records in
    force it would meet; `candidates` when no topic matched; and `draft`,
    the record the folder would get (its file and text, dated `as_of` when
    given). Nothing is written.

    Example: {"title": "Use MySQL for new services"}
    """

    def op(corpus: Corpus) -> CallToolResult:
        checked = corpus.check_proposal(
            a["title"], a["decision"], a["topic"], a["scope"], a["as_of"]
        )
        out: dict[str, Any] = checked.to_wire()
        day = checked.as_of.as_of if isinstance(checked.as_of, When) else None
        try:
            drafted = govmem.draft_decision(
                state.root,
                a["title"],
                decision=a["decision"],
                topic=a["topic"],
                scope=a["scope"],
                agent=True,
                now=day,
                config=state.config,
                dir=state.dir_rel,
                corpus=corpus,
            )
            out["draft"] = {
                "path": drafted.path,
                "text": drafted.text,
                "notes": list(drafted.notes),
            }
        except (InputError, GovmemError):
            out["draft"] = None
        return result(corpus, out, check_summary(checked, out["draft"]))

    return on_corpus(state, op)


def check_summary(c: ProposalCheck, draft: Mapping[str, Any] | None) -> str:
    """`RE-PROPOSES MySQL (superseded in adr-001, 2026-02-01). In force: adr-024 (PostgreSQL) …`."""
    parts: list[str] = []
    if c.reproposes:
        again = "; ".join(
            f"{o.option} ({o.status} in {o.id}{', ' + str(o.date) if o.date else ''})"
            for o in c.reproposes
        )
        parts.append(f"RE-PROPOSES {again}.")
    if c.topic is None:
        offered = ", ".join(x.topic for x in c.candidates) or "none"
        parts.append(f"No topic matched; candidates: {offered}.")
    elif c.decision is not None:
        value = f" ({c.decision.value})" if c.decision.value else ""
        parts.append(f"In force on {c.topic} for {c.decision.scope}: {c.decision.id}{value}.")
    else:
        parts.append(f"No decision on {c.topic} is in force for {c.scope}.")
    if c.topic is not None:
        parts.append(
            f"{plural(len(c.proposals), 'open proposal', 'open proposals')}, "
            f"{plural(len(c.overlaps), 'overlap', 'overlaps')}."
        )
    parts.append(f"Draft: {draft['path']}." if draft else "No ADR folder to draft in.")
    return " ".join(parts)


def propose_decision(state: LiveCorpus, a: Mapping[str, Any]) -> CallToolResult:
    """Propose a decision: write it as a new record in the team's ADR folder, status proposed.

    Call `check_proposal` first. The record is written in the folder's own
    format (its template, numbering, title, date), marked as written by an
    agent, with the status `proposed`: it is never in force until a person
    accepts it. It changes no existing record: `supersedes` (ids or numbers)
    only links the new record to the ones it would replace. Returns the new
    record's `id` and file `path`. Give a `request_id` of your own (a UUID)
    to make a retry safe: a second call with the same `request_id` returns
    the first call's record and writes nothing.

    Example: {"title": "Use Redis for caching", "decision": "We will use Redis for the session cache.", "request_id": "6f1c…"}
    """
    args = {k: v for k, v in a.items() if v is not None}
    try:
        corpus = state.current()
    except CorpusUnavailable as exc:
        return unavailable(exc)
    try:
        done = govmem.propose_from_agent(
            state.root, args, corpus=corpus, config=state.config, dir=state.dir_rel
        )
    except CorpusUnavailable as exc:
        return unavailable(exc)
    except InputError as exc:
        return tool_error(f"{exc}{FIX}")
    except GovmemError as exc:
        return tool_error(str(exc))
    if done.first:
        text = f"Wrote proposal {done.id} to {done.path} (proposed: a person accepts it)."
    else:
        text = f"Proposal {done.id} ({done.path}) was written by a first call with this request_id."
    return acknowledge(state, done.to_wire(), " ".join((text, *done.notes)))


TOOLS: Final = (
    ToolSpec(check_proposal, "Check a proposed decision", READ_ONLY, s.CheckOutput),
    ToolSpec(propose_decision, "Propose a decision", WRITES, s.ProposeOutput, writes=True),
)
