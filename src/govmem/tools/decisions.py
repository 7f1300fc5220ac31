"""The four adrkit tools of seed 002 as pure operations on a `Corpus` (SPEC §6).

    search_decisions(query, status, tags, scope)  -> results
    get_decision(ref)                             -> found | not-found
                                                     | ambiguous-local-id
                                                     | federated-log-unavailable
    get_decision_context(files)                   -> matches
    list_superseded()                             -> entries

each also `invalid-cursor`, and each with a separate, paginated findings
channel. Every result is a JSON-safe dict in adrkit 0.8.0's camelCase shape,
keyed on `outcome` — what the MCP adapter puts under `structuredContent.result`
and what `govmem <command> --json` prints.

**What the tools see.** Decisions and claims (a claim is proposed class);
memories have their own operations (SPEC §7) and are invisible here. A
record's `status` on the wire is its effective class in lower case, or
`approved` / `draft` when so written (`Facts.label`).

**How each answers.**

* `search_decisions`: the needle is the query trimmed, NFKC-normalised and
  lowercased (adrkit's normalisation, applied to each field too); a record
  matches when the needle is a literal substring of its body, id, one of its
  tags or its title, and `matchedFields` lists which, in adrkit's order
  `body, id, tag, title`. Filters AND together: `status` any-of, where a
  class name matches the whole class and `approved` / `draft` only records so
  written; `scope` any-of, a govmem scope matching itself and its
  descendants; `tags` all-of, exact. No ranking: (id, path) order.
* `get_decision`: an exact id first, then a `log:id` ref (never resolved:
  `federated-log-unavailable`), then the ref forms of SPEC §2 (number, file
  name, link). One record is `found` (typed frontmatter and body, see
  `_tools_wire`), none `not-found`, several `ambiguous-local-id` with the
  candidates paginated.
* `get_decision_context`: each record's `affects` matchers against the paths
  (compared, never opened; `_affects`, adrkit's picomatch semantics), through
  an index compiled once per corpus. One flat list of the records hit, in
  record order, is paginated; each page is then split into `governing`
  (accepted class), `activeProposals` (proposed class) and `history` (the
  rest). Relations are the refs as written, never followed.
* `list_superseded`: every record of class superseded (written, or derived by
  SPEC §4 from a successor in force) and every deprecated record with a
  successor, with its direct successor from either direction (one hop):
  `{resolved: true, target}`, or unresolved `dangling`, `ambiguous` (with
  `candidateCount`), `federated-unavailable`, and govmem's fifth state
  `{resolved: false, targetRef: null, reason: "unknown"}` for a record that
  names no successor. Several successors: the earliest by (valid_from, id),
  with a `warn` `superseded-target-multiple`.

**Pagination** (`_cursor`): the primary channel is checked before the
findings channel; the first bad cursor is the answer. Findings are the
corpus's own plus, for `get_decision_context`, the `affects` issues and, for
`list_superseded`, the supersession-target findings.

Arguments are validated (`_validate`, SPEC §6 limits) before the corpus is
touched; a bad one raises `InputError`. Nothing else raises.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Final, TypeAlias

from govmem.engine.cursor import (
    InvalidCursor,
    candidates_shape,
    check_not_applicable,
    context_shape,
    limit_shape,
    paginate,
    search_shape,
)
from govmem.engine.validate import validate_args
from govmem.index.index import Index
from govmem.index.memo import Key
from govmem.index.refs import federated
from govmem.model.text import norm_search

from .affects import AffectsIndex, compile_affects
from .base import (
    SPELLINGS,
    TOOLS,
    Result,
    as_int,
    as_strs,
    as_text,
    corpus_findings,
    findings_page,
    only_visible,
    summary,
    validated,
    visible,
    with_derived,
)
from .superseded import list_superseded, run_superseded, superseded_entries, target_ref
from .wire import WireFinding, typed_frontmatter, wire_finding

__all__ = [
    "SPELLINGS",
    "TOOLS",
    "Result",
    "affects_index",
    "get_decision",
    "get_decision_context",
    "list_superseded",
    "run_tool",
    "search_decisions",
    "superseded_entries",
    "target_ref",
]


def run_tool(corpus: Index, tool: str, arguments: object) -> Result:
    """Run one of the four tools on a wire arguments object (adrkit's camelCase names).

    Raises:
        InputError: an unknown tool, or arguments that break its contract.
    """
    args = validate_args(tool, arguments)
    return _RUN[tool](corpus, args)


# --- search_decisions -----------------------------------------------------------------


def search_decisions(
    corpus: Index,
    query: str,
    status: Sequence[str] | None = None,
    tags: Sequence[str] | None = None,
    scope: Sequence[str] | None = None,
    cursor: str | None = None,
    limit: int = 20,
    findings_cursor: str | None = None,
    findings_limit: int = 20,
) -> Result:
    """Normalised literal substring search over id, title, tags and body (SPEC §6).

    Returns:
        `{outcome: "results", items: [{id, title, status, sourcePath,
        matchedFields}], cursor, findings}` or `{outcome: "invalid-cursor",
        reason, message}`.

    Raises:
        InputError: arguments outside SPEC §6's limits.
    """
    args = validated(
        "search_decisions",
        query=query,
        status=status,
        tags=tags,
        scope=scope,
        cursor=cursor,
        limit=limit,
        findings_cursor=findings_cursor,
        findings_limit=findings_limit,
    )
    return _search(corpus, args)


_Fields: TypeAlias = tuple[int, str, str, tuple[str, ...], str]
SEARCH_FIELDS: Final = Key[tuple[_Fields, ...]]("tools:search-fields")
AFFECTS_INDEX: Final = Key[AffectsIndex[int]]("tools:affects-index")
AFFECTS_FINDINGS: Final = Key[tuple[WireFinding, ...]]("tools:affects-findings")
CONTEXT_FINDINGS: Final = Key[tuple[WireFinding, ...]]("tools:context-findings")


def _search_fields(corpus: Index) -> tuple[_Fields, ...]:
    """Per visible record: (position, body, id, tags, title), each normalised."""

    def build() -> tuple[_Fields, ...]:
        out: list[_Fields] = []
        for pos in visible(corpus):
            rec = corpus.records[pos]
            body = rec.body or rec.content
            out.append(
                (
                    pos,
                    norm_search(body),
                    norm_search(rec.id),
                    tuple(norm_search(t) for t in rec.tags),
                    norm_search(rec.title),
                )
            )
        return tuple(out)

    return corpus.memo.get(SEARCH_FIELDS, build)


def _search(corpus: Index, a: Mapping[str, object]) -> Result:
    query, limit = str(a["query"]), as_int(a["limit"])
    status, tags, scope = as_strs(a["status"]), as_strs(a["tags"]), as_strs(a["scope"])
    needle = norm_search(query)
    classes = frozenset(s for s in status if s not in SPELLINGS)
    spelled = frozenset(s for s in status if s in SPELLINGS)
    scopes = tuple(dict.fromkeys(corpus.scopes.canonical(s) for s in scope))

    def hits() -> Iterator[tuple[int, list[str]]]:
        """Matching records in (id, path) order, found only as far as the page needs."""
        for pos, body, rid, tag_texts, title in _search_fields(corpus):
            facts, rec = corpus.facts[pos], corpus.records[pos]
            if status and not (facts.status in classes or facts.label in spelled):
                continue
            if scopes and not any(
                corpus.scopes.is_ancestor_or_self(s, facts.scope) for s in scopes
            ):
                continue
            if tags and not all(t in rec.tags for t in tags):
                continue
            matched = [
                name
                for name, hit in (
                    ("body", needle in body),
                    ("id", needle in rid),
                    ("tag", any(needle in t for t in tag_texts)),
                    ("title", needle in title),
                )
                if hit
            ]
            if matched:
                yield pos, matched

    fp = corpus.health.fingerprint
    page = paginate(
        hits(),
        as_text(a["cursor"]),
        channel="search.results",
        fingerprint=fp,
        shape=search_shape(query, status, tags, scope, limit),
        limit=limit,
    )
    if isinstance(page, InvalidCursor):
        return page.to_wire()
    findings_limit = as_int(a["findings_limit"])
    findings = findings_page(
        corpus,
        "search.findings",
        corpus_findings(corpus),
        a["findings_cursor"],
        findings_limit,
        limit_shape(findings_limit),
    )
    if isinstance(findings, InvalidCursor):
        return findings.to_wire()
    return {
        "outcome": "results",
        "items": [{**summary(corpus, pos), "matchedFields": m} for pos, m in page.items],
        "cursor": page.cursor,
        "findings": findings,
    }


# --- get_decision ---------------------------------------------------------------------


def get_decision(
    corpus: Index,
    ref: str,
    cursor: str | None = None,
    limit: int = 20,
    findings_cursor: str | None = None,
    findings_limit: int = 20,
) -> Result:
    """One decision by ref, with its typed frontmatter and body (SPEC §6).

    Returns:
        `found {decision: {requestedRef, id, title, status, sourcePath,
        frontmatter, body}}`, `not-found {requestedRef}`,
        `ambiguous-local-id {requestedRef, candidates, cursor}`,
        `federated-log-unavailable {requestedRef, log, id}` (each with
        `findings`), or `invalid-cursor`.

    Raises:
        InputError: arguments outside SPEC §6's limits.
    """
    args = validated(
        "get_decision",
        ref=ref,
        cursor=cursor,
        limit=limit,
        findings_cursor=findings_cursor,
        findings_limit=findings_limit,
    )
    return _get(corpus, args)


def _get(corpus: Index, a: Mapping[str, object]) -> Result:
    ref, limit = str(a["ref"]), as_int(a["limit"])
    fp, cursor = corpus.health.fingerprint, as_text(a["cursor"])
    shape = candidates_shape(ref, limit)
    hits = only_visible(corpus, corpus.by_id(ref))
    fed = None if hits else federated(ref)
    if not hits and fed is None:
        hits = only_visible(corpus, corpus.resolve(ref))
    body: Result
    if len(hits) > 1:
        page = paginate(
            [summary(corpus, h) for h in hits],
            cursor,
            channel="get_decision.candidates",
            fingerprint=fp,
            shape=shape,
            limit=limit,
        )
        if isinstance(page, InvalidCursor):
            return page.to_wire()
        body = {
            "outcome": "ambiguous-local-id",
            "requestedRef": ref,
            "candidates": list(page.items),
            "cursor": page.cursor,
        }
    else:
        bad = check_not_applicable(
            cursor, channel="get_decision.candidates", fingerprint=fp, shape=shape
        )
        if bad is not None:
            return bad.to_wire()
        if fed is not None:
            body = {
                "outcome": "federated-log-unavailable",
                "requestedRef": ref,
                "log": fed.log,
                "id": fed.id,
            }
        elif hits:
            rec = corpus.records[hits[0]]
            decision = {
                "requestedRef": ref,
                **summary(corpus, hits[0]),
                "frontmatter": typed_frontmatter(rec),
                "body": rec.body,
            }
            body = {"outcome": "found", "decision": decision}
        else:
            body = {"outcome": "not-found", "requestedRef": ref}
    findings_limit = as_int(a["findings_limit"])
    findings = findings_page(
        corpus,
        "get_decision.findings",
        corpus_findings(corpus),
        a["findings_cursor"],
        findings_limit,
        limit_shape(findings_limit),
    )
    if isinstance(findings, InvalidCursor):
        return findings.to_wire()
    return {**body, "findings": findings}


# --- get_decision_context -------------------------------------------------------------


def get_decision_context(
    corpus: Index,
    files: Sequence[str],
    cursor: str | None = None,
    limit: int = 20,
    findings_cursor: str | None = None,
    findings_limit: int = 20,
) -> Result:
    """The decisions whose `affects` patterns match repo-relative paths (SPEC §6).

    Returns:
        `{outcome: "matches", governing, activeProposals, history, cursor,
        findings}`, each entry `{id, title, status, sourcePath,
        firedMatchers: [{type, pattern}], relations: {supersedes,
        supersededBy, relatesTo, conflictsWith}}`; or `invalid-cursor`.

    Raises:
        InputError: arguments outside SPEC §6's limits.
    """
    args = validated(
        "get_decision_context",
        files=list(files) if isinstance(files, tuple) else files,
        cursor=cursor,
        limit=limit,
        findings_cursor=findings_cursor,
        findings_limit=findings_limit,
    )
    return _context(corpus, args)


def affects_index(corpus: Index) -> AffectsIndex[int]:
    """Every visible record's `affects` matchers, compiled once per corpus."""

    def build() -> AffectsIndex[int]:
        return compile_affects(
            (pos, corpus.records[pos].affects)
            for pos in visible(corpus)
            if corpus.records[pos].affects
        )

    return corpus.memo.get(AFFECTS_INDEX, build)


def _affects_findings(corpus: Index) -> tuple[WireFinding, ...]:
    def build() -> tuple[WireFinding, ...]:
        out: list[WireFinding] = []
        for issue in affects_index(corpus).issues:
            rec = corpus.records[issue.key]
            finding = issue.to_finding(id=rec.id, path=rec.path)
            out.append(wire_finding(finding, pattern=issue.pattern))
        return tuple(out)

    return corpus.memo.get(AFFECTS_FINDINGS, build)


def _relations(corpus: Index, pos: int) -> Result:
    rec = corpus.records[pos]
    return {
        "supersedes": list(rec.supersedes),
        "supersededBy": rec.superseded_by[0] if rec.superseded_by else None,
        "relatesTo": list(rec.relates_to),
        "conflictsWith": list(rec.conflicts_with),
    }


def _context(corpus: Index, a: Mapping[str, object]) -> Result:
    files, limit = as_strs(a["files"]), as_int(a["limit"])
    found = affects_index(corpus).match(files)
    page = paginate(
        found.matches,
        as_text(a["cursor"]),
        channel="context.results",
        fingerprint=corpus.health.fingerprint,
        shape=context_shape(files, limit),
        limit=limit,
    )
    if isinstance(page, InvalidCursor):
        return page.to_wire()
    buckets: dict[str, list[Result]] = {"governing": [], "activeProposals": [], "history": []}
    for match in page.items:
        pos = match.key
        status = corpus.facts[pos].status
        bucket = (
            "governing"
            if status == "accepted"
            else "activeProposals"
            if status == "proposed"
            else "history"
        )
        buckets[bucket].append(
            {
                **summary(corpus, pos),
                "firedMatchers": [{"type": m.type, "pattern": m.pattern} for m in match.fired],
                "relations": _relations(corpus, pos),
            }
        )
    findings_limit = as_int(a["findings_limit"])
    findings = findings_page(
        corpus,
        "context.findings",
        with_derived(corpus, CONTEXT_FINDINGS, _affects_findings(corpus)),
        a["findings_cursor"],
        findings_limit,
        context_shape(files, findings_limit),
    )
    if isinstance(findings, InvalidCursor):
        return findings.to_wire()
    return {"outcome": "matches", **buckets, "cursor": page.cursor, "findings": findings}


_RUN: Final = {
    "search_decisions": _search,
    "get_decision": _get,
    "get_decision_context": _context,
    "list_superseded": run_superseded,
}
