"""Lines from stdin that a cancellation can interrupt.

The SDK's stdio transport reads stdin in a worker thread, which nothing can
interrupt: after SIGTERM, `close()` or a broken stdout the process would
wait for the client's next line. `StdinLines` waits for fd 0 on the event
loop instead (`anyio.wait_readable`) and reads only what is there, so
cancelling the connection ends it at once. When the event loop cannot poll
the descriptor (a regular file or `/dev/null` as stdin, where a read never
blocks anyway) it reads directly.
"""

from __future__ import annotations

import os
from typing import Final

import anyio

CHUNK: Final = 1 << 16


class StdinLines:
    """An async iterator of text lines (each ending in a newline) from a file descriptor."""

    def __init__(self, fd: int = 0) -> None:
        self._fd = fd
        self._buffer = b""
        self._eof = False
        self._pollable = True

    def __aiter__(self) -> StdinLines:
        return self

    async def __anext__(self) -> str:
        while b"\n" not in self._buffer and not self._eof:
            await self._wait()
            chunk = os.read(self._fd, CHUNK)
            if chunk:
                self._buffer += chunk
            else:
                self._eof = True
        if not self._buffer:
            raise StopAsyncIteration
        line, sep, self._buffer = self._buffer.partition(b"\n")
        return line.decode("utf-8", "replace") + (sep.decode() or "\n")

    async def _wait(self) -> None:
        if self._pollable:
            try:
                await anyio.wait_readable(self._fd)
                return
            except (OSError, ValueError):
                self._pollable = False  # a regular file or /dev/null: reads never block
        await anyio.lowlevel.checkpoint()
