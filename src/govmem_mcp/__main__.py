"""`python -m govmem_mcp`: the same as the `govmem-mcp` console script."""

from govmem_mcp.cli import entry

if __name__ == "__main__":
    entry()
