"""The four adrkit tools (SPEC §6): search filters, every cursor reason, argument limits, summaries."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import attrs
import pytest

import govmem
from govmem import Corpus, InputError
from govmem.engine.cursor import Cursor, candidates_shape, decode_cursor, encode_cursor, query_hash
from tests.conftest import run_tool
from tests.tools.seed_002 import (
    STATES,
    _adr,
    _ids,
    _load,
    _rec,
)

# ------------------------------------------------------------------ search rules


@pytest.mark.parametrize(
    ("status", "expected"),
    [
        (["accepted"], ["a1", "a2"]),
        (["approved"], ["a2"]),
        (["proposed"], ["p1", "p2"]),
        (["draft"], ["p2"]),
        (["rejected", "unknown"], ["r1", "u1"]),
    ],
)
def test_status_filter_matches_classes_or_exact_spellings(
    status: list[str], expected: list[str]
) -> None:
    """A class name matches the whole class; `approved`/`draft` only records so written."""
    corpus = Corpus.from_records(
        [
            _rec("a1", "accepted"),
            _rec("a2", "accepted", label="approved"),
            _rec("p1", "proposed"),
            _rec("p2", "proposed", label="draft"),
            _rec("r1", "rejected"),
            _rec("u1", "unknown"),
        ]
    )
    assert _ids(corpus.search_decisions("content", status=status).to_wire()["items"]) == expected


def test_scope_filter_matches_the_scope_and_its_descendants(tmp_path: Path) -> None:
    """`backend` finds records of backend and of its child `db`, not of frontend."""
    files = {
        "govmem.yaml": "scopes: {all: {backend: {db: {}}, frontend: {}}}\n",
        "docs/adr/0001-a.md": _adr("0001", "Alpha", "accepted", "scope: backend\n"),
        "docs/adr/0002-b.md": _adr("0002", "Beta", "accepted", "scope: db\n"),
        "docs/adr/0003-c.md": _adr("0003", "Gamma", "accepted", "scope: frontend\n"),
    }
    corpus = _load(tmp_path, files)
    assert _ids(corpus.search_decisions("#", scope=["backend"]).to_wire()["items"]) == [
        "0001",
        "0002",
    ]


def test_tags_filter_is_all_of_and_exact() -> None:
    """Every tag asked must be on the record, spelled exactly."""
    corpus = Corpus.from_records(
        [_rec("t1", "accepted", tags=("db", "ops")), _rec("t2", "accepted", tags=("db", "Ops"))]
    )
    assert _ids(corpus.search_decisions("content", tags=["db", "ops"]).to_wire()["items"]) == ["t1"]


@pytest.mark.parametrize(
    ("query", "fields"),
    [
        ("  ＣＯＮＴＥＮＴ  ", ["body"]),
        ("title", ["title"]),
        ("s1", ["id"]),
        ("storage", ["tag"]),
    ],
)
def test_matched_fields_follow_adrkit_order_and_normalisation(
    query: str, fields: list[str]
) -> None:
    """Trim, NFKC and lowercase apply to the query and each field."""
    rec = _rec("s1", "accepted", tags=("storage",), title="A title", content="Some content")
    corpus = Corpus.from_records([rec])
    assert corpus.search_decisions(query).to_wire()["items"][0]["matchedFields"] == fields


def test_archive_records_are_searched_too(states: Corpus) -> None:
    """Superseded and rejected records are results like any other."""
    assert "0003" in _ids(states.search_decisions("mysql").to_wire()["items"])


# ------------------------------------------------------------------ cursors


def _forge(cursor: str, *, version: int = 1, **change: Any) -> str:
    """`cursor` re-encoded with some fields changed (a client-forged cursor)."""
    decoded = decode_cursor(cursor)
    assert isinstance(decoded, Cursor)
    return encode_cursor(attrs.evolve(decoded, **change), version=version)


def _two_pages(corpus: Corpus) -> str:
    first = corpus.search_decisions("#", limit=2).to_wire()
    assert first["cursor"] is not None
    return str(first["cursor"])


@pytest.mark.parametrize(
    ("reason", "call"),
    [
        (
            "decode-failed",
            lambda c, cur: c.search_decisions("#", cursor="garbage!!", limit=2).to_wire(),
        ),
        (
            "version-unsupported",
            lambda c, cur: c.search_decisions(
                "#", cursor=_forge(cur, version=2), limit=2
            ).to_wire(),
        ),
        (
            "wrong-channel",
            lambda c, cur: c.search_decisions("#", findings_cursor=cur, limit=2).to_wire(),
        ),
        (
            "corpus-changed",
            lambda c, cur: c.search_decisions(
                "#", cursor=_forge(cur, fp="0" * 64), limit=2
            ).to_wire(),
        ),
        (
            "query-mismatch",
            lambda c, cur: c.search_decisions("other", cursor=cur, limit=2).to_wire(),
        ),
        (
            "offset-out-of-range",
            lambda c, cur: c.search_decisions(
                "#", cursor=_forge(cur, offset=999), limit=2
            ).to_wire(),
        ),
        ("cursor-not-applicable", lambda c, cur: _not_applicable(c)),
    ],
)
def test_each_invalid_cursor_reason(states: Corpus, reason: str, call: Any) -> None:
    """The seven reasons of seed 002, each a non-error outcome with its fixed message."""
    result = call(states, _two_pages(states))
    assert result["outcome"] == "invalid-cursor"
    assert result["reason"] == reason
    assert result["message"]


def _not_applicable(corpus: Corpus) -> dict[str, Any]:
    """A valid candidates cursor, re-bound to a ref that is `found`."""
    minted = corpus.get_decision("0020", limit=1).to_wire()["cursor"]
    cursor = _forge(minted, qh=query_hash(candidates_shape("0007", 1)))
    return corpus.get_decision("0007", cursor=cursor, limit=1).to_wire()


def test_a_cursor_from_an_edited_corpus_is_corpus_changed(tmp_path: Path) -> None:
    """One newline added to one body invalidates every outstanding cursor."""
    corpus = _load(tmp_path, STATES)
    cursor = _two_pages(corpus)
    path = tmp_path / "docs/adr/0013-bare.md"
    path.write_text(path.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    again = govmem.load(tmp_path).search_decisions("#", cursor=cursor, limit=2).to_wire()
    assert again["reason"] == "corpus-changed"


# ------------------------------------------------------------------ validation


@pytest.mark.parametrize(
    ("tool", "arguments", "field"),
    [
        ("search_decisions", {"query": "   "}, "query"),
        ("search_decisions", {"query": "x" * 257}, "query"),
        ("search_decisions", {"query": "x", "bogus": 1}, "bogus"),
        ("search_decisions", {"query": "x", "status": ["accepted", "accepted"]}, "status"),
        ("search_decisions", {"query": "x", "status": ["nope"]}, "status.0"),
        ("search_decisions", {"query": "x", "tags": ["t" * 65]}, "tags.0"),
        ("get_decision", {}, "ref"),
        ("get_decision", {"ref": "x" * 129}, "ref"),
        ("get_decision_context", {"files": []}, "files"),
        ("get_decision_context", {"files": ["/etc/passwd"]}, "files.0"),
        ("get_decision_context", {"files": ["a/../b"]}, "files.0"),
        ("get_decision_context", {"files": ["C:/x"]}, "files.0"),
        ("get_decision_context", {"files": ["a\\b"]}, "files.0"),
        ("list_superseded", {"limit": 0}, "limit"),
        ("list_superseded", {"limit": 101}, "limit"),
        ("list_superseded", {"limit": 1.5}, "limit"),
        ("list_superseded", {"cursor": "x" * 4097}, "cursor"),
        ("list_superseded", {"cursor": None}, "cursor"),
    ],
)
def test_bad_arguments_raise_input_error_naming_the_field(
    seed: Corpus, tool: str, arguments: dict[str, Any], field: str
) -> None:
    """Every SPEC §6 limit, checked before the corpus is touched."""
    with pytest.raises(InputError) as info:
        run_tool(seed, tool, arguments)
    assert info.value.field == field


# ------------------------------------------------------------------ summaries


@pytest.mark.parametrize(
    ("tool", "arguments", "text"),
    [
        (
            "search_decisions",
            {"query": "postgres"},
            "Returned 1 decision result; 0 findings on this page.",
        ),
        ("get_decision", {"ref": "0007"}, 'Found decision "0007"; 0 findings on this page.'),
        ("get_decision", {"ref": "9"}, 'No local decision matches "9"; 0 findings on this page.'),
        (
            "get_decision",
            {"ref": "a:1"},
            'Named-log federation is unavailable for "a:1"; 0 findings on this page.',
        ),
        (
            "get_decision_context",
            {"files": ["src/db/x"]},
            "Returned 2 context matches: 1 governing, 0 active proposals, 1 historical; 0 findings on this page.",
        ),
        ("list_superseded", {}, "Returned 1 superseded decision entry; 0 findings on this page."),
    ],
)
def test_text_summaries_are_adrkits_templates(
    seed: Corpus, tool: str, arguments: dict[str, Any], text: str
) -> None:
    """One line per outcome, counted on the page, singular for one."""
    args = govmem.check_arguments(tool, arguments, wire=True)
    assert getattr(seed, tool)(**args).summary() == text


def test_a_summary_never_exceeds_512_code_units() -> None:
    """A long ref is cut to fit."""
    text = govmem.NotFound("𝔵" * 128 * 3, govmem.FindingsPage((), None)).summary()
    assert len(text.encode("utf-16-le")) // 2 <= 512
