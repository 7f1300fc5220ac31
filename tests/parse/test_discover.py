"""Finding the ADR folder without `govmem.yaml`, the root without `--root`, `default_status`, `init`.

Through the CLI (`govmem.cli.main`) and `govmem.load`, on real files in
temporary git repositories.
"""

from __future__ import annotations

import io
import json
import shutil
from collections.abc import Mapping
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Final

import pytest

import govmem
from govmem import Corpus, find_root
from govmem.cli import main
from tests.conftest import CORPORA, git, write_files

ACCEPTED: Final = "# {n}. {title}\n\nDate: 2024-03-0{n}\n\n## Status\n\nAccepted\n"
NO_FOLDER: Final = (
    "No ADR folder found under {root}; pass --dir or write govmem.yaml (govmem init)."
)


def _repo(root: Path, files: Mapping[str, str | bytes], *, commit: bool = True) -> Path:
    """A git repository holding `files` (committed once unless told not to)."""
    root.mkdir(parents=True, exist_ok=True)
    write_files(root, files)
    git(root, "init", "-q", "-b", "main")
    if commit:
        git(root, "add", "-A")
        git(root, "commit", "-q", "-m", "files", date="2024-04-01T12:00:00Z")
    return root


def _adr(n: int, title: str) -> str:
    return ACCEPTED.format(n=n, title=title)


def _cli(*argv: str) -> tuple[int, str, str]:
    stdout, stderr = io.StringIO(), io.StringIO()
    with redirect_stdout(stdout), redirect_stderr(stderr):
        code = main(list(argv))
    return code, stdout.getvalue(), stderr.getvalue()


def _paths(corpus: Corpus) -> list[str]:
    return sorted(r.path or "" for r in corpus.records)


def _codes(corpus: Corpus) -> list[tuple[str, str | None]]:
    return [(f.code, f.path) for f in corpus.findings]


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


def _log4brains_repo(root: Path) -> Path:
    """The log4brains corpus as its repository holds it, with its `.log4brains.yml`."""
    shutil.copytree(CORPORA / "log4brains", root)
    (root / ".log4brains.yml").write_text(
        "---\n"
        "project:\n"
        "  name: log4brains\n"
        "  tz: Europe/Paris\n"
        "  adrFolder: ./docs/adr\n"
        "\n"
        "  packages:\n"
        "    - name: core\n"
        "      path: ./packages/core\n"
        "      adrFolder: ./packages/core/docs/adr\n",
        encoding="utf-8",
    )
    return _repo(root, {})


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
    """The real corpora whose ADRs sit directly in their folder (all but log4brains)."""
    names = [p.name for p in sorted(CORPORA.iterdir()) if p.is_dir()]
    names.remove("log4brains")
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


def _docs_repo(root: Path) -> Path:
    return _repo(
        root,
        {
            "README.md": "# Shop\n\nHow to build the shop.\n",
            "CONTRIBUTING.md": "# Contributing\n\n## Status\n\nAccepted\n\nOpen a pull request.\n",
            "docs/runbooks/rotate-certs.md": (
                "# Rotate certs\n\n## Status\n\nAccepted\n\n"
                "How do I rotate certs? Run `make rotate-certs` on the bastion.\n"
            ),
            "memory/prefs.yaml": (
                "kind: memory\ncategory: preference\nkey: editor\ncontent: Use vim.\nsource: user\n"
            ),
        },
    )


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


# --------------------------------------------------------------- known_as_of


def test_known_as_of_discovers_in_the_commit_tree(tmp_path: Path) -> None:
    """The tree of a commit is searched the same way: its `.adr-dir`, its folders, its root."""
    root = _repo(
        tmp_path, {".adr-dir": "decisions-v1\n", "decisions-v1/0001-a.md": _adr(1, "Use A")}
    )
    (root / ".adr-dir").write_text("decisions-v2\n", encoding="utf-8")
    (root / "decisions-v2").mkdir()
    (root / "decisions-v2/0001-b.md").write_text(_adr(1, "Use B"), encoding="utf-8")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "move", date="2024-05-01T12:00:00Z")
    (root / ".adr-dir").write_text("../outside\n", encoding="utf-8")  # not committed
    assert _paths(govmem.load(root, known_as_of="2024-04-15")) == ["decisions-v1/0001-a.md"]
    then = govmem.load(root, known_as_of="2024-05-15")
    assert (_paths(then), then.findings) == (["decisions-v2/0001-b.md"], ())
    now = govmem.load(root)
    assert ("outside-root", ".adr-dir") in _codes(now)


