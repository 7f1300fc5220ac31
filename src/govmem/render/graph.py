"""The decision graph of a topic or of the whole corpus, as Mermaid or Graphviz text.

Nodes are records (decisions, claims, memories); edges say how they relate:

* `supersedes` — a supersession that takes effect (SPEC §4), new → old;
* `proposes to supersede` — a pending supersession from a record not in force;
* `rejected in favour of` — a rejected record → what the team chose instead
  (the status section or a changelog line, SPEC §2);
* `conflicts` — a §5.5 conflict of a decision at `as_of` (what `find_conflicts`
  lists), an explicit relation, or a `conflicts_with` link; open or resolved;
* `exception` — a scope exception of the topic's answer at `as_of` → the
  decision it is a carve-out of (§5.6).

`build_graph` derives a `Graph` value from a corpus; `render_mermaid` and
`render_dot` print it (`graph_svg.render_graph_svg` draws it for the report). All three are pure: the same corpus and arguments give
the same text, byte for byte. Node ids are the record ids made safe (`n_` and
`[A-Za-z0-9_]` only, a numeric suffix against collisions), so they are stable
across runs and never a Mermaid keyword; labels carry the id, a short title
and the status, with every character Mermaid or DOT would read as syntax
escaped.

Without a topic, the graph shows only records that have an edge, grouped by
topic; with one, every record of that topic (and the records its edges reach).

A federated corpus (SPEC v5 §2) labels each record of a log by its log: its
id already reads `platform:2`, and its label gains a last line `log
platform`; the picture's heading names the logs. A corpus of one log is
drawn as before, byte for byte.
"""

from __future__ import annotations

import re
from collections import defaultdict
from datetime import datetime
from typing import TYPE_CHECKING, Final, Literal, TypeAlias

from attrs import frozen

from govmem.engine import drill as _drill
from govmem.engine.query import make_ask, resolve
from govmem.index.derive import normalised_title
from govmem.index.index import Index
from govmem.index.refs import log_of
from govmem.model.text import u16

if TYPE_CHECKING:
    from govmem.model.time import When

EdgeKind: TypeAlias = Literal[
    "supersedes", "proposes-to-supersede", "rejected-in-favour-of", "conflicts", "exception"
]
EDGE_LABELS: Final[dict[str, str]] = {
    "supersedes": "supersedes",
    "proposes-to-supersede": "proposes to supersede",
    "rejected-in-favour-of": "rejected in favour of",
    "conflicts": "conflicts",
    "exception": "exception",
}
_EDGE_ORDER: Final = tuple(EDGE_LABELS)
STATUS_COLOURS: Final[dict[str, tuple[str, str]]] = {
    "accepted": ("#dcfce7", "#15803d"),
    "proposed": ("#fef9c3", "#a16207"),
    "rejected": ("#fee2e2", "#b91c1c"),
    "superseded": ("#e5e7eb", "#4b5563"),
    "deprecated": ("#f3e8d6", "#92400e"),
    "revoked": ("#fce7f3", "#9d174d"),
    "unknown": ("#f3f4f6", "#6b7280"),
}
"""Status class -> (fill, stroke), shared with the timeline and the report."""
EDGE_COLOURS: Final[dict[str, str]] = {
    "supersedes": "#4b5563",
    "proposes-to-supersede": "#a16207",
    "rejected-in-favour-of": "#b91c1c",
    "conflicts": "#dc2626",
    "exception": "#c2410c",
}
_TITLE_MAX: Final = 40
_UNSAFE_ID: Final = re.compile(r"[^A-Za-z0-9_]")


@frozen
class Node:
    """A record in the graph."""

    key: str
    """The safe node id (`n_adr_024`)."""
    id: str
    kind: str
    title: str
    """A short display title (the value or content when the title is only a number)."""
    status: str
    """The status class."""
    label: str
    """The status as printed (`approved`, `draft`, or the class)."""
    scope: str
    topic: str
    pos: int = -1
    """The record's position in the corpus."""
    start: datetime | None = None
    """When it took effect (`valid_from`), for laying the graph out by date."""
    date: str | None = None
    """`valid_from` as written (`2024-05`), or None."""
    log: str | None = None
    """The federated log the record comes from (`platform`); None for a local record."""


