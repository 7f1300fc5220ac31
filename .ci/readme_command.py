"""Print the one README command that contains a word (CI runs the README's test command).

Usage: python3 .ci/readme_command.py README.md pytest

The command is the single line of a fenced ``sh`` block that contains the
word; exactly one such line must exist, so the README stays the one source
of truth for how the tests are run.
"""

import re
import sys


def commands(markdown: str) -> list[str]:
    """Every line of every fenced sh block."""
    blocks = re.findall(r"^```sh\n(.*?)^```", markdown, flags=re.MULTILINE | re.DOTALL)
    return [line.strip() for block in blocks for line in block.splitlines() if line.strip()]


def main() -> int:
    path, word = sys.argv[1], sys.argv[2]
    with open(path, encoding="utf-8") as f:
        found = [c for c in commands(f.read()) if re.search(rf"\b{re.escape(word)}\b", c)]
    if len(found) != 1:
        sys.stderr.write(f"{path}: expected one sh command with {word!r}, found {len(found)}\n")
        return 1
    sys.stdout.write(found[0] + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
