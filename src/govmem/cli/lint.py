"""`govmem lint`: the corpus's findings, for CI and pre-commit.

The readable output lists each finding on a line, except that a code found more than
`REPEATED` times is one line with its count (`--json` lists every finding), and it ends with
a hint about `default_status` when most decision records write no status.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Final

from govmem._corpus import Corpus
from govmem.model.records import Finding, sort_findings
from govmem.shell.logs import Federation
from govmem.shell.snapshot import CacheCounts

from .base import command, emit, out, progress_bar
from .pages import SHOWN, findings_arg

REPEATED: Final = 3
"""A code found more than this many times is summarised on one line, with its count."""


def finding_lines(findings: Sequence[Finding]) -> list[str]:
    """One line per finding — `path [id]: severity code: message` — in the findings' order,
    except that a code found more than `REPEATED` times is one line, where it is first found:
    `0001-x.md [0001] and 38 more: warn unknown-status (39 times): No status is written; …`
    (when the messages differ, the first follows `e.g.`)."""
    by_code: dict[str, list[Finding]] = {}
    for f in findings:
        by_code.setdefault(f.code, []).append(f)
    lines: list[str] = []
    for f in findings:
        group = by_code[f.code]
        where = f"{f.path or '(corpus)'}{f' [{f.id}]' if f.id else ''}"
        if len(group) <= REPEATED:
            lines.append(f"{where}: {f.severity} {f.code}: {f.message}")
        elif f is group[0]:
            same = all(g.message == f.message for g in group)
            said = f.message if same else f"e.g. {f.message}"
            lines.append(
                f"{where} and {len(group) - 1} more: {f.severity} {f.code}"
                f" ({len(group)} times): {said}"
            )
    return lines


def default_status_hint(corpus: Corpus) -> str | None:
    """When most decision records write no status (and `default_status` is unset): what that
    means, and the line of `govmem.yaml` that changes it."""
    unstated, decisions = corpus.unstated_statuses()
    if corpus.config.default_status or not decisions or 2 * unstated <= decisions:
        return None
    return (
        f"{unstated} of {decisions} decision records write no status: they read as unknown,"
        " never in force, so no answer about them is verified. If your ADRs are accepted once"
        " merged, set `default_status: accepted` in govmem.yaml (`govmem init` writes one)."
    )


def _finding_dict(f: Finding) -> dict[str, str]:
    d = {"code": f.code, "severity": f.severity, "path": f.path, "id": f.id, "field": f.field}
    return {**{k: v for k, v in d.items() if v is not None}, "message": f.message}


def read_line(corpus: Corpus) -> str:
    """`Read docs/adr (38 records), memory (2 records).`: the folders read and their counts."""
    unread = set(corpus.unread)
    parts = [
        f"{folder} (unreadable)"
        if f"{folder}/" in unread
        else f"{folder} ({n} record{'' if n == 1 else 's'})"
        for folder, n in corpus.folder_counts()
    ]
    return f"Read {', '.join(parts)}." if parts else "Read no folder."


def untrusted_cache(reason: str | None) -> tuple[Finding, ...]:
    """The `cache-untrusted` finding when the parse cache was bypassed (`Loader.cache_refused`)."""
    if reason is None:
        return ()
    msg = f"The parse cache was not used: {reason}. Make its folder private (chmod 700) or move it (GOVMEM_CACHE_DIR)."
    return (Finding("cache-untrusted", msg, field="cache"),)


def _cache_dict(c: CacheCounts) -> dict[str, int]:
    return {
        "cached_records": c.cached,
        "parsed_records": c.parsed,
        "cached_files": c.cached_files,
        "parsed_files": c.parsed_files,
        "snapshots": c.snapshots,
    }


def cache_line(c: CacheCounts) -> str:
    """`Parse cache: 40 of 42 files from the cache, 2 parsed.` (files: a file may hold several
    records or none, and sources count among the summary's records; `--json` has both)."""
    total = c.cached_files + c.parsed_files
    return (
        f"Parse cache: {c.cached_files} of {total} files from the cache, {c.parsed_files} parsed."
    )


@command("lint", "check the corpus; exit 1 when any error finding exists", findings_arg)
def _lint(args: argparse.Namespace) -> int:
    loader = Federation(
        args.root, config=args.config, dir=args.dir, progress=progress_bar(sys.stderr)
    )
    corpus = loader.load()
    errors = sum(1 for f in corpus.findings if f.severity == "error")
    # a cache not trusted is the user's machine, not the corpus: lint's alone (SPEC §8, v6)
    findings = sort_findings([*corpus.findings, *untrusted_cache(loader.cache_refused)])
    if args.json:
        emit(
            {
                "corpus_health": corpus.health.to_dict(),
                "findings": [_finding_dict(f) for f in findings],
                "parse_cache": _cache_dict(loader.cache_counts),
            }
        )
    else:
        # The first line says what was read; with no ADR folder, it says that instead.
        none = [f for f in corpus.findings if f.code == "no-adr-folder"]
        if none:
            out(none[0].message)
        if corpus.folders or not none:
            out(read_line(corpus))
        shown = [
            f for f in findings if f.severity in SHOWN[args.findings] and f.code != "no-adr-folder"
        ]
        for line in finding_lines(shown):
            out(line)
        h = corpus.health
        counts = {s: sum(1 for f in findings if f.severity == s) for s in ("error", "warn", "info")}
        c = loader.cache_counts
        if loader.cache_refused is not None:
            out(f"Parse cache: not used, {loader.cache_refused}.")
        elif c.cached_files or c.parsed_files:  # nothing read, nothing to say about the cache
            out(cache_line(c))
        out(
            f"{h.record_count} records, {h.excluded_count} excluded; "
            f"{counts['error']} errors, {counts['warn']} warnings, {counts['info']} notes."
        )
        if (hint := default_status_hint(corpus)) is not None:
            out(hint)
    if errors:
        sys.stderr.write(f"govmem lint: {errors} error finding(s)\n")
        return 1
    return 0
