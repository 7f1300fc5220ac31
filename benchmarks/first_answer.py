"""Time to first answer, cold and warm parse cache (issue 24): one-shot `govmem query` and `govmem-mcp`.

For each size (`--sizes`, default 1000 10000), a corpus is generated once
under `--work` (`generate.py`, then committed to git so that git dates are
read as users' repositories have them) and reused. Then, each timed from
spawn to the answer, best of `--reps` and median:

* `query_cold` / `query_warm`: `govmem query Q --topic T --json` as a
  subprocess, with an empty parse cache (`GOVMEM_CACHE_DIR` a fresh folder)
  and with the cache the cold run filled;
* `query_inferred_warm`: `govmem query Q --json` (the topic inferred) with
  the warm cache, after one such query built the topic index and kept it
  in the snapshot;
* `mcp_cold` / `mcp_warm`: `govmem-mcp --cwd ROOT` spawned, `initialize`,
  first `query` answered (`_mcp.startup`), cold and warm;
* `cold_load_files_per_s`: files / (in-process `govmem.load` time with an
  empty cache), on every core;
* `cache_bytes`: the database's size on disk after a load.

Every one-shot figure includes importing govmem, which costs about twice as
much when its modules have no current `.pyc` (an editable install under
`PYTHONDONTWRITEBYTECODE=1`); the JSON says how many had one
(`byte_compiled_modules`), and `--compile` compiles them first, as installing
a wheel does.

Prints a table and writes JSON (`--out`, default
`benchmarks/results/first_answer.json`). Run:
`python -m benchmarks.first_answer --sizes 1000 10000`.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any

from ._stats import byte_compiled, load_average
from .generate import Manifest, generate

TARGETS = {
    "query_warm_s": 0.5,
    "query_cold_s": 3.0,
    "mcp_warm_s": 1.0,
    "mcp_cold_s": 3.0,
    "cold_load_files_per_s": 5000.0,
}
"""Issue 24's targets at 10k records on a 2-core machine (100k: MCP warm ≤ 5 s)."""


def corpus(work: Path, n: int) -> Manifest:
    """The generated corpus of `n` ADRs under `work`, made (and committed) once."""
    root = work / f"corpus-{n}"
    saved = work / f"corpus-{n}.json"
    if saved.exists() and root.is_dir():
        return Manifest(**json.loads(saved.read_text()))
    if root.exists():
        shutil.rmtree(root)
    m = generate(root, n)
    git = ["git", "-C", str(root), "-c", "user.name=bench", "-c", "user.email=bench@example.com"]
    subprocess.run([*git, "add", "-A"], check=True, capture_output=True)
    subprocess.run([*git, "commit", "-qm", "corpus"], check=True, capture_output=True)
    saved.write_text(json.dumps(asdict(m)))
    return m


def _govmem() -> str:
    script = Path(sys.executable).with_name("govmem")
    return str(script) if script.exists() else shutil.which("govmem") or "govmem"


def one_shot(root: str, question: Sequence[str], cache: Path, *, topic: bool = True) -> float:
    """Seconds from spawn to exit of `govmem query` with the cache at `cache` (the topic
    given, or inferred from the question's words)."""
    env = {**os.environ, "GOVMEM_CACHE_DIR": str(cache)}
    argv = [_govmem(), "--root", root, "query", question[0], "--json"]
    if topic:
        argv += ["--topic", question[1]]
    t = time.perf_counter()
    subprocess.run(argv, env=env, check=True, capture_output=True)
    return time.perf_counter() - t


def mcp_first(root: str, question: Sequence[str], cache: Path) -> float:
    """Seconds from spawn to the first `query` answered by `govmem-mcp --cwd ROOT`."""
    from ._mcp import govmem_params, startup

    os.environ["GOVMEM_CACHE_DIR"] = str(cache)
    got = asyncio.run(startup(govmem_params(Path(root), "inotify"), question, 1))
    return float(got["first_query"]["min_us"]) / 1e6


def cold_load(root: str, cache: Path) -> tuple[float, int]:
    """(seconds, files) of an in-process `govmem.load` with an empty cache, in a fresh process."""
    code = (
        "import json, sys, time\n"
        "from govmem.shell.load import Loader\n"
        "t = time.perf_counter(); l = Loader(sys.argv[1]); c = l.load()\n"
        "d = time.perf_counter() - t\n"
        "k = l.cache_counts\n"
        "print(json.dumps([d, k.cached_files + k.parsed_files]))\n"
    )
    env = {**os.environ, "GOVMEM_CACHE_DIR": str(cache)}
    out = subprocess.run(
        [sys.executable, "-c", code, root], env=env, check=True, capture_output=True, text=True
    )
    seconds, files = json.loads(out.stdout)
    return float(seconds), int(files)


