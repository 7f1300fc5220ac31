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


def test_scope_words_are_dropped_only_when_they_named_a_scope() -> None:
    """Without a declared scope of that name, `services` is an ordinary word of the question."""
    corpus = govmem.Corpus.from_records(
        [
            govmem.Record(
                id="a",
                kind="decision",
                title="Services mesh",
                content="Use Linkerd.",
                status="accepted",
                label="accepted",
                topic="mesh",
            ),
            govmem.Record(
                id="b",
                kind="decision",
                title="Database",
                content="Use PostgreSQL.",
                status="accepted",
                label="accepted",
                topic="database",
            ),
        ]
    )
    assert corpus.query("What for services?", as_of="2026-01-01").topic == "mesh"
