"""Network guard of the subprocesses the hardening tests start (on their `PYTHONPATH`).

When `GOVMEM_NO_NETWORK` names a file, an audit hook refuses every
`socket.connect` / `connect_ex` / `sendto` to an address that is neither
loopback nor AF_UNIX, and every `getaddrinfo` of a non-loopback host, and
appends one line per attempt to that file; the test that started the
process fails when the file is not empty. (The test process itself is
guarded by `tests/conftest.py`.)
"""

from __future__ import annotations

import ipaddress
import os
import sys

_LOG = os.environ.get("GOVMEM_NO_NETWORK")


def _is_local(host: object) -> bool:
    if host is None:
        return True
    if isinstance(host, bytes):
        host = host.decode("ascii", "replace")
    if not isinstance(host, str):
        return False
    if host.lower() in ("localhost", "localhost.localdomain", "ip6-localhost"):
        return True
    try:
        return ipaddress.ip_address(host.split("%", 1)[0]).is_loopback
    except ValueError:
        return False


def _refuse(what: str) -> None:
    assert _LOG is not None
    with open(_LOG, "a", encoding="utf-8") as fh:
        fh.write(f"{os.getpid()} {what}\n")
    msg = f"network access is blocked: {what}"
    raise OSError(msg)


def _hook(event: str, args: tuple[object, ...]) -> None:
    if event in ("socket.connect", "socket.sendto"):
        address = args[1] if len(args) > 1 else None
        if isinstance(address, str | bytes):
            return
        if not (isinstance(address, tuple) and address and _is_local(address[0])):
            _refuse(f"{event} {address!r}")
    elif event == "socket.getaddrinfo" and args and not _is_local(args[0]):
        _refuse(f"{event} {args[0]!r}")


if _LOG:
    sys.addaudithook(_hook)
