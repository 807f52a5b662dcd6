"""Timing helpers the benchmarks share (a leading underscore: not a benchmark itself)."""

from __future__ import annotations

import cProfile
import io
import pstats
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

from PIL import Image


def median_ms(runs: int, items: list[Any], work: Callable[[Any], object]) -> float:
    """The median CPU time of ``work(item)`` in milliseconds, cycling through ``items``."""
    times = []
    for i in range(runs):
        item = items[i % len(items)]
        start = time.process_time()
        work(item)
        times.append(time.process_time() - start)
    return 1000 * statistics.median(times)


def print_board_figures(
    runs: int,
    items: list[Any],
    png: Callable[[Any], bytes],
    image: Callable[[Any], Image.Image],
    pngs: list[bytes],
    images: list[Image.Image],
    encode: Callable[[Image.Image], object],
    encoded: list[Image.Image],
    setup_ms: float,
) -> None:
    """A board renderer's figures over ``items``: ``png(item)`` (the whole render) and the
    sizes of ``pngs`` (made by it), ``image(item)`` (no encoding) and the size of ``images``
    (made by it), ``encode`` over the images ``encoded``, Pillow's own PNG encoder over
    ``images``, and the board's setup time ``setup_ms``."""
    print(f"render_median_ms: {median_ms(runs, items, png):.2f} ms")
    print(f"png_bytes: {statistics.median(len(p) for p in pngs):.0f} bytes")
    print(f"png_bytes_max: {max(len(p) for p in pngs)} bytes")
    print(f"image_size: {images[0].width}x{images[0].height} px")
    print(f"render_only_median_ms: {median_ms(runs, items, image):.2f} ms")
    print(f"encode_only_median_ms: {median_ms(runs, encoded, encode):.2f} ms")
    pillow = median_ms(runs // 4, images, lambda im: im.save(io.BytesIO(), "PNG", compress_level=1))
    print(f"pillow_png_encode_median_ms: {pillow:.2f} ms")
    print(f"board_setup_ms: {setup_ms:.0f} ms")


def print_replay_figures(replay: Callable[[], bytes], frames: Sequence[Any]) -> None:
    """The CPU time and size of ``replay()`` (an animated GIF of ``frames``)."""
    start = time.process_time()
    gif = replay()
    print(f"replay_seconds: {time.process_time() - start:.2f} s")
    print(f"replay_bytes: {len(gif)} bytes")
    print(f"replay_frames: {len(frames)} frames")


def print_profile(work: Callable[[Any], object], items: Sequence[Any], rounds: int = 5) -> None:
    """A cProfile table of ``work(item)`` over ``items``, ``rounds`` times: the 20 functions
    with the most time of their own."""
    profiler = cProfile.Profile()
    profiler.enable()
    for _ in range(rounds):
        for item in items:
            work(item)
    profiler.disable()
    pstats.Stats(profiler).sort_stats("tottime").print_stats(20)
