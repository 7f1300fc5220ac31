"""The answer of `query` and of its drill-down operations, and their fixed wording.

These are the wire shapes of seed `000` (SPEC §5): frozen attrs values whose
`to_dict()` gives exactly the seed's keys, nesting and key order, ready for
`json.dumps`. The shapes are fixed, so `to_dict` is written by hand rather
than derived by a converter: the code reads like the JSON it makes.

Printing rules shared by every shape:

* numbers with no fraction print as integers (`1`, not `1.0`); others as
  Python's shortest repr (`0.95`); a non-finite number prints as `null`;
* dates (`When`) print with `str()`: `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM:SSZ`;
  an `as_of` given as a string is echoed as given;
* tuples become lists; absent values are `null`.

The fixed sentences of SPEC §5.5 and §5.10–§5.12 are in `wording`.
"""

from __future__ import annotations

import json
import math
from typing import Final, Literal, TypeAlias

from attrs import frozen

from govmem.model.time import When

AnswerStatus: TypeAlias = Literal["verified", "contested", "insufficient_evidence", "unknown"]
ConflictStatus: TypeAlias = Literal["open", "resolved"]
JSONValue: TypeAlias = "str | int | float | bool | list[JSONValue] | dict[str, JSONValue] | None"

LIST_LIMIT: Final = 20
"""`superseded_decisions`, `scope_exceptions`, `conflicts` and `sources` are cut here."""


def number(x: float | None) -> int | float | None:
    """A number as printed: integral values as `int`, non-finite as None."""
    if x is None or not math.isfinite(x):
        return None
    return int(x) if x == int(x) else x


def format_number(x: float) -> str:
    """A number as a sentence prints it: `1`, `0.95`."""
    return json.dumps(number(x))


def _date(when: When | None) -> str | None:
    return None if when is None else str(when)


def as_of_text(as_of: When | str) -> str:
    """An `as_of` as printed: echoed as given when a string."""
    return as_of if isinstance(as_of, str) else str(as_of)


@frozen
class RecordView:
    """A record as an answer shows it (`decision`, list entries, conflict items)."""

    id: str
    content: str | None
    value: str | None
    status: str
    """As printed: the status class, or `approved` / `draft` when so written."""
    scope: str | None
    valid_from: When | None
    valid_to: When | None
    """The effective end: written, or derived from a supersession."""
    confidence: float | None
    authority: float | None

    def to_dict(self) -> dict[str, JSONValue]:
        """`{id, content, value, status, scope, valid_from, valid_to, confidence, authority}`."""
        return {
            "id": self.id,
            "content": self.content,
            "value": self.value,
            "status": self.status,
            "scope": self.scope,
            "valid_from": _date(self.valid_from),
            "valid_to": _date(self.valid_to),
            "confidence": number(self.confidence),
            "authority": number(self.authority),
        }


@frozen
class SourceView:
    """A source as listed in `sources`, never with its text."""

    source_id: str
    title: str | None
    type: str | None
    reference: str | None
    occurred_at: When | None

    def to_dict(self) -> dict[str, JSONValue]:
        """`{source_id, title, type, reference, occurred_at}`."""
        return {
            "source_id": self.source_id,
            "title": self.title,
            "type": self.type,
            "reference": self.reference,
            "occurred_at": _date(self.occurred_at),
        }


@frozen
class EvidenceItem:
    """An excerpt of a source, and whether it was found in the source's text."""

    source_id: str
    excerpt: str
    verified: bool

    def to_dict(self) -> dict[str, JSONValue]:
        """`{source_id, excerpt, verified}`."""
        return {"source_id": self.source_id, "excerpt": self.excerpt, "verified": self.verified}


@frozen
class ConflictItem:
    """A record incompatible with the decision, and why."""

    conflict_id: str
    item: RecordView
    source_ids: tuple[str, ...]
    rationale: str
    status: ConflictStatus

    def to_dict(self) -> dict[str, JSONValue]:
        """`{conflict_id, item, source_ids, rationale, status}`."""
        return {
            "conflict_id": self.conflict_id,
            "item": self.item.to_dict(),
            "source_ids": list(self.source_ids),
            "rationale": self.rationale,
            "status": self.status,
        }


@frozen
class TemporalValidity:
    """The instant asked about, and the decision's validity bounds."""

    as_of: When | str
    """Echoed as given: a string is printed verbatim, a `When` with `str()`."""
    valid_from: When | None = None
    valid_to: When | None = None

    def to_dict(self) -> dict[str, JSONValue]:
        """`{as_of, valid_from, valid_to}`."""
        return {
            "as_of": as_of_text(self.as_of),
            "valid_from": _date(self.valid_from),
            "valid_to": _date(self.valid_to),
        }


