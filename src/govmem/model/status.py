"""The status vocabulary (SPEC §2 "Statuses", §4, §5.3, §5.5, §6): one place for every status set.

A record's status is one of seven **classes**; every rule compares classes.
Two spellings of the accepted and proposed classes, `approved` and `draft`,
are kept as **labels** when so written (printed, and matched by the adrkit
`status` filter), never as classes of their own.
"""

from __future__ import annotations

from typing import Final, Literal, TypeAlias

StatusClass: TypeAlias = Literal[
    "accepted", "proposed", "rejected", "deprecated", "superseded", "revoked", "unknown"
]

STATUS_CLASSES: Final[tuple[StatusClass, ...]] = (
    "accepted",
    "proposed",
    "rejected",
    "deprecated",
    "superseded",
    "revoked",
    "unknown",
)
"""The status classes; every rule compares these."""
LABELS: Final = ("approved", "draft")
"""Spellings printed as written, and matched only by themselves in a status filter."""
STATUS_FILTERS: Final = (*STATUS_CLASSES, *LABELS)
"""What `search_decisions`' `status` filter takes: a class (all of it) or a label."""

IN_FORCE_CLASSES: Final = frozenset({"accepted", "superseded", "deprecated"})
"""Classes of records that are or were in force (SPEC §4)."""
NEVER_IN_FORCE: Final = frozenset({"rejected", "revoked"})
"""Classes of records that never were in force."""
TENTATIVE: Final = frozenset({"proposed", "unknown"})
"""Classes of records not (yet) decided."""
NEVER_CONFLICT: Final = frozenset({"deprecated", "superseded", "rejected", "revoked", "unknown"})
"""Classes whose records never conflict (SPEC §5.5)."""
FALLBACK_CLASSES: Final = ("proposed", "unknown")
"""SPEC §5.3's fallback when nothing is in force, in order."""
