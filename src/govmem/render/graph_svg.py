"""The decision graph drawn as an inline SVG, laid out by date (for the report).

`layout_graph(graph)` places each node of a `Graph` (`graph.build_graph`);
`render_graph_svg` draws it and `render_graph_legend` writes the HTML legend
of what it shows. No JavaScript, no network, no layout engine: the layout is
computed here and is deterministic (the same graph gives the same bytes).

The layout:

* a band per topic (the asked topic first), labelled when there are several;
* in a band, a row per chain: the records linked by supersession, proposed
  supersession or rejection in favour of another are one chain; the other
  records get a row each;
* columns left to right by date (`valid_from`; undated records first): a
  record is in a column right of every record of its band with an earlier
  date, and right of the records before it in its row; records of one date
  are ordered old to new along the chain;
* edges flow the way the register evolved: from the replaced record to its
  replacement (`replaced by`), from a rejected record to the one chosen
  instead, from a scope exception to the decision it departs from; a
  conflict is a line with no arrow (dashed once resolved).

Nodes link to the record's page when the caller gives a URL; the topic's
current decisions are outlined thicker and tagged `current`. In a federated
corpus a record of a log carries its log's name in a tag on its lower edge
(`data-log` on its group), and the legend names the logs. Colours use
presentation attributes plus `sv-*` classes the report's dark theme restyles.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Mapping
from datetime import UTC, datetime
from typing import Final

from attrs import frozen

from .graph import EDGE_COLOURS, STATUS_COLOURS, Edge, Graph, Node
from .svg import FONT, arrow_marker, clip, num, xml_text

NODE_W: Final = 164
NODE_H: Final = 64
_COL_GAP: Final = 40
_ROW_GAP: Final = 30
_MARGIN: Final = 14
_BAND_HEAD: Final = 24
_BAND_GAP: Final = 14
_CHAIN_KINDS: Final = frozenset({"supersedes", "proposes-to-supersede", "rejected-in-favour-of"})
_DASHED_KINDS: Final = frozenset({"proposes-to-supersede", "exception"})
_TENTATIVE: Final = frozenset({"proposed", "unknown", "revoked"})
_EARLIEST: Final = datetime.min.replace(tzinfo=UTC)
LEGEND_EDGES: Final[dict[str, str]] = {
    "supersedes": "replaced by",
    "proposes-to-supersede": "proposed replacement",
    "rejected-in-favour-of": "rejected in favour of",
    "exception": "scope exception to",
    "conflicts": "conflict",
}
"""How the picture names each edge kind (in the flow direction)."""


@frozen
class Place:
    """A node's box: its band, row (from the top of the picture) and column."""

    node: Node
    band: int
    row: int
    col: int
    x: float
    y: float


@frozen
class Layout:
    """Where every node goes, the band labels and the picture's size."""

    places: tuple[Place, ...]
    bands: tuple[tuple[str, float], ...]
    """(topic, y of its label) per band, when bands are labelled."""
    width: float
    height: float


def _flow(edge: Edge) -> tuple[str, str]:
    """(from, to) in the direction the picture draws: old -> new for a supersession."""
    if edge.kind in ("supersedes", "proposes-to-supersede"):
        return edge.target, edge.source
    return edge.source, edge.target


def _chains(keys: list[str], edges: tuple[Edge, ...]) -> list[list[str]]:
    """The band's nodes grouped into chains, each in the band's node order."""
    parent = {k: k for k in keys}

    def root(k: str) -> str:
        while parent[k] != k:
            parent[k] = parent[parent[k]]
            k = parent[k]
        return k

    rank = {k: i for i, k in enumerate(keys)}
    for e in edges:
        if e.kind in _CHAIN_KINDS and e.source in parent and e.target in parent:
            one, two = sorted((root(e.source), root(e.target)), key=rank.__getitem__)
            parent[two] = one
    groups: dict[str, list[str]] = defaultdict(list)
    for k in keys:
        groups[root(k)].append(k)
    return list(groups.values())


