"""Tests for `govmem._evidence`: picking and verifying excerpts (SPEC §5.8)."""

from __future__ import annotations

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from govmem._evidence import paragraphs, pick_excerpt, sentences, verify

SEED_QUESTION = "Quale database è approvato per i nuovi servizi?"
SEED_CONTENT = "PostgreSQL è il database approvato per i nuovi servizi."
SEED_EXCERPT = "PostgreSQL è il database approvato per i nuovi servizi dal 1 febbraio 2026."

ADR_024 = """\
---
id: adr-024
title: ADR 024
topic: database
value: PostgreSQL
content: PostgreSQL è il database approvato per i nuovi servizi.
---
# ADR 024 — PostgreSQL per i nuovi servizi

## Contesto

MySQL è il default dal 2023 (ADR 001). Le nuove applicazioni hanno bisogno di
JSONB, estensioni geografiche e repliche logiche.

## Decisione

PostgreSQL è il database approvato per i nuovi
servizi dal 1 febbraio 2026.
Sostituisce ADR 001.

## Conseguenze

La piattaforma offre PostgreSQL gestito con backup giornalieri. I servizi
esistenti restano dove sono finché non vengono riscritti.
"""


def test_seed_sentence_is_picked_from_the_adr_body() -> None:
    """ADR 024's body yields the seed's excerpt, its line wrap read as one space."""
    excerpt = pick_excerpt(
        ADR_024, value="PostgreSQL", content=SEED_CONTENT, question=SEED_QUESTION
    )
    assert excerpt == SEED_EXCERPT
    assert verify(SEED_EXCERPT, ADR_024)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("One. Two.\n\nThree.", ["One. Two.", "Three."]),
        ("# Title\nBody line\nwraps here.", ["Body line wraps here."]),
        ("Intro\n## Section\nMore.", ["Intro", "More."]),
        ("---\nid: x\n---\nBody.", ["Body."]),
        ("\ufeff---\nid: x\n...\nBody.", ["Body."]),
        ("---\nno closing frontmatter", ["no closing frontmatter"]),
        ("- first item\n- second\n  continued.", ["first item", "second continued."]),
        ("1. one\n2) two\n* three\n+ four", ["one", "two", "three", "four"]),
        ("Setext heading\n==============\nText.", ["Text."]),
        ("Setext two\n---\nText.", ["Text."]),
        ("Before\n\n***\n\nAfter", ["Before", "After"]),
        ("Prose.\n```\ncode. More code.\n```\nAfter.", ["Prose.", "After."]),
        ("<!-- a comment. -->\nText.", ["Text."]),
        (
            "Keep *emphasis*, `code` and [links](x.md).",
            ["Keep *emphasis*, `code` and [links](x.md)."],
        ),
        ("> quoted text", ["> quoted text"]),
        ("#hashtag is not a heading.", ["#hashtag is not a heading."]),
        ("", []),
        ("\n\n   \n", []),
    ],
)
def test_paragraphs_skip_frontmatter_headings_and_list_markers(
    text: str, expected: list[str]
) -> None:
    """Paragraphs end at blank lines and excluded lines; inline markup stays."""
    assert paragraphs(text) == expected


@pytest.mark.parametrize(
    ("paragraph", "expected"),
    [
        ("One. Two! Three? Four", ["One.", "Two!", "Three?", "Four"]),
        ("Version 1.2 is out. Next.", ["Version 1.2 is out.", "Next."]),
        ("Really?! Yes.", ["Really?!", "Yes."]),
        ("No end", ["No end"]),
        ("Ends.", ["Ends."]),
    ],
)
def test_sentences_end_at_terminal_punctuation_before_whitespace(
    paragraph: str, expected: list[str]
) -> None:
    """`.`, `!` or `?` followed by whitespace or the end closes a sentence."""
    assert sentences(paragraph) == expected


