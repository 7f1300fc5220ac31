"""The four adrkit-compatible tools: `search_decisions`, `get_decision`, `get_decision_context`,
`list_superseded` (SPEC §6), each a `Corpus` method.

The arguments are checked against the operation (`govmem.check_arguments`)
before the corpus is touched: a bad path is a tool error even when the
corpus would need a reload or cannot be read at all. The result is the
method's `to_wire()` (adrkit's camelCase), the summary its `summary()`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from mcp.types import CallToolResult

import govmem
from govmem import Corpus, InputError, InvalidCursor
from govmem_mcp import schemas_adrkit as s
from govmem_mcp._state import LiveCorpus

from .base import FIX, READ_ONLY, ToolSpec, on_corpus, result, tool_error

_PYTHON_NAMES: Final = {"findingsCursor": "findings_cursor", "findingsLimit": "findings_limit"}


def _run(state: LiveCorpus, tool: str, a: Mapping[str, Any]) -> CallToolResult:
    given = {_PYTHON_NAMES.get(k, k): v for k, v in a.items()}
    if "ref" in given:
        given["ref"] = str(given["ref"])
    try:
        govmem.check_arguments(tool, given)
    except InputError as exc:
        return tool_error(f"{exc}{FIX}")

    def op(corpus: Corpus) -> CallToolResult:
        out = getattr(corpus, tool)(**given)
        summary = out.message if isinstance(out, InvalidCursor) else out.summary()
        return result(corpus, out.to_wire(), summary)

    return on_corpus(state, op)


def search_decisions(state: LiveCorpus, a: Mapping[str, Any]) -> CallToolResult:
    """Find decision records by words: every record, rejected and superseded included.

    Call it to find records that mention a word, name or id — when `query`
    names no topic, or to check whether an option was ever considered.
    Matches are a literal, case-insensitive substring of id, title, tags or
    body; filters AND together (`status`, `scope` any-of; `tags` all-of).
    Returns `{id, title, status, sourcePath, matchedFields}` in id order, no
    ranking and no body (read one with `get_decision`), plus the corpus's
    findings as a separate page.

    Example: {"query": "postgres"}
    """
    return _run(state, "search_decisions", a)


def get_decision(state: LiveCorpus, a: Mapping[str, Any]) -> CallToolResult:
    """Read one decision record in full: its typed frontmatter and its Markdown body.

    Call it to read a record that `query`, `search_decisions`,
    `list_superseded` or `get_decision_history` named. Outcomes: `found`,
    `not-found`, `ambiguous-local-id` (with the candidates), or
    `federated-log-unavailable` for a `log:id` ref. Relation refs are
    returned as written, never followed.

    Example: {"ref": "adr-024"}
    """
    return _run(state, "get_decision", a)


def get_decision_context(state: LiveCorpus, a: Mapping[str, Any]) -> CallToolResult:
    """Find the decisions that govern given files, the proposals that touch them, and past ones.

    Call it before changing code: pass the paths you will edit. Each
    record's own `affects` patterns are compared with the paths (the files
    are never opened). Returns `governing` (accepted), `activeProposals`
    (proposed) and `history` (the rest), each entry with the matchers that
    fired and its relation refs.

    Example: {"files": ["src/db/pool.py"]}
    """
    return _run(state, "get_decision_context", a)


def list_superseded(state: LiveCorpus, a: Mapping[str, Any]) -> CallToolResult:
    """List every superseded (or replaced deprecated) decision and what directly replaced it.

    Call it before proposing an option, to avoid re-proposing what the team
    already replaced. Each entry's `supersededBy` is `{resolved: true,
    target}` or an unresolved state (`dangling`, `ambiguous`,
    `federated-unavailable`, `unknown`). One hop only.

    Example: {}
    """
    return _run(state, "list_superseded", a)


TOOLS: Final = (
    ToolSpec(search_decisions, "Search decisions", READ_ONLY, s.SearchOutput),
    ToolSpec(get_decision, "Get a decision by ref", READ_ONLY, s.GetDecisionOutput),
    ToolSpec(get_decision_context, "Get decision context for files", READ_ONLY, s.ContextOutput),
    ToolSpec(list_superseded, "List superseded decisions", READ_ONLY, s.SupersededOutput),
)
