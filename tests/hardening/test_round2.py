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

import functools
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Final

import pytest

import govmem
from govmem.cli import main as cli
from tests.conftest import EXAMPLE, git, write_files

from . import test_paths as _paths
from .support import (
    INIT,
    MODERN_META,
    ServerProcess,
    cli_in_one_process,
    network_attempts,
    open_to_all,
    shared_folder,
    unprivileged,
    write_bytes_name,
)
from .test_hostile import NORMAL
from .test_paths import OpenAudit

SRC: Final = Path(__file__).resolve().parents[2] / "src"


@pytest.fixture
def recording() -> Iterator[OpenAudit]:
    """test_paths's process-wide audit hook (installed once), recording while a test says so."""
    if _paths._AUDIT is None:
        _paths._AUDIT = OpenAudit()
    audit = _paths._AUDIT
    audit.events.clear()
    yield audit
    audit.recording = False


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
    argv: list[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
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
    utf8 = _utf8_run(tuple(argv))
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


# ---------------------------------------------------------------- helpers
@functools.cache
def _utf8_run(argv: tuple[str, ...]) -> subprocess.CompletedProcess[str]:
    """`govmem --root EXAMPLE ARGV` on a UTF-8 stdout, run once per process: the baseline
    each encoding's run is compared with."""
    return _govmem("--root", str(EXAMPLE), *argv, env={"PYTHONIOENCODING": "utf-8"})


def _copy_example(into: Path) -> Path:
    root = into / "corpus"
    shutil.copytree(EXAMPLE, root)
    open_to_all(root)
    return root


def _as_nobody(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """`govmem --root ROOT ARGS` in a child that permissions bind (`unprivileged`)."""
    runtime = unprivileged()
    return subprocess.run(
        runtime.command("-c", ENTRY, "--root", str(root), *args),
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        check=False,
        cwd="/",
        env=runtime.env(),
    )


def _many_as_nobody(root: Path, *commands: list[str]) -> list[tuple[int, str, str]]:
    """(code, stdout, stderr) of each `govmem --root ROOT COMMAND`, in one child that
    permissions bind (`unprivileged`), one after the other."""
    return cli_in_one_process(
        [["--root", str(root), *c] for c in commands], runtime=unprivileged(), cwd="/"
    )


def _mcp_as_nobody(root: Path, calls: list[tuple[str, dict[str, Any]]]) -> list[dict[str, Any]]:
    """Each tool call's `result`, from `govmem-mcp` in a child that permissions bind."""
    log = root.parent / "network.log"
    server = ServerProcess(root, log, runtime=unprivileged(), cwd="/")
    try:
        server.request(INIT, "init")
        server.send(b'{"jsonrpc":"2.0","method":"notifications/initialized"}')
        results = []
        for i, (name, arguments) in enumerate(calls):
            message = {
                "jsonrpc": "2.0",
                "method": "tools/call",
                "params": {"name": name, "arguments": arguments},
            }
            results.append(server.request(message, f"call-{i}")["result"])
        code, stderr = server.close()
    finally:
        server.kill()
    assert code == 0
    assert b"Traceback" not in stderr, stderr
    assert network_attempts(log) == []
    return results


QUESTION: Final = "Quale database è approvato per i nuovi servizi?"
ENTRY: Final = "import sys; from govmem.cli import main; sys.exit(main(sys.argv[1:]))"
"""What the `govmem` script runs, for `python -c ENTRY ARGS`."""


# ------------------------------------------------------------------ point 1
def test_a_name_that_is_not_utf8_is_a_finding_and_the_rest_answers() -> None:
    """The issue's reproduction: `docs/adr/bad\\xff.md` and a folder `dir\\xfe/`, as `nobody`."""
    with shared_folder() as tmp:
        root = _copy_example(tmp)
        adr = root / "docs" / "adr"
        write_bytes_name(adr, b"bad\xff.md", b"---\nid: a\n---\n")
        os.mkdir(os.path.join(os.fsencode(adr), b"dir\xfe"), 0o755)
        write_bytes_name(adr / os.fsdecode(b"dir\xfe"), b"0002-x.md", b"---\nid: b\n---\n# B\n")
        open_to_all(root)

        lint = _as_nobody(root, "lint", "--json")
        assert lint.returncode == 1, lint.stderr
        findings = json.loads(lint.stdout)["findings"]
        assert {(f["code"], f["path"]) for f in findings} == {
            ("unreadable", "docs/adr/bad\\xff.md"),
            ("unreadable", "docs/adr/dir\\xfe/"),
        }
        assert "internal error" not in lint.stderr
        others = (["search", "postgres"], ["topics"], ["superseded"], ["show", "adr-024"])
        readable, query, *rest = _many_as_nobody(
            root, ["lint"], ["query", QUESTION, "--as-of", "2026-09-08", "--json"], *others
        )
        assert "docs/adr/bad\\xff.md: error unreadable" in readable[1]
        assert query[0] == 0, query[2]
        assert json.loads(query[1])["status"] == "contested"
        for argv, (code, _, stderr) in zip(others, rest, strict=True):
            assert code == 0, (argv, stderr)

        # the Python API, the fingerprint and a commit's tree spell the names alike
        corpus = govmem.load(root)
        assert corpus.health.record_count == 5
        (root / ".git").mkdir()
        shutil.rmtree(root / ".git")
        git(root, "init", "-q", "-b", "main")
        git(root, "add", "-A")
        git(root, "commit", "-q", "-m", "bad names", date="2026-03-15T12:00:00Z")
        then = govmem.load(root, known_as_of=git(root, "rev-parse", "HEAD"))
        assert then.health == govmem.load(root).health
        assert {(f.code, f.path) for f in then.findings if f.code == "unreadable"} == {
            (f["code"], f["path"]) for f in findings
        }

        # every MCP tool answers (no isError, no traceback)
        open_to_all(root)
        results = _mcp_as_nobody(
            root,
            [
                ("query", {"question": QUESTION, "as_of": "2026-09-08"}),
                ("list_topics", {}),
                ("search_decisions", {"query": "postgres"}),
                ("get_decision", {"ref": "adr-024"}),
                ("list_superseded", {}),
                ("recall", {}),
            ],
        )
        assert all(not r.get("isError") for r in results), results
        assert results[0]["structuredContent"]["result"]["status"] == "contested"


# ------------------------------------------------------------------ point 2
EDGE_AS_OF: Final = ("9999-12-31", "0001-01-01", "0050-01-01", "9990-01-01", "9999-12-31T23:59:59Z")


@pytest.mark.parametrize("as_of", EDGE_AS_OF)
def test_timeline_and_report_render_at_the_ends_of_the_calendar(
    as_of: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for argv in (
        ["timeline", "database", "--as-of", as_of],
        ["timeline", "database", "--as-of", as_of, "--json"],
        ["timeline", "database", "--as-of", as_of, "--svg", str(tmp_path / "t.svg")],
        ["report", "--out", str(tmp_path / "site"), "--as-of", as_of],
    ):
        code = cli(["--root", str(EXAMPLE), *argv])
        printed = capsys.readouterr()
        assert code == 0, (argv, printed.err)
        assert printed.err == ""
    assert (tmp_path / "t.svg").read_text(encoding="utf-8").startswith("<svg")


@pytest.mark.parametrize(
    "dates",
    [("9999-12-31", "0001-01-01"), ("9999-12-31", "9999-12-30"), ("0001-01-01", "0001-01-02")],
)
def test_records_dated_at_the_ends_of_the_calendar_render_with_no_flag(
    dates: tuple[str, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    late, early = dates
    write_files(
        tmp_path,
        {
            "docs/adr/0001-a.md": f"---\nid: a1\ntopic: database\nvalue: X\nstatus: accepted\ndate: {late}\n---\n# A1\n",
            "docs/adr/0002-b.md": f"---\nid: a2\ntopic: database\nvalue: Y\nstatus: accepted\ndate: {early}\nsuperseded_by: a1\n---\n# A2\n",
            "docs/adr/0003-c.md": f"---\nid: a3\ntopic: database\nvalue: Z\nstatus: rejected\ndate: {early}\nvalid_to: {late}\n---\n# A3\n",
        },
    )
    for argv in (
        ["timeline", "database"],
        ["timeline", "database", "--json"],
        ["timeline", "database", "--svg", str(tmp_path / "t.svg")],
        ["report", "--out", str(tmp_path / "site")],
        ["graph"],
    ):
        code = cli(["--root", str(tmp_path), *argv])
        printed = capsys.readouterr()
        assert code == 0, (argv, printed.err)
    cli(["--root", str(tmp_path), "timeline", "database", "--json"])
    lanes = json.loads(capsys.readouterr().out)["lanes"]
    starts = {r["id"]: r["valid_from"] for lane in lanes for r in lane["records"]}
    assert starts["a2"] == early  # four-digit years, as written
    assert starts["a1"] == late


# --------------------------------------------------------------- points 3, 5
def test_a_govmem_yaml_linked_outside_the_root_is_outside_root_and_never_opened(
    tmp_path: Path, recording: OpenAudit, capsys: pytest.CaptureFixture[str]
) -> None:
    root = tmp_path / "root"
    shutil.copytree(EXAMPLE, root)
    outside = tmp_path / "outside.yaml"
    outside.write_text("topics:\n  database:\n    aliases: [sentinelalias]\n", encoding="utf-8")
    (root / "govmem.yaml").unlink()
    (root / "govmem.yaml").symlink_to(outside)
    govmem.load(root).query("database?")  # lazy imports happen before recording
    recording.recording = True
    corpus = govmem.load(root)
    recording.recording = False
    assert recording.events, "the audit hook saw nothing: the test would prove nothing"
    assert recording.outside(root) == [], recording.outside(root)
    assert ("outside-root", "govmem.yaml") in {(f.code, f.path) for f in corpus.findings}
    listed = corpus.list_topics()
    assert isinstance(listed, govmem.TopicList)
    assert all("sentinelalias" not in t.aliases for t in listed.items)
    assert cli(["--root", str(root), "lint"]) == 1
    assert "govmem.yaml: error outside-root" in capsys.readouterr().out

    # the MCP list_topics too
    from govmem_mcp._state import LiveCorpus

    live = LiveCorpus(root)
    try:
        wire = run_tool_like(live.current(), "list_topics")
        assert "sentinelalias" not in json.dumps(wire)
    finally:
        live.close()

    # a link to /etc/passwd: the same finding, nothing opened
    (root / "govmem.yaml").unlink()
    (root / "govmem.yaml").symlink_to("/etc/passwd")
    recording.events.clear()
    recording.recording = True
    corpus = govmem.load(root)
    recording.recording = False
    assert recording.outside(root) == []
    assert ("outside-root", "govmem.yaml") in {(f.code, f.path) for f in corpus.findings}


def run_tool_like(corpus: govmem.Corpus, name: str) -> dict[str, Any]:
    result: dict[str, Any] = getattr(corpus, name)().to_wire()
    return result


# ------------------------------------------------------------------ point 4
INCOMPLETE: Final = "The corpus is incomplete:"


@pytest.mark.parametrize(
    ("locked", "shown"),
    [
        ("memory", "memory/"),
        ("docs/adr", "docs/adr/"),
        ("docs", "docs/adr/"),
        ("memory/claims.yaml", "memory/claims.yaml"),
    ],
)
def test_an_unreadable_folder_is_an_error_and_the_answer_says_the_corpus_is_incomplete(
    locked: str, shown: str
) -> None:
    """`chmod 000` as a user it binds: `lint` exits 1 with `unreadable`, answers say so (CLI and MCP)."""
    with shared_folder() as tmp:
        root = _copy_example(tmp)
        (root / locked).chmod(0o000)
        lint, readable, query, other = _many_as_nobody(
            root,
            ["lint", "--json"],
            ["lint"],
            ["query", QUESTION, "--as-of", "2026-09-08", "--json"],
            ["query", "anything at all?", "--json"],
        )
        assert lint[0] == 1, lint[2]
        found = {(f["code"], f["severity"], f["path"]) for f in json.loads(lint[1])["findings"]}
        assert ("unreadable", "error", shown) in found
        assert readable[0] == 1
        if shown.endswith("/"):
            assert f"{shown[:-1]} (unreadable)" in readable[1].splitlines()[0]
        assert query[0] == 0, query[2]
        answer = json.loads(query[1])
        assert len(answer) == 14  # the seed's keys, no more
        assert answer["missing_information"][-1].startswith(INCOMPLETE)
        assert shown in answer["missing_information"][-1]
        assert json.loads(other[1])["missing_information"][-1].startswith(INCOMPLETE)
        # the MCP server says the same
        mcp = _mcp_as_nobody(root, [("query", {"question": QUESTION, "as_of": "2026-09-08"})])
        result = mcp[0]["structuredContent"]["result"]
        assert result["missing_information"][-1].startswith(INCOMPLETE)
        # and with the permission back, the sentence goes
        (root / locked).chmod(0o755 if (root / locked).is_dir() else 0o644)
        lint, query = _many_as_nobody(
            root, ["lint", "--json"], ["query", QUESTION, "--as-of", "2026-09-08", "--json"]
        )
        again = json.loads(lint[1])["findings"]
        assert not [f for f in again if f["code"] == "unreadable"]
        back = json.loads(query[1])
        assert back["status"] == "contested"
        assert not any(s.startswith(INCOMPLETE) for s in back["missing_information"])


def test_a_folder_beyond_path_max_is_a_finding_not_dropped(tmp_path: Path) -> None:
    """`os.stat` fails deep in the tree (ENAMETOOLONG): an `unreadable` finding, never silence."""
    root = tmp_path / "root"
    write_files(root, {"docs/adr/0100-postgres.md": NORMAL})
    fd = os.open(root / "docs" / "adr", os.O_RDONLY)
    try:
        for _ in range(25):  # 25 × 201 bytes: past PATH_MAX (4,096)
            os.mkdir("d" * 200, dir_fd=fd)
            inner = os.open("d" * 200, os.O_RDONLY, dir_fd=fd)
            os.close(fd)
            fd = inner
        out = os.open("0001-deep.md", os.O_WRONLY | os.O_CREAT, 0o644, dir_fd=fd)
        os.write(out, b"---\nid: deep\n---\n# Deep\n")
        os.close(out)
    finally:
        os.close(fd)
    corpus = govmem.load(root)
    lost = [f for f in corpus.findings if f.code == "unreadable"]
    assert len(lost) == 1
    assert lost[0].severity == "error"
    assert lost[0].path is not None
    assert lost[0].path.startswith("docs/adr/ddd")
    assert corpus.unread == (lost[0].path,)
    answer = corpus.query("Which database?", topic="database", as_of="2026-01-01")
    assert answer.missing_information[-1].startswith(INCOMPLETE)
    assert answer.decision is not None
    assert answer.decision.id == "0100"


# ------------------------------------------------------------------ point 8
def test_stat_proves_unchanged_only_for_equal_settled_stamps() -> None:
    old = govmem.Stamp(10, 1_000_000_000_000, 1_000_000_000_000, 7, 1)
    later = 1_000_000_000_000 + 5_000_000_000
    assert govmem.proves_unchanged(old, old, later)
    assert not govmem.proves_unchanged(old, old._replace(ctime_ns=later), later)  # cp -p, tar x
    assert not govmem.proves_unchanged(old, old._replace(size=11), later)
    assert not govmem.proves_unchanged(old, old._replace(ino=8), later)
    assert not govmem.proves_unchanged(old, None, later)
    assert not govmem.proves_unchanged(None, old, later)
    # racily clean: modified within the granularity of when the stamp was taken
    assert not govmem.proves_unchanged(old, old, 1_000_000_000_000 + 1_000_000_000)


@pytest.mark.parametrize("how", ["cp -p", "rsync -t", "os.utime"])
def test_the_stat_scan_sees_a_same_size_same_mtime_rewrite(how: str, example_repo: Path) -> None:
    """An older copy put back with its size and mtime (the issue's `cp -p`): the next call sees it."""
    from govmem_mcp._state import LiveCorpus

    adr = example_repo / "docs" / "adr" / "024.md"
    text = adr.read_text(encoding="utf-8")
    old_copy = example_repo.parent / "024-old.md"
    old_copy.write_text(text.replace("value: PostgreSQL", "value: CockroachDB"), encoding="utf-8")
    assert len(old_copy.read_bytes()) != len(adr.read_bytes())
    old_copy.write_text(text.replace("value: PostgreSQL", "value: PostgreSQX"), encoding="utf-8")
    assert len(old_copy.read_bytes()) == len(adr.read_bytes())
    past = 1_600_000_000_000_000_000  # 2020: far from any scan, never racily clean
    os.utime(adr, ns=(past, past))
    os.utime(old_copy, ns=(past, past))
    live = LiveCorpus(example_repo, watch="stat")
    try:
        first = live.current()
        assert "PostgreSQL" in [r.value for r in first.records]
        assert live.current() is first
        if how == "cp -p":
            subprocess.run(["cp", "-p", str(old_copy), str(adr)], check=True)
        elif (
            how == "rsync -t"
        ):  # what rsync -t does without rsync: write in place, then set the times
            with adr.open("r+b") as fh:
                fh.write(old_copy.read_bytes())
            os.utime(adr, ns=(past, past))
        else:
            adr.write_bytes(old_copy.read_bytes())
            os.utime(adr, ns=(past, past))
        st = adr.stat()
        assert (st.st_size, st.st_mtime_ns) == (len(old_copy.read_bytes()), past)
        again = live.current()
        assert "PostgreSQX" in [r.value for r in again.records]
        assert again.health == govmem.load(example_repo).health
    finally:
        live.close()


# ------------------------------------------------------------------ point 9
KILLED_WRITER: Final = """
import os, signal, sys
from govmem.shell import write

real = write.create_exclusive

def then_killed(target, text):
    done = real(target, text)
    if done:  # renamed into place, complete: killed before anyone hears of it
        os.kill(os.getpid(), signal.SIGKILL)
    return done

write.create_exclusive = then_killed
write.remember(sys.argv[1], content="Prefers vim.", category="preference", key="editor",
               request_id="retry-me")
"""


def _memory_files(root: Path) -> list[str]:
    return sorted(p.name for p in (root / "memory").iterdir() if not p.name.startswith("."))


def test_a_retry_after_a_writer_killed_before_it_answered_returns_the_first_write(
    example_repo: Path,
) -> None:
    before = _memory_files(example_repo)
    killed = subprocess.run(
        [sys.executable, "-c", KILLED_WRITER, str(example_repo)], check=False, timeout=120
    )
    assert killed.returncode == -9
    written = _memory_files(example_repo)
    assert len(written) == len(before) + 1  # the complete record the caller never saw
    retry = govmem.remember(
        example_repo,
        content="Prefers vim.",
        category="preference",
        key="editor",
        request_id="retry-me",
    )
    assert _memory_files(example_repo) == written  # no duplicate
    assert retry.path == f"memory/{(set(written) - set(before)).pop()}"
    corpus = govmem.load(example_repo)
    assert [r.id for r in corpus.records if r.key == "editor"] == [retry.id]


def test_remember_with_a_request_id_writes_once_on_every_surface(
    example_repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = _memory_files(example_repo)
    # the CLI
    argv = ["--root", str(example_repo), "remember", "--json", "--content", "Uses tabs."]
    argv += ["--category", "preference", "--key", "indent", "--request-id", "cli-1"]
    assert cli(argv) == 0
    first = json.loads(capsys.readouterr().out)
    assert cli(argv) == 0
    assert json.loads(capsys.readouterr().out) == first
    # the same key for another write: refused, nothing written
    other = [*argv[:-4], "--key", "indent", "--request-id", "cli-1"]
    other[other.index("Uses tabs.")] = "Uses spaces."
    assert cli(other) == 2
    assert "request_id" in capsys.readouterr().err
    # concurrent retries: one file, one answer
    from concurrent.futures import ThreadPoolExecutor

    def once(_: int) -> govmem.Written:
        return govmem.remember_from_agent(
            example_repo,
            {"kind": "claim", "content": "We use DynamoDB.", "request_id": "agent-7"},
        )

    with ThreadPoolExecutor(8) as pool:
        results = set(pool.map(once, range(16)))
    assert len(results) == 1
    assert len(_memory_files(example_repo)) == len(before) + 2
    # the MCP tool, over stdio
    log = example_repo.parent / "network.log"
    server = ServerProcess(example_repo, log, "--allow-writes")
    try:
        server.request(INIT, "init")
        server.send(b'{"jsonrpc":"2.0","method":"notifications/initialized"}')
        call = {
            "jsonrpc": "2.0",
            "method": "tools/call",
            "params": {
                "name": "remember",
                "arguments": {
                    "kind": "memory",
                    "category": "fact",
                    "key": "retried",
                    "content": "Sent twice.",
                    "request_id": "mcp-1",
                },
            },
        }
        one = server.request(call, "r1")["result"]
        two = server.request(call, "r2")["result"]
        assert not one.get("isError"), one
        assert one["structuredContent"]["result"] == two["structuredContent"]["result"]
        server.close()
    finally:
        server.kill()
    assert len(_memory_files(example_repo)) == len(before) + 3
    assert network_attempts(log) == []


# ------------------------------------------------------------------ point 7
def _nested(levels: int) -> Any:
    value: Any = "x"
    for _ in range(levels):
        value = [value]
    return value


POSITIONAL: Final[list[tuple[str, bytes, int]]] = [
    ("tools/list [1]", b'{"jsonrpc":"2.0","id":"p1","method":"tools/list","params":[1]}', -32602),
    (
        "tools/call 'query'",
        b'{"jsonrpc":"2.0","id":"p2","method":"tools/call","params":"query"}',
        -32602,
    ),
    (
        "tools/call [1,2]",
        b'{"jsonrpc":"2.0","id":"p3","method":"tools/call","params":[1,2]}',
        -32602,
    ),
    ("ping 7", b'{"jsonrpc":"2.0","id":"p4","method":"ping","params":7}', -32602),
    ("method 1", b'{"jsonrpc":"2.0","id":"p5","method":1}', -32600),
    (
        "argument 250 deep",
        json.dumps(
            {
                "jsonrpc": "2.0",
                "id": "p6",
                "method": "tools/call",
                "params": {"name": "query", "arguments": {"question": "x", "topic": _nested(250)}},
            }
        ).encode(),
        -32602,
    ),
    (
        "30,000 deep",
        b'{"jsonrpc":"2.0","id":"p7","method":"tools/call","params":{"name":"query","arguments":'
        + b"[" * 30_000
        + b"]" * 30_000
        + b"}}",
        -32602,
    ),
    (
        "_meta 150 deep",
        json.dumps({"jsonrpc": "2.0", "id": 8, "method": "ping", "x": _nested(150)}).encode(),
        -32600,
    ),
]


@pytest.mark.parametrize("era", ["legacy", "modern"])
def test_requests_the_sdk_would_drop_get_a_json_rpc_error(era: str, example_repo: Path) -> None:
    log = example_repo.parent / "network.log"
    server = ServerProcess(example_repo, log)
    try:
        if era == "legacy":
            server.request(INIT, "init")
            server.send(b'{"jsonrpc":"2.0","method":"notifications/initialized"}')
        else:
            discover = {
                "jsonrpc": "2.0",
                "method": "server/discover",
                "params": {"_meta": MODERN_META},
            }
            assert "result" in server.request(discover, "discover")
        for _, line, _ in POSITIONAL:
            server.send(line)
        after: dict[str, Any] = {"jsonrpc": "2.0", "id": "after", "method": "ping"}
        if era == "modern":
            after["params"] = {"_meta": MODERN_META}
        server.send(json.dumps(after).encode())
        ids: list[object] = ["p1", "p2", "p3", "p4", "p5", "p6", "p7", 8]
        missing = server.wait_for([*ids, "after"], 30)
        assert not missing, (missing, server.stderr[-2000:])
        for (name, _, code), rid in zip(POSITIONAL, ids, strict=True):
            answers = server.responses[rid]
            assert len(answers) == 1, name
            assert answers[0]["error"]["code"] == code, (name, answers[0])
        # a well-formed request still works
        ok = server.request(
            {"jsonrpc": "2.0", "method": "tools/list", "params": {"_meta": MODERN_META}}
            if era == "modern"
            else {"jsonrpc": "2.0", "method": "tools/list"},
            "list",
        )
        assert "result" in ok, ok
        code, stderr = server.close()
    finally:
        server.kill()
    assert code == 0
    assert b"Traceback" not in stderr
    assert server.problems == []
