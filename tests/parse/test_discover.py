"""Finding the ADR folder without `govmem.yaml`: `.adr-dir`, `.log4brains.yml`, the usual folders, the root, none.

Through the CLI (`govmem.cli.main`) and `govmem.load`, on real files in
temporary git repositories.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import govmem
from tests.conftest import CORPORA
from tests.parse.discover_support import (
    NO_FOLDER,
    _adr,
    _cli,
    _codes,
    _docs_repo,
    _log4brains_repo,
    _paths,
    _repo,
)

# ------------------------------------------------------------------ .adr-dir


def test_lint_in_a_subfolder_reads_the_folder_adr_dir_names(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`govmem lint` run deep inside a repository finds its root and the folder `.adr-dir` names."""
    root = _repo(
        tmp_path / "repo",
        {
            ".adr-dir": "doc/architecture/decisions\n",
            "doc/architecture/decisions/0001-record-decisions.md": _adr(1, "Record decisions"),
            "doc/architecture/decisions/0002-use-kotlin.md": _adr(2, "Use Kotlin"),
            "docs/adr/0001-decoy.md": _adr(1, "A decoy"),
            "src/app/main.md": "# Main\n",
        },
    )
    monkeypatch.chdir(root / "src" / "app")
    code, out, err = _cli("lint")
    assert (code, err) == (0, "")
    assert out.splitlines()[0] == "Read doc/architecture/decisions (2 records)."
    code, out, _ = _cli("lint", "--json")
    assert json.loads(out)["corpus_health"]["record_count"] == 2


def test_adr_dir_wins_over_the_conventional_folders(tmp_path: Path) -> None:
    """First match wins: `.adr-dir`, then `.log4brains.yml`, then `docs/adr`..."""
    root = _repo(
        tmp_path,
        {
            ".adr-dir": "./architecture/\n",
            ".log4brains.yml": "project:\n  adrFolder: ./docs/decisions\n",
            "architecture/0001-a.md": _adr(1, "A"),
            "docs/decisions/0001-b.md": _adr(1, "B"),
            "docs/adr/0001-c.md": _adr(1, "C"),
        },
    )
    corpus = govmem.load(root)
    assert _paths(corpus) == ["architecture/0001-a.md"]
    assert corpus.folders == ("architecture",)
    (root / ".adr-dir").unlink()
    assert _paths(govmem.load(root)) == ["docs/decisions/0001-b.md"]
    (root / ".log4brains.yml").unlink()
    assert _paths(govmem.load(root)) == ["docs/adr/0001-c.md"]


def test_adr_dir_as_windows_editors_write_it(tmp_path: Path) -> None:
    """A byte-order mark, CRLF, backslashes and a trailing slash are read as the folder."""
    root = _repo(
        tmp_path, {".adr-dir": "\ufeffarch\\adr\\\r\n", "arch/adr/0001-a.md": _adr(1, "A")}
    )
    corpus = govmem.load(root)
    assert (corpus.folders, corpus.findings) == (("arch/adr",), ())


@pytest.mark.parametrize(
    ("adr_dir", "code", "path"),
    [
        ("../elsewhere\n", "outside-root", ".adr-dir"),
        ("/etc\n", "outside-root", ".adr-dir"),
        ("docs/../../up\n", "outside-root", ".adr-dir"),
        ("not/there\n", "missing-path", ".adr-dir"),
        ("\n\n", "invalid-field", ".adr-dir"),
        (b"\xff\xfe\x00binary", "unreadable", ".adr-dir"),
    ],
)
def test_a_bad_adr_dir_is_a_finding_and_the_search_goes_on(
    tmp_path: Path, adr_dir: str | bytes, code: str, path: str
) -> None:
    """Leaving the root, missing, empty or unreadable: a finding, never a traceback; then docs/adr."""
    root = _repo(tmp_path, {".adr-dir": adr_dir, "docs/adr/0001-a.md": _adr(1, "A")})
    corpus = govmem.load(root)
    assert _codes(corpus) == [(code, path)]
    assert _paths(corpus) == ["docs/adr/0001-a.md"]
    code_, out, err = _cli("--root", str(root), "lint")
    assert code_ == (1 if code in ("outside-root", "unreadable") else 0)
    assert "Traceback" not in err
    assert out.splitlines()[0] == "Read docs/adr (1 record)."


def test_a_folder_link_leaving_the_root_is_not_read(tmp_path: Path) -> None:
    """`.adr-dir` naming a symlink to a folder outside the root: `outside-root`, nothing read from it."""
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "0001-secret.md").write_text(_adr(1, "Secret"), encoding="utf-8")
    root = _repo(tmp_path / "repo", {".adr-dir": "decisions\n"}, commit=False)
    (root / "decisions").symlink_to(outside, target_is_directory=True)
    corpus = govmem.load(root)
    assert ("outside-root", ".adr-dir") in _codes(corpus)
    assert corpus.records == ()
    assert "no-adr-folder" in [f.code for f in corpus.findings]


