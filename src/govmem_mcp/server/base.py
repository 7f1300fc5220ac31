"""What every tool of the server shares: its declaration, its input model, and its answers.

A tool is a `ToolSpec`: a name, a title, a description written for a model,
fixed annotations, the `schemas` class of its structured content, the
govmem operation whose arguments it takes (`govmem.OPERATIONS`), and a
function `(state, arguments) -> CallToolResult` that runs in a worker
thread.

**Input.** The input model is generated from the operation's declared
arguments (`input_model`): each `Value` becomes a pydantic type with its
bounds, each `Arg` a field with its default and description, and the model
forbids unknown fields and coercions (`extra="forbid", strict=True`), so
the published schema says `additionalProperties: false` and a bad argument
is refused, before the tool runs, in pydantic's words. The one exception to
strict typing is a value declared `or_integer` (`ref`): a JSON integer is
taken too, as its decimal text.

**Output.** `structuredContent = {corpusHealth, result}` (`result` alone for
`corpus-unavailable`), and two text blocks in `content`: a one-line summary,
then the structured content as compact JSON (many clients hand only
`content` to the model, and the MCP specification asks a tool with
structured content to return it serialised too). A model-fixable mistake
is a tool error (`isError: true`) whose text says what to change.
"""

from __future__ import annotations

import inspect
import json
from collections.abc import Callable, Mapping
from typing import Annotated, Any, Final, Literal

from attrs import frozen
from mcp.types import CallToolResult, ContentBlock, TextContent, ToolAnnotations
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, create_model

from govmem import (
    Arg,
    CodecError,
    Corpus,
    CorpusUnavailable,
    Health,
    InputError,
    Operation,
    Value,
)
from govmem_mcp._state import LiveCorpus

MAX_TEXT: Final = 512
"""`content[0].text` is cut to this many UTF-16 code units (adrkit's cap)."""

READ_ONLY: Final = ToolAnnotations(
    read_only_hint=True, destructive_hint=False, idempotent_hint=True, open_world_hint=False
)
WRITES: Final = ToolAnnotations(
    read_only_hint=False, destructive_hint=False, idempotent_hint=False, open_world_hint=False
)
FIX: Final = ". Fix the argument and call again."

Run = Callable[[LiveCorpus, Mapping[str, Any]], CallToolResult]


@frozen
class ToolSpec:
    """One tool: what runs it (its name and docstring are the tool's), how it is listed."""

    run: Run
    title: str
    annotations: ToolAnnotations
    output: Any
    """The `schemas` TypedDict of its structured content."""
    writes: bool = False

    @property
    def name(self) -> str:
        """The tool's name: its function's, which is its govmem operation's."""
        return self.run.__name__

    @property
    def description(self) -> str:
        """The function's docstring, written for a model."""
        return inspect.cleandoc(self.run.__doc__ or "")


# --- input ----------------------------------------------------------------------------


def _annotation(value: Value) -> Any:
    """The pydantic type of a value, with its bounds (and its description)."""
    bounds: dict[str, Any] = {}
    base: Any
    if value.type == "integer":
        base = int
        bounds = {"ge": value.minimum, "le": value.maximum}
    elif value.type == "array":
        assert value.items is not None
        base = list[_annotation(value.items)]  # type: ignore[misc]
        bounds = {"min_length": value.min_items, "max_length": value.max_items}
    elif value.choices:
        base = Literal[value.choices]
    else:
        base = str
        bounds = {
            "min_length": value.min_length,
            "max_length": value.max_length,
            "pattern": value.pattern,
        }
    if value.description:
        bounds["description"] = value.description
    kept = {k: v for k, v in bounds.items() if v is not None}
    annotated = Annotated[base, Field(**kept)] if kept else base
    return annotated | int if value.or_integer else annotated


