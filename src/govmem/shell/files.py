"""Reading the corpus's files: the one walk, the guards on every file, the fingerprint.

`walk_tree` is the one walk of a corpus folder, shared by the loader and the
MCP server's stat scan (`Watched.walk`); `read_file` reads one file with the
guards of SPEC §2 — a symlink leaving the root, a loop, a file over 64 KiB,
binary or not UTF-8 are findings, never exceptions — into a `FileText`;
`fingerprint` hashes what was read, so that an unchanged corpus is known
without parsing it again.
"""

from __future__ import annotations

import hashlib
import os
import stat
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Final

from attrs import frozen

from govmem.model.records import Finding
from govmem.parse.file import decode_text

MAX_BYTES: Final = 64 * 1024
RECORD_SUFFIXES: Final = (".md", ".markdown", ".yaml", ".yml")


@frozen
class FileText:
    """One file read: its root-relative POSIX path and its text, or why not."""

    path: str
    text: str | None
    digest: str
    finding: Finding | None = None


def fingerprint(config_text: str, files: Iterable[FileText]) -> str:
    """A content hash of everything read, independent of file order and mtimes."""
    h = hashlib.sha256(b"govmem/1\0")
    h.update(hashlib.sha256(config_text.encode()).digest())
    for f in sorted(files, key=lambda f: f.path):
        h.update(f.path.encode() + b"\0" + f.digest.encode() + b"\0")
    return h.hexdigest()


def walk_tree(
    real: Path, base: Path, *, stats: bool = True
) -> Iterator[tuple[str, os.stat_result | None, bool]]:
    """(path, stat or None, is a symlink) of every folder and candidate record file under `base`.

    The one walk of the corpus, shared by the loader and the MCP server's stat
    scan: dot entries skipped, record-suffixed files (and any symlink) taken,
    symlinked folders followed while inside `real` (one leading out is yielded
    as a file, so that reading it reports `outside-root`), loops cut, each folder's
    entries in sorted order. A folder always comes with its stat; a file with
    its stat (following symlinks, None when that fails) only when `stats`.
    Paths are strings (`str(Path)` of the same path): a `Path` per file was
    most of a walk's cost.
    """
    visited: set[tuple[int, int]] = set()
    stack = [str(base)]
    while stack:
        folder = stack.pop()
        try:
            st = os.stat(folder)
        except OSError:
            continue
        if (st.st_dev, st.st_ino) in visited:
            continue
        visited.add((st.st_dev, st.st_ino))
        yield folder, st, os.path.islink(folder)
        try:
            entries = sorted(os.scandir(folder), key=lambda e: e.name)
        except OSError:
            continue
        subfolders: list[str] = []
        for entry in entries:
            name = entry.name
            if name.startswith("."):
                continue
            try:
                is_dir = entry.is_dir()
            except OSError:
                is_dir = False
            if is_dir and Path(entry.path).resolve().is_relative_to(real):
                subfolders.append(entry.path)
            elif is_dir and not entry.is_symlink():
                continue  # a mount point leading out: nothing of it is read
            elif is_dir or name.lower().endswith(RECORD_SUFFIXES) or entry.is_symlink():
                # a symlinked folder leading out is yielded like a file: reading it
                # gives the `outside-root` finding instead of silence
                fst: os.stat_result | None = None
                if stats:
                    try:
                        fst = entry.stat()
                    except OSError:
                        fst = None
                yield entry.path, fst, entry.is_symlink()
        stack.extend(reversed(subfolders))


def walk_files(real: Path, base: Path) -> list[str]:
    """Root-relative POSIX paths of the candidate record files under `base`."""
    cut = len(str(real)) + 1
    return [
        path[cut:].replace(os.sep, "/")
        for path, st, _ in walk_tree(real, base, stats=False)
        if st is None or not stat.S_ISDIR(st.st_mode)
    ]


def read_file(real: Path, rel: str, *, any_name: bool = False) -> FileText:
    """Read one root-relative file with the guards of SPEC §2 (outside-root, unreadable, too large, binary).

    A symlink must lead to a record file (`.md`, `.yaml`, ...) unless `any_name`.
    """
    path = real / rel
    try:
        target = path.resolve(strict=True)
    except RuntimeError:
        return bad(rel, "unreadable", "The file is a symlink loop.")
    except OSError as exc:
        return bad(rel, "unreadable", f"The file cannot be read: {exc.strerror}.")
    if not target.is_relative_to(real):
        return bad(
            rel, "outside-root", "The file is a symlink that resolves outside the corpus root."
        )
    if not any_name and not target.name.lower().endswith(RECORD_SUFFIXES):
        return bad(rel, "unreadable", "The symlink points to a file that is not Markdown or YAML.")
    try:
        st = target.stat()
        if not stat.S_ISREG(st.st_mode):
            return bad(rel, "unreadable", "The path is not a regular file.")
        if st.st_size > MAX_BYTES:
            return too_large(rel, st.st_size)
        with target.open("rb") as fh:
            data = fh.read(MAX_BYTES + 1)
    except OSError as exc:
        return bad(rel, "unreadable", f"The file cannot be read: {exc.strerror}.")
    return file_text(rel, data)


def file_text(rel: str, data: bytes) -> FileText:
    """Check size and encoding of bytes read from a file or a git blob."""
    digest = hashlib.sha256(data).hexdigest()
    if len(data) > MAX_BYTES:
        return too_large(rel, len(data), digest)
    text = decode_text(data)
    if text is None:
        return bad(rel, "unreadable", "The file is binary or not valid UTF-8.", digest)
    return FileText(rel, text, digest)


def too_large(rel: str, size: int, digest: str = "") -> FileText:
    """A file over the size limit: a `record-too-large` finding, never truncated."""
    msg = f"The file has {size} bytes, over the 65536-byte limit; it is not read (never truncated)."
    return bad(rel, "record-too-large", msg, digest or f"size:{size}")


def bad(rel: str, code: str, message: str, digest: str = "") -> FileText:
    """A file not read, and the finding that says why."""
    return FileText(rel, None, digest or code, Finding(code, message, path=rel))
