"""govmem: governed memory for LLM agents.

Ask "what is decided about X, in scope Y, as of date D?" of a team's decision
records and get one structured, source-backed verdict.
"""

from __future__ import annotations

__all__: list[str] = []
