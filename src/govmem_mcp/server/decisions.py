"""The govmem tools over decisions: `query`, `list_topics`, `get_decision_history`, `find_conflicts`.

Each answers with exactly the library's result (`to_wire()`); a topic named
that does not exist is answered with the closest topics — as data in
`get_decision_history` and `find_conflicts` (`closest_topics`), in the
summary of `query` (whose result is exactly the library's answer).
`known_as_of` reads the corpus as committed then (git objects only).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from mcp.types import CallToolResult

import govmem
from govmem import Answer, Corpus, GitHistoryError, InvalidCursor, When
from govmem_mcp import schemas as s
from govmem_mcp._state import LiveCorpus

from .base import READ_ONLY, Refused, ToolSpec, closest_sentence, on_corpus, plural, result

NEEDS_HISTORY: Final = "known_as_of needs git history"


def query(state: LiveCorpus, a: Mapping[str, Any]) -> CallToolResult:
    """Answer a plain question about what the team has decided: one verdict with its reasons.

    Call this first whenever the user asks what is decided, allowed, chosen or
    in force ("which database do new services use?", "are we still on
    Kafka?"). Pass the question in words, in any language; the topic is
    inferred from it (pass `topic` when you know it, e.g. from `list_topics`).
    The answer: `status` (verified, contested = an open conflict,
    insufficient_evidence, or unknown = no topic matched), the `decision` in
    force with its dates, what it superseded, narrower-scope exceptions,
    conflicting claims or proposals, evidence quotes checked against their
    sources, the sources, `missing_information`, and `drill_down` (whether
    another tool is needed at all). When no topic is clearly the one asked
    about, the status is `unknown` and `candidates` lists the closest topics
    (each with the decision, status and decision sentence asking with that
    topic gives). When the first has `likely: true`, the summary opens with it
    as the likely answer, not confirmed: ask again with `topic` set to it to
    confirm (`drill_down` says so) before relying on it. Otherwise ask again
    with `topic` set to the candidate that fits the user's question, never
    guess. `as_of` asks about another date; `known_as_of` sees only what had
    been committed by then.

    Example: {"question": "Which database do we use for new services?"}
    """

    def op(corpus: Corpus) -> CallToolResult:
        when: str | When | None = a["as_of"]
        if a["known_as_of"] is not None:
            corpus, known = _known(state, a["known_as_of"])
            when = a["as_of"] if a["as_of"] is not None else known
        topic, mind = a["topic"], a["mind"]
        if topic is None:
            govmem.seed_derived(corpus)  # the kept topic index, read only when inferring
        answer = corpus.query(a["question"], topic, a["scope"], when, mind)
        summary = query_summary(answer)
        if topic is not None and topic.strip() and corpus.existing_topic(topic, mind) is None:
            summary += " " + closest_sentence(topic, corpus.closest_topics(topic, mind))
        extra: dict[str, Any] = {}
        if answer.candidates:
            extra["candidates"] = [c.to_dict() for c in answer.candidates]
            summary = candidates_summary(answer, summary)
        return result(corpus, answer.to_wire(), summary, extra)

    return on_corpus(state, op)


def _known(state: LiveCorpus, known_as_of: str) -> tuple[Corpus, When]:
    """The corpus as committed at `known_as_of`, and the date `as_of` defaults to.

    Raises:
        Refused: no git history, or nothing committed by then.
    """
    try:
        root = state.root
        when = govmem.known_as_of_date(root, known_as_of)
        corpus = govmem.load(root, known_as_of=known_as_of, config=state.config, dir=state.dir_rel)
    except GitHistoryError as exc:
        why = "" if exc.message == NEEDS_HISTORY else f" ({exc.message})"
        msg = f"{NEEDS_HISTORY}{why}. Omit known_as_of, or give a later date or a commit of HEAD."
        raise Refused(msg) from exc
    return corpus, when


def candidates_summary(a: Answer, verdict: str) -> str:
    """The summary of an answer with candidates: the likely answer first, marked as not
    confirmed, when there is one; then the verdict; then the other candidates.

    `LIKELY ANSWER (not confirmed): 0004 "4. Use MySQL for new services" (verified) — We will
    use MySQL for new services. To confirm, ask again with topic "use mysql for new
    services". UNKNOWN: no topic in all as of … Other candidates: …`
    """
    likely = a.likely
    opening = ""
    others = a.candidates
    if likely is not None:
        others = a.candidates[1:]
        said = f" — {likely.summary}" if likely.summary else ""
        end = "" if said.endswith((".", "!", "?")) else "."
        what = f'{likely.decision_id} "{likely.title}"' if likely.decision_id else "no decision"
        opening = (
            f"LIKELY ANSWER (not confirmed): {what} ({likely.status}){said}{end} To confirm, ask "
            f'again with topic "{likely.topic}". '
        )
    listed = "; ".join(f"{c.topic} ({c.decision_id or 'no decision'}, {c.status})" for c in others)
    tail = ""
    if listed:
        head = "Other candidates" if likely is not None else "Candidates"
        tail = f" {head}: {listed}. Ask again with `topic` set to the one that fits."
    return opening + verdict + tail


def query_summary(a: Answer) -> str:
    """`VERIFIED: database in new-services as of 2026-09-08 — adr-024 (PostgreSQL); …`."""
    d = a.decision
    what = f"{d.id} ({d.value})" if d and d.value else (d.id if d else "no decision")
    opened = sum(1 for c in a.conflicts if c.status == "open")
    return (
        f"{a.status.upper()}: {a.topic or 'no topic'} in {a.scope} as of "
        f"{a.temporal_validity.to_dict()['as_of']} — {what}; "
        f"{plural(opened, 'open conflict', 'open conflicts')}, "
        f"{len(a.superseded_decisions)} superseded, "
        f"{plural(len(a.scope_exceptions), 'scope exception', 'scope exceptions')}."
    )


def get_decision_history(state: LiveCorpus, a: Mapping[str, Any]) -> CallToolResult:
    """Drill down into how one topic's decisions changed over time: every record, as dated events.

    Call it when the user asks how a decision evolved, what was tried before,
    or when `query`'s `drill_down` suggests it. Each item is `{id, scope,
    status, date, event}`, oldest first; `event` is `recorded`,
    `status-change`, `superseded-by <id>` or `ended`. Rejected, revoked and
    superseded records are included. A topic that does not exist gives
    `topic: null` and `closest_topics`, the existing topics closest to the
    name. Paginated: pass back `cursor` with the same arguments.

    Example: {"topic": "database"}
    """

    def op(corpus: Corpus) -> CallToolResult:
        h = corpus.get_decision_history(a["topic"], a["scope"], a["cursor"], a["limit"])
        if isinstance(h, InvalidCursor):
            return result(corpus, h.to_wire(), h.message)
        text = (
            f"Returned {plural(len(h.items), 'history event', 'history events')} of topic "
            f'"{h.topic}".'
            if h.topic is not None
            else closest_sentence(a["topic"], h.closest_topics or ())
        )
        return result(corpus, h.to_wire(), text)

    return on_corpus(state, op)


def find_conflicts(state: LiveCorpus, a: Mapping[str, Any]) -> CallToolResult:
    """Drill down into conflicts: every claim or proposal that contradicts a decision in force.

    Call it to audit the decisions (all topics, or one), or when `query`
    says its conflicts were cut. Each item names the conflicting record, the
    decision it contradicts, its topic and scope, whether it is `open` or
    `resolved`, and a `resolution_hint`; open ones first. A `topic` that does
    not exist adds `closest_topics`. Paginated: pass back `cursor`.

    Example: {"topic": "database", "as_of": "2026-09-08"}
    """

    def op(corpus: Corpus) -> CallToolResult:
        topic = a["topic"]
        found = corpus.find_conflicts(topic, a["scope"], a["as_of"], a["cursor"], a["limit"])
        if isinstance(found, InvalidCursor):
            return result(corpus, found.to_wire(), found.message)
        opened = sum(1 for i in found.items if i.status == "open")
        text = (
            f"Returned {plural(len(found.items), 'conflict', 'conflicts')}: {opened} open, "
            f"{len(found.items) - opened} resolved."
        )
        if topic is not None and found.closest_topics is not None:
            text = closest_sentence(topic, found.closest_topics)
        return result(corpus, found.to_wire(), text)

    return on_corpus(state, op)


def list_topics(state: LiveCorpus, a: Mapping[str, Any]) -> CallToolResult:
    """List the topics the decisions are about, each with its current status and decision.

    Call it to see what exists before asking, when `query` answers
    `unknown`, or when the user asks what has been decided at all. Each item:
    `topic` (a name to pass as `topic` to `query` or `get_decision_history`),
    its `aliases`, the `status` and `decision_id` that `query` would answer
    for it, and its `record_count`. Ordered by name; paginated: pass back
    `cursor` with the same arguments for the next page.

    Example: {"limit": 50}
    """

    def op(corpus: Corpus) -> CallToolResult:
        listed = corpus.list_topics(a["scope"], a["as_of"], a["mind"], a["cursor"], a["limit"])
        if isinstance(listed, InvalidCursor):
            return result(corpus, listed.to_wire(), listed.message)
        more = " More with the cursor." if listed.cursor else ""
        text = f"Returned {plural(len(listed.items), 'topic', 'topics')}.{more}"
        return result(corpus, listed.to_wire(), text)

    return on_corpus(state, op)


TOOLS: Final = (
    ToolSpec(query, "Ask what is decided", READ_ONLY, s.QueryOutput),
    ToolSpec(get_decision_history, "Get a topic's decision history", READ_ONLY, s.HistoryOutput),
    ToolSpec(find_conflicts, "Find conflicts", READ_ONLY, s.ConflictsOutput),
    ToolSpec(list_topics, "List topics", READ_ONLY, s.TopicsOutput),
)
