"""The I/O shell: files (or a git commit's tree) -> `Corpus`.

This is the only module that reads the disk. It finds the folders to read
(`govmem.yaml` `paths`, else the ADR folder `_discover` finds plus `memory`),
walks them in sorted order, applies `exclude`, guards every file (symlinks
leaving the root, loops, size, binary), and hands `(path, text)` pairs to the
pure parser. Parsed files are cached by (path, content hash, date order), so
a reload re-parses only what changed.

`known_as_of` reads the same files from the tree of a commit through git
objects, never touching the work tree (SPEC §4); the ADR folder is found in
that tree the same way (`_GitTree`). `find_root` is where the CLI and the
MCP server start when no root is given.
"""

from __future__ import annotations

import hashlib
import os
import stat
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any, Final, TypeAlias

import pathspec
from attrs import asdict, evolve, frozen

from govmem._corpus import Corpus
from govmem.index.build import build_index
from govmem.index.memo import Memo
from govmem.model.errors import CorpusUnavailable
from govmem.model.records import Config, Finding, PathEntry, Record, Relation, Source
from govmem.model.time import When, parse_iso
from govmem.parse.config import CONFIG_NAME, parse_config
from govmem.parse.dates import DateOrder, date_order_votes, decide_date_order
from govmem.parse.discover import DISCOVERY_FILES, FolderState, Rule, Tree, discover
from govmem.parse.file import ParseContext, ParsedFile, decode_text, parse_file

from . import git as _git

MAX_BYTES: Final = 64 * 1024
Progress: TypeAlias = Callable[[int, int], None]
"""`progress(done, total)`: files parsed so far, of how many."""
RECORD_SUFFIXES: Final = (".md", ".markdown", ".yaml", ".yml")


@frozen
class FileText:
    """One file read: its root-relative POSIX path and its text, or why not."""

    path: str
    text: str | None
    digest: str
    finding: Finding | None = None


@frozen
class Plan:
    """What to read: the folders with their scopes, and what never to read."""

    entries: tuple[PathEntry, ...]
    exclude: pathspec.PathSpec[Any]
    findings: tuple[Finding, ...]
    rule: Rule | None = None
    """How the ADR folder was found (`_discover`); None when `paths` or `--dir` named it."""
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


def read_config(
    root: Path, config: str | os.PathLike[str] | None
) -> tuple[Config, tuple[Finding, ...]]:
    """The corpus's `govmem.yaml` (or the given file); defaults when there is none.

    Raises:
        CorpusUnavailable: the given config file cannot be read.
    """
    path = Path(config) if config is not None else root / CONFIG_NAME
    if config is None and not path.is_file():
        return Config(), ()
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        why = exc.strerror if isinstance(exc, OSError) else "not UTF-8"
        msg = f"cannot read config {path}: {why}"
        raise CorpusUnavailable("root-not-readable", msg) from exc
    return parse_config(text, CONFIG_NAME if config is None else path.name)


def plan_paths(config: Config, dir_override: str | None, tree: Tree, root_name: str) -> Plan:
    """Decide which folders to read (SPEC §2 Files: `paths`, `--dir`, else discovery)."""
    findings: list[Finding] = []
    spec = pathspec.PathSpec.from_lines("gitignore", config.exclude)
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
        found = discover(tree, root_name, excluded=spec.match_file, dialect=dict(config.fields))
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
    return Plan(tuple(kept), spec, tuple(findings), rule, probed, consulted)


class _DiskTree:
    """The root on disk, for discovery (`_discover.Tree`)."""

    def __init__(self, real: Path) -> None:
        self.real = real

    def folder(self, rel: str) -> FolderState:
        try:
            target = (self.real / rel).resolve(strict=True)
        except (OSError, RuntimeError):
            return "missing"
        if not target.is_dir():
            return "missing"
        return "folder" if target.is_relative_to(self.real) else "outside"

    def read(self, rel: str) -> str | Finding | None:
        if not os.path.lexists(self.real / rel):
            return None
        f = _read(self.real, rel, any_name=True)
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
    return Loader(root, config=config, dir=dir, progress=progress).load()


