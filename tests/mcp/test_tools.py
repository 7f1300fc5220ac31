"""Every tool, every outcome, in-process, in both protocol eras."""

from __future__ import annotations

import json
import re
import shutil
import time
from pathlib import Path

import pytest

import govmem
from govmem import Corpus, CorpusUnavailable, TopicList
from govmem_mcp._state import LiveCorpus
from mcp import Client

from .support import SEED_QUESTION, git, structured, text

pytest_plugins = ["tests.mcp.plugin"]

pytestmark = pytest.mark.anyio

READ_TOOLS = [
    "check_proposal",
    "find_conflicts",
    "get_decision",
    "get_decision_context",
    "get_decision_history",
    "list_superseded",
    "list_topics",
    "query",
    "recall",
    "search_decisions",
    "search_memories",
]


async def test_tools_are_listed_in_order_with_fixed_annotations(client: Client) -> None:
    tools = (await client.list_tools()).tools
    names = [t.name for t in tools]
    assert names == sorted(names)
    assert names == READ_TOOLS
    assert "remember" not in names
    assert "propose_decision" not in names
    for t in tools:
        a = t.annotations
        assert a is not None
        assert (a.read_only_hint, a.destructive_hint, a.idempotent_hint, a.open_world_hint) == (
            True,
            False,
            True,
            False,
        )
        assert t.description
        assert t.title
        assert t.input_schema["additionalProperties"] is False
        assert t.output_schema is not None
        assert t.output_schema["additionalProperties"] is False
        extra = {"candidates"} if t.name == "query" else set()
        assert set(t.output_schema["properties"]) == {"corpusHealth", "result", *extra}
        assert t.output_schema["required"] == ["result"]


async def test_remember_only_with_allow_writes(write_client: Client) -> None:
    tools = {t.name: t for t in (await write_client.list_tools()).tools}
    assert list(tools) == sorted([*READ_TOOLS, "propose_decision", "remember"])
    for name in ("propose_decision", "remember"):
        a = tools[name].annotations
        assert a is not None
        assert (a.read_only_hint, a.destructive_hint, a.idempotent_hint, a.open_world_hint) == (
            False,
            False,
            False,
            False,
        )
    assert set(tools["propose_decision"].input_schema["properties"]) == {
        "title",
        "decision",
        "context",
        "topic",
        "scope",
        "supersedes",
        "request_id",
    }
    assert tools["propose_decision"].input_schema["required"] == ["title", "decision"]
    assert set(tools["check_proposal"].input_schema["properties"]) == {
        "title",
        "decision",
        "topic",
        "scope",
        "as_of",
    }
    assert set(tools["remember"].input_schema["properties"]) == {
        "kind",
        "content",
        "category",
        "key",
        "tags",
        "priority",
        "expires_at",
        "topic",
        "value",
        "scope",
        "source_ids",
        "request_id",  # the idempotency key (issue 22)
    }


async def test_query_returns_the_library_answer(client: Client, example_repo: Path) -> None:
    args = {"question": SEED_QUESTION, "topic": "database", "as_of": "2026-09-08"}
    out = structured(await client.call_tool("query", args))
    corpus = govmem.load(example_repo)
    expected = corpus.query(SEED_QUESTION, topic="database", as_of="2026-09-08").to_dict()
    assert out["result"] == expected
    assert list(out["result"]) == list(expected)
    assert out["corpusHealth"] == {
        "fingerprint": corpus.health.fingerprint,
        "recordCount": corpus.health.record_count,
        "excludedCount": corpus.health.excluded_count,
    }


async def test_query_summary_is_one_line(client: Client) -> None:
    r = await client.call_tool("query", {"question": SEED_QUESTION, "as_of": "2026-09-08"})
    assert text(r) == (
        "CONTESTED: database in new-services as of 2026-09-08 — adr-024 (PostgreSQL); "
        "1 open conflict, 1 superseded, 1 scope exception."
    )


async def test_query_unknown_topic(client: Client) -> None:
    r = await client.call_tool("query", {"question": "Which colour is the logo?"})
    out = structured(r)["result"]
    assert out["status"] == "unknown"
    assert out["drill_down"]["suggested_tool"] == "search_decisions"
    assert text(r).startswith("UNKNOWN: no topic")


