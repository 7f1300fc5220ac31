"""Files to parsed files through the persistent parse cache (`shell.cache`), and the corpus's
date order from every file's votes, kept there too.

The one place the cache's per-file entries are consulted: for each file its entry key
(content hash, configuration, date order, git date, govmem's code and parsers); the hits
are decoded, the rest parsed (`pool.parse_many`) and stored.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Mapping

from govmem.model.records import Config
from govmem.model.time import When
from govmem.parse.dates import DateOrder, date_order_votes, decide_date_order
from govmem.parse.file import ParseContext, ParsedFile

from . import cache as _cache
from . import snapshot as _snapshot
from .cache import SCHEMA
from .files import FileText
from .pool import parallel, parse_many
from .snapshot import CacheCounts, code_key

Votes = tuple[bool, bool]
"""A text's date-order votes: (a day-first date seen, a month-first one seen)."""


def config_key(config: Config, date_order: str) -> str:
    """A hash of what reads every file: govmem's version, the codec, the config, the date order.

    The config is spelled by its `repr`: a frozen value of tuples, strings and
    numbers only (no set, no mapping), so the same config has the same text in
    every process, without importing cattrs on a warm start. Its source text
    (`Config.text`, outside the repr) reads no file; a snapshot's key has it.
    """
    raw = f"{code_key()}\0{SCHEMA}\0{date_order}\0{config!r}"
    return hashlib.sha256(raw.encode("utf-8", "surrogatepass")).hexdigest()


def entry_key(ckey: str, path: str, digest: str, git_date: When | None) -> str:
    """The key of one file's entry (`shell.cache`: **Key.**)."""
    raw = f"{ckey}\0{path}\0{digest}\0{git_date or ''}"
    return hashlib.sha256(raw.encode("utf-8", "surrogatepass")).hexdigest()


def votes_key(digest: str) -> str:
    """The key of one content's date-order votes."""
    return hashlib.sha256(f"votes\0{code_key()}\0{SCHEMA}\0{digest}".encode()).hexdigest()


def parse_through(
    todo: list[FileText],
    ctx: ParseContext,
    git_dates: Mapping[str, When],
    store: _cache.ParseCache | None,
    progress: Callable[[int], Callable[[int], None] | None],
    known: _snapshot.Encoded | None = None,
) -> tuple[dict[str, ParsedFile], CacheCounts]:
    """The parsed files of `todo` (by path): from the parse cache when it has them, else
    parsed and stored; and how many of each. `progress(known)` gives the callback of a parse
    of the rest, `known` files being had without it. `known` keeps what the entries'
    encoding made, and the texts of the rest, for the snapshot."""
    hits: dict[str, ParsedFile] = {}
    keys: dict[str, str] = {}
    if store is not None and todo:
        ckey = config_key(ctx.config, ctx.date_order)
        keys = {f.path: entry_key(ckey, f.path, f.digest, git_dates.get(f.path)) for f in todo}
        blobs = store.get_many(list(keys.values()))
        for f in todo:
            blob = blobs.get(keys[f.path])
            got = _snapshot.decode_entry(blob, f.text or "") if blob is not None else None
            if got is not None:
                hits[f.path] = got
    rest = [f for f in todo if f.path not in hits]
    # workers encode the entries they parse (what they send back); else it is done with the
    # write, which waits until the answer is out (`cache.later`)
    encoded = store is not None and parallel(len(rest))
    done = parse_many(
        [(f.path, f.text or "", git_dates.get(f.path)) for f in rest],
        ctx,
        progress(len(todo) - len(rest)),
        (_snapshot.encode_entry, _snapshot.decode_entry) if encoded else None,
    )
    parsed = [p for p, _ in done]
    made = list(zip(rest, done, strict=True))
    if known is not None:  # what this load has without encoding it: the hits, workers' entries
        taken = [(f, hits[f.path]) for f in todo if f.path in hits]
        taken += [(f, p) for f, (p, sent) in made if sent is not None]
        for f, got in taken:
            known.read(got, f.text or "")
    if store is not None and rest:
        entry = known.entry if known is not None else _snapshot.encode_entry

        def put(s: _cache.ParseCache) -> None:
            s.put_many(
                (keys[f.path], blob)
                for f, (p, got) in made
                if (blob := got if got is not None else entry(p, f.text or "")) is not None
            )

        _cache.later(store, put)
    counts = CacheCounts(
        sum(len(p.records) for p in hits.values()),
        sum(len(p.records) for p in parsed),
        len(hits),
        len(rest),
    )
    return {**hits, **dict(zip((f.path for f in rest), parsed, strict=True))}, counts


def date_order(
    files: Iterable[FileText], known: Mapping[str, Votes], store: _cache.ParseCache | None
) -> tuple[DateOrder, bool, dict[str, Votes]]:
    """The corpus's date order and whether both were seen (`decide_date_order`), from every
    file's votes: `known` ones (by content digest), else the cache's, else scanned (and
    stored); and every file's votes, for the next load."""
    votes: dict[str, Votes] = {}
    texts = {f.digest: f.text for f in files if f.text is not None}
    missing = [d for d in texts if d not in known]
    stored: dict[str, Votes] = {}
    if store is not None and missing:
        keys = {d: votes_key(d) for d in missing}
        blobs = store.get_many(list(keys.values()))
        for d, k in keys.items():
            blob = blobs.get(k)
            if blob in (b"00", b"01", b"10", b"11"):
                stored[d] = (blob[0:1] == b"1", blob[1:2] == b"1")
    new: list[tuple[str, bytes]] = []
    for d, text in texts.items():
        got = known.get(d) or stored.get(d)
        if got is None:
            got = date_order_votes(text or "")
            if store is not None:
                new.append((votes_key(d), b"%d%d" % got))
        votes[d] = got
    if store is not None and new:
        _cache.later(store, lambda s: s.put_many(new))
    order, conflict = decide_date_order(votes.values())
    return order, conflict, votes
