"""Whole-corpus snapshots: an unchanged folder's corpus without reading its files (SPEC §8, v5).

The per-file entries of `shell.cache` spare the parsing, but a load still
reads and hashes every file, decodes every entry and builds the index again:
seconds at 10,000 records. A *snapshot* is the built corpus itself, kept
beside those entries under a key that stat data can prove (`Loader.load`,
`Reloader.read`):

* **Key.** The code that reads (`code_key`: a hash of govmem's modules'
  bytes, Python's version and the parsing libraries' versions, so another
  release, an edited checkout or another parser never reads another's
  snapshot), the parsed configuration and its text, the config's and the
  plan's findings, the folders planned, the git first-add dates (named by
  the history they were read at, `gitdates.KeptDates`: a warm start never
  decodes them), and every candidate file's path and stat row (mode, size,
  mtime_ns, ctime_ns, inode, device; following symlinks, so a retargeted
  link is another row), with the folders that could not be listed: one
  walk, whose files are then the ones read (`Pending.listed`). A
  federation's key is its parts' keys (`shell.logs`).
* **Racily clean.** A snapshot is written only when every file's newest of
  mtime and ctime is at least `GRANULARITY_NS` older than the moment the
  stat walk began (`stamp.settled`, git's rule): a file written again
  within the same timestamp tick is then impossible to miss, because its
  ctime — which no program can set back — moves past every stamp in the
  key; and only when the listing is unchanged after the files were read.
* **Value.** Data, never code (SPEC §8, v6): `codec.pack` of the index's
  sections (`govmem.index.columns`: a head of small lookups, the large
  lookups as JSON objects, one section per list of items) and `_Meta` (the
  digest, the file-level findings, the cache counts), each read back by its
  declared type (`govmem.model.codec`); the corpus's lists and large
  lookups are decoded when first read. A value that does not read is a
  miss; one found damaged on first use drops the cache (`cli.main`,
  `govmem_mcp.server.base.on_corpus`). The topic index an inferred
  question built is kept beside it (`derived`), the parsed `govmem.yaml`
  in the database (`ParsedConfig`).
"""

from __future__ import annotations

import functools
import hashlib
import importlib.util
import os
import re
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Final, TypeVar

import attrs
from attrs import frozen

from govmem._corpus import Corpus
from govmem.index.columns import index_from_sections, index_sections
from govmem.model.codec import CODEC, CodecError, pack, serialise, unpack
from govmem.model.records import Config, Finding, Record
from govmem.parse.file import ParsedFile

from . import collector
from .stamp import settled


@frozen
class CacheCounts:
    """How many files a load took from the persistent parse cache, and how many it parsed
    (`Loader.cache_counts`; a snapshot keeps those of the load that wrote it)."""

    cached: int = 0
    """Records (decisions, claims, memories) taken from the cache."""
    parsed: int = 0
    """Records parsed from their files."""
    cached_files: int = 0
    parsed_files: int = 0
    snapshots: int = 0
    """Roots whose corpus was restored whole from a snapshot (`Loader.restore`), none of their
    files read; in a snapshot, the roots it stands for (a federation's: the root and every
    log read)."""


@frozen
class Snapshot:
    """What a snapshot restores: the corpus and what its load reported besides it."""

    corpus: Corpus
    digest: str
    """`fingerprint(config.text, files)` of the files it was built from."""
    file_findings: tuple[Finding, ...]
    counts: CacheCounts


@frozen
class ParsedConfig:
    """A `govmem.yaml` as `parse_config` read it (kept beside the snapshots: a large
    configuration is a tenth of a warm start)."""

    config: Config
    findings: tuple[Finding, ...]


T = TypeVar("T", Snapshot, ParsedConfig)


PARSERS: Final = {
    "ruamel.yaml": "ruamel.yaml",
    "ruamel.yaml.clib": "_ruamel_yaml",
    "markdown-it-py": "markdown_it",
    "mdurl": "mdurl",
    "snowballstemmer": "snowballstemmer",
    "pathspec": "pathspec",
    "attrs": "attr",
    "cattrs": "cattrs",
}
"""The distributions whose code reads a file into records (or their values), and a module of
each: their versions are part of every cache key (`code_key`)."""


