"""The record model (SPEC §2): frozen attrs values, tuples never lists.

    Record      a decision, a claim or a memory: the governed fields, as written
                (refs unresolved; the corpus resolves them)
    Source      a document records cite; its text is what evidence is checked against
    Relation    an explicit link between two records: a conflict and its resolution
    Finding     a problem of the corpus, never an exception

A `Record` holds what one file says. Everything that depends on other records
(resolved refs, derived `valid_to`, implicit topics, one-sided links) is
computed by `Corpus` and never stored back here.
"""

from __future__ import annotations

from typing import Final, Literal, TypeAlias

from attrs import field, frozen

from .text import u16
from .time import When

Kind: TypeAlias = Literal["decision", "claim", "memory"]
Severity: TypeAlias = Literal["error", "warn", "info"]

ROOT_SCOPE: Final = "all"
"""The root of the scope tree: a record with no scope applies everywhere."""

MEMORY_CATEGORIES: Final = (
    "identity",
    "preference",
    "fact",
    "project",
    "skill",
    "mistake",
    "context",
    "note",
)
PRIORITIES: Final = ("critical", "high", "normal", "low")
"""Memory priorities, first recalled first."""

SEVERITY: Final[dict[str, Severity]] = {
    **dict.fromkeys(
        (
            "bad-yaml",
            "record-too-large",
            "unreadable",
            "outside-root",
            "missing-id",
            "invalid-memory",
            "bad-date",
        ),
        "error",
    ),
    **dict.fromkeys(
        (
            "invalid-field",
            "unknown-status",
            "dangling-ref",
            "ambiguous-ref",
            "duplicate-id",
            "supersession-cycle",
            "one-sided-link",
            "missing-path",
            "date-order-conflict",
            "affects-bad-pattern",
            "superseded-target-ambiguous",
            "superseded-target-multiple",
            "no-adr-folder",
            "duplicate-title",
            "unreadable-date",
            "status-conflict",
            "federated-log-unavailable",
            "unknown-log",
        ),
        "warn",
    ),
    **dict.fromkeys(
        (
            "not-a-record",
            "git-date",
            "affects-unresolvable",
            "superseded-target-federated-unavailable",
            "no-git",
            "ref-resolved-by-number",
            "cache-untrusted",
        ),
        "info",
    ),
}
"""Every finding code and its severity (SPEC §2 Findings)."""


@frozen
class Finding:
    """A problem of the corpus: `code` with its severity, where, and what to fix."""

    code: str
    message: str
    path: str | None = None
    id: str | None = None
    field: str | None = None

    @property
    def severity(self) -> Severity:
        """`error`, `warn` or `info`, fixed per code."""
        return SEVERITY.get(self.code, "warn")

    def sort_key(self) -> tuple[bytes, ...]:
        """(code, id, path, field, message) in UTF-16 code units, absent = ''."""
        return (
            u16(self.code),
            u16(self.id or ""),
            u16(self.path or ""),
            u16(self.field or ""),
            u16(self.message),
        )


def sort_findings(findings: list[Finding] | tuple[Finding, ...]) -> tuple[Finding, ...]:
    """Findings in their canonical order, duplicates removed."""
    return tuple(sorted(set(findings), key=Finding.sort_key))


@frozen
class Matcher:
    """One `affects` entry: a gitignore-style path pattern, or an adrkit matcher."""

    pattern: str
    type: str = "path"
    negate: bool = False
    repo: str | None = None


@frozen
class Quote:
    """A declared piece of evidence: `{source_id, excerpt}`."""

    source_id: str
    excerpt: str


@frozen
class Link:
    """A partial relation or a rejected-in-favour-of link, ref as written.

    `kind` is one of `partly-supersedes`, `partly-superseded-by`, `amends`,
    `amended-by`, `partly-undoes`, `partly-undone-by`, `rejected-in-favour-of`.
    """

    kind: str
    ref: str
    at: When | None = None


@frozen
class StatusChange:
    """A changelog line that changes the status: its date and the new class."""

    at: When
    status: str
    """A status class."""
    text: str
    ref: str | None = None
    """A ref named on the line (`Mark as rejected in favour of ADR-101`)."""


