"""Forgiving, typed reads of one record's keys, with findings instead of errors.

A record's mapping (frontmatter or a YAML item) is read field by field
through `FieldReader`. Each govmem field has the keys it may be written as
(SPEC §2): the `govmem.yaml` `fields:` dialect key first, then the field's
own name, then the built-in aliases (`replaces` -> `supersedes`,
`stabilized_at` -> `valid_from`, adrkit's camelCase...).

Types are forgiving: ref fields, `tags` and `affects` take a scalar or a
list; numbers become strings where a string belongs. A value that cannot be
coerced (a mapping where a string belongs, a non-numeric `confidence`)
leaves the field unset with a `warn` `invalid-field` finding; an impossible
date is an `error` `bad-date`. The reader never raises.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Final

from govmem.model.records import Finding, Matcher, Quote
from govmem.model.time import When

from .dates import BadDate, DateOrder, parse_date
from .yaml import Json

ALIASES: Final[dict[str, tuple[str, ...]]] = {
    "valid_from": ("valid_from", "validFrom", "stabilized_at"),
    "valid_to": ("valid_to", "validTo", "deprecated_at"),
    "supersedes": ("supersedes", "replaces"),
    "superseded_by": ("superseded_by", "supersededBy", "replaced_by", "replacedBy"),
    "relates_to": ("relates_to", "relatesTo"),
    "conflicts_with": ("conflicts_with", "conflictsWith"),
    "mind": ("mind", "mind_id"),
    "created_at": ("created_at", "createdAt"),
    "updated_at": ("updated_at", "updatedAt"),
    "expires_at": ("expires_at", "expiresAt"),
    "verified_by": ("verified_by", "verifiedBy"),
    "occurred_at": ("occurred_at", "occurredAt"),
    "source_id": ("source_id", "sourceId"),
    "authored_by": ("authored_by", "authoredBy"),
    "ratified_by": ("ratified_by", "ratifiedBy"),
}
"""Built-in spellings of govmem fields, tried in order after the dialect key (each field's
own name first: `FieldReader.raw` relies on it)."""
_OTHER_SPELLINGS: Final = frozenset(key for keys in ALIASES.values() for key in keys[1:])
"""The spellings of fields that are not their own names: a mapping that writes none of them
(and has no dialect) holds each field under its own name only."""

_MATCHER_KEYS: Final = frozenset(("type", "pattern", "negate", "repo", "note"))


class FieldReader:
    """Typed access to one record's keys; problems become findings."""

    def __init__(
        self,
        data: Mapping[str, Json],
        *,
        path: str,
        dialect: Mapping[str, str],
        order: DateOrder,
    ) -> None:
        self.data = data
        self.path = path
        self.dialect = dialect
        self.order = order
        self.id: str | None = None
        self.findings: list[Finding] = []
        self._own_names = not dialect and _OTHER_SPELLINGS.isdisjoint(data)
        """Every field is written under its own name if at all: `raw` reads only that."""

    def warn(self, code: str, message: str, field: str | None = None) -> None:
        """Record a finding about this record."""
        self.findings.append(Finding(code, message, path=self.path, id=self.id, field=field))

    def keys_of(self, field: str) -> tuple[str, ...]:
        """The keys `field` may be written as, the dialect's first."""
        own = ALIASES.get(field, (field,))
        mapped = self.dialect.get(field)
        return (mapped, *own) if mapped else own

    def raw(self, field: str) -> tuple[str, Json] | None:
        """The first present (non-null) key of `field` and its value (`keys_of`'s order)."""
        data = self.data
        if self._own_names:  # the loop below would find this key or none
            value = data.get(field)
            return None if value is None else (field, value)
        if mapped := self.dialect.get(field):
            value = data.get(mapped)
            if value is not None:
                return mapped, value
        own = ALIASES.get(field)
        if own is None:  # most fields have no other spelling: no tuple made
            value = data.get(field)
            return None if value is None else (field, value)
        for key in own:
            value = data.get(key)
            if value is not None:
                return key, value
        return None

    def has(self, field: str) -> bool:
        """Whether `field` is written (and not null)."""
        return self.raw(field) is not None

    def _invalid(self, key: str, what: str) -> None:
        self.warn("invalid-field", f"`{key}` should be {what}; it was ignored.", key)

    def text(self, field: str) -> str | None:
        """A string field; numbers are written out, anything else is invalid."""
        found = self.raw(field)
        if found is None:
            return None
        key, value = found
        if isinstance(value, str):
            return value.strip() or None
        if isinstance(value, int | float) and not isinstance(value, bool):
            return str(value)
        self._invalid(key, "a string")
        return None

    def strings(self, field: str) -> tuple[str, ...]:
        """A scalar or a list of scalars, as strings (refs, tags, sources)."""
        found = self.raw(field)
        if found is None:
            return ()
        key, value = found
        items = value if isinstance(value, list) else [value]
        out: list[str] = []
        for item in items:
            if isinstance(item, bool) or not isinstance(item, str | int | float):
                self._invalid(key, "a string or a list of strings")
                return ()
            text = str(item).strip()
            if text and text not in out:
                out.append(text)
        return tuple(out)

    def number(self, field: str) -> float | None:
        """A number from 0 to 1 (`confidence`, `authority`)."""
        found = self.raw(field)
        if found is None:
            return None
        key, value = found
        number: float | None = None
        if isinstance(value, int | float) and not isinstance(value, bool):
            number = float(value)
        elif isinstance(value, str):
            try:
                number = float(value.strip())
            except ValueError:
                number = None
        if number is None or not math.isfinite(number) or not 0.0 <= number <= 1.0:
            self._invalid(key, "a number from 0 to 1")
            return None
        return number

    def flag(self, field: str) -> bool | None:
        """A boolean field."""
        found = self.raw(field)
        if found is None:
            return None
        key, value = found
        if isinstance(value, bool):
            return value
        self._invalid(key, "true or false")
        return None

    def when(self, field: str) -> When | None:
        """A date or timestamp; an impossible one is a `bad-date` finding."""
        found = self.raw(field)
        return None if found is None else self.date_value(found[0], found[1])

    def date_value(self, key: str, value: Json) -> When | None:
        """Read `value` (written under `key`) as a date."""
        parsed = parse_date(value, self.order) if isinstance(value, str) else None
        if isinstance(parsed, BadDate):
            self.warn("bad-date", f"`{key}` is not a real date: {parsed.reason}.", key)
            return None
        if parsed is None:
            self._invalid(key, "a date (YYYY-MM-DD) or a timestamp")
        return parsed

    def choice(self, field: str, allowed: tuple[str, ...]) -> str | None:
        """A string among `allowed`, compared in lower case."""
        value = self.text(field)
        if value is None:
            return None
        if value.lower() in allowed:
            return value.lower()
        self._invalid(self.keys_of(field)[0], "one of " + ", ".join(allowed))
        return None

    def affects(self) -> tuple[Matcher, ...]:
        """Path patterns, or adrkit matchers `{type, pattern, negate, repo}`."""
        found = self.raw("affects")
        if found is None:
            return ()
        key, value = found
        out: list[Matcher] = []
        for item in value if isinstance(value, list) else [value]:
            matcher = _matcher(item)
            if matcher is None:
                self._invalid(key, "path patterns or {type, pattern, negate} matchers")
                return ()
            out.append(matcher)
        return tuple(out)

    def evidence(self) -> tuple[Quote, ...]:
        """Declared quotes, each `{source_id, excerpt}`."""
        found = self.raw("evidence")
        if found is None:
            return ()
        key, value = found
        out: list[Quote] = []
        for item in value if isinstance(value, list) else [value]:
            sid = item.get("source_id") if isinstance(item, dict) else None
            excerpt = item.get("excerpt") if isinstance(item, dict) else None
            if (
                not isinstance(sid, str | int)
                or isinstance(sid, bool)
                or not isinstance(excerpt, str)
            ):
                self._invalid(key, "a list of {source_id, excerpt}")
                return ()
            out.append(Quote(str(sid), excerpt))
        return tuple(out)


def _matcher(item: Json) -> Matcher | None:
    if isinstance(item, str) and item.strip():
        return Matcher(item.strip())
    if not isinstance(item, dict) or not set(item) <= _MATCHER_KEYS:
        return None
    pattern, kind = item.get("pattern"), item.get("type", "path")
    negate, repo = item.get("negate", False), item.get("repo")
    if not isinstance(pattern, str) or not pattern or not isinstance(kind, str):
        return None
    if not isinstance(negate, bool) or not (repo is None or isinstance(repo, str)):
        return None
    return Matcher(pattern, kind, negate, repo)
