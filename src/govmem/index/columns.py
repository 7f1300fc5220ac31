"""An index as data, and back (SPEC §8, v6): what the parse cache's snapshot keeps of a corpus.

`index_sections` writes an `Index` as named byte sections (`codec.pack`
joins them): a *head* with what every answer reads first — the
configuration, the health, the folders, the topic, ref and link lookups —
and one section per list of items (records, facts, sources, relations,
findings), each item a JSON value of its own with an offsets table beside it.
A record whose file's text the writer has (`Known`: a cold load's, which
encoded it once for its cache entry) keeps its long strings — its body above
all — as slices of that text, kept once in a `texts` section: a snapshot
then writes each file's text as its bytes rather than escaping it into JSON.
`index_from_sections` reads the head and makes the lists `Lazy`: an item is
decoded when an operation first reads it, so a warm start decodes what its
answer touches. Every value is data read by its declared type
(`govmem.model.codec`): nothing in a section can name a class or a function.
"""

from __future__ import annotations

import functools
import json
import sys
from array import array
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, TypeAlias, TypeVar

from attrs import frozen

from govmem.model.codec import CODEC, CodecError
from govmem.model.records import Config, Finding, Record, Relation, Source

from .derive import Facts
from .index import Health, Index
from .lazy import JsonMap, Lazy, Picked, offsets_of
from .refs import RefIndex, RefTables
from .scopes import ScopeTree

IndexT = TypeVar("IndexT", bound=Index)

LISTS: Final[dict[str, type]] = {
    "records": Record,
    "facts": Facts,
    "sources": Source,
    "relations": Relation,
    "findings": Finding,
}
"""The index's lists of items, each kept as a section of items decoded on first read."""


@frozen
class Head:
    """What a restored index reads at once: the small values every operation starts from."""

    config: Config
    health: Health
    folders: tuple[str, ...]
    unread: tuple[str, ...]
    source_at: Mapping[str, int]
    """Source id -> its position in `sources` (the first of a duplicated id)."""
    relations_of: Mapping[str, tuple[Relation, ...]]
    conflict_links: Mapping[int, tuple[int, ...]]
    partial_links: Mapping[int, tuple[int, ...]]
    minds: Mapping[int, str]
    ref_logs: Mapping[str, RefTables]
    ref_settled: Mapping[tuple[str, str | None], tuple[int, ...]]


LOOKUPS: Final = ("by_topic", "topic_alias", "by_id", "by_lower", "by_number", "by_path", "by_stem")
"""The large lookups (by every topic, alias, id, number, path and stem), each kept as a JSON
object of its own and parsed when an operation first looks into it (`JsonMap`)."""


Known: TypeAlias = Callable[[Record], "tuple[str, bytes] | None"]
"""A record's file text and the record as JSON whose long strings are slices of that text
(`Codec.dumps(record, Record, text=text)`), when the writer has them; else None."""


def items_section(values: Sequence[Any], tp: type) -> tuple[bytes, bytes]:
    """The items of a list as one section, and their offsets (`offsets_of`) as another."""
    blobs = [CODEC.dumps(v, tp) for v in values]
    return _joined(blobs)


def records_section(records: Sequence[Record], known: Known | None) -> tuple[bytes, bytes, bytes]:
    """The records as items (`items_section`), each `[start, end, R]` — R the record as data
    whose long strings are slices of its file's text, kept at bytes `start:end` of the
    `texts` section (each file's once, UTF-8) — or `[R]`, R the whole record, when `known`
    has no text for it; and the texts section."""
    spans: dict[int, bytes] = {}
    texts: list[bytes] = []
    size = 0
    blobs = []
    for record in records:
        got = known(record) if known is not None else None
        if got is None:
            blobs.append(b"[%b]" % CODEC.dumps(record, Record))
            continue
        text, blob = got
        if (span := spans.get(id(text))) is None:  # `known` holds every text: ids stay
            raw = text.encode("utf-8", "surrogatepass")
            span = spans[id(text)] = b"%d,%d" % (size, size + len(raw))
            texts.append(raw)
            size += len(raw)
        blobs.append(b"[%b,%b]" % (span, blob))
    return (*_joined(blobs), b"".join(texts))


def _joined(blobs: list[bytes]) -> tuple[bytes, bytes]:
    return b"".join(blobs), _little(offsets_of(len(b) for b in blobs)).tobytes()


def _record_reader(texts: memoryview) -> Callable[[bytes], Record]:
    """How `records_section`'s items read back: a record, its slices read from its text."""
    size = len(texts)

    def read(raw: bytes) -> Record:
        try:
            v = json.loads(raw.decode("utf-8", "surrogatepass"))
            if type(v) is list and len(v) == 1:
                return CODEC.decode(v[0], Record)
            if (
                type(v) is list
                and len(v) == 3
                and type(v[0]) is int
                and type(v[1]) is int
                and 0 <= v[0] <= v[1] <= size
            ):
                text = bytes(texts[v[0] : v[1]]).decode("utf-8", "surrogatepass")
                return CODEC.decode(v[2], Record, text)
        except CodecError:
            raise
        except (ValueError, RecursionError):  # not JSON, not UTF-8, nested too deeply
            pass
        msg = f"expected a record as [start, end, R] or [R], got {raw[:60]!r}"
        raise CodecError(msg)

    return read