@frozen
class Edge:
    """A directed link between two nodes (a conflict's direction is item -> decision)."""

    source: str
    target: str
    kind: EdgeKind
    status: Literal["open", "resolved"] | None = None
    """For a conflict: open or resolved."""

    @property
    def text(self) -> str:
        """The edge label: `supersedes`, `conflicts (open)`…"""
        base = EDGE_LABELS[self.kind]
        return f"{base} ({self.status})" if self.status else base


@frozen
class Graph:
    """Nodes grouped by topic, and edges, in a fixed order."""

    topic: str | None
    """The topic asked for, or None for the whole corpus."""
    as_of: str
    nodes: tuple[Node, ...]
    edges: tuple[Edge, ...]
    logs: tuple[str, ...] = ()
    """The federated logs the corpus holds, in `govmem.yaml` order (empty for one log)."""


def short_title(
    rid: str, title: str, value: str | None, content: str, limit: int = _TITLE_MAX
) -> str:
    """A readable title: the title, or the value/content when it is only a number or the id."""
    meaningful = normalised_title(title) and title.strip() != rid
    text = title if meaningful else (value or content or title)
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def build_graph(
    corpus: Index, topic: str | None = None, as_of: When | None = None, *, now: datetime
) -> Graph:
    """The supersession / rejection / conflict / exception graph of a topic or the corpus.

    Args:
        corpus: the corpus.
        topic: a topic name, alias or member id; None for the whole corpus.
        as_of: the instant conflicts and exceptions are computed at; `now` when None.
        now: the current instant, read by the caller.
    """
    c = corpus
    name = c.canonical_topic(topic) if topic is not None else None
    ask = make_ask("", as_of, now)
    topics = [name] if name is not None else list(c.topics())
    wanted: set[int] = set()
    for t in topics:
        wanted.update(c.topic_members(t))
    edges: dict[tuple[int, int, str], str | None] = {}

    def add(a: int, b: int, kind: str, status: str | None = None) -> None:
        if a == b:
            return
        key = (a, b, kind)
        if key not in edges or (edges[key] == "resolved" and status == "open"):
            edges[key] = status

    for p in sorted(wanted):
        f = c.facts[p]
        for old in f.predecessors:
            add(p, old, "supersedes")
        for new in f.successors:
            add(new, p, "supersedes")
        for new in f.pending:
            add(new, p, "proposes-to-supersede")
        rec = c.records[p]
        refs = [link.ref for link in rec.links if link.kind == "rejected-in-favour-of"]
        refs += [ch.ref for ch in rec.changes if ch.ref and ch.status == "rejected"]
        for ref in refs:
            hits = c.resolve(ref, rec.path)
            if len(hits) == 1:
                add(p, hits[0], "rejected-in-favour-of")
        for other in c.conflict_links(p):
            if other > p or other not in wanted:
                add(p, other, "conflicts", "open")
        for rel in c.relations_of(rec.id):
            one, two = (c.by_id(rid) for rid in rel.between)
            if len(one) == 1 and len(two) == 1:
                add(one[0], two[0], "conflicts", rel.status)
    for t in topics:
        members = c.topic_members(t)
        if not members:
            continue
        verdict = resolve(c, ask, t, None)
        if verdict.decision is not None:
            for pos in verdict.exceptions:
                add(pos, verdict.decision, "exception")
    for found in _drill.all_conflicts(c, name, None, as_of, now):
        items, decisions = c.by_id(found.item.id), c.by_id(found.decision_id)
        if len(items) >= 1 and len(decisions) >= 1:
            add(items[0], decisions[0], "conflicts", found.status)
    # a conflict is one edge, whichever way it was found
    for a, b, kind in list(edges):
        if kind == "conflicts" and (b, a, kind) in edges and a > b:
            status = edges.pop((a, b, kind))
            if status == "open":
                edges[(b, a, kind)] = "open"
    linked = {p for a, b, _ in edges for p in (a, b)}
    shown = (wanted | linked) if name is not None else linked
    order = sorted(shown, key=lambda p: (u16(c.facts[p].topic), c.records[p].sort_key()))
    keys = _node_keys([c.records[p].id for p in order])
    logs = c.config.logs_read
    nodes = []
    for p, key in zip(order, keys, strict=True):
        rec, f = c.records[p], c.facts[p]
        nodes.append(
            Node(
                key=key,
                id=rec.id,
                kind=rec.kind,
                title=short_title(rec.id, rec.title, rec.value, rec.content),
                status=f.status,
                label=f.label,
                scope=f.scope,
                topic=f.topic,
                pos=p,
                start=f.valid_from.bound if f.valid_from is not None else None,
                date=str(f.valid_from) if f.valid_from is not None else None,
                log=log_of(rec.id, logs) if logs else None,
            )
        )
    key_of = dict(zip(order, keys, strict=True))
    edge_list = [
        Edge(key_of[a], key_of[b], kind, status)  # type: ignore[arg-type]
        for (a, b, kind), status in edges.items()
    ]
    rank = {k: i for i, k in enumerate(keys)}
    edge_list.sort(key=lambda e: (_EDGE_ORDER.index(e.kind), rank[e.source], rank[e.target]))
    as_of_text = str(as_of) if as_of is not None else str(ask.as_of)
    return Graph(name, as_of_text, tuple(nodes), tuple(edge_list), logs)


