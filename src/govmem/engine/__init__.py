"""The read operations on an `Index`: `query` and its drill-downs, cursors, argument validation.

Pure: every operation is a function of (index, arguments). Imports `model`,
`parse` and `index`.
"""