class Loader:
    """Loads a folder into a `Corpus`, re-parsing only files whose content changed."""

    def __init__(
        self,
        root: str | os.PathLike[str],
        *,
        config: str | os.PathLike[str] | None = None,
        dir: str | None = None,
        progress: Progress | None = None,
    ) -> None:
        self.root = Path(root)
        self.config_path = config
        self.dir = dir
        self.progress = progress
        """Called as `progress(done, total)` while files are parsed (the CLI draws a bar)."""
        self._cache: dict[tuple[str, str, str, When | None], ParsedFile] = {}
        self._votes: dict[str, tuple[bool, bool]] = {}
        """Content digest -> its date-order votes (`date_order_votes`), kept between loads."""
        self._last: _Built | None = None
        """The last corpus assembled and what it was built from (`_patched`)."""

    def check_root(self) -> Path:
        """The canonical root.

        Raises:
            CorpusUnavailable: not found, not a directory, or not readable.
        """
        try:
            real = self.root.resolve(strict=True)
        except (OSError, RuntimeError) as exc:
            raise CorpusUnavailable(
                "root-not-found", f"root {str(self.root)!r} was not found"
            ) from exc
        if not real.is_dir():
            raise CorpusUnavailable(
                "root-not-directory", f"root {str(self.root)!r} is not a directory"
            )
        if not os.access(real, os.R_OK | os.X_OK):
            msg = f"root {str(self.root)!r} is not readable"
            raise CorpusUnavailable("root-not-readable", msg)
        return real

    def plan(self, real: Path, config: Config) -> Plan:
        """The folders to read under `real`."""
        if self.dir is not None:
            d = self.dir.replace("\\", "/").strip("/") or "."
            target = (real / d).resolve()
            if not (real / d).is_dir():
                raise CorpusUnavailable(
                    "dir-not-found", f"folder {self.dir!r} was not found under the root"
                )
            if not target.is_relative_to(real):
                raise CorpusUnavailable(
                    "dir-outside-root", f"folder {self.dir!r} resolves outside the root"
                )
        return plan_paths(config, self.dir, _DiskTree(real), str(self.root))

    def files(
        self, real: Path, plan: Plan, reuse: Mapping[str, FileText] | None = None
    ) -> list[FileText]:
        """Read every record file the plan names, sorted by path, each once.

        `reuse` holds files already read that are known not to have changed
        (the MCP server's watcher says which): they are taken as they are,
        not read again.
        """
        seen: dict[str, FileText] = {}
        kept = reuse or {}
        for entry in plan.entries:
            base = real if entry.path == "." else real / entry.path
            for rel in _walk(real, base):
                if rel in seen or rel == CONFIG_NAME or plan.exclude.match_file(rel):
                    continue
                old = kept.get(rel)
                seen[rel] = old if old is not None else _read(real, rel)
        return [seen[k] for k in sorted(seen)]

    def load(self) -> Corpus:
        """Read the folder now and build the corpus.

        Raises:
            CorpusUnavailable: the root or folder cannot be read.
        """
        real = self.check_root()
        config, config_findings = read_config(real, self.config_path)
        plan = self.plan(real, config)
        files = self.files(real, plan)
        git_dates = _git.first_add_dates(real) if _git.has_git_entry(real) else {}
        return self.assemble(config, config_findings, plan, files, git_dates)

    def assemble(
        self,
        config: Config,
        config_findings: Iterable[Finding],
        plan: Plan,
        files: list[FileText],
        git_dates: Mapping[str, When],
        *,
        digest: str | None = None,
    ) -> Corpus:
        """Parse (through the cache) and build the corpus from files already read.

        `digest` is `fingerprint(config.text, files)` when the caller has it already.
        """
        findings = [*config_findings, *plan.findings]
        order, conflict = (
            (config.date_order, False) if config.date_order else self._date_order(files)
        )
        if conflict:
            msg = "Dates are written both day-first and month-first; read day-first. Set date_order in govmem.yaml."
            findings.append(Finding("date-order-conflict", msg, field="date_order"))
        records: list[Record] = []
        sources: list[Source] = []
        relations: list[Relation] = []
        excluded = 0
        cache: dict[tuple[str, str, str, When | None], ParsedFile] = {}
        by_path: dict[str, ParsedFile] = {}
        for done, f in enumerate(files, 1):
            if self.progress is not None:
                self.progress(done, len(files))
            if f.text is None:
                excluded += 1
                if f.finding is not None:
                    findings.append(f.finding)
                continue
            git_date = git_dates.get(f.path)
            key = (f.path, f.digest, order, git_date)
            parsed = self._cache.get(key)
            if parsed is None:
                parsed = parse_file(f.path, f.text, ParseContext(config, order, git_date))
            cache[key] = parsed
            by_path[f.path] = parsed
            records += parsed.records
            sources += parsed.sources
            relations += parsed.relations
            findings += parsed.findings
            excluded += parsed.excluded
        self._cache = cache
        frame = (config.text, dict(plan.folder_scopes), plan.folders, findings, excluded)
        digest = digest or fingerprint(config.text, files)
        corpus = _patched(self._last, frame, by_path, digest)
        if corpus is None:
            corpus = build_index(
                Corpus,
                records,
                sources,
                relations,
                config,
                findings,
                fingerprint=digest,
                excluded_count=excluded,
                folder_scopes=plan.folder_scopes,
                folders=plan.folders,
            )
        self._last = _Built(corpus, frame, by_path)
        return corpus

    def _date_order(self, files: Iterable[FileText]) -> tuple[DateOrder, bool]:
        """`scan_date_order` over the files' texts, scanning only contents not seen before."""
        votes: dict[str, tuple[bool, bool]] = {}
        for f in files:
            if f.text is not None:
                got = self._votes.get(f.digest)
                votes[f.digest] = got if got is not None else date_order_votes(f.text)
        self._votes = votes
        return decide_date_order(votes.values())


