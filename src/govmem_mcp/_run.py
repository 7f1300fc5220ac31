"""Serving one stdio connection: start, stop on EOF or SIGTERM, report transport failures.

* stdout carries only protocol frames: the SDK's stdio transport writes the
  frames through a private duplicate of fd 1 and points fd 1 at stderr while
  it serves, so a stray write cannot corrupt the wire;
* stdin is read by `StdinLines`, which a cancellation interrupts (the
  SDK's own reader is a worker thread that would keep the process alive
  until the client's next line), through `GuardedLines` (`_frames`), which
  answers the requests the SDK would drop unanswered;
* closing stdin ends the connection: `serve` returns normally and the
  process exits 0 with nothing on stderr; SIGTERM does the same;
* a transport failure (EPIPE when the client has gone, a closed stdout)
  is passed to `on_error` (one line on stderr by default) and `serve`
  returns False, so the console script exits 1.
"""

from __future__ import annotations

import signal
import sys
from collections.abc import Callable
from typing import Any, cast

import anyio
from anyio import CancelScope
from mcp.server.lowlevel import Server
from mcp.server.models import InitializationOptions
from mcp.server.stdio import stdio_server

from ._frames import GuardedLines
from ._state import LiveCorpus
from ._stdin import StdinLines

OnError = Callable[[BaseException], None]
"""Called with a transport failure."""


def report(exc: BaseException) -> None:
    """The default `on_error`: one line on stderr."""
    text = " ".join(str(exc).split()) or type(exc).__name__
    sys.stderr.write(f"govmem-mcp: transport failed: {text}\n")
    sys.stderr.flush()


def _first(exc: BaseException) -> BaseException:
    while isinstance(exc, BaseExceptionGroup) and exc.exceptions:
        exc = exc.exceptions[0]
    return exc


async def _on_sigterm(scope: CancelScope) -> None:
    with anyio.open_signal_receiver(signal.SIGTERM) as signals:
        async for _ in signals:
            scope.cancel()
            return


async def _serve_stdio(server: Server[Any]) -> None:
    """`Server.run` over stdio, with stdin read by `StdinLines` (cancellable).

    Requests the SDK would drop unanswered (positional `params`, nesting past
    `_frames.MAX_DEPTH`) are answered with a JSON-RPC error by `GuardedLines`.
    """
    guarded = GuardedLines(StdinLines())
    stdin = cast("anyio.AsyncFile[str]", guarded)
    async with stdio_server(stdin=stdin) as (read_stream, write_stream):
        guarded.attach(write_stream.send)
        await server.run(read_stream, write_stream, initialization_options(server))


def initialization_options(server: Server[Any]) -> InitializationOptions:
    """The server's `initialize` answer, the same on every supported SDK (`mcp>=2.0`).

    mcp 2.0–2.2 advertise an empty `experimental` capability that 2.3 leaves
    out; govmem has none, so the key is left out on all of them.
    """
    options = server.create_initialization_options()
    capabilities = options.capabilities
    if not capabilities.experimental:
        capabilities = capabilities.model_copy(update={"experimental": None})
    return options.model_copy(update={"capabilities": capabilities})


async def serve(
    server: Server[Any], state: LiveCorpus, scope: CancelScope, on_error: OnError | None = None
) -> bool:
    """Serve stdio until EOF, SIGTERM or `scope` is cancelled; False after a transport failure."""

    async def preload() -> None:
        try:
            await anyio.to_thread.run_sync(state.current)
        except Exception:
            return

    try:
        with scope:
            async with anyio.create_task_group() as tg:
                if sys.platform != "win32":
                    tg.start_soon(_on_sigterm, tg.cancel_scope)
                tg.start_soon(preload)
                await _serve_stdio(server)
                tg.cancel_scope.cancel()
    except Exception as exc:
        (on_error or report)(_first(exc))
        return False
    return True
