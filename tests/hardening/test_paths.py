"""Path inputs: every shape SPEC §6 rejects is refused before the corpus is touched; nothing outside the root is opened.

The refusals are checked on each surface: the Python API (on a corpus
that fails the test if any attribute is read), the CLI (`context` on a
root that does not exist: exit 2, not the load's exit 1) and MCP (a tool
error on a server whose root has vanished, not `corpus-unavailable`).

The containment proof puts a sentinel file outside the root and a symlink
to it inside the ADR folder, then runs every read tool in process under an
audit hook (`sys.addaudithook`) that records each `open`, directory
listing and subprocess: nothing outside the root is opened, only `git` is
run and inside the root, and the sentinel's content and access time are
unchanged (the access time only where the file system records reads, which
the test first measures on a control file).
"""

from __future__ import annotations

import os
import sys
import threading
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any, Final, cast

import pytest

from govmem import Corpus, InputError
from govmem.cli import main as cli
from govmem_mcp._state import LiveCorpus
from govmem_mcp.server import build_server
from mcp import Client
from tests.conftest import run_tool

from .support import make_repo

pytestmark = pytest.mark.anyio

REJECTED: Final = {
    "dot-dot": "../outside/sentinel.md",
    "inner dot-dot": "src/../../outside/sentinel.md",
    "trailing dot-dot": "src/..",
    "absolute": "/etc/passwd",
    "drive letter": "C:/Windows/win.ini",
    "lower-case drive": "c:secret",
    "backslash": "src\\db\\x.py",
    "backslash dot-dot": "..\\outside\\sentinel.md",
    "NUL": "src/a\x00b.py",
    "over-long": "a/" * 512 + "b",
    "empty": "",
}
"""Each path shape SPEC §6 refuses (`over-long` is 1,025 characters)."""


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


class Untouchable:
    """A stand-in corpus: reading any attribute fails the test."""

    def __getattribute__(self, name: str) -> Any:
        pytest.fail(f"the corpus was touched ({name}) before the arguments were validated")


@pytest.mark.parametrize("shape", sorted(REJECTED))
def test_the_python_api_refuses_before_touching_the_corpus(shape: str) -> None:
    """get_decision_context and run_tool raise InputError without reading the corpus."""
    trap = cast("Corpus", Untouchable())
    with pytest.raises(InputError, match=r"files\.0"):
        Corpus.get_decision_context(trap, [REJECTED[shape]]).to_wire()
    with pytest.raises(InputError, match=r"files\.0"):
        run_tool(trap, "get_decision_context", {"files": ["ok.py", REJECTED[shape]][1:]})


