"""Values as data (SPEC §8, v6): frozen attrs values to JSON and back, by their declared types.

The parse cache keeps parsed files and built corpora outside the repository;
what it keeps must be data that its reader cannot turn into code. `Codec`
writes a value as JSON and reads it back into the type the *reader* names:

* an attrs value is the list of its fields in declaration order; a `When`
  its ISO text (a date `2024-05-01`, an instant with its offset); a tuple or
  frozenset a list (a frozenset sorted, so equal values give equal bytes); a
  mapping a list of `[key, value]` pairs; `None`, strings, numbers and
  booleans themselves;
* every class the reader makes is the one a field declares — never one the
  data names — and every value is checked against its field's type: a string
  where a string belongs, a list of the declared length, a literal among its
  spellings. Anything else raises `CodecError` (the cache reads it as a miss).

Types that are not attrs classes (an `array`, an index's lookup) are read and
written by a pair of functions registered for them (`Codec.register`),
themselves checked. Nothing here touches a file; it is pure.

Strings of a parsed file's own text can be written as `[start, end]` slices of
it (`dumps(value, text=…)`): such a value is read back only with that text.
"""

from __future__ import annotations

import base64
import binascii
import json
import operator
import sys
import threading
import types
import typing
from array import array
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from typing import Any, Final, TypeVar

import attrs

from .time import When

T = TypeVar("T")

Encode = Callable[[Any], Any]
Decode = Callable[[Any, "str | None"], Any]
"""(JSON value, the text slices refer to) -> the value; raises `CodecError`."""

SLICE_FROM: Final = 48
"""Strings at least this long that the text holds are written as slices of it."""


class CodecError(ValueError):
    """A value that does not read as the declared type: damaged, foreign or crafted."""


def _fail(what: str, value: object) -> CodecError:
    shown = repr(value)
    return CodecError(f"expected {what}, got {shown[:60]}")


