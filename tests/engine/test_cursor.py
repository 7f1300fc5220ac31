"""Tests for `govmem.engine.cursor`: adrkit's cursor wire format, checks and pagination."""

from __future__ import annotations

import base64
import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from govmem import InvalidCursor
from govmem.engine.cursor import (
    INVALID_CURSOR_MESSAGES,
    Cursor,
    Page,
    candidates_shape,
    check_not_applicable,
    context_shape,
    decode_cursor,
    encode_cursor,
    limit_shape,
    paginate,
    query_hash,
    search_shape,
)
from tests.conftest import DATA

RECORDED = DATA / "adrkit-conformance" / "outputs" / "invalid-cursor.adrkit-docs-adr.json"
FP = "4061dfb115c075b78d8ebfac41435fd51de50e08ea2a586bdfc2b0e8fdb66f04"


def _exchanges() -> dict[str, Any]:
    if not RECORDED.exists():
        pytest.fail(f"missing {RECORDED}")
    data = json.loads(RECORDED.read_text(encoding="utf-8"))
    return {e["label"].split(" ")[0]: e for e in data["exchanges"]}


def _forge(payload: str) -> str:
    return base64.urlsafe_b64encode(payload.encode()).rstrip(b"=").decode()


def test_recorded_adrkit_cursor_decodes_to_its_fields() -> None:
    """adrkit's page-1 cursor decodes to search.results, its fingerprint, qh and offset 20."""
    exchange = _exchanges()["page-1-mints-cursor"]
    text = exchange["response"]["structuredContent"]["result"]["cursor"]
    cursor = decode_cursor(text)
    assert cursor == Cursor(
        "search.results", FP, query_hash(search_shape("the", None, None, None, 20)), 20
    )
    assert isinstance(cursor, Cursor)
    assert encode_cursor(cursor) == text


def test_paginate_mints_adrkit_byte_identical_cursor() -> None:
    """Given adrkit's fingerprint, the first page's cursor is the very text adrkit minted."""
    exchange = _exchanges()["page-1-mints-cursor"]
    expected = exchange["response"]["structuredContent"]["result"]["cursor"]
    page = paginate(
        list(range(31)),
        None,
        channel="search.results",
        fingerprint=FP,
        shape=search_shape("the", None, None, None, 20),
        limit=20,
    )
    assert page == Page(tuple(range(20)), expected)


def test_candidates_query_hash_matches_recorded_forged_cursor() -> None:
    """qh of get_decision.candidates is sha256 of the JSON text [ref, limit]."""
    exchange = _exchanges()["cursor-not-applicable"]
    decoded = decode_cursor(exchange["request"]["params"]["arguments"]["cursor"])
    assert isinstance(decoded, Cursor)
    assert decoded.qh == query_hash(candidates_shape("0010", 20))


@pytest.mark.parametrize(
    ("label", "channel", "shape"),
    [
        ("decode-failed", "search.results", search_shape("the", None, None, None, 20)),
        ("version-unsupported", "search.results", search_shape("the", None, None, None, 20)),
        ("wrong-channel", "search.findings", limit_shape(20)),
        ("query-mismatch", "search.results", search_shape("and", None, None, None, 20)),
        ("offset-out-of-range", "search.results", search_shape("the", None, None, None, 20)),
    ],
)
def test_recorded_invalid_cursor_gives_the_same_reason_and_message(
    label: str, channel: str, shape: list[Any]
) -> None:
    """Each recorded refusal is reproduced with adrkit's reason and fixed message."""
    exchange = _exchanges()[label]
    args = exchange["request"]["params"]["arguments"]
    text = args.get("cursor") or args.get("findingsCursor")
    got = paginate(list(range(31)), text, channel=channel, fingerprint=FP, shape=shape, limit=20)
    expected = exchange["response"]["structuredContent"]["result"]
    assert isinstance(got, InvalidCursor)
    assert got.to_wire() == expected


def test_recorded_corpus_changed_and_not_applicable_reasons() -> None:
    """A cursor from an older fingerprint is corpus-changed; one on `found` is not applicable."""
    exchanges = _exchanges()
    changed = exchanges["corpus-changed"]
    new_fp = changed["response"]["structuredContent"]["corpusHealth"]["fingerprint"]
    got = paginate(
        list(range(31)),
        changed["request"]["params"]["arguments"]["cursor"],
        channel="search.results",
        fingerprint=new_fp,
        shape=search_shape("the", None, None, None, 20),
        limit=20,
    )
    assert got == InvalidCursor("corpus-changed")
    na = exchanges["cursor-not-applicable"]
    refused = check_not_applicable(
        na["request"]["params"]["arguments"]["cursor"],
        channel="get_decision.candidates",
        fingerprint=FP,
        shape=candidates_shape("0010", 20),
    )
    assert refused is not None
    assert refused.to_wire() == na["response"]["structuredContent"]["result"]


