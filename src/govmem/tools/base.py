"""Shared pieces of the adrkit tools (`search`, `get`, `context`, `superseded`).

What every tool needs besides its own rule: the records the tools see
(decisions and claims, never memories), the `DecisionSummary` of a record,
and the findings channel — the corpus's findings as `ToolFinding`s in
adrkit's order, with a tool's derived findings merged in once per corpus,
paginated on its own channel. Arguments reach the tools checked
(`govmem.engine.operations`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from govmem.engine.cursor import InvalidCursor, JSONValue, limit_shape, paginate
from govmem.index.index import Index
from govmem.index.memo import Key
from govmem.model.records import Finding
from govmem.model.status import LABELS

from .results import FindingsPage, Summary, ToolFinding

TOOLS: Final = ("get_decision", "get_decision_context", "list_superseded", "search_decisions")
SPELLINGS: Final = frozenset(LABELS)
"""Status filter values that match only records written so."""

VISIBLE: Final = Key[tuple[int, ...]]("tools:visible")
FINDINGS: Final = Key[tuple[ToolFinding, ...]]("tools:findings")


def visible(index: Index) -> tuple[int, ...]:
    """Positions of decisions and claims, in record order."""
    return index.memo.get(
        VISIBLE, lambda: tuple(i for i in range(len(index.records)) if not index.is_memory(i))
    )


def only_visible(index: Index, hits: Sequence[int]) -> tuple[int, ...]:
    """The decisions and claims among `hits`."""
    return tuple(h for h in hits if not index.is_memory(h))


def summary(index: Index, pos: int) -> Summary:
    """`DecisionSummary`: `{id, title, status, sourcePath}`."""
    rec = index.records[pos]
    return Summary(rec.id, rec.title, index.facts[pos].label, rec.path or "")


def tool_finding(finding: Finding, pattern: str | None = None) -> ToolFinding:
    """A corpus finding as the tools show it (`code` is `rule`)."""
    return ToolFinding(
        finding.code,
        finding.severity,
        finding.message,
        finding.path,
        finding.id,
        finding.field,
        pattern,
    )


def sort_tool_findings(items: Iterable[ToolFinding]) -> tuple[ToolFinding, ...]:
    """Findings in adrkit's order, exact duplicates removed."""
    return tuple(sorted(dict.fromkeys(items), key=ToolFinding.sort_key))


def corpus_findings(index: Index) -> tuple[ToolFinding, ...]:
    """The corpus's own findings, in adrkit's order (built once)."""
    return index.memo.get(
        FINDINGS, lambda: sort_tool_findings(tool_finding(f) for f in index.findings)
    )


def with_derived(
    index: Index, key: Key[tuple[ToolFinding, ...]], derived: Sequence[ToolFinding]
) -> tuple[ToolFinding, ...]:
    """The corpus findings and a tool's derived ones, in adrkit's order (built once)."""
    return index.memo.get(key, lambda: sort_tool_findings([*corpus_findings(index), *derived]))


def findings_page(
    index: Index,
    channel: str,
    items: Sequence[ToolFinding],
    cursor: str | None,
    limit: int,
    shape: Sequence[JSONValue] | None = None,
) -> FindingsPage | InvalidCursor:
    """The findings page of one tool's findings channel (`shape`: of the limit, by default)."""
    page = paginate(
        items,
        cursor,
        channel=channel,
        fingerprint=index.health.fingerprint,
        shape=limit_shape(limit) if shape is None else shape,
        limit=limit,
    )
    if isinstance(page, InvalidCursor):
        return page
    return FindingsPage(page.items, page.cursor)