async def test_query_unsure_carries_its_candidates_as_data(client: Client) -> None:
    """No confident topic: `structuredContent.candidates` (also in the JSON text block and the
    summary) say what asking again with each topic answers; the result keeps its 14 keys."""
    r = await client.call_tool(
        "query", {"question": "Database, kafka, rabbitmq or nats?", "as_of": "2026-09-08"}
    )
    data = structured(r)
    assert data["result"]["status"] == "unknown"
    assert len(data["result"]) == 14
    assert data["candidates"] == [
        {
            "topic": "database",
            "decision_id": "adr-024",
            "title": "ADR 024",
            "status": "contested",
            "summary": "PostgreSQL è il database approvato per i nuovi servizi dal 1 febbraio 2026.",
            "likely": False,
        }
    ]
    assert json.loads(r.content[1].text)["candidates"] == data["candidates"]  # type: ignore[union-attr]
    assert "Candidates: database (adr-024, contested)." in text(r)
    sure = await client.call_tool("query", {"question": SEED_QUESTION, "as_of": "2026-09-08"})
    assert "candidates" not in structured(sure)


async def test_query_with_a_missing_topic_names_the_closest_in_its_summary(
    client: Client, example_repo: Path
) -> None:
    """The result stays the library's answer; the summary names the closest topics."""
    r = await client.call_tool("query", {"question": "db?", "topic": "databse db"})
    out = structured(r)["result"]
    assert out["topic"] == "databse db"
    assert "No record is on topic databse db." in out["missing_information"]
    assert set(out) == set(govmem.load(example_repo).query("db?", "databse db").to_dict())
    assert text(r).endswith('No topic "databse db". Closest topics: database.')


async def test_query_bad_as_of_is_a_tool_error(client: Client) -> None:
    r = await client.call_tool("query", {"question": "db?", "as_of": "2026-13-45"})
    assert r.is_error
    assert "as_of" in text(r)
    assert r.structured_content is None


async def test_query_known_as_of_reads_git(client: Client, example_repo: Path) -> None:
    (example_repo / "docs/adr/024.md").unlink()
    git(example_repo, "commit", "-qam", "drop adr-024", date="2026-06-01T12:00:00Z")
    args = {"question": SEED_QUESTION, "topic": "database", "known_as_of": "2026-04-01"}
    out = structured(await client.call_tool("query", args))["result"]
    assert out["decision"]["id"] == "adr-024"
    assert out["temporal_validity"]["as_of"] == "2026-04-01"
    now = structured(await client.call_tool("query", {**args, "known_as_of": "2026-07-01"}))
    assert now["result"]["decision"] is None or now["result"]["decision"]["id"] != "adr-024"


async def test_query_known_as_of_commit_defaults_as_of_to_its_date(
    client: Client, example_repo: Path
) -> None:
    sha = git(example_repo, "rev-parse", "HEAD")
    args = {"question": SEED_QUESTION, "topic": "database", "known_as_of": sha[:10]}
    out = structured(await client.call_tool("query", args))["result"]
    assert out["temporal_validity"]["as_of"] == "2026-03-15T12:00:00Z"


async def test_known_as_of_without_history_is_a_tool_error(tmp_path: Path, mode: str) -> None:
    from govmem_mcp.server import build_server

    root = tmp_path / "r"
    shutil.copytree(Path(__file__).parents[2] / "examples/decisions", root)
    git(root, "init", "-q")
    live = LiveCorpus(root)
    async with Client(build_server(live), mode=mode, raise_exceptions=True) as c:
        r = await c.call_tool("query", {"question": "db?", "known_as_of": "2026-01-01"})
    live.close()
    assert r.is_error
    assert text(r).startswith("known_as_of needs git history")


async def test_get_decision_history(client: Client) -> None:
    r = await client.call_tool("get_decision_history", {"topic": "database", "limit": 2})
    out = structured(r)["result"]
    assert out["topic"] == "database"
    assert len(out["items"]) == 2
    assert out["cursor"]
    assert text(r) == 'Returned 2 history events of topic "database".'
    nxt = structured(
        await client.call_tool(
            "get_decision_history", {"topic": "database", "limit": 2, "cursor": out["cursor"]}
        )
    )["result"]
    assert nxt["items"]
    assert nxt["items"][0] != out["items"][0]


