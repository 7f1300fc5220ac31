"""The govmem operations as MCP tools (SPEC §9), on the official SDK's `MCPServer`.

`build_server(state, allow_writes=False)` returns a server with the tools in
lexicographic order, each a short function over the live corpus:

* every tool has a description written for a model, a strict input schema
  (`strict`: unknown fields and type coercions are rejected before the tool
  runs, `additionalProperties: false` on the wire), the output schema of its
  `schemas` class, fixed annotations, `structuredContent = {corpusHealth,
  result}`, and two text blocks in `content`: a one-line summary, then the
  structured content as compact JSON (many clients hand only `content` to
  the model, and the MCP specification asks a tool with structured content
  to return it serialised too);
* arguments are strictly typed (no coercion) except `ref`, which also
  takes a JSON integer (`15` is the ref `"15"`: clients such as the MCP
  Inspector send numeric-looking strings as numbers);
* a topic named that does not exist is answered with the closest topics:
  as data in `get_decision_history` and `find_conflicts` (`closest_topics`),
  in the summary of `query` (whose result is exactly the library's answer);
* arguments a model can fix are tool errors (`isError: true`) whose text
  says what to change (schema violations in the SDK's words, the core's
  `InputError`s and `known_as_of` without history in govmem's); a corpus that cannot be read is the non-error outcome
  `corpus-unavailable` (without `corpusHealth`); a bad cursor is the
  non-error outcome `invalid-cursor`;
* `remember` exists only with `allow_writes` and writes only unverified,
  agent-sourced records;
* no prompts, resources or subscriptions; `tools/list` and
  `server/discover` are cacheable for five minutes in the 2026-07-28 era
  (the tool surface is fixed for the life of the process and holds no
  corpus content).

Tools are plain functions, so the SDK runs each call in a worker thread and
a reload never blocks the event loop; `LiveCorpus` serialises reloads.
"""

from __future__ import annotations

import inspect
import json
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import Annotated, Any, Final, Literal

from mcp.server import CacheHint
from mcp.server.caching import CacheableMethod
from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.tools import Tool
from mcp.server.mcpserver.utilities.func_metadata import ArgModelBase, FuncMetadata
from mcp.types import CallToolResult, ContentBlock, TextContent, ToolAnnotations
from pydantic import ConfigDict, Field

from govmem import Corpus, CorpusUnavailable, GitHistoryError, InputError
from govmem.engine.drill import existing_topic
from govmem.engine.validate import validate_args
from govmem.model.time import When, parse_iso
from govmem.shell import git as _git
from govmem.shell.load import load_known_as_of
from govmem.shell.write import remember_from_agent
from govmem.tools.decisions import run_tool
from govmem.tools.wire import text_summary

from . import schemas as s
from ._state import LiveCorpus
from ._version import __version__

SERVER_NAME: Final = "govmem"
NEEDS_HISTORY: Final = "known_as_of needs git history"
MAX_TEXT: Final = 512
"""`content[0].text` is cut to this many UTF-16 code units (adrkit's cap)."""

READ_ONLY: Final = ToolAnnotations(
    read_only_hint=True, destructive_hint=False, idempotent_hint=True, open_world_hint=False
)
WRITES: Final = ToolAnnotations(
    read_only_hint=False, destructive_hint=False, idempotent_hint=False, open_world_hint=False
)
CACHE_HINTS: Final[dict[CacheableMethod, CacheHint]] = {
    "tools/list": CacheHint(ttl_ms=300_000, scope="public"),
    "server/discover": CacheHint(ttl_ms=300_000, scope="public"),
}
INSTRUCTIONS: Final = (
    "govmem answers what a team has decided, from its decision records (ADRs), claims and "
    "memories in a git repository. Start with `query` for any 'what is decided about X' "
    "question: it returns one verdict with the decision in force, what it superseded, scope "
    "exceptions, open conflicts, evidence quotes and sources. `list_topics` shows which "
    "topics exist; `search_decisions` finds records by words; `get_decision` reads one "
    "record; `get_decision_history` and `find_conflicts` drill down. Records are read-only "
    "through this server."
)

# --- argument types ---------------------------------------------------------------