# -------------------------------------------------------------- log4brains


def test_log4brains_packages_are_read_in_their_scope(tmp_path: Path) -> None:
    """Each package's ADRs are in scope `core`; the project's own in `all`."""
    root = _log4brains_repo(tmp_path / "repo")
    corpus = govmem.load(root)
    scopes = {r.path: corpus.facts[i].scope for i, r in enumerate(corpus.records)}
    package = {p for p in scopes if p and p.startswith("packages/core/docs/adr/")}
    project = {p for p in scopes if p and p.startswith("docs/adr/")}
    assert (len(package), len(project)) == (3, 9)
    assert package | project == set(scopes)  # SOURCE.md at the root is not read
    assert {scopes[p] for p in package} == {"core"}
    assert {scopes[p] for p in project} == {"all"}
    assert corpus.scopes.parent("core") == "all"
    _, out, _ = _cli("--root", str(root), "lint")
    assert out.splitlines()[0] == "Read docs/adr (9 records), packages/core/docs/adr (3 records)."


def test_a_declared_package_scope_keeps_its_place_in_the_tree(tmp_path: Path) -> None:
    """govmem.yaml may declare the package's scope (without `paths`, discovery still runs)."""
    root = _log4brains_repo(tmp_path / "repo")
    (root / "govmem.yaml").write_text("scopes: {all: {tool: {core: {}}}}\n", encoding="utf-8")
    corpus = govmem.load(root)
    assert corpus.scopes.ancestors("core") == ("core", "tool", "all")
    assert sum(f.scope == "core" for f in corpus.facts) == 3


@pytest.mark.parametrize(
    ("text", "finding"),
    [
        ("project: [unclosed\n", ("bad-yaml", ".log4brains.yml")),
        ("- a list\n", ("invalid-field", ".log4brains.yml")),
        ("project:\n  adrFolder: ../../etc\n", ("outside-root", ".log4brains.yml")),
        ("project:\n  adrFolder: ./nowhere\n", ("missing-path", ".log4brains.yml")),
        ("project:\n  adrFolder: 12\n", ("invalid-field", ".log4brains.yml")),
        ("project:\n  packages: {name: x}\n", ("invalid-field", ".log4brains.yml")),
        ("project:\n  packages:\n    - {path: ./x}\n", ("invalid-field", ".log4brains.yml")),
        ("a: &a [*a, *a]\n", ("bad-yaml", ".log4brains.yml")),
    ],
)
def test_a_bad_log4brains_file_is_a_finding_and_the_search_goes_on(
    tmp_path: Path, text: str, finding: tuple[str, str]
) -> None:
    """Bad YAML, a wrong shape, a folder leaving the root or missing: one finding, then docs/adr."""
    root = _repo(tmp_path, {".log4brains.yml": text, "docs/adr/0001-a.md": _adr(1, "A")})
    corpus = govmem.load(root)
    assert _codes(corpus) == [finding]
    assert _paths(corpus) == ["docs/adr/0001-a.md"]


# --------------------------------------------------------------- the root


@pytest.mark.parametrize(
    "name", ["0001-x.md", "009-x.md", "20220919-x.md", "0004a-x.md", "adr-01.md", "adr-101-x.md"]
)
def test_the_root_is_read_when_it_holds_adr_named_files(tmp_path: Path, name: str) -> None:
    """An ADR-named file directly in the root makes the root the ADR folder."""
    root = _repo(tmp_path, {name: _adr(1, "Use X"), "notes/guide.md": "# Guide\n"})
    corpus = govmem.load(root)
    assert corpus.folders == (".",)
    assert name in _paths(corpus)
    assert "no-adr-folder" not in [f.code for f in corpus.findings]


def test_the_root_is_read_when_a_file_there_writes_a_frontmatter_status(tmp_path: Path) -> None:
    """No ADR-named file, but a `.md` file whose frontmatter has `status`: the root is read."""
    root = _repo(
        tmp_path,
        {
            "README.md": "---\nstatus: accepted\n---\n# Readme\n",  # never a record: no count
            "caching.md": "---\nstatus: proposed\ntitle: Cache\n---\n# Cache\n",
            "guide.md": "# Guide\n",
        },
    )
    corpus = govmem.load(root)
    assert corpus.folders == (".",)
    assert "caching.md" in _paths(corpus)


