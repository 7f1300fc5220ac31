"""The vocabulary every layer shares: records, findings, config, statuses, time, text, errors.

Imports nothing else of govmem (the bottom layer; docs/architecture.md).
"""
