"""Opaque page cursors, in adrkit 0.8.0's exact wire format (adrkit-reference §9).

A cursor is the position of the next page in one *channel* of one answer,
bound to everything that could make that position mean something else:

* `scope` — the channel (`search.results`, `context.findings`, or one of
  govmem's own, e.g. `get_decision_history.items`);
* `fp` — the corpus fingerprint (any edit anywhere invalidates it);
* `qh` — the hash of the query's *shape*: the normalised arguments that
  decide the list, `limit` included (so a changed limit is a mismatch);
* `offset` — where the next page starts, always ≥ 1.

Wire text: base64url without padding of the UTF-8 of exactly
``{"v":1,"scope":"…","fp":"…","qh":"…","offset":N}`` (that key order, no
spaces, strings escaped as JavaScript's `JSON.stringify` does), so govmem
mints the same text adrkit would for the same fields. `qh` is
``sha256_hex(JSON.stringify(parts))`` with the per-channel parts of adrkit
(`search_shape`, `context_shape`, … below).

Checking a cursor against a request goes, first failure wins: decode →
version → scope (`wrong-channel`) → fingerprint (`corpus-changed`) → shape
(`query-mismatch`) → then, for a channel with a list, `offset ≥ len(items)`
is `offset-out-of-range` (so any cursor into an empty list is), and for an
outcome with no such list, a cursor that passed every check is
`cursor-not-applicable`. Decoding copies Node's lenient base64url reader
(characters outside the alphabet are skipped, both alphabets are accepted,
the first `=` ends the input) so that cursors adrkit accepts decode here too.

Nothing here raises on a cursor: `decode_cursor`, `check_cursor` and
`paginate` return an `InvalidCursor` value for a bad one.
"""

from __future__ import annotations

import base64
import hashlib
import json
import math
from collections.abc import Iterable, Mapping, Sequence
from itertools import islice
from types import MappingProxyType
from typing import Any, Final, Generic, Literal, TypeAlias, TypeVar

from attrs import field, frozen

from govmem.model.text import norm_search, u16

T = TypeVar("T")

JSONValue: TypeAlias = (
    "str | int | float | bool | Sequence[JSONValue] | Mapping[str, JSONValue] | None"
)

CURSOR_VERSION: Final = 1
MAX_SAFE_INTEGER: Final = 2**53 - 1

InvalidCursorReason: TypeAlias = Literal[
    "decode-failed",
    "version-unsupported",
    "wrong-channel",
    "corpus-changed",
    "query-mismatch",
    "cursor-not-applicable",
    "offset-out-of-range",
]

INVALID_CURSOR_MESSAGES: Final[Mapping[InvalidCursorReason, str]] = MappingProxyType(
    {
        "decode-failed": "Cursor could not be decoded.",
        "version-unsupported": "Cursor version is not supported.",
        "wrong-channel": "Cursor does not belong to this tool channel.",
        "corpus-changed": "Corpus changed after this cursor was issued.",
        "query-mismatch": "Cursor was issued for different request parameters.",
        "cursor-not-applicable": "Cursor does not apply to this outcome.",
        "offset-out-of-range": "Cursor offset is outside the current result set.",
    }
)
"""adrkit's fixed message per reason."""


@frozen
class Cursor:
    """A decoded cursor of the current version: channel, fingerprint, shape hash, offset."""

    scope: str
    fp: str
    qh: str
    offset: int
    kind: Literal["cursor"] = "cursor"


@frozen
class InvalidCursor:
    """Why a cursor was refused; on the wire `{outcome: "invalid-cursor", reason, message}`."""

    reason: InvalidCursorReason
    message: str = field()
    kind: Literal["invalid_cursor"] = "invalid_cursor"

    @message.default
    def _default_message(self) -> str:
        return INVALID_CURSOR_MESSAGES[self.reason]

    def to_dict(self) -> dict[str, Any]:
        """`{outcome, reason, message}`."""
        return {"outcome": "invalid-cursor", "reason": self.reason, "message": self.message}

    def to_wire(self) -> dict[str, Any]:
        """The MCP tool's `result`: `to_dict()` (its keys are the wire's)."""
        return self.to_dict()


@frozen
class Page(Generic[T]):
    """One page of a channel and the cursor of the next page (None on the last)."""

    items: tuple[T, ...]
    cursor: str | None


# --- JSON.stringify and the shape hash ---------------------------------------------


