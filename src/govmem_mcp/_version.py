"""The version of govmem_mcp (one place: the package and the server both read it)."""

from __future__ import annotations

from typing import Final

__version__: Final = "0.1.0"
