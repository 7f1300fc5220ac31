"""`list_superseded` (SPEC §6): every superseded record and its direct successor's state.

Listed: every decision or claim of class superseded — written, or derived by
SPEC §4 from a successor in force — and every deprecated record that names
or has a successor, in (id, path) order. Each gets its **direct** successor,
one hop, found from either direction (its own `supersededBy`, or another
record's `supersedes`):

* resolved successors exist → `{resolved: true, target}` with the target's
  live status; several → the earliest by (valid_from, id), and a `warn`
  `superseded-target-multiple`;
* else its first written `supersededBy` ref that is not a link (a ref naming
  one record is a link like any `supersedes`, and one a cycle ignored names
  no successor, whichever side wrote it): a `log:id` ref →
  `federated-unavailable` (`info` `superseded-target-federated-unavailable`);
  a ref naming no record → `dangling`; several → `ambiguous` with
  `candidateCount` (`warn` `superseded-target-ambiguous`);
* a record naming no successor at all → govmem's fifth state
  `{resolved: false, targetRef: null, reason: "unknown"}`.

`targetRef` is the ref as written; a link or file name shows its target's
file stem. The entries and derived findings are computed once per corpus.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Final

from govmem.engine.cursor import InvalidCursor, limit_shape, paginate
from govmem.index.index import Index
from govmem.index.memo import Key
from govmem.index.refs import federated, link_target, stem_of
from govmem.model.records import Finding
from govmem.model.text import u16

from .base import (
    Result,
    as_int,
    as_text,
    findings_page,
    only_visible,
    summary,
    validated,
    visible,
    with_derived,
)
from .wire import WireFinding, wire_finding

_MIN_DATE: Final = datetime.min.replace(tzinfo=UTC)
ENTRIES: Final = Key[tuple[tuple[Result, ...], tuple[WireFinding, ...]]]("tools:superseded")
ENTRY_FINDINGS: Final = Key[tuple[WireFinding, ...]]("tools:superseded-findings")


def list_superseded(
    corpus: Index,
    cursor: str | None = None,
    limit: int = 20,
    findings_cursor: str | None = None,
    findings_limit: int = 20,
) -> Result:
    """Every superseded record, and every deprecated one with a successor (SPEC §6).

    Returns:
        `{outcome: "entries", items: [{id, title, status, sourcePath,
        supersededBy}], cursor, findings}` or `invalid-cursor`.

    Raises:
        InputError: arguments outside SPEC §6's limits.
    """
    args = validated(
        "list_superseded",
        cursor=cursor,
        limit=limit,
        findings_cursor=findings_cursor,
        findings_limit=findings_limit,
    )
    return run_superseded(corpus, args)


def target_ref(ref: str) -> str:
    """A successor ref as written; a link or file name gives its target's file stem."""
    text = ref.strip()
    if federated(text) is not None:
        return text
    target = link_target(text)
    if "/" in target or target.lower().endswith((".md", ".markdown", ".yaml", ".yml")):
        return stem_of(target)
    return target


def _successor_key(corpus: Index, pos: int) -> tuple[datetime, bytes, bytes]:
    vf = corpus.facts[pos].valid_from
    rec = corpus.records[pos]
    return (vf.bound if vf is not None else _MIN_DATE, u16(rec.id), u16(rec.path or ""))


def _unlinked_ref(corpus: Index, pos: int) -> str | None:
    """The first written `supersededBy` ref that is not a supersession link, if any.

    A ref naming exactly one decision or claim is a link like any `supersedes`
    (SPEC §4); when it is not among the record's successors a cycle ignored
    it, whichever side wrote it. The rest are federated, dangling or ambiguous.
    """
    rec = corpus.records[pos]
    for ref in rec.superseded_by:
        hits = corpus.resolve(ref, rec.path)
        if federated(ref) is not None or len(hits) != 1 or not only_visible(corpus, hits):
            return ref
    return None


