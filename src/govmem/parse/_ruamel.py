"""ruamel.yaml, as `parse.yaml` uses it: the safe loader with timestamps kept as written, on
the C parser (declared once) unless asked for the pure-Python one.

Imported by `parse.yaml` on the first document that needs a real YAML parser.
"""

from __future__ import annotations

from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.constructor import SafeConstructor
from ruamel.yaml.resolver import VersionedResolver

try:
    from _ruamel_yaml import CParser  # type: ignore[import-not-found,unused-ignore]
except ImportError:  # pragma: no cover - no ruamel.yaml.clib (PyPy): YAML(typ="safe") only
    CParser = None


class _Constructor(SafeConstructor):
    """The safe constructor, with timestamps kept as their written text."""

    def construct_yaml_timestamp(self, node: Any, values: Any = None) -> Any:
        return self.construct_scalar(node)


_Constructor.add_constructor("tag:yaml.org,2002:timestamp", _Constructor.construct_yaml_timestamp)


def _yaml(pure: bool) -> YAML:
    yaml = YAML(typ="safe", pure=pure)
    yaml.Constructor = _Constructor
    return yaml


class _Resolver(VersionedResolver):
    """YAML 1.2 implicit resolution, its table built once per process.

    What `YAML(typ="safe")` does with the C parser, without its per-node cost:
    there, every scalar asks `processing_version`, which fails two attribute
    lookups (a `%YAML` directive never reaches it) before falling back to 1.2.
    """

    _table: Any = None

    @property
    def processing_version(self) -> Any:
        return (1, 2)

    @property
    def versioned_resolver(self) -> Any:
        table = type(self)._table
        if table is None:
            table = type(self)._table = VersionedResolver.versioned_resolver.fget(self)  # type: ignore[attr-defined]
        return table


if CParser is not None:

    class _CLoader(CParser, _Constructor, _Resolver):  # type: ignore[misc,unused-ignore]
        """The loader `YAML(typ="safe")` builds on the C parser, declared once.

        `YAML()` globs for plugins and `YAML.load` declares a new loader class
        on every call: together about 60 % of a small frontmatter's load
        (benchmarks: docs/benchmarks.md). Same parser, constructor, resolver
        and duplicate-key rule, so the same data and errors.
        """

        def __init__(self, stream: str) -> None:
            CParser.__init__(self, stream)
            self._parser = self._composer = self
            _Constructor.__init__(self, loader=self)
            self.allow_duplicate_keys = False
            _Resolver.__init__(self, version=None, loadumper=self)


def load_documents(text: str, pure: bool, *, stream: bool) -> list[Any]:
    """Every document of `text` (only the first unless `stream`), C parser unless `pure`."""
    if pure or CParser is None:
        yaml = _yaml(pure)
        return list(yaml.load_all(text)) if stream else [yaml.load(text)]
    loader = _CLoader(text)
    try:
        if not stream:
            return [loader.get_single_data()]
        documents = []
        while loader.check_data():
            documents.append(loader.get_data())
        return documents
    finally:
        loader.dispose()
