"""Tests for `govmem._bm25`: topic inference with BM25 (SPEC §5.1)."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from govmem._bm25 import (
    TopicGuess,
    TopicIndex,
    decide,
    idf,
    protected_tokens,
    rank_topics,
    topic_document,
)
from govmem._stopwords import STOP_WORDS

SEED_QUESTION = "Quale database è approvato per i nuovi servizi?"

TOPICS: dict[str, dict[str, list[str]]] = {
    "database": {
        "aliases": ["db", "databases"],
        "titles": ["ADR 001", "ADR 011", "ADR 024"],
        "values": ["MySQL", "MongoDB", "PostgreSQL", "DynamoDB"],
        "bodies": [
            "MySQL è il database di default.",
            "MongoDB resta approvato per i servizi legacy.",
            "PostgreSQL è il database approvato per i nuovi servizi dal 1 febbraio 2026.",
            "Stiamo spostando i nuovi servizi su DynamoDB.",
        ],
    },
    "service-mesh": {
        "aliases": ["mesh"],
        "titles": ["ADR 030"],
        "values": ["Istio"],
        "bodies": ["I nuovi servizi usano Istio per il traffico tra servizi."],
    },
    "messaging": {
        "aliases": ["queue"],
        "titles": ["ADR 040"],
        "values": ["Kafka"],
        "bodies": ["Kafka è approvato per gli eventi di dominio."],
    },
    "frontend": {
        "aliases": ["ui"],
        "titles": ["ADR 050"],
        "values": ["React"],
        "bodies": ["React for every new web application."],
    },
}


def _index(topics: dict[str, dict[str, list[str]]]) -> TopicIndex:
    docs = {
        name: topic_document(
            name=name,
            aliases=parts.get("aliases", []),
            titles=parts.get("titles", []),
            values=parts.get("values", []),
            tags=parts.get("tags", []),
            bodies=parts.get("bodies", []),
        )
        for name, parts in topics.items()
    }
    names = [n for name, parts in topics.items() for n in (name, *parts.get("aliases", []))]
    return TopicIndex.from_documents(docs, protected_tokens(names))


def test_seed_question_ranks_database_first() -> None:
    """The seed's Italian question is about `database`, not mesh, messaging or frontend."""
    guess = _index(TOPICS).rank(SEED_QUESTION)
    assert guess.topic == "database"
    assert guess.candidates == ()
    assert guess.scores[0][0] == "database"


def test_question_matching_two_topics_alike_chooses_neither() -> None:
    """Sharing only `nuovi servizi` with two equally long topics gives two candidates."""
    topics = {
        "service-mesh": {"values": ["Istio"], "bodies": ["I nuovi servizi usano Istio."]},
        "observability": {"values": ["Grafana"], "bodies": ["I nuovi servizi usano Grafana."]},
    }
    guess = _index(topics).rank(SEED_QUESTION)
    assert guess.topic is None
    assert guess.candidates == ("observability", "service-mesh")


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("Which db do we use?", "database"),
        ("Quale queue per gli eventi?", "messaging"),
        ("What UI framework?", "frontend"),
        ("PostgreSQL o MySQL?", "database"),
        ("Istio", "service-mesh"),
    ],
)
def test_aliases_and_values_point_to_their_topic(question: str, expected: str) -> None:
    """An alias or a member value in the question finds its topic."""
    assert _index(TOPICS).rank(question).topic == expected


def test_stop_words_alone_match_no_topic() -> None:
    """A question of function words only scores zero everywhere: no topic, no candidate."""
    guess = _index(TOPICS).rank("What is the one of them, and per il dei?")
    assert guess == TopicGuess(None, (), guess.scores)
    assert all(score == 0.0 for _, score in guess.scores)


def test_stop_word_alias_still_counts() -> None:
    """A topic whose alias is a stop word (`it`) is found through it."""
    topics = {
        "information-technology": {"aliases": ["it"], "bodies": ["Laptops are renewed yearly."]},
        "frontend": TOPICS["frontend"],
    }
    assert "it" in STOP_WORDS
    assert _index(topics).rank("Who owns IT?").topic == "information-technology"


def test_stop_word_alias_is_ignored_when_not_protected() -> None:
    """Without protection the stop word `it` scores nothing."""
    docs = {"information-technology": ["it", "it", "laptops"], "frontend": ["react"]}
    guess = rank_topics("Who owns IT?", docs, protected=())
    assert guess.topic is None
    assert guess.candidates == ()


@pytest.mark.parametrize(
    ("scores", "expected"),
    [
        ({"a": 1.1, "b": 1.0}, TopicGuess("a")),
        ({"a": 2.0, "b": 0.0}, TopicGuess("a")),
        ({"a": 1.09, "b": 1.0}, TopicGuess(None, ("a", "b"))),
        ({"a": 1.0, "b": 1.0}, TopicGuess(None, ("a", "b"))),
        ({"a": 0.0, "b": 0.0}, TopicGuess(None, ())),
        ({"a": 0.5}, TopicGuess("a")),
        ({"a": 0.0}, TopicGuess(None, ())),
        ({}, TopicGuess(None, ())),
        ({"a": 1.0, "b": 1.0, "c": 0.5, "d": 0.4, "e": 0.0}, TopicGuess(None, ("a", "b", "c"))),
    ],
)
def test_confidence_needs_a_positive_score_and_a_ten_percent_margin(
    scores: dict[str, float], expected: TopicGuess
) -> None:
    """The best topic wins with a positive score at least 1.1 x the second (alone: positive)."""
    guess = decide(scores)
    assert (guess.topic, guess.candidates) == (expected.topic, expected.candidates)