async def test_get_decision_history_unknown_topic(client: Client) -> None:
    r = await client.call_tool("get_decision_history", {"topic": "colour"})
    assert structured(r)["result"] == {
        "topic": None,
        "items": [],
        "cursor": None,
        "closest_topics": [],
    }
    assert text(r) == 'No topic "colour"; list_topics lists the topics.'
    r = await client.call_tool("get_decision_history", {"topic": "databse db"})
    assert structured(r)["result"]["closest_topics"] == ["database"]
    assert text(r) == 'No topic "databse db". Closest topics: database.'


async def test_invalid_cursor_is_an_outcome(client: Client) -> None:
    r = await client.call_tool("get_decision_history", {"topic": "database", "cursor": "xx"})
    out = structured(r)
    assert out["result"] == {
        "outcome": "invalid-cursor",
        "reason": "decode-failed",
        "message": "Cursor could not be decoded.",
    }
    assert "corpusHealth" in out
    assert text(r) == "Cursor could not be decoded."


async def test_find_conflicts(client: Client) -> None:
    r = await client.call_tool("find_conflicts", {"as_of": "2026-09-08"})
    out = structured(r)["result"]
    assert [c["conflict_id"] for c in out["items"]] == ["rel-dynamodb-vs-adr-024"]
    assert out["items"][0]["decision_id"] == "adr-024"
    assert text(r) == "Returned 1 conflict: 1 open, 0 resolved."


async def test_find_conflicts_invalid_cursor(client: Client) -> None:
    r = await client.call_tool("find_conflicts", {"cursor": "eyJ2IjoxfQ"})
    assert structured(r)["result"]["outcome"] == "invalid-cursor"


async def test_recall_and_search_memories(write_client: Client) -> None:
    r = await write_client.call_tool(
        "remember",
        {
            "content": "The user prefers short answers.",
            "category": "preference",
            "key": "answer_style",
            "tags": ["style"],
            "priority": "high",
        },
    )
    written = structured(r)["result"]
    assert written["id"].startswith("mem_")
    assert written["path"].startswith("memory/")
    assert text(r).startswith(f"Wrote memory {written['id']} to {written['path']}")
    rec = await write_client.call_tool("recall", {})
    out = structured(rec)["result"]
    assert "answer_style" in out["text"]
    assert "[unverified]" in out["text"]
    assert text(rec) == 'Recalled 1 memory of mind "default" (0 verified, 1 unverified).'
    assert json.loads(rec.content[1].text)["result"]["text"] == out["text"]  # type: ignore[union-attr]
    found = structured(await write_client.call_tool("search_memories", {"tag": "STYLE"}))
    items = found["result"]["items"]
    assert [m["key"] for m in items] == ["answer_style"]
    assert items[0]["verified"] is False
    assert items[0]["source"] == "agent"
    none = await write_client.call_tool("search_memories", {"text": "nothing like this"})
    assert structured(none)["result"] == {"items": [], "cursor": None}
    assert text(none) == 'Returned 0 memories of mind "default".'


async def test_remember_claim_is_seen_by_query(write_client: Client) -> None:
    args = {
        "kind": "claim",
        "content": "We use CockroachDB for new services.",
        "topic": "database",
        "value": "CockroachDB",
        "scope": "new-services",
    }
    structured(await write_client.call_tool("remember", args))
    out = structured(
        await write_client.call_tool("query", {"question": SEED_QUESTION, "topic": "database"})
    )["result"]
    assert "CockroachDB" in [c["item"]["value"] for c in out["conflicts"]]
    assert out["decision"]["id"] == "adr-024"


async def test_remember_rejects_a_memory_without_key(write_client: Client) -> None:
    r = await write_client.call_tool("remember", {"content": "x", "category": "fact"})
    assert r.is_error
    assert "key" in text(r)


async def test_remember_refuses_governed_fields(write_client: Client) -> None:
    r = await write_client.call_tool(
        "remember", {"content": "x", "category": "fact", "key": "k", "verified": True}
    )
    assert r.is_error
    assert "verified" in text(r)


