"""The `console` examples of docs/*.md run, and print what the page says they print.

The convention, for any page under `docs/`:

* A fenced block whose info string names a file — ```` ```markdown
  file=docs/adr/0001-x.md ````, ```` ```yaml file=govmem.yaml ```` — is that
  file's exact text. The files of a page accumulate into one temporary
  corpus, the page's *example*, until a `console` block runs on it.
* A ```` ```console ```` block holds commands, each on a line starting with
  `$ govmem`, each followed by the output it prints on stdout. The commands
  run in-process (`govmem.cli.main`) from the example's folder when file
  blocks came before the block, else from the repository root (so
  `$ govmem --root examples/decisions lint` works). After a `console` block the
  next file block starts a new, empty example.
* Expected output is compared line by line, trailing spaces ignored. A line
  that is only `...` matches any number of lines; `...` inside a line
  matches any text. The exit code must be 0, unless the last expected line
  is `[exit N]`. stderr is not compared.
"""

from __future__ import annotations

import io
import re
import shlex
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Final

import pytest
from attrs import frozen

from govmem.cli import main
from tests.conftest import REPO

_FENCE: Final = re.compile(r"^```([^\n`]*)\n(.*?)^```[ \t]*$", re.S | re.M)
_FILE: Final = re.compile(r"(?:^|\s)file=(\S+)")
_EXIT: Final = re.compile(r"^\[exit (\d+)\]$")


@frozen
class Command:
    """One `$ govmem …` line of a console block and what it should print."""

    argv: tuple[str, ...]
    expected: tuple[str, ...]
    exit_code: int
    line: int


@frozen
class Example:
    """Files to write (none: run from the repository root) and the commands to run on them."""

    files: tuple[tuple[str, str], ...]
    commands: tuple[Command, ...]


def _commands(body: str, first_line: int) -> list[Command]:
    commands: list[Command] = []
    argv: list[str] | None = None
    lines: list[str] = []
    start = first_line

    def flush() -> None:
        if argv is None:
            return
        expected = list(lines)
        while expected and not expected[-1].strip():
            expected.pop()
        code = 0
        if expected and (m := _EXIT.match(expected[-1].strip())):
            code = int(m[1])
            expected.pop()
            while expected and not expected[-1].strip():
                expected.pop()
        commands.append(Command(tuple(argv), tuple(expected), code, start))

    for offset, line in enumerate(body.splitlines()):
        if line.startswith("$ "):
            flush()
            words = shlex.split(line[2:])
            assert words[:1] == ["govmem"], f"line {first_line + offset}: only govmem runs"
            argv, lines, start = words[1:], [], first_line + offset
        else:
            lines.append(line.rstrip())
    flush()
    return commands


def examples(page: Path) -> list[Example]:
    """The examples of a page, in order."""
    text = page.read_text(encoding="utf-8")
    found: list[Example] = []
    files: list[tuple[str, str]] = []
    for m in _FENCE.finditer(text):
        info, body = m[1].strip(), m[2]
        line = text.count("\n", 0, m.start()) + 2
        if (name := _FILE.search(info)) is not None:
            files.append((name[1], body))
        elif info.split()[:1] == ["console"]:
            found.append(Example(tuple(files), tuple(_commands(body, line))))
            files = []
    assert not files, f"{page.name}: file blocks after the last console block are never run"
    return found


def matches(expected: tuple[str, ...], actual: list[str]) -> bool:
    """Whether `actual` lines match `expected`, with `...` wildcards."""
    parts: list[str] = []
    for line in expected:
        if line.strip() == "...":
            parts.append(r"(?:[^\n]*\n)*?")
        else:
            pieces = [re.escape(p) for p in line.split("...")]
            parts.append("[^\n]*".join(pieces) + r"\n")
    return re.fullmatch("".join(parts), "".join(a + "\n" for a in actual)) is not None


PAGES: Final = sorted((REPO / "docs").glob("*.md"))
CASES: Final = [
    pytest.param(page, example, id=f"{page.name}:{example.commands[0].line}")
    for page in PAGES
    for example in examples(page)
    if example.commands
]


@pytest.mark.parametrize(("page", "example"), CASES)
def test_console_examples_in_the_docs_print_what_they_say(
    page: Path, example: Example, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each command of the example prints its expected output and exits as stated."""
    if example.files:
        for rel, body in example.files:
            path = tmp_path / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(body, encoding="utf-8")
        monkeypatch.chdir(tmp_path)
    else:
        monkeypatch.chdir(REPO)
    for command in example.commands:
        stdout, stderr = io.StringIO(), io.StringIO()
        with redirect_stdout(stdout), redirect_stderr(stderr):
            code = main(list(command.argv))
        actual = [line.rstrip() for line in stdout.getvalue().splitlines()]
        where = f"{page.name} line {command.line}: govmem {shlex.join(command.argv)}"
        assert code == command.exit_code, f"{where}: exit {code}; stderr: {stderr.getvalue()}"
        assert matches(command.expected, actual), f"{where} printed:\n" + "\n".join(actual)


@pytest.mark.parametrize(
    ("expected", "actual", "ok"),
    [
        (("a", "b"), ["a", "b"], True),
        (("a", "..."), ["a", "b", "c"], True),
        (("a", "...", "c"), ["a", "c"], True),
        (("x ... z",), ["x yy z"], True),
        (("a",), ["a", "b"], False),
        (("a", "...", "d"), ["a", "b", "c"], False),
        (("a.b",), ["axb"], False),
    ],
)
def test_expected_output_wildcards(expected: tuple[str, ...], actual: list[str], ok: bool) -> None:
    """`...` lines match any lines, `...` in a line any text; the rest is literal."""
    assert matches(expected, actual) is ok


def test_examples_collect_files_then_commands(tmp_path: Path) -> None:
    """File blocks gather until a console block; the next example starts empty."""
    page = tmp_path / "p.md"
    page.write_text(
        "```yaml file=govmem.yaml\npaths: [.]\n```\n\n"
        "```console\n$ govmem lint\nout\n\n[exit 1]\n$ govmem lint --json\n```\n\n"
        "```console\n$ govmem --root examples/decisions lint\n...\n```\n",
        encoding="utf-8",
    )
    first, second = examples(page)
    assert first.files == (("govmem.yaml", "paths: [.]\n"),)
    assert [(c.argv, c.expected, c.exit_code) for c in first.commands] == [
        (("lint",), ("out",), 1),
        (("lint", "--json"), (), 0),
    ]
    assert second.files == ()
    assert second.commands[0].argv == ("--root", "examples/decisions", "lint")
