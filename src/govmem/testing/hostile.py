"""Strategies for hostile inputs: names that are not UTF-8, special files, calendar-edge dates.

What a fuzzer or a hostile-corpus test throws at a loader (issue 22):

* `non_utf8_names()`: file or folder names, as bytes, that are not valid
  UTF-8 (a lone `\\xff`, a truncated or overlong sequence, an encoded
  surrogate, a stray continuation byte), with ordinary text around them and
  a record suffix (`.md`, `.yaml`) unless `suffixes=()`. Never a dot name
  (which the loader skips), never `/` or NUL. Write one with
  `os.open(os.path.join(os.fsencode(folder), name), ...)`.
* `special_files()`: kinds of path that are not a regular file of a sane
  size — a FIFO, symlinks to `/dev/zero`, `/dev/urandom`, `/dev/null`, a
  folder, a UNIX socket, a dangling symlink, a symlink loop, a file over
  64 KiB, a binary file — and `make_special(path, kind)` to create one
  (as a `govmem.yaml`, a `--config` file or a record). A reader must
  refuse each without blocking or reading without bound.
* `calendar_edge_dates()`: dates at both ends of the calendar (0001-01-01,
  9999-12-31 and the months around them, years 50 and 9990), leap days and
  century years, and now and then any date; `calendar_edge_instants()` the
  same as the `as_of` strings the validator accepts (`YYYY-MM-DD`,
  `...T00:00:00Z`, `...T23:59:59Z`).
* `cache_values()`: what a damaged or crafted cache value may hold — JSON of
  any shape (nested lists, objects, numbers, strings, dates as text), JSON
  cut short, arbitrary bytes, and the F1 gadget: a reader of the cache must
  turn every one into a miss (`CodecError`), never another exception.
* `f1_gadget(path)`: the parse cache attack of round 3's F1 — a pickle
  that, read by an unpickler allowing "types of govmem's pure packages",
  resolves the dotted names `Config.__init__.__class__` (FunctionType) and
  `Config.__init__.__code__.__class__` (CodeType), makes a function and calls
  it: it creates the file `path`. A cache that holds data reads it as a miss.
"""

from __future__ import annotations

import json
import os
import pickle
import socket
import types
from datetime import date
from pathlib import Path
from typing import Any, Final

from hypothesis import strategies as st

BAD_BYTES: Final = (
    b"\xff",
    b"\xfe",
    b"\x80",
    b"\xbf",
    b"\xc3(",
    b"\xc3",
    b"\xe2\x82",
    b"\xe2\x28\xa1",
    b"\xf0\x28\x8c\xbc",
    b"\xf0\x9f\x98",
    b"\xc0\xaf",
    b"\xe0\x80\xaf",
    b"\xed\xa0\x80",
    b"\xed\xbf\xbf",
    b"\xf4\x90\x80\x80",
    b"\xf8\x88\x80\x80\x80",
    b"caf\xe9",
)
"""Byte sequences no UTF-8 decoder accepts (latin-1 `café` among them)."""

SPECIAL_FILES: Final = (
    "fifo",
    "dev-zero",
    "dev-urandom",
    "dev-null",
    "folder",
    "socket",
    "dangling-link",
    "link-loop",
    "too-large",
    "binary",
)
"""The kinds `make_special` creates."""

_PLAIN: Final = "abcdefghijklmnopqrstuvwxyz0123456789-_ "


def non_utf8_names(suffixes: tuple[str, ...] = (".md", ".yaml")) -> st.SearchStrategy[bytes]:
    """File or folder names that are not valid UTF-8 (module docstring)."""
    text = st.one_of(
        st.text(alphabet=_PLAIN, max_size=10),
        st.text(st.characters(codec="utf-8", exclude_characters="/\x00"), max_size=4),
    ).map(str.encode)
    bad = st.lists(st.sampled_from(BAD_BYTES), min_size=1, max_size=3).map(b"".join)
    suffix = st.sampled_from(suffixes) if suffixes else st.just("")
    name = st.builds(lambda a, b, c, s: a + b + c + s.encode(), text, bad, text, suffix)
    return name.filter(_is_bad_name)


def _is_bad_name(name: bytes) -> bool:
    if not name or name.startswith(b".") or b"/" in name or b"\0" in name or len(name) > 200:
        return False
    try:
        name.decode("utf-8")
    except UnicodeDecodeError:
        return True
    return False


def special_files() -> st.SearchStrategy[str]:
    """A kind of path that is not a regular, small text file (`SPECIAL_FILES`)."""
    return st.sampled_from(SPECIAL_FILES)


