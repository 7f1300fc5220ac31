"""Federated logs: 10 logs of 1,000 ADRs against one log of 10,000 (issue #25).

    python -m benchmarks.federation [--per-log 1000] [--logs 10] [--runs 3] [--out FILE]

Generates (`benchmarks.generate`) one corpus of `logs × per-log` ADRs, and
`logs` corpora of `per-log` ADRs each (different seeds) that an otherwise
empty service root names under `logs:`. For each it measures, in fresh
subprocesses (no parse cache carried over), the cold load (`govmem.load`),
the peak Python memory of that load (tracemalloc), one `query` of a
declared topic after the load, and the time to first answer (load + query).
Prints a table of medians; writes the figures as JSON.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .generate import generate

_CHILD = r"""
import json, sys, time, tracemalloc
import govmem
root, topic = sys.argv[1], sys.argv[2]
tracemalloc.start()
t0 = time.perf_counter()
corpus = govmem.load(root)
t1 = time.perf_counter()
peak = tracemalloc.get_traced_memory()[1]
tracemalloc.stop()
t2 = time.perf_counter()
answer = corpus.query("What did we decide?", topic, None, "2030-01-01")
t3 = time.perf_counter()
print(json.dumps({"load_s": t1 - t0, "peak_mb": peak / 2**20, "query_ms": (t3 - t2) * 1e3,
                  "first_answer_s": (t1 - t0) + (t3 - t2), "records": corpus.health.record_count,
                  "status": answer.status}))
"""


def _measure(root: Path, topic: str, runs: int) -> dict[str, Any]:
    got: list[dict[str, Any]] = []
    for _ in range(runs):
        out = subprocess.run(
            [sys.executable, "-c", _CHILD, str(root), topic],
            capture_output=True,
            text=True,
            check=True,
        )
        got.append(json.loads(out.stdout.strip().splitlines()[-1]))
    keys = ("load_s", "peak_mb", "query_ms", "first_answer_s")
    return {
        **{k: statistics.median(g[k] for g in got) for k in keys},
        "records": got[0]["records"],
        "status": got[0]["status"],
    }


def main(argv: Sequence[str] | None = None) -> int:
    """Generate, measure, print the table, write the JSON."""
    p = argparse.ArgumentParser(prog="python -m benchmarks.federation", description=__doc__)
    p.add_argument("--per-log", type=int, default=1000)
    p.add_argument("--logs", type=int, default=10)
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--out", type=Path, default=Path("benchmarks/results/federation.json"))
    a = p.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        one = generate(base / "single", a.per_log * a.logs)
        names = [f"log{i}" for i in range(a.logs)]
        first = None
        for i, name in enumerate(names):
            m = generate(base / name, a.per_log, seed=1000 + i)
            first = first or m
        service = base / "service"
        service.mkdir()
        (service / "govmem.yaml").write_text(
            "paths: [docs/adr]\nlogs:\n" + "".join(f"  {n}: {{path: ../{n}}}\n" for n in names),
            encoding="utf-8",
        )
        (service / "docs/adr").mkdir(parents=True)
        assert first is not None
        topic = one.topics[0]
        single = _measure(base / "single", topic, a.runs)
        fed = _measure(service, first.topics[0], a.runs)
    rows = [("one log", a.per_log * a.logs, single), (f"{a.logs} logs", a.per_log, fed)]
    print("| corpus | ADRs per log | records | load s | peak MB | query ms | first answer s |")
    print("|---|---|---|---|---|---|---|")
    for label, per, r in rows:
        print(
            f"| {label} | {per:,} | {r['records']:,} | {r['load_s']:.2f} | {r['peak_mb']:.0f} "
            f"| {r['query_ms']:.1f} | {r['first_answer_s']:.2f} |"
        )
    ratio = fed["first_answer_s"] / single["first_answer_s"]
    print(f"\nfirst answer, {a.logs} logs / one log: {ratio:.2f}")
    a.out.parent.mkdir(parents=True, exist_ok=True)
    a.out.write_text(
        json.dumps({"single": single, "federated": fed, "ratio_first_answer": ratio}, indent=2),
        encoding="utf-8",
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
