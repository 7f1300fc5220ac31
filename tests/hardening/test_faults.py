"""Faults, as SPEC §9 says: files vanishing or unreadable between calls, roots and folders lost, torn loads, and the transport.

Unreadable files: the tests run as root in CI, where `chmod 000` does not
stop a read, so "unreadable" is made the way an ordinary user cannot undo
either: the file is replaced by a dangling symlink, or by a symlink loop
(both `unreadable` findings). An unreadable root or folder is likewise made
by taking it away (renamed, or replaced by a file): `corpus-unavailable`
with adrkit's reason. The transport faults run the installed `govmem-mcp`
over real pipes.
"""

from __future__ import annotations

import contextlib
import json
import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Final

import pytest

from govmem import Loader
from govmem_mcp._state import LiveCorpus
from govmem_mcp.server import build_server
from mcp import Client

from .support import INIT, ServerProcess, guarded_env, make_repo, network_attempts, script

SEARCH: Final = {"query": "database", "findingsLimit": 100}


def _call(name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    return {
        "jsonrpc": "2.0",
        "method": "tools/call",
        "params": {"name": name, "arguments": arguments},
    }


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[ServerProcess, Path]]:
    """A `govmem-mcp` over a fresh copy of the example, initialised (2025 era)."""
    root = make_repo(tmp_path / "repo")
    log = tmp_path / "network.log"
    server = ServerProcess(root, log, "--dir", "docs/adr")
    try:
        server.request(INIT, "init")
        server.send(b'{"jsonrpc":"2.0","method":"notifications/initialized"}')
        yield server, root
    finally:
        server.kill()
    assert network_attempts(log) == []


