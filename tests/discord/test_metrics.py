"""Prometheus metrics: with ``METRICS_PORT`` set the bot serves them on a local port, scraped
here as Prometheus would; unset, the bot listens nowhere."""

from __future__ import annotations

import asyncio
import os
import urllib.request
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path

import pytest
from discord.ext import commands
from prometheus_client.parser import text_string_to_metric_families

from bot import create_bot
from botconfig import Settings
from tests.discord.conftest import World
from tests.discord.test_play import (
    challenge_accepted,
    choice_buttons,
    decider,
    formations,
    private,
    public,
)
from tests.discord.test_timeouts import expired_for_bob, play_cog

MISSING_PERMISSIONS = {"status": 403, "code": 50013, "message": "Missing Permissions"}


def listening_ports() -> set[int]:
    """The TCP ports this process listens on (Linux: its sockets in /proc)."""
    mine = set()
    for fd in os.listdir("/proc/self/fd"):
        try:
            target = os.readlink(f"/proc/self/fd/{fd}")
        except OSError:
            continue
        if target.startswith("socket:["):
            mine.add(target[len("socket:[") : -1])
    ports = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        if not Path(table).exists():
            continue
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            local, state, inode = fields[1], fields[3], fields[9]
            if state == "0A" and inode in mine:  # LISTEN
                ports.add(int(local.rsplit(":", 1)[1], 16))
    return ports


async def scrape(world: World) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """The bot's /metrics as Prometheus reads it: (sample name, labels) -> value."""
    port = play_cog(world).metrics.port
    assert port is not None and port in listening_ports()

    def get() -> str:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10) as response:
            return response.read().decode()

    text = await asyncio.to_thread(get)  # the bot's loop answers the active-match count
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


def fuba(name: str) -> tuple[str, tuple[tuple[str, str], ...]]:
    return name, (("game", "fuba"),)


@pytest.fixture
def settings(settings: Settings) -> Settings:
    return replace(settings, metrics_port=0)  # any free port: the bot says which


@pytest.fixture
def ports_before() -> set[int]:
    """The ports this process listened on before the bot was made."""
    return listening_ports()


@pytest.fixture
async def simcord_bot(settings: Settings, ports_before: set[int]) -> AsyncIterator[commands.Bot]:
    bot = create_bot(settings)
    yield bot
    cog = bot.get_cog("MatchPlay")  # SimCord detaches the bot without closing it
    if cog is not None:
        await cog.metrics.stop()


pytestmark = pytest.mark.skipif(not Path("/proc/self/fd").exists(), reason="needs Linux /proc")


async def test_steps_matches_errors_and_boards_behind_are_scraped(world: World) -> None:
    await challenge_accepted(world)
    before = await scrape(world)
    assert before[("fuba_bot_active_matches", (("game", "fuba"),))] == 1
    assert before[("fuba_bot_active_matches", (("game", "dicesoccer"),))] == 0
    assert before.get(fuba("fuba_bot_steps_total"), 0) == 0

    # Discord refuses the board's edit after Alice's formation: the step counts all the same
    path = f"/channels/{world.channel.id}/messages/*"
    world.env.inject_error("PATCH", path, times=None, **MISSING_PERMISSIONS)
    assert "That counted" in private(
        await world.alice.slash(world.channel, "fuba formation", shape="4-4-2")
    )
    assert await play_cog(world).catch_up() == 1  # still refused
    refused = await scrape(world)
    assert refused[("fuba_bot_discord_errors_total", (("status", "403"),))] >= 2
    assert refused[("fuba_bot_boards_behind", ())] == 1
    assert refused[fuba("fuba_bot_steps_total")] == 1

    world.env.backend.faults.clear()
    assert await play_cog(world).catch_up() == 0
    assert private(await world.bob.slash(world.channel, "fuba formation", shape="4-3-3"))
    choosing = public(world)[-1]
    winner, _ = decider(world, choosing)
    kickoff = choice_buttons(choosing)[0].custom_id
    assert private(await winner.click(choosing, custom_id=kickoff)) == ""  # the board answers

    after = await scrape(world)
    assert after[fuba("fuba_bot_steps_total")] == 3
    assert after[fuba("fuba_bot_step_seconds_count")] == 3
    assert after[fuba("fuba_bot_step_seconds_sum")] > 0
    assert after[("fuba_bot_boards_behind", ())] == 0
    assert after[("fuba_bot_active_matches", (("game", "fuba"),))] == 1
    assert after[fuba("fuba_bot_render_seconds_count")] >= 3  # a board drawn for every step


async def test_deadline_lag_is_how_late_the_dispatcher_fired(world: World) -> None:
    await expired_for_bob(world)  # the dispatcher fires at 65 s, then at 5 minutes
    scraped = await scrape(world)
    # the two reminders due at 60 s, 5 s late; after Alice's move at 65 s, Bob's reminder
    # (due at 125 s) and expiry (at 185 s), fired at 300 s
    assert scraped[("fuba_bot_deadline_lag_seconds_count", ())] == 4
    assert scraped[("fuba_bot_deadline_lag_seconds_sum", ())] == 5 + 5 + 175 + 115
    assert scraped[("fuba_bot_deadline_lag_seconds_bucket", (("le", "5.0"),))] == 2


async def test_the_endpoint_stops_with_the_bot(world: World) -> None:
    port = play_cog(world).metrics.port
    assert port in listening_ports()
    await world.env.bot.close()
    assert port not in listening_ports()


class TestUnset:
    @pytest.fixture
    def settings(self, settings: Settings) -> Settings:
        return replace(settings, metrics_port=None)

    async def test_nothing_listens(self, world: World, ports_before: set[int]) -> None:
        await challenge_accepted(world)
        await formations(world)
        assert play_cog(world).metrics.port is None
        assert listening_ports() == ports_before


def test_the_settings_read_the_port_and_host() -> None:
    assert Settings.from_env({}).metrics_port is None
    read = Settings.from_env({"METRICS_PORT": "9464", "METRICS_HOST": "0.0.0.0"})
    assert (read.metrics_port, read.metrics_host) == (9464, "0.0.0.0")
    assert Settings.from_env({"METRICS_PORT": "9464"}).metrics_host == "127.0.0.1"
    with pytest.raises(ValueError, match="METRICS_PORT"):
        Settings.from_env({"METRICS_PORT": "nine"})
