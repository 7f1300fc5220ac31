"""Tests for `govmem.render.report`: the static HTML site as a mapping path -> page."""

from __future__ import annotations

import base64
import hashlib
import json
import re
from datetime import UTC, datetime
from html.parser import HTMLParser
from typing import Any, Final

import pytest
from attrs import evolve

import govmem
from govmem import Corpus, Record
from govmem.model.time import parse_iso
from govmem.render.report import anchor, build_report, topic_slugs
from tests.conftest import EXAMPLE

NOW: Final = datetime(2026, 9, 8, 12, tzinfo=UTC)
EXAMPLE_PAGES: Final = (
    "findings.html",
    "graph.html",
    "index.html",
    "log.html",
    "records/adr-001.html",
    "records/adr-011.html",
    "records/adr-024.html",
    "records/claim-chat-dynamodb.html",
    "topics/database.html",
)
"""The pages of the example corpus's report, sorted."""
AS_OF: Final = parse_iso("2026-09-08")


@pytest.fixture(scope="module")
def site() -> dict[str, str]:
    """The report of the example corpus as of 2026-09-08."""
    return build_report(govmem.load(EXAMPLE), AS_OF, now=NOW, title="decisions")


class _Tags(HTMLParser):
    """Every start tag with its attributes, and the text of script elements."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.scripts: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        self._in_script = tag == "script"

    def handle_endtag(self, tag: str) -> None:
        self._in_script = False

    def handle_data(self, data: str) -> None:
        if self._in_script:
            self.scripts.append(data)


def _parse(page: str) -> _Tags:
    parser = _Tags()
    parser.feed(page)
    return parser


def test_the_site_has_an_index_a_log_a_graph_the_findings_and_a_page_per_topic_and_record(
    site: dict[str, str],
) -> None:
    """The corpus-wide pages, topics/database.html and one page per record."""
    assert list(site) == list(EXAMPLE_PAGES)


def test_the_index_lists_each_topic_with_its_current_decision(site: dict[str, str]) -> None:
    """The database topic reads contested, adr-024 = PostgreSQL linked to its page; nav links."""
    index = site["index.html"]
    row = re.search(r'<tr><td><a href="topics/database.html">database</a></td>.*?</tr>', index)
    assert row is not None
    assert "st-contested" in row[0]
    assert '<a class="mono" href="records/adr-024.html">adr-024</a> = PostgreSQL' in row[0]
    assert "ADR 024 — PostgreSQL per i nuovi servizi" in row[0]
    assert "1 contested" in index
    for href in ("log.html", "graph.html", "findings.html"):
        assert f'<a href="{href}">' in index


def test_a_topic_page_holds_the_answer_graph_timeline_history_conflicts_and_records(
    site: dict[str, str],
) -> None:
    """Each part of the page is present, with the claim's open conflict and every record anchored."""
    page = site["topics/database.html"]
    for heading in (
        "Current answer",
        "Decision graph",
        "Timeline",
        "Conflicts",
        "History",
        "Records",
        "Findings",
    ):
        assert f"<h2>{heading}</h2>" in page
    assert 'class="govmem-timeline"' in page
    assert 'class="govmem-graph"' in page
    assert page.count('<g class="node ') == 4
    assert "rel-dynamodb-vs-adr-024" in page
    assert "PostgreSQL è il database approvato per i nuovi servizi dal 1 febbraio 2026." in page
    for rid in ("adr-001", "adr-011", "adr-024", "claim-chat-dynamodb"):
        assert f'<h3 id="{anchor(rid)}">' in page
        assert f'href="../records/{rid}.html"' in page
    assert "flowchart LR" in page  # the Mermaid source, folded under the picture


def test_a_record_page_renders_its_markdown_and_says_what_replaced_it(
    site: dict[str, str],
) -> None:
    """adr-001: its H1 is the page title, its sections are headings, adr-024 replaced it."""
    page = site["records/adr-001.html"]
    assert "<h1>ADR 001 — MySQL come database di default</h1>" in page
    assert "<h2>Contesto</h2>" in page
    assert "# ADR 001" not in page
    assert re.search(r"<b>Superseded</b> on 2026-02-01 by <a [^>]*>adr-024</a>", page)
    assert "The current decision on" in page
    assert 'href="../topics/database.html"' in page
    current = site["records/adr-024.html"]
    assert "<b>The current decision</b> on" in current
    assert "Supersedes <a" in current


def test_the_log_lists_every_record_newest_first_with_a_status_filter(
    site: dict[str, str],
) -> None:
    """One row per record in date order; a radio input and label per status present."""
    log = site["log.html"]
    rows = re.findall(
        r'<tr class="row row-(\w+)"><td><a class="mono" href="records/([^"]+)\.html"', log
    )
    assert rows == [
        ("proposed", "claim-chat-dynamodb"),
        ("accepted", "adr-024"),
        ("accepted", "adr-011"),
        ("superseded", "adr-001"),
    ]
    for status in ("all", "accepted", "proposed", "superseded"):
        assert f'<input type="radio" name="show" id="show-{status}"' in log
        assert f'<label for="show-{status}">' in log
    assert "<script" not in log