class Calls:
    """Numbered tool calls on a served process."""

    def __init__(self, server: ServerProcess) -> None:
        self.server = server
        self.n = 0

    def __call__(self, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
        self.n += 1
        response = self.server.request(_call(name, arguments), f"call-{self.n}")
        result: dict[str, Any] = response["result"]["structuredContent"]["result"]
        return result


def _rules(result: dict[str, Any]) -> set[tuple[str, str]]:
    return {(f["rule"], f.get("path", "")) for f in result["findings"]["items"]}


def _ids(result: dict[str, Any]) -> set[str]:
    return {i["id"] for i in result["items"]}


@pytest.mark.parametrize("how", ["deleted", "dangling symlink", "symlink loop"])
def test_a_file_lost_between_two_calls_is_reflected_with_a_finding(
    served: tuple[ServerProcess, Path], how: str
) -> None:
    """The next call no longer has the record, and says why: dangling-ref or unreadable."""
    server, root = served
    call = Calls(server)
    assert "adr-001" in _ids(call("search_decisions", SEARCH))
    adr = root / "docs/adr/001.md"
    adr.unlink()
    if how == "dangling symlink":
        adr.symlink_to("nowhere.md")
    elif how == "symlink loop":
        adr.symlink_to("001.md")
    after = call("search_decisions", SEARCH)
    assert "adr-001" not in _ids(after)
    if how == "deleted":
        assert ("dangling-ref", "docs/adr/024.md") in _rules(after)
    else:
        assert ("unreadable", "docs/adr/001.md") in _rules(after)
    adr.unlink(missing_ok=True)
    again = call("search_decisions", SEARCH)
    assert ("unreadable", "docs/adr/001.md") not in _rules(again)


@pytest.mark.parametrize(
    ("break_it", "reason"),
    [
        ("rename the folder", "dir-not-found"),
        ("a file where the folder was", "dir-not-directory"),
        ("rename the root", "root-not-found"),
    ],
)
def test_a_lost_root_or_folder_is_corpus_unavailable_then_recovers(
    served: tuple[ServerProcess, Path], break_it: str, reason: str
) -> None:
    """corpus-unavailable with adrkit's reason (a result, not an error); fixed, the next call answers."""
    server, root = served
    call = Calls(server)
    assert call("list_superseded", {})["outcome"] == "entries"
    folder, away = root / "docs/adr", root / "docs/adr-away"
    if break_it == "rename the folder":
        folder.rename(away)
    elif break_it == "a file where the folder was":
        folder.rename(away)
        folder.write_text("not a folder")
    else:
        root.rename(root.with_name("away"))
    down = call("list_superseded", {})
    assert (down["outcome"], down["reason"]) == ("corpus-unavailable", reason)
    assert down["message"]
    if break_it == "rename the root":
        root.with_name("away").rename(root)
    else:
        if folder.is_file():
            folder.unlink()
        away.rename(folder)
    assert call("list_superseded", {})["outcome"] == "entries"
    assert server.proc.poll() is None


def test_a_root_that_loses_git_is_still_served_with_a_no_git_finding(
    served: tuple[ServerProcess, Path],
) -> None:
    """`.git` taken away: the next call answers, with the `info` finding `no-git`; back, it goes."""
    server, root = served
    call = Calls(server)

    def no_git() -> list[str]:
        found = call("search_decisions", SEARCH)
        assert found["outcome"] == "results"
        return [f["severity"] for f in found["findings"]["items"] if f["rule"] == "no-git"]

    assert no_git() == []
    (root / ".git").rename(root / "git-away")
    assert no_git() == ["info"]
    (root / "git-away").rename(root / ".git")
    assert no_git() == []
    assert server.proc.poll() is None


@pytest.mark.anyio
@pytest.mark.parametrize("watch", ["inotify", "stat"])
async def test_a_change_during_every_load_is_corpus_changed_during_load(
    example_repo: Path, monkeypatch: pytest.MonkeyPatch, watch: str
) -> None:
    """Files rewritten while each reload reads them: corpus-unavailable, then a quiet call answers."""
    live = LiveCorpus(example_repo, watch=watch)
    adr = example_repo / "docs/adr/024.md"
    real = Loader.files

    def rewriting(self: Loader, *args: Any, **kw: Any) -> Any:
        adr.write_text(adr.read_text(encoding="utf-8") + "\nmore", encoding="utf-8")
        return real(self, *args, **kw)

    try:
        async with Client(build_server(live), raise_exceptions=True) as client:
            monkeypatch.setattr(Loader, "files", rewriting)
            torn = await client.call_tool("search_decisions", {"query": "x"})
            assert not torn.is_error
            assert torn.structured_content is not None
            assert torn.structured_content["result"]["outcome"] == "corpus-unavailable"
            assert torn.structured_content["result"]["reason"] == "corpus-changed-during-load"
            monkeypatch.setattr(Loader, "files", real)
            calm = await client.call_tool("search_decisions", {"query": "x"})
            assert calm.structured_content is not None
            assert "corpusHealth" in calm.structured_content
    finally:
        live.close()


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.mark.parametrize("partial", [False, True])
def test_stdin_closed_mid_request_exits_0_silently(
    served: tuple[ServerProcess, Path], partial: bool
) -> None:
    """stdin closes right after a request (or halfway through its line): exit 0, nothing on stderr."""
    server, _ = served
    line = json.dumps({**_call("query", {"question": "db?"}), "id": 7}).encode()
    assert server.proc.stdin is not None
    server.proc.stdin.write(line[: len(line) // 2] if partial else line + b"\n")
    code, stderr = server.close()
    assert (code, stderr) == (0, b"")
    assert server.problems == []


def test_epipe_exits_non_zero_with_one_stderr_line(tmp_path: Path) -> None:
    """The client stops reading (stdout closed) mid-session: exit 1 and one line on stderr."""
    root = make_repo(tmp_path / "repo")
    log = tmp_path / "network.log"
    with (
        (tmp_path / "stderr").open("w+b") as err,
        subprocess.Popen(
            [script("govmem-mcp"), "--cwd", str(root)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=err,
            env=guarded_env(log),
        ) as p,
    ):
        assert p.stdin is not None
        assert p.stdout is not None
        p.stdin.write(json.dumps({**INIT, "id": 1}).encode() + b"\n")
        p.stdin.flush()
        assert json.loads(p.stdout.readline())["id"] == 1
        p.stdout.close()  # no reader thread here: closing cannot block
        with contextlib.suppress(BrokenPipeError):
            for i in range(3):
                p.stdin.write(json.dumps({**_call("query", {"question": "db?"}), "id": i}).encode())
                p.stdin.write(b"\n")
                p.stdin.flush()
                time.sleep(0.1)
        assert p.wait(timeout=30) == 1
        with contextlib.suppress(BrokenPipeError):
            p.stdin.close()
        err.seek(0)
        stderr = err.read()
    assert stderr.count(b"\n") == 1
    assert stderr.startswith(b"govmem-mcp: transport failed:")
    assert network_attempts(log) == []


def test_sigterm_during_calls_exits_without_a_traceback(served: tuple[ServerProcess, Path]) -> None:
    """SIGTERM with requests in flight: exit 0, nothing on stderr, stdout still only protocol."""
    server, _ = served
    for i in range(20):
        server.send(json.dumps({**_call("query", {"question": "db?"}), "id": 100 + i}).encode())
    server.proc.send_signal(signal.SIGTERM)
    code = server.proc.wait(timeout=30)
    time.sleep(0.2)
    assert code == 0
    assert server.stderr == b""
    assert server.problems == []
