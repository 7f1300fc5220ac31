"""The floor of an MCP server's start: the official SDK's lowlevel `Server`, one tool, stdio.

What `govmem-mcp`'s first answer is measured against (`benchmarks.first_answer`): the same
SDK, the same transport, a tool that answers at once — the interpreter, the SDK's imports
and one round trip, with no corpus behind it. Run: `python -m benchmarks._trivial_server`.
"""

from __future__ import annotations

from typing import Any

import anyio
from mcp.server import Server
from mcp.server.stdio import stdio_server

from mcp import types

_TOOL = types.Tool(name="query", description="Answers at once.", input_schema={"type": "object"})


async def _list(_: Any, __: Any) -> types.ListToolsResult:
    return types.ListToolsResult(tools=[_TOOL])


async def _call(_: Any, __: Any) -> types.CallToolResult:
    return types.CallToolResult(content=[types.TextContent(type="text", text="answered")])


async def _main() -> None:
    server: Server[Any] = Server("trivial", on_list_tools=_list, on_call_tool=_call)
    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())


if __name__ == "__main__":
    anyio.run(_main)
