"""The fixed sentences of an answer (SPEC §5.5, §5.10–§5.12), as constants and small functions.

Conflict ids and rationales, the `missing_information` lines, the
`drill_down` reasons: the engine decides only *which* apply
(`query`, `drill`); the words are here, once.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Literal, TypeAlias

from govmem.model.text import slug
from govmem.model.time import When

from .answer import LIST_LIMIT, DrillDown, as_of_text, format_number

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


def corpus_incomplete(paths: Sequence[str]) -> str:
    """The corpus could not be read whole: an answer may lack what those paths hold."""
    shown = ", ".join(paths[:3]) + (f" and {len(paths) - 3} more" if len(paths) > 3 else "")
    what = "1 path" if len(paths) == 1 else f"{len(paths)} paths"
    return (
        f"The corpus is incomplete: {what} could not be read ({shown}); "
        "records there are missing from this answer."
    )


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
    return f"No decision on {topic} is in force for {scope} as of {as_of_text(as_of)}."


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


def drill_likely(topic: str) -> DrillDown:
    """No topic was confident, but one is likely (SPEC v6 §5): ask again with it to confirm."""
    return DrillDown(
        required=True,
        suggested_tool="query",
        reason=(
            f"No single topic matched the question; the likely one is '{topic}':"
            " ask again with topic set to it to confirm."
        ),
    )


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
