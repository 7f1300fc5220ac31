"""The per-corpus indexes `query` builds on first use and keeps with the corpus.

Each is a pure function of the corpus, memoised with `Index.memo`, so a
query pays for the records of its topic and not for the corpus: the visible
topic members per mind, the scopes of each topic, the BM25 topic index, the
phrases of declared scope names, the spellings of topic values, the explicit
conflict links of each record, pre-split source texts for evidence, the
per-record facts a query derives (`QueryCache`), the competing topics of each
scope, and the last answers and verdicts (bounded: `RECENT` of each).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping
from types import MappingProxyType
from typing import Final

from attrs import frozen

from govmem.index.index import Index
from govmem.index.memo import Key, Recent
from govmem.model.records import ROOT_SCOPE, Relation, Source
from govmem.model.text import fold, tokens
from govmem.parse.file import file_subject

from . import answer as ans
from .bm25 import Document, TopicIndex, protected_tokens
from .evidence import SplitText

Precedence = tuple[float, int, float, float, bytes, bytes, int]
"""SPEC §5.3's sort key: authority, depth, valid_from, confidence, id, path, index."""


# The memo keys of this module (each built by the function that reads it).
MINDS: Final = Key[frozenset[str]]("query:minds")
MEMBERS: Final = Key[Mapping[str, tuple[int, ...]]]("query:members")
TOPIC_SCOPES: Final = Key[Mapping[str, frozenset[str]]]("query:topic-scopes")
TOPIC_INDEX: Final = Key[TopicIndex]("query:topic-index", kept=TopicIndex)
COMPETING: Final = Key[tuple[str, ...]]("query:competing")
SCOPE_PHRASES: Final = Key[tuple[tuple[tuple[str, ...], str], ...]]("query:scope-phrases")
VALUES: Final = Key[Mapping[str, Mapping[str, str]]]("query:values")
LINKS: Final = Key[Mapping[int, tuple["Link", ...]]]("query:relation-links")
SOURCE_TEXT: Final = Key[SplitText]("query:source-text")
QUERY_CACHE: Final = Key["QueryCache"]("query:cache")
ANSWERS: Final = Key[Recent[tuple[object, ...], ans.Answer]]("query:answers")
VERDICTS: Final = Key[Recent[tuple[object, ...], tuple[int | None, ans.Answer]]]("query:verdicts")
RECENT: Final = 4096
"""How many answers, and verdicts, a corpus keeps (each about a few KB)."""


@frozen
class Link:
    """An explicit conflict link of a record: the other side, and the relation (if any)."""

    other: int
    relation: Relation | None


def minds_with_memories(corpus: Index) -> frozenset[str]:
    return corpus.memo.get(MINDS, corpus.minds)


def mind_key(corpus: Index, mind: str) -> str:
    """Minds without memories see the same records: share their indexes."""
    return mind if mind in minds_with_memories(corpus) else "\0none"


class _Visible(Mapping[str, tuple[int, ...]]):
    """topic -> the positions on it that a mind sees, each topic's worked out when it is first
    looked up (a query on a named topic looks up one, of thousands), every topic's when
    iterated; in `corpus.topics()`'s order, topics it sees nothing of left out."""

    def __init__(self, corpus: Index, key: str) -> None:
        self._corpus, self._key = corpus, key
        self._seen: dict[str, tuple[int, ...]] = {}
        self._topics: tuple[str, ...] | None = None

    def _members(self, topic: str) -> tuple[int, ...]:
        seen = self._seen.get(topic)
        if seen is None:
            c, key = self._corpus, self._key
            seen = self._seen[topic] = tuple(p for p in c.topic_members(topic) if c.sees(p, key))
        return seen

    def __getitem__(self, topic: str) -> tuple[int, ...]:
        seen = self._members(topic)
        if not seen:
            raise KeyError(topic)
        return seen

    def _all(self) -> tuple[str, ...]:
        if self._topics is None:
            self._topics = tuple(t for t in self._corpus.topics() if self._members(t))
        return self._topics

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


def visible_members(corpus: Index, mind: str) -> Mapping[str, tuple[int, ...]]:
    """topic -> the positions on it that `mind` sees (other minds' memories dropped)."""
    key = mind_key(corpus, mind)
    return corpus.memo.get(MEMBERS, lambda: _Visible(corpus, key), key)


def topic_scopes(corpus: Index, mind: str) -> Mapping[str, frozenset[str]]:
    """topic -> the scopes of its visible records (which topics compete, SPEC §5.1)."""
    key = mind_key(corpus, mind)

    def build() -> Mapping[str, frozenset[str]]:
        return MappingProxyType(
            {
                t: frozenset(corpus.facts[p].scope for p in ps)
                for t, ps in visible_members(corpus, mind).items()
            }
        )

    return corpus.memo.get(TOPIC_SCOPES, build, key)


def competing_topics(corpus: Index, mind: str, scope: str) -> tuple[str, ...]:
    """The topics with a record (visible to `mind`) whose scope overlaps `scope`."""

    def build() -> tuple[str, ...]:
        mine = frozenset(corpus.scopes.ancestors(scope))
        seen: dict[str, bool] = {}

        def overlaps(other: str) -> bool:
            if (found := seen.get(other)) is None:
                found = seen[other] = other in mine or scope in corpus.scopes.ancestors(other)
            return found

        return tuple(t for t, ss in topic_scopes(corpus, mind).items() if any(map(overlaps, ss)))

    return corpus.memo.get(COMPETING, build, (mind_key(corpus, mind), scope))


