"""Readable CLI output: `topics`, missing topics, `--page N@FP` and which findings show.

(`govmem.cli.pages`, with the commands of `_cli_query`, `_cli_tools`,
`_cli_pictures` and `_cli_memory` that use it.)
"""

from __future__ import annotations

import io
import json
import shlex
import shutil
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

import govmem
from govmem import TopicList
from govmem.cli import main
from govmem.cli.pages import PageRef, page_value
from tests.conftest import CORPORA, EXAMPLE, git

ROOT = ["--root", str(EXAMPLE)]
MOJ = ["--root", str(CORPORA / "moj-cloud-platform")]


def run(*argv: str) -> tuple[int, str, str]:
    """Run the CLI in-process: (exit code, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


def follow(line: str) -> tuple[int, str, str]:
    """Run the command a `More: govmem …` line prints."""
    words = shlex.split(line.partition(": ")[2])
    assert words[0] == "govmem"
    return run(*words[1:])


def more_line(text: str, prefix: str = "More: ") -> str:
    (line,) = [x for x in text.splitlines() if x.startswith(prefix)]
    return line


# --- topics ---------------------------------------------------------------------------


def test_topics_prints_each_topic_with_its_status_and_decision() -> None:
    """`govmem topics`: name, status, decision, records and aliases, one line each."""
    code, out, _ = run(*ROOT, "topics", "--as-of", "2026-09-08")
    assert code == 0
    assert out.splitlines() == [
        "Topics as of 2026-09-08",
        "  database  CONTESTED              adr-024  4 records  (db, databases)",
    ]


def test_topics_json_is_the_operation_result() -> None:
    """`--json` prints `list_topics`'s result exactly."""
    code, out, _ = run(*MOJ, "topics", "--as-of", "2026-01-01", "--limit", "5", "--json")
    assert code == 0
    expected = govmem.load(CORPORA / "moj-cloud-platform").list_topics(None, "2026-01-01", limit=5)
    assert isinstance(expected, TopicList)
    assert json.loads(out) == expected.to_dict()


# --- a topic that does not exist -------------------------------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        ["history", "open policy"],
        ["history", "open policy", "--json"],
        ["conflicts", "--topic", "open policy"],
        ["timeline", "open policy"],
        ["graph", "--topic", "open policy"],
    ],
)
def test_a_missing_topic_names_the_closest_and_exits_1(argv: list[str]) -> None:
    """One line on stderr with the closest topics, nothing on stdout, exit 1."""
    code, out, err = run(*MOJ, *argv)
    assert (code, out) == (1, "")
    closest = govmem.load(CORPORA / "moj-cloud-platform").closest_topics("open policy")
    assert err == f"No topic 'open policy'. Closest: {', '.join(closest)}.\n"
    assert closest[0] == "introduce open policy agent"


def test_a_missing_topic_without_any_close_one_points_to_topics() -> None:
    """Nothing scores: the line says where the topics are listed."""
    code, _, err = run(*ROOT, "history", "zzyzx")
    assert code == 1
    assert err == "No topic 'zzyzx'. `govmem topics` lists the topics.\n"


def test_timeline_of_a_missing_topic_writes_no_file(tmp_path: Path) -> None:
    """`timeline "adr slug" --svg x.svg` does not write an empty picture."""
    svg = tmp_path / "x.svg"
    code, _, err = run(*ROOT, "timeline", "adr slug", "--svg", str(svg))
    assert code == 1
    assert err.startswith("No topic 'adr slug'.")
    assert not svg.exists()


def test_query_with_a_missing_topic_keeps_its_answer_and_adds_the_closest() -> None:
    """`query --topic X` answers (exit 0) and names the closest topics; `--json` is the answer."""
    code, out, _ = run(
        *ROOT, "query", "Which one?", "--topic", "databse db", "--as-of", "2026-09-08"
    )
    assert code == 0
    assert "No record is on topic databse db." in out
    assert "No topic 'databse db'. Closest: database.\n" in out
    code, out, _ = run(*ROOT, "query", "x", "--topic", "databse", "--as-of", "2026-09-08", "--json")
    assert code == 0
    assert "closest" not in out
    assert json.loads(out)["topic"] == "databse"


