"""`list_superseded` (SPEC §6): every superseded record and its direct successor's state.

Listed: every decision or claim of class superseded — written, or derived by
SPEC §4 from a successor in force — and every deprecated record that names
or has a successor, in (id, path) order. Each gets its **direct** successor,
one hop, found from either direction (its own `superseded_by`, or another
record's `supersedes`):

* resolved successors exist → `Resolved(target)` with the target's
  live status; several → the earliest by (valid_from, id), and a `warn`
  `superseded-target-multiple`;
* else its first written `superseded_by` ref that is not a link (a ref naming
  one record is a link like any `supersedes`, and one a cycle ignored names
  no successor, whichever side wrote it): a `log:id` ref →
  `federated-unavailable` (`info` `superseded-target-federated-unavailable`);
  a ref naming no record → `dangling`; several → `ambiguous` with
  `candidate_count` (`warn` `superseded-target-ambiguous`);
* a record naming no successor at all → govmem's fifth state
  `Unresolved(target_ref=None, reason="unknown")`.

`target_ref` is the ref as written; a link or file name shows its target's
file stem. The entries and derived findings are computed once per corpus.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Final

from govmem.engine.cursor import InvalidCursor, limit_shape, paginate
from govmem.index.index import Index
from govmem.index.memo import Key
from govmem.index.refs import federated, link_target, stem_of, unheld
from govmem.model.records import Finding
from govmem.model.text import u16

from .base import findings_page, only_visible, summary, tool_finding, visible, with_derived
from .results import (
    Resolved,
    SupersededEntries,
    SupersededEntry,
    ToolFinding,
    Unresolved,
)

_MIN_DATE: Final = datetime.min.replace(tzinfo=UTC)
ENTRIES: Final = Key[tuple[tuple[SupersededEntry, ...], tuple[ToolFinding, ...]]](
    "tools:superseded"
)
ENTRY_FINDINGS: Final = Key[tuple[ToolFinding, ...]]("tools:superseded-findings")


def target_ref(ref: str) -> str:
    """A successor ref as written; a link or file name gives its target's file stem."""
    text = ref.strip()
    if federated(text) is not None:
        return text
    target = link_target(text)
    if "/" in target or target.lower().endswith((".md", ".markdown", ".yaml", ".yml")):
        return stem_of(target)
    return target


def _successor_key(index: Index, pos: int) -> tuple[datetime, bytes, bytes]:
    vf = index.facts[pos].valid_from
    rec = index.records[pos]
    return (vf.bound if vf is not None else _MIN_DATE, u16(rec.id), u16(rec.path or ""))


def _unlinked_ref(index: Index, pos: int) -> str | None:
    """The first written `supersededBy` ref that is not a supersession link, if any.

    A ref naming exactly one decision or claim is a link like any `supersedes`
    (SPEC §4); when it is not among the record's successors a cycle ignored
    it, whichever side wrote it. The rest are federated, dangling or ambiguous.
    """
    rec = index.records[pos]
    for ref in rec.superseded_by:
        hits = index.resolve(ref, rec.path)
        if (
            unheld(ref, index.config.logs_read) is not None
            or len(hits) != 1
            or not only_visible(index, hits)
        ):
            return ref
    return None


def _state(index: Index, pos: int) -> tuple[Resolved | Unresolved, ToolFinding | None]:
    """The successor state of one listed record, and its derived finding."""
    rec = index.records[pos]
    succ = sorted(
        only_visible(index, index.facts[pos].written_successors),
        key=lambda s: _successor_key(index, s),
    )
    if succ:
        if len(succ) == 1:
            return Resolved(summary(index, succ[0])), None
        names = ", ".join(index.records[s].id for s in succ)
        msg = (
            f"{rec.id!r} has {len(succ)} successors ({names}); "
            f"list_superseded names the earliest, {index.records[succ[0]].id!r}."
        )
        finding = Finding("superseded-target-multiple", msg, rec.path, rec.id, "supersededBy")
        return Resolved(summary(index, succ[0])), tool_finding(finding)
    written = _unlinked_ref(index, pos)
    if written is None:
        return Unresolved(None, "unknown"), None
    shown = target_ref(written)
    if (fed := unheld(written, index.config.logs_read)) is not None:
        msg = (
            f'supersededBy target "{shown}" is a log-qualified ref; '
            "named-log federation is not available in this phase"
        )
        finding = Finding("superseded-target-federated-unavailable", msg, None, rec.id)
        state = Unresolved(shown, "federated-unavailable", log=fed.log, id=fed.id)
        return state, tool_finding(finding)
    hits = only_visible(index, index.resolve(written, rec.path))
    if len(hits) == 1:
        return Resolved(summary(index, hits[0])), None
    if not hits:
        return Unresolved(shown, "dangling"), None
    msg = (
        f'supersededBy target "{shown}" resolves to {len(hits)} local records; '
        f'see get_decision("{shown}") for the full candidate list'
    )
    finding = Finding("superseded-target-ambiguous", msg, None, rec.id)
    return Unresolved(shown, "ambiguous", candidate_count=len(hits)), tool_finding(finding)


def superseded_entries(
    index: Index,
) -> tuple[tuple[SupersededEntry, ...], tuple[ToolFinding, ...]]:
    """Every `list_superseded` entry in (id, path) order, and the derived findings."""

    def build() -> tuple[tuple[SupersededEntry, ...], tuple[ToolFinding, ...]]:
        items: list[SupersededEntry] = []
        derived: list[ToolFinding] = []
        for pos in visible(index):
            facts = index.facts[pos]
            if facts.status != "superseded" and not (
                facts.status == "deprecated"
                and (facts.written_successors or _unlinked_ref(index, pos) is not None)
            ):
                continue
            state, finding = _state(index, pos)
            top = summary(index, pos)
            items.append(SupersededEntry(top.id, top.title, top.status, top.source_path, state))
            if finding is not None:
                derived.append(finding)
        return tuple(items), tuple(derived)

    return index.memo.get(ENTRIES, build)


def list_superseded(
    index: Index,
    cursor: str | None = None,
    limit: int = 20,
    findings_cursor: str | None = None,
    findings_limit: int = 20,
) -> SupersededEntries | InvalidCursor:
    """A page of the superseded records and their successors, and a page of findings."""
    items, derived = superseded_entries(index)
    page = paginate(
        items,
        cursor,
        channel="superseded.results",
        fingerprint=index.health.fingerprint,
        shape=limit_shape(limit),
        limit=limit,
    )
    if isinstance(page, InvalidCursor):
        return page
    findings = findings_page(
        index,
        "superseded.findings",
        with_derived(index, ENTRY_FINDINGS, derived),
        findings_cursor,
        findings_limit,
    )
    if isinstance(findings, InvalidCursor):
        return findings
    return SupersededEntries(page.items, page.cursor, findings)
