"""The `Index`: a frozen value of records, derived facts and lookups, and how it is built.

Building derives what depends on more than one record (refs, scopes, topics,
supersession, memory versions). Imports `model` and `parse`.
"""
