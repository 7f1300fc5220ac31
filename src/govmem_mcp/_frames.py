"""Requests the MCP SDK would drop unanswered get a JSON-RPC error here first.

The SDK validates each stdin line against its message models and, when that
fails, drops the line: a request with an id then never gets an answer and
the client waits forever. JSON-RPC 2.0 answers every request that has an
id. `refusal(line)` picks out the requests the SDK would drop although their
id can be read, and says what to answer:

* `params` that is not an object (`"params": [1]`, `"params": "query"`):
  MCP takes named parameters only — `-32602 Invalid params`;
* a `method` that is not a string — `-32600 Invalid Request`;
* nesting deeper than `MAX_DEPTH` levels (the SDK's parser stops near 200;
  Python's near 1,000): `-32602` when the nesting is in `params`, else
  `-32600`. The id of a frame too deep to parse is read by a scan of its
  top level that never recurses (`_head`).

A line whose strings hold a lone surrogate (`"\\ud800"`: valid JSON, no
Unicode text) has each one replaced by U+FFFD before the SDK reads it
(`whole_text`): an answer quoting it could not be written as UTF-8, and the
transport would fail. Every other line — valid requests, notifications,
responses, lines that are not JSON or whose id cannot be read — goes to the SDK
unchanged.
`GuardedLines` wraps the stdin line source: refused lines are answered on
the transport's write stream and never reach the SDK.
"""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any, Final

import anyio
import mcp_types as types
from mcp.shared.message import SessionMessage

scanstring: Callable[[str, int], tuple[str, int]] = json.decoder.scanstring  # type: ignore[attr-defined]
"""The JSON decoder's string reader (in the module, missing from its type stubs)."""

MAX_DEPTH: Final = 100
"""Deepest nesting a request may have (the envelope object is level 1)."""
INVALID_REQUEST: Final = -32600
INVALID_PARAMS: Final = -32602

_WS: Final = re.compile(r"[ \t\n\r]*")
_SPECIAL: Final = re.compile(r'["\[\]{}]')
_NESTED: Final = object()
"""A top-level member whose value is an array or an object (not parsed by `_head`)."""


def _valid_id(rid: object) -> bool:
    return isinstance(rid, str) or (isinstance(rid, int) and not isinstance(rid, bool))


def depth(value: object) -> int:
    """Nesting depth of a parsed JSON value (a scalar is 0), without recursion."""
    best = 0
    stack: list[tuple[object, int]] = [(value, 0)]
    while stack:
        node, d = stack.pop()
        if isinstance(node, dict):
            best = max(best, d + 1)
            stack += [(v, d + 1) for v in node.values()]
        elif isinstance(node, list):
            best = max(best, d + 1)
            stack += [(v, d + 1) for v in node]
    return best


def _skip(text: str, i: int) -> int:
    return _WS.match(text, i).end()  # type: ignore[union-attr]  # the pattern matches the empty string


def _skip_nested(text: str, i: int) -> int:
    """The index just past the array or object that starts at `i`; -1 when it never closes."""
    level = 0
    while True:
        m = _SPECIAL.search(text, i)
        if m is None:
            return -1
        c, i = m.group(), m.end()
        if c == '"':
            _, i = scanstring(text, i)
        elif c in "[{":
            level += 1
        else:
            level -= 1
            if level == 0:
                return i


def _head(text: str) -> dict[str, object] | None:
    """The top-level members of a JSON object: scalars parsed, arrays and objects `_NESTED`.

    None when `text` is not one JSON object. Never recurses, so a frame
    nested 30,000 levels deep still gives its id.
    """
    decoder = json.JSONDecoder()
    try:
        i = _skip(text, 0)
        if not text.startswith("{", i):
            return None
        i = _skip(text, i + 1)
        out: dict[str, object] = {}
        if text.startswith("}", i):
            return out
        while True:
            if not text.startswith('"', i):
                return None
            key, i = scanstring(text, i + 1)
            i = _skip(text, i)
            if not text.startswith(":", i):
                return None
            i = _skip(text, i + 1)
            if text.startswith(("[", "{"), i):
                i = _skip_nested(text, i)
                if i < 0:
                    return None
                out[key] = _NESTED
            else:
                out[key], i = decoder.raw_decode(text, i)
            i = _skip(text, i)
            if text.startswith(",", i):
                i = _skip(text, i + 1)
                continue
            if text.startswith("}", i) and not text[i + 1 :].strip():
                return out
            return None
    except ValueError:
        return None


