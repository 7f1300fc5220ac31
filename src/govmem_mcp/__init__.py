"""govmem_mcp: the govmem operations as MCP tools over stdio."""