@pytest.mark.parametrize(
    ("scores", "candidates"),
    [
        ({"delta": 1.0, "beta": 1.0, "alpha": 1.0, "gamma": 1.0}, ("alpha", "beta", "delta")),
        ({"b": 1.0, "c": 1.0, "a": 0.5}, ("b", "c", "a")),
        ({"É": 1.0, "Z": 1.0, "e": 1.0}, ("Z", "e", "É")),
    ],
)
def test_candidates_tie_by_name_in_utf16_order(
    scores: dict[str, float], candidates: tuple[str, ...]
) -> None:
    """Equal scores list their topics by name, in UTF-16 code-unit order."""
    assert decide(scores).candidates == candidates


def test_identical_documents_tie_by_name() -> None:
    """Two topics with the same document are both candidates, in name order."""
    docs = {"beta": ["postgresql"], "alpha": ["postgresql"]}
    guess = rank_topics("postgresql", docs)
    assert guess.topic is None
    assert guess.candidates == ("alpha", "beta")


def test_repeated_question_words_count_once() -> None:
    """The question's distinct tokens count once each."""
    index = _index(TOPICS)
    assert index.scores("database database DATABASE") == index.scores("database")


def test_topic_document_counts_labels_twice_and_bodies_once() -> None:
    """Name, aliases, titles, values and tags appear twice; bodies once."""
    doc = topic_document(
        name="Database",
        aliases=["db"],
        titles=["ADR 1"],
        values=["PostgreSQL", None],
        tags=["infra"],
        bodies=["Use it."],
    )
    labels = ["database", "db", "adr", "1", "postgresql", "infra"]
    assert doc == labels + labels + ["use", "it"]


def test_competing_topics_limit_the_ranking() -> None:
    """Only competing topics are scored, and N counts only them."""
    index = _index(TOPICS)
    guess = index.rank(SEED_QUESTION, competing={"service-mesh", "messaging", "nowhere"})
    assert {name for name, _ in guess.scores} == {"service-mesh", "messaging"}
    assert guess.topic != "database"


def test_lone_competing_topic_wins_with_any_positive_score() -> None:
    """A single competing topic is chosen when the question shares a term with it."""
    guess = _index(TOPICS).rank("Kafka?", competing=["messaging"])
    assert guess.topic == "messaging"


def test_bm25_score_matches_the_formula() -> None:
    """One term, two documents: the score is IDF x saturated, length-normalised tf."""
    docs = {"a": ["kafka", "kafka", "react"], "b": ["react"]}
    scores = TopicIndex.from_documents(docs).scores("kafka")
    avgdl = (3 + 1) / 2
    expected = idf(2, 1) * 2 * 2.2 / (2 + 1.2 * (1 - 0.75 + 0.75 * 3 / avgdl))
    assert scores == {"a": pytest.approx(expected), "b": 0.0}


@given(st.integers(1, 10**6).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, n))))
def test_idf_is_always_positive(case: tuple[int, int]) -> None:
    """ln(1 + (N - n + 0.5)/(n + 0.5)) > 0 for every 0 <= n <= N."""
    n_docs, containing = case
    value = idf(n_docs, containing)
    assert value > 0.0
    assert math.isfinite(value)


_WORDS = st.sampled_from(["db", "postgres", "kafka", "il", "the", "nuovi", "servizi", "react"])
_DOCS = st.dictionaries(
    st.sampled_from(["alpha", "beta", "gamma", "delta", "epsilon"]),
    st.lists(_WORDS, max_size=12),
    max_size=5,
)


@given(_DOCS, st.lists(_WORDS, max_size=6).map(" ".join), st.randoms(use_true_random=False))
def test_ranking_is_deterministic_and_ignores_document_order(
    docs: dict[str, list[str]], question: str, rnd: random.Random
) -> None:
    """The same documents in any order give the same guess, scores included."""
    items = list(docs.items())
    shuffled = items[:]
    rnd.shuffle(shuffled)
    protected = protected_tokens(["db"])
    first = rank_topics(question, dict(items), protected)
    again = rank_topics(question, dict(items), protected)
    reordered = rank_topics(question, dict(shuffled), protected)
    assert first == again == reordered


@given(_DOCS, st.lists(_WORDS, max_size=6).map(" ".join))
def test_guess_is_consistent_with_its_scores(docs: dict[str, list[str]], question: str) -> None:
    """A chosen topic has no candidates; candidates are positive, best first, at most 3."""
    guess = rank_topics(question, docs)
    score = dict(guess.scores)
    if guess.topic is not None:
        assert guess.candidates == ()
        assert score[guess.topic] > 0.0
    else:
        assert len(guess.candidates) <= 3
        assert all(score[c] > 0.0 for c in guess.candidates)
        values = [score[c] for c in guess.candidates]
        assert values == sorted(values, reverse=True)
