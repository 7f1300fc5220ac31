"""A static HTML site of a corpus: the register as a browsable knowledge base.

`build_report(corpus, as_of, now=..., title=...)` returns a mapping of
relative POSIX paths to page texts; the CLI writes them (this module does no
I/O). The site:

* `index.html` — every topic with its current status (the `status` of
  `query(topic, topic=topic, as_of=...)`: verified / contested /
  insufficient_evidence / unknown), its decision and its open conflicts, and
  a client-side search over every record;
* `topics/<slug>.html` — per topic: the current answer (decision, evidence,
  superseded decisions, scope exceptions, conflicts, missing information,
  sources), the timeline picture inline, the history, every conflict across
  scopes, the records with their text, and their findings;
* `findings.html` — every finding of the corpus.

It needs no server and no network: it works from `file://`. The search index
is embedded in `index.html` as a JavaScript value (no `fetch`), and the search
also reads `#q=word` from the address, so a link can carry a search. Pages load
nothing from outside; each carries a Content-Security-Policy that allows only
its own inline style and script, by hash. Everything that comes from the
corpus is escaped; the search builds its results with DOM text nodes only.
Output is deterministic: the same corpus and arguments give the same bytes.
"""

from __future__ import annotations

import base64
import hashlib
import json
from collections import defaultdict
from datetime import datetime
from typing import TYPE_CHECKING, Final

from . import _drill
from ._answer import Answer, RecordView
from ._graph import build_graph, render_mermaid, short_title
from ._svg import xml_text as esc
from ._text import slug
from ._timeline import NEVER_IN_FORCE, build_timeline
from ._timeline_svg import render_svg

if TYPE_CHECKING:
    from collections.abc import Mapping

    from ._corpus import Corpus
    from ._model import Finding
    from ._time import When

STATUS_TEXT: Final = {
    "verified": "verified",
    "contested": "contested",
    "insufficient_evidence": "insufficient evidence",
    "unknown": "unknown",
}
_SLUG_MAX: Final = 60

CSS: Final = """
:root { color-scheme: light; --fg: #111827; --muted: #4b5563; --line: #e5e7eb;
  --bg: #ffffff; --soft: #f8fafc; --link: #1d4ed8; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto,
  "DejaVu Sans", sans-serif; color: var(--fg); background: var(--bg); }
header.site { background: #0f172a; color: #f8fafc; padding: 14px 28px; }
header.site a { color: #f8fafc; text-decoration: none; font-weight: 600; }
header.site span { color: #cbd5e1; margin-left: 12px; font-size: 13px; }
main { max-width: 1040px; margin: 0 auto; padding: 20px 28px 60px; }
h1 { font-size: 26px; margin: 8px 0 4px; }
h2 { font-size: 19px; margin: 30px 0 10px; border-bottom: 1px solid var(--line);
  padding-bottom: 4px; }
h3 { font-size: 16px; margin: 18px 0 6px; }
a { color: var(--link); }
.muted { color: var(--muted); }
.mono, code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  font-size: 13px; }
table { border-collapse: collapse; width: 100%; margin: 6px 0 12px; }
th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid var(--line);
  vertical-align: top; }
th { font-size: 13px; color: var(--muted); font-weight: 600; }
tr:hover td { background: var(--soft); }
.badge { display: inline-block; padding: 1px 9px; border-radius: 999px; font-size: 12px;
  font-weight: 600; border: 1px solid; white-space: nowrap; }
.st-verified { background: #dcfce7; color: #166534; border-color: #86efac; }
.st-contested { background: #fee2e2; color: #991b1b; border-color: #fca5a5; }
.st-insufficient_evidence { background: #fef9c3; color: #854d0e; border-color: #fde047; }
.st-unknown { background: #f3f4f6; color: #374151; border-color: #d1d5db; }
.rs { display: inline-block; padding: 0 7px; border-radius: 4px; font-size: 12px;
  border: 1px solid #d1d5db; background: #f9fafb; }
.rs-accepted { background: #dcfce7; border-color: #15803d; }
.rs-proposed { background: #fef9c3; border-color: #a16207; border-style: dashed; }
.rs-rejected { background: #fee2e2; border-color: #b91c1c; }
.rs-superseded { background: #e5e7eb; border-color: #4b5563; }
.rs-deprecated { background: #f3e8d6; border-color: #92400e; }
.rs-revoked { background: #fce7f3; border-color: #9d174d; }
.card { border: 1px solid var(--line); border-radius: 8px; padding: 14px 18px;
  background: var(--soft); }
.card p { margin: 6px 0; }
.summary { display: flex; gap: 10px; flex-wrap: wrap; margin: 10px 0 4px; }
.summary .badge { font-size: 13px; padding: 3px 12px; }
blockquote { margin: 8px 0; padding: 4px 12px; border-left: 3px solid #93c5fd;
  background: #eff6ff; }
figure { margin: 10px 0; overflow-x: auto; border: 1px solid var(--line);
  border-radius: 8px; }
figure svg { display: block; }
details { margin: 4px 0 10px; }
summary { cursor: pointer; color: var(--muted); }
pre { white-space: pre-wrap; word-break: break-word; background: var(--soft);
  border: 1px solid var(--line); border-radius: 6px; padding: 10px 12px; font-size: 13px; }
.search { margin: 18px 0 8px; }
.search input { width: 100%; font-size: 16px; padding: 9px 12px; border: 1px solid #cbd5e1;
  border-radius: 8px; }
#results { list-style: none; padding: 0; margin: 6px 0 0; }
#results li { padding: 6px 2px; border-bottom: 1px solid var(--line); }
#results .meta { color: var(--muted); font-size: 13px; margin-left: 6px; }
.sev-error { color: #b91c1c; font-weight: 600; }
.sev-warn { color: #a16207; font-weight: 600; }
.sev-info { color: var(--muted); }
ul.plain { padding-left: 18px; }
""".strip()

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