def _depths(keys: list[str], edges: tuple[Edge, ...]) -> dict[str, int]:
    """How many chain steps lead to each node (longest path, cycles cut)."""
    depth = dict.fromkeys(keys, 0)
    steps = _steps(keys, edges)
    for _ in range(len(keys)):
        changed = False
        for a, b in steps:
            if depth[b] < depth[a] + 1 <= len(keys):
                depth[b] = depth[a] + 1
                changed = True
        if not changed:
            break
    return depth


def _steps(keys: list[str], edges: tuple[Edge, ...]) -> list[tuple[str, str]]:
    """The chain edges among `keys`, in the flow direction."""
    members = set(keys)
    flows = (_flow(e) for e in edges if e.kind in _CHAIN_KINDS)
    return [(a, b) for a, b in flows if a in members and b in members]


def _dates(
    nodes: list[Node], depth: Mapping[str, int], edges: tuple[Edge, ...]
) -> dict[str, datetime]:
    """The date each node is placed by: its own, else the latest of what leads to it."""
    keys = [n.key for n in nodes]
    before: dict[str, list[str]] = defaultdict(list)
    for a, b in _steps(keys, edges):
        before[b].append(a)
    out: dict[str, datetime] = {}
    for n in sorted(nodes, key=lambda n: depth[n.key]):
        inherited = [out[a] for a in before[n.key] if a in out]
        out[n.key] = n.start or max(inherited, default=_EARLIEST)
    return out


def layout_graph(graph: Graph) -> Layout:
    """Place the nodes: bands per topic, rows per chain, columns by date."""
    by_topic: dict[str, list[Node]] = defaultdict(list)
    for node in graph.nodes:
        by_topic[node.topic].append(node)
    topics = sorted(by_topic, key=lambda t: t != graph.topic)  # stable: the asked topic first
    labelled = graph.topic is None or len(topics) > 1
    places: list[Place] = []
    bands: list[tuple[str, float]] = []
    y = float(_MARGIN)
    row0 = 0
    max_cols = 1
    for band, topic in enumerate(topics):
        nodes = by_topic[topic]
        if labelled:
            bands.append((topic, y + 14))
            y += _BAND_HEAD
        keys = [n.key for n in nodes]
        depth = _depths(keys, graph.edges)
        when = _dates(nodes, depth, graph.edges)
        rank = {k: i for i, k in enumerate(keys)}
        chains = sorted(
            _chains(keys, graph.edges), key=lambda g: min((when[k], depth[k], rank[k]) for k in g)
        )
        row_of = {k: r for r, g in enumerate(chains) for k in g}
        order = sorted(nodes, key=lambda n: (when[n.key], depth[n.key], rank[n.key]))
        next_in_row: dict[int, int] = defaultdict(int)
        base, group_max, current = 0, -1, None
        for n in order:
            if when[n.key] != current:
                current, base = when[n.key], group_max + 1
            row = row_of[n.key]
            col = max(base, next_in_row[row])
            next_in_row[row] = col + 1
            group_max = max(group_max, col)
            places.append(
                Place(
                    n,
                    band,
                    row0 + row,
                    col,
                    _MARGIN + col * (NODE_W + _COL_GAP),
                    y + row * (NODE_H + _ROW_GAP),
                )
            )
        max_cols = max(max_cols, group_max + 1)
        y += len(chains) * (NODE_H + _ROW_GAP) - _ROW_GAP + _BAND_GAP
        row0 += len(chains)
    width = 2 * _MARGIN + max_cols * (NODE_W + _COL_GAP) - _COL_GAP
    places.sort(key=lambda p: (p.band, p.row, p.col))
    return Layout(tuple(places), tuple(bands), width, y - _BAND_GAP + _MARGIN)


