"""(Un)structuring govmem's values to JSON-safe data, with one private cattrs converter.

`make_converter()` returns a fresh strict `Converter` (never the global one):
unknown keys are refused, a string field takes only a string, a tuple of
strings only a list of strings, and a `When` travels as its printed form
(`YYYY-MM-DD` or `YYYY-MM-DDTHH:MM:SSZ`). Round trips are exact:
`structure(unstructure(x), type(x)) == x` for every record, source,
relation and finding.

cattrs is imported, and the converter built, on first use (about 50 ms): a
start that answers from the parse cache's snapshot converts nothing.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any, TypeVar

from .errors import InputError
from .records import Config, Finding, Record, Relation, Source
from .time import When, parse_iso

if TYPE_CHECKING:
    from cattrs import Converter

T = TypeVar("T")


def _when(value: Any, _: type) -> When:
    if isinstance(value, str):
        when = parse_iso(value)
        if when is not None:
            return when
    msg = f"expected a date or ISO timestamp, got {value!r}"
    raise ValueError(msg)


def _strict_str(value: Any, _: type) -> str:
    if not isinstance(value, str):
        msg = f"expected a string, got {type(value).__name__}"
        raise TypeError(msg)
    return value


def _str_tuple(value: Any, _: type) -> tuple[str, ...]:
    if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
        msg = "expected a list of strings"
        raise TypeError(msg)
    return tuple(value)


def _strict_float(value: Any, _: type) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        msg = f"expected a number, got {type(value).__name__}"
        raise TypeError(msg)
    return float(value)


def _strict_bool(value: Any, _: type) -> bool:
    if not isinstance(value, bool):
        msg = f"expected true or false, got {type(value).__name__}"
        raise TypeError(msg)
    return value


def make_converter() -> Converter:
    """A fresh strict converter for govmem's values."""
    from cattrs import Converter  # noqa: PLC0415 - see the module docstring
    from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override  # noqa: PLC0415

    conv = Converter(forbid_extra_keys=True)
    conv.register_unstructure_hook(When, str)
    conv.register_structure_hook(When, _when)
    conv.register_structure_hook(str, _strict_str)
    conv.register_structure_hook(float, _strict_float)
    conv.register_structure_hook(bool, _strict_bool)
    conv.register_structure_hook_func(lambda t: t == tuple[str, ...], _str_tuple)
    for cls in (Record, Source):  # `prose` is derived from the text: never written out
        omit = override(omit=True)
        conv.register_unstructure_hook(cls, make_dict_unstructure_fn(cls, conv, prose=omit))
        conv.register_structure_hook(
            cls, make_dict_structure_fn(cls, conv, _cattrs_forbid_extra_keys=True, prose=omit)
        )
    return conv


@functools.cache
def _converter() -> Converter:
    return make_converter()


def unstructure(value: Record | Source | Relation | Finding | Config) -> dict[str, Any]:
    """A value as JSON-safe data (tuples as lists, dates as strings)."""
    data: dict[str, Any] = _converter().unstructure(value)
    return data


def structure(data: object, cls: type[T]) -> T:
    """Build a value of `cls` from JSON-safe data.

    Raises:
        InputError: unknown keys, missing fields or values of the wrong type.
    """
    from cattrs import transform_error  # noqa: PLC0415
    from cattrs.errors import ClassValidationError, ForbiddenExtraKeysError  # noqa: PLC0415

    try:
        return _converter().structure(data, cls)
    except (ClassValidationError, ForbiddenExtraKeysError) as exc:
        msg = "; ".join(transform_error(exc, path=cls.__name__))
        raise InputError(cls.__name__, msg) from exc
    except (TypeError, ValueError, KeyError, AttributeError) as exc:
        msg = f"cannot build a {cls.__name__}: {exc}"
        raise InputError(cls.__name__, msg) from exc
