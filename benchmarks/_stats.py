"""Timing helpers shared by the benchmark parts: samples in ns, medians and nearest-rank p99."""

from __future__ import annotations

import compileall
import importlib.util
import statistics
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import govmem


def summary(samples_ns: Sequence[int]) -> dict[str, Any]:
    """{n, p50_us, p99_us, min_us}: median and nearest-rank p99 (`sorted[round(.99 (n-1))]`)."""
    if not samples_ns:
        return {"n": 0, "p50_us": None, "p99_us": None, "min_us": None}
    s = sorted(samples_ns)
    return {
        "n": len(s),
        "p50_us": statistics.median(s) / 1000,
        "p99_us": s[round(0.99 * (len(s) - 1))] / 1000,
        "min_us": s[0] / 1000,
    }


def repeat(fn: Callable[[int], object], n: int) -> list[int]:
    """Call `fn(i)` n times; each call's wall time in ns (garbage collection included)."""
    out: list[int] = []
    for i in range(n):
        t = time.perf_counter_ns()
        fn(i)
        out.append(time.perf_counter_ns() - t)
    return out


def once(fn: Callable[[], object]) -> int:
    """One call's wall time in ns."""
    t = time.perf_counter_ns()
    fn()
    return time.perf_counter_ns() - t


def load_average() -> float | None:
    """The 1-minute load average (Linux), to publish with the figures."""
    try:
        with open("/proc/loadavg") as fh:
            return float(fh.read().split()[0])
    except (OSError, ValueError, IndexError):
        return None


def byte_compiled(compile: bool = False) -> tuple[int, int]:
    """(modules with a current `.pyc`, modules) in govmem's own package, after compiling them
    first when `compile` is set (what installing a wheel does). An editable install under
    `PYTHONDONTWRITEBYTECODE=1` never writes them, and every start then compiles govmem's
    modules from source: part of any one-shot figure, to publish with it."""
    package = Path(govmem.__file__).parent
    if compile:
        compileall.compile_dir(package, quiet=1)
    sources = sorted(package.rglob("*.py"))
    current = 0
    for source in sources:
        cached = Path(importlib.util.cache_from_source(str(source)))
        if cached.exists() and cached.stat().st_mtime >= source.stat().st_mtime:
            current += 1
    return current, len(sources)
