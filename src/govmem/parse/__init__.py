"""From file text to records: Markdown, frontmatter and YAML, fields, dates, status words, config.

Pure functions of `(path, text)`: no file is opened here. Imports only `model`.
"""
