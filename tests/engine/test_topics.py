"""`list_topics` and the closest topics of a name that is no topic (`govmem.engine.topics`, `_drill`)."""

from __future__ import annotations

from datetime import UTC, datetime
from functools import cache

import pytest

import govmem
from govmem import Corpus, FoundConflicts, History, InputError, InvalidCursor, TopicItem, TopicList
from tests.conftest import CORPORA, EXAMPLE

NOW = datetime(2026, 9, 8, 12, tzinfo=UTC)


@cache
def example() -> Corpus:
    return govmem.load(EXAMPLE)


@cache
def moj() -> Corpus:
    return govmem.load(CORPORA / "moj-cloud-platform")


def test_list_topics_gives_each_topic_its_aliases_answer_and_record_count() -> None:
    """One item per topic: declared aliases, query's status and decision, how many records."""
    page = example().list_topics(as_of="2026-09-08")
    assert isinstance(page, TopicList)
    assert page.to_dict() == {
        "items": [
            {
                "topic": "database",
                "aliases": ["db", "databases"],
                "status": "contested",
                "decision_id": "adr-024",
                "record_count": 4,
            }
        ],
        "cursor": None,
    }


@pytest.mark.parametrize(("scope", "count"), [("legacy", 2), ("nuovi servizi", 3), ("all", 4)])
def test_a_scope_counts_the_records_whose_scope_overlaps_it(scope: str, count: int) -> None:
    """`record_count` counts the topic's records on the scope, its ancestors and descendants."""
    page = example().list_topics(scope, "2026-09-08")
    assert isinstance(page, TopicList)
    assert [i.record_count for i in page.items] == [count]


def test_an_undeclared_scope_still_lists_the_topics_of_records_on_all() -> None:
    """An undeclared scope is a child of `all`, so every topic with an `all` record stays."""
    page = moj().list_topics("nowhere", "2026-01-01", limit=100)
    assert isinstance(page, TopicList)
    everything = moj().list_topics(None, "2026-01-01", limit=100)
    assert isinstance(everything, TopicList)
    assert [i.topic for i in page.items] == [i.topic for i in everything.items]


def test_status_and_decision_are_what_query_answers_for_the_topic() -> None:
    """Every item of a real corpus agrees with `query(topic=…)` at the same scope and date."""
    corpus = moj()
    page = corpus.list_topics(None, "2026-01-01", limit=100, now=NOW)
    assert isinstance(page, TopicList)
    assert len(page.items) == len(corpus.topics())
    for item in page.items:
        answer = corpus.query("", item.topic, None, "2026-01-01", now=NOW)
        assert item.status == answer.status, item.topic
        assert item.decision_id == (answer.decision.id if answer.decision else None)


def test_topics_are_ordered_by_name() -> None:
    """Names in UTF-16 code-unit order."""
    page = moj().list_topics(limit=100, now=NOW)
    assert isinstance(page, TopicList)
    names = [i.topic for i in page.items]
    assert names == sorted(names, key=lambda n: n.encode("utf-16-be"))


@pytest.mark.parametrize("limit", [1, 7, 20])
def test_pages_concatenate_to_the_whole_list(limit: int) -> None:
    """Following the cursors from the first page gives every topic once, in order."""
    corpus = moj()
    whole = corpus.list_topics(limit=100, now=NOW)
    assert isinstance(whole, TopicList)
    items: list[TopicItem] = []
    cursor: str | None = None
    while True:
        page = corpus.list_topics(cursor=cursor, limit=limit, now=NOW)
        assert isinstance(page, TopicList)
        items += page.items
        if (cursor := page.cursor) is None:
            break
    assert items == list(whole.items)


@pytest.mark.parametrize(
    ("cursor", "reason"),
    [("garbage!", "decode-failed"), ("other-shape", "query-mismatch")],
)
def test_a_bad_cursor_is_the_invalid_cursor_outcome(cursor: str, reason: str) -> None:
    """A forged cursor, or one of another scope, is refused with its reason."""
    corpus = moj()
    if cursor == "other-shape":
        first = corpus.list_topics(limit=2, now=NOW)
        assert isinstance(first, TopicList)
        assert first.cursor is not None
        cursor = first.cursor
        got = corpus.list_topics("platform", limit=2, cursor=cursor, now=NOW)
    else:
        got = corpus.list_topics(cursor=cursor, now=NOW)
    assert isinstance(got, InvalidCursor)
    assert got.to_wire()["outcome"] == "invalid-cursor"
    assert got.reason == reason


def test_limit_is_checked() -> None:
    """A page is 1–100 items."""
    with pytest.raises(InputError):
        example().list_topics(limit=0)


def test_closest_topics_rank_the_name_as_a_question() -> None:
    """The best topics by the topic ranking of the name, best first; none when nothing scores."""
    corpus = moj()
    closest = corpus.closest_topics("open policy")
    assert 0 < len(closest) <= 3
    assert closest[0] == "introduce open policy agent"
    assert corpus.closest_topics("zzyzx") == ()


def test_history_of_a_missing_topic_adds_the_closest_topics() -> None:
    """`{topic: null, items: [], cursor: null}` keeps its keys and gains `closest_topics`."""
    history = moj().get_decision_history("open policy")
    assert isinstance(history, History)
    assert history.to_dict() == {
        "topic": None,
        "items": [],
        "cursor": None,
        "closest_topics": list(moj().closest_topics("open policy")),
    }
    found = moj().get_decision_history("introduce open policy agent")
    assert isinstance(found, History)
    assert "closest_topics" not in found.to_dict()


def test_conflicts_of_a_missing_topic_add_the_closest_topics() -> None:
    """`find_conflicts(topic=X)` for no topic X names the closest ones; a real topic does not."""
    pages = [example().find_conflicts(t, now=NOW) for t in ("databse db", "db", None)]
    missing, found, every = (p.to_dict() for p in pages if isinstance(p, FoundConflicts))
    assert missing == {"items": [], "cursor": None, "closest_topics": ["database"]}
    assert "closest_topics" not in found
    assert "closest_topics" not in every
