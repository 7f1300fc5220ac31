"""Which topics exist, and which are closest to a name that is none of them.

* `list_topics(scope, as_of, mind)` lists every topic with a record (that
  `mind` sees) whose scope overlaps `scope` — every topic when no scope is
  given — ordered by name in UTF-16 code units. Each item carries what
  `query` answers for that topic, scope and `as_of` (`status`, and the id
  of its `decision`, null when it has none), the topic's declared aliases
  (`govmem.yaml`; a record's id names its topic too, but is not listed) and
  how many of its records overlap the scope. Paginated like the other
  snake_case drill-downs: the names are paged first, then only the topics of
  the page are answered, so a page costs its own topics, not the corpus.
* A topic named to `history`, `timeline`, `query --topic` or a tool that
  does not exist is answered with the closest topics
  (`drill.closest_topics`).

Pure: `as_of` None means the `now` passed in.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from types import MappingProxyType
from typing import Final

from attrs import frozen

from govmem.index.index import Index
from govmem.index.memo import Key
from govmem.model.text import fold, u16
from govmem.model.time import When

from .answer import AnswerStatus, JSONValue
from .cursor import InvalidCursor, paginate
from .qindex import visible_members
from .query import query

ALIASES: Final = Key[Mapping[str, tuple[str, ...]]]("topics:aliases")


@frozen
class TopicItem:
    """One topic: its aliases, what `query` answers for it, and its record count."""

    topic: str
    aliases: tuple[str, ...]
    status: AnswerStatus
    decision_id: str | None
    record_count: int

    def to_dict(self) -> dict[str, JSONValue]:
        """`{topic, aliases, status, decision_id, record_count}`."""
        return {
            "topic": self.topic,
            "aliases": list(self.aliases),
            "status": self.status,
            "decision_id": self.decision_id,
            "record_count": self.record_count,
        }


@frozen
class TopicList:
    """A page of `list_topics`: `{items, cursor}`."""

    items: tuple[TopicItem, ...] = ()
    cursor: str | None = None

    def to_dict(self) -> dict[str, JSONValue]:
        """`{items, cursor}`."""
        return {"items": [i.to_dict() for i in self.items], "cursor": self.cursor}

    def to_wire(self) -> dict[str, JSONValue]:
        """The MCP tool's `result`: `to_dict()` (its keys are the wire's)."""
        return self.to_dict()


def declared_aliases(corpus: Index) -> Mapping[str, tuple[str, ...]]:
    """topic -> its aliases as `govmem.yaml` writes them (declared topics only)."""

    def build() -> Mapping[str, tuple[str, ...]]:
        out: dict[str, tuple[str, ...]] = {}
        for spec in corpus.config.topics:
            name = fold(spec.name.strip())
            out[name] = tuple(dict.fromkeys((*out.get(name, ()), *spec.aliases)))
        return MappingProxyType(out)

    return corpus.memo.get(ALIASES, build)


def list_topics(
    corpus: Index,
    scope: str | None = None,
    as_of: When | None = None,
    mind: str = "default",
    cursor: str | None = None,
    limit: int = 20,
    *,
    now: datetime,
) -> TopicList | InvalidCursor:
    """`{items: [{topic, aliases, status, decision_id, record_count}], cursor}`, paginated.

    Arguments are checked by the caller (`govmem.engine.operations`).
    """
    c = corpus
    canon = c.scopes.canonical(scope) if scope is not None and scope.strip() else None
    counted: list[tuple[str, int]] = []
    for topic, members in sorted(visible_members(c, mind).items(), key=lambda kv: u16(kv[0])):
        if canon is None:
            counted.append((topic, len(members)))
            continue
        n = sum(1 for p in members if c.scopes.overlaps(c.facts[p].scope, canon))
        if n:
            counted.append((topic, n))
    page = paginate(
        counted,
        cursor,
        channel="topics.items",
        fingerprint=c.health.fingerprint,
        shape=["topics", canon, str(as_of) if as_of is not None else None, mind, limit],
        limit=limit,
    )
    if isinstance(page, InvalidCursor):
        return page
    aliases = declared_aliases(c)
    items = []
    for topic, n in page.items:
        answer = query(c, "", topic=topic, scope=scope, as_of=as_of, now=now, mind=mind)
        items.append(
            TopicItem(
                topic=topic,
                aliases=aliases.get(topic, ()),
                status=answer.status,
                decision_id=answer.decision.id if answer.decision is not None else None,
                record_count=n,
            )
        )
    return TopicList(tuple(items), page.cursor)