async def test_corpus_unavailable_is_an_outcome(client: Client, example_repo: Path) -> None:
    structured(await client.call_tool("recall", {}))
    moved = example_repo.with_name("moved-away")
    example_repo.rename(moved)
    for name, args in [
        ("query", {"question": "db?"}),
        ("recall", {}),
        ("search_memories", {}),
        ("find_conflicts", {}),
        ("get_decision_history", {"topic": "database"}),
    ]:
        r = await client.call_tool(name, args)
        assert structured(r) == {
            "result": {
                "outcome": "corpus-unavailable",
                "reason": "root-not-found",
                "message": "Configured repository root was not found.",
            }
        }
        assert text(r) == "Configured repository root was not found."
        assert json.loads(r.content[1].text) == structured(r)  # type: ignore[union-attr]
    moved.rename(example_repo)
    assert "corpusHealth" in structured(await client.call_tool("recall", {}))


async def test_root_removed_is_root_not_found(client: Client, example_repo: Path) -> None:
    structured(await client.call_tool("recall", {}))
    example_repo.rename(example_repo.with_name("moved"))
    r = await client.call_tool("recall", {})
    assert structured(r)["result"]["reason"] == "root-not-found"


async def test_edit_between_calls_changes_the_answer(client: Client, example_repo: Path) -> None:
    args = {"question": SEED_QUESTION, "topic": "database", "as_of": "2026-09-08"}
    first = structured(await client.call_tool("query", args))
    adr = example_repo / "docs/adr/024.md"
    adr.write_text(adr.read_text().replace("value: PostgreSQL", "value: MariaDB"))
    second = structured(await client.call_tool("query", args))
    assert first["result"]["decision"]["value"] == "PostgreSQL"
    assert second["result"]["decision"]["value"] == "MariaDB"
    assert first["corpusHealth"]["fingerprint"] != second["corpusHealth"]["fingerprint"]


# --- the adrkit tools (seed 002) ---------------------------------------------------


def _add_adrkit_records(root: Path) -> None:
    adr = root / "docs/adr"
    (adr / "050.md").write_text(
        "---\nid: adr-050\ntitle: Pool connections\nstatus: accepted\ndate: 2026-01-01\n"
        "affects: ['src/db/**']\n---\n# Pool connections\n\nUse a pool.\n"
    )
    (adr / "051.md").write_text(
        "---\nid: adr-051\ntitle: Shard the pool\nstatus: proposed\ndate: 2026-02-01\n"
        "affects: ['src/db/pool/*']\nrelates_to: core:12\n---\n# Shard\n"
    )
    (adr / "052.md").write_text("---\nid: adr-050\ntitle: Duplicate\nstatus: draft\n---\n# Dup\n")


async def test_search_decisions(client: Client, example_repo: Path) -> None:
    r = await client.call_tool("search_decisions", {"query": "postgres", "limit": 5})
    out = structured(r)
    expected = govmem.load(example_repo).search_decisions("postgres", limit=5).to_wire()
    assert out["result"] == expected
    assert out["result"]["outcome"] == "results"
    assert [i["id"] for i in out["result"]["items"]] == ["adr-024"]
    assert text(r) == "Returned 1 decision result; 0 findings on this page."


async def test_get_decision_outcomes(client: Client, example_repo: Path) -> None:
    found = structured(await client.call_tool("get_decision", {"ref": "adr-024"}))["result"]
    assert found["outcome"] == "found"
    assert found["decision"]["id"] == "adr-024"
    assert "PostgreSQL" in found["decision"]["body"]
    missing = await client.call_tool("get_decision", {"ref": "adr-999"})
    assert structured(missing)["result"]["outcome"] == "not-found"
    assert text(missing) == 'No local decision matches "adr-999"; 0 findings on this page.'
    federated = structured(await client.call_tool("get_decision", {"ref": "core:12"}))
    assert federated["result"]["outcome"] == "federated-log-unavailable"
    _add_adrkit_records(example_repo)
    ambiguous = await client.call_tool("get_decision", {"ref": "adr-050"})
    out = structured(ambiguous)["result"]
    assert out["outcome"] == "ambiguous-local-id"
    assert len(out["candidates"]) == 2
    assert text(ambiguous).startswith('Returned 2 candidates for ambiguous local ref "adr-050"')


