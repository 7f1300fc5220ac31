"""govmem benchmarks (issue 7): `python -m benchmarks`; see docs/benchmarks.md."""
