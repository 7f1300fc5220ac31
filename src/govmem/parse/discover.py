"""Where the ADR folder is when `govmem.yaml` names none (SPEC §2 Files). No I/O.

`discover(tree, root_name, ...)` asks a `Tree` — the I/O shell's view of the
root, on disk or in a commit's tree (`govmem.shell`) — and applies the rules in
order, the first match winning:

1. `.adr-dir` at the root (adr-tools writes one line: the folder);
2. `.log4brains.yml`: `project.adrFolder`, and each `project.packages[]`
   entry's `adrFolder` with the package's `name` as that folder's scope;
3. the first existing of `ADR_FOLDERS`;
4. the root itself, when it directly holds an ADR-named file (`ADR_NAME`:
   `0001-x.md`, `20220919-x.md`, `0004a-x.md`, `adr-01.md`) or a `.md` file
   whose frontmatter writes a `status`;
5. nothing: a `warn` `no-adr-folder` finding, and only the memory folder is
   read — never a whole repository of READMEs and runbooks.

A bad `.adr-dir` or `.log4brains.yml` (unreadable, bad YAML, a folder that
is missing or leaves the root) is a finding, and the search goes on with the
next rule.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Final, Literal, Protocol, TypeAlias

from attrs import frozen

from govmem.model.records import Finding, PathEntry

from .fields import FieldReader
from .file import is_not_a_record
from .markdown import split_frontmatter
from .yaml import BadYaml, Json, load_yaml

ADR_DIR: Final = ".adr-dir"
LOG4BRAINS: Final = ".log4brains.yml"
DISCOVERY_FILES: Final = (ADR_DIR, LOG4BRAINS)
"""The root's files whose text can name the ADR folder."""
ADR_FOLDERS: Final = (
    "docs/adr",
    "doc/adr",
    "docs/decisions",
    "docs/architecture/decisions",
    "adr",
    "decisions",
)
"""The conventional ADR folders, in the order they are looked for."""
ADR_NAME: Final = re.compile(r"(?:\d+[a-z]?-.*|adr-?\d+.*)\.md", re.IGNORECASE)
"""An ADR's file name (matched whole): `0001-x.md`, `0004a-x.md`, `adr-01.md`, `adr-101-x.md`."""

FolderState: TypeAlias = Literal["folder", "missing", "outside"]
"""A folder exists inside the root, does not exist, or resolves outside the root."""
Rule: TypeAlias = Literal["adr-dir", "log4brains", "folder", "root", "none"]
"""Which rule found the ADR folder (`none`: no rule did)."""


class Tree(Protocol):
    """The root as the I/O shell sees it; paths are root-relative POSIX."""

    def folder(self, rel: str) -> FolderState:
        """Whether `rel` is a folder inside the root."""

    def read(self, rel: str) -> str | Finding | None:
        """A file's text, the finding that it cannot be read, or None when there is none."""

    def root_files(self) -> Sequence[str]:
        """The names of the files directly in the root (dot files left out), sorted."""


@frozen
class Discovery:
    """The ADR folders found, by which rule, and what the search reported."""

    entries: tuple[PathEntry, ...]
    rule: Rule
    findings: tuple[Finding, ...] = ()
    probed: tuple[str, ...] = ()
    """Every folder whose appearance could change the result (watched by the MCP server)."""
    consulted: tuple[str, ...] = ()
    """The root's files whose content decided (or could decide) the result."""


def no_folder_message(root_name: str) -> str:
    """The `no-adr-folder` finding's message."""
    return f"No ADR folder found under {root_name}; pass --dir or write govmem.yaml (govmem init)."


def folder_path(written: str) -> str | None:
    """A folder as written in `.adr-dir` or `.log4brains.yml`, normalised; None if it leaves the root.

    `./docs/adr/` -> `docs/adr`; an absolute path, or one climbing out with
    `..`, is None.
    """
    text = written.strip().replace("\\", "/")
    if text.startswith("/") or re.match(r"[A-Za-z]:", text):
        return None
    norm = posixpath.normpath(text) if text else "."
    if norm == ".." or norm.startswith("../"):
        return None
    return norm


def discover(
    tree: Tree,
    root_name: str,
    *,
    excluded: Callable[[str], bool] = lambda rel: False,
    dialect: Mapping[str, str] | None = None,
) -> Discovery:
    """Find the ADR folder (module docstring).

    Args:
        tree: the root, read through the shell.
        root_name: the root as the user named it, for the `no-adr-folder` message.
        excluded: whether `govmem.yaml` `exclude` matches a root-relative path.
        dialect: `govmem.yaml` `fields` (the key a frontmatter writes `status` as).
    """
    search = _Search(tree)
    if entries := search.adr_dir():
        return search.result(entries, "adr-dir")
    if entries := search.log4brains():
        return search.result(entries, "log4brains")
    for folder in ADR_FOLDERS:
        if search.check(folder, None, None) == "folder":
            return search.result((PathEntry(folder),), "folder")
    if _root_holds_adrs(tree, search, excluded, dialect or {}):
        return search.result((PathEntry("."),), "root")
    search.findings.append(Finding("no-adr-folder", no_folder_message(root_name), field="paths"))
    return search.result((), "none")


