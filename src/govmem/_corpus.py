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

Every read operation is then a pure function of the corpus and its
arguments. Records are identified by their position in `records`, which is
sorted by (id, path, index) in UTF-16 code units, so duplicate ids stay
distinct and readable.
"""

from __future__ import annotations

import hashlib
import re
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import UTC, date, datetime
from types import MappingProxyType
from typing import Any, Final

from attrs import evolve, field, frozen

from . import _drill, _memory, _query, _tools
from ._answer import Answer, FoundConflicts, History
from ._config import ROOT_SCOPE, ScopeTree
from ._cursor import InvalidCursor
from ._model import IN_FORCE_CLASSES, Config, Finding, Record, Relation, Source, sort_findings
from ._refs import RefIndex, federated
from ._text import fold, u16
from ._time import When, utc_now

ADRKIT_LEVELS: Final = frozenset({"component", "domain", "org"})
_TITLE_NUMBER: Final = re.compile(r"^\s*(?:adr[-_ ]?)?\d+[a-z]?\s*[.:)\-]?\s*", re.IGNORECASE)
_PUNCT: Final = re.compile(r"[^\w\s]+|_")

Resolver = Callable[[int, str, str], int | None]
"""(record position, ref, field) -> the resolved position, or None."""


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
class Facts:
    """What the corpus derives about one record."""

    scope: str
    topic: str
    status: str
    """The effective status class (a one-sided supersession makes it `superseded`)."""
    label: str
    """The status as printed."""
    valid_from: When | None
    valid_to: When | None
    end_unknown: bool
    """Superseded or deprecated with no known end: not in force, and says so."""
    successors: tuple[int, ...] = ()
    """Records whose supersession of this one takes effect."""
    predecessors: tuple[int, ...] = ()
    """Records this one supersedes (effectively)."""
    pending: tuple[int, ...] = ()
    """Records that propose to supersede this one (not yet in force)."""
    written_successors: tuple[int, ...] = ()
    """Every resolved successor named in either direction, effective or not."""


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
        """What is decided about a topic, in a scope, as of a date (SPEC §5).

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

    def recall(
        self,
        as_of: str | When | date | datetime | None = None,
        mind: str = "default",
        *,
        now: datetime | None = None,
    ) -> _memory.Recall:
        """What a mind remembers at `as_of`, as plain text for an LLM (SPEC §7)."""
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
        """Current memories by tag and text, case-insensitive; paginated (SPEC §7)."""
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
        """Every version of one memory, oldest first (SPEC §7)."""
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
        """Positions of the records a ref names (SPEC §2 refs)."""
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
        """SPEC §4: started, not ended, and of a class that is or was in force."""
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


def normalised_title(title: str) -> str:
    """Accents and case folded, a leading number or `ADR-N:` stripped, punctuation stripped."""
    text = _TITLE_NUMBER.sub("", fold(title), count=1)
    return " ".join(_PUNCT.sub(" ", text).split())


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
) -> Corpus:
    """Derive every between-record fact and index the corpus."""
    records = sorted(records, key=Record.sort_key)
    sources = sorted(sources, key=lambda s: (u16(s.id), u16(s.path or "")))
    relations = sorted(relations, key=lambda r: (u16(r.id), u16(r.path or "")))
    tree = ScopeTree(config.scopes)
    refs = RefIndex((i, r.id, r.path) for i, r in enumerate(records))
    out = list(findings)
    out += _duplicate_findings(records, sources, relations)

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

    scope_of = [_scope(r, tree, folder_scopes) for r in records]
    sup = _supersession(records, res, out)
    valid_from = _valid_from(records, sources)
    facts = _derive_facts(records, scope_of, valid_from, sup, out)
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
    topic_of, topic_alias = _topics(records, config, sup, res)
    facts = [evolve(f, topic=topic_of[i]) for i, f in enumerate(facts)]
    facts = _memory_versions(records, facts)

    by_topic: dict[str, list[int]] = defaultdict(list)
    for i, f in enumerate(facts):
        by_topic[f.topic].append(i)
    rel_of: dict[str, list[Relation]] = defaultdict(list)
    for rel in relations:
        for rid in dict.fromkeys(rel.between):
            rel_of[rid].append(rel)
    count = len(records) + len(sources) + len(relations)
    health = Health(
        fingerprint=fingerprint or _fingerprint(records, sources, relations, config),
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
    )


