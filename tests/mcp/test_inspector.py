"""An external client: the MCP Inspector CLI (npm `@modelcontextprotocol/inspector@2.12.0`).

`.ci/run` installs it outside the repository and sets `GOVMEM_INSPECTOR` to
its `mcp-inspector` binary. Set but missing fails; unset skips (a local run
without Node.js).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import govmem
from govmem import TopicList
from tests.conftest import CORPORA

from .support import SEED_QUESTION, git

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


# --- a real corpus, as a new user would try it -----------------------------------------

OPA = "Do we use Open Policy Agent?"


@pytest.fixture
def moj_repo(tmp_path: Path) -> Path:
    """moj-cloud-platform's ADRs in `docs/adr` of a fresh git repository, committed once."""
    root = tmp_path / "moj"
    shutil.copytree(CORPORA / "moj-cloud-platform", root / "docs" / "adr")
    (root / "govmem.yaml").write_text("exclude: [SOURCE.md]\n", encoding="utf-8")
    git(root, "init", "-q", "-b", "main")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "moj ADRs", date="2026-03-15T12:00:00Z")
    return root


def call(inspector: str, root: Path, tool: str, *tool_args: str) -> dict[str, Any]:
    """`tools/call` with `--tool-arg k=v …` (values JSON-parsed, as a user types them)."""
    argv = ["--method", "tools/call", "--tool-name", tool]
    if tool_args:
        argv += ["--tool-arg", *tool_args]
    rc, out = inspect(inspector, root, *argv)
    assert rc == 0, out
    res: dict[str, Any] = out["result"]
    summary, serialised = res["content"]
    assert "\n" not in summary["text"]
    assert json.loads(serialised["text"]) == res["structuredContent"]
    return res


def test_inspector_on_a_real_corpus(inspector: str, moj_repo: Path) -> None:
    """tools/list, list_topics, query with an inferred topic, a missing topic, `ref=15`."""
    rc, listed = inspect(inspector, moj_repo, "--method", "tools/list")
    assert rc == 0
    names = [t["name"] for t in listed["result"]["tools"]]
    assert names == sorted(names)
    assert "list_topics" in names
    for tool in listed["result"]["tools"]:
        assert "seed" not in tool["description"].lower()
        assert "\nExample: {" in tool["description"]
    corpus = govmem.load(moj_repo)

    topics = call(inspector, moj_repo, "list_topics", "limit=100", "as_of=2026-01-01")
    expected = corpus.list_topics(None, "2026-01-01", limit=100)
    assert isinstance(expected, TopicList)
    assert topics["structuredContent"]["result"] == expected.to_dict()
    assert "introduce open policy agent" in [
        i["topic"] for i in topics["structuredContent"]["result"]["items"]
    ]

    answer = call(inspector, moj_repo, "query", f"question={OPA}", "as_of=2026-01-01")
    result = answer["structuredContent"]["result"]
    assert result == corpus.query(OPA, as_of="2026-01-01").to_dict()
    assert result["topic"] == "introduce open policy agent"
    assert result["decision"]["id"] == "011"
    assert json.loads(answer["content"][1]["text"])["result"] == result  # the full answer

    missing = call(inspector, moj_repo, "get_decision_history", "topic=open policy")
    history = missing["structuredContent"]["result"]
    assert (history["topic"], history["items"]) == (None, [])
    assert history["closest_topics"][0] == "introduce open policy agent"
    assert missing["content"][0]["text"].startswith('No topic "open policy". Closest topics: ')

    record = call(inspector, moj_repo, "get_decision", "ref=15")
    found = record["structuredContent"]["result"]
    assert (found["outcome"], found["decision"]["id"]) == ("found", "015")
    assert found["decision"]["requestedRef"] == "15"


def test_inspector_serves_a_folder_without_git(inspector: str, tmp_path: Path) -> None:
    """`--cwd` a folder outside git starts and answers, with the `no-git` finding."""
    root = tmp_path / "plain"
    shutil.copytree(CORPORA / "moj-cloud-platform", root / "docs" / "adr")
    found = call(inspector, root, "search_decisions", "query=policy")
    rules = [f["rule"] for f in found["structuredContent"]["result"]["findings"]["items"]]
    assert "no-git" in rules
