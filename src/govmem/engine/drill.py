"""The drill-downs of `query`: a topic's whole history, and every conflict (SPEC §5).

* `get_decision_history(topic, scope)` lists every record of the topic
  (rejected, revoked and superseded included) as dated events, ordered by
  (date, id): `recorded` at the record's own date, `status-change` at each
  changelog line (with the new status), and, when its end is known,
  `superseded-by <id>` (its earliest effective successor) or `ended`.
  Undated events sort first. Memories count as the `default` mind's.
* `find_conflicts(topic, scope, as_of)` runs steps 1–4 of `query` for each
  topic (or the given one) and each scope with a decision (or the given
  one) and gathers their §5.5 conflicts, deduplicated by `conflict_id`
  (first found: topics in name order, scopes shallowest first), open ones
  first, then by topic and conflict id.
* A topic named to either that does not exist is answered with the closest
  topics (`closest_topics`): those the topic-inference ranking scores
  highest for the name asked as a question, the best three with a positive
  score, best first (ties by name in UTF-16 order).

Both are pure, paginated like the adrkit tools (opaque cursors bound to the
corpus fingerprint, the channel and the query's shape), snake_case on the
wire. Both are O(size of the topics asked about); `find_conflicts` without a
topic reads the whole corpus.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Final

from govmem.index.index import Index
from govmem.model.text import u16
from govmem.model.time import When

from . import answer as ans
from .cursor import InvalidCursor, paginate
from .qindex import topic_index, visible_members
from .query import make_ask, resolve

_NULL_DATE: Final = datetime.min.replace(tzinfo=UTC)
_EVENT_ORDER: Final = {ans.EVENT_RECORDED: 0, ans.EVENT_STATUS_CHANGE: 1}
_HISTORY_MIND: Final = "default"
MAX_CLOSEST: Final = 3
"""How many closest topics a missing topic is answered with."""


def existing_topic(corpus: Index, name: str, mind: str = "default") -> str | None:
    """The canonical topic `name` (a name, alias or record id) names, if `mind` sees a record on it."""
    topic = corpus.canonical_topic(name)
    return topic if topic in visible_members(corpus, mind) else None


def closest_topics(corpus: Index, name: str, mind: str = "default") -> tuple[str, ...]:
    """The topics closest to `name` asked as a question: the best 3 with a positive score."""
    ranked = topic_index(corpus, mind).rank(name).scores  # best first, ties by name
    return tuple(t for t, score in ranked if score > 0.0)[:MAX_CLOSEST]


def history_items(corpus: Index, topic: str, scope: str | None) -> list[ans.HistoryItem]:
    """Every dated event of the topic's records (on a scope overlapping `scope`), by (date, id)."""
    c = corpus
    items: list[ans.HistoryItem] = []
    for p in c.topic_members(topic):
        rec, f = c.records[p], c.facts[p]
        if rec.is_memory and rec.mind != _HISTORY_MIND:
            continue
        if scope is not None and not c.scopes.overlaps(f.scope, scope):
            continue
        items.append(ans.HistoryItem(rec.id, f.scope, rec.label, f.valid_from, ans.EVENT_RECORDED))
        items += [
            ans.HistoryItem(rec.id, f.scope, ch.status, ch.at, ans.EVENT_STATUS_CHANGE)
            for ch in rec.changes
        ]
        if f.valid_to is not None:
            successor = next((c.records[s].id for s in f.successors), None)
            event = ans.superseded_by_event(successor) if successor else ans.EVENT_ENDED
            items.append(ans.HistoryItem(rec.id, f.scope, f.label, f.valid_to, event))
    return sorted(
        items,
        key=lambda i: (
            i.date.bound if i.date is not None else _NULL_DATE,
            u16(i.id),
            _EVENT_ORDER.get(i.event, 2),
        ),
    )


def get_decision_history(
    corpus: Index, topic: str, scope: str | None = None, cursor: str | None = None, limit: int = 20
) -> ans.History | InvalidCursor:
    """`{topic, items: [{id, scope, status, date, event}], cursor}` of a topic, paginated.

    An unknown topic gives `{topic: null, items: [], cursor: null}` and the
    closest topics (`closest_topics`).

    Arguments are checked by the caller (`govmem.engine.operations`).
    """
    name = existing_topic(corpus, topic, _HISTORY_MIND)
    if name is None:
        return ans.History(None, closest_topics=closest_topics(corpus, topic, _HISTORY_MIND))
    canon_scope = corpus.scopes.canonical(scope) if scope is not None and scope.strip() else None
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


def _scopes_with_a_decision(corpus: Index, members: tuple[int, ...], at: datetime) -> list[str]:
    """Scopes of records that could be a decision: in force, or a started fallback."""
    found = {
        corpus.facts[p].scope
        for p in members
        if corpus.in_force(p, at)
        or (corpus.facts[p].status in ("proposed", "unknown") and corpus.has_started(p, at))
    }
    return sorted(found, key=lambda s: (corpus.scopes.depth(s), u16(s)))


def all_conflicts(
    corpus: Index, topic: str | None, scope: str | None, as_of: When | None, now: datetime
) -> list[ans.FoundConflict]:
    """The §5.5 conflicts of each topic (or the given one) and each scope with a decision."""
    ask = make_ask("", as_of, now)
    topics = [corpus.canonical_topic(topic)] if topic is not None else list(corpus.topics())
    found: dict[str, ans.FoundConflict] = {}
    for name in topics:
        members = tuple(p for p in corpus.topic_members(name) if corpus.sees(p, ask.mind))
        if not members:
            continue
        scopes = [scope] if scope is not None else _scopes_with_a_decision(corpus, members, ask.at)
        for s in scopes:
            verdict = resolve(corpus, ask, name, s)
            if verdict.decision is None:
                continue
            decision_id = corpus.records[verdict.decision].id
            for _, item in verdict.conflicts:
                found.setdefault(
                    item.conflict_id,
                    ans.FoundConflict.from_conflict(
                        item, topic=name, scope=verdict.scope, decision_id=decision_id
                    ),
                )
    return sorted(
        found.values(), key=lambda f: (f.status != "open", u16(f.topic), u16(f.conflict_id))
    )


def find_conflicts(
    corpus: Index,
    topic: str | None = None,
    scope: str | None = None,
    as_of: When | None = None,
    cursor: str | None = None,
    limit: int = 20,
    *,
    now: datetime,
) -> ans.FoundConflicts | InvalidCursor:
    """`{items: [conflict + topic, scope, decision_id, resolution_hint], cursor}`, paginated.

    Arguments are checked by the caller (`govmem.engine.operations`).
    """
    topic = topic if topic is not None and topic.strip() else None
    scope = scope if scope is not None and scope.strip() else None
    closest = None
    if topic is not None and existing_topic(corpus, topic) is None:
        closest = closest_topics(corpus, topic)
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
    return ans.FoundConflicts(page.items, page.cursor, closest)