# --- pages ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "page"),
    [("2", PageRef(2)), ("3@745b678d", PageRef(3, "745b678d")), (" 10@ABCD ", PageRef(10, "ABCD"))],
)
def test_page_values(text: str, page: PageRef) -> None:
    """`N` or `N@FP`."""
    assert page_value(text) == page


@pytest.mark.parametrize("argv", [["--page", "0"], ["--page", "x"], ["--page", "2@xyz"]])
def test_a_bad_page_is_a_usage_error(argv: list[str]) -> None:
    """Exit 2, one line on stderr."""
    code, out, err = run(*ROOT, "history", "database", *argv)
    assert (code, out) == (2, "")
    assert len(err.splitlines()) == 1


def test_page_and_cursor_exclude_each_other() -> None:
    """Both at once is a usage error."""
    code, _, _ = run(*ROOT, "history", "database", "--page", "2", "--cursor", "abc")
    assert code == 2


def test_readable_pages_print_a_short_command_that_prints_the_next_page() -> None:
    """`More: govmem … --page 2@FP`, no raw cursor; following it gives what the cursor gives."""
    code, out, _ = run(*MOJ, "topics", "--limit", "10", "--as-of", "2026-01-01")
    assert code == 0
    line = more_line(out)
    fp = govmem.load(CORPORA / "moj-cloud-platform").health.fingerprint
    assert line == (
        f"More: govmem {shlex.join(MOJ)} topics --limit 10 --as-of 2026-01-01 --page 2@{fp[:8]}"
    )
    code, second, _ = follow(line)
    assert code == 0
    first_json = json.loads(
        run(*MOJ, "topics", "--limit", "10", "--as-of", "2026-01-01", "--json")[1]
    )
    by_cursor = json.loads(
        run(
            *MOJ,
            "topics",
            "--limit",
            "10",
            "--as-of",
            "2026-01-01",
            "--json",
            "--cursor",
            first_json["cursor"],
        )[1]
    )
    names = [i["topic"] for i in by_cursor["items"]]
    assert [x.split()[0] for x in second.splitlines()[1:11]] == [n.split()[0] for n in names]
    assert more_line(second).endswith(f"--page 3@{fp[:8]}")


def test_a_page_command_replaces_the_cursor_it_followed() -> None:
    """A page reached with `--cursor` prints the next one as `--page`, without the cursor."""
    first = json.loads(run(*ROOT, "history", "database", "--limit", "2", "--json")[1])
    code, out, _ = run(*ROOT, "history", "database", "--limit", "2", "--cursor", first["cursor"])
    assert code == 0
    line = more_line(out)
    assert "--cursor" not in line
    assert line.endswith("--limit 2 --page 3@" + govmem.load(EXAMPLE).health.fingerprint[:8])


def test_a_page_of_a_changed_corpus_says_so(example_repo: Path) -> None:
    """The page command is bound to the corpus it was printed from: a change is `corpus-changed`."""
    root = ["--root", str(example_repo)]
    code, out, _ = run(*root, "history", "database", "--limit", "2")
    line = more_line(out)
    assert follow(line)[0] == 0
    adr = example_repo / "docs/adr/024.md"
    adr.write_text(adr.read_text(encoding="utf-8") + "\nOne more line.\n", encoding="utf-8")
    code, out, _ = follow(line)
    assert code == 0
    assert out == "The corpus changed after this page was printed; start again without --page.\n"
    code, out, _ = run(*root, "history", "database", "--limit", "2", "--page", "2")
    assert code == 0
    assert out.startswith("History of database")


def test_a_page_past_the_last_names_the_last() -> None:
    """An answer, not an error: exit 0."""
    code, out, _ = run(*ROOT, "history", "database", "--limit", "2", "--page", "9")
    assert code == 0
    assert out == "There is no page 9; the last page is 3.\n"
    code, out, _ = run(*ROOT, "history", "database", "--limit", "2", "--page", "9", "--json")
    assert json.loads(out)["reason"] == "offset-out-of-range"


