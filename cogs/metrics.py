"""Prometheus metrics of one bot process, served at ``http://METRICS_HOST:METRICS_PORT/metrics``
when ``METRICS_PORT`` is set (``botconfig.Settings``); off otherwise.

The play cog owns a ``Metrics`` (``cogs.play.cog.MatchPlay.metrics``) and the call sites report
through its methods; when metrics are off every method returns at once. Each bot has a registry
of its own (never prometheus-client's global one), so several bots in one process (the tests)
keep apart. Every name starts with ``fuba_bot_``:

- ``steps_total`` / ``step_seconds`` by ``game``: player steps applied, and how long each took
  from the click or command to the live board shown;
- ``active_matches`` by ``game``: read from the database when scraped;
- ``discord_errors_total`` by ``status``: Discord refusing or failing a live board;
- ``boards_behind``: live boards behind their match after the last delivery round;
- ``deadline_lag_seconds``: how late the dispatcher fired a turn deadline after it was due;
- ``render_seconds`` by ``game``: drawing one board image.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any
from wsgiref.simple_server import WSGIServer

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, start_http_server
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

from referee import games

if TYPE_CHECKING:
    from referee.service import Outcome
    from store.repository import MatchStore

log = logging.getLogger(__name__)

PREFIX = "fuba_bot_"
SCRAPE_TIMEOUT = 5.0  # seconds the active-match count may take on the bot's loop
LAG_BUCKETS = (0.5, 1, 2, 5, 10, 30, 60, 120, 300, 600, 1800, 3600)


class ActiveMatches(Collector):
    """The active matches per game, counted in the database at each scrape (on the bot's event
    loop, which owns the database engine; the scrape runs in the server's thread)."""

    def __init__(self, store: MatchStore, loop: asyncio.AbstractEventLoop) -> None:
        self.store, self.loop = store, loop

    def collect(self) -> Iterator[GaugeMetricFamily]:
        family = GaugeMetricFamily(
            PREFIX + "active_matches", "Matches being played, by game", labels=["game"]
        )
        counts = self._counts()
        if counts is not None:
            for game in sorted({*games.games(), *counts}):
                family.add_metric([game], counts.get(game, 0))
        yield family

    def _counts(self) -> dict[str, int] | None:
        try:
            if asyncio.get_running_loop() is self.loop:
                return None  # a scrape on the loop itself would wait for itself
        except RuntimeError:
            pass
        try:
            future = asyncio.run_coroutine_threadsafe(self.store.active_counts(), self.loop)
            return future.result(SCRAPE_TIMEOUT)
        except Exception as error:  # the scrape goes on without this one
            log.warning("metrics: active matches not counted (%r)", error)
            return None


class Metrics:
    """This bot process's metrics; ``Metrics()`` is off (every report costs one test)."""

    steps: Counter
    step_seconds: Histogram
    discord_errors: Counter
    boards_behind: Gauge
    deadline_lag: Histogram
    render_seconds: Histogram

    def __init__(self) -> None:
        self.registry: CollectorRegistry | None = None
        self._server: WSGIServer | None = None
        self._thread: threading.Thread | None = None

    @classmethod
    def serve(cls, host: str, port: int, store: MatchStore) -> Metrics:
        """Metrics served on ``host:port`` (port 0: any free one, see ``port``) from now on;
        to be called on the bot's event loop."""
        metrics = cls()
        registry = metrics.registry = CollectorRegistry(auto_describe=True)
        metrics.steps = Counter(
            PREFIX + "steps", "Player steps applied, by game", ["game"], registry=registry
        )
        metrics.step_seconds = Histogram(
            PREFIX + "step_seconds",
            "Seconds from a player's step to its live board shown, by game",
            ["game"],
            registry=registry,
        )
        metrics.discord_errors = Counter(
            PREFIX + "discord_errors",
            "Discord HTTP errors met delivering live boards, by status",
            ["status"],
            registry=registry,
        )
        metrics.boards_behind = Gauge(
            PREFIX + "boards_behind",
            "Live boards behind their match after the last delivery round",
            registry=registry,
        )
        metrics.deadline_lag = Histogram(
            PREFIX + "deadline_lag_seconds",
            "Seconds between a turn deadline's due time and its firing",
            buckets=LAG_BUCKETS,
            registry=registry,
        )
        metrics.render_seconds = Histogram(
            PREFIX + "render_seconds",
            "Seconds drawing one board image, by game",
            ["game"],
            registry=registry,
        )
        registry.register(ActiveMatches(store, asyncio.get_running_loop()))
        metrics._server, metrics._thread = start_http_server(port, host, registry)
        log.info("metrics served at http://%s:%d/metrics", host, metrics.port)
        return metrics

    @property
    def port(self) -> int | None:
        """The port the metrics are served on; None when they are off."""
        return self._server.server_address[1] if self._server is not None else None

    async def stop(self) -> None:
        """Stop serving (the server's thread ends within its poll interval)."""
        server, self._server = self._server, None
        if server is not None:
            await asyncio.to_thread(server.shutdown)
            server.server_close()

    # -- what the call sites report ----------------------------------------------------

    def step_done(self, game: str, started: float) -> None:
        """A player's step applied and shown, begun at ``started`` (``time.perf_counter``)."""
        if self.registry is None:
            return
        self.steps.labels(game).inc()
        self.step_seconds.labels(game).observe(time.perf_counter() - started)

    def discord_error(self, error: Any) -> None:
        """Discord answered with an error status (a ``discord.HTTPException``)."""
        if self.registry is not None:
            self.discord_errors.labels(str(getattr(error, "status", "unknown"))).inc()

    def behind(self, boards: int) -> None:
        """How many live boards are behind their match now."""
        if self.registry is not None:
            self.boards_behind.set(boards)

    def deadline_fired(self, late: float) -> None:
        """A turn deadline fired ``late`` seconds after it was due."""
        if self.registry is not None:
            self.deadline_lag.observe(max(0.0, late))

    def drawing(self, outcome: Outcome) -> asyncio.Future[bytes]:
        """The spectators' board of ``outcome`` being drawn, as ``Outcome.drawing(None)``,
        and timed."""
        if self.registry is None:
            return outcome.drawing(None)
        return outcome.drawing(None, timed=self.render_seconds.labels(outcome.ruleset).observe)
