"""Near words: the corpus's terms spelled like a term no record holds.

A question in another language, or with a typo, often spells its subject
close to the corpus's own word: `vulnérabilités` and `vulnerabilities`,
`opérateur` and `operator`, `idempotenza` and `idempotency`, `Autor` and
`author`. Two terms are *near* when their character trigrams overlap: with
each term padded as `"  term "`, the Dice coefficient of their trigram sets,
`2·|A ∩ B| / (|A| + |B|)`, is at least a threshold (`bm25.NEAR_DICE`, docs/query.md §1).

Topic inference uses near words only to rank the candidates of a question it
cannot answer with confidence (`bm25`): they never choose a topic.

`NearWords` indexes the corpus's terms by trigram the first time it is asked
(a question with only known words never pays for it), and keeps the near
words of the terms asked last.
"""

from __future__ import annotations

import threading
from array import array
from collections.abc import Iterable
from typing import Final

from govmem.index.memo import Recent
from govmem.model.codec import CODEC

MAX_NEAR: Final = 20
"""At most this many near words of a term, the nearest first (ties by term)."""
_RECENT: Final = 1024


def trigrams(term: str) -> frozenset[str]:
    """The character trigrams of `term` padded as `"  term "`: `ab` -> `  a`, ` ab`, `ab `."""
    padded = f"  {term} "
    return frozenset(padded[i : i + 3] for i in range(len(padded) - 2))


def dice(a: frozenset[str], b: frozenset[str]) -> float:
    """The Dice coefficient of two trigram sets, `2·|a ∩ b| / (|a| + |b|)`."""
    return 2 * len(a & b) / (len(a) + len(b))


class _Grams:
    """The corpus's terms, and for each trigram the terms holding it (by position)."""

    __slots__ = ("by_gram", "sizes", "terms")

    def __init__(self, terms: Iterable[str]) -> None:
        self.terms = tuple(terms)
        self.sizes = array("H")
        self.by_gram: dict[str, array[int]] = {}
        for pos, term in enumerate(self.terms):
            grams = trigrams(term)
            self.sizes.append(min(len(grams), 0xFFFF))
            for gram in grams:
                if (held := self.by_gram.get(gram)) is None:
                    held = self.by_gram[gram] = array("I")
                held.append(pos)


class NearWords:
    """The near words of a term among a fixed set of terms (module docstring)."""

    __slots__ = ("_grams", "_lock", "_recent", "_terms")

    def __init__(self, terms: Iterable[str]) -> None:
        self._terms = terms
        self._grams: _Grams | None = None
        self._lock = threading.Lock()
        self._recent: Recent[tuple[str, float], tuple[tuple[str, float], ...]] = Recent(_RECENT)

    def _index(self) -> _Grams:
        if (grams := self._grams) is None:
            with self._lock:
                if (grams := self._grams) is None:
                    grams = self._grams = _Grams(self._terms)
        return grams

    def of(self, term: str, least: float) -> tuple[tuple[str, float], ...]:
        """The terms whose Dice coefficient with `term` is at least `least` (itself excluded),
        with that coefficient, nearest first, ties by term; at most `MAX_NEAR`."""
        if (found := self._recent.get((term, least))) is not None:
            return found
        index = self._index()
        grams = trigrams(term)
        shared: dict[int, int] = {}
        get = shared.get
        for gram in grams:
            for pos in index.by_gram.get(gram, ()):
                shared[pos] = get(pos, 0) + 1
        terms, sizes, size = index.terms, index.sizes, len(grams)
        near = [
            (terms[pos], score)
            for pos, count in shared.items()
            if (score := 2 * count / (size + sizes[pos])) >= least and terms[pos] != term
        ]
        near.sort(key=lambda item: (-item[1], item[0]))
        found = tuple(near[:MAX_NEAR])
        self._recent.put((term, least), found)
        return found

    def terms(self) -> tuple[str, ...]:
        """The terms it finds near words among (what a snapshot keeps: the trigram index is
        built again when first asked)."""
        return tuple(self._terms)


CODEC.register(
    NearWords, lambda w: list(w.terms()), lambda v, t: NearWords(CODEC.decode(v, tuple[str, ...]))
)
