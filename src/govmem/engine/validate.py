"""Strict argument validation for every operation, before the corpus is touched.

Each operation has a table of fields (`SPECS`); `validate_args(operation,
arguments)` checks a JSON object against it and returns the arguments with
defaults filled, keyed by their snake_case Python names — or raises one
`InputError` holding every problem, each with a message that says what to
fix (`files.0: files must be repo-relative POSIX paths without "..": got
"../x"`). The MCP adapter turns that into a tool error, the CLI into exit 2.

The rules are SPEC §6 (Validation) and §9 (`query`, `remember`), which follow
adrkit's input schemas: unknown fields are rejected; no type coercion (a
bool is not an integer, `1.5` and `"5"` are not limits); lengths count UTF-16
code units, as JavaScript does; `null` is refused for the four adrkit tools
(as adrkit does) and means "absent" for govmem's own snake_case operations.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Final

from attrs import frozen

from govmem.model.errors import InputError, Issue
from govmem.model.records import MEMORY_CATEGORIES, PRIORITIES, STATUS_CLASSES
from govmem.model.text import js_trim, u16_len
from govmem.model.time import parse_iso

Check = Callable[[str, object], "tuple[object, tuple[Issue, ...]]"]

STATUS_VALUES: Final = (*STATUS_CLASSES, "approved", "draft")
_DRIVE: Final = re.compile(r"^[a-zA-Z]:")
_HEX_COMMIT: Final = re.compile(r"^[0-9a-fA-F]{7,40}$")
_WITHIN: Final = re.compile(r"^[1-9]\d{0,5}[hdw]$")


def _describe(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    return "an object" if isinstance(value, dict) else type(value).__name__


def _fail(name: str, message: str) -> tuple[object, tuple[Issue, ...]]:
    return None, (Issue(name, message),)


def text(low: int, high: int, *, trimmed: bool = False) -> Check:
    """A string of `low`..`high` UTF-16 code units (non-blank when `trimmed`)."""

    def check(name: str, value: object) -> tuple[object, tuple[Issue, ...]]:
        if not isinstance(value, str):
            return _fail(name, f"{name} must be a string, not {_describe(value)}")
        size = u16_len(value)
        if not low <= size <= high:
            return _fail(name, f"{name} must be {low}–{high} characters long, not {size}")
        if trimmed and not js_trim(value):
            return _fail(name, f"{name} must be non-empty after trimming")
        return value, ()

    return check


def one_of(choices: tuple[str, ...]) -> Check:
    """One of `choices`, exactly."""

    def check(name: str, value: object) -> tuple[object, tuple[Issue, ...]]:
        if not isinstance(value, str) or value not in choices:
            return _fail(name, f"{name} must be one of {', '.join(choices)}, not {value!r}")
        return value, ()

    return check


def integer(low: int, high: int) -> Check:
    """An integer `low`..`high` (not a bool, not a float)."""

    def check(name: str, value: object) -> tuple[object, tuple[Issue, ...]]:
        if isinstance(value, bool) or not isinstance(value, int):
            return _fail(name, f"{name} must be an integer {low}–{high}, not {_describe(value)}")
        if not low <= value <= high:
            return _fail(name, f"{name} must be an integer {low}–{high}, not {value}")
        return value, ()

    return check


def array(item: Check, low: int, high: int, *, unique: bool) -> Check:
    """A list of `low`..`high` items each passing `item`, unique when asked."""

    def check(name: str, value: object) -> tuple[object, tuple[Issue, ...]]:
        if not isinstance(value, list):
            return _fail(name, f"{name} must be an array, not {_describe(value)}")
        if not low <= len(value) <= high:
            return _fail(name, f"{name} must have {low}–{high} items, not {len(value)}")
        issues: list[Issue] = []
        items: list[object] = []
        for index, element in enumerate(value):
            checked, problems = item(f"{name}.{index}", element)
            issues.extend(problems)
            items.append(checked)
        if not issues and unique and len(set(map(repr, items))) != len(items):
            issues.append(Issue(name, f"{name} items must be unique"))
        return tuple(items), tuple(issues)

    return check


def repo_path(name: str, value: object) -> tuple[object, tuple[Issue, ...]]:
    """A repo-relative POSIX path: 1–1024 chars, no `/` start, `..`, drive, `\\` or NUL."""
    checked, issues = text(1, 1024)(name, value)
    if issues:
        return checked, issues
    assert isinstance(value, str)
    why = (
        "must not start with /"
        if value.startswith("/")
        else "must not contain a backslash"
        if "\\" in value
        else "must not start with a drive letter"
        if _DRIVE.match(value)
        else "must not contain NUL"
        if "\0" in value
        else "must not have a .. segment"
        if ".." in value.split("/")
        else None
    )
    if why is not None:
        return _fail(name, f"files must be repo-relative POSIX paths: {name} {why}, got {value!r}")
    return value, ()


def _is_instant(value: object) -> bool:
    """A string parse_iso reads as a possible instant (not 2026-02-30, not year 0)."""
    try:
        return isinstance(value, str) and parse_iso(value) is not None
    except ValueError:
        return False


def instant(name: str, value: object) -> tuple[object, tuple[Issue, ...]]:
    """`YYYY-MM-DD` or an ISO 8601 timestamp."""
    if not _is_instant(value):
        return _fail(name, f"{name} must be YYYY-MM-DD or an ISO timestamp, not {value!r}")
    return value, ()


def instant_or_commit(name: str, value: object) -> tuple[object, tuple[Issue, ...]]:
    """A date, a timestamp, or a 7–40 hex commit."""
    if isinstance(value, str) and _HEX_COMMIT.match(value) and not re.fullmatch(r"\d{8}", value):
        return value, ()
    if not _is_instant(value):
        msg = f"{name} must be YYYY-MM-DD, an ISO timestamp or a 7–40 hex commit, not {value!r}"
        return _fail(name, msg)
    return value, ()


def duration(name: str, value: object) -> tuple[object, tuple[Issue, ...]]:
    """A positive count of hours, days or weeks: `12h`, `7d`, `2w`."""
    if not isinstance(value, str) or not _WITHIN.match(value):
        return _fail(name, f"{name} must look like 12h, 7d or 2w, not {value!r}")
    return value, ()


@frozen
class FieldSpec:
    """One argument: its wire name, Python name, check, whether required, and default."""

    wire: str
    name: str
    check: Check
    required: bool = False
    default: object = None


@frozen
class OperationSpec:
    """The arguments one operation accepts."""

    fields: tuple[FieldSpec, ...]
    null_is_absent: bool
    """govmem's snake_case operations read `null` as absent; adrkit's tools refuse it."""


_CURSOR: Final = text(0, 4096)
_LIMIT: Final = integer(1, 100)
_NAME: Final = text(1, 128, trimmed=True)


def _adrkit(*fields: FieldSpec, findings: bool = True) -> OperationSpec:
    paging: tuple[FieldSpec, ...] = (
        FieldSpec("cursor", "cursor", _CURSOR),
        FieldSpec("limit", "limit", _LIMIT, default=20),
    )
    if findings:
        paging += (
            FieldSpec("findingsCursor", "findings_cursor", _CURSOR),
            FieldSpec("findingsLimit", "findings_limit", _LIMIT, default=20),
        )
    return OperationSpec((*fields, *paging), null_is_absent=False)


def _govmem(*fields: FieldSpec, paged: bool = False) -> OperationSpec:
    paging = (
        (FieldSpec("cursor", "cursor", _CURSOR), FieldSpec("limit", "limit", _LIMIT, default=20))
        if paged
        else ()
    )
    return OperationSpec((*fields, *paging), null_is_absent=True)


def _f(name: str, check: Check, *, required: bool = False, default: object = None) -> FieldSpec:
    return FieldSpec(name, name, check, required, default)


SPECS: Final[Mapping[str, OperationSpec]] = MappingProxyType(
    {
        "search_decisions": _adrkit(
            _f("query", text(1, 256, trimmed=True), required=True),
            _f("status", array(one_of(STATUS_VALUES), 1, 6, unique=True)),
            _f("tags", array(text(1, 64), 1, 32, unique=True)),
            _f("scope", array(_NAME, 1, 3, unique=True)),
        ),
        "get_decision": _adrkit(_f("ref", text(1, 128), required=True)),
        "get_decision_context": _adrkit(
            _f("files", array(repo_path, 1, 256, unique=False), required=True)
        ),
        "list_superseded": _adrkit(),
        "query": _govmem(
            _f("question", text(1, 2000, trimmed=True), required=True),
            _f("topic", _NAME),
            _f("scope", _NAME),
            _f("mind", _NAME, default="default"),
            _f("as_of", instant),
            _f("known_as_of", instant_or_commit),
        ),
        "get_decision_history": _govmem(
            _f("topic", _NAME, required=True), _f("scope", _NAME), paged=True
        ),
        "find_conflicts": _govmem(
            _f("topic", _NAME), _f("scope", _NAME), _f("as_of", instant), paged=True
        ),
        "search_memories": _govmem(
            _f("tag", text(1, 64, trimmed=True)),
            _f("text", text(1, 256, trimmed=True)),
            _f("mind", _NAME, default="default"),
            paged=True,
        ),
        "recall": _govmem(_f("as_of", instant), _f("mind", _NAME, default="default")),
        "expiring": _govmem(
            _f("within", duration, required=True),
            _f("as_of", instant),
            _f("mind", _NAME, default="default"),
            paged=True,
        ),
        "memory_history": _govmem(
            _f("category", one_of(MEMORY_CATEGORIES), required=True),
            _f("key", _NAME, required=True),
            _f("mind", _NAME, default="default"),
        ),
        "remember": _govmem(
            _f("kind", one_of(("memory", "claim")), required=True),
            _f("content", text(1, 16 * 1024, trimmed=True), required=True),
            _f("category", one_of(MEMORY_CATEGORIES)),
            _f("key", _NAME),
            _f("tags", array(text(1, 64, trimmed=True), 1, 32, unique=True)),
            _f("priority", one_of(PRIORITIES)),
            _f("expires_at", instant),
            _f("topic", _NAME),
            _f("value", text(1, 2000, trimmed=True)),
            _f("scope", _NAME),
            _f("source_ids", array(_NAME, 1, 32, unique=True)),
        ),
    }
)
"""Every operation's arguments; keys are tool names."""


