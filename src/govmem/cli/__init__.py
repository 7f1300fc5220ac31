"""The `govmem` command line: arguments, commands and their readable output.

`govmem.cli:entry` is the console script; `main(argv)` returns the exit code.
"""

from __future__ import annotations

from .main import entry, main, version

__all__ = ["entry", "main", "version"]