def _sha256(text: str) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()


def _page(title: str, body: str, *, root: str, script: str | None = None) -> str:
    """A whole HTML page: strict CSP by hash, inline style (and script), no outside asset."""
    csp = [
        "default-src 'none'",
        f"style-src '{_sha256(CSS)}'",
        "img-src data:",
        "base-uri 'none'",
        "form-action 'none'",
    ]
    if script is not None:
        csp.insert(2, f"script-src '{_sha256(script)}'")
    tail = f"<script>{script}</script>\n" if script is not None else ""
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f'<meta http-equiv="Content-Security-Policy" content="{"; ".join(csp)}">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '<meta name="generator" content="govmem">\n'
        '<link rel="icon" href="data:,">\n'
        f"<title>{esc(title)}</title>\n<style>{CSS}</style>\n</head>\n<body>\n"
        f'<header class="site"><a href="{root}index.html">govmem</a>'
        "<span>governed decision register</span></header>\n"
        f"<main>\n{body}\n</main>\n{tail}</body>\n</html>\n"
    )


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


def topic_slugs(topics: tuple[str, ...] | list[str]) -> dict[str, str]:
    """A file name per topic: its slug, with a short hash when empty or taken."""
    out: dict[str, str] = {}
    used: set[str] = set()
    for topic in topics:
        base = slug(topic)[:_SLUG_MAX].strip("-")
        name = base
        if not base or base in used:
            digest = hashlib.sha256(topic.encode()).hexdigest()[:8]
            name = f"{base}-{digest}" if base else f"topic-{digest}"
        used.add(name)
        out[topic] = name
    return out


def anchor(rid: str) -> str:
    """The fragment id of a record on its topic page."""
    return "rec-" + "".join(
        ch if ch.isascii() and (ch.isalnum() or ch in "-_") else "_" for ch in rid
    )


def _badge(status: str) -> str:
    return f'<span class="badge st-{esc(status)}">{esc(STATUS_TEXT.get(status, status))}</span>'


def _rs(status_class: str, label: str) -> str:
    return f'<span class="rs rs-{esc(status_class)}">{esc(label)}</span>'