Name = Annotated[str, Field(min_length=1, max_length=128)]
Cursor = Annotated[
    str,
    Field(max_length=4096, description="The `cursor` of the previous page, unchanged."),
]
Limit = Annotated[int, Field(ge=1, le=100, description="Page size, 1–100 (default 20).")]
FindingsCursor = Annotated[
    str,
    Field(max_length=4096, description="The findings page's `cursor`, unchanged."),
]
FindingsLimit = Annotated[
    int, Field(ge=1, le=100, description="Findings page size, 1–100 (default 20).")
]
Status = Literal[
    "accepted",
    "proposed",
    "rejected",
    "deprecated",
    "superseded",
    "revoked",
    "unknown",
    "approved",
    "draft",
]
AsOf = Annotated[
    str,
    Field(
        min_length=10,
        max_length=64,
        pattern=r"^\d{4}-\d{2}-\d{2}([T ].*)?$",
        description="The date to answer for: YYYY-MM-DD or an ISO timestamp (default: now).",
    ),
]


# --- strictness -------------------------------------------------------------------


class _NoPreParse(FuncMetadata):
    """The SDK's argument metadata without its JSON-in-a-string pre-parsing (a coercion)."""

    def pre_parse_json(self, data: dict[str, Any]) -> dict[str, Any]:
        return dict(data)


def strict(tool: Tool) -> Tool:
    """Reject unknown arguments and type coercions; publish `additionalProperties: false`.

    mcp 2.3's generated argument model ignores unknown fields and coerces
    (`"7"` → 7, `'["a"]'` → `["a"]`). This subclasses it with
    `extra="forbid", strict=True`, swaps the metadata for one that does not
    pre-parse strings, and re-derives the published schema. It writes
    `Tool.fn_metadata` and `Tool.parameters`, which the SDK reads live
    (pinned to mcp 2.3 in pyproject; `tests/mcp/test_strict.py` guards it).
    """
    md = tool.fn_metadata
    config = ConfigDict(extra="forbid", strict=True)
    model: type[ArgModelBase] = type(
        md.arg_model.__name__, (md.arg_model,), {"model_config": config}
    )
    tool.fn_metadata = _NoPreParse(
        arg_model=model,
        output_schema=md.output_schema,
        output_model=md.output_model,
        wrap_output=md.wrap_output,
    )
    tool.parameters = model.model_json_schema(by_alias=True)
    return tool


# --- results ----------------------------------------------------------------------


def clip(text: str) -> str:
    """One line of at most `MAX_TEXT` UTF-16 code units."""
    line = " ".join(text.split())
    if len(line.encode("utf-16-le")) <= MAX_TEXT * 2:
        return line
    out = line.encode("utf-16-le")[: (MAX_TEXT - 1) * 2].decode("utf-16-le", "ignore")
    return out + "…"


def plural(n: int, one: str, many: str) -> str:
    """`1 conflict`, `2 conflicts`."""
    return f"{n} {one if n == 1 else many}"


def compact_json(value: Any) -> str:
    """`value` as compact JSON (no spaces, UTF-8 kept): the second content block."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def answer(summary: str, structured: dict[str, Any]) -> CallToolResult:
    """`content = [summary, structuredContent as compact JSON]`, and `structuredContent`."""
    content: list[ContentBlock] = [
        TextContent(type="text", text=clip(summary)),
        TextContent(type="text", text=compact_json(structured)),
    ]
    return CallToolResult(content=content, structured_content=structured)


def result(corpus: Corpus, out: Any, summary: str) -> CallToolResult:
    """`structuredContent = {corpusHealth, result}`, with the summary and the JSON as content."""
    if isinstance(out, dict) and out.get("outcome") == "invalid-cursor":
        summary = out["message"]
    return answer(summary, {"corpusHealth": s.to_wire_health(corpus.health), "result": out})


def unavailable(exc: CorpusUnavailable) -> CallToolResult:
    """The non-error `corpus-unavailable` outcome (without `corpusHealth`)."""
    out = s.to_wire_unavailable(exc)
    return answer(out["message"], {"result": dict(out)})


def closest_sentence(topic: str, closest: Sequence[str]) -> str:
    """`No topic "dns". Closest topics: a, b.` (or a pointer to `list_topics`)."""
    if closest:
        return f'No topic "{topic}". Closest topics: {", ".join(closest)}.'
    return f'No topic "{topic}"; list_topics lists the topics.'


def tool_error(text: str) -> CallToolResult:
    """A tool error (`isError: true`) a model can act on: what is wrong, then what to do.

    Returned rather than raised as `ToolError`, so that the text is exactly
    this one (the SDK prefixes a raised error with `Error executing tool …`).
    """
    return CallToolResult(content=[TextContent(type="text", text=text)], is_error=True)


class _Refused(Exception):
    """Raised inside a tool to answer with `tool_error(text)`."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text


