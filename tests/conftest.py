"""Shared fixtures: where the test data is, hypothesis profiles, git repos, no network.

No network: an audit hook (installed once, when this module is imported)
refuses every `socket.connect` / `connect_ex` / `sendto` to an address that
is neither loopback nor AF_UNIX, and every `getaddrinfo` of a host that is
not loopback (so `socket.create_connection` fails before it connects); the
autouse `no_network` fixture then fails the test that tried, even if the
code under test swallowed the error. Subprocesses cannot be patched: the
hardening tests start theirs with `tests/hardening/netguard` on
`PYTHONPATH` and `GOVMEM_NO_NETWORK=<log file>` (docs/security.md).
"""

from __future__ import annotations

import compileall
import ipaddress
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, Final, TypeVar

import pytest
from hypothesis import HealthCheck, settings

import govmem

REPO = Path(__file__).resolve().parent.parent
EXAMPLE = REPO / "examples" / "decisions"
T = TypeVar("T")

NETWORK_ATTEMPTS: list[str] = []
"""Every refused network attempt of this process, as `event address`."""


class NetworkBlocked(OSError):
    """The test suite runs without network."""


def is_local(host: object) -> bool:
    """Loopback names and addresses (and no host at all, as getaddrinfo's `None`)."""
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


def _address_is_local(address: object) -> bool:
    if isinstance(address, str | bytes):  # AF_UNIX (and abstract) socket paths
        return True
    if isinstance(address, tuple) and address:
        return is_local(address[0])
    return False


def _network_guard(event: str, args: tuple[object, ...]) -> None:
    if event in ("socket.connect", "socket.sendto"):
        address = args[1] if len(args) > 1 else None
        if not _address_is_local(address):
            NETWORK_ATTEMPTS.append(f"{event} {address!r}")
            raise NetworkBlocked(f"network access is blocked in tests: {event} {address!r}")
    elif event == "socket.getaddrinfo" and args and not is_local(args[0]):
        NETWORK_ATTEMPTS.append(f"{event} {args[0]!r}")
        raise NetworkBlocked(f"network access is blocked in tests: getaddrinfo {args[0]!r}")


sys.addaudithook(_network_guard)


@pytest.fixture(scope="session", autouse=True)
def private_parse_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Every load of the session (and of every child process) uses a temp parse cache.

    `GOVMEM_CACHE_DIR` is set in `os.environ`, which subprocesses inherit: the
    suite never reads or writes the user's real cache (`govmem.shell.cache`).
    """
    folder = tmp_path_factory.mktemp("govmem-cache")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("GOVMEM_CACHE_DIR", str(folder))
        mp.delenv("GOVMEM_CACHE", raising=False)
        yield folder


@pytest.fixture
def own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A parse cache of the test's own (`GOVMEM_CACHE_DIR`), not yet made: its folder."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("GOVMEM_CACHE_DIR", str(folder))
    return folder


@pytest.fixture(autouse=True)
def no_network() -> Iterator[None]:
    """Fail the test that attempted a non-loopback connection (even one it caught)."""
    start = len(NETWORK_ATTEMPTS)
    yield
    tried = NETWORK_ATTEMPTS[start:]
    if tried:
        pytest.fail(f"the test attempted network access: {'; '.join(tried)}")


LONG: Final = os.environ.get("GOVMEM_LONG_TESTS") == "1"
"""Run the long tests (marker `long`): `.ci/run` sets GOVMEM_LONG_TESTS=1 within its budget."""

needs_graphviz: Final = pytest.mark.skipif(
    shutil.which("dot") is None and os.environ.get("GOVMEM_REQUIRE_BROWSER") != "1",
    reason="Graphviz `dot` is not installed",
)
"""A test that runs `dot`: skipped without Graphviz, except under `.ci/run`, which
installs it (GOVMEM_REQUIRE_BROWSER=1), where a missing `dot` fails the test."""


def pytest_configure(config: pytest.Config) -> None:
    """Compile `src/` to bytecode once, before any xdist worker starts: with
    PYTHONDONTWRITEBYTECODE set (as on some CI images), every spawned `govmem` and
    `govmem-mcp` would compile the package again (~0.1 s a process)."""
    if not hasattr(config, "workerinput") and sys.dont_write_bytecode:
        compileall.compile_dir(REPO / "src", quiet=2)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Deselect (not skip) the `long` tests unless GOVMEM_LONG_TESTS=1; put the `slow` ones
    first (in their order), so that xdist starts them early and no worker ends the run alone
    on one of them."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
    if LONG:
        return
    long = [item for item in items if item.get_closest_marker("long")]
    if long:
        config.hook.pytest_deselected(items=long)
        items[:] = [item for item in items if not item.get_closest_marker("long")]


# Hypothesis profiles (docs/contributing.md): `quick`, the default, sizes the README's
# test command for a contributor's loop; `dev` looks harder before a push; `ci` is what
# `.ci/run` sets (HYPOTHESIS_PROFILE=ci), the depth every change is held to; `fast` is for
# iterating on one property.
settings.register_profile("quick", max_examples=10, deadline=None)
settings.register_profile("dev", max_examples=60, deadline=None)
settings.register_profile(
    "ci", max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("fast", max_examples=5, deadline=None)
PROFILE: Final = os.environ.get("HYPOTHESIS_PROFILE", "quick")
settings.load_profile(PROFILE)
THOROUGH: Final = PROFILE not in ("quick", "fast")
"""The profile asks for full depth (`dev`, `ci`): tests whose depth is a count that is not
hypothesis's own (pages opened, fuzzed frames) use all of it; `quick` and `fast` use a part."""