@pytest.mark.parametrize(
    ("payload", "reason"),
    [
        ('{"v":1,"scope":"s","fp":"f","qh":"q","offset":0}', "decode-failed"),
        ('{"v":1,"scope":"s","fp":"f","qh":"q","offset":1.5}', "decode-failed"),
        ('{"v":1,"scope":"s","fp":"f","qh":"q","offset":9007199254740992}', "decode-failed"),
        ('{"v":1,"scope":"s","fp":"f","qh":"q"}', "decode-failed"),
        ('{"v":1,"scope":"s","fp":"f","qh":"q","offset":1,"x":1}', "decode-failed"),
        ('{"v":"1","scope":"s","fp":"f","qh":"q","offset":1}', "decode-failed"),
        ('{"v":true,"scope":"s","fp":"f","qh":"q","offset":1}', "decode-failed"),
        ('{"v":1,"scope":1,"fp":"f","qh":"q","offset":1}', "decode-failed"),
        ('{"v":NaN,"scope":"s","fp":"f","qh":"q","offset":1}', "decode-failed"),
        ("[1]", "decode-failed"),
        ('{"v":2,"scope":"s","fp":"f","qh":"q","offset":1}', "version-unsupported"),
        ('{"v":1.5,"scope":"s","fp":"f","qh":"q","offset":1}', "version-unsupported"),
    ],
)
def test_malformed_payloads_are_refused_with_their_reason(payload: str, reason: str) -> None:
    """Structure, types, safe-integer offset ≥ 1 and version are checked in that order."""
    assert decode_cursor(_forge(payload)) == InvalidCursor(reason)  # type: ignore[arg-type]


def test_decoding_is_as_lenient_as_node() -> None:
    """Stray characters, padding and the standard alphabet are accepted, as Node does."""
    cursor = Cursor("context.results", "fp", "qh", 3)
    text = encode_cursor(cursor)
    noisy = "!".join(text) + "=="
    assert decode_cursor(noisy) == cursor
    standard = text.replace("-", "+").replace("_", "/")
    assert decode_cursor(standard) == cursor


def test_a_cursor_into_an_empty_channel_is_out_of_range() -> None:
    """Any cursor given for an empty list is offset-out-of-range."""
    shape = limit_shape(20)
    text = encode_cursor(Cursor("superseded.results", "fp", query_hash(shape), 1))
    empty: list[int] = []
    got = paginate(
        empty, text, channel="superseded.results", fingerprint="fp", shape=shape, limit=20
    )
    assert got == InvalidCursor("offset-out-of-range")


def test_every_reason_has_adrkits_fixed_message() -> None:
    """Seven reasons, each with its sentence."""
    assert len(INVALID_CURSOR_MESSAGES) == 7
    assert InvalidCursor("query-mismatch").message == (
        "Cursor was issued for different request parameters."
    )


def test_context_shape_sorts_and_deduplicates_files_by_code_units() -> None:
    """files are bound canonically: duplicates once, UTF-16 order."""
    assert context_shape(["b", "a", "b", "\U0001f600", "\uff5e"], 5) == [
        ["a", "b", "\U0001f600", "\uff5e"],
        5,
    ]


cursors = st.builds(
    Cursor,
    scope=st.text(),
    fp=st.text(),
    qh=st.text(),
    offset=st.integers(min_value=1, max_value=2**53 - 1),
)


@given(cursors)
def test_encode_then_decode_is_identity(cursor: Cursor) -> None:
    """decode_cursor(encode_cursor(c)) == c for any cursor."""
    assert decode_cursor(encode_cursor(cursor)) == cursor


@given(st.text(max_size=4096))
def test_decode_never_raises(text: str) -> None:
    """Any string decodes to a Cursor or an InvalidCursor."""
    assert isinstance(decode_cursor(text), Cursor | InvalidCursor)


@given(st.lists(st.integers(), max_size=60), st.integers(min_value=1, max_value=25))
def test_pages_concatenate_to_the_whole_list(items: list[int], limit: int) -> None:
    """Walking every page with its cursor yields each item once, in order."""
    shape = limit_shape(limit)
    walked: list[int] = []
    cursor: str | None = None
    while True:
        page = paginate(items, cursor, channel="c", fingerprint="fp", shape=shape, limit=limit)
        assert isinstance(page, Page)
        walked.extend(page.items)
        if page.cursor is None:
            break
        cursor = page.cursor
    assert walked == items


@given(
    st.lists(st.integers(), min_size=2, max_size=30),
    st.sampled_from(["channel", "fingerprint", "shape"]),
)
def test_a_cursor_from_another_request_is_refused_with_the_right_reason(
    items: list[int], change: str
) -> None:
    """Another channel, corpus or query shape gives wrong-channel, corpus-changed, query-mismatch."""
    page = paginate(items, None, channel="c", fingerprint="fp", shape=limit_shape(1), limit=1)
    assert isinstance(page, Page)
    assert page.cursor is not None
    kwargs: dict[str, Any] = {"channel": "c", "fingerprint": "fp", "shape": limit_shape(1)}
    reason = {
        "channel": "wrong-channel",
        "fingerprint": "corpus-changed",
        "shape": "query-mismatch",
    }
    kwargs[change] = {"channel": "d", "fingerprint": "fp2", "shape": limit_shape(2)}[change]
    got = paginate(items, page.cursor, limit=1, **kwargs)
    assert got == InvalidCursor(reason[change])  # type: ignore[arg-type]
