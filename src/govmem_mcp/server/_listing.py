"""The tool listing shipped as `tools.json`: generated here from the code, never by hand.

`python -m govmem_mcp.server._listing` writes it again after a tool's name, title,
description, annotations, arguments (`govmem.OPERATIONS`) or output shape (`schemas`)
changed; `tests/mcp/test_listing.py` fails until it does.
"""

from __future__ import annotations

import json
from typing import Any

from . import LISTING, SPECS, _Tool


def generate() -> dict[str, dict[str, Any]]:
    """Every tool's listing as the code builds it (`Tool` as JSON, the fields it sets), by
    name, in the order `SPECS` declares them."""
    return {
        spec.name: _Tool(spec).listed.model_dump(mode="json", by_alias=True, exclude_unset=True)
        for spec in SPECS
    }


def text() -> str:
    """`tools.json`'s text."""
    return json.dumps(generate(), ensure_ascii=False, indent=1) + "\n"


def main() -> int:
    """Write `tools.json`."""
    LISTING.write_text(text(), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
