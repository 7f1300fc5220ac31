"""Tests for `govmem.memory.memory`: versions, recall, search, expiry, history (seed 004, SPEC §7)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from govmem import Corpus, InputError, InvalidCursor, MemoryPage, Record, When, make_memory
from govmem.engine.validate import duration_of
from govmem.model.time import parse_iso

NOW = datetime(2026, 7, 1, 12, 0, tzinfo=UTC)


def at(text: str) -> When:
    """An ISO date or timestamp as a `When`."""
    when = parse_iso(text)
    assert when is not None
    return when


def mem(rid: str, category: str, key: str, content: str, created: str, **kw: object) -> Record:
    """A memory record with the file defaults, created at `created`."""
    return make_memory(rid, category, key, content, created_at=at(created), **kw)  # type: ignore[arg-type]


def seed_corpus() -> Corpus:
    """Seed 004's recall example: identity, preference, and an agent's project status."""
    return Corpus.from_records(
        [
            mem(
                "mem_001",
                "identity",
                "user_name",
                "Michael Schäfer",
                "2026-01-01",
                priority="critical",
                source="user",
                tags=("person", "identity"),
            ),
            mem(
                "mem_002",
                "preference",
                "communication_style",
                "Prefers concise technical responses",
                "2026-02-01",
                priority="high",
                source="user",
                tags=("communication",),
            ),
            mem(
                "mem_003",
                "project",
                "synapse_status",
                "v1.5.0 deployed, working on v1.6.0 docs",
                "2026-06-27T10:00:00Z",
                priority="high",
                tags=("synapse", "deployment"),
            ),
        ]
    )


SEED_RECALL = """Mind: default
Memories: 3 total (2 verified, 1 unverified)

[001] identity (CRITICAL) [verified]
  user_name
  Michael Schäfer
  Tags: person, identity

[002] project (HIGH) [unverified]
  synapse_status
  v1.5.0 deployed, working on v1.6.0 docs
  Tags: synapse, deployment

