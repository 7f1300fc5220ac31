"""In-process figures for one generated corpus, run in a child process of its own.

`python -m benchmarks._inproc MANIFEST.json ITERATIONS.json` prints one JSON
object: cold `govmem.load`, `query` through the public API (topic given the
first time and again, topic inferred, the topic index's build), reloads, the
adrkit tools, and this process's peak RSS (after the queries, and at the
end). A process per corpus keeps one size's
memory out of the next size's peak. It also writes the peer's JSONL
(`--peer-jsonl`): the same decisions and claims as server-memory entities.
"""

from __future__ import annotations

import argparse
import functools
import importlib.util
import json
import resource
import sys
import time
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import govmem
from govmem import Corpus, Loader

from ._stats import once, repeat, summary

AS_OF = "2026-06-01"


def _day(i: int) -> str:
    """A distinct `as_of` for the i-th call (one day apart from 2020-01-01)."""
    return (date(2020, 1, 1) + timedelta(days=i)).isoformat()


def _touch(path: Path, i: int) -> None:
    """Change one file's content (a new last line), as an editor would."""
    text = path.read_text()
    head, sep, _ = text.rpartition("\n<!-- edit ")
    path.write_text((head if sep else text.rstrip("\n")) + f"\n<!-- edit {i} -->\n")


def _rss_mb() -> float:
    """This process's resident memory now (Linux), in MB."""
    try:
        with open("/proc/self/statm") as fh:
            pages = int(fh.read().split()[1])
    except (OSError, ValueError, IndexError):
        return float("nan")
    return pages * resource.getpagesize() / 2**20


def _cold_load(root: Path, reps: int) -> dict[str, Any]:
    """`govmem.load(root)`, the public API, each time from nothing (the OS page cache is warm)."""
    times = []
    for _ in range(reps):
        t = time.perf_counter_ns()
        govmem.load(root)
        times.append(time.perf_counter_ns() - t)
    return summary(times)