def test_known_as_of_reads_log4brains_and_the_root_rule_from_git(tmp_path: Path) -> None:
    root = _log4brains_repo(tmp_path / "repo")
    then = govmem.load(root, known_as_of="2030-01-01")
    assert then.folders == ("docs/adr", "packages/core/docs/adr")
    assert sum(f.scope == "core" for f in then.facts) == 3
    flat = _repo(tmp_path / "flat", {"0001-x.md": _adr(1, "X"), "README.md": "# R\n"})
    assert govmem.load(flat, known_as_of="2030-01-01").folders == (".",)
    docs = _docs_repo(tmp_path / "docs")
    again = govmem.load(docs, known_as_of="2030-01-01")
    assert [f.code for f in again.findings] == ["no-adr-folder"]
    assert [r.kind for r in again.records] == ["memory"]


# ------------------------------------------------------------- root walk-up


def test_the_root_is_the_nearest_folder_with_govmem_yaml_else_the_repository(
    tmp_path: Path,
) -> None:
    root = _repo(tmp_path / "repo", {"corpus/govmem.yaml": "", "corpus/adr/x/y.md": ""})
    assert find_root(root / "corpus" / "adr" / "x") == root / "corpus"
    assert find_root(root / "corpus") == root / "corpus"
    (root / "src").mkdir()
    assert find_root(root / "src") == root
    plain = tmp_path / "plain" / "sub"
    plain.mkdir(parents=True)
    assert find_root(plain) == plain
    (tmp_path / "govmem.yaml").write_text("", encoding="utf-8")  # above the repository
    assert find_root(root / "src") == tmp_path  # the nearest govmem.yaml wins over .git
    assert find_root(root / "corpus") == root / "corpus"
    assert find_root(plain) == tmp_path


