"""govmem: governed memory for LLM agents.

Ask "what is decided about X, in scope Y, as of date D?" of a team's decision
records and get one structured, source-backed verdict::

    import govmem
    corpus = govmem.load("path/to/repo")
    answer = corpus.query("Which database is approved for new services?", as_of="2026-09-08")
    answer.status, answer.to_dict()

Everything in `__all__` is the public API (`docs/architecture.md` maps the
private subpackages behind it):

* loading and writing: `load`, `Loader`, `Reloader` (the incremental reload
  the MCP server uses; `Stamp` and `proves_unchanged`, when stat data may
  stand in for reading a file again), `find_root`, `known_as_of_date`, `remember`,
  `start_workers` (fork the parse workers before a server starts threads),
  `keep_derived` (keep beside the parse cache's snapshot what a corpus built
  since its load: the topic index) and `seed_derived` (read it back before an
  operation that infers a topic), `write_behind` (hold the parse cache's writes
  until an answer is out),
  `clear_cache` (remove a root's parse cache), `remember_from_agent`, `utc_now`;
  new decision records in the folder's own
  format: `new_decision` (people), `propose_from_agent` (agents: proposed
  only), `draft_decision` (what would be written), `NewDecision`, `Drafted`,
  `ProposalRefused`;
* the corpus: `Corpus` (an `Index` with the operations as methods), its
  records (`Record`, `Source`, `Relation`, `Finding`, `Config`, …;
  `make_memory` fills a memory's defaults) and
  `structure` / `unstructure` (their JSON);
* the operations' results, each with `to_dict()` (snake_case JSON) and
  `to_wire()` (the MCP shape): `Answer`, `History`, `FoundConflicts`,
  `TopicList`, `Recall`, `MemoryPage`, `ProposalCheck` (with `PastOption`s),
  the adrkit tools' `SearchResults`,
  `Found`, `NotFound`, `Ambiguous`, `FederatedUnavailable`,
  `ContextMatches`, `SupersededEntries`, and `InvalidCursor`;
* the arguments every operation takes: `OPERATIONS` (`Operation`, `Arg`,
  `Value`) and `check_arguments`, the one validator;
* the errors: `GovmemError`, `InputError`, `CorpusUnavailable`, `GitHistoryError`.
"""

from __future__ import annotations

import importlib as _importlib
from typing import TYPE_CHECKING as _TYPE_CHECKING
from typing import Any as _Any

from ._corpus import Corpus, utc_now
from .engine.answer import (
    Answer,
    ConflictItem,
    FoundConflict,
    FoundConflicts,
    History,
    HistoryItem,
    RecordView,
)
from .engine.check import PastOption, ProposalCheck
from .engine.cursor import InvalidCursor
from .engine.operations import OPERATIONS, check_arguments
from .engine.topics import TopicItem, TopicList
from .engine.validate import Arg, Arguments, Operation, Value
from .index.derive import Facts
from .index.index import Health, Index
from .memory.memory import Memory, MemoryPage, Recall, make_memory
from .model.codec import CodecError
from .model.convert import structure, unstructure
from .model.errors import CorpusUnavailable, GitHistoryError, GovmemError, InputError
from .model.records import (
    Config,
    Finding,
    Link,
    Matcher,
    Quote,
    Record,
    Relation,
    Resolution,
    Source,
    StatusChange,
)
from .model.time import When
from .shell.cache import clear_cache, write_behind
from .shell.derived import keep_derived, seed_derived
from .shell.known import known_as_of_date, load
from .shell.load import Loader
from .shell.plan import find_root
from .shell.pool import start_workers
from .shell.reload import Reloader, Watched
from .shell.stamp import Stamp, proves_unchanged
from .tools.results import (
    Ambiguous,
    ContextEntry,
    ContextMatches,
    Decision,
    FederatedUnavailable,
    FindingsPage,
    Found,
    NotFound,
    Resolved,
    SearchHit,
    SearchResults,
    SupersededEntries,
    SupersededEntry,
    ToolFinding,
    Unresolved,
)

if _TYPE_CHECKING:
    from .shell.author import (
        Drafted,
        NewDecision,
        ProposalRefused,
        draft_decision,
        new_decision,
        propose_from_agent,
    )
    from .shell.write import Written, remember, remember_from_agent

_LAZY = {
    **dict.fromkeys(
        (
            "Drafted",
            "NewDecision",
            "ProposalRefused",
            "draft_decision",
            "new_decision",
            "propose_from_agent",
        ),
        ".shell.author",
    ),
    **dict.fromkeys(("Written", "remember", "remember_from_agent"), ".shell.write"),
}
"""Public names imported on first use: writing decisions and memories is not every start's
business (the authoring and writing modules are a tenth of `import govmem`)."""


def __getattr__(name: str) -> _Any:
    """A public name of `_LAZY`, imported when first asked for."""
    where = _LAZY.get(name)
    if where is None:
        msg = f"module 'govmem' has no attribute {name!r}"
        raise AttributeError(msg)
    value = getattr(_importlib.import_module(where, __name__), name)
    globals()[name] = value
    return value


__all__ = [
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
