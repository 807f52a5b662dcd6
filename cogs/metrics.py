"""Prometheus metrics of one bot process, served at ``http://METRICS_HOST:METRICS_PORT/metrics``
when ``METRICS_PORT`` is set (``botconfig.Settings``); off otherwise. The same port answers
``/ready`` (200, or 503 with the reason: ``cogs.readiness``) and ``/healthz`` (200 while the
process runs).

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
import socket
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, make_wsgi_app
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.exposition import ThreadingWSGIServer
from prometheus_client.registry import Collector

from cogs.readiness import not_ready
from referee import games

if TYPE_CHECKING:
    from referee.service import Outcome
    from store.repository import MatchStore

log = logging.getLogger(__name__)

PREFIX = "fuba_bot_"
SCRAPE_TIMEOUT = 5.0  # seconds the active-match count may take on the bot's loop
READY_TIMEOUT = 5.0  # seconds the readiness check may take on the bot's loop
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
    def serve(cls, host: str, port: int, store: MatchStore, bot: Any = None) -> Metrics:
        """Metrics served on ``host:port`` (port 0: any free one, see ``port``) from now on,
        with ``/ready`` telling whether ``bot`` (None: never ready) can serve players; to be
        called on the bot's event loop."""
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
        loop = asyncio.get_running_loop()
        registry.register(ActiveMatches(store, loop))
        app = _routes(make_wsgi_app(registry), Readiness(bot, store, loop))
        metrics._server, metrics._thread = _start_server(host, port, app)
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


class Readiness:
    """What ``/ready`` answers: ``cogs.readiness.not_ready`` asked on the bot's event loop
    (the request arrives in the server's thread)."""

    def __init__(self, bot: Any, store: MatchStore, loop: asyncio.AbstractEventLoop) -> None:
        self.bot, self.store, self.loop = bot, store, loop

    def reason(self) -> str | None:
        """Why the bot is not ready; None when it is."""
        if self.bot is None:
            return "no bot to ask"
        try:
            future = asyncio.run_coroutine_threadsafe(not_ready(self.bot, self.store), self.loop)
        except RuntimeError:  # the loop is closed: the process is on its way out
            return "the bot is stopping"
        try:
            return future.result(READY_TIMEOUT)
        except TimeoutError:
            future.cancel()
            return f"the bot's event loop did not answer within {READY_TIMEOUT:.0f} s"
        except Exception as error:  # the check itself broke: not ready, and why
            log.warning("readiness not checked (%r)", error)
            return f"the readiness check failed ({type(error).__name__})"


WsgiApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]


def _routes(metrics: WsgiApp, readiness: Readiness) -> WsgiApp:
    """``/ready`` and ``/healthz`` answered here, everything else by prometheus-client."""

    def app(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        path = environ.get("PATH_INFO", "")
        if path not in ("/ready", "/healthz"):
            return metrics(environ, start_response)
        reason = readiness.reason() if path == "/ready" else None
        status = "200 OK" if reason is None else "503 Service Unavailable"
        body = f"{reason or ('ready' if path == '/ready' else 'alive')}\n".encode()
        headers = [("Content-Type", "text/plain; charset=utf-8"), ("Cache-Control", "no-store")]
        start_response(status, [*headers, ("Content-Length", str(len(body)))])
        return [body]

    return app


class _QuietHandler(WSGIRequestHandler):
    """No line on stderr for every request (Prometheus and health checks ask often)."""

    def log_message(self, format: str, *args: Any) -> None:
        pass


def _start_server(host: str, port: int, app: WsgiApp) -> tuple[WSGIServer, threading.Thread]:
    """``app`` served on ``host:port`` (IPv4 or IPv6) by a daemon thread, a thread per
    request (a slow ``/ready`` holds up no scrape)."""
    family, _, _, _, address = socket.getaddrinfo(
        host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
    )[0]

    class Server(ThreadingWSGIServer):
        address_family = family

    server = make_server(address[0], port, app, Server, handler_class=_QuietHandler)
    thread = threading.Thread(target=server.serve_forever, name="metrics", daemon=True)
    thread.start()
    return server, thread
