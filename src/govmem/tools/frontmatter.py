"""`get_decision`'s typed frontmatter: adrkit's schema output for adrkit files, else as read.

* **Typed frontmatter** (`typed_frontmatter`). adrkit's `get_decision`
  returns its zod schema's *output*: every default filled (`deciders: []`,
  `scope: "component"`, `negate: false` on each matcher, `authoredBy:
  "human"` inside a present `provenance`, …) and keys in schema order. govmem
  does the same for an **adrkit-format** file — one with `schemaVersion`, or
  whose `id` is 4+ digits or a 26-character ULID together with `title`,
  `status` and `date` — and keeps any key adrkit's schema does not know
  after the known ones (adrkit would refuse the whole file). A file without
  frontmatter (Nygard, adr-tools) gives the governed fields govmem extracted,
  snake_case, as the loader recorded them; any other frontmatter is returned
  as written (dates as strings).
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Mapping
from typing import Any, Final, TypeAlias

from govmem.model.records import Record

_ADRKIT_ID: Final = re.compile(r"^(?:[0-9]{4,}|[0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{26})$")
_NONE: Final = object()
"""No default: the key is omitted when absent."""

# (key, default or _NONE, nested shape or None); a nested shape is ("object" | "items", spec)
_Spec: TypeAlias = tuple[tuple[str, object, "tuple[str, _Spec] | None"], ...]

_AFFECTS: Final[_Spec] = (
    ("type", _NONE, None),
    ("pattern", _NONE, None),
    ("repo", _NONE, None),
    ("negate", False, None),
    ("note", _NONE, None),
)
_ASSERTION: Final[_Spec] = (
    ("id", _NONE, None),
    ("description", _NONE, None),
    ("engine", _NONE, None),
    ("expression", _NONE, None),
    ("expressionFile", _NONE, None),
    ("input", "source", None),
    ("severity", _NONE, None),
)
_PROVENANCE: Final[_Spec] = (
    ("authoredBy", "human", None),
    ("agent", _NONE, None),
    ("ratifiedBy", _NONE, None),
    ("sourceArtifact", _NONE, None),
    ("importedFrom", _NONE, None),
)
_REVIEW: Final[_Spec] = (
    ("tier", _NONE, None),
    ("tierReason", _NONE, None),
    ("queuedAt", _NONE, None),
    ("slaDays", _NONE, None),
    ("escalatedAt", _NONE, None),
    ("decidedAt", _NONE, None),
    ("quorum", _NONE, None),
    ("approvals", [], None),
    (
        "objections",
        [],
        ("items", (("by", _NONE, None), ("summary", _NONE, None), ("resolved", False, None))),
    ),
)
_EVALUATION: Final[_Spec] = (
    ("ranAt", _NONE, None),
    ("evaluatorVersion", _NONE, None),
    ("rubricVersion", _NONE, None),
    ("scores", _NONE, None),
    ("confidence", _NONE, None),
    ("escalate", _NONE, None),
    ("escalationReasons", [], None),
    ("deterministicFindings", [], None),
)
ADRKIT_SCHEMA: Final[_Spec] = (
    ("schemaVersion", "0.1.0", None),
    ("id", _NONE, None),
    ("title", _NONE, None),
    ("status", _NONE, None),
    ("date", _NONE, None),
    ("created", _NONE, None),
    ("deciders", [], None),
    ("consulted", [], None),
    ("informed", [], None),
    ("tags", [], None),
    ("scope", "component", None),
    ("domain", _NONE, None),
    ("reversibility", "unknown", None),
    ("blastRadius", "component", None),
    ("supersedes", [], None),
    ("supersededBy", _NONE, None),
    ("relatesTo", [], None),
    ("conflictsWith", [], None),
    ("affects", [], ("items", _AFFECTS)),
    ("assertions", [], ("items", _ASSERTION)),
    ("provenance", _NONE, ("object", _PROVENANCE)),
    ("review", _NONE, ("object", _REVIEW)),
    ("evaluation", _NONE, ("object", _EVALUATION)),
    ("externalRefs", [], None),
    ("complianceControls", [], None),
    ("reviewBy", _NONE, None),
)
"""adrkit 0.8.0's `AdrFrontmatter`: key order, defaults, nested shapes."""


# --- typed frontmatter ----------------------------------------------------------------


def _fill(data: Mapping[str, Any], spec: _Spec) -> dict[str, Any]:
    """`data` with `spec`'s defaults, known keys in schema order, unknown ones after."""
    out: dict[str, Any] = {}
    for key, default, nested in spec:
        if key in data:
            out[key] = _nested(data[key], nested)
        elif default is not _NONE:
            out[key] = copy.copy(default)
    for key, value in data.items():
        if key not in out:
            out[key] = value
    return out


def _nested(value: Any, nested: tuple[str, _Spec] | None) -> Any:
    if nested is None:
        return value
    kind, spec = nested
    if kind == "object":
        return _fill(value, spec) if isinstance(value, dict) else value
    if not isinstance(value, list):
        return value
    return [_fill(item, spec) if isinstance(item, dict) else item for item in value]


def is_adrkit_format(data: Mapping[str, Any]) -> bool:
    """A frontmatter with `schemaVersion`, or an adrkit id with title, status and date."""
    if "schemaVersion" in data:
        return True
    rid = data.get("id")
    return (
        isinstance(rid, str)
        and _ADRKIT_ID.match(rid) is not None
        and all(data.get(k) is not None for k in ("title", "status", "date"))
    )


def typed_frontmatter(rec: Record) -> dict[str, Any]:
    """`get_decision`'s `frontmatter`: adrkit-typed, extracted, or as written."""
    try:
        data = json.loads(rec.frontmatter)
    except ValueError:
        return {}
    if not isinstance(data, dict):
        return {}
    if is_adrkit_format(data) and not rec.extracted:
        return _fill(data, ADRKIT_SCHEMA)
    return data
