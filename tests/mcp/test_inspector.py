"""An external client: the MCP Inspector CLI (npm `@modelcontextprotocol/inspector@2.12.0`).

`.ci/run` installs it outside the repository and sets `GOVMEM_INSPECTOR` to
its `mcp-inspector` binary. Set but missing fails; unset skips (a local run
without Node.js).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import govmem

from .support import SEED_QUESTION

GOVMEM_MCP = Path(sys.executable).with_name("govmem-mcp")


@pytest.fixture(scope="module")
def inspector() -> str:
    value = os.environ.get("GOVMEM_INSPECTOR")
    if not value:
        pytest.skip("GOVMEM_INSPECTOR is not set (.ci/run installs the MCP Inspector CLI)")
    if not Path(value).is_file():
        pytest.fail(f"GOVMEM_INSPECTOR={value} is set but does not exist")
    return value


def inspect(inspector: str, root: Path, *args: str, era: str = "legacy") -> tuple[int, Any]:
    p = subprocess.run(
        [
            inspector,
            "--cli",
            "-q",
            "--format",
            "json",
            "--protocol-era",
            era,
            str(GOVMEM_MCP),
            "--cwd",
            str(root),
            *args,
        ],
        capture_output=True,
        timeout=120,
        check=False,
        text=True,
    )
    return p.returncode, json.loads(p.stdout) if p.stdout.strip() else None


@pytest.mark.parametrize("era", ["legacy", "modern"])
def test_inspector_lists_tools(inspector: str, example_repo: Path, era: str) -> None:
    rc, out = inspect(inspector, example_repo, "--method", "tools/list", era=era)
    assert rc == 0
    names = [t["name"] for t in out["result"]["tools"]]
    assert names == sorted(names)
    assert "query" in names
    for t in out["result"]["tools"]:
        assert t["inputSchema"]["additionalProperties"] is False
        assert t["annotations"]["readOnlyHint"] is True


@pytest.mark.parametrize("era", ["legacy", "modern"])
def test_inspector_calls_query(inspector: str, example_repo: Path, era: str) -> None:
    args = {"question": SEED_QUESTION, "topic": "database", "as_of": "2026-09-08"}
    rc, out = inspect(
        inspector,
        example_repo,
        "--method",
        "tools/call",
        "--tool-name",
        "query",
        "--tool-args-json",
        json.dumps(args),
        era=era,
    )
    assert rc == 0
    expected = govmem.load(example_repo).query(SEED_QUESTION, "database", None, "2026-09-08")
    assert out["result"]["structuredContent"]["result"] == expected.to_dict()
    assert out["result"]["content"][0]["text"].startswith("CONTESTED")


def test_inspector_sees_a_rejected_field_as_a_tool_error(
    inspector: str, example_repo: Path
) -> None:
    rc, _ = inspect(
        inspector,
        example_repo,
        "--method",
        "tools/call",
        "--tool-name",
        "query",
        "--tool-args-json",
        json.dumps({"question": "db?", "bogus": 1}),
    )
    assert rc == 5
