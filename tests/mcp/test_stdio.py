"""End to end: the installed `govmem-mcp` as a subprocess over real stdio pipes."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Final

import pytest
from mcp.client.stdio import stdio_client

import govmem
from mcp import Client, StdioServerParameters

from .support import SEED_QUESTION, structured, text

pytest_plugins = ["tests.mcp.plugin"]

SCRIPT = Path(sys.executable).with_name("govmem-mcp")
INIT = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-11-25",
        "capabilities": {},
        "clientInfo": {"name": "t", "version": "1"},
    },
}


def command() -> str:
    if SCRIPT.exists():
        return str(SCRIPT)
    found = shutil.which("govmem-mcp")
    if found is None:
        pytest.fail("govmem-mcp is not installed (pip install -e '.[dev]')")
    return found


def run(*args: str, stdin: bytes = b"", env: dict[str, str] | None = None) -> Any:
    return subprocess.run(
        [command(), *args], input=stdin, capture_output=True, timeout=60, env=env, check=False
    )


def frame(message: dict[str, Any]) -> bytes:
    return (json.dumps(message) + "\n").encode()


@pytest.mark.anyio
@pytest.mark.parametrize("era", ["auto", "legacy"])
async def test_sdk_stdio_client(example_repo: Path, era: str) -> None:
    params = StdioServerParameters(command=command(), args=["--cwd", str(example_repo)])
    args = {"question": SEED_QUESTION, "topic": "database", "as_of": "2026-09-08"}
    # `Client(stdio_client(params))` is what `Client(params)` does from mcp 2.1 on; this
    # spelling also runs on mcp 2.0, the lowest version CI tests (`.ci/run`).
    async with Client(stdio_client(params), mode=era) as c:
        names = [t.name for t in (await c.list_tools()).tools]
        assert names == sorted(names)
        assert "query" in names
        first = await c.call_tool("query", args)
        expected = govmem.load(example_repo).query(SEED_QUESTION, "database", None, "2026-09-08")
        assert structured(first)["result"] == expected.to_dict()
        assert text(first).startswith("CONTESTED: database in new-services")
        adr = example_repo / "docs/adr/024.md"
        adr.write_text(adr.read_text().replace("value: PostgreSQL", "value: MariaDB"))
        second = await c.call_tool("query", args)
        assert structured(second)["result"]["decision"]["value"] == "MariaDB"


def test_bad_flag_exits_2(example_repo: Path) -> None:
    p = run("--cwd", str(example_repo), "--bogus")
    assert p.returncode == 2
    assert p.stdout == b""
    assert p.stderr.decode().count("\n") == 1
    assert "--bogus" in p.stderr.decode()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--cwd", "{missing}"], "Configured repository root was not found."),
        (["--cwd", "{root}/govmem.yaml"], "Configured repository root is not a directory."),
        (["--cwd", "{root}", "--dir", "nope"], "Configured ADR directory was not found."),
        (
            ["--cwd", "{root}", "--dir", ".."],
            "Configured ADR directory resolves outside the repository root.",
        ),
        (
            ["--cwd", "{root}", "--dir", "govmem.yaml"],
            "Configured ADR directory is not a directory.",
        ),
    ],
)
def test_bad_root_or_dir_exits_1(
    example_repo: Path, tmp_path: Path, args: list[str], message: str
) -> None:
    p = run(*(a.format(root=example_repo, missing=tmp_path / "missing") for a in args))
    assert p.returncode == 1
    assert p.stdout == b""
    assert p.stderr.decode() == message + "\n"


_WITHOUT_EXTRA: Final = (
    "import sys\n"
    "sys.modules.update(mcp=None, anyio=None)  # as if `pip install govmem` without [mcp]\n"
    "from {module} import main\n"
    "sys.exit(main({argv!r}))\n"
)


@pytest.mark.parametrize(
    ("module", "argv", "line"),
    [
        (
            "govmem_mcp.cli",
            ["--cwd", "{root}"],
            'govmem-mcp needs the MCP extra: pip install "govmem[mcp]"',
        ),
        (
            "govmem.cli",
            ["--root", "{root}", "serve"],
            'govmem serve needs the MCP extra: pip install "govmem[mcp]"',
        ),
    ],
)
def test_without_the_mcp_extra_one_line_says_what_to_install(
    example_repo: Path, module: str, argv: list[str], line: str
) -> None:
    """No MCP SDK installed: exit 2 with one line naming the extra, never a traceback."""
    code = _WITHOUT_EXTRA.format(module=module, argv=[a.format(root=example_repo) for a in argv])
    p = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    assert p.returncode == 2
    assert p.stdout == ""
    assert p.stderr == line + "\n"


def test_a_folder_without_git_is_served(example_repo: Path) -> None:
    """`--cwd` a folder holding no `.git` entry starts, as the CLI reads it (no git dates)."""
    plain = example_repo / "docs"
    assert not (plain / ".git").exists()
    call = {
        "jsonrpc": "2.0",
        "id": 2,
        "method": "tools/call",
        "params": {"name": "list_topics", "arguments": {"as_of": "2026-09-08"}},
    }
    initialized = {"jsonrpc": "2.0", "method": "notifications/initialized"}
    with _spawn(plain) as p:
        assert p.stdin is not None
        assert p.stdout is not None
        p.stdin.write(frame(INIT) + frame(initialized) + frame(call))
        p.stdin.flush()
        assert json.loads(p.stdout.readline())["id"] == 1
        answer = json.loads(p.stdout.readline())
        p.stdin.close()
        assert p.wait(timeout=30) == 0
    topics = answer["result"]["structuredContent"]["result"]["items"]
    assert [t["topic"] for t in topics] == ["database"]


def test_environment_is_read_and_flags_win(example_repo: Path) -> None:
    env = {
        "PATH": "/usr/bin:/bin",
        "GOVMEM_CACHE_DIR": os.environ["GOVMEM_CACHE_DIR"],
        "GOVMEM_MCP_CWD": str(example_repo),
        "GOVMEM_MCP_DIR": "nope",
    }
    assert run(env=env).stderr.decode() == "Configured ADR directory was not found.\n"
    ok = run("--dir", "docs/adr", env=env, stdin=frame(INIT))
    assert ok.returncode == 0
    assert json.loads(ok.stdout.splitlines()[0])["result"]["serverInfo"]["name"] == "govmem"


def test_stdin_closed_exits_0_silently(example_repo: Path) -> None:
    p = run("--cwd", str(example_repo))
    assert (p.returncode, p.stdout, p.stderr) == (0, b"", b"")
    q = run("--cwd", str(example_repo), stdin=frame(INIT))
    assert q.returncode == 0
    assert q.stderr == b""
    assert all(json.loads(line)["jsonrpc"] == "2.0" for line in q.stdout.splitlines())


def _spawn(root: Path, **kw: Any) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [command(), "--cwd", str(root)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        **kw,
    )


def test_sigterm_exits_0_silently(example_repo: Path) -> None:
    with _spawn(example_repo) as p:
        _sigterm(p)


def _sigterm(p: subprocess.Popen[bytes]) -> None:
    assert p.stdin is not None
    assert p.stdout is not None
    p.stdin.write(frame(INIT))
    p.stdin.flush()
    assert json.loads(p.stdout.readline())["id"] == 1
    p.send_signal(signal.SIGTERM)
    assert p.wait(timeout=30) == 0
    assert p.communicate(timeout=30)[1] == b""


def test_broken_stdout_exits_1_with_one_line(example_repo: Path) -> None:
    with _spawn(example_repo) as p:
        _broken(p)


def _broken(p: subprocess.Popen[bytes]) -> None:
    assert p.stdin is not None
    assert p.stdout is not None
    p.stdout.close()
    p.stdin.write(frame(INIT))
    p.stdin.flush()
    assert p.wait(timeout=30) == 1
    assert p.stderr is not None
    err = p.stderr.read().decode()
    assert err.count("\n") == 1
    assert err.startswith("govmem-mcp: transport failed:")


def test_govmem_serve_is_the_same_server(example_repo: Path, tmp_path: Path) -> None:
    govmem_cli = SCRIPT.with_name("govmem")
    p = subprocess.run(
        [str(govmem_cli), "--root", str(example_repo), "serve"],
        input=frame(INIT),
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert p.returncode == 0
    assert p.stderr == b""
    assert json.loads(p.stdout.splitlines()[0])["result"]["serverInfo"]["name"] == "govmem"
    bad = subprocess.run(
        [str(govmem_cli), "--root", str(tmp_path / "missing"), "serve"],
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert (bad.returncode, bad.stdout) == (1, b"")


def test_startup_and_call_latency(example_repo: Path) -> None:
    """Measured, not asserted tightly: start-up to the first answer, then sequential calls."""
    with _spawn(example_repo) as p:
        _measure(p)


def _measure(p: subprocess.Popen[bytes]) -> None:
    assert p.stdin is not None
    assert p.stdout is not None
    start = time.perf_counter()
    p.stdin.write(frame(INIT))
    p.stdin.flush()
    p.stdout.readline()
    startup = time.perf_counter() - start
    p.stdin.write(frame({"jsonrpc": "2.0", "method": "notifications/initialized"}))
    call = {
        "jsonrpc": "2.0",
        "method": "tools/call",
        "params": {"name": "query", "arguments": {"question": SEED_QUESTION}},
    }
    times = []
    for i in range(30):
        t = time.perf_counter()
        p.stdin.write(frame({**call, "id": 10 + i}))
        p.stdin.flush()
        assert json.loads(p.stdout.readline())["id"] == 10 + i
        times.append(time.perf_counter() - t)
    p.stdin.close()
    assert p.wait(timeout=30) == 0
    times.sort()
    sys.stderr.write(
        f"govmem-mcp start-up {startup * 1000:.0f} ms; query median "
        f"{times[len(times) // 2] * 1000:.1f} ms, max {times[-1] * 1000:.1f} ms\n"
    )
    assert startup < 30
