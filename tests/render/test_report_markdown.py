"""Tests for `govmem.render.report_markdown`: record bodies as HTML for the report, and their links."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Final

import pytest

from govmem import Corpus, Record
from govmem.model.time import parse_iso
from govmem.render.report import build_report
from govmem.render.report_markdown import make_markdown, render_inline, render_markdown

NOW: Final = datetime(2026, 9, 8, 12, tzinfo=UTC)


def _none(href: str) -> str | None:
    return None


def test_commonmark_and_tables_render_with_alignment_as_classes() -> None:
    """Emphasis, lists, code and a table; alignment is a class, the table scrolls in a box."""
    text = "Some *emphasis* and `code`.\n\n- one\n- two\n\n| a | b |\n|:-|-:|\n| 1 | 2 |\n"
    html = render_markdown(make_markdown(), text, _none).html
    assert "<em>emphasis</em>" in html
    assert "<code>code</code>" in html
    assert "<li>one</li>" in html
    assert '<div class="table-scroll"><table>' in html
    assert '<th class="ta-left">a</th>' in html
    assert '<td class="ta-right">2</td>' in html
    assert "style=" not in html


@pytest.mark.parametrize(
    "text",
    [
        "<script>alert(1)</script>",
        '<img src=x onerror="alert(1)">',
        "<b>bold</b> <iframe src=//evil>",
        "[click](javascript:alert(1))",
        "[click](JAVASCRIPT:alert(1))",
        "[data](data:text/html;base64,PHNjcmlwdD4=)",
        "![x](javascript:alert(1))",
    ],
)
def test_raw_html_and_script_urls_never_become_markup(text: str) -> None:
    """Raw HTML is shown as text; `javascript:` and `data:` links stay text."""
    html = render_markdown(make_markdown(), text, _none).html
    for bad in ("<script", "<img", "<iframe", "<b>", 'href="javascript', 'href="data', 'onerror="'):
        assert bad not in html.lower()


def test_links_name_records_pages_or_stay_external_or_become_text() -> None:
    """A resolved link -> its page; http(s), mailto and #fragments kept; others are text."""
    text = (
        "[a](0007-use-x.md) [b](https://example.com/x) [c](mailto:a@b.c) [d](#context) "
        "[e](../src/main.py) [f](ftp://example.com/f)"
    )
    html = render_markdown(
        make_markdown(), text, lambda h: "../records/0007.html" if h == "0007-use-x.md" else None
    ).html
    assert '<a href="../records/0007.html" class="record-link">a</a>' in html
    assert '<a href="https://example.com/x">b</a>' in html
    assert '<a href="mailto:a@b.c">c</a>' in html
    assert '<a href="#context">d</a>' in html
    assert (
        '<span class="repo-link" title="in the source repository: ../src/main.py">e</span>' in html
    )
    assert '<a href="ftp' not in html


def test_images_are_never_loaded() -> None:
    """An http(s) image becomes a link to it; a repository image becomes its alt text."""
    html = render_markdown(
        make_markdown(), "![diagram](img/d.png) ![remote](https://example.com/r.png)", _none
    ).html
    assert "<img" not in html
    assert '<span class="image-link" title="img/d.png">image: diagram</span>' in html
    assert '<a class="image-link" href="https://example.com/r.png">image: remote</a>' in html


def test_a_leading_title_is_taken_off_and_headings_never_reach_h1() -> None:
    """`# T` becomes the title; `##` stays h2; a body without a title moves `#` to h2."""
    md = make_markdown()
    one = render_markdown(md, "# ADR 7 — Use *X*\n\n## Context\n\ntext\n\n# Stray\n", _none)
    assert one.title == "ADR 7 — Use X"
    assert "<h2>Context</h2>" in one.html
    assert "<h2>Stray</h2>" in one.html
    assert "<h1>" not in one.html
    two = render_markdown(md, "Intro\n\n# Context\n", _none)
    assert two.title is None
    assert "<h2>Context</h2>" in two.html


def test_an_inline_excerpt_renders_its_links() -> None:
    """An evidence excerpt's Markdown link becomes a link, its HTML stays text."""
    html = render_inline(make_markdown(), "adds [std](https://example.com/s) <b>x</b>", _none)
    assert html == 'adds <a href="https://example.com/s">std</a> &lt;b&gt;x&lt;/b&gt;'


def _adr(rid: str, path: str, body: str) -> Record:
    return Record(
        id=rid,
        kind="decision",
        title=rid,
        content=rid,
        status="accepted",
        label="accepted",
        topic=rid,
        path=path,
        body=body,
        valid_from=parse_iso("2024-01-01"),
    )


def test_links_between_adrs_point_at_the_reports_own_pages() -> None:
    """Relative links, bare or through a folder, reach the linked record's page."""
    corpus = Corpus.from_records(
        [
            _adr("0001", "docs/adr/0001-use-x.md", "# Use X\n\nFirst.\n"),
            _adr(
                "0002",
                "docs/adr/0002-use-y.md",
                "# Use Y\n\nSee [X](0001-use-x.md), [again](../adr/0001-use-x.md#context), "
                "[missing](0009-none.md) and [the code](../../src/app.py).\n",
            ),
        ]
    )
    page = build_report(corpus, parse_iso("2026-01-01"), now=NOW)["records/0002.html"]
    assert '<a href="../records/0001.html" class="record-link">X</a>' in page
    assert '<a href="../records/0001.html" class="record-link">again</a>' in page
    assert 'title="in the source repository: 0009-none.md">missing</span>' in page
    assert 'title="in the source repository: ../../src/app.py">the code</span>' in page
