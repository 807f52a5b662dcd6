"""Boards drawn as the bot draws them (``referee.boards``: a game's ``render_png`` of a view, the
names and the step's events, off the event loop), in a thread of this process and in pools of
worker processes, one board at a time and many at once.

    python -m bench render_pool [--boards 400] [--concurrency 8] [--workers 0,1,2]

For each number of workers (0: a thread of this process, as ``RENDER_WORKERS=0``), after the
workers are started and warm:

- ``workers_N_single_p50_ms`` / ``_p99_ms``: the wall time of one board when it is the only
  one being drawn (a quiet server: one match's step);
- ``workers_N_busy_boards_per_s``: boards finished per second with ``--concurrency`` boards in
  flight at once (a busy server), and ``workers_N_busy_p50_ms`` / ``_p99_ms`` their wall time;
- ``workers_N_loop_lag_p99_ms``: how late a 5 ms timer on the event loop fired meanwhile (what
  the drawing costs everything else the bot does).

Boards are those of coach matches, each step's board with its own caption (new text), the first
``--boards``. Figures only, never pass/fail.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import time
from typing import Any

from engine.fuba.coach import iter_match
from referee import boards
from referee.fuba.game import FUBA_GAME
from render.pool import Drawer

NAMES = ["Ana", "Bo"]
TICK = 0.005  # the loop-lag timer's period


def shots(n: int) -> list[tuple[dict[str, Any], list[str], list[Any]]]:
    """The spectators' boards of coach matches, step by step: (view, names, events)."""
    out = []
    seed = 1
    while len(out) < n:
        for state, _, events in iter_match(seed):
            out.append((FUBA_GAME.ruleset.view(state, None), NAMES, events))
        seed += 1
    return out[:n]


def pct(values: list[float], q: float) -> float:
    """The ``q`` quantile of ``values`` (nan for none)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


async def lag_watch(lags: list[float], stop: asyncio.Event) -> None:
    while not stop.is_set():
        started = time.perf_counter()
        await asyncio.sleep(TICK)
        lags.append(time.perf_counter() - started - TICK)


async def measure(workers: int, boards_in: list[Any], concurrency: int) -> dict[str, float]:
    drawer = Drawer(workers, warm=boards.warm, preload=boards.PRELOAD)
    await asyncio.to_thread(drawer.start)
    draw = FUBA_GAME.render_png
    # warm this process too (workers 0 draws here)
    await drawer.draw(draw, *boards_in[0])
    half = len(boards_in) // 2
    single: list[float] = []
    for view, names, events in boards_in[:half]:
        started = time.perf_counter()
        await drawer.draw(draw, view, names, events)
        single.append(time.perf_counter() - started)

    busy: list[float] = []
    lags: list[float] = []
    stop = asyncio.Event()
    watcher = asyncio.create_task(lag_watch(lags, stop))
    gate = asyncio.Semaphore(concurrency)

    async def one(shot: Any) -> None:
        async with gate:
            started = time.perf_counter()
            await drawer.draw(draw, *shot)
            busy.append(time.perf_counter() - started)

    started = time.perf_counter()
    await asyncio.gather(*(one(s) for s in boards_in[half:]))
    elapsed = time.perf_counter() - started
    stop.set()
    await watcher
    await asyncio.to_thread(drawer.close)
    return {
        "single_p50_ms": 1000 * statistics.median(single),
        "single_p99_ms": 1000 * pct(single, 0.99),
        "busy_boards_per_s": len(busy) / elapsed,
        "busy_p50_ms": 1000 * statistics.median(busy),
        "busy_p99_ms": 1000 * pct(busy, 0.99),
        "loop_lag_p99_ms": 1000 * pct(lags, 0.99) if lags else 0.0,
    }


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m bench render_pool", description=__doc__)
    parser.add_argument("--boards", type=int, default=400, help="boards per figure set")
    parser.add_argument("--concurrency", type=int, default=8, help="boards in flight when busy")
    cores = os.cpu_count() or 1
    parser.add_argument(
        "--workers",
        default=",".join(str(n) for n in sorted({0, 1, cores})),
        help="comma-separated numbers of worker processes (0: a thread of this process)",
    )
    args = parser.parse_args()
    boards_in = shots(args.boards)
    print(f"cores: {cores} count")
    for workers in (int(w) for w in args.workers.split(",")):
        figures = asyncio.run(measure(workers, boards_in, args.concurrency))
        for key, value in figures.items():
            unit = "boards/s" if key.endswith("per_s") else "ms"
            print(f"workers_{workers}_{key}: {value:.2f} {unit}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
