"""`server.json`, the MCP registry's manifest, kept valid and in step with the package.

The registry (registry.modelcontextprotocol.io) lists a server from the
`server.json` its publisher uploads; the file at the repository root is
that manifest (docs/mcp.md, "Listed in the MCP registry"). These tests hold
it to the registry's schema (vendored in `tests/data/mcp-registry/`, its
source in the README there) and to the package it describes: its version,
the flags `govmem-mcp` takes and the environment variables govmem reads.
"""

from __future__ import annotations

import copy
import hashlib
import json
import re
import tomllib
from importlib import metadata
from typing import Any, Final

import jsonschema
import pytest

from govmem_mcp.cli import parser
from tests.conftest import DATA, REPO

MANIFEST: Final = REPO / "server.json"
SCHEMA: Final = DATA / "mcp-registry" / "server.schema.json"
SCHEMA_URL: Final = "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json"
SCHEMA_SHA256: Final = "3fba09590c99f61735d234822279f4223fab9e300c0a81e81c91ab62a4114de0"
"""The published 2025-12-11 schema's digest (tests/data/mcp-registry/README.md)."""
NAME: Final = "io.github.govmem/govmem"
NOT_LISTED: Final = {"--help", "--version", "--allow-writes"}
"""Flags the manifest leaves out: help and version are no settings, and write access is
the user's choice to make in their own client configuration (docs/mcp.md), not a default."""


def _load(path: Any) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def _errors(manifest: dict[str, Any]) -> list[str]:
    schema = _load(SCHEMA)
    validator = jsonschema.Draft7Validator(schema, format_checker=jsonschema.FormatChecker())
    return [e.message for e in validator.iter_errors(manifest)]


def _package() -> dict[str, Any]:
    (package,) = _load(MANIFEST)["packages"]
    assert isinstance(package, dict)
    return package


def test_the_vendored_schema_is_the_published_2025_12_11_one() -> None:
    """The vendored file is the one `$schema` names, unchanged (its sha256), and a valid schema."""
    assert hashlib.sha256(SCHEMA.read_bytes()).hexdigest() == SCHEMA_SHA256
    schema = _load(SCHEMA)
    assert schema["$id"] == SCHEMA_URL == _load(MANIFEST)["$schema"]
    jsonschema.Draft7Validator.check_schema(schema)


def test_the_manifest_is_valid_against_the_registry_schema() -> None:
    manifest = _load(MANIFEST)
    assert _errors(manifest) == []
    assert manifest["$schema"].endswith("/schemas/2025-12-11/server.schema.json")
    assert manifest["name"] == NAME


@pytest.mark.parametrize(
    ("change", "path"),
    [
        (lambda m: m.pop("description"), "a manifest without a description"),
        (lambda m: m.update(description="x" * 101), "a description over 100 characters"),
        (lambda m: m.update(name="govmem"), "a name without its namespace"),
        (lambda m: m["packages"][0].update(version="latest"), "a package version 'latest'"),
        (lambda m: m["packages"][0].pop("transport"), "a package without a transport"),
    ],
)
def test_the_schema_refuses_a_broken_manifest(change: Any, path: str) -> None:
    manifest = copy.deepcopy(_load(MANIFEST))
    change(manifest)
    assert _errors(manifest), f"the schema accepted {path}"


def test_the_manifest_version_is_the_package_version() -> None:
    pyproject = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    version = pyproject["project"]["version"]
    assert metadata.version("govmem") == version
    assert _load(MANIFEST)["version"] == version
    package = _package()
    assert (package["registryType"], package["identifier"]) == (
        "pypi",
        pyproject["project"]["name"],
    )
    assert package["version"] == version
    assert package["transport"] == {"type": "stdio"}


def test_the_listed_arguments_are_the_flags_govmem_mcp_takes() -> None:
    flags = {
        option
        for action in parser()._actions  # argparse keeps its actions nowhere public
        for option in action.option_strings
        if option.startswith("--")
    }
    command, *named = _package()["packageArguments"]
    assert {a["name"] for a in named} == flags - NOT_LISTED
    assert all(a["type"] == "named" for a in named)
    # A client runs `uvx <runtimeArguments> govmem==<version> <packageArguments>`:
    # `--from` takes the package, then the server's own command, then its flags.
    assert command == {**command, "type": "positional", "value": "govmem-mcp"}
    pyproject = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    assert "govmem-mcp" in pyproject["project"]["scripts"]


def test_the_runtime_arguments_install_what_the_server_needs() -> None:
    """`uvx --with <the mcp extra's SDK requirement> --from govmem==V govmem-mcp …`."""
    pyproject = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    sdk = [r for r in pyproject["project"]["optional-dependencies"]["mcp"] if r.startswith("mcp")]
    package = _package()
    assert package["runtimeHint"] == "uvx"
    with_sdk, from_package = package["runtimeArguments"]
    assert (with_sdk["type"], with_sdk["name"], with_sdk["value"]) == ("named", "--with", sdk[0])
    assert (from_package["type"], from_package["value"]) == ("positional", "--from")


def test_the_listed_environment_variables_are_the_ones_govmem_reads() -> None:
    read = {
        name
        for folder in ("govmem", "govmem_mcp")
        for source in (REPO / "src" / folder).rglob("*.py")
        for name in re.findall(r"[\"'](GOVMEM_[A-Z_]+)[\"']", source.read_text(encoding="utf-8"))
    }
    listed = {v["name"] for v in _package()["environmentVariables"]}
    assert read, "no environment variable found in the sources"
    assert listed == read


def test_the_readme_carries_the_registry_ownership_marker() -> None:
    # The registry proves a PyPI package's ownership by this line in its description
    # (the README, pyproject's `readme`).
    assert f"mcp-name: {NAME}" in (REPO / "README.md").read_text(encoding="utf-8")
