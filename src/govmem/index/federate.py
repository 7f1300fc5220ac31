"""Federated logs: several corpora made one (SPEC v5 §2 "federated logs").

`federate` takes the local corpus and each configured log, each already
built on its own (its own `govmem.yaml`, discovery, git dates and refs), and
builds one corpus of them all, purely:

* a log's records, sources and relations get ids `name:id` and paths
  `name:path` (and so do the ids they name: a record's `sources` and its
  `evidence` quotes' `source_id`, a relation's `between` and resolution
  winner); its findings get `name:` before their path (and id); its
  `affects` patterns stay as written, relative to the log's root
  (`get_decision_context` compares them with `name:path` paths);
* its refs are written `name:ref`, so they resolve inside the log first
  (`RefIndex` resolves `name:ref` among the log's records alone); a ref it
  writes to a log of its own (`core:1`) is kept as written;
* every record keeps the scope its own corpus gave it, a log's `all` read as
  the log's `scope`; the log's scope tree is placed under that scope, and a
  scope both trees declare is one scope, where the local tree puts it;
* topics declared with one canonical name are one topic (the specs are
  merged, local aliases first); implicit topics are named per log by
  `assign_topics`, `name:` before a log's name that would clash;
* a log that could not be read is a `federated-log-unavailable` warning.

The fingerprint is the caller's (a hash of every log's own fingerprint).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from attrs import evolve, frozen

from govmem.model.records import (
    ROOT_SCOPE,
    Finding,
    LogSpec,
    Record,
    Relation,
    ScopeSpec,
    TopicSpec,
)
from govmem.model.text import fold

from .build import build_index
from .index import Index
from .refs import federated

IndexT = TypeVar("IndexT", bound=Index)


@frozen
class Part:
    """One corpus of the federation, built on its own, and its file-level findings.

    `findings` are the findings of reading its files (configuration, plan,
    unreadable files, parsing) — the between-record ones are found again
    over the whole federation.
    """

    index: Index
    findings: tuple[Finding, ...]


@frozen
class Unavailable:
    """A configured log that could not be read, and why."""

    log: LogSpec
    reason: str


def federate(
    cls: type[IndexT],
    local: Part,
    logs: Sequence[tuple[LogSpec, Part]],
    unavailable: Sequence[Unavailable] = (),
    *,
    fingerprint: str,
) -> IndexT:
    """One corpus of the local corpus and its logs (the module docstring says how)."""
    config = local.index.config
    records = [
        evolve(r, scope=f.scope)
        for r, f in zip(local.index.records, local.index.facts, strict=True)
    ]
    sources = list(local.index.sources)
    relations = list(local.index.relations)
    findings = list(local.findings)
    excluded = local.index.health.excluded_count
    folders = list(local.index.folders)
    unread = list(local.index.unread)
    scopes = list(config.scopes)
    declared = {s.name for s in scopes} | {ROOT_SCOPE}
    topics: dict[str, TopicSpec] = {fold(t.name): t for t in config.topics}
    for spec, part in logs:
        name = spec.name
        idx = part.index
        records += (
            _record(r, name, spec.scope if f.scope == ROOT_SCOPE else f.scope)
            for r, f in zip(idx.records, idx.facts, strict=True)
        )
        sources += (evolve(s, id=_id(name, s.id), path=_path(name, s.path)) for s in idx.sources)
        relations += (_relation(r, name) for r in idx.relations)
        findings += (_finding(f, name) for f in part.findings)
        excluded += idx.health.excluded_count
        folders += (f"{name}:{f}" for f in idx.folders)
        unread += (f"{name}:{p}" for p in idx.unread)
        if spec.scope not in declared:
            scopes.append(ScopeSpec(spec.scope, ROOT_SCOPE))
            declared.add(spec.scope)
        for s in idx.config.scopes:
            if s.name not in declared:
                parent = spec.scope if s.parent in (None, ROOT_SCOPE) else s.parent
                scopes.append(evolve(s, parent=parent))
                declared.add(s.name)
        for t in idx.config.topics:
            key = fold(t.name)
            had = topics.get(key)
            topics[key] = t if had is None else _merge_topics(had, t)
    for gone in unavailable:
        msg = f"Log {gone.log.name!r} ({gone.log.path}) cannot be read: {gone.reason}"
        findings.append(Finding("federated-log-unavailable", msg, None, None, "logs"))
    merged = evolve(
        config,
        scopes=tuple(scopes),
        topics=tuple(topics.values()),
        logs_read=tuple(spec.name for spec, _ in logs),
    )
    return build_index(
        cls,
        records,
        sources,
        relations,
        merged,
        findings,
        fingerprint=fingerprint,
        excluded_count=excluded,
        folder_scopes={},
        folders=tuple(folders),
        unread=tuple(unread),
    )


def _id(name: str, rid: str) -> str:
    return f"{name}:{rid}"


def _path(name: str, path: str | None) -> str | None:
    return None if path is None else f"{name}:{path}"


def _ref(name: str, ref: str) -> str:
    """A log's ref, to be resolved inside the log; a ref to a log of its own as written."""
    return ref if federated(ref) is not None else f"{name}:{ref.strip()}"


def _refs(name: str, refs: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(_ref(name, r) for r in refs)


def _record(rec: Record, name: str, scope: str) -> Record:
    return evolve(
        rec,
        id=_id(name, rec.id),
        path=_path(name, rec.path),
        scope=scope,
        supersedes=_refs(name, rec.supersedes),
        superseded_by=_refs(name, rec.superseded_by),
        relates_to=_refs(name, rec.relates_to),
        conflicts_with=_refs(name, rec.conflicts_with),
        links=tuple(evolve(link, ref=_ref(name, link.ref)) for link in rec.links),
        ref_texts=tuple((_ref(name, r), text) for r, text in rec.ref_texts),
        changes=tuple(evolve(c, ref=_ref(name, c.ref)) if c.ref else c for c in rec.changes),
        sources=tuple(_id(name, s) for s in rec.sources),
        evidence=tuple(evolve(q, source_id=_id(name, q.source_id)) for q in rec.evidence),
    )


def _relation(rel: Relation, name: str) -> Relation:
    a, b = rel.between
    won = rel.resolution
    if won is not None and won.winner is not None:
        won = evolve(won, winner=_id(name, won.winner))
    return evolve(
        rel,
        id=_id(name, rel.id),
        between=(_id(name, a), _id(name, b)),
        path=_path(name, rel.path),
        resolution=won,
    )


def _finding(f: Finding, name: str) -> Finding:
    return evolve(
        f,
        path=f"{name}:{f.path}" if f.path else f"{name}:",
        id=_id(name, f.id) if f.id else None,
    )


def _merge_topics(a: TopicSpec, b: TopicSpec) -> TopicSpec:
    """One topic declared in two configurations: `a`'s spellings first."""
    values: dict[str, tuple[str, ...]] = dict(a.values)
    for canon, spellings in b.values:
        values[canon] = tuple(dict.fromkeys((*values.get(canon, ()), *spellings)))
    return evolve(
        a,
        aliases=tuple(dict.fromkeys((*a.aliases, *b.aliases))),
        values=tuple(values.items()),
    )
