"""The parts of the MCP SDK the server uses, imported without the rest (the console script).

Importing `mcp.server.lowlevel` runs `mcp/__init__.py` first (the client: `Client`,
`ClientSession`, the stdio client…) and `mcp/server/__init__.py` (`MCPServer`, the
high-level server), as Python runs every parent package's `__init__`: about a tenth of a
second of a server's start, for names it never uses. `defer_inits()` puts those two
packages in `sys.modules` with their `__init__` not yet run; the submodules the server
imports (`mcp.server.lowlevel`, `mcp.server.stdio`, `mcp.types`, …) load as usual, and the
first time a name is asked of either package itself (`from mcp import Client`, anywhere in
the process), its `__init__` runs then, in the same module object, so every name is there
as it always was. Only the console script calls it: it owns its process.
"""

from __future__ import annotations

import importlib.util
import sys
import types
from typing import Final

DEFERRED: Final = ("mcp", "mcp.server")
"""The packages whose `__init__` runs on first use."""


class _Deferred(types.ModuleType):
    """A package whose `__init__` runs the first time a name it defines is asked for."""

    def __getattr__(self, name: str) -> object:
        spec = self.__spec__
        if self.__dict__.get("_govmem_deferred") is not True or spec is None or not spec.loader:
            msg = f"module {self.__name__!r} has no attribute {name!r}"
            raise AttributeError(msg)
        self.__dict__["_govmem_deferred"] = False
        spec.loader.exec_module(self)
        return getattr(self, name)


def defer_inits(names: tuple[str, ...] = DEFERRED) -> bool:
    """Put `names` (packages, parents first) in `sys.modules` with their `__init__` deferred
    (module docstring); whether they were. Nothing is done when one is imported already."""
    if any(name in sys.modules for name in names):
        return False
    made: list[str] = []
    try:
        for name in names:
            spec = importlib.util.find_spec(name)
            if spec is None or spec.loader is None or spec.submodule_search_locations is None:
                raise ImportError(name)
            module = _Deferred(name)
            module.__spec__, module.__loader__ = spec, spec.loader
            module.__path__ = list(spec.submodule_search_locations)
            module.__file__, module.__package__ = spec.origin, name
            module.__dict__["_govmem_deferred"] = True
            sys.modules[name] = module
            made.append(name)
            parent, _, child = name.rpartition(".")
            if parent:
                setattr(sys.modules[parent], child, module)
    except (ImportError, ValueError):
        for name in made:
            sys.modules.pop(name, None)
        return False
    return True


def deferred(name: str) -> bool:
    """Whether the `__init__` of the package `name` has yet to run."""
    module = sys.modules.get(name)
    return module is not None and module.__dict__.get("_govmem_deferred") is True
