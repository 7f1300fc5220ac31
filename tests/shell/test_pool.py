"""Tests for `govmem.shell.pool`: a cold load parsed on every core builds the same corpus."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from govmem.parse.file import ParseContext
from govmem.shell import pool
from tests.conftest import CORPORA, EXAMPLE, REPO

_DUMP = textwrap.dedent(
    """
    import json, sys
    import govmem
    from govmem import unstructure
    from govmem.shell import pool

    pool.PARALLEL_FROM = 2
    if len(sys.argv) > 2:  # as govmem-mcp does: workers first, then threads, then the load
        import threading
        govmem.start_workers()
        stop = threading.Event()
        threading.Thread(target=stop.wait, daemon=True).start()
    corpus = govmem.load(sys.argv[1])
    print(json.dumps({
        "pooled": pool._pool is not None,
        "records": [unstructure(r) for r in corpus.records],
        "prose": [r.prose for r in corpus.records],
        "sources": [unstructure(s) for s in corpus.sources],
        "findings": [unstructure(f) for f in corpus.findings],
        "fingerprint": corpus.health.fingerprint,
    }, sort_keys=True))
    """
)


def _load_in_child(root: Path, workers: int, *, threaded: bool = False) -> dict[str, object]:
    """`govmem.load(root)` in a fresh process with `GOVMEM_WORKERS=workers`, as JSON."""
    env = {
        "GOVMEM_WORKERS": str(workers),
        "GOVMEM_CACHE": "off",  # parse every file, in the pool under test
        "PATH": "/usr/bin:/bin",
        "PYTHONPATH": str(REPO / "src"),
    }
    done = subprocess.run(
        [sys.executable, "-c", _DUMP, str(root), *(["threaded"] if threaded else [])],
        capture_output=True,
        text=True,
        env=env,
        check=True,
        timeout=300,
    )
    data: dict[str, object] = json.loads(done.stdout)
    return data


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="workers are forked on Linux only")
@pytest.mark.parametrize("root", [EXAMPLE, CORPORA / "jabref", CORPORA / "scs-standards"])
def test_a_load_on_two_workers_builds_the_serial_corpus(root: Path) -> None:
    """Records (with their prose spans), sources, findings and fingerprint: the same."""
    serial = _load_in_child(root, 1)
    pooled = _load_in_child(root, 2)
    assert serial.pop("pooled") is False
    assert pooled.pop("pooled") is True
    assert pooled == serial


_ENCODED = textwrap.dedent(
    """
    import sys
    from govmem.parse.file import ParseContext
    from govmem.shell import pool, snapshot

    pool.PARALLEL_FROM = 2
    text = "# {n}. A\\n\\nDate: 2024-01-0{n}\\n\\n## Status\\n\\nAccepted\\n\\n## Decision\\n\\nUse {n}.\\n"
    jobs = [(f"docs/adr/000{n}-a.md", text.format(n=n), None) for n in range(1, 8)]
    done = pool.parse_many(jobs, ParseContext(), codec=(snapshot.encode_entry, snapshot.decode_entry))
    same = all(
        blob == snapshot.encode_entry(p, t) and snapshot.decode_entry(blob, t) == p
        for (p, blob), (_, t, _) in zip(done, jobs)
    )
    bare = pool.parse_many(jobs, ParseContext())
    spans = [[r.prose for r in p.records] for p, _ in bare] == [
        [r.prose for r in p.records] for p, _ in done
    ]
    print(pool._pool is not None, len(done), same and spans,
          [p for p, _ in bare] == [p for p, _ in done], {blob for _, blob in bare})
    """
)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="workers are forked on Linux only")
def test_workers_encode_what_they_parse_as_the_cache_stores_it() -> None:
    """`encode` runs in the worker: each blob is the parent's own encoding of the same parse,
    and the parse the parent decodes from it is the worker's, prose spans too; without a
    codec, the same parses and no blobs."""
    done = subprocess.run(
        [sys.executable, "-c", _ENCODED],
        capture_output=True,
        text=True,
        env={"GOVMEM_WORKERS": "2", "PATH": "/usr/bin:/bin", "PYTHONPATH": str(REPO / "src")},
        check=True,
        timeout=120,
    )
    assert done.stdout.split() == ["True", "7", "True", "True", "{None}"]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="workers are forked on Linux only")
def test_workers_started_before_threads_serve_a_threaded_load() -> None:
    """`start_workers` then a thread (the MCP server's order): the load uses the pool, same corpus."""
    serial = _load_in_child(CORPORA / "jabref", 1)
    pooled = _load_in_child(CORPORA / "jabref", 2, threaded=True)
    assert serial.pop("pooled") is False
    assert pooled.pop("pooled") is True
    assert pooled == serial


def test_a_process_running_other_threads_parses_serially(monkeypatch: pytest.MonkeyPatch) -> None:
    """A second thread alive: no fork (its locks would stay held in the child)."""
    monkeypatch.setattr(pool, "PARALLEL_FROM", 1)
    monkeypatch.setattr(pool, "_pool", None)
    monkeypatch.setenv("GOVMEM_WORKERS", "2")
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        done = pool.parse_many(
            [("docs/adr/0001-a.md", "# 1. A\n\nDate: 2024-01-02\n", None)] * 3, ParseContext()
        )
    finally:
        stop.set()
        other.join()
    assert pool._pool is None
    assert [p.records[0].title for p, _ in done] == ["1. A"] * 3


def test_workers_come_from_the_environment_or_the_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GOVMEM_WORKERS", "3")
    assert pool.workers() == 3
    monkeypatch.setenv("GOVMEM_WORKERS", "none")
    assert pool.workers() >= 1


def _pids_with(marker: str) -> list[int]:
    """The processes whose command line holds `marker`."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                cmdline = (entry / "cmdline").read_bytes()
            except OSError:
                continue
            if marker.encode() in cmdline:
                found.append(int(entry.name))
    return found


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the pool forks on Linux only")
def test_a_killed_server_leaves_no_workers_and_its_stdout_ends(tmp_path: Path) -> None:
    """`govmem-mcp` forks its parse workers at start (`start_workers`); killed with SIGKILL,
    it takes them with it, and no worker holds its stdout open (a client reading it sees the
    end, instead of waiting forever)."""
    root = tmp_path / "workers-marker-repo"
    shutil.copytree(EXAMPLE, root)
    env = {**os.environ, "GOVMEM_WORKERS": "2"}
    server = subprocess.Popen(
        [sys.executable, "-m", "govmem_mcp", "--cwd", str(root)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=env,
    )
    assert server.stdin is not None
    assert server.stdout is not None
    init = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "initialize",
        "params": {
            "protocolVersion": "2025-06-18",
            "capabilities": {},
            "clientInfo": {"name": "t", "version": "0"},
        },
    }
    server.stdin.write(json.dumps(init).encode() + b"\n")
    server.stdin.flush()
    assert json.loads(server.stdout.readline())["id"] == 1  # started: workers forked
    # the server and its two workers; a child the loading thread forks for `git` carries the
    # server's command line for the moment before its exec: two looks apart leave it out
    first = set(_pids_with(str(root)))
    time.sleep(0.2)
    assert len(first & set(_pids_with(str(root)))) == 3
    server.kill()
    server.wait(timeout=10)
    ended = threading.Event()

    def drain() -> None:
        assert server.stdout is not None
        server.stdout.read()
        ended.set()

    threading.Thread(target=drain, daemon=True).start()
    assert ended.wait(10), "a worker still holds the killed server's stdout"
    for _ in range(100):
        if not _pids_with(str(root)):
            break
        threading.Event().wait(0.05)
    assert _pids_with(str(root)) == []
    server.stdin.close()
    server.stdout.close()
