"""The public API, pinned: what `govmem` and `govmem_mcp` export (as httpx's test does).

Everything in `__all__` is public and everything public is in `__all__`;
the subpackages behind `govmem` are private (docs/architecture.md). A name
added or removed here is an API change, to be read in review.
"""

from __future__ import annotations

import types
from typing import Final

import govmem
import govmem_mcp

GOVMEM: Final = [
    "OPERATIONS",
    "Ambiguous",
    "Answer",
    "Arg",
    "Arguments",
    "CodecError",
    "Config",
    "ConflictItem",
    "ContextEntry",
    "ContextMatches",
    "Corpus",
    "CorpusUnavailable",
    "Decision",
    "Drafted",
    "Facts",
    "FederatedUnavailable",
    "Finding",
    "FindingsPage",
    "Found",
    "FoundConflict",
    "FoundConflicts",
    "GitHistoryError",
    "GovmemError",
    "Health",
    "History",
    "HistoryItem",
    "Index",
    "InputError",
    "InvalidCursor",
    "Link",
    "Loader",
    "Matcher",
    "Memory",
    "MemoryPage",
    "NewDecision",
    "NotFound",
    "Operation",
    "PastOption",
    "ProposalCheck",
    "ProposalRefused",
    "Quote",
    "Recall",
    "Record",
    "RecordView",
    "Relation",
    "Reloader",
    "Resolution",
    "Resolved",
    "SearchHit",
    "SearchResults",
    "Source",
    "Stamp",
    "StatusChange",
    "SupersededEntries",
    "SupersededEntry",
    "ToolFinding",
    "TopicItem",
    "TopicList",
    "Unresolved",
    "Value",
    "Watched",
    "When",
    "Written",
    "check_arguments",
    "clear_cache",
    "draft_decision",
    "find_root",
    "keep_derived",
    "known_as_of_date",
    "load",
    "make_memory",
    "new_decision",
    "propose_from_agent",
    "proves_unchanged",
    "remember",
    "remember_from_agent",
    "seed_derived",
    "start_workers",
    "structure",
    "unstructure",
    "utc_now",
    "write_behind",
]


def _public(module: types.ModuleType) -> list[str]:
    """The names a module binds that are neither private nor one of its own subpackages."""
    return [
        name
        for name, value in vars(module).items()
        if not name.startswith("_")
        and name != "annotations"  # from __future__ import annotations
        and not (
            isinstance(value, types.ModuleType) and value.__name__.startswith(module.__name__ + ".")
        )
    ]


def _isort(name: str) -> tuple[int, str]:
    """`__all__` order as ruff's RUF022 keeps it: CONSTANTS, then Classes, then functions."""
    return (0 if name.isupper() else 1 if name[:1].isupper() else 2, name)


def test_govmem_exports_exactly_its_all_in_order() -> None:
    """`govmem.__all__` is the pinned list, sorted, and every public name is in it."""
    assert govmem.__all__ == GOVMEM
    assert govmem.__all__ == sorted(govmem.__all__, key=_isort)
    lazy = set(govmem._LAZY)  # imported on first use (`govmem.__getattr__`)
    assert sorted({*_public(govmem), *lazy}) == sorted(govmem.__all__)
    assert all(getattr(govmem, name) is not None for name in lazy)


def test_every_exported_name_is_documented() -> None:
    """Each exported class and function says what it is."""
    for name in govmem.__all__:
        value = getattr(govmem, name)
        if isinstance(value, type) or callable(value):
            assert (value.__doc__ or "").strip(), name


def test_govmem_mcp_exports_a_server_handle_only() -> None:
    """The adapter's API is `create_server`, its handle, and the version."""
    assert govmem_mcp.__all__ == ["ServerHandle", "__version__", "create_server"]
    assert all(hasattr(govmem_mcp, name) for name in govmem_mcp.__all__)
