"""A topic's timeline: one lane per scope, each record a bar over its validity.

`build_timeline(corpus, topic, as_of, now=...)` lays the topic out as a
`Timeline` value; `_timeline_svg.render_svg` draws it as a hand-written SVG
and `render_text` here as lines for a terminal. All are pure and
deterministic: the same corpus and arguments give the same bytes.

How records are drawn:

* a bar from `valid_from` to `valid_to` (derived ends included), coloured by
  status class (the same colours as the graph);
* no `valid_to`: the bar runs to the right edge and ends in an arrow (open);
  superseded or deprecated with an unknown end: a short bar, then a dotted
  line and a `?`;
* no `valid_from`: the bar starts at the left edge, dashed there;
* rejected and revoked records were never in force: a cross at their date;
* proposed and unknown records are outlined dashed, never solid;
* an open conflict marks its item with a red outline and a `!`;
* an arrow leads from each record to its successor (dashed when the
  successor only proposes to replace it);
* the `as_of` instant is a vertical line; the axis shows years, and months
  when there is room.

Rows: the records of one chain (records linked by supersession, in one
scope) get a row each, in `valid_from` order, so a chain reads as a
staircase from its first record to its last; the other records of the lane
are packed greedily onto rows below, so labels never overlap.
"""

from __future__ import annotations

from collections import defaultdict
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Final

from attrs import evolve, frozen

from govmem.engine import drill as _drill
from govmem.engine.query import make_ask
from govmem.index.index import Index
from govmem.model.status import NEVER_IN_FORCE
from govmem.model.text import u16

from .graph import short_title
from .svg import clip

if TYPE_CHECKING:
    from govmem.model.time import When

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

# SVG geometry (px)
WIDTH: Final = 960
LEFT: Final = 150
RIGHT: Final = 24
CHAR: Final = 6.4
"""Estimated width of one character at 11px, for packing labels."""


@frozen
class Bar:
    """One record on the timeline."""

    pos: int
    """The record's position in the corpus."""
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
class Step:
    """A record's successor: `source` is replaced by `target` (positions in the corpus)."""

    source: int
    target: int
    pending: bool = False
    """The successor only proposes to replace it (it is not in force)."""


@frozen
class Lane:
    """A scope's lane: its rows of bars."""

    scope: str
    rows: int
    bars: tuple[Bar, ...]


@frozen
class Timeline:
    """A topic laid out in time: lanes, successions, the time range and the `as_of` instant."""

    topic: str
    as_of: datetime
    as_of_text: str
    start: datetime
    end: datetime
    lanes: tuple[Lane, ...]
    steps: tuple[Step, ...] = ()

    @property
    def empty(self) -> bool:
        """No record is on the topic."""
        return not self.lanes


def build_timeline(
    corpus: Index, topic: str, as_of: When | None = None, *, now: datetime
) -> Timeline:
    """Lay out a topic's records: one lane per scope, a row per record of a chain.

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
                pos=p,
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
    shown = {b.pos for b in bars}
    steps = sorted(
        {
            Step(b.pos, s, pending)
            for b in bars
            for pending, targets in (
                (False, c.facts[b.pos].successors),
                (True, c.facts[b.pos].pending),
            )
            for s in targets
            if s in shown and s != b.pos
        },
        key=lambda s: (c.records[s.source].sort_key(), c.records[s.target].sort_key(), s.pending),
    )
    instants = [at] + [b.start for b in bars if b.start] + [b.end for b in bars if b.end]
    lo, hi = axis_bounds(min(instants), max(instants))
    scale = (WIDTH - LEFT - RIGHT) / (hi - lo).total_seconds()
    by_scope: dict[str, list[Bar]] = defaultdict(list)
    for b in bars:
        by_scope[b.scope].append(b)
    lanes = []
    for scope in sorted(
        by_scope, key=lambda s: tuple(u16(a) for a in reversed(c.scopes.ancestors(s)))
    ):
        packed = _rows(by_scope[scope], steps, lo, hi, scale)
        rows = max((b.row for b in packed), default=0) + 1
        lanes.append(Lane(scope, rows, tuple(packed)))
    return Timeline(name, at, as_of_text, lo, hi, tuple(lanes), tuple(steps))


FIRST: Final = datetime.min.replace(tzinfo=UTC)
"""The first instant a timeline can draw (0001-01-01)."""
LAST: Final = datetime.max.replace(tzinfo=UTC)
"""The last instant a timeline can draw (9999-12-31, the end of the day)."""


def axis_bounds(lo: datetime, hi: datetime) -> tuple[datetime, datetime]:
    """The axis's ends: `lo`..`hi` padded by 5 % (at least 45 days), clamped to the calendar.

    Every date the validator accepts renders: near 0001-01-01 or 9999-12-31
    the padding stops at the calendar's end instead of overflowing, and the
    axis is never empty.
    """
    pad = max((hi - lo) * 0.05, timedelta(days=45))
    start = lo - pad if lo - FIRST > pad else FIRST
    end = hi + pad if LAST - hi > pad else LAST
    if end - start < timedelta(days=90):  # both ends clamped to one side of the calendar
        if start == FIRST:
            end = FIRST + timedelta(days=90)
        else:
            start = LAST - timedelta(days=90)
    return start, end


def _chains(bars: list[Bar], steps: list[Step]) -> list[list[Bar]]:
    """The lane's bars grouped by succession (connected components), each in one list."""
    parent = {b.pos: b.pos for b in bars}

    def root(p: int) -> int:
        while parent[p] != p:
            parent[p] = parent[parent[p]]
            p = parent[p]
        return p

    for s in steps:
        if s.source in parent and s.target in parent:
            one, two = root(s.source), root(s.target)
            parent[max(one, two)] = min(one, two)
    groups: dict[int, list[Bar]] = defaultdict(list)
    for b in bars:
        groups[root(b.pos)].append(b)
    return list(groups.values())


