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

from govmem._corpus import Corpus
from govmem.index.federate import Part, Unavailable, federate
from govmem.model.errors import CorpusUnavailable
from govmem.model.records import LogSpec
from govmem.parse.config import CONFIG_NAME

from .load import CacheCounts, Loader, Progress
from .plan import read_config


def log_root(spec: LogSpec, root: Path, config: str | os.PathLike[str] | None) -> Path:
    """The folder of a log: its `path` relative to the folder of the naming `govmem.yaml`."""
    base = Path(config).parent if config is not None else root
    return base / spec.path


class LogSet:
    """A `Loader` per configured log, kept between loads (each keeps its parse cache)."""

    def __init__(self) -> None:
        self._loaders: dict[tuple[str, Path], Loader] = {}

    def federate(
        self,
        local: Corpus,
        local_loader: Loader,
        root: Path,
        config: str | os.PathLike[str] | None,
    ) -> Corpus:
        """`local` with every log of its configuration (the local corpus itself without any)."""
        specs = local.config.logs
        if not specs:
            return local
        parts: list[tuple[LogSpec, Part]] = []
        gone: list[Unavailable] = []
        loaders: dict[tuple[str, Path], Loader] = {}
        h = hashlib.sha256(local.health.fingerprint.encode())
        for spec in specs:
            where = log_root(spec, root, config)
            key = (spec.name, where)
            loader = self._loaders.get(key) or Loader(where)
            loaders[key] = loader
            try:
                corpus = loader.load()
            except CorpusUnavailable as exc:
                gone.append(Unavailable(spec, exc.message))
                h.update(f"\0{spec.name}\0unavailable".encode())
                continue
            parts.append((spec, Part(corpus, loader.file_findings())))
            h.update(f"\0{spec.name}\0{corpus.health.fingerprint}".encode())
        self._loaders = loaders
        return federate(
            Corpus,
            Part(local, local_loader.file_findings()),
            parts,
            gone,
            fingerprint=h.hexdigest(),
        )

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

        Raises:
            CorpusUnavailable: the local root or folder cannot be read (a log never raises).
        """
        local = self.local.load()
        return self.logs.federate(local, self.local, self.root, self.config)

    @property
    def cache_counts(self) -> CacheCounts:
        """The parse cache's counts of the last load, the local root's and every log's."""
        counts = [self.local.cache_counts, *(x.cache_counts for x in self.logs.loaders())]
        return CacheCounts(
            cached=sum(c.cached for c in counts),
            parsed=sum(c.parsed for c in counts),
            cached_files=sum(c.cached_files for c in counts),
            parsed_files=sum(c.parsed_files for c in counts),
            snapshots=sum(c.snapshots for c in counts),
        )
