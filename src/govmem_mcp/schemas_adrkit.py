"""The adrkit tools' output shapes (`TypedDict`s): adrkit 0.8.0's camelCase `result`s.

The SDK-facing declaration of what `govmem`'s typed results give with
`to_wire()` (`govmem.tools.results`); each class forbids unknown keys, so a
drift between the two fails loudly in the tests rather than on a client.
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired

from pydantic import with_config
from typing_extensions import TypedDict

from .schemas import STRICT as _STRICT
from .schemas import CorpusHealth, CorpusUnavailableOut, InvalidCursorOut


@with_config(_STRICT)
class FindingOut(TypedDict):
    """A finding about the corpus, adrkit-shaped (`code` is `rule`)."""

    rule: str
    severity: Literal["error", "warn", "info"]
    message: str
    path: NotRequired[str]
    id: NotRequired[str]
    field: NotRequired[str]
    pattern: NotRequired[str]


@with_config(_STRICT)
class FindingsPage(TypedDict):
    """A page of the findings channel."""

    items: list[FindingOut]
    cursor: str | None


@with_config(_STRICT)
class DecisionSummary(TypedDict):
    """`{id, title, status, sourcePath}`."""

    id: str
    title: str
    status: str
    sourcePath: str


@with_config(_STRICT)
class SearchMatch(TypedDict):
    """A search hit and the fields the needle occurs in."""

    id: str
    title: str
    status: str
    sourcePath: str
    matchedFields: list[Literal["body", "id", "tag", "title"]]


@with_config(_STRICT)
class SearchResults(TypedDict):
    """`search_decisions`'s `results` outcome."""

    outcome: Literal["results"]
    items: list[SearchMatch]
    cursor: str | None
    findings: FindingsPage


@with_config(_STRICT)
class SearchOutput(TypedDict):
    """`search_decisions`'s structured content."""

    corpusHealth: NotRequired[CorpusHealth]
    result: SearchResults | InvalidCursorOut | CorpusUnavailableOut


@with_config(_STRICT)
class DecisionOut(TypedDict):
    """A whole decision: typed frontmatter and Markdown body."""

    requestedRef: str
    id: str
    title: str
    status: str
    sourcePath: str
    frontmatter: dict[str, Any]
    body: str


@with_config(_STRICT)
class Found(TypedDict):
    """`get_decision` found one record."""

    outcome: Literal["found"]
    decision: DecisionOut
    findings: FindingsPage


@with_config(_STRICT)
class NotFound(TypedDict):
    """No record matches the ref."""

    outcome: Literal["not-found"]
    requestedRef: str
    findings: FindingsPage


@with_config(_STRICT)
class Ambiguous(TypedDict):
    """Several records match the ref."""

    outcome: Literal["ambiguous-local-id"]
    requestedRef: str
    candidates: list[DecisionSummary]
    cursor: str | None
    findings: FindingsPage


@with_config(_STRICT)
class Federated(TypedDict):
    """A `log:id` ref, never resolved by this server."""

    outcome: Literal["federated-log-unavailable"]
    requestedRef: str
    log: str
    id: str
    findings: FindingsPage


@with_config(_STRICT)
class GetDecisionOutput(TypedDict):
    """`get_decision`'s structured content."""

    corpusHealth: NotRequired[CorpusHealth]
    result: Found | NotFound | Ambiguous | Federated | InvalidCursorOut | CorpusUnavailableOut


@with_config(_STRICT)
class Matcher(TypedDict):
    """An `affects` matcher that fired."""

    type: str
    pattern: str


@with_config(_STRICT)
class Relations(TypedDict):
    """A record's relation refs, verbatim."""

    supersedes: list[str]
    supersededBy: str | None
    relatesTo: list[str]
    conflictsWith: list[str]


@with_config(_STRICT)
class ContextEntry(TypedDict):
    """A record whose `affects` matched one of the files."""

    id: str
    title: str
    status: str
    sourcePath: str
    firedMatchers: list[Matcher]
    relations: Relations


@with_config(_STRICT)
class ContextMatches(TypedDict):
    """`get_decision_context`'s `matches` outcome."""

    outcome: Literal["matches"]
    governing: list[ContextEntry]
    activeProposals: list[ContextEntry]
    history: list[ContextEntry]
    cursor: str | None
    findings: FindingsPage


@with_config(_STRICT)
class ContextOutput(TypedDict):
    """`get_decision_context`'s structured content."""

    corpusHealth: NotRequired[CorpusHealth]
    result: ContextMatches | InvalidCursorOut | CorpusUnavailableOut


@with_config(_STRICT)
class SupersededEntry(TypedDict):
    """A superseded record and its direct successor's state (five states, see the docs)."""

    id: str
    title: str
    status: str
    sourcePath: str
    supersededBy: dict[str, Any]


@with_config(_STRICT)
class SupersededEntries(TypedDict):
    """`list_superseded`'s `entries` outcome."""

    outcome: Literal["entries"]
    items: list[SupersededEntry]
    cursor: str | None
    findings: FindingsPage


@with_config(_STRICT)
class SupersededOutput(TypedDict):
    """`list_superseded`'s structured content."""

    corpusHealth: NotRequired[CorpusHealth]
    result: SupersededEntries | InvalidCursorOut | CorpusUnavailableOut
