"""Timing helpers the benchmarks share (a leading underscore: not a benchmark itself)."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any


def median_ms(runs: int, items: list[Any], work: Callable[[Any], object]) -> float:
    """The median CPU time of ``work(item)`` in milliseconds, cycling through ``items``."""
    times = []
    for i in range(runs):
        item = items[i % len(items)]
        start = time.process_time()
        work(item)
        times.append(time.process_time() - start)
    return 1000 * statistics.median(times)