class Codec:
    """Encoders and decoders compiled once per declared type (module docstring)."""

    def __init__(self) -> None:
        self._enc: dict[tuple[object, bool], Encode] = {}
        self._dec: dict[object, Decode] = {}
        self._custom: dict[type, tuple[Encode, Decode]] = {}

    def register(self, cls: type, encode: Encode, decode: Decode) -> None:
        """Read and write `cls` with these functions wherever a field declares it."""
        self._custom[cls] = (encode, decode)

    # ----------------------------------------------------------------- public
    def dumps(self, value: object, tp: object, *, text: str | None = None) -> bytes:
        """`value`, of the declared type `tp`, as UTF-8 JSON; with `text`, its long strings
        that `text` holds as slices of it."""
        return serialise(self.encode(value, tp, text=text))

    def loads(self, blob: bytes, tp: type[T], *, text: str | None = None) -> T:
        """`dumps`'s bytes back as a value of `tp`.

        Raises:
            CodecError: the bytes are not such a value (not JSON, a wrong
                shape or type, a slice without its text).
        """
        try:
            data = json.loads(blob.decode("utf-8", "surrogatepass"))
        except (ValueError, RecursionError) as exc:
            msg = f"not JSON: {exc}"
            raise CodecError(msg) from None
        try:
            return typing.cast("T", self.decoder(tp)(data, text))
        except RecursionError:
            raise CodecError("nested too deeply") from None

    def decode(self, data: object, tp: type[T], text: str | None = None) -> T:
        """A JSON value already parsed, read as `tp` (`loads` without the parsing)."""
        return typing.cast("T", self.decoder(tp)(data, text))

    def encode(self, value: object, tp: object, *, text: str | None = None) -> object:
        """`value` as the JSON value `dumps` writes, not yet serialised (`serialise`): the
        parts of a value encoded once can be written in more than one place."""
        if text is None:
            return self.encoder(tp)(value)
        _local.text = text
        try:
            return self.encoder(tp, sliced=True)(value)
        finally:
            _local.text = None

    # -------------------------------------------------------------- compiling
    def encoder(self, tp: object, *, sliced: bool = False) -> Encode:
        """The encoder of the declared type `tp` (`sliced`: its strings may become slices of
        the text `dumps` was given)."""
        key = (tp, sliced)
        if (found := self._enc.get(key)) is None:
            self._enc[key] = lambda v: self._enc[key](v)  # a type that holds itself
            found = self._enc[key] = self._make_encoder(tp, sliced)
        return found

    def decoder(self, tp: object) -> Decode:
        """The decoder of the declared type `tp`."""
        if (found := self._dec.get(tp)) is None:
            self._dec[tp] = self._forward_dec(tp)
            found = self._dec[tp] = self._make_decoder(tp)
        return found

    def _forward_dec(self, tp: object) -> Decode:
        return lambda v, t: self._dec[tp](v, t)

    def plain(self, tp: object, sliced: bool) -> bool:
        """Whether values of `tp` are their own JSON (`json` writes a tuple as a list)."""
        if tp in (int, float, bool, type(None)) or (tp is str and not sliced):
            return True
        origin, args = typing.get_origin(tp), typing.get_args(tp)
        if origin is typing.Literal:
            return True
        if origin in (typing.Union, types.UnionType) or origin is tuple:
            items = [a for a in args if a is not Ellipsis]
            return all(self.plain(a, sliced) for a in items)
        return False

    def _make_encoder(self, tp: object, sliced: bool) -> Encode:
        if self.plain(tp, sliced):
            return _same
        if tp is str:
            return _encode_sliced
        if tp is When:
            return _encode_when
        origin, args = typing.get_origin(tp), typing.get_args(tp)
        if (custom := self._custom.get(typing.cast("type", origin or tp))) is not None:
            return custom[0]
        if origin is array or tp is array:
            return _encode_array
        if origin in (typing.Union, types.UnionType):
            enc = self.encoder(self._optional(tp, args), sliced=sliced)
            return lambda v: None if v is None else enc(v)
        if origin is tuple:
            if len(args) == 2 and args[1] is Ellipsis:
                each = self.encoder(args[0], sliced=sliced)
                return lambda v: [each(x) for x in v]
            encs = [self.encoder(a, sliced=sliced) for a in args]
            return lambda v: [e(x) for e, x in zip(encs, v, strict=True)]
        if origin is frozenset:
            each = self.encoder(args[0], sliced=sliced)
            return lambda v: sorted(each(x) for x in v)
        if origin in (Mapping, dict, types.MappingProxyType, typing.Mapping):
            ek, ev = self.encoder(args[0], sliced=sliced), self.encoder(args[1], sliced=sliced)
            return lambda v: [[ek(k), ev(x)] for k, x in v.items()]
        if isinstance(tp, type) and attrs.has(tp):
            return self._attrs_encoder(tp, sliced)
        msg = f"no codec for {tp!r}"
        raise TypeError(msg)

    def _attrs_encoder(self, cls: type, sliced: bool) -> Encode:
        """An attrs value as the list of its fields: read at once (`attrgetter`), and only
        the fields that are not their own JSON encoded one by one."""
        fields = _fields(cls)
        get = operator.attrgetter(*(f.name for f in fields))
        # a string field that may become a slice is left as it is when short (most are)
        strings = tuple(i for i, f in enumerate(fields) if sliced and f.type in _STRINGS)
        fix = tuple(
            (i, self.encoder(f.type, sliced=sliced))
            for i, f in enumerate(fields)
            if not self.plain(f.type, sliced) and i not in strings
        )
        if len(fields) == 1:
            (only,) = fields
            enc = self.encoder(only.type, sliced=sliced)
            return lambda v: [enc(get(v))]

        def encode(v: Any) -> list[Any]:
            out = list(get(v))
            for i in strings:
                if (x := out[i]) is not None and len(x) >= SLICE_FROM:
                    out[i] = _encode_sliced(x)
            for i, e in fix:
                out[i] = e(out[i])
            return out

        return encode

    def _make_decoder(self, tp: object) -> Decode:
        if tp is str:
            return _decode_str
        if tp is bool:
            return _decode_bool
        if tp is int:
            return _decode_int
        if tp is float:
            return _decode_float
        if tp is type(None):
            return _decode_none
        if tp is When:
            return _decode_when
        origin, args = typing.get_origin(tp), typing.get_args(tp)
        if (custom := self._custom.get(typing.cast("type", origin or tp))) is not None:
            return custom[1]
        if origin is array or tp is array:
            return _decode_array
        if origin in (typing.Union, types.UnionType):
            inner = self.decoder(self._optional(tp, args))
            return lambda v, t: None if v is None else inner(v, t)
        if origin is typing.Literal:
            allowed = frozenset(args)
            return lambda v, t: _literal(v, allowed)
        if origin is tuple:
            if len(args) == 2 and args[1] is Ellipsis:
                return self._homogeneous(args[0])
            decs = tuple(self.decoder(a) for a in args)
            return lambda v, t: _fixed(v, t, decs)
        if origin is frozenset:
            each = self.decoder(args[0])
            return lambda v, t: frozenset(each(x, t) for x in _list(v))
        if origin in (Mapping, dict, types.MappingProxyType, typing.Mapping):
            dk, dv = self.decoder(args[0]), self.decoder(args[1])
            wrap = dict if origin is dict else types.MappingProxyType
            return lambda v, t: wrap({dk(k, t): dv(x, t) for k, x in _pairs(v)})
        if isinstance(tp, type) and attrs.has(tp):
            return self._attrs_decoder(tp)
        msg = f"no codec for {tp!r}"
        raise TypeError(msg)

    def _homogeneous(self, item: object) -> Decode:
        """`tuple[X, ...]`, with a quick path for strings and integers."""
        if item is str:
            return _strings
        if item is int:
            return _ints
        each = self.decoder(item)
        return lambda v, t: tuple([each(x, t) for x in _list(v)])

    def _attrs_decoder(self, cls: type) -> Decode:
        fields = _fields(cls)
        decs = tuple(self.decoder(f.type) for f in fields)
        size = len(decs)
        plain = tuple(_PLAIN.get(f.type) for f in fields)

        shape = f"{cls.__name__} as a list of {size}"

        def decode(v: Any, t: str | None) -> Any:
            if type(v) is not list or len(v) != size:
                raise _fail(shape, v)
            args = [
                x if (kind := plain[i]) is not None and type(x) is kind else decs[i](x, t)
                for i, x in enumerate(v)
            ]
            try:
                return cls(*args)
            except (TypeError, ValueError) as exc:  # a validator or converter refused it
                msg = f"{cls.__name__}: {exc}"
                raise CodecError(msg) from None

        return decode

    @staticmethod
    def _optional(tp: object, args: tuple[object, ...]) -> object:
        rest = [a for a in args if a is not type(None)]
        if len(rest) != 1 or len(args) != 2:
            msg = f"only `X | None` unions have a codec, not {tp!r}"
            raise TypeError(msg)
        return rest[0]


