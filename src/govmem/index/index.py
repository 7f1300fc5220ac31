"""`Index`: the frozen value every operation reads — records, derived facts, lookups, a memo.

An index holds what a corpus *is*: its records sorted by (id, path, index)
in UTF-16 code units (a record is identified by its position, so duplicate
ids stay distinct and readable), the `Facts` derived for each
(`govmem.index.derive`), its sources, relations, findings and config, and
the lookups the operations need (refs, topics, relations by record,
conflict and partial links). `in_force`, `has_started` and `has_ended` are
the time rules every operation shares (SPEC §4).

The operations themselves (`query`, the drill-downs, the memory operations,
the adrkit tools) live in `engine`, `memory` and `tools`: functions of
(index, arguments). `govmem.Corpus` is an `Index` with those operations as
methods. Values derived on first use are kept in `memo` (`govmem.index.memo`).
`build_index` (`govmem.index.build`) makes one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime

from attrs import field, frozen

from govmem.model.records import Config, Finding, Record, Relation, Source
from govmem.model.text import fold, u16

from .derive import Facts, folder_of
from .memo import Memo
from .refs import RefIndex
from .scopes import ScopeTree


@frozen
class Health:
    """`corpus_health`: a fingerprint of everything read, and the counts."""

    fingerprint: str
    record_count: int
    excluded_count: int

    def to_dict(self) -> dict[str, object]:
        """The snake_case shape (`lint --json`)."""
        return {
            "fingerprint": self.fingerprint,
            "record_count": self.record_count,
            "excluded_count": self.excluded_count,
        }


@frozen
class Index:
    """A frozen corpus value: records, their derived facts, sources, relations, findings, lookups."""

    records: Sequence[Record]
    """Sorted by (id, path, index); a tuple, or `Lazy` in a corpus restored from a snapshot
    (`govmem.index.columns`: each item decoded on first read)."""
    facts: Sequence[Facts]
    sources: Sequence[Source]
    relations: Sequence[Relation]
    findings: Sequence[Finding]
    config: Config
    health: Health
    scopes: ScopeTree = field(eq=False, repr=False)
    refs: RefIndex = field(eq=False, repr=False)
    _by_topic: Mapping[str, tuple[int, ...]] = field(eq=False, repr=False)
    _topic_alias: Mapping[str, str] = field(eq=False, repr=False)
    _source_by_id: Mapping[str, Source] = field(eq=False, repr=False)
    _relations_of: Mapping[str, tuple[Relation, ...]] = field(eq=False, repr=False)
    _conflict_links: Mapping[int, tuple[int, ...]] = field(eq=False, repr=False)
    _partial_links: Mapping[int, tuple[int, ...]] = field(eq=False, repr=False)
    _minds: Mapping[int, str] = field(eq=False, repr=False)
    """Memory record -> its mind (every other record is seen by every mind)."""
    memo: Memo = field(factory=Memo, eq=False, repr=False)
    """Values built on first use (the topic index, the search fields…); never part of the value."""
    folders: tuple[str, ...] = ()
    """The folders the records were read from, root-relative (`.` for the root), in
    the order they were planned: the ADR folder(s) found, then `memory`; empty for a
    corpus built in memory."""
    unread: tuple[str, ...] = ()
    """Root-relative paths the system refused to list or read (an unreadable folder ends in
    `/`): each is an `unreadable` finding, and every answer says the corpus is incomplete."""

    def folder_counts(self) -> tuple[tuple[str, int], ...]:
        """(folder, how many records, sources and relations were read from it), per folder read.

        A file under two of the folders counts in the more specific one, so
        the counts add up to `health.record_count`.
        """
        counts = dict.fromkeys(self.folders, 0)
        paths = [x.path for xs in (self.records, self.sources, self.relations) for x in xs]
        for path in paths:
            folder = folder_of(path, self.folders) if path else None
            if folder is not None:
                counts[folder] += 1
        return tuple(counts.items())

    def unstated_statuses(self) -> tuple[int, int]:
        """(decision records that write no status, decision records), of the folders read here
        (a configured log's records follow its own `govmem.yaml`): `lint` and `init` tell a
        folder where most write none about `default_status`."""
        local = [
            r
            for r in self.records
            if r.kind == "decision" and r.path and folder_of(r.path, self.folders) is not None
        ]
        unstated = sum(1 for r in local if not (r.written_status and r.written_status.strip()))
        return unstated, len(local)

    # ------------------------------------------------------------------ lookups
    def by_id(self, rid: str) -> tuple[int, ...]:
        """Positions of the records whose id is exactly `rid`."""
        return self.refs.exact(rid)

    def resolve(self, ref: str, from_path: str | None = None) -> tuple[int, ...]:
        """Positions of the records a ref names: empty = dangling, several = ambiguous.

        A ref is an id, a number with or without padding or prefix (`21`,
        `ADR-021`), a file name, or a relative link (from the folder of
        `from_path` when given).
        """
        return resolve_ref(self.refs, self.records, ref, from_path)

    def topics(self) -> tuple[str, ...]:
        """Every topic with at least one record, sorted."""
        return tuple(sorted(self._by_topic, key=u16))

    def topic_members(self, topic: str) -> tuple[int, ...]:
        """Positions of the records on `topic` (canonical name)."""
        return self._by_topic.get(topic, ())

    def canonical_topic(self, name: str) -> str:
        """A topic name, alias or member id, folded and resolved to its topic."""
        folded = fold(name.strip())
        return self._topic_alias.get(name.strip(), self._topic_alias.get(folded, folded))

    def declared_topic(self, name: str) -> bool:
        """Whether `name` (canonical) is declared in `govmem.yaml`."""
        return any(fold(t.name) == name for t in self.config.topics)

    def source(self, sid: str, of: int | None = None) -> Source | None:
        """An explicit source record, else the implicit source of the record `sid`: the record
        `of` itself when `sid` is its own id (two files may share an id; each is its own
        source), else the first record with that id."""
        if (src := self._source_by_id.get(sid)) is not None:
            return src
        if of is not None and self.records[of].id == sid:
            return implicit_source(self.records[of], self.facts[of])
        hits = self.by_id(sid)
        return implicit_source(self.records[hits[0]], self.facts[hits[0]]) if hits else None

    def sources_of(self, pos: int) -> tuple[str, ...]:
        """Source ids of a record, in declared order (itself when implicit).

        An ADR's sources are itself, then those it names; a claim or memory
        is its own source unless it names sources.
        """
        rec = self.records[pos]
        if rec.kind == "decision":
            return tuple(dict.fromkeys((rec.id, *rec.sources)))
        return rec.sources or (rec.id,)

    def relations_of(self, rid: str) -> tuple[Relation, ...]:
        """Relations that name the record id `rid` on either side."""
        return self._relations_of.get(rid, ())

    def conflict_links(self, pos: int) -> tuple[int, ...]:
        """Records linked to `pos` by `conflicts_with`, written on either side."""
        return self._conflict_links.get(pos, ())

    def partial_links_to(self, pos: int) -> tuple[int, ...]:
        """Records whose partial-relation links (amends, partly supersedes…) name `pos`."""
        return self._partial_links.get(pos, ())

    def is_memory(self, pos: int) -> bool:
        """Whether the record at `pos` is a memory (without decoding it: `Lazy`)."""
        return pos in self._minds

    def sees(self, pos: int, mind: str) -> bool:
        """Whether `mind` sees the record at `pos`: any record but another mind's memory."""
        found = self._minds.get(pos)
        return found is None or found == mind

    def minds(self) -> frozenset[str]:
        """The minds with memories."""
        return frozenset(self._minds.values())

    def in_force(self, pos: int, at: datetime) -> bool:
        """Whether the record is in force at `at`: started, not ended, of a class in force.

        Started: `valid_from` ≤ `at` (none: always started). Not ended: `at` <
        `valid_to` (none: open). The class: accepted, or — for any record but
        a claim — superseded or deprecated with a known end (it was in force
        until then).
        """
        f = self.facts[pos]
        if f.valid_from is not None and f.valid_from.bound > at:
            return False
        if f.valid_to is not None and at >= f.valid_to.bound:
            return False
        if f.status == "accepted":
            return True
        return (
            f.status in ("superseded", "deprecated")
            and f.valid_to is not None
            and self.records[pos].kind != "claim"
        )

    def has_started(self, pos: int, at: datetime) -> bool:
        """`valid_from` is null or not after `at`."""
        vf = self.facts[pos].valid_from
        return vf is None or vf.bound <= at

    def has_ended(self, pos: int, at: datetime) -> bool:
        """`valid_to` is known and not after `at`."""
        vt = self.facts[pos].valid_to
        return vt is not None and at >= vt.bound


def resolve_ref(
    refs: RefIndex, records: Sequence[Record], ref: str, from_path: str | None
) -> tuple[int, ...]:
    """The positions `ref` names; of several, the one in `from_path`'s folder when it is alone."""
    return near(records, refs.resolve(ref, from_path), from_path)


def near(
    records: Sequence[Record], hits: tuple[int, ...], from_path: str | None
) -> tuple[int, ...]:
    """Of several hits, the one in `from_path`'s folder when it is alone; else `hits`."""
    if len(hits) > 1 and from_path is not None:
        close = tuple(h for h in hits if _folder(records[h].path) == _folder(from_path))
        if len(close) == 1:
            return close
    return hits


def _folder(path: str | None) -> str:
    if not path or "/" not in path:
        return ""
    return path.rsplit("/", 1)[0]


def implicit_source(rec: Record, facts: Facts) -> Source:
    """The source a record is of itself: an ADR body, or a claim's content."""
    return Source(
        id=rec.id,
        title=rec.title,
        type="decision-record" if rec.kind == "decision" else rec.kind,
        reference=rec.path,
        occurred_at=facts.valid_from,
        text=rec.body or rec.content,
        path=rec.path,
        prose=rec.prose if rec.body else None,
    )
