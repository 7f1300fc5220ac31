"""`ScopeTree`: the scope tree of `govmem.yaml`, the one place that answers "is A an ancestor of B"."""

from __future__ import annotations

from govmem.model.records import ROOT_SCOPE, ScopeSpec
from govmem.model.text import fold


class ScopeTree:
    """The scope tree: declared scopes under `all`, undeclared ones as its children.

    Names and aliases are compared folded (casefold + accents stripped).
    """

    __slots__ = ("_alias", "_declared", "_parent")

    def __init__(self, specs: tuple[ScopeSpec, ...]) -> None:
        self._parent: dict[str, str | None] = {ROOT_SCOPE: None}
        self._alias: dict[str, str] = {ROOT_SCOPE: ROOT_SCOPE}
        for spec in specs:
            name = fold(spec.name)
            self._parent[name] = (
                fold(spec.parent) if spec.parent else (None if name == ROOT_SCOPE else ROOT_SCOPE)
            )
            self._alias[name] = name
        for spec in specs:
            for alias in spec.aliases:
                self._alias.setdefault(fold(alias), fold(spec.name))
        self._declared = frozenset(self._parent)

    def canonical(self, name: str) -> str:
        """The canonical, folded name of `name` (an alias resolves to its scope)."""
        folded = fold(name.strip())
        return self._alias.get(folded, folded)

    def is_declared(self, name: str) -> bool:
        """Whether `name` (canonical) is declared in `govmem.yaml` (or is `all`)."""
        return name in self._declared

    def parent(self, name: str) -> str | None:
        """The parent scope; an undeclared scope is a child of `all`."""
        if name == ROOT_SCOPE:
            return None
        return self._parent.get(name, ROOT_SCOPE)

    def ancestors(self, name: str) -> tuple[str, ...]:
        """`name` and its ancestors, nearest first, ending at `all`."""
        chain = [name]
        seen = {name}
        while (up := self.parent(chain[-1])) is not None and up not in seen:
            chain.append(up)
            seen.add(up)
        return tuple(chain)

    def depth(self, name: str) -> int:
        """`all` is 0, its children 1, and so on."""
        return len(self.ancestors(name)) - 1

    def is_ancestor_or_self(self, ancestor: str, name: str) -> bool:
        """Whether `ancestor` is `name` or one of its ancestors."""
        return ancestor in self.ancestors(name)

    def overlaps(self, a: str, b: str) -> bool:
        """Two scopes overlap when one is the other or an ancestor of it."""
        return self.is_ancestor_or_self(a, b) or self.is_ancestor_or_self(b, a)

    def names_and_aliases(self) -> tuple[tuple[str, str], ...]:
        """(folded spelling, canonical scope) for every declared name and alias."""
        return tuple(sorted(self._alias.items()))
