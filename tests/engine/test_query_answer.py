"""One example per rule of SPEC §5.7–§5.10: lists cut at 20, sources, evidence, partial relations."""

from __future__ import annotations

import attrs

from govmem import (
    Link,
    Quote,
    Source,
)
from govmem.model.records import ScopeSpec
from tests.engine.seed_corpus import (
    ADR_001,
    ADR_011,
    ADR_024,
    CLAIM,
    CONFIG,
    EXCERPT_024,
    SEED,
    ask,
    claim,
    corpus,
    rec,
)


# ------------------------------------------------------------------ §5 cuts
def test_conflicts_are_cut_at_20_with_a_sentence_and_a_find_conflicts_drill_down() -> None:
    """25 open claims: 20 listed, `5 more conflicts not shown.`, find_conflicts suggested."""
    claims = [claim(f"claim-{i:02}", f"Store{i:02}") for i in range(25)]
    alone = attrs.evolve(ADR_024, supersedes=())
    answer = ask(corpus((alone, *claims)))
    assert len(answer["conflicts"]) == 20
    assert answer["conflicts"][0]["item"]["id"] == "claim-00"
    assert answer["missing_information"] == [
        "At least one incompatible claim remains unresolved.",
        "1 more sources not shown.",
        "5 more conflicts not shown.",
    ]
    assert answer["drill_down"] == {
        "required": True,
        "suggested_tool": "find_conflicts",
        "reason": "Only the first 20 conflicts are included.",
    }


def test_exceptions_are_cut_at_20_and_sources_gathered_from_the_cut_lists() -> None:
    """22 exceptions: 20 listed, sources from decision + 20 (cut at 20), history suggested."""
    config = attrs.evolve(
        CONFIG, scopes=(*CONFIG.scopes, *(ScopeSpec(f"team-{i:02}", "all") for i in range(22)))
    )
    teams = [
        rec(f"adr-t{i:02}", "MySQL", scope=f"team-{i:02}", valid_from="2025-01-01")
        for i in range(22)
    ]
    general = rec("adr-900", "PostgreSQL", valid_from="2024-01-01")
    answer = ask(corpus((general, *teams), config=config))
    assert answer["decision"]["id"] == "adr-900"
    assert len(answer["scope_exceptions"]) == 20
    assert len(answer["sources"]) == 20
    assert answer["sources"][0]["source_id"] == "adr-900"
    assert answer["missing_information"] == [
        "1 more sources not shown.",
        "2 more scope exceptions not shown.",
    ]
    assert answer["drill_down"] == {
        "required": True,
        "suggested_tool": "get_decision_history",
        "reason": "Only the first 20 sources are included.",
    }


# ------------------------------------------------------------------ §5.9 sources
def test_sources_follow_the_lists_each_once() -> None:
    """Decision, superseded, exceptions, conflict items; a shared source is listed once."""
    shared = claim("claim-shared", "Neo4j", sources=("adr-011", "team-chat-2026-03-14"))
    answer = ask(corpus((*SEED, shared)))
    assert [s["source_id"] for s in answer["sources"]] == [
        "adr-024",
        "adr-001",
        "adr-011",
        "team-chat-2026-03-14",
    ]
    assert answer["conflicts"][1]["source_ids"] == ["adr-011", "team-chat-2026-03-14"]


def test_a_dangling_source_id_is_not_listed() -> None:
    """A cited source that does not exist appears in source_ids but not in sources."""
    answer = ask(corpus(sources=()))
    assert answer["conflicts"][0]["source_ids"] == ["team-chat-2026-03-14"]
    assert "team-chat-2026-03-14" not in [s["source_id"] for s in answer["sources"]]


# ------------------------------------------------------------------ §5.8 evidence
def test_declared_evidence_is_returned_in_order_with_verified_flags() -> None:
    """Declared quotes are checked against their sources, whitespace-normalised."""
    quoted = attrs.evolve(
        ADR_024,
        evidence=(
            Quote("team-chat-2026-03-14", "giulia:  Sì, stiamo\nspostando"),
            Quote("adr-024", "PostgreSQL is mandatory."),
            Quote("nowhere", "Anything."),
        ),
    )
    answer = ask(corpus((ADR_001, ADR_011, quoted, CLAIM)))
    assert answer["evidence"] == [
        {
            "source_id": "team-chat-2026-03-14",
            "excerpt": "giulia:  Sì, stiamo\nspostando",
            "verified": True,
        },
        {"source_id": "adr-024", "excerpt": "PostgreSQL is mandatory.", "verified": False},
        {"source_id": "nowhere", "excerpt": "Anything.", "verified": False},
    ]
    assert answer["status"] == "contested"


def test_unverified_declared_evidence_makes_the_answer_insufficient() -> None:
    """No verified excerpt: `No source text verifies <id>.`"""
    quoted = attrs.evolve(ADR_024, evidence=(Quote("adr-024", "Not in the text."),))
    answer = ask(corpus((ADR_001, ADR_011, quoted)))
    assert answer["status"] == "insufficient_evidence"
    assert answer["missing_information"] == ["No source text verifies adr-024."]


def test_picked_evidence_takes_one_excerpt_per_source_at_most_three() -> None:
    """An ADR with four sources: its own body and the first two it names."""
    extra = [
        Source(f"s{i}", text=f"Note {i}: PostgreSQL works well for us here.") for i in range(3)
    ]
    cited = attrs.evolve(ADR_024, sources=("s0", "missing", "s1", "s2"))
    answer = ask(corpus((ADR_001, ADR_011, cited), sources=extra))
    assert answer["evidence"] == [
        {"source_id": "adr-024", "excerpt": EXCERPT_024, "verified": True},
        {
            "source_id": "s0",
            "excerpt": "Note 0: PostgreSQL works well for us here.",
            "verified": True,
        },
        {
            "source_id": "s1",
            "excerpt": "Note 1: PostgreSQL works well for us here.",
            "verified": True,
        },
    ]


def test_a_short_picked_sentence_takes_the_next_one() -> None:
    """A picked sentence under 40 characters is followed by the next of its paragraph."""
    short = attrs.evolve(ADR_024, body="Use PostgreSQL. It has JSONB and logical replication.")
    answer = ask(corpus((short,)))
    assert answer["evidence"][0]["excerpt"] == (
        "Use PostgreSQL. It has JSONB and logical replication."
    )


# ------------------------------------------------------------------ §5.10 partial
def test_a_partial_relation_names_the_other_record() -> None:
    """`adr-031 amends adr-024.` whichever side wrote the link; topics are not joined."""
    amending = rec(
        "adr-031",
        "PgBouncer",
        topic="pooling",
        valid_from="2026-04-01",
        links=(Link("amends", "adr-024"),),
    )
    answer = ask(corpus((*SEED, amending)))
    assert answer["missing_information"] == [
        "adr-031 amends adr-024.",
        "At least one incompatible claim remains unresolved.",
    ]
    back = attrs.evolve(ADR_024, links=(Link("amended-by", "adr-031"),))
    plain = attrs.evolve(amending, links=())
    answer = ask(corpus((ADR_001, ADR_011, back, CLAIM, plain)))
    assert answer["missing_information"][0] == "adr-031 amends adr-024."
    assert ask(corpus((*SEED, amending)), topic="pooling")["missing_information"] == [
        "adr-031 amends adr-024."
    ]