def build_report(
    corpus: Corpus, as_of: When | None = None, *, now: datetime, title: str = "govmem report"
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
    slugs = topic_slugs(topics)
    answers = {t: c.query(t, topic=t, as_of=as_of, now=now) for t in topics}
    as_of_text = str(as_of) if as_of is not None else now.strftime("%Y-%m-%dT%H:%M:%SZ")
    class_of = {c.records[p].id: c.facts[p].status for p in range(len(c.records))}
    findings_of: dict[str, list[Finding]] = defaultdict(list)
    for f in c.findings:
        if f.id is not None:
            findings_of[f.id].append(f)
    pages: dict[str, str] = {}
    for t in topics:
        pages[f"topics/{slugs[t]}.html"] = _topic_page(
            c, t, answers[t], as_of, now, title, class_of, findings_of
        )
    pages["findings.html"] = _findings_page(c, title, as_of_text)
    pages["index.html"] = _index_page(c, topics, slugs, answers, title, as_of_text)
    return dict(sorted(pages.items()))


def _search_entries(c: Corpus, slugs: Mapping[str, str]) -> list[dict[str, str]]:
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
                "url": f"topics/{slugs[f.topic]}.html#{anchor(rec.id)}",
            }
        )
    return entries


def _index_page(
    c: Corpus,
    topics: tuple[str, ...],
    slugs: Mapping[str, str],
    answers: Mapping[str, Answer],
    title: str,
    as_of_text: str,
) -> str:
    counts: dict[str, int] = defaultdict(int)
    for a in answers.values():
        counts[a.status] += 1
    sev: dict[str, int] = defaultdict(int)
    for f in c.findings:
        sev[f.severity] += 1
    body = [
        f"<h1>{esc(title)}</h1>",
        (
            f'<p class="muted">{len(topics)} topics · {c.health.record_count} records · '
            f"{c.health.excluded_count} excluded · as of <b>{esc(as_of_text)}</b> · "
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
        "<h2>Topics</h2>",
        (
            "<table><thead><tr><th>Topic</th><th>Status</th><th>Decision</th>"
            "<th>Records</th><th>Open conflicts</th></tr></thead><tbody>"
        ),
    ]
    for t in topics:
        a = answers[t]
        d = a.decision
        decision = (
            f'<span class="mono">{esc(d.id)}</span>'
            + (f" = {esc(d.value)}" if d.value else "")
            + f" {_rs(_class(c, d.id), d.status)}"
            if d is not None
            else '<span class="muted">none</span>'
        )
        open_conflicts = sum(1 for x in a.conflicts if x.status == "open")
        body.append(
            f'<tr><td><a href="topics/{esc(slugs[t])}.html">{esc(t)}</a></td>'
            f"<td>{_badge(a.status)}</td><td>{decision}</td>"
            f"<td>{len(c.topic_members(t))}</td><td>{open_conflicts or ''}</td></tr>"
        )
    body.append("</tbody></table>")
    body.append(
        f'<p><a href="findings.html">Findings</a>: {sev["error"]} errors, {sev["warn"]} warnings, '
        f"{sev['info']} notes.</p>"
    )
    script = f"window.GOVMEM_INDEX = {_js_value(_search_entries(c, slugs))};\n{SEARCH_JS}"
    return _page(title, "\n".join(body), root="", script=script)


def _class(c: Corpus, rid: str) -> str:
    hits = c.by_id(rid)
    return c.facts[hits[0]].status if hits else "unknown"


def _view_row(c: Corpus, r: RecordView, extra: str = "") -> str:
    dates = f"{r.valid_from or '?'} → {r.valid_to or 'open'}"
    return (
        f'<tr><td><a class="mono" href="#{esc(anchor(r.id))}">{esc(r.id)}</a></td>'
        f"<td>{esc(r.value or '')}</td><td>{_rs(_class(c, r.id), r.status)}</td>"
        f"<td>{esc(r.scope or '')}</td><td>{esc(dates)}</td><td>{extra}{esc(r.content or '')}</td></tr>"
    )


_VIEW_HEAD: Final = (
    "<table><thead><tr><th>Id</th><th>Value</th><th>Status</th><th>Scope</th>"
    "<th>Valid</th><th>Content</th></tr></thead><tbody>"
)


def _topic_page(
    c: Corpus,
    topic: str,
    a: Answer,
    as_of: When | None,
    now: datetime,
    title: str,
    class_of: Mapping[str, str],
    findings_of: Mapping[str, list[Finding]],
) -> str:
    as_of_text = str(a.temporal_validity.to_dict()["as_of"])
    body = [
        f'<p class="muted"><a href="../index.html">{esc(title)}</a> › topic</p>',
        f"<h1>{esc(topic)} {_badge(a.status)}</h1>",
        f'<p class="muted">As of <b>{esc(as_of_text)}</b>, scope {esc(a.scope or "all")}.</p>',
        "<h2>Current answer</h2>",
        '<div class="card">',
    ]
    d = a.decision
    if d is None:
        body.append("<p>No decision.</p>")
    else:
        body.append(
            f'<p><a class="mono" href="#{esc(anchor(d.id))}">{esc(d.id)}</a> '
            f"{_rs(class_of.get(d.id, 'unknown'), d.status)} · {esc(d.scope or '')}"
            f" · {esc(str(d.valid_from or '?'))} → {esc(str(d.valid_to or 'open'))}"
            + (f" · value <b>{esc(d.value)}</b>" if d.value else "")
            + "</p>"
        )
        body.append(f"<p>{esc(d.content or '')}</p>")
    for e in a.evidence:
        mark = "verified" if e.verified else "NOT verified"
        body.append(
            f"<blockquote>{esc(e.excerpt)}<br><span class='muted'>— {esc(e.source_id)} "
            f"({mark})</span></blockquote>"
        )
    if a.missing_information:
        body.append('<p class="muted">Missing information:</p><ul class="plain">')
        body += [f"<li>{esc(m)}</li>" for m in a.missing_information]
        body.append("</ul>")
    body.append("</div>")
    body.append("<h2>Timeline</h2>")
    svg = render_svg(build_timeline(c, topic, as_of, now=now))
    body.append(f'<figure class="timeline">{svg}</figure>')
    mermaid = render_mermaid(build_graph(c, topic, as_of, now=now))
    body.append(
        "<details><summary>Decision graph as Mermaid (paste into GitHub Markdown inside a "
        f"<code>mermaid</code> code block)</summary><pre>{esc(mermaid)}</pre></details>"
    )
    for heading, views in (
        ("Superseded decisions", a.superseded_decisions),
        ("Scope exceptions", a.scope_exceptions),
    ):
        if views:
            body.append(f"<h2>{heading}</h2>{_VIEW_HEAD}")
            body += [_view_row(c, r) for r in views]
            body.append("</tbody></table>")
    conflicts = _drill.all_conflicts(c, topic, None, as_of, now)
    body.append("<h2>Conflicts</h2>")
    if not conflicts:
        body.append('<p class="muted">No conflicts.</p>')
    else:
        body.append(
            "<table><thead><tr><th>Conflict</th><th>Status</th><th>Item</th><th>Against</th>"
            "<th>Rationale</th></tr></thead><tbody>"
        )
        for x in conflicts:
            body.append(
                f'<tr><td class="mono">{esc(x.conflict_id)}</td><td>{esc(x.status)}</td>'
                f'<td><a class="mono" href="#{esc(anchor(x.item.id))}">{esc(x.item.id)}</a>'
                f"{' = ' + esc(x.item.value) if x.item.value else ''}</td>"
                f'<td><a class="mono" href="#{esc(anchor(x.decision_id))}">{esc(x.decision_id)}</a>'
                f" in {esc(x.scope or '')}</td>"
                f"<td>{esc(x.rationale)}<br><span class='muted'>{esc(x.resolution_hint)}</span></td></tr>"
            )
        body.append("</tbody></table>")
    body.append("<h2>History</h2>")
    body.append(
        "<table><thead><tr><th>Date</th><th>Record</th><th>Event</th><th>Status</th>"
        "<th>Scope</th></tr></thead><tbody>"
    )
    for h in _drill.history_items(c, topic, None):
        body.append(
            f"<tr><td>{esc(str(h.date) if h.date else '(no date)')}</td>"
            f'<td><a class="mono" href="#{esc(anchor(h.id))}">{esc(h.id)}</a></td>'
            f"<td>{esc(h.event)}</td><td>{esc(h.status)}</td><td>{esc(h.scope or '')}</td></tr>"
        )
    body.append("</tbody></table>")
    if a.sources:
        body.append("<h2>Sources</h2><ul class='plain'>")
        body += [
            f'<li><span class="mono">{esc(s.source_id)}</span> {esc(s.title or "")} '
            f"<span class='muted'>{esc(s.type or '')} · {esc(s.reference or '')}"
            f"{' · ' + esc(str(s.occurred_at)) if s.occurred_at else ''}</span></li>"
            for s in a.sources
        ]
        body.append("</ul>")
    body.append("<h2>Records</h2>")
    members = sorted(c.topic_members(topic), key=lambda p: c.records[p].sort_key())
    topic_findings: list[Finding] = []
    for p in members:
        rec, f = c.records[p], c.facts[p]
        topic_findings += findings_of.get(rec.id, [])
        name = short_title(rec.id, rec.title, rec.value, rec.content, 120)
        body.append(
            f'<h3 id="{esc(anchor(rec.id))}"><span class="mono">{esc(rec.id)}</span> '
            f"{esc(name)} {_rs(f.status, f.label)}</h3>"
        )
        facts = [
            f"{rec.kind}",
            f"scope {f.scope}",
            _validity(f.status, f.valid_from, f.valid_to, f.end_unknown),
        ]
        if rec.value:
            facts.append(f"value {rec.value}")
        if rec.path:
            facts.append(rec.path)
        body.append(f'<p class="muted">{esc(" · ".join(facts))}</p>')
        if rec.content and rec.content != rec.title:
            body.append(f"<p>{esc(rec.content)}</p>")
        if rec.body.strip():
            body.append(
                f"<details><summary>Full text</summary><pre>{esc(rec.body)}</pre></details>"
            )
    body.append("<h2>Findings</h2>")
    body.append(_findings_table(sorted(set(topic_findings), key=lambda x: x.sort_key())))
    return _page(f"{topic} — {title}", "\n".join(body), root="../")


def _validity(status: str, start: object, end: object, end_unknown: bool) -> str:
    """`2023-05-12 → 2026-02-01`, `… → open`, `… → end unknown`, or `never in force`."""
    if status in NEVER_IN_FORCE:
        return f"{start or 'no date'} · never in force"
    return f"{start or '?'} → {'end unknown' if end_unknown else end or 'open'}"


def _findings_table(findings: list[Finding] | tuple[Finding, ...]) -> str:
    if not findings:
        return '<p class="muted">No findings.</p>'
    rows = [
        (
            "<table><thead><tr><th>Severity</th><th>Code</th><th>Record</th><th>Path</th>"
            "<th>Message</th></tr></thead><tbody>"
        )
    ]
    for f in findings:
        rows.append(
            f'<tr><td class="sev-{f.severity}">{f.severity}</td><td class="mono">{esc(f.code)}</td>'
            f'<td class="mono">{esc(f.id or "")}</td><td class="mono">{esc(f.path or "")}</td>'
            f"<td>{esc(f.message)}</td></tr>"
        )
    rows.append("</tbody></table>")
    return "\n".join(rows)


def _findings_page(c: Corpus, title: str, as_of_text: str) -> str:
    order = {"error": 0, "warn": 1, "info": 2}
    findings = sorted(c.findings, key=lambda f: (order[f.severity], f.sort_key()))
    body = [
        f'<p class="muted"><a href="index.html">{esc(title)}</a> › findings</p>',
        "<h1>Findings</h1>",
        (
            f'<p class="muted">{len(findings)} findings of the corpus (as read; answers as of '
            f"{esc(as_of_text)}).</p>"
        ),
        _findings_table(findings),
    ]
    return _page(f"Findings — {title}", "\n".join(body), root="")