def test_the_graph_page_draws_the_whole_corpus(site: dict[str, str]) -> None:
    """graph.html holds the SVG with a node per linked record and a legend."""
    page = site["graph.html"]
    assert page.count('<g class="node ') == 4
    assert '<p class="legend">' in page
    assert "replaced by" in page


def test_pages_load_nothing_from_outside_and_their_csp_hashes_match(site: dict[str, str]) -> None:
    """No src to another origin, no style attribute; the CSP allows exactly the inline style and script."""
    for path, page in site.items():
        parsed = _parse(page)
        for tag, attrs in parsed.tags:
            assert "style" not in attrs, (path, tag)
            assert not re.match(r"^[a-z]+:", attrs.get("src") or ""), (path, tag)
            href = attrs.get("href") or ""
            if tag == "link":
                assert href.startswith("data:"), (path, tag)
            else:
                assert not re.match(r"^[a-z]+:", href) or href.startswith(("https:", "http:"))
        csp = next(a["content"] for t, a in parsed.tags if t == "meta" and a.get("http-equiv"))
        assert csp is not None
        assert "default-src 'none'" in csp
        assert "unsafe-inline" not in csp
        style = re.search(r"<style>(.*?)</style>", page, re.S)
        assert style is not None
        assert _sha(style[1]) in csp
        for script in parsed.scripts:
            assert _sha(script) in csp


def _sha(text: str) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()


def test_the_search_index_is_embedded_as_a_javascript_value(site: dict[str, str]) -> None:
    """`window.GOVMEM_INDEX` holds one entry per record, each linking to its anchor."""
    script = _parse(site["index.html"]).scripts[0]
    m = re.match(r"window\.GOVMEM_INDEX = (\[.*?\]);\n", script, re.S)
    assert m is not None
    entries = json.loads(m[1])
    assert [e["id"] for e in entries] == ["adr-001", "adr-011", "adr-024", "claim-chat-dynamodb"]
    assert entries[2]["url"] == "records/adr-024.html"
    assert "fetch(" not in script
    assert "innerHTML" not in script


def _decision(rid: str, title: str, **changes: Any) -> Record:
    base = Record(
        id=rid, kind="decision", title=title, content=title, status="accepted", label="accepted"
    )
    return evolve(base, **changes)


def test_corpus_text_is_escaped_everywhere() -> None:
    """Markup in ids, titles, topics, values and bodies never reaches a page as markup."""
    evil = '<img src=x onerror=alert(1)>"</script><script>alert(2)</script>'
    corpus = Corpus.from_records(
        [
            _decision(
                "x</script>",
                evil,
                topic=evil,
                value=evil,
                body=evil,
                valid_from=parse_iso("2024-01-01"),
            )
        ]
    )
    site = build_report(corpus, AS_OF, now=NOW, title=evil)
    for path, page in site.items():
        assert "<img" not in page, path
        assert "<script>alert" not in page, path
        assert page.count("<script>") == (1 if path == "index.html" else 0), path
        assert page.count("</script>") == (1 if path == "index.html" else 0), path


def test_topic_file_names_are_slugs_made_unique() -> None:
    """Topics that slug alike, or to nothing, get a short hash; names are stable."""
    names = topic_slugs(["Data base", "data-base", "日本"])
    assert names["Data base"] == "data-base"
    assert re.fullmatch(r"data-base-[0-9a-f]{8}", names["data-base"])
    assert re.fullmatch(r"topic-[0-9a-f]{8}", names["日本"])
    assert topic_slugs(["Data base", "data-base", "日本"]) == names


def test_the_report_is_deterministic() -> None:
    """The same corpus and as_of give the same bytes on every page."""
    one = build_report(govmem.load(EXAMPLE), AS_OF, now=NOW)
    two = build_report(govmem.load(EXAMPLE), AS_OF, now=datetime(2030, 1, 1, tzinfo=UTC))
    assert one == two


def test_only_a_decision_in_force_is_called_current() -> None:
    """A topic whose answer is only a draft: no `current` tag, the record page says proposed."""
    corpus = Corpus.from_records(
        [
            _decision(
                "d1", "Use X", topic="x", status="proposed", label="draft",
                valid_from=parse_iso("2024-01-01"),
            )
        ]
    )  # fmt: skip
    site = build_report(corpus, AS_OF, now=NOW)
    assert ">current</text>" not in site["topics/x.html"]
    record = site["records/d1.html"]
    assert "<b>Proposed</b> (draft): not in force." in record
    assert "No decision on" in record


def test_the_log_puts_undated_records_last_highest_number_first() -> None:
    """Dated records newest first, then the undated ones by number, descending."""
    corpus = Corpus.from_records(
        [
            _decision("0001", "One", topic="a"),
            _decision("0002", "Two", topic="b", valid_from=parse_iso("2020-01-01")),
            _decision("0003", "Three", topic="c"),
            _decision("0004", "Four", topic="d", valid_from=parse_iso("2021-01-01")),
        ]
    )
    log = build_report(corpus, AS_OF, now=NOW)["log.html"]
    order = re.findall(r'<tr class="row [^"]+"><td><a class="mono" href="records/(\d+)\.html"', log)
    assert order == ["0004", "0002", "0003", "0001"]
