"""Tests for `govmem.model.text`: folding, tokens, code-unit order."""

from __future__ import annotations

import unicodedata

from hypothesis import example, given
from hypothesis import strategies as st

from govmem.model.text import fold, tokens, u16


def _reference_fold(text: str) -> str:
    """The definition: casefold, NFKD, drop every combining mark."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


@given(st.text())
@example("Città DÉCISION Straße ǅ ﬁ Ⅻ ℌ 한국어 😀")
def test_fold_is_casefold_nfkd_without_combining_marks(text: str) -> None:
    """`fold` equals its definition on any text, ASCII or not."""
    assert fold(text) == _reference_fold(text)


def test_tokens_are_folded_words_of_any_language() -> None:
    """Words in any script, folded; `_` alone is not a word."""
    assert tokens("Città_nuova, DÉCISION! 数据库 _") == ["citta_nuova", "decision", "数据库"]


@given(st.lists(st.text(), max_size=8))
def test_u16_orders_by_utf16_code_units(words: list[str]) -> None:
    """Sorting by `u16` is sorting by the UTF-16 encoding."""
    assert sorted(words, key=u16) == sorted(
        words, key=lambda w: w.encode("utf-16-be", "surrogatepass")
    )
