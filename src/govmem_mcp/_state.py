"""The live corpus behind the tools: loaded once, reloaded only where files changed.

`LiveCorpus.current()` is called at the start of every tool call. It asks
the detector (`_watch`) what changed since the last reload, without
blocking; when nothing did, it returns the corpus it holds, with no file
system access at all. Otherwise it reloads:

1. the root and folder checks of `_roots` (adrkit's reasons), the config
   (always read again: one small file) and the plan of folders;
2. a stat snapshot of the targets (`_scan`) and, with inotify, a watch on
   every folder, both taken *before* any file is read, so that a change
   made while the reload runs is seen by the next call;
3. the files: those the detector names (or that are new, or symlinks) are
   read again, every other one is taken from the last reload
   (`Loader.files(reuse=...)`); the loader's parse cache, keyed by content
   hash, re-parses only files whose content changed;
4. git first-add dates, computed again only when `.git` changed; a root
   without a `.git` entry has none, and an `info` finding `no-git` says so;
5. when the fingerprint (a hash of every content read), the git dates, the
   config's findings and the folders planned are those of the corpus held,
   that corpus is kept; else the loader assembles a new one;
6. if the detector reports a change while steps 1–5 ran, the result may mix
   old and new files: the reload starts again (up to `ATTEMPTS` times), then
   gives up with `corpus-changed-during-load`.

With inotify, when the events name only files (`_quick`: no folder created,
removed or renamed, no `.git` or config change, no symlink among them, no
overflow), steps 1–3 shrink to the root check, a stat of the config file and
an `lstat` and read of each named file: the held file map, plan and snapshot
are updated in place instead of walked again (a walk of 10,000 files costs
two passes over the tree). Anything else takes the full path above.

A failure (`CorpusUnavailable`) leaves nothing cached, so the next call
tries again. Calls may come from several worker threads: one lock
serialises the checks and reloads; the corpus itself is immutable.
"""

from __future__ import annotations

import logging
import os
import stat
import threading
from collections.abc import Mapping
from pathlib import Path
from typing import Final

from attrs import frozen

from govmem import Corpus, CorpusUnavailable, Loader
from govmem.model.records import Config, Finding, PathEntry
from govmem.model.time import When
from govmem.parse.config import CONFIG_NAME
from govmem.shell import git as _git
from govmem.shell.load import FileText, Plan, fingerprint, is_candidate, read_config, read_file

from ._roots import check_roots
from ._scan import (
    EVERYTHING,
    GIT,
    RELOAD,
    Identity,
    Snapshot,
    Targets,
    identity,
    reusable,
    scan,
    targets,
)
from ._watch import Detector, StatDetector, WatchUnavailable, make_detector

log = logging.getLogger("govmem_mcp")

ATTEMPTS: Final = 3
NO_GIT: Final = Finding(
    "no-git",
    "The root holds no .git entry: records without a written date have no date "
    "(no git history to date them), and known_as_of is unavailable.",
)


@frozen
class _Basis:
    """What the last full reload planned and saw, for the quick path (`_quick`)."""

    config: Config
    config_findings: tuple[Finding, ...]
    config_identity: Identity | None
    """Of the config file (followed if a symlink) before it was read; None when absent."""
    plan: Plan
    targets: Targets
    snapshot: Snapshot
    """The detector's own snapshot: the quick path updates its file entries in place."""


