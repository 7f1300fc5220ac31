"""Folders of ADR files and the edits made to them between two loads (the parse cache's test).

`file_edits()` draws a starting folder (`docs/adr/NNNN-*.md` files, some
with frontmatter, some Nygard-style, dates written day-first or
month-first) and a list of `Edit`s: a new text, an added file, a deleted
one, a rename, a touch (mtime moved, bytes kept), a same-size rewrite
with the old mtime put back, and two files whose contents are swapped.
`apply_edit` performs one on disk. A cache that trusted stat data or the
path alone would serve a stale record after one of them.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Literal

from attrs import frozen
from hypothesis import strategies as st

EditKind = Literal["edit", "add", "delete", "rename", "touch", "same_size", "swap"]
_STATUSES = ("accepted", "proposed", "superseded", "rejected", "deprecated", "Accepted")
_TOPICS = ("database", "queue", "cache", "ci")
_WORDS = ("postgres", "kafka", "redis", "mysql", "use", "the", "we", "choose", "because", "fast")


@frozen
class Edit:
    """One change to the folder: `kind` on `path` (and `other` for rename and swap)."""

    kind: EditKind
    path: str
    other: str = ""
    text: str = ""


def _adr_texts() -> st.SearchStrategy[str]:
    """An ADR file's text: frontmatter or Nygard style, with a numeric date of either order."""

    @st.composite
    def build(draw: st.DrawFn) -> str:
        title = " ".join(draw(st.lists(st.sampled_from(_WORDS), min_size=1, max_size=4)))
        day, month = draw(st.integers(1, 28)), draw(st.integers(1, 12))
        date = draw(st.sampled_from([f"{day:02d}/{month:02d}/2025", f"2025-{month:02d}-{day:02d}"]))
        status = draw(st.sampled_from(_STATUSES))
        body = " ".join(draw(st.lists(st.sampled_from(_WORDS), max_size=12)))
        if draw(st.booleans()):
            topic = draw(st.sampled_from(_TOPICS))
            value = draw(st.sampled_from(_WORDS[:4]))
            return (
                f"---\ntitle: {title}\nstatus: {status}\ndate: {date}\n"
                f"topic: {topic}\nvalue: {value}\n---\n\n# {title}\n\n"
                f"## Decision\n\n{body}\n"
            )
        return f"# 1. {title}\n\nDate: {date}\n\n## Status\n\n{status}\n\n## Decision\n\n{body}\n"

    return build()


def _name(i: int) -> str:
    return f"docs/adr/{i:04d}-record.md"


@frozen
class FileEdits:
    """A starting folder (path -> text) and the edits made after the first load."""

    files: tuple[tuple[str, str], ...]
    edits: tuple[Edit, ...]


def file_edits(max_files: int = 6, max_edits: int = 6) -> st.SearchStrategy[FileEdits]:
    """A folder of ADR files and a sequence of edits to make to it (see the module docstring)."""

    @st.composite
    def build(draw: st.DrawFn) -> FileEdits:
        n = draw(st.integers(1, max_files))
        files = {_name(i): draw(_adr_texts()) for i in range(1, n + 1)}
        live = dict(files)
        edits: list[Edit] = []
        fresh = n + 1
        for _ in range(draw(st.integers(1, max_edits))):
            kinds: list[EditKind] = ["add"]
            if live:
                kinds += ["edit", "delete", "rename", "touch", "same_size"]
            if len(live) >= 2:
                kinds.append("swap")
            kind = draw(st.sampled_from(kinds))
            paths = sorted(live)
            if kind == "add":
                path, fresh = _name(fresh), fresh + 1
                live[path] = draw(_adr_texts())
                edits.append(Edit("add", path, text=live[path]))
            elif kind == "edit":
                path = draw(st.sampled_from(paths))
                live[path] = draw(_adr_texts())
                edits.append(Edit("edit", path, text=live[path]))
            elif kind == "delete":
                path = draw(st.sampled_from(paths))
                del live[path]
                edits.append(Edit("delete", path))
            elif kind == "rename":
                path, new = draw(st.sampled_from(paths)), _name(fresh)
                fresh += 1
                live[new] = live.pop(path)
                edits.append(Edit("rename", path, other=new))
            elif kind == "touch":
                edits.append(Edit("touch", draw(st.sampled_from(paths))))
            elif kind == "same_size":
                path = draw(st.sampled_from(paths))
                old = live[path]
                # same length, different bytes: swap one status word for another of its size
                new_text = old.replace("accepted", "rejected", 1).replace("proposed", "accepted", 1)
                if new_text == old:
                    new_text = old[:-1] + ("x" if old[-1] != "x" else "y")
                live[path] = new_text
                edits.append(Edit("same_size", path, text=new_text))
            else:
                a, b = draw(st.sampled_from(paths)), draw(st.sampled_from(paths))
                if a != b:
                    live[a], live[b] = live[b], live[a]
                edits.append(Edit("swap", a, other=b))
        return FileEdits(tuple(sorted(files.items())), tuple(edits))

    return build()


def write_folder(root: Path, files: tuple[tuple[str, str], ...]) -> None:
    """Write the starting folder under `root`."""
    for rel, text in files:
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text.encode())


def apply_edit(root: Path, edit: Edit) -> None:
    """Make one edit on disk (a same-size rewrite and a swap put the old mtimes back)."""
    path = root / edit.path
    if edit.kind in ("edit", "add"):
        path.write_bytes(edit.text.encode())
    elif edit.kind == "delete":
        path.unlink()
    elif edit.kind == "rename":
        path.rename(root / edit.other)
    elif edit.kind == "touch":
        st_ = path.stat()
        os.utime(path, ns=(st_.st_atime_ns, st_.st_mtime_ns + 1_000_000_000))
    elif edit.kind == "same_size":
        st_ = path.stat()
        path.write_bytes(edit.text.encode())
        os.utime(path, ns=(st_.st_atime_ns, st_.st_mtime_ns))
    else:
        other = root / edit.other
        a, b = path.stat(), other.stat()
        ta, tb = path.read_bytes(), other.read_bytes()
        path.write_bytes(tb)
        other.write_bytes(ta)
        os.utime(path, ns=(a.st_atime_ns, a.st_mtime_ns))
        os.utime(other, ns=(b.st_atime_ns, b.st_mtime_ns))


def settle(*roots: Path, window_ns: int | None = None) -> None:
    """Wait until every file under `roots` is out of the parse cache's racily-clean window
    (`window_ns`; by default `govmem.shell.stamp.GRANULARITY_NS`), so that a load may
    snapshot them."""
    from govmem.shell.stamp import GRANULARITY_NS  # noqa: PLC0415 - the shell, for tests only

    stamps = [p.stat() for root in roots for p in root.rglob("*") if p.is_file()]
    newest = max((max(st.st_mtime_ns, st.st_ctime_ns) for st in stamps), default=0)
    window = GRANULARITY_NS if window_ns is None else window_ns
    wait = (newest + window - time.time_ns()) / 1e9 + 0.05
    if wait > 0:
        time.sleep(wait)
