"""`Corpus`: an `Index` with the operations as methods — the library's one facade.

A `Corpus` is the frozen value of `govmem.index` (records, facts, lookups,
memo); each method checks its arguments against the one validator
(`govmem.engine.operations`: `InputError` before anything is read) and hands
them to the pure function that answers:

    query, closest_topics, existing_topic, get_decision_history,
    find_conflicts, list_topics, check_proposal -> govmem.engine
    recall, search_memories, expiring, memory_history
                                                -> govmem.memory
    search_decisions, get_decision, get_decision_context, list_superseded
                                                -> govmem.tools

Every result is a typed value with `to_dict()` (snake_case JSON) and
`to_wire()` (the MCP shape). "Now" is read here and nowhere else in the
library (`utc_now`): an operation that needs the current instant takes
`now=`, and reads the clock when it is None.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import UTC, date, datetime

from attrs import frozen

from .engine import check as _check
from .engine import drill as _drill
from .engine import query as _query
from .engine import topics as _topics
from .engine.answer import Answer, FoundConflicts, History
from .engine.check import ProposalCheck, proposal_text
from .engine.cursor import InvalidCursor
from .engine.operations import check_arguments
from .engine.topics import TopicList
from .engine.validate import Arguments
from .index.build import build_index
from .index.index import Index
from .memory import memory as _memory
from .memory.memory import MemoryPage, Recall
from .model.records import Config, Finding, Record, Relation, Source
from .model.time import When
from .tools import context as _context
from .tools import get as _get
from .tools import search as _search
from .tools import superseded as _superseded
from .tools.results import ContextMatches, DecisionOutcome, SearchResults, SupersededEntries

Instant = str | When | date | datetime
"""What an `as_of` may be: `YYYY-MM-DD`, an ISO timestamp, or a date value."""


def _pages(a: Arguments) -> tuple[str | None, int, str | None, int]:
    """(cursor, limit, findings cursor, findings limit) of an adrkit tool's checked arguments."""
    return (
        a.optional_text("cursor"),
        a.integer("limit"),
        a.optional_text("findings_cursor"),
        a.integer("findings_limit"),
    )


def _paging(
    cursor: str | None, limit: int, findings_cursor: str | None, findings_limit: int
) -> dict[str, object]:
    """An adrkit tool's paging arguments, by name."""
    return {
        "cursor": cursor,
        "limit": limit,
        "findings_cursor": findings_cursor,
        "findings_limit": findings_limit,
    }


def utc_now() -> datetime:
    """The current instant: the one place the library reads the clock."""
    return datetime.now(UTC)


