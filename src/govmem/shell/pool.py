"""Parsing many files on every core: a process pool of `parse_file`.

Parsing is pure and costs about half a millisecond per ADR (most of it the
CommonMark block parser), so a cold load of thousands of files is bound by
one core. Above `PARALLEL_FROM` files still to parse, `parse_many` hands
them to worker processes in chunks and gets plain values back
(`ParsedFile`s: records, sources, relations, findings — never a corpus).

* **Start.** Workers are forked from this process (Linux), once, the first
  time a load needs them (or at `start_workers`, which the MCP server calls
  before it starts its threads), and kept for the process's life: a server's
  reloads and a second `load` pay no start-up. Forking copies the parser
  already imported and never re-runs the caller's `__main__` (which the
  `spawn` and `forkserver` methods do in every worker, so a script without
  an `if __name__ == "__main__"` guard would load again in each). A process
  that is already running other threads is never forked (a lock held by
  another thread would stay held in the child): such a process — and one
  on macOS or Windows — parses serially, as it does below `PARALLEL_FROM`.
* **Tied to this process.** A worker holds none of this process's standard
  streams (they are `/dev/null` in it: a server's stdout is its protocol
  channel, and a pipe a worker kept open would never reach end-of-file for
  whoever reads it) and, on Linux, dies with this process
  (`PR_SET_PDEATHSIG`): a killed server leaves no workers behind.
* **Order.** Results come back in the files' order, so a parallel load
  builds the same corpus as a serial one, byte for byte.
* **Failure.** When a pool cannot start or breaks (no `/dev/shm`, a
  sandbox that forbids processes, a worker killed), the files are parsed
  here instead, and later loads stay serial: never an error for the caller.

`GOVMEM_WORKERS` sets the number of workers (`1`: parse serially).
"""

from __future__ import annotations

import atexit
import contextlib
import ctypes
import gc
import os
import signal
import sys
import threading
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Final

from govmem.model.time import When
from govmem.parse.file import ParseContext, ParsedFile, parse_file

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

PARALLEL_FROM: Final = 1000
"""Fewer files than this are parsed in this process: starting the pool costs more."""
CHUNK: Final = 64
"""Files per task sent to a worker."""

Job = tuple[str, str, When | None]
"""(path, text, git date) of one file to parse."""
Encode = Callable[[ParsedFile, str], bytes | None]
"""What a parsed file is stored as, given its text (`snapshot.encode_entry`), made where it
was parsed."""
Decode = Callable[[bytes, str], ParsedFile | None]
"""An encoding back as the parsed file, given its text (`snapshot.decode_entry`)."""
Codec = tuple[Encode, Decode]
Parsed = tuple[ParsedFile, bytes | None]
"""A parsed file, and its encoding when one was asked for."""

_CAN_FORK: Final = sys.platform.startswith("linux")
"""Whether workers can be forked here (the pool and `multiprocessing` are imported on first
use: a load that the cache answers never pays for them)."""
_lock = threading.Lock()
_pool: ProcessPoolExecutor | None = None
_broken = False


MIN_CORES: Final = 2
"""With this many cores or fewer, files are parsed in the loading process (`workers`)."""


def workers() -> int:
    """How many worker processes a parallel parse uses (`GOVMEM_WORKERS`, else the cores when
    there are more than `MIN_CORES`, else none: one process parses).

    On two cores the workers do not pay: a cold load of 10,000 generated ADRs took
    0.77x the CPU and 0.77x the time in one process (docs/benchmarks.md), as the
    parent spends its core waiting and decoding what they send back.
    """
    written = os.environ.get("GOVMEM_WORKERS", "").strip()
    if written.isdigit() and int(written) >= 1:
        return int(written)
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return cores if cores is not None and cores > MIN_CORES else 1


def _parse_chunk(ctx: ParseContext, jobs: Sequence[Job], encode: Encode | None) -> list[Parsed]:
    """Parse each file of a chunk, and encode it when asked (a worker's task, and the serial
    path's). Each file's context is `attrs.evolve(ctx, git_date=git)`, built directly (a
    third of its time per file)."""
    out: list[Parsed] = []
    for path, text, git in jobs:
        parsed = parse_file(path, text, ParseContext(ctx.config, ctx.date_order, git))
        out.append((parsed, None if encode is None else encode(parsed, text)))
    return out


def _worker_chunk(
    ctx: ParseContext, jobs: Sequence[Job], encode: Encode | None
) -> list[tuple[ParsedFile | None, bytes | None]]:
    """A worker's task: each file's encoding alone when one is asked for, else (or when it
    has none) the parsed file. The parent decodes an encoding with the text it holds: a fifth
    of the bytes of the pickled records come back, and they decode in less time than those
    unpickle."""
    return [
        (None, blob) if blob is not None else (p, None)
        for p, blob in _parse_chunk(ctx, jobs, encode)
    ]


_PR_SET_PDEATHSIG: Final = 1


