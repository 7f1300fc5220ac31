"""Tests for the parse cache's whole-corpus snapshots (`govmem.shell.snapshot`, SPEC §8 v5).

A snapshot is trusted on stat data alone, so every test here checks the one
promise that makes that safe: a restored corpus is the corpus a fresh parse
gives, field for field, and a file changed since is never missed.
"""

from __future__ import annotations

import os
import pickle
import shutil
import sqlite3
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from govmem import Reloader
from govmem._corpus import Corpus
from govmem.shell import cache as _cache
from govmem.shell import snapshot as _snapshot
from govmem.shell.atomic import create_exclusive
from govmem.shell.load import Loader, keep_derived
from govmem.shell.logs import Federation
from govmem.shell.stamp import GRANULARITY_NS, settled
from govmem.testing import FileEdits, apply_edit, file_edits, settle, write_folder
from tests.conftest import EXAMPLE, examples
from tests.federation import make_repos
from tests.shell.test_cache import _same

LATER = 10 * GRANULARITY_NS


def _later() -> int:
    """A clock running `LATER` ahead: every file on disk looks settled (see `_loader`)."""
    return time.time_ns() + LATER


def _loader(root: Path, clock: Callable[[], int] | None = _later) -> Loader:
    """A new loader (nothing kept in memory); by default its clock says every file is settled.

    Shifting the clock switches off the racily-clean guard, so that the stat
    path is exercised on files written a moment ago; each edit then waits
    out one timestamp tick (`_tick`), which is what the guard buys a real load.
    """
    loader = Loader(root)
    if clock is not None:
        loader.clock = clock
    return loader


def _fresh(root: Path) -> Corpus:
    loader = Loader(root)
    loader.use_cache = False
    return loader.load()


def _tick() -> None:
    time.sleep(0.02)


SHORT_WINDOW = GRANULARITY_NS // 8
"""The racily-clean window of the tests that wait it out (`short_window`): a quarter second,
far past the file system's timestamp tick."""


@pytest.fixture
def short_window(monkeypatch: pytest.MonkeyPatch) -> None:
    """A snapshot may be written of files `SHORT_WINDOW` old (the rule of `Listing.clean`,
    with a shorter window), so that `settle` waits a quarter second, not two."""
    monkeypatch.setattr(
        _snapshot,
        "settled",
        lambda changed_ns, since_ns: settled(changed_ns, since_ns, SHORT_WINDOW),
    )


@pytest.fixture
def own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("GOVMEM_CACHE_DIR", str(folder))
    return folder


@pytest.fixture
def example(tmp_path: Path) -> Path:
    root = tmp_path / "example"
    shutil.copytree(EXAMPLE, root)
    return root


