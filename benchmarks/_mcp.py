"""Figures over real stdio: govmem-mcp (inotify and stat-scan freshness) and the peer.

Every server is a subprocess driven by the official Python SDK client
(`mcp.Client(StdioServerParameters(...))`), one connection, strictly
sequential `tools/call`, each timed from the call to the parsed result
(the SDK client's own request path, no extra framing). Start-up is timed from spawn
to the `initialize` answer (the client's connect), and to the first `query`
answered (which waits for the corpus load the server starts at once).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from mcp import Client, StdioServerParameters

from ._stats import summary

PEER_PACKAGE = "@modelcontextprotocol/server-memory"
PEER_VERSION = "2026.8.31"
PEER_CACHE = Path.home() / ".cache" / "govmem-bench"
AS_OF = "2026-06-01"


def govmem_params(root: Path, watch: str) -> StdioServerParameters:
    """`govmem-mcp --cwd ROOT`; `watch="stat"` runs it through the stat-scan shim."""
    if watch == "stat":
        args = ["-m", "benchmarks._stat_server", "--cwd", str(root)]
        env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
        return StdioServerParameters(command=sys.executable, args=args, env=env)
    script = Path(sys.executable).with_name("govmem-mcp")
    command = str(script) if script.exists() else shutil.which("govmem-mcp") or "govmem-mcp"
    return StdioServerParameters(command=command, args=["--cwd", str(root)], env=dict(os.environ))


def peer_entry(install: bool) -> Path | None:
    """server-memory's `dist/index.js`, installed into the cache folder when missing."""
    entry = PEER_CACHE / "node_modules" / PEER_PACKAGE / "dist" / "index.js"
    if entry.exists():
        return entry
    if not install or shutil.which("npm") is None or shutil.which("node") is None:
        return None
    PEER_CACHE.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        [
            "npm",
            "install",
            "--prefix",
            str(PEER_CACHE),
            "--no-audit",
            "--no-fund",
            f"{PEER_PACKAGE}@{PEER_VERSION}",
        ],
        check=True,
        capture_output=True,
    )
    return entry if entry.exists() else None


def peer_params(entry: Path, jsonl: Path) -> StdioServerParameters:
    env = {**os.environ, "MEMORY_FILE_PATH": str(jsonl)}
    node = shutil.which("node") or "node"
    return StdioServerParameters(command=node, args=[str(entry)], env=env)


def _children() -> list[int]:
    """Pids of this process's children (Linux)."""
    out: list[int] = []
    for task in Path(f"/proc/{os.getpid()}/task").glob("*/children"):
        try:
            out += [int(x) for x in task.read_text().split()]
        except OSError:
            continue
    return out


def _peak_rss_mb(pids: Sequence[int]) -> float | None:
    """The largest VmHWM (peak resident set) among `pids`, in MB."""
    best = None
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmHWM:"):
                    mb = int(line.split()[1]) / 1024
                    best = mb if best is None else max(best, mb)
        except OSError:
            continue
    return best


async def _timed_calls(c: Client, tool: str, args: Sequence[dict[str, Any]], n: int) -> list[int]:
    out: list[int] = []
    for i in range(n):
        t = time.perf_counter_ns()
        result = await c.call_tool(tool, args[i % len(args)])
        out.append(time.perf_counter_ns() - t)
        if result.is_error:
            msg = f"{tool} failed: {result.content}"
            raise RuntimeError(msg)
    return out


async def startup(
    params: StdioServerParameters, question: Sequence[str], reps: int
) -> dict[str, Any]:
    """Spawn -> initialize answered, and spawn -> first query answered (corpus loaded)."""
    init: list[int] = []
    first: list[int] = []
    for _ in range(reps):
        t = time.perf_counter_ns()
        async with Client(params) as c:
            init.append(time.perf_counter_ns() - t)
            await c.call_tool(
                "query", {"question": question[0], "topic": question[1], "as_of": AS_OF}
            )
            first.append(time.perf_counter_ns() - t)
    return {"initialize": summary(init), "first_query": summary(first)}


