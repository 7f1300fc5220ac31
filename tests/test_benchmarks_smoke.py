"""Smoke test of `benchmarks/`: the generator and the runner work (no figure is asserted)."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import asdict
from pathlib import Path

import pytest

import govmem

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.first_answer import main as first_answer  # noqa: E402
from benchmarks.generate import generate  # noqa: E402

pytestmark = pytest.mark.slow  # seconds each: started first (tests/conftest.py)


def test_generator_is_deterministic_and_loads_cleanly(tmp_path: Path) -> None:
    """The same (n, seed) writes byte-identical files, which load with no error finding."""
    a, b = generate(tmp_path / "a", 50), generate(tmp_path / "b", 50)
    assert {k: v for k, v in asdict(a).items() if k != "root"} == {
        k: v for k, v in asdict(b).items() if k != "root"
    }
    files_a = sorted(p.relative_to(tmp_path / "a") for p in (tmp_path / "a").rglob("*.*"))
    files_a = [p for p in files_a if p.parts[0] != ".git"]
    assert all(
        (tmp_path / "a" / p).read_bytes() == (tmp_path / "b" / p).read_bytes() for p in files_a
    )
    corpus = govmem.load(tmp_path / "a")
    assert (tmp_path / "a" / ".git").is_dir()
    assert a.decisions == 50
    assert corpus.health.record_count >= a.decisions + a.claims + a.memories + a.sources
    assert [f for f in corpus.findings if f.severity == "error"] == []
    assert corpus.query(a.questions[0][0], topic=a.questions[0][1]).decision is not None


@pytest.mark.skipif(sys.platform != "linux", reason="the runner reads /proc")
def test_runner_quick_mode_prints_the_table_and_writes_json(tmp_path: Path) -> None:
    """`python -m benchmarks --quick` at 50 ADRs prints the table and writes its JSON."""
    out = tmp_path / "r.json"
    proc = subprocess.run(
        [sys.executable, "-m", "benchmarks", "--quick", "--sizes", "50", "--no-peer", "-q",
         "--out", str(out), "--workdir", str(tmp_path)],
        cwd=ROOT, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert "| query, topic given, asked again (warm) |" in proc.stdout
    doc = json.loads(out.read_text())
    r = doc["results"]["50"]
    assert r["inproc"]["query_topic"]["n"] > 0
    assert r["inproc"]["query_topic_cold"]["n"] > 0
    assert r["inproc"]["load"]["files_per_s"] > 0
    assert r["mcp_inotify"]["query"]["n"] > 0
    assert r["mcp_stat"]["query"]["n"] > 0


def test_first_answer_runner_writes_its_figures(tmp_path: Path) -> None:
    """`benchmarks.first_answer` on a tiny corpus prints a table and writes every figure as JSON."""
    out = tmp_path / "fa.json"
    argv = ["--sizes", "20", "--reps", "1", "--no-mcp", "--work", str(tmp_path), "--out", str(out)]
    assert first_answer(argv) == 0
    data = json.loads(out.read_text())
    compiled, modules = data["byte_compiled_modules"]
    assert modules > 100
    assert 0 <= compiled <= modules
    row = data["rows"][0]
    assert row["n"] == 20
    for figure in ("query_warm_cpu_s", "query_warm_floor_cpu_s", "query_cold_cpu_s"):
        assert row[figure] > 0, figure
    assert row["query_warm_ratio"] == row["query_warm_cpu_s"] / row["query_warm_floor_cpu_s"]
    assert row["read_s"] >= 0
    assert row["stat_s"] >= 0
    assert row["inferred_p50_ms"] > 0