@settings(
    max_examples=examples(25),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(file_edits())
def test_a_restored_corpus_equals_a_fresh_parse_after_any_edit(case: FileEdits) -> None:
    """Edits, adds, deletes, renames, touches, same-size rewrites with the mtime put back and
    swapped pairs all change a stamp: the snapshot is never served after one of them."""
    with tempfile.TemporaryDirectory() as tmp, tempfile.TemporaryDirectory() as store:
        root = Path(tmp)
        with pytest.MonkeyPatch.context() as mp:
            mp.setenv("GOVMEM_CACHE_DIR", store)
            write_folder(root, case.files)
            first = _loader(root).load()
            _same(first, _fresh(root))
            for edit in case.edits:
                _tick()
                apply_edit(root, edit)
                loader = _loader(root)
                got = loader.load()
                _same(got, _fresh(root))
            loader = _loader(root)
            again = loader.load()
            assert loader.cache_counts.snapshots == 1  # restored whole, no file read
            assert loader.cache_counts.parsed_files == 0
            _same(again, _fresh(root))


def test_a_settled_folder_is_restored_whole(own_cache: Path, example: Path) -> None:
    """The second load of an unchanged folder reads no record file: it restores the snapshot."""
    a = _loader(example)
    first = a.load()
    assert a.cache_counts.snapshots == 0
    b = _loader(example)
    second = b.load()
    assert b.cache_counts.snapshots == 1
    assert b.cache_counts.parsed_files == 0
    assert b.cache_counts.cached_files == a.cache_counts.parsed_files
    assert b.file_findings() == a.file_findings()
    _same(second, first)
    assert second.query("Which database do new services use?", topic="database") == first.query(
        "Which database do new services use?", topic="database"
    )


def test_files_changed_a_moment_ago_are_never_snapshotted(own_cache: Path, example: Path) -> None:
    """With the real clock, files written within the granularity are racily clean: no snapshot
    is written, and the next load reads every file (through the per-file entries)."""
    Loader(example).load()
    again = Loader(example)
    got = again.load()
    assert again.cache_counts.snapshots == 0
    assert again.cache_counts.parsed_files == 0  # the per-file entries still serve
    _same(got, _fresh(example))
    with sqlite3.connect(_cache.db_path(example.resolve(), own_cache)) as conn:
        assert conn.execute("SELECT count(*) FROM snapshots").fetchone()[0] == 0


def test_an_edit_in_the_same_tick_moves_the_ctime(own_cache: Path, example: Path) -> None:
    """A same-size rewrite with its mtime put back changes only the ctime; that is enough."""
    first = _loader(example).load()
    path = next((example / "docs").rglob("*.md"))
    st = path.stat()
    text = path.read_bytes()
    _tick()
    path.write_bytes(text.replace(b"e", b"E", 1))
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))
    loader = _loader(example)
    got = loader.load()
    assert loader.cache_counts.snapshots == 0
    assert got != first
    _same(got, _fresh(example))


def test_a_changed_config_or_git_history_misses(own_cache: Path, example: Path) -> None:
    """The snapshot key holds the configuration and the git dates: a new `govmem.yaml`, or a
    first commit (no file touched), is a miss."""
    _loader(example).load()
    _tick()
    config = example / "govmem.yaml"
    config.write_text(config.read_text(encoding="utf-8") + "\n# a comment\n", encoding="utf-8")
    loader = _loader(example)
    got = loader.load()
    assert loader.cache_counts.snapshots == 0
    _same(got, _fresh(example))
    assert _loader(example).load() == got
    git = ["git", "-C", str(example), "-c", "user.name=t", "-c", "user.email=t@example.com"]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", "first"], check=True, env={**os.environ, **_DATE})
    loader = _loader(example)
    dated = loader.load()
    assert loader.cache_counts.snapshots == 0
    _same(dated, _fresh(example))


_DATE = {"GIT_AUTHOR_DATE": "2020-01-02T03:04:05Z", "GIT_COMMITTER_DATE": "2020-01-02T03:04:05Z"}


def _damage(example: Path, own_cache: Path, value: bytes) -> None:
    with sqlite3.connect(_cache.db_path(example.resolve(), own_cache)) as conn:
        assert conn.execute("UPDATE snapshots SET value = ?", (value,)).rowcount == 1


class _Boom:
    def __reduce__(self) -> tuple[Callable[..., object], tuple[str]]:
        return (os.system, ("touch BOOM",))


class _Write:
    """A pickle that would call one of govmem's own functions with an effect (a file write)."""

    def __reduce__(self) -> tuple[Callable[..., object], tuple[Path, str]]:
        return (create_exclusive, (Path("BOOM"), "x"))


class _Construct:
    """A pickle that would call a class of govmem's shell (effects allowed there) with arguments."""

    def __reduce__(self) -> tuple[Callable[..., object], tuple[str]]:
        return (Loader, ("BOOM",))


