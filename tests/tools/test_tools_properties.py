"""Property tests of the adrkit tools: lossless pages, bound cursors, no crash on any JSON.

Corpora come from `govmem.testing` (records `r0`, `r1`, … with supersessions,
claims and memories), given `affects` patterns from a small pool and, now and
then, a duplicate id, so that every channel has something to page through.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

import attrs
from hypothesis import given
from hypothesis import strategies as st

from govmem import Corpus, InputError, Matcher, Record
from govmem.testing import CorpusInputs, corpora
from govmem.tools.base import TOOLS
from tests.conftest import run_tool

PATTERNS: Final = ("src/**", "src/db/**", "docs/*.md", "**/*.sql", "lib/{a,b}/*", "src/legacy/**")
FILES: Final = ("src/db/pool.ts", "src/legacy/x.py", "docs/readme.md", "lib/a/x", "schema.sql")
QUERIES: Final = ("use", "r1", "for", ".", "nothing", "Ａ")


@st.composite
def tool_corpora(draw: st.DrawFn) -> Corpus:
    """A corpus whose records carry `affects` matchers (some negated) and maybe a twin id."""
    inputs: CorpusInputs = draw(corpora(max_records=8))
    records: list[Record] = []
    for rec in inputs.records:
        chosen = draw(st.lists(st.sampled_from(PATTERNS), unique=True, max_size=3))
        negate = draw(st.booleans())
        affects = tuple(
            Matcher(p, negate=negate and i == len(chosen) - 1 and i > 0)
            for i, p in enumerate(chosen)
        )
        records.append(attrs.evolve(rec, affects=affects))
    twin = draw(st.booleans())
    if records and twin:
        records.append(attrs.evolve(records[0], path=f"{records[0].path}.twin.md"))
    return attrs.evolve(inputs, records=tuple(records)).build()


Call = Callable[..., dict[str, Any]]


def _walk(call: Call, key: str, limit: int, channel: str = "cursor") -> list[Any]:
    """Every item of one channel, page by page."""
    limit_name = "findings_limit" if channel == "findings_cursor" else "limit"
    items: list[Any] = []
    cursor: str | None = None
    for _ in range(200):
        result = call(**{limit_name: limit, channel: cursor})
        page = result["findings"] if channel == "findings_cursor" else result
        items += page["items"] if key == "items" else _flat(result) if key == "flat" else []
        cursor = page["cursor"]
        if cursor is None:
            return items
    raise AssertionError("the walk did not end")


def _flat(result: dict[str, Any]) -> list[Any]:
    return [*result["governing"], *result["activeProposals"], *result["history"]]


def _calls(corpus: Corpus, query: str, files: list[str]) -> list[tuple[Call, str]]:
    return [
        (lambda **kw: corpus.search_decisions(query, **kw).to_wire(), "items"),
        (lambda **kw: corpus.get_decision_context(files, **kw).to_wire(), "flat"),
        (lambda **kw: corpus.list_superseded(**kw).to_wire(), "items"),
    ]


def _sort_flat(items: list[dict[str, Any]]) -> list[tuple[str, str]]:
    return sorted((i["id"], i["sourcePath"]) for i in items)


@given(
    tool_corpora(),
    st.sampled_from(QUERIES),
    st.lists(st.sampled_from(FILES), min_size=1, max_size=4),
    st.integers(1, 7),
)
def test_pages_concatenated_equal_the_unpaged_list(
    corpus: Corpus, query: str, files: list[str], size: int
) -> None:
    """For any page size, walking every channel gives exactly the one-page answer."""
    for call, key in _calls(corpus, query, files):
        whole = call(limit=100, findings_limit=100)
        paged = _walk(call, key, size)
        if key == "flat":
            # each page is split into buckets, so only the set and its record order survive
            assert _sort_flat(paged) == _sort_flat(_flat(whole))
        else:
            assert paged == whole["items"]
        assert _walk(call, "items", size, "findings_cursor") == whole["findings"]["items"]


@given(tool_corpora(), st.lists(st.sampled_from(FILES), min_size=1, max_size=4))
def test_context_pages_follow_record_order_before_the_split(
    corpus: Corpus, files: list[str]
) -> None:
    """One flat list in (id, path) order is paged, then split: pages never overlap."""
    whole = corpus.get_decision_context(files, limit=100).to_wire()
    order = [(i["id"], i["sourcePath"]) for i in _flat(whole)]
    seen: list[tuple[str, str]] = []
    cursor: str | None = None
    while True:
        page = corpus.get_decision_context(files, limit=1, cursor=cursor).to_wire()
        seen += [(i["id"], i["sourcePath"]) for i in _flat(page)]
        cursor = page["cursor"]
        if cursor is None:
            break
    assert sorted(seen) == sorted(order)
    assert len(seen) == len(set(seen))


def _reason(result: dict[str, Any]) -> str | None:
    return result.get("reason") if result["outcome"] == "invalid-cursor" else None


@given(tool_corpora())
def test_a_cursor_from_another_query_channel_or_corpus_is_refused(corpus: Corpus) -> None:
    """query-mismatch, wrong-channel and corpus-changed, each for the right misuse."""
    first = corpus.search_decisions("r", limit=1).to_wire()
    cursor = first["cursor"]
    if cursor is None:
        return
    assert _reason(corpus.search_decisions("r", cursor=cursor, limit=1).to_wire()) is None
    assert (
        _reason(corpus.search_decisions("r0", cursor=cursor, limit=1).to_wire()) == "query-mismatch"
    )
    assert (
        _reason(corpus.search_decisions("r", cursor=cursor, limit=2).to_wire()) == "query-mismatch"
    )
    assert (
        _reason(corpus.search_decisions("r", findings_cursor=cursor).to_wire()) == "wrong-channel"
    )
    assert _reason(corpus.list_superseded(cursor=cursor).to_wire()) == "wrong-channel"
    assert (
        _reason(corpus.get_decision_context(["src/a"], cursor=cursor).to_wire()) == "wrong-channel"
    )
    other = Corpus.from_records([*corpus.records, attrs.evolve(corpus.records[0], id="zz-new")])
    assert (
        _reason(other.search_decisions("r", cursor=cursor, limit=1).to_wire()) == "corpus-changed"
    )


_JSON: Final = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
_KEYS: Final = (
    "query",
    "status",
    "tags",
    "scope",
    "ref",
    "files",
    "cursor",
    "limit",
    "findingsCursor",
    "findingsLimit",
)
_VALUES: Final = st.one_of(
    _JSON,
    st.sampled_from(["0001", "r1", "r0", "core:1", "src/db/x", "accepted", "draft", "all"]),
    st.lists(st.sampled_from(["accepted", "draft", "src/db/pool.ts", "database", "all"])),
    st.integers(0, 101),
)


@given(
    tool_corpora(),
    st.sampled_from([*TOOLS, "no_such_tool"]),
    st.one_of(_JSON, st.dictionaries(st.sampled_from(_KEYS), _VALUES, max_size=5)),
)
def test_no_json_input_raises_anything_but_input_error(
    corpus: Corpus, tool: str, arguments: object
) -> None:
    """Any JSON value as arguments gives a result with an outcome, or InputError."""
    try:
        result = run_tool(corpus, tool, arguments)
    except InputError:
        return
    assert isinstance(result["outcome"], str)
