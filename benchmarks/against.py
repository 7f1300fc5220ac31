"""A warm one-shot `govmem query`, this checkout against an earlier revision, in the same run.

    python -m benchmarks.against --rev c950f3c --size 10000

Absolute times do not carry from one machine to another; a ratio measured in
one run, the two interleaved, does. The revision is checked out once into a
git worktree under `--work` and run from its `src/` on `PYTHONPATH` with this
interpreter and its packages. Each side gets its own parse cache, filled by
two warm-up runs (the snapshot written, then read), then both answer
`govmem query Q --topic T --json` on the generated corpus of `--size` ADRs
(`first_answer.corpus`) `--reps` times, alternating. Prints a table and
writes JSON (`--out`, default `benchmarks/results/against.json`).

`--commits N` asks instead in a repository with a long history
(`history_repo`: N commits, one ADR added every 200 of them, the rest editing
source files, written by `git fast-import`), where every start needs the
first-add date of each ADR (`git log --diff-filter=A`):

    python -m benchmarks.against --rev HEAD~1 --commits 20000

`--cold` times a cold start instead: the parse cache off (`GOVMEM_CACHE=off`)
on both sides, so that every run reads and parses every file:

    python -m benchmarks.against --rev 85e8e79 --size 10000 --cold
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from .first_answer import corpus

ROOT = Path(__file__).resolve().parent.parent
_ENTRY = "import sys; from govmem.cli.main import entry; sys.argv[0] = 'govmem'; entry()"


def worktree(work: Path, rev: str) -> Path:
    """The source folder of `rev`, checked out once under `work`."""
    sha = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--verify", f"{rev}^{{commit}}"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    tree = work / f"rev-{sha[:12]}"
    if not tree.exists():
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(tree), sha],
            check=True,
            capture_output=True,
        )
    return tree / "src"


def history_repo(work: Path, commits: int) -> Path:
    """A repository of `commits` commits under `work` (made once): every 200th adds an ADR
    (`docs/adr/NNNN-decision-N.md`), each edits one of 500 source files."""
    root = work / f"history-{commits}"
    if (root / "docs" / "adr").is_dir():
        return root
    stream: list[bytes] = []
    stamp = 1_600_000_000
    for i in range(commits):
        stamp += 600
        files = [(f"src/mod{i % 500}.py", f"x = {i}\n")]
        if i % 200 == 0:
            n = i // 200
            body = (
                f"# {n}. Decision {n}\n\nDate: 2021-01-01\n\n## Status\n\nAccepted\n\n"
                f"## Context\n\nWe pick option {n} for the gateway.\n"
            )
            files.insert(0, (f"docs/adr/{n:04d}-decision-{n}.md", body))
        msg = f"commit {i}"
        stream.append(
            f"commit refs/heads/main\ncommitter B <b@example.org> {stamp} +0000\n"
            f"data {len(msg)}\n{msg}\n".encode()
        )
        for path, text in files:
            data = text.encode()
            stream.append(f"M 644 inline {path}\ndata {len(data)}\n".encode() + data + b"\n")
    root.mkdir(parents=True, exist_ok=True)
    git = ["git", "-C", str(root)]
    subprocess.run([*git, "init", "-q", "-b", "main"], check=True)
    subprocess.run([*git, "fast-import", "--quiet"], input=b"".join(stream), check=True)
    subprocess.run([*git, "checkout", "-q", "main"], check=True)
    return root


def timed(argv: list[str], env: dict[str, str]) -> float:
    t = time.perf_counter()
    subprocess.run(argv, env=env, check=True, capture_output=True)
    return time.perf_counter() - t


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--rev", required=True, help="the earlier revision (any git revision)")
    p.add_argument("--size", type=int, default=10000, help="ADRs in the generated corpus")
    p.add_argument(
        "--commits", type=int, default=0, help="ask in a repository of this many commits instead"
    )
    p.add_argument("--cold", action="store_true", help="the parse cache off: every run parses")
    p.add_argument("--reps", type=int, default=8)
    p.add_argument("--work", type=Path, default=Path(tempfile.gettempdir()) / "govmem-bench")
    p.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "against.json")
    args = p.parse_args(argv)
    args.work.mkdir(parents=True, exist_ok=True)
    if args.commits:
        root = str(history_repo(args.work, args.commits))
        what = f"{args.commits:,} commits, {len(range(0, args.commits, 200))} ADRs"
        command = [sys.executable, "-c", _ENTRY, "--root", root, "query", "Which option?"]
        command += ["--json"]
    else:
        m = corpus(args.work, args.size)
        what = f"{args.size:,} ADRs"
        command = [sys.executable, "-c", _ENTRY, "--root", m.root, "query", "which option?"]
        command += ["--json", "--topic", m.topics[0]]
    sides: dict[str, dict[str, str]] = {}
    with tempfile.TemporaryDirectory() as caches:
        for name, src in (("this checkout", None), (args.rev, worktree(args.work, args.rev))):
            env = {**os.environ, "GOVMEM_CACHE_DIR": str(Path(caches) / str(len(sides)))}
            if args.cold:
                env["GOVMEM_CACHE"] = "off"
            if src is not None:
                env["PYTHONPATH"] = str(src)
            sides[name] = env
            for _ in range(1 if args.cold else 2):  # cold: a warm-up of the disk's cache;
                timed(command, env)  # warm: the cold parse writes the snapshot, the next reads it
        samples: dict[str, list[float]] = {name: [] for name in sides}
        for _ in range(args.reps):
            for name, env in sides.items():
                samples[name].append(timed(command, env))
    report: dict[str, Any] = {
        "size": args.size,
        "commits": args.commits,
        "reps": args.reps,
        "rev": args.rev,
        "cold": args.cold,
        "sides": {
            name: {"median_s": statistics.median(s), "best_s": min(s)}
            for name, s in samples.items()
        },
    }
    start = "cold (no parse cache)" if args.cold else "warm"
    print(f"| {start} one-shot query, {what} | median (s) | best (s) |")
    print("|---|---|---|")
    for name, fig in report["sides"].items():
        print(f"| {name} | {fig['median_s']:.2f} | {fig['best_s']:.2f} |")
    new, old = (report["sides"][n]["median_s"] for n in sides)
    report["ratio_median"] = new / old
    print(f"this checkout / {args.rev}: {new / old:.2f} (median)")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2, sort_keys=True) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
