"""The CLI frame: global flags, exit codes, one stderr line, never a traceback."""

from __future__ import annotations

import json
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest

import govmem
from govmem.cli import main
from tests.conftest import EXAMPLE

ROOT = str(EXAMPLE)


@pytest.mark.parametrize(
    "argv",
    [
        ["--root", ROOT, "--json", "lint"],
        ["--root", ROOT, "lint", "--json"],
        ["lint", "--root", ROOT, "--json"],
        ["--json", "lint", "--root", ROOT, "--dir", "docs/adr"],
    ],
)
def test_global_flags_work_before_or_after_the_command(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """`--root`, `--dir`, `--config` and `--json` are accepted on either side of COMMAND."""
    assert main(argv) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["corpus_health"]["record_count"] == 5


@pytest.mark.parametrize(
    ("argv", "code"),
    [
        (["--root", "{missing}", "lint"], 1),
        (["--root", ROOT, "--dir", "nope", "lint"], 1),
        (["--root", ROOT, "query", "x", "--as-of", "not-a-date"], 2),
        (["--root", ROOT, "no-such-command"], 2),
        (["--root", ROOT, "query"], 2),
        (["--root", ROOT], 2),
        (["--root", ROOT, "history", "database", "--limit", "0"], 2),
        (["--root", ROOT, "query", "x", "--bogus"], 2),
    ],
)
def test_failures_print_one_stderr_line_and_nothing_on_stdout(
    argv: list[str], code: int, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Usage errors exit 2, corpus problems 1 (a root made absent here, under the test's own
    folder); one line on stderr, stdout empty."""
    assert main([a.format(missing=tmp_path / "missing") for a in argv]) == code
    captured = capsys.readouterr()
    assert captured.out == ""
    assert len(captured.err.strip().splitlines()) == 1
    assert "Traceback" not in captured.err


def test_known_as_of_without_git_history_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--known-as-of` on a folder outside any git repository is a corpus problem."""
    (tmp_path / "docs" / "adr").mkdir(parents=True)
    (tmp_path / "docs" / "adr" / "0001-x.md").write_text("# 1. X\n\n## Status\n\nAccepted\n")
    argv = ["--root", str(tmp_path), "query", "x", "--known-as-of", "2026-01-01"]
    assert main(argv) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "git history" in captured.err


def test_known_as_of_defaults_as_of_to_the_known_date(
    example_repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """With only `--known-as-of D`, the answer is as of D, as committed by then."""
    argv = [
        "--root",
        str(example_repo),
        "query",
        "Quale database?",
        "--known-as-of",
        "2026-04-01",
        "--json",
    ]
    assert main(argv) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["temporal_validity"]["as_of"] == "2026-04-01"
    assert answer["decision"]["id"] == "adr-024"


def test_version_prints_the_installed_version() -> None:
    """`govmem --version` prints `govmem <version>` of the installed package and exits 0."""
    script = Path(sys.executable).with_name("govmem")
    done = subprocess.run(
        [str(script), "--version"], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0
    assert done.stdout == f"govmem {metadata.version('govmem')}\n"


def test_an_unsure_query_lists_its_candidates_with_the_command_to_ask_each(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The numbered list names each topic, its decision and status, its decision's sentence, and
    a ready command that asks again with `--topic` (quoted for a POSIX shell); `--json` prints
    seed 000's 14 keys, then `candidates` (SPEC v6 §8)."""
    question = 'Database, "kafka" or $NATS?'
    argv = ["--root", str(EXAMPLE), "query", question, "--as-of", "2026-09-08"]
    assert main(argv) == 0
    shown = capsys.readouterr().out
    assert "  1. database — CONTESTED, adr-024: ADR 024" in shown
    assert (
        "     “PostgreSQL è il database approvato per i nuovi servizi dal 1 febbraio 2026.”"
        in shown
    )
    assert '     govmem query "Database, \\"kafka\\" or \\$NATS?" --topic "database"' in shown
    assert main([*argv, "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert list(printed)[:14] == list(govmem.load(EXAMPLE).query(question).to_dict())
    assert list(printed)[14:] == ["candidates"]
    assert [c["topic"] for c in printed["candidates"]] == ["database"]
    assert printed["candidates"][0]["likely"] is False  # "kafka" and "nats": words it never uses
    command = next(line.strip() for line in shown.splitlines() if "--topic" in line)
    words = subprocess.run(
        ["sh", "-c", command.replace("govmem", "printf '%s\\n'", 1)],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.splitlines()
    assert words == ["query", question, "--topic", "database"]


_ONE_SHOT = """
import gc, sys
import govmem
from govmem.cli import main
code = main(sys.argv[1:], one_shot=True)
print(gc.get_freeze_count() > 0)
"""


def test_main_in_a_longer_process_leaves_the_collector_alone(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Only the console script (one command, then exit) keeps its corpus out of the cyclic
    collector's sight; `main` called by a program that goes on freezes nothing of it."""
    import gc

    before = gc.get_freeze_count()
    assert main(["--root", str(EXAMPLE), "query", "db?", "--topic", "database", "--json"]) == 0
    assert gc.get_freeze_count() == before
    capsys.readouterr()
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            _ONE_SHOT,
            "--root",
            str(EXAMPLE),
            "query",
            "db?",
            "--topic",
            "database",
            "--json",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.rstrip().endswith("True")
