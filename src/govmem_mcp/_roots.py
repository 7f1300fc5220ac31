"""The start-up checks of the repository root and the ADR folder (seed 002, adrkit §3).

`check_roots(cwd, dir)` runs them in adrkit's order and returns the canonical
root and, when a folder was given, its path relative to that root; every
failure is a `CorpusUnavailable` with adrkit's reason and fixed sentence:

* the root must resolve (`root-not-found`), be a directory
  (`root-not-directory`) and be readable and searchable
  (`root-not-readable`); it need not hold a `.git` entry: a folder outside
  git is served too, without git dates and with an `info` finding `no-git`
  (`_state`), as the CLI reads such folders;
* the folder, resolved against the canonical root (an absolute path is
  allowed), must resolve (`dir-not-found`), be a directory
  (`dir-not-directory`), be readable (`dir-not-readable`) and lie inside the
  root by path segments, not by string prefix (`dir-outside-root`).

The CLI runs them before any transport starts (exit 1); the server runs them
again when a call finds the tree changed, and a root that resolves elsewhere
than at start is `root-not-found`.
"""

from __future__ import annotations

import os
from pathlib import Path

from govmem import CorpusUnavailable


def canonical_root(cwd: str | os.PathLike[str]) -> Path:
    """The realpath of the root, checked.

    Raises:
        CorpusUnavailable: root-not-found, root-not-directory, root-not-readable.
    """
    try:
        real = Path(os.path.realpath(cwd, strict=True))
    except FileNotFoundError as exc:
        raise CorpusUnavailable("root-not-found") from exc
    except (OSError, RuntimeError) as exc:
        raise CorpusUnavailable("root-not-readable") from exc
    if not real.is_dir():
        raise CorpusUnavailable("root-not-directory")
    if not os.access(real, os.R_OK | os.X_OK):
        raise CorpusUnavailable("root-not-readable")
    return real


def canonical_dir(root: Path, dir: str | os.PathLike[str]) -> str:
    """The folder's path relative to the canonical `root` (POSIX, `.` for the root itself).

    Raises:
        CorpusUnavailable: dir-not-found, dir-not-directory, dir-not-readable, dir-outside-root.
    """
    try:
        real = Path(os.path.realpath(root / dir, strict=True))
    except FileNotFoundError as exc:
        raise CorpusUnavailable("dir-not-found") from exc
    except (OSError, RuntimeError) as exc:
        raise CorpusUnavailable("dir-not-readable") from exc
    if not real.is_dir():
        raise CorpusUnavailable("dir-not-directory")
    if not os.access(real, os.R_OK | os.X_OK):
        raise CorpusUnavailable("dir-not-readable")
    if not real.is_relative_to(root):
        raise CorpusUnavailable("dir-outside-root")
    return real.relative_to(root).as_posix()


def check_roots(
    cwd: str | os.PathLike[str], dir: str | os.PathLike[str] | None
) -> tuple[Path, str | None]:
    """The canonical root and the folder relative to it (None when not given).

    Raises:
        CorpusUnavailable: with adrkit's reason (module docstring).
    """
    root = canonical_root(cwd)
    return root, None if dir is None else canonical_dir(root, dir)