@frozen
class ContextMetrics:
    """Code points of the listed sources' texts, and of the excerpts returned."""

    source_characters: int
    evidence_characters_returned: int

    def to_dict(self) -> dict[str, JSONValue]:
        """`{source_characters, evidence_characters_returned}`."""
        return {
            "source_characters": self.source_characters,
            "evidence_characters_returned": self.evidence_characters_returned,
        }


@frozen
class DrillDown:
    """Whether another operation is needed to see everything, and which."""

    required: bool
    suggested_tool: str | None
    reason: str

    def to_dict(self) -> dict[str, JSONValue]:
        """`{required, suggested_tool, reason}`."""
        return {
            "required": self.required,
            "suggested_tool": self.suggested_tool,
            "reason": self.reason,
        }


@frozen
class Candidate:
    """A topic an `unknown` answer offers instead of a guess (SPEC v5 §5 "candidates", v6).

    `status` and `decision_id` are what `query` answers when asked again with
    `topic`; `title` is that decision's title (with no decision, the title of
    the topic's latest record); `summary` is the sentence that answer prints for
    its decision (its first evidence excerpt, else its content; None without a
    decision). `likely` is true on the first candidate when it leads and the
    corpus can answer the question (docs/query.md): the likely answer, not
    confirmed.
    """

    topic: str
    decision_id: str | None
    title: str | None
    status: AnswerStatus
    summary: str | None = None
    likely: bool = False

    def to_dict(self) -> dict[str, JSONValue]:
        """`{topic, decision_id, title, status, summary, likely}`."""
        return {
            "topic": self.topic,
            "decision_id": self.decision_id,
            "title": self.title,
            "status": self.status,
            "summary": self.summary,
            "likely": self.likely,
        }


@frozen
class Answer:
    """The answer of `query`: one verdict with its reasons and sources.

    `candidates` (v5) are outside seed 000's 14 keys: `to_dict()` leaves them
    out; `query --json`, the MCP `structuredContent` and the readable CLI show
    them (`with_candidates`).
    """

    query: str
    topic: str | None
    status: AnswerStatus
    decision: RecordView | None
    scope: str | None
    temporal_validity: TemporalValidity
    sources: tuple[SourceView, ...]
    evidence: tuple[EvidenceItem, ...]
    superseded_decisions: tuple[RecordView, ...]
    scope_exceptions: tuple[RecordView, ...]
    conflicts: tuple[ConflictItem, ...]
    missing_information: tuple[str, ...]
    context_metrics: ContextMetrics
    drill_down: DrillDown
    candidates: tuple[Candidate, ...] = ()
    """When no topic was confident: the closest topics, best first (at most 3)."""

    def to_dict(self) -> dict[str, JSONValue]:
        """The answer as a JSON object: its 14 keys, always in this order.

        `query, topic, status, decision, scope, temporal_validity, sources,
        evidence, superseded_decisions, scope_exceptions, conflicts,
        missing_information, context_metrics, drill_down`.
        """
        return {
            "query": self.query,
            "topic": self.topic,
            "status": self.status,
            "decision": None if self.decision is None else self.decision.to_dict(),
            "scope": self.scope,
            "temporal_validity": self.temporal_validity.to_dict(),
            "sources": [s.to_dict() for s in self.sources],
            "evidence": [e.to_dict() for e in self.evidence],
            "superseded_decisions": [r.to_dict() for r in self.superseded_decisions],
            "scope_exceptions": [r.to_dict() for r in self.scope_exceptions],
            "conflicts": [c.to_dict() for c in self.conflicts],
            "missing_information": list(self.missing_information),
            "context_metrics": self.context_metrics.to_dict(),
            "drill_down": self.drill_down.to_dict(),
        }

    def to_wire(self) -> dict[str, JSONValue]:
        """The MCP tool's `result`: `to_dict()` (its keys are the wire's)."""
        return self.to_dict()

    @property
    def likely(self) -> Candidate | None:
        """The likely candidate (the first, when it leads), else None."""
        first = self.candidates[0] if self.candidates else None
        return first if first is not None and first.likely else None

    def with_candidates(self) -> dict[str, JSONValue]:
        """`to_dict()` and, when there are any, `candidates` after its 14 keys (`query --json`)."""
        out = self.to_dict()
        if self.candidates:
            out["candidates"] = [c.to_dict() for c in self.candidates]
        return out


# --- get_decision_history -----------------------------------------------------

HistoryEvent: TypeAlias = str
"""`recorded`, `status-change`, `superseded-by <id>` or `ended`."""


