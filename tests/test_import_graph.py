"""The layers of docs/architecture.md, checked on the import graph of `src/` (no exemptions).

Every `import` and `from … import` of every module under `src/govmem` and
`src/govmem_mcp` — at module level, under `TYPE_CHECKING` or inside a
function — is an edge of the graph. A module may import its own layer's
modules (its own subpackage) and any layer below its own, never one above;
two subpackages of one layer (`memory`, `tools`) may not import each other;
and the graph of modules has no cycle. `govmem_mcp` imports only the
public `govmem` (its `__init__`), never a subpackage.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path
from typing import Final

import pytest

SRC: Final = Path(__file__).resolve().parents[1] / "src"

LAYERS: Final[tuple[tuple[str, ...], ...]] = (
    ("govmem.model",),
    ("govmem.parse",),
    ("govmem.index",),
    ("govmem.engine",),
    ("govmem.memory", "govmem.tools", "govmem.author"),
    ("govmem.render",),
    ("govmem._corpus",),
    ("govmem.shell",),
    ("govmem.cli",),
    ("govmem", "govmem.testing"),
    ("govmem_mcp",),
)
"""Bottom first; a module belongs to the longest name here that prefixes its own."""


def module_name(path: Path) -> str:
    """`src/govmem/engine/query.py` -> `govmem.engine.query` (a package: its `__init__`'s name)."""
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    """Every module of the two packages, by name."""
    return {
        module_name(p): p
        for top in ("govmem", "govmem_mcp")
        for p in sorted((SRC / top).rglob("*.py"))
    }


def imported(name: str, path: Path) -> Iterator[str]:
    """The modules `name` (at `path`) imports: `from a.b import c` names `a.b.c` when it is a module."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    known = modules()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                target = ".".join([*base, *([node.module] if node.module else [])])
            else:
                target = node.module or ""
            submodules = [f"{target}.{a.name}" for a in node.names if f"{target}.{a.name}" in known]
            if len(submodules) < len(node.names):
                yield target
            yield from submodules


def layer_of(name: str) -> tuple[int, str] | None:
    """(layer number, the layer's package) of a module of ours; None for anything else."""
    best: tuple[int, str] | None = None
    for number, packages in enumerate(LAYERS):
        for package in packages:
            if (name == package or name.startswith(package + ".")) and (
                best is None or len(package) > len(best[1])
            ):
                best = (number, package)
    return best


def edges() -> list[tuple[str, str]]:
    """(importer, imported) for every import of a module of ours by a module of ours."""
    known = modules()
    out = []
    for name, path in known.items():
        for target in imported(name, path):
            if target in known and target != name:
                out.append((name, target))
    return sorted(set(out))


def test_the_layers_cover_every_module() -> None:
    """Every module lies in a layer, and every layer holds a module."""
    assert [n for n in modules() if layer_of(n) is None] == []
    names = modules()
    for packages in LAYERS:
        for package in packages:
            assert any(n == package or n.startswith(package + ".") for n in names), package


@pytest.mark.parametrize(("importer", "target"), edges())
def test_imports_go_down(importer: str, target: str) -> None:
    """An import names a module of the importer's own package or of a lower layer."""
    low = layer_of(target)
    high = layer_of(importer)
    assert low is not None
    assert high is not None
    if high[1] == low[1]:
        return
    assert low[0] < high[0], f"{importer} imports {target}, which is not below it"


def test_govmem_mcp_uses_only_the_public_api() -> None:
    """`govmem_mcp` imports `govmem` itself, never a private part."""
    private = [(a, b) for a, b in edges() if a.startswith("govmem_mcp") and b.startswith("govmem.")]
    assert private == []


def test_the_module_graph_has_no_cycle() -> None:
    """No module reaches itself through its imports."""
    graph: dict[str, list[str]] = {}
    for a, b in edges():
        graph.setdefault(a, []).append(b)
    state: dict[str, int] = {}
    cycles: list[list[str]] = []

    def visit(node: str, trail: list[str]) -> None:
        state[node] = 1
        for nxt in graph.get(node, ()):
            if state.get(nxt) == 1:
                cycles.append([*trail[trail.index(nxt) :], nxt] if nxt in trail else [node, nxt])
            elif nxt not in state:
                visit(nxt, [*trail, nxt])
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node, [node])
    assert cycles == []
