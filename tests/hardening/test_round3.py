"""Hardening, round 3 (issue 50): one regression test (or more) for each failure class.

F1. a crafted value planted in every place the parse cache stores values runs no code;
F2. first-add dates follow the history (`git fetch --unshallow`, `git replace`, grafts),
    not just HEAD;
F3. what is read is what is keyed: a file that appears mid-load is never in a snapshot
    keyed without it;
F4. a cache folder of another user is neither read nor written;
F5. a symlink at the database's path is never followed;
F6. a cache folder inside the repository (or a log's) never writes the repository.
(F7, a write acknowledged once made: tests/mcp/test_tools.py.)
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Final

import pytest

import govmem
from govmem.model.codec import unpack
from govmem.shell import cache as _cache
from govmem.shell.derived import keep_derived
from govmem.shell.load import Loader
from govmem.shell.logs import Federation
from govmem.shell.stamp import GRANULARITY_NS
from govmem.testing import f1_gadget
from tests.conftest import EXAMPLE, git
from tests.federation import make_repos
from tests.shell.test_cache import _same, snapshot_files

QUESTION: Final = "Which database do new services use?"
AT: Final = "2026-09-08"


def _settled_loader(root: Path) -> Loader:
    """A loader whose clock says every file is settled: it writes a snapshot at once."""
    loader = Loader(root)
    loader.clock = lambda: time.time_ns() + 10 * GRANULARITY_NS
    return loader


def _fresh(root: Path) -> govmem.Corpus:
    loader = Loader(root)
    loader.use_cache = False
    return loader.load()


def _govmem(root: Path, *args: str, cwd: Path, env: dict[str, str]) -> dict[str, Any]:
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; from govmem.cli import main; sys.exit(main())",
            *("--root", str(root), *args, "--json"),
        ],
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=cwd,
        env={**os.environ, **env},
        timeout=120,
        check=False,
    )
    assert done.returncode in (0, 1), done.stderr
    assert "Traceback" not in done.stderr
    out: dict[str, Any] = json.loads(done.stdout)
    return out


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    shutil.copytree(EXAMPLE, root)
    git(root, "init", "-q")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "example", date="2026-03-15T12:00:00Z")
    return root


# --------------------------------------------------------------------------- F1
def test_a_crafted_value_in_every_place_the_cache_keeps_one_runs_no_code(
    own_cache: Path, repo: Path, tmp_path: Path
) -> None:
    """Round 3's F1 gadget (a pickle that resolves `Config.__init__.__class__` and
    `Config.__init__.__code__.__class__`, then makes and calls a function) planted as the
    snapshot, the derived values, every parse entry, the parsed config and the git dates:
    `govmem query` and `lint` run no code and answer as without a cache."""
    loader = _settled_loader(repo)
    corpus = loader.load()
    corpus.query(QUESTION, as_of=AT)
    assert keep_derived(corpus)
    boom = tmp_path / "BOOM"
    gadget = f1_gadget(str(boom))
    db = _cache.db_path(repo.resolve(), own_cache)
    with sqlite3.connect(db) as conn:
        for table in ("entries", "configs", "histories"):
            assert conn.execute(f"UPDATE {table} SET value = ?", (gadget,)).rowcount > 0
    kept = sorted(own_cache.glob("*.kept"))
    assert len(kept) == 2  # the snapshot and its derived values
    for path in kept:
        path.write_bytes(gadget)
    env = {"GOVMEM_CACHE_DIR": str(own_cache)}
    got = _govmem(repo, "query", QUESTION, "--as-of", AT, cwd=tmp_path, env=env)
    linted = _govmem(repo, "lint", cwd=tmp_path, env=env)
    assert not boom.exists()
    off = {"GOVMEM_CACHE": "off"}
    assert got == _govmem(repo, "query", QUESTION, "--as-of", AT, cwd=tmp_path, env=off)
    assert linted["findings"] == _govmem(repo, "lint", cwd=tmp_path, env=off)["findings"]


def test_the_cache_is_read_without_unpickling(own_cache: Path, repo: Path) -> None:
    """No value of the cache goes through `pickle`: a warm start with every unpickler
    broken restores the snapshot and answers."""
    _settled_loader(repo).load()
    with pytest.MonkeyPatch.context() as mp:
        import pickle

        def refused(*_: object, **__: object) -> object:
            raise AssertionError("the cache unpickled a value")

        mp.setattr(pickle, "loads", refused)
        mp.setattr(pickle, "load", refused)
        mp.setattr(pickle, "Unpickler", refused)
        loader = Loader(repo)
        got = loader.load()
        assert loader.cache_counts.snapshots == 1
        assert got.query(QUESTION, as_of=AT) == _fresh(repo).query(QUESTION, as_of=AT)


# --------------------------------------------------------------------------- F2
def _undated_history(tmp_path: Path) -> tuple[Path, str, str]:
    """A repository whose ADR has no date: added in a first commit (2020), the tree
    touched again in a second (2022). Returns (repo, first sha, second sha)."""
    origin = tmp_path / "origin"
    (origin / "docs" / "adr").mkdir(parents=True)
    (origin / "docs" / "adr" / "0001-use-x.md").write_text(
        "# 1. Use X\n\n## Status\n\nAccepted\n\n## Decision\n\nWe use X.\n", encoding="utf-8"
    )
    git(origin, "init", "-q", "-b", "main")
    git(origin, "add", "-A")
    git(origin, "commit", "-qm", "add", date="2020-01-02T03:04:05Z")
    (origin / "README.md").write_text("Later.\n", encoding="utf-8")
    git(origin, "add", "-A")
    git(origin, "commit", "-qm", "later", date="2022-06-07T08:09:10Z")
    return origin, git(origin, "rev-parse", "HEAD~1"), git(origin, "rev-parse", "HEAD")


def _date(root: Path) -> str:
    corpus = Loader(root).load()
    (rec,) = corpus.records
    assert rec.git_dated
    return str(rec.valid_from)


def test_dates_follow_a_shallow_clone_deepened(own_cache: Path, tmp_path: Path) -> None:
    """A shallow clone dates the ADR at its boundary; `git fetch --unshallow` (HEAD does not
    move) dates it at the commit that added it, as a load without the cache does."""
    origin, _, _ = _undated_history(tmp_path)
    clone = tmp_path / "clone"
    git(tmp_path, "clone", "-q", "--depth", "1", origin.as_uri(), str(clone))
    assert _date(clone) == "2022-06-07T08:09:10Z"
    head = git(clone, "rev-parse", "HEAD")
    git(clone, "fetch", "-q", "--unshallow")
    assert git(clone, "rev-parse", "HEAD") == head
    assert _date(clone) == "2020-01-02T03:04:05Z"


@pytest.mark.parametrize("how", ["replace", "grafts"])
def test_dates_follow_replaced_or_grafted_history(
    own_cache: Path, tmp_path: Path, how: str
) -> None:
    """`git replace --graft` (a replace ref) or `.git/info/grafts` cutting the history at the
    second commit moves the first-add date there; taking it away moves it back."""
    origin, _, second = _undated_history(tmp_path)
    assert _date(origin) == "2020-01-02T03:04:05Z"
    if how == "replace":
        git(origin, "replace", "--graft", second)
    else:
        (origin / ".git" / "info").mkdir(exist_ok=True)
        (origin / ".git" / "info" / "grafts").write_text(f"{second}\n", encoding="utf-8")
    assert _date(origin) == "2022-06-07T08:09:10Z"
    if how == "replace":
        git(origin, "replace", "-d", second)
    else:
        (origin / ".git" / "info" / "grafts").unlink()
    assert _date(origin) == "2020-01-02T03:04:05Z"


# --------------------------------------------------------------------------- F3
def test_a_file_that_appears_mid_load_is_never_snapshotted(
    own_cache: Path, repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A record written between the snapshot key's walk and the read (an agent's memory, a
    checkout) is not read into a corpus keyed without it; once it is gone again, the next
    load answers as a fresh parse (round 3's F3: the stale corpus was served). The corpus
    kept is that of the files listed, stamp for stamp (`Loader.read_as_listed`): the late
    file is in neither its key nor its records, and a load that lists it misses."""
    late = repo / "docs" / "adr" / "025.md"
    real_files = Loader.files

    def with_a_late_file(self: Loader, *args: object, **kwargs: object) -> object:
        late.write_text(
            "---\nid: adr-025\ntopic: database\nvalue: CockroachDB\nstatus: accepted\n"
            "date: 2026-05-01\nscope: new-services\nsupersedes: adr-024\n---\n# ADR 025\n",
            encoding="utf-8",
        )
        return real_files(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Loader, "files", with_a_late_file)
    first = _settled_loader(repo).load()
    monkeypatch.undo()
    assert "adr-025" not in {r.id for r in first.records}  # the files read are those keyed
    listed = _settled_loader(repo)
    assert "adr-025" in {r.id for r in listed.load().records}
    assert listed.cache_counts.snapshots == 0
    late.unlink()
    loader = _settled_loader(repo)
    got = loader.load()
    _same(got, _fresh(repo))
    assert "adr-025" not in {r.id for r in got.records}
    answer = got.query(QUESTION, as_of=AT)
    assert answer.decision is not None
    assert answer.decision.id == "adr-024"


