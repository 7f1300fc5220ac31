"""A topic's timeline: one lane per scope, each record a bar over its validity.

`build_timeline(corpus, topic, as_of, now=...)` lays the topic out as a
`Timeline` value; `render_svg` draws it as a hand-written SVG and
`render_text` as lines for a terminal. All three are pure and deterministic:
the same corpus and arguments give the same bytes.

How records are drawn:

* a bar from `valid_from` to `valid_to` (derived ends included), coloured by
  status class (the same colours as the graph);
* no `valid_to`: the bar runs to the right edge and ends in an arrow (open);
  superseded or deprecated with an unknown end: a short bar, then a dotted
  line and a `?`;
* no `valid_from`: the bar starts at the left edge, dashed there;
* rejected and revoked records were never in force: a cross at their date;
* proposed and unknown records are outlined dashed, never solid;
* an open conflict (SPEC §5.5) marks its item with a red outline and a `!`;
* the `as_of` instant is a vertical line; the axis shows years, and months
  when there is room.

Overlapping bars of one scope go on separate rows of its lane, so labels
never overlap. The SVG uses presentation attributes only (no `<style>`, no
script, no external reference), so it can be inlined in a page with a strict
Content-Security-Policy. Every piece of text is escaped.
"""

from __future__ import annotations

import re
from collections import defaultdict
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Final

from attrs import frozen

from . import _drill
from ._graph import STATUS_COLOURS, short_title
from ._query import make_ask
from ._text import u16

if TYPE_CHECKING:
    from ._corpus import Corpus
    from ._time import When

NEVER_IN_FORCE: Final = frozenset({"rejected", "revoked"})
TENTATIVE: Final = frozenset({"proposed", "unknown"})
_MONTHS: Final = (
    "Jan",
    "Feb",
    "Mar",
    "Apr",
    "May",
    "Jun",
    "Jul",
    "Aug",
    "Sep",
    "Oct",
    "Nov",
    "Dec",
)
_XML_BAD: Final = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")

# SVG geometry (px)
WIDTH: Final = 960
_LEFT: Final = 150
_RIGHT: Final = 24
_TOP: Final = 56
_ROW: Final = 26
_BAR: Final = 16
_LANE_PAD: Final = 8
_CHAR: Final = 6.4
"""Estimated width of one character at 11px, for packing labels."""
_CONFLICT: Final = "#dc2626"
_AS_OF: Final = "#2563eb"
_FONT: Final = "system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', sans-serif"


@frozen
class Bar:
    """One record on the timeline."""

    id: str
    kind: str
    title: str
    status: str
    """The status class."""
    label: str
    """The status as printed."""
    scope: str
    start: datetime | None
    end: datetime | None
    start_text: str
    end_text: str
    end_unknown: bool
    conflict: str | None = None
    """The id of an open conflict this record is the item of, with the decision's id."""
    row: int = 0

    @property
    def point(self) -> bool:
        """Never in force: drawn as a mark at its date, not a bar."""
        return self.status in NEVER_IN_FORCE


@frozen
class Lane:
    """A scope's lane: its rows of bars."""

    scope: str
    rows: int
    bars: tuple[Bar, ...]


@frozen
class Timeline:
    """A topic laid out in time: lanes, the time range and the `as_of` instant."""

    topic: str
    as_of: datetime
    as_of_text: str
    start: datetime
    end: datetime
    lanes: tuple[Lane, ...]

    @property
    def empty(self) -> bool:
        """No record on the topic."""
        return not self.lanes


