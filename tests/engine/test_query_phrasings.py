"""The questions the README and the docs show, asked of the example corpus as people phrase them.

Issue 23: "Which database do new services use?" — the README's own phrasing —
answered `unknown`, because "new services" chose the scope and then also
counted as words the (Italian) corpus never uses. The words that name a
scope choose S only (docs/query.md §1).
"""

from __future__ import annotations

import pytest

import govmem
from tests.conftest import EXAMPLE

PHRASINGS = [
    "Which database do new services use?",
    "What database is approved for new services?",
    "Which database is in force for new services?",
    "Quale database è approvato per i nuovi servizi?",
    "Quale database usano i nuovi servizi?",
    "Che database usiamo per i nuovi servizi?",
]


@pytest.mark.parametrize("question", PHRASINGS)
def test_the_example_answers_every_phrasing_of_its_question(question: str) -> None:
    """Each finds the topic, the scope named in words, and the contested PostgreSQL decision."""
    answer = govmem.load(EXAMPLE).query(question, as_of="2026-09-08")
    assert (answer.topic, answer.scope, answer.status) == ("database", "new-services", "contested")
    assert answer.decision is not None
    assert answer.decision.id == "adr-024"
    assert answer.candidates == ()


def _accepted(rid: str, title: str, content: str, topic: str) -> govmem.Record:
    return govmem.Record(
        id=rid,
        kind="decision",
        title=title,
        content=content,
        status="accepted",
        label="accepted",
        topic=topic,
    )


def test_scope_words_are_dropped_only_when_they_named_a_scope() -> None:
    """Without a declared scope of that name, `services` is an ordinary word of the question."""
    corpus = govmem.Corpus.from_records(
        [
            _accepted("a", "Services mesh", "Use Linkerd.", "mesh"),
            _accepted("b", "Database", "Use PostgreSQL.", "database"),
        ]
    )
    assert corpus.query("What for services?", as_of="2026-01-01").topic == "mesh"
