"""Refs: how a record names another (SPEC §2 Real-world ADR folders).

A ref may be an id (`adr-024`), a number (`ADR-021`, `21`: matched with or
without zero padding), a file name (`0007-use-x.md`), a relative link
(`[36. Multi-cluster](036-multi-cluster.md)`) or a federated `log:id`. A
`log:ref` to a log the corpus holds (SPEC v5 §2 federated logs) is resolved
inside that log, by the same forms; to any other log it is kept verbatim.
`RefIndex.resolve` tries, in order: the exact id, the link's path relative to
the referring file, the file stem, the id folded, and the number; the first
form that finds anything wins.
"""

from __future__ import annotations

import posixpath
import re
from collections import defaultdict
from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Final

from attrs import frozen

_LINK: Final = re.compile(r"\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
_FEDERATED: Final = re.compile(r"^([a-z0-9][a-z0-9-]*):(\S+)$")
_NUMBER: Final = re.compile(r"^(?:[a-z]+[-_ ]?)?0*(\d+[a-z]?)$")
_LEAD: Final = re.compile(r"^(?:adr[-_ ]?|[a-z]{1,5}(?=\d{2}))?0*(\d+[a-z]?)\b")
_MD: Final = re.compile(r"\.(md|markdown|ya?ml)$", re.IGNORECASE)


@frozen
class Federated:
    """A `log:id` ref: recognised, never resolved."""

    log: str
    id: str


def link_target(ref: str) -> str:
    """The target of a Markdown link, else the ref itself, trimmed."""
    text = ref.strip()
    if m := _LINK.search(text):
        return m[1].split("#", 1)[0]
    return text.strip("<>").split("#", 1)[0] if text.endswith((".md", ">")) else text


def federated(ref: str) -> Federated | None:
    """`core:12` -> Federated('core', '12'); None for a local ref."""
    text = ref.strip()
    if "://" in text or text.startswith(("[", "/", ".")):
        return None
    if m := _FEDERATED.match(text):
        return Federated(m[1], m[2])
    return None


def unheld(ref: str, logs: Iterable[str]) -> Federated | None:
    """`federated(ref)` unless its log is one of `logs`, the logs the corpus holds."""
    fed = federated(ref)
    return None if fed is None or fed.log in logs else fed


def number_key(text: str) -> str | None:
    """`ADR-021` / `0021` / `adr 21` -> `21`; `0004a` -> `4a`; None when not a number."""
    cleaned = text.strip().lower()
    m = _NUMBER.match(cleaned)
    return m[1] if m else None


def stem_of(path: str) -> str:
    """`docs/adr/0007-use-x.md` -> `0007-use-x`."""
    return _MD.sub("", posixpath.basename(path))


Table = Mapping[str, tuple[int, ...]]


@frozen
class RefTables:
    """A `RefIndex` as plain values (`RefIndex.to_data`): what a snapshot keeps of it."""

    by_id: Table
    by_lower: Table
    by_number: Table
    by_path: Table
    by_stem: Table
    logs: Mapping[str, RefTables]
    settled: Mapping[tuple[str, str | None], tuple[int, ...]]


class RefIndex:
    """Finds the records a ref names, among keys given as (position, id, path)."""

    __slots__ = (
        "_by_id",
        "_by_lower",
        "_by_number",
        "_by_path",
        "_by_stem",
        "_logs",
        "_settled",
    )

    def __init__(
        self, entries: Iterable[tuple[int, str, str | None]], logs: Iterable[str] = ()
    ) -> None:
        """`logs`: the names of the federated logs held; their records' ids and paths
        start with `name:`, and `name:ref` is resolved among them alone."""
        entries = list(entries)
        prefixes = [(n, f"{n}:") for n in logs]
        self._logs: Mapping[str, RefIndex] = MappingProxyType(
            {
                name: RefIndex(
                    (pos, rid[len(pre) :], _unprefixed(path, pre))
                    for pos, rid, path in entries
                    if rid.startswith(pre)
                )
                for name, pre in prefixes
            }
        )
        by_id: dict[str, list[int]] = defaultdict(list)
        by_lower: dict[str, list[int]] = defaultdict(list)
        by_number: dict[str, list[int]] = defaultdict(list)
        by_path: dict[str, list[int]] = defaultdict(list)
        by_stem: dict[str, list[int]] = defaultdict(list)
        for pos, rid, path in entries:
            by_id[rid].append(pos)
            by_lower[rid.lower()].append(pos)
            if (num := number_key(rid)) is not None:
                by_number[num].append(pos)
            if path:
                by_path[path].append(pos)
                by_stem[stem_of(path).lower()].append(pos)
        self._by_id = _freeze(by_id)
        self._by_lower = _freeze(by_lower)
        self._by_number = _freeze(by_number)
        self._by_path = _freeze(by_path)
        self._by_stem = _freeze(by_stem)
        self._settled: Mapping[tuple[str, str | None], tuple[int, ...]] = MappingProxyType({})

    def to_data(self) -> RefTables:
        """Its lookups as plain values (a snapshot keeps them: `from_data`)."""
        return RefTables(
            self._by_id,
            self._by_lower,
            self._by_number,
            self._by_path,
            self._by_stem,
            MappingProxyType({name: sub.to_data() for name, sub in self._logs.items()}),
            self._settled,
        )

    @classmethod
    def from_data(cls, data: RefTables) -> RefIndex:
        """The `RefIndex` whose lookups `to_data` gave."""
        new = cls.__new__(cls)
        new._by_id = data.by_id
        new._by_lower = data.by_lower
        new._by_number = data.by_number
        new._by_path = data.by_path
        new._by_stem = data.by_stem
        new._logs = MappingProxyType({k: cls.from_data(v) for k, v in data.logs.items()})
        new._settled = data.settled
        return new

    def settle(self, settled: Mapping[tuple[str, str | None], tuple[int, ...]]) -> None:
        """Fix what some (ref, from_path) pairs name: the refs the corpus resolved by
        number, back-link or quoted title (SPEC v5 §2 "Refs"). Called once, by `build_index`."""
        self._settled = MappingProxyType(dict(settled))

    def exact(self, rid: str) -> tuple[int, ...]:
        """Positions of records whose id is exactly `rid`."""
        return self._by_id.get(rid, ())

    def resolve(self, ref: str, from_path: str | None = None) -> tuple[int, ...]:
        """Positions of the records `ref` names: empty = dangling, several = ambiguous."""
        settled = self._settled.get((ref.strip(), from_path))
        return settled if settled is not None else self.resolve_how(ref, from_path)[0]

    def resolve_how(self, ref: str, from_path: str | None = None) -> tuple[tuple[int, ...], str]:
        """`resolve`, and which form found it: `id`, `path`, `stem`, `number`, or `` for none.

        `number` from a file link means the file it names does not exist and
        its leading number was used instead.
        """
        text = ref.strip()
        if not text:
            return (), ""
        if hit := self._by_id.get(text):
            return hit, "id"
        if self._logs and (held := log_of(text, self._logs)) is not None:
            pre = held + ":"
            inner = None if from_path is None else _unprefixed(from_path, pre)
            return self._logs[held].resolve_how(
                text[len(pre) :], inner if inner != from_path else None
            )
        target = link_target(text)
        if _MD.search(target) or "/" in target:
            if from_path is not None and not target.startswith(("http:", "https:")):
                joined = posixpath.normpath(posixpath.join(posixpath.dirname(from_path), target))
                if hit := self._by_path.get(joined):
                    return hit, "path"
            if hit := self._by_stem.get(stem_of(target).lower()):
                return hit, "stem"
            target = stem_of(target)
        if hit := self._by_id.get(target) or self._by_lower.get(target.lower()):
            return hit, "id"
        if hit := self._by_stem.get(target.lower()):
            return hit, "stem"
        if (num := number_key(target)) is not None:
            return self._by_number.get(num, ()), "number"
        # `0007-use-x`, `ADR046-x` or `ADR-0045 something`: the leading number names it
        lead = _LEAD.match(target.lower())
        if lead:
            return self._by_number.get(lead[1], ()), "number"
        return (), ""


def log_of(text: str, logs: Iterable[str]) -> str | None:
    """The log of `logs` whose `name:` `text` starts with, else None."""
    head, sep, _ = text.partition(":")
    return head if sep and head in logs else None


def _unprefixed(path: str | None, prefix: str) -> str | None:
    return path[len(prefix) :] if path is not None and path.startswith(prefix) else path


def _freeze(d: dict[str, list[int]]) -> Mapping[str, tuple[int, ...]]:
    return MappingProxyType({k: tuple(v) for k, v in d.items()})
