"""The tools' output shapes (`TypedDict`s) and the functions that fill them.

Every tool returns `structuredContent = {corpusHealth, result}`; `result`
is the operation's own answer, or one of the two non-error outcomes
`invalid-cursor` and `corpus-unavailable` (the latter without
`corpusHealth`). The SDK publishes these classes as each tool's
`outputSchema` and validates every result against them; each class forbids
unknown keys, so a drift between the core's `to_dict()` and this file fails
loudly in the tests rather than on a client.

The tools fill them with the core's `to_wire()` values (`server.base`
builds the envelope); the adrkit tools' shapes are in `schemas_adrkit`.
"""

from __future__ import annotations

from typing import Literal, NotRequired

from pydantic import ConfigDict, with_config
from typing_extensions import TypedDict

STRICT = ConfigDict(extra="forbid")
_STRICT = STRICT

# --- envelope parts ---------------------------------------------------------------


@with_config(_STRICT)
class CorpusHealth(TypedDict):
    """`{fingerprint, recordCount, excludedCount}` of the corpus that answered."""

    fingerprint: str
    recordCount: int
    excludedCount: int


@with_config(_STRICT)
class CorpusUnavailableOut(TypedDict):
    """The root or a folder cannot be read, or files changed during the load."""

    outcome: Literal["corpus-unavailable"]
    reason: Literal[
        "root-not-found",
        "root-not-directory",
        "root-not-readable",
        "root-not-git",
        "dir-not-found",
        "dir-not-directory",
        "dir-not-readable",
        "dir-outside-root",
        "corpus-changed-during-load",
    ]
    message: str


@with_config(_STRICT)
class InvalidCursorOut(TypedDict):
    """A stale or forged cursor: start again without one."""

    outcome: Literal["invalid-cursor"]
    reason: Literal[
        "decode-failed",
        "version-unsupported",
        "wrong-channel",
        "corpus-changed",
        "query-mismatch",
        "cursor-not-applicable",
        "offset-out-of-range",
    ]
    message: str


# --- query (seed 000) -------------------------------------------------------------


@with_config(_STRICT)
class RecordViewOut(TypedDict):
    """A record as an answer shows it."""

    id: str
    content: str | None
    value: str | None
    status: str
    scope: str | None
    valid_from: str | None
    valid_to: str | None
    confidence: float | None
    authority: float | None


@with_config(_STRICT)
class TemporalValidityOut(TypedDict):
    """The instant asked about and the decision's bounds."""

    as_of: str
    valid_from: str | None
    valid_to: str | None


@with_config(_STRICT)
class SourceOut(TypedDict):
    """A source the answer rests on (never its text)."""

    source_id: str
    title: str | None
    type: str | None
    reference: str | None
    occurred_at: str | None


@with_config(_STRICT)
class EvidenceOut(TypedDict):
    """An excerpt, and whether it occurs in its source's text."""

    source_id: str
    excerpt: str
    verified: bool


@with_config(_STRICT)
class ConflictOut(TypedDict):
    """A record incompatible with the decision, and why."""

    conflict_id: str
    item: RecordViewOut
    source_ids: list[str]
    rationale: str
    status: Literal["open", "resolved"]


@with_config(_STRICT)
class ContextMetricsOut(TypedDict):
    """Code points of the listed sources' texts and of the excerpts returned."""

    source_characters: int
    evidence_characters_returned: int


@with_config(_STRICT)
class DrillDownOut(TypedDict):
    """Whether another tool is needed to see everything, and which."""

    required: bool
    suggested_tool: str | None
    reason: str


@with_config(_STRICT)
class AnswerOut(TypedDict):
    """The answer of `query`: the decision in force, what it replaced, exceptions, conflicts, evidence."""

    query: str
    topic: str | None
    status: Literal["verified", "contested", "insufficient_evidence", "unknown"]
    decision: RecordViewOut | None
    scope: str | None
    temporal_validity: TemporalValidityOut
    sources: list[SourceOut]
    evidence: list[EvidenceOut]
    superseded_decisions: list[RecordViewOut]
    scope_exceptions: list[RecordViewOut]
    conflicts: list[ConflictOut]
    missing_information: list[str]
    context_metrics: ContextMetricsOut
    drill_down: DrillDownOut


@with_config(_STRICT)
class CandidateOut(TypedDict):
    """A topic offered instead of a guess: what asking again with it answers, and if it is likely."""

    topic: str
    decision_id: str | None
    title: str | None
    status: Literal["verified", "contested", "insufficient_evidence", "unknown"]
    summary: str | None
    likely: bool


@with_config(_STRICT)
class QueryOutput(TypedDict):
    """`query`'s structured content; `candidates` only when no topic was confident."""

    corpusHealth: NotRequired[CorpusHealth]
    result: AnswerOut | CorpusUnavailableOut
    candidates: NotRequired[list[CandidateOut]]


# --- drill-downs ------------------------------------------------------------------


@with_config(_STRICT)
class HistoryItemOut(TypedDict):
    """One dated event of a topic's history."""

    id: str
    scope: str | None
    status: str
    date: str | None
    event: str


