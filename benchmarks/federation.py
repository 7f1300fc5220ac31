"""Federated logs: 10 logs of 1,000 ADRs against one log of 10,000 (issue #25).

    python -m benchmarks.federation [--per-log 1000] [--logs 10] [--runs 3] [--out FILE]

Generates (`benchmarks.generate`) one corpus of `logs × per-log` ADRs, and
`logs` corpora of `per-log` ADRs each (different seeds) that an otherwise
empty service root names under `logs:`. For each, in fresh subprocesses, it
measures the load (`govmem.load`), the peak resident memory of the process,
one `query` of a declared topic after the load, and the time to first
answer (load + query), twice:

* *cold*: every run with an empty parse cache of its own (`GOVMEM_CACHE_DIR`
  a new folder): every file read and parsed;
* *warm*: every run with the cache one unmeasured load filled, once the
  generated files are older than the racily-clean window (so that the
  snapshots are written, as they are on any folder not edited this second).

Prints a table of medians; writes the figures as JSON.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from govmem.testing import settle

from .generate import generate

_CHILD = r"""
import json, resource, sys, time
import govmem
root, topic = sys.argv[1], sys.argv[2]
t0 = time.perf_counter()
corpus = govmem.load(root)
t1 = time.perf_counter()
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
t2 = time.perf_counter()
answer = corpus.query("What did we decide?", topic, None, "2030-01-01")
t3 = time.perf_counter()
print(json.dumps({"load_s": t1 - t0, "peak_mb": peak / 2**20, "query_ms": (t3 - t2) * 1e3,
                  "first_answer_s": (t1 - t0) + (t3 - t2), "records": corpus.health.record_count,
                  "status": answer.status}))
"""


def _run(root: Path, topic: str, cache: Path) -> dict[str, Any]:
    env = {**os.environ, "GOVMEM_CACHE_DIR": str(cache)}
    out = subprocess.run(
        [sys.executable, "-c", _CHILD, str(root), topic],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    )
    got: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return got


def _measure(root: Path, topic: str, runs: int, *, warm: bool) -> dict[str, Any]:
    got: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as shared:
        if warm:
            _run(root, topic, Path(shared))  # fills the cache: not measured
        for _ in range(runs):
            if warm:
                got.append(_run(root, topic, Path(shared)))
            else:
                with tempfile.TemporaryDirectory() as own:
                    got.append(_run(root, topic, Path(own)))
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
        results: dict[str, dict[str, Any]] = {}
        for warm in (False, True):
            if warm:
                settle(base)
            cache = "warm" if warm else "cold"
            results[f"single_{cache}"] = _measure(base / "single", topic, a.runs, warm=warm)
            results[f"federated_{cache}"] = _measure(service, first.topics[0], a.runs, warm=warm)
    print(
        "| cache | corpus | ADRs per log | records | load s | peak RSS MB | query ms "
        "| first answer s |"
    )
    print("|---|---|---|---|---|---|---|---|")
    ratios: dict[str, float] = {}
    for cache in ("cold", "warm"):
        single, fed = results[f"single_{cache}"], results[f"federated_{cache}"]
        rows = [("one log", a.per_log * a.logs, single), (f"{a.logs} logs", a.per_log, fed)]
        for label, per, r in rows:
            print(
                f"| {cache} | {label} | {per:,} | {r['records']:,} | {r['load_s']:.2f} "
                f"| {r['peak_mb']:.0f} | {r['query_ms']:.1f} | {r['first_answer_s']:.2f} |"
            )
        ratios[cache] = fed["first_answer_s"] / single["first_answer_s"]
    for cache, ratio in ratios.items():
        print(f"first answer ({cache} cache), {a.logs} logs / one log: {ratio:.2f}")
    a.out.parent.mkdir(parents=True, exist_ok=True)
    a.out.write_text(
        json.dumps({**results, "ratio_first_answer": ratios}, indent=2) + "\n",
        encoding="utf-8",
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
