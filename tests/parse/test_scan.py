"""Tests for `govmem.parse.scan`: the quick scanner reads what CommonMark reads, or gives up.

The load reads a body's headings, the lines code and comments hide, and its
link definitions from the scanner's outline when it returns one; these
tests hold it to markdown-it's (`outline`) on every file of every corpus and
on generated Markdown built to probe a block parser's corners, and hold
`read_markdown` to the same values whichever outline it read.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any
from unittest import mock

import attrs
import pytest
from hypothesis import example, given

from govmem.parse.markdown import read_markdown, readable_lines, split_frontmatter
from govmem.parse.outline import Outline, outline
from govmem.parse.prose import prose_spans
from govmem.parse.scan import scan
from govmem.testing import markdown_texts

ROOT = Path(__file__).resolve().parents[2]
BODIES = sorted(
    (*(ROOT / "tests" / "data" / "corpora").rglob("*.md"), *(ROOT / "examples").rglob("*.md"))
)


def prose_of(quick: Outline) -> tuple[Any, ...] | None:
    """The prose blocks the scanner found (`Outline.paragraphs`), as `prose_spans` reads them."""
    if quick.paragraphs is None:
        return None
    return prose_spans(attrs.evolve(quick, blocks=quick.paragraphs))


def view(doc: Outline) -> tuple[Any, ...]:
    """What a load reads from an outline: headings, readable lines, definitions."""
    heads = [(h.level, h.text, h.line, h.end, h.section_end) for h in doc.headings]
    return heads, readable_lines(doc), doc.definitions


def read_fully(body: str) -> dict[str, Any]:
    """`read_markdown` with markdown-it's outline only, prose aside."""
    with mock.patch("govmem.parse.markdown.scan", return_value=None):
        return attrs.asdict(read_markdown(body), recurse=False) | {"prose": None}


def read_quickly(body: str) -> dict[str, Any]:
    return attrs.asdict(read_markdown(body), recurse=False) | {"prose": None}


def body_of(path: Path) -> str:
    return split_frontmatter(path.read_text(encoding="utf-8", errors="replace"))[1]


@given(markdown_texts())
def test_the_scanner_reads_what_commonmark_reads_or_gives_up(text: str) -> None:
    """Headings, the lines code and comments hide, definitions: all as markdown-it's."""
    quick = scan(text)
    if quick is not None:
        assert view(quick) == view(outline(text))


@given(markdown_texts())
@example("- > text\n> text")  # the item's quote ends with the item: `> text` opens another
def test_the_scanners_paragraphs_are_commonmarks_or_none(text: str) -> None:
    """Where the scanner is sure of the paragraphs (no `|` that may make a table), they are
    markdown-it's, line for line and where each one's text starts: what evidence quotes."""
    quick = scan(text)
    if quick is not None and (mine := prose_of(quick)) is not None:
        assert mine == prose_spans(outline(text))


@given(markdown_texts())
def test_read_markdown_reads_the_same_values_whichever_outline(text: str) -> None:
    """Title, metadata block, status, dates, changelog, links: one reading either way."""
    assert read_quickly(text) == read_fully(text)


def test_every_corpus_file_reads_the_same_and_most_are_scanned() -> None:
    """On the real corpora the scanner agrees everywhere, and gives up on few files
    (what it gives up on is parsed as before: only slower)."""
    scanned = prosed = 0
    for path in BODIES:
        body = body_of(path)
        quick = scan(body)
        if quick is not None:
            scanned += 1
            assert view(quick) == view(outline(body)), path
            mine = prose_of(quick)
            assert mine is None or mine == prose_spans(outline(body)), path
            prosed += mine is not None
        assert read_quickly(body) == read_fully(body), path
    assert len(BODIES) > 900
    assert scanned >= 0.9 * len(BODIES), f"{scanned} of {len(BODIES)} scanned"
    assert prosed >= 0.8 * len(BODIES), f"{prosed} of {len(BODIES)} with their paragraphs"


@pytest.mark.parametrize(
    ("text", "headings"),
    [
        (
            "# T\n\n## Decision Drivers <!-- optional -->\n",
            ["T", "Decision Drivers <!-- optional -->"],
        ),
        ("Title\n=====\nDate: 2024\n\nStatus\n------\n", ["Title", "Status"]),
        ("# T\n\n- a\n    - b\n\n      code\n\n## S\n", ["T", "S"]),
        ("1. step\n\n   ```sh\n   # not a heading\n   ```\n# H\n", ["H"]),
        ("# T\n\nText[^1].\n\n[^1]: A footnote, no definition.\n", ["T"]),
        ("- item\nlazy\n---\n", []),
        ("Text\n\n    # indented code\n", []),
    ],
)
def test_the_scanner_reads_the_markdown_adrs_are_written_in(text: str, headings: list[str]) -> None:
    """MADR's commented headings, setext titles, nested lists, code in items, footnotes,
    lazy lines: read without the parser, as the parser reads them."""
    quick = scan(text)
    assert quick is not None
    assert [h.text for h in quick.headings] == headings
    assert view(quick) == view(outline(text))


@pytest.mark.parametrize(
    "text",
    [
        "<div>\n## in html\n</div>\n",
        "> ## quoted\n",
        "\t# tab\n",
        "- [a]: /u\n",
        '[a]: /u\n"title"\n',
        "| a |\n|---|\n| x <!-- c --> |\n",
        "x <!-- c -->\n- y <!-- d -->\n",
    ],
)
def test_the_scanner_gives_up_where_only_the_parser_knows(text: str) -> None:
    """HTML blocks, headings in quotes, tabs, definitions in items or with titles,
    comments in tables or items: None, and the caller parses."""
    assert scan(text) is None
