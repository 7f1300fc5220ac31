"""Hypothesis strategies of JSON-RPC frames for fuzzing an MCP server over stdio.

A `Frame` is one line a hostile or confused client could write: a valid
request of either protocol era, a tool call with arguments of every JSON
type (huge strings, deep nesting, unknown fields), a mutated envelope, a
notification, a client response, a batch, or a line that is not JSON at
all. `render(frame, serial)` turns it into bytes and says which id, if
any, the server *must* answer.

**Well-formed** (the server must answer it, with a result or an error) is
decided here, conservatively, from what was generated: strict JSON (no NaN,
no lone surrogate), `jsonrpc: "2.0"`, an `id` that is an integer (not a
boolean) or a string, a `method`, and no `result`/`error` member — at any
depth of nesting, with `params` of any type and a `method` of any type
(since issue 22 positional `params` get `-32602`, a `method` that is not a
string `-32600`, and nesting past `MAX_DEPTH` levels, even 30,000 deep, one
of the two: JSON-RPC answers every request with an id). Everything else may
be dropped silently, as adrkit and the MCP SDK do (JSON-RPC batches too: MCP
has none since 2025-06-18); the server must only stay up and keep stdout
clean.

Ids of well-formed requests are assigned by `render` from a serial number,
so they are unique per process and disjoint from the ids a cancellation
notification or a client response may name (those are negative or start
with `x-`).
"""

from __future__ import annotations

import functools
import json
import math
from typing import Final, Literal, TypeAlias

from attrs import frozen
from hypothesis import strategies as st

from govmem.testing import calendar_edge_instants

Json: TypeAlias = bool | int | float | str | list["Json"] | dict[str, "Json"] | None
RequestId: TypeAlias = int | str
IdKind: TypeAlias = Literal["int", "big", "str", "unicode"]
Era: TypeAlias = Literal["legacy", "modern", "any"]
"""Which envelope most requests carry: none (2025), `_meta` (2026-07-28), or either."""

MAX_DEPTH: Final = 100
"""Deepest nesting of a frame the server must still answer."""
MODERN: Final = "2026-07-28"
LEGACY_VERSIONS: Final = ("2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05", "1999-01-01")
_DEEP: Final = "@@deep:"
"""A placeholder string replaced, after encoding, by deeply nested brackets."""

TOOLS: Final = (
    "check_proposal",
    "find_conflicts",
    "get_decision",
    "get_decision_context",
    "get_decision_history",
    "list_superseded",
    "propose_decision",
    "query",
    "recall",
    "remember",
    "search_decisions",
    "search_memories",
)
METHODS: Final = (
    "initialize",
    "ping",
    "tools/list",
    "tools/call",
    "server/discover",
    "resources/list",
    "resources/read",
    "prompts/list",
    "prompts/get",
    "completion/complete",
    "logging/setLevel",
    "resources/subscribe",
    "sampling/createMessage",
)
NOTIFICATIONS: Final = (
    "notifications/initialized",
    "notifications/cancelled",
    "notifications/progress",
    "notifications/roots/list_changed",
    "notifications/message",
)


@frozen
class Frame:
    """One line to write, before its id is assigned.

    `payload` is encoded as JSON (`raw` is written as it is when set);
    `id_kind` is set when the frame is a request whose id `render` fills in.
    """

    kind: str
    payload: Json = None
    raw: bytes | None = None
    id_kind: IdKind | None = None
    wellformed: bool = False
    ascii: bool = True


@frozen
class Rendered:
    """A frame as bytes (no newline) and the id the server must answer, if any."""

    data: bytes
    expect: RequestId | None
    kind: str


def request_id(kind: IdKind, serial: int) -> RequestId:
    """A unique request id of the given kind (never negative, never `x-…`)."""
    if kind == "int":
        return serial
    if kind == "big":
        return 2**70 + serial
    if kind == "str":
        return f"r-{serial}"
    return f"rq-é中🙂-{serial}"


