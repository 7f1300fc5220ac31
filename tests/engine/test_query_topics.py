"""One example per rule of SPEC §5.1, §5.2 and the minds: topics, scopes, whose memories count."""

from __future__ import annotations

import attrs

from govmem import (
    Record,
)
from govmem.engine.wording import DRILL_TOPIC_REASON
from govmem.model.records import ScopeSpec
from tests.engine.seed_corpus import (
    CONFIG,
    QUESTION,
    SEED,
    VIEW_011,
    VIEW_024,
    ask,
    conflict_ids,
    corpus,
    day,
    ids,
    rec,
)


# ------------------------------------------------------------------ §5.1 topics
def test_an_unknown_topic_answers_unknown_and_suggests_searching() -> None:
    """A question about nothing in the corpus: topic null, status unknown, drill-down."""
    answer = ask(corpus(), "What about the weather tomorrow?", topic=None)
    assert answer["topic"] is None
    assert answer["status"] == "unknown"
    assert answer["decision"] is None
    assert answer["scope"] == "all"
    assert answer["missing_information"] == ["No topic matched the question."]
    assert answer["drill_down"] == {
        "required": True,
        "suggested_tool": "search_decisions",
        "reason": DRILL_TOPIC_REASON,
    }


def test_an_ambiguous_question_lists_the_closest_topics() -> None:
    """Two topics scoring alike: no topic, the candidates best first (ties by name)."""
    cache = rec("adr-800", "Redis", topic="cache", content="Redis for the shared store.")
    queue = rec("adr-801", "Kafka", topic="queue", content="Kafka for the shared store.")
    answer = ask(corpus([cache, queue]), "Which shared store?", topic=None)
    assert answer["topic"] is None
    assert answer["status"] == "unknown"
    assert answer["missing_information"] == [
        "No single topic matched the question; closest: cache, queue."
    ]
    assert answer["drill_down"]["suggested_tool"] == "search_decisions"


def test_the_topic_is_inferred_from_the_question() -> None:
    """Without `topic`, BM25 picks `database` for the seed question."""
    answer = ask(corpus(), QUESTION, topic=None)
    assert answer == ask(corpus(), QUESTION)


def test_a_written_topic_name_protects_its_words_a_title_does_not() -> None:
    """`topic: status` keeps the intent word `status`; a title's `use` stays an intent word."""
    status = rec("adr-810", None, topic="status", content="Incidents go to the page.")
    ci = rec("adr-811", None, topic=None, title="Use GitHub Actions", content="CI runs there.")
    other = rec("adr-812", None, topic="frontend", content="React for web pages.")
    c = corpus([status, ci, other])
    assert ask(c, "status?", topic=None)["topic"] == "status"
    # `use` would otherwise match the title "Use GitHub Actions"; dropped, nothing is left
    assert ask(c, "What do we use?", topic=None)["missing_information"] == [
        "No topic matched the question."
    ]


def test_a_question_naming_what_the_corpus_never_mentions_gets_no_topic() -> None:
    """RabbitMQ or Kafka, asked of the seed corpus: no confident answer about databases."""
    answer = ask(
        corpus(), "Which message broker do the new services use, RabbitMQ or Kafka?", topic=None
    )
    assert answer["topic"] is None
    assert answer["status"] == "unknown"
    assert answer["decision"] is None


def test_a_given_topic_is_folded_and_aliases_resolve() -> None:
    """`DB` is the alias of `database`; an unknown given topic is echoed folded."""
    assert ask(corpus(), topic="DB")["topic"] == "database"
    answer = ask(corpus(), topic="Caché")
    assert answer["topic"] == "cache"
    assert answer["status"] == "unknown"
    assert answer["missing_information"] == ["No record is on topic cache."]
    assert answer["drill_down"]["suggested_tool"] == "search_decisions"


# ------------------------------------------------------------------ §5.2 scopes
def test_a_scope_named_in_the_question_is_requested() -> None:
    """`per i nuovi servizi` names new-services through its alias."""
    answer = ask(corpus(), "Quale database per i nuovi servizi?", as_of="2025-01-01")
    assert answer["scope"] == "new-services"
    assert answer["decision"]["id"] == "adr-001"
    assert answer["scope_exceptions"] == [VIEW_011]