@pytest.mark.parametrize("command", [["conflicts"], ["memories"], ["search", "a"], ["superseded"]])
def test_no_readable_output_prints_a_raw_cursor(command: list[str], tmp_path: Path) -> None:
    """Every paginated command pages with `--page`; cursors appear only in `--json` output."""
    root = tmp_path / "corpus"
    shutil.copytree(EXAMPLE, root)
    memory = root / "memory"
    for i in range(3):
        (memory / f"m{i}.yaml").write_text(
            f"kind: memory\ncategory: fact\nkey: k{i}\ncontent: a fact {i}\nsource: user\n",
            encoding="utf-8",
        )
    for i in range(3):
        (root / "docs/adr" / f"09{i}.md").write_text(
            f"---\nid: adr-09{i}\ntopic: database\nvalue: V{i}\nstatus: proposed\n"
            f"scope: new-services\ndate: 2026-04-0{i + 1}\n---\na\n",
            encoding="utf-8",
        )
        (root / "docs/adr" / f"08{i}.md").write_text(
            f"---\nid: adr-08{i}\ntopic: cache\nvalue: C{i}\nstatus: superseded\n"
            f"superseded_by: adr-024\ndate: 2020-01-0{i + 1}\n---\na\n",
            encoding="utf-8",
        )
    argv = ["--root", str(root), *command, "--limit", "1"]
    code, out, _ = run(*argv)
    assert code == 0
    line = more_line(out)
    assert "--cursor" not in line
    assert len(line) < 200
    code, out2, _ = follow(line)
    assert code == 0
    assert out2 != out


# --- findings -------------------------------------------------------------------------


def _jabref_repo(tmp_path: Path) -> list[str]:
    root = tmp_path / "jabref"
    shutil.copytree(CORPORA / "jabref", root / "docs" / "adr")
    git(root, "init", "-q", "-b", "main")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "jabref", date="2026-03-15T12:00:00Z")
    return ["--root", str(root)]


def test_readable_output_hides_info_findings_unless_asked(tmp_path: Path) -> None:
    """jabref in git: `superseded` shows no `git-date` line; `--findings all` does; `--json` keeps all."""
    root = _jabref_repo(tmp_path)
    code, out, _ = run(*root, "superseded")
    assert code == 0
    assert "  info " not in out
    assert "git-date" not in out
    assert "info findings not shown (--findings all)" in out
    assert "eyJ" not in out  # no raw cursor
    code, out, _ = run(*root, "superseded", "--findings", "all")
    assert (code, "git-date" in out) == (0, True)
    code, out, _ = run(*root, "superseded", "--json")
    assert code == 0
    rules = {f["rule"] for f in json.loads(out)["findings"]["items"]}
    assert "git-date" in rules


def test_findings_pages_follow_the_findings_page_command(tmp_path: Path) -> None:
    """`More findings: … --findings-page 2@FP` shows the next errors and warnings."""
    root = _jabref_repo(tmp_path)
    code, out, _ = run(*root, "search", "use", "--findings-limit", "5")
    assert code == 0
    first = [x for x in out.splitlines() if x.startswith("  warn ")]
    assert len(first) == 5
    line = more_line(out, "More findings: ")
    assert "--findings-page 2@" in line
    code, out2, _ = follow(line)
    assert code == 0
    second = [x for x in out2.splitlines() if x.startswith("  warn ")]
    assert len(second) == 5
    assert not set(first) & set(second)
    assert "Findings 6–10 of " in out2


def test_findings_cursor_is_for_json_output_only() -> None:
    """A cursor of the JSON findings channel (every severity) does not page readable output."""
    code, _, err = run(*ROOT, "superseded", "--findings-cursor", "abc")
    assert code == 2
    assert "--findings-page" in err


def test_lint_hides_info_findings_unless_asked(tmp_path: Path) -> None:
    """`lint` lists errors and warnings; `--findings all` adds the info ones; counts stay."""
    root = _jabref_repo(tmp_path)
    code, out, _ = run(*root, "lint")
    assert code == 0
    assert " info git-date" not in out
    assert any(line.endswith("notes.") for line in out.splitlines()[-2:])
    code, out, _ = run(*root, "lint", "--findings", "all")
    assert (code, " info git-date" in out) == (0, True)
