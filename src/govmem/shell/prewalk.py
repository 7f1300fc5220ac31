"""A stat walk on the other core: a forked process lists a plan's files while this one goes on.

A warm start's cost that grows with the corpus is the stat walk that keys its
snapshot (`Loader.listing`: one `stat` per file, 0.1 s at 10,000 files, 1 s at
100,000). The MCP server's first answer waits for it *and* for the MCP SDK's
imports (about 0.5 s CPU), which do not need it: `start(walk)` forks a process
that runs `walk` and sends back its value (`marshal`: plain tuples, strings,
numbers), and `Prewalk.result()` takes it when the load needs it — by then the
walk ran beside the imports.

* **When.** Only on Linux and only while this process has one thread (a lock
  held by another thread would stay held in the child; `pool` says the same);
  anywhere else `start` returns None and the caller walks in-process.
* **Tied to this process.** The child lets go of the standard streams (a
  server's stdout is its protocol channel: a copy kept open would keep the
  client from reading end-of-file), dies with this process
  (`PR_SET_PDEATHSIG`) and leaves by `os._exit`, running no `atexit`.
* **Failure.** A fork that fails, a child that dies, a value that does not
  come back whole: `result()` is None and the caller walks in-process, as if
  there had been no child. Never an error.
"""

from __future__ import annotations

import contextlib
import ctypes
import marshal
import os
import signal
import sys
import threading
from collections.abc import Callable
from typing import Final, TypeAlias

_PR_SET_PDEATHSIG: Final = 1
Marshallable: TypeAlias = tuple[object, ...] | str | bytes | int | float | bool | None
"""What a walk returns: plain values `marshal` writes (tuples of them too)."""


class Prewalk:
    """A forked walk under way: its value once (`result`), or cancelled (`cancel`)."""

    def __init__(self, pid: int, fd: int) -> None:
        self._pid: int | None = pid
        self._fd = fd

    def result(self) -> object | None:
        """The walk's value (waiting for it), or None when the child failed; once."""
        if self._pid is None:
            return None
        fd = os.dup(self._fd)
        try:
            if not self._reap(kill=False):
                return None
            size, chunks, at = os.fstat(fd).st_size, [], 0
            while at < size and (chunk := os.pread(fd, size - at, at)):
                chunks.append(chunk)
                at += len(chunk)
            value: object = marshal.loads(b"".join(chunks))  # `marshal.load` of a file: 8x slower
        except (OSError, EOFError, ValueError, TypeError):
            return None
        finally:
            os.close(fd)
        return value

    def cancel(self) -> None:
        """Stop the walk (its value is not wanted); idempotent."""
        self._reap(kill=True)

    def _reap(self, *, kill: bool) -> bool:
        """Wait for the child (killed first when `kill`), close its file; whether it exited 0."""
        pid, self._pid = self._pid, None
        if pid is None:
            return False
        with contextlib.suppress(OSError):
            os.close(self._fd)
        if kill:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        try:
            _, status = os.waitpid(pid, 0)
        except ChildProcessError:
            return False
        return os.waitstatus_to_exitcode(status) == 0


def start(walk: Callable[[], Marshallable]) -> Prewalk | None:
    """Run `walk` in a forked process; None when no process can be forked here (the module
    docstring). Its value must be what `marshal` writes."""
    if not sys.platform.startswith("linux") or threading.active_count() > 1:
        return None
    try:
        out = os.memfd_create("govmem-prewalk", os.MFD_CLOEXEC)
    except (OSError, AttributeError):
        return None
    parent = os.getpid()
    try:
        pid = os.fork()
    except OSError:
        os.close(out)
        return None
    if pid == 0:  # pragma: no cover - the child (its effect is tested: tests/shell)
        _child(parent, out, walk)
    return Prewalk(pid, out)


def _child(parent: int, out: int, walk: Callable[[], Marshallable]) -> None:
    """The forked process: walk, write the value, leave (never returns)."""
    code = 1
    try:
        devnull = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1, 2):
            os.dup2(devnull, fd)
        os.close(devnull)
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
        if os.getppid() == parent:
            data = memoryview(marshal.dumps(walk()))  # type: ignore[arg-type]
            while data:
                data = data[os.write(out, data) :]
            code = 0
    finally:
        os._exit(code)