def depth(value: Json) -> int:
    """Nesting depth of `value` (a scalar is 0), counting placeholders' brackets."""
    best = 0
    stack: list[tuple[Json, int]] = [(value, 0)]
    while stack:
        node, d = stack.pop()
        if isinstance(node, str) and node.startswith(_DEEP):
            best = max(best, d + int(node[len(_DEEP) :].split(":")[0]))
        elif isinstance(node, dict):
            best = max(best, d + 1)
            stack += [(v, d + 1) for v in node.values()]
        elif isinstance(node, list):
            best = max(best, d + 1)
            stack += [(v, d + 1) for v in node]
    return best


def _has_bad_text(value: Json) -> bool:
    """A lone surrogate or a non-finite float anywhere (not strict JSON)."""
    stack: list[Json] = [value]
    while stack:
        node = stack.pop()
        if isinstance(node, str):
            if any(0xD800 <= ord(c) <= 0xDFFF for c in node):
                return True
        elif isinstance(node, float):
            if not math.isfinite(node):
                return True
        elif isinstance(node, dict):
            stack += list(node.keys())
            stack += list(node.values())
        elif isinstance(node, list):
            stack += node
    return False


def _splice_deep(text: str) -> str:
    """Replace each `"@@deep:N:list"` placeholder by N levels of brackets."""
    while (start := text.find('"' + _DEEP)) != -1:
        end = text.index('"', start + 1)
        n_text, shape = text[start + 1 + len(_DEEP) : end].split(":")
        n = int(n_text)
        nested = "[" * n + "]" * n if shape == "list" else '{"a":' * n + "1" + "}" * n
        text = text[:start] + nested + text[end + 1 :]
    return text


def render(frame: Frame, serial: int) -> Rendered:
    """The bytes of `frame`, with a fresh id when it is a request."""
    if frame.raw is not None:
        return Rendered(frame.raw, None, frame.kind)
    payload = frame.payload
    rid: RequestId | None = None
    if frame.id_kind is not None and isinstance(payload, dict):
        rid = request_id(frame.id_kind, serial)
        payload = {**payload, "id": rid}
    text = json.dumps(payload, ensure_ascii=frame.ascii, allow_nan=True)
    text = _splice_deep(text)
    data = text.encode("utf-8", "surrogatepass")
    # deeper than MAX_DEPTH is answered too (with -32600 / -32602), since issue 22
    wellformed = frame.wellformed and not _has_bad_text(payload)
    return Rendered(data, rid if wellformed else None, frame.kind)


# --- values -----------------------------------------------------------------------


@functools.cache
def one_in(n: int) -> st.SearchStrategy[bool]:
    """True about once in `n` draws (hypothesis favours small integers, so not `== 0`)."""
    return st.sampled_from([False] * (n - 1) + [True])


_SCALARS: Final = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=40)
    | st.sampled_from(["", " ", "\u2028", "\x00", "..", "/etc/passwd", "adr-024", "database"])
)


def huge_strings() -> st.SearchStrategy[str]:
    """Strings of 5,000–100,000 characters (cheap to generate)."""
    return st.builds(
        lambda c, n: c * n,
        st.sampled_from(["a", "é", "中", "🙂", "\\", '"', " ", "\x01"]),
        st.integers(min_value=5_000, max_value=100_000),
    )


def deep_values() -> st.SearchStrategy[str]:
    """A placeholder that `render` replaces by 1–3,000 nested lists or objects."""
    return st.builds(
        lambda n, shape: f"{_DEEP}{n}:{shape}",
        st.one_of(st.integers(1, 90), st.integers(90, 3_000)),
        st.sampled_from(["list", "object"]),
    )


@functools.cache
def json_values(max_leaves: int = 10) -> st.SearchStrategy[Json]:
    """Any JSON value: every type, nested a little, sometimes huge or very deep (built once)."""
    tree: st.SearchStrategy[Json] = st.recursive(
        _SCALARS,
        lambda inner: (
            st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
        ),
        max_leaves=max_leaves,
    )
    huge, deep = huge_strings(), deep_values()

    @st.composite
    def values(draw: st.DrawFn) -> Json:
        n = draw(st.integers(0, 99))
        return draw(huge if n == 99 else deep if n >= 97 else tree)

    return values()


