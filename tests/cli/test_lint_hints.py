"""`lint` says what to do (SPEC v6 §8, issue 51): a code found many times is one line with its
count, and a folder where most decision records write no status hears about `default_status`
— which `govmem init` offers, commented out, in the `govmem.yaml` it writes."""

from __future__ import annotations

from pathlib import Path

import govmem
from tests.parse.discover_support import _adr, _cli, _repo

UNSTATED = "# {n}. Record {n}\n\nDate: 2024-03-0{n}\n\n## Context\n\nWords.\n"
"""An adr-tools record with no status at all (tdr writes none in any of its 39)."""


def _no_status_repo(root: Path, n: int = 5, stated: int = 0) -> Path:
    files = {f"docs/adr/000{i}-r.md": UNSTATED.format(n=i) for i in range(1, n + 1)}
    for i in range(n + 1, n + stated + 1):
        files[f"docs/adr/000{i}-s.md"] = _adr(i, f"Stated {i}")
    return _repo(root, files)


def test_lint_summarises_a_repeated_code_and_hints_default_status(tmp_path: Path) -> None:
    root = _no_status_repo(tmp_path / "repo")
    code, out, _ = _cli("--root", str(root), "lint")
    lines = out.splitlines()
    assert code == 0
    assert lines[1] == (
        "docs/adr/0001-r.md [0001] and 4 more: warn unknown-status (5 times):"
        " No status is written; read as unknown, never in force."
    )
    assert not [line for line in lines[2:] if "unknown-status" in line]
    assert lines[-2] == "5 records, 0 excluded; 0 errors, 5 warnings, 0 notes."
    assert lines[-1] == (
        "5 of 5 decision records write no status: they read as unknown, never in force, so no"
        " answer about them is verified. If your ADRs are accepted once merged, set"
        " `default_status: accepted` in govmem.yaml (`govmem init` writes one)."
    )
    assert len(govmem.load(root).findings) == 5  # `--json` and the library keep every finding


def test_a_few_findings_stay_one_a_line_and_no_hint_when_most_write_a_status(
    tmp_path: Path,
) -> None:
    root = _no_status_repo(tmp_path / "repo", n=3, stated=4)
    code, out, _ = _cli("--root", str(root), "lint")
    assert code == 0
    lines = out.splitlines()
    assert [line.split(":")[0] for line in lines if "unknown-status" in line] == [
        "docs/adr/0001-r.md [0001]",
        "docs/adr/0002-r.md [0002]",
        "docs/adr/0003-r.md [0003]",
    ]
    assert "default_status" not in out
    assert lines[-1].endswith("notes.")


def test_init_offers_default_status_when_most_records_write_none(tmp_path: Path) -> None:
    root = _no_status_repo(tmp_path / "repo")
    code, out, _ = _cli("--root", str(root), "init")
    assert code == 0
    assert out.splitlines()[1] == (
        "5 of 5 decision records write no status: it offers `default_status: accepted`,"
        " commented out, for you to decide."
    )
    config = root / "govmem.yaml"
    text = config.read_text(encoding="utf-8")
    assert "# 5 of the 5 decision records found write no status" in text
    assert text.count("default_status") == 1  # the offer replaces the generic example
    assert {r.status for r in govmem.load(root).records} == {"unknown"}  # never assumed
    config.write_text(text.replace("# default_status: accepted", "default_status: accepted"))
    assert {r.status for r in govmem.load(root).records} == {"accepted"}
    code, out, _ = _cli("--root", str(root), "lint")
    assert (code, "unknown-status" in out, "default_status" in out) == (0, False, False)


def test_init_keeps_the_generic_example_when_most_records_write_a_status(tmp_path: Path) -> None:
    root = _no_status_repo(tmp_path / "repo", n=1, stated=2)
    code, out, _ = _cli("--root", str(root), "init")
    assert (code, len(out.splitlines())) == (0, 1)
    text = (root / "govmem.yaml").read_text(encoding="utf-8")
    assert "write no status" not in text
    assert "# default_status: accepted" in text
