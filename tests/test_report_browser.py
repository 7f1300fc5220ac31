"""The report and the Mermaid graph in a real headless browser (Debian's `chromium`).

`govmem report` is run (in-process, through the CLI) on the example corpus and
on two real corpora of `tests/data/corpora`; every page is opened from `file://`
in headless Chromium, driven over the DevTools pipe (`tests/cdp.py`). Each
page must load with no console error, no uncaught exception and no blocked
resource; each topic page must carry its timeline SVG; the search must find
a decision by a word of its title, typed in the box and given as `#q=word`.
Screenshots of the index and of one topic page of each corpus are saved
under `test-artifacts/`.

The Mermaid output of `govmem graph` is rendered by Mermaid's own JavaScript
in the same browser when `GOVMEM_MERMAID_JS` names a `mermaid.min.js`
(`.ci/run` fetches one from the npm registry).

Without Chromium (or Mermaid) these tests skip, unless
`GOVMEM_REQUIRE_BROWSER=1` (set by `.ci/run`), where they fail instead.
"""

from __future__ import annotations

import io
import json
import os
import re
from collections.abc import Iterator
from contextlib import redirect_stdout
from pathlib import Path
from typing import Final

import pytest
from attrs import frozen

import govmem
from govmem.cli import main

from .cdp import Browser, find_chromium
from .conftest import CORPORA, EXAMPLE, REPO

ARTIFACTS: Final = REPO / "test-artifacts"
REQUIRED: Final = os.environ.get("GOVMEM_REQUIRE_BROWSER") == "1"


@frozen
class Site:
    """A corpus, how to load it, and the report written from it."""

    name: str
    root: Path
    config: Path | None
    as_of: str
    out: Path


def _missing(what: str) -> None:
    if REQUIRED:
        pytest.fail(f"{what} (GOVMEM_REQUIRE_BROWSER=1)")
    pytest.skip(what)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """One headless Chromium for the module."""
    binary = find_chromium()
    if binary is None:
        _missing("chromium is not installed")
    assert binary is not None
    with Browser(binary) as b:
        yield b


_REAL: Final = {
    "cometbft": (
        "exclude: [SOURCE.md]\n"
        "paths: [{path: ., scope: cometbft}, {path: tendermint-core, scope: tendermint-core}]\n"
        "scopes: {all: {cometbft: {}, tendermint-core: {}}}\n"
    ),
    "moj-cloud-platform": "exclude: [SOURCE.md]\n",
}
"""Two real corpora: two scopes and rejections in favour of others; emoji statuses and chains."""


@pytest.fixture(scope="module")
def sites(tmp_path_factory: pytest.TempPathFactory) -> list[Site]:
    """`govmem report` of the example corpus and of two real corpora, written to folders."""
    out = [Site("example", EXAMPLE, None, "2026-09-08", tmp_path_factory.mktemp("example"))]
    for name, config_text in _REAL.items():
        config = tmp_path_factory.mktemp("config") / "govmem.yaml"
        config.write_text(config_text, encoding="utf-8")
        out.append(Site(name, CORPORA / name, config, "2025-01-01", tmp_path_factory.mktemp(name)))
    for site in out:
        argv = ["--root", str(site.root)]
        if site.config is not None:
            argv += ["--config", str(site.config)]
        with redirect_stdout(io.StringIO()):
            code = main([*argv, "report", "--out", str(site.out), "--as-of", site.as_of])
        assert code == 0
    return out


def _load(site: Site) -> govmem.Corpus:
    return govmem.load(site.root, config=site.config)


def test_every_page_of_each_report_loads_without_console_errors(
    browser: Browser, sites: list[Site]
) -> None:
    """Index, findings and every topic page open from file:// with no error of any kind."""
    for site in sites:
        pages = sorted(site.out.rglob("*.html"))
        assert len(pages) == len(_load(site).topics()) + 2
        for page in pages:
            assert browser.open(page.as_uri()) == [], f"{site.name}: {page.name}"
            assert browser.evaluate("document.querySelector('main h1') !== null")


def test_each_topic_page_shows_its_timeline_with_a_bar_per_record(
    browser: Browser, sites: list[Site]
) -> None:
    """The inline timeline SVG is there, rendered with a size, one bar per record listed."""
    for site in sites:
        for page in sorted((site.out / "topics").glob("*.html")):
            browser.open(page.as_uri())
            shape = browser.evaluate(
                "(() => { const s = document.querySelector('figure.timeline svg.govmem-timeline');"
                " if (!s) return null; const r = s.getBoundingClientRect();"
                " return {w: r.width, h: r.height, bars: s.querySelectorAll('g.bar').length,"
                " records: document.querySelectorAll('h3[id^=\"rec-\"]').length}; })()"
            )
            assert shape is not None, f"{site.name}: no timeline on {page.name}"
            assert shape["w"] > 500, f"{site.name}: {page.name} {shape}"
            assert shape["h"] > 80, f"{site.name}: {page.name} {shape}"
            assert shape["bars"] == shape["records"] >= 1, f"{site.name}: {page.name} {shape}"