async def govmem_calls(
    params: StdioServerParameters,
    questions: Sequence[Sequence[str]],
    terms: Sequence[str],
    it: dict[str, int],
    calls: int,
) -> dict[str, Any]:
    """`tools/call query` (topic given) and `search_decisions` on one connection; server RSS."""
    res: dict[str, Any] = {}
    before = set(_children())
    async with Client(params) as c:
        pids = [p for p in _children() if p not in before]
        names = {t.name for t in (await c.list_tools()).tools}
        qargs = [{"question": q, "topic": t, "as_of": AS_OF} for q, t in questions]
        await _timed_calls(c, "query", qargs, min(len(qargs), 50))  # warm-up: load, indexes
        res["query"] = summary(await _timed_calls(c, "query", qargs, calls))
        if "search_decisions" in names:
            sargs = [{"query": t} for t in terms]
            await _timed_calls(c, "search_decisions", sargs, len(sargs))
            res["search_decisions"] = summary(
                await _timed_calls(c, "search_decisions", sargs, it["mcp_search"])
            )
        res["server_peak_rss_mb"] = _peak_rss_mb(
            pids + [q for p in pids for q in _grandchildren(p)]
        )
    return res


def _grandchildren(pid: int) -> list[int]:
    out: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*/children"):
        try:
            out += [int(x) for x in task.read_text().split()]
        except OSError:
            continue
    return out


async def peer_calls(params: StdioServerParameters, terms: Sequence[str], n: int) -> dict[str, Any]:
    """server-memory `search_nodes` over the same items; its RSS."""
    before = set(_children())
    async with Client(params) as c:
        pids = [p for p in _children() if p not in before]
        sargs = [{"query": t} for t in terms]
        await _timed_calls(c, "search_nodes", sargs, len(sargs))
        calls = summary(await _timed_calls(c, "search_nodes", sargs, n))
        return {"search_nodes": calls, "server_peak_rss_mb": _peak_rss_mb(pids)}


class RawClient:
    """A blocking JSON-RPC-over-stdio client with no SDK: what the server itself costs.

    It sends `initialize` (2025-11-25) and `notifications/initialized`, then
    one request at a time, reading lines until the answer with its id.
    Nothing is validated on this side (the SDK client checks every
    structured result against the tool's output schema).
    """

    def __init__(self, params: StdioServerParameters) -> None:
        self.proc = subprocess.Popen(
            [params.command, *params.args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env=params.env,
        )
        self._id = 0
        self.request(
            "initialize",
            {
                "protocolVersion": "2025-11-25",
                "capabilities": {},
                "clientInfo": {"name": "govmem-bench", "version": "1"},
            },
        )
        self._send({"jsonrpc": "2.0", "method": "notifications/initialized"})

    def _send(self, message: dict[str, Any]) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps(message).encode() + b"\n")
        self.proc.stdin.flush()

    def request(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        self._id += 1
        self._send({"jsonrpc": "2.0", "id": self._id, "method": method, "params": params})
        assert self.proc.stdout is not None
        while True:
            line = self.proc.stdout.readline()
            if not line:
                msg = f"server closed stdout during {method}"
                raise RuntimeError(msg)
            answer: dict[str, Any] = json.loads(line)
            if answer.get("id") == self._id:
                if "error" in answer or answer.get("result", {}).get("isError"):
                    msg = f"{method} failed: {line[:300]!r}"
                    raise RuntimeError(msg)
                return answer

    def timed(self, tool: str, args: Sequence[dict[str, Any]], n: int) -> list[int]:
        out: list[int] = []
        for i in range(n):
            t = time.perf_counter_ns()
            self.request("tools/call", {"name": tool, "arguments": args[i % len(args)]})
            out.append(time.perf_counter_ns() - t)
        return out

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def raw_calls(
    params: StdioServerParameters,
    runs: Sequence[tuple[str, Sequence[dict[str, Any]], int, int]],
) -> list[dict[str, Any]]:
    """`tools/call` latency with the raw client (server + pipes, no client-side validation):
    for each run (tool, arguments, calls, warm-up calls), in turn on one connection."""
    client = RawClient(params)
    try:
        out = []
        for tool, args, n, warmup in runs:
            client.timed(tool, args, warmup)
            out.append(summary(client.timed(tool, args, n)))
        return out
    finally:
        client.close()
