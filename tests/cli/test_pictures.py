"""Tests for `govmem graph`, `timeline`, `report` and the load progress bar."""

from __future__ import annotations

import io
import json
import shutil
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

import govmem
from govmem.cli import main
from govmem.cli.base import ProgressBar, progress_bar
from tests.conftest import EXAMPLE
from tests.render.test_report import EXAMPLE_PAGES

ROOT = ["--root", str(EXAMPLE)]


def run(*argv: str) -> tuple[int, str, str]:
    """Run the CLI in-process: (exit code, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


def test_graph_prints_mermaid_by_default_and_dot_on_request() -> None:
    """`graph` is Mermaid unless `--format dot`; both name the same edges."""
    code, mermaid, _ = run(*ROOT, "graph", "--topic", "database", "--as-of", "2026-09-08")
    assert code == 0
    assert mermaid.startswith("flowchart LR\n")
    assert '  n_adr_024 -->|"supersedes"| n_adr_001\n' in mermaid
    code, dot, _ = run(*ROOT, "graph", "--format", "dot", "--as-of", "2026-09-08")
    assert code == 0
    assert dot.startswith("digraph govmem {")


def test_graph_json_lists_nodes_and_edges() -> None:
    """`graph --json` gives nodes with their record ids and typed edges."""
    code, text, _ = run(*ROOT, "graph", "--json", "--as-of", "2026-09-08")
    assert code == 0
    data = json.loads(text)
    assert [n["id"] for n in data["nodes"]] == [
        "adr-001",
        "adr-011",
        "adr-024",
        "claim-chat-dynamodb",
    ]
    assert {"from": "n_adr_024", "to": "n_adr_001", "kind": "supersedes", "status": None} in data[
        "edges"
    ]


def test_timeline_prints_text_or_writes_an_svg(tmp_path: Path) -> None:
    """Without --svg a text timeline; with it a file, created with its folder."""
    code, text, _ = run(*ROOT, "timeline", "db", "--as-of", "2026-09-08")
    assert code == 0
    assert text.startswith("Timeline of database as of 2026-09-08\n")
    target = tmp_path / "pics" / "database.svg"
    code, text, _ = run(
        *ROOT, "timeline", "database", "--svg", str(target), "--as-of", "2026-09-08"
    )
    assert code == 0
    assert text == f"Wrote {target}\n"
    assert target.read_text(encoding="utf-8").startswith("<svg ")
    assert not [p for p in target.parent.iterdir() if p.name.startswith(".govmem-")]


def test_report_writes_every_page_and_replaces_old_ones(tmp_path: Path) -> None:
    """Every page lands in DIR; a second run replaces them; unrelated files stay."""
    out = tmp_path / "site"
    out.mkdir()
    (out / "keep.txt").write_text("mine", encoding="utf-8")
    (out / "index.html").write_text("old", encoding="utf-8")
    code, text, _ = run(*ROOT, "report", "--out", str(out), "--as-of", "2026-09-08")
    assert code == 0
    pages = list(EXAMPLE_PAGES)
    assert text.startswith(f"Wrote {len(pages)} files to ")
    written = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    assert written == sorted([*pages, "keep.txt"])
    assert (out / "index.html").read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    code, text, _ = run(*ROOT, "report", "--json", "--out", str(out), "--as-of", "2026-09-08")
    assert json.loads(text)["files"] == pages


@pytest.mark.parametrize(
    ("argv", "code"),
    [
        (["timeline", "database", "--as-of", "nope"], 2),
        (["graph", "--format", "png"], 2),
        (["report", "--as-of", "2026-09-08"], 2),
        (["--root", "{missing}", "graph"], 1),
    ],
)
def test_bad_arguments_exit_with_one_line_on_stderr(
    argv: list[str], code: int, tmp_path: Path
) -> None:
    """Usage errors exit 2, an unreadable root 1; stdout stays empty, stderr is one line."""
    got, out, err = run(*ROOT, *(a.format(missing=tmp_path / "missing") for a in argv))
    assert got == code
    assert out == ""
    assert err.count("\n") == 1


def test_an_output_path_under_a_file_exits_1(tmp_path: Path) -> None:
    """A --out below a regular file cannot be created: exit 1, one line."""
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    code, out, err = run(*ROOT, "report", "--out", str(blocker / "site"))
    assert code == 1
    assert out == ""
    assert err.startswith("govmem: cannot write")


def test_load_reports_progress_for_every_file(tmp_path: Path) -> None:
    """`govmem.load(..., progress=f)` calls f(done, total) once per file, in order."""
    calls: list[tuple[int, int]] = []
    root = tmp_path / "corpus"
    shutil.copytree(EXAMPLE, root)
    govmem.load(root, progress=lambda done, total: calls.append((done, total)))
    assert calls == [(i, 5) for i in range(1, 6)]


class _Clock:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_progress_bar_draws_after_a_delay_and_erases_itself() -> None:
    """Nothing for a fast load; then one line redrawn in place; blank when done."""
    clock, stream = _Clock(), io.StringIO()
    bar = ProgressBar(stream, clock=clock, delay=0.3, interval=0.1, width=10)
    bar(1, 100)
    assert stream.getvalue() == ""
    clock.t = 0.5
    bar(50, 100)
    assert stream.getvalue() == "\rgovmem: reading [#####.....] 50/100 files"
    clock.t = 0.55
    bar(60, 100)  # within the redraw interval
    assert stream.getvalue().count("\r") == 1
    clock.t = 0.7
    bar(100, 100)
    assert stream.getvalue().endswith("\r" + " " * 41 + "\r")


def test_the_progress_bar_is_only_for_terminals() -> None:
    """A pipe or a file gets no bar; a terminal does."""
    assert progress_bar(io.StringIO()) is None
    assert isinstance(progress_bar(_Tty()), ProgressBar)
