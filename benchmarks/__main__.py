"""`python -m benchmarks`: govmem's benchmark suite (issue 7); docs/benchmarks.md explains it.

For each size (default 1,000 and 10,000 ADRs; `--large` adds 100,000) it
generates a corpus (`benchmarks/generate.py`, seeded), measures the core in
a child process (`_inproc`: cold load, reloads, `query`, the adrkit tools,
peak RSS), then the MCP server over real stdio (`_mcp`: start-up,
`tools/call query` with the inotify and the stat-scan freshness check,
`search_decisions`) and, in the same run, the reference memory server
`@modelcontextprotocol/server-memory` holding the same items (`search_nodes`).
It prints one table, with each target next to its figure, and writes the
figures as JSON to `benchmarks/results/<timestamp>.json` (or `--out`).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final

import anyio

from . import _mcp
from ._stats import load_average
from .generate import SEED, generate

RESULTS = Path(__file__).resolve().parent / "results"
ADRKIT_CONTEXT = (
    "adrkit 0.8.0 (the public reference implementation of the ADR tools) re-reads the corpus on every call: "
    "~60-100 ms per call at 30-70 records, ~1 s at 1,000 records, ~10 s at 10,000 "
    "(measured on adrkit's own benchmark corpora; quoted, not re-measured)"
)


def iterations(n: int, quick: bool) -> dict[str, int]:
    """How many times each figure is sampled at size `n`."""
    if quick:
        return {
            "load": 1, "reload": 2, "query": 20, "infer": 5, "search": 5, "context": 2,
            "mcp_query": 10, "mcp_query_stat": 10, "mcp_search": 5, "peer": 3, "startup": 0,
        }  # fmt: skip
    big, mid = n >= 50_000, n >= 5_000
    return {
        "load": 1 if big else (2 if mid else 3),
        "reload": 5 if big else 8,
        "query": 2000,
        "infer": 50 if big else 200,
        "search": 30 if big else (100 if mid else 200),
        "context": 20 if big else 50,
        "mcp_query": 300 if big else 500,
        "mcp_query_stat": 30 if big else (60 if mid else 300),
        "mcp_search": 30 if big else (60 if mid else 200),
        "peer": 5 if big else (10 if mid else 50),
        "startup": 3,
    }


@dataclass(frozen=True)
class Target:
    """A figure's target: `op` `limit` at the sizes given (None: every size of 1k and more)."""

    keys: tuple[str, ...]
    limit: float
    op: str = "<="
    sizes: tuple[int, ...] | None = None

    def values(self, results: dict[int, dict[str, Any]]) -> list[float]:
        sizes = self.sizes or tuple(n for n in sorted(results) if n >= 1000)
        found = [_at(results, n, *self.keys) for n in sizes]
        return [v for v in found if v is not None]

    def verdict(self, results: dict[int, dict[str, Any]]) -> str:
        """`yes`, `n/a`, or `**no**` with the gap: how far the worst figure is from the limit."""
        values = self.values(results)
        if not values:
            return "n/a"
        worst = max(values) if self.op == "<=" else min(values)
        met = worst <= self.limit if self.op == "<=" else worst >= self.limit
        if met:
            return "yes"
        gap = worst / self.limit if self.op == "<=" else self.limit / worst
        return f"**no** ({gap:.1f}× off)"


@dataclass(frozen=True)
class Row:
    """One line of the table: where its figure is in the results, and its target."""

    label: str
    get: Callable[[dict[str, Any]], Any]
    fmt: str
    target: str = ""
    check: Target | None = None


def _dig(d: Any, *keys: str) -> Any:
    for k in keys:
        if not isinstance(d, dict) or k not in d:
            return None
        d = d[k]
    return d


def _at(results: dict[int, dict[str, Any]], n: int, *keys: str) -> Any:
    if keys == ("growth",):
        small, big = (
            _dig(results.get(m, {}), "inproc", "query_topic", "p50_us") for m in (1000, 10000)
        )
        return None if small is None or big is None else big / small
    return _dig(results.get(n, {}), *keys)


K10: Final = (10000,)


