"""A term's postings: the records holding it and its count in each field, as integer arrays.

The storage of `bm25.TopicIndex`, kept beside a snapshot (`TOPIC_INDEX` in `qindex`) by the
codec this module registers: three arrays a term, a few bytes a posting.
"""

from __future__ import annotations

import math
from array import array

from govmem.model.codec import CODEC, CodecError


def idf(n_docs: int, containing: int) -> float:
    """BM25 inverse document frequency, `ln(1 + (N − n + 0.5)/(n + 0.5))`; always > 0."""
    return math.log(1.0 + (n_docs - containing + 0.5) / (containing + 0.5))


class Postings:
    """The records holding one term, in index order, with its count in each field."""

    __slots__ = ("body", "docs", "title")

    def __init__(self) -> None:
        self.docs = array("I")
        self.title = array("I")
        self.body = array("I")


def _postings_data(p: Postings) -> list[object]:
    return [CODEC.encode(a, array) for a in (p.docs, p.title, p.body)]


def _postings(v: object, t: str | None) -> Postings:
    docs, title, body = CODEC.decode(v, tuple[array, array, array])  # type: ignore[type-arg]
    if not len(docs) == len(title) == len(body):
        raise CodecError("postings of unequal lengths")
    out = Postings()
    out.docs, out.title, out.body = docs, title, body
    return out


CODEC.register(Postings, _postings_data, _postings)
"""A term's postings, kept beside a snapshot as three arrays (`TOPIC_INDEX` in `qindex`)."""
