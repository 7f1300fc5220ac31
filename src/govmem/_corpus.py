"""`Corpus`: an immutable, indexed value of records, sources and relations.

Building a corpus derives, once, everything that depends on more than one
record (SPEC §2, §3, §4):

* each record's **scope** (its own, else its folder's, else `all`) and
  **topic** (its own, a declared topic among its tags, else the implicit topic
  of its group: connected components of supersession and
  rejected-in-favour-of links and equal normalised titles);
* resolved **refs**, with `dangling-ref` / `ambiguous-ref` findings;
* **supersession** (SPEC §4): which links take effect (only from a record that
  is or was in force), the derived `valid_to` of a superseded record, pending
  supersessions, one-sided links and cycles;
* **memory versions** per (mind, category, key).

The derivations themselves are pure functions in `_derive`; `build_corpus`
runs them and indexes the result. Every read operation is then a pure function of the corpus and its
arguments. Records are identified by their position in `records`, which is
sorted by (id, path, index) in UTF-16 code units, so duplicate ids stay
distinct and readable.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import date, datetime
from types import MappingProxyType
from typing import Any

from attrs import evolve, field, frozen

from .engine import drill as _drill
from .engine import query as _query
from .engine import topics as _topics
from .engine.answer import Answer, FoundConflicts, History
from .engine.cursor import InvalidCursor
from .index.derive import (
    Facts,
    assign_topics,
    derive_facts,
    duplicate_findings,
    find_supersession,
    folder_of,
    memory_versions,
    record_scope,
    records_fingerprint,
    start_dates,
)
from .index.refs import RefIndex, federated
from .memory import memory as _memory
from .model.records import Config, Finding, Record, Relation, Source, sort_findings
from .model.text import fold, u16
from .model.time import When, utc_now
from .parse.config import ScopeTree
from .tools import decisions as _tools


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

    def to_wire(self) -> dict[str, object]:
        """The camelCase shape (MCP `corpusHealth`)."""
        return {
            "fingerprint": self.fingerprint,
            "recordCount": self.record_count,
            "excludedCount": self.excluded_count,
        }


@frozen
class Corpus:
    """An immutable corpus: records, their derived facts, sources, relations, findings."""

    records: tuple[Record, ...]
    facts: tuple[Facts, ...]
    sources: tuple[Source, ...]
    relations: tuple[Relation, ...]
    findings: tuple[Finding, ...]
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
    _memo: dict[str, Any] = field(factory=dict, eq=False, repr=False)
    """Indexes built on first use (the topic index); derived, never part of the value."""
    folders: tuple[str, ...] = ()
    """The folders the records were read from, root-relative (`.` for the root), in
    the order they were planned: the ADR folder(s) found, then `memory`; empty for a
    corpus built in memory."""

    # ----------------------------------------------------------------- building
    @classmethod
    def from_records(
        cls,
        records: Iterable[Record] = (),
        *,
        sources: Iterable[Source] = (),
        relations: Iterable[Relation] = (),
        config: Config | None = None,
        findings: Iterable[Finding] = (),
        fingerprint: str | None = None,
        excluded_count: int = 0,
        folder_scopes: Mapping[str, str] | None = None,
    ) -> Corpus:
        """Build a corpus from records made in memory (no files needed).

        It reports the same between-record findings a load would
        (duplicate ids, dangling and ambiguous refs, cycles, one-sided links).
        """
        return build_corpus(
            list(records),
            list(sources),
            list(relations),
            config or Config(),
            list(findings),
            fingerprint=fingerprint,
            excluded_count=excluded_count,
            folder_scopes=folder_scopes or {},
        )

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

    # --------------------------------------------------------------- operations
    def query(
        self,
        question: str,
        topic: str | None = None,
        scope: str | None = None,
        as_of: str | When | date | datetime | None = None,
        mind: str = "default",
        *,
        now: datetime | None = None,
    ) -> Answer:
        """What is decided about a topic, in a scope, as of a date: one verdict.

        Args:
            question: the question in words, any language.
            topic: the topic (name or alias); inferred from the question when None.
            scope: the scope (name or alias); else one named in the question.
            as_of: `YYYY-MM-DD` or an ISO timestamp; the current instant when None.
            mind: whose memories the query sees.
            now: the current instant, when the caller has read it already.

        Raises:
            InputError: `as_of` is not a date.
        """
        when = _query.parse_as_of(as_of)
        return _query.query(
            self, question, topic=topic, scope=scope, as_of=when, now=now or utc_now(), mind=mind
        )

    def get_decision_history(
        self, topic: str, scope: str | None = None, cursor: str | None = None, limit: int = 20
    ) -> History | InvalidCursor:
        """Every record of a topic as dated events, ordered by (date, id); paginated."""
        return _drill.get_decision_history(self, topic, scope, cursor, limit)

    def find_conflicts(
        self,
        topic: str | None = None,
        scope: str | None = None,
        as_of: str | When | date | datetime | None = None,
        cursor: str | None = None,
        limit: int = 20,
        *,
        now: datetime | None = None,
    ) -> FoundConflicts | InvalidCursor:
        """The conflicts of every topic (or one) in every scope with a decision; paginated."""
        when = _query.parse_as_of(as_of)
        return _drill.find_conflicts(self, topic, scope, when, cursor, limit, now=now or utc_now())

    def list_topics(
        self,
        scope: str | None = None,
        as_of: str | When | date | datetime | None = None,
        mind: str = "default",
        cursor: str | None = None,
        limit: int = 20,
        *,
        now: datetime | None = None,
    ) -> _topics.TopicList | InvalidCursor:
        """Every topic with a record on a scope overlapping `scope`, by name; paginated.

        Each item is `{topic, aliases, status, decision_id, record_count}`,
        `status` and `decision_id` being what `query` answers for that topic,
        scope and `as_of`.

        Raises:
            InputError: `as_of` is not a date, or `limit` is not 1–100.
        """
        when = _query.parse_as_of(as_of)
        return _topics.list_topics(self, scope, when, mind, cursor, limit, now=now or utc_now())

    def closest_topics(self, name: str, mind: str = "default") -> tuple[str, ...]:
        """The (up to 3) topics closest to `name`, best first: for a topic that does not exist."""
        return _drill.closest_topics(self, name, mind)

    def recall(
        self,
        as_of: str | When | date | datetime | None = None,
        mind: str = "default",
        *,
        now: datetime | None = None,
    ) -> _memory.Recall:
        """What a mind remembers at `as_of`, as plain text for an LLM."""
        when = _query.parse_as_of(as_of)
        return _memory.recall(self, when, mind, now or utc_now())

    def search_memories(
        self,
        tag: str | None = None,
        text: str | None = None,
        mind: str = "default",
        cursor: str | None = None,
        limit: int = 20,
        *,
        now: datetime | None = None,
    ) -> _memory.MemoryPage | InvalidCursor:
        """Current memories by tag and text, case-insensitive; paginated."""
        return _memory.search_memories(self, tag, text, mind, cursor, limit, now or utc_now())

    def expiring(
        self,
        within: str,
        as_of: str | When | date | datetime | None = None,
        mind: str = "default",
        cursor: str | None = None,
        limit: int = 20,
        *,
        now: datetime | None = None,
    ) -> _memory.MemoryPage | InvalidCursor:
        """Current memories expiring within `12h`, `7d`, `2w`… of `as_of`; paginated."""
        when = _query.parse_as_of(as_of)
        return _memory.expiring(self, within, when, mind, cursor, limit, now or utc_now())

    def memory_history(self, category: str, key: str, mind: str = "default") -> _memory.MemoryPage:
        """Every version of one memory, oldest first."""
        return _memory.memory_history(self, category, key, mind)

    # ------------------------------------------------------- adrkit tools (SPEC §6)
    def search_decisions(
        self,
        query: str,
        status: Sequence[str] | None = None,
        tags: Sequence[str] | None = None,
        scope: Sequence[str] | None = None,
        cursor: str | None = None,
        limit: int = 20,
        findings_cursor: str | None = None,
        findings_limit: int = 20,
    ) -> _tools.Result:
        """Literal substring search over id, title, tags and body; paginated (`_tools`)."""
        return _tools.search_decisions(
            self, query, status, tags, scope, cursor, limit, findings_cursor, findings_limit
        )

    def get_decision(
        self,
        ref: str,
        cursor: str | None = None,
        limit: int = 20,
        findings_cursor: str | None = None,
        findings_limit: int = 20,
    ) -> _tools.Result:
        """One decision by id or ref, with typed frontmatter and body (`_tools`)."""
        return _tools.get_decision(self, ref, cursor, limit, findings_cursor, findings_limit)

    def get_decision_context(
        self,
        files: Sequence[str],
        cursor: str | None = None,
        limit: int = 20,
        findings_cursor: str | None = None,
        findings_limit: int = 20,
    ) -> _tools.Result:
        """Governing, proposed and historical decisions whose `affects` match `files`."""
        return _tools.get_decision_context(
            self, files, cursor, limit, findings_cursor, findings_limit
        )

    def list_superseded(
        self,
        cursor: str | None = None,
        limit: int = 20,
        findings_cursor: str | None = None,
        findings_limit: int = 20,
    ) -> _tools.Result:
        """Every superseded record with its direct successor's state (`_tools`)."""
        return _tools.list_superseded(self, cursor, limit, findings_cursor, findings_limit)

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
        return _resolve(self.refs, self.records, ref, from_path)

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

    def source(self, sid: str) -> Source | None:
        """An explicit source record, else the implicit source of the record `sid`."""
        if (src := self._source_by_id.get(sid)) is not None:
            return src
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

    def memo(self, key: str, build: Callable[[], Any]) -> Any:
        """A derived index, built on first use and kept with this corpus."""
        if key not in self._memo:
            self._memo[key] = build()
        return self._memo[key]

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


