"""The report and the Mermaid graph in a real headless browser (Debian's `chromium`).

`govmem report` is run (in-process, through the CLI) on the example corpus and
on three real corpora of `tests/data/corpora`; its pages are opened from
`file://` in headless Chromium, driven over the DevTools pipe (`tests/cdp.py`).
CI's profile opens every page; the quick one (the README command) the
corpus-wide pages and a dozen topic and record pages of each report, spread
over them (`tests.conftest.spread`).
Each page must load with no console error, no uncaught exception and no
blocked resource (a Content-Security-Policy violation is one); each topic
page must carry its timeline SVG with a bar per record and its graph SVG
with a node per record; at 390 px the index, the log and a topic page must
not be wider than the screen; the log's status filter must work with no
script; the search must find a decision by a word of its title, typed in the
box and given as `#q=word`. Screenshots of the index and of the busiest topic
page of each corpus, light at 1400 px, dark, and at 390 px, are saved under
`test-artifacts/`.

The Mermaid output of `govmem graph` is rendered by Mermaid's own JavaScript
in the same browser: `tests/data/vendor/mermaid/mermaid.min.js` (11.17.2,
MIT), or the file `GOVMEM_MERMAID_JS` names.

Without Chromium these tests skip, unless
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
from typing import Any, Final

import pytest
from attrs import frozen

import govmem
from govmem.cli import main
from govmem.render.report import topic_slugs
from tests.cdp import Browser, find_chromium
from tests.conftest import CORPORA, DATA, EXAMPLE, REPO, THOROUGH, spread
from tests.federation import make_repos

pytestmark = pytest.mark.slow  # seconds each: started first (tests/conftest.py)

ARTIFACTS: Final = REPO / "test-artifacts"
MERMAID_JS: Final = DATA / "vendor" / "mermaid" / "mermaid.min.js"
REQUIRED: Final = os.environ.get("GOVMEM_REQUIRE_BROWSER") == "1"
PAGES_QUICK: Final = 12
"""Topic pages and record pages each report opens under the quick profile (CI opens all)."""


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
    "scs-standards": "exclude: [SOURCE.md]\nfields: {scope: track}\n",
}
"""Three real corpora: two scopes and rejections in favour of others; emoji statuses and
chains; validity windows and version chains (v1 … v5 of `scs-compatible-iaas`)."""


class Reports:
    """`govmem report` of the example corpus and of three real corpora, each written to a
    folder the first time a test asks for it: an xdist worker builds only the reports of
    the tests it runs."""

    def __init__(self, tmp: pytest.TempPathFactory) -> None:
        self._tmp = tmp
        self._built: dict[str, Site] = {}

    def __getitem__(self, name: str) -> Site:
        if (site := self._built.get(name)) is None:
            site = self._built[name] = self._build(name)
        return site

    def _build(self, name: str) -> Site:
        if name == "example":
            site = Site(name, EXAMPLE, None, "2026-09-08", self._tmp.mktemp(name))
        else:
            config = self._tmp.mktemp("config") / "govmem.yaml"
            config.write_text(_REAL[name], encoding="utf-8")
            site = Site(name, CORPORA / name, config, "2025-01-01", self._tmp.mktemp(name))
        argv = ["--root", str(site.root)]
        if site.config is not None:
            argv += ["--config", str(site.config)]
        with redirect_stdout(io.StringIO()):
            code = main([*argv, "report", "--out", str(site.out), "--as-of", site.as_of])
        assert code == 0
        return site


@pytest.fixture(scope="session")
def reports(tmp_path_factory: pytest.TempPathFactory) -> Reports:
    """The reports, built on first use, once per process."""
    return Reports(tmp_path_factory)


def _load(site: Site) -> govmem.Corpus:
    return govmem.load(site.root, config=site.config)


_SHAPES: Final = """(() => {
  const box = (s) => { if (!s) return null; const r = s.getBoundingClientRect();
    return {w: r.width, h: r.height}; };
  const t = document.querySelector('figure.timeline svg.govmem-timeline');
  const g = document.querySelector('figure.graph svg.govmem-graph');
  return {
    h1: document.querySelector('main h1') !== null,
    timeline: box(t), bars: t ? t.querySelectorAll('g.bar').length : 0,
    graph: box(g),
    nodes: g ? Array.from(g.querySelectorAll('g.node.in-topic')).map(n => n.dataset.id).sort() : [],
    records: Array.from(document.querySelectorAll('h3[id^="rec-"] a.mono'))
      .map(a => a.textContent).sort(),
  };
})()"""
"""What the tests read of a page once it is loaded: its heading and its two pictures."""


@frozen
class Visit:
    """One page opened in the browser: its problems and what `_SHAPES` read."""

    site: str
    page: Path
    problems: tuple[str, ...]
    shape: dict[str, Any]


SITE_NAMES: Final = ("example", *_REAL)


@pytest.fixture(params=SITE_NAMES)
def site(request: pytest.FixtureRequest, reports: Reports) -> Site:
    """One report a parameter, so that xdist workers share the four reports."""
    name: str = request.param
    return reports[name]


@pytest.fixture(scope="module", params=SITE_NAMES)
def site_visits(
    request: pytest.FixtureRequest, browser: Browser, reports: Reports
) -> tuple[Site, list[Visit]]:
    """Every page of one report, opened once from file:// (one site a parameter, so that
    xdist workers share the ~500 pages of the four reports)."""
    site = reports[request.param]
    out = []
    for page in _pages(site):
        problems = tuple(browser.open(page.as_uri()))
        out.append(Visit(site.name, page, problems, browser.evaluate(_SHAPES)))
    return site, out


def _pages(site: Site) -> list[Path]:
    """The pages of a report to open: every page under a thorough profile (CI's); under the
    quick one the four corpus-wide pages and `PAGES_QUICK` topic and record pages each,
    spread over their names (`spread`)."""
    whole = sorted(site.out.glob("*.html"))
    for part in ("topics", "records"):
        whole += spread(sorted((site.out / part).glob("*.html")), PAGES_QUICK)
    return whole


def test_every_page_of_each_report_loads_without_console_errors(
    site_visits: tuple[Site, list[Visit]],
) -> None:
    """Every page (corpus-wide, topic, record) opens from file:// with no error of any kind."""
    site, mine = site_visits
    corpus = _load(site)
    topics, records = len(corpus.topics()), len(corpus.records)
    assert len(list(site.out.rglob("*.html"))) == topics + records + 4
    if THOROUGH:
        assert len(mine) == topics + records + 4
    for v in mine:
        assert v.problems == (), f"{site.name}: {v.page.name}"
        assert v.shape["h1"], f"{site.name}: {v.page.name}"


def _pictures(visits: list[Visit], name: str, size: tuple[int, int]) -> Iterator[Visit]:
    """The topic pages, each checked to draw the picture `name` at least `size` (w, h) big."""
    found = [v for v in visits if v.page.parent.name == "topics"]
    assert found
    for v in found:
        box = v.shape[name]
        assert box is not None, f"{v.site}: no {name} on {v.page.name}"
        assert box["w"] > size[0], f"{v.site}: {v.page.name} {box}"
        assert box["h"] > size[1], f"{v.site}: {v.page.name} {box}"
        yield v


def test_each_topic_page_shows_its_timeline_with_a_bar_per_record(
    site_visits: tuple[Site, list[Visit]],
) -> None:
    """The inline timeline SVG is there, rendered with a size, one bar per record listed."""
    for v in _pictures(site_visits[1], "timeline", (500, 80)):
        assert v.shape["bars"] == len(v.shape["records"]) >= 1, f"{v.site}: {v.page.name}"


def test_each_topic_page_draws_its_graph_with_a_node_per_record(
    site_visits: tuple[Site, list[Visit]],
) -> None:
    """The graph SVG is rendered, with exactly one node per record listed on the page."""
    for v in _pictures(site_visits[1], "graph", (100, 50)):
        assert v.shape["nodes"] == v.shape["records"], f"{v.site}: {v.page.name} {v.shape}"


def _busiest(site: Site) -> Path:
    """The topic page of the topic with the most records."""
    corpus = _load(site)
    topics = corpus.topics()
    busiest = max(topics, key=lambda t: (len(corpus.topic_members(t)), t))
    return site.out / "topics" / f"{topic_slugs(topics)[busiest]}.html"


def test_at_390_px_no_page_is_wider_than_the_screen(browser: Browser, site: Site) -> None:
    """The index, the log, the busiest topic and a record page reflow to a phone's width."""
    try:
        browser.emulate(width=390, height=844)
        busiest = _busiest(site)
        record = sorted((site.out / "records").glob("*.html"))[0]
        for page in (site.out / "index.html", site.out / "log.html", busiest, record):
            assert browser.open(page.as_uri()) == []
            width = browser.evaluate(
                "({scroll: document.documentElement.scrollWidth, inner: innerWidth})"
            )
            assert width["inner"] == 390, width
            assert width["scroll"] <= width["inner"], f"{site.name}: {page.name} {width}"
    finally:
        browser.emulate(width=1280)


def test_the_logs_status_filter_works_without_script(browser: Browser, site: Site) -> None:
    """Choosing a status shows only its rows; `all` shows every record again."""
    assert browser.open((site.out / "log.html").as_uri()) == []
    visible = "Array.from(document.querySelectorAll('tr.row')).filter(r => r.offsetParent !== null)"
    total = browser.evaluate(f"{visible}.length")
    assert total == len([r for r in _load(site).records if r.mind == "default"])
    statuses = browser.evaluate(
        "Array.from(document.querySelectorAll('.log > input')).map(i => i.id.slice(5))"
    )
    assert statuses[0] == "all"
    for status in statuses[1:]:
        browser.evaluate(f"document.querySelector('label[for=show-{status}]').click()")
        shown = browser.evaluate(f"{visible}.map(r => r.className)")
        assert shown, (site.name, status)
        assert set(shown) == {f"row row-{status}"}, (site.name, status)
    browser.evaluate("document.querySelector('label[for=show-all]').click()")
    assert browser.evaluate(f"{visible}.length") == total


def test_the_log_filter_of_a_federated_report_works_without_script(
    browser: Browser, tmp_path: Path
) -> None:
    """The platform and service of tests/federation.py: a log shows only its rows, and a
    status and a log together show the rows of both; the page's own rules are allowed."""
    service = make_repos(tmp_path)[1]
    out = tmp_path / "site"
    with redirect_stdout(io.StringIO()):
        assert main(["--root", str(service), "report", "--out", str(out)]) == 0
    assert browser.open((out / "log.html").as_uri()) == []
    visible = (
        "Array.from(document.querySelectorAll('tr.row')).filter(r => r.offsetParent !== null)"
        ".map(r => r.querySelector('a.mono').textContent)"
    )
    assert sorted(browser.evaluate(visible)) == ["1", "2", "3", "platform:1", "platform:2"]
    browser.evaluate("document.querySelector('label[for=from-log-platform]').click()")
    assert browser.evaluate(visible) == ["platform:2", "platform:1"]
    browser.evaluate("document.querySelector('label[for=show-accepted]').click()")
    assert browser.evaluate(visible) == ["platform:1"]
    browser.evaluate("document.querySelector('label[for=from-local]').click()")
    assert browser.evaluate(visible) == ["3", "2", "1"]
    browser.evaluate("document.querySelector('label[for=from-all]').click()")
    browser.evaluate("document.querySelector('label[for=show-all]').click()")
    assert len(browser.evaluate(visible)) == 5


def test_the_dark_theme_follows_the_systems_preference(browser: Browser, reports: Reports) -> None:
    """With `prefers-color-scheme: dark` the page and the pictures' backgrounds are dark."""
    try:
        browser.emulate(width=1280, dark=True)
        assert browser.open(_busiest(reports["example"]).as_uri()) == []
        colours = browser.evaluate(
            "({body: getComputedStyle(document.body).backgroundColor,"
            " svg: getComputedStyle(document.querySelector('svg.govmem-timeline .sv-bg')).fill})"
        )
        for colour in colours.values():
            channels = [int(c) for c in re.findall(r"\d+", colour)[:3]]
            assert max(channels) < 60, colours
    finally:
        browser.emulate(width=1280)


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


def test_the_search_finds_a_decision_by_a_word_of_its_title(browser: Browser, site: Site) -> None:
    """Typed in the box or given as #q=word, the word finds the decision, linked to its page."""
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
    assert "/records/" in href
    assert browser.open(href) == []
    assert browser.evaluate(f"document.body.textContent.includes({json.dumps(rid)})")


def test_screenshots_of_the_index_and_a_topic_page_are_saved(browser: Browser, site: Site) -> None:
    """PNGs of each report's index and busiest topic page, light, dark and at 390 px."""
    views = {"": (1400, False), "-dark": (1400, True), "-390": (390, False)}
    try:
        for suffix, (width, dark) in views.items():
            browser.emulate(width=width, height=1000, dark=dark)
            pages = {"index": site.out / "index.html", "topic": _busiest(site)}
            for what, page in pages.items():
                name = f"report-{site.name}-{what}{suffix}.png"
                assert browser.open(page.as_uri()) == []
                browser.screenshot(ARTIFACTS / name)
                data = (ARTIFACTS / name).read_bytes()
                assert data.startswith(b"\x89PNG")
                assert len(data) > 5000
    finally:
        browser.emulate(width=1280)


def _mermaid_js() -> Path:
    path = Path(os.environ.get("GOVMEM_MERMAID_JS") or MERMAID_JS)
    assert path.is_file(), f"no mermaid.min.js at {path}"
    return path


def test_mermaids_own_renderer_draws_each_reports_graph(
    browser: Browser, tmp_path: Path, site: Site
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


def test_an_error_a_page_raises_after_its_load_is_caught(browser: Browser, tmp_path: Path) -> None:
    """The checker itself: an exception thrown by a task the load handler schedules, or a
    console error, is reported by `open` — so "no problems" above means none happened."""
    page = tmp_path / "late.html"
    page.write_text(
        "<!doctype html><title>late</title><script>"
        "addEventListener('load', () => setTimeout(() => { throw new Error('late'); }, 0));"
        "console.error('early');</script>",
        encoding="utf-8",
    )
    problems = browser.open(page.as_uri())
    assert any("late" in p for p in problems), problems
    assert any("early" in p for p in problems), problems
    assert browser.open((tmp_path / "late.html").as_uri() + "#again") == []
