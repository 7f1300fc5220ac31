"""Tests for `govmem.engine.answer`: the wire shapes and fixed sentences of `query` (SPEC §5)."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import date

import pytest
from hypothesis import given
from hypothesis import strategies as st

from govmem import (
    Answer,
    ConflictItem,
    FoundConflict,
    FoundConflicts,
    History,
    HistoryItem,
    RecordView,
    When,
)
from govmem.engine import answer as a
from govmem.engine import wording
from govmem.engine.answer import ContextMetrics, EvidenceItem, SourceView, TemporalValidity
from govmem.model.time import parse_iso

SEED_000 = """{
  "query": "Quale database è approvato per i nuovi servizi?",
  "topic": "database",
  "status": "contested",
  "decision": {
    "id": "adr-024",
    "content": "PostgreSQL è il database approvato per i nuovi servizi.",
    "value": "PostgreSQL",
    "status": "approved",
    "scope": "new-services",
    "valid_from": "2026-02-01",
    "valid_to": null,
    "confidence": 0.95,
    "authority": 1
  },
  "scope": "new-services",
  "temporal_validity": { "as_of": "2026-09-08", "valid_from": "2026-02-01", "valid_to": null },
  "sources": [
    { "source_id": "adr-024", "title": "ADR 024", "type": "decision-record", "reference": "docs/adr/024.md", "occurred_at": "2026-02-01" },
    { "source_id": "adr-001", "title": "ADR 001", "type": "decision-record", "reference": "docs/adr/001.md", "occurred_at": "2023-05-12" },
    { "source_id": "adr-011", "title": "ADR 011", "type": "decision-record", "reference": "docs/adr/011.md", "occurred_at": "2024-09-03" },
    { "source_id": "team-chat-2026-03-14", "title": "Chat del team", "type": "team-chat", "reference": "#platform", "occurred_at": "2026-03-14" }
  ],
  "evidence": [
    { "source_id": "adr-024", "excerpt": "PostgreSQL è il database approvato per i nuovi servizi dal 1 febbraio 2026.", "verified": true }
  ],
  "superseded_decisions": [
    { "id": "adr-001", "content": "MySQL è il database di default.", "value": "MySQL", "status": "superseded", "scope": "all", "valid_from": "2023-05-12", "valid_to": "2026-02-01", "confidence": 0.9, "authority": 1 }
  ],
  "scope_exceptions": [
    { "id": "adr-011", "content": "MongoDB resta approvato per i servizi legacy.", "value": "MongoDB", "status": "approved", "scope": "legacy", "valid_from": "2024-09-03", "valid_to": null, "confidence": 0.9, "authority": 1 }
  ],
  "conflicts": [
    {
      "conflict_id": "rel-dynamodb-vs-adr-024",
      "item": { "id": "claim-chat-dynamodb", "content": "Stiamo spostando i nuovi servizi su DynamoDB.", "value": "DynamoDB", "status": "proposed", "scope": "new-services", "valid_from": "2026-03-14", "valid_to": null, "confidence": 0.6, "authority": 0.3 },
      "source_ids": ["team-chat-2026-03-14"],
      "rationale": "Incompatible database choice for the same scope.",
      "status": "open"
    }
  ],
  "missing_information": ["At least one incompatible claim remains unresolved."],
  "context_metrics": { "source_characters": 18420, "evidence_characters_returned": 78 },
  "drill_down": {
    "required": false,
    "suggested_tool": null,
    "reason": "Current state, supersessions, scoped exceptions, conflicts, evidence, and sources are already included. Use a drill-down tool only if the user explicitly asks for exhaustive history or conflict remediation."
  }
}"""


def _d(text: str) -> When:
    return When.from_date(date.fromisoformat(text))


def _seed_answer() -> Answer:
    decision = RecordView(
        id="adr-024",
        content="PostgreSQL è il database approvato per i nuovi servizi.",
        value="PostgreSQL",
        status="approved",
        scope="new-services",
        valid_from=_d("2026-02-01"),
        valid_to=None,
        confidence=0.95,
        authority=1.0,
    )
    claim = RecordView(
        "claim-chat-dynamodb",
        "Stiamo spostando i nuovi servizi su DynamoDB.",
        "DynamoDB",
        "proposed",
        "new-services",
        _d("2026-03-14"),
        None,
        0.6,
        0.3,
    )
    return Answer(
        query="Quale database è approvato per i nuovi servizi?",
        topic="database",
        status="contested",
        decision=decision,
        scope="new-services",
        temporal_validity=TemporalValidity(_d("2026-09-08"), _d("2026-02-01"), None),
        sources=(
            SourceView(
                "adr-024", "ADR 024", "decision-record", "docs/adr/024.md", _d("2026-02-01")
            ),
            SourceView(
                "adr-001", "ADR 001", "decision-record", "docs/adr/001.md", _d("2023-05-12")
            ),
            SourceView(
                "adr-011", "ADR 011", "decision-record", "docs/adr/011.md", _d("2024-09-03")
            ),
            SourceView(
                "team-chat-2026-03-14", "Chat del team", "team-chat", "#platform", _d("2026-03-14")
            ),
        ),
        evidence=(
            EvidenceItem(
                "adr-024",
                "PostgreSQL è il database approvato per i nuovi servizi dal 1 febbraio 2026.",
                verified=True,
            ),
        ),
        superseded_decisions=(
            RecordView(
                "adr-001",
                "MySQL è il database di default.",
                "MySQL",
                "superseded",
                "all",
                _d("2023-05-12"),
                _d("2026-02-01"),
                0.9,
                1.0,
            ),
        ),
        scope_exceptions=(
            RecordView(
                "adr-011",
                "MongoDB resta approvato per i servizi legacy.",
                "MongoDB",
                "approved",
                "legacy",
                _d("2024-09-03"),
                None,
                0.9,
                1.0,
            ),
        ),
        conflicts=(
            ConflictItem(
                wording.value_conflict_id("DynamoDB", "adr-024"),
                claim,
                ("team-chat-2026-03-14",),
                wording.conflict_rationale("database"),
                "open",
            ),
        ),
        missing_information=(wording.CLAIM_UNRESOLVED,),
        context_metrics=ContextMetrics(18420, 78),
        drill_down=wording.DRILL_NONE,
    )


def _key_paths(value: object, path: str = "$") -> list[str]:
    """Every key path of a JSON value, in document order."""
    if isinstance(value, dict):
        out = []
        for key, item in value.items():
            out.append(f"{path}.{key}")
            out.extend(_key_paths(item, f"{path}.{key}"))
        return out
    if isinstance(value, list):
        return [p for i, item in enumerate(value) for p in _key_paths(item, f"{path}[{i}]")]
    return []


def test_seed_answer_reproduces_seed_000_values() -> None:
    """`Answer.to_dict()` of the seed equals the seed's JSON."""
    assert _seed_answer().to_dict() == json.loads(SEED_000)