def test_an_explicit_root_is_used_as_given(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = _repo(tmp_path / "repo", {"docs/adr/0001-a.md": _adr(1, "A")})
    inner = root / "docs"
    monkeypatch.chdir(inner)
    _, out, _ = _cli("--root", ".", "lint")
    assert out.splitlines()[0] == "Read adr (1 record)."  # docs/ as the root: its adr folder
    _, out, _ = _cli("lint")
    assert out.splitlines()[0] == "Read docs/adr (1 record)."


def test_govmem_mcp_walks_up_without_cwd(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`govmem-mcp` without `--cwd` or `GOVMEM_MCP_CWD` starts at the root found from here."""
    from govmem_mcp.cli import ENV_CWD, options

    root = _repo(tmp_path / "repo", {"docs/adr/0001-a.md": _adr(1, "A")})
    monkeypatch.chdir(root / "docs" / "adr")
    assert Path(options([], {})[0]) == root
    assert options(["--cwd", "."], {})[0] == "."
    assert options([], {ENV_CWD: "elsewhere"})[0] == "elsewhere"


# ------------------------------------------------------------ default_status


def test_default_status_is_given_to_decisions_that_write_none(tmp_path: Path) -> None:
    root = _repo(
        tmp_path,
        {
            "govmem.yaml": "default_status: Accepted\n",
            "docs/adr/0001-none.md": "---\ndate: 2024-01-02\n---\n# None written\n",
            "docs/adr/0002-empty.md": '---\nstatus: ""\ndate: 2024-01-02\n---\n# Empty\n',
            "docs/adr/0003-nygard.md": "# 3. No status section\n\nDate: 2024-01-02\n",
            "docs/adr/0004-written.md": "---\nstatus: proposed\ndate: 2024-01-02\n---\n# Written\n",
            "docs/adr/0005-unfilled.md": "# 5. T\n\nDate: 2024-01-02\n\n## Status\n\n{Proposed|Accepted}\n",
            "memory/claims.yaml": "kind: claim\nid: c-1\ncontent: maybe\n",
        },
    )
    corpus = govmem.load(root)
    status = {r.id: r.status for r in corpus.records}
    assert status == {
        "0001": "accepted",
        "0002": "accepted",
        "0003": "accepted",
        "0004": "proposed",
        "0005": "unknown",
        "c-1": "proposed",
    }
    assert _codes(corpus) == [("unknown-status", "docs/adr/0005-unfilled.md")]
    (root / "govmem.yaml").unlink()
    without = {r.id: r.status for r in govmem.load(root).records}
    assert [without[i] for i in ("0001", "0002", "0003")] == ["unknown"] * 3


def test_default_status_takes_the_corpus_spellings(tmp_path: Path) -> None:
    root = _repo(
        tmp_path,
        {
            "govmem.yaml": "statuses: {ratified: accepted}\ndefault_status: ratified\n",
            "docs/adr/0001-a.md": "---\ndate: 2024-01-02\n---\n# A\n",
        },
    )
    assert [r.status for r in govmem.load(root).records] == ["accepted"]


@pytest.mark.parametrize("value", ["maybe", "unknown", "[accepted]", "3", "''"])
def test_a_default_status_that_is_no_status_is_a_config_finding(tmp_path: Path, value: str) -> None:
    root = _repo(
        tmp_path,
        {
            "govmem.yaml": f"default_status: {value}\n",
            "docs/adr/0001-a.md": "---\ndate: 2024-01-02\n---\n# A\n",
        },
    )
    corpus = govmem.load(root)
    assert [(f.code, f.path, f.field) for f in corpus.findings] == [
        ("invalid-field", "govmem.yaml", "default_status"),
        ("unknown-status", "docs/adr/0001-a.md", "status"),
    ]


# -------------------------------------------------------------------- init


def test_init_writes_a_config_that_loads_clean_and_never_overwrites(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = _repo(tmp_path / "repo", {"docs/decisions/0001-a.md": _adr(1, "A")})
    monkeypatch.chdir(root / "docs")
    code, out, err = _cli("init")
    config = root / "govmem.yaml"
    assert (code, err) == (0, "")
    assert out == f"Wrote {config} for the ADR folder docs/decisions.\n"
    text = config.read_text(encoding="utf-8")
    for key in ("paths:", "memory:", "exclude:", "scopes:", "topics:", "fields:", "statuses:"):
        assert key in text
    assert "# default_status: accepted" in text
    assert "docs/decisions" in text
    code, out, _ = _cli("lint", "--json")
    data = json.loads(out)
    assert (code, data["findings"]) == (0, [])
    config.write_text("# mine\n", encoding="utf-8")
    code, out, err = _cli("init")
    assert (code, out) == (1, "")
    assert len(err.splitlines()) == 1
    assert "already exists" in err
    assert config.read_text(encoding="utf-8") == "# mine\n"
    assert sorted(p.name for p in root.iterdir() if p.name.startswith(".")) == [".git"]


def test_init_for_log4brains_lists_the_packages_and_loads_the_same(tmp_path: Path) -> None:
    root = _log4brains_repo(tmp_path / "repo")
    before = govmem.load(root)
    code, out, _ = _cli("--root", str(root), "init")
    assert code == 0
    assert "docs/adr, packages/core/docs/adr" in out
    text = (root / "govmem.yaml").read_text(encoding="utf-8")
    assert "{path: packages/core/docs/adr, scope: core}" in text
    after = govmem.load(root)
    assert after.findings == before.findings
    assert [f.scope for f in after.facts] == [f.scope for f in before.facts]


def test_init_with_dir_sets_paths(tmp_path: Path) -> None:
    root = _repo(tmp_path, {"architecture/records/0001-a.md": _adr(1, "A")})
    code, _, _ = _cli("--root", str(root), "--dir", "architecture/records", "init")
    assert code == 0
    corpus = govmem.load(root)
    assert (corpus.folders, corpus.findings) == (("architecture/records",), ())
    (root / "govmem.yaml").unlink()
    (root / "memory").mkdir()
    _cli("--root", str(root), "--dir", "architecture/records", "init")
    corpus = govmem.load(root)
    assert (corpus.folders, corpus.findings) == (("architecture/records", "memory"), ())


def test_init_without_an_adr_folder_writes_a_placeholder(tmp_path: Path) -> None:
    root = _docs_repo(tmp_path / "repo")
    code, out, _ = _cli("--root", str(root), "init", "--json")
    assert code == 0
    assert json.loads(out) == {"path": str(root / "govmem.yaml"), "folders": []}
    corpus = govmem.load(root)
    assert [f.code for f in corpus.findings] == ["no-adr-folder"]  # the config itself is clean


@pytest.mark.parametrize("folder", ["my decisions", "a:b", "#x"])
def test_init_quotes_folder_names_yaml_would_misread(tmp_path: Path, folder: str) -> None:
    root = _repo(tmp_path, {f"{folder}/0001-a.md": _adr(1, "A"), "memory/.keep": ""})
    assert _cli("--root", str(root), "--dir", folder, "init")[0] == 0
    corpus = govmem.load(root)
    assert (corpus.folders, corpus.findings) == ((folder, "memory"), ())


def test_init_on_a_missing_root_or_dir_is_exit_1(tmp_path: Path) -> None:
    code, out, err = _cli("--root", str(tmp_path / "nope"), "init")
    assert (code, out, len(err.splitlines())) == (1, "", 1)
    code, out, err = _cli("--root", str(tmp_path), "--dir", "nope", "init")
    assert (code, out, len(err.splitlines())) == (1, "", 1)
    assert not (tmp_path / "govmem.yaml").exists()


def test_init_that_cannot_write_is_one_line_and_exit_1(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from govmem.shell import init as _init

    def refuse(target: Path, text: str) -> bool:
        raise PermissionError(13, "Permission denied", str(target))

    monkeypatch.setattr(_init, "create_exclusive", refuse)
    code, out, err = _cli("--root", str(tmp_path), "init")
    assert (code, out) == (1, "")
    assert err == f"govmem: cannot write {tmp_path / 'govmem.yaml'}: Permission denied\n"
