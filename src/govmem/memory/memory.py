"""Memories (seed 004, SPEC §2 "Memories", §7): versions, recall, search, expiry. Pure.

A memory is a record of kind `memory`. The memories of one (mind, category,
key) are the **versions** of that memory; at an instant t the *current*
version is chosen among the versions created by t (`created_at` ≤ t; no
`created_at` means "always") by this rule, best first:

    1. verified before unverified,
    2. the latest `updated_at` (else its `created_at`),
    3. the latest `created_at`,
    4. the greatest id (UTF-16 code units).

So an unverified version never displaces a verified one: an agent's update of
a memory a human verified is a *pending update*. It is a record of the
proposed class whose value (its content) differs from the current one's, so
`query` lists it as an open conflict of it (SPEC §5.5 b).

A version V **ends** (`valid_to`) where the first version W created at or
after it that beats it by the rule starts: a later verified version ends any
older version; a later unverified version ends only older unverified ones.
Building an index writes these ends into `Facts` (`govmem.index.versions`), which is what makes
a verified memory "in force until its derived `valid_to`" for `query`, and
stops a stale unverified version from contesting its own successor.

The operations (`recall`, `search_memories`, `expiring`, `memory_history`)
see only the memories of one mind, and take the instant they are asked at
from the caller: nothing here reads the clock, the file system or the
network.

**The memory shape on the wire** (seed 004's keys, in its order)::

    {id, category, key, content, tags, priority, source, verified,
     confidence, expires_at, mind_id, created_at, updated_at[, verified_by]}

`source` is `user` or `agent`; dates print `YYYY-MM-DD` or
`YYYY-MM-DDTHH:MM:SSZ` and are null when absent; `confidence` prints `1`, not
`1.0`; `verified_by` is present only when the memory has one.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from typing import Final

from attrs import frozen

from govmem.engine.answer import number
from govmem.engine.cursor import InvalidCursor, JSONValue, paginate
from govmem.engine.operations import CATEGORY
from govmem.engine.validate import check_rule, duration_of
from govmem.index.index import Index
from govmem.index.versions import bound, group_key, rank_key, version_groups
from govmem.model.errors import InputError
from govmem.model.records import PRIORITIES, Record
from govmem.model.text import u16
from govmem.model.time import When, as_of_instant

DEFAULT_MIND: Final = "default"
_RANK: Final = {p: i for i, p in enumerate(PRIORITIES)}


# ------------------------------------------------------------------- values
@frozen
class Memory:
    """One memory version as the memory operations show it (seed 004)."""

    id: str
    category: str
    key: str
    content: str
    tags: tuple[str, ...]
    priority: str
    source: str
    verified: bool
    confidence: float
    expires_at: When | None
    mind_id: str
    created_at: When | None
    updated_at: When | None
    verified_by: str | None = None

    @classmethod
    def from_record(cls, rec: Record) -> Memory:
        """The view of a memory record."""
        return cls(
            id=rec.id,
            category=rec.category or "",
            key=rec.key or "",
            content=rec.content,
            tags=rec.tags,
            priority=rec.priority,
            source=rec.origin or "agent",
            verified=rec.verified,
            confidence=rec.confidence,
            expires_at=rec.expires_at,
            mind_id=rec.mind,
            created_at=rec.created_at,
            updated_at=rec.updated_at,
            verified_by=rec.verified_by,
        )

    def to_dict(self) -> dict[str, JSONValue]:
        """Seed 004's memory object, `verified_by` appended when set."""
        out: dict[str, JSONValue] = {
            "id": self.id,
            "category": self.category,
            "key": self.key,
            "content": self.content,
            "tags": list(self.tags),
            "priority": self.priority,
            "source": self.source,
            "verified": self.verified,
            "confidence": number(self.confidence),
            "expires_at": _date(self.expires_at),
            "mind_id": self.mind_id,
            "created_at": _date(self.created_at),
            "updated_at": _date(self.updated_at),
        }
        if self.verified_by is not None:
            out["verified_by"] = self.verified_by
        return out


@frozen
class MemoryPage:
    """A page of memories: `{items, cursor}` (cursor None on the last page)."""

    items: tuple[Memory, ...] = ()
    cursor: str | None = None

    def to_dict(self) -> dict[str, JSONValue]:
        """`{items, cursor}`."""
        return {"items": [m.to_dict() for m in self.items], "cursor": self.cursor}

    def to_wire(self) -> dict[str, JSONValue]:
        """The MCP tool's `result`: `to_dict()` (its keys are the wire's)."""
        return self.to_dict()


