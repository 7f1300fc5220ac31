"""Hostile corpora: every bad file gives the findings SPEC §2 names, and the rest still answers.

Each case writes a corpus (one ordinary decision plus the hostile files),
loads it, and checks: the expected `(code, path)` findings are there; the
load takes under `MAX_SECONDS` and allocates under `MAX_BYTES` at its peak
(tracemalloc, a second load, so the clock is not slowed by tracing); and
the corpus works — `query`, `search_decisions` and `govmem lint --json`
answer, the ordinary decision is found.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import time
import tracemalloc
from collections.abc import Callable, Mapping
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any, Final

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import govmem
from govmem import Corpus, History, When
from govmem.cli import main as cli
from govmem.model.time import parse_iso
from govmem.testing import (
    SPECIAL_FILES,
    calendar_edge_dates,
    calendar_edge_instants,
    make_special,
    non_utf8_names,
    special_files,
)
from tests.conftest import EXAMPLE, examples, write_files
from tests.engine.seed_corpus import rec

from .support import script, shared_folder, write_bytes_name

MAX_SECONDS: Final = 5.0
"""Wall time of one load of a small hostile corpus (measured: under 0.3 s)."""
PER_FILE_SECONDS: Final = 0.0025
"""And for each file it holds: a cold load parses every file (the large corpus: 2,300 files in
3.3–3.6 s on a slow 2-core machine, 7 s beside another test worker), while a blow-up
(an alias bomb expanded, a 10 MB file read whole) costs minutes, which the bound still catches."""
MAX_BYTES: Final = 200 * 1024 * 1024
"""Peak traced allocation of one load (measured: under 2 MB, the 10 MB file is never read)."""

NORMAL: Final = (
    "---\nid: '0100'\ntitle: Use PostgreSQL\ntopic: database\nvalue: PostgreSQL\n"
    "status: accepted\ndate: 2024-01-10\n---\n# 100. Use PostgreSQL\n\nWe use PostgreSQL.\n"
)
ADR: Final = "docs/adr"

Files = Mapping[str, str | bytes]


def _laughs() -> str:
    """Billion laughs: nine levels of nine aliases, about 4 GB expanded, 700 bytes written."""
    lines = ["x0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    lines += [f"x{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]" for i in range(1, 9)]
    return "\n".join(lines)


def _front(body: str, **fields: str) -> str:
    head = "".join(f"{k}: {v}\n" for k, v in fields.items())
    return f"---\n{head}{body}\n---\n# Title\n"


_write = write_files


def _load_bounded(root: Path) -> Corpus:
    """Load `root` twice: timed, then traced; assert both bounds."""
    budget = MAX_SECONDS + PER_FILE_SECONDS * sum(1 for p in root.rglob("*") if p.is_file())
    start = time.perf_counter()
    corpus = govmem.load(root)
    elapsed = time.perf_counter() - start
    tracemalloc.start()
    try:
        again = govmem.load(root)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert elapsed < budget, f"load took {elapsed:.2f} s (bound {budget:.2f} s)"
    assert peak < MAX_BYTES, f"load allocated {peak / 2**20:.0f} MiB"
    assert again.health == corpus.health
    return corpus


def _works(root: Path, corpus: Corpus, capsys: pytest.CaptureFixture[str]) -> None:
    """query, search and lint answer, and the ordinary decision is still there."""
    answer: Any = corpus.query("Which database?", topic="database", as_of="2026-01-01").to_dict()
    assert answer["decision"] is not None
    assert answer["decision"]["id"] == "0100"
    search = corpus.search_decisions("postgresql").to_wire()
    assert "0100" in [item["id"] for item in search["items"]]
    capsys.readouterr()
    code = cli(["--root", str(root), "lint", "--json"])
    printed = json.loads(capsys.readouterr().out)
    errors = [f for f in corpus.findings if f.severity == "error"]
    assert code == (1 if errors else 0)
    assert printed["corpus_health"] == corpus.health.to_dict()
    assert len(printed["findings"]) == len(corpus.findings)


def _found(corpus: Corpus) -> set[tuple[str, str | None]]:
    return {(f.code, f.path) for f in corpus.findings}


BINARY_CASES: Final[dict[str, tuple[Files, set[tuple[str, str | None]]]]] = {
    "billion laughs in frontmatter": (
        {f"{ADR}/0001-bomb.md": f"---\nid: bomb\n{_laughs()}\n---\n# Bomb\n"},
        {("bad-yaml", f"{ADR}/0001-bomb.md")},
    ),
    "billion laughs in a YAML file": (
        {"memory/bomb.yaml": f"kind: claim\nid: bomb\ncontent: x\n{_laughs()}\n"},
        {("bad-yaml", "memory/bomb.yaml")},
    ),
    "a recursive alias": (
        {"memory/loop.yaml": "kind: claim\nid: loop\ncontent: x\nself: &s [*s]\n"},
        {("bad-yaml", "memory/loop.yaml")},
    ),
    "30,000 nested flow brackets": (
        {
            f"{ADR}/0002-deep.md": "---\nid: deep\nx: "
            + "[" * 30_000
            + "]" * 30_000
            + "\n---\n# D\n"
        },
        {("bad-yaml", f"{ADR}/0002-deep.md")},
    ),
    "200 nested block lists": (
        {
            f"{ADR}/0003-deep.md": "---\nid: deep\nx:\n"
            + "".join("  " * i + "-\n" for i in range(1, 200))
            + "---\n# D\n"
        },
        {("bad-yaml", f"{ADR}/0003-deep.md")},
    ),
    "300 nested mappings, one line each": (
        {"memory/deep.yaml": "".join(" " * i + "a:\n" for i in range(300))},
        {("bad-yaml", "memory/deep.yaml")},
    ),
    "a 10 MB Markdown file": (
        {f"{ADR}/0004-big.md": "---\nid: big\n---\n# Big\n" + "x" * (10 * 1024 * 1024)},
        {("record-too-large", f"{ADR}/0004-big.md")},
    ),
    "a 10 MB YAML file": (
        {"memory/big.yaml": "- kind: claim\n  id: big\n  content: " + "y" * (10 * 1024 * 1024)},
        {("record-too-large", "memory/big.yaml")},
    ),
    "exactly 64 KiB is read, one byte more is not": (
        {
            f"{ADR}/0005-max.md": (h := "---\nid: max\n---\n# Max\n") + "m" * (65536 - len(h)),
            f"{ADR}/0006-over.md": h.replace("max", "ovr") + "m" * (65537 - len(h)),
        },
        {("record-too-large", f"{ADR}/0006-over.md")},
    ),
    "a binary file (NUL bytes)": (
        {f"{ADR}/0007-bin.md": b"---\nid: bin\n---\n# B\x00\x01\x02\x89PNG"},
        {("unreadable", f"{ADR}/0007-bin.md")},
    ),
    "invalid UTF-8": (
        {
            f"{ADR}/0008-utf.md": b"---\nid: utf\n---\n# U \xff\xfe\xc3\x28",
            "memory/x.yaml": b"\xc0",
        },
        {("unreadable", f"{ADR}/0008-utf.md"), ("unreadable", "memory/x.yaml")},
    ),
}


@pytest.mark.parametrize("case", sorted(BINARY_CASES))
def test_bad_bytes_are_findings_within_bounds(
    case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """YAML bombs, deep nesting, 10 MB, binary and non-UTF-8 files are excluded with their finding."""
    files, expected = BINARY_CASES[case]
    _write(tmp_path, {f"{ADR}/0100-postgres.md": NORMAL, **files})
    corpus = _load_bounded(tmp_path)
    assert expected <= _found(corpus)
    assert corpus.health.excluded_count == len(expected)
    _works(tmp_path, corpus, capsys)


@pytest.mark.long
def test_a_large_hostile_corpus_loads_within_bounds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every hostile case 20 times over, among 2,000 ordinary ADRs: each bad file is its finding."""
    files: dict[str, str | bytes] = {f"{ADR}/0100-postgres.md": NORMAL}
    for n in range(2_000):
        files[f"{ADR}/{1000 + n}-topic-{n}.md"] = (
            f"---\nid: ok-{n}\ntitle: Topic {n}\ntopic: t{n % 97}\nvalue: V{n}\n"
            f"status: accepted\ndate: 2024-01-{1 + n % 28:02d}\n---\n# Topic {n}\n\nBody {n}.\n"
        )
    expected: set[tuple[str, str | None]] = set()
    for copy in range(20):
        for case, (bad, found) in BINARY_CASES.items():
            if "10 MB" in case:
                continue  # one of each is enough (test_bad_bytes_are_findings_within_bounds)
            for rel, data in bad.items():
                folder, name = rel.rsplit("/", 1)
                moved = f"{folder}/h{copy}/{name}"
                files[moved] = data
                expected |= {(code, moved) for code, path in found if path == rel}
    _write(tmp_path, files)
    corpus = _load_bounded(tmp_path)
    assert expected <= _found(corpus)
    assert corpus.health.excluded_count == len(expected)
    assert corpus.health.record_count >= 2_001
    _works(tmp_path, corpus, capsys)


