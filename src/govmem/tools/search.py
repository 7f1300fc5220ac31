"""`search_decisions` (SPEC §6): normalised literal substring search over id, title, tags, body.

The needle is the query trimmed, NFKC-normalised and lowercased (adrkit's
normalisation, applied to each field too); a record matches when the needle
is a literal substring of its body, id, one of its tags or its title, and
`matched_fields` lists which, in adrkit's order `body, id, tag, title`.
Filters AND together: `status` any-of, where a class name matches the whole
class and `approved` / `draft` only records so written; `scope` any-of, a
govmem scope matching itself and its descendants; `tags` all-of, exact. No
ranking: (id, path) order. The normalised fields are built once per index.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final, TypeAlias

from govmem.engine.cursor import InvalidCursor, paginate, search_shape
from govmem.index.index import Index
from govmem.index.memo import Key
from govmem.model.text import norm_search

from .base import SPELLINGS, corpus_findings, findings_page, visible
from .results import SearchHit, SearchResults

_Fields: TypeAlias = tuple[int, str, str, tuple[str, ...], str]
SEARCH_FIELDS: Final = Key[tuple[_Fields, ...]]("tools:search-fields")


def _search_fields(index: Index) -> tuple[_Fields, ...]:
    """Per visible record: (position, body, id, tags, title), each normalised."""

    def build() -> tuple[_Fields, ...]:
        out: list[_Fields] = []
        for pos in visible(index):
            rec = index.records[pos]
            out.append(
                (
                    pos,
                    norm_search(rec.body or rec.content),
                    norm_search(rec.id),
                    tuple(norm_search(t) for t in rec.tags),
                    norm_search(rec.title),
                )
            )
        return tuple(out)

    return index.memo.get(SEARCH_FIELDS, build)


def search_decisions(
    index: Index,
    query: str,
    status: tuple[str, ...] = (),
    tags: tuple[str, ...] = (),
    scope: tuple[str, ...] = (),
    cursor: str | None = None,
    limit: int = 20,
    findings_cursor: str | None = None,
    findings_limit: int = 20,
) -> SearchResults | InvalidCursor:
    """A page of the records matching `query` and the filters, and a page of findings."""
    needle = norm_search(query)
    classes = frozenset(s for s in status if s not in SPELLINGS)
    spelled = frozenset(s for s in status if s in SPELLINGS)
    scopes = tuple(dict.fromkeys(index.scopes.canonical(s) for s in scope))

    def hits() -> Iterator[SearchHit]:
        """Matching records in (id, path) order, found only as far as the page needs."""
        for pos, body, rid, tag_texts, title in _search_fields(index):
            facts, rec = index.facts[pos], index.records[pos]
            if status and not (facts.status in classes or facts.label in spelled):
                continue
            if scopes and not any(index.scopes.is_ancestor_or_self(s, facts.scope) for s in scopes):
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
                yield SearchHit(rec.id, rec.title, facts.label, rec.path or "", tuple(matched))

    page = paginate(
        hits(),
        cursor,
        channel="search.results",
        fingerprint=index.health.fingerprint,
        shape=search_shape(query, status, tags, scope, limit),
        limit=limit,
    )
    if isinstance(page, InvalidCursor):
        return page
    findings = findings_page(
        index, "search.findings", corpus_findings(index), findings_cursor, findings_limit
    )
    if isinstance(findings, InvalidCursor):
        return findings
    return SearchResults(page.items, page.cursor, findings)
