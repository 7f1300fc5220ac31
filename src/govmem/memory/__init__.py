"""Memories (SPEC §7): versions, recall, search, expiry, and the record text `remember` writes.

Pure operations on an `Index`. Imports `model`, `parse`, `index` and `engine`.
"""