def make_special(path: Path, kind: str) -> None:
    """Create `path` as a special file of `kind` (`SPECIAL_FILES`); its folder must exist.

    A `socket` path must be short (a UNIX socket name is at most about 100 bytes).
    """
    match kind:
        case "fifo":
            os.mkfifo(path)
        case "dev-zero" | "dev-urandom" | "dev-null":
            path.symlink_to("/dev/" + kind.removeprefix("dev-"))
        case "folder":
            path.mkdir()
        case "socket":
            with socket.socket(socket.AF_UNIX) as s:
                s.bind(str(path))
        case "dangling-link":
            path.symlink_to(path.with_name(path.name + ".missing"))
        case "link-loop":
            path.symlink_to(path.name)
        case "too-large":
            path.write_bytes(b"# " + b"x" * (64 * 1024) + b"\n")
        case "binary":
            path.write_bytes(b"paths: [docs]\n\x00\xff\xfe")
        case _:
            msg = f"unknown special file kind {kind!r}"
            raise ValueError(msg)


_EDGES: Final = (
    date(1, 1, 1),
    date(1, 1, 2),
    date(1, 12, 31),
    date(50, 1, 1),
    date(999, 12, 31),
    date(1000, 1, 1),
    date(1582, 10, 15),
    date(1900, 2, 28),
    date(1970, 1, 1),
    date(2000, 2, 29),
    date(2100, 2, 28),
    date(9990, 1, 1),
    date(9999, 1, 1),
    date(9999, 12, 30),
    date(9999, 12, 31),
)


def calendar_edge_dates() -> st.SearchStrategy[date]:
    """Dates at the ends of the calendar and its odd days, sometimes any date (module docstring)."""
    return st.one_of(
        st.sampled_from(_EDGES),
        st.dates(min_value=date(1, 1, 1), max_value=date(1, 4, 30)),
        st.dates(min_value=date(9999, 9, 1), max_value=date(9999, 12, 31)),
        st.dates(),
    )


def calendar_edge_instants() -> st.SearchStrategy[str]:
    """`as_of` strings the validator accepts, at the calendar's edges (module docstring)."""
    return st.builds(
        lambda d, t: d.isoformat() + t,
        calendar_edge_dates(),
        st.sampled_from(("", "T00:00:00Z", "T23:59:59Z")),
    )


def f1_gadget(path: str = "BOOM") -> bytes:
    """Pickle opcodes that create the file `path` when unpickled by a reader that lets
    `govmem.model.records`'s dotted names through (module docstring). Built by hand, as an
    attacker would: `STACK_GLOBAL` twice, then `REDUCE` three times."""
    code = compile(f"open({path!r}, 'w').close()", "<gadget>", "exec")
    fields: list[Any] = [
        code.co_argcount,
        code.co_posonlyargcount,
        code.co_kwonlyargcount,
        code.co_nlocals,
        code.co_stacksize,
        code.co_flags,
        code.co_code,
        code.co_consts,
        code.co_names,
        code.co_varnames,
        code.co_filename,
        code.co_name,
        code.co_qualname,
        code.co_firstlineno,
        code.co_linetable,
        code.co_exceptiontable,
        code.co_freevars,
        code.co_cellvars,
    ]
    assert types.CodeType(*fields).co_code == code.co_code
    args = pickle.dumps(tuple(fields), protocol=3)[2:-1]  # no PROTO, no STOP; no memo clash

    def name(module: str, qualname: str) -> bytes:
        return (
            b"".join(
                pickle.SHORT_BINUNICODE + bytes([len(s)]) + s.encode() for s in (module, qualname)
            )
            + pickle.STACK_GLOBAL
        )

    return b"".join(
        [
            pickle.PROTO + b"\x04",
            name("govmem.model.records", "Config.__init__.__class__"),  # FunctionType
            name("govmem.model.records", "Config.__init__.__code__.__class__"),  # CodeType
            args,
            pickle.REDUCE,  # the code object
            pickle.EMPTY_DICT,
            pickle.TUPLE2,
            pickle.REDUCE,  # a function of it
            pickle.EMPTY_TUPLE,
            pickle.REDUCE,  # called
            pickle.STOP,
        ]
    )


def _json_values() -> st.SearchStrategy[object]:
    scalars = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(min_value=-(2**70), max_value=2**70),
        st.floats(allow_nan=False),
        st.text(max_size=12),
        st.sampled_from(["2024-05-01", "2024-05-01T10:00:00+00:00", "accepted", "decision"]),
    )
    return st.recursive(
        scalars,
        lambda inner: st.one_of(
            st.lists(inner, max_size=6),
            st.dictionaries(st.text(max_size=6), inner, max_size=4),
        ),
        max_leaves=30,
    )


def cache_values() -> st.SearchStrategy[bytes]:
    """Bytes a cache entry, snapshot or kept value could hold when damaged or crafted
    (module docstring)."""
    as_json = _json_values().map(lambda v: json.dumps(v).encode())
    return st.one_of(
        as_json,
        as_json.flatmap(lambda b: st.integers(0, len(b)).map(lambda n: b[:n])),
        st.binary(max_size=200),
        st.just(f1_gadget()),
    )
