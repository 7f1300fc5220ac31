"""A static HTML site of a corpus: the register as a browsable ADR site.

`build_report(corpus, as_of, now=..., title=...)` returns a mapping of
relative POSIX paths to page texts; the CLI writes them (this module does no
I/O). The site:

* `index.html` — every topic with its current status (the `status` of
  `query(topic, topic=topic, as_of=...)`: verified / contested /
  insufficient_evidence / unknown), its current decision and its open
  conflicts, the latest records, and a client-side search over every record;
* `log.html` — every record in time order, filterable by status
  (`_report_log`); `graph.html` — the decision graph of the whole corpus;
  `findings.html` — every finding of the corpus;
* `topics/<slug>.html` — per topic (`_report_topic`): the current answer,
  the decision graph and the timeline drawn inline, the superseded
  decisions, scope exceptions, conflicts, history, sources and records;
* `records/<slug>.html` — per record (`_report_record`): its state in words
  (in force, or what replaced it, and the topic's current decision), its
  fields, its relations and its Markdown rendered, links between records
  pointing at their pages.

It needs no server and no network: it works from `file://`. The pictures
are inline SVG computed here (`_graph_svg`, `_timeline_svg`), with no
script. The search index is embedded in `index.html` as a JavaScript value
(no `fetch`), and the search also reads `#q=word` from the address, so a
link can carry a search. Pages load nothing from outside; each carries a
Content-Security-Policy that allows only its own inline style and script,
by hash. Everything that comes from the corpus is escaped; the search
builds its results with DOM text nodes only. A dark theme follows
`prefers-color-scheme`, and the layout reflows on a phone (`_report_css`).
Output is deterministic: the same corpus and arguments give the same bytes.
"""

from __future__ import annotations

import hashlib
import json
from collections import defaultdict
from collections.abc import Iterable
from datetime import datetime
from types import MappingProxyType
from typing import TYPE_CHECKING, Final

from govmem.engine.query import make_ask, query
from govmem.index.index import Index
from govmem.model.text import slug

from .graph import build_graph
from .report_log import findings_page, graph_page, latest, log_page
from .report_page import STATUS_TEXT, Site, badge, page, record_date, rs, table
from .report_record import record_pages, title_of
from .report_topic import anchor, topic_page
from .svg import xml_text as esc

if TYPE_CHECKING:
    from govmem.model.records import Finding
    from govmem.model.time import When

__all__ = ["anchor", "build_report", "record_slugs", "topic_slugs"]

_SLUG_MAX: Final = 60

SEARCH_JS: Final = """
(function () {
  "use strict";
  var data = window.GOVMEM_INDEX || [];
  function fold(s) {
    return String(s).normalize("NFKD").replace(/[\\u0300-\\u036f]/g, "").toLowerCase();
  }
  var hay = data.map(function (e) {
    return fold([e.id, e.title, e.topic, e.value, e.status, e.scope, e.tags, e.text].join(" "));
  });
  var input = document.getElementById("q");
  var list = document.getElementById("results");
  var count = document.getElementById("count");
  function show(q) {
    while (list.firstChild) { list.removeChild(list.firstChild); }
    var words = fold(q).split(/\\s+/).filter(function (w) { return w.length > 0; });
    if (words.length === 0) { count.textContent = ""; return; }
    var hits = [];
    for (var i = 0; i < data.length; i++) {
      var ok = true;
      for (var j = 0; j < words.length; j++) {
        if (hay[i].indexOf(words[j]) < 0) { ok = false; break; }
      }
      if (ok) { hits.push(data[i]); }
    }
    count.textContent = hits.length + (hits.length === 1 ? " record" : " records");
    hits.slice(0, 100).forEach(function (e) {
      var li = document.createElement("li");
      li.className = "result";
      var a = document.createElement("a");
      a.href = e.url;
      a.textContent = e.id + " \\u2014 " + e.title;
      li.appendChild(a);
      var meta = document.createElement("span");
      meta.className = "meta";
      meta.textContent = e.status + " \\u00b7 " + e.scope + " \\u00b7 topic " + e.topic;
      li.appendChild(meta);
      list.appendChild(li);
    });
  }
  function fromHash() {
    var h = location.hash;
    if (h.indexOf("#q=") === 0) {
      var q = "";
      try { q = decodeURIComponent(h.slice(3).replace(/\\+/g, " ")); } catch (err) { q = h.slice(3); }
      input.value = q;
      show(q);
    }
  }
  input.addEventListener("input", function () {
    show(input.value);
    try { history.replaceState(null, "", "#q=" + encodeURIComponent(input.value)); }
    catch (err) { /* some file:// contexts refuse; the search still works */ }
  });
  window.addEventListener("hashchange", fromHash);
  fromHash();
})();
""".strip()