def _resolve(
    refs: RefIndex, records: Sequence[Record], ref: str, from_path: str | None
) -> tuple[int, ...]:
    hits = refs.resolve(ref, from_path)
    if len(hits) > 1 and from_path is not None:
        near = tuple(h for h in hits if _folder(records[h].path) == _folder(from_path))
        if len(near) == 1:
            return near
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
    )


# ---------------------------------------------------------------------- build
def build_corpus(
    records: list[Record],
    sources: list[Source],
    relations: list[Relation],
    config: Config,
    findings: list[Finding],
    *,
    fingerprint: str | None,
    excluded_count: int,
    folder_scopes: Mapping[str, str],
    folders: tuple[str, ...] = (),
) -> Corpus:
    """Derive every between-record fact and index the corpus."""
    records = sorted(records, key=Record.sort_key)
    sources = sorted(sources, key=lambda s: (u16(s.id), u16(s.path or "")))
    relations = sorted(relations, key=lambda r: (u16(r.id), u16(r.path or "")))
    tree = ScopeTree(config.scopes)
    refs = RefIndex((i, r.id, r.path) for i, r in enumerate(records))
    out = list(findings)
    out += duplicate_findings(records, sources, relations)

    def res(pos: int, ref: str, fld: str) -> int | None:
        """Resolve one ref of record `pos`; report dangling and ambiguous refs."""
        rec = records[pos]
        if federated(ref) is not None:
            return None
        hits = tuple(h for h in _resolve(refs, records, ref, rec.path))
        if not hits:
            out.append(
                Finding(
                    "dangling-ref", f"{fld} ref {ref!r} names no record.", rec.path, rec.id, fld
                )
            )
            return None
        if len(hits) > 1:
            out.append(
                Finding(
                    "ambiguous-ref",
                    f"{fld} ref {ref!r} names {len(hits)} records.",
                    rec.path,
                    rec.id,
                    fld,
                )
            )
            return None
        return hits[0]

    scope_of = [record_scope(r, tree, folder_scopes) for r in records]
    sup = find_supersession(records, res, out)
    valid_from = start_dates(records, sources)
    facts = derive_facts(records, scope_of, valid_from, sup, out)
    conflict_links: dict[int, set[int]] = defaultdict(set)
    partial_links: dict[int, set[int]] = defaultdict(set)
    for pos, rec in enumerate(records):
        for ref in rec.relates_to:
            res(pos, ref, "relates_to")
        for ref in rec.conflicts_with:
            if (other := res(pos, ref, "conflicts_with")) is not None and other != pos:
                conflict_links[pos].add(other)
                conflict_links[other].add(pos)
        for link in rec.links:
            if (
                link.kind != "rejected-in-favour-of"
                and (other := res(pos, link.ref, "links")) is not None
            ):
                partial_links[other].add(pos)
    topic_of, topic_alias = assign_topics(records, config, sup, res)
    facts = [evolve(f, topic=topic_of[i]) for i, f in enumerate(facts)]
    facts = memory_versions(records, facts)

    by_topic: dict[str, list[int]] = defaultdict(list)
    for i, f in enumerate(facts):
        by_topic[f.topic].append(i)
    rel_of: dict[str, list[Relation]] = defaultdict(list)
    for rel in relations:
        for rid in dict.fromkeys(rel.between):
            rel_of[rid].append(rel)
    count = len(records) + len(sources) + len(relations)
    health = Health(
        fingerprint=fingerprint or records_fingerprint(records, sources, relations, config),
        record_count=count,
        excluded_count=excluded_count,
    )
    return Corpus(
        records=tuple(records),
        facts=tuple(facts),
        sources=tuple(sources),
        relations=tuple(relations),
        findings=sort_findings(out),
        config=config,
        health=health,
        scopes=tree,
        refs=refs,
        by_topic=MappingProxyType({k: tuple(v) for k, v in by_topic.items()}),
        topic_alias=MappingProxyType(topic_alias),
        source_by_id=MappingProxyType({s.id: s for s in reversed(sources)}),
        relations_of=MappingProxyType({k: tuple(v) for k, v in rel_of.items()}),
        conflict_links=MappingProxyType({k: tuple(sorted(v)) for k, v in conflict_links.items()}),
        partial_links=MappingProxyType({k: tuple(sorted(v)) for k, v in partial_links.items()}),
        folders=folders,
    )
