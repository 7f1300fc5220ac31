"""The working state of one query: its arguments, the corpus, and the rules every step shares.

`Run` holds what `query` and its drill-downs compute on: the asked instant,
the scope S once known, the topic's visible records, and the per-record
facts memoised for the corpus's lifetime (`qindex.QueryCache`): precedence
(SPEC §5.3), scope ancestry and overlap, the in-force tests at `as_of`,
folded values, record views and sources. The steps build on it: selection
and placement (`query`), then the answer's evidence and sentences
(`explain`).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from attrs import define, field, frozen

from govmem.index.index import Index
from govmem.model.records import ROOT_SCOPE, Source
from govmem.model.text import fold, tokens, u16
from govmem.model.time import When

from . import answer as ans
from .qindex import Precedence, query_cache, value_spellings, visible_members


@frozen
class Ask:
    """The arguments of one query, resolved once."""

    question: str
    as_of: When | str
    """Echoed as given."""
    at: datetime
    """The instant asked about."""
    mind: str = "default"


@define
class Verdict:
    """Steps 1–4 of a query: the topic, scope, decision and its three lists."""

    topic: str | None
    scope: str
    requested: bool
    members: list[int]
    """Visible records of the topic, by precedence."""
    decision: int | None = None
    has_candidate: bool = False
    superseded: list[int] = field(factory=list)
    conflicts: list[tuple[int, ans.ConflictItem]] = field(factory=list)
    """Every conflict (before the 20-entry cut), open first, then by precedence."""
    exceptions: list[int] = field(factory=list)
    topic_lines: list[str] = field(factory=list)
    scope_lines: list[str] = field(factory=list)
    candidates: tuple[str, ...] = ()
    """No topic confident: the closest topics, best first."""
    likely: bool = False
    """No topic confident, but the first candidate is the likely one."""


class Run:
    """One query's working state: the corpus, the arguments, and what is decided so far."""

    def __init__(self, corpus: Index, ask: Ask) -> None:
        self.c = corpus
        self.ask = ask
        self.at = ask.at
        self.requested = False
        self.scope = ROOT_SCOPE
        self.cache = query_cache(corpus)
        self.qtokens = tokens(ask.question)
        self.scope_words: frozenset[str] = frozenset()
        """The question's words that named a scope: they chose S, so they do not choose the topic."""
        self.members = visible_members(corpus, ask.mind)
        self.sorted: list[int] = []
        """The topic's visible records by precedence, once S is known."""

    # ------------------------------------------------------------- helpers
    def visible(self, pos: int) -> bool:
        """Memories of other minds are invisible to the query."""
        return self.c.sees(pos, self.ask.mind)

    def precedence(self, pos: int) -> Precedence:
        """SPEC §5.3: authority, depth, later valid_from (null earliest), confidence, id, path.

        Depth sorts deeper first when S was requested, shallower first when not.
        """
        key = self.cache.keys.get((pos, self.requested))
        if key is None:
            rec, f = self.c.records[pos], self.c.facts[pos]
            depth = len(self.ancestors(f.scope)) - 1
            vf = f.valid_from.bound.timestamp() if f.valid_from is not None else float("-inf")
            key = (
                -rec.authority,
                -depth if self.requested else depth,
                -vf,
                -rec.confidence,
                u16(rec.id),
                u16(rec.path or ""),
                rec.index,
            )
            self.cache.keys[(pos, self.requested)] = key
        return key

    def ordered(self, positions: Iterable[int]) -> list[int]:
        """Positions by precedence."""
        return sorted(positions, key=self.precedence)

    def ancestors(self, scope: str) -> frozenset[str]:
        """The scope and its ancestors."""
        found = self.cache.ancestors.get(scope)
        if found is None:
            found = self.cache.ancestors[scope] = frozenset(self.c.scopes.ancestors(scope))
        return found

    def overlaps(self, a: str, b: str) -> bool:
        """One scope is the other or an ancestor of it."""
        return a in self.ancestors(b) or b in self.ancestors(a)

    def on_s_or_ancestor(self, pos: int) -> bool:
        """The record's scope is S or an ancestor of S."""
        return self.c.facts[pos].scope in self.ancestors(self.scope)

    def overlaps_s(self, pos: int) -> bool:
        """The record's scope overlaps S."""
        return self.overlaps(self.c.facts[pos].scope, self.scope)

    def started(self, pos: int) -> bool:
        """`valid_from` is null or not after `as_of`."""
        return self.c.has_started(pos, self.at)

    def live(self, pos: int) -> bool:
        """Started and not ended (expired) at `as_of`."""
        return self.c.has_started(pos, self.at) and not self.c.has_ended(pos, self.at)

    def value_key(self, pos: int, topic: str) -> str | None:
        """The record's value, folded, with the topic's spellings mapped; None when absent."""
        try:
            return self.cache.values[(pos, topic)]
        except KeyError:
            pass
        value = self.c.records[pos].value
        key: str | None = None
        if value is not None and value.strip():
            folded = fold(value.strip())
            table = value_spellings(self.c).get(topic)
            key = table.get(folded, folded) if table else folded
        self.cache.values[(pos, topic)] = key
        return key

    def view(self, pos: int) -> ans.RecordView:
        """The record as the answer shows it."""
        found = self.cache.views.get(pos)
        if found is None:
            rec, f = self.c.records[pos], self.c.facts[pos]
            found = self.cache.views[pos] = ans.RecordView(
                id=rec.id,
                content=rec.content,
                value=rec.value,
                status=f.label,
                scope=f.scope,
                valid_from=f.valid_from,
                valid_to=f.valid_to,
                confidence=rec.confidence,
                authority=rec.authority,
            )
        return found

    def source(self, sid: str, of: int) -> Source | None:
        """A source the record `of` names (`Index.source`): an explicit source, else the
        implicit source of the record `sid` — `of` itself when `sid` is its own id."""
        key = (sid, of if self.c.records[of].id == sid else None)
        try:
            return self.cache.sources[key]
        except KeyError:
            found = self.cache.sources[key] = self.c.source(sid, of)
            return found