def _rows(
    bars: list[Bar], steps: list[Step], lo: datetime, hi: datetime, scale: float
) -> list[Bar]:
    """Rows in time order: a row per record of a chain, the other records packed greedily.

    Chains and single records are taken by their first start. A chain's
    records get new rows, one each in `valid_from` order; a single record goes
    on the first row of single records where it fits with its label, else on
    a new row.
    """

    def order(b: Bar) -> tuple[datetime, bytes]:
        return (b.start or lo, u16(b.id))

    groups = [sorted(g, key=order) for g in _chains(bars, steps)]
    blocks = sorted(
        groups,
        key=lambda g: (
            extent(g[0], lo, hi, scale)[0] if len(g) == 1 else span(g[0], lo, hi, scale)[0],
            order(g[0]),
        ),
    )
    out: list[Bar] = []
    row_ends: dict[int, float] = {}
    rows = 0
    for group in blocks:
        if len(group) > 1:
            for b in group:
                out.append(evolve(b, row=rows))
                rows += 1
            continue
        b = group[0]
        x0, x1 = extent(b, lo, hi, scale)
        row = next((r for r, end in row_ends.items() if end + 8 <= x0), rows)
        if row == rows:
            rows += 1
        row_ends[row] = x1
        out.append(evolve(b, row=row))
    return out


def x_of(t: datetime, lo: datetime, scale: float) -> float:
    """The x coordinate of an instant."""
    return LEFT + (t - lo).total_seconds() * scale


def span(b: Bar, lo: datetime, hi: datetime, scale: float) -> tuple[float, float]:
    """The bar's drawn x range."""
    x0 = x_of(b.start or lo, lo, scale)
    if b.point:
        return x0 - 5, x0 + 5
    if b.end is not None:
        x1 = x_of(b.end, lo, scale)
    elif b.end_unknown:
        x1 = min(x0 + 60, x_of(hi, lo, scale))
    else:
        x1 = x_of(hi, lo, scale)
    return x0, max(x1, x0 + 3)


def bar_text(b: Bar) -> str:
    """The label beside (or inside) a bar: its id and title."""
    return f"{b.id} · {b.title}" if b.title and b.title != b.id else b.id


def _label_width(b: Bar) -> float:
    return len(bar_text(b)) * CHAR + (16 if b.conflict else 0) + 12


def placement(b: Bar, lo: datetime, hi: datetime, scale: float) -> str:
    """Where the label goes: `inside` a wide bar, else `right` of it, else `left`."""
    x0, x1 = span(b, lo, hi, scale)
    w = _label_width(b)
    if not b.point and x1 - x0 >= w:
        return "inside"
    right = x0 + 10 if b.point else x1 + gap(b)
    if right + w <= WIDTH - 4 or x0 - w - 8 < LEFT:
        return "right"
    return "left"


def gap(b: Bar) -> float:
    """The space between a bar's end and a label on its right (room for the open arrow)."""
    return 12 if b.end is None and not b.end_unknown and not b.point else 5


def extent(b: Bar, lo: datetime, hi: datetime, scale: float) -> tuple[float, float]:
    """What the bar occupies with its label, for packing rows."""
    x0, x1 = span(b, lo, hi, scale)
    if b.end_unknown and not b.point:
        x1 = max(x1, x_of(hi, lo, scale))
    w = _label_width(b)
    match placement(b, lo, hi, scale):
        case "inside":
            return x0, x1
        case "right":
            return x0, (x0 + 10 if b.point else x1 + gap(b)) + w
        case _:
            return x0 - w - 8, x1


# ---------------------------------------------------------------------- axis
def ticks(lo: datetime, hi: datetime, scale: float) -> list[tuple[datetime, str, bool]]:
    """(instant, label, major) axis ticks: years, and months when there is room."""
    month_px = scale * 30.44 * 86400
    out: list[tuple[datetime, str, bool]] = []
    year_step = next((n for n in (1, 5, 10, 50, 100, 500) if month_px * 12 * n >= 44), 1000)
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
        if t.year == LAST.year and t.month == 12:
            break  # no month after December 9999
        t = datetime(t.year + (t.month == 12), t.month % 12 + 1, 1, tzinfo=UTC)
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
    for t, label, major in ticks(tl.start, tl.end, _TEXT_WIDTH * 8 / span):
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
                f"  {clip(b.id, id_w):<{id_w}} {b.label:<{lab_w}} {''.join(cells)}  {when}{note}"
            )
    lines.append("")
    lines.append("█ in force  ▓ superseded/deprecated  ░ proposed/unknown  × rejected/revoked")
    lines.append("▶ open-ended  ? end unknown  ▼│ as of")
    return "\n".join(lines) + "\n"
