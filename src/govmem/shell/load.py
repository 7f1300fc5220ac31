"""Loading: files -> `Corpus` (`load`, `Loader`).

The loader finds the folders to read (`plan`: `govmem.yaml` `paths`, else
the ADR folder discovery finds, plus `memory`), walks them in sorted order,
applies `exclude`, guards every file (`files`: symlinks leaving the root,
loops, size, binary), and hands `(path, text)` pairs to the pure parser.
Parsed files are cached by (path, content hash, date order), so a reload
re-parses only what changed (many files at once are parsed on every core,
`pool`); a reload whose changes leave every
between-record fact as it was patches the records into the last corpus.
`known_as_of` reads a commit's tree instead (`known`).
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import TypeAlias

from attrs import evolve, field, frozen

from govmem._corpus import Corpus
from govmem.index.build import build_index
from govmem.model.errors import CorpusUnavailable
from govmem.model.records import Config, Finding, Record, Relation, Source
from govmem.model.text import u16
from govmem.model.time import When
from govmem.parse.config import CONFIG_NAME, parse_config
from govmem.parse.dates import DateOrder
from govmem.parse.file import ParseContext, ParsedFile

from . import cache as _cache
from . import collector
from . import files as _files
from . import snapshot as _snapshot
from .derived import remember
from .files import FileText, fingerprint, walk_tree
from .gitdates import dates_part, exact_dates, kept_git_dates
from .patch import Built, patched
from .plan import DiskTree, Plan, log_roots, plan_paths, read_config
from .snapshot import CacheCounts
from .through import config_key, date_order, parse_through

Progress: TypeAlias = Callable[[int, int], None]
"""`progress(done, total)`: files parsed so far, of how many (once per file, or per chunk
of files parsed on other cores; files read unchanged since the last load count at once)."""


@frozen
class Prepared:
    """A root read up to its snapshot key (`Loader.prepare`): nothing parsed yet."""

    real: Path
    config: Config
    config_findings: tuple[Finding, ...]
    plan: Plan
    git_dates: Mapping[str, When]
    snapshot: Pending | None
    """Where its snapshot is kept (None without a cache)."""
    clean: bool
    """Whether every file is racily clean: a snapshot may be written."""


@frozen
class Pending:
    """Where `assemble` keeps the corpus it builds: the snapshot slot and key `snapshot_key`
    computed, and the files that key describes — the ones a load then reads (one walk)."""

    slot: str
    key: str
    listed: tuple[tuple[str, str | None], ...] = ()
    """The candidates walked for the key (`Loader.candidates`), in walk order."""
    listing: str = ""
    """The digest of their stamps (`snapshot.Listing`): what `unchanged` compares again."""
    stamps: Mapping[str, tuple[object, ...]] = field(factory=dict, eq=False, repr=False)
    """Each listed file's row of that listing (`snapshot.stamp_row`), by path: what
    `read_as_listed` compares the stat of each file read with."""


Walked: TypeAlias = tuple[tuple[tuple[str, str | None], ...], str, bool]
"""A stat walk for a snapshot key (`Loader.walk`): candidates, stamps' digest, racily clean."""


def _text(values: Iterable[object]) -> str:
    """Values (findings, path entries: frozen attrs of strings) as a snapshot key's part."""
    return repr(tuple(values))


