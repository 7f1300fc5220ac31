"""Fixtures of the MCP adapter tests: the example repository, a live state, in-process clients."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
from mcp import Client
from mcp.server.mcpserver import MCPServer

from govmem_mcp._state import LiveCorpus
from govmem_mcp.server import build_server

SEED_QUESTION = "Quale database è approvato per i nuovi servizi?"


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
def server(state: LiveCorpus) -> MCPServer:
    """A read-only server over `state`."""
    return build_server(state)


@pytest.fixture
def write_server(state: LiveCorpus) -> MCPServer:
    """A server with `remember`."""
    return build_server(state, allow_writes=True)


@pytest.fixture(params=["auto", "legacy"])
def mode(request: pytest.FixtureRequest) -> str:
    """`auto` speaks 2026-07-28 (server/discover), `legacy` the initialize handshake."""
    value: str = request.param
    return value


@pytest.fixture
async def client(server: MCPServer, mode: str) -> AsyncIterator[Client]:
    """An in-process SDK client of `server` in both protocol eras."""
    async with Client(server, mode=mode, raise_exceptions=True) as c:  # type: ignore[arg-type]
        yield c


@pytest.fixture
async def write_client(write_server: MCPServer, mode: str) -> AsyncIterator[Client]:
    """An in-process SDK client of the server with `remember`."""
    async with Client(write_server, mode=mode, raise_exceptions=True) as c:  # type: ignore[arg-type]
        yield c


def structured(result: Any) -> dict[str, Any]:
    """The structured content of a successful tool result."""
    assert not result.is_error, result.content
    out: dict[str, Any] = result.structured_content
    return out


def text(result: Any) -> str:
    """`content[0].text`."""
    value: str = result.content[0].text
    return value