def test_seed_answer_keeps_seed_000_key_order() -> None:
    """Every object's keys come in the seed's order, at every depth."""
    assert _key_paths(_seed_answer().to_dict()) == _key_paths(json.loads(SEED_000))


def _json(answer: a.Answer) -> str:
    """An answer as JSON text, as the CLI and the MCP adapter print it (keys in order)."""
    return json.dumps(answer.to_dict(), ensure_ascii=False)


def test_seed_answer_json_is_the_seed_json_reformatted() -> None:
    """`to_dict` as JSON prints exactly the seed's tokens: `1` not `1.0`, `0.95`, UTF-8 kept."""
    text = _json(_seed_answer())
    assert text == json.dumps(json.loads(SEED_000), ensure_ascii=False)
    assert '"authority": 1}' in text
    assert '"confidence": 0.95' in text
    assert "1.0" not in text
    assert "è" in text


def test_equal_answers_print_byte_identical_json() -> None:
    """Two equal answers give the same bytes."""
    assert _json(_seed_answer()).encode() == _json(_seed_answer()).encode()


@pytest.mark.parametrize(
    ("x", "printed"),
    [
        (1.0, "1"),
        (0.0, "0"),
        (0.95, "0.95"),
        (0.3, "0.3"),
        (1, "1"),
        (100.0, "100"),
        (-2.0, "-2"),
        (float("nan"), "null"),
        (float("inf"), "null"),
        (None, "null"),
    ],
)
def test_numbers_without_fraction_print_as_integers(x: float | None, printed: str) -> None:
    """`1.0` prints `1`; fractions print as written; non-finite prints `null`."""
    assert json.dumps(a.number(x)) == printed


@given(st.floats(allow_nan=False, allow_infinity=False))
def test_printed_numbers_keep_their_value(x: float) -> None:
    """A printed number reads back as the same value and never ends in `.0`."""
    printed = json.dumps(a.number(x))
    assert float(json.loads(printed)) == x
    assert not printed.endswith(".0")


