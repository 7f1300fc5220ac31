"""Hardening, round 2 (issue 22): one regression test (or more) for each of the ten points.

1. a file or folder whose name is not valid UTF-8 is a finding, the rest answers;
2. `timeline` and `report` render at both ends of the calendar;
3. a `govmem.yaml` symlinked out of the root is `outside-root`, never read;
4. an unreadable folder is an `unreadable` error and the answer says the corpus is incomplete;
5. a configuration that is a FIFO, a device or too large is refused, never read without bound;
6. readable output on a stdout that is not UTF-8 never crashes;
7. MCP requests with positional params or deep nesting get a JSON-RPC error;
8. the stat scan sees a same-size, same-mtime rewrite;
9. `remember` with an idempotency key returns the first write's result on a retry;
10. an empty path flag is a usage error.

The permission tests (points 1 and 4) run their commands in child processes
as the user `nobody` when this process is root (root reads through any
permission bit), else as the current user — never skipped.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Final

import pytest

from govmem.cli import main as cli
from tests.conftest import EXAMPLE

SRC: Final = Path(__file__).resolve().parents[2] / "src"


def _govmem(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """`python -m govmem.cli ARGS` in a child process (its own stdout encoding)."""
    return subprocess.run(
        [sys.executable, "-c", "import sys; from govmem.cli import main; sys.exit(main())", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        errors="replace",
        env={**os.environ, **(env or {})},
        timeout=120,
        check=False,
    )


# ----------------------------------------------------------------- point 10
@pytest.mark.parametrize(
    "argv",
    [
        ["--root", "", "lint"],
        ["lint", "--root", ""],
        ["--dir", "", "lint"],
        ["--config", "", "lint"],
        ["report", "--out", ""],
        ["timeline", "database", "--svg", ""],
        ["query", "database?", "--as-of", ""],
        ["remember", "--content", "x", "--category", "fact", "--key", "k", "--expires", ""],
        ["--root", "", "remember", "--content", "x", "--category", "fact", "--key", "k"],
    ],
)
def test_an_empty_path_or_date_flag_is_a_usage_error(
    argv: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "index.html").write_text("mine", encoding="utf-8")
    before = sorted(p.name for p in tmp_path.iterdir())
    code = cli(["--root", str(EXAMPLE), *argv] if "--root" not in argv else argv)
    err = capsys.readouterr()
    assert code == 2
    assert err.out == ""
    assert len(err.err.strip().splitlines()) == 1
    assert "empty" in err.err
    assert sorted(p.name for p in tmp_path.iterdir()) == before
    assert (tmp_path / "index.html").read_text(encoding="utf-8") == "mine"


@pytest.mark.parametrize("flag", ["--cwd", "--dir", "--config"])
def test_an_empty_mcp_path_flag_is_a_usage_error(
    flag: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from govmem_mcp.cli import main as mcp_main

    code = mcp_main([flag, ""], env={})
    assert code == 2
    assert "empty" in capsys.readouterr().err


# ------------------------------------------------------------------ point 6
@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
@pytest.mark.parametrize(
    "argv",
    [
        ["superseded"],
        ["query", "Quale database è approvato per i nuovi servizi?", "--as-of", "2026-09-08"],
        ["timeline", "database", "--as-of", "2026-09-08"],
        ["graph"],
        ["history", "database"],
        ["lint", "--findings", "all"],
        ["query", "database?", "--json", "--as-of", "2026-09-08"],
    ],
)
def test_readable_output_on_a_stdout_that_is_not_utf8_never_crashes(
    encoding: str, argv: list[str]
) -> None:
    utf8 = _govmem("--root", str(EXAMPLE), *argv, env={"PYTHONIOENCODING": "utf-8"})
    done = _govmem("--root", str(EXAMPLE), *argv, env={"PYTHONIOENCODING": encoding})
    assert utf8.returncode == 0, utf8.stderr
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    # never half an output: as many lines as the UTF-8 run
    assert len(done.stdout.splitlines()) == len(utf8.stdout.splitlines())
    if "--json" in argv:
        assert json.loads(done.stdout) == json.loads(utf8.stdout)
    if encoding == "ascii":
        done.stdout.encode("ascii")
