"""`govmem graph`, `timeline`, `report`: the register as pictures and as a static site.

The pictures and pages are made by pure modules (`govmem.render`: `graph`,
`timeline`, `report`); this module reads the clock, loads the corpus and writes files.
The report is written file by file, each to a temporary file in its folder
and then renamed over the old one, so a reader never sees half a page.

The renderers are imported by the command that uses them: a `query` never
pays for them.
"""

from __future__ import annotations

import argparse
import os
import tempfile
from collections.abc import Mapping
from pathlib import Path

from govmem.model.errors import GovmemError

from .base import command, date_value, emit, load_corpus, now, out, parse_when, path_value
from .query import refuse_topic


def _graph_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--topic", help="only this topic (default: the whole corpus)")
    p.add_argument(
        "--format",
        choices=("mermaid", "dot"),
        default="mermaid",
        help="mermaid (default; renders in GitHub Markdown) or dot (Graphviz)",
    )
    p.add_argument(
        "--as-of", type=date_value, help="conflicts and exceptions as of this date (default: now)"
    )


@command(
    "graph",
    "the supersession / rejection / conflict / exception graph, as Mermaid or Graphviz",
    _graph_args,
)
def _graph(args: argparse.Namespace) -> int:
    from govmem.render.graph import build_graph, render_dot, render_mermaid  # noqa: PLC0415

    as_of = parse_when(args.as_of, "--as-of") if args.as_of else None
    corpus = load_corpus(args)
    given = args.topic is not None and args.topic.strip()
    if given and (refused := refuse_topic(corpus, args.topic)) is not None:
        return refused
    graph = build_graph(corpus, args.topic, as_of, now=now())
    if args.json:
        emit(
            {
                "topic": graph.topic,
                "as_of": graph.as_of,
                "nodes": [
                    {
                        "node": n.key,
                        "id": n.id,
                        "kind": n.kind,
                        "title": n.title,
                        "status": n.label,
                        "scope": n.scope,
                        "topic": n.topic,
                    }
                    | ({"log": n.log} if graph.logs else {})
                    for n in graph.nodes
                ],
                "edges": [
                    {"from": e.source, "to": e.target, "kind": e.kind, "status": e.status}
                    for e in graph.edges
                ],
            }
        )
        return 0
    render = render_dot if args.format == "dot" else render_mermaid
    out(render(graph))
    return 0


def _timeline_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("topic", help="a topic name, alias, or the id of one of its records")
    p.add_argument("--svg", type=path_value, metavar="FILE", help="write an SVG picture to FILE")
    p.add_argument(
        "--as-of", type=date_value, help="the date drawn and conflicts open then (default: now)"
    )


@command("timeline", "a topic's records in time, one lane per scope", _timeline_args)
def _timeline(args: argparse.Namespace) -> int:
    from govmem.render.timeline import build_timeline, render_text  # noqa: PLC0415
    from govmem.render.timeline_svg import render_svg  # noqa: PLC0415

    as_of = parse_when(args.as_of, "--as-of") if args.as_of else None
    corpus = load_corpus(args)
    if (refused := refuse_topic(corpus, args.topic)) is not None:
        return refused  # and no file is written
    timeline = build_timeline(corpus, args.topic, as_of, now=now())
    if args.svg:
        write_files(Path(args.svg).parent, {Path(args.svg).name: render_svg(timeline)})
        out(f"Wrote {args.svg}")
        return 0
    if args.json:
        emit(
            {
                "topic": timeline.topic,
                "as_of": timeline.as_of_text,
                "lanes": [
                    {
                        "scope": lane.scope,
                        "records": [
                            {
                                "id": b.id,
                                "status": b.label,
                                "valid_from": None if b.start_text == "?" else b.start_text,
                                "valid_to": None if b.end_text == "?" else b.end_text,
                                "end_unknown": b.end_unknown,
                                "open_conflict": b.conflict,
                            }
                            for b in lane.bars
                        ],
                    }
                    for lane in timeline.lanes
                ],
            }
        )
        return 0
    out(render_text(timeline))
    return 0


def _report_args(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--out",
        required=True,
        type=path_value,
        metavar="DIR",
        help="the folder to write the site to",
    )
    p.add_argument("--as-of", type=date_value, help="every answer as of this date (default: now)")


@command("report", "a static HTML site of the corpus (works from file://)", _report_args)
def _report(args: argparse.Namespace) -> int:
    from govmem.render.report import build_report  # noqa: PLC0415

    as_of = parse_when(args.as_of, "--as-of") if args.as_of else None
    corpus = load_corpus(args)
    title = Path(args.root).resolve().name or "govmem"
    pages = build_report(corpus, as_of, now=now(), title=title)
    write_files(Path(args.out), pages)
    if args.json:
        emit({"out": str(args.out), "files": list(pages)})
    else:
        out(f"Wrote {len(pages)} files to {args.out}; open {Path(args.out) / 'index.html'}")
    return 0


def write_files(folder: Path, files: Mapping[str, str]) -> None:
    """Write each file under `folder`: to a temporary file beside it, then renamed.

    Raises:
        GovmemError: the folder cannot be created or written (exit 1).
    """
    try:
        for rel, text in files.items():
            target = folder / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=".govmem-", suffix=".tmp", dir=target.parent)
            try:
                with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
                    fh.write(text)
                os.chmod(tmp, 0o644)
                os.replace(tmp, target)
            except BaseException:
                Path(tmp).unlink(missing_ok=True)
                raise
    except OSError as exc:
        msg = f"cannot write {folder}: {exc.strerror or exc}"
        raise GovmemError(msg) from exc
