"""A `Timeline` drawn as a hand-written SVG (`govmem timeline --svg`, the report).

The SVG uses presentation attributes only (no `<style>`, no script, no
external reference), so it can be inlined in a page with a strict
Content-Security-Policy; every piece of text is escaped. Elements whose
colour follows the page's theme carry an `sv-*` class (`sv-bg`, `sv-ink`,
`sv-dim`, `sv-grid`, `sv-axis`, `sv-band`, `sv-line`), which the report's
dark theme restyles; standalone, the picture is light.
"""

from __future__ import annotations

from datetime import datetime
from typing import Final

from govmem.model.status import NEVER_IN_FORCE, TENTATIVE

from .graph import EDGE_COLOURS, STATUS_COLOURS
from .svg import FONT, arrow_marker, clip, num, xml_text
from .timeline import (
    CHAR,
    LEFT,
    WIDTH,
    Bar,
    Step,
    Timeline,
    bar_text,
    gap,
    placement,
    span,
    ticks,
    x_of,
)

_TOP: Final = 56
_ROW: Final = 30
_BAR: Final = 16
_LANE_PAD: Final = 8
_CONFLICT: Final = "#dc2626"
_AS_OF: Final = "#2563eb"
_STEP: Final = EDGE_COLOURS["supersedes"]
_PENDING: Final = EDGE_COLOURS["proposes-to-supersede"]
SUBTITLE: Final = (
    "each bar: when the decision was in force · one lane per scope · arrows: replaced by"
)

Box = tuple[float, float, float]
"""A drawn bar: (x0, x1, top y)."""


def render_svg(tl: Timeline) -> str:
    """The timeline as a standalone SVG document (also valid inline in HTML)."""
    lo, hi = tl.start, tl.end
    scale = (WIDTH - LEFT - 24) / (hi - lo).total_seconds()
    lanes_h = sum(lane.rows * _ROW + 2 * _LANE_PAD for lane in tl.lanes) or _ROW
    axis_y = _TOP + lanes_h
    legend_y = axis_y + 34
    height = legend_y + 48
    title = f"Timeline of {tl.topic} as of {tl.as_of_text}"
    out = [
        (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
            f'viewBox="0 0 {WIDTH} {height}" role="img" aria-label="{xml_text(title)}" '
            f'font-family="{xml_text(FONT)}" font-size="11" class="govmem-timeline">'
        ),
        f"<title>{xml_text(title)}</title>",
        "<defs>"
        + arrow_marker("tl-next", _STEP, "sv-step")
        + arrow_marker("tl-pending", _PENDING, "")
        + "</defs>",
        f'<rect x="0" y="0" width="{WIDTH}" height="{height}" fill="#ffffff" class="sv-bg"/>',
        (
            f'<text x="{LEFT}" y="22" font-size="15" font-weight="600" fill="#111827" '
            f'class="sv-ink">{xml_text(tl.topic)}</text>'
        ),
        (
            f'<text x="{LEFT}" y="37" fill="#4b5563" class="sv-dim">{SUBTITLE} · as of '
            f"{xml_text(tl.as_of_text)}</text>"
        ),
    ]
    out += _grid(lo, hi, scale, axis_y)
    boxes: dict[int, Box] = {}
    bars: list[str] = []
    y = _TOP
    for i, lane in enumerate(tl.lanes):
        h = lane.rows * _ROW + 2 * _LANE_PAD
        if i % 2 == 0:
            out.append(
                f'<rect x="0" y="{y}" width="{WIDTH}" height="{h}" fill="#f8fafc" '
                f'fill-opacity="0.8" class="sv-band"/>'
            )
        out.append(
            f'<text x="12" y="{y + _LANE_PAD + _ROW / 2 + 4:.0f}" font-weight="600" '
            f'fill="#111827" class="sv-ink">{xml_text(clip(lane.scope, 20))}</text>'
        )
        out.append(
            f'<line x1="0" y1="{y + h}" x2="{WIDTH}" y2="{y + h}" stroke="#e5e7eb" class="sv-line"/>'
        )
        for b in lane.bars:
            by = y + _LANE_PAD + b.row * _ROW + (_ROW - _BAR) / 2
            x0, x1 = span(b, lo, hi, scale)
            boxes.setdefault(b.pos, (x0, x1, by))
            bars += _bar_svg(b, by, lo, hi, scale)
        y += h
    out += [_step_svg(s, boxes) for s in tl.steps if s.source in boxes and s.target in boxes]
    out += bars
    if not tl.lanes:
        out.append(
            f'<text x="{LEFT}" y="{_TOP + 17}" fill="#6b7280" class="sv-dim">'
            "No record is on this topic.</text>"
        )
    out += _as_of_line(tl, lo, scale, axis_y)
    out += _legend(legend_y)
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _grid(lo: datetime, hi: datetime, scale: float, axis_y: float) -> list[str]:
    out = []
    for t, label, major in ticks(lo, hi, scale):
        x = num(x_of(t, lo, scale))
        colour, cls = ("#d1d5db", "sv-grid") if major else ("#f1f5f9", "sv-grid-minor")
        out.append(
            f'<line x1="{x}" y1="{_TOP}" x2="{x}" y2="{axis_y}" stroke="{colour}" class="{cls}"/>'
        )
        out.append(
            f'<line x1="{x}" y1="{axis_y}" x2="{x}" y2="{axis_y + (6 if major else 3)}" '
            f'stroke="#6b7280" class="sv-axis"/>'
        )
        if label:
            weight = ' font-weight="600"' if major else ""
            out.append(
                f'<text x="{x}" y="{axis_y + 18}" text-anchor="middle" fill="#374151" '
                f'class="sv-ink"{weight}>{xml_text(label)}</text>'
            )
    out.append(
        f'<line x1="{LEFT}" y1="{axis_y}" x2="{num(x_of(hi, lo, scale))}" y2="{axis_y}" '
        f'stroke="#6b7280" class="sv-axis"/>'
    )
    return out