def _title_word(corpus: govmem.Corpus) -> tuple[str, str]:
    """A decision and a word of its title that few other records contain."""
    best: tuple[int, str, str] | None = None
    for rec in corpus.records:
        if rec.kind != "decision":
            continue
        for word in re.findall(r"[^\W\d_]{5,}", rec.title):
            hits = sum(word.lower() in r.title.lower() for r in corpus.records)
            if best is None or (hits, rec.id) < (best[0], best[2]):
                best = (hits, word, rec.id)
    if best is None:  # titles without words (the example's `ADR 024`): a number then
        rec = next(r for r in corpus.records if r.kind == "decision")
        return rec.title.split()[-1], rec.id
    return best[1], best[2]


def _results(browser: Browser) -> list[dict[str, str]]:
    found: list[dict[str, str]] = browser.evaluate(
        "Array.from(document.querySelectorAll('#results li a'))"
        ".map(a => ({text: a.textContent, href: a.href}))"
    )
    return found


def test_the_search_finds_a_decision_by_a_word_of_its_title(
    browser: Browser, sites: list[Site]
) -> None:
    """Typed in the box or given as #q=word, the word finds the decision, linked to its page."""
    for site in sites:
        word, rid = _title_word(_load(site))
        index = (site.out / "index.html").as_uri()
        assert browser.open(index) == []
        browser.evaluate(
            f"(() => {{ const q = document.getElementById('q'); q.value = {json.dumps(word)};"
            " q.dispatchEvent(new Event('input')); })()"
        )
        typed = _results(browser)
        assert any(r["text"].startswith(f"{rid} — ") for r in typed), (site.name, word, typed)
        browser.open("about:blank")
        assert browser.open(f"{index}#q={word}") == []
        linked = _results(browser)
        assert linked == typed
        href = next(r["href"] for r in linked if r["text"].startswith(f"{rid} — "))
        assert browser.open(href) == []
        fragment = href.rsplit("#", 1)[1]
        assert browser.evaluate(f"document.getElementById({json.dumps(fragment)}) !== null")


def test_screenshots_of_the_index_and_a_topic_page_are_saved(
    browser: Browser, sites: list[Site]
) -> None:
    """PNGs of each report's index and busiest topic page land in test-artifacts/."""
    for site in sites:
        corpus = _load(site)
        busiest = max(corpus.topics(), key=lambda t: (len(corpus.topic_members(t)), t))
        index = (site.out / "index.html").as_uri()
        shots = {f"report-{site.name}-index.png": index}
        page = next(
            p
            for p in sorted((site.out / "topics").glob("*.html"))
            if f"<h1>{busiest} " in p.read_text(encoding="utf-8")
            or f"<h1>{busiest}<" in p.read_text(encoding="utf-8")
        )
        shots[f"report-{site.name}-topic.png"] = page.as_uri()
        for name, url in shots.items():
            assert browser.open(url) == []
            browser.screenshot(ARTIFACTS / name)
            data = (ARTIFACTS / name).read_bytes()
            assert data.startswith(b"\x89PNG")
            assert len(data) > 5000


def _mermaid_js() -> Path:
    path = os.environ.get("GOVMEM_MERMAID_JS")
    if not path or not Path(path).is_file():
        _missing("GOVMEM_MERMAID_JS does not name mermaid.min.js")
    assert path is not None
    return Path(path)


def test_mermaids_own_renderer_draws_the_example_graph(
    browser: Browser, tmp_path: Path, sites: list[Site]
) -> None:
    """Mermaid parses and renders `govmem graph` output: nodes, and the three edge labels."""
    script = _mermaid_js()
    page = tmp_path / "mermaid.html"
    page.write_text(
        '<!DOCTYPE html><html><head><meta charset="utf-8">'
        f'<script src="{script.resolve().as_uri()}"></script></head>'
        '<body><div id="out"></div></body></html>',
        encoding="utf-8",
    )
    assert browser.open(page.as_uri()) == []
    browser.evaluate("mermaid.initialize({startOnLoad: false, securityLevel: 'strict'})")
    for site in sites:
        argv = ["--root", str(site.root)]
        if site.config is not None:
            argv += ["--config", str(site.config)]
        buffer = io.StringIO()
        with redirect_stdout(buffer):
            assert main([*argv, "graph", "--as-of", site.as_of]) == 0
        text = buffer.getvalue()
        svg = browser.evaluate(
            f"mermaid.render('g_{site.name.replace('-', '_')}', {json.dumps(text)})"
            ".then(r => { document.getElementById('out').innerHTML = r.svg; return r.svg; })"
        )
        assert isinstance(svg, str), site.name
        assert svg.startswith("<svg"), site.name
        if site.name == "example":
            for label in ("supersedes", "exception", "conflicts (open)", "adr-024", "legacy"):
                assert label in svg, label
            browser.screenshot(ARTIFACTS / "graph-example.png")
