"""`get_decision_context` (SPEC §6): the decisions whose `affects` match repo-relative paths.

Each record's `affects` matchers are compared with the paths (never opened;
`affects`, adrkit's picomatch semantics) through an index compiled once per
corpus. One flat list of the records hit, in record order, is paginated;
each page is then split into `governing` (accepted class),
`active_proposals` (proposed class) and `history` (the rest). Relations are
the refs as written, never followed. The findings are the corpus's own and
the `affects` issues (bad patterns, inert matcher types).

In a federated corpus (SPEC v5 §2) a log's `affects` patterns are relative
to the log's root: a path `platform:src/db.py` is compared, as `src/db.py`,
with the records of the log `platform` alone, and a path without a held
log's `name:` with the local records alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from govmem.engine.cursor import InvalidCursor, context_shape, paginate
from govmem.index.index import Index
from govmem.index.memo import Key
from govmem.index.refs import log_of

from .affects import AffectsIndex, RecordMatch, compile_affects
from .base import findings_page, summary, tool_finding, visible, with_derived
from .results import ContextEntry, ContextMatches, Fired, Relations, ToolFinding

AFFECTS_INDEX: Final = Key[AffectsIndex[int]]("tools:affects-index")
AFFECTS_FINDINGS: Final = Key[tuple[ToolFinding, ...]]("tools:affects-findings")
CONTEXT_FINDINGS: Final = Key[tuple[ToolFinding, ...]]("tools:context-findings")


def affects_index(index: Index) -> AffectsIndex[int]:
    """Every visible record's `affects` matchers, compiled once per index."""
    return index.memo.get(
        AFFECTS_INDEX,
        lambda: compile_affects(
            (pos, index.records[pos].affects)
            for pos in visible(index)
            if index.records[pos].affects
        ),
    )


AFFECTS_BY_LOG: Final = Key[dict[str | None, AffectsIndex[int]]]("tools:affects-by-log")


def _affects_by_log(index: Index) -> dict[str | None, AffectsIndex[int]]:
    """Per log (None: the local corpus), its visible records' `affects` matchers, compiled."""

    def build() -> dict[str | None, AffectsIndex[int]]:
        logs = index.config.logs_read
        groups: dict[str | None, list[int]] = {}
        for pos in visible(index):
            if index.records[pos].affects:
                groups.setdefault(log_of(index.records[pos].id, logs), []).append(pos)
        return {
            log: compile_affects((pos, index.records[pos].affects) for pos in members)
            for log, members in groups.items()
        }

    return index.memo.get(AFFECTS_BY_LOG, build)


def _matches(index: Index, files: tuple[str, ...]) -> tuple[RecordMatch[int], ...]:
    """The records `files` touch, in record order; a `name:path` is the log's own path."""
    logs = index.config.logs_read
    if not logs:
        return affects_index(index).match(files).matches
    routed: dict[str | None, list[str]] = {}
    for f in files:
        log = log_of(f.strip(), logs)
        routed.setdefault(log, []).append(f.strip()[len(log) + 1 :] if log else f)
    by_log = _affects_by_log(index)
    found = [
        m
        for log, paths in routed.items()
        if log in by_log
        for m in by_log[log].match(paths).matches
    ]
    return tuple(sorted(found, key=lambda m: m.key))


def _affects_findings(index: Index) -> tuple[ToolFinding, ...]:
    def build() -> tuple[ToolFinding, ...]:
        out: list[ToolFinding] = []
        for issue in affects_index(index).issues:
            rec = index.records[issue.key]
            out.append(tool_finding(issue.to_finding(id=rec.id, path=rec.path), issue.pattern))
        return tuple(out)

    return index.memo.get(AFFECTS_FINDINGS, build)


def _entry(index: Index, pos: int, fired: Sequence[Fired]) -> ContextEntry:
    rec, top = index.records[pos], summary(index, pos)
    relations = Relations(
        rec.supersedes,
        rec.superseded_by[0] if rec.superseded_by else None,
        rec.relates_to,
        rec.conflicts_with,
    )
    return ContextEntry(top.id, top.title, top.status, top.source_path, tuple(fired), relations)


def get_decision_context(
    index: Index,
    files: tuple[str, ...],
    cursor: str | None = None,
    limit: int = 20,
    findings_cursor: str | None = None,
    findings_limit: int = 20,
) -> ContextMatches | InvalidCursor:
    """A page of the records the paths touch, by class, and a page of findings."""
    page = paginate(
        _matches(index, files),
        cursor,
        channel="context.results",
        fingerprint=index.health.fingerprint,
        shape=context_shape(files, limit),
        limit=limit,
    )
    if isinstance(page, InvalidCursor):
        return page
    buckets: dict[str, list[ContextEntry]] = {"accepted": [], "proposed": [], "": []}
    for match in page.items:
        status = index.facts[match.key].status
        fired = [Fired(m.type, m.pattern) for m in match.fired]
        buckets[status if status in buckets else ""].append(_entry(index, match.key, fired))
    findings = findings_page(
        index,
        "context.findings",
        with_derived(index, CONTEXT_FINDINGS, _affects_findings(index)),
        findings_cursor,
        findings_limit,
        context_shape(files, findings_limit),
    )
    if isinstance(findings, InvalidCursor):
        return findings
    return ContextMatches(
        tuple(buckets["accepted"]),
        tuple(buckets["proposed"]),
        tuple(buckets[""]),
        page.cursor,
        findings,
    )
