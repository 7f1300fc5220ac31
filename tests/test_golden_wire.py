"""The CLI's output and the MCP wire, byte for byte, pinned against a stored snapshot.

`tests/data/golden/cli.json` holds what every read command prints (with and
without `--json`) on the example corpus and on a small memory corpus, and
`tests/data/golden/mcp.json` what the MCP server answers (`tools/list` and a
battery of `tools/call`, bad arguments included) in both protocol eras. A
restructuring must not change one byte of either; a deliberate change
rewrites them with `GOVMEM_WRITE_GOLDEN=1 python -m pytest tests/test_golden_wire.py`.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from govmem.cli import main
from tests.conftest import DATA, EXAMPLE

GOLDEN = DATA / "golden"
WRITE = os.environ.get("GOVMEM_WRITE_GOLDEN") == "1"

MEMORIES = {
    "govmem.yaml": "scopes:\n  all:\n    children: [backend]\n",
    "docs/adr/0001-use-postgres.md": (
        "---\nid: adr-0001\ntitle: Use PostgreSQL\nstatus: accepted\ndate: 2026-01-10\n"
        "topic: database\nvalue: PostgreSQL\n---\n# Use PostgreSQL\n\nWe use PostgreSQL.\n"
    ),
    "memory/identity.yaml": (
        "- kind: memory\n  id: mem_001\n  category: identity\n  key: user_name\n"
        "  content: Michael Schäfer\n  priority: critical\n  source: user\n"
        "  tags: [person, identity]\n  created_at: '2026-01-01T00:00:00Z'\n"
        "- kind: memory\n  id: mem_002\n  category: preference\n  key: editor\n"
        "  content: Prefers vim\n  source: user\n  tags: [tools]\n"
        "  created_at: '2026-02-01T00:00:00Z'\n"
        "- kind: memory\n  id: mem_003\n  category: preference\n  key: editor\n"
        "  content: Prefers emacs now\n  source: agent\n  tags: [tools]\n"
        "  created_at: '2026-03-01T00:00:00Z'\n"
        "- kind: memory\n  id: mem_004\n  category: project\n  key: synapse_status\n"
        "  content: v1.5.0 deployed\n  priority: high\n  tags: [synapse]\n"
        "  created_at: '2026-06-27T10:00:00Z'\n  expires_at: '2099-07-04'\n"
        "- kind: memory\n  id: mem_005\n  category: context\n  key: sprint\n"
        "  content: Sprint 12 ends soon\n  mind: other\n"
        "  created_at: '2026-06-01T00:00:00Z'\n  expires_at: '2026-09-10'\n"
    ),
}

AS_OF = "2026-09-08"
EXAMPLE_COMMANDS: list[list[str]] = [
    ["lint"],
    ["lint", "--findings", "all"],
    ["query", "Quale database è approvato per i nuovi servizi?", "--as-of", AS_OF],
    ["query", "db?", "--topic", "database", "--as-of", AS_OF],
    ["query", "db?", "--topic", "database", "--scope", "payments", "--as-of", AS_OF],
    ["query", "what about dns?", "--topic", "dns", "--as-of", AS_OF],
    ["query", "Which queue do we use?", "--as-of", "2026-02-01"],
    ["history", "database"],
    ["history", "database", "--limit", "2"],
    ["history", "databse"],
    ["conflicts", "--as-of", AS_OF],
    ["conflicts", "--topic", "database", "--as-of", AS_OF],
    ["conflicts", "--topic", "nosuch", "--as-of", AS_OF],
    ["topics", "--as-of", AS_OF],
    ["topics", "--as-of", AS_OF, "--limit", "1"],
    ["graph", "--as-of", AS_OF],
    ["graph", "--topic", "database", "--format", "dot", "--as-of", AS_OF],
    ["timeline", "database", "--as-of", AS_OF],
    ["search", "postgres"],
    ["search", "adr", "--status", "superseded", "--status", "approved"],
    ["search", "adr", "--limit", "1", "--findings-limit", "1"],
    ["search", "adr", "--scope", "new-services"],
    ["show", "24"],
    ["show", "adr-001"],
    ["show", "nosuch"],
    ["show", "log:abc"],
    ["context", "src/db/pool.py", "src/db/pool/a.py", "README.md"],
    ["superseded"],
    ["recall", "--as-of", AS_OF],
    ["memories"],
    ["expiring", "--within", "2w", "--as-of", AS_OF],
    ["memory-history", "preference", "editor"],
    ["check", "Use MySQL for new services", "--as-of", AS_OF],
    ["check", "Adopt DynamoDB", "--topic", "database", "--scope", "legacy", "--as-of", AS_OF],
    ["check", "Use Redis for caching", "--as-of", AS_OF],
]
MEMORY_COMMANDS: list[list[str]] = [
    ["recall", "--as-of", AS_OF],
    ["recall", "--as-of", AS_OF, "--mind", "other"],
    ["memories"],
    ["memories", "--tag", "tools"],
    ["memories", "--text", "vim", "--limit", "1"],
    ["expiring", "--within", "2w", "--as-of", AS_OF, "--mind", "other"],
    ["memory-history", "preference", "editor"],
    ["query", "which editor?", "--topic", "editor", "--as-of", AS_OF],
    ["topics", "--as-of", AS_OF],
    ["lint"],
]


def run_cli(root: Path, argv: list[str]) -> dict[str, Any]:
    """Exit code, stdout and stderr of `govmem --root ROOT ARGV`."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["--root", str(root), *argv])
    return {"code": code, "stdout": out.getvalue(), "stderr": err.getvalue()}


