"""The report's one style sheet: light and dark themes, a layout that reflows on phones.

Every page inlines the same text, allowed by its hash in the page's
Content-Security-Policy. The dark theme follows `prefers-color-scheme` and
restyles the pictures through their `sv-*` classes (the SVGs' own
presentation attributes are the light theme). Below 640 px the margins
shrink, wide tables scroll inside their own box, the timeline scales to
the width and the graph scrolls sideways in its frame. The log's status
filter is CSS only: radio inputs before the table, `:checked ~` selectors.
"""

from __future__ import annotations

from typing import Final

from .graph import STATUS_COLOURS

_STATUSES: Final = tuple(STATUS_COLOURS)

_FILTER: Final = "".join(
    f"#show-{s}:checked ~ .table-scroll tr.row:not(.row-{s}) {{ display: none; }}\n"
    for s in _STATUSES
) + "".join(f"#show-{s}:checked ~ .filters label[for=show-{s}],\n" for s in _STATUSES)

CSS: Final = (
    """
:root { color-scheme: light dark; --fg: #111827; --muted: #4b5563; --line: #e5e7eb;
  --bg: #ffffff; --soft: #f8fafc; --link: #1d4ed8; --head: #0f172a; --quote: #eff6ff;
  --quote-line: #93c5fd; --code: #f1f5f9; --accent: #2563eb; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.55 system-ui, -apple-system, "Segoe UI", Roboto,
  "DejaVu Sans", sans-serif; color: var(--fg); background: var(--bg); }
header.site { background: var(--head); color: #f8fafc; padding: 12px 28px;
  display: flex; flex-wrap: wrap; align-items: baseline; gap: 4px 18px; }
header.site a { color: #f8fafc; text-decoration: none; }
header.site .brand { font-weight: 700; }
header.site .name { color: #cbd5e1; font-size: 13px; }
header.site nav { display: flex; flex-wrap: wrap; gap: 4px 14px; margin-left: auto; font-size: 14px; }
header.site nav a { color: #cbd5e1; }
header.site nav a[aria-current] { color: #ffffff; font-weight: 600;
  border-bottom: 2px solid #60a5fa; }
main { max-width: 1100px; margin: 0 auto; padding: 20px 28px 60px; overflow-wrap: anywhere; }
h1 { font-size: 26px; line-height: 1.25; margin: 8px 0 6px; }
h2 { font-size: 19px; margin: 30px 0 10px; border-bottom: 1px solid var(--line);
  padding-bottom: 4px; }
h3 { font-size: 16px; margin: 18px 0 6px; }
a { color: var(--link); }
.muted, .crumbs { color: var(--muted); }
.crumbs { font-size: 14px; margin: 0; }
.mono, code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  font-size: 13px; }
code { background: var(--code); padding: 1px 4px; border-radius: 4px; }
.table-scroll { overflow-x: auto; margin: 6px 0 12px; }
.table-scroll table { overflow-wrap: normal; margin: 0; }
table { border-collapse: collapse; width: 100%; margin: 6px 0 12px; }
th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid var(--line);
  vertical-align: top; }
th { font-size: 13px; color: var(--muted); font-weight: 600; }
td.ta-right, th.ta-right { text-align: right; }
td.ta-center, th.ta-center { text-align: center; }
tr:hover td { background: var(--soft); }
td.date, td a.mono, td.mono, td .rs { white-space: nowrap; }
td.text { min-width: 14em; }
.badge { display: inline-block; padding: 1px 9px; border-radius: 999px; font-size: 12px;
  font-weight: 600; border: 1px solid; white-space: nowrap; vertical-align: middle; }
.st-verified { background: #dcfce7; color: #166534; border-color: #86efac; }
.st-contested { background: #fee2e2; color: #991b1b; border-color: #fca5a5; }
.st-insufficient_evidence { background: #fef9c3; color: #854d0e; border-color: #fde047; }
.st-unknown { background: #f3f4f6; color: #374151; border-color: #d1d5db; }
.rs { display: inline-block; padding: 0 7px; border-radius: 4px; font-size: 12px;
  border: 1px solid #d1d5db; background: #f9fafb; color: #111827; white-space: nowrap;
  vertical-align: middle; font-weight: 500; }
"""
    + "\n".join(
        f".rs-{s} {{ background: {fill}; border-color: {stroke};"
        + (" border-style: dashed;" if s in ("proposed", "unknown") else "")
        + " }"
        for s, (fill, stroke) in STATUS_COLOURS.items()
    )
    + """
.card { border: 1px solid var(--line); border-radius: 8px; padding: 14px 18px;
  background: var(--soft); }
.card p { margin: 6px 0; }
.note { border-left: 4px solid var(--accent); background: var(--quote); padding: 10px 14px;
  border-radius: 0 8px 8px 0; margin: 12px 0; }
.note.gone { border-left-color: #9ca3af; }
.note p { margin: 4px 0; }
.summary { display: flex; gap: 10px; flex-wrap: wrap; margin: 10px 0 4px; }
.summary .badge { font-size: 13px; padding: 3px 12px; }
blockquote { margin: 8px 0; padding: 4px 12px; border-left: 3px solid var(--quote-line);
  background: var(--quote); }
figure { margin: 10px 0; overflow-x: auto; border: 1px solid var(--line); border-radius: 8px; }
figure svg { display: block; }
figure.timeline svg { width: 100%; height: auto; }
figure.graph svg { max-width: 100%; height: auto; }
p.legend { display: flex; flex-wrap: wrap; gap: 4px 16px; margin: 6px 0 4px; font-size: 13px;
  color: var(--muted); }
.legend-item { display: inline-flex; align-items: center; gap: 6px; }
details { margin: 4px 0 10px; }
summary { cursor: pointer; color: var(--muted); }
pre { background: var(--soft); border: 1px solid var(--line); border-radius: 6px;
  padding: 10px 12px; font-size: 13px; overflow-x: auto; overflow-wrap: normal; }
pre code { background: none; padding: 0; }
pre.wrap { white-space: pre-wrap; overflow-wrap: anywhere; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 4px 18px; margin: 12px 0; }
dl.facts dt { color: var(--muted); font-size: 14px; }
dl.facts dd { margin: 0; }
article.adr { border-top: 1px solid var(--line); margin-top: 18px; padding-top: 4px; }
article.adr img { max-width: 100%; }
.repo-link { text-decoration: underline dotted; }
.image-link { font-style: italic; }
ul.plain { padding-left: 18px; }
ul.relations { padding-left: 18px; margin: 6px 0; }
.search { margin: 18px 0 8px; }
.search input { width: 100%; font-size: 16px; padding: 9px 12px; border: 1px solid #cbd5e1;
  border-radius: 8px; background: var(--bg); color: var(--fg); }
#results { list-style: none; padding: 0; margin: 6px 0 0; }
#results li { padding: 6px 2px; border-bottom: 1px solid var(--line); }
#results .meta { color: var(--muted); font-size: 13px; margin-left: 6px; }
.sev-error { color: #b91c1c; font-weight: 600; }
.sev-warn { color: #a16207; font-weight: 600; }
.sev-info { color: var(--muted); }
.log > input { position: absolute; opacity: 0; pointer-events: none; }
.filters { display: flex; flex-wrap: wrap; gap: 6px; margin: 10px 0; }
.filters label { border: 1px solid var(--line); border-radius: 999px; padding: 2px 12px;
  cursor: pointer; font-size: 13px; background: var(--soft); }
"""
    + _FILTER
    + """
#show-all:checked ~ .filters label[for=show-all] { background: var(--accent); color: #ffffff;
  border-color: var(--accent); }
.log > input:focus-visible ~ .filters { outline: 2px solid var(--accent); outline-offset: 2px; }
@media (max-width: 640px) {
  header.site { padding: 10px 14px; }
  header.site nav { margin-left: 0; }
  main { padding: 12px 14px 40px; }
  h1 { font-size: 22px; }
  figure.graph svg { max-width: none; }
  dl.facts { grid-template-columns: 1fr; gap: 0; }
  dl.facts dd { margin-bottom: 6px; }
}
@media (prefers-color-scheme: dark) {
  :root { --fg: #e5e7eb; --muted: #9ca3af; --line: #334155; --bg: #0b1120; --soft: #111a2e;
    --link: #93c5fd; --head: #020617; --quote: #0f1d36; --quote-line: #3b82f6; --code: #1e293b;
    --accent: #3b82f6; }
  .st-verified { background: #052e16; color: #86efac; border-color: #166534; }
  .st-contested { background: #450a0a; color: #fca5a5; border-color: #991b1b; }
  .st-insufficient_evidence { background: #422006; color: #fde047; border-color: #854d0e; }
  .st-unknown { background: #1f2937; color: #d1d5db; border-color: #4b5563; }
  .search input { border-color: #475569; }
  .sev-error { color: #f87171; }
  .sev-warn { color: #facc15; }
  svg .sv-bg { fill: var(--bg); }
  svg .sv-band { fill: var(--soft); }
  svg .sv-ink { fill: var(--fg); }
  svg .sv-dim { fill: var(--muted); }
  svg .sv-grid { stroke: #334155; }
  svg .sv-grid-minor { stroke: #1e293b; }
  svg .sv-axis { stroke: #64748b; }
  svg .sv-line { stroke: var(--line); }
  svg .sv-bg-line { stroke: var(--bg); }
  svg .sv-conflict { fill: #f87171; }
  svg .sv-as-of { stroke: #60a5fa; }
  svg .sv-as-of-text { fill: #60a5fa; }
  svg .sv-step-line, svg .e-supersedes { stroke: #94a3b8; }
  svg .sv-step, svg .sv-edge-supersedes { fill: #94a3b8; }
}
"""
).strip()