def build_timeline(
    corpus: Corpus, topic: str, as_of: When | None = None, *, now: datetime
) -> Timeline:
    """Lay out a topic's records: one lane per scope, bars packed into rows.

    Args:
        corpus: the corpus.
        topic: a topic name, alias or member id.
        as_of: the instant drawn (and at which conflicts are open); `now` when None.
        now: the current instant, read by the caller.
    """
    c = corpus
    name = c.canonical_topic(topic)
    ask = make_ask("", as_of, now)
    at = ask.at
    as_of_text = str(as_of) if as_of is not None else str(ask.as_of)
    conflicts: dict[str, str] = {}
    for found in _drill.all_conflicts(c, name, None, as_of, now):
        if found.status == "open":
            conflicts.setdefault(found.item.id, f"{found.conflict_id} with {found.decision_id}")
    bars: list[Bar] = []
    for p in c.topic_members(name):
        rec, f = c.records[p], c.facts[p]
        if rec.is_memory and rec.mind != "default":
            continue
        start = f.valid_from.bound if f.valid_from is not None else None
        end = f.valid_to.bound if f.valid_to is not None else None
        bars.append(
            Bar(
                id=rec.id,
                kind=rec.kind,
                title=short_title(rec.id, rec.title, rec.value, rec.content, 60),
                status=f.status,
                label=f.label,
                scope=f.scope,
                start=start,
                end=end,
                start_text=str(f.valid_from) if f.valid_from is not None else "?",
                end_text=str(f.valid_to) if f.valid_to is not None else "?",
                end_unknown=f.end_unknown,
                conflict=conflicts.get(rec.id),
            )
        )
    instants = [at] + [b.start for b in bars if b.start] + [b.end for b in bars if b.end]
    lo, hi = min(instants), max(instants)
    pad = max((hi - lo) * 0.05, timedelta(days=45))
    lo, hi = lo - pad, hi + pad
    scale = (WIDTH - _LEFT - _RIGHT) / (hi - lo).total_seconds()
    by_scope: dict[str, list[Bar]] = defaultdict(list)
    for b in bars:
        by_scope[b.scope].append(b)
    lanes = []
    for scope in sorted(
        by_scope, key=lambda s: tuple(u16(a) for a in reversed(c.scopes.ancestors(s)))
    ):
        packed = _pack(by_scope[scope], lo, hi, scale)
        rows = max((b.row for b in packed), default=0) + 1
        lanes.append(Lane(scope, rows, tuple(packed)))
    return Timeline(name, at, as_of_text, lo, hi, tuple(lanes))


def _pack(bars: list[Bar], lo: datetime, hi: datetime, scale: float) -> list[Bar]:
    """Greedy rows: each bar (with its label) on the first row where it fits."""
    extents = sorted(
        ((_extent(b, lo, hi, scale), b) for b in bars), key=lambda e: (e[0], u16(e[1].id))
    )
    row_ends: list[float] = []
    out = []
    for (x0, x1), b in extents:
        row = next((i for i, end in enumerate(row_ends) if end + 8 <= x0), len(row_ends))
        if row == len(row_ends):
            row_ends.append(x1)
        else:
            row_ends[row] = x1
        out.append(_with_row(b, row))
    return out


def _with_row(b: Bar, row: int) -> Bar:
    return Bar(
        b.id,
        b.kind,
        b.title,
        b.status,
        b.label,
        b.scope,
        b.start,
        b.end,
        b.start_text,
        b.end_text,
        b.end_unknown,
        b.conflict,
        row,
    )


def _x(t: datetime, lo: datetime, scale: float) -> float:
    return _LEFT + (t - lo).total_seconds() * scale


def _span(b: Bar, lo: datetime, hi: datetime, scale: float) -> tuple[float, float]:
    """The bar's drawn x range."""
    x0 = _x(b.start or lo, lo, scale)
    if b.point:
        return x0 - 5, x0 + 5
    if b.end is not None:
        x1 = _x(b.end, lo, scale)
    elif b.end_unknown:
        x1 = min(x0 + 60, _x(hi, lo, scale))
    else:
        x1 = _x(hi, lo, scale)
    return x0, max(x1, x0 + 3)


def _bar_text(b: Bar) -> str:
    return f"{b.id} · {b.title}" if b.title and b.title != b.id else b.id