def _field(arg: Arg) -> tuple[Any, Any]:
    annotation = _annotation(arg.value)
    if not arg.required and arg.default is None:
        annotation = annotation | None
    if arg.required:
        return annotation, Field(description=arg.description) if arg.description else Field()
    if arg.description:
        return annotation, Field(default=arg.default, description=arg.description)
    return annotation, Field(default=arg.default)


def input_model(op: Operation) -> type[BaseModel]:
    """The strict pydantic model of an operation's published arguments (by wire name)."""
    fields: dict[str, Any] = {a.wire_name: _field(a) for a in op.args if a.published}
    config = ConfigDict(extra="forbid", strict=True)
    model: type[BaseModel] = create_model(f"{op.name}Arguments", __config__=config, **fields)
    return model


def output_adapter(output: Any) -> TypeAdapter[Any]:
    """The validator (and schema) of a tool's structured content."""
    return TypeAdapter(output)


# --- results ----------------------------------------------------------------------------


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


def health(h: Health) -> dict[str, Any]:
    """`corpusHealth`: `{fingerprint, recordCount, excludedCount}`."""
    return {
        "fingerprint": h.fingerprint,
        "recordCount": h.record_count,
        "excludedCount": h.excluded_count,
    }


def result(
    corpus: Corpus, out: dict[str, Any], summary: str, extra: Mapping[str, Any] | None = None
) -> CallToolResult:
    """`structuredContent = {corpusHealth, result, **extra}`, with the summary and the JSON
    as content (`extra`: `query`'s `candidates`)."""
    if out.get("outcome") == "invalid-cursor":
        summary = out["message"]
    return answer(summary, {"corpusHealth": health(corpus.health), "result": out, **(extra or {})})


def unavailable(exc: CorpusUnavailable) -> CallToolResult:
    """The non-error `corpus-unavailable` outcome (without `corpusHealth`)."""
    out = {"outcome": "corpus-unavailable", "reason": exc.reason, "message": exc.sentence}
    return answer(exc.sentence, {"result": out})


def acknowledge(state: LiveCorpus, written: dict[str, Any], summary: str) -> CallToolResult:
    """The answer of a write whose file is in place (SPEC §9 v6): acknowledged even when the
    reload after it fails — then without `corpusHealth`, the summary saying so — since a retry
    would write again."""
    try:
        corpus = state.current()
    except CorpusUnavailable as exc:
        note = (
            f"{summary} The reload after it failed ({exc.sentence}); the next call reads it."
            " Do not write it again."
        )
        return answer(note, {"result": written})
    return answer(summary, {"corpusHealth": health(corpus.health), "result": written})


def tool_error(text: str) -> CallToolResult:
    """A tool error (`isError: true`) a model can act on: what is wrong, then what to do."""
    return CallToolResult(content=[TextContent(type="text", text=text)], is_error=True)


def on_corpus(state: LiveCorpus, op: Callable[[Corpus], CallToolResult]) -> CallToolResult:
    """`op` on the current corpus; an unreadable corpus, a bad argument or a refusal answered.
    A snapshot value that does not read, found on first use, drops the parse cache: the
    corpus is read again from its files and `op` asked once more."""
    for attempt in (1, 2):
        try:
            corpus = state.current()
        except CorpusUnavailable as exc:
            return unavailable(exc)
        try:
            return op(corpus)
        except InputError as exc:
            return tool_error(f"{exc}{FIX}")
        except Refused as exc:
            return tool_error(exc.text)
        except CodecError:
            if attempt == 2:
                raise
            state.drop_cache()
    raise AssertionError("unreachable")  # pragma: no cover


class Refused(Exception):
    """Raised inside a tool to answer with `tool_error(text)`."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text


def closest_sentence(topic: str, closest: tuple[str, ...] | list[str]) -> str:
    """`No topic "dns". Closest topics: a, b.` (or a pointer to `list_topics`)."""
    if closest:
        return f'No topic "{topic}". Closest topics: {", ".join(closest)}.'
    return f'No topic "{topic}"; list_topics lists the topics.'