@pytest.mark.parametrize(
    "value",
    [
        b"\x00\xff\x00",
        pickle.dumps("a string, not a snapshot"),
        pickle.dumps(_Boom()),  # a pickle that would run a command: never made
        pickle.dumps(_Write()),
        pickle.dumps(_Construct()),
    ],
    ids=["garbage", "not-a-snapshot", "foreign-global", "govmem-function", "shell-class"],
)
def test_a_damaged_or_foreign_snapshot_is_a_miss(
    own_cache: Path, example: Path, value: bytes, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A value that does not load as a snapshot of govmem's own classes is parsed around."""
    monkeypatch.chdir(example)
    _loader(example).load()
    _damage(example, own_cache, value)
    loader = _loader(example)
    got = loader.load()
    assert loader.cache_counts.snapshots == 0
    assert not (example / "BOOM").exists()
    _same(got, _fresh(example))


@pytest.mark.parametrize("shared", ["file", "folder"])
def test_a_cache_others_can_write_is_not_unpickled(
    own_cache: Path, example: Path, shared: str
) -> None:
    """A database file, or the folder holding it, writable by group or others (a shared
    folder, where another user could plant a write-ahead log) serves no snapshot, and no
    per-file entry either (they are pickles too): every file is parsed."""
    _loader(example).load()
    db = _cache.db_path(example.resolve(), own_cache)
    (db if shared == "file" else own_cache).chmod(0o666 if shared == "file" else 0o777)
    loader = _loader(example)
    got = loader.load()
    assert loader.cache_counts.snapshots == 0
    assert (loader.cache_counts.cached, loader.cache_counts.cached_files) == (0, 0)
    assert loader.cache_counts.parsed_files > 0
    _same(got, _fresh(example))
    (db if shared == "file" else own_cache).chmod(0o644 if shared == "file" else 0o755)
    again = _loader(example)
    again.load()
    assert again.cache_counts.snapshots == 1


def test_snapshot_values_round_trip_and_drop_the_memo(example: Path) -> None:
    """`encode`/`decode` keep the corpus and its report; the memo comes back empty."""
    loader = Loader(example)
    loader.use_cache = False
    corpus = loader.load()
    corpus.query("Which database do new services use?", topic="database")
    assert len(corpus.memo) > 0
    counts = _snapshot.CacheCounts(1, 2, 3, 4, 1)
    snap = _snapshot.Snapshot(corpus, "d", loader.file_findings(), counts)
    blob = _snapshot.encode(snap)
    assert blob is not None
    back = _snapshot.decode(blob, _snapshot.Snapshot)
    assert back is not None
    _same(back.corpus, corpus)
    assert len(back.corpus.memo) == 0
    assert (back.digest, back.file_findings, back.counts) == ("d", snap.file_findings, counts)


def _reloaded(root: Path, clock: Callable[[], int] | None, *, cache: bool = True) -> Reloader:
    r = Reloader(root.resolve())
    if clock is not None:
        r._loader.clock = clock  # the racily-clean guard, as in `_loader`
    r._loader.use_cache = cache
    r.plan()
    r.read(lambda _: False, git_changed=True)
    return r


def test_a_reloader_restores_then_reads_the_files_when_one_changes(
    own_cache: Path, example: Path
) -> None:
    """The MCP server's reloader starts from the snapshot; its first update reads every file
    once and gives the corpus a fresh parse gives."""
    assert _reloaded(example, _later)._loader.cache_counts.snapshots == 0
    r = _reloaded(example, _later)
    assert r._loader.cache_counts.snapshots == 1
    restored = r.corpus
    assert restored is not None

    def fresh() -> Corpus:
        c = _reloaded(example, None, cache=False).corpus
        assert c is not None
        return c

    _same(restored, fresh())
    path = sorted((example / "docs").rglob("*.md"))[0]
    _tick()
    path.write_text(path.read_text(encoding="utf-8") + "\nOne more line.\n", encoding="utf-8")
    rel = path.relative_to(example).as_posix()
    updated = r.update({rel: True})
    _same(updated, fresh())
    path.unlink()
    _same(r.update({rel: False}), fresh())
    r.plan()
    _same(r.read(lambda _: True, git_changed=False), fresh())


def test_the_parsed_config_is_kept_and_a_new_text_parsed_again(
    own_cache: Path, example: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`govmem.yaml` is parsed once per text (a large one is a tenth of a warm start)."""
    from govmem.parse.config import parse_config
    from govmem.shell import load as _load

    calls: list[str] = []

    def counting(text: str, name: str) -> object:
        calls.append(text)
        return parse_config(text, name)

    monkeypatch.setattr(_load, "parse_config", counting)
    first = Loader(example).load()
    second = Loader(example).load()
    assert len(calls) == 1
    _same(second, first)
    config = example / "govmem.yaml"
    config.write_text(config.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    Loader(example).load()
    assert len(calls) == 2


def test_the_topic_index_an_inferred_question_built_is_kept_for_the_next_start(
    own_cache: Path, example: Path
) -> None:
    """`keep_derived` stores the snapshot again with the BM25 topic index; the next load
    answers an inferred question with it, as a fresh parse would."""
    question = "Which database do new services use?"
    first = _loader(example).load()
    assert not keep_derived(first)  # nothing built yet: nothing to write
    answer = first.query(question)
    assert keep_derived(first)
    assert not keep_derived(first)  # written once
    again = _loader(example).load()
    assert [k.name for k, _, _ in again.memo.kept()] == ["query:topic-index"]
    assert again.query(question) == answer == _fresh(example).query(question)


def test_keep_derived_leaves_a_corpus_from_no_snapshot_alone(
    own_cache: Path, example: Path
) -> None:
    """A corpus of files edited a moment ago (no snapshot) or built in memory is not written."""
    fresh = Loader(example).load()  # the real clock: racily clean, no snapshot
    fresh.query("Which database do new services use?")
    assert not keep_derived(fresh)
    made = Corpus.from_records(fresh.records)
    made.query("Which database do new services use?")
    assert not keep_derived(made)


def test_a_pickled_memo_keeps_only_the_kept_values() -> None:
    """Answers and verdicts (bounded caches) are dropped; the topic index is kept."""
    corpus = _fresh(EXAMPLE)
    corpus.query("Which database do new services use?")
    assert len(corpus.memo) > 1
    blob = _snapshot.encode(_snapshot.Snapshot(corpus, "", (), _snapshot.CacheCounts()))
    back = _snapshot.decode(blob, _snapshot.Snapshot)
    assert back is not None
    assert [k.name for k, _, _ in back.corpus.memo.kept()] == ["query:topic-index"]
    assert len(back.corpus.memo) == 1


@pytest.mark.usefixtures("short_window")
def test_a_federation_is_restored_whole_and_misses_when_a_log_changes(
    own_cache: Path, tmp_path: Path
) -> None:
    """Two settled repositories (platform, service): the second load restores the federated
    corpus without loading either part; an edit in the platform log is a miss."""
    platform, service = make_repos(tmp_path)
    settle(platform, service, window_ns=SHORT_WINDOW)

    def off() -> Corpus:
        with pytest.MonkeyPatch.context() as mp:
            mp.setenv("GOVMEM_CACHE", "off")
            return Federation(service).load()

    first = Federation(service).load()
    again = Federation(service)
    restored = again.load()
    assert again.cache_counts.snapshots == 2  # the service and its platform log, no file read
    assert again.cache_counts.parsed_files == 0
    _same(restored, first)
    _same(restored, off())
    adr = sorted((platform / "docs" / "adr").glob("*.md"))[0]
    adr.write_text(adr.read_text(encoding="utf-8") + "\nOne more line.\n", encoding="utf-8")
    changed = Federation(service)
    got = changed.load()
    assert changed.cache_counts.snapshots == 1  # the service's own snapshot; the log is read
    _same(got, off())


def test_the_database_is_made_private_and_its_own_group_may_write_it(
    own_cache: Path, example: Path
) -> None:
    """A new database is 0600; one writable by the user's own primary group (a `umask 002`
    system's private group) still serves its snapshot."""
    _loader(example).load()
    db = _cache.db_path(example.resolve(), own_cache)
    assert db.stat().st_mode & 0o777 == 0o600
    assert db.stat().st_gid == os.getgid()
    db.chmod(0o660)
    loader = _loader(example)
    loader.load()
    assert loader.cache_counts.snapshots == 1


@pytest.mark.usefixtures("short_window")
def test_the_mcp_reloader_restores_a_federation_whole(own_cache: Path, tmp_path: Path) -> None:
    """The server's reloader keeps the federation it builds, and the next server starts
    from it (no part loaded, nothing federated); an edit after that reads and federates."""
    platform, service = make_repos(tmp_path)
    settle(platform, service, window_ns=SHORT_WINDOW)
    first = _reloaded(service, None)
    assert first.corpus is not None
    second = _reloaded(service, None)
    counts = second._loader.cache_counts
    assert counts.snapshots == 2
    assert counts.parsed_files == 0
    assert second.corpus is not None
    fresh = _reloaded(service, None, cache=False).corpus
    assert fresh is not None
    _same(second.corpus, first.corpus)
    _same(second.corpus, fresh)
    adr = sorted((service / "docs" / "adr").glob("*.md"))[0]
    adr.write_text(adr.read_text(encoding="utf-8") + "\nOne more line.\n", encoding="utf-8")
    updated = second.update({adr.relative_to(service).as_posix(): True})
    again = _reloaded(service, None, cache=False).corpus
    assert again is not None
    _same(updated, again)


@pytest.mark.usefixtures("short_window")
def test_a_log_whose_cache_cannot_be_opened_never_lets_a_federation_snapshot_stand(
    own_cache: Path, tmp_path: Path
) -> None:
    """A log without a snapshot key has its content in no key: the federation is read and
    federated again, and an edit of that log is seen."""
    platform, service = make_repos(tmp_path)
    settle(platform, service, window_ns=SHORT_WINDOW)
    Federation(service).load()
    db = _cache.db_path(platform.resolve(), own_cache)
    for suffix in ("", "-wal", "-shm"):
        Path(f"{db}{suffix}").unlink(missing_ok=True)
    db.mkdir()  # a folder where the database was: the log's cache cannot be opened
    adr = sorted((platform / "docs" / "adr").glob("*.md"))[0]
    adr.write_text(adr.read_text(encoding="utf-8") + "\nOne more line.\n", encoding="utf-8")
    got = Federation(service).load()
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("GOVMEM_CACHE", "off")
        _same(got, Federation(service).load())


def test_repeated_dates_and_matchers_load_once_and_equal(tmp_path: Path) -> None:
    """Equal dates and `affects` matchers across records are written once: the restored
    corpus equals the original, its repeats are one object, and distinct values stay apart."""
    files = {
        f"docs/adr/{i:04d}-r.md": (
            f"---\nid: adr-{i}\ntitle: R {i}\ntopic: t{i % 3}\nstatus: accepted\n"
            f"valid_from: 2025-0{1 + i % 2}-15\naffects: [src/db/**, 'docs/*.md']\n---\n# R {i}\n"
        )
        for i in range(12)
    }
    write_folder(tmp_path / "c", tuple(files.items()))
    loader = Loader(tmp_path / "c")
    loader.use_cache = False
    corpus = loader.load()
    snap = _snapshot.Snapshot(
        corpus, corpus.health.fingerprint, (), _snapshot.CacheCounts(0, 0, 0, 0)
    )
    blob = _snapshot.encode(snap)
    assert blob is not None
    back = _snapshot.decode(blob, _snapshot.Snapshot)
    assert back is not None
    assert back.corpus.records == corpus.records
    assert back.corpus.facts == corpus.facts
    dates = {id(r.valid_from) for r in back.corpus.records}
    assert len(dates) == 2
    assert {str(r.valid_from) for r in back.corpus.records} == {
        "2025-01-15",
        "2025-02-15",
    }  # two values, each one object
    matchers = {id(m) for r in back.corpus.records for m in r.affects}
    assert len(matchers) == 2
