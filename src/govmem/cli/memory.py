"""`govmem recall`, `memories`, `expiring`, `memory-history`, and the writes (SPEC §7, §8).

Reads: `recall`, `memories`, `expiring`, `memory-history`. Writes, for
people at a terminal: `remember` (an agent's unverified memory or claim, or
with `--as-user` a verified memory of your own), `verify`, `approve`,
`reject`, `forget`. `--json` prints the operation's result: `{text}` for
recall, `{items, cursor}` for the lists, `{id, path}` for a write.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any, TypeVar

from govmem._corpus import Corpus
from govmem.engine.cursor import InvalidCursor
from govmem.memory.memory import Memory, MemoryPage
from govmem.model.errors import GovmemError
from govmem.shell import write as _write

from .base import command, date_value, emit, load_corpus, now, out, parse_when
from .pages import more, page_args, readable_page

T = TypeVar("T")


def _mind(p: argparse.ArgumentParser) -> None:
    p.add_argument("--mind", default="default", help="whose memories (default: default)")


def _as_of(p: argparse.ArgumentParser) -> None:
    p.add_argument("--as-of", type=date_value, help="YYYY-MM-DD or an ISO timestamp (default: now)")


def _recall_args(p: argparse.ArgumentParser) -> None:
    _mind(p)
    _as_of(p)


@command("recall", "what a mind remembers, as plain text for an LLM", _recall_args)
def _recall(args: argparse.Namespace) -> int:
    as_of = parse_when(args.as_of, "--as-of") if args.as_of else None
    result = load_corpus(args).recall(as_of, args.mind, now=now())
    if args.json:
        emit(result.to_dict())
    else:
        out(result.text)
    return 0


def _memories_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--tag", help="only memories with this tag (case-insensitive)")
    p.add_argument("--text", help="only memories whose key or content contains this")
    _mind(p)
    page_args(p)


@command("memories", "search the current memories by tag and text", _memories_args)
def _memories(args: argparse.Namespace) -> int:
    corpus, at = load_corpus(args), now()
    return _print_page(
        args,
        corpus,
        lambda cursor: corpus.search_memories(
            args.tag, args.text, args.mind, cursor, args.limit, now=at
        ),
        "No memories match.",
    )


def _expiring_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--within", required=True, help="a duration: 12h, 7d, 2w")
    _as_of(p)
    _mind(p)
    page_args(p)


@command("expiring", "current memories that expire soon", _expiring_args)
def _expiring(args: argparse.Namespace) -> int:
    as_of = parse_when(args.as_of, "--as-of") if args.as_of else None
    corpus, at = load_corpus(args), now()
    return _print_page(
        args,
        corpus,
        lambda cursor: corpus.expiring(args.within, as_of, args.mind, cursor, args.limit, now=at),
        f"No memory expires within {args.within}.",
    )


def _history_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("category", help="the memory's category")
    p.add_argument("key", help="the memory's key")
    _mind(p)


@command("memory-history", "every version of one memory, oldest first", _history_args)
def _memory_history(args: argparse.Namespace) -> int:
    result = load_corpus(args).memory_history(args.category, args.key, args.mind)
    if args.json:
        emit(result.to_dict())
    else:
        _print_memories(result, f"No memory {args.category}/{args.key}.")
    return 0


def _print_page(
    args: argparse.Namespace,
    corpus: Corpus,
    fetch: Callable[[str | None], MemoryPage | InvalidCursor],
    empty: str,
) -> int:
    """The page asked for (`--page`, `--cursor` or the first), then the next page's command."""
    shown = readable_page(args, corpus, fetch)
    if shown is None:
        return 0
    result, number = shown
    _print_memories(result, empty)
    more(args, result.cursor, number, corpus)
    return 0


def _print_memories(page: MemoryPage, empty: str) -> None:
    if not page.items:
        out(empty)
    for m in page.items:
        out(render_memory(m))


