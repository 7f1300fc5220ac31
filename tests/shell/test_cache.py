"""Tests for `govmem.shell.cache`: a corpus loaded through the parse cache is the corpus a fresh parse gives."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import tempfile
import types
import typing
from collections.abc import Mapping
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings

from govmem._corpus import Corpus
from govmem.model.records import Config
from govmem.model.time import When
from govmem.parse.file import parse_file
from govmem.shell import cache as _cache
from govmem.shell import git as _git
from govmem.shell import snapshot as _snapshot
from govmem.shell.load import Loader
from govmem.shell.reload import Reloader
from govmem.testing import FileEdits, apply_edit, file_edits, settle, write_folder
from tests.conftest import EXAMPLE, examples, git

REPO = Path(__file__).resolve().parents[2]


def _fresh(root: Path) -> Corpus:
    loader = Loader(root)
    loader.use_cache = False
    return loader.load()


def _cached(root: Path) -> tuple[Corpus, Loader]:
    loader = Loader(root)  # a new loader: nothing kept in memory, only the cache on disk
    return loader.load(), loader


def snapshot_files(root: Path, cache: Path) -> list[Path]:
    """The snapshot files of `root`'s cache (`ParseCache.write_kept`), derived values apart."""
    stem = _cache.db_path(root.resolve(), cache).stem
    return sorted(p for p in cache.glob(f"{stem}.*.kept") if not p.name.endswith(".derived.kept"))


def drop_snapshots(root: Path, cache: Path) -> None:
    """Remove `root`'s snapshots: the next load parses (through the per-file entries)."""
    for path in snapshot_files(root, cache):
        path.unlink()


def _same(a: Corpus, b: Corpus) -> None:
    """Field for field, the prose spans (left out of equality) included."""
    assert a.records == b.records
    assert [r.prose for r in a.records] == [r.prose for r in b.records]
    assert a.sources == b.sources
    assert [s.prose for s in a.sources] == [s.prose for s in b.sources]
    assert a.relations == b.relations
    assert a.findings == b.findings
    assert a.health == b.health
    assert a == b


