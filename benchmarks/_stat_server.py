"""`govmem-mcp` with the stat-scan freshness check, for the benchmarks only.

The server picks inotify whenever it works (`govmem_mcp._watch.make_detector`)
and offers no option to choose; the stat scan is what it falls back to on
other systems and on network file systems. To time that fallback over real
stdio this shim makes the detector factory answer a `StatDetector`, then
runs the ordinary console entry point.
"""

from __future__ import annotations

import sys

from govmem_mcp import _state, cli
from govmem_mcp._watch import Detector, StatDetector


def _stat_detector(mode: str = "auto") -> Detector:
    return StatDetector()


if __name__ == "__main__":
    _state.make_detector = _stat_detector  # type: ignore[attr-defined]
    sys.exit(cli.main(sys.argv[1:]))