def _order_conflict(files: Iterable[FileText], votes: Mapping[str, tuple[bool, bool]]) -> Finding:
    """`date-order-conflict`, naming a file that writes a date each way (the first by path)."""
    where = ["", ""]
    for f in sorted(files, key=lambda f: u16(f.path)):
        got = votes.get(f.digest)
        for side in (0, 1):
            if got is not None and got[side] and not where[side]:
                where[side] = f.path
    msg = (
        f"Dates are written both day-first (in {where[0]}) and month-first (in {where[1]});"
        " read day-first. Set date_order in govmem.yaml."
    )
    return Finding("date-order-conflict", msg, field="date_order")


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
        self._last: Built | None = None
        """The last corpus assembled and what it was built from (`_patched`)."""
        self.use_cache = True
        """Whether loads consult the persistent parse cache (`shell.cache`; also `GOVMEM_CACHE=off`)."""
        self.cache_counts = CacheCounts()
        """Records and files the last load took from the persistent cache, and parsed."""
        self.clock: Callable[[], int] = time.time_ns
        """The wall clock in ns: when a stat walk began, for the racily-clean test (`snapshot_key`)."""
        self._findings: tuple[Finding, ...] = ()
        self._snapshot: tuple[str, _snapshot.Snapshot] | None = None
        """The last snapshot restored or written, and its key (`restore` returns it again)."""
        self._exact = True
        """Whether the last corpus was built with the git dates its snapshot key names (`_exact`)."""
        self.cache_refused: str | None = None
        """Why the parse cache was not trusted, when it was not (`lint`: `cache-untrusted`)."""

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
        return plan_paths(config, self.dir, DiskTree(real), str(self.root))

    def candidates(self, real: Path, plan: Plan) -> list[tuple[str, str | None]]:
        """What the plan reads, in walk order, each once, exclusions applied.

        `(path, None)` for every candidate record file, `(path, why)` for
        every folder that could not be listed.
        """
        return [
            (rel, why)
            for rel, _, why in self._walked(real, plan, stats=False)
            if not plan.excluded(rel if why is None else rel + "/")
        ]

    def _walked(
        self, real: Path, plan: Plan, *, stats: bool
    ) -> Iterator[tuple[str, os.stat_result | None, str | None]]:
        """The plan's candidate files, each once, as (path, its stat when `stats`, None), then
        each folder that could not be listed as (path, None, why); exclusions not applied."""
        seen: set[str] = set()
        cut = len(str(real)) + 1
        for entry in plan.entries:
            base = real if entry.path == "." else real / entry.path
            errors: list[tuple[str, str]] = []
            for path, st, _ in walk_tree(real, base, stats=stats, errors=errors, folders=False):
                rel = path[cut:] if os.sep == "/" else path[cut:].replace(os.sep, "/")
                if rel not in seen and rel != CONFIG_NAME:
                    seen.add(rel)
                    yield rel, st, None
            for path, why in errors:
                yield _files.relative(real, path), None, why

    def files(
        self,
        real: Path,
        plan: Plan,
        reuse: Mapping[str, FileText] | None = None,
        listed: Iterable[tuple[str, str | None]] | None = None,
        stamps: dict[str, os.stat_result] | None = None,
    ) -> list[FileText]:
        """Read every record file the plan names, sorted by path, each once.

        `reuse` holds files already read that are known not to have changed
        (the MCP server's watcher says which): they are taken as they are,
        not read again. `listed` is the candidates a snapshot key was made
        from (`Pending.listed`): exactly those are read, so that what is read
        is what is keyed. `stamps` gets the stat of each file read, taken through the
        descriptor it was read from (`files.read_file`).
        """
        seen: dict[str, FileText] = {}
        kept = reuse or {}
        folders: _files.Folders = {}
        chosen = (
            self.candidates(real, plan)
            if listed is None
            else [(r, w) for r, w in listed if not plan.excluded(r if w is None else r + "/")]
        )
        for rel, why in chosen:
            if why is not None:
                f = _files.unreadable_folder(rel, why)
            else:
                old = kept.get(rel)
                f = (
                    old
                    if old is not None
                    else _files.read_file(real, rel, folders=folders, stamps=stamps)
                )
            seen[f.path] = f
        return [seen[k] for k in sorted(seen)]

    def load(self) -> Corpus:
        """Read the folder now and build the corpus (or restore it: `prepare`, `load_prepared`).

        Raises:
            CorpusUnavailable: the root or folder cannot be read.
        """
        with self.store() as store:
            return self.load_prepared(self.prepare(store), store)

    def prepare(self, store: _cache.ParseCache | None) -> Prepared:
        """The root read up to its snapshot key: config, plan, git dates (nothing parsed).

        Raises:
            CorpusUnavailable: the root or folder cannot be read.
        """
        self.cache_counts = CacheCounts()
        real = self.check_root()
        config, config_findings = self.read_config(real, store)
        plan = self.plan(real, config)
        git_dates = kept_git_dates(real, store)
        where, clean = (
            self.snapshot_key(real, config, config_findings, plan, git_dates)
            if store is not None
            else (None, False)
        )
        return Prepared(real, config, config_findings, plan, git_dates, where, clean)

    def load_prepared(self, p: Prepared, store: _cache.ParseCache | None) -> Corpus:
        """The corpus of a prepared root: restored from its snapshot, else read and built."""
        if store is not None and p.snapshot is not None:
            snap = self.restore(p.snapshot, store)
            if snap is not None:
                return snap.corpus
        with collector.paused():
            read: dict[str, os.stat_result] = {}
            listed = p.snapshot.listed if p.snapshot else None
            files = self.files(p.real, p.plan, listed=listed, stamps=read)
            findings = [*p.config_findings, *p.plan.findings]
            moved = p.snapshot is not None and not self.read_as_listed(
                p.real, p.plan, p.snapshot, files, read
            )
            pending = p.snapshot if p.clean and not moved else None
            corpus = self._assemble(
                p.config, findings, p.plan, files, p.git_dates, store, digest=None, pending=pending
            )
            if moved:  # a file came, went or changed while they were read: keep nothing
                self._exact = False
            return corpus

    @property
    def keepable(self) -> bool:
        """Whether the last corpus built may be kept under the key its load computed: built
        with the git dates that key names, from files unchanged while they were read."""
        return self._exact

    def read_config(
        self, real: Path, store: _cache.ParseCache | None
    ) -> tuple[Config, tuple[Finding, ...]]:
        """`plan.read_config`, with the parse kept in the cache (keyed by the text and the code)."""
        if store is None:
            return read_config(real, self.config_path)
        slot = _snapshot.snapshot_key(["config", str(self.config_path or "")])

        def parse(text: str, name: str) -> tuple[Config, tuple[Finding, ...]]:
            key = _snapshot.snapshot_key(["config", name, text])
            got = _snapshot.decode(store.get_snapshot(slot, key, "configs"), _snapshot.ParsedConfig)
            if got is not None:
                return got.config, got.findings
            config, findings = parse_config(text, name)
            blob = _snapshot.encode(_snapshot.ParsedConfig(config, findings))
            if blob is not None:
                store.put_snapshot(slot, key, blob, "configs")
            return config, findings

        return read_config(real, self.config_path, parse=parse)

    def log_roots(self, real: Path) -> tuple[Path, ...]:
        """The folders of the logs `govmem.yaml` names (`plan.log_roots`), which the cache may
        not be inside: read before the cache is opened; none without a cache."""
        return () if _cache.cache_dir() is None else log_roots(real, self.config_path)

    def snapshot_key(
        self,
        real: Path,
        config: Config,
        config_findings: Iterable[Finding],
        plan: Plan,
        git_dates: Mapping[str, When],
        walked: Walked | None = None,
    ) -> tuple[Pending, bool]:
        """Where this root's snapshot is kept, and whether a snapshot may be written now.

        Walks the plan's files with `stat` only (`shell.snapshot`: the key is
        the code, the config, the findings, the plan, the git dates and
        every file's stamp), unless `walked` is that walk, made already (`walk`: its
        rows are not sent back, so the files read are checked by walking again,
        `read_as_listed`); a snapshot may be written only when every stamp is racily clean.
        """
        stamps: Mapping[str, tuple[object, ...]] = {}  # a walk made already: checked again
        if walked is None:
            walked, stamps = self._walk_rows(real, plan)
        listed, digest, clean = walked
        findings = _text([*config_findings, *plan.findings])
        parts = [
            config_key(config, config.date_order or ""),
            config.text,
            findings,
            _text(plan.entries),
            dates_part(git_dates),
            digest,
        ]
        # one slot per root, folder, config file and findings (the CLI's and the MCP server's
        # corpora of a root without git differ by `no-git`: each keeps its own)
        slot = _snapshot.snapshot_key(
            [str(real), self.dir or "", str(self.config_path or ""), findings]
        )
        return Pending(slot, _snapshot.snapshot_key(parts), listed, digest, stamps), clean

    def walk(self, real: Path, plan: Plan) -> Walked:
        """`listing` as the snapshot key takes it: (candidates, their stamps' digest, whether
        every stamp is racily clean) — plain values, which a forked process can send back
        (`shell.prewalk`)."""
        return self._walk_rows(real, plan)[0]

    def _walk_rows(self, real: Path, plan: Plan) -> tuple[Walked, Mapping[str, tuple[object, ...]]]:
        """`walk`, and each listed file's row (`Listing.stamps`), which it does not send."""
        listed, listing = self.listing(real, plan)
        return (listed, listing.digest(), listing.clean), listing.stamps

    def listing(
        self, real: Path, plan: Plan
    ) -> tuple[tuple[tuple[str, str | None], ...], _snapshot.Listing]:
        """The plan's candidate files, exclusions not yet applied (they are a function of the
        configuration, which the key holds: a warm start never compiles them), and their
        stamps: one walk, one `stat` each (`files.walk_tree`)."""
        listing = _snapshot.Listing(self.clock())
        listed: list[tuple[str, str | None]] = []
        for rel, st, why in self._walked(real, plan, stats=True):
            listed.append((rel, why))
            if why is None:
                listing.add(rel, st)
            else:
                listing.add_error(rel, why)
        return tuple(listed), listing

    def read_as_listed(
        self,
        real: Path,
        plan: Plan,
        pending: Pending,
        files: Iterable[FileText],
        read: Mapping[str, os.stat_result],
    ) -> bool:
        """Whether `files` were read as `pending`'s key describes them: each file's stat, taken
        through the descriptor it was read from, is its row of the listing (a file changed,
        swapped or removed since has another, or none). A file that came since is not read,
        and its key is another. When a file was not read (a finding) or the listing's rows
        are not known, the plan's files are walked again (`unchanged`)."""
        rows = pending.stamps
        if not rows:
            return self.unchanged(real, plan, pending)
        for f in files:
            st = read.get(f.path)
            if st is None:
                return self.unchanged(real, plan, pending)
            if rows.get(f.path) != _snapshot.stamp_row(f.path, st):
                return False
        return True

    def unchanged(self, real: Path, plan: Plan, pending: Pending) -> bool:
        """Whether the files `pending`'s key describes are still exactly those, stamp for stamp:
        checked after they were read, before a snapshot is kept under that key."""
        return self.listing(real, plan)[1].digest() == pending.listing

    def restore(self, where: Pending, store: _cache.ParseCache) -> _snapshot.Snapshot | None:
        """The snapshot kept at `where`, when there is one: its corpus, file-level findings
        and counts (every file counted as cached) become this loader's last load."""
        held = self._snapshot
        snap = held[1] if held is not None and held[0] == where.key else None
        if snap is None:
            snap = _snapshot.decode(store.read_kept(where.slot, where.key), _snapshot.Snapshot)
        if snap is None:
            return None
        self._snapshot = (where.key, snap)
        self._exact = True
        remember(snap, store.root, where.slot, where.key)
        self._findings = snap.file_findings
        c = snap.counts
        self.cache_counts = CacheCounts(
            c.cached + c.parsed, 0, c.cached_files + c.parsed_files, 0, snapshots=c.snapshots
        )
        return snap

    def keep(
        self, store: _cache.ParseCache, where: Pending, corpus: Corpus, counts: CacheCounts
    ) -> None:
        """Keep `corpus`, which this root stands for (its federation), as the snapshot at
        `where`; `counts` are its load's, every root of it counted in `snapshots`."""
        if self._exact:
            self._keep(
                store,
                where,
                _snapshot.Snapshot(corpus, corpus.health.fingerprint, self._findings, counts),
            )

    @contextlib.contextmanager
    def store(self) -> Iterator[_cache.ParseCache | None]:
        """The persistent parse cache of this root (None when off, unusable or not to be
        trusted: `cache_refused` says why), closed after."""
        opened = None
        if self.use_cache:
            real = self.root.resolve()
            opened = _cache.open_cache(real, inside=self.log_roots(real))
        if isinstance(opened, _cache.Refused):
            self.cache_refused = opened.reason
        store = opened if isinstance(opened, _cache.ParseCache) else None
        try:
            yield store
        finally:
            if store is not None:
                store.close()

    def assemble(
        self,
        config: Config,
        config_findings: Iterable[Finding],
        plan: Plan,
        files: list[FileText],
        git_dates: Mapping[str, When],
        *,
        digest: str | None = None,
        pending: Pending | None = None,
    ) -> Corpus:
        """Parse (through the cache) and build the corpus from files already read.

        `digest` is `fingerprint(config.text, files)` when the caller has it
        already; `pending` the snapshot key `snapshot_key` gave for these files, under
        which the corpus is kept.
        """
        findings = [*config_findings, *plan.findings]
        with self.store() as store, collector.paused():
            return self._assemble(
                config, findings, plan, files, git_dates, store, digest=digest, pending=pending
            )

    def _assemble(
        self,
        config: Config,
        findings: list[Finding],
        plan: Plan,
        files: list[FileText],
        git_dates: Mapping[str, When],
        store: _cache.ParseCache | None,
        *,
        digest: str | None,
        pending: Pending | None,
    ) -> Corpus:
        order: DateOrder
        if config.date_order:
            order, conflict = config.date_order, False
        else:
            order, conflict, self._votes = date_order(files, self._votes, store)
        if conflict:
            findings.append(_order_conflict(files, self._votes))
        records: list[Record] = []
        sources: list[Source] = []
        relations: list[Relation] = []
        excluded = 0
        cache: dict[tuple[str, str, str, When | None], ParsedFile] = {}
        by_path: dict[str, ParsedFile] = {}
        keys = {f.path: (f.path, f.digest, order, git_dates.get(f.path)) for f in files}
        todo = [f for f in files if f.text is not None and keys[f.path] not in self._cache]
        known = len(files) - len(todo)
        encoded = _snapshot.Encoded()
        fresh, self.cache_counts = parse_through(
            todo,
            ParseContext(config, order),
            git_dates,
            store,
            lambda hits: self._progress(len(files), known + hits),
            encoded,
        )
        for f in files:
            if f.text is None:
                excluded += not _files.is_folder(f)
                if f.finding is not None:
                    findings.append(f.finding)
                continue
            key = keys[f.path]
            parsed = fresh.get(f.path) or self._cache[key]
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
        corpus = patched(self._last, frame, by_path, digest)
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
                unread=tuple(f.path for f in files if f.lost),
            )
        self._last = Built(corpus, frame, by_path)
        self._findings = tuple(findings)
        self._snapshot = None  # a corpus built replaces the one restored (never two in memory)
        self._exact = exact_dates(git_dates)
        if store is not None and pending is not None and self._exact:
            counts = evolve(self.cache_counts, snapshots=1)
            snap = _snapshot.Snapshot(corpus, digest, self._findings, counts)
            self._keep(store, pending, snap, encoded)
        return corpus

    def _keep(
        self,
        store: _cache.ParseCache,
        where: Pending,
        snap: _snapshot.Snapshot,
        known: _snapshot.Encoded | None = None,
    ) -> None:
        """Keep `snap` at `where` (now, or once the answer is out: `cache.later`); `known`:
        what its load encoded of its records already."""

        def write(s: _cache.ParseCache) -> None:
            blob = _snapshot.encode(snap, known)
            if blob is not None and s.write_kept(where.slot, where.key, blob):
                if self._snapshot is None:
                    self._snapshot = (where.key, snap)
                remember(snap, s.root, where.slot, where.key)

        _cache.later(store, write)

    def file_findings(self) -> tuple[Finding, ...]:
        """The file-level findings of the last corpus built (config, plan, unreadable
        files, parsing): what a federation carries over (`govmem.shell.logs`)."""
        return self._findings

    def _progress(self, total: int, known: int) -> Callable[[int], None] | None:
        """`self.progress(done, total)` for a parse of `total - known` new files."""
        report = self.progress
        if report is None:
            return None
        if known:
            report(known, total)
        return lambda parsed: report(known + parsed, total)
