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
4. git first-add dates, computed again only when `.git` changed;
5. when the fingerprint (a hash of every content read) and the git dates
   are those of the corpus held, that corpus is kept; else the loader
   assembles a new one;
6. if the detector reports a change while steps 1–5 ran, the result may mix
   old and new files: the reload starts again (up to `ATTEMPTS` times), then
   gives up with `corpus-changed-during-load`.

A failure (`CorpusUnavailable`) leaves nothing cached, so the next call
tries again. Calls may come from several worker threads: one lock
serialises the checks and reloads; the corpus itself is immutable.
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Mapping
from pathlib import Path
from typing import Final

from govmem import Corpus, CorpusUnavailable, Loader, _git
from govmem._load import FileText, fingerprint, read_config
from govmem._time import When

from ._roots import check_roots
from ._scan import GIT, Snapshot, Targets, reusable, scan, targets
from ._watch import Detector, StatDetector, WatchUnavailable, make_detector

log = logging.getLogger("govmem_mcp")

ATTEMPTS: Final = 3


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
        self._root: Path | None = None
        self._loader: Loader | None = None
        self.reloads = 0
        """How many reloads ran (for tests and benchmarks)."""

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
                raise
            later = self._detector.poll(settled=True)
            if later is None:
                return corpus
            dirty = later if dirty is None else dirty | later
        self._corpus = None
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
        loader = self._loader
        config, config_findings = read_config(real, self.config)
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
        self.reloads += 1
        held = self._corpus
        if (
            held is not None
            and git_dates == self._git_dates
            and held.health.fingerprint == fingerprint(config.text, files)
        ):
            return held
        self._git_dates = git_dates
        self._corpus = loader.assemble(config, config_findings, plan, files, git_dates)
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