def _label_width(b: Bar) -> float:
    return len(_bar_text(b)) * _CHAR + (16 if b.conflict else 0) + 12


def _placement(b: Bar, lo: datetime, hi: datetime, scale: float) -> str:
    """Where the label goes: `inside` a wide bar, else `right` of it, else `left`."""
    x0, x1 = _span(b, lo, hi, scale)
    w = _label_width(b)
    if not b.point and x1 - x0 >= w:
        return "inside"
    right = x0 + 10 if b.point else x1 + _gap(b)
    if right + w <= WIDTH - 4 or x0 - w - 8 < _LEFT:
        return "right"
    return "left"


def _gap(b: Bar) -> float:
    return 12 if b.end is None and not b.end_unknown and not b.point else 5


def _extent(b: Bar, lo: datetime, hi: datetime, scale: float) -> tuple[float, float]:
    """What the bar occupies with its label, for packing rows."""
    x0, x1 = _span(b, lo, hi, scale)
    if b.end_unknown and not b.point:
        x1 = max(x1, _x(hi, lo, scale))
    w = _label_width(b)
    match _placement(b, lo, hi, scale):
        case "inside":
            return x0, x1
        case "right":
            return x0, (x0 + 10 if b.point else x1 + _gap(b)) + w
        case _:
            return x0 - w - 8, x1


# ------------------------------------------------------------------------ SVG
def xml_text(text: str) -> str:
    """Text or an attribute value escaped for XML/HTML (and invalid characters dropped)."""
    text = _XML_BAD.sub("", text)
    return (
        text.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
        .replace("'", "&#39;")
    )


def _n(x: float) -> str:
    return f"{x:.1f}".removesuffix(".0")


def _ticks(lo: datetime, hi: datetime, scale: float) -> list[tuple[datetime, str, bool]]:
    """(instant, label, major) axis ticks: years, and months when there is room."""
    month_px = scale * 30.44 * 86400
    out: list[tuple[datetime, str, bool]] = []
    year_step = 1 if month_px * 12 >= 44 else 5 if month_px * 60 >= 44 else 10
    if month_px >= 40:
        month_step = 1
    elif month_px >= 14:
        month_step = 3
    elif month_px >= 3:
        month_step = 12
    else:
        month_step = 0
    t = datetime(lo.year, lo.month, 1, tzinfo=UTC)
    while t <= hi:
        if t >= lo:
            if t.month == 1 and t.year % year_step == 0:
                out.append((t, str(t.year), True))
            elif month_step and month_step < 12 and (t.month - 1) % month_step == 0:
                out.append((t, _MONTHS[t.month - 1] if month_px * month_step >= 28 else "", False))
        t = datetime(t.year + (t.month == 12), t.month % 12 + 1, 1, tzinfo=UTC)
    return out