ROWS: tuple[Row, ...] = (
    Row("files (records)", lambda r: f"{r['files']} ({_dig(r, 'inproc', 'health', 'record_count')})", "s"),
    Row("cold govmem.load: files/s", lambda r: _dig(r, "inproc", "load", "files_per_s"), "rate",
        "≥ 5,000 files/s at 10k", Target(("inproc", "load", "files_per_s"), 5000, ">=", K10)),
    Row("  memory of the loaded corpus (MB)", lambda r: _dig(r, "inproc", "rss_corpus_mb"), "mb"),
    Row("reload, 1 file changed, Loader.load()", lambda r: _dig(r, "inproc", "reload_loader"), "ms"),
    Row("reload, 1 file changed, server (inotify)", lambda r: _dig(r, "inproc", "reload_live"), "ms",
        "p50 ≤ 50 ms at 10k", Target(("inproc", "reload_live", "p50_us"), 50_000, sizes=K10)),
    Row("first query after a change", lambda r: _dig(r, "inproc", "first_query_after_change"), "ms"),
    Row("query, topic given, first ask of a topic (cold)", lambda r: _dig(r, "inproc", "query_topic_cold"), "us",
        "p50 ≤ 300 µs", Target(("inproc", "query_topic_cold", "p50_us"), 300)),
    Row("query, topic given, asked again (warm)", lambda r: _dig(r, "inproc", "query_topic"), "us",
        "p50 ≤ 50 µs", Target(("inproc", "query_topic", "p50_us"), 50)),
    Row("  growth: p50(10k) / p50(1k)", lambda r: None, "x", "≤ 1.3", Target(("growth",), 1.3, sizes=K10)),
    Row("  json.dumps of the answer (floor)", lambda r: _dig(r, "inproc", "json_dumps_answer_us"), "us1"),
    Row("query, topic given, asked again in other words", lambda r: _dig(r, "inproc", "query_topic_reworded"), "us"),
    Row("query, topic inferred (another instant each time: nothing reused)", lambda r: _dig(r, "inproc", "query_infer"), "us",
        "p50 ≤ 5 ms at 10k", Target(("inproc", "query_infer", "p50_us"), 5000, sizes=K10)),
    Row("  topic index: first inferred query (ms)", lambda r: _dig(r, "inproc", "topic_index_build_ms"), "f1"),
    Row("  topic index: memory (MB)", lambda r: _dig(r, "inproc", "topic_index_mb"), "mb"),
    Row("query, topic inferred, every long word misspelt (near words rank the candidates)",
        lambda r: _dig(r, "inproc", "query_near"), "us"),
    Row("  near words: first such query (ms)", lambda r: _dig(r, "inproc", "near_index_build_ms"), "f1"),
    Row("search_decisions", lambda r: _dig(r, "inproc", "search_decisions"), "us",
        "p50 ≤ 5 ms at 10k", Target(("inproc", "search_decisions", "p50_us"), 5000, sizes=K10)),
    Row("get_decision_context, 256 paths", lambda r: _dig(r, "inproc", "decision_context"), "us",
        "p50 ≤ 50 ms at 10k", Target(("inproc", "decision_context", "p50_us"), 50_000, sizes=K10)),
    Row("list_superseded (first page)", lambda r: _dig(r, "inproc", "list_superseded"), "us"),
    Row("peak RSS, in-process, load + queries (MB)", lambda r: _dig(r, "inproc", "peak_rss_query_mb"), "mb",
        "≤ 250 MB at 10k", Target(("inproc", "peak_rss_query_mb"), 250, sizes=K10)),
    Row("peak RSS, in-process, + reload benchmarks (MB)", lambda r: _dig(r, "inproc", "peak_rss_mb"), "mb"),
    Row("MCP start-up: spawn → initialize", lambda r: _dig(r, "startup", "initialize"), "ms",
        "p50 ≤ 0.8 s", Target(("startup", "initialize", "p50_us"), 800_000)),
    Row("MCP start-up: spawn → first query", lambda r: _dig(r, "startup", "first_query"), "ms"),
    Row("MCP tools/call query, raw client (inotify)", lambda r: _dig(r, "mcp_inotify", "query_raw"), "us",
        "p50 ≤ 1.5 ms", Target(("mcp_inotify", "query_raw", "p50_us"), 1500)),
    Row("MCP tools/call query, raw client (stat scan)", lambda r: _dig(r, "mcp_stat", "query_raw"), "us"),
    Row("MCP tools/call query, SDK client (inotify)", lambda r: _dig(r, "mcp_inotify", "query"), "us"),
    Row("MCP tools/call query, SDK client (stat scan)", lambda r: _dig(r, "mcp_stat", "query"), "us"),
    Row("MCP search_decisions, SDK client", lambda r: _dig(r, "mcp_inotify", "search_decisions"), "us"),
    Row("peer search_nodes, SDK client", lambda r: _dig(r, "peer", "search_nodes"), "us"),
    Row("  peer / govmem, search p50, SDK client", lambda r: r.get("peer_ratio"), "x",
        "≥ 10× at 10k", Target(("peer_ratio",), 10, ">=", K10)),
    Row("MCP search_decisions, raw client", lambda r: _dig(r, "mcp_inotify", "search_raw"), "us"),
    Row("peer search_nodes, raw client", lambda r: _dig(r, "peer", "search_nodes_raw"), "us"),
    Row("  peer / govmem, search p50, raw client", lambda r: r.get("peer_ratio_raw"), "x"),
    Row("peak RSS, govmem-mcp (MB)", lambda r: _dig(r, "mcp_inotify", "server_peak_rss_mb"), "mb"),
    Row("peak RSS, server-memory (MB)", lambda r: _dig(r, "peer", "server_peak_rss_mb"), "mb"),
)  # fmt: skip


