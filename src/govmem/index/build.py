"""`build_index`: records, sources and relations in, an `Index` out (SPEC §2–§4).

It sorts the records (by id, path and index in UTF-16 code units), resolves
every ref (reporting `dangling-ref` and `ambiguous-ref`), runs the
derivations of `derive` (scopes, supersession, start and end dates, topics,
memory versions), and builds the lookups. Every between-record finding is
reported here, so a corpus made in memory reports the same ones a load does.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from types import MappingProxyType
from typing import TypeVar

from attrs import evolve

from govmem.model.records import Config, Finding, Record, Relation, Source, sort_findings
from govmem.model.text import u16

from .derive import (
    assign_topics,
    derive_facts,
    duplicate_findings,
    find_supersession,
    memory_versions,
    record_scope,
    records_fingerprint,
    start_dates,
)
from .index import Health, Index, near
from .refs import RefIndex, federated, log_of
from .scopes import ScopeTree
from .settle import settle_ref

IndexT = TypeVar("IndexT", bound=Index)


def build_index(
    cls: type[IndexT],
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
    unread: tuple[str, ...] = (),
) -> IndexT:
    """Derive every between-record fact and index the records: an `Index` of type `cls`."""
    records = sorted(records, key=Record.sort_key)
    sources = sorted(sources, key=lambda s: (u16(s.id), u16(s.path or "")))
    relations = sorted(relations, key=lambda r: (u16(r.id), u16(r.path or "")))
    tree = ScopeTree(config.scopes)
    refs = RefIndex(((i, r.id, r.path) for i, r in enumerate(records)), config.logs_read)
    configured = {log.name for log in config.logs} | set(config.logs_read)
    out = list(findings)
    out += duplicate_findings(records, sources, relations)

    settled: dict[tuple[str, str | None], tuple[int, ...]] = {}

    def res(pos: int, ref: str, fld: str) -> int | None:
        """Resolve one ref of record `pos`; report dangling, ambiguous and settled refs."""
        rec = records[pos]
        if log_of(ref.strip(), config.logs_read) is None and (fed := federated(ref)) is not None:
            if fed.log not in configured:
                msg = f"{fld} ref {ref!r} names log {fed.log!r}, which govmem.yaml `logs:` does not configure."
                out.append(Finding("unknown-log", msg, rec.path, rec.id, fld))
            return None
        found, how = refs.resolve_how(ref, rec.path)
        hits = near(records, found, rec.path)
        hits, why = settle_ref(refs, records, pos, ref, hits, how)
        key = (ref.strip(), rec.path)
        if (why is not None or hits != found) and key not in settled:
            settled[key] = hits
            if why is not None:
                out.append(Finding("ref-resolved-by-number", why, rec.path, rec.id, fld))
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
    facts = derive_facts(records, scope_of, valid_from, sup, out, config.logs_read)
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
    topic_of, topic_alias = assign_topics(records, config, sup, res, out, partial_links)
    refs.settle(settled)
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
    return cls(
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
        minds=MappingProxyType({p: r.mind for p, r in enumerate(records) if r.is_memory}),
        folders=folders,
        unread=unread,
    )