def _dates() -> st.SearchStrategy[str]:
    return st.one_of(
        st.sampled_from(
            ["2026-09-08", "2020-01-01", "0000-01-01", "9999-12-31", "2026-02-30", "2026-13-01"]
        ),
        st.builds(
            lambda y, m, d: f"{y:04d}-{m:02d}-{d:02d}",
            st.integers(0, 9999),
            st.integers(0, 13),
            st.integers(0, 32),
        ),
        st.sampled_from(["2026-09-08T12:00:00Z", "2026-09-08T25:61:00+99:00", "2026-09-08 x"]),
        calendar_edge_instants(),  # both ends of the calendar, leap days (issue 22)
    )


_NAMES: Final = st.sampled_from(
    ["database", "db", "new-services", "nuovi servizi", "legacy", "all", "default", "x", "é"]
) | st.text(min_size=1, max_size=20)
_PATHS: Final = st.one_of(
    st.sampled_from(
        [
            "src/db/x.py",
            "docs/adr/024.md",
            "../etc/passwd",
            "/etc/passwd",
            "C:/x",
            "a\\b",
            "a\x00b",
            "a/../../b",
            "",
            "x" * 1025,
            "./a",
            "a//b",
        ]
    ),
    st.text(min_size=1, max_size=30),
)
_CURSORS: Final = st.one_of(
    st.sampled_from(["", "eyJ2IjoxfQ", "not-a-cursor", "A" * 4097]),
    st.text(max_size=60),
)
_LIMITS: Final = st.one_of(st.integers(-5, 120), st.sampled_from([20, 100, 1]))

_FIELDS: Final[dict[str, dict[str, st.SearchStrategy[Json]]]] = {
    "query": {
        "question": st.one_of(
            st.sampled_from(
                ["Quale database è approvato per i nuovi servizi?", "What database?", " "]
            ),
            st.text(min_size=1, max_size=100),
        ),
        "topic": _NAMES,
        "scope": _NAMES,
        "as_of": _dates(),
        "known_as_of": st.one_of(_dates(), st.sampled_from(["HEAD", "abcdef0", "0" * 40])),
        "mind": _NAMES,
    },
    "get_decision_history": {
        "topic": _NAMES,
        "scope": _NAMES,
        "cursor": _CURSORS,
        "limit": _LIMITS,
    },
    "find_conflicts": {
        "topic": _NAMES,
        "scope": _NAMES,
        "as_of": _dates(),
        "cursor": _CURSORS,
        "limit": _LIMITS,
    },
    "recall": {"as_of": _dates(), "mind": _NAMES},
    "search_memories": {
        "tag": _NAMES,
        "text": _NAMES,
        "mind": _NAMES,
        "cursor": _CURSORS,
        "limit": _LIMITS,
    },
    "search_decisions": {
        "query": st.one_of(st.sampled_from(["postgres", "adr", "a", " "]), st.text(max_size=30)),
        "status": st.lists(
            st.sampled_from(["accepted", "proposed", "approved", "draft", "superseded", "bogus"]),
            max_size=7,
        ),
        "tags": st.lists(_NAMES, max_size=3),
        "scope": st.lists(_NAMES, max_size=4),
        "cursor": _CURSORS,
        "limit": _LIMITS,
        "findingsCursor": _CURSORS,
        "findingsLimit": _LIMITS,
    },
    "get_decision": {
        "ref": st.one_of(
            st.sampled_from(["adr-024", "24", "024.md", "[x](001.md)", "log:x", "nope"]),
            st.text(max_size=30),
        ),
        "cursor": _CURSORS,
        "findingsLimit": _LIMITS,
    },
    "get_decision_context": {
        "files": st.lists(_PATHS, max_size=5),
        "cursor": _CURSORS,
        "limit": _LIMITS,
    },
    "list_superseded": {"cursor": _CURSORS, "limit": _LIMITS, "findingsLimit": _LIMITS},
    "check_proposal": {
        "title": st.one_of(
            st.sampled_from(["Use MySQL for new services", "Use Redis", " ", "a\nb"]),
            st.text(max_size=40),
        ),
        "decision": st.text(max_size=60),
        "topic": _NAMES,
        "scope": _NAMES,
        "as_of": st.sampled_from(["2026-09-08", "2026-02-30", "yesterday"]),
    },
    "propose_decision": {
        "title": st.one_of(
            st.sampled_from(["Use Redis for caching", "Use MySQL again", ""]), st.text(max_size=40)
        ),
        "decision": st.text(max_size=60),
        "context": st.text(max_size=60),
        "supersedes": st.lists(st.sampled_from(["adr-001", "24", "nope", "../x"]), max_size=2),
        "request_id": st.sampled_from(["r1", "r2", "r3"]),
    },
    "remember": {
        "kind": st.sampled_from(["memory", "claim", "decision"]),
        "content": st.text(min_size=1, max_size=50),
        "category": st.sampled_from(["fact", "note", "bogus"]),
        "key": st.sampled_from(["a_key", "Bad Key"]),
    },
}