def _flat_corpora() -> list[str]:
    """The real corpora whose ADRs sit directly in their folder: all but log4brains, and
    dapr-decision-records, whose records all sit in category sub-folders (`api/API-001-….md`,
    `cli/…`) under an index: govmem finds no ADR folder there (`no-adr-folder`, docs/accuracy.md,
    its first contact); and sylius, whose files are named `YYYY_MM_DD_topic.md` (underscores,
    not the `NNNN-` of an ADR-named file): found as `adr/` of its repository, not as a root of
    its own (docs/accuracy.md, its first contact); and tractusx-edc, whose records are each a
    folder's `README.md` (`2023-03-02_gradle_build/README.md`): a root of folders holds no
    ADR-named file."""
    names = [p.name for p in sorted(CORPORA.iterdir()) if p.is_dir()]
    names.remove("log4brains")
    names.remove("dapr-decision-records")
    names.remove("sylius")
    names.remove("tractusx-edc")
    names.remove("adrkit-fixtures")
    fixtures = CORPORA / "adrkit-fixtures"
    return names + [f"adrkit-fixtures/{p.name}" for p in sorted(fixtures.iterdir()) if p.is_dir()]


@pytest.mark.parametrize("name", _flat_corpora())
def test_every_real_flat_adr_folder_is_read_whole_as_its_own_root(name: str) -> None:
    """A copied ADR folder is recognised by its files (ADR names, or frontmatter statuses)."""
    corpus = govmem.load(CORPORA / name)
    assert corpus.folders == (".",)
    assert "no-adr-folder" not in [f.code for f in corpus.findings]
    read = {p.relative_to(CORPORA / name).as_posix() for p in (CORPORA / name).rglob("*.md")}
    skipped = {f.path for f in corpus.findings if f.code == "not-a-record"}
    excluded = {f.path for f in corpus.findings if f.severity == "error"}
    assert {r.path for r in corpus.records} | skipped | excluded == read


@pytest.mark.parametrize(
    "files",
    [
        {"README.md": "---\nstatus: accepted\n---\n# Readme\n"},
        {"0000-template.md": "# N. Title\n"},
        {"v1-notes.md": "# V1\n", "adr.md": "# ADR\n", "1.2-x.md": "# X\n"},
        {"caching.md": "---\ntitle: Cache\n---\n# Cache\n", "bad.md": "---\n[x\n---\n# B\n"},
    ],
)
def test_the_root_is_not_read_for_other_files(tmp_path: Path, files: dict[str, str]) -> None:
    """README/template files, names that are no ADR's, frontmatter without status: not enough."""
    corpus = govmem.load(_repo(tmp_path, files))
    assert corpus.records == ()
    assert [f.code for f in corpus.findings] == ["no-adr-folder"]


def test_excluded_root_files_do_not_make_the_root_an_adr_folder(tmp_path: Path) -> None:
    root = _repo(tmp_path, {"govmem.yaml": "exclude: ['0*.md']\n", "0001-x.md": _adr(1, "X")})
    corpus = govmem.load(root)
    assert (corpus.records, [f.code for f in corpus.findings]) == ((), ["no-adr-folder"])


# ---------------------------------------------------------- no ADR folder


def test_a_repository_without_an_adr_folder_reads_no_decision(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """READMEs, CONTRIBUTING and runbooks are never read as decisions; memory still is."""
    root = _docs_repo(tmp_path / "repo")
    corpus = govmem.load(root)
    assert [r.kind for r in corpus.records] == ["memory"]
    (finding,) = corpus.findings
    assert (finding.code, finding.severity) == ("no-adr-folder", "warn")
    assert finding.message == NO_FOLDER.format(root=root)
    monkeypatch.chdir(root / "docs")
    code, out, _ = _cli("lint")
    assert code == 0
    assert out.splitlines()[:2] == [NO_FOLDER.format(root=root), "Read memory (1 record)."]
    assert "warn no-adr-folder" not in out  # said once, in the first line
    code, out, _ = _cli("query", "How do I rotate certs?", "--json")
    answer = json.loads(out)
    assert answer["status"] == "unknown"
    assert "rotate-certs" not in out
    assert "bastion" not in out


def test_no_adr_folder_with_memory_missing_too(tmp_path: Path) -> None:
    root = _repo(tmp_path, {"README.md": "# Hello\n"})
    code, out, _ = _cli("--root", str(root), "lint")
    assert code == 0
    assert out.splitlines() == [
        NO_FOLDER.format(root=root),
        "0 records, 0 excluded; 0 errors, 1 warnings, 0 notes.",
    ]


def test_dir_overrides_the_search_and_paths_turn_it_off(tmp_path: Path) -> None:
    root = _docs_repo(tmp_path / "repo")
    corpus = govmem.load(root, dir="docs/runbooks")
    assert _paths(corpus) == ["docs/runbooks/rotate-certs.md", "memory/prefs.yaml"]
    assert [f.code for f in corpus.findings] == ["git-date"]
    _, out, _ = _cli("--root", str(root), "--dir", "docs/runbooks", "lint")
    assert out.splitlines()[0] == "Read docs/runbooks (1 record), memory (1 record)."
    (root / "govmem.yaml").write_text("paths: [docs/runbooks]\n", encoding="utf-8")
    (root / "docs/adr").mkdir()
    (root / "docs/adr/0001-a.md").write_text(_adr(1, "A"), encoding="utf-8")
    assert _paths(govmem.load(root)) == ["docs/runbooks/rotate-certs.md"]