# ----------------------------------------------------------------------- F4, F5
def _tree(folder: Path) -> dict[str, tuple[int, int, bytes | str]]:
    """Every entry under `folder` (not following symlinks): mode, size, content or target."""
    out: dict[str, tuple[int, int, bytes | str]] = {}
    for path in sorted(folder.rglob("*")):
        st = path.lstat()
        body: bytes | str = (
            os.readlink(path) if path.is_symlink() else path.read_bytes() if path.is_file() else b""
        )
        out[str(path.relative_to(folder))] = (st.st_mode, st.st_size, body)
    return out


@pytest.mark.skipif(os.geteuid() != 0, reason="making a folder another user's needs root (chown)")
def test_another_users_cache_folder_is_neither_read_nor_written(
    repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`GOVMEM_CACHE_DIR` on a folder of `nobody`, mode 0777, holding a database made for this
    root (its name is predictable), mode 0666: nothing is written into it, nothing read,
    and `lint` says why."""
    import pwd

    nobody = pwd.getpwnam("nobody")
    folder = tmp_path / "theirs"
    folder.mkdir()
    db = _cache.db_path(repo.resolve(), folder)
    sqlite3.connect(db).close()
    for path in (folder, db):
        os.chown(path, nobody.pw_uid, nobody.pw_gid)
    folder.chmod(0o777)
    db.chmod(0o666)
    before = _tree(folder)
    monkeypatch.setenv("GOVMEM_CACHE_DIR", str(folder))
    loader = Federation(repo)
    got = loader.load()
    assert _tree(folder) == before
    assert loader.cache_refused is not None
    assert "another user" in loader.cache_refused
    _same(got, _fresh(repo))
    monkeypatch.chdir(tmp_path)
    linted = _govmem(repo, "lint", cwd=tmp_path, env={"GOVMEM_CACHE_DIR": str(folder)})
    assert [f for f in linted["findings"] if f["code"] == "cache-untrusted"]
    assert _tree(folder) == before


@pytest.mark.parametrize("suffix", ["", "-wal", "-shm"])
def test_a_symlink_at_a_database_path_is_never_followed(
    own_cache: Path, repo: Path, tmp_path: Path, suffix: str
) -> None:
    """A dangling symlink where the database (or its `-wal`, `-shm`) would be: SQLite never
    creates the file it points to, nothing is chmodded through it, the cache is bypassed."""
    own_cache.mkdir(mode=0o700)
    target = tmp_path / "elsewhere" / "planted.sqlite3"
    target.parent.mkdir()
    link = Path(f"{_cache.db_path(repo.resolve(), own_cache)}{suffix}")
    link.symlink_to(target)
    loader = Loader(repo)
    got = loader.load()
    assert not target.exists()
    assert list(target.parent.iterdir()) == []
    assert loader.cache_refused is not None
    assert "symbolic link" in loader.cache_refused
    _same(got, _fresh(repo))


# --------------------------------------------------------------------------- F6
@pytest.mark.parametrize("inside", [".govmem-cache", "docs/adr/cache", "."])
def test_a_cache_folder_inside_the_repository_writes_nothing_there(
    repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, inside: str
) -> None:
    """`GOVMEM_CACHE_DIR` inside the root (relative, as a user writes it, or the root
    itself): the repository stays as it was (`git status` clean), and `lint` says why."""
    monkeypatch.chdir(repo)
    monkeypatch.setenv("GOVMEM_CACHE_DIR", inside)
    before = _tree(repo)
    loader = Federation(repo)
    got = loader.load()
    assert _tree(repo) == before
    assert git(repo, "status", "--porcelain", "--ignored") == ""
    assert loader.cache_refused is not None
    assert "inside" in loader.cache_refused
    _same(got, _fresh(repo))


def test_a_cache_folder_inside_a_logs_root_writes_nothing_there(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The cache folder inside the folder of a federated log: neither the log's repository
    nor the local one is written."""
    platform, service = make_repos(tmp_path)
    monkeypatch.setenv("GOVMEM_CACHE_DIR", str(platform / ".cache"))
    before = _tree(platform), _tree(service)
    loader = Federation(service)
    loader.load()
    assert (_tree(platform), _tree(service)) == before
    assert loader.cache_refused is not None


# ------------------------------------------------- a value damaged, found on first use
def damage_a_record(root: Path, cache: Path) -> None:
    """Overwrite the middle of every record of `root`'s snapshot with bytes of the same length
    that are no JSON: the container, the head and the offsets still read (the restore takes
    it), the records do not (found when an answer first reads one)."""
    (path,) = snapshot_files(root, cache)
    data = bytearray(path.read_bytes())
    view = unpack(bytes(data))
    start = len(data) - sum(len(v) for v in view.values())
    for name, section in view.items():
        if name == "records":
            break
        start += len(section)
    records = view["records"]
    for i in range(len(records) // 4, len(records), max(1, len(records) // 8)):
        data[start + i] = ord("\x01")
    path.write_bytes(bytes(data))


def test_a_record_that_does_not_read_on_first_use_drops_the_cache(
    own_cache: Path, repo: Path, tmp_path: Path
) -> None:
    """A snapshot whose records are damaged past its head: the restore takes it, the first
    answer that reads a record finds the damage; the CLI removes the cache and answers
    from the files, as without a cache."""
    _settled_loader(repo).load()
    damage_a_record(repo, own_cache)
    env = {"GOVMEM_CACHE_DIR": str(own_cache)}
    got = _govmem(
        repo, "query", QUESTION, "--topic", "database", "--as-of", AT, cwd=tmp_path, env=env
    )
    off = {"GOVMEM_CACHE": "off"}
    assert got == _govmem(
        repo, "query", QUESTION, "--topic", "database", "--as-of", AT, cwd=tmp_path, env=off
    )