@pytest.fixture(scope="module")
def memory_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A small corpus of one decision and a few memories of two minds (no git)."""
    root = tmp_path_factory.mktemp("golden") / "memories"
    for rel, text in MEMORIES.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def compare(name: str, got: dict[str, Any]) -> None:
    """Compare with (or, with GOVMEM_WRITE_GOLDEN=1, write) `tests/data/golden/<name>.json`."""
    path = GOLDEN / f"{name}.json"
    if WRITE:
        GOLDEN.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(got, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    want = json.loads(path.read_text(encoding="utf-8"))
    assert list(got) == list(want)
    for key, value in want.items():
        # compared as JSON text, so that the order of keys counts too
        assert json.dumps(got[key], ensure_ascii=False) == json.dumps(value, ensure_ascii=False), (
            key
        )


def test_every_read_command_prints_what_it_printed(
    memory_root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each read command, readable and `--json`, prints exactly the stored output (the parse
    cache off, so that `lint`'s cache line does not depend on what ran before)."""
    monkeypatch.setenv("GOVMEM_CACHE", "off")
    got: dict[str, Any] = {}
    for label, root, commands in (
        ("example", EXAMPLE, EXAMPLE_COMMANDS),
        ("memories", memory_root, MEMORY_COMMANDS),
    ):
        for argv in commands:
            for form in ([], ["--json"]):
                result = run_cli(root, [*argv, *form])
                for stream in ("stdout", "stderr"):  # a next-page command names the root
                    result[stream] = result[stream].replace(str(root), "<root>")
                got[f"{label}: {' '.join([*argv, *form])}"] = result
    compare("cli", got)


