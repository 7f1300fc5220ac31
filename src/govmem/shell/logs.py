"""Federated logs on disk (SPEC v5 §2): the local corpus and each configured log, made one.

`Federation.load()` loads the local root, then each log `govmem.yaml`
`logs:` names — a folder relative to the folder of the `govmem.yaml` that
names it — each through the same single-root `Loader` as the local corpus
(its own `govmem.yaml`, discovery, git dates, parse cache and outside-root
checks within its own root), and hands them to the pure
`govmem.index.federate`. A log that cannot be read is a finding, never an
error. Without `logs:` the local corpus is returned as it is.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Sequence
from pathlib import Path

import attrs
from attrs import frozen

from govmem._corpus import Corpus
from govmem.index.federate import Part, Unavailable, federate
from govmem.model.errors import CorpusUnavailable
from govmem.model.records import LogSpec
from govmem.parse.config import CONFIG_NAME

from .cache import ParseCache
from .load import Loader, Pending, Prepared, Progress
from .plan import log_root, read_config
from .snapshot import CacheCounts, snapshot_key


def federated(local: Part, logs: Sequence[tuple[LogSpec, Part | str]]) -> Corpus:
    """The local corpus with its logs, each loaded (a `Part`) or why it cannot be read; the
    fingerprint hashes the local one's and each log's (or that it is unavailable)."""
    parts: list[tuple[LogSpec, Part]] = []
    gone: list[Unavailable] = []
    h = hashlib.sha256(local.index.health.fingerprint.encode())
    for spec, part in logs:
        if isinstance(part, str):
            gone.append(Unavailable(spec, part))
            h.update(f"\0{spec.name}\0unavailable".encode())
        else:
            parts.append((spec, part))
            h.update(f"\0{spec.name}\0{part.index.health.fingerprint}".encode())
    return federate(Corpus, local, parts, gone, fingerprint=h.hexdigest())


class LogSet:
    """A `Loader` per configured log, kept between loads (each keeps its parse cache)."""

    def __init__(self) -> None:
        self._loaders: dict[tuple[str, Path], Loader] = {}
        self.use_cache = True
        """Whether the logs' loaders consult the parse cache."""

    def federate(
        self,
        local: Corpus,
        local_loader: Loader,
        root: Path,
        config: str | os.PathLike[str] | None,
        prepared: Sequence[Peek] | None = None,
    ) -> Corpus:
        """`local` with every log of its configuration (the local corpus itself without any).

        `prepared` is `prepare`'s answer for these logs, when the caller has it.
        """
        specs = local.config.logs
        if not specs:
            return local
        peeks = prepared if prepared is not None else self.prepare(specs, root, config)
        loaded: list[tuple[LogSpec, Part | str]] = []
        for peek in peeks:
            if isinstance(peek.prepared, str):
                loaded.append((peek.spec, peek.prepared))
                continue
            with peek.loader.store() as store:
                corpus = peek.loader.load_prepared(peek.prepared, store)
            loaded.append((peek.spec, Part(corpus, peek.loader.file_findings())))
        return federated(Part(local, local_loader.file_findings()), loaded)

    def prepare(
        self, specs: Sequence[LogSpec], root: Path, config: str | os.PathLike[str] | None
    ) -> list[Peek]:
        """Each log read up to its snapshot key (`Loader.prepare`), or why it cannot be read;
        the loaders are kept for the next load."""
        peeks: list[Peek] = []
        loaders: dict[tuple[str, Path], Loader] = {}
        for spec in specs:
            where = log_root(spec, root, config)
            key = (spec.name, where)
            loader = self._loaders.get(key) or Loader(where)
            loader.use_cache = self.use_cache
            loaders[key] = loader
            try:
                with loader.store() as store:
                    got: Prepared | str = loader.prepare(store)
            except CorpusUnavailable as exc:
                got = exc.message
            peeks.append(Peek(spec, where, loader, got))
        self._loaders = loaders
        return peeks

    def restore(
        self,
        loader: Loader,
        store: ParseCache,
        local: Pending,
        specs: Sequence[LogSpec],
        root: Path,
        config: str | os.PathLike[str] | None,
    ) -> tuple[Corpus | None, FederationKey]:
        """The federated corpus from the federation's own snapshot (in the local root's
        cache, keyed by every part's key: `_federated_key`), or None; and the key with the
        logs read up to it, for `federate` and `keep` on a miss."""
        peeks = self.prepare(specs, root, config)
        key = FederationKey(_federated_key(local, peeks), peeks)
        snap = loader.restore(key.where, store) if key.where is not None else None
        return (snap.corpus if snap is not None else None), key

    def keep(
        self,
        loader: Loader,
        store: ParseCache,
        key: FederationKey,
        corpus: Corpus,
        local_clean: bool,
        counts: CacheCounts,
    ) -> None:
        """Keep a federated corpus as the federation's snapshot when every part was racily
        clean (`counts.snapshots` counts its roots: the local one and every log read)."""
        read = [p for p in key.peeks if not isinstance(p.prepared, str)]
        if (
            key.where is not None
            and local_clean
            and all(not isinstance(p.prepared, str) and p.prepared.clean for p in read)
            and all(p.loader.keepable for p in read)
        ):
            loader.keep(store, key.where, corpus, attrs.evolve(counts, snapshots=1 + len(read)))

    def watch(
        self, specs: Sequence[LogSpec], root: Path, config: str | os.PathLike[str] | None
    ) -> tuple[list[Path], list[Path]]:
        """What to watch of each log: (folders, watched without recursion; files).

        The folders: each log's root and every folder under the folders its
        plan reads (a file added or removed there changes its folder); the
        files: its `govmem.yaml` and every file found in them (an edit). A
        log that cannot be read is watched through its nearest existing
        ancestor, so that its coming back is seen.
        """
        folders: list[Path] = []
        files: list[Path] = []
        for spec in specs:
            where = log_root(spec, root, config)
            loader = self._loaders.get((spec.name, where)) or Loader(where)
            try:
                real = loader.check_root()
                plan = loader.plan(real, read_config(real, None)[0])
            except CorpusUnavailable:
                folders += [p for p in [where, *where.parents][1:] if p.is_dir()][:1]
                continue
            folders.append(real)
            files.append(real / CONFIG_NAME)
            for entry in plan.entries:
                base = real if entry.path == "." else real / entry.path
                for top, dirs, names in os.walk(base):
                    dirs[:] = sorted(d for d in dirs if not d.startswith("."))
                    folders.append(Path(top))
                    files += (Path(top) / n for n in sorted(names))
        return folders, files

    def loaders(self) -> Sequence[Loader]:
        """The logs' loaders of the last load."""
        return list(self._loaders.values())

    def roots(self) -> Sequence[Path]:
        """The log folders of the last load (what the MCP server watches besides the root)."""
        return [where for _, where in self._loaders]


