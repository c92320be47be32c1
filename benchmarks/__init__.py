"""Benchmarks run by hand (``python benchmarks/render.py``, ``python benchmarks/lint.py``)."""
