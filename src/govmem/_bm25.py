"""Topic inference: which topic a question is about, ranked with BM25 (SPEC §5.1).

When `query` is given no topic, every *competing* topic (one with a record
whose scope overlaps the requested scope; all topics when none was requested)
is one document, and the question is scored against each with Okapi BM25:

    score(d) = Σ_t IDF(t) · tf(t, d) · (k1 + 1) / (tf(t, d) + k1 · (1 − b + b · |d| / avgdl))
    IDF(t)   = ln(1 + (N − n(t) + 0.5) / (n(t) + 0.5))

with k1 = 1.2 and b = 0.75; N is the number of competing topics, n(t) how many
of them contain t, |d| a document's length in tokens and avgdl the mean length
over the competing topics. This IDF (Lucene's) is always positive, so a shared
term never lowers a score.

* **Tokens** are the folded Unicode word tokens of `_text.tokens`, in any
  language. The question's *distinct* tokens count once each.
* **Stop words** (`_stopwords`) are dropped on both sides — except tokens of
  any topic's name or aliases (`protected`), so a topic or alias named "it"
  or "on" can still be found.
* **A topic's document** (`topic_document`): its name, aliases, member
  titles, values and tags counted twice, member bodies once.
* **Confidence.** The best topic is chosen when its score is positive and at
  least 1.1 × the second best (a lone competing topic: when its score is
  positive). Otherwise no topic is chosen, and the candidates are the topics
  with a positive score, best first, ties by name (UTF-16 order), at most 3.

`TopicIndex.from_documents` does the per-document work once (tokenising,
dropping stop words, counting terms into postings); `TopicIndex.rank` then
touches only the postings of the question's terms, so a corpus of 100k
records is indexed once and each question costs little. N, n(t) and avgdl
are computed per question over the competing topics given to `rank`.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Collection, Iterable, Mapping
from types import MappingProxyType
from typing import Final

from attrs import field, frozen

from ._stopwords import STOP_WORDS
from ._text import tokens, u16

K1: Final = 1.2
B: Final = 0.75
MARGIN: Final = 1.1
"""The best score must be at least this multiple of the second best."""
MAX_CANDIDATES: Final = 3


@frozen
class TopicGuess:
    """The topic a question is about, or the closest candidates when unsure.

    `topic` is None when no topic is confidently best; then `candidates` are
    the topics with a positive score, best first (at most 3), possibly none.
    When `topic` is set, `candidates` is empty. `scores` keeps every
    competing topic's score, best first, ties by name: the reason behind the
    guess.
    """

    topic: str | None
    candidates: tuple[str, ...] = ()
    scores: tuple[tuple[str, float], ...] = ()


def idf(n_docs: int, containing: int) -> float:
    """BM25 inverse document frequency, `ln(1 + (N − n + 0.5)/(n + 0.5))`; always > 0."""
    return math.log(1.0 + (n_docs - containing + 0.5) / (containing + 0.5))


def protected_tokens(names: Iterable[str]) -> frozenset[str]:
    """The folded tokens of topic names and aliases: never dropped as stop words."""
    return frozenset(t for name in names for t in tokens(name))


def topic_document(
    *,
    name: str,
    aliases: Iterable[str] = (),
    titles: Iterable[str] = (),
    values: Iterable[str | None] = (),
    tags: Iterable[str] = (),
    bodies: Iterable[str] = (),
) -> list[str]:
    """The token list of one topic's document, before stop words are dropped.

    Name, aliases, member titles, values and tags count twice; member bodies
    once. Pass every member of the topic, whatever its scope.
    """
    twice: list[str] = tokens(name)
    for texts in (aliases, titles, values, tags):
        for text in texts:
            if text:
                twice.extend(tokens(text))
    once = [t for body in bodies for t in tokens(body)]
    return twice + twice + once


def _by_score(scores: Mapping[str, float]) -> list[tuple[str, float]]:
    """(topic, score) pairs, best first, ties by name in UTF-16 order."""
    return sorted(scores.items(), key=lambda item: (-item[1], u16(item[0])))


def decide(scores: Mapping[str, float]) -> TopicGuess:
    """Apply the confidence rule to the competing topics' scores.

    Args:
        scores: every competing topic and its BM25 score.

    Returns:
        The chosen topic, or None with the best positive candidates.
    """
    ranked = _by_score(scores)
    if not ranked:
        return TopicGuess(None)
    best, top = ranked[0]
    second = ranked[1][1] if len(ranked) > 1 else 0.0
    if top > 0.0 and (len(ranked) == 1 or top >= MARGIN * second):
        return TopicGuess(best, (), tuple(ranked))
    positive = tuple(name for name, score in ranked if score > 0.0)
    return TopicGuess(None, positive[:MAX_CANDIDATES], tuple(ranked))


@frozen(eq=False)
class TopicIndex:
    """Term frequencies of every topic's document, built once; rank questions against it."""

    protected: frozenset[str]
    """Tokens of topic names and aliases, kept even when they are stop words."""
    _postings: Mapping[str, Mapping[str, int]] = field(repr=False)
    """term -> topic -> term frequency."""
    _lengths: Mapping[str, int] = field(repr=False)
    """topic -> document length in tokens, stop words dropped."""

    @classmethod
    def from_documents(
        cls, documents: Mapping[str, Iterable[str]], protected: Iterable[str] = ()
    ) -> TopicIndex:
        """Index one token list per topic.

        Args:
            documents: topic name -> its document's folded tokens
                (`topic_document` builds them).
            protected: folded tokens never dropped as stop words: the tokens
                of every topic's name and aliases (`protected_tokens`).
        """
        keep = frozenset(protected)
        postings: dict[str, dict[str, int]] = {}
        lengths: dict[str, int] = {}
        for topic, doc in documents.items():
            counts = Counter(doc)
            length = 0
            for term, tf in counts.items():
                if term in keep or term not in STOP_WORDS:
                    postings.setdefault(term, {})[topic] = tf
                    length += tf
            lengths[topic] = length
        return cls(
            keep,
            MappingProxyType({t: MappingProxyType(p) for t, p in postings.items()}),
            MappingProxyType(lengths),
        )

    @property
    def topics(self) -> frozenset[str]:
        """Every indexed topic."""
        return frozenset(self._lengths)

    def terms(self, question: str) -> tuple[str, ...]:
        """The question's distinct folded tokens, stop words dropped, in order."""
        keep = self.protected
        return tuple(dict.fromkeys(t for t in tokens(question) if t in keep or t not in STOP_WORDS))

    def scores(self, question: str, competing: Collection[str] | None = None) -> dict[str, float]:
        """The BM25 score of every competing topic for `question`.

        Args:
            question: the question, in any language.
            competing: the topics that compete (None: every indexed topic);
                names that are not indexed are ignored.
        """
        lengths = self._lengths
        if competing is None:
            pool: Iterable[str] = lengths
        else:
            wanted = frozenset(competing)
            pool = [topic for topic in lengths if topic in wanted]
        scores = dict.fromkeys(pool, 0.0)
        if not scores:
            return scores
        n_docs = len(scores)
        avgdl = sum(lengths[topic] for topic in scores) / n_docs
        for term in self.terms(question):
            posting = self._postings.get(term)
            if posting is None:
                continue
            hits = [(topic, tf) for topic, tf in posting.items() if topic in scores]
            if not hits:
                continue
            weight = idf(n_docs, len(hits))
            for topic, tf in hits:
                norm = 1.0 - B + B * lengths[topic] / avgdl
                scores[topic] += weight * tf * (K1 + 1.0) / (tf + K1 * norm)
        return scores

    def rank(self, question: str, competing: Collection[str] | None = None) -> TopicGuess:
        """The topic `question` is about among `competing` (None: all), or candidates."""
        return decide(self.scores(question, competing))


def rank_topics(
    question: str,
    documents: Mapping[str, Iterable[str]],
    protected: Iterable[str] = (),
) -> TopicGuess:
    """One-shot `TopicIndex.from_documents(documents, protected).rank(question)`."""
    return TopicIndex.from_documents(documents, protected).rank(question)
