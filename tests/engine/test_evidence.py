"""Tests for `govmem.engine.evidence`: picking and verifying excerpts (SPEC §5.8)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import govmem
from govmem.engine.evidence import (
    SplitText,
    competing,
    paragraphs,
    pick_excerpt,
    sentences,
    verify,
)
from govmem.parse.markdown import split_frontmatter
from govmem.parse.outline import heading_name, outline
from tests.conftest import CORPORA, EXAMPLE

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
        ("> quoted text", ["quoted text"]),
        ("> quoted\n> over lines.", ["quoted > over lines."]),
        ("- > 1. nested\n  item.", ["nested item."]),
        ("Text.\n\n    indented code. Not prose.\n\nMore.", ["Text.", "More."]),
        ("<div>\nHTML block. Not prose.\n</div>\n\nAfter.", ["After."]),
        ("<!--\nA comment.\n\nStill one.\n-->\nAfter.", ["After."]),
        ("| a | b. |\n|---|---|\n| c | d |", ["| a | b. | |---|---| | c | d |"]),
        ("[ref]: ./x.md\nText.", ["Text."]),
        ("#hashtag is not a heading.", ["#hashtag is not a heading."]),
        ("", []),
        ("\n\n   \n", []),
    ],
)
def test_paragraphs_skip_frontmatter_headings_and_list_markers(
    text: str, expected: list[str]
) -> None:
    """Paragraphs are CommonMark's; headings, code, HTML and list markers are not text."""
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


NYGARD = """\
# 12. Clusters for the platform

Date: 2021-03-01

## Status

Accepted

## Context

Every team runs its own Kubernetes cluster for the platform today, and each
cluster costs time to upgrade.

## Decision

We will run one shared cluster. Teams get a namespace each.

## Consequences

Upgrades happen once per cluster.
"""


def test_the_decision_section_wins_over_a_context_that_shares_more_words() -> None:
    """Only the Decision section's sentences compete, however well the Context matches."""
    question = "How many Kubernetes clusters does every team run for the platform?"
    excerpt = pick_excerpt(
        NYGARD, value=None, content="Clusters for the platform", question=question
    )
    assert excerpt == "We will run one shared cluster. Teams get a namespace each."
    whole = NYGARD.replace("## Decision", "## Choice")
    assert pick_excerpt(whole, content="Clusters for the platform", question=question) == (
        "Every team runs its own Kubernetes cluster for the platform today, and each "
        "cluster costs time to upgrade."
    )


@pytest.mark.parametrize(
    "heading",
    [
        "## Decision",
        "## Decision Outcome",
        "### 3. Decision",
        "## **Decision**",
        "## Decisione",
        "## Décision",
        "## Decisión",
        "## Decisão",
        "## Entscheidung",
        "## Besluit",
        "## Chosen option",
        "# Decisions",
        "Decision\n--------",
        "Decision outcome\n================",
    ],
)
def test_decision_headings_in_any_language_and_level_open_the_decision_section(
    heading: str,
) -> None:
    """Folded heading words starting with a decision word; ATX or setext; any level."""
    text = (
        "## Context\n\nPostgres and Kafka and Redis were all compared at length.\n\n"
        f"{heading}\n\nWe pick Redis.\n\n# Consequences\n\nPostgres and Kafka stay.\n"
    )
    assert competing(text) == ["We pick Redis."]
    assert pick_excerpt(text, question="postgres kafka redis") == "We pick Redis."


@pytest.mark.parametrize(
    "text",
    [
        "## Context\n\nWe pick Redis.\n\n```\n## Decision\n```\n\nFast.\n",
        "## Context\n\nWe pick Redis.\n\n<!--\n## Decision\n-->\n\nFast.\n",
        "## Context\n\nWe pick Redis.\n\n## Decided later\n\nFast.\n",
        "We pick Redis.\n\nFast.\n",
    ],
)
def test_without_a_decision_section_every_sentence_competes(text: str) -> None:
    """No decision heading (or one only inside code or a comment): the whole text competes."""
    assert competing(text) == paragraphs(text) == ["We pick Redis.", "Fast."]


@pytest.mark.parametrize(
    "text",
    [
        "## Context\n\nWe pick Redis.\n\n## Decision\n\n## Notes\n\nFast.\n",
        "## Context\n\nWe pick Redis.\n\n## Decision\n\n```\ncode\n```\n\n## Notes\n\nFast.\n",
    ],
)
def test_an_empty_decision_section_gives_no_excerpt(text: str) -> None:
    """An unfilled `## Decision`: only its (no) sentences compete, so nothing is quoted."""
    assert paragraphs(text) == ["We pick Redis.", "Fast."]
    assert competing(text) == []
    assert pick_excerpt(text, question="redis") is None


