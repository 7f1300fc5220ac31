"""Small helpers shared by the hand-written pictures (timeline, graph) and the report.

Text is escaped for XML and HTML alike, numbers are printed short and
stable, and arrow markers are defined once per picture. Every helper is
pure: the same input gives the same bytes.
"""

from __future__ import annotations

import re
from typing import Final

_XML_BAD: Final = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")

FONT: Final = "system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', sans-serif"
"""The pictures' font stack (the report's body font)."""


def xml_text(text: str) -> str:
    """Text or an attribute value escaped for XML/HTML (and invalid characters dropped)."""
    text = _XML_BAD.sub("", text)
    return (
        text.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
        .replace("'", "&#39;")
    )


def num(x: float) -> str:
    """A coordinate with one decimal at most: `12`, `12.5`."""
    text = f"{x:.1f}".removesuffix(".0")
    return "0" if text == "-0" else text


def clip(text: str, limit: int) -> str:
    """`text`, or its first `limit - 1` characters and an ellipsis."""
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def arrow_marker(marker_id: str, colour: str, css_class: str) -> str:
    """A `<marker>` drawing an arrowhead at a path's end, in `colour`."""
    return (
        f'<marker id="{xml_text(marker_id)}" viewBox="0 0 10 10" refX="9" refY="5" '
        'markerWidth="7" markerHeight="7" orient="auto-start-reverse" markerUnits="userSpaceOnUse">'
        f'<path d="M0 0L10 5L0 10Z" fill="{colour}" class="{xml_text(css_class)}"/></marker>'
    )
