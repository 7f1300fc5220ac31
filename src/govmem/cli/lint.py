"""`govmem lint`: the corpus's findings, for CI and pre-commit."""

from __future__ import annotations

import argparse
import sys

from govmem._corpus import Corpus
from govmem.model.records import Finding, sort_findings
from govmem.shell.logs import Federation
from govmem.shell.snapshot import CacheCounts

from .base import command, emit, out, progress_bar
from .pages import SHOWN, findings_arg


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
        for f in findings:
            if f.severity not in SHOWN[args.findings] or f.code == "no-adr-folder":
                continue
            where = f.path or "(corpus)"
            what = f" [{f.id}]" if f.id else ""
            out(f"{where}{what}: {f.severity} {f.code}: {f.message}")
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
    if errors:
        sys.stderr.write(f"govmem lint: {errors} error finding(s)\n")
        return 1
    return 0