Frame = tuple[str, dict[str, str], tuple[str, ...], list[Finding], int]
"""What a corpus is built from besides the parsed files: config text, folder scopes, the
folders read, every file-level finding (config, plan, unreadable files, parsing) and the
excluded count."""

PATCH_LIMIT: Final = 16
"""Most changed files the patch path takes; beyond, the corpus is built again."""
_LOOSE_FIELDS: Final = frozenset(
    {"body", "frontmatter", "content", "value", "confidence", "authority", "evidence", "affects"}
)
"""Record fields no between-record fact depends on (`build_index` never reads them)."""


@frozen
class _Built:
    corpus: Corpus
    frame: Frame
    parsed: dict[str, ParsedFile]


def _patched(
    last: _Built | None, frame: Frame, parsed: dict[str, ParsedFile], digest: str
) -> Corpus | None:
    """The last corpus with the changed files' records swapped in, when that is the same value.

    After an edit of a decision's or claim's prose (body, content, value,
    confidence, authority, evidence, affects) every derived fact of
    `build_index` — order, scopes, topics, refs, supersession, memory
    versions, between-record findings — is what it was, so only the records
    change; the corpus's lazy indexes (`Corpus.memo`) start empty. Anything
    else (a file added or removed, a changed id, status, date, link, title or
    topic, a memory, a source, a relation, different findings) returns None:
    build it again. tests/test_load.py checks the result equals a full build.
    """
    if last is None or last.frame != frame or last.parsed.keys() != parsed.keys():
        return None
    changed = [p for p, new in parsed.items() if new is not last.parsed[p]]
    if not changed or len(changed) > PATCH_LIMIT:
        return None
    swaps: dict[tuple[str, str | None, int], Record] = {}
    for path in changed:
        old, new = last.parsed[path], parsed[path]
        if (
            old.sources != new.sources
            or old.relations != new.relations
            or old.skipped != new.skipped
            or len(old.records) != len(new.records)
        ):
            return None
        for a, b in zip(old.records, new.records, strict=True):
            if a.kind not in ("decision", "claim") or _shape(a) != _shape(b):
                return None
            swaps[(a.id, a.path, a.index)] = b
    records = list(last.corpus.records)
    for pos, rec in enumerate(records):
        new_rec = swaps.get((rec.id, rec.path, rec.index))
        if new_rec is not None:
            records[pos] = new_rec
    health = evolve(last.corpus.health, fingerprint=digest)
    return evolve(last.corpus, records=tuple(records), health=health, memo=Memo())


def _shape(rec: Record) -> dict[str, object]:
    """A record without its loose fields: what `build_index` reads of it."""
    return {k: v for k, v in asdict(rec, recurse=False).items() if k not in _LOOSE_FIELDS}


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