MCP_CALLS: list[tuple[str, dict[str, Any]]] = [
    ("query", {"question": "Quale database è approvato per i nuovi servizi?", "as_of": AS_OF}),
    ("query", {"question": "db?", "topic": "database", "as_of": AS_OF}),
    ("query", {"question": "db?", "topic": "databse db", "as_of": AS_OF}),
    ("query", {"question": "db?", "topic": "database", "scope": "payments", "as_of": AS_OF}),
    ("query", {"question": "db?", "qestion": "typo"}),
    ("query", {"question": 42}),
    ("query", {"question": ""}),
    ("query", {"question": "q", "as_of": "yesterday"}),
    ("query", {"question": "q", "as_of": "2026-13-45"}),
    ("query", {"question": "q", "known_as_of": "abc"}),
    ("query", {"question": "q", "known_as_of": "2026-01-01", "as_of": AS_OF}),
    ("get_decision_history", {"topic": "database"}),
    ("get_decision_history", {"topic": "database", "limit": 2}),
    ("get_decision_history", {"topic": "databse"}),
    ("get_decision_history", {"topic": "database", "cursor": "zz"}),
    ("get_decision_history", {"topic": "database", "limit": "5"}),
    ("get_decision_history", {"topic": "database", "limit": True}),
    ("get_decision_history", {"topic": "database", "limit": 101}),
    ("find_conflicts", {"as_of": AS_OF}),
    ("find_conflicts", {"topic": "nosuch", "as_of": AS_OF}),
    ("find_conflicts", {"topc": "database"}),
    ("list_topics", {"as_of": AS_OF}),
    ("list_topics", {"as_of": AS_OF, "limit": 1}),
    ("list_topics", {"limit": "5"}),
    ("recall", {"as_of": AS_OF}),
    ("recall", {"mind": None, "as_of": 20260908}),
    ("search_memories", {"text": "editor"}),
    ("search_memories", {"tags": ["a"]}),
    ("search_memories", {"tag": "t" * 65}),
    ("search_decisions", {"query": "postgres"}),
    ("search_decisions", {"query": "adr", "status": ["superseded", "approved"], "limit": 1}),
    ("search_decisions", {"query": "   "}),
    ("search_decisions", {"query": "x", "status": ["draft", "draft"]}),
    ("search_decisions", {"query": "adr", "scope": ["new-services"], "tags": ["db"]}),
    ("search_decisions", {"query": "adr", "findingsCursor": "zz"}),
    ("get_decision", {"ref": 24}),
    ("get_decision", {"ref": "adr-001"}),
    ("get_decision", {"ref": "nosuch"}),
    ("get_decision", {"ref": "log:abc"}),
    ("get_decision", {"ref": 24.0}),
    ("get_decision", {"ref": [24]}),
    ("get_decision", {"ref": "24", "limit": "5"}),
    ("get_decision_context", {"files": ["src/db/pool/a.py", "src/db/pool.py"]}),
    ("get_decision_context", {"files": ["/etc/passwd"]}),
    ("get_decision_context", {"files": []}),
    ("list_superseded", {}),
    ("list_superseded", {"findingsCursor": "zz"}),
    ("list_superseded", {"findings_limit": 5}),
    ("list_superseded", {"limit": 0}),
    ("remember", {"content": "x", "category": "fact"}),
    ("remember", {"content": "x", "category": "fact", "key": "k", "verified": True}),
    ("remember", {"content": "x", "category": "fact", "key": "k", "tags": '["a"]'}),
    ("remember", {"content": "x", "kind": "claim", "key": "k"}),
    ("check_proposal", {"title": "Use MySQL for new services", "as_of": AS_OF}),
    (
        "check_proposal",
        {"title": "Use Redis", "decision": "Redis caches sessions.", "as_of": AS_OF},
    ),
    ("check_proposal", {"title": "a\nb"}),
    ("check_proposal", {"title": "x", "value": "MySQL"}),
    ("propose_decision", {"title": "Use Redis for caching"}),
    ("propose_decision", {"title": "Use Redis", "decision": "Redis.", "status": "accepted"}),
    ("propose_decision", {"title": "Use Redis", "decision": "Redis.", "supersedes": ["nope"]}),
    ("search_everything", {}),
]


def wire(result: Any) -> Any:
    """A result as its JSON on the wire."""
    return result.model_dump(by_alias=True, mode="json", exclude_none=True)


@pytest.mark.anyio
@pytest.mark.parametrize("mode", ["auto", "legacy"])
async def test_the_mcp_wire_is_what_it_was(tmp_path: Path, mode: str) -> None:
    """`tools/list` and every call of the battery answer exactly the stored JSON."""
    from govmem_mcp._state import LiveCorpus
    from govmem_mcp.server import build_server
    from mcp import Client

    root = tmp_path / "repo"
    shutil.copytree(EXAMPLE, root)
    live = LiveCorpus(root)
    got: dict[str, Any] = {}
    try:
        async with Client(build_server(live, allow_writes=True), mode=mode) as client:
            listed = await client.list_tools()
            got["tools/list"] = [wire(t) for t in listed.tools]
            for i, (tool, args) in enumerate(MCP_CALLS):
                got[f"{i:02d} {tool} {json.dumps(args, sort_keys=True)}"] = wire(
                    await client.call_tool(tool, args)
                )
    finally:
        live.close()
    compare(f"mcp-{mode}", got)


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"
