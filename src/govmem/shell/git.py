"""Git, read-only: first-add dates, the commit known at a date, trees and blobs.

Everything goes through `git` subprocesses with a fixed environment (no
pager, no config prompts) and reads objects only: nothing here checks out,
writes the index or touches the work tree.
"""

from __future__ import annotations

import hashlib
import os
import re
import subprocess
from collections.abc import Iterator, Sequence
from datetime import UTC
from pathlib import Path
from typing import Final

from attrs import frozen

from govmem.model.errors import GitHistoryError
from govmem.model.time import When, parse_iso

_HEX: Final = re.compile(r"^[0-9a-fA-F]{7,40}$")
_ENV: Final = {"GIT_TERMINAL_PROMPT": "0", "GIT_PAGER": "cat", "LC_ALL": "C"}


def _git(cwd: Path, *args: str, data: bytes | None = None) -> bytes:
    env = {**os.environ, **_ENV}
    proc = subprocess.run(
        ["git", "-c", "core.quotepath=off", *args],
        cwd=cwd,
        input=data,
        capture_output=True,
        env=env,
        check=False,
    )
    if proc.returncode != 0:
        msg = proc.stderr.decode("utf-8", "replace").strip().splitlines()
        raise GitHistoryError(msg[0] if msg else f"git {args[0]} failed")
    return proc.stdout


def has_git_entry(root: Path) -> bool:
    """Whether `root` holds a `.git` directory or worktree file."""
    return (root / ".git").exists()


def work_tree_prefix(root: Path) -> tuple[Path, str]:
    """The top of the work tree holding `root`, and `root`'s path inside it (`a/b/` or '')."""
    found = _rev_parse(root, "--show-toplevel", "--show-prefix")
    return Path(found[0]), found[1]


def _rev_parse(root: Path, *asked: str) -> list[str]:
    """`git rev-parse ASKED…` in one start: one line each, in the order asked (each alone
    when a name with a line break in it makes the lines ambiguous)."""
    lines = os.fsdecode(_git(root, "rev-parse", *asked)).split("\n")
    if len(lines) == len(asked) + 1 and lines[-1] == "":
        return [line.strip() for line in lines[:-1]]
    return [os.fsdecode(_git(root, "rev-parse", a)).strip() for a in asked]


@frozen
class History:
    """Where a root sits in its repository, and the commit whose history dates its files."""

    top: Path
    prefix: str
    """The root's path inside the work tree (`a/b/` or '')."""
    sha: str
    """The commit `rev` named."""
    state: str = ""
    """A hash of what else decides which commits `git log` walks from `sha` (`walk_state`):
    with the commit, what every first-add date is a function of."""


_HISTORY_ENV: Final = (
    "GIT_NO_REPLACE_OBJECTS",
    "GIT_REPLACE_REF_BASE",
    "GIT_GRAFT_FILE",
    "GIT_SHALLOW_FILE",
)
"""Variables that change which commits `git log` walks."""


def history(root: Path, rev: str = "HEAD") -> History | None:
    """The work tree, prefix and commit of `rev`, and the walk's state (one git start); None
    without a commit."""
    asked = ("--show-toplevel", "--show-prefix", "--git-common-dir")
    try:
        top, prefix, common, sha = _rev_parse(root, *asked, rev)
    except (GitHistoryError, OSError, ValueError):
        return None
    if not _HEX.match(sha):
        return None
    state = walk_state(root / common)
    return History(Path(top), prefix, sha, state)


def walk_state(common: Path) -> str:
    """A hash of what changes which commits a walk from a fixed commit reaches, read from the
    repository's files: the shallow boundary (deepened by `git fetch --unshallow`), the
    grafts file and every replace ref (`git replace`), and the variables that move them."""
    h = hashlib.sha256()
    shallow = os.environ.get("GIT_SHALLOW_FILE") or common / "shallow"
    for path in (Path(shallow), common / "info" / "grafts"):
        h.update(_read_or(path) + b"\0\1")
    replace = common / "refs" / "replace"
    for top, dirs, names in os.walk(replace):
        dirs.sort()
        for name in sorted(names):
            path = Path(top) / name
            h.update(os.fsencode(path.relative_to(replace)) + b"=" + _read_or(path) + b"\0")
    packed = _read_or(common / "packed-refs")
    h.update(b"".join(line for line in packed.splitlines() if b" refs/replace/" in line))
    for name in _HISTORY_ENV:
        h.update(f"\0{name}={os.environ.get(name, '')}".encode("utf-8", "surrogateescape"))
    return h.hexdigest()


def _read_or(path: Path) -> bytes:
    """A file's bytes; a marker when it cannot be read (absent is a state too)."""
    try:
        return path.read_bytes()
    except OSError as exc:
        return f"<{exc.errno}>".encode()