@frozen
class Recall:
    """`recall`'s answer: the plain text for an LLM's context, and what it lists."""

    mind: str
    entries: tuple[Memory, ...]

    @property
    def verified_count(self) -> int:
        """Entries marked `[verified]`."""
        return sum(m.verified for m in self.entries)

    @property
    def text(self) -> str:
        """The text of SPEC §7 (no trailing newline)."""
        return render_recall(self.mind, self.entries)

    def to_dict(self) -> dict[str, JSONValue]:
        """On the wire: `{text}`."""
        return {"text": self.text}

    def to_wire(self) -> dict[str, JSONValue]:
        """The MCP tool's `result`: `to_dict()` (its keys are the wire's)."""
        return self.to_dict()


def _date(when: When | None) -> str | None:
    return None if when is None else str(when)


def make_memory(
    id: str,
    category: str,
    key: str,
    content: str,
    *,
    tags: Iterable[str] = (),
    priority: str = "normal",
    source: str = "agent",
    verified: bool | None = None,
    confidence: float | None = None,
    expires_at: When | None = None,
    mind: str = DEFAULT_MIND,
    created_at: When | None = None,
    updated_at: When | None = None,
    verified_by: str | None = None,
    path: str | None = None,
) -> Record:
    """A memory record made in memory, with the defaults a memory file gets (SPEC §2).

    For `Corpus.from_records`: title and topic are the key, value the content,
    status accepted when verified else proposed, `valid_from`/`valid_to` the
    creation and expiry, confidence and authority by source (user 1.0 / 1.0,
    agent 0.7 / 0.5), verified by default only when the user saved it.

    Raises:
        InputError: an unknown category, priority or source.
    """
    checked, issues = check_rule("category", category, CATEGORY)
    if issues:
        raise InputError.from_issues(issues)
    cat = str(checked)
    if priority not in PRIORITIES:
        msg = f"{priority!r} is not a priority; use one of {', '.join(PRIORITIES)}"
        raise InputError("priority", msg)
    if source not in ("user", "agent"):
        msg = f"{source!r} is not a source; use user or agent"
        raise InputError("source", msg)
    user = source == "user"
    is_verified = user if verified is None else verified
    status = "accepted" if is_verified else "proposed"
    return Record(
        id=id,
        kind="memory",
        title=key,
        content=content,
        status=status,
        label=status,
        path=path,
        topic=key,
        value=content,
        valid_from=created_at,
        valid_to=expires_at,
        confidence=(1.0 if user else 0.7) if confidence is None else confidence,
        authority=1.0 if user else 0.5,
        tags=tuple(tags),
        category=cat,
        key=key,
        priority=priority,
        origin="user" if user else "agent",
        verified=is_verified,
        mind=mind,
        created_at=created_at,
        updated_at=updated_at,
        expires_at=expires_at,
        verified_by=verified_by,
    )


# ------------------------------------------------------------------ versions
def current_versions(corpus: Index, at: datetime, mind: str) -> list[int]:
    """Positions of the current version of each memory of `mind` at the instant `at`."""
    best: dict[tuple[str, str, str], int] = {}
    for pos, rec in enumerate(corpus.records):
        g = group_key(rec)
        if g is None or rec.mind != mind or bound(rec.created_at) > at:
            continue
        if g not in best or rank_key(rec) > rank_key(corpus.records[best[g]]):
            best[g] = pos
    return list(best.values())


def expired(rec: Record, at: datetime) -> bool:
    """`at` ≥ `expires_at`."""
    return rec.expires_at is not None and at >= rec.expires_at.bound


def recall_key(rec: Record) -> tuple[int, float, bytes]:
    """Priority (critical first), then recency (newest first), then id."""
    recency = rec.updated_at if rec.updated_at is not None else rec.created_at
    stamp = recency.bound.timestamp() if recency is not None else float("-inf")
    return (_RANK.get(rec.priority, _RANK["normal"]), -stamp, u16(rec.id))


def live(corpus: Index, at: datetime, mind: str) -> list[Record]:
    """The current, unexpired memories of `mind` at `at`, in recall order."""
    recs = [corpus.records[p] for p in current_versions(corpus, at, mind)]
    return sorted((r for r in recs if not expired(r, at)), key=recall_key)