class LiveCorpus:
    """A corpus kept fresh against its folder (module docstring)."""

    def __init__(
        self,
        cwd: str | os.PathLike[str],
        *,
        dir: str | None = None,
        config: str | os.PathLike[str] | None = None,
        watch: str = "auto",
    ) -> None:
        self.cwd = Path(cwd).absolute()
        self.dir = dir
        self.config = None if config is None else Path(config).absolute()
        self._watch_mode = watch
        self._lock = threading.Lock()
        self._detector: Detector | None = None
        self._corpus: Corpus | None = None
        self._files: dict[str, FileText] = {}
        self._git_dates: Mapping[str, When] | None = None
        self._config_findings: tuple[Finding, ...] = ()
        """The config's findings (and `no-git`) the held corpus was built with."""
        self._root: Path | None = None
        self._loader: Loader | None = None
        self._basis: _Basis | None = None
        self._planned: tuple[tuple[PathEntry, ...], tuple[Finding, ...]] | None = None
        """The folders and discovery findings of the corpus held (`_finish`)."""
        self.reloads = 0
        """How many reloads ran (for tests and benchmarks)."""
        self.quick_reloads = 0
        """How many of them took the quick path (`_quick`)."""

    @property
    def root(self) -> Path:
        """The canonical root (checked on first use)."""
        if self._root is None:
            self._root, _ = check_roots(self.cwd, self.dir)
        return self._root

    @property
    def dir_rel(self) -> str | None:
        """The folder relative to the canonical root (None when auto-detected)."""
        return None if self.dir is None else check_roots(self.cwd, self.dir)[1]

    @property
    def watch_kind(self) -> str:
        """`inotify` or `stat` once started; `none` before."""
        return self._detector.kind if self._detector is not None else "none"

    def current(self) -> Corpus:
        """The corpus as the files are now.

        Raises:
            CorpusUnavailable: the root or folder cannot be read, or the files
                kept changing during the reload.
        """
        with self._lock:
            if self._detector is None:
                self._detector = make_detector(self._watch_mode)
            dirty = self._detector.poll()
            if dirty is None and self._corpus is not None:
                return self._corpus
            return self._reload(dirty)

    def close(self) -> None:
        """Stop watching."""
        with self._lock:
            if self._detector is not None:
                self._detector.close()
                self._detector = None
            self._corpus = None

    def _reload(self, dirty: set[str] | None) -> Corpus:
        assert self._detector is not None
        for _ in range(ATTEMPTS):
            try:
                corpus = self._load_once(dirty)
            except CorpusUnavailable:
                self._corpus, self._files, self._git_dates = None, {}, None
                self._basis = None
                raise
            later = self._detector.poll(settled=True)
            if later is None:
                return corpus
            dirty = later if dirty is None else dirty | later
        self._corpus, self._basis = None, None
        raise CorpusUnavailable("corpus-changed-during-load")

    def _load_once(self, dirty: set[str] | None) -> Corpus:
        real, dir_rel = check_roots(self.cwd, self.dir)
        if self._root is not None and real != self._root:
            raise CorpusUnavailable("root-not-found")
        self._root = real
        if self._loader is None:
            self._loader = Loader(real, config=self.config, dir=dir_rel)
        if self._corpus is None:
            dirty = None
        if dirty is not None:
            quick = self._quick(real, dirty)
            if quick is not None:
                return quick
        self._basis = None
        loader = self._loader
        config_path = self.config if self.config is not None else real / CONFIG_NAME
        config_identity = _stat(config_path)
        config, config_findings = read_config(real, self.config)
        if not _git.has_git_entry(real):
            config_findings = (*config_findings, NO_GIT)
        plan = loader.plan(real, config)
        t = targets(real, config, plan, dir_rel, self.config)
        snapshot = scan(t)
        self._arm(t, snapshot)
        reuse = reusable(self._files, dirty, snapshot.symlinks)
        files = loader.files(real, plan, reuse=reuse)
        git_dates = self._git_dates
        if git_dates is None or dirty is None or GIT in dirty:
            git_dates = _git.first_add_dates(real) if _git.has_git_entry(real) else {}
        self._files = {f.path: f for f in files}
        self._basis = _Basis(config, tuple(config_findings), config_identity, plan, t, snapshot)
        return self._finish(config, config_findings, plan, files, git_dates)

    def _quick(self, real: Path, dirty: set[str]) -> Corpus | None:
        """The reload of just the files inotify named, or None: take the full path.

        Taken only when nothing but regular files changed, so that a walk
        would find the same folders, plan and config: no `RELOAD` (a folder
        created, removed, renamed or gone; an overflow), `EVERYTHING` or
        `.git`; the config file's identity unchanged; no path that is or was
        a folder or a symlink, or is a `--config` file; no symlinked folder
        walked (its files have two names). A named path outside the walked
        folders, or not a record file, is no file of the corpus: skipped.
        Every other one is `lstat`ed: present, it is read again; gone, it
        leaves the file map. Symlinked record files are read again, as the
        full path does.
        """
        basis, detector = self._basis, self._detector
        if (
            basis is None
            or detector is None
            or detector.kind != "inotify"
            or basis.snapshot.aliased
            or dirty & {RELOAD, EVERYTHING, GIT, CONFIG_NAME}
        ):
            return None
        config_path = self.config if self.config is not None else real / CONFIG_NAME
        if _stat(config_path) != basis.config_identity:
            return None
        snap, top = basis.snapshot, str(real)
        extra = {str(f) for f in basis.targets.files}
        seen: dict[str, os.stat_result | None] = {}
        for rel in dirty:
            full = os.path.join(top, rel)
            old = snap.entries.get(full)
            if full in extra or rel in snap.symlinks or (old is not None and old[0] == -1):
                return None
            try:
                st: os.stat_result | None = os.lstat(full)
            except FileNotFoundError:
                st = None
            except OSError:
                return None
            if st is not None and (stat.S_ISDIR(st.st_mode) or stat.S_ISLNK(st.st_mode)):
                return None
            seen[rel] = st
        files = dict(self._files)
        for rel, st in sorted(seen.items()):
            parent = rel.rpartition("/")[0] or "."
            if parent not in snap.walked or not is_candidate(basis.plan, rel):
                continue
            full = os.path.join(top, rel)
            if st is None:
                files.pop(rel, None)
                snap.entries.pop(full, None)
            else:
                snap.entries[full] = identity(st)
                files[rel] = read_file(real, rel)
        for rel in snap.symlinks:
            if rel in files:
                files[rel] = read_file(real, rel)
        self._files = files
        self.quick_reloads += 1
        assert self._git_dates is not None
        return self._finish(
            basis.config,
            basis.config_findings,
            basis.plan,
            [files[k] for k in sorted(files)],
            self._git_dates,
        )

    def _finish(
        self,
        config: Config,
        config_findings: tuple[Finding, ...],
        plan: Plan,
        files: list[FileText],
        git_dates: Mapping[str, When],
    ) -> Corpus:
        """The held corpus when nothing it was built from changed, else a new one."""
        assert self._loader is not None
        self.reloads += 1
        held = self._corpus
        digest = fingerprint(config.text, files)
        planned = (plan.entries, plan.findings)
        if (
            held is not None
            and git_dates == self._git_dates
            and config_findings == self._config_findings
            and held.health.fingerprint == digest
            and planned == self._planned
        ):
            return held
        self._git_dates, self._planned = git_dates, planned
        self._config_findings = config_findings
        self._corpus = self._loader.assemble(
            config, config_findings, plan, files, git_dates, digest=digest
        )
        return self._corpus

    def _arm(self, t: Targets, snapshot: Snapshot) -> None:
        assert self._detector is not None
        try:
            self._detector.rebase(t, snapshot)
        except WatchUnavailable as exc:
            log.info("watching by stat scan: %s", exc)
            self._detector.close()
            self._detector = StatDetector()
            self._detector.rebase(t, snapshot)


def _stat(path: Path) -> Identity | None:
    """The identity of a file, following symlinks; None when it cannot be stat'ed."""
    try:
        return identity(path.stat())
    except OSError:
        return None
