"""Discovery elsewhere: in a commit's tree (`known_as_of`), the root without `--root`, `default_status`, `govmem init`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import govmem
from govmem import find_root
from tests.conftest import git
from tests.parse.discover_support import (
    _adr,
    _cli,
    _codes,
    _docs_repo,
    _log4brains_repo,
    _paths,
    _repo,
)

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
