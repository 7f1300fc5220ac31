"""The one argument validator: what each operation accepts, checked the same way on every surface.

Every operation's arguments are declared once, in `govmem.engine.operations`,
as `Arg`s with a `Value`:

* the value's **schema** — its JSON type and bounds (`min_length`,
  `max_length`, `pattern`, `choices`, `minimum`, `maximum`, array items):
  what the MCP adapter publishes as the tool's input schema (strict,
  `additionalProperties: false`) and enforces before a tool runs;
* the value's **rule** — what the value must mean (a real date, a page size,
  a duration, a path that stays in the repository, text that is not blank):
  enforced for every caller.

`validate(operation, arguments, wire=...)` checks a set of arguments and
returns them by their Python names, defaults filled, arrays as tuples and
rules' normal forms (an `as_of` becomes a `When`), or raises one `InputError`
holding every problem, each saying what to fix (`files.0: files must be
repo-relative POSIX paths: files.0 must not start with /, got '/x'`):

* `wire=True`: a JSON object as a client sends it — wire names (adrkit's
  camelCase), unknown fields refused, the schema enforced, `null` refused by
  adrkit's tools (as adrkit does) and read as absent by govmem's own;
* `wire=False` (the Python API, the CLI): keyword arguments by Python name,
  None meaning absent; the rules always, the schema too for an operation
  whose contract is its schema (`Operation.strict`: the adrkit tools).

Lengths count UTF-16 code units, as JavaScript does; a bool is never an
integer, and `1.5` or `"5"` is not a limit (SPEC §6 Validation, §9).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from datetime import date, datetime, timedelta
from types import MappingProxyType
from typing import Final, Literal, TypeAlias

from attrs import frozen

from govmem.model.errors import InputError, Issue
from govmem.model.text import js_trim, u16_len
from govmem.model.time import When, coerce_when

Checked: TypeAlias = tuple[object, tuple[Issue, ...]]
Rule: TypeAlias = Callable[[str, object], Checked]
"""(argument name, value) -> (the value in its normal form, the problems found)."""

_DRIVE: Final = re.compile(r"^[a-zA-Z]:")
_WITHIN: Final = re.compile(r"^\s*(\d{1,6})\s*([hdw])\s*$", re.IGNORECASE)
_UNIT: Final = {"h": timedelta(hours=1), "d": timedelta(days=1), "w": timedelta(weeks=1)}


@frozen
class Value:
    """What one argument's value must be: its JSON schema (type and bounds) and its rule."""

    type: Literal["string", "integer", "array"]
    min_length: int | None = None
    max_length: int | None = None
    pattern: str | None = None
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    items: Value | None = None
    min_items: int | None = None
    max_items: int | None = None
    unique: bool = False
    """Array items must differ (a rule: not published in the schema)."""
    or_integer: bool = False
    """JSON callers may also send an integer, read as its decimal text (`ref`)."""
    rule: Rule | None = None
    description: str = ""
    """What such a value is (published with the value's type)."""


@frozen
class Arg:
    """One argument: its Python name, wire name, value, default and meaning."""

    name: str
    value: Value
    wire: str = ""
    """The JSON name when it is not `name` (adrkit's camelCase)."""
    required: bool = False
    default: object = None
    description: str = ""
    """What the argument means (published with the argument)."""
    published: bool = True
    """Offered to JSON callers (a tool's argument); else a Python caller's only."""

    @property
    def wire_name(self) -> str:
        """The name a JSON caller uses."""
        return self.wire or self.name


CrossRule: TypeAlias = Callable[[Mapping[str, object]], tuple[Issue, ...]]


@frozen
class Operation:
    """The arguments one operation accepts (module docstring)."""

    name: str
    args: tuple[Arg, ...]
    strict: bool = False
    """The schema binds Python callers too, and `null` is refused on the wire (adrkit)."""
    cross: CrossRule | None = None
    """A rule over all the arguments (which ones a memory or a claim takes)."""
    refused: Mapping[str, str] = MappingProxyType({})
    """Fields a JSON caller may not send, with why (the governed fields of `remember`)."""


# --- describing and reporting ---------------------------------------------------------