def _cell(value: Any, fmt: str) -> str:
    if value is None:
        return "—"
    if fmt == "s":
        return str(value)
    if fmt == "rate":
        return f"{value:,.0f}"
    if fmt == "x":
        return f"{value:.2f}×" if isinstance(value, float) else str(value)
    if fmt == "mb":
        return f"{value:,.0f}"
    if fmt == "us1":
        return f"{value:.1f} µs"
    if fmt == "f1":
        return f"{value:,.1f}"
    p50, p99 = value.get("p50_us"), value.get("p99_us")
    if p50 is None:
        return "—"
    if fmt == "ms":
        return f"{p50 / 1000:,.1f} / {p99 / 1000:,.1f} ms"
    if p50 >= 10_000:
        return f"{p50 / 1000:,.1f} / {p99 / 1000:,.1f} ms"
    return f"{p50:,.1f} / {p99:,.1f} µs"


def table(results: dict[int, dict[str, Any]]) -> str:
    """The Markdown table: one column per size, then the target and whether it is met."""
    sizes = sorted(results)
    head = ["figure (p50 / p99)", *(f"{n:,} ADRs" for n in sizes), "target", "met"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for row in ROWS:
        cells = [_cell(row.get(results[n]), row.fmt) for n in sizes]
        if row.label.startswith("  growth"):
            growth = _at(results, 0, "growth")
            cells = ["—"] * len(sizes)
            if growth is not None:
                cells[-1] = f"{growth:.2f}×"
        mark = "" if row.check is None else row.check.verdict(results)
        lines.append("| " + " | ".join([row.label, *cells, row.target, mark]) + " |")
    return "\n".join(lines)


def _inproc(manifest_path: Path, it: dict[str, int], peer_jsonl: Path | None) -> dict[str, Any]:
    cmd = [sys.executable, "-m", "benchmarks._inproc", str(manifest_path), json.dumps(it)]
    if peer_jsonl is not None:
        cmd += ["--peer-jsonl", str(peer_jsonl)]
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env, check=False)
    if proc.returncode != 0:
        msg = f"in-process benchmark failed:\n{proc.stderr}"
        raise RuntimeError(msg)
    result: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])
    return result


def _say(quiet: bool, text: str) -> None:
    if not quiet:
        sys.stderr.write(text + "\n")
        sys.stderr.flush()


async def _over_stdio(
    root: Path,
    manifest: dict[str, Any],
    it: dict[str, int],
    peer: Path | None,
    peer_jsonl: Path,
    quiet: bool,
) -> dict[str, Any]:
    out: dict[str, Any] = {}
    q0 = manifest["questions"][0]
    if it["startup"]:
        _say(quiet, "  MCP start-up")
        out["startup"] = await _mcp.startup(_mcp.govmem_params(root, "inotify"), q0, it["startup"])
        # let the reload benchmark's last edit age past the stat scan's racy window (2 s)
        time.sleep(2.1)
    qargs = [{"question": q, "topic": t, "as_of": _mcp.AS_OF} for q, t in manifest["questions"]]
    sargs = [{"query": t} for t in manifest["search_terms"]]
    for watch in ("inotify", "stat"):
        _say(quiet, f"  MCP tools/call ({watch})")
        params = _mcp.govmem_params(root, watch)
        calls = it["mcp_query"] if watch == "inotify" else it["mcp_query_stat"]
        out[f"mcp_{watch}"] = await _mcp.govmem_calls(
            params, manifest["questions"], manifest["search_terms"], it, calls
        )
        _say(quiet, f"  MCP tools/call ({watch}, raw client)")
        raw = out[f"mcp_{watch}"]
        runs = [("query", qargs, calls, 50)]
        if watch == "inotify":
            runs.append(("search_decisions", sargs, it["mcp_search"], len(sargs)))
        raw["query_raw"], *search = _mcp.raw_calls(params, runs)
        if search:
            raw["search_raw"] = search[0]
    if peer is not None:
        _say(quiet, "  peer: server-memory search_nodes")
        out["peer"] = await _mcp.peer_calls(
            _mcp.peer_params(peer, peer_jsonl), manifest["search_terms"], it["peer"]
        )
        (out["peer"]["search_nodes_raw"],) = _mcp.raw_calls(
            _mcp.peer_params(peer, peer_jsonl), [("search_nodes", sargs, it["peer"], len(sargs))]
        )
        for key, ours, theirs in (
            ("peer_ratio", ("mcp_inotify", "search_decisions"), ("peer", "search_nodes")),
            ("peer_ratio_raw", ("mcp_inotify", "search_raw"), ("peer", "search_nodes_raw")),
        ):
            a, b = _dig(out, *ours, "p50_us"), _dig(out, *theirs, "p50_us")
            if a and b:
                out[key] = b / a
    return out