def _worker_start(parent: int) -> None:
    """A worker's first act: let go of the parent's standard streams, die with the parent,
    keep the objects it was forked with out of its collector's sight."""
    devnull = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(devnull, fd)
    os.close(devnull)
    if sys.platform.startswith("linux"):
        # no prctl (a libc without it): the streams above still let go
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:  # the parent died before the signal was asked for
        os._exit(0)
    gc.freeze()  # what the fork copied lives as long as the worker: never walk (or touch) it


def _executor(n: int) -> ProcessPoolExecutor | None:
    """The process's pool, made on first use; None when processes cannot be used here."""
    global _pool, _broken
    with _lock:
        if _pool is None and not _broken:
            if not _CAN_FORK or threading.active_count() > 1:
                return None  # see the module docstring: fork only a single-threaded process
            import multiprocessing  # noqa: PLC0415 - see _CAN_FORK
            from concurrent.futures import ProcessPoolExecutor  # noqa: PLC0415

            try:
                _pool = ProcessPoolExecutor(
                    max_workers=n,
                    mp_context=multiprocessing.get_context("fork"),
                    initializer=_worker_start,
                    initargs=(os.getpid(),),
                )
                atexit.register(_release)
            except (OSError, ValueError):
                _broken = True
        return _pool


def start_workers() -> bool:
    """Fork the parse workers now, while this process has one thread; whether they run.

    A server calls this before it starts any thread (`govmem_mcp`): the
    pool is then there for its loads, which run in worker threads and could
    not fork. Each worker is started by a first no-op task, so no fork
    happens later. No-op (False) with `GOVMEM_WORKERS=1`, off Linux, or when
    threads already run.
    """
    n = workers()
    pool = _executor(n) if n > 1 else None
    if pool is None:
        return False
    try:
        for f in [pool.submit(int) for _ in range(n)]:
            f.result()
    except Exception:
        _give_up()
        return False
    return True


def _release() -> None:
    """Shut the pool down at exit, while the modules it uses still stand (dropped later, at
    the interpreter's teardown, its manager's clean-up finds `multiprocessing` gone and
    prints an ignored exception)."""
    global _pool
    with _lock:
        if _pool is not None:
            _pool.shutdown(wait=True, cancel_futures=True)
            _pool = None


def _give_up() -> None:
    """Stop using processes in this process (the pool broke)."""
    global _pool, _broken
    with _lock:
        _broken = True
        if _pool is not None:
            _pool.shutdown(wait=False, cancel_futures=True)
            _pool = None


def parallel(jobs: int) -> bool:
    """Whether `parse_many` would parse this many files in worker processes."""
    return jobs >= PARALLEL_FROM and workers() > 1 and not _broken


def parse_many(
    jobs: Sequence[Job],
    ctx: ParseContext,
    progress: Callable[[int], None] | None = None,
    codec: Codec | None = None,
) -> list[Parsed]:
    """`parse_file` of every job, in order: in worker processes when there are many.

    `ctx.git_date` is replaced by each job's own. `progress(n)` is called
    after each chunk (or file) with how many were parsed so far. With a
    `codec` (module-level functions: workers receive them by name), each
    result is `(parsed, encode(parsed, text))`, the encoding made where the
    file was parsed (and, from a worker, decoded here); else `(parsed, None)`.
    What no worker gave back is parsed here, in turn.
    """
    sent = _in_workers(jobs, ctx, progress, codec)
    encode = codec[0] if codec is not None and sent is None else None
    out: list[Parsed] = []
    for i, job in enumerate(jobs, 1):
        got = sent[i - 1] if sent is not None else None
        out += [got] if got is not None else _parse_chunk(ctx, (job,), encode)
        if progress is not None and sent is None:
            progress(i)
    return out


def _in_workers(
    jobs: Sequence[Job],
    ctx: ParseContext,
    progress: Callable[[int], None] | None,
    codec: Codec | None,
) -> list[Parsed | None] | None:
    """Each job's result from worker processes (None where an encoding a worker sent does
    not decode, which a codec's own round trip never gives); None when there are too few
    jobs or workers, or the workers fail."""
    n = workers()
    pool = _executor(n) if len(jobs) >= PARALLEL_FROM and n > 1 else None
    if pool is None:
        return None
    encode, decode = codec if codec is not None else (None, None)
    chunks = [jobs[i : i + CHUNK] for i in range(0, len(jobs), CHUNK)]
    each = len(chunks)
    out: list[Parsed | None] = []
    try:
        for chunk, got in zip(
            chunks, pool.map(_worker_chunk, [ctx] * each, chunks, [encode] * each), strict=True
        ):
            out += [
                _decoded(decode, job, p, blob) for job, (p, blob) in zip(chunk, got, strict=True)
            ]
            if progress is not None:
                progress(len(out))
    except Exception:
        _give_up()
        return None
    return out


def _decoded(
    decode: Decode | None, job: Job, parsed: ParsedFile | None, blob: bytes | None
) -> Parsed | None:
    """A worker's result for `job` as `(parsed, blob)`: an encoding alone decoded here; None
    when it does not decode."""
    if parsed is None and blob is not None and decode is not None:
        parsed = decode(blob, job[1])
    return None if parsed is None else (parsed, blob)