def test_as_of_given_as_text_is_echoed_as_given() -> None:
    """A string `as_of` prints verbatim; a `When` prints with `str()`."""
    stamp = parse_iso("2026-09-08T10:00:00+02:00")
    assert stamp is not None
    assert TemporalValidity("2026-09-08T10:00:00+02:00").to_dict()["as_of"] == (
        "2026-09-08T10:00:00+02:00"
    )
    assert TemporalValidity(stamp).to_dict() == {
        "as_of": "2026-09-08T08:00:00Z",
        "valid_from": None,
        "valid_to": None,
    }


def test_answer_without_decision_prints_null_decision() -> None:
    """No decision: `decision` is null and the lists are empty."""
    answer = Answer(
        query="q",
        topic=None,
        status="unknown",
        decision=None,
        scope="all",
        temporal_validity=TemporalValidity(_d("2026-01-01")),
        sources=(),
        evidence=(),
        superseded_decisions=(),
        scope_exceptions=(),
        conflicts=(),
        missing_information=(wording.NO_TOPIC,),
        context_metrics=ContextMetrics(0, 0),
        drill_down=wording.DRILL_TOPIC,
    )
    d = answer.to_dict()
    assert list(d) == list(json.loads(SEED_000))
    assert d["decision"] is None
    assert d["drill_down"] == {
        "required": True,
        "suggested_tool": "search_decisions",
        "reason": "No single topic matched the question; search the decisions to choose one.",
    }


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        (lambda: wording.no_single_topic([]), "No topic matched the question."),
        (
            lambda: wording.no_single_topic(("database", "queue", "ui")),
            "No single topic matched the question; closest: database, queue, ui.",
        ),
        (lambda: wording.no_record_on_topic("database"), "No record is on topic database."),
        (
            lambda: wording.undeclared_scope("retail"),
            "Scope retail is not declared; it was read as a child of all.",
        ),
        (
            lambda: wording.several_scopes(["legacy", "new-services"]),
            "The question names several scopes (legacy, new-services); none was used.",
        ),
        (
            lambda: wording.no_decision_in_force("database", "legacy", _d("2026-09-08")),
            "No decision on database is in force for legacy as of 2026-09-08.",
        ),
        (
            lambda: wording.was_in_force_until("adr-001", _d("2026-02-01"), "superseded"),
            "adr-001 was in force until 2026-02-01 (superseded).",
        ),
        (lambda: wording.only_status("adr-030", "proposed"), "adr-030 is only proposed."),
        (
            lambda: wording.low_confidence("adr-030", 0.4, 0.5),
            "adr-030 has confidence 0.4, below 0.5.",
        ),
        (lambda: wording.low_confidence("x", 0.0, 1.0), "x has confidence 0, below 1."),
        (lambda: wording.no_verifying_source("adr-024"), "No source text verifies adr-024."),
        (lambda: wording.ended_unknown("adr-001"), "adr-001 ended on an unknown date."),
        (
            lambda: wording.proposes_to_supersede("adr-031", "adr-024"),
            "adr-031 proposes to supersede adr-024.",
        ),
        (
            lambda: wording.partial_relation("a", "partly-supersedes", "b"),
            "a partly supersedes b.",
        ),
        (
            lambda: wording.partial_relation("a", "partly-superseded-by", "b"),
            "b partly supersedes a.",
        ),
        (lambda: wording.partial_relation("a", "amends", "b"), "a amends b."),
        (lambda: wording.partial_relation("a", "amended-by", "b"), "b amends a."),
        (lambda: wording.partial_relation("a", "partly-undoes", "b"), "a partly undoes b."),
        (lambda: wording.partial_relation("a", "partly-undone-by", "b"), "b partly undoes a."),
        (
            lambda: wording.option_rejected("DynamoDB", "adr-019", _d("2025-03-01")),
            "Option DynamoDB was rejected in adr-019 (2025-03-01).",
        ),
        (
            lambda: wording.option_rejected("DynamoDB", "adr-019"),
            "Option DynamoDB was rejected in adr-019.",
        ),
        (
            lambda: wording.resolved_not_in_force("rel-x", "adr-009"),
            "Conflict rel-x was resolved in favour of adr-009, which is not in force.",
        ),
        (lambda: wording.CLAIM_UNRESOLVED, "At least one incompatible claim remains unresolved."),
        (
            lambda: wording.more_not_shown(3, "scope_exceptions"),
            "3 more scope exceptions not shown.",
        ),
    ],
)
def test_missing_information_sentences_read_as_the_spec_words_them(
    sentence: Callable[[], str], expected: str
) -> None:
    """Each §5.10 sentence is formatted word for word."""
    assert sentence() == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        (
            lambda: wording.value_conflict_id("DynamoDB (v2)", "adr-024"),
            "rel-dynamodb-v2-vs-adr-024",
        ),
        (lambda: wording.record_conflict_id("claim-1", "adr-024"), "rel-claim-1-vs-adr-024"),
        (
            lambda: wording.conflict_rationale("database"),
            "Incompatible database choice for the same scope.",
        ),
        (
            lambda: wording.conflict_rationale("database", "all"),
            "Incompatible database choice for an overlapping scope (all).",
        ),
        (
            lambda: wording.conflict_rationale("database") + wording.reproposes("adr-019"),
            (
                "Incompatible database choice for the same scope."
                " It re-proposes an option rejected in adr-019."
            ),
        ),
        (
            lambda: a.resolution_hint("rel-x", "claim-1"),
            "Add a relation resolving rel-x, supersede claim-1 or reject claim-1.",
        ),
    ],
)
def test_conflict_wording_reads_as_the_spec_words_it(
    sentence: Callable[[], str], expected: str
) -> None:
    """Conflict ids, rationales and resolution hints follow §5.5 and §5.12."""
    assert sentence() == expected