_STRINGS: Final = (str, str | None)
"""Declared types whose value is a string (or None), written as a slice when long."""
_PLAIN: Final[dict[object, type]] = {str: str, int: int, bool: bool}
"""Declared types whose JSON value is read as it is once its type is checked."""


@typing.no_type_check
def _fields(cls: type) -> tuple[attrs.Attribute[Any], ...]:
    """`cls`'s init fields with their types resolved (`from __future__ import annotations`)."""
    attrs.resolve_types(cls, localns={"array": _ArrayHint})
    fields = attrs.fields(cls)
    if any(not f.init or f.kw_only for f in fields):
        msg = f"{cls.__name__}: every field must be positional in __init__"
        raise TypeError(msg)
    return fields


class _ArrayHint:
    """`array[int]` in an annotation read on Python 3.11, where `array` is not generic."""

    def __class_getitem__(cls, item: object) -> type:
        return array


_local = threading.local()
"""The text `dumps` slices strings of, in this thread (`_encode_sliced`)."""
_JSON: Final = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), check_circular=False)


def serialise(data: object) -> bytes:
    """A JSON value (`Codec.encode`'s) as the UTF-8 bytes `Codec.dumps` writes."""
    return _JSON.encode(data).encode("utf-8", "surrogatepass")


def _encode_sliced(v: str) -> object:
    """A string the text holds, when long, as `[start, end]` of it."""
    text: str | None = getattr(_local, "text", None)
    if text is not None and len(v) >= SLICE_FROM and (at := text.find(v)) >= 0:
        return [at, at + len(v)]
    return v


def _same(v: T) -> T:
    return v


def _decode_str(v: Any, t: str | None) -> str:
    if type(v) is str:
        return v
    if (
        t is not None
        and type(v) is list
        and len(v) == 2
        and type(v[0]) is int
        and type(v[1]) is int
        and 0 <= v[0] <= v[1] <= len(t)
    ):
        return t[v[0] : v[1]]
    raise _fail("a string", v)


def _decode_bool(v: Any, t: str | None) -> bool:
    if type(v) is bool:
        return v
    raise _fail("a boolean", v)


def _decode_int(v: Any, t: str | None) -> int:
    if type(v) is int:
        return v
    raise _fail("an integer", v)


def _decode_float(v: Any, t: str | None) -> float:
    """A number as written: an int stays an int (what was kept is what comes back, its
    `repr` too: a configuration's repr is part of the cache's keys)."""
    if type(v) is float or type(v) is int:
        return v
    raise _fail("a number", v)


def _decode_none(v: Any, t: str | None) -> None:
    if v is None:
        return
    raise _fail("null", v)


