"""Tests for the one validator (`govmem.check_arguments`) and the errors: strict inputs, fixable messages."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from govmem import (
    OPERATIONS,
    CorpusUnavailable,
    GitHistoryError,
    GovmemError,
    InputError,
    check_arguments,
)
from govmem.model.errors import CORPUS_UNAVAILABLE_MESSAGES


def _issue(operation: str, arguments: object) -> InputError:
    with pytest.raises(InputError) as caught:
        check_arguments(operation, arguments, wire=True)
    return caught.value


def test_valid_search_gets_defaults_and_snake_case_names() -> None:
    """A minimal search fills limits with 20 and renames camelCase fields."""
    args = check_arguments("search_decisions", {"query": "db", "findingsLimit": 5}, wire=True)
    assert args["query"] == "db"
    assert args["limit"] == 20
    assert args["findings_limit"] == 5
    assert args["status"] is None


@pytest.mark.parametrize(
    ("operation", "arguments", "field", "fragment"),
    [
        ("search_decisions", {"query": "x", "bogus": 1}, "bogus", "unknown field"),
        ("search_decisions", {"query": "   "}, "query", "non-empty after trimming"),
        ("search_decisions", {"query": "x" * 257}, "query", "1–256 characters"),
        ("search_decisions", {"query": "\U0001f600" * 129}, "query", "not 258"),
        ("search_decisions", {}, "query", "required"),
        (
            "search_decisions",
            {"query": "a", "status": ["accepted", "accepted"]},
            "status",
            "unique",
        ),
        ("search_decisions", {"query": "a", "status": ["final"]}, "status.0", "one of"),
        ("search_decisions", {"query": "a", "status": []}, "status", "1–6 items"),
        ("search_decisions", {"query": "a", "scope": ["a", "b", "c", "d"]}, "scope", "1–3 items"),
        ("search_decisions", {"query": "a", "tags": ["x" * 65]}, "tags.0", "1–64"),
        ("search_decisions", {"query": "a", "tags": [f"t{i}" for i in range(33)]}, "tags", "1–32"),
        ("search_decisions", {"query": "a", "cursor": None}, "cursor", "string, not null"),
        ("search_decisions", {"query": "a", "cursor": "c" * 4097}, "cursor", "0–4096"),
        ("search_decisions", {"query": "a", "limit": 0}, "limit", "1–100, not 0"),
        ("search_decisions", {"query": "a", "limit": 101}, "limit", "1–100"),
        ("search_decisions", {"query": "a", "limit": True}, "limit", "not a boolean"),
        ("search_decisions", {"query": "a", "limit": 5.0}, "limit", "not a number"),
        ("search_decisions", {"query": "a", "limit": "5"}, "limit", "not a string"),
        ("get_decision", {"ref": ""}, "ref", "1–128"),
        ("get_decision", {"ref": "x" * 129}, "ref", "1–128"),
        ("get_decision_context", {"files": []}, "files", "1–256 items"),
        ("get_decision_context", {"files": ["/etc/passwd"]}, "files.0", "must not start with /"),
        ("get_decision_context", {"files": ["a/../b"]}, "files.0", ".. segment"),
        ("get_decision_context", {"files": ["C:/x"]}, "files.0", "drive letter"),
        ("get_decision_context", {"files": ["a\\b"]}, "files.0", "backslash"),
        ("get_decision_context", {"files": ["a\0b"]}, "files.0", "NUL"),
        ("get_decision_context", {"files": ["x" * 1025]}, "files.0", "1–1024"),
        ("get_decision_context", {"files": ["a"] * 257}, "files", "1–256 items"),
        ("list_superseded", {"limit": 0}, "limit", "1–100"),
        ("list_superseded", [], "", "must be an object"),
        ("query", {"question": "q", "as_of": "yesterday"}, "as_of", "10–64 characters"),
        ("query", {"question": "q", "as_of": "2026-13-45"}, "as_of", "YYYY-MM-DD"),
        ("query", {"question": "q", "known_as_of": "zz"}, "known_as_of", "7–64 characters"),
        ("query", {"question": "q", "known_as_of": "nota-commit"}, "known_as_of", "must match"),
        ("expiring", {"within": "7 days"}, "within", "12h, 7d or 2w"),
        ("memory_history", {"category": "hobby", "key": "k"}, "category", "one of"),
        ("remember", {"kind": "memory", "content": "c"}, "category", "required for a memory"),
        ("remember", {"kind": "claim", "content": "c", "key": "k"}, "key", "a claim has none"),
        (
            "remember",
            {"content": "c", "category": "fact", "key": "k", "verified": True},
            "verified",
            "only a human",
        ),
        ("nope", {}, "", "unknown operation"),
    ],
)
def test_bad_arguments_raise_an_input_error_that_says_what_to_fix(
    operation: str, arguments: object, field: str, fragment: str
) -> None:
    """Each violation names its field and the rule to satisfy."""
    error = _issue(operation, arguments)
    assert error.field == field
    assert fragment in error.message


@pytest.mark.parametrize(
    ("operation", "arguments"),
    [
        ("get_decision_context", {"files": ["a/b.ts", "a/b.ts", "./c", "a..b/c"]}),
        ("get_decision", {"ref": "ADR-1"}),
        ("search_decisions", {"query": "x", "status": ["approved", "draft", "unknown"]}),
        ("query", {"question": "q", "as_of": "2026-09-08", "known_as_of": "abc1234"}),
        ("query", {"question": "q", "known_as_of": "2026-02-01T10:00:00Z"}),
        ("find_conflicts", {"topic": None, "cursor": None}),
        ("remember", {"kind": "memory", "content": "c", "category": "fact", "key": "k"}),
        ("remember", {"kind": "claim", "content": "c", "source_ids": ["chat-1"]}),
        ("recall", {}),
        ("list_superseded", {}),
    ],
)
def test_valid_arguments_pass(operation: str, arguments: dict[str, Any]) -> None:
    """Duplicate files, govmem refs, status spellings and null-as-absent are accepted."""
    assert check_arguments(operation, arguments, wire=True) is not None


def test_every_problem_is_reported_at_once() -> None:
    """One InputError lists all issues, joined in field order."""
    error = _issue("search_decisions", {"query": " ", "limit": 0, "x": 1})
    assert [i.field for i in error.issues] == ["x", "query", "limit"]
    assert str(error).count(";") == 2


def test_error_tree_maps_to_exit_codes() -> None:
    """InputError exits 2; the corpus and git errors exit 1; all are GovmemError."""
    unavailable = CorpusUnavailable("dir-not-found")
    assert unavailable.message == "Configured ADR directory was not found."
    assert len(CORPUS_UNAVAILABLE_MESSAGES) == 9
    assert isinstance(unavailable, GovmemError)
    assert (InputError("f", "m").exit_code, unavailable.exit_code, GitHistoryError().exit_code) == (
        2,
        1,
        1,
    )


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
field_names = st.sampled_from(sorted({a.wire_name for op in OPERATIONS.values() for a in op.args}))


@given(
    st.sampled_from(sorted(OPERATIONS)),
    json_values | st.dictionaries(field_names, json_values, max_size=6),
)
def test_any_json_value_gives_arguments_or_an_input_error(operation: str, arguments: Any) -> None:
    """No JSON input makes a validator raise anything but InputError."""
    with contextlib.suppress(InputError):
        check_arguments(operation, arguments, wire=True)
