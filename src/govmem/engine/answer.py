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

The second half holds the fixed sentences of SPEC §5.5 and §5.10–§5.12
(rationales, `missing_information` lines, drill-down reasons) as constants
and small formatting functions, so the engine decides only *which* apply.
"""

from __future__ import annotations

import json
import math
from typing import Final, Literal, TypeAlias

from attrs import frozen

from govmem.model.text import slug
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


def _as_of(as_of: When | str) -> str:
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
            "as_of": _as_of(self.as_of),
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
class Answer:
    """The answer of `query`: one verdict with its reasons and sources."""

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

    def to_json(self, *, indent: int | None = None) -> str:
        """`to_dict()` as JSON text, non-ASCII kept; byte-identical for equal answers."""
        return to_json(self.to_dict(), indent=indent)


def to_json(value: JSONValue, *, indent: int | None = None) -> str:
    """Deterministic JSON text of a `to_dict()` result (key order kept, UTF-8 as is)."""
    return json.dumps(value, ensure_ascii=False, indent=indent, allow_nan=False)


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


# --- conflicts (SPEC §5.5) ----------------------------------------------------


def value_conflict_id(value: str, decision_id: str) -> str:
    """`rel-<slug(value)>-vs-<decision id>` (`rel-dynamodb-vs-adr-024`)."""
    return f"rel-{slug(value)}-vs-{decision_id}"


def record_conflict_id(record_id: str, decision_id: str) -> str:
    """`rel-<R.id>-vs-<decision id>`: R has no value, or the value id is taken."""
    return f"rel-{record_id}-vs-{decision_id}"


def conflict_rationale(topic: str, scope: str | None = None) -> str:
    """The default rationale: on the same scope (`scope` None) or an overlapping one."""
    if scope is None:
        return f"Incompatible {topic} choice for the same scope."
    return f"Incompatible {topic} choice for an overlapping scope ({scope})."


def reproposes(rejected_id: str) -> str:
    """The suffix of a default rationale whose value was rejected before (with its space)."""
    return f" It re-proposes an option rejected in {rejected_id}."


# --- missing_information (SPEC §5.10) -----------------------------------------

NO_TOPIC: Final = "No topic matched the question."
CLAIM_UNRESOLVED: Final = "At least one incompatible claim remains unresolved."

PartialKind: TypeAlias = Literal[
    "partly-supersedes",
    "partly-superseded-by",
    "amends",
    "amended-by",
    "partly-undoes",
    "partly-undone-by",
]
_PARTIAL_VERBS: Final[dict[str, tuple[str, bool]]] = {
    "partly-supersedes": ("partly supersedes", False),
    "partly-superseded-by": ("partly supersedes", True),
    "amends": ("amends", False),
    "amended-by": ("amends", True),
    "partly-undoes": ("partly undoes", False),
    "partly-undone-by": ("partly undoes", True),
}
"""Link kind -> (active verb, whether the link's target is the subject)."""


def no_single_topic(candidates: tuple[str, ...] | list[str]) -> str:
    """The topic line: none matched, or the closest candidates (best first)."""
    if not candidates:
        return NO_TOPIC
    return f"No single topic matched the question; closest: {', '.join(candidates)}."


def no_record_on_topic(topic: str) -> str:
    """A given topic with no record."""
    return f"No record is on topic {topic}."


def undeclared_scope(scope: str) -> str:
    """A `scope` argument that `govmem.yaml` does not declare."""
    return f"Scope {scope} is not declared; it was read as a child of all."


def several_scopes(scopes: tuple[str, ...] | list[str]) -> str:
    """The question names several scopes, listed in the order they occur."""
    return f"The question names several scopes ({', '.join(scopes)}); none was used."


def no_decision_in_force(topic: str, scope: str, as_of: When | str) -> str:
    """The topic has records, and none is a candidate in force."""
    return f"No decision on {topic} is in force for {scope} as of {_as_of(as_of)}."


def was_in_force_until(record_id: str, until: When, status: str) -> str:
    """A record of the topic that was in force before `as_of`."""
    return f"{record_id} was in force until {until} ({status})."


def only_status(record_id: str, status: str) -> str:
    """A fallback decision that is only proposed or unknown."""
    return f"{record_id} is only {status}."


def low_confidence(record_id: str, confidence: float, minimum: float) -> str:
    """The decision's confidence is below `min_confidence`."""
    return (
        f"{record_id} has confidence {format_number(confidence)}, below {format_number(minimum)}."
    )


def no_verifying_source(record_id: str) -> str:
    """No excerpt of the decision was verified."""
    return f"No source text verifies {record_id}."


def ended_unknown(record_id: str) -> str:
    """A superseded or deprecated record whose end is unknown."""
    return f"{record_id} ended on an unknown date."


def proposes_to_supersede(new_id: str, old_id: str) -> str:
    """A pending supersession."""
    return f"{new_id} proposes to supersede {old_id}."


def partial_relation(record_id: str, kind: PartialKind, other_id: str) -> str:
    """A partial relation in the active voice, whichever side wrote the link.

    `partial_relation("a", "amended-by", "b")` -> `b amends a.`
    """
    verb, flipped = _PARTIAL_VERBS[kind]
    subject, target = (other_id, record_id) if flipped else (record_id, other_id)
    return f"{subject} {verb} {target}."


def option_rejected(option: str, record_id: str, on: When | None = None) -> str:
    """A rejected option of the topic, with the rejection's date when known."""
    when = "" if on is None else f" ({on})"
    return f"Option {option} was rejected in {record_id}{when}."


def resolved_not_in_force(conflict_id: str, winner_id: str) -> str:
    """A conflict resolved in favour of a record that is not in force."""
    return f"Conflict {conflict_id} was resolved in favour of {winner_id}, which is not in force."


def list_words(key: str) -> str:
    """An answer key read as words: `superseded_decisions` -> `superseded decisions`."""
    return key.replace("_", " ")


def more_not_shown(count: int, key: str) -> str:
    """A list cut at `LIST_LIMIT`: `3 more scope exceptions not shown.`"""
    return f"{count} more {list_words(key)} not shown."


# --- drill_down (SPEC §5.12) --------------------------------------------------

DRILL_NONE_REASON: Final = (
    "Current state, supersessions, scoped exceptions, conflicts, evidence, and sources are"
    " already included. Use a drill-down tool only if the user explicitly asks for exhaustive"
    " history or conflict remediation."
)
DRILL_TOPIC_REASON: Final = (
    "No single topic matched the question; search the decisions to choose one."
)

DRILL_NONE: Final = DrillDown(required=False, suggested_tool=None, reason=DRILL_NONE_REASON)
"""Everything is in the answer."""
DRILL_TOPIC: Final = DrillDown(
    required=True, suggested_tool="search_decisions", reason=DRILL_TOPIC_REASON
)
"""The topic is unknown, ambiguous or has no records."""


def cut_reason(key: str) -> str:
    """`Only the first 20 <list> are included.`"""
    return f"Only the first {LIST_LIMIT} {list_words(key)} are included."


DRILL_CONFLICTS: Final = DrillDown(
    required=True, suggested_tool="find_conflicts", reason=cut_reason("conflicts")
)
"""The conflicts were cut."""


def drill_list_cut(key: str) -> DrillDown:
    """Another list (`superseded_decisions`, `scope_exceptions`, `sources`) was cut."""
    return DrillDown(required=True, suggested_tool="get_decision_history", reason=cut_reason(key))