@frozen
class HistoryItem:
    """One dated event in a topic's history."""

    id: str
    scope: str | None
    status: str
    date: When | None
    event: HistoryEvent

    def to_dict(self) -> dict[str, JSONValue]:
        """`{id, scope, status, date, event}`."""
        return {
            "id": self.id,
            "scope": self.scope,
            "status": self.status,
            "date": _date(self.date),
            "event": self.event,
        }


@frozen
class History:
    """A page of `get_decision_history`: `{topic, items, cursor}`.

    For a topic that does not exist (`topic` None), `closest_topics` names
    the closest existing ones, and `to_dict` adds it as a fourth key.
    """

    topic: str | None
    items: tuple[HistoryItem, ...] = ()
    cursor: str | None = None
    closest_topics: tuple[str, ...] | None = None

    def to_dict(self) -> dict[str, JSONValue]:
        """`{topic, items, cursor}`, plus `closest_topics` when the topic does not exist."""
        out: dict[str, JSONValue] = {
            "topic": self.topic,
            "items": [i.to_dict() for i in self.items],
            "cursor": self.cursor,
        }
        return with_closest(out, self.closest_topics)

    def to_wire(self) -> dict[str, JSONValue]:
        """The MCP tool's `result`: `to_dict()` (its keys are the wire's)."""
        return self.to_dict()


def with_closest(
    out: dict[str, JSONValue], closest: tuple[str, ...] | None
) -> dict[str, JSONValue]:
    """`out` with `closest_topics` added when a named topic does not exist (`closest` not None)."""
    if closest is not None:
        out["closest_topics"] = list(closest)
    return out


EVENT_RECORDED: Final = "recorded"
"""The event of a record's own date."""
EVENT_STATUS_CHANGE: Final = "status-change"
"""The event of a changelog line; the item's `status` is the new one."""
EVENT_ENDED: Final = "ended"
"""The event of a record's end without a successor."""


def superseded_by_event(successor_id: str) -> HistoryEvent:
    """`superseded-by <id>`."""
    return f"superseded-by {successor_id}"


# --- find_conflicts -----------------------------------------------------------


@frozen
class FoundConflict:
    """A conflict found by `find_conflicts`, with where it is and how to settle it."""

    conflict_id: str
    item: RecordView
    source_ids: tuple[str, ...]
    rationale: str
    status: ConflictStatus
    topic: str
    scope: str | None
    decision_id: str
    resolution_hint: str

    @classmethod
    def from_conflict(
        cls, conflict: ConflictItem, *, topic: str, scope: str | None, decision_id: str
    ) -> FoundConflict:
        """A `query` conflict placed in its topic and scope, with its resolution hint."""
        return cls(
            conflict.conflict_id,
            conflict.item,
            conflict.source_ids,
            conflict.rationale,
            conflict.status,
            topic,
            scope,
            decision_id,
            resolution_hint(conflict.conflict_id, conflict.item.id),
        )

    def to_dict(self) -> dict[str, JSONValue]:
        """`{conflict_id, item, source_ids, rationale, status, topic, scope, decision_id, resolution_hint}`."""
        return {
            "conflict_id": self.conflict_id,
            "item": self.item.to_dict(),
            "source_ids": list(self.source_ids),
            "rationale": self.rationale,
            "status": self.status,
            "topic": self.topic,
            "scope": self.scope,
            "decision_id": self.decision_id,
            "resolution_hint": self.resolution_hint,
        }


@frozen
class FoundConflicts:
    """A page of `find_conflicts`: `{items, cursor}`.

    When the `topic` asked about does not exist, `closest_topics` names the
    closest existing ones, and `to_dict` adds it as a third key.
    """

    items: tuple[FoundConflict, ...] = ()
    cursor: str | None = None
    closest_topics: tuple[str, ...] | None = None

    def to_dict(self) -> dict[str, JSONValue]:
        """`{items, cursor}`, plus `closest_topics` when the topic asked about does not exist."""
        out: dict[str, JSONValue] = {
            "items": [i.to_dict() for i in self.items],
            "cursor": self.cursor,
        }
        return with_closest(out, self.closest_topics)

    def to_wire(self) -> dict[str, JSONValue]:
        """The MCP tool's `result`: `to_dict()` (its keys are the wire's)."""
        return self.to_dict()


def resolution_hint(conflict_id: str, record_id: str) -> str:
    """`Add a relation resolving <conflict_id>, supersede <R.id> or reject <R.id>.`"""
    return f"Add a relation resolving {conflict_id}, supersede {record_id} or reject {record_id}."