def _node_keys(ids: list[str]) -> list[str]:
    """Safe, unique node ids in the given order: `n_` + the id with `[^A-Za-z0-9_]` -> `_`."""
    used: set[str] = set()
    out = []
    for rid in ids:
        base = "n_" + _UNSAFE_ID.sub("_", rid)
        key, n = base, 1
        while key in used:
            n += 1
            key = f"{base}_{n}"
        used.add(key)
        out.append(key)
    return out


# ---------------------------------------------------------------------- Mermaid
_MERMAID_ESCAPES: Final = {
    "#": "#35;",
    '"': "#quot;",
    "<": "#lt;",
    ">": "#gt;",
    "&": "#amp;",
    "`": "#96;",
    "|": "#124;",
}
_MERMAID_SHAPES: Final = {"decision": ('["', '"]'), "claim": ('(["', '"])'), "memory": ('("', '")')}
_MERMAID_LINKS: Final = {
    "supersedes": "-->",
    "proposes-to-supersede": "-.->",
    "rejected-in-favour-of": "-->",
    "conflicts": "---",
    "exception": "-.->",
}


def mermaid_text(text: str) -> str:
    """Text safe inside a quoted Mermaid label (entity codes for syntax characters)."""
    out = "".join(_MERMAID_ESCAPES.get(ch, ch) for ch in text)
    return " ".join(out.split())


def _label_lines(node: Node) -> list[str]:
    status = node.label if node.scope == "all" else f"{node.label} · {node.scope}"
    lines = [node.id]
    if node.title and node.title != node.id:
        lines.append(node.title)
    lines.append(status if node.kind == "decision" else f"{node.kind} · {status}")
    if node.log is not None:
        lines.append(f"log {node.log}")
    return lines


def _heading(graph: Graph) -> str:
    """`whole corpus, as of …`, and the logs of a federated corpus."""
    what = f"topic {graph.topic}" if graph.topic is not None else "whole corpus"
    text = f"{what}, as of {graph.as_of}"
    if graph.logs:
        text += f"; logs: local, {', '.join(graph.logs)}"
    return text


