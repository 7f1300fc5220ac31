"""Determinism across processes: byte-identical JSON whatever the hash seed and the file creation order.

Two copies of the same corpus are written in opposite orders (so their
directory listings, inode numbers and mtimes differ), and govmem's CLI
answers the same questions on each under different `PYTHONHASHSEED` values,
in four separate processes. Each process asks every question, through
`govmem.cli.main` as the console script does, two of them in the opposite
order (so no answer may depend on what the same process was asked before).
Every stdout must be byte-identical across the four runs. One command is
also run through the installed `govmem` script in a process of its own.
"""

from __future__ import annotations

import json
import os
import subprocess
import time
from pathlib import Path
from typing import Any, Final

import pytest
from attrs import frozen

from tests.conftest import EXAMPLE

from .support import cli_in_one_process, guarded_env, network_attempts, script

SEEDS: Final = ("0", "1", "4242", "random")
COMMANDS: Final[list[list[str]]] = [
    ["query", "Quale database è approvato per i nuovi servizi?", "--as-of", "2026-09-08"],
    ["query", "Which database for new services?", "--as-of", "2026-09-08"],
    ["query", "db?", "--topic", "database", "--scope", "legacy", "--as-of", "2025-01-01"],
    ["search", "e", "--limit", "100"],
    ["history", "database"],
    ["conflicts", "--as-of", "2026-09-08"],
    ["superseded"],
    ["context", "src/db/schema.sql", "docs/adr/001.md"],
    ["recall", "--as-of", "2026-09-08"],
    ["lint"],
]


def _extra_files() -> dict[str, str]:
    """Thirty more records, so that listing and creation order matter."""
    files = {}
    for i in range(30):
        status = ("accepted", "proposed", "superseded", "rejected")[i % 4]
        files[f"docs/adr/{100 + i:03d}-extra.md"] = (
            f"---\nid: adr-{100 + i}\ntitle: Extra {i}\ntopic: topic-{i % 5}\nvalue: V{i % 3}\n"
            f"status: {status}\ndate: 2025-0{1 + i % 9}-1{i % 10}\ntags: [t{i % 4}, shared]\n"
            f"affects: [src/db/**]\n---\n# Extra {i}\n\nBody {i} mentions the database.\n"
        )
    return files


def _write_copy(root: Path, *, reverse: bool) -> None:
    files = {
        p.relative_to(EXAMPLE).as_posix(): p.read_text(encoding="utf-8")
        for p in EXAMPLE.rglob("*")
        if p.is_file()
    }
    files.update(_extra_files())
    for i, rel in enumerate(sorted(files, reverse=reverse)):
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(files[rel], encoding="utf-8")
        stamp = time.time_ns() - (i if reverse else len(files) - i) * 1_000_000_000
        os.utime(path, ns=(stamp, stamp))


@pytest.fixture(scope="module")
def copies(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """Two copies of one corpus, written in opposite orders (once per worker process)."""
    base = tmp_path_factory.mktemp("determinism")
    a, b = base / "a", base / "b"
    _write_copy(a, reverse=False)
    _write_copy(b, reverse=True)
    assert sorted(os.listdir(a / "docs/adr")) == sorted(os.listdir(b / "docs/adr"))
    return a, b


@frozen
class Runs:
    """What each of the four processes printed, by command, and what they tried to reach."""

    outputs: list[dict[str, list[Any]]]
    network: list[str]


@pytest.fixture(scope="module")
def runs(copies: tuple[Path, Path], tmp_path_factory: pytest.TempPathFactory) -> Runs:
    """The four processes (copy a / b, a hash seed each; b's ask in reverse order), once."""
    a, b = copies
    log = tmp_path_factory.mktemp("network") / "network.log"
    outputs = []
    for root, seed in zip((a, b, a, b), SEEDS, strict=True):
        order = COMMANDS if root == a else COMMANDS[::-1]
        printed = cli_in_one_process(
            [["--root", str(root), *argv, "--json"] for argv in order],
            env=guarded_env(log, {"PYTHONHASHSEED": seed}),
        )
        outputs.append(
            {
                " ".join(argv): [code, out]
                for argv, (code, out, _) in zip(order, printed, strict=True)
            }
        )
    return Runs(outputs, network_attempts(log))


@pytest.mark.parametrize("argv", COMMANDS, ids=[" ".join(c[:2]) for c in COMMANDS])
def test_answers_are_byte_identical_across_processes_seeds_and_orders(
    runs: Runs, argv: list[str]
) -> None:
    """Same question, same corpus: the same bytes under any PYTHONHASHSEED, creation order and
    order of questions."""
    printed = [out[" ".join(argv)] for out in runs.outputs]
    seen = {(code, _without_cache_counts(stdout)) for code, stdout in printed}
    assert len(seen) == 1, f"{argv} differs across seeds or orders"
    [(code, stdout)] = seen
    assert code in (0, 1)
    assert stdout.startswith("{"), stdout[:200]
    assert runs.network == []


def _without_cache_counts(stdout: str) -> str:
    """`lint --json` without how its records were read (`parse_cache`: from the cache or
    parsed, which depends on what ran before, as it should), but with how many there were."""
    data = json.loads(stdout)
    if "parse_cache" not in data:
        return stdout
    counts = data.pop("parse_cache")
    data["records"] = counts["cached_records"] + counts["parsed_records"]
    data["files"] = counts["cached_files"] + counts["parsed_files"]
    return json.dumps(data, indent=2)


def test_the_console_script_prints_the_same_bytes(
    copies: tuple[Path, Path], runs: Runs, tmp_path: Path
) -> None:
    """The installed `govmem`, in a process of its own, prints what `main` printed."""
    a, _ = copies
    argv = COMMANDS[0]
    log = tmp_path / "network.log"
    p = subprocess.run(
        [script("govmem"), "--root", str(a), *argv, "--json"],
        capture_output=True,
        timeout=120,
        check=False,
        env=guarded_env(log, {"PYTHONHASHSEED": "7"}),
    )
    assert p.returncode == runs.outputs[0][" ".join(argv)][0], p.stderr
    assert p.stdout.decode("utf-8") == runs.outputs[0][" ".join(argv)][1]
    assert network_attempts(log) == []
