"""govmem_mcp: the govmem operations as MCP tools over stdio.

Run it as ``govmem-mcp --cwd /path/to/repo`` (or ``govmem serve``), or embed it::

    import anyio
    from govmem_mcp import create_server

    handle = create_server(cwd="/path/to/repo")
    anyio.run(handle.start)        # checks the root, then serves stdin/stdout

`create_server` touches no file; `start()` checks the root and folder
(raising `govmem.CorpusUnavailable` with adrkit's reason), then serves one
stdio connection until stdin closes, SIGTERM arrives or `close()` is
called. A transport failure goes to `on_error` (default: one line on
stderr) and makes `start()` return False. `close()` stops serving and
releases the watches; a closed handle cannot start again.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, final

from ._version import __version__

if TYPE_CHECKING:
    import anyio

    from ._state import LiveCorpus

OnError = Callable[[BaseException], None]

__all__ = ["ServerHandle", "__version__", "create_server"]


class _Server:
    """What a handle holds: the options, then the live state and the server."""

    def __init__(
        self,
        cwd: Path,
        dir: str | None,
        config: Path | None,
        on_error: OnError | None,
        allow_writes: bool,
    ) -> None:
        self.cwd, self.dir, self.config = cwd, dir, config
        self.on_error, self.allow_writes = on_error, allow_writes
        self.scope: anyio.CancelScope | None = None
        self.state: object | None = None
        self.started = self.closed = False

    def prepare(self) -> LiveCorpus:
        """Check the root and folder, and begin the corpus's first load (`LiveCorpus.begin`:
        its stat walk runs in another process) before the MCP SDK is imported; once.

        `start` calls it; the console script calls it earlier, while the process has one
        thread (before `start_workers`), so that the walk can be forked.

        Raises:
            govmem.CorpusUnavailable: the root or folder fails its checks.
        """
        from ._roots import check_roots  # noqa: PLC0415
        from ._state import LiveCorpus  # noqa: PLC0415

        if isinstance(self.state, LiveCorpus):
            return self.state
        check_roots(self.cwd, self.dir)
        state = LiveCorpus(self.cwd, dir=self.dir, config=self.config)
        self.state = state
        state.begin()
        return state

    async def start(self) -> bool:
        if self.closed:
            msg = "this server was closed; create a new one"
            raise RuntimeError(msg)
        if self.started:
            msg = "this server was already started"
            raise RuntimeError(msg)
        self.started = True
        state = self.prepare()
        # the SDK's imports (half a second) come after `prepare`: its stat walk runs beside them
        import anyio  # noqa: PLC0415 - keep `import govmem_mcp` light (and importable without the extra)

        from ._run import serve  # noqa: PLC0415
        from .server import build_server  # noqa: PLC0415

        self.scope = anyio.CancelScope()
        try:
            server = build_server(state, allow_writes=self.allow_writes)
            return await serve(server, state, self.scope, self.on_error)
        finally:
            state.close()

    async def close(self) -> None:
        self.closed = True
        if self.scope is not None:
            self.scope.cancel()


@final
class ServerHandle:
    """A govmem MCP server: `start()` and `close()`, nothing else."""

    __slots__ = ("_server",)
    _server: _Server

    def __init__(self, server: _Server) -> None:
        object.__setattr__(self, "_server", server)

    def __setattr__(self, name: str, value: object) -> None:
        msg = "a ServerHandle is read-only"
        raise AttributeError(msg)

    async def start(self) -> bool:
        """Check the root and folder, then serve stdio; False after a transport failure.

        Raises:
            govmem.CorpusUnavailable: the root or folder fails its checks.
            RuntimeError: started twice, or after `close()`.
        """
        return await self._server.start()

    async def close(self) -> None:
        """Stop serving (idempotent)."""
        await self._server.close()


def create_server(
    *,
    cwd: str | os.PathLike[str] | None = None,
    dir: str | os.PathLike[str] | None = None,
    config: str | os.PathLike[str] | None = None,
    on_error: OnError | None = None,
    allow_writes: bool = False,
) -> ServerHandle:
    """A server over the repository at `cwd` (default: the current directory); touches no file.

    Args:
        cwd: the repository root (without a `.git` entry: no git dates, a `no-git` finding).
        dir: the ADR folder, relative to the root (default: auto-detected).
        config: a `govmem.yaml` to use instead of the root's own.
        on_error: called with a transport failure (default: one line on stderr).
        allow_writes: serve the `remember` and `propose_decision` tools too.
    """
    root = Path(os.path.abspath(cwd if cwd is not None else os.curdir))
    return ServerHandle(
        _Server(
            root,
            None if dir is None else os.fspath(dir),
            None if config is None else Path(os.path.abspath(config)),
            on_error,
            allow_writes,
        )
    )
