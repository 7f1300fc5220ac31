"""Every ```python block of the README and of docs/*.md runs, in order, per page."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.conftest import REPO

PAGES = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
_BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)


@pytest.mark.parametrize(
    "page", [p for p in PAGES if _BLOCK.search(p.read_text(encoding="utf-8"))], ids=lambda p: p.name
)
def test_python_examples_in_the_docs_run(page: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each page's Python examples run top to bottom from the repository root, asserts included."""
    monkeypatch.chdir(REPO)
    namespace: dict[str, object] = {"__name__": f"docs.{page.stem}"}
    for block in _BLOCK.findall(page.read_text(encoding="utf-8")):
        exec(compile(block, str(page), "exec"), namespace)
    assert namespace, "a page with Python blocks ran none"