async def test_get_decision_context(client: Client, example_repo: Path) -> None:
    _add_adrkit_records(example_repo)
    r = await client.call_tool("get_decision_context", {"files": ["src/db/pool/a.py"]})
    out = structured(r)["result"]
    assert out["outcome"] == "matches"
    assert [e["id"] for e in out["activeProposals"]] == ["adr-051"]
    assert out["activeProposals"][0]["relations"]["relatesTo"] == ["core:12"]
    assert "governing" in out
    expected = govmem.load(example_repo).get_decision_context(["src/db/pool/a.py"]).to_wire()
    assert out == expected
    bad = await client.call_tool("get_decision_context", {"files": ["/etc/passwd"]})
    assert bad.is_error
    assert "files.0" in text(bad)


async def test_list_superseded(client: Client, example_repo: Path) -> None:
    r = await client.call_tool("list_superseded", {})
    out = structured(r)["result"]
    assert out["outcome"] == "entries"
    assert out["items"][0]["id"] == "adr-001"
    assert out["items"][0]["supersededBy"]["resolved"] is True
    assert out["items"][0]["supersededBy"]["target"]["id"] == "adr-024"
    assert out == govmem.load(example_repo).list_superseded().to_wire()
    assert text(r) == "Returned 1 superseded decision entry; 0 findings on this page."


async def test_adrkit_cursors_and_refinements(client: Client) -> None:
    r = await client.call_tool("list_superseded", {"findingsCursor": "zz"})
    assert structured(r)["result"]["reason"] == "decode-failed"
    blank = await client.call_tool("search_decisions", {"query": "   "})
    assert blank.is_error
    assert "non-empty" in text(blank)
    twice = await client.call_tool("search_decisions", {"query": "x", "status": ["draft", "draft"]})
    assert twice.is_error
    camel = await client.call_tool("list_superseded", {"findings_limit": 5})
    assert camel.is_error


# --- content, topics, roots without git, descriptions --------------------------------

CALLS = [
    ("query", {"question": SEED_QUESTION, "as_of": "2026-09-08"}),
    ("list_topics", {"as_of": "2026-09-08"}),
    ("get_decision_history", {"topic": "database"}),
    ("get_decision_history", {"topic": "nothing"}),
    ("find_conflicts", {}),
    ("recall", {}),
    ("search_memories", {}),
    ("search_decisions", {"query": "postgres"}),
    ("get_decision", {"ref": 24}),
    ("get_decision_context", {"files": ["src/db/a.py"]}),
    ("list_superseded", {}),
    ("list_topics", {"cursor": "bad"}),
]


@pytest.mark.parametrize(("tool", "args"), CALLS)
async def test_content_is_the_summary_then_the_structured_content_as_json(
    client: Client, tool: str, args: dict[str, object]
) -> None:
    """Two text blocks: a one-line summary, then exactly `structuredContent`, compact."""
    r = await client.call_tool(tool, args)
    first, second = r.content
    assert first.type == second.type == "text"
    assert "\n" not in first.text
    compact = json.dumps(structured(r), ensure_ascii=False, separators=(",", ":"))
    assert second.text == compact


async def test_list_topics_is_the_library_result(client: Client, example_repo: Path) -> None:
    """`list_topics` returns `Corpus.list_topics` with the corpus health, read-only."""
    r = await client.call_tool("list_topics", {"as_of": "2026-09-08"})
    out = structured(r)
    expected = govmem.load(example_repo).list_topics(as_of="2026-09-08")
    assert isinstance(expected, TopicList)
    assert out["result"] == expected.to_dict()
    assert text(r) == "Returned 1 topic."
    bad = structured(await client.call_tool("list_topics", {"cursor": "bad"}))["result"]
    assert bad["outcome"] == "invalid-cursor"