def render_graph_svg(
    graph: Graph,
    *,
    href: Mapping[int, str] | None = None,
    topic_href: Mapping[str, str] | None = None,
    current: Collection[int] = (),
) -> str:
    """The graph as an inline SVG: boxes coloured by status, typed edges with arrowheads.

    Args:
        graph: the graph (`build_graph`).
        href: record position -> the URL of its page; a node links there.
        topic_href: topic -> the URL of its page; a band label links there.
        current: positions of the current decisions, outlined and tagged.
    """
    lay = layout_graph(graph)
    href = href or {}
    topic_href = topic_href or {}
    what = f"topic {graph.topic}" if graph.topic is not None else "the whole corpus"
    title = f"Decision graph of {what} as of {graph.as_of}"
    w, h = num(lay.width), num(max(lay.height, 40))
    out = [
        (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
            f'viewBox="0 0 {w} {h}" role="img" aria-label="{xml_text(title)}" '
            f'font-family="{xml_text(FONT)}" font-size="11" class="govmem-graph">'
        ),
        f"<title>{xml_text(title)}</title>",
        "<defs>"
        + "".join(
            arrow_marker(f"gm-{kind}", EDGE_COLOURS[kind], f"sv-edge-{kind}")
            for kind in LEGEND_EDGES
            if kind != "conflicts"
        )
        + "</defs>",
        f'<rect x="0" y="0" width="{w}" height="{h}" fill="#ffffff" class="sv-bg"/>',
    ]
    for topic, y in lay.bands:
        label = xml_text(clip(topic or "(no topic)", 90))
        text = f'<text x="{_MARGIN}" y="{num(y)}" font-weight="600" fill="#111827" class="sv-ink">'
        if topic in topic_href:
            out.append(f'<a href="{xml_text(topic_href[topic])}">{text}{label}</text></a>')
        else:
            out.append(f"{text}{label}</text>")
    if not lay.places:
        out.append(
            f'<text x="{_MARGIN}" y="{_MARGIN + 14}" fill="#6b7280" class="sv-dim">'
            "No record is linked to another.</text>"
        )
    at = {p.node.key: p for p in lay.places}
    names = {p.node.key: p.node.id for p in lay.places}
    shown = [e for e in graph.edges if e.source in at and e.target in at]
    out += [_edge_svg(e, d, names) for e, d in zip(shown, _routes(shown, at), strict=True)]
    out += [
        _node_svg(p, graph.topic, href.get(p.node.pos), p.node.pos in current) for p in lay.places
    ]
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _edge_svg(edge: Edge, d: str, names: Mapping[str, str]) -> str:
    colour = EDGE_COLOURS[edge.kind]
    attrs = [f'd="{d}"', 'fill="none"', f'stroke="{colour}"']
    open_conflict = edge.kind == "conflicts" and edge.status != "resolved"
    attrs.append(f'stroke-width="{"2.4" if open_conflict else "1.6"}"')
    if edge.kind in _DASHED_KINDS or edge.status == "resolved":
        attrs.append('stroke-dasharray="5 3"')
    if edge.kind != "conflicts":
        attrs.append(f'marker-end="url(#gm-{edge.kind})"')
    tip = f"{names[edge.source]} {edge.text} {names[edge.target]}"
    cls = f"edge e-{edge.kind}" + (" open" if open_conflict else "")
    return f'<path {" ".join(attrs)} class="{cls}"><title>{xml_text(tip)}</title></path>'


_Side = tuple[str, str]
"""(node key, side): `l`, `r`, `t` or `b`."""


