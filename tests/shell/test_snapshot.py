"""Tests for the parse cache's whole-corpus snapshots (`govmem.shell.snapshot`, SPEC §8 v5).

A snapshot is trusted on stat data alone, so every test here checks the one
promise that makes that safe: a restored corpus is the corpus a fresh parse
gives, field for field, and a file changed since is never missed.
"""

from __future__ import annotations

import ast
import os
import pickle
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Final

import pytest
from hypothesis import HealthCheck, given, settings

from govmem import Reloader
from govmem._corpus import Corpus
from govmem.engine.bm25 import TopicIndex
from govmem.engine.qindex import TOPIC_INDEX, topic_index
from govmem.index.lazy import Lazy
from govmem.model.codec import pack
from govmem.shell import cache as _cache
from govmem.shell import snapshot as _snapshot
from govmem.shell.cache import write_behind
from govmem.shell.derived import keep_derived, seed_derived
from govmem.shell.load import Loader
from govmem.shell.logs import Federation
from govmem.shell.stamp import GRANULARITY_NS, settled
from govmem.testing import FileEdits, apply_edit, f1_gadget, file_edits, settle, write_folder
from tests.conftest import EXAMPLE, examples
from tests.federation import make_repos
from tests.shell.test_cache import _same, snapshot_files

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
    swapped pairs all change a stamp: the snapshot is never served after one of them; and a
    restored corpus answers as a fresh parse, its lists decoded lazily, then equals it field
    for field once every item is read."""
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
            fresh = _fresh(root)
            assert isinstance(again.records, Lazy)
            assert again.records.decoded() == 0  # nothing decoded until read
            for topic in fresh.topics():  # the answers from lazy lists, a few records decoded
                asked = ("What is decided?", topic, None, "2026-01-01")
                assert again.query(*asked).to_dict() == fresh.query(*asked).to_dict()
            assert again.list_topics(as_of="2026-01-01") == fresh.list_topics(as_of="2026-01-01")
            _same(again, fresh)  # then every field of every item, forced


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
    question, at = "Which database do new services use?", "2026-09-08"
    assert second.query(question, "database", as_of=at) == first.query(
        question, "database", as_of=at
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
    assert snapshot_files(example, own_cache) == []


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


@pytest.mark.parametrize("change", ["edit", "remove", "add", "swap"])
def test_a_file_changed_between_the_listing_and_the_read_is_never_kept(
    own_cache: Path, example: Path, change: str
) -> None:
    """The stamps a snapshot is keyed by are those of the files read: a file edited, removed
    or swapped for another after the stat walk and before it is read keeps no snapshot (its
    stat through the descriptor is not its listed row); one added since is not read, and the
    next load, which lists it, misses."""
    loader = _loader(example)
    docs = sorted((example / "docs").rglob("*.md"))
    with loader.store() as store:
        prepared = loader.prepare(store)
        _tick()
        if change == "edit":
            docs[0].write_bytes(docs[0].read_bytes().replace(b"e", b"E", 1))
        elif change == "remove":
            docs[0].unlink()
        elif change == "swap":
            text = docs[0].read_bytes()
            docs[0].unlink()
            docs[0].write_bytes(text)  # the same bytes, another inode
        else:
            (docs[0].parent / "0999-new.md").write_text("# 999. New\n\nStatus: accepted\n")
        got = loader.load_prepared(prepared, store)
    assert loader.keepable is (change == "add")
    assert bool(snapshot_files(example, own_cache)) is (change == "add")
    again = _loader(example)
    assert again.load() == _fresh(example)
    assert again.cache_counts.snapshots == 0
    if change in ("edit", "swap"):  # a file removed was read as unreadable, as it was then
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
    (path,) = snapshot_files(example, own_cache)
    path.write_bytes(value)


class _Boom:
    def __reduce__(self) -> tuple[Callable[..., object], tuple[str]]:
        return (os.system, ("touch BOOM",))


def _container(**sections: bytes) -> bytes:
    """A well-formed container (`codec.pack`) holding whatever sections it is given."""
    return pack(sections)


@pytest.mark.parametrize(
    "value",
    [
        b"\x00\xff\x00",
        b"",
        pickle.dumps(_Boom()),  # the old format's gadget: bytes the reader never unpickles
        f1_gadget(),
        _container(snapshot=b"[]"),
        _container(snapshot=b'["d", [], [0, 0, 0, 0, 0]]', head=b'["os.system", "touch BOOM"]'),
    ],
    ids=["garbage", "empty", "pickle", "f1-gadget", "not-a-snapshot", "class-named-in-data"],
)
def test_a_damaged_or_foreign_snapshot_is_a_miss(
    own_cache: Path, example: Path, value: bytes, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A value that does not read as a snapshot is parsed around, and nothing in it runs."""
    monkeypatch.chdir(example)
    _loader(example).load()
    _damage(example, own_cache, value)
    loader = _loader(example)
    got = loader.load()
    assert loader.cache_counts.snapshots == 0
    assert not (example / "BOOM").exists()
    _same(got, _fresh(example))