async def test_a_root_without_git_is_served_with_a_no_git_finding(
    tmp_path: Path, mode: str
) -> None:
    """No `.git` entry: the tools answer, and the findings say `no-git` (info)."""
    from govmem_mcp.server import build_server

    root = tmp_path / "plain"
    shutil.copytree(Path(__file__).parents[2] / "examples/decisions", root)
    live = LiveCorpus(root)
    async with Client(build_server(live), mode=mode, raise_exceptions=True) as c:
        q = structured(
            await c.call_tool("query", {"question": SEED_QUESTION, "as_of": "2026-09-08"})
        )
        found = structured(await c.call_tool("search_decisions", {"query": "adr"}))
        known = await c.call_tool("query", {"question": "db?", "known_as_of": "2026-01-01"})
    live.close()
    assert q["result"]["status"] == "contested"
    no_git = [f for f in found["result"]["findings"]["items"] if f["rule"] == "no-git"]
    assert [f["severity"] for f in no_git] == ["info"]
    assert known.is_error
    assert text(known).startswith("known_as_of needs git history")


ADRKIT_TOOLS = {"search_decisions", "get_decision", "get_decision_context", "list_superseded"}


async def test_descriptions_are_for_a_model_with_one_example_call(write_client: Client) -> None:
    """Each says when to call it and gives one valid example; none cites seeds or the spec."""
    for t in (await write_client.list_tools()).tools:
        description = t.description or ""
        assert not re.search(r"seed|spec\b|§", description, re.I), t.name
        (example,) = re.findall(r"^Example: (\{.*\})$", description, re.M)
        args = json.loads(example)
        assert set(args) <= set(t.input_schema["properties"]), t.name
        for prop in t.input_schema["properties"].values():
            assert not re.search(r"seed|§", prop.get("description", ""), re.I)


async def test_govmem_tools_are_snake_case_and_adrkit_tools_keep_their_names(
    write_client: Client,
) -> None:
    """govmem's own tools take snake_case only; adrkit's four keep `findingsCursor`/`findingsLimit`."""
    for t in (await write_client.list_tools()).tools:
        names = set(t.input_schema["properties"])
        if t.name in ADRKIT_TOOLS:
            assert {"findingsCursor", "findingsLimit"} <= names
        else:
            assert all(re.fullmatch(r"[a-z]+(_[a-z]+)*", n) for n in names), (t.name, names)


async def test_a_write_is_acknowledged_once_made_even_when_the_reload_fails(
    write_client: Client, state: LiveCorpus, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`remember` answers `{id, path}` when its file is in place, even when reading the corpus
    again then fails (files kept changing): its summary says so and tells the agent not to
    write it again; with the same `request_id`, a retry returns that record (round 3, F7)."""

    def changing() -> Corpus:
        raise CorpusUnavailable("corpus-changed-during-load")

    args = {
        "kind": "claim",
        "content": "We use CockroachDB for new services.",
        "topic": "database",
        "request_id": "f7-retry",
    }
    memory = state.cwd / "memory"
    before = set(memory.iterdir())
    monkeypatch.setattr(state, "current", changing)
    first = await write_client.call_tool("remember", args)
    out = structured(first)
    assert "corpusHealth" not in out
    assert set(out["result"]) == {"id", "path"}
    assert (state.cwd / out["result"]["path"]).is_file()
    assert "Do not write it again" in text(first)
    monkeypatch.undo()
    again = structured(await write_client.call_tool("remember", args))
    assert again["result"] == out["result"]
    assert "corpusHealth" in again
    assert set(memory.iterdir()) - before == {state.cwd / out["result"]["path"]}


async def test_a_snapshot_value_that_does_not_read_drops_the_cache(
    client: Client, state: LiveCorpus, own_cache: Path
) -> None:
    """A snapshot whose records are damaged past its head: the server restores it, the first
    answer that reads a record finds the damage, drops the cache and answers from the files."""
    from govmem.shell.load import Loader
    from tests.hardening.test_round3 import damage_a_record
    from tests.shell.test_cache import snapshot_files

    loader = Loader(state.cwd)
    loader.clock = lambda: time.time_ns() + 10**10  # the files just copied: snapshotted now
    loader.load()
    damage_a_record(state.cwd, own_cache)
    args = {"question": SEED_QUESTION, "topic": "database", "as_of": "2026-09-08"}
    got = structured(await client.call_tool("query", args))["result"]
    assert snapshot_files(state.cwd, own_cache) == []  # dropped, and not written again
    fresh = govmem.load(state.cwd).query(SEED_QUESTION, "database", as_of="2026-09-08")
    assert got == fresh.to_dict()
