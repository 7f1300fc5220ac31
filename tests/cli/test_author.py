"""`govmem check` and `govmem new` at the command line: output, JSON, exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from govmem.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_check_names_the_superseded_option_and_the_decision_in_force(
    example_repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`govmem check "Use MySQL for new services"` on the bundled example (SPEC v6 §7)."""
    code, out, err = run(
        capsys,
        "--root",
        str(example_repo),
        "check",
        "Use MySQL for new services",
        "--as-of",
        "2026-09-08",
    )
    assert (code, err) == (0, "")
    assert out.splitlines()[:5] == [
        "CHECK  database in new-services as of 2026-09-08",
        "",
        "Re-proposes (rejected or superseded here)",
        "  adr-001 [superseded, all] = MySQL",
        "    Superseded by adr-024 on 2026-02-01.",
    ]
    assert "  adr-024 [approved, new-services from 2026-02-01] = PostgreSQL" in out
    code, out, _ = run(
        capsys, "--root", str(example_repo), "check", "Use MySQL for new services", "--json"
    )
    data = json.loads(out)
    assert (data["decision"]["id"], data["options"][0]["id"], data["reproposes"]) == (
        "adr-024",
        "adr-001",
        True,
    )


def test_new_prints_the_check_then_writes(
    example_repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(
        capsys,
        "--root",
        str(example_repo),
        "new",
        "Use MySQL for new services",
        "--decision",
        "MySQL again.",
        "--value",
        "MySQL",
    )
    assert (code, err) == (0, "")
    assert "Re-proposes (rejected or superseded here)" in out
    assert out.rstrip().endswith(
        "Wrote adr-025 (docs/adr/025.md), proposed.\nA person accepts it with: govmem approve adr-025"
    )
    assert "value: MySQL\n" in (example_repo / "docs/adr/025.md").read_text()


def test_strict_refuses_with_one_line_and_writes_nothing(
    example_repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(
        capsys, "--root", str(example_repo), "new", "Use MySQL for new services", "--strict"
    )
    assert (code, out) == (1, "")
    assert err.count("\n") == 1
    assert err.startswith("govmem: the proposal re-proposes MySQL (superseded in adr-001)")
    assert not (example_repo / "docs/adr/025.md").exists()


def test_usage_errors_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "--root", str(tmp_path), "new", "Use Redis")
    assert (code, out) == (2, "")
    assert "no ADR folder found" in err
    code, _, err = run(capsys, "--root", str(tmp_path), "new", "Use Redis", "--status", "done")
    assert code == 2
    code, _, err = run(capsys, "--root", str(tmp_path), "check", "x", "--as-of", "soon")
    assert code == 2