def examples(n: int) -> int:
    """`n` examples for a costly property, fewer when the profile asks for fewer (`quick`):
    CI's profile keeps `n`."""
    profile = settings.default
    return n if profile is None else min(n, profile.max_examples)


def spread(items: Sequence[T], n: int) -> list[T]:
    """Every item under a thorough profile (`THOROUGH`); else at most `n` of them, spread
    evenly from the first to the last, in order."""
    if THOROUGH or len(items) <= n:
        return list(items)
    if n <= 1:
        return list(items[:n])
    return [items[round(i * (len(items) - 1) / (n - 1))] for i in range(n)]


DATA = REPO / "tests" / "data"
"""Everything the suite reads that is not generated: real corpora, adrkit's answers, questions, seed 000."""
CORPORA = DATA / "corpora"
ADR_TOOLS_FIVE = DATA / "adr-tools-five"
"""Five records made with adr-tools 3.0.0 (`adr init doc/adr`; `adr new Use PostgreSQL for new
services`; `adr new Use Kafka for events`; `adr new -s 2 Use MySQL for new services`; `adr new
-l "3:Amends:Amended by" Use Avro for event schemas`), each `## Decision` then given one real
sentence in place of the template's: a new user's first folder (issue 51)."""


@pytest.fixture(scope="session")
def corpora() -> Path:
    """The real ADR folders of `tests/data/corpora`."""
    return CORPORA


def write_files(root: Path, files: Mapping[str, str | bytes]) -> None:
    """Write each root-relative file (text as UTF-8, bytes as they are), making its folders."""
    for rel, data in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(data, bytes):
            path.write_bytes(data)
        else:
            path.write_text(data, encoding="utf-8")


def git(cwd: Path, *args: str, date: str | None = None) -> str:
    """Run git in `cwd` with a fixed identity (and commit date, when given)."""
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "Test",
        "GIT_AUTHOR_EMAIL": "test@example.org",
        "GIT_COMMITTER_NAME": "Test",
        "GIT_COMMITTER_EMAIL": "test@example.org",
    }
    if date:
        env["GIT_AUTHOR_DATE"] = env["GIT_COMMITTER_DATE"] = date
    out = subprocess.run(
        ["git", *args], cwd=cwd, env=env, check=True, capture_output=True, text=True
    )
    return out.stdout.strip()


def run_tool(corpus: Any, tool: str, arguments: object) -> dict[str, Any]:
    """An adrkit tool on a JSON arguments object (camelCase names), as its wire `result`.

    What the MCP adapter does after its input schema: the one validator in
    wire mode, then the `Corpus` method, then `to_wire()`.

    Raises:
        InputError: an unknown tool, or arguments that break its contract.
    """
    args = govmem.check_arguments(tool, arguments, wire=True)
    result: dict[str, Any] = getattr(corpus, tool)(**args).to_wire()
    return result


@pytest.fixture
def example_repo(tmp_path: Path) -> Path:
    """A copy of the example corpus in a fresh git repository, committed once."""
    root = tmp_path / "repo"
    shutil.copytree(EXAMPLE, root)
    git(root, "init", "-q", "-b", "main")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "example corpus", date="2026-03-15T12:00:00Z")
    return root


TABLE_PROPERTY: Final = "govmem_table"
"""The `user_properties` key of a table a test prints at the end (it reaches the controller
from every xdist worker with the test's report)."""


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Print the topic-inference accuracy tables (tests/engine/test_topic_accuracy.py) at the end."""
    tables = [
        value
        for outcome in ("passed", "failed")
        for report in terminalreporter.stats.get(outcome, [])
        if getattr(report, "when", None) == "call"
        for key, value in getattr(report, "user_properties", [])
        if key == TABLE_PROPERTY
    ]
    for text in tables:
        terminalreporter.write_line("")
        for line in text.splitlines():
            terminalreporter.write_line(line)
