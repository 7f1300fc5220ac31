"""Topic inference: which topic a question is about (records ranked with BM25F).

When `query` is given no topic, every record visible to the mind whose topic
*competes* (has a record whose scope overlaps the requested scope; every
topic when none was requested) is one document with two fields:

* **title** — its title, its topic's name and aliases, its tags and value;
* **body** — its Markdown body, else its content.

Both fields and the question are reduced to *terms* (`terms`): folded word
tokens, stop words dropped, Snowball English stems; the question also drops
intent words ("decided", "in force", "still"). A token of a topic's name or
alias is never dropped. The question's distinct terms count once each.

With N competing records, n(t) of them holding t in either field:

    IDF(t)  = ln(1 + (N − n(t) + 0.5) / (n(t) + 0.5))
    w(t, r) = 2·tf_title / (0.5 + 0.5·len_title/avg_title)
              + tf_body / (0.25 + 0.75·len_body/avg_body)
    score(r) = Σ_t IDF(t) · w / (k1 + w)  +  2 · Σ_{t in r's title} IDF(t)      (k1 = 1.2)

`avg_title` and `avg_body` are the mean field lengths in terms over the
competing records (1 when 0). A **topic's score** is its best record's,
× 0.7 when none of its records has a status of a known class (notes,
supplements and READMEs read as records are all `unknown`).

**Confident** when the best topic's score is positive and at least 1.1 × the
second best (a lone competing topic: positive), *and* the corpus can answer
the question: at most a third of the question's terms occur in no competing
record, and the terms held by some record of the best topic carry at least
half of the IDF of the question's terms that occur anywhere. Otherwise no
topic: the candidates are the competing topics with a positive score, best
first (ties by name in UTF-16 order), at most 3.

`TopicIndex.from_documents` does the per-record work once — terms, field
lengths, postings of (record, tf_title, tf_body) per term, per-topic sums —
so a question costs the postings of its own few terms, never a pass over
every record's text.
"""

from __future__ import annotations

import heapq
import math
from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Final

from attrs import field, frozen

from govmem.model.text import tokens, u16

from .terms import question_terms, terms

K1: Final = 1.2
TITLE_WEIGHT: Final = 2.0
TITLE_BONUS: Final = 2.0
UNKNOWN_ONLY: Final = 0.7
"""A topic whose records all have an unknown status scores this fraction."""
MARGIN: Final = 1.1
"""The best score must be at least this multiple of the second best."""
MAX_UNMATCHED: Final = 1 / 3
"""At most this share of a question's terms may occur in no competing record."""
MIN_IDF_SHARE: Final = 0.5
"""The best topic's records must hold at least this share of the matched terms' IDF."""
MAX_CANDIDATES: Final = 3


@frozen
class TopicGuess:
    """The topic a question is about, or the closest candidates when unsure.

    `topic` is None when no topic is confidently best; then `candidates` are
    the topics with a positive score, best first (at most 3), possibly none.
    When `topic` is set, `candidates` is empty. `scores` keeps the (at most
    3) best topics with a positive score and their scores, best first, ties
    by name: the reason behind the guess (and the closest topics to a name
    that is not one).
    """

    topic: str | None
    candidates: tuple[str, ...] = ()
    scores: tuple[tuple[str, float], ...] = ()


@frozen
class Document:
    """One record as topic inference reads it: its topic, its two fields, its status."""

    topic: str
    title: Sequence[str]
    """The texts of the title field: title, topic name and aliases, tags, value."""
    body: str
    known_status: bool
    """Whether its status is of a known class (not `unknown`)."""


def idf(n_docs: int, containing: int) -> float:
    """BM25 inverse document frequency, `ln(1 + (N − n + 0.5)/(n + 0.5))`; always > 0."""
    return math.log(1.0 + (n_docs - containing + 0.5) / (containing + 0.5))


def protected_tokens(names: Iterable[str]) -> frozenset[str]:
    """The folded tokens of topic names and aliases: never dropped from either side."""
    return frozenset(t for name in names for t in tokens(name))


@frozen
class _Topic:
    """A topic's records (positions in the index), field-length sums and status flag."""

    docs: tuple[int, ...]
    title_len: int
    body_len: int
    known_status: bool


