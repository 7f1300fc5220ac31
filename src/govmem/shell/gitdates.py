"""Git first-add dates through the parse cache (SPEC §8): kept under the history they are a
function of — the commit, the shallow boundary, grafts and replace refs (`git.walk_state`).

Every file's first-add date is a walk of the whole history (seconds in a repository of
many commits); kept in the cache (`histories`) under that state, a start at the same
history reads them back, and decodes them only when a parse needs them (`KeptDates`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path

from govmem.model.time import When

from . import cache as _cache
from . import git as _git
from . import snapshot as _snapshot


def kept_git_dates(real: Path, store: _cache.ParseCache | None) -> Mapping[str, When]:
    """Every file's first-add date (`git.first_add_dates`), kept in the cache under the history
    they were read at: a start at the same history does not walk it again."""
    if not _git.has_git_entry(real):
        return {}
    found = _git.history(real)
    if found is None:
        return {}
    if store is None:
        return _git.dates_of(found) or {}
    slot = _snapshot.snapshot_key(["git-dates"])
    key = _snapshot.snapshot_key(
        ["git-dates", str(found.top), found.prefix, found.sha, found.state]
    )
    blob = store.get_snapshot(slot, key, "histories")
    if blob is not None:
        return KeptDates(key, found, blob)
    dates = _git.dates_of(found)
    if dates is None:
        return {}  # git could not tell this time: nothing is kept
    store.put_snapshot(slot, key, _cache.encode_dates(dates), "histories")
    return KeptDates(key, found, dates=dates)


class KeptDates(Mapping[str, When]):
    """The first-add dates of one commit's history, as the cache keeps them (`git_dates`):
    named by the commit (`key`), decoded on first use.

    A warm start proves its snapshot by the commit alone (the dates are a
    function of it) and never decodes them. Should the kept value not
    decode, git is asked again; when git cannot tell either, the dates are
    empty and `exact` false: a corpus built from them is not kept under a
    key that names the commit (`exact_dates`).
    """

    def __init__(
        self,
        key: str,
        found: _git.History,
        blob: bytes | None = None,
        dates: dict[str, When] | None = None,
    ) -> None:
        self.key = key
        self.exact = True
        self._found = found
        self._blob = blob
        self._dates = dates

    def _all(self) -> dict[str, When]:
        if self._dates is None:
            dates = _cache.decode_dates(self._blob)
            if dates is None:
                dates = _git.dates_of(self._found)
            if dates is None:
                dates, self.exact = {}, False
            self._dates, self._blob = dates, None
        return self._dates

    def __getitem__(self, path: str) -> When:
        return self._all()[path]

    def get(self, path: str, default: When | None = None) -> When | None:  # type: ignore[override]
        return self._all().get(path, default)

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


def dates_part(dates: Mapping[str, When]) -> str:
    """The git dates as a snapshot key's part: the commit that dates them, when the cache keeps
    them under one (`KeptDates`), else every date spelled out (`cache.dates_text`)."""
    if isinstance(dates, KeptDates):
        return "commit\0" + dates.key
    return _cache.dates_text(sorted(dates.items()))


def exact_dates(dates: Mapping[str, When]) -> bool:
    """Whether a corpus built with `dates` may be kept under the key `dates_part` gave."""
    return not isinstance(dates, KeptDates) or dates.exact
