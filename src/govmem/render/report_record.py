"""A record's own page: its state in words, its facts, its relations and its Markdown.

The page says first whether the record is in force as of the report's
instant and, when it is not the current decision of its topic, which one
is; then the governed fields, every relation of the decision graph in
words (superseded by, rejected in favour of, conflicts with…), linked to
the other records' pages, and the body rendered from Markdown
(`_report_markdown`), links between records pointing at their pages.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable
from typing import TYPE_CHECKING, Final
from urllib.parse import unquote

from govmem.index.derive import normalised_title

from .graph import Graph, short_title
from .report_markdown import make_markdown, render_inline, render_markdown
from .report_page import (
    LOCAL_LOG,
    Site,
    findings_table,
    page,
    record_date,
    record_log,
    rs,
    validity,
)
from .svg import xml_text as esc

if TYPE_CHECKING:
    from markdown_it import MarkdownIt

    from govmem.model.records import Record

_PHRASES: Final = {
    "supersedes": ("supersedes", "superseded by"),
    "proposes-to-supersede": ("proposes to supersede", "proposed to be superseded by"),
    "rejected-in-favour-of": ("rejected in favour of", "chosen instead of"),
    "conflicts": ("conflicts with", "conflicts with"),
    "exception": ("a scope exception to", "has a scope exception:"),
}
"""Edge kind -> (as its source, as its target)."""
_MD_SUFFIXES: Final = (".md", ".markdown")
_H1: Final = re.compile(r"\A\s*#[ \t]+(.+?)[ \t#]*$", re.M)

Relation = tuple[str, int, str | None]
"""(phrase, the other record's position, conflict status)."""


def relations(graph: Graph) -> dict[int, list[Relation]]:
    """Each record's relations in the graph, in words, in the graph's edge order."""
    pos_of = {n.key: n.pos for n in graph.nodes}
    out: dict[int, list[Relation]] = defaultdict(list)
    for e in graph.edges:
        forward, backward = _PHRASES[e.kind]
        a, b = pos_of[e.source], pos_of[e.target]
        out[a].append((forward, b, e.status))
        out[b].append((backward, a, e.status))
    return out


def title_of(site: Site, pos: int) -> str:
    """A record's display title: its title, else its body's `# heading`, else value or content.

    A title that is only the record's number (`ADR 024`) gives way to the
    body's first heading when that says more (`ADR 024 — PostgreSQL for…`).
    """
    rec = site.corpus.records[pos]
    if not normalised_title(rec.title) or rec.title.strip() == rec.id:
        m = _H1.search(rec.body)
        if m and normalised_title(m[1]):
            return short_title(rec.id, m[1], rec.value, rec.content, 120)
    return short_title(rec.id, rec.title, rec.value, rec.content, 120)


def record_pages(site: Site) -> dict[str, str]:
    """Every record's page, by path."""
    md = make_markdown()
    related = relations(site.graph)
    return {
        site.record_files[p]: _record_page(site, p, md, related.get(p, []))
        for p in range(len(site.corpus.records))
    }


def resolver(site: Site, pos: int | None, root: str) -> Callable[[str], str | None]:
    """Links of a record's text that name a record -> that record's page, from `root`."""
    from_path = site.corpus.records[pos].path if pos is not None else None

    def resolve(href: str) -> str | None:
        if "://" in href or href.startswith(("#", "mailto:")):
            return None
        target = href.split("#", 1)[0].split("?", 1)[0]
        if not target.lower().endswith(_MD_SUFFIXES):
            return None
        hits = site.corpus.resolve(unquote(target), from_path)
        return site.record_url(hits[0], root) if len(hits) == 1 else None

    return resolve


def _state(site: Site, pos: int, related: list[Relation]) -> str:
    """Whether the record is in force, what replaced it, and the topic's current decision."""
    c = site.corpus
    rec, f = c.records[pos], c.facts[pos]
    topic_link = f'<a href="{esc(site.topic_url(f.topic, "../"))}">{esc(f.topic)}</a>'
    by = [o for phrase, o, _ in related if phrase in ("superseded by", "rejected in favour of")]
    replaced = ", ".join(site.record_link(o, "../") for o in by)
    if pos in site.current:
        lines = [f"<b>The current decision</b> on {topic_link} as of {esc(site.as_of_text)}."]
    elif c.in_force(pos, site.at):
        lines = [f"<b>In force</b> as of {esc(site.as_of_text)} (scope {esc(f.scope)})."]
    elif f.status == "rejected":
        lines = ["<b>Rejected</b>" + (f" in favour of {replaced}." if replaced else ".")]
    elif f.status in ("superseded", "deprecated"):
        end = f" on {esc(str(f.valid_to))}" if f.valid_to is not None else ""
        what, by_text = (
            ("Superseded", " by") if f.status == "superseded" else ("Deprecated", ", replaced by")
        )
        lines = [f"<b>{what}</b>{end}" + (f"{by_text} {replaced}." if replaced else ".")]
    elif f.status == "proposed":
        lines = [f"<b>Proposed</b> ({esc(rec.label)}): not in force."]
    else:
        lines = [f"<b>Not in force</b> as of {esc(site.as_of_text)} (status {esc(rec.label)})."]
    decision = site.decision_of.get(f.topic)
    gone = pos not in site.current and not c.in_force(pos, site.at)
    if decision is not None and decision != pos:
        lines.append(
            f"The current decision on {topic_link}: {site.record_link(decision, '../')} "
            f"{esc(title_of(site, decision))} {rs(c.facts[decision].status, c.records[decision].label)}"
        )
    elif decision is None and gone:
        lines.append(f"No decision on {topic_link} is in force as of {esc(site.as_of_text)}.")
    cls = "note gone" if gone else "note"
    return f'<div class="{cls}">' + "".join(f"<p>{line}</p>" for line in lines) + "</div>"


def _facts(site: Site, pos: int, md: MarkdownIt) -> str:
    c = site.corpus
    rec, f = c.records[pos], c.facts[pos]
    status = rs(f.status, f.label)
    if _shows(rec):
        status += " " + render_inline(md, rec.written_status or "", resolver(site, pos, "../"))
    rows = [
        ("Number", f'<span class="mono">{esc(rec.id)}</span>'),
        ("Status", status),
        ("In force", esc(validity(f.status, f.valid_from, f.valid_to, f.end_unknown))),
        ("Scope", esc(f.scope)),
        ("Topic", f'<a href="{esc(site.topic_url(f.topic, "../"))}">{esc(f.topic)}</a>'),
        ("Kind", esc(rec.kind)),
    ]
    if c.config.logs_read:  # federated: where the record comes from (SPEC v5 §2)
        rows.insert(1, ("Log", esc(record_log(c, pos) or LOCAL_LOG)))
    if rec.value:
        rows.append(("Value", esc(rec.value)))
    if rec.tags:
        rows.append(("Tags", esc(", ".join(rec.tags))))
    if rec.authored_by:
        rows.append(("Author", esc(rec.authored_by)))
    if rec.ratified_by:
        rows.append(("Ratified by", esc(", ".join(rec.ratified_by))))
    if rec.path:
        rows.append(("File", f'<span class="mono">{esc(rec.path)}</span>'))
    return '<dl class="facts">' + "".join(f"<dt>{k}</dt><dd>{v}</dd>" for k, v in rows) + "</dl>"


def _shows(rec: Record) -> bool:
    """Whether the status as written says more than its label (`⌛️ Superseded by 036`)."""
    written = (rec.written_status or "").strip()
    return bool(written) and written.lower() != rec.label.lower()


def _record_page(site: Site, pos: int, md: MarkdownIt, related: list[Relation]) -> str:
    c = site.corpus
    rec, f = c.records[pos], c.facts[pos]
    rendered = (
        render_markdown(md, rec.body, resolver(site, pos, "../")) if rec.body.strip() else None
    )
    heading = (rendered.title if rendered else None) or rec.title or rec.id
    date = record_date(c, pos)
    body = [
        (
            f'<p class="crumbs"><a href="../index.html">{esc(site.title)}</a> › '
            f'<a href="{esc(site.topic_url(f.topic, "../"))}">{esc(f.topic)}</a> › '
            f'<span class="mono">{esc(rec.id)}</span></p>'
        ),
        f"<h1>{esc(heading)}</h1>",
        (
            f'<p>{rs(f.status, f.label)} <span class="mono">{esc(rec.id)}</span>'
            f" · {esc(str(date) if date else 'no date')} · scope {esc(f.scope)}</p>"
        ),
        _state(site, pos, related),
        _facts(site, pos, md),
    ]
    if related:
        body.append("<h2>Relations</h2><ul class='relations'>")
        for phrase, other, status in related:
            note = f" ({esc(status)})" if status else ""
            body.append(
                f"<li>{esc(phrase.capitalize())} {site.record_link(other, '../')} "
                f"{esc(title_of(site, other))} "
                f"{rs(c.facts[other].status, c.records[other].label)}{note}</li>"
            )
        body.append("</ul>")
    if rendered is not None:
        body.append(f'<article class="adr">\n{rendered.html}</article>')
    elif rec.content:
        body.append(f'<article class="adr"><p>{esc(rec.content)}</p></article>')
    findings = site.findings_of.get(rec.id, ())
    if findings:
        body.append("<h2>Findings</h2>")
        body.append(findings_table(findings, root="../", site=site))
    return page(site, f"{rec.id} {heading} — {site.title}", "\n".join(body), root="../", here="")