def first_add_dates(root: Path, rev: str = "HEAD") -> dict[str, When]:
    """Root-relative path -> author date of the first commit that added it (up to `rev`)."""
    found = history(root, rev)
    if found is None:
        return {}
    return dates_of(found) or {}


def dates_of(found: History) -> dict[str, When] | None:
    """Root-relative path -> author date of the first commit that added it, up to `found`;
    None when git fails to tell."""
    prefix = found.prefix
    try:
        out = _git(
            found.top,
            "log",
            found.sha,
            "--diff-filter=A",
            "--no-renames",
            "--format=\x01%aI",
            "--name-only",
            "-z",
            "--",
            prefix or ".",
        )
    except (GitHistoryError, OSError):
        return None
    dates: dict[str, When] = {}
    for chunk in os.fsdecode(out).split("\x01")[1:]:  # names as the disk walk spells them
        # with -z, git ends the formatted line with a NUL before the newline
        stamp, _, names = chunk.partition("\n")
        when = parse_iso(stamp.strip("\0\n\r\t "))
        if when is None:
            continue
        for name in names.split("\0"):
            name = name.strip("\n")
            if name and name.startswith(prefix):
                dates[name[len(prefix) :]] = when  # log is newest first: the oldest add wins
    return dates


@frozen
class Commit:
    """A commit and its committer date (UTC)."""

    sha: str
    committed: When


def commit_known_at(root: Path, known_as_of: str | When) -> Commit:
    """The commit that was known at a date, or the given commit (SPEC §4).

    A date picks the last first-parent commit of HEAD whose committer date is
    not after the end of that date (UTC).

    Raises:
        GitHistoryError: no git history, or nothing committed by then.
    """
    if not has_git_entry(root) and not _inside_work_tree(root):
        msg = "known_as_of needs git history"
        raise GitHistoryError(msg)
    if isinstance(known_as_of, str) and _HEX.match(known_as_of):
        try:
            sha = _git(root, "rev-parse", "--verify", "--quiet", f"{known_as_of}^{{commit}}")
        except GitHistoryError:
            sha = b""
        if sha.strip():
            return _commit(root, sha.decode().strip())
    try:
        when = parse_iso(known_as_of) if isinstance(known_as_of, str) else known_as_of
    except ValueError:  # an impossible date: 2026-02-30
        when = None
    if when is None:
        msg = f"known_as_of {known_as_of!r} is neither a date nor a commit"
        raise GitHistoryError(msg)
    limit = when.as_of.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S+00:00")
    try:
        out = _git(root, "rev-list", "-1", "--first-parent", f"--before={limit}", "HEAD").strip()
    except GitHistoryError as exc:
        msg = "known_as_of needs git history"
        raise GitHistoryError(msg) from exc
    if not out:
        msg = f"nothing was committed by {when}"
        raise GitHistoryError(msg)
    return _commit(root, out.decode())


def _inside_work_tree(root: Path) -> bool:
    try:
        return _git(root, "rev-parse", "--is-inside-work-tree").strip() == b"true"
    except (GitHistoryError, OSError):
        return False


def _commit(root: Path, sha: str) -> Commit:
    stamp = _git(root, "show", "-s", "--format=%cI", sha).decode().strip()
    when = parse_iso(stamp)
    if when is None:  # pragma: no cover - git always prints ISO here
        msg = f"cannot read the date of {sha}"
        raise GitHistoryError(msg)
    return Commit(sha, When.from_datetime(when.at.replace(microsecond=0)))


@frozen
class TreeEntry:
    """A blob in a commit's tree: root-relative path, mode, object id, size."""

    path: str
    mode: str
    oid: str
    size: int


def tree_entries(root: Path, sha: str) -> list[TreeEntry]:
    """Every blob under `root` in commit `sha`, paths relative to `root`."""
    top, prefix = work_tree_prefix(root)
    out = _git(top, "ls-tree", "-r", "-z", "--long", "--full-tree", sha, "--", prefix or ".")
    entries: list[TreeEntry] = []
    for line in os.fsdecode(out).split("\0"):  # a name that is not UTF-8 keeps its bytes
        if not line:
            continue
        meta, _, path = line.partition("\t")
        mode, kind, oid, size = meta.split()
        if kind != "blob" or not path.startswith(prefix):
            continue
        entries.append(
            TreeEntry(path[len(prefix) :], mode, oid, int(size) if size.isdigit() else 0)
        )
    return entries


def read_blobs(root: Path, oids: Sequence[str]) -> Iterator[bytes]:
    """The contents of blobs, in order, through one `git cat-file --batch`."""
    if not oids:
        return
    out = _git(root, "cat-file", "--batch", data="".join(f"{o}\n" for o in oids).encode())
    pos = 0
    for _ in oids:
        header_end = out.index(b"\n", pos)
        header = out[pos:header_end].split()
        size = int(header[2])
        start = header_end + 1
        yield out[start : start + size]
        pos = start + size + 1