def machine() -> dict[str, Any]:
    """The machine the figures come from."""
    cpu = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    node = subprocess.run(["node", "--version"], capture_output=True, text=True, check=False)
    return {
        "nproc": os.cpu_count(),
        "cpu": cpu,
        "python": platform.python_version(),
        "platform": platform.platform(),
        "node": node.stdout.strip() or None,
        "load_average_start": load_average(),
    }


def main(argv: Sequence[str] | None = None) -> int:
    """Run the suite; print the table; write the JSON."""
    p = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__.split("\n\n")[0])
    p.add_argument("--sizes", default="1000,10000", help="ADR counts, comma-separated")
    p.add_argument("--large", action="store_true", help="also 100,000 ADRs")
    p.add_argument("--quick", action="store_true", help="a few samples each (smoke test)")
    p.add_argument("--no-peer", action="store_true", help="skip the reference memory server")
    p.add_argument("--no-mcp", action="store_true", help="skip every stdio figure")
    p.add_argument("--out", type=Path, help="the JSON file (default benchmarks/results/<ts>.json)")
    p.add_argument("--seed", type=int, default=SEED)
    p.add_argument("--workdir", type=Path, help="where to generate corpora (default: a temp dir)")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress lines on stderr")
    args = p.parse_args(argv)
    # Every load here is a cold parse, as in earlier rounds: the parse cache (issue 24) is
    # measured by `benchmarks.first_answer`. Children (govmem-mcp) inherit this.
    os.environ["GOVMEM_CACHE"] = "off"
    sizes = [int(s) for s in args.sizes.split(",") if s.strip()]
    if args.large and 100_000 not in sizes:
        sizes.append(100_000)
    started = time.perf_counter()
    info = machine()
    peer = None if args.no_peer or args.no_mcp else _mcp.peer_entry(install=True)
    if peer is None and not (args.no_peer or args.no_mcp):
        _say(args.quiet, "peer: server-memory is not installed and npm is unavailable; skipped")
    results: dict[int, dict[str, Any]] = {}
    if args.workdir is not None:
        args.workdir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="govmem-bench-", dir=args.workdir) as tmp:
        for n in sizes:
            root = Path(tmp) / f"corpus-{n}"
            _say(args.quiet, f"{n:,} ADRs: generating")
            t = time.perf_counter()
            m = generate(root, n, args.seed)
            manifest_path = Path(tmp) / f"manifest-{n}.json"
            manifest_path.write_text(json.dumps(asdict(m)))
            manifest = asdict(m)
            res: dict[str, Any] = {"n": n, "files": m.files, "bytes": m.bytes}
            res["generate_s"] = time.perf_counter() - t
            it = iterations(n, args.quick)
            res["iterations"] = it
            peer_jsonl = Path(tmp) / f"peer-{n}.jsonl"
            _say(args.quiet, f"{n:,} ADRs: in-process")
            res["inproc"] = _inproc(manifest_path, it, peer_jsonl if peer else None)
            if not args.no_mcp:
                res |= anyio.run(_over_stdio, root, manifest, it, peer, peer_jsonl, args.quiet)
            results[n] = res
    info["load_average_end"] = load_average()
    info["wall_s"] = time.perf_counter() - started
    text = table(results)
    print(text)
    print()
    print(
        f"{info['nproc']} cores, {info['cpu']}, Python {info['python']}; load average "
        f"{info['load_average_start']} → {info['load_average_end']}; {info['wall_s']:.0f} s"
    )
    print(f"For scale: {ADRKIT_CONTEXT}.")
    out = args.out or RESULTS / f"{datetime.now(UTC).strftime('%Y%m%dT%H%M%SZ')}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    doc = {
        "command": "python -m benchmarks " + " ".join(argv if argv is not None else sys.argv[1:]),
        "machine": info,
        "peer": f"{_mcp.PEER_PACKAGE}@{_mcp.PEER_VERSION}" if peer else None,
        "adrkit_context": ADRKIT_CONTEXT,
        "results": {str(n): r for n, r in results.items()},
        "table": text,
    }
    out.write_text(json.dumps(doc, indent=2, ensure_ascii=False) + "\n")
    print(f"JSON: {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
