"""`server.json`, the manifest of the official MCP registry, against the registry's own schema.

The schema is vendored byte for byte (`tests/data/mcp-registry/`, with its source, date and
licence); the manifest must validate, a broken one must not, and what it says of the package
must stay what the package is: its version (pyproject.toml, the installed distribution's), the flags
`govmem-mcp --help` lists, the environment variables the code reads.
"""

from __future__ import annotations

import copy
import hashlib
import importlib.metadata
import json
import re
import tomllib
from typing import Any, Final

import jsonschema
import pytest

from govmem_mcp.cli import parser
from tests.conftest import DATA, REPO

SCHEMA_PATH: Final = DATA / "mcp-registry" / "server.schema.json"
SCHEMA_URL: Final = "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json"
SCHEMA_SHA256: Final = "3fba09590c99f61735d234822279f4223fab9e300c0a81e81c91ab62a4114de0"
"""The published 2025-12-11 schema's digest (tests/data/mcp-registry/README.md)."""
NAME: Final = "io.github.govmem/govmem"


def _manifest() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((REPO / "server.json").read_text(encoding="utf-8"))
    return data


def _validator() -> jsonschema.Draft7Validator:
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    return jsonschema.Draft7Validator(
        schema, format_checker=jsonschema.Draft7Validator.FORMAT_CHECKER
    )


def _package() -> dict[str, Any]:
    (package,) = _manifest()["packages"]
    assert isinstance(package, dict)
    return package


def test_the_vendored_schema_is_the_published_2025_12_11_one() -> None:
    """The vendored file is the one `$schema` names, unchanged (its sha256), and a valid schema."""
    assert hashlib.sha256(SCHEMA_PATH.read_bytes()).hexdigest() == SCHEMA_SHA256
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    assert schema["$id"] == SCHEMA_URL
    jsonschema.Draft7Validator.check_schema(schema)


def test_server_json_validates_against_the_registry_schema() -> None:
    """No schema error at all, and it names the schema version it was written for."""
    manifest = _manifest()
    errors = [e.message for e in _validator().iter_errors(manifest)]
    assert errors == []
    assert manifest["$schema"] == SCHEMA_URL
    assert manifest["name"] == NAME
    assert len(manifest["description"]) <= 100


@pytest.mark.parametrize(
    ("path", "value"),
    [
        (("name",), "govmem"),  # no namespace
        (("description",), "x" * 101),
        (("packages", 0, "transport"), {"type": "carrier-pigeon"}),
        (("packages", 0, "version"), "latest"),
        (("packages", 0, "packageArguments", 0, "type"), "flag"),
    ],
)
def test_a_broken_manifest_fails_the_schema(path: tuple[str | int, ...], value: object) -> None:
    """The check can fail: each of these edits of the manifest is a schema error."""
    manifest = copy.deepcopy(_manifest())
    node: Any = manifest
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    assert list(_validator().iter_errors(manifest)) != []


def test_a_manifest_without_its_name_fails_the_schema() -> None:
    """`name` is required."""
    manifest = _manifest()
    del manifest["name"]
    assert list(_validator().iter_errors(manifest)) != []


def test_its_versions_are_the_packages_version() -> None:
    """The entry's version and the PyPI package's are pyproject.toml's (and the installed one's)."""
    pyproject = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    version = pyproject["project"]["version"]
    assert _manifest()["version"] == version == importlib.metadata.version("govmem")
    package = _package()
    assert package["version"] == version
    assert (package["registryType"], package["identifier"]) == (
        "pypi",
        pyproject["project"]["name"],
    )
    assert package["transport"] == {"type": "stdio"}


def test_its_arguments_are_flags_of_govmem_mcp() -> None:
    """`--cwd` and `--dir` are described, each a flag `govmem-mcp --help` lists, with a value."""
    help_text = parser().format_help()
    arguments = _package()["packageArguments"]
    names = [a["name"] for a in arguments]
    assert names[:2] == ["--cwd", "--dir"]
    for name in names:
        assert re.search(rf"{re.escape(name)} [A-Z]+\b", help_text), name


def _read_variables() -> set[str]:
    """Every `GOVMEM_*` name the server's code and the shell it loads with read."""
    found: set[str] = set()
    for folder in ("govmem_mcp", "govmem/shell"):
        for path in sorted((REPO / "src" / folder).rglob("*.py")):
            found |= set(re.findall(r"\"(GOVMEM_[A-Z_]+)\"", path.read_text(encoding="utf-8")))
    return found


def test_its_environment_variables_are_the_ones_the_code_reads() -> None:
    """The same set both ways; the three of `--help` are there, each with a description."""
    variables = _package()["environmentVariables"]
    names = {v["name"] for v in variables}
    assert names == _read_variables()
    help_text = parser().format_help()
    for name in ("GOVMEM_MCP_CWD", "GOVMEM_MCP_DIR", "GOVMEM_MCP_CONFIG"):
        assert name in names
        assert name in " ".join(help_text.split())
    assert all(v.get("description") for v in variables)


def test_the_readme_carries_the_registrys_ownership_marker() -> None:
    """The registry looks for `mcp-name: <name>` in the PyPI description, which is README.md."""
    pyproject = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    assert pyproject["project"]["readme"] == "README.md"
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert f"mcp-name: {NAME}" in readme
