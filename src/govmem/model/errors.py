"""govmem's exceptions: misuse and unavailable inputs, never expected answers.

Expected answers (`not-found`, `invalid-cursor`, a finding in the corpus) are
values. Exceptions are for a caller that must change something before asking
again, and each carries what a boundary needs to translate it once::

    GovmemError                     base; `exit_code` for the CLI
    ├── InputError                  a bad argument: `field`, `message`, `issues`
    │                               -> MCP tool error with the message; CLI exit 2
    ├── CorpusUnavailable           the root or folder cannot be read: `reason`,
    │                               `message` (adrkit's fixed sentences)
    │                               -> MCP `{outcome: "corpus-unavailable"}`; CLI exit 1
    └── GitHistoryError             `known_as_of` without usable git history
                                    -> MCP tool error; CLI exit 1

`InputError` holds every problem found in one set of arguments (`issues`, in
the order the fields were checked); `field` and `message` are the first one's,
and `str(error)` joins them all as `field: message; field: message`.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import ClassVar, Final, Literal, TypeAlias

from attrs import frozen

CorpusUnavailableReason: TypeAlias = Literal[
    "root-not-found",
    "root-not-directory",
    "root-not-readable",
    "root-not-git",
    "dir-not-found",
    "dir-not-directory",
    "dir-not-readable",
    "dir-outside-root",
    "corpus-changed-during-load",
]

CORPUS_UNAVAILABLE_MESSAGES: Final[Mapping[CorpusUnavailableReason, str]] = MappingProxyType(
    {
        "root-not-found": "Configured repository root was not found.",
        "root-not-directory": "Configured repository root is not a directory.",
        "root-not-readable": "Configured repository root is not readable.",
        "root-not-git": "Configured repository root is not a Git worktree.",
        "dir-not-found": "Configured ADR directory was not found.",
        "dir-not-directory": "Configured ADR directory is not a directory.",
        "dir-not-readable": "Configured ADR directory is not readable.",
        "dir-outside-root": "Configured ADR directory resolves outside the repository root.",
        "corpus-changed-during-load": "Corpus changed while it was being loaded; retry the call.",
    }
)
"""adrkit's fixed sentence per reason (adrkit-reference §5)."""


class GovmemError(Exception):
    """Base of every govmem exception."""

    exit_code: ClassVar[int] = 1
    """The CLI's exit status for this error."""


@frozen
class Issue:
    """One problem with one argument: where (`files.0`, `limit`) and what to fix."""

    field: str
    message: str

    def __str__(self) -> str:
        return f"{self.field}: {self.message}" if self.field else self.message


class InputError(GovmemError):
    """Arguments that break the operation's contract, found before any corpus access."""

    exit_code: ClassVar[int] = 2

    def __init__(self, field: str, message: str, issues: tuple[Issue, ...] = ()) -> None:
        self.issues: tuple[Issue, ...] = issues or (Issue(field, message),)
        self.field = self.issues[0].field
        self.message = self.issues[0].message
        super().__init__("; ".join(str(i) for i in self.issues))

    @classmethod
    def from_issues(cls, issues: tuple[Issue, ...]) -> InputError:
        """One error holding every issue (at least one)."""
        first = issues[0]
        return cls(first.field, first.message, issues)


class CorpusUnavailable(GovmemError):
    """The repository root or a corpus folder cannot be read (adrkit's reasons)."""

    def __init__(self, reason: CorpusUnavailableReason, message: str | None = None) -> None:
        self.reason: CorpusUnavailableReason = reason
        self.sentence: str = CORPUS_UNAVAILABLE_MESSAGES[reason]
        """adrkit's fixed sentence for the reason (what the MCP outcome says)."""
        self.message: str = message or self.sentence
        super().__init__(self.message)


class GitHistoryError(GovmemError):
    """`known_as_of` was asked of a corpus without usable git history."""

    def __init__(self, message: str = "known_as_of needs git history") -> None:
        self.message = message
        super().__init__(message)