# ---------------------------------------------------------------- operations
def recall(corpus: Index, as_of: When | None, mind: str, now: datetime) -> Recall:
    """What a mind remembers at `as_of` (else `now`): SPEC §7's text.

    One entry per (category, key) whose current version has not expired,
    ordered by priority then recency; counts are over the entries listed.
    """
    at = as_of_instant(as_of, now)
    return Recall(mind, tuple(Memory.from_record(r) for r in live(corpus, at, mind)))


def render_recall(mind: str, entries: Sequence[Memory]) -> str:
    """`Mind: …`, the counts, then one block per entry, a blank line between."""
    verified = sum(m.verified for m in entries)
    lines = [
        f"Mind: {mind}",
        f"Memories: {len(entries)} total ({verified} verified, {len(entries) - verified} unverified)",
    ]
    for n, m in enumerate(entries, 1):
        mark = "verified" if m.verified else "unverified"
        lines += ["", f"[{n:03d}] {m.category} ({m.priority.upper()}) [{mark}]"]
        lines += [_indent(m.key), _indent(m.content)]
        if m.tags:
            lines.append(_indent("Tags: " + ", ".join(m.tags)))
    return "\n".join(lines)


def _indent(text: str) -> str:
    """Two spaces before every line, so a multi-line content stays in its entry."""
    return "\n".join("  " + line for line in text.splitlines() or [""])


def search_memories(
    corpus: Index,
    tag: str | None,
    text: str | None,
    mind: str,
    cursor: str | None,
    limit: int,
    now: datetime,
) -> MemoryPage | InvalidCursor:
    """Current, unexpired memories with `tag` and `text` (both case-insensitive); paginated.

    `tag` matches a whole tag; `text` is a substring of the key or the content.
    Results come in recall order.

    Arguments are checked by the caller (`govmem.engine.operations`).
    """
    want_tag = _casefold(tag)
    want_text = _casefold(text)
    items = [
        r
        for r in live(corpus, now, mind)
        if (not want_tag or any(_casefold(t) == want_tag for t in r.tags))
        and (not want_text or want_text in _casefold(r.key) or want_text in _casefold(r.content))
    ]
    shape: list[JSONValue] = ["search_memories", want_tag, want_text, mind, limit]
    return _page(corpus, items, cursor, "search_memories.items", shape, limit)


def expiring(
    corpus: Index,
    within: str,
    as_of: When | None,
    mind: str,
    cursor: str | None,
    limit: int,
    now: datetime,
) -> MemoryPage | InvalidCursor:
    """Current memories that expire after `as_of` (else `now`) and within `within`.

    Ordered by `expires_at` (soonest first), then id.

    `within` is a checked duration (`12h`, `7d`, `2w`: `govmem.engine.operations`).
    """
    span = duration_of(within)
    at = as_of_instant(as_of, now)
    try:
        until = at + span
    except OverflowError:
        until = datetime.max.replace(tzinfo=UTC)
    items = sorted(
        (
            r
            for r in live(corpus, at, mind)
            if r.expires_at is not None and r.expires_at.bound <= until
        ),
        key=lambda r: (bound(r.expires_at), u16(r.id)),
    )
    shape: list[JSONValue] = ["expiring", within.strip().lower(), _date(as_of), mind, limit]
    return _page(corpus, items, cursor, "expiring.items", shape, limit)


def memory_history(corpus: Index, category: str, key: str, mind: str) -> MemoryPage:
    """Every version of one memory, oldest first (by `created_at`, recency, id).

    `category` is one of the eight, lower-cased (checked by the caller).
    """
    members = version_groups(corpus.records).get((mind, category, key), [])
    return MemoryPage(tuple(Memory.from_record(corpus.records[p]) for p in members), None)


# ---------------------------------------------------------------- arguments
def _casefold(text: str | None) -> str:
    return unicodedata.normalize("NFKC", text).strip().casefold() if text else ""


def _page(
    corpus: Index,
    records: Iterable[Record],
    cursor: str | None,
    channel: str,
    shape: list[JSONValue],
    limit: int,
) -> MemoryPage | InvalidCursor:
    page = paginate(
        [Memory.from_record(r) for r in records],
        cursor,
        channel=channel,
        fingerprint=corpus.health.fingerprint,
        shape=shape,
        limit=limit,
    )
    if isinstance(page, InvalidCursor):
        return page
    return MemoryPage(page.items, page.cursor)