def _state(corpus: Index, pos: int) -> tuple[Result, WireFinding | None]:
    """The `supersededBy` state of one listed record, and its derived finding."""
    rec = corpus.records[pos]
    succ = sorted(
        only_visible(corpus, corpus.facts[pos].written_successors),
        key=lambda s: _successor_key(corpus, s),
    )
    if succ:
        state: Result = {"resolved": True, "target": summary(corpus, succ[0])}
        if len(succ) == 1:
            return state, None
        names = ", ".join(corpus.records[s].id for s in succ)
        msg = (
            f"{rec.id!r} has {len(succ)} successors ({names}); "
            f"list_superseded names the earliest, {corpus.records[succ[0]].id!r}."
        )
        finding = Finding("superseded-target-multiple", msg, rec.path, rec.id, "supersededBy")
        return state, wire_finding(finding)
    written = _unlinked_ref(corpus, pos)
    if written is None:
        return {"resolved": False, "targetRef": None, "reason": "unknown"}, None
    shown = target_ref(written)
    if (fed := federated(written)) is not None:
        msg = (
            f'supersededBy target "{shown}" is a log-qualified ref; '
            "named-log federation is not available in this phase"
        )
        finding = Finding("superseded-target-federated-unavailable", msg, None, rec.id)
        fed_state = {
            "resolved": False,
            "targetRef": shown,
            "reason": "federated-unavailable",
            "log": fed.log,
            "id": fed.id,
        }
        return fed_state, wire_finding(finding)
    hits = only_visible(corpus, corpus.resolve(written, rec.path))
    if len(hits) == 1:
        return {"resolved": True, "target": summary(corpus, hits[0])}, None
    if not hits:
        return {"resolved": False, "targetRef": shown, "reason": "dangling"}, None
    msg = (
        f'supersededBy target "{shown}" resolves to {len(hits)} local records; '
        f'see get_decision("{shown}") for the full candidate list'
    )
    finding = Finding("superseded-target-ambiguous", msg, None, rec.id)
    state = {
        "resolved": False,
        "targetRef": shown,
        "reason": "ambiguous",
        "candidateCount": len(hits),
    }
    return state, wire_finding(finding)


def superseded_entries(corpus: Index) -> tuple[tuple[Result, ...], tuple[WireFinding, ...]]:
    """Every `list_superseded` entry in (id, path) order, and the derived findings."""

    def build() -> tuple[tuple[Result, ...], tuple[WireFinding, ...]]:
        items: list[Result] = []
        derived: list[WireFinding] = []
        for pos in visible(corpus):
            facts = corpus.facts[pos]
            if facts.status != "superseded" and not (
                facts.status == "deprecated"
                and (facts.written_successors or _unlinked_ref(corpus, pos) is not None)
            ):
                continue
            state, finding = _state(corpus, pos)
            items.append({**summary(corpus, pos), "supersededBy": state})
            if finding is not None:
                derived.append(finding)
        return tuple(items), tuple(derived)

    return corpus.memo.get(ENTRIES, build)


def run_superseded(corpus: Index, a: Mapping[str, object]) -> Result:
    limit = as_int(a["limit"])
    items, derived = superseded_entries(corpus)
    page = paginate(
        items,
        as_text(a["cursor"]),
        channel="superseded.results",
        fingerprint=corpus.health.fingerprint,
        shape=limit_shape(limit),
        limit=limit,
    )
    if isinstance(page, InvalidCursor):
        return page.to_wire()
    findings_limit = as_int(a["findings_limit"])
    findings = findings_page(
        corpus,
        "superseded.findings",
        with_derived(corpus, ENTRY_FINDINGS, derived),
        a["findings_cursor"],
        findings_limit,
        limit_shape(findings_limit),
    )
    if isinstance(findings, InvalidCursor):
        return findings.to_wire()
    return {
        "outcome": "entries",
        "items": list(page.items),
        "cursor": page.cursor,
        "findings": findings,
    }