def now() -> datetime:
    """The current instant, read at the boundary."""
    return datetime.now(UTC)


# --- the tools --------------------------------------------------------------------


def _tools(state: LiveCorpus, allow_writes: bool) -> list[Tool]:
    def run(op: Callable[[Corpus], CallToolResult]) -> CallToolResult:
        try:
            corpus = state.current()
        except CorpusUnavailable as exc:
            return unavailable(exc)
        try:
            return op(corpus)
        except InputError as exc:
            return tool_error(f"{exc}. Fix the argument and call again.")
        except _Refused as exc:
            return tool_error(exc.text)

    def query(
        question: Annotated[
            str,
            Field(
                min_length=1,
                max_length=2000,
                description="The question in words, any language.",
            ),
        ],
        topic: Annotated[
            Name | None,
            Field(description="The topic (a name or alias); inferred from the question if absent."),
        ] = None,
        scope: Annotated[
            Name | None,
            Field(description="The scope (a name or alias); else one named in the question."),
        ] = None,
        as_of: AsOf | None = None,
        known_as_of: Annotated[
            str | None,
            Field(
                min_length=7,
                max_length=64,
                pattern=r"^(\d{4}-\d{2}-\d{2}([T ].*)?|[0-9a-fA-F]{7,40})$",
                description=(
                    "Read the records as they were committed then: a date (YYYY-MM-DD or ISO "
                    "timestamp) or a 7–40 hex commit. as_of then defaults to that date."
                ),
            ),
        ] = None,
        mind: Annotated[
            Name, Field(description="Whose memories to include (default: default).")
        ] = "default",
    ) -> Annotated[CallToolResult, s.QueryOutput]:
        """Answer a plain question about what the team has decided: one verdict with its reasons.

        Call this first whenever the user asks what is decided, allowed, chosen or
        in force ("which database do new services use?", "are we still on
        Kafka?"). Pass the question in words, in any language; the topic is
        inferred from it (pass `topic` when you know it, e.g. from `list_topics`).
        The answer: `status` (verified, contested = an open conflict,
        insufficient_evidence, or unknown = no topic matched), the `decision` in
        force with its dates, what it superseded, narrower-scope exceptions,
        conflicting claims or proposals, evidence quotes checked against their
        sources, the sources, `missing_information`, and `drill_down` (whether
        another tool is needed at all). `as_of` asks about another date;
        `known_as_of` sees only what had been committed by then.

        Example: {"question": "Which database do we use for new services?"}
        """

        def op(corpus: Corpus) -> CallToolResult:
            when: str | When | None = as_of
            if known_as_of is not None:
                corpus, known = _known(state, known_as_of)
                when = as_of if as_of is not None else known
            a = corpus.query(question, topic, scope, when, mind, now=now())
            summary = query_summary(a.to_dict())
            if topic is not None and topic.strip() and existing_topic(corpus, topic, mind) is None:
                summary += " " + closest_sentence(topic, corpus.closest_topics(topic, mind))
            return result(corpus, s.to_wire_answer(a), summary)

        return run(op)

    def get_decision_history(
        topic: Annotated[
            Name, Field(description="A topic name or alias, or the id of one of its records.")
        ],
        scope: Annotated[
            Name | None, Field(description="Only records of scopes overlapping this one.")
        ] = None,
        cursor: Cursor | None = None,
        limit: Limit = 20,
    ) -> Annotated[CallToolResult, s.HistoryOutput]:
        """Drill down into how one topic's decisions changed over time: every record, as dated events.

        Call it when the user asks how a decision evolved, what was tried before,
        or when `query`'s `drill_down` suggests it. Each item is `{id, scope,
        status, date, event}`, oldest first; `event` is `recorded`,
        `status-change`, `superseded-by <id>` or `ended`. Rejected, revoked and
        superseded records are included. A topic that does not exist gives
        `topic: null` and `closest_topics`, the existing topics closest to the
        name. Paginated: pass back `cursor` with the same arguments.

        Example: {"topic": "database"}
        """

        def op(corpus: Corpus) -> CallToolResult:
            h = corpus.get_decision_history(topic, scope, cursor, limit)
            out = s.to_wire_history(h)
            n = len(out.get("items", ()))
            text = (
                f"Returned {plural(n, 'history event', 'history events')} of topic "
                f'"{out.get("topic")}".'
                if out.get("topic") is not None
                else closest_sentence(topic, out.get("closest_topics", ()))
            )
            return result(corpus, out, text)

        return run(op)

    def find_conflicts(
        topic: Annotated[Name | None, Field(description="Only this topic.")] = None,
        scope: Annotated[Name | None, Field(description="Only this scope.")] = None,
        as_of: AsOf | None = None,
        cursor: Cursor | None = None,
        limit: Limit = 20,
    ) -> Annotated[CallToolResult, s.ConflictsOutput]:
        """Drill down into conflicts: every claim or proposal that contradicts a decision in force.

        Call it to audit the decisions (all topics, or one), or when `query`
        says its conflicts were cut. Each item names the conflicting record, the
        decision it contradicts, its topic and scope, whether it is `open` or
        `resolved`, and a `resolution_hint`; open ones first. A `topic` that does
        not exist adds `closest_topics`. Paginated: pass back `cursor`.

        Example: {"topic": "database", "as_of": "2026-09-08"}
        """

        def op(corpus: Corpus) -> CallToolResult:
            out = s.to_wire_conflicts(
                corpus.find_conflicts(topic, scope, as_of, cursor, limit, now=now())
            )
            items = out.get("items", [])
            opened = sum(1 for i in items if i["status"] == "open")
            text = (
                f"Returned {plural(len(items), 'conflict', 'conflicts')}: {opened} open, "
                f"{len(items) - opened} resolved."
            )
            if topic is not None and "closest_topics" in out:
                text = closest_sentence(topic, out["closest_topics"])
            return result(corpus, out, text)

        return run(op)

    def list_topics(
        scope: Annotated[
            Name | None,
            Field(description="Only topics with a record on this scope, its parents or children."),
        ] = None,
        as_of: AsOf | None = None,
        mind: Annotated[
            Name, Field(description="Whose memories count (default: default).")
        ] = "default",
        cursor: Cursor | None = None,
        limit: Limit = 20,
    ) -> Annotated[CallToolResult, s.TopicsOutput]:
        """List the topics the decisions are about, each with its current status and decision.

        Call it to see what exists before asking, when `query` answers
        `unknown`, or when the user asks what has been decided at all. Each item:
        `topic` (a name to pass as `topic` to `query` or `get_decision_history`),
        its `aliases`, the `status` and `decision_id` that `query` would answer
        for it, and its `record_count`. Ordered by name; paginated: pass back
        `cursor` with the same arguments for the next page.

        Example: {"limit": 50}
        """

        def op(corpus: Corpus) -> CallToolResult:
            out = s.to_wire_topics(corpus.list_topics(scope, as_of, mind, cursor, limit, now=now()))
            items = out.get("items", [])
            more = " More with the cursor." if out.get("cursor") else ""
            text = f"Returned {plural(len(items), 'topic', 'topics')}.{more}"
            return result(corpus, out, text)

        return run(op)

    def recall(
        as_of: AsOf | None = None,
        mind: Annotated[Name, Field(description="Whose memories (default: default).")] = "default",
    ) -> Annotated[CallToolResult, s.RecallOutput]:
        """Load what this agent's memory holds: every current, unexpired memory, as plain text.

        Call it at the start of a task to bring remembered preferences, facts and
        past mistakes into context. `result.text` lists one entry per memory,
        most important first, each marked [verified] (confirmed by a human) or
        [unverified].

        Example: {}
        """

        def op(corpus: Corpus) -> CallToolResult:
            r = corpus.recall(as_of, mind, now=now())
            n, v = len(r.entries), r.verified_count
            text = (
                f'Recalled {plural(n, "memory", "memories")} of mind "{mind}" '
                f"({v} verified, {n - v} unverified)."
            )
            return result(corpus, s.to_wire_recall(r), text)

        return run(op)

    def search_memories(
        tag: Annotated[
            str | None,
            Field(min_length=1, max_length=64, description="A tag, case-insensitive."),
        ] = None,
        text: Annotated[
            str | None,
            Field(
                min_length=1,
                max_length=256,
                description="Text to find in a memory's key or content, case-insensitive.",
            ),
        ] = None,
        mind: Annotated[Name, Field(description="Whose memories (default: default).")] = "default",
        cursor: Cursor | None = None,
        limit: Limit = 20,
    ) -> Annotated[CallToolResult, s.MemoriesOutput]:
        """Find current memories by tag or words, without loading them all (see `recall`).

        Each item is one memory: id, category, key, content, priority, source,
        dates, and `verified` (whether a human confirmed it). Paginated: pass
        back `cursor` for the next page.

        Example: {"text": "editor"}
        """

        def op(corpus: Corpus) -> CallToolResult:
            page = corpus.search_memories(tag, text, mind, cursor, limit, now=now())
            out = s.to_wire_memories(page)
            n = len(out.get("items", ()))
            summary = f'Returned {plural(n, "memory", "memories")} of mind "{mind}".'
            return result(corpus, out, summary)

        return run(op)

    def remember(
        content: Annotated[
            str, Field(min_length=1, max_length=16384, description="The statement, in words.")
        ],
        kind: Annotated[
            Literal["memory", "claim"],
            Field(description="`memory` (needs category and key) or `claim` (neither)."),
        ] = "memory",
        category: Annotated[
            Literal[
                "identity", "preference", "fact", "project", "skill", "mistake", "context", "note"
            ]
            | None,
            Field(description="A memory's category (required for memories)."),
        ] = None,
        key: Annotated[
            str | None,
            Field(
                min_length=1,
                max_length=128,
                pattern=r"^[a-z0-9]+(_[a-z0-9]+)*$",
                description="A memory's stable snake_case key (required for memories).",
            ),
        ] = None,
        tags: Annotated[
            list[Annotated[str, Field(min_length=1, max_length=64)]] | None,
            Field(max_length=32, description="Labels."),
        ] = None,
        priority: Annotated[
            Literal["low", "normal", "high", "critical"] | None,
            Field(description="A memory's priority (default normal)."),
        ] = None,
        expires_at: Annotated[
            str | None,
            Field(
                min_length=10,
                max_length=64,
                pattern=r"^\d{4}-\d{2}-\d{2}([T ].*)?$",
                description="When a memory is forgotten: YYYY-MM-DD or an ISO timestamp.",
            ),
        ] = None,
        topic: Annotated[Name | None, Field(description="What it is about.")] = None,
        value: Annotated[
            Name | None, Field(description="The option it states, compared to find conflicts.")
        ] = None,
        scope: Annotated[Name | None, Field(description="Where it applies.")] = None,
        source_ids: Annotated[
            list[Name] | None,
            Field(max_length=32, description="Ids of source records it rests on."),
        ] = None,
    ) -> Annotated[CallToolResult, s.RememberOutput]:
        """Write a memory or a claim as a new file in the repository: unverified, agent-sourced.

        Call it to remember something worth keeping across sessions (a user's
        preference, a fact learned, a mistake not to repeat), or to record a
        claim that contradicts a decision so that humans can review it. It never
        changes an existing record, and what it writes never outranks a human's
        verified memory or an accepted decision until a human verifies or
        approves it. Returns the new record's `id` and file `path`.

        Example: {"kind": "memory", "category": "preference", "key": "editor", "content": "Prefers vim."}
        """
        args: dict[str, object] = {"kind": kind, "content": content}
        optional = {
            "category": category,
            "key": key,
            "tags": tags,
            "priority": priority,
            "expires_at": expires_at,
            "topic": topic,
            "value": value,
            "scope": scope,
            "source_ids": source_ids,
        }
        args.update({k: v for k, v in optional.items() if v is not None})
        try:
            written = remember_from_agent(state.root, args, now=now(), config=state.config)
        except CorpusUnavailable as exc:
            return unavailable(exc)
        except InputError as exc:
            return tool_error(f"{exc}. Fix the argument and call again.")

        def op(corpus: Corpus) -> CallToolResult:
            text = f"Wrote {kind} {written.id} to {written.path} (unverified, agent-sourced)."
            return result(corpus, dict(written.to_dict()), text)

        return run(op)

    def adrkit(name: str, args: dict[str, object]) -> CallToolResult:
        """One of the four adrkit-compatible tools, through `govmem.tools.decisions`.

        The arguments are validated before the corpus is touched (SPEC §6): a
        bad path is a tool error even when the corpus would need a reload or
        cannot be read at all.
        """
        wire = {k: v for k, v in args.items() if v is not None}
        try:
            validate_args(name, wire)
        except InputError as exc:
            return tool_error(f"{exc}. Fix the argument and call again.")

        def op(corpus: Corpus) -> CallToolResult:
            out = run_tool(corpus, name, wire)
            return result(corpus, out, text_summary(name, out))

        return run(op)

    def search_decisions(
        query: Annotated[
            str,
            Field(
                min_length=1,
                max_length=256,
                description="Text to find (literal, case-insensitive) in id, title, tags, body.",
            ),
        ],
        status: Annotated[
            list[Status] | None,
            Field(min_length=1, max_length=6, description="Any of these statuses."),
        ] = None,
        tags: Annotated[
            list[Annotated[str, Field(min_length=1, max_length=64)]] | None,
            Field(min_length=1, max_length=32, description="All of these tags."),
        ] = None,
        scope: Annotated[
            list[Name] | None,
            Field(min_length=1, max_length=3, description="Any of these scopes (or narrower)."),
        ] = None,
        cursor: Cursor | None = None,
        limit: Limit = 20,
        findingsCursor: FindingsCursor | None = None,  # noqa: N803 - adrkit's wire names
        findingsLimit: FindingsLimit = 20,  # noqa: N803
    ) -> Annotated[CallToolResult, s.SearchOutput]:
        """Find decision records by words: every record, rejected and superseded included.

        Call it to find records that mention a word, name or id — when `query`
        names no topic, or to check whether an option was ever considered.
        Matches are a literal, case-insensitive substring of id, title, tags or
        body; filters AND together (`status`, `scope` any-of; `tags` all-of).
        Returns `{id, title, status, sourcePath, matchedFields}` in id order, no
        ranking and no body (read one with `get_decision`), plus the corpus's
        findings as a separate page.

        Example: {"query": "postgres"}
        """
        return adrkit(
            "search_decisions",
            {
                "query": query,
                "status": status,
                "tags": tags,
                "scope": scope,
                "cursor": cursor,
                "limit": limit,
                "findingsCursor": findingsCursor,
                "findingsLimit": findingsLimit,
            },
        )

    def get_decision(
        ref: Annotated[
            Annotated[str, Field(min_length=1, max_length=128)] | int,
            Field(
                description=(
                    'An id (`adr-024`, `0042`), a number (`24` or "24"), a file name or a link.'
                ),
            ),
        ],
        cursor: Cursor | None = None,
        limit: Limit = 20,
        findingsCursor: FindingsCursor | None = None,  # noqa: N803 - adrkit's wire names
        findingsLimit: FindingsLimit = 20,  # noqa: N803
    ) -> Annotated[CallToolResult, s.GetDecisionOutput]:
        """Read one decision record in full: its typed frontmatter and its Markdown body.

        Call it to read a record that `query`, `search_decisions`,
        `list_superseded` or `get_decision_history` named. Outcomes: `found`,
        `not-found`, `ambiguous-local-id` (with the candidates), or
        `federated-log-unavailable` for a `log:id` ref. Relation refs are
        returned as written, never followed.

        Example: {"ref": "adr-024"}
        """
        return adrkit(
            "get_decision",
            {
                "ref": str(ref),
                "cursor": cursor,
                "limit": limit,
                "findingsCursor": findingsCursor,
                "findingsLimit": findingsLimit,
            },
        )

    def get_decision_context(
        files: Annotated[
            list[Annotated[str, Field(min_length=1, max_length=1024)]],
            Field(
                min_length=1,
                max_length=256,
                description="Repo-relative POSIX paths (no leading /, no .., no backslash).",
            ),
        ],
        cursor: Cursor | None = None,
        limit: Limit = 20,
        findingsCursor: FindingsCursor | None = None,  # noqa: N803 - adrkit's wire names
        findingsLimit: FindingsLimit = 20,  # noqa: N803
    ) -> Annotated[CallToolResult, s.ContextOutput]:
        """Find the decisions that govern given files, the proposals that touch them, and past ones.

        Call it before changing code: pass the paths you will edit. Each
        record's own `affects` patterns are compared with the paths (the files
        are never opened). Returns `governing` (accepted), `activeProposals`
        (proposed) and `history` (the rest), each entry with the matchers that
        fired and its relation refs.

        Example: {"files": ["src/db/pool.py"]}
        """
        return adrkit(
            "get_decision_context",
            {
                "files": files,
                "cursor": cursor,
                "limit": limit,
                "findingsCursor": findingsCursor,
                "findingsLimit": findingsLimit,
            },
        )

    def list_superseded(
        cursor: Cursor | None = None,
        limit: Limit = 20,
        findingsCursor: FindingsCursor | None = None,  # noqa: N803 - adrkit's wire names
        findingsLimit: FindingsLimit = 20,  # noqa: N803
    ) -> Annotated[CallToolResult, s.SupersededOutput]:
        """List every superseded (or replaced deprecated) decision and what directly replaced it.

        Call it before proposing an option, to avoid re-proposing what the team
        already replaced. Each entry's `supersededBy` is `{resolved: true,
        target}` or an unresolved state (`dangling`, `ambiguous`,
        `federated-unavailable`, `unknown`). One hop only.

        Example: {}
        """
        return adrkit(
            "list_superseded",
            {
                "cursor": cursor,
                "limit": limit,
                "findingsCursor": findingsCursor,
                "findingsLimit": findingsLimit,
            },
        )

    tools: list[tuple[Callable[..., CallToolResult], str, ToolAnnotations]] = [
        (query, "Ask what is decided", READ_ONLY),
        (search_decisions, "Search decisions", READ_ONLY),
        (get_decision, "Get a decision by ref", READ_ONLY),
        (get_decision_context, "Get decision context for files", READ_ONLY),
        (list_superseded, "List superseded decisions", READ_ONLY),
        (get_decision_history, "Get a topic's decision history", READ_ONLY),
        (find_conflicts, "Find conflicts", READ_ONLY),
        (list_topics, "List topics", READ_ONLY),
        (recall, "Recall memories", READ_ONLY),
        (search_memories, "Search memories", READ_ONLY),
    ]
    if allow_writes:
        tools.append((remember, "Remember a memory or claim", WRITES))
    return [
        strict(
            Tool.from_function(
                fn, title=title, description=inspect.cleandoc(fn.__doc__ or ""), annotations=ann
            )
        )
        for fn, title, ann in tools
    ]


