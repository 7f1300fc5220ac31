"""What every report page shares: the site's context, the page frame, badges and tables.

`Site` holds what the pages are built from (the corpus, the answers, where
each topic and record page lives); `page()` wraps a body in the HTML frame
with the navigation and the strict Content-Security-Policy: the inline
style sheet, and the page's inline script when it has one, allowed by hash;
nothing else, from anywhere.
"""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Mapping
from datetime import datetime
from typing import TYPE_CHECKING, Final

from attrs import frozen

from govmem.index.index import Index
from govmem.index.refs import log_of
from govmem.model.status import NEVER_IN_FORCE

from .report_css import CSS
from .svg import xml_text as esc

if TYPE_CHECKING:
    from govmem.engine.answer import Answer
    from govmem.model.records import Finding
    from govmem.model.time import When

    from .graph import Graph

STATUS_TEXT: Final = {
    "verified": "verified",
    "contested": "contested",
    "insufficient_evidence": "insufficient evidence",
    "unknown": "unknown",
}
NAV: Final = (
    ("index.html", "Topics"),
    ("log.html", "Log"),
    ("graph.html", "Graph"),
    ("findings.html", "Findings"),
)


@frozen(eq=False)
class Site:
    """Everything the pages of one report are built from."""

    corpus: Index
    title: str
    as_of: When | None
    now: datetime
    as_of_text: str
    answers: Mapping[str, Answer]
    topic_files: Mapping[str, str]
    """Topic -> `topics/<slug>.html`."""
    record_files: tuple[str, ...]
    """Record position -> `records/<slug>.html`."""
    findings_of: Mapping[str, tuple[Finding, ...]]
    """Record id -> its findings."""
    decision_of: Mapping[str, int]
    """Topic -> the position of its current decision: the answer's, when in force at `at`."""
    at: datetime
    """The instant of `as_of`."""
    graph: Graph
    """The graph of the whole corpus."""

    @property
    def current(self) -> frozenset[int]:
        """Positions of the current decision of every topic."""
        return frozenset(self.decision_of.values())

    def record_url(self, pos: int, root: str) -> str:
        """The page of the record at `pos`, from a page `root` deep."""
        return root + self.record_files[pos]

    def topic_url(self, topic: str, root: str) -> str:
        """The page of `topic`, from a page `root` deep."""
        return root + self.topic_files[topic]

    def record_link(self, pos: int, root: str, text: str | None = None) -> str:
        """`<a>` to the record's page, showing its id (or `text`)."""
        rid = self.corpus.records[pos].id
        return f'<a class="mono" href="{esc(self.record_url(pos, root))}">{esc(text or rid)}</a>'

    def id_link(self, rid: str, root: str) -> str:
        """A link to the page of the record `rid`, or the bare id when it is not one record."""
        hits = self.corpus.by_id(rid)
        if len(hits) == 1:
            return self.record_link(hits[0], root)
        return f'<span class="mono">{esc(rid)}</span>'

    def status_of(self, rid: str) -> str:
        """The status class of the record `rid` (`unknown` when it is not one record)."""
        hits = self.corpus.by_id(rid)
        return self.corpus.facts[hits[0]].status if hits else "unknown"


def sha256(text: str) -> str:
    """A CSP source for an inline element: `sha256-<base64>`."""
    return "sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()


def page(
    site: Site,
    title: str,
    body: str,
    *,
    root: str,
    here: str,
    script: str | None = None,
    style: str = "",
) -> str:
    """A whole HTML page: strict CSP by hash, inline style (and script), no outside asset.

    `style`: rules of this page alone, after the site's style sheet in the same element.
    """
    css = CSS + style
    csp = [
        "default-src 'none'",
        f"style-src '{sha256(css)}'",
        "img-src data:",
        "base-uri 'none'",
        "form-action 'none'",
    ]
    if script is not None:
        csp.insert(2, f"script-src '{sha256(script)}'")
    tail = f"<script>{script}</script>\n" if script is not None else ""
    current = ' aria-current="page"'
    nav = "".join(
        f'<a href="{root}{href}"{current if href == here else ""}>{text}</a>' for href, text in NAV
    )
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f'<meta http-equiv="Content-Security-Policy" content="{"; ".join(csp)}">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '<meta name="color-scheme" content="light dark">\n'
        '<meta name="generator" content="govmem">\n'
        '<link rel="icon" href="data:,">\n'
        f"<title>{esc(title)}</title>\n<style>{css}</style>\n</head>\n<body>\n"
        f'<header class="site"><a class="brand" href="{root}index.html">govmem</a>'
        f'<span class="name">{esc(site.title)}</span><nav aria-label="site">{nav}</nav></header>\n'
        f"<main>\n{body}\n</main>\n{tail}</body>\n</html>\n"
    )


def badge(status: str) -> str:
    """A topic's answer status as a pill (`verified`, `contested`…)."""
    return f'<span class="badge st-{esc(status)}">{esc(STATUS_TEXT.get(status, status))}</span>'


def rs(status_class: str, label: str) -> str:
    """A record's status as a tag coloured by its class."""
    return f'<span class="rs rs-{esc(status_class)}">{esc(label)}</span>'


def table(head: tuple[str, ...], rows: list[str], *, css: str = "") -> str:
    """A table in a box that scrolls sideways when it is wider than the screen."""
    cls = f' class="{css}"' if css else ""
    heads = "".join(f"<th>{h}</th>" for h in head)
    return (
        f'<div class="table-scroll"><table{cls}><thead><tr>{heads}</tr></thead><tbody>\n'
        + "\n".join(rows)
        + "\n</tbody></table></div>"
    )


def record_date(corpus: Index, pos: int) -> When | None:
    """The date a record is listed by: when it took effect, else its first dated change."""
    f = corpus.facts[pos]
    if f.valid_from is not None:
        return f.valid_from
    changes = corpus.records[pos].changes
    return min((ch.at for ch in changes), key=lambda w: w.bound) if changes else None


LOCAL_LOG: Final = "local"
"""How the report names the corpus's own records beside a federated log's."""


def record_log(corpus: Index, pos: int) -> str | None:
    """The federated log the record at `pos` comes from; None for the corpus's own."""
    logs = corpus.config.logs_read
    return log_of(corpus.records[pos].id, logs) if logs else None


def validity(status: str, start: object, end: object, end_unknown: bool) -> str:
    """`2023-05-12 → 2026-02-01`, `… → open`, `… → end unknown`, or `never in force`."""
    if status in NEVER_IN_FORCE:
        return f"{start or 'no date'} · never in force"
    return f"{start or '?'} → {'end unknown' if end_unknown else end or 'open'}"


def findings_table(findings: list[Finding] | tuple[Finding, ...], *, root: str, site: Site) -> str:
    """The findings as a table (or a line saying there are none)."""
    if not findings:
        return '<p class="muted">No findings.</p>'
    rows = [
        f'<tr><td class="sev-{f.severity}">{f.severity}</td><td class="mono">{esc(f.code)}</td>'
        f"<td>{site.id_link(f.id, root) if f.id else ''}</td>"
        f'<td class="mono">{esc(f.path or "")}</td><td class="text">{esc(f.message)}</td></tr>'
        for f in findings
    ]
    return table(("Severity", "Code", "Record", "Path", "Message"), rows)
