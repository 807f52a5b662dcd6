"""Benchmarks: each module here has a `main()` that prints figures (never pass/fail).

Run one with `python -m bench NAME`; `python -m bench` lists them.
"""
