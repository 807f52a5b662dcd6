"""The sharded bot under SimCord: cluster 0 of two answers in the servers of its shard, and
its background work takes those servers only."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
import simcord
from discord.ext import commands
from sqlalchemy.engine import URL

from bot import create_bot
from botconfig import Settings
from cogs.play.context import PLAY_COG
from store.cluster import Sharding
from store.repository import Seat
from tests.discord.test_play import text_of
from tests.discord.test_timeouts import Clock

CLUSTER_0 = Sharding(count=2, ids=(0,))


@pytest.fixture
def simcord_bot(tmp_path: Path) -> commands.Bot:
    settings = Settings(
        database_url=URL.create("sqlite+aiosqlite", database=str(tmp_path / "db")),
        deadline_interval=3600.0,
        sharding=CLUSTER_0,
    )
    return create_bot(settings)


async def test_cluster_0_answers_in_its_shards_servers(simcord_env: simcord.Env) -> None:
    bot = simcord_env.bot
    assert isinstance(bot, commands.AutoShardedBot)
    assert (bot.shard_count, bot.shard_ids) == (2, [0])
    play = bot.get_cog(PLAY_COG)
    assert play.dispatcher.sharding == CLUSTER_0 and play.sharding == CLUSTER_0

    guild = simcord_env.create_guild("Football club", shard_id=0)
    channel = guild.create_text_channel("pitch")
    alice = guild.add_member(simcord_env.create_user("alice"))
    result = await alice.slash(channel, "fuba help")
    assert result.response is not None and result.response.ephemeral
    assert bot.get_guild(guild.id).shard_id == 0


async def test_cluster_0_fires_the_turn_clocks_of_its_servers_only(
    simcord_env: simcord.Env,
) -> None:
    play = simcord_env.bot.get_cog(PLAY_COG)
    clock = Clock()
    play.referee.clock = play.dispatcher.clock = clock
    guild = simcord_env.create_guild("Football club", shard_id=0)
    channel = guild.create_text_channel("pitch")
    alice, bob = (guild.add_member(simcord_env.create_user(n)) for n in ("alice", "bob"))
    seats = [Seat("west", alice.id, "alice"), Seat("east", bob.id, "bob")]
    other_guild = (1_000_001 * 2 + 1) << 22  # shard 1: cluster 1's
    await play.referee.start_match(guild.id, channel.id, seats, turn_timeout=2)
    await play.referee.start_match(other_guild, 424242, seats, turn_timeout=2)
    ours = await play.referee.store.active_match(channel.id)
    theirs = await play.referee.store.active_match(424242)
    assert ours is not None and theirs is not None

    clock.offset = timedelta(minutes=3)  # every clock has run out
    assert await play.dispatcher.tick() == 2  # both sides of our match are late

    assert all(d.fired_at for d in await play.referee.store.deadlines(ours.id))
    assert not any(d.fired_at for d in await play.referee.store.deadlines(theirs.id))
    board = channel.last_message
    assert board is not None and "ran out" in text_of(board).lower()