@st.composite
def tool_arguments(draw: st.DrawFn, tool: str) -> Json:
    """Arguments for `tool`: plausible values, values of any JSON type, unknown fields."""
    fields = _FIELDS.get(tool, {})
    args: dict[str, Json] = {}
    for name, plausible in fields.items():
        choice = draw(st.integers(0, 9))
        if choice < 5:
            args[name] = draw(plausible)
        elif choice == 5:
            args[name] = draw(json_values())
    if draw(one_in(10)):
        args[draw(st.text(max_size=12))] = draw(json_values(4))
    if draw(one_in(20)):
        return draw(json_values(6))  # not an object at all
    return args


_BAD_VERSIONS: Final = st.sampled_from(["2099-01-01", "", "2025-11-25"]) | json_values(3)
_KEYS: Final = st.text(max_size=10)
_OBJECTS: Final = st.dictionaries(st.text(max_size=10), json_values(4), max_size=4)
_TOOL_NAMES: Final = st.sampled_from(TOOLS) | st.text(max_size=20)
_INIT_VERSIONS: Final = st.sampled_from(LEGACY_VERSIONS) | st.text(max_size=12)
_METHOD_TEXT: Final = st.text(min_size=1, max_size=20)
_ID_KINDS: Final[st.SearchStrategy[IdKind]] = st.sampled_from(
    ["int", "int", "big", "str", "unicode"]
)


def _meta(draw: st.DrawFn, era: Era) -> dict[str, Json] | None:
    """A 2026-07-28 `_meta` envelope: valid, broken (1 in 10), or none (mostly in the 2025 era)."""
    choice = draw(st.integers(0, 19))
    if (era == "legacy" and choice < 17) or (era == "modern" and choice >= 18):
        return None
    if era == "any" and choice < 8:
        return None
    choice = draw(st.integers(0, 19))
    if choice < 17:
        choice = 0
    version: Json = MODERN
    caps: Json = {}
    if choice == 17:
        version = draw(_BAD_VERSIONS)
    if choice == 18:
        caps = draw(json_values(3))
    meta: dict[str, Json] = {
        "io.modelcontextprotocol/protocolVersion": version,
        "io.modelcontextprotocol/clientCapabilities": caps,
    }
    if draw(st.booleans()):
        meta["io.modelcontextprotocol/clientInfo"] = {"name": "fuzz", "version": "1"}
    if choice == 19:
        meta.pop(draw(st.sampled_from(sorted(meta))))
    return meta