def _known(state: LiveCorpus, known_as_of: str) -> tuple[Corpus, When]:
    """The corpus as committed at `known_as_of`, and the date `as_of` defaults to.

    Raises:
        _Refused: no git history, or nothing committed by then.
    """
    try:
        root = state.root
        when = _parse_date(known_as_of)
        if when is None:
            when = _git.commit_known_at(root, known_as_of).committed
        corpus = load_known_as_of(root, known_as_of, config=state.config, dir=state.dir_rel)
    except GitHistoryError as exc:
        why = "" if exc.message == NEEDS_HISTORY else f" ({exc.message})"
        msg = f"{NEEDS_HISTORY}{why}. Omit known_as_of, or give a later date or a commit of HEAD."
        raise _Refused(msg) from exc
    return corpus, when


def _parse_date(text: str) -> When | None:
    try:
        return parse_iso(text)
    except ValueError:
        return None


def query_summary(a: dict[str, Any]) -> str:
    """`VERIFIED: database in new-services as of 2026-09-08 — adr-024 (PostgreSQL); …`."""
    d = a["decision"]
    what = f"{d['id']} ({d['value']})" if d and d["value"] else (d["id"] if d else "no decision")
    opened = sum(1 for c in a["conflicts"] if c["status"] == "open")
    return (
        f"{a['status'].upper()}: {a['topic'] or 'no topic'} in {a['scope']} as of "
        f"{a['temporal_validity']['as_of']} — {what}; "
        f"{plural(opened, 'open conflict', 'open conflicts')}, "
        f"{len(a['superseded_decisions'])} superseded, "
        f"{plural(len(a['scope_exceptions']), 'scope exception', 'scope exceptions')}."
    )


def build_server(state: LiveCorpus, *, allow_writes: bool = False) -> MCPServer:
    """An `MCPServer` serving the govmem tools over `state` (module docstring)."""
    tools = sorted(_tools(state, allow_writes), key=lambda t: t.name)
    server: MCPServer = MCPServer(
        SERVER_NAME,
        version=__version__,
        instructions=INSTRUCTIONS,
        tools=tools,
        cache_hints=CACHE_HINTS,
        subscriptions=False,
        log_level="WARNING",
    )
    # MCPServer always registers prompt and resource handlers, which advertises both
    # capabilities; govmem serves neither (SPEC §9), so they are unregistered.
    handlers = server._lowlevel_server._request_handlers
    for method in (
        "prompts/list",
        "prompts/get",
        "resources/list",
        "resources/templates/list",
        "resources/read",
    ):
        handlers.pop(method, None)
    return server