@frozen
class Corpus(Index):
    """An immutable corpus: records, their derived facts, sources, relations, findings."""

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
        as_of: Instant | None = None,
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
        a = check_arguments(
            "query",
            {"question": question, "topic": topic, "scope": scope, "as_of": as_of, "mind": mind},
        )
        return _query.query(
            self,
            question,
            topic=topic,
            scope=scope,
            as_of=a.when("as_of"),
            now=now or utc_now(),
            mind=a.text("mind"),
        )

    def get_decision_history(
        self, topic: str, scope: str | None = None, cursor: str | None = None, limit: int = 20
    ) -> History | InvalidCursor:
        """Every record of a topic as dated events, ordered by (date, id); paginated.

        Raises:
            InputError: `limit` is not 1–100.
        """
        a = check_arguments(
            "get_decision_history",
            {"topic": topic, "scope": scope, "cursor": cursor, "limit": limit},
        )
        return _drill.get_decision_history(self, topic, scope, cursor, a.integer("limit"))

    def find_conflicts(
        self,
        topic: str | None = None,
        scope: str | None = None,
        as_of: Instant | None = None,
        cursor: str | None = None,
        limit: int = 20,
        *,
        now: datetime | None = None,
    ) -> FoundConflicts | InvalidCursor:
        """The conflicts of every topic (or one) in every scope with a decision; paginated.

        Raises:
            InputError: `as_of` is not a date, or `limit` is not 1–100.
        """
        a = check_arguments(
            "find_conflicts",
            {"topic": topic, "scope": scope, "as_of": as_of, "cursor": cursor, "limit": limit},
        )
        return _drill.find_conflicts(
            self, topic, scope, a.when("as_of"), cursor, a.integer("limit"), now=now or utc_now()
        )

    def list_topics(
        self,
        scope: str | None = None,
        as_of: Instant | None = None,
        mind: str = "default",
        cursor: str | None = None,
        limit: int = 20,
        *,
        now: datetime | None = None,
    ) -> TopicList | InvalidCursor:
        """Every topic with a record on a scope overlapping `scope`, by name; paginated.

        Each item is `{topic, aliases, status, decision_id, record_count}`,
        `status` and `decision_id` being what `query` answers for that topic,
        scope and `as_of`.

        Raises:
            InputError: `as_of` is not a date, or `limit` is not 1–100.
        """
        a = check_arguments(
            "list_topics",
            {"scope": scope, "as_of": as_of, "mind": mind, "cursor": cursor, "limit": limit},
        )
        return _topics.list_topics(
            self,
            scope,
            a.when("as_of"),
            a.text("mind"),
            cursor,
            a.integer("limit"),
            now=now or utc_now(),
        )

    def check_proposal(
        self,
        title: str,
        decision: str | None = None,
        topic: str | None = None,
        scope: str | None = None,
        as_of: Instant | None = None,
        value: str | None = None,
        *,
        now: datetime | None = None,
    ) -> ProposalCheck:
        """What a proposed decision meets before it is written (`govmem.engine.check`).

        The decision in force on its topic (given or inferred) and scope, the
        options the team rejected or superseded there (those it re-proposes
        first), open proposals, and the records in force it would overlap.

        Args:
            title: the proposal's title (`Use Redis for caching`).
            decision: what would be decided, in words.
            topic: the topic; inferred from the words when None.
            scope: where it would apply; else a scope its words name, else `all`.
            as_of: the date to check against; the current instant when None.
            value: the option it chooses, compared to the records' values.
            now: the current instant, when the caller has read it already.

        Raises:
            InputError: a blank title, or `as_of` is not a date.
        """
        a = check_arguments(
            "check_proposal",
            {
                "title": title,
                "decision": decision,
                "topic": topic,
                "scope": scope,
                "as_of": as_of,
                "value": value,
            },
        )
        return _check.check_proposal(
            self,
            proposal_text(title, decision),
            topic=topic,
            scope=scope,
            value=value,
            as_of=a.when("as_of"),
            now=now or utc_now(),
        )

    def closest_topics(self, name: str, mind: str = "default") -> tuple[str, ...]:
        """The (up to 3) topics closest to `name`, best first: for a topic that does not exist."""
        return _drill.closest_topics(self, name, mind)

    def existing_topic(self, name: str, mind: str = "default") -> str | None:
        """The topic `name` (a name, alias or record id) names, if `mind` sees a record on it."""
        return _drill.existing_topic(self, name, mind)

    def recall(
        self, as_of: Instant | None = None, mind: str = "default", *, now: datetime | None = None
    ) -> Recall:
        """What a mind remembers at `as_of`, as plain text for an LLM.

        Raises:
            InputError: `as_of` is not a date.
        """
        a = check_arguments("recall", {"as_of": as_of, "mind": mind})
        return _memory.recall(self, a.when("as_of"), a.text("mind"), now or utc_now())

    def search_memories(
        self,
        tag: str | None = None,
        text: str | None = None,
        mind: str = "default",
        cursor: str | None = None,
        limit: int = 20,
        *,
        now: datetime | None = None,
    ) -> MemoryPage | InvalidCursor:
        """Current memories by tag and text, case-insensitive; paginated.

        Raises:
            InputError: `limit` is not 1–100.
        """
        a = check_arguments(
            "search_memories",
            {"tag": tag, "text": text, "mind": mind, "cursor": cursor, "limit": limit},
        )
        return _memory.search_memories(
            self, tag, text, a.text("mind"), cursor, a.integer("limit"), now or utc_now()
        )

    def expiring(
        self,
        within: str,
        as_of: Instant | None = None,
        mind: str = "default",
        cursor: str | None = None,
        limit: int = 20,
        *,
        now: datetime | None = None,
    ) -> MemoryPage | InvalidCursor:
        """Current memories expiring within `12h`, `7d`, `2w`… of `as_of`; paginated.

        Raises:
            InputError: `within` is not such a duration, `as_of` is not a date,
                or `limit` is not 1–100.
        """
        a = check_arguments(
            "expiring",
            {"within": within, "as_of": as_of, "mind": mind, "cursor": cursor, "limit": limit},
        )
        return _memory.expiring(
            self,
            a.text("within"),
            a.when("as_of"),
            a.text("mind"),
            cursor,
            a.integer("limit"),
            now or utc_now(),
        )

    def memory_history(self, category: str, key: str, mind: str = "default") -> MemoryPage:
        """Every version of one memory, oldest first.

        Raises:
            InputError: `category` is not one of the eight categories.
        """
        a = check_arguments("memory_history", {"category": category, "key": key, "mind": mind})
        return _memory.memory_history(self, a.text("category"), key, a.text("mind"))

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
    ) -> SearchResults | InvalidCursor:
        """Literal substring search over id, title, tags and body; paginated (`tools.search`).

        Raises:
            InputError: arguments outside SPEC §6's limits.
        """
        a = check_arguments(
            "search_decisions",
            {
                "query": query,
                "status": status,
                "tags": tags,
                "scope": scope,
                **_paging(cursor, limit, findings_cursor, findings_limit),
            },
        )
        return _search.search_decisions(
            self,
            a.text("query"),
            a.texts("status"),
            a.texts("tags"),
            a.texts("scope"),
            *_pages(a),
        )

    def get_decision(
        self,
        ref: str,
        cursor: str | None = None,
        limit: int = 20,
        findings_cursor: str | None = None,
        findings_limit: int = 20,
    ) -> DecisionOutcome | InvalidCursor:
        """One decision by id or ref, with typed frontmatter and body (`tools.get`).

        Raises:
            InputError: arguments outside SPEC §6's limits.
        """
        a = check_arguments(
            "get_decision",
            {
                "ref": ref,
                **_paging(cursor, limit, findings_cursor, findings_limit),
            },
        )
        return _get.get_decision(self, a.text("ref"), *_pages(a))

    def get_decision_context(
        self,
        files: Sequence[str],
        cursor: str | None = None,
        limit: int = 20,
        findings_cursor: str | None = None,
        findings_limit: int = 20,
    ) -> ContextMatches | InvalidCursor:
        """Governing, proposed and historical decisions whose `affects` match `files`.

        Raises:
            InputError: arguments outside SPEC §6's limits.
        """
        a = check_arguments(
            "get_decision_context",
            {
                "files": files,
                **_paging(cursor, limit, findings_cursor, findings_limit),
            },
        )
        return _context.get_decision_context(self, a.texts("files"), *_pages(a))

    def list_superseded(
        self,
        cursor: str | None = None,
        limit: int = 20,
        findings_cursor: str | None = None,
        findings_limit: int = 20,
    ) -> SupersededEntries | InvalidCursor:
        """Every superseded record with its direct successor's state (`tools.superseded`).

        Raises:
            InputError: arguments outside SPEC §6's limits.
        """
        a = check_arguments(
            "list_superseded", _paging(cursor, limit, findings_cursor, findings_limit)
        )
        return _superseded.list_superseded(self, *_pages(a))
