"""The live corpus behind the tools: loaded once, reloaded only where files changed.

`LiveCorpus.current()` is called at the start of every tool call. It asks
the detector (`_watch`) what changed since the last reload, without
blocking; when nothing did, it returns the corpus it holds, with no file
system access at all. Otherwise it reloads, through govmem's public
`Reloader` (which owns the reading, the git dates and the building):

1. the root and folder checks of `_roots` (adrkit's reasons), the config
   (always read again: one small file) and the plan of folders;
2. a stat snapshot of the targets (`_scan`) and, with inotify, a watch on
   every folder, both taken *before* any file is read, so that a change
   made while the reload runs is seen by the next call;
3. the files: those the detector names (or that are new, or symlinks) are
   read again, every other one is taken from the last reload
   (`Reloader.read(reuse)`); the loader's parse cache, keyed by content
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

The server takes the first reload's steps 1–2 before it imports the MCP SDK
(`begin`) and hands the stat walk that keys the parse cache's snapshot to a
forked process (`Reloader.prewalk`), so that the walk runs beside the imports
on another core; the first call finishes that reload, unless the detector
saw a change since the watches were armed (then it starts afresh).

A failure (`CorpusUnavailable`) leaves nothing cached, so the next call
tries again. Calls may come from several worker threads: one lock
serialises the checks and reloads; the corpus itself is immutable.
"""

from __future__ import annotations

import logging
import os
import stat
import threading
import time
from pathlib import Path
from typing import Final

from attrs import frozen

from govmem import (
    Corpus,
    CorpusUnavailable,
    Reloader,
    Watched,
    clear_cache,
    keep_derived,
    proves_unchanged,
    write_behind,
)

from ._roots import check_roots
from ._scan import (
    CONFIG_NAME,
    EVERYTHING,
    GIT,
    RACY_NS,
    RELOAD,
    Identity,
    Snapshot,
    covered,
    identity,
    scan,
)
from ._watch import Detector, StatDetector, WatchUnavailable, make_detector

log = logging.getLogger("govmem_mcp")

ATTEMPTS: Final = 3