def _remember_rules(args: Mapping[str, object]) -> tuple[Issue, ...]:
    if args["kind"] == "memory":
        return tuple(
            Issue(name, f"{name} is required for a memory")
            for name in ("category", "key")
            if args[name] is None
        )
    return tuple(
        Issue(name, f"{name} applies to memories only; omit it for a claim")
        for name in ("category", "key")
        if args[name] is not None
    )


def validate_args(operation: str, arguments: object) -> Mapping[str, object]:
    """Check `arguments` against `operation`'s contract, before any corpus access.

    Returns:
        A read-only mapping of every argument by its Python name, defaults
        filled, arrays as tuples.

    Raises:
        InputError: one per call, holding every problem found.
    """
    spec = SPECS.get(operation)
    if spec is None:
        msg = f"unknown operation {operation!r}; expected one of {', '.join(sorted(SPECS))}"
        raise InputError("", msg)
    if not isinstance(arguments, dict):
        raise InputError("", f"arguments must be an object, not {_describe(arguments)}")
    known = {f.wire for f in spec.fields}
    issues = [
        Issue(str(key), f"unknown field {key!r} (accepted: {', '.join(sorted(known))})")
        for key in arguments
        if key not in known
    ]
    values: dict[str, object] = {}
    for spec_field in spec.fields:
        present = spec_field.wire in arguments
        value = arguments.get(spec_field.wire)
        if present and value is None and spec.null_is_absent:
            present = False
        if not present:
            if spec_field.required:
                issues.append(Issue(spec_field.wire, f"{spec_field.wire} is required"))
            values[spec_field.name] = spec_field.default
            continue
        checked, problems = spec_field.check(spec_field.wire, value)
        issues.extend(problems)
        values[spec_field.name] = checked
    if operation == "remember" and not issues:
        issues.extend(_remember_rules(values))
    if issues:
        raise InputError.from_issues(tuple(issues))
    return MappingProxyType(values)
