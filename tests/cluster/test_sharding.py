"""Which shards and guilds a process takes: the settings (``SHARD_COUNT``, ``SHARD_IDS``,
``CLUSTER_COUNT``, ``CLUSTER_INDEX``), the guild -> shard rule, and the bot's class."""

from __future__ import annotations

import pytest
from discord.ext import commands
from sqlalchemy.engine import URL

from botconfig import Settings
from cogs.app import RefereeBot, ShardedRefereeBot, referee_bot
from store.cluster import ALL_GUILDS, Sharding, cluster_sharding, sharding_from_env

MEMORY = URL.create("sqlite+aiosqlite", database=":memory:")


def guild_on_shard(shard: int, count: int, n: int = 0) -> int:
    """A guild id (a snowflake) whose shard of ``count`` is ``shard``."""
    return ((1_000_000 + n) * count + shard) << 22 | 12345


def test_without_settings_one_process_takes_every_guild() -> None:
    sharding = sharding_from_env({})
    assert sharding == ALL_GUILDS and not sharding.sharded
    assert all(sharding.owns(guild_on_shard(s, 7)) for s in range(7))
    assert sharding.owns(0) and sharding.owns(None)


def test_shard_ids_name_the_process_shards() -> None:
    sharding = sharding_from_env({"SHARD_COUNT": "4", "SHARD_IDS": "1, 3"})
    assert sharding == Sharding(count=4, ids=(1, 3))
    assert [s for s in range(4) if sharding.owns(guild_on_shard(s, 4))] == [1, 3]


def test_a_shard_count_alone_runs_every_shard_here() -> None:
    sharding = sharding_from_env({"SHARD_COUNT": "3"})
    assert sharding.sharded and sharding.ids is None
    assert all(sharding.owns(guild_on_shard(s, 3)) for s in range(3))


def test_clusters_split_the_shards_evenly() -> None:
    clusters = [
        sharding_from_env({"CLUSTER_COUNT": "3", "CLUSTER_INDEX": str(i), "SHARD_COUNT": "8"})
        for i in range(3)
    ]
    assert [c.ids for c in clusters] == [(0, 3, 6), (1, 4, 7), (2, 5)]
    # every guild has exactly one cluster
    for shard in range(8):
        guild = guild_on_shard(shard, 8)
        assert sum(c.owns(guild) for c in clusters) == 1
    # one shard per cluster without SHARD_COUNT
    assert cluster_sharding(clusters=2, index=1) == Sharding(count=2, ids=(1,))


def test_guilds_without_a_shard_of_their_own_belong_to_shard_0() -> None:
    first, second = (Sharding(count=2, ids=(i,)) for i in (0, 1))
    assert first.owns(0) and first.owns(None)
    assert not second.owns(0) and not second.owns(None)


def test_only_the_process_with_shard_0_syncs_the_commands() -> None:
    assert ALL_GUILDS.first and Sharding(count=2).first
    assert Sharding(count=4, ids=(0, 2)).first
    assert not Sharding(count=4, ids=(1, 3)).first


@pytest.mark.parametrize(
    ("env", "says"),
    [
        ({"CLUSTER_COUNT": "2", "CLUSTER_INDEX": "2"}, "CLUSTER_INDEX runs from 0 to 1"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "0,2"}, "shard ids run from 0 to 1"),
        ({"SHARD_COUNT": "two"}, "SHARD_COUNT must be a whole number"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "0;1"}, "SHARD_IDS must list whole numbers"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "1,1"}, "listed twice"),
        ({"SHARD_COUNT": "0"}, "at least 1"),
        ({"SHARD_IDS": "0"}, "SHARD_IDS needs SHARD_COUNT"),
        ({"CLUSTER_COUNT": "2"}, "CLUSTER_COUNT and CLUSTER_INDEX go together"),
        ({"CLUSTER_INDEX": "0"}, "CLUSTER_COUNT and CLUSTER_INDEX go together"),
        (
            {"CLUSTER_COUNT": "2", "CLUSTER_INDEX": "0", "SHARD_IDS": "0"},
            "not both",
        ),
        (
            {"CLUSTER_COUNT": "4", "CLUSTER_INDEX": "0", "SHARD_COUNT": "2"},
            "every cluster needs a shard",
        ),
    ],
)
def test_wrong_settings_say_which_and_why(env: dict[str, str], says: str) -> None:
    with pytest.raises(ValueError, match=says):
        Settings.from_env(env)


def test_settings_carry_the_sharding() -> None:
    settings = Settings.from_env({"CLUSTER_COUNT": "2", "CLUSTER_INDEX": "1"})
    assert settings.sharding == Sharding(count=2, ids=(1,))
    assert "sharding=Sharding(count=2, ids=(1,))" in repr(settings)


def test_the_bot_connects_with_its_shards_when_sharded() -> None:
    sharded = referee_bot(Settings(database_url=MEMORY, sharding=Sharding(count=4, ids=(1, 3))))
    assert isinstance(sharded, ShardedRefereeBot)
    assert isinstance(sharded, commands.AutoShardedBot)
    assert (sharded.shard_count, sharded.shard_ids) == (4, [1, 3])

    plain = referee_bot(Settings(database_url=MEMORY))
    assert type(plain) is RefereeBot
    assert not isinstance(plain, commands.AutoShardedBot)