def _js_number(value: int | float) -> str:
    if isinstance(value, float):
        if not math.isfinite(value):
            return "null"
        if value.is_integer() and abs(value) < 1e21:
            return str(int(value))
        text = repr(value)
        mantissa, _, exponent = text.partition("e")
        if not exponent:
            return text
        sign = "-" if exponent.startswith("-") else "+"
        return f"{mantissa}e{sign}{exponent.lstrip('+-').lstrip('0') or '0'}"
    return str(value)


def _js_string(text: str) -> str:
    # json.dumps escapes like JSON.stringify for BMP text; lone surrogates, which
    # JSON.stringify escapes as `\u` plus four hex digits, are escaped the same way here.
    out = json.dumps(text, ensure_ascii=False)
    if any("\ud800" <= c <= "\udfff" for c in out):
        out = "".join(f"\\u{ord(c):04x}" if "\ud800" <= c <= "\udfff" else c for c in out)
    return out


def js_stringify(value: JSONValue) -> str:
    """JavaScript's `JSON.stringify(value)` (no spaces; object keys in given order)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return _js_number(value)
    if isinstance(value, str):
        return _js_string(value)
    if isinstance(value, Mapping):
        items = (f"{_js_string(k)}:{js_stringify(v)}" for k, v in value.items())
        return "{" + ",".join(items) + "}"
    return "[" + ",".join(js_stringify(v) for v in value) + "]"


def query_hash(parts: Sequence[JSONValue]) -> str:
    """`qh`: SHA-256 hex of `JSON.stringify(parts)`, as adrkit's `queryShapeHash`."""
    text = js_stringify(parts)
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def sorted_unique(values: Iterable[str] | None) -> list[str]:
    """`[...new Set(values)].sort()` in UTF-16 code-unit order; None gives `[]`."""
    return sorted(set(values or ()), key=u16)


def search_shape(
    query: str,
    status: Iterable[str] | None,
    tags: Iterable[str] | None,
    scope: Iterable[str] | None,
    limit: int,
) -> list[JSONValue]:
    """`search.results` parts: normalised needle, sorted-unique filters, limit."""
    return [
        norm_search(query),
        list(sorted_unique(status)),
        list(sorted_unique(tags)),
        list(sorted_unique(scope)),
        limit,
    ]


def candidates_shape(ref: str, limit: int) -> list[JSONValue]:
    """`get_decision.candidates` parts: the ref as sent, limit."""
    return [ref, limit]


def context_shape(files: Iterable[str], limit: int) -> list[JSONValue]:
    """`context.results` / `context.findings` parts: sorted-unique files, the channel's limit."""
    return [list(sorted_unique(files)), limit]


def limit_shape(limit: int) -> list[JSONValue]:
    """Parts of a channel bound only to its limit (`*.findings`, `superseded.results`)."""
    return [limit]


# --- wire text ----------------------------------------------------------------------

