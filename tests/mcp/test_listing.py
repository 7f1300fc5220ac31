"""The shipped tool listing (`govmem_mcp/server/tools.json`) is what the code builds.

The server lists its tools from that file and builds a tool's models only when
it is first called; these tests keep the file from drifting from the code. After
changing a tool, run `python -m govmem_mcp.server._listing`.
"""

from __future__ import annotations

from typing import Any

import pytest
from mcp.types import Tool

from govmem_mcp.server import LISTING, SPECS, _Tool, _Tools
from govmem_mcp.server._listing import text

REGENERATE = "tools.json is stale: run `python -m govmem_mcp.server._listing`"


def test_the_shipped_listing_is_what_the_code_builds() -> None:
    assert LISTING.read_text(encoding="utf-8") == text(), REGENERATE


def _wire(tools: list[Tool]) -> list[dict[str, Any]]:
    return [
        t.model_dump(mode="json", by_alias=True, exclude_none=exclude_none, exclude_unset=unset)
        for t in tools
        for exclude_none in (False, True)
        for unset in (False, True)
    ]


@pytest.mark.parametrize("allow_writes", [False, True])
def test_the_served_listing_is_the_built_one_field_for_field(allow_writes: bool) -> None:
    tools = _Tools(allow_writes)
    built = sorted(
        (_Tool(s).listed for s in SPECS if allow_writes or not s.writes), key=lambda t: t.name
    )
    assert [t.name for t in tools.listed()] == [t.name for t in built]
    assert tools.listed() == built
    assert _wire(tools.listed()) == _wire(built)


def test_a_tool_is_built_on_its_first_call_only() -> None:
    tools = _Tools(False)
    tools.listed()
    assert tools._tools == {}
    query = tools.get("query")
    assert query is not None
    assert tools.get("query") is query
    assert list(tools._tools) == ["query"]
    assert tools.get("remember") is None  # a write tool, not served here
    assert tools.get("no_such_tool") is None
