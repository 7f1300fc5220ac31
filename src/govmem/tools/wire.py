"""The wire forms of the adrkit tools: typed frontmatter, findings, one-line summaries.

Three things the four tools of `_tools` hand to a client, kept apart from the
rules that decide *what* they answer:

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
* **Findings** (`wire_finding`): `{rule, severity, message, path, id, field,
  pattern}` with absent keys omitted (`code` is `rule` on the wire; `pattern`
  only on `affects` findings), ordered as adrkit orders them: by UTF-16 code
  units of (rule, id, pattern, path, field, message), absent = "".
* **Summaries** (`text_summary`): adrkit's one-line `content[0].text`
  templates, counted on the page returned, singular when the count is 1,
  capped at 512 UTF-16 code units.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Mapping, Sequence
from typing import Any, Final, TypeAlias

from govmem.model.records import Finding, Record
from govmem.model.text import u16, u16_len

WireFinding: TypeAlias = dict[str, str]
"""`{rule, severity, message, path?, id?, field?, pattern?}`."""

MAX_TEXT: Final = 512
"""Longest `content[0].text`, in UTF-16 code units."""

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


# --- findings -------------------------------------------------------------------------


def wire_finding(finding: Finding, pattern: str | None = None) -> WireFinding:
    """`{rule, severity, message, path, id, field, pattern}`, absent keys omitted."""
    out: WireFinding = {
        "rule": finding.code,
        "severity": finding.severity,
        "message": finding.message,
    }
    for key, value in (
        ("path", finding.path),
        ("id", finding.id),
        ("field", finding.field),
        ("pattern", pattern),
    ):
        if value is not None:
            out[key] = value
    return out


def finding_key(item: Mapping[str, str]) -> tuple[bytes, ...]:
    """adrkit's finding order: (rule, id, pattern, path, field, message) in code units."""
    return tuple(
        u16(item.get(k, "")) for k in ("rule", "id", "pattern", "path", "field", "message")
    )


def sort_wire_findings(items: Sequence[WireFinding]) -> list[WireFinding]:
    """Findings in adrkit's order, exact duplicates removed."""
    unique = {json.dumps(i, sort_keys=True): i for i in items}
    return sorted(unique.values(), key=finding_key)


# --- one-line summaries ---------------------------------------------------------------


def _n(count: int, one: str, many: str) -> str:
    return f"{count} {one if count == 1 else many}"


def _cap(text: str) -> str:
    if u16_len(text) <= MAX_TEXT:
        return text
    cut = text
    while u16_len(cut) > MAX_TEXT - 1:
        cut = cut[: -max(1, (u16_len(cut) - MAX_TEXT + 1) // 2)]
    return cut + "…"


def text_summary(tool: str, result: Mapping[str, Any], *, findings: bool = True) -> str:
    """adrkit's `content[0].text` for a tool's `result` (≤ 512 UTF-16 code units).

    Args:
        tool: `search_decisions`, `get_decision`, `get_decision_context` or
            `list_superseded`.
        result: the tool's `result` object (any outcome, `corpus-unavailable`
            included).
        findings: end with `; N findings on this page.` (adrkit's); else with `.`.
    """
    outcome = result.get("outcome")
    if outcome in ("invalid-cursor", "corpus-unavailable"):
        return _cap(str(result.get("message", "")))
    page = result.get("findings") or {}
    count = _n(len(page.get("items", ())), "finding", "findings")
    tail = f"; {count} on this page." if findings else "."
    ref = result.get("requestedRef", "")
    if outcome == "results":
        text = f"Returned {_n(len(result['items']), 'decision result', 'decision results')}"
    elif outcome == "found":
        text = f'Found decision "{result["decision"]["id"]}"'
    elif outcome == "not-found":
        text = f'No local decision matches "{ref}"'
    elif outcome == "ambiguous-local-id":
        count = _n(len(result["candidates"]), "candidate", "candidates")
        text = f'Returned {count} for ambiguous local ref "{ref}"'
    elif outcome == "federated-log-unavailable":
        text = f'Named-log federation is unavailable for "{ref}"'
    elif outcome == "matches":
        g, a, h = (len(result[k]) for k in ("governing", "activeProposals", "history"))
        text = (
            f"Returned {_n(g + a + h, 'context match', 'context matches')}: {g} governing, "
            f"{_n(a, 'active proposal', 'active proposals')}, {h} historical"
        )
    elif outcome == "entries":
        n = len(result["items"])
        text = f"Returned {_n(n, 'superseded decision entry', 'superseded decision entries')}"
    else:
        msg = f"no summary for outcome {outcome!r} of {tool}"
        raise ValueError(msg)
    return _cap(text + tail)
