"""The cyclic garbage collector paused while a load builds many objects that live on.

A cold load of 10,000 ADRs makes millions of objects (records, their facts,
the index), all kept; the collector would walk them again and again as they
accumulate (a quarter of a cold load at 10k: 4.6 s -> 3.4 s on 2 cores),
and a snapshot restored from the cache holds no garbage at all. Whatever
cycle a load does leave is collected once the collector runs again.
"""

from __future__ import annotations

import gc
from types import TracebackType


class paused:  # noqa: N801 - a context manager named as what it does
    """The collector off for the block, and back on after it if it was on before.

    Loads on two threads at once may overlap: the collector is on again when
    the one that found it on ends (the other then runs with it on: slower,
    never wrong).
    """

    def __enter__(self) -> None:
        self._was = gc.isenabled()
        gc.disable()

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        if self._was:
            gc.enable()