def describe(value: object) -> str:
    """`null`, `a boolean`, `a number`, `a string`, `an array`, `an object`."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list | tuple):
        return "an array"
    return "an object" if isinstance(value, dict) else type(value).__name__


def fail(name: str, message: str) -> Checked:
    """The value is refused, for this reason."""
    return None, (Issue(name, message),)


# --- the schema -------------------------------------------------------------------------


def check_schema(name: str, value: object, spec: Value) -> Checked:
    """`value` against `spec`'s JSON type and bounds (then its items and rule)."""
    if spec.type == "array":
        return _check_array(name, value, spec)
    if spec.type == "integer":
        low, high = spec.minimum, spec.maximum
        if isinstance(value, bool) or not isinstance(value, int):
            return fail(name, f"{name} must be an integer {low}–{high}, not {describe(value)}")
        if (low is not None and value < low) or (high is not None and value > high):
            return fail(name, f"{name} must be an integer {low}–{high}, not {value}")
        return _rule(name, value, spec)
    if spec.choices:
        if not isinstance(value, str) or value not in spec.choices:
            return fail(name, f"{name} must be one of {', '.join(spec.choices)}, not {value!r}")
        return _rule(name, value, spec)
    if not isinstance(value, str):
        return fail(name, f"{name} must be a string, not {describe(value)}")
    size = u16_len(value)
    low, high = spec.min_length or 0, spec.max_length
    if size < low or (high is not None and size > high):
        return fail(name, f"{name} must be {low}–{high} characters long, not {size}")
    if spec.pattern is not None and re.search(spec.pattern, value) is None:
        return fail(name, f"{name} must match {spec.pattern}, not {value!r}")
    return _rule(name, value, spec)


def _check_array(name: str, value: object, spec: Value) -> Checked:
    if not isinstance(value, list | tuple):
        return fail(name, f"{name} must be an array, not {describe(value)}")
    low, high = spec.min_items or 0, spec.max_items
    if len(value) < low or (high is not None and len(value) > high):
        return fail(name, f"{name} must have {low}–{high} items, not {len(value)}")
    assert spec.items is not None
    items, issues = _each(name, value, spec.items, check_schema)
    if not issues and spec.unique and len(set(map(repr, items))) != len(items):
        issues += (Issue(name, f"{name} items must be unique"),)
    return items, issues


def _each(
    name: str,
    value: list[object] | tuple[object, ...],
    item: Value,
    check: Callable[[str, object, Value], Checked],
) -> tuple[tuple[object, ...], tuple[Issue, ...]]:
    """Each element checked as `item` (named `name.0`, `name.1`, …)."""
    issues: list[Issue] = []
    items: list[object] = []
    for index, element in enumerate(value):
        checked, problems = check(f"{name}.{index}", element, item)
        issues.extend(problems)
        items.append(checked)
    return tuple(items), tuple(issues)


def _rule(name: str, value: object, spec: Value) -> Checked:
    return (value, ()) if spec.rule is None else spec.rule(name, value)


def check_rule(name: str, value: object, spec: Value) -> Checked:
    """`value` against `spec`'s rule only (its items' rules, for an array)."""
    if spec.type == "array" and spec.items is not None and isinstance(value, list | tuple):
        return _each(name, value, spec.items, check_rule)
    return _rule(name, value, spec)


# --- rules ----------------------------------------------------------------------------


def non_blank(name: str, value: object) -> Checked:
    """Text with something left after trimming (JavaScript's `trim`)."""
    if isinstance(value, str) and not js_trim(value):
        return fail(name, f"{name} must be non-empty after trimming")
    return value, ()


def repo_path(name: str, value: object) -> Checked:
    """A repo-relative POSIX path: no `/` start, `..` segment, drive letter, `\\` or NUL."""
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
        return fail(name, f"files must be repo-relative POSIX paths: {name} {why}, got {value!r}")
    return value, ()


def instant(name: str, value: object) -> Checked:
    """A date or instant: `YYYY-MM-DD`, an ISO timestamp, or a `When`, `date` or `datetime`.

    The normal form is a `When`.
    """
    if isinstance(value, When):
        return value, ()
    when: When | None = None
    if isinstance(value, str | date | datetime):
        try:
            when = coerce_when(value)
        except ValueError:
            when = None
    if when is None:
        return fail(name, f"{name} {value!r} is not a date (YYYY-MM-DD) or an ISO timestamp")
    return when, ()


