"""`Reloader`: a corpus read again only where its files changed — the shell's public reload.

The MCP server keeps one corpus fresh against its folder (`govmem_mcp._state`):
a watcher says which paths changed, and the reloader reads only those. It
is the loader's machinery (`Loader.plan`, `files`, `assemble`) behind three
calls, in this order for a full reload:

1. `plan()` reads the config (always again: one small file), plans the
   folders and answers `Watched`: every place whose change can change the
   corpus, so that the watcher can take its snapshot and arm its watches
   *before* any record file is read (a change made while the reload runs is
   then seen by the next call);
2. `read(reuse, git_changed=...)` reads the planned files, taking the text
   held from the last reload for the paths `reuse` allows (the watcher knows
   they did not change), the git first-add dates again when git changed
   (none, and an `info` finding `no-git`, for a root without `.git`), and
   builds the corpus — or keeps the one held when the fingerprint (a hash of
   every content read), the git dates, the config's findings and the folders
   planned are those it was built from;
3. or, when only files changed (no folder, config or git), `update(changed)`:
   the named files are read again (or dropped, when gone) with the last
   plan, and nothing else is walked (`is_record_file` says which names count).

A `Reloader` is not thread-safe: its caller serialises the calls (the MCP
server holds a lock). `forget()` drops everything held, after a failure.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import Final, Literal, cast

import attrs
from attrs import frozen

from govmem._corpus import Corpus
from govmem.model.records import Config, Finding, PathEntry
from govmem.model.time import When
from govmem.parse.config import CONFIG_NAME

from . import files as _files
from . import git as _git
from . import prewalk as _prewalk
from .files import FileText, fingerprint, walk_tree
from .gitdates import kept_git_dates
from .load import Loader, Pending, Walked
from .logs import FederationKey, LogSet, total_counts
from .plan import Plan, is_candidate

NO_GIT: Final = Finding(
    "no-git",
    "The root holds no .git entry: records without a written date have no date "
    "(no git history to date them), and known_as_of is unavailable.",
)
GIT: Final = ".git"


@frozen
class Watched:
    """Every folder and file whose change can change the corpus (SPEC §9 Freshness).

    * `deep`: the folders read, to walk recursively as the loader walks them
      (`walk`: dot entries skipped, symlinked folders followed while they stay
      inside the root, loops cut);
    * `shallow`: folders to watch without recursion: the root (`govmem.yaml`,
      `.git`, `.adr-dir`, `.log4brains.yml`, new top-level folders) and every
      existing ancestor of every folder the loader could pick (so creating
      `docs/adr` is seen), and the folder of a `--config` file;
    * `files`: single files whose content matters: a `--config` file, and the
      root's files the ADR folder discovery read;
    * `git`: `.git` and `.git/logs` of a plain clone, whose changes (a commit,
      a reset) can change the first-add dates of undated decisions.
    """

    root: Path
    deep: tuple[Path, ...]
    shallow: tuple[Path, ...]
    git: tuple[Path, ...]
    files: tuple[Path, ...] = ()
    replan_on_root_md: Literal["never", "removed", "any"] = "never"
    """Which changes of a `.md` file directly in the root can change the folders read:
    `any` when nothing was found or a frontmatter status made the root the ADR folder,
    `removed` when its ADR-named files did (only losing them can undo that)."""

    def walk(
        self, base: Path, *, files: bool = True
    ) -> Iterator[tuple[str, os.stat_result | None, bool]]:
        """Every entry under `base` as the loader walks it: (path, its stat, whether a symlink);
        `files=False`: the folders and symlinks alone (`files.walk_tree`)."""
        return walk_tree(self.root, base, files=files)


def watched(
    real: Path, config: Config, plan: Plan, dir: str | None, config_file: Path | None
) -> Watched:
    """What to watch for a corpus planned so, whose canonical root is `real`."""
    deep = tuple(real if e.path == "." else real / e.path for e in plan.entries)
    candidates = {e.path for e in config.paths} | set(plan.probed) | {config.memory}
    if dir is not None:
        candidates.add(dir)
    shallow: dict[Path, None] = {real: None}
    for c in sorted(candidates):
        parts = [p for p in c.split("/") if p and p != "."]
        for i in range(1, len(parts)):
            folder = real.joinpath(*parts[:i])
            if folder.is_dir():
                shallow[folder] = None
    files = tuple(real / name for name in plan.consulted)
    if config_file is not None:
        shallow[config_file.parent] = None
        files += (config_file,)
    git_dir = real / GIT
    git = tuple(d for d in (git_dir, git_dir / "logs") if d.is_dir())
    by_status = any(name.lower().endswith(".md") for name in plan.consulted)
    root_md: Literal["never", "removed", "any"] = "never"
    if plan.rule == "none" or (plan.rule == "root" and by_status):
        root_md = "any"
    elif plan.rule == "root":
        root_md = "removed"
    return Watched(real, deep, tuple(shallow), git, files, root_md)


@frozen
class _Planned:
    config: Config
    findings: tuple[Finding, ...]
    plan: Plan


class Reloader:
    """A corpus kept by reading again only what changed (module docstring)."""

    def __init__(self, root: Path, *, config: Path | None = None, dir: str | None = None) -> None:
        """`root` is the canonical root; `dir` the ADR folder relative to it (None: found)."""
        self.root = root
        self.config = config
        self.dir = dir
        self._loader = Loader(root, config=config, dir=dir)
        self._logs = LogSet()
        """The federated logs' loaders (SPEC v5 §2): read again on every reload."""
        self._digest = ""
        self._corpus: Corpus | None = None
        self._files: dict[str, FileText] = {}
        self._git_dates: Mapping[str, When] | None = None
        self._next: _Planned | None = None
        self._basis: _Planned | None = None
        """What the held files were read with: the quick path's plan."""
        self._built: tuple[tuple[Finding, ...], tuple[tuple[PathEntry, ...], tuple[Finding, ...]]]
        self._built = ((), ((), ()))
        self._federation: tuple[FederationKey, bool] | None = None
        """The federation's snapshot key `_restore` missed, and whether the local root was
        racily clean: the next `_federate` keeps what it builds there."""
        self._prewalk: tuple[Plan, _prewalk.Prewalk] | None = None
        """The stat walk `prewalk` started for the first `read`, and the plan it walks."""

    @property
    def corpus(self) -> Corpus | None:
        """The corpus held (None before the first reload, and after `forget`)."""
        return self._corpus

    @property
    def config_path(self) -> Path:
        """The config file the corpus reads: `--config`, else the root's `govmem.yaml`."""
        return self.config if self.config is not None else self.root / CONFIG_NAME

    def plan(self) -> Watched:
        """Read the config and plan the folders; what to watch (no record file is read).

        Raises:
            CorpusUnavailable: the folder asked for is missing or outside the root.
        """
        with self._loader.store() as store:  # a large config's parse is kept there
            config, findings = self._loader.read_config(self.root, store)
        if not _git.has_git_entry(self.root):
            findings = (*findings, NO_GIT)
        plan = self._loader.plan(self.root, config)
        self._next = _Planned(config, tuple(findings), plan)
        t = watched(self.root, config, plan, self.dir, self.config)
        if not config.logs:
            return t
        folders, files = self._logs.watch(config.logs, self.root, self.config)
        return attrs.evolve(
            t,
            shallow=tuple(dict.fromkeys((*t.shallow, *folders))),
            files=tuple(dict.fromkeys((*t.files, *files))),
        )

    def prewalk(self) -> bool:
        """Start the stat walk that keys the snapshot of the first `read` (it restores the corpus
        from the parse cache) in a forked process, now; whether it started.

        Call it after `plan()` and after what must see the files' changes from now on is in
        place (the MCP server's watches): the walk is the one `read` would make, only
        earlier, on another core (`shell.prewalk`), while this process does other work.
        Nothing starts when files were read already, or without the parse cache.
        """
        planned = self._next
        assert planned is not None, "plan() comes first"
        self.cancel_prewalk()
        if self._files or self._corpus is not None or not self._loader.use_cache:
            return False
        loader, root, plan = self._loader, self.root, planned.plan
        started = _prewalk.start(lambda: loader.walk(root, plan))
        if started is not None:
            self._prewalk = (plan, started)
        return started is not None

    def cancel_prewalk(self) -> None:
        """Stop the walk `prewalk` started, if any (a file may have changed since it began)."""
        held, self._prewalk = self._prewalk, None
        if held is not None:
            held[1].cancel()

    def _prewalked(self, plan: Plan) -> Walked | None:
        """The walk `prewalk` started, when it walked `plan` and came back whole; else None."""
        held, self._prewalk = self._prewalk, None
        if held is None:
            return None
        if held[0] is not plan:
            held[1].cancel()
            return None
        got = held[1].result()
        if not (
            isinstance(got, tuple)
            and len(got) == 3
            and isinstance(got[0], tuple)
            and isinstance(got[1], str)
            and isinstance(got[2], bool)
        ):
            return None
        return cast("Walked", got)

    def read(self, reuse: Callable[[str], bool], *, git_changed: bool) -> Corpus:
        """Read what `plan()` planned (keeping the held text of the paths `reuse` allows).

        Until files have been read (the first call, or after `forget`), the
        corpus is restored from the parse cache's snapshot when stat data
        proves the files unchanged (`Loader.snapshot_key`, `restore`); the files are then read
        by the first reload that needs them.
        """
        planned = self._next
        assert planned is not None, "plan() comes first"
        git_dates = self._git_dates
        if git_dates is None or git_changed:
            with self._loader.store() as store:  # kept under HEAD's commit (`Loader.git_dates`)
                git_dates = kept_git_dates(self.root, store)
        pending: Pending | None = None
        if not self._files:
            restored, pending = self._restore(planned, git_dates)
            if restored is not None:
                return restored
        self.cancel_prewalk()
        kept = {p: f for p, f in self._files.items() if reuse(p)}
        listed = pending.listed if pending is not None else None
        files = self._loader.files(self.root, planned.plan, reuse=kept, listed=listed)
        if pending is not None and not self._loader.unchanged(self.root, planned.plan, pending):
            pending = None  # a file came, went or changed while they were read: keep nothing
        self._files = {f.path: f for f in files}
        self._basis = planned
        return self._finish(planned, files, git_dates, pending)

    def _restore(
        self, planned: _Planned, git_dates: Mapping[str, When]
    ) -> tuple[Corpus | None, Pending | None]:
        """The corpus from its snapshot (held with no files), or the key to keep it under.

        With `logs:`, the federation's own snapshot first (`LogSet.restore`); on a miss
        its key is held for `_finish`, which keeps the federation it builds.
        """
        loader = self._loader
        with loader.store() as store:
            if store is None:
                return None, None
            where, clean = loader.snapshot_key(
                self.root,
                planned.config,
                planned.findings,
                planned.plan,
                git_dates,
                self._prewalked(planned.plan),
            )
            fed: FederationKey | None = None
            if planned.config.logs:
                whole, fed = self._logs.restore(
                    loader, store, where, planned.config.logs, self.root, self.config
                )
                if whole is not None:
                    return self._restored(planned, git_dates, whole, whole.health.fingerprint), None
                self._federation = (fed, clean)
            snap = loader.restore(where, store)
        if snap is None:
            return None, where if clean else None
        corpus = self._restored(planned, git_dates, snap.corpus, snap.digest)
        return self._federate(corpus), None

    def _restored(
        self, planned: _Planned, git_dates: Mapping[str, When], corpus: Corpus, digest: str
    ) -> Corpus:
        """Hold a restored corpus, with no files read yet (the first reload reads them)."""
        self._git_dates, self._digest, self._basis = git_dates, digest, planned
        self._built = (planned.findings, (planned.plan.entries, planned.plan.findings))
        self._corpus = corpus
        return corpus

    def _federate(self, local: Corpus) -> Corpus:
        """`local` with its logs; the first time after `_restore` missed the federation's
        snapshot, with the logs it read and keeping the federation it builds."""
        held, self._federation = self._federation, None
        if held is None:
            self._corpus = self._logs.federate(local, self._loader, self.root, self.config)
            return self._corpus
        key, clean = held
        corpus = self._logs.federate(local, self._loader, self.root, self.config, key.peeks)
        with self._loader.store() as store:
            if store is not None:
                counts = total_counts([self._loader, *self._logs.loaders()])
                self._logs.keep(self._loader, store, key, corpus, clean, counts)
        self._corpus = corpus
        return corpus

    def is_record_file(self, rel: str) -> bool:
        """Whether the root-relative `rel` is a record file of the last plan's folders."""
        return self._basis is not None and is_candidate(self._basis.plan, rel)

    def update(self, changed: Mapping[str, bool], reread: Iterable[str] = ()) -> Corpus:
        """The quick reload: each changed file read again (True) or dropped (False), with the last plan.

        `reread` names files to read again whatever the watcher said (symlinks,
        whose targets it does not watch).
        """
        basis, dates = self._basis, self._git_dates
        assert basis is not None, "a full reload comes first"
        assert dates is not None
        if not self._files:  # restored from a snapshot: read every file once, now
            self._files = {f.path: f for f in self._loader.files(self.root, basis.plan)}
        files = dict(self._files)
        for rel, present in changed.items():
            if present:
                f = _files.read_file(self.root, rel)
                files[f.path] = f
            else:
                files.pop(_files.shown_name(rel), None)
        for rel in reread:
            if _files.shown_name(rel) in files:
                f = _files.read_file(self.root, rel)
                files[f.path] = f
        self._files = files
        return self._finish(basis, [files[k] for k in sorted(files)], dates)

    def use_cache(self, used: bool) -> None:
        """Whether the loads of the root and its logs consult the parse cache from now on."""
        self._loader.use_cache = used
        self._logs.use_cache = used

    def forget(self) -> None:
        """Drop the corpus, the files and the dates held: the next reload starts afresh."""
        self.cancel_prewalk()
        self._corpus, self._files, self._git_dates = None, {}, None
        self._basis = self._federation = None

    def _finish(
        self,
        planned: _Planned,
        files: list[FileText],
        git_dates: Mapping[str, When],
        pending: Pending | None = None,
    ) -> Corpus:
        """The held corpus when nothing it was built from changed, else a new one."""
        held = self._corpus
        digest = fingerprint(planned.config.text, files)
        built = (planned.findings, (planned.plan.entries, planned.plan.findings))
        if (
            held is not None
            and git_dates == self._git_dates
            and built == self._built
            and self._digest == digest
            and not planned.config.logs
        ):
            return held
        self._git_dates, self._built, self._digest = git_dates, built, digest
        local = self._loader.assemble(
            planned.config,
            planned.findings,
            planned.plan,
            files,
            git_dates,
            digest=digest,
            pending=pending,
        )
        return self._federate(local)

    def log_roots(self) -> list[Path]:
        """The federated logs' folders read by the last reload (watched like the root)."""
        return list(self._logs.roots())
