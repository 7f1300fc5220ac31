"""What the four adrkit tools answer, as typed values, and their two JSON shapes.

Each outcome is a frozen attrs class whose `outcome` field is the
discriminator. Every class has:

* `to_dict()`: the snake_case JSON of the value (`source_path`,
  `matched_fields`, …), for Python callers that want plain data;
* `to_wire()`: adrkit 0.8.0's camelCase shape (`sourcePath`,
  `matchedFields`, `activeProposals`, `supersededBy`, …), keys in adrkit's
  order and `outcome` first — what the MCP adapter puts under
  `structuredContent.result` and what `govmem <command> --json` prints;
* `summary()`: adrkit's one-line `content[0].text` for the outcome, counted
  on the page returned, singular when the count is 1, capped at 512 UTF-16
  code units (`findings=False` ends with `.` instead of the findings count).

This module is where the camelCase of these shapes is made, and the only
one: the names are derived from the fields (`source_path` → `sourcePath`),
so the two shapes cannot drift apart. Findings (`ToolFinding`) keep adrkit's
`{rule, severity, message, path?, id?, field?, pattern?}` with absent keys
omitted.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any, ClassVar, Final, Literal, TypeAlias

from attrs import frozen

from govmem.model.text import u16, u16_len

JSON: TypeAlias = Any
"""A JSON value (`dict`, `list`, `str`, number, bool, None)."""

MAX_TEXT: Final = 512
"""Longest `content[0].text`, in UTF-16 code units."""


@functools.cache
def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(p[:1].upper() + p[1:] for p in rest)


def _json(value: object, wire: bool) -> JSON:
    if isinstance(value, Shape):
        return value.to_wire() if wire else value.to_dict()
    if isinstance(value, tuple | list):
        return [_json(v, wire) for v in value]
    if isinstance(value, Mapping):
        return dict(value)
    return value


class Shape:
    """A value with a snake_case `to_dict()` and adrkit's camelCase `to_wire()`."""

    __slots__ = ()
    omit_none: ClassVar[frozenset[str]] = frozenset()
    """Fields left out of both shapes when None (adrkit omits them)."""
    first: ClassVar[tuple[str, ...]] = ("outcome",)
    """Fields that come first in both shapes (the discriminator, declared last)."""

    def _shape(self, wire: bool) -> dict[str, JSON]:
        names = [a.name for a in self.__attrs_attrs__]  # type: ignore[attr-defined]
        ordered = [n for n in self.first if n in names] + [n for n in names if n not in self.first]
        out: dict[str, JSON] = {}
        for name in ordered:
            value = getattr(self, name)
            if value is None and name in self.omit_none:
                continue
            out[_camel(name) if wire else name] = _json(value, wire)
        return out

    def to_dict(self) -> dict[str, JSON]:
        """The snake_case JSON of this value."""
        return self._shape(wire=False)

    def to_wire(self) -> dict[str, JSON]:
        """adrkit's camelCase JSON of this value (the MCP `result`)."""
        return self._shape(wire=True)


def _n(count: int, one: str, many: str) -> str:
    return f"{count} {one if count == 1 else many}"


