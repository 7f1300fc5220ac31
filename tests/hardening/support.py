"""Helpers of the hardening tests: corpus copies, tree snapshots, a guarded `govmem-mcp` process."""

from __future__ import annotations

import contextlib
import functools
import json
import os
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, Final

import pytest

from tests.conftest import EXAMPLE, git

NETGUARD: Final = Path(__file__).resolve().parent / "netguard"
REPO: Final = Path(__file__).resolve().parents[2]
INIT: Final[dict[str, Any]] = {
    "jsonrpc": "2.0",
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-11-25",
        "capabilities": {},
        "clientInfo": {"name": "hardening", "version": "1"},
    },
}
MODERN_META: Final[dict[str, Any]] = {
    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientCapabilities": {},
}


def script(name: str) -> str:
    """The installed console script `name` (next to this interpreter, else on PATH)."""
    beside = Path(sys.executable).with_name(name)
    if beside.exists():
        return str(beside)
    found = shutil.which(name)
    if found is None:
        pytest.fail(f"{name} is not installed (pip install -e '.[dev]')")
    return found


def make_repo(root: Path, source: Path = EXAMPLE) -> Path:
    """A copy of `source` at `root`, in a new git repository with one commit."""
    shutil.copytree(source, root)
    git(root, "init", "-q", "-b", "main")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "corpus", date="2026-03-15T12:00:00Z")
    return root


def guarded_env(log: Path, extra: Mapping[str, str] | None = None) -> dict[str, str]:
    """The environment of a subprocess under the network guard (`netguard/sitecustomize.py`)."""
    path = os.environ.get("PYTHONPATH")
    return {
        **os.environ,
        "PYTHONPATH": str(NETGUARD) + (os.pathsep + path if path else ""),
        "GOVMEM_NO_NETWORK": str(log),
        **(extra or {}),
    }


def network_attempts(log: Path) -> list[str]:
    """What the guarded subprocesses tried (empty when they never touched the network)."""
    return log.read_text(encoding="utf-8").splitlines() if log.exists() else []


_ASK_ALL: Final = """
import contextlib, io, json, sys
from govmem.cli import main
out = []
for argv in json.loads(sys.argv[1]):
    stdout, stderr = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
        code = main(argv)
    out.append([code, stdout.getvalue(), stderr.getvalue()])
sys.stdout.write(json.dumps(out))
"""


def cli_in_one_process(
    commands: Iterable[Sequence[str]],
    *,
    runtime: Runtime | None = None,
    env: Mapping[str, str] | None = None,
    cwd: str | None = None,
) -> list[tuple[int, str, str]]:
    """(exit code, stdout, stderr) of each `govmem` command, run in order by `govmem.cli.main`
    (what the console script calls) in one child process: a start instead of one a command.

    `runtime` runs the child another way (`unprivileged()`); `env` is its environment.
    """
    how = runtime or Runtime([], sys.executable, {})
    done = subprocess.run(
        how.command("-c", _ASK_ALL, json.dumps([list(c) for c in commands])),
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=300,
        check=False,
        env=how.env(env),
        cwd=cwd,
    )
    assert done.returncode == 0, done.stderr
    return [(code, out, err) for code, out, err in json.loads(done.stdout)]


Tree = dict[str, tuple[str, bytes, int]]


def snapshot(root: Path, *, skip_git: bool = True) -> Tree:
    """Every entry under `root`: kind, content (or link target) and mtime_ns."""
    out: Tree = {}
    for dirpath, dirnames, filenames in os.walk(root, followlinks=False):
        if skip_git and ".git" in dirnames:
            dirnames.remove(".git")
        for name in sorted(dirnames + filenames):
            path = Path(dirpath) / name
            rel = path.relative_to(root).as_posix()
            st = path.lstat()
            if path.is_symlink():
                out[rel] = ("link", os.readlink(path).encode(), st.st_mtime_ns)
            elif path.is_dir():
                out[rel] = ("dir", b"", st.st_mtime_ns)
            else:
                out[rel] = ("file", path.read_bytes(), st.st_mtime_ns)
    return out


def protocol_problem(line: bytes) -> str | None:
    """Why `line` is not a JSON-RPC 2.0 message (None when it is one)."""

    def no_constants(name: str) -> Any:
        msg = f"non-JSON constant {name}"
        raise ValueError(msg)

    try:
        message = json.loads(line, parse_constant=no_constants)
    except ValueError as exc:
        return f"not JSON ({exc}): {line[:200]!r}"
    if not isinstance(message, dict) or message.get("jsonrpc") != "2.0":
        return f"not a JSON-RPC 2.0 object: {line[:200]!r}"
    if "method" in message:
        return None if isinstance(message["method"], str) else f"bad method: {line[:200]!r}"
    if "id" not in message or ("result" in message) == ("error" in message):
        return f"neither a response nor a notification: {line[:200]!r}"
    error = message.get("error")
    if error is not None and not (
        isinstance(error, dict)
        and isinstance(error.get("code"), int)
        and isinstance(error.get("message"), str)
    ):
        return f"malformed error object: {line[:200]!r}"
    if "result" in message and not isinstance(message["result"], dict):
        return f"result is not an object: {line[:200]!r}"
    return None


