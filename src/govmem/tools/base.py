"""Shared pieces of the adrkit tools (`_tools`, `_tools_superseded`).

What every tool needs besides its own rule: argument validation (Python
arguments become the wire object `_validate` checks), the records the tools
see (decisions and claims, never memories), the `DecisionSummary` shape, and
the findings channel — the corpus's findings in adrkit's wire form and order,
with a tool's derived findings merged in once per corpus, paginated on its
own channel.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final, TypeAlias

from govmem.engine.cursor import InvalidCursor, JSONValue, paginate
from govmem.engine.validate import validate_args
from govmem.index.index import Index
from govmem.index.memo import Key

from .wire import WireFinding, sort_wire_findings, wire_finding

Result: TypeAlias = dict[str, Any]
"""A tool's `result`: JSON-safe, keyed on `outcome`."""

TOOLS: Final = ("get_decision", "get_decision_context", "list_superseded", "search_decisions")
SPELLINGS: Final = frozenset(("approved", "draft"))
"""Status filter values that match only records written so."""

WIRE_NAMES: Final = {"findings_cursor": "findingsCursor", "findings_limit": "findingsLimit"}


VISIBLE: Final = Key[tuple[int, ...]]("tools:visible")
FINDINGS: Final = Key[tuple[WireFinding, ...]]("tools:findings")

# --- arguments ------------------------------------------------------------------------


def validated(tool: str, **given: object) -> Mapping[str, object]:
    """Python arguments -> the wire object -> `validate_args` (None means absent)."""
    wire: dict[str, object] = {}
    for name, value in given.items():
        if value is None:
            continue
        wire[WIRE_NAMES.get(name, name)] = list(value) if isinstance(value, tuple) else value
    return validate_args(tool, wire)


# --- shared pieces --------------------------------------------------------------------


def visible(corpus: Index) -> tuple[int, ...]:
    """Positions of decisions and claims, in record order."""
    return corpus.memo.get(
        VISIBLE, lambda: tuple(i for i, r in enumerate(corpus.records) if not r.is_memory)
    )


def only_visible(corpus: Index, hits: Sequence[int]) -> tuple[int, ...]:
    return tuple(h for h in hits if not corpus.records[h].is_memory)


def summary(corpus: Index, pos: int) -> Result:
    """`DecisionSummary`: `{id, title, status, sourcePath}`."""
    rec = corpus.records[pos]
    return {
        "id": rec.id,
        "title": rec.title,
        "status": corpus.facts[pos].label,
        "sourcePath": rec.path or "",
    }


def corpus_findings(corpus: Index) -> tuple[WireFinding, ...]:
    return corpus.memo.get(
        FINDINGS, lambda: tuple(sort_wire_findings([wire_finding(f) for f in corpus.findings]))
    )


def with_derived(
    corpus: Index, key: Key[tuple[WireFinding, ...]], derived: Sequence[WireFinding]
) -> tuple[WireFinding, ...]:
    """The corpus findings and a tool's derived ones, in adrkit's order (built once)."""
    return corpus.memo.get(
        key, lambda: tuple(sort_wire_findings([*corpus_findings(corpus), *derived]))
    )


def findings_page(
    corpus: Index,
    channel: str,
    items: Sequence[WireFinding],
    cursor: object,
    limit: int,
    shape: Sequence[JSONValue],
) -> Result | InvalidCursor:
    """The findings page `{items, cursor}` of one tool's findings channel."""
    page = paginate(
        items,
        as_text(cursor),
        channel=channel,
        fingerprint=corpus.health.fingerprint,
        shape=shape,
        limit=limit,
    )
    if isinstance(page, InvalidCursor):
        return page
    return {"items": list(page.items), "cursor": page.cursor}


def as_text(value: object) -> str | None:
    return value if isinstance(value, str) else None


def as_int(value: object) -> int:
    assert isinstance(value, int)
    return value


def as_strs(value: object) -> tuple[str, ...]:
    return tuple(str(v) for v in value) if isinstance(value, tuple | list) else ()
