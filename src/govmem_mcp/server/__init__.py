"""The govmem operations as MCP tools (SPEC §9), on the official SDK's low-level `Server`.

`build_server(state, allow_writes=False)` returns a server with the tools in
lexicographic order, each a short function over the live corpus (one module
per group: `decisions`, `memory`, `adrkit`, `proposals`; what they share is
in `base`):

* every tool has a description written for a model, a strict input schema
  generated from govmem's one validator (`govmem.OPERATIONS`; `base`:
  unknown fields and type coercions are rejected before the tool runs,
  `additionalProperties: false` on the wire), the output schema of its
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
* `remember` and `propose_decision` exist only with `allow_writes`: the
  first writes only unverified, agent-sourced memories and claims, the
  second one new `proposed` decision record (`proposals`), touching no
  other file; a write is acknowledged once its file is in place, even when
  the reload after it fails (`base.acknowledge`);
* no prompts, resources or subscriptions; `tools/list` and
  `server/discover` are cacheable for five minutes in the 2026-07-28 era
  (the tool surface is fixed for the life of the process and holds no
  corpus content).

Only the SDK's public API is used: `Server(on_list_tools=..., on_call_tool=...)`
with the schemas and results built here. Each call runs in a worker thread,
so a reload never blocks the event loop; `LiveCorpus` serialises reloads.
"""

from __future__ import annotations

import functools
import json
import logging
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

import anyio
from mcp.server.caching import CacheableMethod, CacheHint
from mcp.server.context import ServerRequestContext
from mcp.server.lowlevel import Server
from mcp.types import (
    CallToolRequestParams,
    CallToolResult,
    ListToolsResult,
    PaginatedRequestParams,
    Tool,
)
from pydantic import BaseModel, TypeAdapter, ValidationError

import govmem
from govmem_mcp._state import LiveCorpus
from govmem_mcp._version import __version__

from . import adrkit, decisions, memory, proposals
from .base import ToolSpec, input_model, output_adapter, tool_error

__all__ = ["SERVER_NAME", "build_server"]

log = logging.getLogger("govmem_mcp")

SERVER_NAME: Final = "govmem"
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
    "record; `get_decision_history` and `find_conflicts` drill down. Before proposing a "
    "decision, `check_proposal` shows what the team already decided or rejected on it. Records "
    "are read-only through this server, unless it was started with --allow-writes: then "
    "`remember` and `propose_decision` add new, unverified records (a person approves them)."
)
SPECS: Final = (*decisions.TOOLS, *memory.TOOLS, *adrkit.TOOLS, *proposals.TOOLS)


class _Tool:
    """A tool ready to serve: its listing, its input model and its output validator."""

    def __init__(self, spec: ToolSpec) -> None:
        self.spec = spec
        self.model: type[BaseModel] = input_model(govmem.OPERATIONS[spec.name])
        self.output: TypeAdapter[Any] = output_adapter(spec.output)
        self.listed = Tool(
            name=spec.name,
            title=spec.title,
            description=spec.description,
            input_schema=self.model.model_json_schema(by_alias=True),
            output_schema=self.output.json_schema(),
            annotations=spec.annotations,
        )

    def call(self, state: LiveCorpus, arguments: Mapping[str, Any]) -> CallToolResult:
        """Run the tool on checked arguments, then check its structured content."""
        out = self.spec.run(state, arguments)
        if not out.is_error and out.structured_content is not None:
            self.output.validate_python(out.structured_content)
        return out


LISTING: Final = Path(__file__).with_name("tools.json")
"""Every tool's listing (`Tool` as JSON, by name), generated from the code once
(`python -m govmem_mcp.server._listing`) and shipped: `tests/mcp/test_listing.py` checks it
equals what the code builds, so it cannot drift."""


@functools.cache
def _shipped() -> dict[str, Any]:
    """`LISTING` read, once per process (package data, like a module: never the corpus).

    Raises:
        OSError: it cannot be read.
        ValueError: it is not a JSON object.
    """
    shipped = json.loads(LISTING.read_text(encoding="utf-8"))
    if not isinstance(shipped, dict):
        msg = "tools.json is not a JSON object"
        raise ValueError(msg)
    return shipped


class _Tools:
    """The served tools: the listing read from `LISTING` the first time a client lists them,
    each tool's input model and output validator built the first time it is called.

    Building every tool's models and schemas costs about a tenth of a second, which a
    client's first answer would wait for (the SDK client lists the tools after its first
    call, to check the answer against the output schema). Both handlers run on the event
    loop's one thread, so each is built once.
    """

    def __init__(self, allow_writes: bool) -> None:
        self.specs = {spec.name: spec for spec in SPECS if allow_writes or not spec.writes}
        self._tools: dict[str, _Tool] = {}
        self._listed: list[Tool] | None = None

    def get(self, name: str) -> _Tool | None:
        """The tool served under `name`, built on its first call; None when there is none."""
        tool = self._tools.get(name)
        if tool is None and name in self.specs:
            tool = self._tools[name] = _Tool(self.specs[name])
        return tool

    def listed(self) -> list[Tool]:
        """The served tools' listing, in lexicographic order."""
        if self._listed is None:
            names = sorted(self.specs)
            try:
                shipped = _shipped()
                self._listed = [Tool.model_validate(shipped[name]) for name in names]
            except (OSError, ValueError, KeyError):  # not shipped (a broken install): built
                self._listed = [_Tool(self.specs[name]).listed for name in names]
        return self._listed


def build_server(state: LiveCorpus, *, allow_writes: bool = False) -> Server[Any]:
    """A `Server` serving the govmem tools over `state` (module docstring)."""
    tools = _Tools(allow_writes)

    async def list_tools(
        ctx: ServerRequestContext[Any], params: PaginatedRequestParams | None
    ) -> ListToolsResult:
        return ListToolsResult(tools=tools.listed())

    async def call_tool(
        ctx: ServerRequestContext[Any], params: CallToolRequestParams
    ) -> CallToolResult:
        tool = tools.get(params.name)
        if tool is None:
            return tool_error(f"Unknown tool: {params.name}")
        try:
            checked = tool.model.model_validate(params.arguments or {})
        except ValidationError as exc:
            return tool_error(f"Error executing tool {params.name}: {exc}")
        arguments = {name: getattr(checked, name) for name in type(checked).model_fields}
        try:
            return await anyio.to_thread.run_sync(tool.call, state, arguments)
        except Exception:
            log.exception("Tool %r raised an unexpected exception", params.name)
            return tool_error(f"Error executing tool {params.name}")

    return Server(
        SERVER_NAME,
        version=__version__,
        instructions=INSTRUCTIONS,
        cache_hints=CACHE_HINTS,
        on_list_tools=list_tools,
        on_call_tool=call_tool,
    )
