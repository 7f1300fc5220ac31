"""Read-only proof: read tools never change the corpus tree; the write tools only add files.

With `--allow-writes`, `remember` adds new files to the memory folder and
`propose_decision` new proposed records to the ADR folder — and nothing else
changes.

The tree snapshot holds every entry under the root, `.git` included: its
kind, its bytes (or link target) and its mtime. Sequences of calls are
chosen by hypothesis (plausible and hostile arguments, `frames.tool_arguments`)
and run over the in-process MCP client, then over the Corpus API and the
CLI's read commands.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Final

import anyio
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import govmem
from govmem.cli import main as cli
from govmem_mcp._state import LiveCorpus
from govmem_mcp.server import build_server
from mcp import Client
from tests.conftest import examples

from .frames import TOOLS, Json, tool_arguments
from .support import Tree, make_repo, snapshot

WRITE_TOOLS: Final = ("propose_decision", "remember")
READ_TOOLS: Final = tuple(t for t in TOOLS if t not in WRITE_TOOLS)
SETTINGS: Final = settings(
    max_examples=examples(15),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def _calls(tools: tuple[str, ...]) -> st.SearchStrategy[list[tuple[str, Json]]]:
    call = st.sampled_from(tools).flatmap(lambda t: st.tuples(st.just(t), tool_arguments(t)))
    return st.lists(call, min_size=1, max_size=10)


async def _run(live: LiveCorpus, calls: list[tuple[str, Json]], *, writes: bool) -> set[str]:
    """Run the calls; the files the write tools reported (a retry reports its first file)."""
    written: set[str] = set()
    async with Client(build_server(live, allow_writes=writes), raise_exceptions=True) as c:
        for name, args in calls:
            r = await c.call_tool(name, args if isinstance(args, dict) else {"x": args})
            if name in WRITE_TOOLS and not r.is_error and r.structured_content:
                path = r.structured_content["result"].get("path")
                if path is not None:
                    written.add(path)
    return written


def _changes(before: Tree, after: Tree) -> tuple[set[str], set[str], set[str]]:
    """(added, removed, changed) paths."""
    added = after.keys() - before.keys()
    removed = before.keys() - after.keys()
    changed = {k for k in before.keys() & after.keys() if before[k] != after[k]}
    return added, removed, changed


def test_read_tools_over_mcp_never_change_the_tree(example_repo: Path) -> None:
    """Any sequence of read tool calls (valid or not) leaves content, mtimes and file list identical."""
    before = snapshot(example_repo, skip_git=False)
    live = LiveCorpus(example_repo)

    @SETTINGS
    @given(_calls(READ_TOOLS))
    def check(calls: list[tuple[str, Json]]) -> None:
        anyio.run(lambda: _run(live, calls, writes=False))
        assert snapshot(example_repo, skip_git=False) == before

    try:
        check()
    finally:
        live.close()


READ_COMMANDS: Final[list[list[str]]] = [
    ["query", "Quale database è approvato per i nuovi servizi?", "--as-of", "2026-09-08"],
    ["query", "db?", "--topic", "database", "--known-as-of", "2026-03-20"],
    ["history", "database"],
    ["conflicts"],
    ["search", "postgres"],
    ["show", "adr-024"],
    ["context", "src/db/x.py"],
    ["superseded"],
    ["recall"],
    ["memories"],
    ["expiring", "--within", "7d"],
    ["memory-history", "fact", "x"],
    ["lint"],
    ["graph"],
    ["timeline", "database"],
]


@pytest.mark.parametrize("as_json", [False, True])
def test_the_api_and_cli_read_commands_never_change_the_tree(
    example_repo: Path, as_json: bool, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every read command of the CLI, and every Corpus read operation, leaves the tree identical."""
    before = snapshot(example_repo, skip_git=False)
    for argv in READ_COMMANDS:
        code = cli(["--root", str(example_repo), *argv, *(["--json"] if as_json else [])])
        assert code in (0, 1, 2), argv
    corpus = govmem.load(example_repo)
    corpus.query("db?", as_of="2026-09-08")
    corpus.search_decisions("a")
    corpus.get_decision("adr-001")
    corpus.get_decision_context(["docs/adr/001.md"])
    corpus.list_superseded()
    corpus.find_conflicts()
    corpus.recall()
    govmem.load(example_repo, known_as_of="2026-03-20")
    capsys.readouterr()
    assert snapshot(example_repo, skip_git=False) == before


MEMORY_CALLS: Final = st.fixed_dictionaries(
    {
        "content": st.text(min_size=1, max_size=40),
        "category": st.sampled_from(["fact", "preference", "note"]),
        "key": st.from_regex(r"[a-z]{1,8}(_[a-z0-9]{1,4}){0,2}", fullmatch=True),
    },
    optional={"tags": st.lists(st.sampled_from(["a", "b"]), max_size=2, unique=True)},
)
PROPOSALS: Final = st.fixed_dictionaries(
    {
        "title": st.sampled_from(["Use Redis for caching", "Use MySQL for new services"]),
        "decision": st.text(min_size=1, max_size=40).filter(str.strip),
    },
    optional={
        "supersedes": st.just(["adr-024"]),
        "request_id": st.sampled_from(["a", "b"]),
    },
)
CLAIM_CALLS: Final = st.fixed_dictionaries(
    {"kind": st.just("claim"), "content": st.text(min_size=1, max_size=40)},
    optional={"topic": st.just("database"), "value": st.sampled_from(["DynamoDB", "Oracle"])},
)


def test_with_allow_writes_only_new_memory_files_and_new_proposed_records_appear(
    tmp_path: Path,
) -> None:
    """Reads, remembers and proposals interleaved: the only changes are new files in memory/
    and new records in docs/adr/ that read as proposed and agent-written (and the two folders'
    mtimes); no existing file changes."""
    root = make_repo(tmp_path / "repo")
    base = snapshot(root)
    live = LiveCorpus(root)
    files: set[str] = set()
    remembers = st.one_of(MEMORY_CALLS, CLAIM_CALLS, tool_arguments("remember")).map(
        lambda a: ("remember", a)
    )
    proposals = st.one_of(PROPOSALS, tool_arguments("propose_decision")).map(
        lambda a: ("propose_decision", a)
    )
    reads = st.sampled_from(READ_TOOLS).flatmap(lambda t: st.tuples(st.just(t), tool_arguments(t)))

    @SETTINGS
    @given(st.lists(st.one_of(reads, remembers, proposals), min_size=1, max_size=8))
    def check(calls: list[tuple[str, Any]]) -> None:
        files.update(anyio.run(lambda: _run(live, calls, writes=True)))
        after = snapshot(root)
        added, removed, changed = _changes(base, after)
        assert removed == set()
        assert changed <= {"memory", "docs/adr"}, changed
        assert all(p.startswith(("memory/", "docs/adr/")) for p in added), added
        assert all(after[p][0] == "file" for p in added), added
        assert added == files

    try:
        check()
    finally:
        live.close()
    assert any(p.startswith("memory/") for p in files), "no remember call succeeded"
    proposed = [p for p in files if p.startswith("docs/adr/")]
    assert proposed, "no propose_decision call succeeded: the test proved nothing"
    corpus = govmem.load(root)
    for path in proposed:
        rec = next(r for r in corpus.records if r.path == path)
        assert (rec.status, rec.authored_by) == ("proposed", "agent"), path