def test_madr_decision_drivers_is_a_decision_section_too() -> None:
    """`Decision Drivers` starts with `decision`: its sentences compete with the Outcome's."""
    text = (
        "## Context\n\nRedis and Kafka were compared.\n\n## Decision Drivers\n\n* Fast reads.\n\n"
        "## Decision Outcome\n\nChosen option: Redis.\n"
    )
    assert competing(text) == ["Fast reads.", "Chosen option: Redis."]


def test_the_decision_section_holds_its_subsections_and_ends_at_its_level() -> None:
    """`### Consequences` under `## Decision Outcome` belongs to it; the next `##` ends it."""
    text = (
        "# T\n\n## Decision Drivers\n\n* speed\n\n## Decision Outcome\n\n"
        'Chosen option: "Redis", because it is fast.\n\n### Consequences\n\n* Good, cheap.\n\n'
        "## Pros and Cons of the Options\n\n* Redis is fast.\n"
    )
    assert competing(text) == [
        "speed",
        'Chosen option: "Redis", because it is fast.',
        "Good, cheap.",
    ]


def test_terms_are_stemmed_stop_words_dropped_and_intent_words_kept() -> None:
    """`clusters` meets `cluster`; `the`/`for` count for nothing; `decided` counts."""
    text = "The one for the many. A cluster is shared. We decided on it."
    assert pick_excerpt(text, question="clusters") == "A cluster is shared. We decided on it."
    assert pick_excerpt(text, question="the for") == "The one for the many. A cluster is shared."
    assert pick_excerpt(text, question="what was decided?") == "We decided on it."


@pytest.mark.parametrize(
    ("name", "question", "expected"),
    [
        (
            "0016-internal-dns-zones.md",
            "How are internal DNS zones set up?",
            (
                "We've bought a domain name that will not be connected to the rest of the public "
                "DNS system."
            ),
        ),
        (
            "0004-dns-definitions-for-hosts-and-services.md",
            "Which DNS names do hosts and services get for monitoring?",
            (
                "Each stack will have an internal, private, zone for internal services such as the "
                "puppetmaster."
            ),
        ),
    ],
)
def test_govuk_dns_adrs_quote_their_decision_sections(
    corpora: Path, name: str, question: str, expected: str
) -> None:
    """The excerpt is the Decision section's best sentence, not the Context's."""
    text = (corpora / "govuk-aws" / name).read_text("utf-8")
    doc = outline(split_frontmatter(text)[1])
    at = next(i for i, h in enumerate(doc.headings) if heading_name(h.text) == "decision")
    decision_text = " ".join(" ".join(doc.lines[slice(*doc.section(at))]).split())
    title = doc.headings[0].text
    excerpt = pick_excerpt(text, content=title, question=question)
    assert excerpt == expected
    assert excerpt in decision_text
    assert verify(excerpt, text)


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
            "## Decision",
            "Decision Outcome",
            "--------",
            "### Décision",
            "## Context",
            "    indented code.",
            "<!--",
            "-->",
            "<div>",
            "| a. | b |",
            "|---|---|",
            "\r",
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


@given(_MARKDOWN, st.text(max_size=30))
def test_an_excerpt_comes_from_the_competing_paragraphs(text: str, question: str) -> None:
    """The decision section's paragraphs when there is one, else any paragraph."""
    excerpt = pick_excerpt(text, question=question)
    assert (excerpt is None) == (not competing(text))
    if excerpt is not None:
        assert any(excerpt in p for p in competing(text))


def _roots() -> list[Path]:
    """The example, each real corpus, and each adrkit fixture corpus."""
    real = sorted(p for p in CORPORA.iterdir() if p.is_dir() and p.name != "adrkit-fixtures")
    return [EXAMPLE, *real, *sorted((CORPORA / "adrkit-fixtures").iterdir())]


@pytest.mark.parametrize("root", _roots(), ids=lambda p: p.name)
def test_the_prose_read_at_load_splits_like_the_text(root: Path) -> None:
    """Every source's competing paragraphs, from the spans the loader kept (a body the
    quick scanner read keeps none: they are found on first use), are those of its text
    read again from scratch: the load-time shortcuts change no evidence."""
    corpus = govmem.load(root)
    sources = [corpus.source(r.id) for r in corpus.records]
    sources += [corpus.source(s) for r in corpus.records for s in r.sources]
    for source in sources:
        if source is not None:
            assert SplitText.of_source(source) == SplitText.from_text(source.text), source.id