@settings(
    max_examples=examples(25),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(file_edits())
def test_cached_corpus_equals_a_fresh_parse_after_any_edit(case: FileEdits) -> None:
    """Edits, adds, deletes, renames, touches, same-size rewrites and swaps never serve stale records."""
    with tempfile.TemporaryDirectory() as tmp, tempfile.TemporaryDirectory() as store:
        root = Path(tmp)
        env = {"GOVMEM_CACHE_DIR": store}
        with pytest.MonkeyPatch.context() as mp:
            for k, v in env.items():
                mp.setenv(k, v)
            write_folder(root, case.files)
            first, _ = _cached(root)
            _same(first, _fresh(root))
            for edit in case.edits:
                apply_edit(root, edit)
                got, loader = _cached(root)
                _same(got, _fresh(root))
            again, loader = _cached(root)
            assert loader.cache_counts.parsed_files == 0  # the cache was used, not bypassed
            _same(again, got if case.edits else first)


def test_a_second_load_takes_every_record_from_the_cache(own_cache: Path) -> None:
    """The example corpus loads the second time without parsing a file."""
    first, a = _cached(EXAMPLE)
    second, b = _cached(EXAMPLE)
    assert a.cache_counts.parsed > 0
    assert a.cache_counts.cached == 0
    assert (b.cache_counts.cached, b.cache_counts.parsed) == (a.cache_counts.parsed, 0)
    _same(first, second)


def _db(root: Path, folder: Path) -> Path:
    return _cache.db_path(root.resolve(), folder)


@pytest.mark.parametrize(
    "damage",
    [
        b"",  # empty
        b"not a database at all" * 100,
        b"SQLite format 3\x00" + b"\xff" * 200,  # a header and garbage
    ],
)
def test_a_corrupt_cache_file_is_rebuilt_never_an_error(own_cache: Path, damage: bytes) -> None:
    """A damaged database gives the fresh corpus, and is usable again afterwards."""
    _cached(EXAMPLE)
    db = _db(EXAMPLE, own_cache)
    for suffix in ("-wal", "-shm"):
        Path(f"{db}{suffix}").unlink(missing_ok=True)
    db.write_bytes(damage)
    got, _ = _cached(EXAMPLE)
    _same(got, _fresh(EXAMPLE))
    again, loader = _cached(EXAMPLE)
    assert loader.cache_counts.parsed == 0
    _same(again, got)


def test_a_truncated_cache_file_is_bypassed_or_rebuilt(own_cache: Path) -> None:
    """A database cut in half (a crash while copying it) never changes the corpus."""
    _cached(EXAMPLE)
    db = _db(EXAMPLE, own_cache)
    with sqlite3.connect(db) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    for suffix in ("-wal", "-shm"):
        Path(f"{db}{suffix}").unlink(missing_ok=True)
    data = db.read_bytes()
    db.write_bytes(data[: len(data) // 2])
    got, _ = _cached(EXAMPLE)
    _same(got, _fresh(EXAMPLE))


def test_rows_that_do_not_decode_are_misses(own_cache: Path) -> None:
    """A row whose value is garbage is parsed again, not an error and not served."""
    _cached(EXAMPLE)
    with sqlite3.connect(_db(EXAMPLE, own_cache)) as conn:
        conn.execute("UPDATE entries SET value = x'00ff00'")
    drop_snapshots(EXAMPLE, own_cache)  # test_snapshot.py damages those
    got, loader = _cached(EXAMPLE)
    assert loader.cache_counts.cached == 0
    _same(got, _fresh(EXAMPLE))


def test_a_newer_schema_is_left_alone_and_bypassed(own_cache: Path) -> None:
    """A database written by a newer govmem is not touched; the load parses everything."""
    _cached(EXAMPLE)
    db = _db(EXAMPLE, own_cache)
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE meta SET v = ? WHERE k = 'schema'", (str(_cache.SCHEMA + 1),))
    got, loader = _cached(EXAMPLE)
    assert loader.cache_counts.cached == 0
    _same(got, _fresh(EXAMPLE))
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT v FROM meta WHERE k='schema'").fetchone()[0] == str(
            _cache.SCHEMA + 1
        )


def test_a_locked_cache_is_bypassed(own_cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """While another process holds a write lock past the busy timeout, the load still succeeds."""
    monkeypatch.setattr(_cache, "BUSY_MS", 50)
    _cached(EXAMPLE)
    db = _db(EXAMPLE, own_cache)
    with sqlite3.connect(db) as conn:
        conn.execute("DELETE FROM entries")
    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        got, _ = _cached(EXAMPLE)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    _same(got, _fresh(EXAMPLE))


def test_an_unwritable_cache_folder_is_bypassed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A cache folder that cannot be made (a file is in the way) loads without the cache."""
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("GOVMEM_CACHE_DIR", str(blocker / "cache"))
    got, loader = _cached(EXAMPLE)
    assert loader.cache_counts.cached == 0
    _same(got, _fresh(EXAMPLE))


def test_govmem_cache_off_writes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`GOVMEM_CACHE=off` neither reads nor writes a database."""
    monkeypatch.setenv("GOVMEM_CACHE_DIR", str(tmp_path / "c"))
    monkeypatch.setenv("GOVMEM_CACHE", "off")
    _cached(EXAMPLE)
    assert not (tmp_path / "c").exists()


def test_a_changed_config_misses_the_cache(tmp_path: Path, own_cache: Path) -> None:
    """Entries are keyed by the configuration that read them: a new govmem.yaml parses again."""
    write_folder(
        tmp_path / "r",
        (("docs/adr/0001-a.md", "# 1. A\n\nDate: 2025-01-02\n\n## Status\n\nAccepted\n"),),
    )
    root = tmp_path / "r"
    _cached(root)
    (root / "govmem.yaml").write_text("statuses:\n  Accepted: proposed\n", encoding="utf-8")
    got, loader = _cached(root)
    assert loader.cache_counts.cached == 0
    _same(got, _fresh(root))


_CHILD = """
import json, sys
from govmem.shell.load import Loader
from govmem.shell.reload import Reloader
for _ in range(3):
    loader = Loader(sys.argv[1])
    c = loader.load()
print(json.dumps([len(c.records), c.health.fingerprint]))
"""


def test_two_processes_loading_and_writing_at_once_agree(tmp_path: Path, own_cache: Path) -> None:
    """Two processes filling one cache at the same time both get the fresh corpus."""
    env = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", _CHILD, str(EXAMPLE)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
        )
        for _ in range(2)
    ]
    outs: list[Any] = []
    for p in procs:
        out, err = p.communicate(timeout=120)
        assert p.returncode == 0, err.decode()
        assert err == b""
        outs.append(json.loads(out))
    fresh = _fresh(EXAMPLE)
    assert outs == [[len(fresh.records), fresh.health.fingerprint]] * 2
    got, loader = _cached(EXAMPLE)
    assert loader.cache_counts.parsed == 0
    _same(got, fresh)


def test_cache_info_and_clear(own_cache: Path) -> None:
    """`cache_info` counts the entries of the root's database; `clear_cache` removes it."""
    _cached(EXAMPLE)
    info = _cache.cache_info(EXAMPLE.resolve())
    assert info is not None
    assert info.entries > 0
    assert info.bytes > 0
    assert Path(info.path).parent == own_cache
    _cache.clear_cache(EXAMPLE.resolve())
    assert not Path(info.path).exists()
    after = _cache.cache_info(EXAMPLE.resolve())
    assert after is not None
    assert after.entries == 0


def _spelled_alike_in_every_process(hint: object) -> bool:
    """Whether values of the type `hint` have one `repr` whatever the hash seed: strings,
    numbers, None, literals, tuples of such and attrs classes of such (no set, no mapping)."""
    if hint in (str, int, float, bool, type(None), Ellipsis):
        return True
    if isinstance(hint, type) and attrs.has(hint):
        hints = typing.get_type_hints(hint)
        return all(
            _spelled_alike_in_every_process(hints[f.name]) for f in attrs.fields(hint) if f.repr
        )
    origin = typing.get_origin(hint)
    if origin is typing.Literal:
        return all(isinstance(a, (str, int, bool)) for a in typing.get_args(hint))
    if origin in (tuple, typing.Union, types.UnionType):
        return all(_spelled_alike_in_every_process(a) for a in typing.get_args(hint))
    return False


def test_the_config_key_spells_a_config_alike_in_every_process() -> None:
    """`config_key` hashes the config's repr: every field it shows is a tuple, string, number
    or literal (a set or a mapping would print in hash order and miss in every new process)."""
    assert _spelled_alike_in_every_process(Config)
    assert not _spelled_alike_in_every_process(frozenset[str])
    assert not _spelled_alike_in_every_process(dict[str, str])


def test_git_dates_are_kept_under_their_commit(
    own_cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A start at the same HEAD reads the first-add dates back instead of walking the
    history; a new commit is another key, so a file it adds is dated by it."""
    root = tmp_path / "repo"
    write_folder(root, (("docs/adr/0001-a.md", "# A\n\nStatus: accepted\n"),))
    git(root, "init", "-q", "-b", "main")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "a", date="2024-01-02T03:04:05Z")
    walks: list[str] = []
    real_dates_of = _git.dates_of

    def counted(found: _git.History) -> dict[str, When] | None:
        walks.append(found.sha)
        return real_dates_of(found)

    monkeypatch.setattr(_git, "dates_of", counted)

    def dates_at_start() -> Mapping[str, When]:
        store = _cache.open_cache(root.resolve())
        assert isinstance(store, _cache.ParseCache)
        try:
            return Loader(root).prepare(store).git_dates
        finally:
            store.close()

    first = dates_at_start()
    assert {p: str(w) for p, w in first.items()} == {"docs/adr/0001-a.md": "2024-01-02T03:04:05Z"}
    again = dates_at_start()
    assert again == first
    assert len(walks) == 1  # read back, not walked again

    (root / "docs/adr/0002-b.md").write_text("# B\n\nStatus: accepted\n", encoding="utf-8")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "b", date="2025-06-07T08:09:10Z")
    later = dates_at_start()
    assert len(walks) == 2
    head = _git.history(root)
    assert head is not None
    assert later == real_dates_of(head)
    assert str(later["docs/adr/0002-b.md"]) == "2025-06-07T08:09:10Z"
    assert later["docs/adr/0001-a.md"] == first["docs/adr/0001-a.md"]

    # the MCP server's reloader reads them back too, and walks again when git says it changed
    server = Reloader(root.resolve())
    server.plan()
    corpus = server.read(lambda _: False, git_changed=False)
    assert len(walks) == 2
    assert {r.id for r in corpus.records} == {"0001", "0002"}


def _dated_repo(root: Path) -> None:
    write_folder(root, (("docs/adr/0001-a.md", "# A\n\nStatus: accepted\n"),))
    git(root, "init", "-q", "-b", "main")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "a", date="2024-01-02T03:04:05Z")
    settle(root)  # out of the racily-clean window: a load may keep its snapshot


def test_a_warm_start_never_decodes_the_kept_dates(
    own_cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The snapshot is proven by HEAD's commit, which the dates are a function of: a start
    whose snapshot holds decodes no date (they are decoded when a parse needs them)."""
    root = tmp_path / "repo"
    _dated_repo(root)
    first, _ = _cached(root)
    decoded: list[int] = []
    real_decode = _cache.decode_dates

    def counted(blob: bytes | None) -> dict[str, When] | None:
        decoded.append(1)
        return real_decode(blob)

    monkeypatch.setattr(_cache, "decode_dates", counted)
    again, loader = _cached(root)
    assert loader.cache_counts.snapshots == 1
    assert decoded == []
    _same(again, first)
    assert again.records[0].git_dated
    assert str(again.records[0].valid_from) == "2024-01-02T03:04:05Z"
    drop_snapshots(root, own_cache)  # the next start parses: now it needs the dates
    rebuilt, _ = _cached(root)
    assert decoded == [1]
    _same(rebuilt, first)


@pytest.mark.parametrize("git_answers", [True, False])
def test_kept_dates_that_do_not_decode_are_read_again_or_keep_no_snapshot(
    own_cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, git_answers: bool
) -> None:
    """Damaged kept dates are read from git again; if git cannot tell either, the corpus is
    built without them and never kept under the key that names the commit."""
    root = tmp_path / "repo"
    _dated_repo(root)
    first, _ = _cached(root)
    drop_snapshots(root, own_cache)
    with sqlite3.connect(_db(root, own_cache)) as conn:
        conn.execute("UPDATE histories SET value = x'00ff00'")
    if not git_answers:
        monkeypatch.setattr(_git, "dates_of", lambda found: None)
    got, _ = _cached(root)
    kept = len(snapshot_files(root, own_cache))
    if git_answers:
        _same(got, first)
        assert kept == 1
    else:
        assert not got.records[0].git_dated
        assert kept == 0
        monkeypatch.undo()
        monkeypatch.setenv("GOVMEM_CACHE_DIR", str(own_cache))
        _same(_cached(root)[0], first)


@pytest.mark.parametrize(
    "blob", [b"", b"x", b"a\x01b\x011", b"a\x012024-01-01T00:00:00\x011", b"a\x01" + b"\xff"]
)
def test_kept_git_dates_that_do_not_read_are_a_miss(blob: bytes) -> None:
    """A damaged row of dates is read as none (walked again), never as wrong dates."""
    got = _cache.decode_dates(blob)
    assert got == ({} if blob == b"" else None)


def test_kept_git_dates_read_back_equal() -> None:
    """Dates as git gives them (timestamps) and date-only values come back equal."""
    dates = {
        "a.md": When.from_datetime(datetime(2024, 1, 2, 3, 4, 5, tzinfo=UTC)),
        "b/é\udcff.md": When.from_date(date(1999, 12, 31)),
    }
    assert _cache.decode_dates(_cache.encode_dates(dates)) == dates


def test_an_entry_keeps_the_body_as_a_slice_of_its_text() -> None:
    """An entry holds a record's body as where it is in the file's text: it decodes back equal
    with that text, is a fraction of the body's size, and is a miss (None) with a text too
    short to hold the slice."""
    body = "We use Postgres for every new service, and nothing else. " * 40
    text = f"# 1. Database\n\nStatus: accepted\n\n## Decision\n\n{body}\n"
    parsed = parse_file("docs/adr/0001-database.md", text)
    assert parsed.records
    assert len(parsed.records[0].body) > len(body)
    blob = _snapshot.encode_entry(parsed, text)
    assert blob is not None
    assert len(blob) < len(body) // 2
    back = _snapshot.decode_entry(blob, text)
    assert back == parsed
    assert [r.prose for r in back.records] == [r.prose for r in parsed.records]
    assert _snapshot.decode_entry(blob, text[:100]) is None


def test_a_database_of_an_earlier_govmem_gains_the_tables_it_lacks(own_cache: Path) -> None:
    """A cache made before a table existed (the same schema, one table fewer) gets it on open:
    what goes there is kept from the first start, and nothing else is lost."""
    store = _cache.open_cache(EXAMPLE.resolve())
    assert isinstance(store, _cache.ParseCache)
    assert store.put_many([("k", b"v")])
    store.close()
    db = _db(EXAMPLE, own_cache)
    with sqlite3.connect(db) as conn:
        conn.execute("DROP TABLE histories")
    store = _cache.open_cache(EXAMPLE.resolve())
    assert isinstance(store, _cache.ParseCache)
    try:
        assert store.put_snapshot("s", "key", b"dates", "histories")
        assert store.get_snapshot("s", "key", "histories") == b"dates"
        assert store.get_many(["k"]) == {"k": b"v"}
    finally:
        store.close()
