"""Tests for `govmem.engine.near`: the corpus's terms spelled like a term no record holds."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from govmem.engine.near import MAX_NEAR, NearWords, dice, trigrams
from govmem.model.codec import CODEC

_TERMS = st.text(alphabet="abcdeéot", min_size=1, max_size=9)


def test_trigrams_pad_the_term_as_two_spaces_before_and_one_after() -> None:
    assert trigrams("ab") == {"  a", " ab", "ab "}
    assert dice(trigrams("oper"), trigrams("oper")) == 1.0


def test_a_cognate_and_a_typo_are_near_an_unrelated_word_is_not() -> None:
    words = NearWords(["vulner", "oper", "cluster", "kafka", "databas"])
    assert [w for w, _ in words.of("vulnerabilit", 0.3)] == ["vulner"]
    assert [w for w, _ in words.of("operateur", 0.3)] == ["oper"]
    assert [w for w, _ in words.of("databse", 0.3)] == ["databas"]
    assert words.of("weather", 0.3) == ()


@given(st.lists(_TERMS, max_size=30, unique=True), _TERMS, st.sampled_from([0.2, 0.3, 0.5]))
def test_near_words_are_the_terms_whose_dice_reaches_the_threshold(
    vocabulary: list[str], term: str, least: float
) -> None:
    """`of` is the brute-force reading of its definition: every other term whose trigram Dice
    with `term` is at least `least`, nearest first, ties by term, at most `MAX_NEAR`; asked
    twice (kept) or after a round trip through the cache's codec (the index built again), the
    same."""
    grams = trigrams(term)
    want = sorted(
        ((v, d) for v in vocabulary if v != term and (d := dice(grams, trigrams(v))) >= least),
        key=lambda item: (-item[1], item[0]),
    )[:MAX_NEAR]
    words = NearWords(vocabulary)
    assert list(words.of(term, least)) == want
    assert list(words.of(term, least)) == want
    kept = CODEC.decode(CODEC.encode(words, NearWords), NearWords)
    assert list(kept.of(term, least)) == want


@given(_TERMS, _TERMS)
def test_dice_is_symmetric_and_between_zero_and_one(a: str, b: str) -> None:
    value = dice(trigrams(a), trigrams(b))
    assert value == dice(trigrams(b), trigrams(a))
    assert 0.0 <= value <= 1.0
    assert dice(trigrams(a), trigrams(a)) == 1.0