@frozen
class _Basis:
    """What the last full reload watched and saw, for the quick path (`_quick`); what `begin`
    made ready for the first reload."""

    config_identity: Identity | None
    """Of the config file (followed if a symlink) before it was read; None when absent."""
    config_taken_ns: int
    """When `config_identity` was taken (racily clean: `proves_unchanged`)."""
    targets: Watched
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
        self._writers: list[threading.Thread] = []
        """The threads writing what reloads parsed into the parse cache (`current`)."""
        self._detector: Detector | None = None
        self._root: Path | None = None
        self._reloader: Reloader | None = None
        self._basis: _Basis | None = None
        self._begun: _Basis | None = None
        """The first reload's plan, stat snapshot and watches, made by `begin`."""
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

    def begin(self) -> bool:
        """Take the first reload's steps 1–2 now (the plan, the stat snapshot, the watches) and
        start its stat walk of the files in another process (`Reloader.prewalk`); whether
        the walk started. The server calls it before it imports the MCP SDK, so the walk
        runs beside the imports. Only with inotify (a stat scan would walk the files here
        anyway); a change after the watches were armed and before the first call drops
        what was begun (`current`). Never raises: a failure here is met again by `current`.
        """
        with self._lock:
            if self._detector is not None or self._reloader is not None:
                return False
            try:
                self._detector = make_detector(self._watch_mode)
                if self._detector.kind != "inotify":
                    return False
                real, dir_rel = check_roots(self.cwd, self.dir)
                self._root = real
                self._reloader = Reloader(real, config=self.config, dir=dir_rel)
                self._begun = self._plan(self._reloader)
            except (CorpusUnavailable, OSError):
                self._reloader, self._begun = None, None
                return False
            return self._reloader.prewalk()

    def current(self) -> Corpus:
        """The corpus as the files are now.

        Raises:
            CorpusUnavailable: the root or folder cannot be read, or the files
                kept changing during the reload.
        """
        with write_behind() as writes, self._lock:
            if self._detector is None:
                self._detector = make_detector(self._watch_mode)
            dirty = self._detector.poll()
            if dirty is not None and self._begun is not None:
                self._drop_begun()  # changed since the watches were armed: plan and walk again
            held = self._reloader.corpus if self._reloader is not None else None
            if dirty is None and held is not None:
                return held
            corpus = self._reload(dirty)
        if writes.pending:
            # the answer first: the parse cache is written beside it, in a thread of its own
            writer = threading.Thread(target=writes.flush, name="govmem-cache-writes")
            self._writers = [t for t in self._writers if t.is_alive()] + [writer]
            writer.start()
        return corpus

    def drop_cache(self) -> None:
        """Forget the corpus held and remove the parse cache of the root and of every log: a
        snapshot's value did not read (found on first use); the next call reads the files,
        and no cache until the server starts again."""
        with self._lock:
            if self._reloader is not None:
                for root in (self._reloader.root, *self._reloader.log_roots()):
                    clear_cache(root.resolve())
                self._reloader.use_cache(False)
                self._reloader.forget()

    def _drop_begun(self) -> None:
        self._begun = None
        if self._reloader is not None:
            self._reloader.cancel_prewalk()

    def close(self) -> None:
        """Stop watching; keep in the parse cache what the corpus built (`keep_derived`)."""
        for writer in self._writers:
            writer.join()  # what the last reloads keep: then the topic index beside it
        with self._lock:
            self._drop_begun()
            if self._detector is not None:
                self._detector.close()
                self._detector = None
            if self._reloader is not None:
                if self._reloader.corpus is not None:
                    keep_derived(self._reloader.corpus)  # the topic index, for the next session
                self._reloader.forget()

    def _reload(self, dirty: set[str] | None) -> Corpus:
        assert self._detector is not None
        for _ in range(ATTEMPTS):
            try:
                corpus = self._load_once(dirty)
            except CorpusUnavailable:
                self._drop_begun()
                if self._reloader is not None:
                    self._reloader.forget()
                self._basis = None
                raise
            later = self._detector.poll(settled=True)
            if later is None:
                return corpus
            dirty = later if dirty is None else dirty | later
        if self._reloader is not None:
            self._reloader.forget()
        self._basis = None
        raise CorpusUnavailable("corpus-changed-during-load")

    def _load_once(self, dirty: set[str] | None) -> Corpus:
        begun, self._begun = self._begun, None
        real, dir_rel = check_roots(self.cwd, self.dir)
        if self._root is not None and real != self._root:
            raise CorpusUnavailable("root-not-found")
        self._root = real
        if self._reloader is None:
            self._reloader = Reloader(real, config=self.config, dir=dir_rel)
        reloader = self._reloader
        if reloader.corpus is None:
            dirty = None
        if dirty is not None:
            quick = self._quick(real, reloader, dirty)
            if quick is not None:
                return quick
        self._basis = None
        basis = begun if begun is not None else self._plan(reloader)
        symlinks = basis.snapshot.symlinks

        def reuse(path: str) -> bool:
            return dirty is not None and path not in symlinks and not covered(path, dirty)

        corpus = reloader.read(reuse, git_changed=dirty is None or GIT in dirty)
        self._basis = basis
        self.reloads += 1
        return corpus

    def _plan(self, reloader: Reloader) -> _Basis:
        """A full reload's steps 1–2: the config's identity, the plan, the stat snapshot and
        the watches armed from it — before any record file is read."""
        config_taken_ns = time.time_ns()
        config_identity = _stat(reloader.config_path)
        t = reloader.plan()
        snapshot = scan(t, files=self._detector is None or self._detector.kind != "inotify")
        snapshot = self._arm(t, snapshot)
        return _Basis(config_identity, config_taken_ns, t, snapshot)

    def _quick(self, real: Path, reloader: Reloader, dirty: set[str]) -> Corpus | None:
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
        if not _config_unchanged(reloader, basis):
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
        changed: dict[str, bool] = {}
        for rel, st in sorted(seen.items()):
            parent = rel.rpartition("/")[0] or "."
            if parent not in snap.walked or not reloader.is_record_file(rel):
                continue
            full = os.path.join(top, rel)
            if st is None:
                snap.entries.pop(full, None)
            else:
                snap.entries[full] = identity(st)
            changed[rel] = st is not None
        corpus = reloader.update(changed, reread=snap.symlinks)
        self.reloads += 1
        self.quick_reloads += 1
        return corpus

    def _arm(self, t: Watched, snapshot: Snapshot) -> Snapshot:
        """Watch from `snapshot` on; the snapshot kept (a stat scan's needs every file's)."""
        assert self._detector is not None
        try:
            self._detector.rebase(t, snapshot)
        except WatchUnavailable as exc:
            log.info("watching by stat scan: %s", exc)
            self._detector.close()
            self._detector = StatDetector()
            snapshot = scan(t)  # taken again, before any file is read
            self._detector.rebase(t, snapshot)
        return snapshot


def _config_unchanged(reloader: Reloader, basis: _Basis) -> bool:
    """Whether the config file is what the held corpus read (else the full path reads it again).

    Its stamp proves it (`proves_unchanged`), or — equal stamps that are racily
    clean — its content equals the held config's text.
    """
    path, before = reloader.config_path, basis.config_identity
    now = _stat(path)
    if now is None and before is None:
        return True  # still no config file
    if proves_unchanged(before, now, basis.config_taken_ns, RACY_NS):
        return True
    held = reloader.corpus
    return now == before and held is not None and _config_text(path) == held.config.text


def _config_text(path: Path) -> str | None:
    """The config file's text as the loader reads it; None when it is not a small regular UTF-8 file."""
    try:
        st = path.stat()
        if not stat.S_ISREG(st.st_mode) or st.st_size > CONFIG_MAX_BYTES:
            return None
        with path.open("rb") as fh:
            data = fh.read(CONFIG_MAX_BYTES + 1)
        return data.decode("utf-8").removeprefix("\ufeff")
    except (OSError, UnicodeDecodeError):
        return None


CONFIG_MAX_BYTES: Final = 64 * 1024
"""The loader's size limit of every file it reads, the config included."""


def _stat(path: Path) -> Identity | None:
    """The identity of a file, following symlinks; None when it cannot be stat'ed."""
    try:
        return identity(path.stat())
    except OSError:
        return None
