"""Which folders a corpus reads: `govmem.yaml` `paths`, `--dir`, else the ADR folder discovery finds.

`read_config` reads the config file (defaults without one); `plan_paths`
decides the folders (SPEC §2 Files) on a `Tree` — the disk here, a commit's
tree for `known_as_of` (`known`); `is_candidate` says which files of them
are read. `find_root` is where the CLI and the MCP server start when no root
is given.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final, TypeAlias

import attrs
from attrs import frozen

from govmem.model.errors import CorpusUnavailable
from govmem.model.records import Config, Finding, LogSpec, PathEntry
from govmem.parse.config import CONFIG_NAME, parse_config
from govmem.parse.discover import FolderState, Rule, Tree, discover
from govmem.parse.file import decode_text

from . import files as _files
from .files import RECORD_SUFFIXES


@frozen
class Plan:
    """What to read: the folders with their scopes, and what never to read."""

    entries: tuple[PathEntry, ...]
    excluded: Callable[[str], bool]
    """Whether a path (relative to the root, a folder's ending in `/`) is excluded."""
    findings: tuple[Finding, ...]
    rule: Rule | None = None
    """How the ADR folder was found (`govmem.parse.discover`); None when `paths` or `--dir` named it."""
    probed: tuple[str, ...] = ()
    """Folders whose appearance changes the plan (the MCP server watches their parents)."""
    consulted: tuple[str, ...] = ()
    """Files of the root whose content changes the plan (`.adr-dir`, ...)."""

    @property
    def folder_scopes(self) -> dict[str, str]:
        """Folder -> the scope its records get (entries that name one)."""
        return {e.path: e.scope for e in self.entries if e.scope}

    @property
    def folders(self) -> tuple[str, ...]:
        """The folders read, in order."""
        return tuple(e.path for e in self.entries)


ParseConfig: TypeAlias = Callable[[str, str], tuple[Config, tuple[Finding, ...]]]
"""`parse_config(text, name)`, or one that keeps its results (`Loader.read_config`)."""


def read_config(
    root: Path, config: str | os.PathLike[str] | None, *, parse: ParseConfig = parse_config
) -> tuple[Config, tuple[Finding, ...]]:
    """The corpus's `govmem.yaml` (or the given file); defaults when there is none.

    Raises:
        CorpusUnavailable: the given config file cannot be read.
    """
    if config is None:
        return _root_config(root, parse)
    path = Path(config)
    got = _files.read_regular(path)
    if isinstance(got, bytes):
        text = decode_text(got)
        if text is not None:
            return parse(text.removeprefix("\ufeff"), path.name)
        why = "it is binary or not valid UTF-8"
    elif isinstance(got, int):
        why = f"it has {got} bytes, over the {_files.MAX_BYTES}-byte limit"
    elif got is None:
        why = "it is not a regular file (a folder, FIFO, socket or device)"
    else:
        why = got.strerror or type(got).__name__
    msg = f"cannot read config {path}: {why}"
    raise CorpusUnavailable("root-not-readable", msg)


def _root_config(root: Path, parse: ParseConfig) -> tuple[Config, tuple[Finding, ...]]:
    """The root's own `govmem.yaml`, read as every corpus file is (SPEC §2 Files).

    It is corpus content: a symlink out of the root is `outside-root` (never
    followed), a FIFO, device or folder `unreadable` (never opened), over 64 KiB
    `record-too-large`, binary `unreadable` — each an error finding, and the
    defaults are used.
    """
    if not os.path.lexists(root / CONFIG_NAME):
        return Config(), ()
    f = _files.read_file(root, CONFIG_NAME, any_name=True)
    if f.text is None:
        assert f.finding is not None
        why = f"{f.finding.message} The defaults are used (no scope but all, no declared topic)."
        return Config(), (attrs.evolve(f.finding, message=why),)
    return parse(f.text.removeprefix("\ufeff"), CONFIG_NAME)


_PLAIN_NAME: Final = re.compile(r"[A-Za-z0-9_.-]+")
"""An `exclude` pattern that is a plain file or folder name (`SOURCE.md`, `LICENSE`)."""


def log_root(spec: LogSpec, root: Path, config: str | os.PathLike[str] | None) -> Path:
    """The folder of a log: its `path` relative to the folder of the naming `govmem.yaml`."""
    base = Path(config).parent if config is not None else root
    return base / spec.path


_LOGS_KEY: Final = re.compile(r"^\s*[\"']?logs[\"']?\s*:", re.MULTILINE)
"""A `logs:` key in a `govmem.yaml` text (then it is parsed for them: `log_roots`)."""


def log_roots(root: Path, config: str | os.PathLike[str] | None) -> tuple[Path, ...]:
    """The folders of the logs `govmem.yaml` names (`logs:`): its text parsed only when it has
    a `logs:` key; none when it cannot be read."""

    def peek(text: str, name: str) -> tuple[Config, tuple[Finding, ...]]:
        if not _LOGS_KEY.search(text):
            return Config(), ()
        return parse_config(text, name)

    try:
        found, _ = read_config(root, config, parse=peek)
    except CorpusUnavailable:
        return ()
    return tuple(log_root(spec, root, config) for spec in found.logs)


def _never(_: str) -> bool:
    return False


def exclusion(patterns: tuple[str, ...]) -> Callable[[str], bool]:
    """Whether a relative path matches one of the `exclude` patterns (gitignore syntax).

    With no pattern, nothing is excluded and `pathspec` is never imported (a
    tenth of a warm start's imports, and a call for every file).
    """
    if not patterns:
        return _never
    if all(_PLAIN_NAME.fullmatch(p) and p not in (".", "..") for p in patterns):
        # a name without a slash or a wildcard matches a file or folder of that name at any
        # depth (gitignore): a folder's match covers what it holds — no pathspec needed
        names = frozenset(patterns)

        def named(path: str) -> bool:
            return not names.isdisjoint(path.rstrip("/").split("/"))

        return named
    import pathspec  # noqa: PLC0415 - see above

    spec: pathspec.PathSpec[Any] = pathspec.PathSpec.from_lines("gitignore", patterns)
    used = [p for p in spec.patterns if p.include is not None]  # blank lines, comments: none
    if not used:
        return _never
    regexes = [r for p in used if p.include and (r := getattr(p, "regex", None)) is not None]
    if len(regexes) < len(used) or len({r.flags for r in regexes}) > 1:
        return spec.match_file  # a `!pattern` re-includes: the last match decides
    # Without negations a path is excluded when any pattern matches: one regex for all of
    # them, a tenth of the time of pathspec's loop (a call for every file of the root).
    either = re.compile("|".join(f"(?:{r.pattern})" for r in regexes), regexes[0].flags).match

    def excluded(path: str) -> bool:
        path = path[1:] if path.startswith("/") else path.removeprefix("./")  # as pathspec does
        return path != "" and either(path) is not None

    return excluded


def plan_paths(config: Config, dir_override: str | None, tree: Tree, root_name: str) -> Plan:
    """Decide which folders to read (SPEC §2 Files: `paths`, `--dir`, else discovery)."""
    findings: list[Finding] = []
    excluded = exclusion(config.exclude)
    entries = list(config.paths)
    explicit = bool(entries)
    rule: Rule | None = None
    probed: tuple[str, ...] = ()
    consulted: tuple[str, ...] = ()
    if dir_override is not None:
        cleaned = dir_override.replace("\\", "/").strip("/") or "."
        if explicit:
            entries[0] = PathEntry(cleaned, entries[0].scope)
        else:
            entries = [PathEntry(cleaned), PathEntry(config.memory)]
    elif not explicit:
        found = discover(tree, root_name, excluded=excluded, dialect=dict(config.fields))
        entries = [*found.entries, PathEntry(config.memory)]
        findings += found.findings
        rule, probed, consulted = found.rule, found.probed, found.consulted
    kept: list[PathEntry] = []
    for entry in entries:
        if tree.folder(entry.path) != "missing":
            kept.append(entry)
        elif explicit:
            msg = f"The folder {entry.path!r} does not exist; nothing was read from it."
            findings.append(Finding("missing-path", msg, path=entry.path, field="paths"))
    return Plan(tuple(kept), excluded, tuple(findings), rule, probed, consulted)


class DiskTree:
    """The root on disk, for discovery (`govmem.parse.discover.Tree`)."""

    def __init__(self, real: Path) -> None:
        self.real = real

    def folder(self, rel: str) -> FolderState:
        try:
            target = (self.real / rel).resolve(strict=True)
        except (FileNotFoundError, NotADirectoryError, RuntimeError):
            return "missing"
        except OSError:
            # it cannot be reached (a folder above it cannot be searched): not missing —
            # walking it reports it `unreadable`, so the answer says the corpus is incomplete
            return "folder"
        if not target.is_dir():
            return "missing"
        return "folder" if target.is_relative_to(self.real) else "outside"

    def read(self, rel: str) -> str | Finding | None:
        if not os.path.lexists(self.real / rel):
            return None
        f = _files.read_file(self.real, rel, any_name=True)
        return f.text if f.text is not None else f.finding

    def root_files(self) -> list[str]:
        try:
            entries = list(os.scandir(self.real))
        except OSError:
            return []
        names: list[str] = []
        for entry in entries:
            try:
                is_file = entry.is_file()
            except OSError:
                is_file = False
            if is_file and not entry.name.startswith("."):
                names.append(entry.name)
        return sorted(names)


def find_root(start: str | os.PathLike[str] = ".") -> Path:
    """Where a command run in `start` finds its corpus root, when none is given.

    The nearest folder, `start` included, that holds `govmem.yaml`; else the
    nearest one with a `.git` entry (the top of the repository); else
    `start` itself. `start` is returned as given when it is the answer (so
    the root prints as `.`).
    """
    here = Path(start)
    try:
        real = here.resolve(strict=True)
    except (OSError, RuntimeError):
        return here
    folders = (real, *real.parents)
    found = next((f for f in folders if (f / CONFIG_NAME).is_file()), None)
    if found is None:
        found = next((f for f in folders if os.path.lexists(f / ".git")), real)
    return here if found == real else found


def is_candidate(plan: Plan, rel: str) -> bool:
    """Whether `Loader.files` reads `rel`, a file (neither folder nor symlink) its walk finds.

    The walk takes record-suffixed files (and any symlink) in the plan's
    folders, dot entries skipped; the root's `govmem.yaml` and excluded paths
    are never read.
    """
    return rel.lower().endswith(RECORD_SUFFIXES) and rel != CONFIG_NAME and not plan.excluded(rel)
