"""The MCP server watches the folders ADR discovery found, and re-plans when discovery would change."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

import pytest

from govmem_mcp._state import LiveCorpus
from tests.conftest import write_files

from .support import git

pytest_plugins = ["tests.mcp.plugin"]

ADR = "# {n}. {title}\n\nDate: 2024-03-0{n}\n\n## Status\n\nAccepted\n"


def _repo(root: Path, files: Mapping[str, str]) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    write_files(root, files)
    git(root, "init", "-q", "-b", "main")
    return root


@contextmanager
def _serving(root: Path, watch: str) -> Iterator[LiveCorpus]:
    live = LiveCorpus(root, watch=watch)
    try:
        yield live
    finally:
        live.close()


def _ids(live: LiveCorpus) -> list[str]:
    return sorted(r.id for r in live.current().records)


def _rewrite(path: Path, text: str) -> None:
    """Rewrite a file in place (the folder's mtime does not change)."""
    with path.open("r+", encoding="utf-8") as fh:
        fh.seek(0)
        fh.write(text)
        fh.truncate()


@pytest.fixture(params=["inotify", "stat"])
def watch(request: pytest.FixtureRequest) -> str:
    mode: str = request.param
    return mode


def test_the_folder_adr_dir_names_is_watched_and_a_new_adr_dir_is_seen(
    tmp_path: Path, watch: str, settle: Callable[[LiveCorpus], None]
) -> None:
    root = _repo(
        tmp_path / "repo",
        {
            ".adr-dir": "arch/one\n",
            "arch/one/0001-a.md": ADR.format(n=1, title="A"),
            "arch/two/0002-b.md": ADR.format(n=2, title="B"),
        },
    )
    with _serving(root, watch) as live:
        assert _ids(live) == ["0001"]
        assert live.watch_kind == watch
        settle(live)
        (root / "arch/one/0003-c.md").write_text(ADR.format(n=3, title="C"), encoding="utf-8")
        assert _ids(live) == ["0001", "0003"]
        settle(live)
        _rewrite(root / ".adr-dir", "arch/two\n")
        assert _ids(live) == ["0002"]
        settle(live)
        (root / "arch/three").mkdir()
        (root / "arch/three/0004-d.md").write_text(ADR.format(n=4, title="D"), encoding="utf-8")
        _rewrite(root / ".adr-dir", "arch/three\n")
        assert _ids(live) == ["0004"]


def test_a_missing_folder_adr_dir_names_is_seen_when_it_appears(tmp_path: Path, watch: str) -> None:
    root = _repo(tmp_path / "repo", {".adr-dir": "records/adr\n", "records/x.txt": ""})
    with _serving(root, watch) as live:
        assert [f.code for f in live.current().findings] == ["missing-path", "no-adr-folder"]
        (root / "records/adr").mkdir()
        (root / "records/adr/0001-a.md").write_text(ADR.format(n=1, title="A"), encoding="utf-8")
        assert _ids(live) == ["0001"]
        assert live.current().findings == ()


def test_the_root_becomes_the_adr_folder_when_adrs_appear_in_it(
    tmp_path: Path, watch: str, settle: Callable[[LiveCorpus], None]
) -> None:
    root = _repo(tmp_path / "repo", {"README.md": "# Readme\n", "notes.md": "# Notes\n"})
    with _serving(root, watch) as live:
        assert [f.code for f in live.current().findings] == ["no-adr-folder"]
        settle(live)
        _rewrite(root / "notes.md", "---\nstatus: accepted\ndate: 2024-01-01\n---\n# Notes\n")
        assert _ids(live) == ["notes"]
        assert live.current().folders == (".",)
        settle(live)
        (root / "notes.md").unlink()
        assert [f.code for f in live.current().findings] == ["no-adr-folder"]
        (root / "0001-x.md").write_text(ADR.format(n=1, title="X"), encoding="utf-8")
        assert _ids(live) == ["0001"]


def test_an_empty_adr_folder_appearing_clears_the_finding(tmp_path: Path, watch: str) -> None:
    """Same files, same fingerprint, but other folders: the held corpus is not kept."""
    root = _repo(tmp_path / "repo", {"README.md": "# Readme\n"})
    with _serving(root, watch) as live:
        assert [f.code for f in live.current().findings] == ["no-adr-folder"]
        (root / "docs/adr").mkdir(parents=True)
        corpus = live.current()
        assert (corpus.findings, corpus.folders) == ((), ("docs/adr",))


def test_log4brains_packages_are_watched(tmp_path: Path, watch: str) -> None:
    root = _repo(
        tmp_path / "repo",
        {
            ".log4brains.yml": (
                "project:\n  adrFolder: ./docs/adr\n  packages:\n"
                "    - {name: core, path: ./packages/core, adrFolder: ./packages/core/adr}\n"
            ),
            "docs/adr/0001-a.md": ADR.format(n=1, title="A"),
            "packages/core/adr/0002-b.md": ADR.format(n=2, title="B"),
        },
    )
    with _serving(root, watch) as live:
        assert _ids(live) == ["0001", "0002"]
        (root / "packages/core/adr/0003-c.md").write_text(ADR.format(n=3, title="C"), "utf-8")
        corpus = live.current()
        scope = {r.id: corpus.facts[i].scope for i, r in enumerate(corpus.records)}
        assert scope == {"0001": "all", "0002": "core", "0003": "core"}


def test_a_root_read_for_its_adr_names_keeps_the_quick_path(
    tmp_path: Path, watch: str, settle: Callable[[LiveCorpus], None]
) -> None:
    """Editing or adding an ADR in such a root re-reads the file; removing the last one re-plans."""
    root = _repo(tmp_path / "repo", {"0001-a.md": ADR.format(n=1, title="A")})
    with _serving(root, watch) as live:
        assert _ids(live) == ["0001"]
        settle(live)
        quick = live.quick_reloads
        _rewrite(root / "0001-a.md", ADR.format(n=1, title="Changed"))
        assert [r.title for r in live.current().records] == ["1. Changed"]
        (root / "0002-b.md").write_text(ADR.format(n=2, title="B"), encoding="utf-8")
        assert _ids(live) == ["0001", "0002"]
        if watch == "inotify":
            assert live.quick_reloads == quick + 2
        (root / "0001-a.md").unlink()
        (root / "0002-b.md").rename(root / "notes.md")
        corpus = live.current()
        assert (corpus.records, [f.code for f in corpus.findings]) == ((), ["no-adr-folder"])
