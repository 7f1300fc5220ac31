"""`load`: a corpus as its files are now, or as committed at a date or commit (SPEC §4).

`known_as_of` reads the same folders, found the same way, but in the tree of
the commit, from git objects only (`_GitTree`), never touching the work
tree; each federated log (SPEC v5 §2) is read from its own git history, at
the date asked, or at the local commit's date when a commit is asked (a
log without git history, or with nothing committed by then, is
`federated-log-unavailable`); `known_as_of_date` is the date an `as_of` defaults to then.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from govmem._corpus import Corpus
from govmem.index.federate import Part
from govmem.model.errors import CorpusUnavailable, GitHistoryError
from govmem.model.records import Config, Finding, LogSpec
from govmem.model.time import When, parse_iso
from govmem.parse.config import CONFIG_NAME, parse_config
from govmem.parse.discover import DISCOVERY_FILES, FolderState

from . import git as _git
from .files import (
    MAX_BYTES,
    RECORD_SUFFIXES,
    FileText,
    bad,
    bad_name,
    badly_named,
    file_text,
    too_large,
)
from .load import Loader, Progress
from .logs import Federation, federated
from .plan import log_root, plan_paths, read_config


def load(
    root: str | os.PathLike[str],
    config: str | os.PathLike[str] | None = None,
    known_as_of: str | None = None,
    *,
    dir: str | None = None,
    progress: Progress | None = None,
) -> Corpus:
    """Read a corpus folder (or the tree git knew at `known_as_of`) into a `Corpus`.

    Args:
        root: the corpus root (a repository or any folder).
        config: a `govmem.yaml` to use instead of the root's own.
        known_as_of: a date or a 7–40 hex commit: read the corpus as committed then.
        dir: the ADR folder, replacing the first `paths` entry.
        progress: called as `progress(done, total)` while files are parsed.

    Raises:
        CorpusUnavailable: the root or folder cannot be read.
        GitHistoryError: `known_as_of` without git history.
    """
    if known_as_of is not None:
        return load_known_as_of(root, known_as_of, config=config, dir=dir, progress=progress)
    return Federation(root, config=config, dir=dir, progress=progress).load()


def load_known_as_of(
    root: str | os.PathLike[str],
    known_as_of: str,
    *,
    config: str | os.PathLike[str] | None = None,
    dir: str | None = None,
    progress: Progress | None = None,
) -> Corpus:
    """The corpus as committed at `known_as_of` (a date or a commit), from git objects only.

    Raises:
        GitHistoryError: no git history, or nothing committed by then.
        CorpusUnavailable: the root cannot be read.
    """
    local, loader, commit = _load_known(root, known_as_of, config, dir, progress)
    specs = local.config.logs
    if not specs:
        return local
    # each log as its own git history knew it: at the date, or at the local commit's date
    when = known_as_of if _is_date(known_as_of) else commit.committed
    logs: list[tuple[LogSpec, Part | str]] = []
    for spec in specs:
        where = log_root(spec, Path(root), config)
        try:
            corpus, log_loader, _ = _load_known(where, when, None, None, None)
        except (CorpusUnavailable, GitHistoryError) as exc:
            logs.append((spec, exc.message))
            continue
        logs.append((spec, Part(corpus, log_loader.file_findings())))
    return federated(Part(local, loader.file_findings()), logs)


def _is_date(known_as_of: str) -> bool:
    try:
        return parse_iso(known_as_of) is not None
    except ValueError:
        return False


def _load_known(
    root: str | os.PathLike[str],
    known_as_of: str | When,
    config: str | os.PathLike[str] | None,
    dir: str | None,
    progress: Progress | None,
) -> tuple[Corpus, Loader, _git.Commit]:
    """One root as committed at `known_as_of`, its loader and the commit read."""
    loader = Loader(root, config=config, dir=dir, progress=progress)
    real = loader.check_root()
    commit = _git.commit_known_at(real, known_as_of)
    entries = {e.path: e for e in _git.tree_entries(real, commit.sha)}
    if config is not None:
        cfg, cfg_findings = read_config(real, config)
    elif CONFIG_NAME in entries:
        text = next(_git.read_blobs(real, [entries[CONFIG_NAME].oid])).decode("utf-8", "replace")
        cfg, cfg_findings = parse_config(text)
    else:
        cfg, cfg_findings = Config(), ()
    tree = _GitTree(real, entries)
    plan = plan_paths(cfg, dir, tree, str(root))
    wanted: list[_git.TreeEntry] = []
    for path, entry in sorted(entries.items()):
        if path == CONFIG_NAME or plan.excluded(path):
            continue
        if not path.lower().endswith(RECORD_SUFFIXES) or any(
            p.startswith(".") for p in path.split("/")
        ):
            continue
        if any(e.path == "." or path.startswith(e.path + "/") for e in plan.entries):
            wanted.append(entry)
    files = tree.files(wanted)
    git_dates = _git.first_add_dates(real, commit.sha)
    return loader.assemble(cfg, cfg_findings, plan, files, git_dates), loader, commit


def known_as_of_date(root: str | os.PathLike[str], known_as_of: str) -> When:
    """The date `as_of` defaults to with `known_as_of`: the date as given, or the commit's.

    Raises:
        GitHistoryError: a commit without git history, or not a commit of it.
    """
    try:
        when = parse_iso(known_as_of)
    except ValueError:  # an impossible date (2026-02-30): git says what is wrong with it
        when = None
    if when is not None:
        return when
    return _git.commit_known_at(Path(root), known_as_of).committed


class _GitTree:
    """A commit's tree, for discovery (`govmem.parse.discover.Tree`) and for reading its blobs."""

    def __init__(self, real: Path, entries: Mapping[str, _git.TreeEntry]) -> None:
        self.real = real
        self.entries = entries
        folders = {p.rsplit("/", 1)[0] if "/" in p else "." for p in entries}
        self.dirs = {f for folder in folders for f in _parents(folder)}
        self._top: dict[str, FileText] | None = None

    def folder(self, rel: str) -> FolderState:
        return "folder" if rel in self.dirs else "missing"

    def read(self, rel: str) -> str | Finding | None:
        if rel not in self.entries:
            return None
        if self._top is None:  # the root's files, read in one batch
            top = [e for p, e in self.entries.items() if "/" not in p and _is_small_text(p)]
            self._top = {f.path: f for f in self.files(top)}
        f = self._top.get(rel) or self.files([self.entries[rel]])[0]
        return f.text if f.text is not None else f.finding

    def root_files(self) -> list[str]:
        return sorted(p for p in self.entries if "/" not in p and not p.startswith("."))

    def files(self, wanted: list[_git.TreeEntry]) -> list[FileText]:
        """The blobs of `wanted`, in order, with the loader's guards."""
        readable = [
            e for e in wanted if e.mode != "120000" and e.size <= MAX_BYTES and not bad_name(e.path)
        ]
        blobs = dict(
            zip(
                (e.path for e in readable),
                _git.read_blobs(self.real, [e.oid for e in readable]),
                strict=True,
            )
        )
        files: list[FileText] = []
        named: set[str] = set()
        for e in wanted:
            if bad_name(e.path):
                # as on disk: the first badly named part is the finding, never walked into
                parts = e.path.split("/")
                i = next(i for i, part in enumerate(parts) if bad_name(part))
                f = badly_named("/".join(parts[: i + 1]), folder=i < len(parts) - 1)
                if f.path not in named:
                    named.add(f.path)
                    files.append(f)
            elif e.mode == "120000":
                files.append(
                    bad(e.path, "unreadable", "The file is a symlink in git; it is not followed.")
                )
            elif e.size > MAX_BYTES:
                files.append(too_large(e.path, e.size, e.oid))
            else:
                files.append(file_text(e.path, blobs[e.path]))
        return files


def _is_small_text(path: str) -> bool:
    """A root file discovery may read: `.md` files and `.adr-dir`, `.log4brains.yml`."""
    return path.lower().endswith(".md") or path in DISCOVERY_FILES


def _parents(folder: str) -> list[str]:
    if folder == ".":
        return ["."]
    parts = folder.split("/")
    return [".", *("/".join(parts[: i + 1]) for i in range(len(parts)))]