@pytest.mark.parametrize("shape", sorted(REJECTED))
def test_the_cli_refuses_before_loading(
    shape: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`govmem context PATH` on a missing root exits 2 (usage) with one line, not 1 (corpus)."""
    code = cli(["--root", str(tmp_path / "missing"), "context", "--", REJECTED[shape]])
    out, err = capsys.readouterr()
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1
    assert "files" in err


async def test_mcp_refuses_before_loading(example_repo: Path) -> None:
    """A bad path is a tool error even when the root has vanished (no corpus-unavailable)."""
    live = LiveCorpus(example_repo)
    try:
        async with Client(build_server(live), raise_exceptions=True) as client:
            ok = await client.call_tool("get_decision_context", {"files": ["src/db/x.py"]})
            assert not ok.is_error
            example_repo.rename(example_repo.with_name("gone"))
            gone = await client.call_tool("get_decision_context", {"files": ["src/x.py"]})
            assert gone.structured_content is not None
            assert gone.structured_content["result"]["outcome"] == "corpus-unavailable"
            for shape, path in REJECTED.items():
                r = await client.call_tool("get_decision_context", {"files": [path]})
                assert r.is_error, shape
                assert r.structured_content is None, shape
    finally:
        live.close()


# --- containment ------------------------------------------------------------------


SYSTEM_READS: Final = frozenset({"/proc/self/mountinfo"})
"""Opens outside the root that read no corpus: the watcher asks which file system the folders are on."""


class OpenAudit:
    """Everything the process opens, lists or runs while `recording` (a process-wide audit hook)."""

    def __init__(self) -> None:
        self.recording = False
        self.events: list[tuple[str, str, str]] = []
        self._lock = threading.Lock()
        sys.addaudithook(self._hook)

    def _hook(self, event: str, args: tuple[Any, ...]) -> None:
        if not self.recording:
            return
        if event == "open" and isinstance(args[0], str | bytes | os.PathLike):
            what = os.fsdecode(args[0])
        elif event in ("os.listdir", "os.scandir") and args and args[0] is not None:
            if isinstance(args[0], int):
                return
            what = os.fsdecode(args[0])
        elif event == "subprocess.Popen":
            what = f"{os.fsdecode(args[0])} in {os.fsdecode(args[2] or os.getcwd())}"
        else:
            return
        with self._lock:
            self.events.append((event, what, os.getcwd()))

    def outside(self, root: Path) -> list[tuple[str, str]]:
        """Events whose path (or subprocess working folder) is outside `root` and outside the
        parse cache's folder (`GOVMEM_CACHE_DIR`: where govmem keeps what it parsed)."""
        cache = os.environ.get("GOVMEM_CACHE_DIR")
        kept = Path(cache).resolve() if cache else None
        bad = []
        for event, what, cwd in self.events:
            if event == "open" and what in SYSTEM_READS:
                continue
            if event == "subprocess.Popen":
                exe, _, folder = what.partition(" in ")
                path = Path(cwd, folder)
                if Path(exe).name != "git":
                    bad.append((event, what))
                    continue
            else:
                path = Path(cwd, what)
            path = Path(os.path.normpath(path))
            if event == "open" and kept is not None and path.is_relative_to(kept):
                continue
            if not path.is_relative_to(root):
                bad.append((event, what))
        return bad


_AUDIT: OpenAudit | None = None


@pytest.fixture(scope="session")
def audit() -> OpenAudit:
    """The session's audit hook (hooks cannot be removed, so one is installed, once)."""
    global _AUDIT
    if _AUDIT is None:
        _AUDIT = OpenAudit()
    return _AUDIT


@pytest.fixture
def recording(audit: OpenAudit) -> Iterator[OpenAudit]:
    audit.events.clear()
    yield audit
    audit.recording = False


def _atime_is_recorded(folder: Path) -> bool:
    """Whether reading a file updates its access time here (relatime: when atime <= mtime)."""
    control = folder / "control.txt"
    control.write_text("control")
    os.utime(control, ns=(1_000_000_000, 2_000_000_000))
    control.read_text()
    return control.stat().st_atime_ns != 1_000_000_000


CALLS: Final[list[tuple[str, dict[str, Any]]]] = [
    ("query", {"question": "Quale database è approvato per i nuovi servizi?"}),
    ("query", {"question": "db?", "topic": "database", "known_as_of": "2026-03-20"}),
    ("search_decisions", {"query": "secret"}),
    ("search_decisions", {"query": "a", "limit": 100}),
    ("get_decision", {"ref": "0900-link.md"}),
    ("get_decision", {"ref": "sentinel"}),
    ("get_decision", {"ref": "../../../outside/sentinel.md"}),
    ("get_decision_context", {"files": ["docs/adr/0900-link.md", "outside/sentinel.md"]}),
    ("get_decision_context", {"files": ["../outside/sentinel.md"]}),
    ("list_superseded", {}),
    ("get_decision_history", {"topic": "database"}),
    ("find_conflicts", {}),
    ("recall", {}),
    ("search_memories", {"text": "x"}),
]


@pytest.fixture
async def warm_client(tmp_path: Path) -> AsyncIterator[None]:
    """Every tool called once on another copy, so lazy imports happen before recording."""
    live = LiveCorpus(make_repo(tmp_path / "warm"))
    try:
        async with Client(build_server(live), raise_exceptions=True) as client:
            for name, args in CALLS:
                await client.call_tool(name, args)
        yield
    finally:
        live.close()


async def test_no_tool_opens_anything_outside_the_root(
    tmp_path: Path, recording: OpenAudit, warm_client: None
) -> None:
    """Load and every read tool, with a symlink to a sentinel outside: nothing outside is opened."""
    root = make_repo(tmp_path / "repo")
    outside = tmp_path / "outside"
    outside.mkdir()
    sentinel = outside / "sentinel.md"
    sentinel.write_text("---\nid: sentinel\ntitle: Secret\nstatus: accepted\n---\n# Secret\n")
    content = sentinel.read_bytes()
    atime_counts = _atime_is_recorded(outside)
    os.utime(sentinel, ns=(1_000_000_000, 2_000_000_000))
    (root / "docs/adr/0900-link.md").symlink_to(sentinel)
    (root / "docs/adr/0901-rel.md").symlink_to("../../../outside/sentinel.md")
    real = root.resolve()
    live = LiveCorpus(root)
    try:
        async with Client(build_server(live), raise_exceptions=True) as client:
            recording.recording = True
            for name, args in CALLS:
                r = await client.call_tool(name, args)
                assert r.structured_content is not None or r.is_error
            recording.recording = False
            found = await client.call_tool("get_decision", {"ref": "sentinel"})
            assert found.structured_content is not None
            assert found.structured_content["result"]["outcome"] == "not-found"
            search = await client.call_tool("search_decisions", {"query": "secret"})
            assert search.structured_content is not None
            assert search.structured_content["result"]["items"] == []
            outside_root = [
                f
                for f in search.structured_content["result"]["findings"]["items"]
                if f["rule"] == "outside-root"
            ]
            assert {f["path"] for f in outside_root} == {
                "docs/adr/0900-link.md",
                "docs/adr/0901-rel.md",
            }
    finally:
        live.close()
    assert recording.events, "the audit hook saw nothing: the test would prove nothing"
    assert any(e == "open" and w.startswith(str(real)) for e, w, _ in recording.events)
    assert recording.outside(real) == []
    if atime_counts:  # before the content check below, which reads it
        assert sentinel.stat().st_atime_ns == 1_000_000_000
    assert sentinel.read_bytes() == content


def test_the_audit_sees_an_open_outside_the_root(tmp_path: Path, recording: OpenAudit) -> None:
    """The audit itself works: a deliberate read outside the root is reported."""
    root = tmp_path / "root"
    root.mkdir()
    (tmp_path / "x.txt").write_text("x")
    recording.recording = True
    (tmp_path / "x.txt").read_text()
    (root / "y.txt").write_text("y")
    recording.recording = False
    assert [w for _, w in recording.outside(root)] == [str(tmp_path / "x.txt")]
    assert time.monotonic() > 0