def test_symlinks_outside_the_root_and_loops_are_findings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A link leaving the root is outside-root (never read), a folder link too; loops are unreadable."""
    root = tmp_path / "root"
    outside = tmp_path / "outside"
    outside.mkdir()
    secret = outside / "secret.md"
    secret.write_text("---\nid: secret\ntitle: Secret\nstatus: accepted\n---\n# Secret\n")
    (outside / "more.md").write_text("---\nid: more\n---\n# More\n")
    _write(root, {f"{ADR}/0100-postgres.md": NORMAL})
    adr = root / ADR
    os.symlink(secret, adr / "0001-out.md")
    os.symlink("../../../outside/secret.md", adr / "0002-relative-out.md")
    os.symlink("0003-loop.md", adr / "0003-loop.md")
    os.symlink("0004-b.md", adr / "0004-a.md")
    os.symlink("0004-a.md", adr / "0004-b.md")
    os.symlink(outside, adr / "outdir")
    os.symlink(root / ADR, adr / "selfdir")
    _write(root, {"inner/0200-inner.md": "# 200. Inner\n\n## Status\n\nProposed\n"})
    os.symlink("../../inner/0200-inner.md", adr / "0005-inside.md")
    corpus = _load_bounded(root)
    assert {
        ("outside-root", f"{ADR}/0001-out.md"),
        ("outside-root", f"{ADR}/0002-relative-out.md"),
        ("unreadable", f"{ADR}/0003-loop.md"),
        ("unreadable", f"{ADR}/0004-a.md"),
        ("unreadable", f"{ADR}/0004-b.md"),
        ("outside-root", f"{ADR}/outdir"),
    } <= _found(corpus)
    ids = {r.id for r in corpus.records}
    assert "0005" in ids
    assert "secret" not in ids
    assert "more" not in ids
    assert not any(r.path and r.path.startswith(f"{ADR}/outdir") for r in corpus.records)
    assert corpus.health.excluded_count == 6
    _works(root, corpus, capsys)


ODD_NAMES: Final = (
    "0010 with spaces.md",
    "0011-üñíçødé-中文-🙂.md",
    "0012-new\nline.md",
    "-0013-leading-dash.md",
    "--0014-double.md",
    "0015-" + "l" * 240 + ".md",
    "0016-" + "é" * 120 + ".md",
    "0017-$(touch pwned).md",
    "0018-*?[glob].md",
    "0019-#hash;semi&amp'quote\".md",
    "0020-tab\there.md",
    " 0021-leading-space.md",
)


def test_odd_file_names_load_and_print(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Spaces, unicode, newlines, leading dashes, shell and glob characters, 250-byte names: all records."""
    files: dict[str, str | bytes] = {f"{ADR}/0100-postgres.md": NORMAL}
    for i, name in enumerate(ODD_NAMES):
        files[f"{ADR}/{name}"] = f"# {i}. Odd {i}\n\n## Status\n\nProposed\n\nodd name {i}\n"
    _write(tmp_path, files)
    corpus = _load_bounded(tmp_path)
    paths = {r.path for r in corpus.records}
    assert {f"{ADR}/{n}" for n in ODD_NAMES} <= paths
    assert not [f for f in corpus.findings if f.severity == "error"]
    assert not (tmp_path / "pwned").exists()
    assert len(corpus.search_decisions("odd name", limit=100).to_wire()["items"]) == len(ODD_NAMES)
    _works(tmp_path, corpus, capsys)
    for record in corpus.records:
        capsys.readouterr()
        assert cli(["--root", str(tmp_path), "show", "--json", "--", record.id]) == 0
        assert json.loads(capsys.readouterr().out)["outcome"] == "found"