def _duplicate_findings(
    records: list[Record], sources: list[Source], relations: list[Relation]
) -> list[Finding]:
    out: list[Finding] = []
    for namespace, items in (
        ("record", [(r.id, r.path) for r in records]),
        ("source", [(s.id, s.path) for s in sources]),
        ("relation", [(r.id, r.path) for r in relations]),
    ):
        seen: dict[str, list[str | None]] = defaultdict(list)
        for rid, path in items:
            seen[rid].append(path)
        for rid, paths in seen.items():
            if len(paths) > 1:
                where = ", ".join(sorted({p or "(memory)" for p in paths}, key=u16))
                for path in paths:
                    msg = f"The {namespace} id {rid!r} is used {len(paths)} times ({where})."
                    out.append(Finding("duplicate-id", msg, path, rid, "id"))
    return out


def _scope(rec: Record, tree: ScopeTree, folder_scopes: Mapping[str, str]) -> str:
    written = rec.scope.strip() if rec.scope else ""
    if written and not (written.lower() in ADRKIT_LEVELS and not tree.is_declared(fold(written))):
        return tree.canonical(written)
    if rec.path:
        best = ""
        for folder in folder_scopes:
            if (folder in (".", "") or rec.path.startswith(folder + "/")) and len(folder) >= len(
                best
            ):
                best = folder
        if best in folder_scopes:
            return tree.canonical(folder_scopes[best])
    return ROOT_SCOPE


def _valid_from(records: list[Record], sources: list[Source]) -> list[When | None]:
    """A claim without a date starts at its first source's `occurred_at`."""
    by_id = {s.id: s for s in reversed(sources)}
    out: list[When | None] = []
    for rec in records:
        vf = rec.valid_from
        if vf is None and rec.kind == "claim":
            for sid in rec.sources:
                src = by_id.get(sid)
                if src is not None and src.occurred_at is not None:
                    vf = src.occurred_at
                    break
        out.append(vf)
    return out


@frozen
class _Supersession:
    """Resolved supersession edges: (new, old) pairs, and cycle members."""

    edges: tuple[tuple[int, int], ...]
    written_by_old: frozenset[tuple[int, int]]
    """Edges stated on the old record (`superseded_by`, status text)."""
    cyclic: frozenset[tuple[int, int]]
    written_by_new: frozenset[tuple[int, int]] = frozenset()
    """Edges stated on the new record (`supersedes`): only these can be pending."""


def _supersession(records: list[Record], resolve: Resolver, out: list[Finding]) -> _Supersession:
    edges: dict[tuple[int, int], None] = {}
    by_old: set[tuple[int, int]] = set()
    by_new: set[tuple[int, int]] = set()
    for pos, rec in enumerate(records):
        for ref in rec.supersedes:
            if (old := resolve(pos, ref, "supersedes")) is not None:
                edges[(pos, old)] = None
                by_new.add((pos, old))
        for ref in rec.superseded_by:
            if (new := resolve(pos, ref, "superseded_by")) is not None:
                edges[(new, pos)] = None
                by_old.add((new, pos))
    # cycles: an edge whose old record reaches its new record again
    succ: dict[int, list[int]] = defaultdict(list)
    for new, old in edges:
        succ[old].append(new)
    cyclic: set[tuple[int, int]] = set()
    for new, old in edges:
        if new == old or _reaches(succ, new, old):
            cyclic.add((new, old))
    for new, old in sorted(cyclic):
        rec = records[old]
        what = (
            "supersedes itself"
            if new == old
            else f"is in a supersession cycle with {records[new].id!r}"
        )
        out.append(
            Finding(
                "supersession-cycle",
                f"{rec.id!r} {what}; the link is ignored.",
                rec.path,
                rec.id,
                "supersedes",
            )
        )
    kept = tuple(e for e in edges if e not in cyclic)
    return _Supersession(kept, frozenset(by_old), frozenset(cyclic), frozenset(by_new))