def cap(text: str) -> str:
    """`text` cut to `MAX_TEXT` UTF-16 code units, with `…` when cut."""
    if u16_len(text) <= MAX_TEXT:
        return text
    cut = text
    while u16_len(cut) > MAX_TEXT - 1:
        cut = cut[: -max(1, (u16_len(cut) - MAX_TEXT + 1) // 2)]
    return cut + "…"


# --- findings -------------------------------------------------------------------------


@frozen
class ToolFinding(Shape):
    """A finding as the tools show it; `rule` is the finding's code."""

    omit_none: ClassVar[frozenset[str]] = frozenset({"path", "id", "field", "pattern"})

    rule: str
    severity: str
    message: str
    path: str | None = None
    id: str | None = None
    field: str | None = None
    pattern: str | None = None

    def sort_key(self) -> tuple[bytes, ...]:
        """adrkit's order: (rule, id, pattern, path, field, message) in UTF-16 code units."""
        return tuple(
            u16(v or "")
            for v in (self.rule, self.id, self.pattern, self.path, self.field, self.message)
        )


@frozen
class FindingsPage(Shape):
    """One page of a tool's findings channel."""

    items: tuple[ToolFinding, ...]
    cursor: str | None

    def tail(self, findings: bool) -> str:
        """`; N findings on this page.` (or `.`)."""
        return f"; {_n(len(self.items), 'finding', 'findings')} on this page." if findings else "."


# --- search_decisions -------------------------------------------------------------------


@frozen
class Summary(Shape):
    """adrkit's `DecisionSummary`: a record named, with its status and file."""

    id: str
    title: str
    status: str
    source_path: str


@frozen
class SearchHit(Shape):
    """A record the search matched, and which fields matched (`body, id, tag, title`)."""

    id: str
    title: str
    status: str
    source_path: str
    matched_fields: tuple[str, ...]


@frozen
class SearchResults(Shape):
    """A page of `search_decisions` results."""

    items: tuple[SearchHit, ...]
    cursor: str | None
    findings: FindingsPage
    outcome: Literal["results"] = "results"

    def summary(self, *, findings: bool = True) -> str:
        """`Returned 1 decision result; 0 findings on this page.`"""
        text = f"Returned {_n(len(self.items), 'decision result', 'decision results')}"
        return cap(text + self.findings.tail(findings))


# --- get_decision -----------------------------------------------------------------------


@frozen
class Decision(Shape):
    """One record in full: typed frontmatter and Markdown body."""

    requested_ref: str
    id: str
    title: str
    status: str
    source_path: str
    frontmatter: Mapping[str, JSON]
    body: str


@frozen
class Found(Shape):
    """The ref names one record."""

    decision: Decision
    findings: FindingsPage
    outcome: Literal["found"] = "found"

    def summary(self, *, findings: bool = True) -> str:
        """`Found decision "adr-024"; 0 findings on this page.`"""
        return cap(f'Found decision "{self.decision.id}"' + self.findings.tail(findings))


@frozen
class NotFound(Shape):
    """The ref names no record."""

    requested_ref: str
    findings: FindingsPage
    outcome: Literal["not-found"] = "not-found"

    def summary(self, *, findings: bool = True) -> str:
        """`No local decision matches "x"; …`."""
        text = f'No local decision matches "{self.requested_ref}"'
        return cap(text + self.findings.tail(findings))


@frozen
class Ambiguous(Shape):
    """The ref names several records: a page of the candidates."""

    requested_ref: str
    candidates: tuple[Summary, ...]
    cursor: str | None
    findings: FindingsPage
    outcome: Literal["ambiguous-local-id"] = "ambiguous-local-id"

    def summary(self, *, findings: bool = True) -> str:
        """`Returned 2 candidates for ambiguous local ref "x"; …`."""
        count = _n(len(self.candidates), "candidate", "candidates")
        text = f'Returned {count} for ambiguous local ref "{self.requested_ref}"'
        return cap(text + self.findings.tail(findings))


@frozen
class FederatedUnavailable(Shape):
    """A `log:id` ref: named-log federation is not available."""

    requested_ref: str
    log: str
    id: str
    findings: FindingsPage
    outcome: Literal["federated-log-unavailable"] = "federated-log-unavailable"

    def summary(self, *, findings: bool = True) -> str:
        """`Named-log federation is unavailable for "core:12"; …`."""
        text = f'Named-log federation is unavailable for "{self.requested_ref}"'
        return cap(text + self.findings.tail(findings))


DecisionOutcome: TypeAlias = Found | NotFound | Ambiguous | FederatedUnavailable


# --- get_decision_context ---------------------------------------------------------------


@frozen
class Fired(Shape):
    """A matcher that fired: `{type, pattern}`."""

    type: str
    pattern: str


@frozen
class Relations(Shape):
    """A record's relation refs as written (never followed)."""

    supersedes: tuple[str, ...]
    superseded_by: str | None
    relates_to: tuple[str, ...]
    conflicts_with: tuple[str, ...]


@frozen
class ContextEntry(Shape):
    """A record whose `affects` matched one of the paths."""

    id: str
    title: str
    status: str
    source_path: str
    fired_matchers: tuple[Fired, ...]
    relations: Relations


@frozen
class ContextMatches(Shape):
    """A page of the records the paths touch, by class."""

    governing: tuple[ContextEntry, ...]
    active_proposals: tuple[ContextEntry, ...]
    history: tuple[ContextEntry, ...]
    cursor: str | None
    findings: FindingsPage
    outcome: Literal["matches"] = "matches"

    def summary(self, *, findings: bool = True) -> str:
        """`Returned 2 context matches: 1 governing, 1 active proposal, 0 historical; …`."""
        g, a, h = len(self.governing), len(self.active_proposals), len(self.history)
        text = (
            f"Returned {_n(g + a + h, 'context match', 'context matches')}: {g} governing, "
            f"{_n(a, 'active proposal', 'active proposals')}, {h} historical"
        )
        return cap(text + self.findings.tail(findings))


# --- list_superseded --------------------------------------------------------------------


@frozen
class Resolved(Shape):
    """The direct successor, found."""

    first: ClassVar[tuple[str, ...]] = ("resolved",)

    target: Summary
    resolved: Literal[True] = True


@frozen
class Unresolved(Shape):
    """No successor found: `dangling`, `ambiguous`, `federated-unavailable` or `unknown`."""

    first: ClassVar[tuple[str, ...]] = ("resolved",)
    omit_none: ClassVar[frozenset[str]] = frozenset({"log", "id", "candidate_count"})

    target_ref: str | None
    reason: Literal["dangling", "ambiguous", "federated-unavailable", "unknown"]
    log: str | None = None
    id: str | None = None
    candidate_count: int | None = None
    resolved: Literal[False] = False


@frozen
class SupersededEntry(Shape):
    """A superseded (or replaced deprecated) record and its direct successor's state."""

    id: str
    title: str
    status: str
    source_path: str
    superseded_by: Resolved | Unresolved


@frozen
class SupersededEntries(Shape):
    """A page of `list_superseded` entries."""

    items: tuple[SupersededEntry, ...]
    cursor: str | None
    findings: FindingsPage
    outcome: Literal["entries"] = "entries"

    def summary(self, *, findings: bool = True) -> str:
        """`Returned 1 superseded decision entry; 0 findings on this page.`"""
        n = len(self.items)
        text = f"Returned {_n(n, 'superseded decision entry', 'superseded decision entries')}"
        return cap(text + self.findings.tail(findings))
