"""Benchmarks and performance checks for urlspec (run from the repository root, e.g.
``python -m bench.run``); see bench/README.md."""
