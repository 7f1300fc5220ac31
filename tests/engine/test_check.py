"""`Corpus.check_proposal` (`govmem.engine.check`): what a proposal meets, and the matching rule.

Records made in memory (`Corpus.from_records`) for the rules, the bundled
example for the SPEC's own case.
"""

from __future__ import annotations

import json
from datetime import date
from typing import Any

import govmem
from govmem import Config, Corpus, Link, Record, StatusChange, When
from govmem.model.records import TopicSpec
from tests.conftest import EXAMPLE

AS_OF = "2026-09-08"


def _rec(rid: str, status: str, *, title: str, **kw: Any) -> Record:
    return Record(
        id=rid,
        kind="decision",
        title=title,
        content=title,
        status=status,
        label=status,
        written_status=status,
        **kw,
    )


def test_the_example_names_the_superseded_option_and_the_decision_in_force() -> None:
    """SPEC v6 §7: "Use MySQL for new services" on the bundled example names adr-001 (MySQL,
    superseded) and adr-024 (PostgreSQL, in force for new services)."""
    check = govmem.load(EXAMPLE).check_proposal("Use MySQL for new services", as_of=AS_OF)
    assert (check.topic, check.scope) == ("database", "new-services")
    assert check.decision is not None
    assert (check.decision.id, check.decision.value) == ("adr-024", "PostgreSQL")
    assert [(o.id, o.option, o.status, o.matches, o.reason) for o in check.options] == [
        ("adr-001", "MySQL", "superseded", True, "Superseded by adr-024 on 2026-02-01.")
    ]
    assert [p.id for p in check.proposals] == ["claim-chat-dynamodb"]
    assert check.notes[0] == "It re-proposes MySQL, superseded in adr-001 (2026-02-01)."


def _corpus(*records: Record, config: Config | None = None) -> Corpus:
    return Corpus.from_records(records, config=config)


def test_a_value_matches_by_its_spellings() -> None:
    """`value` given, or named in the words, compares through the topic's `values` spellings."""
    config = Config(
        topics=(TopicSpec("database", (), (("postgresql", ("postgres", "pg")),)),),
    )
    corpus = _corpus(
        _rec("a", "rejected", title="PostgreSQL", topic="database", value="PostgreSQL"),
        _rec("b", "accepted", title="MySQL", topic="database", value="MySQL"),
        config=config,
    )
    by_value = corpus.check_proposal("Switch the store", topic="database", value="pg", as_of=AS_OF)
    assert [o.matches for o in by_value.options] == [True]
    by_words = corpus.check_proposal("Move to Postgres", topic="database", as_of=AS_OF)
    assert [o.matches for o in by_words.options] == [True]
    other = corpus.check_proposal("Move to SQLite", topic="database", as_of=AS_OF)
    assert [o.matches for o in other.options] == [False]
    assert other.decision is not None
    assert other.decision.id == "b"


def test_without_a_value_the_title_s_subject_or_the_chosen_option_is_the_option() -> None:
    """Every term of the option occurs in the proposal (intent words like `use` aside)."""
    corpus = _corpus(
        _rec("0002", "superseded", title="2. Use MongoDB for sessions", topic="sessions"),
        _rec(
            "0003",
            "rejected",
            title="3. Pick a session store",
            topic="sessions",
            body='## Decision Outcome\n\nChosen option: "Memcached", because it is simple.\n',
            changes=(StatusChange(When.from_date(date(2025, 1, 2)), "rejected", "Rejected"),),
        ),
        _rec(
            "0004",
            "accepted",
            title="4. Use Redis for sessions",
            topic="sessions",
            supersedes=("0002",),
        ),
    )
    again = corpus.check_proposal("Adopt MongoDB for sessions", topic="sessions", as_of=AS_OF)
    assert [(o.id, o.option, o.matches) for o in again.options] == [
        ("0002", "Use MongoDB for sessions", True),
        ("0003", "Memcached", False),
    ]
    narrower = corpus.check_proposal("Use MongoDB for analytics", topic="sessions", as_of=AS_OF)
    assert not narrower.reproposes
    cached = corpus.check_proposal("Sessions in Memcached", topic="sessions", as_of=AS_OF)
    assert [o.id for o in cached.reproposes] == ["0003"]
    assert cached.reproposes[0].reason == "Rejected on 2025-01-02."


def test_a_rejection_in_favour_of_another_record_says_which() -> None:
    corpus = _corpus(
        _rec(
            "100",
            "rejected",
            title="Push API",
            topic="companion",
            links=(Link("rejected-in-favour-of", "101"),),
        ),
        _rec("101", "accepted", title="Pull API", topic="companion"),
    )
    check = corpus.check_proposal("A push API for the companion", topic="companion", as_of=AS_OF)
    assert [o.reason for o in check.options] == ["Rejected in favour of 101."]


def test_overlaps_are_the_other_rules_in_force_the_proposal_would_meet() -> None:
    """Proposed for `all`, it meets the narrower scopes' decisions too."""
    example = govmem.load(EXAMPLE)
    wide = example.check_proposal("Adopt CockroachDB", topic="database", as_of=AS_OF)
    assert wide.scope == "all"
    assert [(r.id, r.scope) for r in wide.overlaps] == [("adr-011", "legacy")]
    narrow = example.check_proposal(
        "Adopt CockroachDB", topic="database", scope="legacy", as_of=AS_OF
    )
    assert narrow.decision is not None
    assert (narrow.decision.id, narrow.overlaps, narrow.proposals) == ("adr-011", (), ())


def test_no_topic_gives_the_closest_candidates_and_nothing_else() -> None:
    check = govmem.load(EXAMPLE).check_proposal("Use Redis for caching", as_of=AS_OF)
    assert check.topic is None
    assert [c.topic for c in check.candidates] == ["database"]
    assert (check.decision, check.options, check.proposals) == (None, (), ())
    assert check.candidates[0].decision_id == "adr-024"
    assert json.loads(json.dumps(check.to_dict()))["candidates"][0]["decision_id"] == "adr-024"
