"""Protocol surface: both eras on stdio, cache hints, no prompts or resources, the handle, imports."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import anyio
import pytest

import govmem_mcp
from govmem import CorpusUnavailable

SCRIPT = Path(sys.executable).with_name("govmem-mcp")
META = {
    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientInfo": {"name": "t", "version": "1"},
    "io.modelcontextprotocol/clientCapabilities": {},
}


def exchange(root: Path, requests: list[dict[str, Any]]) -> dict[int, dict[str, Any]]:
    """Send requests over real stdio, keep stdin open until every answer is read."""
    with subprocess.Popen(
        [str(SCRIPT), "--cwd", str(root)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    ) as p:
        assert p.stdin is not None
        assert p.stdout is not None
        for r in requests:
            p.stdin.write((json.dumps(r) + "\n").encode())
        p.stdin.flush()
        answers: dict[int, dict[str, Any]] = {}
        while len(answers) < sum(1 for r in requests if "id" in r):
            message = json.loads(p.stdout.readline())
            answers[message["id"]] = message
        p.stdin.close()
        assert p.wait(timeout=30) == 0
        assert p.stderr is not None
        assert p.stderr.read() == b""
    return answers


def test_modern_era_is_stateless_and_cacheable(example_repo: Path) -> None:
    answers = exchange(
        example_repo,
        [
            {"jsonrpc": "2.0", "id": 1, "method": "server/discover", "params": {"_meta": META}},
            {"jsonrpc": "2.0", "id": 2, "method": "tools/list", "params": {"_meta": META}},
            {
                "jsonrpc": "2.0",
                "id": 3,
                "method": "tools/call",
                "params": {"name": "recall", "arguments": {}, "_meta": META},
            },
            {"jsonrpc": "2.0", "id": 4, "method": "prompts/list", "params": {"_meta": META}},
            {"jsonrpc": "2.0", "id": 5, "method": "resources/list", "params": {"_meta": META}},
        ],
    )
    discover = answers[1]["result"]
    assert discover["supportedVersions"] == ["2026-07-28"]
    assert (discover["ttlMs"], discover["cacheScope"]) == (300000, "public")
    assert discover["capabilities"] == {"tools": {"listChanged": False}}
    assert discover["_meta"]["io.modelcontextprotocol/serverInfo"]["name"] == "govmem"
    tools = answers[2]["result"]
    assert (tools["ttlMs"], tools["cacheScope"]) == (300000, "public")
    call = answers[3]["result"]
    assert call["resultType"] == "complete"
    assert "ttlMs" not in call
    assert "corpusHealth" in call["structuredContent"]
    assert answers[4]["error"]["code"] == -32601
    assert answers[5]["error"]["code"] == -32601


def test_handshake_era(example_repo: Path) -> None:
    init = {
        "protocolVersion": "2025-06-18",
        "capabilities": {},
        "clientInfo": {"name": "t", "version": "1"},
    }
    answers = exchange(
        example_repo,
        [
            {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": init},
            {"jsonrpc": "2.0", "method": "notifications/initialized"},
            {"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
        ],
    )
    result = answers[1]["result"]
    assert result["protocolVersion"] == "2025-06-18"
    assert result["capabilities"] == {"tools": {"listChanged": False}}
    assert result["serverInfo"] == {"name": "govmem", "version": govmem_mcp.__version__}
    names = [t["name"] for t in answers[2]["result"]["tools"]]
    assert names == sorted(names)


def test_handle_has_only_start_and_close(tmp_path: Path) -> None:
    missing = tmp_path / "not-yet"
    handle = govmem_mcp.create_server(cwd=missing, dir="docs/adr")
    assert not missing.exists()  # nothing touched before start()
    assert [n for n in dir(handle) if not n.startswith("_")] == ["close", "start"]
    with pytest.raises(AttributeError):
        setattr(handle, "start", None)  # noqa: B010
    with pytest.raises(CorpusUnavailable) as err:
        anyio.run(handle.start)
    assert err.value.reason == "root-not-found"
    with pytest.raises(RuntimeError):
        anyio.run(handle.start)


def test_closed_handle_cannot_start(example_repo: Path) -> None:
    handle = govmem_mcp.create_server(cwd=example_repo)
    anyio.run(handle.close)
    with pytest.raises(RuntimeError):
        anyio.run(handle.start)


def test_import_govmem_does_not_import_mcp() -> None:
    code = "import sys, govmem, govmem.cli; print(any(m == 'mcp' or m.startswith('mcp.') for m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