def topic_index(corpus: Index, mind: str = "default") -> TopicIndex:
    """The BM25F index of the records `mind` sees (topic inference), built on first use.

    Protected from the stop and intent lists are the tokens of topic names and
    aliases that someone wrote: under `topics:` in `govmem.yaml`, as a record's
    `topic:`, as a memory's key. The names govmem derives from titles are not,
    or every function word of every title ("use", "for", "our") would be kept.
    A record's title field also holds its file name's subject (`backend-testing`
    of `2023-07-19-backend-testing.md`): the team's own short name for it, and
    the one that tells a copied title apart.
    """
    key = mind_key(corpus, mind)

    def build() -> TopicIndex:
        declared = {fold(t.name): t.aliases for t in corpus.config.topics}
        names = [n for t in corpus.config.topics for n in (t.name, *t.aliases)]
        docs: list[Document] = []
        for topic, positions in visible_members(corpus, mind).items():
            aliases = (*declared.get(topic, ()), *(corpus.records[p].id for p in positions))
            for p in positions:
                rec = corpus.records[p]
                if rec.topic or rec.is_memory:
                    names.append(topic)
                subject = (file_subject(rec.path) or "").replace("-", " ").replace("_", " ")
                name = (rec.title, subject)
                title = (*name, topic, *aliases, *rec.tags, rec.value or "")
                known = rec.status != "unknown"
                docs.append(Document(topic, title, rec.body or rec.content, known, name))
        return TopicIndex.from_documents(docs, protected_tokens(names))

    return corpus.memo.get(TOPIC_INDEX, build, key)


def words(text: str) -> list[str]:
    """Folded word tokens, also split at `_` (scope names split at `-`, `_` and spaces)."""
    return split_words(tokens(text))


def split_words(words: Iterable[str]) -> list[str]:
    return [part for t in words for part in t.split("_") if part]


def scope_phrases(corpus: Index) -> tuple[tuple[tuple[str, ...], str], ...]:
    """(token sequence, scope) of every declared scope name and alias but the root's name."""

    def build() -> tuple[tuple[tuple[str, ...], str], ...]:
        out = []
        for spelling, scope in corpus.scopes.names_and_aliases():
            if spelling == ROOT_SCOPE or not corpus.scopes.is_declared(scope):
                continue
            if phrase := tuple(words(spelling)):
                out.append((phrase, scope))
        return tuple(out)

    return corpus.memo.get(SCOPE_PHRASES, build)


def value_spellings(corpus: Index) -> Mapping[str, Mapping[str, str]]:
    """topic -> folded spelling -> folded canonical value (`govmem.yaml` `values`)."""

    def build() -> Mapping[str, Mapping[str, str]]:
        out: dict[str, dict[str, str]] = defaultdict(dict)
        for spec in corpus.config.topics:
            table = out[corpus.canonical_topic(spec.name)]
            for canon, spellings in spec.values:
                table.setdefault(fold(canon.strip()), fold(canon.strip()))
                for s in spellings:
                    table.setdefault(fold(s.strip()), fold(canon.strip()))
        return MappingProxyType({k: MappingProxyType(v) for k, v in out.items()})

    return corpus.memo.get(VALUES, build)


def conflict_links(corpus: Index, pos: int) -> tuple[Link, ...]:
    """A record's explicit conflict links: relations (by id) first, then `conflicts_with`.

    The relations' links are found once per corpus (a pass over the relations only); a
    record's `conflicts_with` links are read when it is asked for, so a query pays for the
    records it places, never for every record of the corpus.
    """

    def build() -> Mapping[int, tuple[Link, ...]]:
        out: dict[int, list[Link]] = defaultdict(list)
        for rel in corpus.relations:
            a, b = (corpus.resolve(side) for side in rel.between)
            for x in a:
                for y in b:
                    if x != y:
                        out[x].append(Link(y, rel))
                        out[y].append(Link(x, rel))
        return MappingProxyType({k: tuple(v) for k, v in out.items()})

    related = corpus.memo.get(LINKS, build).get(pos, ())
    if not (written := corpus.conflict_links(pos)):
        return related
    return (*related, *(Link(o, None) for o in written))


def source_text(corpus: Index, source: Source) -> SplitText:
    """A source's text split for evidence, once per corpus."""
    return corpus.memo.get(
        SOURCE_TEXT, lambda: SplitText.of_source(source), (source.id, source.path)
    )


class QueryCache:
    """Per-record facts a query derives, memoised for the corpus's lifetime.

    Filled lazily, record by record, so a query only pays for the records of
    its topic; the values never depend on the query's arguments.
    """

    __slots__ = ("ancestors", "hints", "keys", "sources", "values", "views")

    def __init__(self) -> None:
        self.hints: dict[int, frozenset[str]] = {}
        self.keys: dict[tuple[int, bool], Precedence] = {}
        self.ancestors: dict[str, frozenset[str]] = {}
        self.values: dict[tuple[int, str], str | None] = {}
        self.views: dict[int, ans.RecordView] = {}
        self.sources: dict[tuple[str, int | None], Source | None] = {}
        """By (source id, the record that is that source itself, else None)."""


def query_cache(corpus: Index) -> QueryCache:
    return corpus.memo.get(QUERY_CACHE, QueryCache)


def recent_answers(corpus: Index) -> Recent[tuple[object, ...], ans.Answer]:
    """The corpus's last answers, by (question, topic, scope, as_of, mind)."""
    return corpus.memo.get(ANSWERS, lambda: Recent(RECENT))


def recent_verdicts(corpus: Index) -> Recent[tuple[object, ...], tuple[int | None, ans.Answer]]:
    """The corpus's last answers by verdict key (topic, S, instant, mind), with their decision."""
    return corpus.memo.get(VERDICTS, lambda: Recent(RECENT))
