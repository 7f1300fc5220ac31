"""The four adrkit-compatible tools (SPEC §6), their wire shapes and `affects` matching.

Pure operations on an `Index`. Imports `model`, `parse`, `index` and `engine`.
"""