def render_svg(tl: Timeline) -> str:
    """The timeline as a standalone SVG document (also valid inline in HTML)."""
    lo, hi = tl.start, tl.end
    scale = (WIDTH - _LEFT - _RIGHT) / (hi - lo).total_seconds()
    lanes_h = sum(lane.rows * _ROW + 2 * _LANE_PAD for lane in tl.lanes) or _ROW
    axis_y = _TOP + lanes_h
    legend_y = axis_y + 34
    height = legend_y + 30
    title = f"Timeline of {tl.topic} as of {tl.as_of_text}"
    out = [
        (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
            f'viewBox="0 0 {WIDTH} {height}" role="img" aria-label="{xml_text(title)}" '
            f'font-family="{xml_text(_FONT)}" font-size="11" class="govmem-timeline">'
        ),
        f"<title>{xml_text(title)}</title>",
        f'<rect x="0" y="0" width="{WIDTH}" height="{height}" fill="#ffffff"/>',
        (
            f'<text x="{_LEFT}" y="22" font-size="15" font-weight="600" fill="#111827">'
            f"{xml_text(tl.topic)}</text>"
        ),
        (
            f'<text x="{_LEFT}" y="40" fill="#4b5563">one lane per scope · bars from valid_from '
            f"to valid_to · as of {xml_text(tl.as_of_text)}</text>"
        ),
    ]
    # grid and axis
    x_right = _x(hi, lo, scale)
    for t, label, major in _ticks(lo, hi, scale):
        x = _n(_x(t, lo, scale))
        colour = "#d1d5db" if major else "#f1f5f9"
        out.append(f'<line x1="{x}" y1="{_TOP}" x2="{x}" y2="{axis_y}" stroke="{colour}"/>')
        out.append(
            f'<line x1="{x}" y1="{axis_y}" x2="{x}" y2="{axis_y + (6 if major else 3)}" '
            f'stroke="#6b7280"/>'
        )
        if label:
            weight = ' font-weight="600"' if major else ""
            out.append(
                f'<text x="{x}" y="{axis_y + 18}" text-anchor="middle" fill="#374151"{weight}>'
                f"{xml_text(label)}</text>"
            )
    out.append(
        f'<line x1="{_LEFT}" y1="{axis_y}" x2="{_n(x_right)}" y2="{axis_y}" stroke="#6b7280"/>'
    )
    # lanes
    y = _TOP
    decision_rows: dict[str, float] = {}
    for i, lane in enumerate(tl.lanes):
        h = lane.rows * _ROW + 2 * _LANE_PAD
        if i % 2 == 0:
            out.append(
                f'<rect x="0" y="{y}" width="{WIDTH}" height="{h}" fill="#f8fafc" '
                f'fill-opacity="0.8"/>'
            )
        out.append(
            f'<text x="12" y="{y + _LANE_PAD + _ROW / 2 + 4:.0f}" font-weight="600" '
            f'fill="#111827">{xml_text(_clip(lane.scope, 20))}</text>'
        )
        out.append(f'<line x1="0" y1="{y + h}" x2="{WIDTH}" y2="{y + h}" stroke="#e5e7eb"/>')
        for b in lane.bars:
            by = y + _LANE_PAD + b.row * _ROW + (_ROW - _BAR) / 2
            decision_rows.setdefault(b.id, by)
            out += _bar_svg(b, by, lo, hi, scale)
        y += h
    if not tl.lanes:
        out.append(
            f'<text x="{_LEFT}" y="{_TOP + 17}" fill="#6b7280">No record is on this topic.</text>'
        )
    # as_of line
    ax = _n(_x(tl.as_of, lo, scale))
    out.append(
        f'<line x1="{ax}" y1="{_TOP - 6}" x2="{ax}" y2="{axis_y}" stroke="{_AS_OF}" '
        f'stroke-width="1.5" stroke-dasharray="5 3"><title>as of {xml_text(tl.as_of_text)}</title>'
        "</line>"
    )
    anchor = "end" if float(ax) > WIDTH - 140 else "start"
    dx = -4 if anchor == "end" else 4
    out.append(
        f'<text x="{_n(float(ax) + dx)}" y="{_TOP - 8}" text-anchor="{anchor}" fill="{_AS_OF}" '
        f'font-weight="600">as of {xml_text(tl.as_of_text)}</text>'
    )
    out += _legend(legend_y)
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _bar_svg(b: Bar, y: float, lo: datetime, hi: datetime, scale: float) -> list[str]:
    fill, stroke = STATUS_COLOURS.get(b.status, STATUS_COLOURS["unknown"])
    x0, x1 = _span(b, lo, hi, scale)
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
            f'<path d="M{_n(cx - 5)} {_n(mid - 5)}L{_n(cx + 5)} {_n(mid + 5)}M{_n(cx + 5)} '
            f'{_n(mid - 5)}L{_n(cx - 5)} {_n(mid + 5)}" stroke="{stroke}" stroke-width="2.5"/>'
        )
    else:
        dash = ' stroke-dasharray="4 3"' if b.status in TENTATIVE else ""
        outline = _CONFLICT if b.conflict else stroke
        width = "2" if b.conflict else "1"
        out.append(
            f'<rect x="{_n(x0)}" y="{_n(y)}" width="{_n(x1 - x0)}" height="{_BAR}" rx="3" '
            f'fill="{fill}" stroke="{outline}" stroke-width="{width}"{dash}/>'
        )
        if b.start is None:
            out.append(
                f'<line x1="{_n(x0)}" y1="{_n(y)}" x2="{_n(x0)}" y2="{_n(y + _BAR)}" '
                f'stroke="#ffffff" stroke-width="2" stroke-dasharray="2 2"/>'
            )
        if b.end is None and not b.end_unknown:
            out.append(
                f'<path d="M{_n(x1 - 1)} {_n(y - 2)}L{_n(x1 + 7)} {_n(mid)}L{_n(x1 - 1)} '
                f'{_n(y + _BAR + 2)}Z" fill="{stroke}"/>'
            )
        if b.end_unknown:
            xr = _x(hi, lo, scale)
            out.append(
                f'<line x1="{_n(x1)}" y1="{_n(mid)}" x2="{_n(xr - 10)}" y2="{_n(mid)}" '
                f'stroke="{stroke}" stroke-width="1.5" stroke-dasharray="1 4"/>'
            )
            out.append(
                f'<text x="{_n(xr - 6)}" y="{_n(mid + 4)}" text-anchor="middle" '
                f'fill="{stroke}" font-weight="700">?</text>'
            )
    text = _bar_text(b)
    colour = "#b91c1c" if b.conflict else "#111827"
    place = _placement(b, lo, hi, scale)
    if place == "left":
        tx = x0 - 6
        if b.conflict:
            out += _conflict_mark(tx - 6, mid)
            tx -= 16
        out.append(
            f'<text x="{_n(tx)}" y="{_n(mid + 4)}" text-anchor="end" fill="{colour}">'
            f"{xml_text(text)}</text>"
        )
    else:
        tx = x0 + 6 if place == "inside" else (x0 + 10 if b.point else x1 + _gap(b))
        if b.conflict:
            out += _conflict_mark(tx + 6, mid)
            tx += 16
        out.append(f'<text x="{_n(tx)}" y="{_n(mid + 4)}" fill="{colour}">{xml_text(text)}</text>')
    out.append("</g>")
    return out