def lazy_items(
    data: memoryview, offsets: memoryview, tp: type[Any], read: Callable[[bytes], Any] | None = None
) -> Lazy[Any]:
    """`items_section`'s list back, its items decoded on first read (by `read`, else as `tp`).

    Raises:
        CodecError: the offsets do not describe `data`.
    """
    at = array("Q")
    if len(offsets) % at.itemsize:
        raise CodecError("a damaged offsets table")
    at.frombytes(offsets)
    at = _little(at)
    if not at or at[0] != 0 or at[-1] != len(data) or not _ascending(at):
        raise CodecError("offsets that do not describe their items")
    return Lazy(data, at, read if read is not None else lambda raw: CODEC.loads(raw, tp))


def _ascending(at: array[int]) -> bool:
    """Whether no offset is below the one before it (at C speed: 250,000 offsets at 100k
    records took a tenth of a second pair by pair in Python; `sorted` of a sorted array is
    one linear pass)."""
    return at == array(at.typecode, sorted(at))


def index_sections(index: Index, known: Known | None = None) -> dict[str, bytes]:
    """`index` as named sections (module docstring; `known`: what the writer already encoded
    of its records, with their files' texts); its memo is not kept here."""
    source_at: dict[str, int] = {}
    for pos, src in enumerate(index.sources):
        source_at.setdefault(src.id, pos)
    refs = index.refs.to_data()
    head = Head(
        index.config,
        index.health,
        index.folders,
        index.unread,
        source_at,
        index._relations_of,
        index._conflict_links,
        index._partial_links,
        index._minds,
        refs.logs,
        refs.settled,
    )
    lookups: dict[str, Mapping[str, object]] = {  # (`json` writes a tuple as a list)
        "by_topic": dict(index._by_topic),
        "topic_alias": dict(index._topic_alias),
        **{name: dict(getattr(refs, name)) for name in LOOKUPS[2:]},
    }
    out = {"head": CODEC.dumps(head, Head)}
    for name, table in lookups.items():
        out[name] = json.dumps(table, ensure_ascii=False, separators=(",", ":")).encode(
            "utf-8", "surrogatepass"
        )
    out["records"], out["records#"], out["texts"] = records_section(index.records, known)
    for name, tp in LISTS.items():
        if name != "records":
            out[name], out[f"{name}#"] = items_section(getattr(index, name), tp)
    return out


def index_from_sections(cls: type[IndexT], sections: Mapping[str, memoryview]) -> IndexT:
    """The index `index_sections` wrote, its lists and large lookups read on first use.

    Raises:
        CodecError: a section is missing or the head does not read as its type.
    """
    try:
        head = CODEC.loads(bytes(sections["head"]), Head)
        read = _record_reader(sections["texts"])
        lists = {
            name: lazy_items(
                sections[name], sections[f"{name}#"], tp, read if name == "records" else None
            )
            for name, tp in LISTS.items()
        }
        n = len(lists["records"])
        positions = functools.partial(_positions, n)
        maps = {
            name: JsonMap(sections[name], positions) for name in LOOKUPS if name != "topic_alias"
        }
        aliases = JsonMap(sections["topic_alias"], _text)
    except KeyError as exc:
        msg = f"no section {exc}"
        raise CodecError(msg) from None
    if len(lists["facts"]) != n:
        msg = "a facts list of another length than the records"
        raise CodecError(msg)
    refs = RefIndex.from_data(
        RefTables(
            maps["by_id"],
            maps["by_lower"],
            maps["by_number"],
            maps["by_path"],
            maps["by_stem"],
            head.ref_logs,
            head.ref_settled,
        )
    )
    return cls(
        records=lists["records"],
        facts=lists["facts"],
        sources=lists["sources"],
        relations=lists["relations"],
        findings=lists["findings"],
        config=head.config,
        health=head.health,
        scopes=ScopeTree(head.config.scopes),
        refs=refs,
        by_topic=maps["by_topic"],
        topic_alias=aliases,
        source_by_id=Picked(head.source_at, lists["sources"]),
        relations_of=head.relations_of,
        conflict_links=head.conflict_links,
        partial_links=head.partial_links,
        minds=head.minds,
        folders=head.folders,
        unread=head.unread,
    )


def _positions(n: int, value: object) -> tuple[int, ...]:
    """A lookup's value: positions of records, each one the index holds."""
    if type(value) is list and all(type(p) is int and 0 <= p < n for p in value):
        return tuple(value)
    msg = f"expected positions of records, got {str(value)[:60]}"
    raise CodecError(msg)


def _text(value: object) -> str:
    if type(value) is str:
        return value
    msg = f"expected a string, got {str(value)[:60]}"
    raise CodecError(msg)


def _little(a: array[int]) -> array[int]:
    """`a` with its items in little-endian byte order (as kept), whatever the machine's."""
    if sys.byteorder != "little":
        a = array(a.typecode, a)
        a.byteswap()
    return a
