"""Fixtures of the MCP adapter tests, loaded by each test module through `pytest_plugins`."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
from mcp.server import Server

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