def _js_value(value: object) -> str:
    """JSON safe inside a `<script>` element."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=False)
    return (
        text.replace("<", "\\u003c")
        .replace(">", "\\u003e")
        .replace("&", "\\u0026")
        .replace("\u2028", "\\u2028")
        .replace("\u2029", "\\u2029")
    )


def _unique_slugs(names: Iterable[tuple[str, str]], fallback: str) -> list[str]:
    """A file name per (text, identity): the text's slug, with a short hash when empty or taken."""
    out: list[str] = []
    used: set[str] = set()
    for text, identity in names:
        base = slug(text)[:_SLUG_MAX].strip("-")
        name = base
        if not base or base in used:
            digest = hashlib.sha256(identity.encode()).hexdigest()[:8]
            name = f"{base}-{digest}" if base else f"{fallback}-{digest}"
        used.add(name)
        out.append(name)
    return out


def topic_slugs(topics: tuple[str, ...] | list[str]) -> dict[str, str]:
    """A file name per topic: its slug, with a short hash when empty or taken."""
    return dict(zip(topics, _unique_slugs(((t, t) for t in topics), "topic"), strict=True))


def record_slugs(corpus: Index) -> list[str]:
    """A file name per record (by position): its id's slug, with a short hash when taken."""
    order = sorted(range(len(corpus.records)), key=lambda p: corpus.records[p].sort_key())
    names = _unique_slugs(
        ((r.id, f"{r.id}\0{r.path or ''}\0{r.index}") for r in (corpus.records[p] for p in order)),
        "record",
    )
    out = [""] * len(corpus.records)
    for p, name in zip(order, names, strict=True):
        out[p] = name
    return out


def build_report(
    corpus: Index, as_of: When | None = None, *, now: datetime, title: str = "govmem report"
) -> dict[str, str]:
    """Every page of the site: relative POSIX path -> HTML text.

    Args:
        corpus: the corpus.
        as_of: the instant of every answer; `now` when None.
        now: the current instant, read by the caller.
        title: the site's title (the corpus's name).
    """
    c = corpus
    topics = c.topics()
    answers = {t: query(c, t, topic=t, as_of=as_of, now=now) for t in topics}
    findings_of: dict[str, list[Finding]] = defaultdict(list)
    for f in c.findings:
        if f.id is not None:
            findings_of[f.id].append(f)
    at = make_ask("", as_of, now).at
    decision_of = {}
    for t, a in answers.items():
        hits = c.by_id(a.decision.id) if a.decision is not None else ()
        if hits and c.in_force(hits[0], at):
            decision_of[t] = hits[0]
    site = Site(
        corpus=c,
        title=title,
        as_of=as_of,
        now=now,
        as_of_text=str(as_of) if as_of is not None else now.strftime("%Y-%m-%dT%H:%M:%SZ"),
        answers=MappingProxyType(answers),
        topic_files=MappingProxyType(
            {t: f"topics/{name}.html" for t, name in topic_slugs(topics).items()}
        ),
        record_files=tuple(f"records/{name}.html" for name in record_slugs(c)),
        findings_of=MappingProxyType({k: tuple(v) for k, v in findings_of.items()}),
        decision_of=MappingProxyType(decision_of),
        at=at,
        graph=build_graph(c, None, as_of, now=now),
    )
    pages = {site.topic_files[t]: topic_page(site, t) for t in topics}
    pages.update(record_pages(site))
    pages["findings.html"] = findings_page(site)
    pages["log.html"] = log_page(site)
    pages["graph.html"] = graph_page(site)
    pages["index.html"] = _index_page(site)
    return dict(sorted(pages.items()))


