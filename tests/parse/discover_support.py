"""What the discovery tests share: a temporary git repository of files, and the CLI run on it."""

from __future__ import annotations

import io
import shutil
from collections.abc import Mapping
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Final

from govmem import Corpus
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