def refusal(line: str) -> types.JSONRPCError | None:
    """The error answer of a request the SDK would drop unanswered; None to pass the line on."""
    too_deep = False
    try:
        message: Any = json.loads(line)
    except RecursionError:
        message, too_deep = _head(line), True
    except ValueError:
        return None
    if not isinstance(message, dict) or message.get("jsonrpc") != "2.0":
        return None
    if "method" not in message or not _valid_id(message.get("id")):
        return None
    rid = message["id"]
    params = message.get("params")
    if too_deep or depth(message) > MAX_DEPTH:
        nested = params is _NESTED or isinstance(params, dict | list)
        where = "params are" if nested else "the request is"
        msg = f"Invalid {'params' if nested else 'Request'}: {where} nested deeper than {MAX_DEPTH} levels"
        return _error(rid, INVALID_PARAMS if nested else INVALID_REQUEST, msg)
    if not isinstance(message["method"], str):
        return _error(rid, INVALID_REQUEST, "Invalid Request: method must be a string")
    if params is not None and not isinstance(params, dict):
        kind = _KINDS.get(type(params), "a scalar")
        msg = f"Invalid params: params must be an object (MCP takes named parameters), not {kind}"
        return _error(rid, INVALID_PARAMS, msg)
    return None


_KINDS: Final = {
    list: "an array",
    str: "a string",
    int: "a number",
    float: "a number",
    bool: "a boolean",
}


def _error(rid: str | int, code: int, message: str) -> types.JSONRPCError:
    return types.JSONRPCError(
        jsonrpc="2.0", id=rid, error=types.ErrorData(code=code, message=message)
    )


Send = Callable[[SessionMessage], Awaitable[None]]


_SURROGATE_ESCAPE: Final = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")
"""A JSON escape of a surrogate (a pair's half, or a lone one)."""
_SURROGATE: Final = re.compile("[\ud800-\udfff]")


def whole_text(line: str) -> str:
    """The line with every lone surrogate its strings escape replaced by U+FFFD (a pair, which
    the JSON reader joins into one character, is kept); the line itself when it holds none or
    is not JSON."""
    if _SURROGATE_ESCAPE.search(line) is None:
        return line
    try:
        value = json.loads(line)
    except (ValueError, RecursionError):
        return line
    found = False

    def clean(item: object) -> object:
        nonlocal found
        if isinstance(item, str):
            fixed = _SURROGATE.sub("\ufffd", item)
            found = found or fixed != item
            return fixed
        if isinstance(item, list):
            return [clean(x) for x in item]
        if isinstance(item, dict):
            return {clean(k): clean(v) for k, v in item.items()}
        return item

    try:
        cleaned = json.dumps(clean(value), ensure_ascii=False)
    except RecursionError:  # nesting too deep to walk: `refusal` answers it
        return line
    return cleaned + "\n" if found else line


class GuardedLines:
    """Lines of `source`, less the requests `refusal` answers (on `attach`ed write stream)."""

    def __init__(self, source: AsyncIterator[str]) -> None:
        self._source = source
        self._send: Send | None = None
        self._ready = anyio.Event()

    def attach(self, send: Send) -> None:
        """Where answers go: the transport's write stream (available once it has started)."""
        self._send = send
        self._ready.set()

    def __aiter__(self) -> GuardedLines:
        return self

    async def __anext__(self) -> str:
        while True:
            line = whole_text(await self._source.__anext__())
            answer = refusal(line)
            if answer is None:
                return line
            await self._ready.wait()
            assert self._send is not None
            try:
                await self._send(SessionMessage(answer))
            except (anyio.ClosedResourceError, anyio.BrokenResourceError):
                raise StopAsyncIteration from None
