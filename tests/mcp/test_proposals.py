"""`check_proposal` (always listed, read-only) and `propose_decision` (only with --allow-writes).

Over the in-process SDK client, in both protocol eras, on a copy of the
example repository: the check names what the team decided and superseded;
a proposal is written once per `request_id`, as `proposed`, by an agent,
touching no other file, and reads back; a write whose reload fails is still
acknowledged (for `remember` too: one shared rule).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import govmem
from govmem import CorpusUnavailable
from govmem_mcp._state import LiveCorpus
from mcp import Client

from .support import structured, text

pytest_plugins = ["tests.mcp.plugin"]

pytestmark = pytest.mark.anyio


def _files(root: Path) -> dict[str, bytes]:
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in root.rglob("*")
        if p.is_file() and ".git" not in p.parts
    }


async def test_check_proposal_is_listed_without_writes_and_names_the_decisions(
    client: Client, example_repo: Path
) -> None:
    """The bundled example: MySQL was superseded in adr-001; adr-024 (PostgreSQL) is in force
    for new services; a draft is offered and nothing is written."""
    names = [t.name for t in (await client.list_tools()).tools]
    assert "check_proposal" in names
    assert "propose_decision" not in names
    before = _files(example_repo)
    r = await client.call_tool(
        "check_proposal", {"title": "Use MySQL for new services", "as_of": "2026-09-08"}
    )
    out = structured(r)["result"]
    assert out["decision"]["id"] == "adr-024"
    assert (out["decision"]["value"], out["scope"]) == ("PostgreSQL", "new-services")
    assert [(o["id"], o["option"], o["status"], o["matches"]) for o in out["options"]] == [
        ("adr-001", "MySQL", "superseded", True)
    ]
    assert out["reproposes"] is True
    assert out["draft"]["path"] == "docs/adr/025.md"
    assert "status: proposed" in out["draft"]["text"]
    assert "authored_by: agent" in out["draft"]["text"]
    assert text(r).startswith("RE-PROPOSES MySQL (superseded in adr-001, 2026-02-01).")
    assert _files(example_repo) == before


async def test_propose_decision_writes_one_proposed_record_per_request(
    write_client: Client, example_repo: Path
) -> None:
    """Written once per `request_id`, as `proposed` and agent-authored; its `supersedes` is a
    pending link in the new record only; no other file changes."""
    before = _files(example_repo)
    args = {
        "title": "Use CockroachDB for new services",
        "decision": "We will run new services on CockroachDB.",
        "supersedes": ["adr-024"],
        "request_id": "6f1c2a",
    }
    first = structured(await write_client.call_tool("propose_decision", args))
    again = await write_client.call_tool("propose_decision", args)
    assert (
        structured(again)["result"]
        == first["result"]
        == {
            "id": "adr-025",
            "path": "docs/adr/025.md",
        }
    )
    assert "first call with this request_id" in text(again)
    after = _files(example_repo)
    assert set(after) - set(before) == {"docs/adr/025.md"}
    assert {k: after[k] for k in before} == before
    corpus = govmem.load(example_repo)
    pos = corpus.by_id("adr-025")[0]
    rec = corpus.records[pos]
    assert (corpus.facts[pos].status, rec.authored_by, rec.supersedes) == (
        "proposed",
        "agent",
        ("adr-024",),
    )
    old = corpus.by_id("adr-024")[0]
    assert corpus.facts[old].pending == (pos,)
    answer = corpus.query("db?", topic="database", scope="new-services", as_of="2026-09-08")
    assert answer.decision is not None
    assert answer.decision.id == "adr-024"
    reused = dict(args, title="Something else")
    r = await write_client.call_tool("propose_decision", reused)
    assert r.is_error
    assert "request_id '6f1c2a' was already used" in text(r)


async def test_propose_decision_refuses_what_only_a_person_sets(write_client: Client) -> None:
    for extra in ({"status": "accepted"}, {"date": "2026-01-01"}, {"verified": True}):
        r = await write_client.call_tool(
            "propose_decision", {"title": "x", "decision": "y", **extra}
        )
        assert r.is_error


async def test_a_proposal_that_would_be_unreadable_is_refused_and_never_written(
    write_client: Client, example_repo: Path
) -> None:
    """Text with a NUL byte would make the file binary (read as `unreadable`, no record): the
    proposal is a tool error and nothing is written (found by the read-only property)."""
    before = sorted((example_repo / "docs" / "adr").iterdir())
    r = await write_client.call_tool(
        "propose_decision", {"title": "Use MySQL for new services", "decision": "R\u00f3\x00x"}
    )
    assert r.is_error
    assert "would not be readable" in text(r)
    assert sorted((example_repo / "docs" / "adr").iterdir()) == before


@pytest.mark.parametrize(
    ("tool", "args"),
    [
        ("propose_decision", {"title": "Use Redis for caching", "decision": "Redis it is."}),
        ("remember", {"content": "Prefers tabs.", "category": "preference", "key": "indent"}),
    ],
)
async def test_a_write_is_acknowledged_when_the_reload_after_it_fails(
    write_client: Client,
    state: LiveCorpus,
    example_repo: Path,
    monkeypatch: pytest.MonkeyPatch,
    tool: str,
    args: dict[str, Any],
) -> None:
    """The file is in place: the answer gives its `{id, path}` (no `corpusHealth`) and says
    the reload failed, rather than `corpus-unavailable` (which a retry would write again)."""
    real = LiveCorpus.current
    calls = {"n": 0}

    def flaky(self: LiveCorpus) -> govmem.Corpus:
        calls["n"] += 1
        if calls["n"] > 1 or tool == "remember":
            raise CorpusUnavailable("corpus-changed-during-load")
        return real(self)

    await write_client.list_tools()
    monkeypatch.setattr(LiveCorpus, "current", flaky)
    r = await write_client.call_tool(tool, args)
    out = structured(r)
    assert not r.is_error
    assert set(out) == {"result"}
    assert (example_repo / out["result"]["path"]).is_file()
    assert "The reload after it failed" in text(r)