_B64_VALUES: Final[Mapping[str, int]] = MappingProxyType(
    {
        **{
            c: i
            for i, c in enumerate("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        },
        "+": 62,
        "-": 62,
        "/": 63,
        "_": 63,
    }
)


def encode_cursor(cursor: Cursor, *, version: int = CURSOR_VERSION) -> str:
    """The wire text of `cursor` (`version` other than 1 only to forge test cursors)."""
    text = (
        f'{{"v":{version},"scope":{_js_string(cursor.scope)},'
        f'"fp":{_js_string(cursor.fp)},"qh":{_js_string(cursor.qh)},'
        f'"offset":{cursor.offset}}}'
    )
    raw = base64.urlsafe_b64encode(text.encode("utf-8", "surrogatepass"))
    return raw.rstrip(b"=").decode("ascii")


def _node_base64url(text: str) -> bytes:
    """Node's `Buffer.from(text, 'base64url')`: lenient, never fails."""
    sextets: list[int] = []
    for char in text:
        if char == "=":
            break
        value = _B64_VALUES.get(char)
        if value is not None:
            sextets.append(value)
    usable = len(sextets) - (len(sextets) % 4 == 1)
    bits = 0
    for value in sextets[:usable]:
        bits = (bits << 6) | value
    nbytes = usable * 6 // 8
    bits >>= usable * 6 - nbytes * 8
    return bits.to_bytes(nbytes, "big")


def _reject_constant(name: str) -> object:
    msg = f"not JSON: {name}"
    raise ValueError(msg)


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _safe_offset(value: object) -> int | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    if isinstance(value, float) and not value.is_integer():
        return None
    offset = int(value)
    return offset if 1 <= offset <= MAX_SAFE_INTEGER else None


def _payload(text: str) -> Mapping[str, object] | None:
    try:
        decoded = _node_base64url(text).decode("utf-8", "replace")
        parsed: object = json.loads(decoded, parse_constant=_reject_constant)
    except (ValueError, RecursionError):
        return None
    if not isinstance(parsed, dict) or set(parsed) != {"v", "scope", "fp", "qh", "offset"}:
        return None
    return parsed


def decode_cursor(text: str) -> Cursor | InvalidCursor:
    """Decode and version-check a cursor; never raises.

    Returns:
        The `Cursor`, or `InvalidCursor` with `decode-failed` (not base64url
        JSON of exactly `v, scope, fp, qh, offset` with the right types and a
        safe integer offset ≥ 1) or `version-unsupported`.
    """
    payload = _payload(text)
    if payload is None:
        return InvalidCursor("decode-failed")
    version, scope, fp, qh = payload["v"], payload["scope"], payload["fp"], payload["qh"]
    offset = _safe_offset(payload["offset"])
    if not (
        _is_number(version)
        and isinstance(scope, str)
        and isinstance(fp, str)
        and isinstance(qh, str)
        and offset is not None
    ):
        return InvalidCursor("decode-failed")
    if version != CURSOR_VERSION:
        return InvalidCursor("version-unsupported")
    return Cursor(scope=scope, fp=fp, qh=qh, offset=offset)


def check_cursor(
    text: str, *, channel: str, fingerprint: str, shape: Sequence[JSONValue]
) -> Cursor | InvalidCursor:
    """Decode `text` and check it against this request: channel, then corpus, then shape."""
    decoded = decode_cursor(text)
    if isinstance(decoded, InvalidCursor):
        return decoded
    if decoded.scope != channel:
        return InvalidCursor("wrong-channel")
    if decoded.fp != fingerprint:
        return InvalidCursor("corpus-changed")
    if decoded.qh != query_hash(shape):
        return InvalidCursor("query-mismatch")
    return decoded


def check_not_applicable(
    text: str | None, *, channel: str, fingerprint: str, shape: Sequence[JSONValue]
) -> InvalidCursor | None:
    """A cursor given to an outcome without that list: its first failure, else not-applicable.

    Returns None when no cursor was given.
    """
    if text is None:
        return None
    checked = check_cursor(text, channel=channel, fingerprint=fingerprint, shape=shape)
    return checked if isinstance(checked, InvalidCursor) else InvalidCursor("cursor-not-applicable")


def paginate(
    items: Iterable[T],
    cursor_text: str | None,
    *,
    channel: str,
    fingerprint: str,
    shape: Sequence[JSONValue],
    limit: int,
) -> Page[T] | InvalidCursor:
    """The page of `items` that `cursor_text` points to (the first page without one).

    `items` may be a lazy iterable in its final order: it is consumed only up
    to one item past the page, so a caller that computes hits on demand (a
    search) stops as soon as the page is known.

    Args:
        items: the whole channel, in its final order.
        cursor_text: the cursor as received, or None.
        channel: the cursor scope, e.g. `search.results`.
        fingerprint: the corpus fingerprint.
        shape: the query-shape parts (`search_shape(...)`, …), the limit included.
        limit: page size, ≥ 1.

    Returns:
        The page, with the next page's cursor when items remain; or the
        `InvalidCursor` of the first failed check.

    Raises:
        ValueError: `limit` < 1 (validate it first).
    """
    if limit < 1:
        msg = f"limit must be at least 1, not {limit}"
        raise ValueError(msg)
    offset = 0
    if cursor_text is not None:
        checked = check_cursor(cursor_text, channel=channel, fingerprint=fingerprint, shape=shape)
        if isinstance(checked, InvalidCursor):
            return checked
        offset = checked.offset
    window = list(islice(items, offset + limit + 1))
    if cursor_text is not None and offset >= len(window):
        return InvalidCursor("offset-out-of-range")
    page = tuple(window[offset : offset + limit])
    after = offset + len(page)
    if after >= len(window):
        return Page(page, None)
    nxt = Cursor(scope=channel, fp=fingerprint, qh=query_hash(shape), offset=after)
    return Page(page, encode_cursor(nxt))