def _as_of_line(tl: Timeline, lo: datetime, scale: float, axis_y: float) -> list[str]:
    ax = x_of(tl.as_of, lo, scale)
    anchor = "end" if ax > WIDTH - 140 else "start"
    dx = -4 if anchor == "end" else 4
    return [
        (
            f'<line x1="{num(ax)}" y1="{_TOP - 4}" x2="{num(ax)}" y2="{axis_y}" stroke="{_AS_OF}" '
            f'stroke-width="1.5" stroke-dasharray="5 3" class="sv-as-of">'
            f"<title>as of {xml_text(tl.as_of_text)}</title></line>"
        ),
        (
            f'<text x="{num(ax + dx)}" y="{_TOP - 5}" text-anchor="{anchor}" fill="{_AS_OF}" '
            f'font-weight="600" class="sv-as-of-text">as of {xml_text(tl.as_of_text)}</text>'
        ),
    ]


def _step_svg(step: Step, boxes: dict[int, Box]) -> str:
    """An arrow from a record's bar to its successor's.

    When the record ended before its successor began, the arrow leaves the
    record's end, drops to the successor's row and enters its start; when
    they overlap (or meet), it drops straight down (or up) at the successor's
    start.
    """
    (px0, px1, py), (sx0, _sx1, sy) = boxes[step.source], boxes[step.target]
    down = sy >= py
    source_edge = py + _BAR if down else py
    target_edge = sy if down else sy + _BAR
    if px1 <= sx0 - 10:
        mid = sy + _BAR / 2
        d = f"M{num(px1)} {num(source_edge)}V{num(mid)}H{num(sx0 - 1)}"
    else:
        x = max(sx0 + 5, px0 + 3)
        d = f"M{num(x)} {num(source_edge)}V{num(target_edge - (1 if down else -1))}"
    colour, marker = (_PENDING, "tl-pending") if step.pending else (_STEP, "tl-next")
    dash = ' stroke-dasharray="3 2"' if step.pending else ""
    cls = "step pending" if step.pending else "step sv-step-line"
    return (
        f'<path d="{d}" fill="none" stroke="{colour}" stroke-width="1.5"{dash} '
        f'marker-end="url(#{marker})" class="{cls}"/>'
    )


def _bar_svg(b: Bar, y: float, lo: datetime, hi: datetime, scale: float) -> list[str]:
    fill, stroke = STATUS_COLOURS.get(b.status, STATUS_COLOURS["unknown"])
    x0, x1 = span(b, lo, hi, scale)
    when = (
        f"{b.start_text} · never in force"
        if b.point
        else f"{b.start_text} → "
        + ("end unknown" if b.end_unknown else b.end_text if b.end else "open")
    )
    tip = f"{b.id} — {b.title}\n{b.label} · {b.scope} · {when}"
    if b.conflict:
        tip += f"\nopen conflict: {b.conflict}"
    out = [f'<g class="bar status-{xml_text(b.status)}"><title>{xml_text(tip)}</title>']
    mid = y + _BAR / 2
    if b.point:
        cx = (x0 + x1) / 2
        out.append(
            f'<path d="M{num(cx - 5)} {num(mid - 5)}L{num(cx + 5)} {num(mid + 5)}M{num(cx + 5)} '
            f'{num(mid - 5)}L{num(cx - 5)} {num(mid + 5)}" stroke="{stroke}" stroke-width="2.5"/>'
        )
    else:
        out += _bar_shape(b, x0, x1, y, fill, stroke, x_of(hi, lo, scale))
    text = bar_text(b)
    colour = "#b91c1c" if b.conflict else "#111827"
    place = placement(b, lo, hi, scale)
    cls = "sv-on-bar" if place == "inside" else "sv-conflict" if b.conflict else "sv-ink"
    if place == "left":
        tx = x0 - 6
        if b.conflict:
            out += _conflict_mark(tx - 6, mid)
            tx -= 16
        out.append(
            f'<text x="{num(tx)}" y="{num(mid + 4)}" text-anchor="end" fill="{colour}" '
            f'class="{cls}">{xml_text(text)}</text>'
        )
    else:
        tx = x0 + 6 if place == "inside" else (x0 + 10 if b.point else x1 + gap(b))
        if b.conflict:
            out += _conflict_mark(tx + 6, mid)
            tx += 16
        out.append(
            f'<text x="{num(tx)}" y="{num(mid + 4)}" fill="{colour}" class="{cls}">'
            f"{xml_text(text)}</text>"
        )
    out.append("</g>")
    return out


