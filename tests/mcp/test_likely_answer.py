"""The likely answer over MCP (SPEC v6 §5, §9), on a new user's five adr-tools records.

An agent acts on one call: the one-line summary opens with the likely decision, its status,
id and sentence, marked as not confirmed, and says how to confirm it; `structuredContent`
carries it as `candidates[0]` with `likely: true`, beside the 14 keys whose status stays
`unknown`, all as the output schema lists them.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from govmem_mcp._state import LiveCorpus
from govmem_mcp.server import build_server
from mcp import Client
from tests.conftest import ADR_TOOLS_FIVE

from .support import git, structured, text

pytest_plugins = ["tests.mcp.plugin"]

pytestmark = pytest.mark.anyio


@pytest.fixture
def five(tmp_path: Path) -> Iterator[LiveCorpus]:
    root = tmp_path / "five"
    shutil.copytree(ADR_TOOLS_FIVE, root)
    git(root, "init", "-q", "-b", "main")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "adr-tools", date="2026-12-07T12:00:00Z")
    live = LiveCorpus(root)
    yield live
    live.close()


@pytest.fixture
async def five_client(five: LiveCorpus, mode: str) -> AsyncIterator[Client]:
    async with Client(build_server(five), mode=mode, raise_exceptions=True) as c:
        yield c


async def test_the_summary_opens_with_the_likely_answer(five_client: Client) -> None:
    r = await five_client.call_tool(
        "query", {"question": "Which database do new services use?", "as_of": "2026-12-31"}
    )
    data = structured(r)
    assert data["result"]["status"] == "unknown"
    assert data["result"]["drill_down"]["suggested_tool"] == "query"
    first = data["candidates"][0]
    assert (first["decision_id"], first["likely"]) == ("0004", True)
    assert first["summary"] == "We will use MySQL for new services."
    assert text(r).startswith(
        'LIKELY ANSWER (not confirmed): 0004 "4. Use MySQL for new services" (verified) — We will'
        ' use MySQL for new services. To confirm, ask again with topic "use mysql for new'
        ' services". UNKNOWN: no topic in all as of 2026-12-31'
    )
    assert "Other candidates: " in text(r)
    assert json.loads(r.content[1].text) == data  # type: ignore[union-attr]


async def test_no_likely_answer_when_the_folder_cannot_answer(five_client: Client) -> None:
    r = await five_client.call_tool("query", {"question": "Do we use GraphQL?"})
    data = structured(r)
    assert not any(c["likely"] for c in data.get("candidates", []))
    assert text(r).startswith("UNKNOWN: no topic")