@st.composite
def params_for(draw: st.DrawFn, method: str, era: Era = "any") -> Json:
    """Params of `method`: plausible, or any JSON object."""
    if draw(one_in(10)):
        return draw(_OBJECTS)
    params: dict[str, Json]
    if method == "tools/call":
        name = draw(_TOOL_NAMES) if draw(one_in(10)) else draw(st.sampled_from(TOOLS))
        params = {"name": name, "arguments": draw(tool_arguments(name))}
        if draw(one_in(10)):
            del params["arguments"]
    elif method == "initialize":
        params = {
            "protocolVersion": draw(_INIT_VERSIONS),
            "capabilities": {},
            "clientInfo": {"name": "fuzz", "version": "1"},
        }
    elif method == "tools/list":
        params = {"cursor": draw(_CURSORS)} if draw(st.booleans()) else {}
    else:
        params = {}
    meta = _meta(draw, era)
    if meta is not None:
        params["_meta"] = meta
    return params


@st.composite
def requests(draw: st.DrawFn, era: Era = "any") -> Frame:
    """A well-formed request of either era (the server must answer it)."""
    pick = draw(st.integers(0, 9))
    method = (
        "tools/call"
        if pick < 6
        else draw(st.sampled_from(METHODS))
        if pick < 9
        else draw(_METHOD_TEXT)
    )
    message: dict[str, Json] = {"jsonrpc": "2.0", "method": method}
    choice = draw(st.integers(0, 19))
    if choice == 19:
        message["params"] = None
    elif choice != 18:
        message["params"] = draw(params_for(method, era))
    if draw(one_in(10)):
        extra = draw(_KEYS)
        if extra in _ENVELOPE_KEYS:
            extra += "-x"
        message[extra] = draw(json_values(3))
    kind: IdKind = draw(_ID_KINDS)
    return Frame(
        f"request {method if method in METHODS else '?'}",
        message,
        id_kind=kind,
        wellformed=True,
        ascii=draw(st.booleans()),
    )


_ENVELOPE_KEYS: Final = frozenset({"jsonrpc", "id", "method", "params", "result", "error"})
_FOREIGN_IDS: Final = st.one_of(
    st.integers(max_value=-1), st.text(max_size=8).map(lambda s: "x-" + s)
)
_BAD_IDS: Final[st.SearchStrategy[Json]] = (
    st.sampled_from([None, True, False, 1.5, [], {}, "\ud800"]) | st.floats()
)
_BAD_METHODS: Final[st.SearchStrategy[Json]] = st.sampled_from([None, 1, [], {}, True])
_BAD_PARAMS: Final[st.SearchStrategy[Json]] = st.one_of(
    st.sampled_from([[], [1], "x", 1, True]), st.lists(json_values(3), max_size=3)
)
_NOTIFICATION_METHODS: Final = st.sampled_from(NOTIFICATIONS) | st.text(max_size=20)
_NOTIFICATION_PARAMS: Final = st.none() | st.dictionaries(
    st.text(max_size=8), json_values(3), max_size=3
)


@st.composite
def broken_requests(draw: st.DrawFn, era: Era = "any") -> Frame:
    """A request with one envelope member wrong (missing, of another type, or a response member)."""
    base = draw(requests(era)).payload
    assert isinstance(base, dict)
    message = dict(base)
    flaw = draw(
        st.sampled_from(["jsonrpc", "no-jsonrpc", "id", "method", "no-method", "params", "result"])
    )
    if flaw == "jsonrpc":
        message["jsonrpc"] = draw(st.sampled_from(["1.0", "2", "", None, 2.0]))
    elif flaw == "no-jsonrpc":
        del message["jsonrpc"]
    elif flaw == "id":
        message["id"] = draw(_BAD_IDS)
        return Frame("broken id", message, wellformed=False)
    elif flaw == "method":
        message["method"] = draw(_BAD_METHODS)
        # a method that is not a string, with a good id: -32600 Invalid Request (issue 22)
        good = message.get("jsonrpc") == "2.0" and not isinstance(message["method"], str)
        return Frame("broken method", message, id_kind="int", wellformed=good)
    elif flaw == "no-method":
        del message["method"]
    elif flaw == "params":
        message["params"] = draw(_BAD_PARAMS)
        # positional params with a good id: -32602 Invalid params (issue 22)
        return Frame("broken params", message, id_kind="int", wellformed=True)
    else:
        message[draw(st.sampled_from(["result", "error"]))] = draw(json_values(3))
    return Frame(f"broken {flaw}", message, id_kind="int", wellformed=False)