@frozen
class Peek:
    """One configured log read up to its snapshot key (`LogSet.prepare`), or why it cannot be read."""

    spec: LogSpec
    where: Path
    loader: Loader
    prepared: Prepared | str


@frozen
class FederationKey:
    """Where a federation's snapshot is kept, and its logs read up to their keys."""

    where: Pending | None
    """None when some log has no snapshot key (then no federation snapshot is read or kept)."""
    peeks: Sequence[Peek]


def _federated_key(local: Pending, peeks: Sequence[Peek]) -> Pending | None:
    """Where a federation's snapshot is kept: its slot follows the local root's, its key
    every part's (a log that cannot be read by why). None when a log has no key (its cache
    could not be opened): its content is then in no key, and no snapshot may stand for it."""
    parts = [local.key]
    for p in peeks:
        if isinstance(p.prepared, str):
            state = f"unavailable\0{p.prepared}"
        elif p.prepared.snapshot is None:
            return None
        else:
            state = p.prepared.snapshot.key
        parts.append(f"{p.spec.name}\0{p.where}\0{p.spec.scope}\0{state}")
    return Pending(snapshot_key(["federation", local.slot]), snapshot_key(parts))


class Federation:
    """Loads a root and its configured logs into one `Corpus`."""

    def __init__(
        self,
        root: str | os.PathLike[str],
        *,
        config: str | os.PathLike[str] | None = None,
        dir: str | None = None,
        progress: Progress | None = None,
    ) -> None:
        self.root = Path(root)
        self.config = config
        self.local = Loader(root, config=config, dir=dir, progress=progress)
        self.logs = LogSet()

    def load(self) -> Corpus:
        """Read the root and every log now.

        A federation has a snapshot of its own, in the local root's parse
        cache, keyed by the local root's and every log's snapshot keys (or
        why a log cannot be read): when none of them changed, the federated
        corpus is restored without loading any part (`federate` rebuilds
        every between-record fact, the cost of a warm start otherwise).

        Raises:
            CorpusUnavailable: the local root or folder cannot be read (a log never raises).
        """
        with self.local.store() as store:
            prep = self.local.prepare(store)
            specs = prep.config.logs
            if not specs or store is None or prep.snapshot is None:
                local = self.local.load_prepared(prep, store)
                return self.logs.federate(local, self.local, self.root, self.config)
            corpus, key = self.logs.restore(
                self.local, store, prep.snapshot, specs, self.root, self.config
            )
            if corpus is not None:
                return corpus
            local = self.local.load_prepared(prep, store)
            corpus = self.logs.federate(local, self.local, self.root, self.config, key.peeks)
            self.logs.keep(self.local, store, key, corpus, prep.clean, self.cache_counts)
            return corpus

    @property
    def cache_counts(self) -> CacheCounts:
        """The parse cache's counts of the last load, the local root's and every log's."""
        return total_counts([self.local, *self.logs.loaders()])

    @property
    def cache_refused(self) -> str | None:
        """Why the parse cache of the root or of a log was not trusted, if one was not."""
        return next(
            (x.cache_refused for x in [self.local, *self.logs.loaders()] if x.cache_refused),
            None,
        )


def total_counts(loaders: Sequence[Loader]) -> CacheCounts:
    """The parse cache's counts of several loaders' last loads, added up."""
    counts = [x.cache_counts for x in loaders]
    return CacheCounts(
        cached=sum(c.cached for c in counts),
        parsed=sum(c.parsed for c in counts),
        cached_files=sum(c.cached_files for c in counts),
        parsed_files=sum(c.parsed_files for c in counts),
        snapshots=sum(c.snapshots for c in counts),
    )
