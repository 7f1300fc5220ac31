"""The tool reference of `docs/mcp.md`, rendered from the live `tools/list`.

`python -m govmem_mcp._docs docs/mcp.md` rewrites the part of the file
between the `<!-- tools:begin -->` and `<!-- tools:end -->` markers;
`tests/mcp/test_docs.py` fails when that part differs from what the server
lists (with `--allow-writes`, so `remember` is documented too).
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Final

BEGIN: Final = "<!-- tools:begin -->"
END: Final = "<!-- tools:end -->"


def _type(schema: Mapping[str, Any]) -> str:
    options = [o for o in schema.get("anyOf", [schema]) if o.get("type") != "null"]
    parts = []
    for o in options:
        if "enum" in o:
            parts.append(" \\| ".join(f"`{v}`" for v in o["enum"]))
        elif "const" in o:
            parts.append(f"`{o['const']}`")
        elif o.get("type") == "array":
            parts.append(f"array of {_type(o.get('items', {}))}")
        else:
            parts.append(str(o.get("type", "any")))
    return " or ".join(parts)


def _limits(schema: Mapping[str, Any]) -> str:
    options = [o for o in schema.get("anyOf", [schema]) if o.get("type") != "null"]
    notes: list[str] = []
    for o in options:
        if "minLength" in o or "maxLength" in o:
            notes.append(f"{o.get('minLength', 0)}–{o.get('maxLength', '∞')} chars")
        if "minimum" in o or "maximum" in o:
            notes.append(f"{o.get('minimum', '')}–{o.get('maximum', '')}")
        if "maxItems" in o:
            notes.append(f"≤ {o['maxItems']} items")
        if "pattern" in o:
            notes.append(f"pattern `{o['pattern']}`")
        if o.get("type") == "array":
            inner = _limits(o.get("items", {}))
            if inner:
                notes.append(f"each {inner}")
    if schema.get("default") is not None:
        notes.append(f"default `{schema['default']}`")
    return "; ".join(notes)


def _description(schema: Mapping[str, Any]) -> str:
    inner = [o.get("description", "") for o in schema.get("anyOf", [])]
    return str(schema.get("description") or next((d for d in inner if d), ""))


def _hints(annotations: Mapping[str, Any]) -> str:
    keys = ("readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint")
    return ", ".join(f"`{k}: {str(annotations.get(k)).lower()}`" for k in keys)


def render(tools: Sequence[Mapping[str, Any]]) -> str:
    """The reference section (between the markers) for `tools/list`'s tools."""
    out = [BEGIN, ""]
    for t in tools:
        out += [f"### `{t['name']}` — {t.get('title') or t['name']}", ""]
        out += [t.get("description", "").strip(), ""]
        out += [f"Annotations: {_hints(t.get('annotations') or {})}.", ""]
        props: Mapping[str, Any] = t["inputSchema"].get("properties", {})
        required = set(t["inputSchema"].get("required", []))
        if props:
            out += ["| argument | type | required | limits | meaning |", "|---|---|---|---|---|"]
            for name, schema in props.items():
                desc = " ".join(_description(schema).split()).replace("|", "\\|")
                need = "yes" if name in required else "no"
                row = f"| `{name}` | {_type(schema)} | {need} | {_limits(schema)} | {desc} |"
                out.append(row)
        else:
            out.append("No arguments.")
        result = t.get("outputSchema", {}).get("properties", {}).get("result", {})
        outcomes = [
            o.get("title") or str(o.get("$ref", "?")).rsplit("/", 1)[-1]
            for o in result.get("anyOf", [result])
        ]
        out += ["", f"`structuredContent.result`: {', '.join(f'`{o}`' for o in outcomes)}.", ""]
    out.append(END)
    return "\n".join(out)


def splice(document: str, section: str) -> str:
    """`document` with the text between the markers replaced by `section`."""
    head, _, rest = document.partition(BEGIN)
    _, _, tail = rest.partition(END)
    return head + section + tail


async def live_tools() -> list[dict[str, Any]]:
    """`tools/list` of a server with every tool (writes allowed), as wire JSON."""
    from mcp import Client  # noqa: PLC0415

    from ._state import LiveCorpus  # noqa: PLC0415
    from .server import build_server  # noqa: PLC0415

    server = build_server(LiveCorpus("."), allow_writes=True)
    async with Client(server, mode="legacy") as c:
        listed = await c.list_tools()
    return [t.model_dump(by_alias=True, exclude_none=True, mode="json") for t in listed.tools]


def main(argv: Sequence[str]) -> int:
    """Rewrite the reference section of the file named in `argv`."""
    import anyio  # noqa: PLC0415

    path = Path(argv[0])
    tools = anyio.run(live_tools)
    path.write_text(splice(path.read_text(encoding="utf-8"), render(tools)), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
