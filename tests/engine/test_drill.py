"""Tests for `govmem.engine.drill`: `get_decision_history` and `find_conflicts` on the seed corpus."""

from __future__ import annotations

import pytest

from govmem import (
    FoundConflict,
    History,
    HistoryItem,
    InputError,
    InvalidCursor,
    StatusChange,
)
from tests.engine.seed_corpus import (
    AS_OF,
    NOW,
    SEED,
    SEED_CONFLICT,
    claim,
    corpus,
    day,
    rec,
)


# ------------------------------------------------------------------ drill-downs
def test_get_decision_history_lists_every_event_by_date_then_id() -> None:
    """Recorded, status-change, superseded-by and ended events of the topic."""
    rejected = rec(
        "adr-005",
        "DynamoDB",
        status="rejected",
        valid_from="2025-06-01",
        changes=(StatusChange(day("2025-07-01"), "rejected", "2025-07-01: Rejected"),),
    )
    ended = rec(
        "adr-002", "Oracle", status="deprecated", valid_from="2019-01-01", valid_to="2020-01-01"
    )
    c = corpus((*SEED, rejected, ended))
    result = c.get_decision_history("DB")
    assert not isinstance(result, InvalidCursor)
    assert result.to_dict() == {
        "topic": "database",
        "items": [
            {
                "id": "adr-002",
                "scope": "all",
                "status": "deprecated",
                "date": "2019-01-01",
                "event": "recorded",
            },
            {
                "id": "adr-002",
                "scope": "all",
                "status": "deprecated",
                "date": "2020-01-01",
                "event": "ended",
            },
            {
                "id": "adr-001",
                "scope": "all",
                "status": "superseded",
                "date": "2023-05-12",
                "event": "recorded",
            },
            {
                "id": "adr-011",
                "scope": "legacy",
                "status": "approved",
                "date": "2024-09-03",
                "event": "recorded",
            },
            {
                "id": "adr-005",
                "scope": "all",
                "status": "rejected",
                "date": "2025-06-01",
                "event": "recorded",
            },
            {
                "id": "adr-005",
                "scope": "all",
                "status": "rejected",
                "date": "2025-07-01",
                "event": "status-change",
            },
            {
                "id": "adr-001",
                "scope": "all",
                "status": "superseded",
                "date": "2026-02-01",
                "event": "superseded-by adr-024",
            },
            {
                "id": "adr-024",
                "scope": "new-services",
                "status": "approved",
                "date": "2026-02-01",
                "event": "recorded",
            },
            {
                "id": "claim-chat-dynamodb",
                "scope": "new-services",
                "status": "proposed",
                "date": "2026-03-14",
                "event": "recorded",
            },
        ],
        "cursor": None,
    }


def test_get_decision_history_pages_concatenate_and_unknown_topics_are_null() -> None:
    """Pages of 2 join into the whole history; an unknown topic gives topic null."""
    c = corpus()
    whole = c.get_decision_history("database", limit=100)
    assert not isinstance(whole, InvalidCursor)
    items: list[HistoryItem] = []
    cursor = None
    while True:
        page = c.get_decision_history("database", cursor=cursor, limit=2)
        assert not isinstance(page, InvalidCursor)
        items += page.items
        if (cursor := page.cursor) is None:
            break
    assert items == list(whole.items)
    missing = c.get_decision_history("weather")
    assert missing == History(None, closest_topics=())
    assert missing.to_dict() == {
        "topic": None,
        "items": [],
        "cursor": None,
        "closest_topics": [],
    }
    stale = c.get_decision_history("database", cursor="bm90IGEgY3Vyc29y", limit=2)
    assert isinstance(stale, InvalidCursor)


def test_get_decision_history_filters_by_overlapping_scope() -> None:
    """`scope="legacy"` keeps legacy and its ancestors' records."""
    result = corpus().get_decision_history("database", scope="legacy")
    assert not isinstance(result, InvalidCursor)
    assert sorted({i.id for i in result.items}) == ["adr-001", "adr-011"]


def test_a_limit_outside_1_to_100_is_an_input_error() -> None:
    """Page sizes are validated before the corpus is read."""
    with pytest.raises(InputError, match="limit"):
        corpus().get_decision_history("database", limit=0)
    with pytest.raises(InputError, match="limit"):
        corpus().find_conflicts(limit=101, now=NOW)


def test_find_conflicts_lists_each_conflict_once_with_its_place_and_hint() -> None:
    """The seed's one open conflict, with topic, scope, decision and resolution hint."""
    result = corpus().find_conflicts(as_of=AS_OF, now=NOW)
    assert not isinstance(result, InvalidCursor)
    assert result.to_dict() == {
        "items": [
            {
                **SEED_CONFLICT,
                "topic": "database",
                "scope": "new-services",
                "decision_id": "adr-024",
                "resolution_hint": "Add a relation resolving rel-dynamodb-vs-adr-024,"
                " supersede claim-chat-dynamodb or reject claim-chat-dynamodb.",
            }
        ],
        "cursor": None,
    }


def test_find_conflicts_pages_concatenate_to_the_whole_list() -> None:
    """Five conflicts paged two by two come back whole and in order."""
    claims = [claim(f"claim-{i}", f"Store{i}") for i in range(5)]
    c = corpus((*SEED, *claims))
    whole = c.find_conflicts(topic="database", as_of=AS_OF, limit=100, now=NOW)
    assert not isinstance(whole, InvalidCursor)
    assert len(whole.items) == 6
    items: list[FoundConflict] = []
    cursor = None
    while True:
        page = c.find_conflicts(topic="database", as_of=AS_OF, cursor=cursor, limit=2, now=NOW)
        assert not isinstance(page, InvalidCursor)
        items += page.items
        if (cursor := page.cursor) is None:
            break
    assert items == list(whole.items)
    first = c.find_conflicts(topic="database", as_of=AS_OF, limit=2, now=NOW)
    assert not isinstance(first, InvalidCursor)
    other = c.find_conflicts(topic="cache", as_of=AS_OF, cursor=first.cursor, limit=2, now=NOW)
    assert other == InvalidCursor("query-mismatch")


def test_find_conflicts_with_a_scope_asks_that_scope() -> None:
    """`scope="legacy"`: MongoDB answers there and nothing contests it."""
    result = corpus().find_conflicts(scope="legacy", as_of=AS_OF, now=NOW)
    assert not isinstance(result, InvalidCursor)
    assert result.items == ()
