"""The drill-downs of `query`: a topic's whole history, and every open conflict (SPEC §5).

Both are pure, paginated like the adrkit tools (opaque cursors bound to the
corpus fingerprint, the channel and the query's shape), snake_case on the wire.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING

from . import _answer as ans
from ._cursor import InvalidCursor, paginate
from ._query import Ask, _Query
from ._text import u16
from ._time import When

if TYPE_CHECKING:
    from ._corpus import Corpus

_NULL_DATE = datetime.min.replace(tzinfo=UTC)


def history_items(corpus: Corpus, topic: str, scope: str | None) -> list[ans.HistoryItem]:
    """Every dated event of the topic's records, ordered by (date, id)."""
    c = corpus
    items: list[ans.HistoryItem] = []
    for p in c.topic_members(topic):
        rec, f = c.records[p], c.facts[p]
        if scope is not None and not c.scopes.overlaps(f.scope, scope):
            continue
        items.append(ans.HistoryItem(rec.id, f.scope, rec.label, f.valid_from, ans.EVENT_RECORDED))
        for change in rec.changes:
            items.append(
                ans.HistoryItem(rec.id, f.scope, change.status, change.at, ans.EVENT_STATUS_CHANGE)
            )
        if f.valid_to is not None:
            successor = next((c.records[s].id for s in f.successors), None)
            event = ans.superseded_by_event(successor) if successor else ans.EVENT_ENDED
            items.append(ans.HistoryItem(rec.id, f.scope, f.label, f.valid_to, event))
    order = {ans.EVENT_RECORDED: 0, ans.EVENT_STATUS_CHANGE: 1}
    return sorted(
        items,
        key=lambda i: (
            i.date.bound if i.date is not None else _NULL_DATE,
            u16(i.id),
            order.get(i.event, 2),
        ),
    )


def get_decision_history(
    corpus: Corpus, topic: str, scope: str | None = None, cursor: str | None = None, limit: int = 20
) -> ans.History | InvalidCursor:
    """`{topic, items: [{id, scope, status, date, event}], cursor}` of a topic, paginated."""
    name = corpus.canonical_topic(topic)
    if not corpus.topic_members(name):
        return ans.History(None)
    canon_scope = corpus.scopes.canonical(scope) if scope is not None else None
    items = history_items(corpus, name, canon_scope)
    page = paginate(
        items,
        cursor,
        channel="history.items",
        fingerprint=corpus.health.fingerprint,
        shape=["history", name, canon_scope, limit],
        limit=limit,
    )
    if isinstance(page, InvalidCursor):
        return page
    return ans.History(name, page.items, page.cursor)


def all_conflicts(
    corpus: Corpus, topic: str | None, scope: str | None, as_of: When | None, now: datetime
) -> list[ans.FoundConflict]:
    """The §5.5 conflicts of each topic (or the given one) and each scope with a decision."""
    at = as_of.as_of if as_of is not None else now
    shown: When | str = (
        as_of if as_of is not None else When.from_datetime(now.replace(microsecond=0))
    )
    topics = [corpus.canonical_topic(topic)] if topic is not None else list(corpus.topics())
    found: dict[str, ans.FoundConflict] = {}
    for name in topics:
        members = corpus.topic_members(name)
        if scope is not None:
            scopes = [scope]
        else:
            live = {corpus.facts[p].scope for p in members if corpus.in_force(p, at)}
            scopes = sorted(live, key=u16)
        for s in scopes:
            q = _Query(corpus, Ask("", shown, at, "default"))
            answer = q.run(name, s)
            if answer.decision is None:
                continue
            for item in q.found:
                found.setdefault(
                    item.conflict_id,
                    ans.FoundConflict.from_conflict(
                        item, topic=name, scope=answer.scope, decision_id=answer.decision.id
                    ),
                )
    return sorted(
        found.values(), key=lambda f: (f.status != "open", u16(f.topic), u16(f.conflict_id))
    )


def find_conflicts(
    corpus: Corpus,
    topic: str | None = None,
    scope: str | None = None,
    as_of: When | None = None,
    cursor: str | None = None,
    limit: int = 20,
    *,
    now: datetime,
) -> ans.FoundConflicts | InvalidCursor:
    """`{items: [conflict + topic, scope, decision_id, resolution_hint], cursor}`, paginated."""
    items = all_conflicts(corpus, topic, scope, as_of, now)
    shape = ["conflicts", topic, scope, str(as_of) if as_of else None, limit]
    page = paginate(
        items,
        cursor,
        channel="conflicts.items",
        fingerprint=corpus.health.fingerprint,
        shape=shape,
        limit=limit,
    )
    if isinstance(page, InvalidCursor):
        return page
    return ans.FoundConflicts(page.items, page.cursor)