def _routes(edges: list[Edge], at: Mapping[str, Place]) -> list[str]:
    """Each edge's path: side to side, in an arc over the boxes between, or straight down.

    Edges meeting one side of a box are spread along it, in the order of the
    boxes at their other ends, so arrowheads do not land on one another.
    """
    taken = {(p.row, p.col) for p in at.values()}
    plans: list[tuple[str, Place, Place, str, str]] = []
    for e in edges:
        a, b = (at[k] for k in _flow(e))
        if a.col == b.col:
            shape, sa, sb = ("line", "b", "t") if b.y > a.y else ("line", "t", "b")
        else:
            forward = b.col > a.col
            between = range(min(a.col, b.col) + 1, max(a.col, b.col))
            if a.row == b.row and any((a.row, c) in taken for c in between):
                shape, sa, sb = "arc", "t", "t"
            else:
                shape, sa, sb = ("curve", "r", "l") if forward else ("curve", "l", "r")
        plans.append((shape, a, b, sa, sb))
    ends: dict[_Side, list[tuple[float, float, int, int]]] = defaultdict(list)
    for i, (_shape, a, b, sa, sb) in enumerate(plans):
        ends[(a.node.key, sa)].append((b.y, b.x, i, 0) if sa in "lr" else (b.x, b.y, i, 0))
        ends[(b.node.key, sb)].append((a.y, a.x, i, 1) if sb in "lr" else (a.x, a.y, i, 1))
    offset: dict[tuple[int, int], float] = {}
    for (_key, side), items in ends.items():
        step, limit = (11.0, NODE_H / 2 - 8) if side in "lr" else (16.0, NODE_W / 2 - 12)
        items.sort()
        for j, (_u, _v, i, end) in enumerate(items):
            offset[(i, end)] = max(-limit, min(limit, (j - (len(items) - 1) / 2) * step))
    return [
        _path(shape, a, b, sa, sb, offset[(i, 0)], offset[(i, 1)])
        for i, (shape, a, b, sa, sb) in enumerate(plans)
    ]


def _port(p: Place, side: str, off: float) -> tuple[float, float]:
    match side:
        case "l":
            return p.x, p.y + NODE_H / 2 + off
        case "r":
            return p.x + NODE_W, p.y + NODE_H / 2 + off
        case "t":
            return p.x + NODE_W / 2 + off, p.y
        case _:
            return p.x + NODE_W / 2 + off, p.y + NODE_H


def _path(shape: str, a: Place, b: Place, sa: str, sb: str, oa: float, ob: float) -> str:
    (sx, sy), (ex, ey) = _port(a, sa, oa), _port(b, sb, ob)
    if shape == "line":
        return f"M{num(sx)} {num(sy)}L{num(ex)} {num(ey)}"
    if shape == "arc":
        lift = min(_ROW_GAP - 6, 10 + 4 * abs(a.col - b.col))
        return (
            f"M{num(sx)} {num(sy)}C{num(sx)} {num(sy - lift)} {num(ex)} {num(ey - lift)} "
            f"{num(ex)} {num(ey)}"
        )
    bend = (ex - sx) / 2
    return (
        f"M{num(sx)} {num(sy)}C{num(sx + bend)} {num(sy)} {num(ex - bend)} {num(ey)} "
        f"{num(ex)} {num(ey)}"
    )


