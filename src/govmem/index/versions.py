"""Memory versions (SPEC §2 "Memories"): which version of (mind, category, key) is current, and where one ends.

The memories of one (mind, category, key) are the versions of that memory.
The current-version rule, best first: verified before unverified, the
latest `updated_at` (else `created_at`), the latest `created_at`, the
greatest id. A version V ends where the first version W created at or after
it that beats it by the rule starts (`version_ends`); building an index
writes these ends into `Facts`, and `memory` chooses the current versions
at an instant with the same `rank_key`.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Final

from govmem.model.records import Record
from govmem.model.text import u16
from govmem.model.time import When

_NEVER: Final = datetime.min.replace(tzinfo=UTC)


def bound(when: When | None) -> datetime:
    """The instant a date bounds; the earliest instant when absent."""
    return when.bound if when is not None else _NEVER


def rank_key(rec: Record) -> tuple[bool, datetime, datetime, bytes]:
    """The current-version rule as a sort key: the greatest key is current."""
    recency = rec.updated_at if rec.updated_at is not None else rec.created_at
    return (rec.verified, bound(recency), bound(rec.created_at), u16(rec.id))


def group_key(rec: Record) -> tuple[str, str, str] | None:
    """(mind, category, key) of a memory; None for anything else."""
    if not rec.is_memory or not rec.category or not rec.key:
        return None
    return (rec.mind, rec.category, rec.key)


def version_groups(records: Sequence[Record]) -> dict[tuple[str, str, str], list[int]]:
    """Positions of every memory's versions, per (mind, category, key), oldest first."""
    groups: dict[tuple[str, str, str], list[int]] = defaultdict(list)
    for pos, rec in enumerate(records):
        if (g := group_key(rec)) is not None:
            groups[g].append(pos)
    for members in groups.values():
        members.sort(key=lambda p: history_key(records[p]))
    return groups


def history_key(rec: Record) -> tuple[datetime, datetime, bytes]:
    """Versions oldest first: by `created_at`, then recency, then id."""
    recency = rec.updated_at if rec.updated_at is not None else rec.created_at
    return (bound(rec.created_at), bound(recency), u16(rec.id))


def version_ends(records: Sequence[Record]) -> dict[int, int]:
    """Which version ends each memory version: old position -> the displacing one.

    W ends V when W is created at or after V (never before it), beats V by the
    current-version rule, and is the first such W to start (ties by rank).
    A W without `created_at` ends nothing (there is no date to end at).
    """
    ends: dict[int, int] = {}
    for members in version_groups(records).values():
        for v in members:
            rv = records[v]
            later = [
                w
                for w in members
                if w != v
                and records[w].created_at is not None
                and bound(records[w].created_at) >= bound(rv.created_at)
                and rank_key(records[w]) > rank_key(rv)
            ]
            if later:
                ends[v] = min(
                    later, key=lambda w: (bound(records[w].created_at), u16(records[w].id))
                )
    return ends
