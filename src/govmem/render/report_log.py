"""The report's corpus-wide pages: the chronological log, the whole graph, the findings.

`log.html` lists every record, newest first (undated records last, by
number), with its number as the corpus writes it (its id), its date, status,
title, scope and topic. The status filter works with no script: a radio
input per status precedes the table, and the style sheet hides the rows of
other statuses while one is checked (`#show-accepted:checked ~ …`).

A federated corpus (SPEC v5 §2) adds a "Log" column and a second filter,
by log, built the same way (`#from-log-platform:checked ~ …`, `from-local`
for the corpus's own records); its rules are this page's own style (the
names of the logs are the corpus's), and the two filters combine. A corpus
of one log gets neither: its page is as before, byte for byte.
"""

from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime
from typing import Final

from .graph_svg import render_graph_legend, render_graph_svg
from .report_page import (
    LOCAL_LOG,
    Site,
    findings_table,
    page,
    record_date,
    record_log,
    rs,
    table,
)
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
    """Every record in time order, filterable by status (and by log when federated)."""
    c = site.corpus
    order = log_order(site)
    counts = Counter(c.facts[p].status for p in order)
    statuses = [s for s in _STATUS_ORDER if counts[s]]
    federated = bool(c.config.logs_read)
    origin = {p: _origin(record_log(c, p)) for p in order} if federated else {}
    rows = []
    for p in order:
        f = c.facts[p]
        when = record_date(c, p)
        css, log_cell = f"row row-{esc(f.status)}", ""
        if federated:
            css += f" {origin[p][0]}"
            log_cell = f"<td>{esc(origin[p][1])}</td>"
        rows.append(
            f'<tr class="{css}"><td>{site.record_link(p, "")}</td>{log_cell}'
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
    filters = [
        '<div class="filters" role="group" aria-label="status">' + "".join(labels) + "</div>"
    ]
    head: tuple[str, ...] = ("Number", "Date", "Status", "Title", "Scope", "Topic")
    style = ""
    choose = "Choose a status to see only its records."
    if federated:
        logs = Counter(origin[p] for p in order)
        kinds = sorted(logs, key=lambda o: (o[0] != "from-local", o[1]))
        inputs += ['<input type="radio" name="from" id="from-all" checked>'] + [
            f'<input type="radio" name="from" id="{key}">' for key, _ in kinds
        ]
        filters[0] = filters[0].replace('class="filters"', 'class="filters by-status"', 1)
        filters.append(
            '<div class="filters by-log" role="group" aria-label="log">'
            f'<label for="from-all">every log ({len(order)})</label>'
            + "".join(
                f'<label for="{key}">{esc(name)} ({logs[key, name]})</label>' for key, name in kinds
            )
            + "</div>"
        )
        head = ("Number", "Log", *head[1:])
        style = _log_filter_css([key for key, _ in kinds])
        choose = "Choose a status or a log (or both) to see only its records."
    body = [
        f'<p class="crumbs"><a href="index.html">{esc(site.title)}</a> › log</p>',
        "<h1>Decision log</h1>",
        (
            f'<p class="muted">{len(order)} records, newest first (undated ones last), '
            f"each with its status as of <b>{esc(site.as_of_text)}</b>. "
            f"{choose}</p>"
        ),
        '<section class="log">',
        *inputs,
        *filters,
        table(head, rows, css="log-table"),
        "</section>",
    ]
    return page(site, f"Log — {site.title}", "\n".join(body), root="", here="log.html", style=style)


def _origin(log: str | None) -> tuple[str, str]:
    """(the row class and input id, the name shown) of a record's log."""
    return ("from-local", LOCAL_LOG) if log is None else (f"from-log-{log}", log)


def _log_filter_css(keys: list[str]) -> str:
    """The log filter's rules (log names are `[a-z0-9-]`, safe in a selector)."""
    hide = "".join(
        f"#{k}:checked ~ .table-scroll tr.row:not(.{k}) {{ display: none; }}\n" for k in keys
    )
    chosen = ",\n".join(f"#{k}:checked ~ .filters label[for={k}]" for k in ("from-all", *keys))
    return (
        "\n"
        + hide
        + chosen
        + " { background: var(--accent); color: #ffffff;\n  border-color: var(--accent); }\n"
        + ".log > input:focus-visible ~ .filters { outline: none; }\n"
        + ".log > input[name=show]:focus-visible ~ .filters.by-status,\n"
        + ".log > input[name=from]:focus-visible ~ .filters.by-log "
        + "{ outline: 2px solid var(--accent);\n  outline-offset: 2px; }"
    )


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