def run(manifest: dict[str, Any], it: dict[str, int], peer_jsonl: Path | None) -> dict[str, Any]:
    root = Path(manifest["root"])
    res: dict[str, Any] = {"n": manifest["n"], "files": manifest["files"]}

    res["load"] = _cold_load(root, it["load"])
    res["load"]["files_per_s"] = manifest["files"] / (res["load"]["p50_us"] / 1e6)
    before = _rss_mb()
    corpus = govmem.load(root)
    res["rss_loaded_mb"] = _rss_mb()
    res["rss_corpus_mb"] = res["rss_loaded_mb"] - before
    res["health"] = corpus.health.to_dict()
    res["topics"] = len(corpus.topics())

    # query with the topic given: the first time each topic is asked (cold), then again (warm)
    questions = manifest["questions"]
    corpus.query(questions[0][0], topic=questions[0][1], as_of=AS_OF)  # corpus-wide lazy work
    cold = [
        once(functools.partial(corpus.query, q, topic=topic, as_of=AS_OF))
        for q, topic in questions[1:]
    ]
    res["query_topic_cold"] = summary(cold)

    def q_topic(i: int) -> None:
        q, topic = questions[i % len(questions)]
        corpus.query(q, topic=topic, as_of=AS_OF)

    res["query_topic"] = summary(repeat(q_topic, it["query"]))

    # the same topics with other words: a known verdict, this question's own evidence
    def q_reworded(i: int) -> None:
        q, topic = questions[i % len(questions)]
        corpus.query(f"{q} ({i})", topic=topic, as_of=AS_OF)

    res["query_topic_reworded"] = summary(repeat(q_reworded, it["query"]))
    ans = corpus.query(questions[0][0], topic=questions[0][1], as_of=AS_OF)
    t = time.perf_counter_ns()
    for _ in range(200):
        json.dumps(ans.to_dict())
    res["json_dumps_answer_us"] = (time.perf_counter_ns() - t) / 200 / 1000

    # query with the topic inferred: the first one builds the topic index
    before = _rss_mb()
    res["topic_index_build_ms"] = once(lambda: corpus.query(questions[0][0], as_of=AS_OF)) / 1e6
    res["topic_index_mb"] = _rss_mb() - before

    # each inferred query at another instant: no answer or verdict of the corpus is reused,
    # so every one ranks the topics again
    def q_infer(i: int) -> None:
        corpus.query(questions[i % len(questions)][0], as_of=_day(i))

    res["query_infer"] = summary(repeat(q_infer, it["infer"]))

    # the same questions with every long word misspelt: no record holds them, so no topic
    # is confident and the candidates are ranked by their near words; the first one builds
    # the trigram index of the corpus's terms
    def typo(question: str) -> str:
        return " ".join(w[:-2] + w[-1] + w[-2] if len(w) > 4 else w for w in question.split())

    res["near_index_build_ms"] = (
        once(lambda: corpus.query(typo(questions[0][0]), as_of=AS_OF)) / 1e6
    )

    def q_near(i: int) -> None:
        corpus.query(typo(questions[i % len(questions)][0]), as_of=_day(i))

    res["query_near"] = summary(repeat(q_near, it["infer"]))
    # the peak of a process that loaded one corpus and asked it questions
    res["peak_rss_query_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024

    # reload with Loader.load(): every file read again, only the changed one parsed again
    loader = Loader(root)
    loader.load()
    change = root / manifest["change_file"]

    def reload(i: int) -> None:
        _touch(change, i)
        loader.load()

    res["reload_loader"] = summary(repeat(reload, it["reload"]))

    # reload as the MCP server does it: the watcher names the changed file, the rest is reused
    if importlib.util.find_spec("govmem_mcp") is not None:
        from govmem_mcp._state import LiveCorpus

        live = LiveCorpus(root, watch="inotify")
        try:
            live.current()
            firsts: list[int] = []
            q, topic = questions[0]

            def reload_live(i: int) -> None:
                _touch(change, 1000 + i)
                live.current()

            def reload_and_query(i: int) -> None:
                _touch(change, 2000 + i)
                c = live.current()
                firsts.append(once(lambda: c.query(q, topic=topic, as_of=AS_OF)))

            res["reload_live"] = summary(repeat(reload_live, it["reload"]))
            res["reload_live"]["kind"] = live.watch_kind
            repeat(reload_and_query, it["reload"])
            res["first_query_after_change"] = summary(firsts)
        finally:
            live.close()

    terms = manifest["search_terms"]
    if hasattr(corpus, "search_decisions"):
        corpus.search_decisions(terms[0])

        def search(i: int) -> None:
            corpus.search_decisions(terms[i % len(terms)])

        res["search_decisions"] = summary(repeat(search, it["search"]))
        res["search_hits"] = {
            t: len(_all_pages(lambda cur, t=t: corpus.search_decisions(t, cursor=cur, limit=100)))
            for t in terms
        }
    if hasattr(corpus, "get_decision_context"):
        paths = manifest["context_paths"]
        corpus.get_decision_context(paths)
        res["decision_context"] = summary(
            repeat(lambda i: corpus.get_decision_context(paths), it["context"])
        )
    if hasattr(corpus, "list_superseded"):
        corpus.list_superseded()
        res["list_superseded"] = summary(repeat(lambda i: corpus.list_superseded(), it["context"]))
    if peer_jsonl is not None:
        _write_peer(corpus, peer_jsonl)
    res["peak_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return res


def _all_pages(call: Any) -> list[Any]:
    items: list[Any] = []
    cursor = None
    while True:
        page = call(cursor)
        data = page if isinstance(page, dict) else page.to_dict()
        items += data.get("items", [])
        cursor = data.get("cursor")
        if not cursor:
            return items


def _write_peer(corpus: Corpus, path: Path) -> None:
    """The decisions and claims as server-memory entities (its JSONL format, entities only)."""
    lines = []
    for rec in corpus.records:
        if rec.kind not in ("decision", "claim"):
            continue
        observations = [rec.title, *rec.tags, rec.body or rec.content]
        entity = {"type": "entity", "name": rec.id, "entityType": rec.kind}
        entity["observations"] = observations  # type: ignore[assignment]
        lines.append(json.dumps(entity, ensure_ascii=False))
    path.write_text("\n".join(lines))


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("manifest", type=Path)
    p.add_argument("iterations")
    p.add_argument("--peer-jsonl", type=Path)
    args = p.parse_args()
    manifest = json.loads(args.manifest.read_text())
    it = json.loads(args.iterations)
    out = run(manifest, it, args.peer_jsonl)
    sys.stdout.write(json.dumps(out) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
