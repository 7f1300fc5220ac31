"""Fuzzed MCP traffic: generated JSON-RPC frames sent to the installed `govmem-mcp` over stdio.

Three long-lived processes (one pinned to the 2025 era by `initialize`, one
to the 2026-07-28 era by `server/discover`, one left for the fuzz to pin)
receive `GOVMEM_FUZZ_FRAMES` frames between them (default 600 under the quick
hypothesis profile, 2,000 under `dev` or `ci`, 20,000 with
`GOVMEM_LONG_TESTS=1` as in CI; the full run is 100,000: see
docs/security.md), in batches drawn by hypothesis from
`frames.frames()`. After each batch the test waits for every well-formed
request's answer (a result or an error, any order) and a ping. Every
stdout line must be a JSON-RPC 2.0 message; the process must stay up, exit
0 when stdin closes, never write a traceback, never attempt a network
connection, and leave the corpus byte-identical.
"""

from __future__ import annotations

import json
import math
import os
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any, Final

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from tests.conftest import LONG, THOROUGH

from .frames import Era, Frame, frames, render
from .support import INIT, MODERN_META, ServerProcess, make_repo, network_attempts, snapshot

pytestmark = pytest.mark.slow  # seconds each: started first (tests/conftest.py)

FRAMES: Final = int(
    os.environ.get("GOVMEM_FUZZ_FRAMES") or (20_000 if LONG else 2_000 if THOROUGH else 600)
)
BATCH: Final = 10
ERAS: Final[dict[str, Era]] = {"legacy": "legacy", "modern": "modern", "unpinned": "any"}
"""Each process: how it is pinned, and the envelope most of its requests carry."""
ANSWER_WAIT: Final = 60.0
MAX_RSS_KIB: Final = 600 * 1024
"""Resident memory the server may reach under fuzzing (generous; measured ~110 MB)."""


def _tools_call_problem(response: dict[str, Any]) -> str | None:
    """A `tools/call` result must be a tool result: content blocks, and structured content on success."""
    result = response.get("result")
    if result is None:
        return None
    content = result.get("content")
    if not isinstance(content, list) or not content:
        return f"a tools/call result without content: {response}"
    if not result.get("isError") and "result" not in (result.get("structuredContent") or {}):
        return f"a successful tools/call without structuredContent.result: {str(response)[:300]}"
    return None


def _outcome(response: dict[str, Any]) -> str:
    """`error <code>`, `tool error`, `tool result` or `result`."""
    if "error" in response:
        return f"error {response['error']['code']}"
    result = response["result"]
    if "isError" in result or "structuredContent" in result:
        return "tool error" if result.get("isError") else "tool result"
    return "result"


class Fuzzer:
    """Sends batches to one server and checks every answer."""

    def __init__(self, server: ServerProcess) -> None:
        self.server = server
        self.serial = 1_000_000
        self.sent = 0
        self.expected = 0
        self.kinds: Counter[str] = Counter()
        self.outcomes: Counter[str] = Counter()

    def exchange(self, batch: list[Frame]) -> None:
        expect: dict[object, str] = {}
        lines = []
        for frame in batch:
            self.serial += 1
            rendered = render(frame, self.serial)
            lines.append(rendered.data)
            self.kinds[rendered.kind] += 1
            if rendered.expect is not None:
                expect[rendered.expect] = rendered.kind
        self.serial += 1
        sentinel = f"ping-{self.serial}"
        self.server.send(*lines, f'{{"jsonrpc":"2.0","id":"{sentinel}","method":"ping"}}'.encode())
        self.sent += len(batch)
        self.expected += len(expect)
        missing = self.server.wait_for([*expect, sentinel], ANSWER_WAIT)
        assert self.server.proc.poll() is None, (
            f"the server died (exit {self.server.proc.returncode}); stderr: "
            f"{self.server.stderr[-3000:]!r}; last batch: {[r[:200] for r in lines]}"
        )
        assert not missing, f"unanswered: {[(m, expect.get(m)) for m in missing]}; batch {lines}"
        assert not self.server.problems, self.server.problems[:5]
        for rid, kind in expect.items():
            answers = self.server.responses[rid]
            assert len(answers) == 1, f"{len(answers)} answers to {rid}"
            self.outcomes[_outcome(answers[0])] += 1
            if kind == "request tools/call":
                problem = _tools_call_problem(answers[0])
                assert problem is None, problem


