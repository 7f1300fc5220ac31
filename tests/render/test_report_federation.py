"""The report and the graph of a federated corpus (SPEC v5 §2: every surface shows the log).

The platform and service repositories of `tests/federation.py`: `log.html`
gets a "Log" column and a filter by log built like the status filter (radio
inputs, this page's own rules, allowed by the page's CSP hash); the graph's
nodes of the platform log carry `log platform` (Mermaid, DOT) or a tag
(the report's SVG). A corpus of one log is unchanged (the example's pages
are pinned by tests/render/test_report.py and tests/test_golden.py).
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import re
import subprocess
from contextlib import redirect_stdout
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final

import pytest

import govmem
from govmem.cli import main
from govmem.model.time import parse_iso
from govmem.render.graph import build_graph, render_dot, render_mermaid
from govmem.render.graph_svg import render_graph_legend, render_graph_svg
from govmem.render.report import build_report
from tests.conftest import EXAMPLE, needs_graphviz
from tests.federation import make_repos
from tests.render.test_graph import check_mermaid

NOW: Final = datetime(2025, 12, 1, 12, tzinfo=UTC)
AS_OF: Final = parse_iso("2025-12-01")
_ROW: Final = re.compile(
    r'<tr class="row row-(\w+) (from-[a-z0-9-]+)"><td><a class="mono" href="[^"]+">([^<]+)</a>'
    r"</td><td>([^<]+)</td>"
)


@pytest.fixture(scope="module")
def service(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The service repository, with the platform beside it."""
    return make_repos(tmp_path_factory.mktemp("fed"))[1]


@pytest.fixture(scope="module")
def corpus(service: Path) -> govmem.Corpus:
    return govmem.load(service)


@pytest.fixture(scope="module")
def site(corpus: govmem.Corpus) -> dict[str, str]:
    return build_report(corpus, AS_OF, now=NOW, title="service")


def _sha(text: str) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()


def test_the_log_page_lists_both_logs_records_with_their_log(site: dict[str, str]) -> None:
    """A row per record of either log, its log in a column and a class of its own."""
    rows = _ROW.findall(site["log.html"])
    assert rows == [
        ("accepted", "from-local", "3", "local"),
        ("accepted", "from-local", "2", "local"),
        ("accepted", "from-local", "1", "local"),
        ("superseded", "from-log-platform", "platform:2", "platform"),
        ("accepted", "from-log-platform", "platform:1", "platform"),
    ]
    assert "<th>Number</th><th>Log</th><th>Date</th>" in site["log.html"]


def test_the_log_page_filters_by_log_like_by_status(site: dict[str, str]) -> None:
    """A radio input and a label per log, after the status ones; the rules hide other logs."""
    log = site["log.html"]
    inputs = re.findall(r'<input type="radio" name="(\w+)" id="([a-z0-9-]+)"', log)
    assert inputs == [
        ("show", "show-all"),
        ("show", "show-accepted"),
        ("show", "show-superseded"),
        ("from", "from-all"),
        ("from", "from-local"),
        ("from", "from-log-platform"),
    ]
    assert (
        '<label for="from-all">every log (5)</label><label for="from-local">local (3)</label>'
        '<label for="from-log-platform">platform (2)</label>'
    ) in log
    style = re.search(r"<style>(.*?)</style>", log, re.S)
    assert style is not None
    rule = "#from-log-platform:checked ~ .table-scroll tr.row:not(.from-log-platform)"
    assert f"{rule} {{ display: none; }}" in style[1]
    assert _sha(style[1]) in log  # the page's CSP allows its own rules
    assert "<script" not in log


def test_other_pages_keep_the_sites_style_sheet(site: dict[str, str]) -> None:
    """Only log.html has rules of its own; a record page names its log."""
    index_style = re.search(r"<style>(.*?)</style>", site["index.html"], re.S)
    assert index_style is not None
    assert "from-log" not in index_style[1]
    assert "<dt>Log</dt><dd>platform</dd>" in site["records/platform-2.html"]
    assert "<dt>Log</dt><dd>local</dd>" in site["records/2.html"]


def test_a_corpus_of_one_log_has_no_log_filter() -> None:
    """The example corpus: no Log column, no log filter, no rules of the page's own."""
    log = build_report(govmem.load(EXAMPLE), AS_OF, now=NOW, title="decisions")["log.html"]
    assert "from-" not in log
    assert "<th>Log</th>" not in log


def test_the_graph_labels_each_platform_record_by_its_log(corpus: govmem.Corpus) -> None:
    """Mermaid and DOT: `log platform` under a platform record; local records as before."""
    graph = build_graph(corpus, None, AS_OF, now=NOW)
    assert graph.logs == ("platform",)
    assert {n.id: n.log for n in graph.nodes} == {
        "2": None,
        "platform:2": "platform",
        "1": None,
        "platform:1": "platform",
    }
    mermaid = render_mermaid(graph)
    assert check_mermaid(mermaid) == [
        "n_2 supersedes n_platform_2",
        "n_1 exception n_platform_1",
    ]
    assert "%% govmem decision graph: whole corpus, as of 2025-12-01; logs: local, platform" in (
        mermaid
    )
    assert (
        'n_platform_2["platform:2<br/>PostgreSQL for new services<br/>superseded<br/>log platform"]'
    ) in mermaid
    assert 'n_2["2<br/>SQLite for this service<br/>accepted"]' in mermaid
    assert '"platform:2\\nPostgreSQL for new services\\nsuperseded\\nlog platform"' in (
        render_dot(graph)
    )


@needs_graphviz
def test_graphviz_accepts_the_dot_of_a_federated_graph(corpus: govmem.Corpus) -> None:
    """`dot -Tsvg` renders the federated graph's DOT text without a warning."""
    dot = render_dot(build_graph(corpus, None, AS_OF, now=NOW))
    run = subprocess.run(
        ["dot", "-Tsvg"], input=dot, capture_output=True, text=True, check=False, timeout=60
    )
    assert run.returncode == 0, run.stderr
    assert run.stderr == ""


def test_the_report_graph_tags_platform_records(corpus: govmem.Corpus) -> None:
    """The SVG: a `data-log` and a tag on each platform node; the legend names the log."""
    graph = build_graph(corpus, None, AS_OF, now=NOW)
    svg = render_graph_svg(graph)
    assert svg.count('data-log="platform"') == 2
    assert svg.count('class="log-tag"') == 2
    assert 'data-id="2"><title>' in svg  # a local record: no log, no tag
    assert "from log platform" in render_graph_legend(graph)
    assert svg == render_graph_svg(build_graph(corpus, None, AS_OF, now=NOW))


def test_govmem_report_and_graph_load_through_the_federation(service: Path, tmp_path: Path) -> None:
    """The CLI's report and graph hold the platform's records."""
    out = tmp_path / "site"
    with redirect_stdout(io.StringIO()):
        assert main(["--root", str(service), "report", "--out", str(out)]) == 0
    assert "from-log-platform" in (out / "log.html").read_text()
    assert (out / "records/platform-1.html").is_file()
    buf = io.StringIO()
    with redirect_stdout(buf):
        assert main(["--root", str(service), "--json", "graph"]) == 0
    data: dict[str, Any] = json.loads(buf.getvalue())
    assert {n["id"]: n["log"] for n in data["nodes"]}["platform:1"] == "platform"
    buf = io.StringIO()
    with redirect_stdout(buf):
        assert main(["--root", str(service), "graph", "--format", "dot"]) == 0
    assert "log platform" in buf.getvalue()