def _search_entries(site: Site) -> list[dict[str, str]]:
    c = site.corpus
    entries = []
    for p, rec in enumerate(c.records):
        f = c.facts[p]
        if rec.is_memory and rec.mind != "default":
            continue
        entries.append(
            {
                "id": rec.id,
                "title": rec.title,
                "topic": f.topic,
                "value": rec.value or "",
                "status": f.label,
                "scope": f.scope,
                "tags": " ".join(rec.tags),
                "text": " ".join(rec.content.split())[:300],
                "url": site.record_url(p, ""),
            }
        )
    return entries


def _decision_cell(site: Site, topic: str) -> str:
    d = site.answers[topic].decision
    if d is None:
        return '<span class="muted">none</span>'
    value = f" = {esc(d.value)}" if d.value else ""
    hits = site.corpus.by_id(d.id)
    if len(hits) != 1:
        return f'<span class="mono">{esc(d.id)}</span>{value}'
    pos = hits[0]
    name = title_of(site, pos)
    more = f'<br><span class="muted">{esc(name)}</span>' if name != d.value else ""
    return f"{site.record_link(pos, '')}{value} {rs(site.status_of(d.id), d.status)}{more}"


def _index_page(site: Site) -> str:
    c = site.corpus
    topics = tuple(site.answers)
    counts: dict[str, int] = defaultdict(int)
    for a in site.answers.values():
        counts[a.status] += 1
    sev: dict[str, int] = defaultdict(int)
    for f in c.findings:
        sev[f.severity] += 1
    body = [
        f"<h1>{esc(site.title)}</h1>",
        (
            f'<p class="muted">{len(topics)} topics · {c.health.record_count} records · '
            f"{c.health.excluded_count} excluded · as of <b>{esc(site.as_of_text)}</b> · "
            f'fingerprint <span class="mono">{esc(c.health.fingerprint[:12])}</span></p>'
        ),
        '<div class="summary">'
        + "".join(
            f'<span class="badge st-{s}">{counts[s]} {esc(STATUS_TEXT[s])}</span>'
            for s in STATUS_TEXT
        )
        + "</div>",
        (
            '<div class="search"><label for="q" class="muted">Search the decisions '
            "(id, title, value, tags, text)</label>"
        ),
        '<input id="q" type="search" autocomplete="off" placeholder="e.g. postgres">',
        '<div id="count" class="muted"></div><ol id="results"></ol></div>',
        (
            '<p>Browse: <a href="log.html">the decision log</a> (every record, newest first) · '
            '<a href="graph.html">the decision graph</a> (what replaced what) · '
            f'<a href="findings.html">findings</a>: {sev["error"]} errors, {sev["warn"]} '
            f"warnings, {sev['info']} notes.</p>"
        ),
        "<h2>Topics</h2>",
    ]
    rows = [
        f'<tr><td><a href="{esc(site.topic_url(t, ""))}">{esc(t)}</a></td>'
        f"<td>{badge(site.answers[t].status)}</td><td>{_decision_cell(site, t)}</td>"
        f"<td>{len(c.topic_members(t))}</td>"
        f"<td>{sum(1 for x in site.answers[t].conflicts if x.status == 'open') or ''}</td></tr>"
        for t in topics
    ]
    body.append(table(("Topic", "Status", "Decision", "Records", "Open conflicts"), rows))
    recent = latest(site, 8)
    if recent:
        body.append('<h2>Latest records</h2><ul class="plain">')
        body += [
            f'<li><span class="muted">{esc(str(record_date(c, p)))}</span> '
            f"{site.record_link(p, '')} {esc(title_of(site, p))} "
            f"{rs(c.facts[p].status, c.facts[p].label)}</li>"
            for p in recent
        ]
        body.append('</ul><p><a href="log.html">The whole log →</a></p>')
    script = f"window.GOVMEM_INDEX = {_js_value(_search_entries(site))};\n{SEARCH_JS}"
    return page(site, site.title, "\n".join(body), root="", here="index.html", script=script)
