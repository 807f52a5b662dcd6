"""`python -m bench channel`: what it counts of the bot's messages, and that its members play a
match through the live board and the commands without getting stuck."""

from __future__ import annotations

import io
import re
from pathlib import Path

import discord
import pytest
import simcord
from discord.ext import commands
from sqlalchemy.engine import URL

from bench.channel import Control, Figures, Recorder, run
from bot import create_bot
from botconfig import Settings

LINE = re.compile(
    r"(fuba|dicesoccer|simplesoccer|socceristic)_([a-z0-9_]+): (\d+(?:\.\d+)?) (count|bytes|ms)"
)
KEYS = [
    "messages_created",
    "goals",
    "messages_left",
    "pings",
    "pings_to_actor",
    "private_acks",
    "edits",
    "image_bytes_uploaded",
    "step_ms_p50",
    "step_ms_p99",
]


@pytest.fixture
def simcord_bot(tmp_path: Path) -> commands.Bot:
    url = URL.create("sqlite+aiosqlite", database=str(tmp_path / "db"))
    return create_bot(Settings(database_url=url, deadline_interval=3600.0))


async def test_the_recorder_counts_what_notifies_stays_and_is_uploaded(
    simcord_env: simcord.Env,
) -> None:
    guild = simcord_env.create_guild("Club")
    pitch, elsewhere = guild.create_text_channel("pitch"), guild.create_text_channel("other")
    alice, bob = (guild.add_member(simcord_env.create_user(n)) for n in ("alice", "bob"))
    figures = Figures()
    recorder = Recorder(simcord_env, pitch.id, figures)
    channel = simcord_env.bot.get_channel(pitch.id)
    other = simcord_env.bot.get_channel(elsewhere.id)
    only_bob = discord.AllowedMentions(users=[discord.Object(bob.id)])

    with recorder.installed():
        recorder.begin(alice.id)  # the bot answers Alice's action
        board = await channel.send(
            f"{alice.mention} {bob.mention}",
            allowed_mentions=only_bob,  # Alice is named, only Bob is notified
            file=discord.File(io.BytesIO(b"x" * 100), filename="board.png"),
        )
        await board.edit(content=f"{alice.mention} {bob.mention} again")  # an edit pings nobody
        everyone_named = discord.AllowedMentions(users=True)
        gone = await channel.send(alice.mention, allowed_mentions=everyone_named)  # the actor
        await gone.delete()
        await other.send(
            bob.mention, allowed_mentions=everyone_named
        )  # another channel: not this match's
        recorder.end(True)

    assert figures.messages_created == 2
    assert (figures.pings, figures.pings_to_actor) == (2, 1)
    assert figures.edits == 1
    assert figures.image_bytes_uploaded == 100
    assert recorder.left() == 1


def test_a_simple_soccer_menu_of_who_plays_is_one_sides() -> None:
    item = {
        "custom_id": "simplesoccer:who:4:17:east",
        "options": [{"value": "move:G"}, {"value": "kick:7"}],
    }
    found = Control.parse("simplesoccer", item)
    assert found is not None
    assert (found.type, found.side, found.options) == ("who", "east", ("move:G", "kick:7"))
    assert Control.parse("fuba", item) is None  # another game's board


async def test_members_play_every_game_and_the_figures_are_printed_in_order() -> None:
    results = await run(max_steps=10)

    assert list(results) == ["fuba", "dicesoccer", "simplesoccer", "socceristic"]
    lines = [line for name, f in results.items() for line in f.lines(f"{name}_")]
    parsed = [LINE.fullmatch(line) for line in lines]
    assert all(parsed), lines
    assert [(m.group(1), m.group(2)) for m in parsed if m] == [
        (game, key)
        for game in ("fuba", "dicesoccer", "simplesoccer", "socceristic")
        for key in KEYS
    ]
    for figures in results.values():
        assert figures.steps == 10 or figures.finished  # nobody got stuck
        assert len(figures.step_ms) == figures.steps
        assert figures.ways.get("control") and figures.ways.get("command")  # both ways used
        assert 0 < figures.messages_left <= figures.messages_created
        assert 0 <= figures.pings_to_actor <= figures.pings
        assert figures.image_bytes_uploaded > 0