@frozen(eq=False)
class TopicIndex:
    """Term postings of every record, built once; rank questions against them."""

    protected: frozenset[str]
    """Tokens of topic names and aliases, kept even when they are stop or intent words."""
    _topic_of: tuple[str, ...] = field(repr=False)
    """record -> its topic."""
    _title_len: tuple[int, ...] = field(repr=False)
    _body_len: tuple[int, ...] = field(repr=False)
    _postings: Mapping[str, tuple[tuple[int, int, int], ...]] = field(repr=False)
    """term -> (record, tf in its title, tf in its body), records in index order."""
    _topics: Mapping[str, _Topic] = field(repr=False)

    @classmethod
    def from_documents(
        cls, documents: Iterable[Document], protected: Iterable[str] = ()
    ) -> TopicIndex:
        """Index one `Document` per record.

        Args:
            documents: the records, in a fixed order (the index's own).
            protected: folded tokens never dropped: the tokens of every
                topic's name and aliases (`protected_tokens`).
        """
        keep = frozenset(protected)
        topic_of: list[str] = []
        title_len: list[int] = []
        body_len: list[int] = []
        postings: dict[str, list[tuple[int, int, int]]] = {}
        members: dict[str, list[int]] = {}
        known: dict[str, bool] = {}
        for pos, doc in enumerate(documents):
            title = Counter(t for text in doc.title for t in terms(text, keep))
            body = Counter(terms(doc.body, keep))
            topic_of.append(doc.topic)
            title_len.append(sum(title.values()))
            body_len.append(sum(body.values()))
            members.setdefault(doc.topic, []).append(pos)
            known[doc.topic] = known.get(doc.topic, False) or doc.known_status
            for term in title.keys() | body.keys():
                postings.setdefault(term, []).append((pos, title[term], body[term]))
        topics = {
            name: _Topic(
                tuple(docs),
                sum(title_len[d] for d in docs),
                sum(body_len[d] for d in docs),
                known[name],
            )
            for name, docs in members.items()
        }
        return cls(
            keep,
            tuple(topic_of),
            tuple(title_len),
            tuple(body_len),
            MappingProxyType({t: tuple(p) for t, p in postings.items()}),
            MappingProxyType(topics),
        )

    @property
    def topics(self) -> frozenset[str]:
        """Every indexed topic."""
        return frozenset(self._topics)

    def terms(self, question: str) -> tuple[str, ...]:
        """The question's distinct terms, in order (stop and intent words dropped)."""
        return question_terms(question, self.protected)

    def rank(self, question: str, competing: Collection[str] | None = None) -> TopicGuess:
        """The topic `question` is about among `competing` (None: all), or the candidates.

        Args:
            question: the question, in any language.
            competing: the topics that compete (None: every indexed topic);
                names that are not indexed are ignored.
        """
        if competing is None:
            pool: Collection[str] = self._topics
        else:
            pool = [name for name in competing if name in self._topics]
        if not pool:
            return TopicGuess(None)
        topics = self._topics
        n_docs = sum(len(topics[name].docs) for name in pool)
        avg_title = sum(topics[name].title_len for name in pool) / n_docs or 1.0
        avg_body = sum(topics[name].body_len for name in pool) / n_docs or 1.0
        wanted = None if competing is None else frozenset(pool)
        topic_of, title_len, body_len = self._topic_of, self._title_len, self._body_len

        record_scores: dict[int, float] = {}
        holders: list[tuple[float, set[str]]] = []  # per matched term: IDF, topics holding it
        question_terms_ = self.terms(question)
        unmatched = 0
        for term in question_terms_:
            hits = self._postings.get(term, ())
            if wanted is not None:
                hits = tuple(h for h in hits if topic_of[h[0]] in wanted)
            if not hits:
                unmatched += 1
                continue
            weight = idf(n_docs, len(hits))
            holders.append((weight, {topic_of[d] for d, _, _ in hits}))
            for d, tf_title, tf_body in hits:
                w = TITLE_WEIGHT * tf_title / (0.5 + 0.5 * title_len[d] / avg_title)
                w += tf_body / (0.25 + 0.75 * body_len[d] / avg_body)
                gain = weight * w / (K1 + w)
                if tf_title:
                    gain += TITLE_BONUS * weight
                record_scores[d] = record_scores.get(d, 0.0) + gain

        best_of: dict[str, float] = {}
        for d, score in record_scores.items():
            topic = topic_of[d]
            if score > best_of.get(topic, 0.0):
                best_of[topic] = score
        scores = {
            name: score * (1.0 if topics[name].known_status else UNKNOWN_ONLY)
            for name, score in best_of.items()
        }
        ranked = heapq.nsmallest(
            MAX_CANDIDATES, scores.items(), key=lambda item: (-item[1], u16(item[0]))
        )
        if not ranked:
            return TopicGuess(None)
        best, top = ranked[0]
        second = ranked[1][1] if len(ranked) > 1 else 0.0
        clear = len(pool) == 1 or top >= MARGIN * second
        answerable = unmatched <= MAX_UNMATCHED * len(question_terms_) and sum(
            w for w, held in holders if best in held
        ) >= MIN_IDF_SHARE * sum(w for w, _ in holders)
        if clear and answerable:
            return TopicGuess(best, (), tuple(ranked))
        names = tuple(name for name, _ in ranked[:MAX_CANDIDATES])
        return TopicGuess(None, names, tuple(ranked))
