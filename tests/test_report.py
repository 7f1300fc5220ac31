"""Tests for `govmem._report`: the static HTML site as a mapping path -> page."""

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
from govmem._report import anchor, build_report, topic_slugs
from govmem._time import parse_iso

from .conftest import EXAMPLE

NOW: Final = datetime(2026, 9, 8, 12, tzinfo=UTC)
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


def test_the_site_has_an_index_a_page_per_topic_and_the_findings(site: dict[str, str]) -> None:
    """index.html, findings.html and topics/database.html, nothing else."""
    assert list(site) == ["findings.html", "index.html", "topics/database.html"]


def test_the_index_lists_each_topic_with_its_current_status(site: dict[str, str]) -> None:
    """The database topic links to its page and reads contested, with adr-024 = PostgreSQL."""
    index = site["index.html"]
    row = re.search(r'<tr><td><a href="topics/database.html">database</a></td>.*?</tr>', index)
    assert row is not None
    assert "st-contested" in row[0]
    assert '<span class="mono">adr-024</span> = PostgreSQL' in row[0]
    assert "1 contested" in index


def test_a_topic_page_holds_the_answer_timeline_history_conflicts_and_records(
    site: dict[str, str],
) -> None:
    """Each part of the page is present, with the claim's open conflict and every record anchored."""
    page = site["topics/database.html"]
    for heading in ("Current answer", "Timeline", "Conflicts", "History", "Records", "Findings"):
        assert f"<h2>{heading}</h2>" in page
    assert '<svg xmlns="http://www.w3.org/2000/svg"' in page
    assert "rel-dynamodb-vs-adr-024" in page
    assert "PostgreSQL è il database approvato per i nuovi servizi dal 1 febbraio 2026." in page
    for rid in ("adr-001", "adr-011", "adr-024", "claim-chat-dynamodb"):
        assert f'<h3 id="{anchor(rid)}">' in page
    assert "flowchart LR" in page  # the Mermaid source of the topic's graph


def test_pages_load_nothing_from_outside_and_their_csp_hashes_match(site: dict[str, str]) -> None:
    """No src/href to another origin; the CSP allows exactly the inline style and script."""
    for path, page in site.items():
        parsed = _parse(page)
        for tag, attrs in parsed.tags:
            for key in ("src", "href"):
                value = attrs.get(key) or ""
                assert not re.match(r"^[a-z]+:", value) or value.startswith("data:"), (path, tag)
        csp = next(a["content"] for t, a in parsed.tags if t == "meta" and a.get("http-equiv"))
        assert csp is not None
        assert "default-src 'none'" in csp
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
    assert entries[2]["url"] == "topics/database.html#rec-adr-024"
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