def render_mermaid(graph: Graph) -> str:
    """A Mermaid flowchart: nodes labelled (id, title, status), edges labelled, statuses styled."""
    lines = ["flowchart LR", f"  %% govmem decision graph: {mermaid_text(_heading(graph))}"]
    by_topic: dict[str, list[Node]] = defaultdict(list)
    for node in graph.nodes:
        by_topic[node.topic].append(node)
    grouped = graph.topic is None
    for i, (topic, nodes) in enumerate(by_topic.items()):
        indent = "  "
        if grouped:
            lines.append(f'  subgraph t{i}["{mermaid_text(topic) or "(no topic)"}"]')
            indent = "    "
        for node in nodes:
            open_, close = _MERMAID_SHAPES.get(node.kind, _MERMAID_SHAPES["decision"])
            label = "<br/>".join(mermaid_text(line) for line in _label_lines(node))
            lines.append(f"{indent}{node.key}{open_}{label}{close}")
        if grouped:
            lines.append("  end")
    for edge in graph.edges:
        link = _MERMAID_LINKS[edge.kind]
        if edge.kind == "conflicts" and edge.status == "resolved":
            link = "-.-"
        lines.append(f'  {edge.source} {link}|"{mermaid_text(edge.text)}"| {edge.target}')
    for status, (fill, stroke) in STATUS_COLOURS.items():
        dash = ",stroke-dasharray:4 3" if status in ("proposed", "unknown", "revoked") else ""
        lines.append(f"  classDef {status} fill:{fill},stroke:{stroke},color:#111827{dash}")
    members: dict[str, list[str]] = defaultdict(list)
    for node in graph.nodes:
        members[node.status].append(node.key)
    for status in STATUS_COLOURS:
        if members[status]:
            lines.append(f"  class {','.join(members[status])} {status}")
    for i, edge in enumerate(graph.edges):
        width = "2px" if edge.kind != "conflicts" or edge.status == "resolved" else "3px"
        lines.append(f"  linkStyle {i} stroke:{EDGE_COLOURS[edge.kind]},stroke-width:{width}")
    return "\n".join(lines) + "\n"


# -------------------------------------------------------------------- Graphviz
def dot_text(text: str) -> str:
    """A double-quoted DOT string's contents: backslashes and quotes escaped, one line."""
    return " ".join(text.replace("\\", "\\\\").replace('"', '\\"').split())


_DOT_SHAPES: Final = {"decision": "box", "claim": "note", "memory": "ellipse"}


def render_dot(graph: Graph) -> str:
    """A Graphviz digraph of the same nodes and edges, clusters per topic."""
    lines = [
        "digraph govmem {",
        f'  label="govmem decision graph: {dot_text(_heading(graph))}";',
        "  labelloc=t;",
        "  rankdir=LR;",
        '  node [style="rounded,filled", fontname="Helvetica", fontsize=11];',
        '  edge [fontname="Helvetica", fontsize=10];',
    ]
    by_topic: dict[str, list[Node]] = defaultdict(list)
    for node in graph.nodes:
        by_topic[node.topic].append(node)
    grouped = graph.topic is None
    for i, (topic, nodes) in enumerate(by_topic.items()):
        indent = "  "
        if grouped:
            lines.append(f"  subgraph cluster_{i} {{")
            lines.append(f'    label="{dot_text(topic) or "(no topic)"}";')
            lines.append('    style="rounded,dashed"; color="#9ca3af";')
            indent = "    "
        for node in nodes:
            fill, stroke = STATUS_COLOURS.get(node.status, STATUS_COLOURS["unknown"])
            label = "\\n".join(dot_text(line) for line in _label_lines(node))
            dashed = ",dashed" if node.status in ("proposed", "unknown", "revoked") else ""
            lines.append(
                f'{indent}{node.key} [label="{label}", shape={_DOT_SHAPES.get(node.kind, "box")}, '
                f'style="rounded,filled{dashed}", fillcolor="{fill}", color="{stroke}"];'
            )
        if grouped:
            lines.append("  }")
    for edge in graph.edges:
        attrs = [f'label="{dot_text(edge.text)}"', f'color="{EDGE_COLOURS[edge.kind]}"']
        if edge.kind in ("proposes-to-supersede", "exception") or edge.status == "resolved":
            attrs.append("style=dashed")
        if edge.kind == "conflicts":
            attrs.append("dir=none")
            if edge.status == "open":
                attrs.append("penwidth=2")
        lines.append(f"  {edge.source} -> {edge.target} [{', '.join(attrs)}];")
    lines.append("}")
    return "\n".join(lines) + "\n"
