"""The tree's error handler: typed errors become specific private replies, bugs an apology."""

from __future__ import annotations

import logging
import re

import discord
import pytest
from discord import app_commands
from discord.ext import commands

from bot import create_bot
from botconfig import Settings
from engine.core.errors import NotYourDecision, RulesError
from referee.errors import NotAPlayer
from store.errors import ChannelBusy, ConflictError
from tests.discord.conftest import World

FAILURES: dict[str, Exception] = {
    "rules": RulesError("Area 12 is not reachable: you have no player in or next to it."),
    "turn": NotYourDecision("It is East's decision now."),
    "busy": ChannelBusy(channel_id=1, match_id=7),
    "stale": ConflictError(match_id=7, expected=3, actual=4),
    "referee": NotAPlayer(),
    "bug": KeyError("oops"),
}


@app_commands.describe(kind="which error to raise", deferred="defer publicly first")
async def fail(interaction: discord.Interaction, kind: str, deferred: bool = False) -> None:
    """Test-only: raises the chosen error."""
    if deferred:
        await interaction.response.defer(thinking=True)
    raise FAILURES[kind]


@pytest.fixture
def simcord_bot(settings: Settings) -> commands.Bot:
    bot = create_bot(settings)
    bot.tree.add_command(app_commands.Command(name="fail", description="test", callback=fail))
    return bot


def raised(world: World) -> list[BaseException]:
    """What the commands raised (reading them tells SimCord they were expected)."""
    return [getattr(error, "original", error) for error in world.env.errors]


@pytest.mark.parametrize("kind", ["rules", "turn", "busy", "stale", "referee"])
async def test_typed_errors_are_shown_privately_as_they_are(world: World, kind: str) -> None:
    reply = (await world.alice.slash(world.channel, "fail", kind=kind)).response

    assert reply.ephemeral
    assert reply.content == str(FAILURES[kind])
    assert raised(world) == [FAILURES[kind]]
    assert world.channel.last_message is None


async def test_rules_error_after_a_public_defer_stays_private(world: World) -> None:
    result = await world.alice.slash(world.channel, "fail", kind="rules", deferred=True)

    assert [m.content for m in result.followups] == [str(FAILURES["rules"])]
    assert all(m.ephemeral for m in result.followups)
    assert raised(world) == [FAILURES["rules"]]
    assert world.channel.history() == []  # the public "thinking..." message is gone


async def test_unexpected_error_gets_an_apology_with_an_id_that_is_logged(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.ERROR, logger="cogs.errors"):
        reply = (await world.bob.slash(world.channel, "fail", kind="bug")).response

    assert reply.ephemeral
    match = re.search(r"error id `([0-9a-f]{8})`", reply.content)
    assert match and reply.content.startswith("Sorry, something went wrong")
    assert "oops" not in reply.content
    [record] = caplog.records
    assert match.group(1) in record.getMessage() and "/fail" in record.getMessage()
    assert record.exc_info and record.exc_info[0] is KeyError
    assert raised(world) == [FAILURES["bug"]]
