"""The govmem tools over memories: `recall`, `search_memories`, and `remember` (with writes only).

`remember` writes only unverified, agent-sourced records (`govmem.remember_from_agent`):
its arguments are checked before anything is written, and a corpus that
cannot be read is the `corpus-unavailable` outcome.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from mcp.types import CallToolResult

import govmem
from govmem import Corpus, CorpusUnavailable, InputError, InvalidCursor
from govmem_mcp import schemas as s
from govmem_mcp._state import LiveCorpus

from .base import (
    FIX,
    READ_ONLY,
    WRITES,
    ToolSpec,
    acknowledge,
    on_corpus,
    plural,
    result,
    tool_error,
    unavailable,
)


def recall(state: LiveCorpus, a: Mapping[str, Any]) -> CallToolResult:
    """Load what this agent's memory holds: every current, unexpired memory, as plain text.

    Call it at the start of a task to bring remembered preferences, facts and
    past mistakes into context. `result.text` lists one entry per memory,
    most important first, each marked [verified] (confirmed by a human) or
    [unverified].

    Example: {}
    """

    def op(corpus: Corpus) -> CallToolResult:
        r = corpus.recall(a["as_of"], a["mind"])
        n, v = len(r.entries), r.verified_count
        text = (
            f'Recalled {plural(n, "memory", "memories")} of mind "{a["mind"]}" '
            f"({v} verified, {n - v} unverified)."
        )
        return result(corpus, r.to_wire(), text)

    return on_corpus(state, op)


def search_memories(state: LiveCorpus, a: Mapping[str, Any]) -> CallToolResult:
    """Find current memories by tag or words, without loading them all (see `recall`).

    Each item is one memory: id, category, key, content, priority, source,
    dates, and `verified` (whether a human confirmed it). Paginated: pass
    back `cursor` for the next page.

    Example: {"text": "editor"}
    """

    def op(corpus: Corpus) -> CallToolResult:
        page = corpus.search_memories(a["tag"], a["text"], a["mind"], a["cursor"], a["limit"])
        if isinstance(page, InvalidCursor):
            return result(corpus, page.to_wire(), page.message)
        summary = f'Returned {plural(len(page.items), "memory", "memories")} of mind "{a["mind"]}".'
        return result(corpus, page.to_wire(), summary)

    return on_corpus(state, op)


def remember(state: LiveCorpus, a: Mapping[str, Any]) -> CallToolResult:
    """Write a memory or a claim as a new file in the repository: unverified, agent-sourced.

    Call it to remember something worth keeping across sessions (a user's
    preference, a fact learned, a mistake not to repeat), or to record a
    claim that contradicts a decision so that humans can review it. It never
    changes an existing record, and what it writes never outranks a human's
    verified memory or an accepted decision until a human verifies or
    approves it. Returns the new record's `id` and file `path`. Give a
    `request_id` of your own (a UUID) to make a retry safe: if the first call
    wrote the record but its answer was lost, calling again with the same
    `request_id` returns that record's `id` and `path` and writes nothing.

    Example: {"kind": "memory", "category": "preference", "key": "editor", "content": "Prefers vim."}
    """
    args = {k: v for k, v in a.items() if v is not None}
    try:
        written = govmem.remember_from_agent(state.root, args, config=state.config)
    except CorpusUnavailable as exc:
        return unavailable(exc)
    except InputError as exc:
        return tool_error(f"{exc}{FIX}")
    text = f"Wrote {a['kind']} {written.id} to {written.path} (unverified, agent-sourced)."
    return acknowledge(state, written.to_wire(), text)


TOOLS: Final = (
    ToolSpec(recall, "Recall memories", READ_ONLY, s.RecallOutput),
    ToolSpec(search_memories, "Search memories", READ_ONLY, s.MemoriesOutput),
    ToolSpec(remember, "Remember a memory or claim", WRITES, s.RememberOutput, writes=True),
)
