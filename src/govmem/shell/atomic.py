"""Atomic writes: a file appears complete or not at all, and no concurrent change is lost.

* `create_exclusive(target, text)`: the text goes to a temp file in the same
  folder (its name starts with `.`, so the loader never reads it), fsynced,
  then hard-linked to its final name — `link` fails rather than replace an
  existing file, so nothing is ever overwritten — then the temp name is
  removed and the folder fsynced. A reader sees no file or the whole file; a
  writer killed at any point leaves at most a dot-temp file.
* `replace_unchanged(path, original, text)`: the text goes to a dot-temp
  file, fsynced, and `os.replace`s the original (then the folder is fsynced);
  the file is read again just before, and if it changed since `original` was
  read nothing is written and `WriteConflict` is raised;
  `remove_unchanged(path, original)` deletes it on the same condition.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

from govmem.model.errors import GovmemError


class WriteConflict(GovmemError):
    """The file changed while it was being edited; nothing was written. Retry."""


def _temp_name(folder: Path, name: str) -> Path:
    return folder / f".{name}.{os.getpid()}.{secrets.token_hex(4)}.tmp"


def _write_temp(folder: Path, name: str, data: bytes) -> Path:
    tmp = _temp_name(folder, name)
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
        os.fsync(fd)
    finally:
        os.close(fd)
    return tmp


def create_exclusive(target: Path, text: str) -> bool:
    """Create `target` with `text`, complete or not at all; False if the name is taken."""
    tmp = _write_temp(target.parent, target.name, text.encode("utf-8"))
    try:
        os.link(tmp, target)
    except FileExistsError:
        return False
    finally:
        tmp.unlink(missing_ok=True)
    _fsync_dir(target.parent)
    return True


def replace_unchanged(path: Path, original: bytes, text: str) -> None:
    """Atomically replace `path` with `text`, unless it changed since `original` was read."""
    tmp = _write_temp(path.parent, path.name, text.encode("utf-8"))
    try:
        _check_unchanged(path, original)
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)
    _fsync_dir(path.parent)


def remove_unchanged(path: Path, original: bytes) -> None:
    """Delete `path`, unless it changed since `original` was read."""
    _check_unchanged(path, original)
    path.unlink()
    _fsync_dir(path.parent)


def _check_unchanged(path: Path, original: bytes) -> None:
    if path.read_bytes() != original:
        msg = f"{path.name} changed while it was being edited; nothing was written, retry"
        raise WriteConflict(msg)


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:  # pragma: no cover - e.g. Windows
        return
    try:
        os.fsync(fd)
    except OSError:  # pragma: no cover - file systems that refuse it
        pass
    finally:
        os.close(fd)
