"""Fixtures of the MCP adapter tests, loaded by each test module through `pytest_plugins`."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from mcp.server import Server

from govmem_mcp import _scan, _state
from govmem_mcp._state import LiveCorpus
from govmem_mcp.server import build_server
from mcp import Client


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
def state(example_repo: Path) -> Iterator[LiveCorpus]:
    """The live corpus of a fresh copy of the example repository."""
    live = LiveCorpus(example_repo)
    yield live
    live.close()


@pytest.fixture
def server(state: LiveCorpus) -> Server[Any]:
    """A read-only server over `state`."""
    return build_server(state)


@pytest.fixture
def write_server(state: LiveCorpus) -> Server[Any]:
    """A server with `remember`."""
    return build_server(state, allow_writes=True)


@pytest.fixture(params=["auto", "legacy"])
def mode(request: pytest.FixtureRequest) -> str:
    """`auto` speaks 2026-07-28 (server/discover), `legacy` the initialize handshake."""
    value: str = request.param
    return value


@pytest.fixture
async def client(server: Server[Any], mode: str) -> AsyncIterator[Client]:
    """An in-process SDK client of `server` in both protocol eras."""
    async with Client(server, mode=mode, raise_exceptions=True) as c:
        yield c


@pytest.fixture
async def write_client(write_server: Server[Any], mode: str) -> AsyncIterator[Client]:
    """An in-process SDK client of the server with `remember`."""
    async with Client(write_server, mode=mode, raise_exceptions=True) as c:
        yield c


SHORT_RACY_NS = 250_000_000
"""The stat scan's racily-clean window in the tests that wait it out (`settle`): far past
the file system's timestamp tick (a few ms), an eighth of the real 2 s."""


@pytest.fixture
def settle(monkeypatch: pytest.MonkeyPatch) -> Callable[[LiveCorpus], None]:
    """Let racy timestamps age: a served corpus watched by stat scan re-reads files changed
    within the racily-clean window before a scan (`govmem_mcp._scan.RACY_NS`), here
    shortened to `SHORT_RACY_NS` so that waiting it out costs a quarter second, not two —
    the same rule and code path, a shorter window. A corpus watched by inotify waits for
    nothing."""
    monkeypatch.setattr(_scan, "RACY_NS", SHORT_RACY_NS)
    monkeypatch.setattr(_state, "RACY_NS", SHORT_RACY_NS)

    def wait(live: LiveCorpus) -> None:
        if live.watch_kind == "stat":
            time.sleep(SHORT_RACY_NS / 1e9 + 0.1)
            live.current()  # reads the racily clean files again
            live.current()  # and now proves them unchanged

    return wait
