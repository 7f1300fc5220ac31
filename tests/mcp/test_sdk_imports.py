"""The console script imports the SDK parts the server uses, and nothing else (`_sdk`).

Run in a fresh interpreter: this one has imported the whole SDK already.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

CHECK = textwrap.dedent(
    """
    import sys
    from govmem_mcp._sdk import defer_inits, deferred
    assert defer_inits()
    assert not defer_inits()  # once
    import govmem_mcp._run, govmem_mcp.server
    assert deferred("mcp") and deferred("mcp.server"), "an import ran a deferred __init__"
    assert "mcp.client.client" not in sys.modules
    assert "mcp.server.mcpserver" not in sys.modules
    from mcp.server import MCPServer, Server  # the __init__ runs now: every name is there
    from mcp import Client, ClientSession, types
    import mcp, mcp.server
    assert not deferred("mcp") and not deferred("mcp.server")
    assert mcp.server.Server is Server is govmem_mcp.server.Server
    assert mcp.types is types and mcp.Client is Client and MCPServer.__name__ == "MCPServer"
    try:
        mcp.no_such_name
    except AttributeError:
        pass
    else:
        raise AssertionError("a missing name must stay missing")
    print("ok")
    """
)


def test_the_server_imports_neither_the_client_nor_the_high_level_server() -> None:
    out = subprocess.run(
        [sys.executable, "-c", CHECK], capture_output=True, text=True, check=False, timeout=60
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"