def page_size(name: str, value: object) -> Checked:
    """A page size: an integer 1–100 (not a bool)."""
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 100:
        shown = describe(value) if isinstance(value, bool) or not isinstance(value, int) else value
        return fail(name, f"{name} must be an integer 1–100, not {shown}")
    return value, ()


def duration(name: str, value: object) -> Checked:
    """`12h`, `7d`, `2w`: a whole number ≥ 1 of hours, days or weeks (`duration_of` reads it)."""
    m = _WITHIN.match(value) if isinstance(value, str) else None
    if m is None or int(m[1]) == 0:
        msg = f"{value!r} is not a duration like 12h, 7d or 2w (a whole number ≥ 1 of h, d or w)"
        return fail(name, msg)
    return value, ()


def duration_of(text: str) -> timedelta:
    """The length of a duration `duration` accepted."""
    m = _WITHIN.match(text)
    assert m is not None
    return int(m[1]) * _UNIT[m[2].lower()]


def one_of_folded(choices: tuple[str, ...], what: str) -> Rule:
    """One of `choices`, compared trimmed and lower-cased; the normal form is the choice."""

    def rule(name: str, value: object) -> Checked:
        folded = value.strip().lower() if isinstance(value, str) else None
        if folded not in choices:
            return fail(name, f"{value!r} is not a {what}; use one of {', '.join(choices)}")
        return folded, ()

    return rule


# --- validating ---------------------------------------------------------------------------


class Arguments(Mapping[str, object]):
    """Checked arguments by Python name, with typed getters for the callers that read them."""

    __slots__ = ("_values",)

    def __init__(self, values: dict[str, object]) -> None:
        self._values = values

    def __getitem__(self, name: str) -> object:
        return self._values[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __repr__(self) -> str:
        return f"Arguments({self._values!r})"

    def text(self, name: str) -> str:
        """A string argument that is always there (required, or with a default)."""
        value = self._values[name]
        assert isinstance(value, str), name
        return value

    def optional_text(self, name: str) -> str | None:
        """A string argument, None when absent."""
        value = self._values[name]
        assert value is None or isinstance(value, str), name
        return value

    def integer(self, name: str) -> int:
        """An integer argument (a page size)."""
        value = self._values[name]
        assert isinstance(value, int), name
        return value

    def texts(self, name: str) -> tuple[str, ...]:
        """An array of strings; `()` when absent."""
        value = self._values[name]
        return tuple(str(v) for v in value) if isinstance(value, tuple | list) else ()

    def when(self, name: str) -> When | None:
        """A date argument in its normal form (`instant`), None when absent."""
        value = self._values[name]
        assert value is None or isinstance(value, When), name
        return value


def validate(op: Operation, arguments: object, *, wire: bool) -> Arguments:
    """Check `arguments` against `op` (module docstring); the values by Python name.

    Raises:
        InputError: one per call, holding every problem found.
    """
    if not isinstance(arguments, dict):
        raise InputError("", f"arguments must be an object, not {describe(arguments)}")
    issues: list[Issue] = []
    if wire:
        known = {a.wire_name for a in op.args if a.published}
        issues += [
            Issue(str(key), op.refused[str(key)])
            if str(key) in op.refused
            else Issue(str(key), f"unknown field {key!r} (accepted: {', '.join(sorted(known))})")
            for key in arguments
            if key not in known
        ]
    values: dict[str, object] = {}
    for arg in op.args:
        if wire and not arg.published:
            values[arg.name] = arg.default
            continue
        name = arg.wire_name if wire else arg.name
        value = arguments.get(name)
        present = name in arguments and not (value is None and (not wire or not op.strict))
        if not present:
            if arg.required:
                issues.append(Issue(name, f"{name} is required"))
            values[arg.name] = arg.default
            continue
        if wire and arg.value.or_integer and isinstance(value, int) and not isinstance(value, bool):
            value = str(value)
        schema = wire or op.strict
        checked, problems = (check_schema if schema else check_rule)(name, value, arg.value)
        issues.extend(problems)
        values[arg.name] = checked
    if op.cross is not None and not issues:
        issues.extend(op.cross(values))
    if issues:
        raise InputError.from_issues(tuple(issues))
    return Arguments(values)