@pytest.mark.parametrize(
    ("text", "question", "expected"),
    [
        (
            "Use Postgres. It is the approved store for every new service from 2026.",
            "postgres",
            "Use Postgres. It is the approved store for every new service from 2026.",
        ),
        (
            "Postgres is the approved database for all new services. Short one.",
            "postgres",
            "Postgres is the approved database for all new services.",
        ),
        ("Use Postgres.\n\nNext paragraph is not appended.", "postgres", "Use Postgres."),
        ("Other. Use Postgres.", "postgres", "Use Postgres."),
        (
            "Exactly forty characters, postgres here.  Next.",
            "postgres",
            "Exactly forty characters, postgres here.",
        ),
    ],
)
def test_short_sentence_takes_the_next_one_of_its_paragraph(
    text: str, question: str, expected: str
) -> None:
    """Under 40 characters, the next sentence of the same paragraph is appended."""
    assert pick_excerpt(text, question=question) == expected


def test_earliest_sentence_wins_ties() -> None:
    """Two sentences sharing as many tokens: the first one is picked."""
    text = "Postgres is fine for analytics and reporting. Postgres is fine for queues and jobs."
    assert pick_excerpt(text, question="postgres fine") == (
        "Postgres is fine for analytics and reporting."
    )


def test_value_content_and_question_all_count() -> None:
    """Tokens are sought in the value, the content and the question together."""
    text = "Kafka carries domain events between teams. Postgres stores the orders of the shop."
    assert pick_excerpt(text, value="Postgres", question="where?") == (
        "Postgres stores the orders of the shop."
    )
    assert pick_excerpt(text, content="Kafka for events.", question="where?") == (
        "Kafka carries domain events between teams."
    )


def test_text_without_prose_has_no_excerpt() -> None:
    """Only headings and blank lines: no excerpt."""
    assert pick_excerpt("# Title\n\n## Section\n", question="title") is None


@pytest.mark.parametrize(
    ("excerpt", "text", "verified"),
    [
        (SEED_EXCERPT, ADR_024, True),
        ("servizi dal 1 febbraio", "servizi\n   dal 1\tfebbraio", True),
        ("  padded   excerpt ", "a padded excerpt.", True),
        ("servizi dal 1 febbraio", "servizi dal 2 febbraio", False),
        ("Servizi", "servizi", False),
        ("", "anything", False),
        ("   ", "anything", False),
    ],
)
def test_verification_is_whitespace_normalised(excerpt: str, text: str, verified: bool) -> None:
    """Whitespace runs compare as one space; nothing else is forgiven."""
    assert verify(excerpt, text) is verified


_LINES = st.one_of(
    st.text(max_size=40),
    st.sampled_from(
        [
            "",
            "---",
            "...",
            "# Heading",
            "## Heading.",
            "===",
            "- item. more",
            "1. first",
            "```",
            "~~~",
            "***",
            "<!-- c. -->",
            "> quote. here",
            "PostgreSQL è approvato.",
            "  indented line!",
            "Short. Then a much longer sentence that goes on and on.",
        ]
    ),
)
_MARKDOWN = st.lists(_LINES, max_size=12).map("\n".join)


@given(st.one_of(st.text(), _MARKDOWN), st.text(max_size=30), st.text(max_size=30))
@example("a\x1cb.", "a b", "")
def test_any_text_gives_an_excerpt_or_none_without_raising(
    text: str, question: str, value: str
) -> None:
    """Any text, any question: a string excerpt or None, never an exception."""
    excerpt = pick_excerpt(text, value=value, content=None, question=question)
    assert excerpt is None or isinstance(excerpt, str)


@given(st.one_of(st.text(), _MARKDOWN), st.text(max_size=30))
def test_picked_excerpts_are_verified_against_their_source(text: str, question: str) -> None:
    """Whatever is picked occurs in its source text, whitespace-normalised."""
    excerpt = pick_excerpt(text, question=question)
    if excerpt is not None:
        assert verify(excerpt, text)