def _bar_shape(
    b: Bar, x0: float, x1: float, y: float, fill: str, stroke: str, xr: float
) -> list[str]:
    """The bar's rectangle, with its open-end arrow or trailing `?`."""
    mid = y + _BAR / 2
    dash = ' stroke-dasharray="4 3"' if b.status in TENTATIVE else ""
    outline = _CONFLICT if b.conflict else stroke
    width = "2" if b.conflict else "1"
    out = [
        (
            f'<rect x="{num(x0)}" y="{num(y)}" width="{num(x1 - x0)}" height="{_BAR}" rx="3" '
            f'fill="{fill}" stroke="{outline}" stroke-width="{width}"{dash}/>'
        )
    ]
    if b.start is None:
        out.append(
            f'<line x1="{num(x0)}" y1="{num(y)}" x2="{num(x0)}" y2="{num(y + _BAR)}" '
            f'stroke="#ffffff" stroke-width="2" stroke-dasharray="2 2" class="sv-bg-line"/>'
        )
    if b.end is None and not b.end_unknown:
        out.append(
            f'<path d="M{num(x1 - 1)} {num(y - 2)}L{num(x1 + 7)} {num(mid)}L{num(x1 - 1)} '
            f'{num(y + _BAR + 2)}Z" fill="{stroke}"/>'
        )
    if b.end_unknown:
        out.append(
            f'<line x1="{num(x1)}" y1="{num(mid)}" x2="{num(xr - 10)}" y2="{num(mid)}" '
            f'stroke="{stroke}" stroke-width="1.5" stroke-dasharray="1 4"/>'
        )
        out.append(
            f'<text x="{num(xr - 6)}" y="{num(mid + 4)}" text-anchor="middle" '
            f'fill="{stroke}" font-weight="700">?</text>'
        )
    return out


def _conflict_mark(cx: float, cy: float) -> list[str]:
    return [
        f'<circle cx="{num(cx)}" cy="{num(cy)}" r="6" fill="{_CONFLICT}"/>',
        (
            f'<text x="{num(cx)}" y="{num(cy + 4)}" text-anchor="middle" fill="#ffffff" '
            'font-weight="700">!</text>'
        ),
    ]


def _legend(y: float) -> list[str]:
    """Two rows: the status colours, then the marks (conflict, successor, as of)."""
    out = [f'<g class="legend" transform="translate({LEFT} {num(y)})">']
    x = 0.0
    for status, (fill, stroke) in STATUS_COLOURS.items():
        if status in NEVER_IN_FORCE:
            out.append(
                f'<path d="M{num(x)} 1L{num(x + 10)} 11M{num(x + 10)} 1L{num(x)} 11" '
                f'stroke="{stroke}" stroke-width="2"/>'
            )
        else:
            dash = ' stroke-dasharray="3 2"' if status in TENTATIVE else ""
            out.append(
                f'<rect x="{num(x)}" y="0" width="18" height="12" rx="2" fill="{fill}" '
                f'stroke="{stroke}"{dash}/>'
            )
        out.append(_legend_text(x + 22, 10, status))
        x += 22 + len(status) * CHAR + 14
    out += _conflict_mark(6, 26)
    out.append(_legend_text(16, 30, "open conflict"))
    x = 16 + 13 * CHAR + 18
    out.append(
        f'<path d="M{num(x)} 26H{num(x + 26)}" stroke="{_STEP}" stroke-width="1.5" '
        'marker-end="url(#tl-next)" class="sv-step-line"/>'
    )
    out.append(_legend_text(x + 32, 30, "replaced by"))
    x += 32 + 11 * CHAR + 18
    out.append(
        f'<path d="M{num(x)} 26H{num(x + 26)}" stroke="{_PENDING}" stroke-width="1.5" '
        'stroke-dasharray="3 2" marker-end="url(#tl-pending)"/>'
    )
    out.append(_legend_text(x + 32, 30, "proposed replacement"))
    x += 32 + 20 * CHAR + 18
    out.append(
        f'<line x1="{num(x)}" y1="18" x2="{num(x)}" y2="34" stroke="{_AS_OF}" stroke-width="1.5" '
        f'stroke-dasharray="5 3"/>'
    )
    out.append(_legend_text(x + 5, 30, "as of"))
    out.append("</g>")
    return out


def _legend_text(x: float, y: float, text: str) -> str:
    return f'<text x="{num(x)}" y="{y}" fill="#374151" class="sv-ink">{xml_text(text)}</text>'
