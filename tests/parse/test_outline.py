"""Tests for `govmem.parse.outline`: a Markdown text's block structure from one CommonMark parse."""

from __future__ import annotations

import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from markdown_it import MarkdownIt

from govmem.parse import outline as _outline
from govmem.parse.markdown import split_frontmatter
from govmem.parse.outline import Outline, heading_name, outline, split_lines


def headings(text: str) -> list[tuple[int, str]]:
    """(level, text) of each heading of `text`."""
    return [(h.level, h.text) for h in outline(text).headings]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("# Title\n## Status ##\n", [(1, "Title"), (2, "Status")]),
        ("Title\n=====\n\nStatus\n------\nAccepted\n", [(1, "Title"), (2, "Status")]),
        ("Two lines\nof title\n===\n", [(1, "Two lines of title")]),
        ("```\n# fenced\n```\n~~~\n## tilde\n~~~\n", []),
        ("Text.\n\n    # indented code\n", []),
        ("<!--\n## commented\n-->\n", []),
        ("<div>\n## in html\n</div>\n", []),
        ("- item\n---\n", []),
        ("#hashtag\n#\n", [(1, "")]),
        ("> ## quoted\n", [(2, "quoted")]),
    ],
)
def test_headings_are_atx_and_setext_outside_code_and_html(
    text: str, expected: list[tuple[int, str]]
) -> None:
    """CommonMark decides what a heading is; code, comments and HTML blocks hold none."""
    assert headings(text) == expected


def test_sections_run_to_the_next_heading_of_the_same_or_a_higher_level() -> None:
    """`section(i)` is the line range under heading i, subsections included."""
    doc = outline("# T\n## A\na\n### A1\nb\n## B\nc\n# U\n")
    assert [doc.section(i) for i in range(len(doc.headings))] == [
        (1, 7),
        (2, 5),
        (4, 5),
        (6, 7),
        (8, 9),
    ]


def test_paragraph_blocks_know_where_their_text_starts() -> None:
    """List markers and `>` before a paragraph's first line are not its text."""
    doc = outline("- one\n  two\n\n> 1. quoted\n\nplain\n\n| a | b |\n|---|---|\n")
    cut = [(b.kind, doc.lines[b.line][b.lead :]) for b in doc.blocks]
    assert cut == [
        ("paragraph", "one"),
        ("paragraph", "quoted"),
        ("paragraph", "plain"),
        ("table", "| a | b |"),
    ]


def test_link_definitions_outside_code_are_read_verbatim_first_one_wins() -> None:
    """Labels lower-cased, targets as written (not percent-encoded)."""
    text = "```\n[a]: code.md\n```\n\n[A]: ./città.md\n[a]: later.md\n\n- [b]: <b b.md>\n"
    assert outline(text).definitions == (("a", "./città.md"), ("b", "b b.md"))


def test_lines_split_where_commonmark_splits_them() -> None:
    """`\\r\\n`, `\\r` and `\\n` end a line; other separators do not."""
    assert split_lines("a\r\nb\rc\nd\u2028e\x0cf") == ["a", "b", "c", "d\u2028e\x0cf"]
    doc = outline("# A\r## B\r\n\r\ntext\u2028more\r")
    assert [(h.text, h.line) for h in doc.headings] == [("A", 0), ("B", 1)]
    assert doc.lines[doc.blocks[0].line] == "text\u2028more"


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("2. **Décision**", "decision"),
        ("Decision Outcome <!-- REQUIRED -->", "decision outcome"),
        ("Links <!-- optional --> here", "links here"),
        ("Links <!-- unclosed", "links"),
    ],
)
def test_heading_names_are_folded_words(text: str, name: str) -> None:
    """Numbers, markup, accents and HTML comments go (SPEC §2: nothing inside an HTML comment
    counts; MADR and log4brains templates write `## Links <!-- optional -->`); words stay."""
    assert heading_name(text) == name


def test_a_commented_out_section_of_a_real_adr_is_no_heading(corpora: Path) -> None:
    """cometbft ADR 112 comments out its `### Changes to CommitSig` sections with `<!---`."""
    text = (corpora / "cometbft" / "adr-112-proposer-based-timestamps.md").read_text("utf-8")
    names = [h.text for h in outline(split_frontmatter(text)[1]).headings]
    assert "Changes to `CommitSig`" not in names
    assert "Remove voteTime Completely" not in names
    assert "Decision" in names


def test_the_shared_parser_gives_the_same_outline_from_many_threads(corpora: Path) -> None:
    """`MarkdownIt.parse` keeps its state per call: worker threads may share the parser."""
    texts = [p.read_text("utf-8") for p in sorted((corpora / "govuk-aws").glob("*.md"))]
    fresh = [outline.__wrapped__(t) for t in texts]
    with ThreadPoolExecutor(max_workers=8) as pool:
        for _ in range(3):
            assert list(pool.map(outline.__wrapped__, texts)) == fresh


def test_the_parser_compiles_its_rule_chains_before_first_use() -> None:
    """A fresh parser compiles them lazily; ours is built with them compiled."""
    parser: MarkdownIt = _outline._parser()
    assert parser.block.ruler.__cache__ is not None
    assert parser.core.ruler.__cache__ is not None
    assert _outline._parser() is parser


def test_a_start_that_parses_nothing_never_imports_markdown_it() -> None:
    """The CLI and the library import markdown-it on the first parse, not before (a corpus
    restored from a snapshot never parses)."""
    code = "import sys, govmem, govmem.cli.main; print(sorted(m for m in sys.modules if m.startswith(('markdown_it', 'govmem.render'))))"
    got = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert got.stdout.strip() == "[]"


@given(st.text(max_size=200))
def test_any_text_has_an_outline_whose_ranges_fit_its_lines(text: str) -> None:
    """Every heading and block range lies within the text's lines."""
    doc: Outline = outline(text)
    n = len(doc.lines)
    assert n == len(split_lines(text))
    for h in doc.headings:
        assert 0 <= h.line < h.end <= h.section_end <= n
    for b in doc.blocks:
        assert 0 <= b.line < b.end <= n
        assert 0 <= b.lead <= len(doc.lines[b.line])
