"""docs/mcp.md: its tool reference is what the live server lists; its JSON configs parse."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from govmem_mcp._docs import BEGIN, END, live_tools, render

DOC = Path(__file__).resolve().parents[2] / "docs" / "mcp.md"


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.mark.anyio
async def test_tool_reference_matches_tools_list() -> None:
    text = DOC.read_text(encoding="utf-8")
    section = BEGIN + text.partition(BEGIN)[2].partition(END)[0] + END
    expected = render(await live_tools())
    assert section == expected, "regenerate: python -m govmem_mcp._docs docs/mcp.md"


def test_every_client_config_is_valid_json() -> None:
    blocks = re.findall(r"^```json\n(.*?)^```", DOC.read_text(encoding="utf-8"), re.S | re.M)
    assert len(blocks) == 5
    for block in blocks:
        config = json.loads(block)
        (servers,) = config.values()
        assert servers["govmem"]["command"] == "govmem-mcp"
    assert "servers" in json.loads(blocks[2])  # VS Code's key