def _handshake(server: ServerProcess, era: str) -> None:
    if era == "legacy":
        server.request(INIT, "init")
        server.send(b'{"jsonrpc":"2.0","method":"notifications/initialized"}')
    elif era == "modern":
        discover = {"jsonrpc": "2.0", "method": "server/discover", "params": {"_meta": MODERN_META}}
        assert "result" in server.request(discover, "discover")


@pytest.mark.parametrize("era", ERAS)
def test_fuzzed_frames_never_kill_the_server_or_corrupt_stdout(tmp_path: Path, era: str) -> None:
    """Every well-formed request is answered, stdout stays JSON-RPC, the corpus unchanged."""
    root = make_repo(tmp_path / "repo")
    before = snapshot(root)
    log = tmp_path / "network.log"
    server = ServerProcess(root, log)
    fuzzer = Fuzzer(server)
    target = math.ceil(FRAMES / len(ERAS))
    started = time.perf_counter()
    try:
        _handshake(server, era)

        @settings(
            max_examples=max(1, math.ceil(target / BATCH)),
            database=None,
            deadline=None,
            phases=[Phase.generate, Phase.shrink],
            suppress_health_check=list(HealthCheck),
        )
        @given(st.lists(frames(ERAS[era]), min_size=BATCH, max_size=BATCH))
        def run(batch: list[Frame]) -> None:
            fuzzer.exchange(batch)

        while fuzzer.sent < target:
            run()
        rss = server.rss_kib()
        code, stderr = server.close()
    finally:
        server.kill()
    elapsed = time.perf_counter() - started
    sys.stderr.write(
        f"\nfuzz {era}: {fuzzer.sent} frames ({fuzzer.expected} well-formed requests, "
        f"{server.lines} stdout lines) in {elapsed:.1f} s; server RSS {rss // 1024} MiB; "
        f"answers {dict(fuzzer.outcomes.most_common())}; frames {dict(fuzzer.kinds.most_common())}\n"
    )
    assert code == 0, stderr
    assert b"Traceback" not in stderr, stderr.decode(errors="replace")
    assert rss < MAX_RSS_KIB
    assert network_attempts(log) == []
    assert snapshot(root) == before


@pytest.mark.parametrize("era", ERAS)
def test_a_lone_surrogate_in_a_request_is_answered_and_the_server_lives(
    tmp_path: Path, era: str
) -> None:
    """`"\\ud800"` is valid JSON but no Unicode text: an answer quoting it could not be written
    as UTF-8, and the transport failed (the fuzzer's `transport failed: … surrogates not
    allowed`). It reads as U+FFFD; the call is answered, and the next one too."""
    server = ServerProcess(make_repo(tmp_path / "repo"), tmp_path / "network.log")
    try:
        _handshake(server, era)
        params: dict[str, Any] = {"name": "query", "arguments": {"question": "\ud800 db?"}}
        if era == "modern":
            params["_meta"] = MODERN_META
        answer = server.request({"jsonrpc": "2.0", "method": "tools/call", "params": params}, "x")
        assert _tools_call_problem(answer) is None, answer
        assert "\ud800" not in json.dumps(answer, ensure_ascii=False)
        ping = server.request({"jsonrpc": "2.0", "method": "ping", "params": {}}, "after")
        assert "result" in ping or "error" in ping
        code, stderr = server.close()
    finally:
        server.kill()
    assert code == 0, stderr
    assert b"transport failed" not in stderr, stderr.decode(errors="replace")
