"""`get_decision` (SPEC §6): one decision by id or ref, with typed frontmatter and body.

An exact id first, then a `log:id` ref (never resolved:
`federated-log-unavailable`), then the ref forms of SPEC §2 (a number, a
file name, a link). One record is `found` (its frontmatter typed as
`frontmatter` explains), none `not-found`, several `ambiguous-local-id`
with the candidates paginated. A cursor given to an outcome without
candidates is checked and refused (`cursor-not-applicable`).
"""

from __future__ import annotations

from types import MappingProxyType

from govmem.engine.cursor import InvalidCursor, candidates_shape, check_not_applicable, paginate
from govmem.index.index import Index
from govmem.index.refs import unheld

from .base import corpus_findings, findings_page, only_visible, summary
from .frontmatter import typed_frontmatter
from .results import (
    Ambiguous,
    Decision,
    DecisionOutcome,
    FederatedUnavailable,
    Found,
    NotFound,
)


def get_decision(
    index: Index,
    ref: str,
    cursor: str | None = None,
    limit: int = 20,
    findings_cursor: str | None = None,
    findings_limit: int = 20,
) -> DecisionOutcome | InvalidCursor:
    """The record `ref` names, the candidates it could name, or why it names none."""
    fp = index.health.fingerprint
    shape = candidates_shape(ref, limit)
    hits = only_visible(index, index.by_id(ref))
    fed = None if hits else unheld(ref, index.config.logs_read)
    if not hits and fed is None:
        hits = only_visible(index, index.resolve(ref))
    candidates = None
    if len(hits) > 1:
        page = paginate(
            [summary(index, h) for h in hits],
            cursor,
            channel="get_decision.candidates",
            fingerprint=fp,
            shape=shape,
            limit=limit,
        )
        if isinstance(page, InvalidCursor):
            return page
        candidates = page
    else:
        bad = check_not_applicable(
            cursor, channel="get_decision.candidates", fingerprint=fp, shape=shape
        )
        if bad is not None:
            return bad
    findings = findings_page(
        index, "get_decision.findings", corpus_findings(index), findings_cursor, findings_limit
    )
    if isinstance(findings, InvalidCursor):
        return findings
    if candidates is not None:
        return Ambiguous(ref, candidates.items, candidates.cursor, findings)
    if fed is not None:
        return FederatedUnavailable(ref, fed.log, fed.id, findings)
    if not hits:
        return NotFound(ref, findings)
    rec, top = index.records[hits[0]], summary(index, hits[0])
    decision = Decision(
        ref,
        top.id,
        top.title,
        top.status,
        top.source_path,
        MappingProxyType(typed_frontmatter(rec)),
        rec.body,
    )
    return Found(decision, findings)