@with_config(_STRICT)
class HistoryOut(TypedDict):
    """A page of a topic's history (`topic` null and `closest_topics` when no topic matched)."""

    topic: str | None
    items: list[HistoryItemOut]
    cursor: str | None
    closest_topics: NotRequired[list[str]]


@with_config(_STRICT)
class HistoryOutput(TypedDict):
    """`get_decision_history`'s structured content."""

    corpusHealth: NotRequired[CorpusHealth]
    result: HistoryOut | InvalidCursorOut | CorpusUnavailableOut


@with_config(_STRICT)
class FoundConflictOut(TypedDict):
    """A conflict, where it is, and how to settle it."""

    conflict_id: str
    item: RecordViewOut
    source_ids: list[str]
    rationale: str
    status: Literal["open", "resolved"]
    topic: str
    scope: str | None
    decision_id: str
    resolution_hint: str


@with_config(_STRICT)
class ConflictsOut(TypedDict):
    """A page of conflicts (with `closest_topics` when the topic asked about does not exist)."""

    items: list[FoundConflictOut]
    cursor: str | None
    closest_topics: NotRequired[list[str]]


@with_config(_STRICT)
class ConflictsOutput(TypedDict):
    """`find_conflicts`'s structured content."""

    corpusHealth: NotRequired[CorpusHealth]
    result: ConflictsOut | InvalidCursorOut | CorpusUnavailableOut


@with_config(_STRICT)
class TopicOut(TypedDict):
    """A topic, what `query` answers for it, and how many records it has."""

    topic: str
    aliases: list[str]
    status: Literal["verified", "contested", "insufficient_evidence", "unknown"]
    decision_id: str | None
    record_count: int


@with_config(_STRICT)
class TopicsOut(TypedDict):
    """A page of topics, by name."""

    items: list[TopicOut]
    cursor: str | None


@with_config(_STRICT)
class TopicsOutput(TypedDict):
    """`list_topics`'s structured content."""

    corpusHealth: NotRequired[CorpusHealth]
    result: TopicsOut | InvalidCursorOut | CorpusUnavailableOut


# --- memories (seed 004) ----------------------------------------------------------


@with_config(_STRICT)
class MemoryOut(TypedDict):
    """One memory: its category, key, content, priority, source, verification and dates."""

    id: str
    category: str
    key: str
    content: str
    tags: list[str]
    priority: str
    source: Literal["user", "agent"]
    verified: bool
    confidence: float
    expires_at: str | None
    mind_id: str
    created_at: str | None
    updated_at: str | None
    verified_by: NotRequired[str]


@with_config(_STRICT)
class RecallOut(TypedDict):
    """What a mind remembers, as text for a model's context."""

    text: str


@with_config(_STRICT)
class RecallOutput(TypedDict):
    """`recall`'s structured content."""

    corpusHealth: NotRequired[CorpusHealth]
    result: RecallOut | CorpusUnavailableOut


@with_config(_STRICT)
class MemoriesOut(TypedDict):
    """A page of memories."""

    items: list[MemoryOut]
    cursor: str | None


@with_config(_STRICT)
class MemoriesOutput(TypedDict):
    """`search_memories`'s structured content."""

    corpusHealth: NotRequired[CorpusHealth]
    result: MemoriesOut | InvalidCursorOut | CorpusUnavailableOut


@with_config(_STRICT)
class WrittenOut(TypedDict):
    """The new record's id and its root-relative path."""

    id: str
    path: str


@with_config(_STRICT)
class RememberOutput(TypedDict):
    """`remember`'s structured content."""

    corpusHealth: NotRequired[CorpusHealth]
    result: WrittenOut | CorpusUnavailableOut


# --- proposals (v6) ---------------------------------------------------------------


@with_config(_STRICT)
class PastOptionOut(TypedDict):
    """An option the team rejected or superseded on the topic; `matches`: the proposal names it."""

    id: str
    title: str
    option: str
    status: str
    scope: str
    date: str | None
    reason: str
    matches: bool


@with_config(_STRICT)
class DraftOut(TypedDict):
    """The record `propose_decision` would write now: its file and its text."""

    path: str
    text: str
    notes: list[str]


@with_config(_STRICT)
class CheckOut(TypedDict):
    """What a proposal meets: the decision in force, options rejected or superseded, open
    proposals, overlaps; the draft the folder would get (null without an ADR folder)."""

    proposal: str
    topic: str | None
    scope: str
    as_of: str
    decision: RecordViewOut | None
    summary: str | None
    reproposes: bool
    options: list[PastOptionOut]
    proposals: list[RecordViewOut]
    overlaps: list[RecordViewOut]
    candidates: list[CandidateOut]
    notes: list[str]
    draft: DraftOut | None


@with_config(_STRICT)
class CheckOutput(TypedDict):
    """`check_proposal`'s structured content."""

    corpusHealth: NotRequired[CorpusHealth]
    result: CheckOut | CorpusUnavailableOut


@with_config(_STRICT)
class ProposeOutput(TypedDict):
    """`propose_decision`'s structured content (no `corpusHealth` when the reload after the
    write failed: the record is written all the same)."""

    corpusHealth: NotRequired[CorpusHealth]
    result: WrittenOut | CorpusUnavailableOut