@pytest.mark.parametrize(
    ("drill", "expected"),
    [
        (
            wording.DRILL_CONFLICTS,
            {
                "required": True,
                "suggested_tool": "find_conflicts",
                "reason": "Only the first 20 conflicts are included.",
            },
        ),
        (
            wording.drill_list_cut("superseded_decisions"),
            {
                "required": True,
                "suggested_tool": "get_decision_history",
                "reason": "Only the first 20 superseded decisions are included.",
            },
        ),
        (
            wording.DRILL_NONE,
            json.loads(SEED_000)["drill_down"],
        ),
    ],
)
def test_drill_down_reasons_read_as_the_spec_words_them(
    drill: a.DrillDown, expected: dict[str, object]
) -> None:
    """The §5.12 drill-downs print their fixed tool and reason."""
    assert drill.to_dict() == expected


def test_history_prints_topic_items_and_cursor() -> None:
    """`get_decision_history` prints `{topic, items: [{id, scope, status, date, event}], cursor}`."""
    history = History(
        "database",
        (
            HistoryItem("adr-001", "all", "accepted", _d("2023-05-12"), a.EVENT_RECORDED),
            HistoryItem(
                "adr-001", "all", "superseded", _d("2026-02-01"), a.superseded_by_event("adr-024")
            ),
            HistoryItem("adr-009", "legacy", "deprecated", None, a.EVENT_ENDED),
        ),
        cursor="abc",
    )
    assert history.to_dict() == {
        "topic": "database",
        "items": [
            {
                "id": "adr-001",
                "scope": "all",
                "status": "accepted",
                "date": "2023-05-12",
                "event": "recorded",
            },
            {
                "id": "adr-001",
                "scope": "all",
                "status": "superseded",
                "date": "2026-02-01",
                "event": "superseded-by adr-024",
            },
            {
                "id": "adr-009",
                "scope": "legacy",
                "status": "deprecated",
                "date": None,
                "event": "ended",
            },
        ],
        "cursor": "abc",
    }
    assert History(None).to_dict() == {"topic": None, "items": [], "cursor": None}


def test_found_conflict_adds_topic_scope_decision_and_hint() -> None:
    """`find_conflicts` items extend a query conflict with where it is and how to settle it."""
    conflict = _seed_answer().conflicts[0]
    found = FoundConflict.from_conflict(
        conflict, topic="database", scope="new-services", decision_id="adr-024"
    )
    page = FoundConflicts((found,), cursor=None).to_dict()
    items = page["items"]
    assert isinstance(items, list)
    item = items[0]
    assert isinstance(item, dict)
    assert list(item) == [
        "conflict_id",
        "item",
        "source_ids",
        "rationale",
        "status",
        "topic",
        "scope",
        "decision_id",
        "resolution_hint",
    ]
    assert item["resolution_hint"] == (
        "Add a relation resolving rel-dynamodb-vs-adr-024,"
        " supersede claim-chat-dynamodb or reject claim-chat-dynamodb."
    )
    assert page["cursor"] is None