def _reaches(succ: Mapping[int, list[int]], start: int, goal: int) -> bool:
    stack, seen = [start], {start}
    while stack:
        node = stack.pop()
        for nxt in succ.get(node, ()):
            if nxt == goal:
                return True
            if nxt not in seen:
                seen.add(nxt)
                stack.append(nxt)
    return False


def _derive_facts(
    records: list[Record],
    scope_of: list[str],
    valid_from: list[When | None],
    sup: _Supersession,
    out: list[Finding],
) -> list[Facts]:
    """Effective status, derived `valid_to`, successors and pending supersessions (SPEC §4)."""
    # claims are never in force, whatever they say (SPEC §2), so they supersede nothing
    takes_effect = [r.status in IN_FORCE_CLASSES and r.kind != "claim" for r in records]
    successors: dict[int, list[int]] = defaultdict(list)
    predecessors: dict[int, list[int]] = defaultdict(list)
    pending: dict[int, list[int]] = defaultdict(list)
    written: dict[int, list[int]] = defaultdict(list)
    for new, old in sup.edges:
        written[old].append(new)
        status = records[new].status
        if takes_effect[new]:
            successors[old].append(new)
            predecessors[new].append(old)
        elif status not in ("rejected", "revoked") and (new, old) in sup.written_by_new:
            # a pending supersession is a `supersedes` link from a record not yet in
            # force; the old record's own `Superseded by X` is authoritative instead
            pending[old].append(new)
    facts: list[Facts] = []
    for pos, rec in enumerate(records):
        status, label = rec.status, rec.label
        if rec.kind == "claim" and status == "accepted":
            status, label = "proposed", "proposed"  # claims can only contest (SPEC §2)
        succ = sorted(
            successors.get(pos, ()), key=lambda i: (_bound_key(valid_from[i]), u16(records[i].id))
        )
        if succ and status == "accepted":
            first = records[succ[0]]
            msg = f"{first.id!r} supersedes {rec.id!r}, whose own status still reads {rec.label}."
            out.append(Finding("one-sided-link", msg, rec.path, rec.id, "status"))
            status, label = "superseded", "superseded"
        valid_to = rec.valid_to
        if valid_to is None and status in ("superseded", "deprecated") and succ:
            starts = [w for w in (valid_from[i] for i in succ) if w is not None]
            valid_to = min(starts, key=lambda w: w.bound) if starts else None
        if rec.is_memory and rec.expires_at is not None and valid_to is None:
            valid_to = rec.expires_at
        facts.append(
            Facts(
                scope=scope_of[pos],
                topic="",
                status=status,
                label=label,
                valid_from=valid_from[pos],
                valid_to=valid_to,
                end_unknown=status in ("superseded", "deprecated") and valid_to is None,
                successors=tuple(succ),
                predecessors=tuple(
                    sorted(predecessors.get(pos, ()), key=lambda i: records[i].sort_key())
                ),
                pending=tuple(sorted(pending.get(pos, ()), key=lambda i: records[i].sort_key())),
                written_successors=tuple(
                    sorted(set(written.get(pos, ())), key=lambda i: records[i].sort_key())
                ),
            )
        )
    return facts


def _bound_key(w: When | None) -> datetime:
    return w.bound if w is not None else datetime.min.replace(tzinfo=UTC)


