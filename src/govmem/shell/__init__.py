"""The I/O shell: loading files, reloading changed ones, git, atomic writes, `govmem init`.

The only layer that touches the file system (besides the CLI). Imports the
facade (`govmem._corpus`) and everything below it.
"""
