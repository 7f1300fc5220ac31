"""Federated logs through the installed `govmem-mcp` (a real client over stdio).

The service repository's server answers with the platform's records
(`platform:N` refs in and out), merges topics across the logs, reloads when
a file of the platform log changes, and keeps answering the service's own
records with `federated-log-unavailable` once the platform folder is gone.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from mcp.client.stdio import stdio_client

from mcp import Client, StdioServerParameters
from tests.federation import make_repos

from .support import structured
from .test_stdio import command


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.mark.anyio
async def test_the_service_server_answers_with_the_platform_log(tmp_path: Path) -> None:
    platform, service = make_repos(tmp_path)
    params = StdioServerParameters(command=command(), args=["--cwd", str(service)])
    async with Client(stdio_client(params)) as c:
        logging = structured(
            await c.call_tool(
                "query",
                {"question": "How do services log?", "topic": "logging", "as_of": "2025-12-01"},
            )
        )["result"]
        assert logging["decision"]["id"] == "platform:1"
        assert [e["id"] for e in logging["scope_exceptions"]] == ["1"]
        db = structured(await c.call_tool("query", {"question": "Which database?", "topic": "db"}))
        assert db["result"]["decision"]["id"] == "2"
        assert [s["id"] for s in db["result"]["superseded_decisions"]] == ["platform:2"]
        history = structured(await c.call_tool("get_decision_history", {"topic": "database"}))
        assert [i["id"] for i in history["result"]["items"]] == ["platform:2", "2", "platform:2"]
        got = structured(await c.call_tool("get_decision", {"ref": "platform:2"}))["result"]
        assert got["outcome"] == "found"
        assert got["decision"]["sourcePath"] == "platform:docs/adr/0002-postgresql.md"
        superseded = structured(await c.call_tool("list_superseded", {}))["result"]
        entry = superseded["items"][0]
        assert (entry["id"], entry["supersededBy"]["target"]["id"]) == ("platform:2", "2")
        found = structured(await c.call_tool("search_decisions", {"query": "stdout"}))["result"]
        assert [i["id"] for i in found["items"]] == ["platform:1"]
        topics = structured(await c.call_tool("list_topics", {}))["result"]
        assert {t["topic"]: t["record_count"] for t in topics["items"]}["logging"] == 2

        adr = platform / "docs/adr/0001-log-json.md"
        adr.write_text(adr.read_text().replace("value: JSON to stdout", "value: JSON lines"))
        again = structured(
            await c.call_tool("query", {"question": "How do services log?", "topic": "logging"})
        )["result"]
        assert again["decision"]["value"] == "JSON lines"

        shutil.rmtree(platform)
        # `db` was the platform's alias of database: the service's own topic name still answers
        own = structured(
            await c.call_tool("query", {"question": "Which database?", "topic": "database"})
        )
        assert own["result"]["decision"]["id"] == "2"
        gone = structured(await c.call_tool("get_decision", {"ref": "platform:2"}))["result"]
        assert gone["outcome"] == "federated-log-unavailable"
        rules = {f["rule"] for f in gone["findings"]["items"]}
        assert "federated-log-unavailable" in rules
