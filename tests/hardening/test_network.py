"""No network: the guard of `tests/conftest.py` and of the subprocesses (`netguard/sitecustomize.py`)."""

from __future__ import annotations

import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from tests.conftest import NETWORK_ATTEMPTS, NetworkBlocked

from .support import guarded_env, network_attempts

PROBE = """
import socket
for target in [("192.0.2.1", 9), ("8.8.8.8", 53)]:
    try:
        socket.create_connection(target, timeout=1)
    except OSError as exc:
        print("refused", exc)
try:
    socket.getaddrinfo("example.org", 443)
except OSError as exc:
    print("refused", exc)
"""


def test_a_public_connection_is_refused_and_recorded() -> None:
    """connect to a non-loopback address raises NetworkBlocked and is recorded for the test's failure."""
    start = len(NETWORK_ATTEMPTS)
    with socket.socket() as s, pytest.raises(NetworkBlocked):
        s.connect(("192.0.2.1", 9))
    with pytest.raises(NetworkBlocked):
        socket.create_connection(("example.org", 80), timeout=1)
    with socket.socket(socket.AF_INET6) as s, pytest.raises(NetworkBlocked):
        s.connect_ex(("2001:db8::1", 9))
    tried = NETWORK_ATTEMPTS[start:]
    del NETWORK_ATTEMPTS[start:]  # seen: the autouse fixture would fail this test otherwise
    assert len(tried) == 3
    assert "192.0.2.1" in tried[0]
    assert "example.org" in tried[1]


def test_loopback_and_unix_sockets_still_work() -> None:
    """A loopback TCP round trip and a socketpair (the event loops' own) are allowed."""
    a, b = socket.socketpair()
    with a, b:
        a.sendall(b"x")
        assert b.recv(1) == b"x"
    with socket.create_server(("127.0.0.1", 0)) as server:
        port = server.getsockname()[1]

        def accept() -> None:
            conn, _ = server.accept()
            with conn:
                conn.sendall(b"ok")

        t = threading.Thread(target=accept)
        t.start()
        with socket.create_connection(("localhost", port), timeout=5) as client:
            assert client.recv(2) == b"ok"
        t.join(timeout=5)


def test_guarded_subprocesses_log_every_attempt(tmp_path: Path) -> None:
    """A Python subprocess under the guard cannot connect out, and its attempts land in the log."""
    log = tmp_path / "network.log"
    p = subprocess.run(
        [sys.executable, "-c", PROBE],
        env=guarded_env(log),
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert p.stdout.count("refused") == 3
    attempts = network_attempts(log)
    assert len(attempts) == 3
    assert "192.0.2.1" in attempts[0]
    assert "example.org" in attempts[2]