class _Search:
    """The findings and probes of one discovery."""

    def __init__(self, tree: Tree) -> None:
        self.tree = tree
        self.findings: list[Finding] = []
        self.probed: list[str] = list(ADR_FOLDERS)
        self.consulted: list[str] = [ADR_DIR, LOG4BRAINS]

    def result(self, entries: Sequence[PathEntry], rule: Rule) -> Discovery:
        unique = {e.path: e for e in reversed(entries)}  # the first entry of a folder wins
        kept = tuple(e for e in entries if unique[e.path] is e)
        return Discovery(
            kept,
            rule,
            tuple(self.findings),
            tuple(dict.fromkeys(self.probed)),
            tuple(dict.fromkeys(self.consulted)),
        )

    def check(self, folder: str, source: str | None, key: str | None) -> FolderState:
        """The folder's state; a named folder that is missing or outside is a finding."""
        self.probed.append(folder)
        state = self.tree.folder(folder)
        if source is None and state == "outside":
            msg = f"The folder {folder!r} resolves outside the root; nothing was read from it."
            self.findings.append(Finding("outside-root", msg, path=folder))
        elif source is not None and state != "folder":
            where = f"`{key}` of {source}" if key else source
            if state == "missing":
                msg = f"{where} names the folder {folder!r}, which does not exist; nothing was read from it."
                self.findings.append(Finding("missing-path", msg, path=source, field=key))
            else:
                self.outside(source, key, folder)
        return state

    def outside(self, source: str, key: str | None, written: str) -> None:
        where = f"`{key}` of {source}" if key else source
        msg = f"{where} names {written!r}, which is outside the root; nothing was read from it."
        self.findings.append(Finding("outside-root", msg, path=source, field=key))

    def text(self, name: str) -> str | None:
        got = self.tree.read(name)
        if isinstance(got, Finding):
            self.findings.append(got)
            return None
        return None if got is None else got.removeprefix("\ufeff")

    def folder(self, written: str, source: str, key: str | None) -> str | None:
        """The folder `written` names, when it is one inside the root."""
        path = folder_path(written)
        if path is None:
            self.outside(source, key, written.strip())
            return None
        return path if self.check(path, source, key) == "folder" else None

    def adr_dir(self) -> tuple[PathEntry, ...]:
        text = self.text(ADR_DIR)
        if text is None:
            return ()
        line = next((ln.strip() for ln in text.splitlines() if ln.strip()), "")
        if not line:
            msg = f"{ADR_DIR} names no folder; it was not used."
            self.findings.append(Finding("invalid-field", msg, path=ADR_DIR))
            return ()
        path = self.folder(line, ADR_DIR, None)
        return () if path is None else (PathEntry(path),)

    def log4brains(self) -> tuple[PathEntry, ...]:
        text = self.text(LOG4BRAINS)
        if text is None:
            return ()
        loaded = load_yaml(text)
        if isinstance(loaded, BadYaml):
            msg = f"{LOG4BRAINS} is not valid YAML: {loaded.message}"
            self.findings.append(Finding("bad-yaml", msg, path=LOG4BRAINS))
            return ()
        project = loaded.data.get("project") if isinstance(loaded.data, dict) else None
        if not isinstance(project, dict):
            self.invalid("project", "a mapping")
            return ()
        entries: list[PathEntry] = []
        main = project.get("adrFolder")
        if isinstance(main, str):
            if (path := self.folder(main, LOG4BRAINS, "project.adrFolder")) is not None:
                entries.append(PathEntry(path))
        elif main is not None:
            self.invalid("project.adrFolder", "a folder path")
        packages = project.get("packages")
        if packages is not None and not isinstance(packages, list):
            self.invalid("project.packages", "a list")
            packages = None
        for i, package in enumerate(packages or []):
            entries += self.package(i, package)
        return tuple(entries)

    def package(self, i: int, package: Json) -> list[PathEntry]:
        key = f"project.packages[{i}]"
        name = package.get("name") if isinstance(package, dict) else None
        folder = package.get("adrFolder") if isinstance(package, dict) else None
        if not (isinstance(name, str) and name.strip() and isinstance(folder, str)):
            self.invalid(key, "a mapping with a `name` and an `adrFolder`")
            return []
        path = self.folder(folder, LOG4BRAINS, f"{key}.adrFolder")
        return [] if path is None else [PathEntry(path, name.strip())]

    def invalid(self, key: str, what: str) -> None:
        msg = f"`{key}` of {LOG4BRAINS} should be {what}; it was ignored."
        self.findings.append(Finding("invalid-field", msg, path=LOG4BRAINS, field=key))


def _root_holds_adrs(
    tree: Tree, search: _Search, excluded: Callable[[str], bool], dialect: Mapping[str, str]
) -> bool:
    """Whether the root directly holds an ADR-named file, or a `.md` file with a frontmatter status.

    Files `exclude` matches and files that are never records (README,
    index, templates) do not count.
    """
    names = [
        n
        for n in tree.root_files()
        if n.lower().endswith(".md") and not excluded(n) and not is_not_a_record(n)
    ]
    if any(ADR_NAME.fullmatch(n) for n in names):
        return True
    search.consulted += names
    for name in names:
        text = tree.read(name)
        if isinstance(text, str) and has_frontmatter_status(text, dialect):
            return True
    return False


def has_frontmatter_status(text: str, dialect: Mapping[str, str]) -> bool:
    """Whether a Markdown text opens with frontmatter that writes a `status`."""
    yaml_text, _, _ = split_frontmatter(text)
    if yaml_text is None:
        return False
    loaded = load_yaml(yaml_text)
    if isinstance(loaded, BadYaml) or not isinstance(loaded.data, dict):
        return False
    reader = FieldReader(loaded.data, path="", dialect=dialect, order="dmy")
    return reader.text("status") is not None
