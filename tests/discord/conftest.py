"""Discord tests: the real bot, built by `bot.create_bot`, against SimCord's offline Discord."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest
import simcord
from discord.ext import commands
from sqlalchemy.engine import URL

from bot import create_bot
from botconfig import Settings


@dataclass
class World:
    """A guild with a match channel, two players and a spectator."""

    env: simcord.Env
    channel: simcord.ChannelHandle
    alice: simcord.MemberActor
    bob: simcord.MemberActor
    carol: simcord.MemberActor


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


@pytest.fixture
def world(simcord_env: simcord.Env) -> World:
    guild = simcord_env.create_guild("Football club")
    channel = guild.create_text_channel("pitch")
    members = [
        guild.add_member(simcord_env.create_user(name)) for name in ("alice", "bob", "carol")
    ]
    return World(simcord_env, channel, *members)
