"""Readiness: the metrics port answers ``/ready`` (200 when the bot is connected to Discord and
its database answers, else 503 with the reason) and ``/healthz`` (200 while the process runs);
``python3 bot.py health`` asks ``/ready`` and exits 0 or 1 (2 without METRICS_PORT), as a
container's health check does.

The bot is the real one in SimCord's offline Discord, its metrics on a free local port.
"""

from __future__ import annotations

import asyncio
import shutil
import urllib.error
import urllib.request
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path

import pytest
from discord.ext import commands
from sqlalchemy.engine import URL

import bot
from bot import create_bot
from botconfig import Settings
from cogs.readiness import not_ready
from store.cluster import Sharding
from store.repository import MatchStore
from tests.discord.conftest import World
from tests.discord.test_timeouts import play_cog


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(
        database_url=URL.create("sqlite+aiosqlite", database=str(tmp_path / "db")),
        deadline_interval=3600.0,  # the deadlines' dispatcher sleeps (tests/discord/conftest)
        metrics_port=0,  # any free port: the bot says which
    )


@pytest.fixture
async def simcord_bot(settings: Settings) -> AsyncIterator[commands.Bot]:
    made = create_bot(settings)
    yield made
    cog = made.get_cog("MatchPlay")  # SimCord detaches the bot without closing it
    if cog is not None:
        await cog.metrics.stop()


@pytest.fixture
def metrics_port(world: World, monkeypatch: pytest.MonkeyPatch) -> int:
    """The running bot's metrics port, set for ``bot.py health`` as the container sets it."""
    port = play_cog(world).metrics.port
    assert port is not None
    monkeypatch.setenv("METRICS_PORT", str(port))
    monkeypatch.delenv("METRICS_HOST", raising=False)
    return port


async def health(capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    """``python3 bot.py health`` (in a thread: the bot's loop answers meanwhile): its exit
    code and what it printed."""
    code = await asyncio.to_thread(bot.main, ["health"])
    captured = capsys.readouterr()
    return code, (captured.out + captured.err).strip()


async def get(port: int, path: str) -> tuple[int, str]:
    def fetch() -> tuple[int, str]:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            with error:
                return error.code, error.read().decode()

    return await asyncio.to_thread(fetch)


async def test_a_connected_bot_is_ready(
    world: World, metrics_port: int, capsys: pytest.CaptureFixture[str]
) -> None:
    assert await health(capsys) == (0, "ready")
    assert await get(metrics_port, "/ready") == (200, "ready\n")
    assert await get(metrics_port, "/healthz") == (200, "alive\n")
    status, text = await get(metrics_port, "/metrics")  # the metrics are still there
    assert status == 200 and "fuba_bot_active_matches" in text


async def test_a_lost_connection_to_discord_is_not_ready_but_alive(
    world: World, metrics_port: int, capsys: pytest.CaptureFixture[str]
) -> None:
    await world.env.bot.ws.close()  # the gateway connection drops

    assert await health(capsys) == (
        1,
        "not ready: the connection to Discord is down (reconnecting)",
    )
    assert await get(metrics_port, "/ready") == (
        503,
        "the connection to Discord is down (reconnecting)\n",
    )
    assert await get(metrics_port, "/healthz") == (200, "alive\n")


async def test_a_database_that_does_not_answer_is_not_ready(
    world: World, metrics_port: int, settings: Settings, capsys: pytest.CaptureFixture[str]
) -> None:
    store = play_cog(world).referee.store
    await store.engine.dispose()  # the bot's open connections go; new ones fail:
    store.db.sync_engine.dispose()
    database = Path(settings.database_url.database)  # type: ignore[union-attr, arg-type]
    shutil.move(database, database.with_suffix(".gone"))
    database.mkdir()  # a folder where the file was: SQLite cannot open it

    code, said = await health(capsys)

    assert code == 1
    assert said == "not ready: the database does not answer (OperationalError)"


async def test_a_stopped_bot_is_not_healthy(
    world: World, metrics_port: int, capsys: pytest.CaptureFixture[str]
) -> None:
    await world.env.bot.close()  # the metrics port closes with it

    code, said = await health(capsys)

    assert code == 1
    assert said.startswith(f"not ready: nothing answers at http://127.0.0.1:{metrics_port}/ready")
    assert said.endswith("is the bot running?")


async def test_a_bot_not_connected_yet_is_not_ready(settings: Settings) -> None:
    store = MatchStore.open(settings.database_url)
    try:
        assert await not_ready(create_bot(settings), store) == "not connected to Discord yet"
    finally:
        await store.close()


def test_without_metrics_port_there_is_nothing_to_ask(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("METRICS_PORT", raising=False)

    assert bot.main(["health"]) == 2
    said = capsys.readouterr().err
    assert said.startswith("error: METRICS_PORT is not set")
    assert "METRICS_PORT=9464" in said


def test_metrics_host_is_where_the_bot_is_asked(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("METRICS_PORT", "9")  # nothing listens there
    monkeypatch.setenv("METRICS_HOST", "::")  # every interface: asked on the loopback

    assert bot.main(["health"]) == 1
    assert "nothing answers at http://[::1]:9/ready" in capsys.readouterr().out


class TestSharded:
    """A bot running two shards is ready only while both connections are open."""

    @pytest.fixture
    def settings(self, settings: Settings) -> Settings:
        return replace(settings, sharding=Sharding(count=2))

    async def test_one_shard_down_is_not_ready(
        self, world: World, metrics_port: int, capsys: pytest.CaptureFixture[str]
    ) -> None:
        sharded = world.env.bot
        assert isinstance(sharded, commands.AutoShardedBot) and len(sharded.shards) == 2
        assert await health(capsys) == (0, "ready")

        await sharded.shards[1].disconnect()
        assert await health(capsys) == (
            1,
            "not ready: the connection to Discord is down (reconnecting)",
        )

        await sharded.shards[1].reconnect()
        assert await health(capsys) == (0, "ready")
