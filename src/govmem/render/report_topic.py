"""A topic's page: the current answer, the decision graph and timeline, and the record trail.

In order: the answer of `query(topic, topic=topic, as_of=...)` (decision,
evidence, what is missing), the decision graph drawn inline (Mermaid source
kept folded below it, for pasting into GitHub), the timeline, the
superseded decisions and scope exceptions, every conflict across scopes,
the history, the sources, a summary of each record linking to its page,
and the records' findings.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from govmem.engine import drill as _drill

from .graph import build_graph, render_mermaid
from .graph_svg import render_graph_legend, render_graph_svg
from .report_markdown import make_markdown, render_inline
from .report_page import (
    Site,
    badge,
    findings_table,
    page,
    rs,
    table,
    validity,
)
from .report_record import resolver, title_of
from .svg import xml_text as esc
from .timeline import build_timeline
from .timeline_svg import render_svg

if TYPE_CHECKING:
    from govmem.engine.answer import Answer, RecordView
    from govmem.model.records import Finding

_ROOT = "../"


def anchor(rid: str) -> str:
    """The fragment id of a record on its topic page."""
    return "rec-" + "".join(
        ch if ch.isascii() and (ch.isalnum() or ch in "-_") else "_" for ch in rid
    )


def _here(rid: str) -> str:
    return f'<a class="mono" href="#{esc(anchor(rid))}">{esc(rid)}</a>'


def _view_row(site: Site, r: RecordView) -> str:
    dates = f"{r.valid_from or '?'} → {r.valid_to or 'open'}"
    return (
        f"<tr><td>{site.id_link(r.id, _ROOT)}</td>"
        f"<td>{esc(r.value or '')}</td><td>{rs(site.status_of(r.id), r.status)}</td>"
        f'<td>{esc(r.scope or "")}</td><td class="date">{esc(dates)}</td><td class="text">{esc(r.content or "")}</td></tr>'
    )


def _answer(site: Site, a: Answer) -> list[str]:
    body = ['<div class="card">']
    d = a.decision
    if d is None:
        body.append("<p>No decision.</p>")
    else:
        body.append(
            f"<p>{site.id_link(d.id, _ROOT)} {rs(site.status_of(d.id), d.status)}"
            f" · {esc(d.scope or '')}"
            f" · {esc(str(d.valid_from or '?'))} → {esc(str(d.valid_to or 'open'))}"
            + (f" · value <b>{esc(d.value)}</b>" if d.value else "")
            + "</p>"
        )
        body.append(f"<p>{esc(d.content or '')}</p>")
    md = make_markdown()
    for e in a.evidence:
        mark = "verified" if e.verified else "NOT verified"
        hits = site.corpus.by_id(e.source_id)
        source = hits[0] if len(hits) == 1 else None
        quote = render_inline(md, e.excerpt, resolver(site, source, _ROOT))
        body.append(
            f"<blockquote>{quote}<br><span class='muted'>— {site.id_link(e.source_id, _ROOT)} "
            f"({mark})</span></blockquote>"
        )
    if a.missing_information:
        body.append('<p class="muted">Missing information:</p><ul class="plain">')
        body += [f"<li>{esc(m)}</li>" for m in a.missing_information]
        body.append("</ul>")
    body.append("</div>")
    return body


def _pictures(site: Site, topic: str) -> list[str]:
    c = site.corpus
    graph = build_graph(c, topic, site.as_of, now=site.now)
    svg = render_graph_svg(
        graph,
        href={n.pos: site.record_url(n.pos, _ROOT) for n in graph.nodes},
        topic_href={t: site.topic_url(t, _ROOT) for t in {n.topic for n in graph.nodes}},
        current=site.current,
    )
    timeline = render_svg(build_timeline(c, topic, site.as_of, now=site.now))
    return [
        "<h2>Decision graph</h2>",
        f'<figure class="graph">{svg}</figure>',
        render_graph_legend(graph),
        (
            "<details><summary>The same graph as Mermaid (paste into GitHub Markdown inside a "
            f'<code>mermaid</code> code block)</summary><pre class="wrap">'
            f"{esc(render_mermaid(graph))}</pre></details>"
        ),
        "<h2>Timeline</h2>",
        f'<figure class="timeline">{timeline}</figure>',
    ]


def _conflicts(site: Site, topic: str) -> list[str]:
    conflicts = _drill.all_conflicts(site.corpus, topic, None, site.as_of, site.now)
    if not conflicts:
        return ["<h2>Conflicts</h2>", '<p class="muted">No conflicts.</p>']
    rows = [
        f'<tr><td class="mono">{esc(x.conflict_id)}</td><td>{esc(x.status)}</td>'
        f"<td>{_here(x.item.id)}{' = ' + esc(x.item.value) if x.item.value else ''}</td>"
        f"<td>{_here(x.decision_id)} in {esc(x.scope or '')}</td>"
        f"<td class='text'>{esc(x.rationale)}<br><span class='muted'>{esc(x.resolution_hint)}</span></td></tr>"
        for x in conflicts
    ]
    return [
        "<h2>Conflicts</h2>",
        table(("Conflict", "Status", "Item", "Against", "Rationale"), rows),
    ]


def _history(site: Site, topic: str) -> list[str]:
    rows = [
        f'<tr><td class="date">{esc(str(h.date) if h.date else "(no date)")}</td>'
        f"<td>{_here(h.id)}</td><td>{esc(h.event)}</td><td>{esc(h.status)}</td>"
        f"<td>{esc(h.scope or '')}</td></tr>"
        for h in _drill.history_items(site.corpus, topic, None)
    ]
    return ["<h2>History</h2>", table(("Date", "Record", "Event", "Status", "Scope"), rows)]


def _records(site: Site, topic: str) -> tuple[list[str], list[Finding]]:
    c = site.corpus
    body = ["<h2>Records</h2>"]
    members = sorted(c.topic_members(topic), key=lambda p: c.records[p].sort_key())
    found: list[Finding] = []
    for p in members:
        rec, f = c.records[p], c.facts[p]
        found += site.findings_of.get(rec.id, ())
        name = title_of(site, p)
        body.append(
            f'<h3 id="{esc(anchor(rec.id))}">{site.record_link(p, _ROOT)} '
            f"{esc(name)} {rs(f.status, f.label)}</h3>"
        )
        facts = [
            rec.kind,
            f"scope {f.scope}",
            validity(f.status, f.valid_from, f.valid_to, f.end_unknown),
        ]
        if rec.value:
            facts.append(f"value {rec.value}")
        if rec.path:
            facts.append(rec.path)
        body.append(f'<p class="muted">{esc(" · ".join(facts))}</p>')
        if rec.content and rec.content != rec.title:
            body.append(f"<p>{esc(rec.content)}</p>")
        body.append(
            f'<p><a href="{esc(site.record_url(p, _ROOT))}">Read {esc(rec.id)} in full →</a></p>'
        )
    return body, found


def topic_page(site: Site, topic: str) -> str:
    """The page of one topic."""
    a = site.answers[topic]
    as_of_text = str(a.temporal_validity.to_dict()["as_of"])
    body = [
        f'<p class="crumbs"><a href="../index.html">{esc(site.title)}</a> › topic</p>',
        f"<h1>{esc(topic)} {badge(a.status)}</h1>",
        f'<p class="muted">As of <b>{esc(as_of_text)}</b>, scope {esc(a.scope or "all")}.</p>',
        "<h2>Current answer</h2>",
        *_answer(site, a),
        *_pictures(site, topic),
    ]
    head = ("Id", "Value", "Status", "Scope", "Valid", "Content")
    for heading, views in (
        ("Superseded decisions", a.superseded_decisions),
        ("Scope exceptions", a.scope_exceptions),
    ):
        if views:
            body += [f"<h2>{heading}</h2>", table(head, [_view_row(site, r) for r in views])]
    body += _conflicts(site, topic)
    body += _history(site, topic)
    if a.sources:
        body.append("<h2>Sources</h2><ul class='plain'>")
        body += [
            f'<li><span class="mono">{esc(s.source_id)}</span> {esc(s.title or "")} '
            f"<span class='muted'>{esc(s.type or '')} · {esc(s.reference or '')}"
            f"{' · ' + esc(str(s.occurred_at)) if s.occurred_at else ''}</span></li>"
            for s in a.sources
        ]
        body.append("</ul>")
    records, found = _records(site, topic)
    body += records
    body.append("<h2>Findings</h2>")
    body.append(
        findings_table(sorted(set(found), key=lambda x: x.sort_key()), root=_ROOT, site=site)
    )
    return page(site, f"{topic} — {site.title}", "\n".join(body), root=_ROOT, here="")