def dependency_versions() -> str:
    """`name version` of each of `PARSERS`, from the `.dist-info` folder beside its module (no
    module imported: the metadata machinery costs more than a warm start's reading);
    where there is none, the module file's size and mtime instead."""
    listed: dict[Path, list[str]] = {}
    out = []
    for dist, module in PARSERS.items():
        try:
            spec = importlib.util.find_spec(module)
        except (ImportError, ValueError):
            spec = None
        origin = spec.origin if spec is not None else None
        if spec is None or origin is None or not os.path.exists(origin):
            out.append(f"{dist} absent")
            continue
        depth = module.count(".") + (spec.submodule_search_locations is not None)
        top = Path(origin).parents[depth]
        if top not in listed:
            try:
                listed[top] = os.listdir(top)
            except OSError:
                listed[top] = []
        found = sorted(
            version.removesuffix(".dist-info")
            for name, _, version in (n.partition("-") for n in listed[top])
            if version.endswith(".dist-info") and _normal(name) == _normal(dist)
        )
        if found:
            out.append(f"{dist} {found[-1]}")
        else:
            st = os.stat(origin)
            out.append(f"{dist} {origin} {st.st_size} {st.st_mtime_ns}")
    return "\n".join(out)


def _normal(name: str) -> str:
    """A distribution's name as its `.dist-info` folder and PEP 503 compare it."""
    return re.sub(r"[-_.]+", "_", name).lower()


@functools.cache
def code_key() -> str:
    """A hash of the code that reads a file: govmem's modules' bytes, Python's version and the
    versions of the parsing dependencies (`dependency_versions`).

    Another release, an edited checkout, another Python or another parser is
    another key, so neither snapshots nor parse entries outlive the code that
    made them (about 3 ms: the package's sources are under a megabyte).
    """
    h = hashlib.sha256(f"govmem-code\0{sys.version}\0{dependency_versions()}\0".encode())
    top = Path(__file__).resolve().parent.parent
    for path in sorted(top.rglob("*.py")):
        try:
            data = path.read_bytes()
        except OSError:
            data = b"unreadable"
        h.update(f"{path.relative_to(top).as_posix()}\0".encode())
        h.update(hashlib.sha256(data).digest())
    return h.hexdigest()


class Listing:
    """The stamps of a load's candidate files, in walk order (the snapshot key's last part)."""

    def __init__(self, started_ns: int) -> None:
        self.started_ns = started_ns
        """When the stat walk began (the clock is the caller's: the racily-clean test's origin)."""
        self._rows: list[tuple[object, ...]] = []
        self._newest = 0
        self.stamps: dict[str, tuple[object, ...]] = {}
        """Each file's row (`stamp_row`) by its path."""

    def add(self, rel: str, st: os.stat_result | None) -> None:
        """One candidate file and its stat (None when it has none: a bad name, a broken link)."""
        if st is None:
            self._rows.append((rel,))
            return
        mtime, ctime = st.st_mtime_ns, st.st_ctime_ns
        row = self.stamps[rel] = (rel, st.st_mode, st.st_size, mtime, ctime, st.st_ino, st.st_dev)
        self._rows.append(row)  # `stamp_row`'s, without the call: once per file of every start
        newest = mtime if mtime > ctime else ctime
        if newest > self._newest:
            self._newest = newest

    def add_error(self, rel: str, why: str) -> None:
        """A folder the walk could not list."""
        self._rows.append(("unlisted", rel, why))

    @property
    def clean(self) -> bool:
        """Whether every stamp is settled (`stamp.settled`): only then may a snapshot be written."""
        return settled(self._newest, self.started_ns)

    def digest(self) -> str:
        """The hash of every row."""
        return hashlib.sha256(repr(self._rows).encode("utf-8", "surrogatepass")).hexdigest()


def stamp_row(rel: str, st: os.stat_result) -> tuple[object, ...]:
    """A file's row in a `Listing`: its path and stamp (mode, size, times, inode, device)."""
    return (rel, st.st_mode, st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino, st.st_dev)


def snapshot_key(parts: Iterable[str]) -> str:
    """The key of a snapshot from its parts (each already canonical text)."""
    h = hashlib.sha256(f"snapshot\0{code_key()}\0".encode())
    for part in parts:
        h.update(part.encode("utf-8", "surrogatepass") + b"\0\1")
    return h.hexdigest()


@frozen
class _Meta:
    """What a snapshot keeps beside the index: `Snapshot` without the corpus."""

    digest: str
    file_findings: tuple[Finding, ...]
    counts: CacheCounts


def encode(value: Snapshot | ParsedConfig, known: Encoded | None = None) -> bytes | None:
    """A snapshot (`codec.pack` of its index's sections and `_Meta`; the corpus's memo is kept
    apart: `encode_kept`) or a parsed config as bytes; None if it cannot be written.
    `known`: what its load encoded of its records already (their entries)."""
    try:
        if isinstance(value, ParsedConfig):
            return CODEC.dumps(value, ParsedConfig)
        meta = _Meta(value.digest, tuple(value.file_findings), value.counts)
        sections = index_sections(value.corpus, known)
        return pack({"snapshot": CODEC.dumps(meta, _Meta), **sections})
    except (TypeError, ValueError, AttributeError, RecursionError):
        return None  # a value that cannot be kept is not kept: the load still answers


