"""Discord tests: the real bot, built by `bot.create_bot`, against SimCord's offline Discord."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import discord
import pytest
import simcord
from discord.ext import commands
from sqlalchemy.engine import URL

from bot import create_bot
from botconfig import Settings


@dataclass
class World:
    """A guild with two channels, two players and a spectator.

    ``channel`` ("pitch") is one where the bot may not create public threads: a challenge
    there falls back to playing in the channel itself, so most tests challenge and read the
    match in one place. ``stadium`` is one where it may: a challenge there plays in a new
    public thread by default (tests/discord/test_threads.py)."""

    env: simcord.Env
    channel: simcord.ChannelHandle
    alice: simcord.MemberActor
    bob: simcord.MemberActor
    carol: simcord.MemberActor
    stadium: simcord.ChannelHandle


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    # The turn deadlines' dispatcher waits an hour between its own looks: SimCord's clock must
    # not wake it in the middle of a test; tests/discord/test_timeouts.py ticks it by hand.
    return Settings(
        database_url=URL.create("sqlite+aiosqlite", database=str(tmp_path / "db")),
        deadline_interval=3600.0,
    )


@pytest.fixture
def simcord_bot(settings: Settings) -> commands.Bot:
    """The bot SimCord's `simcord_env` fixture runs (started, logged in, READY)."""
    return create_bot(settings)


def no_threads(env: simcord.Env) -> dict[discord.ClientUser, discord.PermissionOverwrite]:
    """Channel overwrites that deny the bot Create Public Threads (and nothing else): matches
    challenged there are played in the channel itself."""
    assert env.bot.user is not None
    return {env.bot.user: discord.PermissionOverwrite(create_public_threads=False)}


@pytest.fixture
def world(simcord_env: simcord.Env) -> World:
    guild = simcord_env.create_guild("Football club")
    channel = guild.create_text_channel("pitch", overwrites=no_threads(simcord_env))
    stadium = guild.create_text_channel("stadium")
    members = [
        guild.add_member(simcord_env.create_user(name)) for name in ("alice", "bob", "carol")
    ]
    return World(simcord_env, channel, *members, stadium=stadium)
