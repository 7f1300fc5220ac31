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
    score(r) = Σ_t IDF(t) · w / (k1 + w)  +  0.5 · Σ_{t in r's title} IDF(t)    (k1 = 1.2)

`avg_title` and `avg_body` are the mean field lengths in terms over the
competing records (1 when 0). A **topic's score** is its best record's
(`UNKNOWN_ONLY` × that when none of its records has a status of a known
class: 1 now, v4's 0.7 weighed down the decisions of folders that seldom
write a status).

**Confident** (docs/query.md §1, normative) when the best topic is clearly
best — its score positive and at least 1.7 × the second best (a lone
competing topic: positive), or one of its records' titles holding ≥ 80 % of
the question's IDF and more than 1.6 × what any other topic's title holds, or
one of its records having a name cover ≥ 0.6 and more than 1.6 × any record
of another topic (a record's *name* is its title and its file name's subject, `Document.name`;
its name cover is the share of the IDF of its name's distinct terms — over
every indexed record, whatever competes — that the question's terms hold) — *and* the corpus
can answer the question: the question's terms that no competing record
holds (each weighed as a term no record holds) carry at most
`MAX_UNMATCHED_IDF` = a quarter of its IDF (a lone competing topic, where
IDF tells nothing apart, allows a third of the terms unknown), and the
terms held by some record of the best topic carry at least 70 % of the IDF
of the question's terms that occur anywhere. Otherwise no topic: the
candidates are the competing topics with a positive score, best first
(ties by name in UTF-16 order), at most 3 — and here, only here, each
record's name cover counts (× `NAME_BONUS` = 1), and the question's terms
that no competing record holds count through the words that stand for
them: their English meanings when the question is in another language
(`glossary`, 0.5 × the best gain among them), a hyphenated compound's
parts (a part no competing record holds: its meanings, else its near words;
`CI-Kommentar` -> `ci` and `comment`), else the term's
*near words* (`near`: the at most 20 indexed terms whose trigram Dice
coefficient with it is ≥ 0.35), each scoring 0.2 × its gain, a near word's
times its Dice coefficient. These rank candidates; they never choose a
topic. The first candidate is **likely** (SPEC v6 §5) when it leads
(≥ 1.2 × the second), its records hold ≥ 80 % of the matched IDF, and every
term is known — or at most a third are not, and one of its records' names
holds every other term.

`TopicIndex.from_documents` does the per-record work once — terms, field
lengths, postings of (record, tf_title, tf_body) per term as integer
arrays, per-topic sums — so a question costs the postings of its own few
terms, never a pass over every record's text; each term's per-record gains
in a pool of competing topics are kept once computed.
"""

from __future__ import annotations

import heapq
import math
from array import array
from collections import Counter
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import Final

from attrs import field, frozen

from govmem.index.memo import Recent
from govmem.model.text import tokens, u16

from .glossary import translate
from .near import NearWords
from .postings import Postings, idf
from .terms import compound_parts, question_terms, terms

K1: Final = 1.2
TITLE_WEIGHT: Final = 2.0
TITLE_BONUS: Final = 0.5
UNKNOWN_ONLY: Final = 1.0
"""A topic whose records all have an unknown status scores this fraction: 1, none taken off
(v4 took 0.3 off, for notes and supplements; chosen leave-one-corpus-out, docs/accuracy.md:
in folders whose decisions seldom write a status it weighed the decisions down)."""
MARGIN: Final = 1.7
"""The best score must be at least this multiple of the second best (v6; v5 had 1.9)."""
MAX_UNMATCHED: Final = 1 / 3
"""At most this share of a question's terms may occur in no competing record."""
MIN_IDF_SHARE: Final = 0.7
"""The best topic's records must hold at least this share of the matched terms' IDF."""
MAX_UNMATCHED_IDF: Final = 0.25
"""At most this share of the question's IDF may be carried by terms no competing record
holds (such a term weighs the IDF of a term held by none): a quarter (v6; v5 had 0, none,
and before it 0.45; chosen leave-one-corpus-out under SPEC v6 §10's bars, docs/accuracy.md).
Among the records of a lone competing topic IDF tells nothing apart, so there the count rule
(`MAX_UNMATCHED`) alone decides."""
TITLE_COVER: Final = 0.8
"""A topic is also clearly best when one of its records' titles holds at least this share
of the question's IDF (unknown terms included), more than `RIVAL` × what the title of any
record of another competing topic holds: the title names what the question asks."""
NAME_COVER: Final = 0.6
"""A topic is also clearly best when one of its records has a name cover of at least this,
more than `RIVAL` × that of any record of another competing topic: the question names that
record."""
RIVAL: Final = 1.6
"""A title or name cover names the best topic only when it is more than this multiple of the
best cover of another competing topic's record."""
MAX_CANDIDATES: Final = 3
GLOSS_WEIGHT: Final = 0.5
"""When no topic is confident, a question word in another language that no competing record
holds scores this fraction of the best gain among its English meanings (`glossary`); 0: the
glossary is not read."""
NAME_BONUS: Final = 1.0
"""When no topic is confident, a record's name cover (the share of its name's IDF that the
question holds) times this is added to its score: the candidates a question names come first."""
LIKELY_MARGIN: Final = 1.2
"""The first candidate is the likely one when its score is at least this multiple of the
second's (and the corpus can answer the question: `LIKELY_UNMATCHED`, `LIKELY_SHARE`)."""
LIKELY_UNMATCHED: Final = 1 / 3
"""A likely candidate: at most this share of the question's terms may occur in no competing
record ("Which database do new services use?" of a folder that never says "database")."""
LIKELY_SHARE: Final = 0.8
"""A likely candidate's records must hold at least this share of the matched terms' IDF."""
ELSEWHERE: Final = 2
"""`named_elsewhere`: the word that names a topic's subject is held by at most this many
records of other topics (chosen on every corpus's "still" questions, docs/accuracy.md)."""
NEAR_DICE: Final = 0.35
"""A term is near a question term when the Dice coefficient of their trigrams is at least this."""
NEAR_WEIGHT: Final = 0.2
"""When no topic is confident, a near word (`near`) of a question term that no competing record
holds scores this fraction of its gain, times its Dice coefficient; a part of such a
hyphenated compound scores this fraction of its own gain (coefficient 1)."""


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
    likely: bool = False
    """Unsure, but the first candidate leads (`LIKELY_MARGIN`) and the corpus can answer the
    question: the likely topic, which asking again with it confirms."""


@frozen
class Document:
    """One record as topic inference reads it: its topic, its two fields, its status."""

    topic: str
    title: Sequence[str]
    """The texts of the title field: title, topic name and aliases, tags, value."""
    body: str
    known_status: bool
    """Whether its status is of a known class (not `unknown`)."""
    name: Sequence[str] = ()
    """The texts that name the record — its title and its file name's subject — which the
    title field holds too; empty: the first text of `title`."""


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


@frozen
class _Pool:
    """What the formula needs of a set of competing records (module docstring)."""

    n_docs: int
    avg_title: float
    avg_body: float
    allowed: bytes | None
    """1 for each record of a competing topic; None: every record competes."""


@frozen
class _Scored:
    """One term in one pool: the records holding it, each one's gain, and its IDF."""

    docs: Sequence[int]
    gains: Sequence[float]
    idf: float
    topics: frozenset[str]
    """The topics of the records holding it."""
    titled: Sequence[int]
    """The records holding it in their title field."""


_RECENT_POOLS: Final = 64
_RECENT_TERMS: Final = 4096


@frozen(eq=False)
class TopicIndex:
    """Term postings of every record, built once; rank questions against them.

    Postings are three arrays of integers per term (record, tf in its title,
    tf in its body): a few bytes per posting. A term's per-record gains in
    a pool of competing topics are computed the first time a question asks
    for that term in that pool and kept (the most recent 4,096), so asking
    again costs a pass over the term's gains.
    """

    protected: frozenset[str]
    """Tokens of topic names and aliases, kept even when they are stop or intent words."""
    _topic_of: tuple[str, ...] = field(repr=False)
    """record -> its topic."""
    _title_len: array[int] = field(repr=False)
    _body_len: array[int] = field(repr=False)
    _postings: Mapping[str, Postings] = field(repr=False)
    _topics: Mapping[str, _Topic] = field(repr=False)
    _names: tuple[frozenset[str], ...] = field(repr=False)
    """record -> the distinct terms of its name (`Document.name`)."""
    _name_idf: array[float] = field(repr=False)
    """record -> the IDF of its name's terms over every record, summed."""
    _near: NearWords = field(repr=False)
    """The near words of a term among every indexed term."""
    _pools: Recent[frozenset[str] | None, _Pool] = field(
        repr=False, factory=lambda: Recent(_RECENT_POOLS)
    )
    _scored: Recent[tuple[frozenset[str] | None, str], _Scored] = field(
        repr=False, factory=lambda: Recent(_RECENT_TERMS)
    )

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
        title_len = array("I")
        body_len = array("I")
        postings: dict[str, Postings] = {}
        members: dict[str, list[int]] = {}
        known: dict[str, bool] = {}
        names: list[frozenset[str]] = []
        for pos, doc in enumerate(documents):
            title = Counter(t for text in doc.title for t in terms(text, keep))
            name = doc.name or doc.title[:1]
            names.append(frozenset(t for text in name for t in terms(text, keep)))
            body = Counter(terms(doc.body, keep))
            topic_of.append(doc.topic)
            title_len.append(sum(title.values()))
            body_len.append(sum(body.values()))
            members.setdefault(doc.topic, []).append(pos)
            known[doc.topic] = known.get(doc.topic, False) or doc.known_status
            for term in title.keys() | body.keys():
                if (found := postings.get(term)) is None:
                    found = postings[term] = Postings()
                found.docs.append(pos)
                found.title.append(title[term])
                found.body.append(body[term])
        topics = {
            name: _Topic(
                tuple(docs),
                sum(title_len[d] for d in docs),
                sum(body_len[d] for d in docs),
                known[name],
            )
            for name, docs in members.items()
        }
        n_docs = len(topic_of)
        name_idf = array("d", (sum(idf(n_docs, len(postings[t].docs)) for t in n) for n in names))
        return cls(
            keep,
            tuple(topic_of),
            title_len,
            body_len,
            MappingProxyType(postings),
            MappingProxyType(topics),
            tuple(names),
            name_idf,
            NearWords(postings),
        )

    @property
    def topics(self) -> frozenset[str]:
        """Every indexed topic."""
        return frozenset(self._topics)

    def terms(self, question: str, drop: frozenset[str] = frozenset()) -> tuple[str, ...]:
        """The question's distinct terms, in order (stop and intent words, and `drop`, dropped)."""
        return question_terms(question, self.protected, drop)

    def _pool(self, wanted: frozenset[str] | None) -> _Pool:
        """The record count, mean field lengths and members of a pool of topics."""
        if (found := self._pools.get(wanted)) is not None:
            return found
        topics = self._topics
        names: Iterable[str] = topics if wanted is None else [n for n in topics if n in wanted]
        n_docs = title = body = 0
        allowed = None if wanted is None else bytearray(len(self._topic_of))
        for name in names:
            topic = topics[name]
            n_docs += len(topic.docs)
            title += topic.title_len
            body += topic.body_len
            if allowed is not None:
                for d in topic.docs:
                    allowed[d] = 1
        found = _Pool(
            n_docs,
            title / n_docs or 1.0,
            body / n_docs or 1.0,
            None if allowed is None else bytes(allowed),
        )
        self._pools.put(wanted, found)
        return found

    def _score(self, wanted: frozenset[str] | None, term: str) -> _Scored | None:
        """A term's IDF and per-record gains in a pool; None when no competing record holds it."""
        key = (wanted, term)
        if (found := self._scored.get(key)) is not None:
            return found
        postings = self._postings.get(term)
        if postings is None:
            return None
        pool = self._pool(wanted)
        title_len, body_len, avg_title, avg_body = (
            self._title_len,
            self._body_len,
            pool.avg_title,
            pool.avg_body,
        )
        hits = zip(postings.docs, postings.title, postings.body, strict=True)
        if pool.allowed is not None:
            allowed = pool.allowed
            hits = ((d, t, b) for d, t, b in hits if allowed[d])  # type: ignore[assignment]
        docs = array("I")
        tfs: list[tuple[int, int]] = []
        for d, tf_title, tf_body in hits:
            docs.append(d)
            tfs.append((tf_title, tf_body))
        if not docs:
            return None
        weight = idf(pool.n_docs, len(docs))
        gains = array("d")
        for d, (tf_title, tf_body) in zip(docs, tfs, strict=True):
            w = TITLE_WEIGHT * tf_title / (0.5 + 0.5 * title_len[d] / avg_title)
            w += tf_body / (0.25 + 0.75 * body_len[d] / avg_body)
            gain = weight * w / (K1 + w)
            if tf_title:
                gain += TITLE_BONUS * weight
            gains.append(gain)
        topic_of = self._topic_of
        titled = array("I", (d for d, (tf_title, _) in zip(docs, tfs, strict=True) if tf_title))
        found = _Scored(docs, gains, weight, frozenset(topic_of[d] for d in docs), titled)
        self._scored.put(key, found)
        return found

    def _names_best(self, best: str, by_record: Mapping[int, float], enough: float) -> bool:
        """Whether a record of `best` has a value in `by_record` of at least `enough`, more
        than `RIVAL` × the best value of a record of another topic."""
        topic_of = self._topic_of
        mine = max((w for d, w in by_record.items() if topic_of[d] == best), default=0.0)
        others = max((w for d, w in by_record.items() if topic_of[d] != best), default=0.0)
        return mine >= enough and mine > RIVAL * others

    def rank(
        self,
        question: str,
        competing: Collection[str] | None = None,
        *,
        drop: frozenset[str] = frozenset(),
    ) -> TopicGuess:
        """The topic `question` is about among `competing` (None: all), or the candidates.

        Args:
            question: the question, in any language.
            competing: the topics that compete (None: every indexed topic);
                names that are not indexed are ignored.
            drop: folded tokens that named the question's scope: they chose S, so they
                neither score nor count as words the corpus cannot answer (unless
                they name a topic).
        """
        topics = self._topics
        wanted = None if competing is None else frozenset(n for n in competing if n in topics)
        if not topics or (wanted is not None and not wanted):
            return TopicGuess(None)
        n_topics = len(topics) if wanted is None else len(wanted)

        record_scores: dict[int, float] = {}
        title_idf: dict[int, float] = {}  # per record: the IDF of the terms its title holds
        holders: list[tuple[float, frozenset[str]]] = []  # per matched term: IDF, its topics
        name_held: dict[int, float] = {}  # per record: the IDF (over all) its name holds
        question_terms_ = self.terms(question)
        topic_of, named, name_idf = self._topic_of, self._names, self._name_idf
        scoped = set(question_terms_) - set(self.terms(question, drop))
        unknown: list[str] = []  # the terms no competing record holds
        for term in question_terms_:
            if term in scoped:
                continue
            scored = self._score(wanted, term)
            if scored is None:
                unknown.append(term)
                continue
            holders.append((scored.idf, scored.topics))
            self._add(record_scores, scored)
            everywhere = idf(len(topic_of), len(self._postings[term].docs))
            for d in scored.titled:
                title_idf[d] = title_idf.get(d, 0.0) + scored.idf
                if term in named[d]:
                    name_held[d] = name_held.get(d, 0.0) + everywhere

        best_of = self._best_of(record_scores)
        ranked = self._top(best_of)
        if ranked:
            best, top = ranked[0]
            second = ranked[1][1] if len(ranked) > 1 else 0.0
            matched_idf = sum(w for w, _ in holders)
            unmatched = len(unknown)
            unmatched_idf = unmatched * idf(self._pool(wanted).n_docs, 0)
            clear = (
                n_topics == 1
                or top >= MARGIN * second
                or self._names_best(best, title_idf, TITLE_COVER * (matched_idf + unmatched_idf))
                or self._names_best(
                    best, {d: w / name_idf[d] for d, w in name_held.items()}, NAME_COVER
                )
            )
            answerable = (
                unmatched <= MAX_UNMATCHED * len(question_terms_)
                and (
                    n_topics == 1
                    or unmatched_idf <= MAX_UNMATCHED_IDF * (matched_idf + unmatched_idf)
                )
                and sum(w for w, held in holders if best in held) >= MIN_IDF_SHARE * matched_idf
            )
            if clear and answerable:
                return TopicGuess(best, (), tuple(ranked))
        # unsure: the candidates are ranked with the unknown terms' near words and the records'
        # name covers too
        if unknown:
            parts = compound_parts(question, self.protected, drop)
            glossed = translate(question) if GLOSS_WEIGHT else {}
            for term in unknown:
                if meant := glossed.get(term):
                    self._add_best(record_scores, wanted, meant, GLOSS_WEIGHT)
                else:  # a compound's parts no competing record holds, by their meanings
                    for part in parts.get(term, ()):
                        if (meant := glossed.get(part)) and self._score(wanted, part) is None:
                            self._add_best(record_scores, wanted, meant, GLOSS_WEIGHT)
                for word, weight in self._near_words(wanted, term, parts.get(term, ())):
                    if (scored := self._score(wanted, word)) is not None:
                        self._add(record_scores, scored, NEAR_WEIGHT * weight)
            best_of = self._best_of(record_scores)
            ranked = self._top(best_of)
        # a name cover (at most 1) only raises a record's score: each topic's best follows it,
        # and a record it cannot lift past the third topic changes none of the first three
        floor = ranked[-1][1] - NAME_BONUS if len(ranked) == MAX_CANDIDATES else -math.inf
        get = record_scores.get
        for d, held in name_held.items():
            if get(d, 0.0) >= floor:
                score = record_scores[d] = get(d, 0.0) + NAME_BONUS * held / name_idf[d]
                if score > best_of.get(topic_of[d], 0.0):
                    best_of[topic_of[d]] = score
        ranked = self._top(best_of)
        names = tuple(name for name, _ in ranked)
        likely = False
        if ranked:
            first, top = ranked[0]
            second = ranked[1][1] if len(ranked) > 1 else 0.0
            matched_idf = sum(w for w, _ in holders)
            likely = (
                top >= LIKELY_MARGIN * second
                and sum(w for w, held in holders if first in held) >= LIKELY_SHARE * matched_idf
                and (
                    not unknown
                    or (
                        len(unknown) <= LIKELY_UNMATCHED * len(question_terms_)
                        and self._named_by(first, set(question_terms_) - scoped - set(unknown))
                    )
                )
            )
        return TopicGuess(None, names, tuple(ranked), likely)

    def named_elsewhere(
        self, topic: str, question: str, drop: frozenset[str] = frozenset()
    ) -> frozenset[str]:
        """The other topics whose records write a word that names `topic`: a term of the
        question that a name of `topic` holds (`Document.name`) and at most `ELSEWHERE`
        records outside `topic` hold — a word of its subject few others write."""
        asked = set(self.terms(question, drop))
        named = {t for d in self._topics[topic].docs for t in self._names[d] & asked}
        postings, topic_of = self._postings, self._topic_of
        found: set[str] = set()
        for term in named:
            others = [topic_of[d] for d in postings[term].docs if topic_of[d] != topic]
            if len(others) <= ELSEWHERE:
                found.update(others)
        return frozenset(found)

    def _named_by(self, topic: str, known: set[str]) -> bool:
        """Whether a record of `topic` has a name holding every one of the `known` terms: the
        question names it, bar the words the folder never uses ("Which database do new
        services use?" of "Use MySQL for new services")."""
        return bool(known) and any(known <= self._names[d] for d in self._topics[topic].docs)

    @staticmethod
    def _add(record_scores: dict[int, float], scored: _Scored, weight: float = 1.0) -> None:
        """Add a term's gains, times `weight`, to the records holding it."""
        get = record_scores.get
        for d, gain in zip(scored.docs, scored.gains, strict=True):
            record_scores[d] = get(d, 0.0) + weight * gain

    def _add_best(
        self,
        record_scores: dict[int, float],
        wanted: frozenset[str] | None,
        words: Iterable[str],
        weight: float,
    ) -> None:
        """Add to each record holding some of `words` its best gain among them, × `weight`:
        several meanings of one word count as one word."""
        best: dict[int, float] = {}
        for word in words:
            if (scored := self._score(wanted, word)) is not None:
                for d, gain in zip(scored.docs, scored.gains, strict=True):
                    if gain > best.get(d, 0.0):
                        best[d] = gain
        get = record_scores.get
        for d, gain in best.items():
            record_scores[d] = get(d, 0.0) + weight * gain

    def _best_of(self, record_scores: Mapping[int, float]) -> dict[str, float]:
        """Each topic with a positive score: its best record's score."""
        topic_of = self._topic_of
        best_of: dict[str, float] = {}
        for d, score in record_scores.items():
            topic = topic_of[d]
            if score > best_of.get(topic, 0.0):
                best_of[topic] = score
        return best_of

    def _top(self, best_of: Mapping[str, float]) -> list[tuple[str, float]]:
        """The (at most 3) best topics with a positive score, best first, ties by name: a
        topic scores its best record's score (`_best_of`), × `UNKNOWN_ONLY` when all its
        records' statuses are unknown."""
        topics = self._topics
        scores = {
            name: score * (1.0 if topics[name].known_status else UNKNOWN_ONLY)
            for name, score in best_of.items()
        }
        if len(scores) > MAX_CANDIDATES:  # only the names at or above the third score are sorted
            cut = heapq.nlargest(MAX_CANDIDATES, scores.values())[-1]
            scores = {name: score for name, score in scores.items() if score >= cut}
        ranked = sorted(scores.items(), key=lambda item: (-item[1], u16(item[0])))
        return ranked[:MAX_CANDIDATES]

    def _near_words(
        self, wanted: frozenset[str] | None, term: str, parts: Sequence[str]
    ) -> Iterator[tuple[str, float]]:
        """The words that stand for a term no competing record holds, each with its weight:
        a compound's parts (1) — a part no competing record holds by its near words — else
        the term's own near words (their Dice coefficient)."""
        for word in parts or (term,):
            if word != term and self._score(wanted, word) is not None:
                yield word, 1.0
            else:
                yield from self._near.of(word, NEAR_DICE)
