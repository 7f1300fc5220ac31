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
import operator
import os
import stat
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Final, TypeAlias

from attrs import evolve, frozen

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
    lost: bool = False
    """The system refused to list or read it (not its content): the corpus is incomplete."""


def bad_name(name: str) -> bool:
    """Whether a file system name is not valid UTF-8 (Python holds its bytes as lone surrogates)."""
    if name.isascii():  # most names: no encoding made
        return False
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def shown_name(name: str) -> str:
    """A name as govmem shows it: as it is when valid UTF-8, else its bad bytes as `\\xNN`.

    The one spelling of a non-UTF-8 name in findings, ids, the fingerprint and
    every output (`bad\\xff.md` for the bytes `bad<FF>.md`): always encodable.
    """
    if not bad_name(name):
        return name
    return os.fsencode(name).decode("utf-8", "backslashreplace")


def fingerprint(config_text: str, files: Iterable[FileText]) -> str:
    """A content hash of everything read, independent of file order and mtimes."""
    h = hashlib.sha256(b"govmem/1\0")
    h.update(hashlib.sha256(config_text.encode()).digest())
    for f in sorted(files, key=lambda f: f.path):
        h.update(f.path.encode() + b"\0" + f.digest.encode() + b"\0")
    return h.hexdigest()


def walk_tree(
    real: Path,
    base: Path,
    *,
    stats: bool = True,
    errors: list[tuple[str, str]] | None = None,
    folders: bool = True,
    files: bool = True,
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

    A name that is not valid UTF-8 is yielded (stat None) but never walked
    into: `read_file` makes it an `unreadable` finding. A folder that cannot
    be listed or stat'ed (permissions, a path beyond PATH_MAX) is appended to
    `errors` as (path, why) — never dropped in silence. `folders=False` yields
    the candidate files alone (a symlinked folder leading out is one);
    `files=False` the folders and the symlinked candidates alone (what a watcher
    of folders needs: a folder of 10,000 files costs one listing, no `stat`).
    """
    visited: set[tuple[int, int]] = set()
    stack = [str(base)]
    while stack:
        folder = stack.pop()
        try:
            st = os.stat(folder)
        except FileNotFoundError:
            continue  # gone since its parent was listed
        except OSError as exc:
            _report(errors, folder, exc)
            continue
        if (st.st_dev, st.st_ino) in visited:
            continue
        visited.add((st.st_dev, st.st_ino))
        if folders:
            yield folder, st, os.path.islink(folder)
        try:
            listing: Iterable[os.DirEntry[str]] = os.scandir(folder)
            if not files:  # a folder's plain files are never looked at: not sorted either
                listing = [e for e in listing if e.is_symlink() or _is_folder(e)]
            entries = sorted(listing, key=_NAME)
        except FileNotFoundError:
            continue
        except OSError as exc:
            _report(errors, folder, exc)
            continue
        subfolders: list[str] = []
        for entry in entries:
            name = entry.name
            if name.startswith("."):
                continue
            if files and entry.is_file(follow_symlinks=False) and not bad_name(name):
                # a regular file, the walk's common case (its type from the listing)
                if name.lower().endswith(RECORD_SUFFIXES):
                    try:
                        fst = entry.stat() if stats else None
                    except OSError:
                        fst = None
                    yield entry.path, fst, False
                continue
            if not files and not entry.is_symlink():
                try:
                    if not entry.is_dir(follow_symlinks=False) or bad_name(name):
                        continue  # a file (or a name never walked into)
                except OSError:
                    continue
                if Path(entry.path).resolve().is_relative_to(real):
                    subfolders.append(entry.path)
                continue
            try:
                is_dir = entry.is_dir()
            except OSError:
                is_dir = False  # a symlink loop: yielded below, reading it says so
            if bad_name(name):
                # never walked into nor read: reading it gives its `unreadable` finding
                if is_dir or name.lower().endswith(RECORD_SUFFIXES) or entry.is_symlink():
                    yield entry.path, None, entry.is_symlink()
                continue
            if is_dir and Path(entry.path).resolve().is_relative_to(real):
                subfolders.append(entry.path)
            elif is_dir and not entry.is_symlink():
                continue  # a mount point leading out: nothing of it is read
            elif is_dir or name.lower().endswith(RECORD_SUFFIXES) or entry.is_symlink():
                # a symlinked folder leading out is yielded like a file: reading it
                # gives the `outside-root` finding instead of silence
                fst = None
                if stats:
                    try:
                        fst = entry.stat()
                    except OSError:
                        fst = None
                yield entry.path, fst, entry.is_symlink()
        stack.extend(reversed(subfolders))


_NAME: Final = operator.attrgetter("name")


def _is_folder(entry: os.DirEntry[str]) -> bool:
    """Whether `entry` is a folder, not following symlinks (False when that cannot be told)."""
    try:
        return entry.is_dir(follow_symlinks=False)
    except OSError:
        return False


def _report(errors: list[tuple[str, str]] | None, path: str, exc: OSError) -> None:
    if errors is not None:
        errors.append((path, exc.strerror or type(exc).__name__))


def relative(real: Path, path: str) -> str:
    top = str(real)
    if path == top:
        return "."
    return path[len(top) + 1 :].replace(os.sep, "/") if path.startswith(top + os.sep) else path


def unreadable_folder(rel: str, why: str) -> FileText:
    """A folder the walk could not list: an `unreadable` error, and the corpus is incomplete."""
    name = shown_name(rel).rstrip("/") + "/"
    msg = f"The folder cannot be read ({why}); its records are missing from every answer."
    finding = Finding("unreadable", msg, path=name)
    return FileText(name, None, f"unreadable-folder:{why}", finding, lost=True)


def is_folder(f: FileText) -> bool:
    """Whether `f` stands for a folder that could not be read (its path ends in `/`)."""
    return f.path.endswith("/")


Folders: TypeAlias = dict[str, tuple[str, bool]]
"""A load's resolved folders (`read_file`): root-relative folder -> (its resolved path,
whether that is inside the root)."""


def read_file(
    real: Path,
    rel: str,
    *,
    any_name: bool = False,
    folders: Folders | None = None,
    stamps: dict[str, os.stat_result] | None = None,
) -> FileText:
    """Read one root-relative file with the guards of SPEC §2 (outside-root, unreadable, too large, binary).

    A symlink must lead to a record file (`.md`, `.yaml`, ...) unless `any_name`.
    With `folders` (kept across one load's reads), a file that is no symlink
    is placed by its folder, resolved once for all the files in it: the
    same path `resolve` gives, for one `lstat` instead of one per component.
    With `stamps`, a file read gets there the stat taken through the descriptor it was read
    from (under `rel`).
    """
    if bad_name(rel):
        return badly_named(rel, folder=os.path.isdir(real / rel))
    placed = _placed(real, rel, folders) if folders is not None else None
    known: os.stat_result | None = None
    if placed is not None:
        target, inside, known = placed
    else:
        path = real / rel
        try:
            resolved = path.resolve(strict=True)
        except RuntimeError:
            return bad(rel, "unreadable", "The file is a symlink loop.")
        except FileNotFoundError:
            return bad(rel, "unreadable", "The file cannot be read: No such file or directory.")
        except OSError as exc:
            return lost(rel, exc)
        target, inside = str(resolved), resolved.is_relative_to(real)
    if not inside:
        return bad(
            rel, "outside-root", "The file is a symlink that resolves outside the corpus root."
        )
    if not any_name and not os.path.basename(target).lower().endswith(RECORD_SUFFIXES):
        return bad(rel, "unreadable", "The symlink points to a file that is not Markdown or YAML.")
    opened: list[os.stat_result] | None = [] if stamps is not None else None
    got = read_regular(target, known, opened)
    if stamps is not None and opened and isinstance(got, bytes):
        stamps[rel] = opened[0]
    if isinstance(got, OSError):
        return lost(rel, got)
    if isinstance(got, int):
        return too_large(rel, got)
    if got is None:
        return bad(rel, "unreadable", NOT_REGULAR)
    return file_text(rel, got)


def _placed(real: Path, rel: str, folders: Folders) -> tuple[str, bool, os.stat_result] | None:
    """(resolved path, inside the root, its `lstat`: its stat, as it is no symlink) of a file
    that is no symlink, by its resolved folder; None for a symlink or anything `lstat` or the
    folder's `resolve` cannot tell (the caller resolves the whole path and reports why)."""
    folder, _, name = rel.rpartition("/")
    top = str(real)
    try:
        st = os.lstat(f"{top}/{rel}")
        if stat.S_ISLNK(st.st_mode):
            return None
        where = folders.get(folder)
        if where is None:
            resolved = (real / folder).resolve(strict=True) if folder else real
            where = folders[folder] = (str(resolved), resolved.is_relative_to(real))
    except (OSError, RuntimeError, ValueError):
        return None
    return f"{where[0]}/{name}", where[1], st


NOT_REGULAR: Final = (
    "The path is not a regular file (a folder, FIFO, socket or device); it is never opened."
)
_OPEN_FLAGS: Final = (
    os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | os.O_CLOEXEC
)


def read_regular(
    path: Path | str,
    known: os.stat_result | None = None,
    opened: list[os.stat_result] | None = None,
) -> bytes | int | OSError | None:
    """The bytes of a regular file of at most `MAX_BYTES`, read without ever blocking or running on.

    Returns the bytes; the size when the file is over `MAX_BYTES` (never
    read); None when the path is not a regular file (a folder, FIFO, socket
    or device: never opened, so a FIFO cannot block and `/dev/zero` cannot be
    read without bound); or the `OSError` the system raised. The file is
    stat'ed before it is opened and again, through its descriptor, after
    (opened non-blocking), so a file swapped for a FIFO in between is
    refused too. `known`: the path's stat taken just before (the loader's `lstat` of a file
    that is no symlink), used for the first check instead of another; `opened` gets the stat
    taken through the descriptor.
    """
    try:
        st = os.stat(path) if known is None else known
        if not stat.S_ISREG(st.st_mode):
            return None
        if st.st_size > MAX_BYTES:
            return st.st_size
        fd = os.open(path, _OPEN_FLAGS)
        try:
            st = os.fstat(fd)
            if opened is not None:
                opened.append(st)
            if not stat.S_ISREG(st.st_mode):
                return None
            if st.st_size > MAX_BYTES:
                return st.st_size
            data = os.read(fd, MAX_BYTES + 1)
            # a short read before the size `fstat` gave: read on, to the end or the limit
            while len(data) < st.st_size:
                more = os.read(fd, MAX_BYTES + 1 - len(data))
                if not more:
                    break
                data += more
            return data
        finally:
            os.close(fd)
    except OSError as exc:
        return exc


def badly_named(rel: str, *, folder: bool = False) -> FileText:
    """A file or folder whose name is not valid UTF-8: never read, an `unreadable` finding.

    Its path is `shown_name(rel)` (a folder's with a trailing `/`) in the
    finding, the fingerprint and every output.
    """
    what = "folder" if folder else "file"
    msg = (
        f"The {what} name is not valid UTF-8; it is not read (shown with its bad bytes"
        " as \\xNN). Rename it."
    )
    return bad(shown_name(rel) + ("/" if folder else ""), "unreadable", msg)


def lost(rel: str, exc: OSError) -> FileText:
    """A file the system refused to read (permissions, a path too long, I/O): the corpus is incomplete."""
    f = bad(rel, "unreadable", f"The file cannot be read: {exc.strerror or type(exc).__name__}.")
    return evolve(f, lost=True)


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