def _walk(real: Path, base: Path) -> list[str]:
    """Root-relative POSIX paths of the candidate record files under `base`."""
    cut = len(str(real)) + 1
    return [
        path[cut:].replace(os.sep, "/")
        for path, st, _ in walk_tree(real, base, stats=False)
        if st is None or not stat.S_ISDIR(st.st_mode)
    ]


def is_candidate(plan: Plan, rel: str) -> bool:
    """Whether `Loader.files` reads `rel`, a file (neither folder nor symlink) its walk finds.

    The walk takes record-suffixed files (and any symlink) in the plan's
    folders, dot entries skipped; the root's `govmem.yaml` and excluded paths
    are never read.
    """
    return (
        rel.lower().endswith(RECORD_SUFFIXES)
        and rel != CONFIG_NAME
        and not plan.exclude.match_file(rel)
    )


def read_file(real: Path, rel: str) -> FileText:
    """Read one root-relative file with the loader's guards (for an incremental reload)."""
    return _read(real, rel)


def _read(real: Path, rel: str, *, any_name: bool = False) -> FileText:
    """Read one file with the guards of SPEC §2 (outside-root, unreadable, too large, binary).

    A symlink must lead to a record file (`.md`, `.yaml`, ...) unless `any_name`.
    """
    path = real / rel
    try:
        target = path.resolve(strict=True)
    except RuntimeError:
        return _bad(rel, "unreadable", "The file is a symlink loop.")
    except OSError as exc:
        return _bad(rel, "unreadable", f"The file cannot be read: {exc.strerror}.")
    if not target.is_relative_to(real):
        return _bad(
            rel, "outside-root", "The file is a symlink that resolves outside the corpus root."
        )
    if not any_name and not target.name.lower().endswith(RECORD_SUFFIXES):
        return _bad(rel, "unreadable", "The symlink points to a file that is not Markdown or YAML.")
    try:
        st = target.stat()
        if not stat.S_ISREG(st.st_mode):
            return _bad(rel, "unreadable", "The path is not a regular file.")
        if st.st_size > MAX_BYTES:
            return _too_large(rel, st.st_size)
        with target.open("rb") as fh:
            data = fh.read(MAX_BYTES + 1)
    except OSError as exc:
        return _bad(rel, "unreadable", f"The file cannot be read: {exc.strerror}.")
    return file_text(rel, data)


def file_text(rel: str, data: bytes) -> FileText:
    """Check size and encoding of bytes read from a file or a git blob."""
    digest = hashlib.sha256(data).hexdigest()
    if len(data) > MAX_BYTES:
        return _too_large(rel, len(data), digest)
    text = decode_text(data)
    if text is None:
        return _bad(rel, "unreadable", "The file is binary or not valid UTF-8.", digest)
    return FileText(rel, text, digest)


def _too_large(rel: str, size: int, digest: str = "") -> FileText:
    msg = f"The file has {size} bytes, over the 65536-byte limit; it is not read (never truncated)."
    return _bad(rel, "record-too-large", msg, digest or f"size:{size}")


def _bad(rel: str, code: str, message: str, digest: str = "") -> FileText:
    return FileText(rel, None, digest or code, Finding(code, message, path=rel))


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
        if path == CONFIG_NAME or plan.exclude.match_file(path):
            continue
        if not path.lower().endswith(RECORD_SUFFIXES) or any(
            p.startswith(".") for p in path.split("/")
        ):
            continue
        if any(e.path == "." or path.startswith(e.path + "/") for e in plan.entries):
            wanted.append(entry)
    files = tree.files(wanted)
    git_dates = _git.first_add_dates(real, commit.sha)
    return loader.assemble(cfg, cfg_findings, plan, files, git_dates)


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
    """A commit's tree, for discovery (`_discover.Tree`) and for reading its blobs."""

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
        readable = [e for e in wanted if e.mode != "120000" and e.size <= MAX_BYTES]
        blobs = dict(
            zip(
                (e.path for e in readable),
                _git.read_blobs(self.real, [e.oid for e in readable]),
                strict=True,
            )
        )
        files: list[FileText] = []
        for e in wanted:
            if e.mode == "120000":
                files.append(
                    _bad(e.path, "unreadable", "The file is a symlink in git; it is not followed.")
                )
            elif e.size > MAX_BYTES:
                files.append(_too_large(e.path, e.size, e.oid))
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