def _size(cache: Path) -> int:
    return sum(p.stat().st_size for p in cache.glob("parse-*"))


def measure(m: Manifest, reps: int, mcp: bool) -> dict[str, Any]:
    """Every figure for one corpus (see the module docstring)."""
    q = m.questions[0]
    row: dict[str, Any] = {"n": m.n, "files": m.files}
    cold_q: list[float] = []
    warm_q: list[float] = []
    inferred: list[float] = []
    cold_m: list[float] = []
    warm_m: list[float] = []
    loads: list[float] = []
    for _ in range(reps):
        with tempfile.TemporaryDirectory() as d:
            cache = Path(d)
            cold_q.append(one_shot(m.root, q, cache))
            warm_q.append(one_shot(m.root, q, cache))
            row["cache_bytes"] = _size(cache)
            one_shot(m.root, q, cache, topic=False)  # builds the topic index, keeps it
            inferred.append(one_shot(m.root, q, cache, topic=False))
        if mcp:
            with tempfile.TemporaryDirectory() as d:
                cache = Path(d)
                cold_m.append(mcp_first(m.root, q, cache))
                warm_m.append(mcp_first(m.root, q, cache))
        with tempfile.TemporaryDirectory() as d:
            seconds, _files = cold_load(m.root, Path(d))
            loads.append(seconds)
    row.update(
        query_cold_s=min(cold_q),
        query_warm_s=min(warm_q),
        query_inferred_warm_s=min(inferred),
        cold_load_s=min(loads),
        cold_load_files_per_s=m.files / min(loads),
    )
    if mcp:
        row.update(mcp_cold_s=min(cold_m), mcp_warm_s=min(warm_m))
    return row


def table(rows: Sequence[dict[str, Any]]) -> str:
    """The figures as a Markdown table, with the 10k targets."""
    cols = [
        ("query_warm_s", "query warm (s)", "{:.2f}"),
        ("query_inferred_warm_s", "inferred warm (s)", "{:.2f}"),
        ("query_cold_s", "query cold (s)", "{:.2f}"),
        ("mcp_warm_s", "MCP warm (s)", "{:.2f}"),
        ("mcp_cold_s", "MCP cold (s)", "{:.2f}"),
        ("cold_load_files_per_s", "cold load files/s", "{:,.0f}"),
        ("cache_bytes", "cache MB", "{:.1f}"),
    ]
    head = "| ADRs | files | " + " | ".join(c[1] for c in cols) + " |"
    sep = "|" + "---|" * (len(cols) + 2)
    lines = [head, sep]
    for r in rows:
        cells = []
        for key, _, fmt in cols:
            v = r.get(key)
            if v is None:
                cells.append("–")
            elif key == "cache_bytes":
                cells.append(fmt.format(v / 1e6))
            else:
                cells.append(fmt.format(v))
        lines.append(f"| {r['n']:,} | {r['files']:,} | " + " | ".join(cells) + " |")
    target = [
        "≤ 0.5",
        "–",
        "≤ 3",
        "≤ 1.0",
        "≤ 3",
        "≥ 5,000",
        "–",
    ]
    lines.append("| target (10k) | | " + " | ".join(target) + " |")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks.first_answer", description=__doc__)
    p.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000])
    p.add_argument("--work", type=Path, default=Path(tempfile.gettempdir()) / "govmem-bench")
    p.add_argument("--reps", type=int, default=3)
    p.add_argument("--no-mcp", action="store_true", help="skip the govmem-mcp figures")
    p.add_argument("--out", type=Path, default=Path("benchmarks/results/first_answer.json"))
    p.add_argument(
        "--compile",
        action="store_true",
        help="byte-compile govmem's modules first, as installing a wheel does",
    )
    args = p.parse_args(argv)
    args.work.mkdir(parents=True, exist_ok=True)
    compiled, modules = byte_compiled(args.compile)
    print(f"govmem's modules byte-compiled: {compiled} of {modules}", file=sys.stderr)
    rows = []
    start = load_average()
    for n in args.sizes:
        m = corpus(args.work, n)
        rows.append(measure(m, args.reps, not args.no_mcp))
        print(table(rows[-1:]).splitlines()[-2], file=sys.stderr)
    print(table(rows))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    data = {
        "rows": rows,
        "targets": TARGETS,
        "load_average_start": start,
        "nproc": os.cpu_count(),
        "byte_compiled_modules": [compiled, modules],
    }
    args.out.write_text(json.dumps(data, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