@pytest.mark.parametrize("shared", ["file", "folder", "group-file", "group-folder"])
def test_a_cache_others_can_write_is_neither_read_nor_written(
    own_cache: Path, example: Path, shared: str
) -> None:
    """A database file, or the folder holding it, open to group or others (a shared folder,
    where another user could plant a value or a write-ahead log) serves no snapshot and no
    per-file entry, and is not written: every file is parsed, and `lint` says why."""
    _loader(example).load()
    db = _cache.db_path(example.resolve(), own_cache)
    target = db if "file" in shared else own_cache
    target.chmod(
        {"file": 0o666, "folder": 0o777, "group-file": 0o660, "group-folder": 0o770}[shared]
    )
    before = {p: p.stat().st_mtime_ns for p in own_cache.iterdir()}
    loader = _loader(example)
    got = loader.load()
    assert loader.cache_counts.snapshots == 0
    assert (loader.cache_counts.cached, loader.cache_counts.cached_files) == (0, 0)
    assert loader.cache_counts.parsed_files > 0
    assert loader.cache_refused is not None
    assert "open to other users" in loader.cache_refused
    assert {p: p.stat().st_mtime_ns for p in own_cache.iterdir()} == before
    _same(got, _fresh(example))
    target.chmod(0o600 if "file" in shared else 0o700)
    again = _loader(example)
    again.load()
    assert again.cache_counts.snapshots == 1
    assert again.cache_refused is None


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
    """`keep_derived` keeps the BM25 topic index beside the snapshot; the next start reads it
    only when asked (`seed_derived`, before an inferred question) and answers with it, as a
    fresh parse would (every answer asked at one `as_of`)."""
    question, at = "Which database do new services use?", "2026-09-08"
    first = _loader(example).load()
    assert not keep_derived(first)  # nothing built yet: nothing to write
    answer = first.query(question, as_of=at)
    assert keep_derived(first)
    assert not keep_derived(first)  # written once
    again = _loader(example).load()
    assert again.memo.kept() == ()  # a start on a named topic reads no derived value
    assert seed_derived(again)
    assert again.memo.seeded(TOPIC_INDEX, "\0none")
    assert again.query(question, as_of=at) == answer == _fresh(example).query(question, as_of=at)
    assert [k.name for k, _, _ in again.memo.kept()] == ["query:topic-index"]


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


def test_a_kept_topic_index_ranks_as_the_one_it_was_made_from() -> None:
    """The topic index, written as data (`encode_kept`) and read back, infers the same
    topics and candidates; a damaged one is built again (a miss)."""
    corpus = _fresh(EXAMPLE)
    index = topic_index(corpus)
    blob = _snapshot.encode_kept(index, TopicIndex)
    assert blob is not None
    back = _snapshot.decode_kept(blob, TopicIndex)
    assert isinstance(back, TopicIndex)
    for question in ("Which database do new services use?", "DynamoDB?", "Kafka or RabbitMQ?"):
        assert back.rank(question) == index.rank(question)
    assert _snapshot.decode_kept(blob[:-3], TopicIndex) is None


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


def test_the_cache_files_are_made_private(own_cache: Path, example: Path) -> None:
    """The folder is 0700 and every file govmem makes in it 0600, from its first byte."""
    loader = _loader(example)
    loader.load()
    keep_derived(loader.load())
    assert own_cache.stat().st_mode & 0o777 == 0o700
    made = list(own_cache.iterdir())
    assert any(p.suffix == ".kept" for p in made)
    assert {p.name: p.stat().st_mode & 0o777 for p in made} == {p.name: 0o600 for p in made}


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