def _topics(
    records: list[Record], config: Config, sup: _Supersession, resolve: Resolver
) -> tuple[list[str], dict[str, str]]:
    """Each record's topic, and alias -> topic (declared aliases, member ids)."""
    alias: dict[str, str] = {}
    for spec in config.topics:
        name = fold(spec.name)
        alias[name] = name
        for a in spec.aliases:
            alias.setdefault(fold(a), name)
    declared = set(alias)
    topic: list[str | None] = []
    for rec in records:
        if rec.topic and rec.topic.strip():
            folded = fold(rec.topic.strip())
            topic.append(alias.get(folded, folded))
        elif rec.is_memory and rec.key:
            topic.append(fold(rec.key))
        else:
            tag = next((alias[fold(t)] for t in rec.tags if fold(t) in declared), None)
            topic.append(tag)
    # implicit topics: union-find over records without a topic
    parent = list(range(len(records)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    def union(a: int, b: int) -> None:
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[max(ra, rb)] = min(ra, rb)

    links: list[tuple[int, int]] = list(sup.edges)
    for pos, rec in enumerate(records):
        for link in rec.links:
            if (
                link.kind == "rejected-in-favour-of"
                and (other := resolve(pos, link.ref, "status")) is not None
            ):
                links.append((pos, other))
        for change in rec.changes:
            if (
                change.ref
                and change.status == "rejected"
                and (other := resolve(pos, change.ref, "changelog")) is not None
            ):
                links.append((pos, other))
    anchor: dict[int, str] = {}
    for x, y in links:
        tx, ty = topic[x], topic[y]
        if tx is None and ty is None:
            union(x, y)
        elif tx is None and ty is not None:
            anchor.setdefault(x, ty)
        elif ty is None and tx is not None:
            anchor.setdefault(y, tx)
    by_title: dict[str, int] = {}
    for pos, rec in enumerate(records):
        if topic[pos] is None and rec.kind != "memory":
            key = normalised_title(rec.title)
            if key:
                if key in by_title:
                    union(pos, by_title[key])
                else:
                    by_title[key] = pos
    groups: dict[int, list[int]] = defaultdict(list)
    for pos in range(len(records)):
        if topic[pos] is None:
            groups[find(pos)].append(pos)
    for members in groups.values():
        anchored = sorted({anchor[m] for m in members if m in anchor}, key=u16)
        if anchored:
            name = anchored[0]
        else:
            latest = max(
                members, key=lambda m: (_bound_key(records[m].valid_from), _neg(records[m].id))
            )
            name = normalised_title(records[latest].title) or fold(records[latest].id)
        for m in members:
            topic[m] = name
    names = [t or "" for t in topic]
    for pos, rec in enumerate(records):
        alias.setdefault(rec.id, names[pos])
        alias.setdefault(fold(rec.id), names[pos])
    for n in names:
        alias.setdefault(n, n)
    return names, alias


def _neg(rid: str) -> tuple[int, ...]:
    """Sort key making the smaller id win a `max`."""
    return tuple(-b for b in u16(rid))


def _memory_versions(records: list[Record], facts: list[Facts]) -> list[Facts]:
    """Each memory version ends where the version that displaces it starts (`_memory`).

    An ended verified version reads `superseded` (in force until then); an
    ended unverified one stays proposed, so it no longer contests its successor.
    """
    facts = list(facts)
    for old, new in _memory.version_ends(records).items():
        start, f = records[new].created_at, facts[old]
        if start is not None and (f.valid_to is None or start.bound < f.valid_to.bound):
            status = "superseded" if f.status == "accepted" else f.status
            label = "superseded" if f.status == "accepted" else f.label
            facts[old] = evolve(
                f, valid_to=start, status=status, label=label, successors=(*f.successors, new)
            )
            facts[new] = evolve(facts[new], predecessors=(*facts[new].predecessors, old))
    return facts


def _fingerprint(
    records: Sequence[Record],
    sources: Sequence[Source],
    relations: Sequence[Relation],
    config: Config,
) -> str:
    """A content hash of records made in memory (loads hash the files they read)."""
    h = hashlib.sha256()
    h.update(config.text.encode())
    for item in sorted(repr(x) for x in (*records, *sources, *relations)):
        h.update(item.encode())
        h.update(b"\0")
    return h.hexdigest()