def _conflict_mark(cx: float, cy: float) -> list[str]:
    return [
        f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="6" fill="{_CONFLICT}"/>',
        (
            f'<text x="{_n(cx)}" y="{_n(cy + 4)}" text-anchor="middle" fill="#ffffff" '
            'font-weight="700">!</text>'
        ),
    ]


def _legend(y: float) -> list[str]:
    out = [f'<g class="legend" transform="translate({_LEFT} {_n(y)})">']
    x = 0.0
    for status, (fill, stroke) in STATUS_COLOURS.items():
        if status in NEVER_IN_FORCE:
            out.append(
                f'<path d="M{_n(x)} 1L{_n(x + 10)} 11M{_n(x + 10)} 1L{_n(x)} 11" '
                f'stroke="{stroke}" stroke-width="2"/>'
            )
        else:
            dash = ' stroke-dasharray="3 2"' if status in TENTATIVE else ""
            out.append(
                f'<rect x="{_n(x)}" y="0" width="18" height="12" rx="2" fill="{fill}" '
                f'stroke="{stroke}"{dash}/>'
            )
        out.append(f'<text x="{_n(x + 22)}" y="10" fill="#374151">{status}</text>')
        x += 22 + len(status) * _CHAR + 14
    out.append(f'<circle cx="{_n(x + 6)}" cy="6" r="6" fill="{_CONFLICT}"/>')
    out.append(
        f'<text x="{_n(x + 6)}" y="10" text-anchor="middle" fill="#ffffff" '
        f'font-weight="700">!</text>'
    )
    out.append(f'<text x="{_n(x + 16)}" y="10" fill="#374151">open conflict</text>')
    x += 16 + 13 * _CHAR + 14
    out.append(
        f'<line x1="{_n(x)}" y1="-2" x2="{_n(x)}" y2="14" stroke="{_AS_OF}" stroke-width="1.5" '
        f'stroke-dasharray="5 3"/>'
    )
    out.append(f'<text x="{_n(x + 5)}" y="10" fill="#374151">as of</text>')
    out.append("</g>")
    return out


