"""Strict input schemas: unknown fields and type coercions are rejected before a tool runs.

The SDK's own function tools drop unknown arguments and coerce types; the
server's input models (`server.base.input_model`, generated from govmem's one
validator) forbid both, and these tests pin the behaviour on every `mcp` CI runs.
"""

from __future__ import annotations

from typing import Any

import pytest

from mcp import Client

from .support import text

pytest_plugins = ["tests.mcp.plugin"]
pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(
    ("tool", "args"),
    [
        ("query", {"question": "db?", "qestion": "typo"}),
        ("recall", {"mnd": "x"}),
        ("search_memories", {"tags": ["a"]}),
        ("find_conflicts", {"topc": "database"}),
        ("get_decision_history", {"topic": "database", "page": 2}),
    ],
)
async def test_unknown_fields_are_rejected(client: Client, tool: str, args: dict[str, Any]) -> None:
    r = await client.call_tool(tool, args)
    assert r.is_error
    assert "Extra inputs are not permitted" in text(r)
    assert r.structured_content is None


@pytest.mark.parametrize(
    ("tool", "args"),
    [
        ("get_decision_history", {"topic": "database", "limit": "5"}),
        ("get_decision_history", {"topic": "database", "limit": 5.0}),
        ("get_decision_history", {"topic": "database", "limit": True}),
        ("query", {"question": 42}),
        ("query", {"question": "db?", "topic": ["database"]}),
        ("search_memories", {"tag": 1}),
        ("recall", {"mind": None, "as_of": 20260908}),
        ("get_decision", {"ref": 24.0}),
        ("get_decision", {"ref": True}),
        ("get_decision", {"ref": [24]}),
        ("get_decision", {"ref": "24", "limit": "5"}),
        ("get_decision_history", {"topic": 15}),
        ("list_topics", {"limit": "5"}),
        ("list_topics", {"scope": 1}),
    ],
)
async def test_coercions_are_rejected(client: Client, tool: str, args: dict[str, Any]) -> None:
    r = await client.call_tool(tool, args)
    assert r.is_error
    assert "validation error" in text(r)


async def test_json_in_a_string_is_not_a_list(write_client: Client) -> None:
    args = {"content": "x", "category": "fact", "key": "k", "tags": '["a"]'}
    r = await write_client.call_tool("remember", args)
    assert r.is_error
    assert "tags" in text(r)


@pytest.mark.parametrize(
    ("tool", "args", "field"),
    [
        ("query", {"question": ""}, "question"),
        ("query", {"question": "x" * 2001}, "question"),
        ("query", {"question": "q", "topic": ""}, "topic"),
        ("query", {"question": "q", "mind": "m" * 129}, "mind"),
        ("query", {"question": "q", "as_of": "yesterday"}, "as_of"),
        ("query", {"question": "q", "known_as_of": "abc"}, "known_as_of"),
        ("get_decision_history", {"topic": "database", "limit": 0}, "limit"),
        ("get_decision_history", {"topic": "database", "limit": 101}, "limit"),
        ("get_decision_history", {"topic": "database", "cursor": "c" * 4097}, "cursor"),
        ("search_memories", {"tag": "t" * 65}, "tag"),
    ],
)
async def test_bounds(client: Client, tool: str, args: dict[str, Any], field: str) -> None:
    r = await client.call_tool(tool, args)
    assert r.is_error
    assert field in text(r)


@pytest.mark.parametrize("ref", [24, "24", "adr-024"])
async def test_ref_also_takes_an_integer(client: Client, ref: object) -> None:
    """`ref` alone also accepts a JSON integer, read as its decimal text."""
    r = await client.call_tool("get_decision", {"ref": ref})
    assert not r.is_error, text(r)
    out = r.structured_content
    assert out is not None
    assert out["result"]["outcome"] == "found"
    assert out["result"]["decision"]["id"] == "adr-024"
    assert out["result"]["decision"]["requestedRef"] == str(ref)


async def test_published_schemas_are_strict(client: Client) -> None:
    for tool in (await client.list_tools()).tools:
        schema = tool.input_schema
        assert schema["type"] == "object"
        assert schema["additionalProperties"] is False
    query = next(t for t in (await client.list_tools()).tools if t.name == "query")
    props = query.input_schema["properties"]
    assert set(props) == {"question", "topic", "scope", "as_of", "known_as_of", "mind"}
    assert query.input_schema["required"] == ["question"]
    assert props["question"]["maxLength"] == 2000
    get = next(t for t in (await client.list_tools()).tools if t.name == "get_decision")
    assert [o["type"] for o in get.input_schema["properties"]["ref"]["anyOf"]] == [
        "string",
        "integer",
    ]


async def test_unknown_tool_is_an_error(client: Client) -> None:
    r = await client.call_tool("search_everything", {})
    assert r.is_error