def _node_svg(p: Place, topic: str | None, link: str | None, current: bool) -> str:
    n = p.node
    fill, stroke = STATUS_COLOURS.get(n.status, STATUS_COLOURS["unknown"])
    x, y = p.x, p.y
    dash = ' stroke-dasharray="4 3"' if n.status in _TENTATIVE else ""
    scope = "" if n.scope == "all" else n.scope
    when = n.date or "no date"
    tip = f"{n.id} — {n.title}\n{n.label} · {n.kind}{' · ' + scope if scope else ''} · {when}"
    if n.log is not None:
        tip += f"\nfrom log {n.log}"
    classes = f"node status-{n.status}" + (" in-topic" if n.topic == topic else "")
    classes += " current" if current else ""
    lines = [
        (13, clip(n.id, 22), ' font-weight="700"'),
        (29, clip(n.title, 23), ""),
        (44, clip(f"{n.label} · {when}", 25), ' fill="#374151"'),
    ]
    if scope:
        lines.append((58, clip(f"scope {scope}", 25), ' fill="#374151"'))
    data_log = "" if n.log is None else f' data-log="{xml_text(n.log)}"'
    out = [
        f'<g class="{classes}" data-id="{xml_text(n.id)}"{data_log}><title>{xml_text(tip)}</title>',
        (
            f'<rect x="{num(x)}" y="{num(y)}" width="{NODE_W}" height="{NODE_H}" rx="7" '
            f'fill="{fill}" stroke="{stroke}" stroke-width="{"3" if current else "1.2"}"{dash}/>'
        ),
    ]
    for dy, text, extra in lines:
        fill_attr = "" if "fill=" in extra else ' fill="#111827"'
        out.append(
            f'<text x="{num(x + 9)}" y="{num(y + dy)}"{fill_attr}{extra}>{xml_text(text)}</text>'
        )
    if current:
        out.append(
            f'<rect x="{num(x + NODE_W - 56)}" y="{num(y - 8)}" width="52" height="15" rx="7" '
            f'fill="{stroke}"/><text x="{num(x + NODE_W - 30)}" y="{num(y + 3)}" '
            'text-anchor="middle" font-size="9.5" font-weight="700" fill="#ffffff">current</text>'
        )
    if n.log is not None:
        out.append(_log_tag(n.log, x + NODE_W - 6, y + NODE_H))
    out.append("</g>")
    body = "".join(out)
    return f'<a href="{xml_text(link)}">{body}</a>' if link else body


_LOG_TAG_FILL: Final = "#334155"
_LOG_TAG_MAX: Final = 18


def _log_tag(log: str, right: float, y: float) -> str:
    """A dark tag with the log's name, its right end at `right`, centred on the line `y`."""
    text = clip(log, _LOG_TAG_MAX)
    width = 12 + 5.6 * len(text)
    return (
        f'<rect x="{num(right - width)}" y="{num(y - 7)}" width="{num(width)}" height="14" '
        f'rx="7" fill="{_LOG_TAG_FILL}" class="log-tag"/><text x="{num(right - width / 2)}" '
        f'y="{num(y + 3.5)}" text-anchor="middle" font-size="9.5" font-weight="600" '
        f'fill="#ffffff">{xml_text(text)}</text>'
    )


def render_graph_legend(graph: Graph) -> str:
    """An HTML legend of the statuses and edge kinds the graph shows."""
    items = []
    for status in STATUS_COLOURS:
        if any(n.status == status for n in graph.nodes):
            fill, stroke = STATUS_COLOURS[status]
            dash = ' stroke-dasharray="3 2"' if status in _TENTATIVE else ""
            swatch = (
                f'<rect x="1" y="1" width="20" height="12" rx="3" fill="{fill}" '
                f'stroke="{stroke}"{dash}/>'
            )
            items.append(_legend_item(swatch, status))
    kinds = {e.kind for e in graph.edges}
    for kind, text in LEGEND_EDGES.items():
        if kind in kinds:
            colour = EDGE_COLOURS[kind]
            dash = ' stroke-dasharray="4 2"' if kind in _DASHED_KINDS else ""
            head = "" if kind == "conflicts" else f'<path d="M16 2L22 7L16 12Z" fill="{colour}"/>'
            swatch = f'<path d="M1 7H17" stroke="{colour}" stroke-width="2"{dash}/>{head}'
            items.append(_legend_item(swatch, text))
    shown_logs = {n.log for n in graph.nodes}
    for log in graph.logs:
        if log in shown_logs:
            swatch = f'<rect x="1" y="2" width="22" height="10" rx="5" fill="{_LOG_TAG_FILL}"/>'
            items.append(_legend_item(swatch, f"from log {log}"))
    if not items:
        return ""
    return '<p class="legend">' + "".join(items) + "</p>"


def _legend_item(swatch: str, text: str) -> str:
    return (
        '<span class="legend-item"><svg xmlns="http://www.w3.org/2000/svg" width="24" '
        f'height="14" viewBox="0 0 24 14" aria-hidden="true">{swatch}</svg>{xml_text(text)}</span>'
    )