# ----------------------------------------------------------------------- text
_TEXT_WIDTH: Final = 48
_GLYPH: Final = {
    "accepted": "█",
    "superseded": "▓",
    "deprecated": "▓",
    "proposed": "░",
    "unknown": "░",
}


def render_text(tl: Timeline) -> str:
    """The timeline for a terminal: one line per record, a bar of block characters."""
    head = f"Timeline of {tl.topic} as of {tl.as_of_text}"
    if tl.empty:
        return f"{head}\nNo record is on this topic.\n"
    span = (tl.end - tl.start).total_seconds()

    def col(t: datetime) -> int:
        return min(
            _TEXT_WIDTH - 1, max(0, int((t - tl.start).total_seconds() / span * _TEXT_WIDTH))
        )

    bars = [b for lane in tl.lanes for b in lane.bars]
    id_w = min(24, max(len(b.id) for b in bars))
    lab_w = max(len(b.label) for b in bars)
    pad = " " * (2 + id_w + 1 + lab_w + 1)
    axis = [" "] * _TEXT_WIDTH
    for t, label, major in _ticks(tl.start, tl.end, _TEXT_WIDTH * 8 / span):
        c = col(t)
        if major and all(ch == " " for ch in axis[c : c + len(label) + 1]):
            axis[c : c + len(label)] = list(label)
    as_of_col = col(tl.as_of)
    marker = [" "] * _TEXT_WIDTH
    marker[as_of_col] = "▼"
    lines = [head, pad + "".join(axis).rstrip(), pad + "".join(marker).rstrip()]
    for lane in tl.lanes:
        lines.append(lane.scope)
        for b in sorted(lane.bars, key=lambda b: (b.start or tl.start, u16(b.id))):
            cells = [" "] * _TEXT_WIDTH
            c0 = col(b.start or tl.start)
            if b.point:
                cells[c0] = "×"
            else:
                c1 = col(b.end) if b.end is not None else _TEXT_WIDTH - 1
                if b.end_unknown:
                    c1 = min(c0 + 3, _TEXT_WIDTH - 1)
                for i in range(c0, max(c0 + 1, c1)):
                    cells[i] = _GLYPH.get(b.status, "░")
                if b.end is None and not b.end_unknown:
                    cells[_TEXT_WIDTH - 1] = "▶"
                elif b.end_unknown:
                    cells[min(c1, _TEXT_WIDTH - 1)] = "?"
            if cells[as_of_col] == " ":
                cells[as_of_col] = "│"
            end = "end unknown" if b.end_unknown else b.end_text if b.end else "open"
            when = f"{b.start_text} · never in force" if b.point else f"{b.start_text} → {end}"
            note = f"  ! open conflict {b.conflict}" if b.conflict else ""
            lines.append(
                f"  {_clip(b.id, id_w):<{id_w}} {b.label:<{lab_w}} {''.join(cells)}  {when}{note}"
            )
    lines.append("")
    lines.append("█ in force  ▓ superseded/deprecated  ░ proposed/unknown  × rejected/revoked")
    lines.append("▶ open-ended  ? end unknown  ▼│ as of")
    return "\n".join(lines) + "\n"
