"""Drawing board images away from the event loop: in a pool of worker processes (by default one
per core, each giving way to the bot's own process, so boards drawn at once share neither one
interpreter's lock nor the event loop's turn at a core), or in a thread of this process; and
reusing a board's last PNG when it is asked for again with the same inputs.

    drawer = Drawer(workers=2, warm=some_module.warm)
    png = await drawer.draw(render_png, view, names, events, reuse=(match_id, None))

What a worker gets is the drawing function (pickled by its name: a module-level function) and
its compact inputs (a view, names, a few events); it sends back PNG bytes. Each worker runs
``warm()`` when it starts (drawing a few boards of each game builds the backgrounds, palettes,
pieces and words), and ``start()`` starts them all at once, so no player waits for that. A
worker that dies (``BrokenProcessPool``) costs nothing but time: the board is drawn in a thread
of this process instead while a new pool starts (after ``MAX_BREAKS`` broken pools, boards are
drawn in-process from then on).

Each worker keeps its own sprite cache (``render.cache``): with ``RENDER_CACHE_MB`` unset the
workers share ``WORKERS_CACHE_MB`` (24 MB each for two); set, it is each worker's budget, as
for any process. Measured with ``python -m bench load`` (SQLite, A/B on a busy 2-core machine),
the whole bot by PSS held 377-378 MB with 64 MB per worker, 311-312 with 32, 288-292 with 24
and 276-277 with 16. The drawing time per board of ``bench load`` (one game) is the same at all
of them, but ``bench channel`` (a FUBA and a Sports Dice Soccer match through one pool) needs
room for both games' plates and pieces: its Sports Dice Soccer step p50 was 8.2 ms at 32 MB
each, 8.5 at 24 and 11.8 at 16 (with the segmented LRU of ``render.cache``; 13-14 before it).

``RENDER_WORKERS`` sets the number of worker processes: 0 draws in a thread of this process (the
drawing then shares the interpreter lock with the event loop, which waits while boards are
drawn: ``python -m bench render_pool`` measures it); unset, one per core. Workers run at a
lower priority (``WORKER_NICENESS``): measured with ``python -m bench load`` on two quiet cores,
two workers at the bot's own priority gave 297 steps/s but let the event loop's lag p99 reach
36 ms (they took the core the event loop and the database needed); one worker kept the lag at
3 ms for 247 steps/s (it was the bottleneck); two lower-priority workers give 288 steps/s with
a lag p99 of 7 ms.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import hashlib
import logging
import multiprocessing
import os
import pickle
import threading
import time
from collections.abc import Callable, Hashable, Sequence
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from render import cache
from render.cache import ByteLRU

log = logging.getLogger(__name__)

REUSE_MB = 16  # PNGs kept for reuse (a board is 30-60 kB)
WORKERS_CACHE_MB = 48  # the drawing workers' sprite caches together (RENDER_CACHE_MB unset)
MAX_BREAKS = 3  # pools broken before boards are drawn in-process for good
WORKER_NICENESS = 10  # how much a drawing worker gives way to the bot's process
Draw = Callable[..., bytes]


def workers_from_env() -> int:
    """``RENDER_WORKERS`` as a number of worker processes (unset or unreadable: one per core)."""
    raw = os.environ.get("RENDER_WORKERS", "").strip()
    try:
        return max(0, int(raw))
    except ValueError:
        return os.cpu_count() or 1


def worker_cache_bytes(workers: int) -> int:
    """Each worker's sprite cache budget: ``RENDER_CACHE_MB`` when set, else
    ``WORKERS_CACHE_MB`` shared by the ``workers``."""
    if os.environ.get("RENDER_CACHE_MB", "").strip():
        return cache._budget_from_env()
    return (WORKERS_CACHE_MB << 20) // max(1, workers)


def _timed(fn: Draw, args: tuple[Any, ...]) -> tuple[bytes, float]:
    """``fn(*args)`` and the seconds it took (run in a worker)."""
    started = time.perf_counter()
    png = fn(*args)
    return png, time.perf_counter() - started


def _warmed(warm: Callable[[], None] | None, cache_bytes: int | None = None) -> None:
    """A worker's start: it gives way to the bot's own process (the event loop and the database
    get a core first when they need one), takes its sprite cache budget (``cache_bytes``; None:
    the one it has), then ``warm()`` (a failure only costs speed)."""
    with contextlib.suppress(OSError):  # not allowed here: the worker draws all the same
        os.nice(WORKER_NICENESS)
    if cache_bytes is not None:
        cache.kept.budget = cache_bytes
    if warm is None:
        return
    try:
        warm()
    except Exception:  # the worker still draws; its first boards are slower
        log.exception("warming a drawing worker failed")


def _ready() -> int:
    return os.getpid()


class Drawer:
    """Draws PNGs in ``workers`` processes (0: in this process's default thread pool)."""

    def __init__(
        self,
        workers: int,
        warm: Callable[[], None] | None = None,
        preload: Sequence[str] = (),
        reuse_bytes: int = REUSE_MB << 20,
    ) -> None:
        self.workers = workers
        self.cache_bytes = worker_cache_bytes(workers)  # each worker's sprite cache
        self.warm = warm
        self.preload = list(preload)
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None
        self._lock = threading.Lock()
        # (match, viewer) -> the fingerprint of its last drawing and its PNG
        self._last: ByteLRU[tuple[bytes, bytes]] = ByteLRU(reuse_bytes, size=_png_bytes)
        self.fallbacks = 0  # boards drawn in-process because the pool had broken
        self.breaks = 0
        self._starting = False
        self._closed = False

    # -- the pool

    def start(self) -> None:
        """Start every worker and wait until each is warm (blocking: call it from a thread).
        Nothing to do when drawing in-process, when the pool runs, or while another call
        starts it. Until the pool runs, boards are drawn in-process."""
        with self._lock:
            if self.workers <= 0 or self._pool is not None or self._starting:
                return
            self._starting = True
        # Workers are started from a thread of their own: it carries none of the caller's
        # context (a test harness's virtual clock would stall multiprocessing's waits).
        launcher = threading.Thread(target=self._launch, name="render-pool-start", daemon=True)
        launcher.start()
        launcher.join()

    def _launch(self) -> None:
        pool = None
        try:
            context = multiprocessing.get_context("forkserver")
            if self.preload:
                context.set_forkserver_preload(self.preload)
            pool = concurrent.futures.ProcessPoolExecutor(
                max_workers=self.workers,
                mp_context=context,
                initializer=_warmed,
                initargs=(self.warm, self.cache_bytes),
            )
            # one task per worker submitted at once: the pool starts a worker for each
            for future in [pool.submit(_ready) for _ in range(self.workers)]:
                future.result()
        except Exception:
            log.exception("the drawing workers did not start; boards are drawn in-process")
            if pool is not None:
                pool.shutdown(wait=False, cancel_futures=True)
            pool = None
        with self._lock:
            self._starting = False
            if pool is not None and not self._closed:
                self._pool, pool = pool, None
        if pool is not None:  # closed while starting
            pool.shutdown(wait=True, cancel_futures=True)

    def _start_soon(self) -> None:
        """Start the pool in the background (after a broken pool, or before ``start``)."""
        if self.workers > 0 and not self._starting and not self._closed:
            threading.Thread(target=self.start, name="render-pool-restart", daemon=True).start()

    def close(self) -> None:
        """Stop the workers for good (boards are then drawn in-process)."""
        with self._lock:
            self._closed = True
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)

    def _broken(self, pool: concurrent.futures.ProcessPoolExecutor) -> None:
        with self._lock:
            if self._pool is pool:
                self._pool = None
                self.breaks += 1
                if self.breaks >= MAX_BREAKS:
                    self.workers = 0
                    log.error("drawing workers keep stopping: boards are drawn in-process now")
        pool.shutdown(wait=False, cancel_futures=True)

    # -- drawing

    def draw(
        self,
        fn: Draw,
        *args: Any,
        reuse: Hashable | None = None,
        timed: Callable[[float], None] | None = None,
    ) -> asyncio.Future[bytes]:
        """``fn(*args)`` being drawn from now on, off the event loop. With ``reuse`` (a match
        and viewer), the PNG drawn last for it is given again when ``fn`` and ``args`` are the
        same. ``timed(seconds)`` is told how long a drawing took (not called on a reuse)."""
        loop = asyncio.get_running_loop()
        print_ = None
        if reuse is not None:
            print_ = _fingerprint(fn, args)
            last = self._reused(reuse, print_)
            if last is not None:
                done: asyncio.Future[bytes] = loop.create_future()
                done.set_result(last)
                return done
        task = asyncio.ensure_future(self._draw(loop, fn, args))

        def keep(f: asyncio.Future[tuple[bytes, float]]) -> None:
            if f.cancelled() or f.exception() is not None:
                return
            png, seconds = f.result()
            if timed is not None:
                timed(seconds)
            if reuse is not None and print_ is not None:
                self._keep(reuse, print_, png)

        task.add_done_callback(keep)
        return _first(loop, task)

    async def _draw(
        self, loop: asyncio.AbstractEventLoop, fn: Draw, args: tuple[Any, ...]
    ) -> tuple[bytes, float]:
        pool = self._pool
        if pool is None:
            self._start_soon()
        else:
            submitted = None
            try:
                submitted = pool.submit(_timed, fn, args)
            except BrokenProcessPool:
                self._broken(pool)
            except RuntimeError:  # closed meanwhile (the bot stopping)
                pass
            try:
                if submitted is not None:
                    return await asyncio.wrap_future(submitted)
            except BrokenProcessPool:
                log.warning("a drawing worker stopped; drawing this board in-process")
                self._broken(pool)
            self.fallbacks += 1
        return await loop.run_in_executor(None, _timed, fn, args)

    # -- reuse

    def _reused(self, key: Hashable, print_: bytes) -> bytes | None:
        last = self._last.get(key)
        return last[1] if last is not None and last[0] == print_ else None

    def _keep(self, key: Hashable, print_: bytes, png: bytes) -> None:
        self._last.put(key, (print_, png))


def _png_bytes(kept: tuple[bytes, bytes]) -> int:
    return len(kept[1])


def _fingerprint(fn: Draw, args: tuple[Any, ...]) -> bytes:
    """What identifies a drawing: its function and inputs (pickled: views are plain data)."""
    data = pickle.dumps((fn.__module__, fn.__qualname__, args), protocol=5)
    return hashlib.blake2b(data, digest_size=16).digest()


def _first(
    loop: asyncio.AbstractEventLoop, task: asyncio.Future[tuple[bytes, float]]
) -> asyncio.Future[bytes]:
    """The PNG of ``task``'s (png, seconds), as a future; cancelling it cancels ``task``."""
    out: asyncio.Future[bytes] = loop.create_future()

    def settle(f: asyncio.Future[tuple[bytes, float]]) -> None:
        if out.done():
            return
        if f.cancelled():
            out.cancel()
        elif f.exception() is not None:
            out.set_exception(f.exception())  # type: ignore[arg-type]
        else:
            out.set_result(f.result()[0])

    def cancel(f: asyncio.Future[bytes]) -> None:
        if f.cancelled():
            task.cancel()

    task.add_done_callback(settle)
    out.add_done_callback(cancel)
    return out