@frozen
class Record:
    """A decision, claim or memory with its governed fields as the file wrote them."""

    id: str
    kind: Kind
    title: str
    content: str
    status: str
    """The status class (one of `STATUS_CLASSES`), provenance rule applied."""
    label: str
    """The status as printed: the class, or `approved` / `draft` when so written."""
    path: str | None = None
    """POSIX, relative to the corpus root; None for a record made in memory."""
    index: int = 0
    """Position of the record within its file (YAML lists)."""
    topic: str | None = None
    """As written (not yet alias-resolved)."""
    value: str | None = None
    scope: str | None = None
    """As written; None means the folder's scope (or `all`)."""
    valid_from: When | None = None
    valid_to: When | None = None
    confidence: float = 0.9
    authority: float = 1.0
    tags: tuple[str, ...] = ()
    affects: tuple[Matcher, ...] = ()
    supersedes: tuple[str, ...] = ()
    superseded_by: tuple[str, ...] = ()
    relates_to: tuple[str, ...] = ()
    conflicts_with: tuple[str, ...] = ()
    links: tuple[Link, ...] = ()
    ref_texts: tuple[tuple[str, str], ...] = ()
    """(ref, the link text written with it), for resolving a ref by number and title."""
    changes: tuple[StatusChange, ...] = ()
    sources: tuple[str, ...] = ()
    """Explicit source ids, declared order; empty means the record is its own source."""
    evidence: tuple[Quote, ...] = ()
    authored_by: str | None = None
    ratified_by: tuple[str, ...] = ()
    written_status: str | None = None
    """The status text as written, for display and `get_decision`."""
    status_place: Literal["frontmatter", "block", "section"] | None = None
    """Where the status was read: frontmatter, the metadata block or the Status section."""
    body: str = ""
    prose: tuple[tuple[int, int, int], ...] | None = field(default=None, eq=False, repr=False)
    """Where `body` says what was decided: its competing prose blocks as line spans
    (`govmem.parse.prose`), read with the body; None when not read (found on first use).
    Derived from `body`, so it takes no part in equality and is not serialised."""
    frontmatter: str = "{}"
    """The parsed frontmatter as canonical JSON (dates as strings)."""
    extracted: bool = False
    """The file had no frontmatter: `frontmatter` holds the governed fields read from its body."""
    git_dated: bool = False
    # memory fields (seed 004)
    category: str | None = None
    key: str | None = None
    priority: str = "normal"
    origin: Literal["user", "agent"] | None = None
    """The memory's `source` field (who saved it)."""
    verified: bool = False
    mind: str = "default"
    created_at: When | None = None
    updated_at: When | None = None
    expires_at: When | None = None
    verified_by: str | None = None

    @property
    def is_memory(self) -> bool:
        """Whether the record is a memory (kind `memory`)."""
        return self.kind == "memory"

    def sort_key(self) -> tuple[bytes, bytes, int]:
        """(id, path, index) in UTF-16 code units: the order of every listing."""
        return (u16(self.id), u16(self.path or ""), self.index)


@frozen
class Source:
    """A document that records cite (a chat export, a ticket, an ADR body)."""

    id: str
    title: str | None = None
    type: str | None = None
    reference: str | None = None
    occurred_at: When | None = None
    text: str = ""
    path: str | None = None
    prose: tuple[tuple[int, int, int], ...] | None = field(default=None, eq=False, repr=False)
    """`text`'s competing prose blocks (as `Record.prose`); None when not read."""


@frozen
class Resolution:
    """How a conflict relation was resolved."""

    winner: str | None = None
    by: str | None = None
    at: When | None = None


@frozen
class Relation:
    """An explicit conflict between two records, open or resolved."""

    id: str
    between: tuple[str, str]
    status: Literal["open", "resolved"] = "open"
    rationale: str | None = None
    resolution: Resolution | None = None
    path: str | None = None


@frozen
class ScopeSpec:
    """A declared scope: its parent and its aliases."""

    name: str
    parent: str | None
    aliases: tuple[str, ...] = ()


@frozen
class TopicSpec:
    """A declared topic: aliases and the spellings of its values."""

    name: str
    aliases: tuple[str, ...] = ()
    values: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """(canonical value, spellings)."""


@frozen
class PathEntry:
    """A folder to read, and the scope its records get."""

    path: str
    scope: str | None = None


@frozen
class LogSpec:
    """A federated decision log (SPEC v5 §2): a name, a folder on disk, the scope it applies to."""

    name: str
    path: str
    """As written: relative to the folder of the `govmem.yaml` that names it."""
    scope: str = "all"


@frozen
class Config:
    """`govmem.yaml`, parsed. The defaults are an empty file's."""

    paths: tuple[PathEntry, ...] = ()
    """Empty means: the auto-detected ADR folder plus `memory`."""
    memory: str = "memory"
    scopes: tuple[ScopeSpec, ...] = ()
    topics: tuple[TopicSpec, ...] = ()
    fields: tuple[tuple[str, str], ...] = ()
    """(govmem field, the corpus's key)."""
    statuses: tuple[tuple[str, str], ...] = ()
    """(spelling, class)."""
    date_order: Literal["dmy", "mdy"] | None = None
    exclude: tuple[str, ...] = ()
    min_confidence: float = 0.5
    default_status: str | None = None
    """The status of decision files that write none, as written in `govmem.yaml`."""
    logs: tuple[LogSpec, ...] = ()
    """The federated logs `logs:` names (SPEC v5 §2)."""
    logs_read: tuple[str, ...] = ()
    """The names of the logs whose records the corpus holds (set by `federate`)."""
    text: str = field(default="", eq=False, repr=False)
    """The file's text, part of the fingerprint."""
