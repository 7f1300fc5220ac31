"""Instants and their printed forms (SPEC §4).

A `When` is what a file wrote: a calendar date or a timestamp. The same value
means different instants in two roles:

* as a **bound** (`valid_from`, `valid_to`, `expires_at`), a date-only D is
  D T00:00:00Z;
* as an **`as_of`**, a date-only D is the last instant of D, so that a record
  starting on D is in force on D and one ending on D is not.

Naive timestamps are UTC. Date-only values print `YYYY-MM-DD`, timestamps
`YYYY-MM-DDTHH:MM:SSZ`. Nothing here reads the clock.
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, time, timedelta
from typing import Final

from attrs import frozen

_ONE_DAY: Final = timedelta(days=1)
_TICK: Final = timedelta(microseconds=1)
_ISO_DATE: Final = re.compile(r"^(\d{4})-(\d{2})-(\d{2})$")
_ISO_STAMP: Final = re.compile(
    r"^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?"
    r"\s*(Z|z|[+-]\d{2}:?\d{2}|UTC)?$"
)


@frozen(order=False)
class When:
    """A date or a timestamp as written, normalised to UTC."""

    at: datetime
    """UTC-aware; midnight for a date-only value."""
    date_only: bool = False

    @classmethod
    def from_date(cls, d: date) -> When:
        """A date-only value."""
        return cls(datetime.combine(d, time(), tzinfo=UTC), date_only=True)

    @classmethod
    def from_datetime(cls, dt: datetime) -> When:
        """A timestamp; naive means UTC."""
        if dt.tzinfo is None:
            dt = dt.replace(tzinfo=UTC)
        return cls(dt.astimezone(UTC), date_only=False)

    @property
    def bound(self) -> datetime:
        """The instant this value stands for as a validity bound."""
        return self.at

    @property
    def as_of(self) -> datetime:
        """The instant this value stands for as an `as_of` (end of a date)."""
        # One sum: `at + ONE_DAY - TICK` would overflow on 9999-12-31.
        return self.at + (_ONE_DAY - _TICK) if self.date_only else self.at

    @property
    def day(self) -> date:
        """The calendar date (UTC)."""
        return self.at.date()

    def __str__(self) -> str:
        t = self.at  # not strftime: glibc's %Y writes year 50 as `50`, not `0050`
        day = f"{t.year:04d}-{t.month:02d}-{t.day:02d}"
        if self.date_only:
            return day
        return f"{day}T{t.hour:02d}:{t.minute:02d}:{t.second:02d}Z"


def parse_iso(text: str) -> When | None:
    """Parse an ISO date or timestamp; None when `text` is not one.

    Raises:
        ValueError: the text has the ISO shape but names an impossible date.
    """
    s = text.strip()
    if m := _ISO_DATE.match(s):
        return When.from_date(date(int(m[1]), int(m[2]), int(m[3])))
    if m := _ISO_STAMP.match(s):
        frac = (m[7] or "0")[:6].ljust(6, "0")
        dt = datetime(
            int(m[1]),
            int(m[2]),
            int(m[3]),
            int(m[4]),
            int(m[5]),
            int(m[6] or 0),
            int(frac),
            tzinfo=UTC,
        )
        tz = m[8]
        if tz and tz not in ("Z", "z", "UTC"):
            sign = 1 if tz[0] == "+" else -1
            digits = tz[1:].replace(":", "")
            offset = timedelta(hours=int(digits[:2]), minutes=int(digits[2:]))
            try:
                dt = dt - sign * offset
            except OverflowError as exc:  # 9999-12-31T23:00-05:00, 0001-01-01T00:30+01:00
                msg = f"{text!r} is outside the representable years 1-9999 in UTC"
                raise ValueError(msg) from exc
        return When.from_datetime(dt)
    return None


def coerce_when(value: object) -> When | None:
    """A `When` from a YAML scalar (date, datetime or ISO string); None otherwise.

    Raises:
        ValueError: an ISO-shaped string naming an impossible date.
    """
    if isinstance(value, datetime):
        return When.from_datetime(value)
    if isinstance(value, date):
        return When.from_date(value)
    if isinstance(value, str):
        return parse_iso(value)
    return None


def as_of_instant(as_of: When | None, now: datetime) -> datetime:
    """The instant a query is asked at: `as_of`, else `now` (read by the caller)."""
    return as_of.as_of if as_of is not None else now