[003] preference (HIGH) [verified]
  communication_style
  Prefers concise technical responses
  Tags: communication"""


def test_recall_prints_the_seed_template_in_priority_then_recency_order() -> None:
    """Critical first; among HIGH the newer (the project status) before the older."""
    assert seed_corpus().recall(now=NOW).text == SEED_RECALL


def test_recall_on_the_wire_is_only_the_text() -> None:
    """`{text}` and nothing else."""
    assert seed_corpus().recall(now=NOW).to_dict() == {"text": SEED_RECALL}


def test_recall_omits_the_tags_line_when_there_are_none() -> None:
    """No `Tags:` line for an untagged memory."""
    c = Corpus.from_records([mem("m", "note", "redis_idea", "Try Redis", "2026-01-01")])
    assert c.recall(now=NOW).text.splitlines()[3:] == [
        "[001] note (NORMAL) [unverified]",
        "  redis_idea",
        "  Try Redis",
    ]


def test_recall_of_an_empty_mind_is_just_the_header() -> None:
    """Zero counts, no entries."""
    text = seed_corpus().recall(mind="other", now=NOW).text
    assert text == "Mind: other\nMemories: 0 total (0 verified, 0 unverified)"


def test_recall_sees_only_the_given_mind() -> None:
    """A memory of another mind is not recalled."""
    c = Corpus.from_records(
        [
            mem("a", "fact", "office", "Berlin", "2026-01-01", mind="work"),
            mem("b", "fact", "office", "Rome", "2026-01-01"),
        ]
    )
    assert "Berlin" in c.recall(mind="work", now=NOW).text
    assert "Berlin" not in c.recall(now=NOW).text


def test_the_same_key_keeps_versions_and_recalls_the_latest() -> None:
    """Seed 004: storing again under a key updates it without a duplicate entry."""
    c = Corpus.from_records(
        [
            mem("v1", "project", "project_synapse_status", "v1.4.0 deployed", "2026-06-01"),
            mem("v2", "project", "project_synapse_status", "v1.5.0 deployed", "2026-06-27"),
        ]
    )
    text = c.recall(now=NOW).text
    assert "v1.5.0 deployed" in text
    assert "v1.4.0" not in text
    assert "Memories: 1 total" in text
    history = c.memory_history("project", "project_synapse_status")
    assert [m.id for m in history.items] == ["v1", "v2"]


def test_recall_as_of_an_earlier_date_gives_the_version_current_then() -> None:
    """Versions created after `as_of` do not exist yet."""
    c = Corpus.from_records(
        [
            mem("v1", "project", "status", "v1.4.0 deployed", "2026-06-01"),
            mem("v2", "project", "status", "v1.5.0 deployed", "2026-06-27"),
        ]
    )
    assert "v1.4.0 deployed" in c.recall(as_of="2026-06-10", now=NOW).text
    assert "Memories: 0 total" in c.recall(as_of="2026-05-01", now=NOW).text


def test_an_expired_memory_is_not_recalled() -> None:
    """`as_of` ≥ `expires_at` leaves it out; before that it is recalled."""
    c = Corpus.from_records(
        [
            mem(
                "m",
                "context",
                "current_meeting_topic",
                "Discussing Q3 roadmap",
                "2026-06-27",
                expires_at=at("2026-06-28T00:00:00Z"),
            )
        ]
    )
    assert "Q3 roadmap" in c.recall(as_of="2026-06-27T23:59:59Z", now=NOW).text
    assert "Q3 roadmap" not in c.recall(as_of="2026-06-28T00:00:00Z", now=NOW).text


def test_an_unverified_update_never_displaces_the_verified_version() -> None:
    """Recall keeps the verified entry unchanged when an agent writes a newer version."""
    verified = mem(
        "mem_v", "preference", "editor", "Uses Vim", "2026-01-01", source="user", priority="high"
    )
    before = Corpus.from_records([verified]).recall(now=NOW).text
    agent = mem("mem_a", "preference", "editor", "Uses Emacs", "2026-06-01", priority="high")
    after = Corpus.from_records([verified, agent]).recall(now=NOW).text
    assert after == before


def test_query_reports_an_agents_unverified_update_as_an_open_conflict() -> None:
    """SPEC §5.5 b: the pending version contests the verified one, which stays the decision."""
    c = Corpus.from_records(
        [
            mem("mem_v", "preference", "editor", "Uses Vim", "2026-01-01", source="user"),
            mem("mem_a", "preference", "editor", "uses emacs", "2026-06-01"),
        ]
    )
    answer = c.query("which editor?", topic="editor", as_of="2026-07-01")
    assert answer.status == "contested"
    assert answer.decision is not None
    assert answer.decision.id == "mem_v"
    assert [(x.item.id, x.item.status, x.status) for x in answer.conflicts] == [
        ("mem_a", "proposed", "open")
    ]


def test_an_unverified_version_with_the_same_content_folded_is_no_conflict() -> None:
    """Values compare case- and accent-folded."""
    c = Corpus.from_records(
        [
            mem("mem_v", "fact", "city", "Zürich", "2026-01-01", source="user"),
            mem("mem_a", "fact", "city", "ZURICH", "2026-06-01"),
        ]
    )
    answer = c.query("city?", topic="city", as_of="2026-07-01")
    assert answer.conflicts == ()
    assert answer.status == "verified"


def test_a_newer_unverified_version_ends_the_older_unverified_one() -> None:
    """Two agent versions: the old one is history, not a conflict of the new one."""
    c = Corpus.from_records(
        [
            mem("u1", "project", "status", "v1.4.0 deployed", "2026-06-01"),
            mem("u2", "project", "status", "v1.5.0 deployed", "2026-06-27"),
        ]
    )
    answer = c.query("status?", topic="status", as_of="2026-07-01")
    assert answer.decision is not None
    assert answer.decision.id == "u2"
    assert answer.conflicts == ()


def test_verifying_makes_the_pending_version_current_and_settles_the_conflict() -> None:
    """The verify lifecycle: unverified (contests) -> verified (current, older one superseded)."""
    old = mem("mem_v", "preference", "editor", "Uses Vim", "2026-01-01", source="user")
    pending = mem("mem_a", "preference", "editor", "Uses Emacs", "2026-06-01")
    done = make_memory(
        "mem_a",
        "preference",
        "editor",
        "Uses Emacs",
        created_at=at("2026-06-01"),
        verified=True,
        verified_by="me@example.org",
    )
    assert "Uses Vim" in Corpus.from_records([old, pending]).recall(now=NOW).text
    c = Corpus.from_records([old, done])
    assert "Uses Emacs" in c.recall(now=NOW).text
    answer = c.query("editor?", topic="editor", as_of="2026-07-01")
    assert answer.decision is not None
    assert answer.decision.id == "mem_a"
    assert [s.id for s in answer.superseded_decisions] == ["mem_v"]
    assert str(answer.superseded_decisions[0].valid_to) == "2026-06-01"
    assert answer.conflicts == ()


def test_an_older_unverified_version_is_ended_by_a_later_verified_one() -> None:
    """A human's later verified version settles an earlier pending agent update."""
    c = Corpus.from_records(
        [
            mem("u", "fact", "tz", "Europe/Rome", "2026-02-01"),
            mem("v", "fact", "tz", "Europe/Berlin", "2026-03-01", source="user"),
        ]
    )
    answer = c.query("tz?", topic="tz", as_of="2026-07-01")
    assert answer.conflicts == ()
    assert c.facts[0].valid_to is not None
    assert str(c.facts[0].valid_to) == "2026-03-01"


def test_search_matches_tags_case_insensitively_and_text_in_key_or_content() -> None:
    """`tag` is a whole tag; `text` a substring of key or content."""
    c = seed_corpus()
    assert _ids(c.search_memories(tag="SYNAPSE", now=NOW)) == ["mem_003"]
    assert _ids(c.search_memories(text="USER_NAME", now=NOW)) == ["mem_001"]
    assert _ids(c.search_memories(tag="synapse", text="v1.6", now=NOW)) == ["mem_003"]
    assert _ids(c.search_memories(tag="synapse", text="berlin", now=NOW)) == []
    assert _ids(c.search_memories(tag="synap", now=NOW)) == []


