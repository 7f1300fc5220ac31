"""The report's corpus-wide pages: the chronological log, the whole graph, the findings.

`log.html` lists every record, newest first (undated records last, by
number), with its number as the corpus writes it (its id), its date, status,
title, scope and topic. The status filter works with no script: a radio
input per status precedes the table, and the style sheet hides the rows of
other statuses while one is checked (`#show-accepted:checked ~ …`).
"""

from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime
from typing import Final

from .graph_svg import render_graph_legend, render_graph_svg
from .report_page import Site, findings_table, page, record_date, rs, table
from .report_record import title_of
from .svg import xml_text as esc

_STATUS_ORDER: Final = (
    "accepted",
    "proposed",
    "superseded",
    "deprecated",
    "rejected",
    "revoked",
    "unknown",
)
_EARLIEST: Final = datetime.min.replace(tzinfo=UTC)


def log_order(site: Site) -> list[int]:
    """Record positions, newest first; undated records last, highest number first."""
    c = site.corpus

    def key(p: int) -> tuple[bool, datetime, bytes, bytes]:
        when = record_date(c, p)
        return (when is not None, when.bound if when else _EARLIEST, *c.records[p].sort_key()[:2])

    shown = [p for p in range(len(c.records)) if c.records[p].mind == "default"]
    return sorted(shown, key=key, reverse=True)


def log_page(site: Site) -> str:
    """Every record in time order, filterable by status."""
    c = site.corpus
    order = log_order(site)
    counts = Counter(c.facts[p].status for p in order)
    statuses = [s for s in _STATUS_ORDER if counts[s]]
    rows = []
    for p in order:
        f = c.facts[p]
        when = record_date(c, p)
        rows.append(
            f'<tr class="row row-{esc(f.status)}"><td>{site.record_link(p, "")}</td>'
            f'<td class="date">{esc(str(when) if when else "no date")}</td>'
            f"<td>{rs(f.status, f.label)}</td>"
            f'<td class="text"><a href="{esc(site.record_url(p, ""))}">{esc(title_of(site, p))}</a></td>'
            f"<td>{esc(f.scope)}</td>"
            f'<td><a href="{esc(site.topic_url(f.topic, ""))}">{esc(f.topic)}</a></td></tr>'
        )
    inputs = ['<input type="radio" name="show" id="show-all" checked>'] + [
        f'<input type="radio" name="show" id="show-{s}">' for s in statuses
    ]
    labels = [f'<label for="show-all">all ({len(order)})</label>'] + [
        f'<label for="show-{s}">{s} ({counts[s]})</label>' for s in statuses
    ]
    body = [
        f'<p class="crumbs"><a href="index.html">{esc(site.title)}</a> › log</p>',
        "<h1>Decision log</h1>",
        (
            f'<p class="muted">{len(order)} records, newest first (undated ones last), '
            f"each with its status as of <b>{esc(site.as_of_text)}</b>. "
            "Choose a status to see only its records.</p>"
        ),
        '<section class="log">',
        *inputs,
        '<div class="filters" role="group" aria-label="status">' + "".join(labels) + "</div>",
        table(("Number", "Date", "Status", "Title", "Scope", "Topic"), rows, css="log-table"),
        "</section>",
    ]
    return page(site, f"Log — {site.title}", "\n".join(body), root="", here="log.html")


def graph_page(site: Site) -> str:
    """The decision graph of the whole corpus."""
    graph = site.graph
    svg = render_graph_svg(
        graph,
        href={n.pos: site.record_url(n.pos, "") for n in graph.nodes},
        topic_href={t: site.topic_url(t, "") for t in {n.topic for n in graph.nodes}},
        current=site.current,
    )
    body = [
        f'<p class="crumbs"><a href="index.html">{esc(site.title)}</a> › graph</p>',
        "<h1>Decision graph</h1>",
        (
            '<p class="muted">Every record linked to another — replaced by it, rejected in '
            "favour of it, in conflict with it, or a scope exception to it — a band per topic, "
            f"left to right by date, as of <b>{esc(site.as_of_text)}</b>. "
            "Each box links to its record; the current decisions are outlined.</p>"
        ),
        f'<figure class="graph">{svg}</figure>',
        render_graph_legend(graph),
    ]
    return page(site, f"Graph — {site.title}", "\n".join(body), root="", here="graph.html")


def findings_page(site: Site) -> str:
    """Every finding of the corpus, errors first."""
    order = {"error": 0, "warn": 1, "info": 2}
    findings = sorted(site.corpus.findings, key=lambda f: (order[f.severity], f.sort_key()))
    body = [
        f'<p class="crumbs"><a href="index.html">{esc(site.title)}</a> › findings</p>',
        "<h1>Findings</h1>",
        (
            f'<p class="muted">{len(findings)} findings of the corpus (as read; answers as of '
            f"{esc(site.as_of_text)}).</p>"
        ),
        findings_table(findings, root="", site=site),
    ]
    return page(site, f"Findings — {site.title}", "\n".join(body), root="", here="findings.html")


def latest(site: Site, count: int) -> list[int]:
    """The `count` newest dated records."""
    c = site.corpus
    return [p for p in log_order(site) if record_date(c, p) is not None][:count]