def _key(rid: object) -> object:
    return rid if isinstance(rid, int | str) and not isinstance(rid, bool) else repr(rid)


class ServerProcess:
    """`govmem-mcp` over real stdio pipes, its stdout checked line by line as it arrives."""

    def __init__(
        self,
        root: Path,
        log: Path,
        *args: str,
        runtime: Runtime | None = None,
        cwd: str | None = None,
    ) -> None:
        """The installed script, or with `runtime` (`unprivileged()`) `python -m govmem_mcp`."""
        command = [script("govmem-mcp")] if runtime is None else runtime.command("-m", "govmem_mcp")
        env = guarded_env(log)
        self.proc = subprocess.Popen(
            [*command, "--cwd", str(root), *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env if runtime is None else runtime.env(env),
            cwd=cwd,
        )
        self.responses: dict[object, list[dict[str, Any]]] = {}
        self.problems: list[str] = []
        self.lines = 0
        self.stderr = b""
        self._cond = threading.Condition()
        self._threads = [
            threading.Thread(target=self._read_stdout, daemon=True),
            threading.Thread(target=self._read_stderr, daemon=True),
        ]
        for t in self._threads:
            t.start()

    @property
    def pid(self) -> int:
        """The server's process id."""
        return self.proc.pid

    def _read_stdout(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            problem = protocol_problem(line)
            with self._cond:
                self.lines += 1
                if problem is not None:
                    self.problems.append(problem)
                else:
                    message = json.loads(line)
                    if "method" not in message:
                        self.responses.setdefault(_key(message["id"]), []).append(message)
                self._cond.notify_all()

    def _read_stderr(self) -> None:
        stream = self.proc.stderr
        assert stream is not None
        while chunk := os.read(stream.fileno(), 65536):
            with self._cond:
                self.stderr += chunk

    def send(self, *lines: bytes) -> None:
        """Write lines (a newline is added to each); a server that exited fails the test with
        its exit code and the end of its stderr (what it said before it went)."""
        assert self.proc.stdin is not None
        try:
            self.proc.stdin.write(b"".join(line + b"\n" for line in lines))
            self.proc.stdin.flush()
        except BrokenPipeError:
            code = self.proc.wait(timeout=10)
            pytest.fail(f"the server exited ({code}); stderr: {self.stderr[-2000:]!r}")

    def request(self, message: Mapping[str, Any], rid: str, timeout: float = 30) -> dict[str, Any]:
        """Send one request with id `rid` and wait for its response."""
        self.send(json.dumps({**message, "id": rid}).encode())
        missing = self.wait_for([rid], timeout)
        if missing:
            pytest.fail(
                f"no answer to {message} within {timeout} s; stderr: {self.stderr[-2000:]!r}"
            )
        return self.responses[rid][-1]

    def wait_for(self, ids: Iterable[object], timeout: float) -> list[object]:
        """Wait until every id has a response; the ids still unanswered after `timeout`."""
        wanted = [_key(i) for i in ids]
        deadline = time.monotonic() + timeout
        with self._cond:
            while True:
                missing = [i for i in wanted if i not in self.responses]
                left = deadline - time.monotonic()
                if not missing or left <= 0 or self.proc.poll() is not None:
                    return missing
                self._cond.wait(min(left, 0.5))

    def rss_kib(self) -> int:
        """The server's resident memory (Linux `/proc`), 0 when unknown."""
        try:
            status = Path(f"/proc/{self.pid}/status").read_text(encoding="ascii")
        except OSError:
            return 0
        for line in status.splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
        return 0

    def close(self, timeout: float = 30) -> tuple[int, bytes]:
        """Close stdin and wait: (exit code, everything written on stderr)."""
        assert self.proc.stdin is not None
        with contextlib.suppress(BrokenPipeError):
            self.proc.stdin.close()
        code = self.proc.wait(timeout=timeout)
        for t in self._threads:
            t.join(timeout=timeout)
        return code, self.stderr

    def kill(self) -> None:
        """Stop the process if it still runs (test teardown)."""
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(timeout=30)
        for stream in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            if stream is not None:
                with contextlib.suppress(BrokenPipeError):  # unflushed input of a dead server
                    stream.close()


class Runtime:
    """How a child runs Python with govmem importable: `command(...)` and `env(...)`."""

    def __init__(self, prefix: Sequence[str], python: str, paths: Mapping[str, str]) -> None:
        self.prefix = list(prefix)
        self.python = python
        self.paths = dict(paths)
        """Folders of this checkout the child cannot reach -> the copies it reads instead."""

    def command(self, *args: str) -> list[str]:
        """`python ARGS` run this way."""
        return [*self.prefix, self.python, *args]

    def env(self, base: Mapping[str, str] | None = None) -> dict[str, str]:
        """`base` (default: this process's environment) with `PYTHONPATH` pointing at the
        copies where the child cannot reach the originals."""
        env = dict(os.environ if base is None else base)
        if not self.paths:
            return env
        given = [self.paths.get(p, p) for p in env.get("PYTHONPATH", "").split(os.pathsep) if p]
        env["PYTHONPATH"] = os.pathsep.join([self.paths["src"], self.paths["site"], *given])
        return env


def unprivileged() -> Runtime:
    """How to run a child as `nobody` when this process is root, else as the current user.

    Root reads through any permission bit (`chmod 000` does not bite), so a
    test of unreadable files runs its commands in a child that cannot: as
    `nobody` (through `setpriv`, util-linux) here, as the current user when
    that is not root. Never a skip: a root without `setpriv` fails the test.
    When `nobody` cannot reach this checkout (a clone in a `mktemp -d` folder,
    under `/root`), the child reads a copy of what it needs (`_reachable_copy`).
    """
    if os.geteuid() != 0:
        return Runtime([], sys.executable, {})
    return _as_nobody()


@functools.cache
def _as_nobody() -> Runtime:
    import pwd

    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.fail("running as root without setpriv (util-linux): cannot drop to nobody")
    nobody = pwd.getpwnam("nobody")
    drop = [setpriv, f"--reuid={nobody.pw_uid}", f"--regid={nobody.pw_gid}", "--clear-groups"]
    probe = f"import govmem, govmem_mcp; open({str(NETGUARD / 'sitecustomize.py')!r}).close()"
    if _runs([*drop, sys.executable, "-c", probe], cwd="/"):
        return Runtime(drop, sys.executable, {})
    base = os.path.realpath(sys.executable)
    if not _runs([*drop, base, "-c", "pass"], cwd="/"):
        pytest.skip(f"nobody cannot run this Python ({base}), nor reach this checkout")
    return Runtime(drop, base, _reachable_copy())


def _runs(command: list[str], cwd: str) -> bool:
    done = subprocess.run(command, capture_output=True, timeout=60, check=False, cwd=cwd)
    return done.returncode == 0


def _reachable_copy() -> dict[str, str]:
    """A copy of govmem's sources, the network guard and the installed packages in a folder
    everyone may read (hard links where the file system allows: no bytes copied), made once
    per session: original folder -> its copy."""
    import site
    import tempfile

    folder = Path(tempfile.mkdtemp(prefix="govmem-runtime-"))
    folder.chmod(0o755)
    site_dir = next(p for p in site.getsitepackages() if Path(p, "attrs").is_dir())

    def link(src: str, dst: str) -> None:
        try:
            os.link(src, dst)
        except OSError:
            shutil.copy2(src, dst)

    copies = {
        "src": (REPO / "src", folder / "src"),
        "site": (Path(site_dir), folder / "site"),
        str(NETGUARD): (NETGUARD, folder / "netguard"),
    }
    for original, copy in copies.values():
        shutil.copytree(original, copy, copy_function=link, symlinks=True)
    for top, _, _ in os.walk(folder):  # the folders are new; the files keep their modes
        os.chmod(top, 0o755)
    return {name: str(copy) for name, (_, copy) in copies.items()}


@contextlib.contextmanager
def shared_folder() -> Iterator[Path]:
    """A fresh folder under /tmp that `nobody` can enter (pytest's own are private to root)."""
    import tempfile

    folder = Path(tempfile.mkdtemp(prefix="govmem-hardening-"))
    folder.chmod(0o755)
    try:
        yield folder
    finally:
        for dirpath, dirnames, _ in os.walk(folder):
            for name in dirnames:
                with contextlib.suppress(OSError):
                    os.chmod(os.path.join(dirpath, name), 0o755, follow_symlinks=False)
        shutil.rmtree(folder, ignore_errors=True)


def open_to_all(root: Path) -> None:
    """Make every folder and file under `root` readable (and folders enterable) by anyone."""
    for dirpath, _, filenames in os.walk(root):
        os.chmod(dirpath, 0o755)
        for name in filenames:
            path = os.path.join(dirpath, name)
            if not os.path.islink(path):
                os.chmod(path, 0o644)


def write_bytes_name(folder: Path, name: bytes, data: bytes) -> None:
    """Write a file whose name is raw bytes (maybe not UTF-8) into `folder`."""
    fd = os.open(os.path.join(os.fsencode(folder), name), os.O_WRONLY | os.O_CREAT, 0o644)
    try:
        os.write(fd, data)
    finally:
        os.close(fd)
