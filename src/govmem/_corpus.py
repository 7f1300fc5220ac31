"""`Corpus`: an `Index` with the operations as methods — the library's one facade.

A `Corpus` is the frozen value of `govmem.index` (records, facts, lookups,
memo); its methods are the read operations of SPEC §5–§7, each handing its
arguments to the pure function that answers it:

    query, closest_topics, get_decision_history, find_conflicts, list_topics
                                          -> govmem.engine (query, drill, topics)
    recall, search_memories, expiring, memory_history
                                          -> govmem.memory
    search_decisions, get_decision, get_decision_context, list_superseded
                                          -> govmem.tools

"Now" is read here and nowhere else in the library: an operation that needs
the current instant takes `now=`, and reads the clock when it is None.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import date, datetime

from attrs import frozen

from .engine import drill as _drill
from .engine import query as _query
from .engine import topics as _topics
from .engine.answer import Answer, FoundConflicts, History
from .engine.cursor import InvalidCursor
from .index.build import build_index
from .index.index import Index
from .memory import memory as _memory
from .model.records import Config, Finding, Record, Relation, Source
from .model.time import When, utc_now
from .tools import decisions as _tools


@frozen
class Corpus(Index):
    """An immutable corpus: records, their derived facts, sources, relations, findings."""

    # ----------------------------------------------------------------- building
    @classmethod
    def from_records(
        cls,
        records: Iterable[Record] = (),
        *,
        sources: Iterable[Source] = (),
        relations: Iterable[Relation] = (),
        config: Config | None = None,
        findings: Iterable[Finding] = (),
        fingerprint: str | None = None,
        excluded_count: int = 0,
        folder_scopes: Mapping[str, str] | None = None,
    ) -> Corpus:
        """Build a corpus from records made in memory (no files needed).

        It reports the same between-record findings a load would
        (duplicate ids, dangling and ambiguous refs, cycles, one-sided links).
        """
        return build_index(
            cls,
            list(records),
            list(sources),
            list(relations),
            config or Config(),
            list(findings),
            fingerprint=fingerprint,
            excluded_count=excluded_count,
            folder_scopes=folder_scopes or {},
        )

    # --------------------------------------------------------------- operations
    def query(
        self,
        question: str,
        topic: str | None = None,
        scope: str | None = None,
        as_of: str | When | date | datetime | None = None,
        mind: str = "default",
        *,
        now: datetime | None = None,
    ) -> Answer:
        """What is decided about a topic, in a scope, as of a date: one verdict.

        Args:
            question: the question in words, any language.
            topic: the topic (name or alias); inferred from the question when None.
            scope: the scope (name or alias); else one named in the question.
            as_of: `YYYY-MM-DD` or an ISO timestamp; the current instant when None.
            mind: whose memories the query sees.
            now: the current instant, when the caller has read it already.

        Raises:
            InputError: `as_of` is not a date.
        """
        when = _query.parse_as_of(as_of)
        return _query.query(
            self, question, topic=topic, scope=scope, as_of=when, now=now or utc_now(), mind=mind
        )

    def get_decision_history(
        self, topic: str, scope: str | None = None, cursor: str | None = None, limit: int = 20
    ) -> History | InvalidCursor:
        """Every record of a topic as dated events, ordered by (date, id); paginated."""
        return _drill.get_decision_history(self, topic, scope, cursor, limit)

    def find_conflicts(
        self,
        topic: str | None = None,
        scope: str | None = None,
        as_of: str | When | date | datetime | None = None,
        cursor: str | None = None,
        limit: int = 20,
        *,
        now: datetime | None = None,
    ) -> FoundConflicts | InvalidCursor:
        """The conflicts of every topic (or one) in every scope with a decision; paginated."""
        when = _query.parse_as_of(as_of)
        return _drill.find_conflicts(self, topic, scope, when, cursor, limit, now=now or utc_now())

    def list_topics(
        self,
        scope: str | None = None,
        as_of: str | When | date | datetime | None = None,
        mind: str = "default",
        cursor: str | None = None,
        limit: int = 20,
        *,
        now: datetime | None = None,
    ) -> _topics.TopicList | InvalidCursor:
        """Every topic with a record on a scope overlapping `scope`, by name; paginated.

        Each item is `{topic, aliases, status, decision_id, record_count}`,
        `status` and `decision_id` being what `query` answers for that topic,
        scope and `as_of`.

        Raises:
            InputError: `as_of` is not a date, or `limit` is not 1–100.
        """
        when = _query.parse_as_of(as_of)
        return _topics.list_topics(self, scope, when, mind, cursor, limit, now=now or utc_now())

    def closest_topics(self, name: str, mind: str = "default") -> tuple[str, ...]:
        """The (up to 3) topics closest to `name`, best first: for a topic that does not exist."""
        return _drill.closest_topics(self, name, mind)

    def recall(
        self,
        as_of: str | When | date | datetime | None = None,
        mind: str = "default",
        *,
        now: datetime | None = None,
    ) -> _memory.Recall:
        """What a mind remembers at `as_of`, as plain text for an LLM."""
        when = _query.parse_as_of(as_of)
        return _memory.recall(self, when, mind, now or utc_now())

    def search_memories(
        self,
        tag: str | None = None,
        text: str | None = None,
        mind: str = "default",
        cursor: str | None = None,
        limit: int = 20,
        *,
        now: datetime | None = None,
    ) -> _memory.MemoryPage | InvalidCursor:
        """Current memories by tag and text, case-insensitive; paginated."""
        return _memory.search_memories(self, tag, text, mind, cursor, limit, now or utc_now())

    def expiring(
        self,
        within: str,
        as_of: str | When | date | datetime | None = None,
        mind: str = "default",
        cursor: str | None = None,
        limit: int = 20,
        *,
        now: datetime | None = None,
    ) -> _memory.MemoryPage | InvalidCursor:
        """Current memories expiring within `12h`, `7d`, `2w`… of `as_of`; paginated."""
        when = _query.parse_as_of(as_of)
        return _memory.expiring(self, within, when, mind, cursor, limit, now or utc_now())

    def memory_history(self, category: str, key: str, mind: str = "default") -> _memory.MemoryPage:
        """Every version of one memory, oldest first."""
        return _memory.memory_history(self, category, key, mind)

    # ------------------------------------------------------- adrkit tools (SPEC §6)
    def search_decisions(
        self,
        query: str,
        status: Sequence[str] | None = None,
        tags: Sequence[str] | None = None,
        scope: Sequence[str] | None = None,
        cursor: str | None = None,
        limit: int = 20,
        findings_cursor: str | None = None,
        findings_limit: int = 20,
    ) -> _tools.Result:
        """Literal substring search over id, title, tags and body; paginated (`_tools`)."""
        return _tools.search_decisions(
            self, query, status, tags, scope, cursor, limit, findings_cursor, findings_limit
        )

    def get_decision(
        self,
        ref: str,
        cursor: str | None = None,
        limit: int = 20,
        findings_cursor: str | None = None,
        findings_limit: int = 20,
    ) -> _tools.Result:
        """One decision by id or ref, with typed frontmatter and body (`_tools`)."""
        return _tools.get_decision(self, ref, cursor, limit, findings_cursor, findings_limit)

    def get_decision_context(
        self,
        files: Sequence[str],
        cursor: str | None = None,
        limit: int = 20,
        findings_cursor: str | None = None,
        findings_limit: int = 20,
    ) -> _tools.Result:
        """Governing, proposed and historical decisions whose `affects` match `files`."""
        return _tools.get_decision_context(
            self, files, cursor, limit, findings_cursor, findings_limit
        )

    def list_superseded(
        self,
        cursor: str | None = None,
        limit: int = 20,
        findings_cursor: str | None = None,
        findings_limit: int = 20,
    ) -> _tools.Result:
        """Every superseded record with its direct successor's state (`_tools`)."""
        return _tools.list_superseded(self, cursor, limit, findings_cursor, findings_limit)