def test_two_scopes_named_in_the_question_are_both_ignored() -> None:
    """Legacy and new services named together: none is used, listed in question order."""
    answer = ask(corpus(), "Which database for legacy and for new services?")
    assert answer["scope"] == "new-services"
    assert answer["missing_information"] == [
        "The question names several scopes (legacy, new-services); none was used.",
        "At least one incompatible claim remains unresolved.",
    ]


def test_the_longest_overlapping_scope_phrase_wins() -> None:
    """`new services` contains `services`; the longer phrase names the scope."""
    config = attrs.evolve(CONFIG, scopes=(*CONFIG.scopes, ScopeSpec("services", "all")))
    answer = ask(corpus(config=config), "Which database for new services?")
    assert answer["scope"] == "new-services"
    assert not any("several scopes" in line for line in answer["missing_information"])


def test_the_root_scope_is_never_inferred_from_the_word_all() -> None:
    """`all` in the question names no scope."""
    answer = ask(corpus(), "Which database for all the services?")
    assert answer["scope"] == "new-services"


def test_an_undeclared_scope_argument_is_a_child_of_all() -> None:
    """`scope="Retail"` is undeclared: on it nothing is in force, both ADRs are exceptions."""
    answer = ask(corpus(), scope="Retail")
    assert answer["scope"] == "retail"
    assert answer["decision"] is None
    assert answer["status"] == "insufficient_evidence"
    assert ids(answer["scope_exceptions"]) == ["adr-024", "adr-011"]
    assert [s["source_id"] for s in answer["sources"]] == ["adr-024", "adr-011"]
    assert answer["missing_information"] == [
        "Scope retail is not declared; it was read as a child of all.",
        "No decision on database is in force for retail as of 2026-09-08.",
        "adr-001 was in force until 2026-02-01 (superseded).",
    ]


def test_a_scope_argument_resolves_aliases_and_selects_deeper_first() -> None:
    """`scope="new services"` is new-services; its decision is ADR 024."""
    answer = ask(corpus(), scope="new services")
    assert answer["scope"] == "new-services"
    assert answer["decision"] == VIEW_024


# ------------------------------------------------------------------ §5 minds
def test_memories_of_another_mind_are_invisible() -> None:
    """Bob's verified memory answers for Bob only."""
    memory = rec(
        "mem-bob-db",
        "SQLite everywhere",
        kind="memory",
        topic="database",
        content="SQLite everywhere",
        status="accepted",
        scope="new-services",
        valid_from="2026-05-01",
        confidence=1.0,
        authority=1.0,
        category="preference",
        key="database",
        origin="user",
        verified=True,
        mind="bob",
        path="memory/bob.yaml",
    )
    assert ask(corpus((*SEED, memory))) == ask(corpus())
    bob = ask(corpus((*SEED, memory)), mind="bob")
    assert bob["decision"]["id"] == "mem-bob-db"
    assert ask(corpus([memory]))["status"] == "unknown"


def test_an_unverified_memory_version_contests_the_verified_one() -> None:
    """An agent's unverified update is a pending change: an open conflict."""

    def memory(rid: str, content: str, verified: bool, created: str) -> Record:
        return rec(
            rid,
            content,
            kind="memory",
            topic="editor",
            content=content,
            status="accepted" if verified else "proposed",
            valid_from=created,
            created_at=day(created),
            confidence=1.0 if verified else 0.7,
            authority=1.0 if verified else 0.5,
            category="preference",
            key="editor",
            origin="user" if verified else "agent",
            verified=verified,
            path="memory/m.yaml",
        )

    user = memory("mem-1", "vim", True, "2026-01-01")
    agent = memory("mem-2", "emacs", False, "2026-02-01")
    answer = ask(corpus([user, agent], sources=()), "editor?", topic="editor")
    assert answer["decision"]["id"] == "mem-1"
    assert conflict_ids(answer) == [("rel-emacs-vs-mem-1", "mem-2", "open")]
    assert answer["status"] == "contested"