def render_memory(m: Memory) -> str:
    """One memory for a person: id, category, priority, marks, key, content, dates."""
    mark = "verified" if m.verified else "unverified"
    by = f" by {m.verified_by}" if m.verified_by else ""
    lines = [f"{m.id}  {m.category} ({m.priority.upper()}) [{mark}{by}] from {m.source}"]
    lines.append(f"  {m.key}")
    lines += ["  " + line for line in m.content.splitlines() or [""]]
    if m.tags:
        lines.append("  Tags: " + ", ".join(m.tags))
    dates = [
        f"{name} {when}"
        for name, when in (
            ("created", m.created_at),
            ("updated", m.updated_at),
            ("expires", m.expires_at),
        )
        if when is not None
    ]
    if dates:
        lines.append("  " + ", ".join(dates))
    return "\n".join(lines)


# ------------------------------------------------------------------- writes
def _remember_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--kind", choices=("memory", "claim"), default="memory")
    p.add_argument("--content", required=True, help="the statement, in words")
    p.add_argument("--category", help="a memory's category (identity, preference, fact, ...)")
    p.add_argument("--key", help="a memory's stable snake_case key")
    p.add_argument("--tags", help="comma-separated labels")
    p.add_argument("--priority", help="low, normal, high or critical (memories)")
    p.add_argument(
        "--expires", type=date_value, help="when the memory is forgotten: YYYY-MM-DD or a timestamp"
    )
    p.add_argument("--topic", help="what it is about")
    p.add_argument("--value", help="the chosen option, compared to find conflicts")
    p.add_argument("--scope", help="where it applies")
    p.add_argument(
        "--source-id", action="append", default=[], help="a source record's id (repeatable)"
    )
    p.add_argument("--mind", help="a memory's mind (default: default)")
    p.add_argument(
        "--request-id",
        help="an idempotency key: a retry with the same key prints the first write's id and path",
    )
    p.add_argument(
        "--as-user", action="store_true", help="your own memory: verified, recorded as yours"
    )


@command("remember", "write a new memory or claim under the memory folder", _remember_args)
def _remember(args: argparse.Namespace) -> int:
    expires = parse_when(args.expires, "--expires") if args.expires else None
    tags = [t for t in (args.tags or "").split(",") if t.strip()]
    written = safely(
        _write.remember,
        args.root,
        kind=args.kind,
        content=args.content,
        category=args.category,
        key=args.key,
        tags=tags,
        priority=args.priority,
        expires_at=expires,
        topic=args.topic,
        value=args.value,
        scope=args.scope,
        source_ids=args.source_id,
        mind=args.mind,
        request_id=args.request_id,
        as_user=args.as_user,
        now=now(),
        config=args.config,
    )
    return _print_written(args, written, "Remembered")


def _id_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("id", help="the record's id")


@command("verify", "mark a memory verified by you", _id_args)
def _verify(args: argparse.Namespace) -> int:
    written = safely(_write.verify, args.root, args.id, now=now(), config=args.config, dir=args.dir)
    return _print_written(args, written, "Verified")


@command("approve", "accept a decision or claim (status: accepted)", _id_args)
def _approve(args: argparse.Namespace) -> int:
    written = safely(_write.approve, args.root, args.id, config=args.config, dir=args.dir)
    return _print_written(args, written, "Approved")


@command("reject", "reject a decision or claim (status: rejected)", _id_args)
def _reject(args: argparse.Namespace) -> int:
    written = safely(_write.reject, args.root, args.id, config=args.config, dir=args.dir)
    return _print_written(args, written, "Rejected")


@command("forget", "delete a memory or claim", _id_args)
def _forget(args: argparse.Namespace) -> int:
    written = safely(_write.forget, args.root, args.id, config=args.config, dir=args.dir)
    return _print_written(args, written, "Forgot")


def safely(fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """Run a write; a file system failure is one line and exit 1, never a traceback."""
    try:
        return fn(*args, **kwargs)
    except OSError as exc:
        msg = f"cannot write: {exc.strerror or exc} ({exc.filename or ''})"
        raise GovmemError(msg) from exc


def _print_written(args: argparse.Namespace, written: _write.Written, verb: str) -> int:
    if args.json:
        emit(written.to_dict())
    else:
        out(f"{verb} {written.id} ({written.path}).")
    return 0
