"""New decision records in their folder's own format, and the links they add to old ones. Pure.

`naming` (file names and numbers), `shape` (how a folder writes a record:
its model text, title, id and status formats), `compose` (the new record's
text), `edit` (Markdown edits that keep every other byte) and `relink` (an
old record marked superseded or amended, the way its own format writes it).
The I/O shell (`govmem.shell.author`) reads the folder and writes the files.
"""