def test_search_pages_concatenate_to_the_whole_list() -> None:
    """Pages of 2 over 5 memories give all 5, in recall order, then no cursor."""
    c = Corpus.from_records(
        [mem(f"m{i}", "note", f"note_{i}", f"note {i}", f"2026-01-0{i + 1}") for i in range(5)]
    )
    seen: list[str] = []
    cursor: str | None = None
    while True:
        page = c.search_memories(cursor=cursor, limit=2, now=NOW)
        assert isinstance(page, MemoryPage)
        seen += [m.id for m in page.items]
        cursor = page.cursor
        if cursor is None:
            break
    assert seen == ["m4", "m3", "m2", "m1", "m0"]


def test_a_cursor_from_another_query_is_refused() -> None:
    """A cursor of a tag search does not page a text search."""
    c = Corpus.from_records(
        [mem(f"m{i}", "note", f"n{i}", "x", "2026-01-01", tags=("t",)) for i in range(3)]
    )
    first = c.search_memories(tag="t", limit=1, now=NOW)
    assert isinstance(first, MemoryPage)
    assert first.cursor is not None
    again = c.search_memories(text="x", cursor=first.cursor, limit=1, now=NOW)
    assert isinstance(again, InvalidCursor)
    assert again.reason == "query-mismatch"


def test_expiring_lists_memories_expiring_within_the_window_soonest_first() -> None:
    """Expired and later-expiring memories are left out."""
    c = Corpus.from_records(
        [
            mem("gone", "context", "a", "x", "2026-01-01", expires_at=at("2026-06-30")),
            mem("soon", "context", "b", "x", "2026-01-01", expires_at=at("2026-07-03")),
            mem("sooner", "context", "c", "x", "2026-01-01", expires_at=at("2026-07-02")),
            mem("later", "context", "d", "x", "2026-01-01", expires_at=at("2026-08-01")),
            mem("never", "context", "e", "x", "2026-01-01"),
        ]
    )
    assert _ids(c.expiring("7d", now=NOW)) == ["sooner", "soon"]
    assert _ids(c.expiring("11h", now=NOW)) == []
    assert _ids(c.expiring("12h", now=NOW)) == ["sooner"]
    assert _ids(c.expiring("2w", as_of="2026-07-20", now=NOW)) == ["later"]


@pytest.mark.parametrize(
    ("text", "hours"), [("12h", 12), ("7d", 168), ("2w", 336), (" 3D ", 72), ("1h", 1)]
)
def test_within_reads_hours_days_and_weeks(text: str, hours: int) -> None:
    """`12h`, `7d`, `2w`, case-insensitive."""
    assert duration_of(text).total_seconds() == hours * 3600


@pytest.mark.parametrize("text", ["", "7", "0d", "7m", "-1d", "1.5d", "seven days"])
def test_a_bad_within_is_an_input_error(text: str) -> None:
    """Anything but a positive whole number of h, d or w."""
    with pytest.raises(InputError) as err:
        seed_corpus().expiring(text, now=NOW)
    assert err.value.field == "within"


def test_memory_history_lists_every_version_oldest_first_in_the_seed_shape() -> None:
    """Seed 004's keys in its order, `verified_by` appended when set."""
    c = Corpus.from_records(
        [
            mem("b", "fact", "office", "Berlin", "2026-02-01", source="user", verified_by="me@x"),
            mem("a", "fact", "office", "Munich", "2026-01-01"),
        ]
    )
    items = c.memory_history("FACT", "office").to_dict()["items"]
    assert isinstance(items, list)
    assert items[0] == {
        "id": "a",
        "category": "fact",
        "key": "office",
        "content": "Munich",
        "tags": [],
        "priority": "normal",
        "source": "agent",
        "verified": False,
        "confidence": 0.7,
        "expires_at": None,
        "mind_id": "default",
        "created_at": "2026-01-01",
        "updated_at": None,
    }
    assert isinstance(items[1], dict)
    assert list(items[1])[-2:] == ["updated_at", "verified_by"]
    assert items[1]["confidence"] == 1


def test_memory_history_refuses_an_unknown_category() -> None:
    """The eight categories of seed 004 only."""
    with pytest.raises(InputError):
        seed_corpus().memory_history("hobby", "x")


def test_a_multiline_content_stays_indented_inside_its_entry() -> None:
    """Every line of the content is indented two spaces."""
    c = Corpus.from_records([mem("m", "note", "k", "one\ntwo", "2026-01-01")])
    assert c.recall(now=NOW).text.endswith("  k\n  one\n  two")


def _ids(page: MemoryPage | InvalidCursor) -> list[str]:
    assert isinstance(page, MemoryPage)
    return [m.id for m in page.items]