MEMORY_AND_SOURCES: Final = """\
- kind: memory
  id: dm
  category: fact
  key: shared_id
  content: a memory sharing a decision's id
- kind: source
  id: dc
  title: a source sharing a decision's id (its own namespace)
- kind: source
  id: src
  title: first
- kind: source
  id: src
  title: second
- kind: relation
  id: rel
  between: [dd, dc]
- kind: relation
  id: rel
  between: [dd, dm]
- kind: claim
  id: dc
  content: a claim sharing a decision's id
"""


def test_colliding_ids_are_reported_within_each_namespace(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Decision/decision, decision/claim, decision/memory, source/source, relation/relation: duplicate-id."""
    accepted = "---\nid: {id}\ntitle: {t}\nstatus: accepted\n---\n# {t}\n"
    _write(
        tmp_path,
        {
            f"{ADR}/0100-postgres.md": NORMAL,
            f"{ADR}/a.md": accepted.format(id="dd", t="First"),
            f"{ADR}/b.md": accepted.format(id="dd", t="Second"),
            f"{ADR}/c.md": accepted.format(id="dc", t="Decision"),
            f"{ADR}/m.md": accepted.format(id="dm", t="Decision"),
            "memory/all.yaml": MEMORY_AND_SOURCES,
        },
    )
    corpus = _load_bounded(tmp_path)
    dups = {
        (f.id, f.path, f.message.split(" id ")[0])
        for f in corpus.findings
        if f.code == "duplicate-id"
    }
    assert dups == {
        ("dd", f"{ADR}/a.md", "The record"),
        ("dd", f"{ADR}/b.md", "The record"),
        ("dc", f"{ADR}/c.md", "The record"),
        ("dc", "memory/all.yaml", "The record"),
        ("dm", f"{ADR}/m.md", "The record"),
        ("dm", "memory/all.yaml", "The record"),
        ("src", "memory/all.yaml", "The source"),
        ("rel", "memory/all.yaml", "The relation"),
    }
    assert corpus.get_decision("dd").to_wire()["outcome"] == "ambiguous-local-id"
    assert corpus.get_decision("dc").to_wire()["outcome"] == "ambiguous-local-id"
    assert corpus.get_decision("dm").to_wire()["outcome"] == "found"
    _works(tmp_path, corpus, capsys)


@pytest.mark.parametrize("length", [1, 2, 3, 4, 5])
def test_supersession_cycles_are_findings_not_loops(
    length: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A cycle of 1..5 records: each gets supersession-cycle, and every operation still answers."""
    files: dict[str, str | bytes] = {f"{ADR}/0100-postgres.md": NORMAL}
    for k in range(length):
        nxt = (k + 1) % length
        files[f"{ADR}/c{k}.md"] = (
            f"---\nid: cyc-{k}\ntitle: Cycle\ntopic: cycle\nvalue: V{k}\nstatus: accepted\n"
            f"date: 2024-01-0{k + 1}\nsupersedes: cyc-{nxt}\n---\n# Cycle {k}\n"
        )
    _write(tmp_path, files)
    corpus = _load_bounded(tmp_path)
    cyc = {f.id for f in corpus.findings if f.code == "supersession-cycle"}
    assert cyc == {f"cyc-{k}" for k in range(length)}
    answer = corpus.query("cycle?", topic="cycle", as_of="2026-01-01").to_dict()
    assert answer["decision"] is not None
    assert answer["topic"] == "cycle"
    history = corpus.get_decision_history("cycle")
    assert isinstance(history, History)
    assert history.to_dict()["items"]
    assert corpus.list_superseded().to_wire()["outcome"] == "entries"
    corpus.find_conflicts(as_of="2026-01-01")
    _works(tmp_path, corpus, capsys)


DATES: Final = ("0000-01-01", "99999-01-01", "2026-02-30", "2023-13-01", "31 June 2021")


@pytest.mark.parametrize("date", DATES)
@pytest.mark.parametrize(
    "shape",
    [
        lambda d: f"---\nid: dated\ntitle: Dated\nstatus: accepted\ndate: {d}\n---\n# Dated\n",
        lambda d: f"# 7. Dated\n\nDate: {d}\n\n## Status\n\nAccepted\n",
        lambda d: f"# 7. Dated\n\n## Status\n\nAccepted\n\n## Changelog\n\n- {d}: Accepted\n",
        lambda d: (
            f"---\nid: dated\ntitle: Dated\nstatus: accepted\nvalid_to: '{d}'\n---\n# Dated\n"
        ),
    ],
    ids=["frontmatter", "date-line", "changelog", "valid-to"],
)
def test_impossible_dates_are_bad_date(
    date: str,
    shape: Callable[[str], str],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Year 0, year 99999, Feb 30, month 13, 31 June: bad-date, the record kept, nothing guessed."""
    _write(tmp_path, {f"{ADR}/0100-postgres.md": NORMAL, f"{ADR}/0007-dated.md": shape(date)})
    corpus = _load_bounded(tmp_path)
    assert ("bad-date", f"{ADR}/0007-dated.md") in _found(corpus)
    record = next(r for r in corpus.records if r.path == f"{ADR}/0007-dated.md")
    assert date not in (str(record.valid_from), str(record.valid_to))
    _works(tmp_path, corpus, capsys)


def test_everything_hostile_at_once_over_mcp(tmp_path: Path) -> None:
    """All of the above in one repository, served by the MCP live corpus: it loads and answers."""
    from govmem_mcp._state import LiveCorpus
    from tests.conftest import run_tool

    root = tmp_path / "root"
    files: dict[str, str | bytes] = {f"{ADR}/0100-postgres.md": NORMAL}
    for case in BINARY_CASES.values():
        files.update(case[0])
    for i, name in enumerate(ODD_NAMES):
        files[f"{ADR}/{name}"] = f"# {i}. Odd\n\n## Status\n\nProposed\n"
    _write(root, files)
    (root / ".git").mkdir()
    os.symlink(root / ADR / "0100-postgres.md", root / ADR / "link.md")
    os.symlink("/", root / ADR / "0099-root.md")
    live = LiveCorpus(root)
    try:
        start = time.perf_counter()
        corpus = live.current()
        assert time.perf_counter() - start < MAX_SECONDS
        result = run_tool(corpus, "search_decisions", {"query": "postgresql"})
        assert "0100" in [i["id"] for i in result["items"]]
        answer: Any = corpus.query("Which database?", topic="database", as_of="2026-01-01")
        assert answer.to_dict()["decision"]["id"] == "0100"
        codes = {f.code for f in corpus.findings}
        assert {"bad-yaml", "record-too-large", "unreadable"} <= codes
    finally:
        live.close()


@pytest.mark.parametrize(
    "config",
    [
        "paths: " + "[" * 30_000 + "]" * 30_000 + "\n",
        "scopes:\n" + "".join(" " * i + "a:\n" for i in range(1, 300)),
        _laughs() + "\npaths: *a8\nexclude: *a8\n",
        "paths: &p [*p]\n",
    ],
    ids=["30,000 brackets", "300 nested mappings", "billion laughs", "recursive alias"],
)
def test_a_hostile_govmem_yaml_is_bad_yaml_not_a_crash(tmp_path: Path, config: str) -> None:
    """govmem.yaml goes through the same bounded loader (before: the C parser segfaulted)."""
    _write(tmp_path, {f"{ADR}/0100-postgres.md": NORMAL, "govmem.yaml": config})
    start = time.perf_counter()
    p = subprocess.run(
        [script("govmem"), "--root", str(tmp_path), "lint", "--json"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert time.perf_counter() - start < 30
    assert p.returncode == 1, p.stderr
    findings = json.loads(p.stdout)["findings"]
    assert [(f["code"], f["path"]) for f in findings if f["severity"] == "error"] == [
        ("bad-yaml", "govmem.yaml")
    ]


# ------------------------- generated hostile inputs (issue 22: govmem.testing.hostile)
@settings(max_examples=examples(25), deadline=None)
@given(names=st.lists(non_utf8_names(), min_size=1, max_size=3, unique=True), folder=st.booleans())
def test_generated_non_utf8_names_are_findings_never_crashes(
    names: list[bytes], folder: bool
) -> None:
    """Any name that is not UTF-8, as a file or a folder: one finding each, the rest answers."""
    with shared_folder() as tmp:
        root = tmp / "r"
        adr = root / "docs" / "adr"
        adr.mkdir(parents=True)
        (adr / "0100-postgres.md").write_text(NORMAL, encoding="utf-8")
        for name in names:
            if folder:
                sub = os.path.join(os.fsencode(adr), name)
                os.mkdir(sub)
                write_bytes_name(Path(os.fsdecode(sub)), b"0001-a.md", b"# 1. A\n")
            else:
                write_bytes_name(adr, name, b"---\nid: x\n---\n# X\n")
        corpus = govmem.load(root)
        shown = {
            os.fsdecode(b"docs/adr/" + n)
            .encode("utf-8", "surrogateescape")
            .decode("utf-8", "backslashreplace")
            + ("/" if folder else "")
            for n in names
        }
        assert {f.path for f in corpus.findings if f.code == "unreadable"} == shown
        assert corpus.health == govmem.load(root).health
        answer = corpus.query("Which database?", topic="database", as_of="2026-01-01")
        assert answer.decision is not None
        assert answer.decision.id == "0100"
        # everything printed encodes
        json.dumps([f.path for f in corpus.findings], ensure_ascii=False).encode("utf-8")


@given(
    record_dates=st.lists(calendar_edge_dates(), min_size=1, max_size=4),
    as_of=calendar_edge_instants(),
)
def test_any_calendar_edge_date_renders(record_dates: list[date], as_of: str) -> None:
    """Every date the validator accepts renders: timeline (text and SVG) and the report."""
    from govmem.render.report import build_report
    from govmem.render.timeline import build_timeline, render_text
    from govmem.render.timeline_svg import render_svg

    records = [
        rec(
            f"r{i}",
            f"V{i % 2}",
            status="accepted" if i % 3 else "superseded",
            valid_from=When.from_date(d),
            superseded_by=(f"r{i + 1}",) if i % 3 == 0 and i + 1 < len(record_dates) else (),
        )
        for i, d in enumerate(record_dates)
    ]
    corpus = govmem.Corpus.from_records(records)
    now = datetime(2026, 12, 1, tzinfo=UTC)
    when = parse_iso(as_of)
    timeline = build_timeline(corpus, "database", when, now=now)
    assert render_text(timeline)
    assert render_svg(timeline).startswith("<svg")
    assert build_report(corpus, when, now=now)
    for d in record_dates:
        assert str(When.from_date(d)) == d.isoformat()


CONFIG_BOUND: Final = 20.0
"""Seconds any command may take on a special configuration (measured: under 2 s)."""


@settings(max_examples=len(SPECIAL_FILES) * 2, deadline=None)
@given(kind=special_files())
def test_a_special_file_as_govmem_yaml_is_a_finding_and_never_read(kind: str) -> None:
    """A FIFO, a device link, a folder, a socket, a loop, too large, binary: an error finding, defaults used."""
    with shared_folder() as tmp:
        root = tmp / "c"
        shutil.copytree(EXAMPLE, root)
        (root / "govmem.yaml").unlink()
        make_special(root / "govmem.yaml", kind)
        done = subprocess.run(
            [script("govmem"), "--root", str(root), "lint", "--json"],
            capture_output=True,
            text=True,
            timeout=CONFIG_BOUND,
            check=False,
        )
        assert done.returncode == 1, done.stderr
        found = {(f["code"], f["path"]) for f in json.loads(done.stdout)["findings"]}
        expected = {
            "dev-zero": "outside-root",
            "dev-urandom": "outside-root",
            "dev-null": "outside-root",
            "too-large": "record-too-large",
        }.get(kind, "unreadable")
        assert (expected, "govmem.yaml") in found, found


@settings(max_examples=len(SPECIAL_FILES) * 2, deadline=None)
@given(kind=special_files())
def test_a_special_file_as_config_is_refused_without_reading_it(kind: str) -> None:
    """`--config` a FIFO, `/dev/zero`, `/dev/urandom`, …: exit 1 and one line, at once; the MCP server too."""
    with shared_folder() as tmp:
        config = tmp / "cfg.yaml"
        make_special(config, kind)
        for argv in (
            [script("govmem"), "--root", str(EXAMPLE), "--config", str(config), "lint"],
            [script("govmem-mcp"), "--cwd", str(EXAMPLE), "--config", str(config)],
        ):
            done = subprocess.run(
                argv,
                capture_output=True,
                text=True,
                timeout=CONFIG_BOUND,
                check=False,
                stdin=subprocess.DEVNULL,
            )
            assert done.returncode == 1, (argv, done.stderr)
            assert done.stdout == ""
            assert len(done.stderr.strip().splitlines()) == 1, done.stderr
            assert "internal error" not in done.stderr
            assert "config" in done.stderr
