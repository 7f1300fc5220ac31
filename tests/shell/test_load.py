"""The I/O shell: folders and git trees -> `Corpus`, never an exception for a bad file.

These tests write real files (`tmp_path`, or `tmp_path_factory` under
hypothesis), symlinks and git repositories.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from random import Random
from typing import Final

import pytest
from hypothesis import given
from hypothesis import strategies as st

import govmem
from govmem import Corpus, GitHistoryError
from govmem.model.records import SEVERITY
from govmem.shell import files as _files
from tests.conftest import git, write_files

MAX: Final = 64 * 1024

ADR: Final = "# {n}. Use {what}\n\nDate: 2024-0{m}-1{d}\n\n## Status\n\n{status}\n\n## Decision\n\nUse {what}.\n"
STATUSES: Final = ("Accepted", "Proposed", "Superseded by [1. X](0001-use-x.md)", "Rejected", "")


_write = write_files


def _snapshot(corpus: Corpus) -> str:
    """The corpus as JSON text: records, sources, relations, findings, health."""
    return json.dumps(
        {
            "records": [govmem.unstructure(r) for r in corpus.records],
            "sources": [govmem.unstructure(s) for s in corpus.sources],
            "relations": [govmem.unstructure(r) for r in corpus.relations],
            "findings": [govmem.unstructure(f) for f in corpus.findings],
            "health": corpus.health.to_dict(),
        },
        sort_keys=True,
        ensure_ascii=False,
    )


def _codes(corpus: Corpus) -> list[tuple[str, str | None]]:
    return [(f.code, f.path) for f in corpus.findings]


# --------------------------------------------------------------------- properties

ADR_FILES = st.dictionaries(
    st.integers(1, 30).map(lambda n: f"docs/adr/{n:04d}-use-x{n}.md"),
    st.builds(
        lambda n, m, d, status, what: ADR.format(n=n, m=m, d=d, status=status, what=what),
        st.integers(1, 30),
        st.integers(1, 9),
        st.integers(0, 9),
        st.sampled_from(STATUSES),
        st.sampled_from(["PostgreSQL", "MySQL", "x"]),
    ),
    min_size=1,
    max_size=8,
)
MEMORY_FILES = st.dictionaries(
    st.sampled_from(["memory/a.yaml", "memory/b.yml", "docs/adr/notes.yaml"]),
    st.sampled_from(
        [
            "kind: memory\ncategory: fact\nkey: db\ncontent: Postgres\n",
            "- {kind: claim, id: c1, content: Mongo, topic: db}\n- {kind: source, id: s1, text: hi}\n",
            "kind: relation\nid: r1\nbetween: [c1, '0001']\n",
            "kind: decision\ncontent: no id\n",
        ]
    ),
    max_size=3,
)


@given(ADR_FILES, MEMORY_FILES, st.randoms(use_true_random=False))
def test_file_creation_order_changes_neither_fingerprint_nor_records(
    tmp_path_factory: pytest.TempPathFactory,
    adrs: dict[str, str],
    memories: dict[str, str],
    rnd: Random,
) -> None:
    """Two trees with the same files written in different orders load identically."""
    files = {**adrs, **memories}
    order = list(files)
    shuffled = list(order)
    rnd.shuffle(shuffled)
    first, second = tmp_path_factory.mktemp("a"), tmp_path_factory.mktemp("b")
    _write(first, {k: files[k] for k in order})
    _write(second, {k: files[k] for k in reversed(shuffled)})
    a, b = govmem.load(first), govmem.load(second)
    assert a.health == b.health
    assert _snapshot(a) == _snapshot(b)


NAME_CHARS = st.characters(
    exclude_categories=["Cs"], exclude_characters="/\\\x00", max_codepoint=0x1F600
)
ODD_NAMES = st.one_of(
    st.text(NAME_CHARS, min_size=1, max_size=40).map(lambda s: s + ".md"),
    st.text(NAME_CHARS, min_size=1, max_size=40).map(lambda s: s + ".yaml"),
    st.sampled_from(["README.md", "0000-template.md", "x.markdown", "a b.yml", "-.md", "ü.md"]),
).filter(lambda s: len(s.encode("utf-8")) < 200 and not s.startswith("."))


@given(st.dictionaries(ODD_NAMES, st.binary(max_size=512), min_size=1, max_size=5))
def test_any_bytes_under_any_name_give_records_or_findings(
    tmp_path_factory: pytest.TempPathFactory, files: dict[str, bytes]
) -> None:
    """No exception: every file is a record, an exclusion with a finding, or a skip."""
    root = tmp_path_factory.mktemp("any")
    _write(root, {f"docs/adr/{name}": data for name, data in files.items()})
    corpus = govmem.load(root)
    assert all(f.code in SEVERITY for f in corpus.findings)
    accounted = {f.path for f in corpus.findings} | {r.path for r in corpus.records}
    accounted |= {s.path for s in corpus.sources} | {r.path for r in corpus.relations}
    assert {f"docs/adr/{name}" for name in files} <= accounted
    assert _snapshot(govmem.load(root)) == _snapshot(corpus)


@given(ADR_FILES, MEMORY_FILES)
def test_loading_the_same_tree_twice_is_byte_identical(
    tmp_path_factory: pytest.TempPathFactory, adrs: dict[str, str], memories: dict[str, str]
) -> None:
    """`govmem.unstructure` of everything loaded is the same JSON text both times."""
    root = tmp_path_factory.mktemp("twice")
    _write(root, {**adrs, **memories})
    assert _snapshot(govmem.load(root)) == _snapshot(govmem.load(root))


# ------------------------------------------------------------------ guarded files


@pytest.mark.parametrize(("size", "read"), [(MAX, True), (MAX + 1, False), (5 * MAX, False)])
def test_a_file_over_64_kib_is_excluded_never_truncated(
    tmp_path: Path, size: int, read: bool
) -> None:
    """Over 65,536 bytes: `record-too-large`, counted excluded, no half record."""
    head = "# 1. Big\n\nDate: 2024-01-01\n\n## Status\n\nAccepted\n\n"
    _write(tmp_path, {"docs/adr/0001-big.md": head + "x" * (size - len(head))})
    corpus = govmem.load(tmp_path)
    assert (corpus.health.record_count, corpus.health.excluded_count) == (
        (1, 0) if read else (0, 1)
    )
    if read:
        assert len(corpus.records[0].body) == size
    else:
        assert _codes(corpus) == [("record-too-large", "docs/adr/0001-big.md")]
        assert corpus.findings[0].severity == "error"


def test_a_symlink_leaving_the_root_is_outside_root(tmp_path: Path) -> None:
    """A link to a file outside the corpus root is excluded with `outside-root`."""
    outside = tmp_path / "outside.md"
    outside.write_text("# 1. Secret\n\n## Status\n\nAccepted\n", encoding="utf-8")
    root = tmp_path / "repo"
    (root / "docs/adr").mkdir(parents=True)
    (root / "docs/adr/0001-secret.md").symlink_to(outside)
    corpus = govmem.load(root)
    assert _codes(corpus) == [("outside-root", "docs/adr/0001-secret.md")]
    assert (corpus.health.record_count, corpus.health.excluded_count) == (0, 1)


def test_a_symlink_inside_the_root_is_followed(tmp_path: Path) -> None:
    """A link to another file of the corpus is read like a file."""
    _write(tmp_path, {"docs/adr/0001-a.md": "# 1. A\n\n## Status\n\nAccepted\n"})
    (tmp_path / "docs/adr/0002-b.md").symlink_to("0001-a.md")
    corpus = govmem.load(tmp_path)
    assert [r.path for r in corpus.records] == ["docs/adr/0001-a.md", "docs/adr/0002-b.md"]


@pytest.mark.parametrize("target", ["loop.md", "other.md"])
def test_a_symlink_loop_is_unreadable(tmp_path: Path, target: str) -> None:
    """A link to itself, or two links to each other: `unreadable`, excluded."""
    adr = tmp_path / "docs/adr"
    adr.mkdir(parents=True)
    (adr / "loop.md").symlink_to(target)
    if target == "other.md":
        (adr / "other.md").symlink_to("loop.md")
    corpus = govmem.load(tmp_path)
    assert {code for code, _ in _codes(corpus)} == {"unreadable"}
    assert corpus.health.record_count == 0
    assert corpus.health.excluded_count == (1 if target == "loop.md" else 2)


def test_a_file_placed_by_its_folder_reads_as_a_file_resolved_whole(tmp_path: Path) -> None:
    """`read_file` with a load's resolved folders gives what resolving every path whole gives:
    plain files, links to files in and out of the root, loops, and files reached through a
    folder link inside the root or leaving it."""
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.md").write_text("# Secret\n", encoding="utf-8")
    root = tmp_path / "root"
    adr = root / "docs/adr"
    _write(root, {"docs/adr/0001-a.md": "# 1. A\n", "inner/0002-b.md": "# 2. B\n"})
    (adr / "0003-in.md").symlink_to("../../inner/0002-b.md")
    (adr / "0004-out.md").symlink_to(outside / "secret.md")
    (adr / "0005-loop.md").symlink_to("0005-loop.md")
    (adr / "self").symlink_to(".")
    (adr / "away").symlink_to(outside)
    real = root.resolve()
    rels = [
        "docs/adr/0001-a.md",
        "docs/adr/0003-in.md",
        "docs/adr/0004-out.md",
        "docs/adr/0005-loop.md",
        "docs/adr/self/0001-a.md",
        "docs/adr/self/0004-out.md",
        "docs/adr/away/secret.md",
        "docs/adr/missing.md",
        "inner/0002-b.md",
    ]
    folders: _files.Folders = {}
    placed = [_files.read_file(real, rel, folders=folders) for rel in rels]
    assert placed == [_files.read_file(real, rel) for rel in rels]
    codes = [f.finding.code if f.finding else None for f in placed]
    out, unreadable = "outside-root", "unreadable"
    assert codes == [None, None, out, unreadable, None, out, out, unreadable, None]


def test_a_folder_symlink_loop_is_walked_once(tmp_path: Path) -> None:
    """A folder linking back to its parent neither hangs nor reads a file twice."""
    _write(tmp_path, {"docs/adr/0001-a.md": "# 1. A\n\n## Status\n\nAccepted\n"})
    (tmp_path / "docs/adr/again").symlink_to("..")
    corpus = govmem.load(tmp_path)
    assert [r.id for r in corpus.records] == ["0001"]


@pytest.mark.parametrize(
    ("rel", "text"),
    [
        ("docs/adr/0001-x.md", '---\ntitle: "unterminated\nstatus: accepted\n---\n# X\n'),
        ("docs/adr/0001-x.md", "---\n- a list\n---\n# X\n"),
        ("docs/adr/0001-x.md", "---\ntitle: X\nstatus: accepted\n# never closed\n"),
        ("memory/m.yaml", "kind: memory\ncategory: [fact\n"),
        ("memory/m.yaml", "a: &a [*a, *a]\nb: *a\n" + "c: [" * 80 + "]" * 80 + "\n"),
    ],
)
def test_bad_yaml_excludes_the_file_with_bad_yaml(tmp_path: Path, rel: str, text: str) -> None:
    """Unparsable, non-mapping, unclosed or too deep YAML: `bad-yaml`, one exclusion."""
    _write(tmp_path, {rel: text})
    (tmp_path / "docs/adr").mkdir(parents=True, exist_ok=True)  # an ADR folder, even if empty
    corpus = govmem.load(tmp_path)
    assert _codes(corpus) == [("bad-yaml", rel)]
    assert (corpus.health.record_count, corpus.health.excluded_count) == (0, 1)


def test_a_missing_paths_entry_is_a_warning_not_an_error(tmp_path: Path) -> None:
    """`paths: [docs/adr, nowhere]` reads docs/adr and warns `missing-path` for the other."""
    _write(
        tmp_path,
        {
            "govmem.yaml": "paths: [docs/adr, nowhere]\n",
            "docs/adr/0001-a.md": "# 1. A\n\n## Status\n\nAccepted\n",
        },
    )
    corpus = govmem.load(tmp_path)
    assert [(f.code, f.severity, f.path) for f in corpus.findings] == [
        ("missing-path", "warn", "nowhere")
    ]
    assert corpus.health.record_count == 1


def test_not_a_record_files_are_counted_nowhere(tmp_path: Path) -> None:
    """README, templates and heading-less Markdown: `info` `not-a-record`, no count."""
    _write(
        tmp_path,
        {
            "docs/adr/README.md": "# ADRs\n",
            "docs/adr/0000-template.md": "# N. Title\n",
            "docs/adr/notes.md": "just text\n",
            "docs/adr/0001-a.md": "# 1. A\n\n## Status\n\nAccepted\n",
        },
    )
    corpus = govmem.load(tmp_path)
    assert sorted(str(p) for c, p in _codes(corpus) if c == "not-a-record") == [
        "docs/adr/0000-template.md",
        "docs/adr/README.md",
        "docs/adr/notes.md",
    ]
    assert (corpus.health.record_count, corpus.health.excluded_count) == (1, 0)


# ----------------------------------------------------------------------------- git


def _tree_state(root: Path) -> dict[str, tuple[int, bytes]]:
    state: dict[str, tuple[int, bytes]] = {}
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d != ".git"]
        for name in filenames:
            path = Path(dirpath) / name
            state[path.relative_to(root).as_posix()] = (path.stat().st_mtime_ns, path.read_bytes())
    return state


def test_known_as_of_reads_the_tree_committed_then_and_never_the_work_tree(
    example_repo: Path,
) -> None:
    """A later commit and uncommitted edits are invisible; the work tree is untouched."""
    adr = example_repo / "docs/adr"
    (adr / "030.md").write_text(
        "---\nid: adr-030\ntopic: database\nvalue: SQLite\nstatus: accepted\ndate: 2026-04-01\n---\n",
        encoding="utf-8",
    )
    git(example_repo, "add", "-A")
    git(example_repo, "commit", "-q", "-m", "adr-030", date="2026-04-02T09:00:00Z")
    (adr / "024.md").write_text("uncommitted edit\n", encoding="utf-8")
    (adr / "099.md").write_text("---\nid: adr-099\n---\n", encoding="utf-8")
    before = _tree_state(example_repo)

    then = govmem.load(example_repo, known_as_of="2026-03-20")
    later = govmem.load(example_repo, known_as_of="2026-04-02")
    head_sha = git(example_repo, "rev-parse", "HEAD")
    by_commit = govmem.load(example_repo, known_as_of=head_sha[:12])

    assert _tree_state(example_repo) == before
    ids = {r.id for r in then.records}
    assert ids == {"adr-001", "adr-011", "adr-024", "claim-chat-dynamodb"}
    assert then.records[then.by_id("adr-024")[0]].value == "PostgreSQL"
    assert {r.id for r in later.records} == ids | {"adr-030"}
    assert _snapshot(by_commit) == _snapshot(later)
    assert then.health.fingerprint != later.health.fingerprint
    now = govmem.load(example_repo)
    assert "adr-099" in {r.id for r in now.records}


def test_known_as_of_before_the_first_commit_or_without_git_is_a_git_history_error(
    tmp_path: Path, example_repo: Path
) -> None:
    """Nothing committed by then, or no repository at all: `GitHistoryError`."""
    with pytest.raises(GitHistoryError):
        govmem.load(example_repo, known_as_of="2020-01-01")
    plain = tmp_path / "plain"
    _write(plain, {"docs/adr/0001-a.md": "# 1. A\n\n## Status\n\nAccepted\n"})
    with pytest.raises(GitHistoryError, match="git history"):
        govmem.load(plain, known_as_of="2026-01-01")


def test_a_decision_without_a_date_takes_its_git_date(tmp_path: Path) -> None:
    """The author date of the commit that added it, with `info` `git-date`, when the root has `.git`."""
    _write(
        tmp_path,
        {
            "docs/adr/0001-a.md": "# 1. A\n\n## Status\n\nAccepted\n",
            "docs/adr/0002-b.md": "# 2. B\n\nDate: 2024-05-06\n\n## Status\n\nAccepted\n",
        },
    )
    git(tmp_path, "init", "-q", "-b", "main")
    git(tmp_path, "add", "-A")
    git(tmp_path, "commit", "-q", "-m", "adrs", date="2025-01-02T10:00:00Z")
    corpus = govmem.load(tmp_path)
    dated = {
        r.id: (str(f.valid_from), r.git_dated)
        for r, f in zip(corpus.records, corpus.facts, strict=True)
    }
    assert dated == {"0001": ("2025-01-02T10:00:00Z", True), "0002": ("2024-05-06", False)}
    assert [(f.code, f.severity, f.id) for f in corpus.findings] == [("git-date", "info", "0001")]
    assert govmem.load(tmp_path / "docs/adr").findings == ()


_PATCH_FILES: Final = {
    "docs/adr/0001-db.md": "---\nid: adr-1\ntopic: db\nvalue: MySQL\nstatus: superseded\n"
    "superseded_by: adr-2\ndate: 2020-01-02\n---\n# Use MySQL\n\nMySQL for all.\n",
    "docs/adr/0002-db.md": "---\nid: adr-2\ntopic: db\nvalue: PostgreSQL\nstatus: accepted\n"
    "supersedes: adr-1\ndate: 2021-03-04\n---\n# Use PostgreSQL\n\nPostgreSQL for all.\n",
    "docs/adr/0003-cache.md": "# 3. Use Redis\n\nDate: 2022-05-06\n\n## Status\n\nAccepted\n\n"
    "## Decision\n\nRedis.\n",
    "memory/claims.yaml": "- {kind: claim, id: c1, topic: db, value: DynamoDB, content: Dynamo}\n",
}


@pytest.mark.parametrize(
    ("path", "old", "new"),
    [
        ("docs/adr/0002-db.md", "PostgreSQL for all.", "PostgreSQL for all, from 2021."),
        ("docs/adr/0002-db.md", "value: PostgreSQL", "value: MariaDB"),
        ("docs/adr/0003-cache.md", "Redis.\n", "Redis, clustered.\n"),
        ("memory/claims.yaml", "content: Dynamo}", "content: Dynamo now}"),
        ("docs/adr/0002-db.md", "status: accepted", "status: proposed"),
        ("docs/adr/0001-db.md", "# Use MySQL", "# Use MySQL 8"),
        ("docs/adr/0003-cache.md", "# 3. Use Redis", "# 3. Use Valkey"),
    ],
)
def test_reload_after_one_edit_equals_a_fresh_load(
    tmp_path: Path, path: str, old: str, new: str
) -> None:
    """A reload after an edit (prose-only edits are patched in) gives the corpus a fresh load gives."""
    _write(tmp_path, _PATCH_FILES)
    loader = govmem.Loader(tmp_path)
    loader.load()
    target = tmp_path / path
    target.write_text(target.read_text().replace(old, new))
    again, fresh = loader.load(), govmem.load(tmp_path)
    assert again == fresh
    assert again.findings == fresh.findings
    for topic in ("db", "use redis", "use valkey"):
        q = f"what about {topic}?"
        assert (
            again.query(q, topic, as_of="2026-01-01").to_dict()
            == fresh.query(q, topic, as_of="2026-01-01").to_dict()
        )
    assert again.search_decisions("2021").to_wire() == fresh.search_decisions("2021").to_wire()