@st.composite
def notifications(draw: st.DrawFn) -> Frame:
    """A notification (no id): never answered."""
    method = draw(_NOTIFICATION_METHODS)
    params: Json
    if method == "notifications/cancelled":
        params = {"requestId": draw(_FOREIGN_IDS), "reason": "fuzz"}
    elif method == "notifications/progress":
        params = {"progressToken": draw(_FOREIGN_IDS), "progress": draw(st.floats())}
    else:
        params = draw(_NOTIFICATION_PARAMS)
    message: dict[str, Json] = {"jsonrpc": "2.0", "method": method}
    if params is not None:
        message["params"] = params
    return Frame("notification", message)


@st.composite
def client_responses(draw: st.DrawFn) -> Frame:
    """A response or error the server never asked for."""
    rid = draw(_FOREIGN_IDS)
    if draw(st.booleans()):
        return Frame("response", {"jsonrpc": "2.0", "id": rid, "result": draw(json_values(4))})
    error: Json = {"code": draw(st.integers(-33000, 0)), "message": draw(st.text(max_size=20))}
    return Frame("error response", {"jsonrpc": "2.0", "id": rid, "error": error})


_BATCH_MEMBERS: Final = st.lists(st.one_of(requests(), notifications()), max_size=4)


@st.composite
def batches(draw: st.DrawFn) -> Frame:
    """A JSON-RPC batch (an array), which MCP no longer has."""
    members = draw(_BATCH_MEMBERS)
    payload: list[Json] = [m.payload for m in members]
    for i, item in enumerate(payload):
        if isinstance(item, dict) and "method" in item:
            payload[i] = {**item, "id": -1 - i}
    return Frame("batch", payload)


_GARBAGE: Final = [
    b"",
    b" ",
    b"\t\r",
    b"not json",
    b"{",
    b"}",
    b"[",
    b'{"jsonrpc":"2.0","id":1,"method":"ping"',
    b'{"jsonrpc":"2.0","id":NaN,"method":"ping"}',
    b'{"jsonrpc":"2.0","id":1,"method":"ping"}}',
    b"null",
    b"true",
    b"42",
    b'"just a string"',
    b"\xff\xfe\xfd",
    b"\xc3\x28",
    b"\x00\x00\x00",
    b"\xef\xbb\xbf{}",
    b'{"a":1,"a":2}',
    b"Content-Length: 52\r",
    b"\x1b[31mred\x1b[0m",
]


@st.composite
def garbage(draw: st.DrawFn) -> Frame:
    """A line that is not a JSON-RPC message: bytes, truncated JSON, bare values."""
    choice = draw(st.integers(0, 3))
    if choice == 0:
        return Frame("garbage", raw=draw(st.sampled_from(_GARBAGE)))
    if choice == 1:
        data = draw(st.binary(max_size=200)).replace(b"\n", b" ")
        return Frame("bytes", raw=data)
    if choice == 2:
        text = json.dumps(draw(json_values(6)))
        cut = draw(st.integers(0, len(text)))
        return Frame("truncated", raw=text[:cut].encode("utf-8", "surrogatepass"))
    return Frame("bare value", draw(json_values(6)))


@functools.cache
def frames(era: Era = "any") -> st.SearchStrategy[Frame]:
    """Any frame, about half of them well-formed requests, mostly in the given era's envelope."""
    return st.one_of(
        requests(era),
        requests(era),
        requests(era),
        requests(era),
        broken_requests(era),
        notifications(),
        client_responses(),
        batches(),
        garbage(),
    )