def decode(blob: object, kind: type[T]) -> T | None:
    """A value of `kind` back (`Snapshot`, `ParsedConfig`); None when the bytes do not read as
    one (a miss). A snapshot's records, facts, sources and findings are decoded on first read
    (`govmem.index.columns`): from `blob`, which it holds."""
    if not isinstance(blob, bytes | memoryview):
        return None
    with collector.paused():
        try:
            if kind is ParsedConfig:
                return CODEC.loads(bytes(blob), kind)
            sections = unpack(blob)
            meta = CODEC.loads(bytes(sections.pop("snapshot", b"")), _Meta)
            corpus = index_from_sections(Corpus, sections)
        except (CodecError, RecursionError):  # damaged, foreign or crafted: a miss
            return None
    got = Snapshot(corpus, meta.digest, meta.file_findings, meta.counts)
    return got if isinstance(got, kind) else None


def encode_entry(parsed: ParsedFile, text: str) -> bytes | None:
    """A file's parse as a cache entry: its long strings that the file's text holds (a body,
    a content) written as slices of that text; None if it cannot be written."""
    try:
        return CODEC.dumps(parsed, ParsedFile, text=text)
    except (TypeError, ValueError, AttributeError, RecursionError):
        return None


_RECORDS: Final = [f.name for f in attrs.fields(ParsedFile)].index("records")
"""Where a parsed file's records are in its value as data (a list of its fields): first
(`Encoded.entry`; `tests/shell/test_encoded.py` checks its bytes are `encode_entry`'s)."""


class Encoded:
    """What one load encoded of its parsed files for their cache entries, kept for its
    snapshot (`encode(…, known)`, `columns.Known`): each record's JSON, its long strings
    slices of its file's text, and that text. A cold load so encodes each record once, for
    its entry and the snapshot both, and the snapshot keeps the texts as they are rather
    than the records' bodies escaped into JSON."""

    def __init__(self) -> None:
        self._of: dict[int, tuple[Record, str, bytes | None]] = {}

    def read(self, parsed: ParsedFile, text: str) -> None:
        """`parsed` was read from `text` without this load encoding it (a cache entry, a
        worker's parse): its records are encoded against `text` when the snapshot is."""
        for record in parsed.records:
            self._of[id(record)] = (record, text, None)

    def entry(self, parsed: ParsedFile, text: str) -> bytes | None:
        """`encode_entry(parsed, text)`, the same bytes, its records' JSON kept: a list's JSON
        is its items' joined (`codec.serialise` writes no spaces), so the entry is its
        records' bytes and then the rest of its fields'."""
        try:
            data = CODEC.encode(parsed, ParsedFile, text=text)
            if type(data) is not list or type(data[_RECORDS]) is not list:
                return None
            records = [serialise(r) for r in data[_RECORDS]]
            data[_RECORDS] = []
            rest = serialise(data)
        except (TypeError, ValueError, AttributeError, RecursionError):
            return None
        if _RECORDS != 0 or not rest.startswith(b"[[]"):
            return encode_entry(parsed, text)
        for record, blob in zip(parsed.records, records, strict=True):
            self._of[id(record)] = (record, text, blob)
        return b"[[%b]%b" % (b",".join(records), rest[3:])

    def __call__(self, record: Record) -> tuple[str, bytes] | None:
        """`record`'s file text and its JSON sliced against it; None when not known."""
        got = self._of.get(id(record))
        if got is None or got[0] is not record:
            return None
        _, text, blob = got
        if blob is None:
            try:
                blob = CODEC.dumps(record, Record, text=text)
            except (TypeError, ValueError, AttributeError, RecursionError):
                return None
        return text, blob


def decode_entry(blob: object, text: str) -> ParsedFile | None:
    """`encode_entry`'s value back, given the same text; None when it does not read (a miss)."""
    if not isinstance(blob, bytes):
        return None
    try:
        return CODEC.loads(blob, ParsedFile, text=text)
    except CodecError:
        return None


def encode_kept(value: object, tp: type) -> bytes | None:
    """A derived value kept beside a snapshot (`Key(kept=TYPE)`: the topic index)."""
    try:
        return CODEC.dumps(value, tp)
    except (TypeError, ValueError, AttributeError, RecursionError):
        return None


def decode_kept(blob: bytes, tp: type) -> object | None:
    """`encode_kept`'s value back; None when it does not read (then it is built again)."""
    with collector.paused():
        try:
            return CODEC.loads(blob, tp)
        except CodecError:
            return None