def _literal(v: Any, allowed: frozenset[object]) -> Any:
    if type(v) is str and v in allowed:
        return v
    what = f"one of {sorted(map(str, allowed))}"
    raise _fail(what, v)


def _list(v: Any) -> list[Any]:
    if type(v) is list:
        return v
    raise _fail("a list", v)


def _strings(v: Any, t: str | None) -> tuple[str, ...]:
    if type(v) is list and all(type(x) is str for x in v):
        return tuple(v)
    return tuple(_decode_str(x, t) for x in _list(v))


def _ints(v: Any, t: str | None) -> tuple[int, ...]:
    if type(v) is list and all(type(x) is int for x in v):
        return tuple(v)
    raise _fail("a list of integers", v)


def _fixed(v: Any, t: str | None, decs: tuple[Decode, ...]) -> tuple[Any, ...]:
    if type(v) is not list or len(v) != len(decs):
        what = f"a list of {len(decs)}"
        raise _fail(what, v)
    return tuple([d(x, t) for d, x in zip(decs, v, strict=True)])


def _pairs(v: Any) -> list[list[Any]]:
    if type(v) is list and all(type(p) is list and len(p) == 2 for p in v):
        return v
    raise _fail("a list of [key, value] pairs", v)


def _encode_when(w: When) -> str:
    if w.date_only:
        return str(w)
    return w.at.isoformat()


def _decode_when(v: Any, t: str | None) -> When:
    if type(v) is not str:
        raise _fail("a date", v)
    try:
        at = datetime.fromisoformat(v)
    except ValueError:
        raise _fail("an ISO date", v) from None
    if len(v) == 10:
        return When(at.replace(tzinfo=UTC), date_only=True)
    if at.utcoffset() is None or at.utcoffset():
        raise _fail("an instant in UTC", v)
    return When(at.astimezone(UTC))


_TYPECODES: Final = frozenset("bBhHiIlLqQfd")


def _encode_array(a: array[Any]) -> list[str]:
    """`[typecode, base64 of the items little-endian]`."""
    if sys.byteorder != "little":
        a = array(a.typecode, a)
        a.byteswap()
    return [a.typecode, base64.b64encode(a.tobytes()).decode("ascii")]


def _decode_array(v: Any, t: str | None) -> array[Any]:
    if (
        type(v) is not list
        or len(v) != 2
        or type(v[0]) is not str
        or v[0] not in _TYPECODES
        or type(v[1]) is not str
    ):
        raise _fail("an array", v)
    out = array(v[0])
    try:
        out.frombytes(base64.b64decode(v[1], validate=True))
    except (binascii.Error, ValueError):
        raise _fail("an array's bytes", v[1]) from None
    if sys.byteorder != "little":
        out.byteswap()
    return out


MAGIC: Final = b"govmem-data 1\n"
"""The first bytes of `pack`'s value: the container's format and version."""


def pack(sections: Mapping[str, bytes]) -> bytes:
    """Named byte strings as one: `MAGIC`, the header's length (8 bytes, little-endian), the
    header (JSON `[[name, length], ...]`), then each section's bytes in that order."""
    header = json.dumps([[name, len(data)] for name, data in sections.items()]).encode()
    return b"".join([MAGIC, len(header).to_bytes(8, "little"), header, *sections.values()])


def unpack(blob: bytes | memoryview) -> dict[str, memoryview]:
    """`pack`'s sections, as views of `blob` (nothing copied).

    Raises:
        CodecError: `blob` is not such a container, or is cut short.
    """
    view = memoryview(blob)
    start = len(MAGIC) + 8
    if len(view) < start or bytes(view[: len(MAGIC)]) != MAGIC:
        raise CodecError("not a govmem data container")
    size = int.from_bytes(view[len(MAGIC) : start], "little")
    try:
        header = json.loads(bytes(view[start : start + size]))
    except ValueError:
        raise CodecError("a damaged container header") from None
    if type(header) is not list:
        raise CodecError("a damaged container header")
    out: dict[str, memoryview] = {}
    at = start + size
    for entry in header:
        if (
            type(entry) is not list
            or len(entry) != 2
            or type(entry[0]) is not str
            or type(entry[1]) is not int
            or entry[1] < 0
        ):
            raise CodecError("a damaged container header")
        out[entry[0]] = view[at : at + entry[1]]
        at += entry[1]
    if at != len(view):
        raise CodecError("a container of the wrong length")
    return out


CODEC: Final = Codec()
"""The one codec of the model's values; other layers register their own types on it."""