def test_dates_and_matchers_round_trip(tmp_path: Path) -> None:
    """Dates (dates and instants) and `affects` matchers read back equal, and the lists of a
    restored corpus are decoded only as they are read."""
    files = {
        f"docs/adr/{i:04d}-r.md": (
            f"---\nid: adr-{i}\ntitle: R {i}\ntopic: t{i % 3}\nstatus: accepted\n"
            f"valid_from: 2025-0{1 + i % 2}-15{'T10:11:12+02:00' if i % 4 == 0 else ''}\n"
            f"affects: [src/db/**, {{type: path, pattern: 'docs/*.md', negate: true}}]\n---\n# R {i}\n"
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
    records = back.corpus.records
    assert isinstance(records, Lazy)
    assert records.decoded() == 0
    assert records[3] == corpus.records[3]
    assert records.decoded() == 1
    assert back.corpus.records == corpus.records
    assert back.corpus.facts == corpus.facts
    assert {str(r.valid_from) for r in records} == {str(r.valid_from) for r in corpus.records}


def test_held_writes_wait_for_the_flush_and_then_serve(own_cache: Path, example: Path) -> None:
    """Within `write_behind`, a cold load writes nothing to the cache (the answer comes
    first); flushed, the entries and the snapshot are there and the next load restores."""
    with write_behind() as held:
        loader = _loader(example)
        first = loader.load()
        assert snapshot_files(example, own_cache) == []
        with sqlite3.connect(_cache.db_path(example.resolve(), own_cache)) as conn:
            assert conn.execute("SELECT count(*) FROM entries").fetchone()[0] == 0
    held.flush()
    assert len(snapshot_files(example, own_cache)) == 1
    again = _loader(example)
    _same(again.load(), first)
    assert again.cache_counts.snapshots == 1


def test_the_cli_prints_its_answer_before_it_writes_the_cache(
    own_cache: Path, example: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A one-shot `govmem query` on a cold cache: when its answer is printed, the cache holds
    no snapshot yet; when the command returns, it does (SPEC §8: the answer first)."""
    from govmem.cli import base
    from govmem.cli.main import main as cli_main

    seen: list[int] = []
    real_out = base.out

    def out(text: str) -> None:
        seen.append(len(snapshot_files(example, own_cache)))
        real_out(text)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr("govmem.cli.query.out", out)
        mp.setattr(
            "govmem.shell.snapshot.settled", lambda changed_ns, since_ns: True
        )  # the files were just copied: let them be snapshotted
        argv = ["--root", str(example), "query", "database?", "--as-of", "2026-09-08"]
        assert cli_main(argv) == 0
    assert seen == [0]
    assert "adr-024" in capsys.readouterr().out
    assert len(snapshot_files(example, own_cache)) == 1


WARM_THIRD_PARTY: Final = frozenset({"attr", "attrs", "ruamel", "snowballstemmer"})
"""What a warm one-shot `query --topic` imports beyond the standard library and govmem:
attrs (the model), the `ruamel` namespace alone (its version is keyed: `find_spec` imports
no parser) and the stemmer (evidence's terms). No YAML or Markdown parser, no pathspec,
cattrs, platformdirs, pickle or multiprocessing: a restored corpus parses nothing."""


def test_a_warm_query_on_a_named_topic_imports_only_what_it_uses(
    own_cache: Path, example: Path
) -> None:
    """The import set of a warm `govmem query --topic`, pinned (issue 53)."""
    _loader(example).load()  # a snapshot of the files just copied (the clock shifted)
    probe = (
        "import sys\n"
        "from govmem.cli.main import main\n"
        "code = main(sys.argv[1:])\n"
        "std = set(sys.stdlib_module_names)\n"
        "tops = {m.split('.')[0] for m in sys.modules}\n"
        "print(sorted(t for t in tops if t not in std and not t.startswith(('govmem', '_'))))\n"
        "print(sorted(t for t in tops if t in ('pickle', 'multiprocessing', 'concurrent')))\n"
        "sys.exit(code)\n"
    )
    argv = ["--root", str(example), "query", "database?", "--topic", "database"]
    done = subprocess.run(
        [sys.executable, "-c", probe, *argv, "--as-of", "2026-09-08"],
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "GOVMEM_CACHE_DIR": str(own_cache)},
    )
    assert done.returncode == 0, done.stderr
    third, heavy = done.stdout.strip().splitlines()[-2:]
    assert set(ast.literal_eval(third)) == WARM_THIRD_PARTY
    assert ast.literal_eval(heavy) == []


def test_a_kept_file_left_half_written_by_a_killed_process_is_swept(
    own_cache: Path, example: Path
) -> None:
    """A server killed while it wrote a snapshot leaves its `.tmp`: the next write removes it
    when its writer (the pid in its name) no longer runs, never a live writer's."""
    _loader(example).load()
    (kept,) = snapshot_files(example, own_cache)
    done = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        check=True,
        capture_output=True,
        text=True,
    )
    dead = own_cache / f"{kept.name}.{done.stdout.strip()}.0a1b2c3d.tmp"
    live = own_cache / f"{kept.name}.{os.getppid()}.0a1b2c3d.tmp"
    for tmp in (dead, live):
        tmp.write_bytes(b"half a snapshot")
        tmp.chmod(0o600)
    config = example / "govmem.yaml"
    config.write_text(config.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    _loader(example).load()  # a new snapshot is written: the sweep runs
    assert not dead.exists()
    assert live.exists()
    assert _cache.cache_info(example.resolve()) is not None
