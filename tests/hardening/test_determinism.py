"""Determinism across processes: byte-identical JSON whatever the hash seed and the file creation order.

Two copies of the same corpus are written in opposite orders (so their
directory listings, inode numbers and mtimes differ), and the installed
`govmem` answers the same questions on each under different
`PYTHONHASHSEED` values, in separate processes. Every stdout must be
byte-identical across the four runs.
"""

from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path
from typing import Final

import pytest

from tests.conftest import EXAMPLE

from .support import guarded_env, network_attempts, script

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


@pytest.mark.parametrize("argv", COMMANDS, ids=[" ".join(c[:2]) for c in COMMANDS])
def test_answers_are_byte_identical_across_processes_seeds_and_orders(
    copies: tuple[Path, Path], argv: list[str], tmp_path: Path
) -> None:
    """Same question, same corpus: the same bytes under any PYTHONHASHSEED and creation order."""
    a, b = copies
    log = tmp_path / "network.log"
    outputs = set()
    for root, seed in zip((a, b, a, b), SEEDS, strict=True):
        p = subprocess.run(
            [script("govmem"), "--root", str(root), *argv, "--json"],
            capture_output=True,
            timeout=120,
            check=False,
            env=guarded_env(log, {"PYTHONHASHSEED": seed}),
        )
        assert p.returncode in (0, 1), p.stderr
        assert p.stdout.startswith(b"{"), p.stdout[:200]
        outputs.add(p.stdout)
    assert len(outputs) == 1, f"{argv} differs across seeds or orders"
    assert network_attempts(log) == []
