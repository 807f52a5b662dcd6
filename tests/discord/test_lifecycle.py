"""How matches end besides the final whistle, in a guild: a match whose saved state cannot be
read is explained to anyone and called off with abort; a deleted channel or thread, or a guild
that removes the bot, calls its matches off. SimCord deletes channels and removes guilds in its
backend, which sends the bot the gateway events (CHANNEL_DELETE, THREAD_DELETE,
GUILD_DELETE) as Discord would."""

from __future__ import annotations

import discord
import pytest
from sqlalchemy import text

from engine.fuba.state import SCHEMA_VERSION
from store.models import MatchStatus
from tests.discord.conftest import World, no_threads
from tests.discord.test_play import (
    bot_member,
    challenge_accepted,
    choice_buttons,
    formations,
    private,
    public,
    referee,
    refused,
    text_of,
)

DAMAGE = {
    "newer schema": "UPDATE matches SET state_schema = 99 WHERE id = :id",
    "not JSON": "UPDATE matches SET state = 'not json {' WHERE id = :id",
    "unknown game": "UPDATE matches SET ruleset = 'chess' WHERE id = :id",
}


async def _damaged(world: World, how: str) -> tuple[int, discord.Message]:
    """Alice and Bob have chosen their formations; then the stored match is damaged. Returns
    its id and the last message, with its choice buttons."""
    await challenge_accepted(world)
    choosing = await formations(world)
    match = await referee(world).store.active_match(world.channel.id)
    assert match is not None
    async with referee(world).store.engine.begin() as conn:
        await conn.execute(text(DAMAGE[how]), {"id": match.id})
    return match.id, choosing


@pytest.mark.parametrize("how", list(DAMAGE))
async def test_an_unreadable_match_is_explained_and_called_off_by_a_manager(
    world: World, how: str
) -> None:
    match_id, choosing = await _damaged(world, how)
    free = "can call it off with `/fuba abort` to free this channel"
    button = choice_buttons(choosing)[0]
    for member in (world.alice, world.bob):  # a button, whoever presses it
        answer = refused(world, await member.click(choosing, custom_id=button.custom_id))
        assert f"atch #{match_id}" in answer and free in answer, answer
    for member, command in (
        (world.carol, "fuba status"),
        (world.alice, "fuba board"),
        (world.bob, "fuba resign"),
    ):
        answer = refused(world, await member.slash(world.channel, command))
        assert f"atch #{match_id}" in answer and free in answer, answer
        assert "Sorry, something went wrong" not in answer
    if how == "newer schema":
        assert f"schema version 99); this bot reads version {SCHEMA_VERSION}" in answer
    # A spectator cannot call it off; a member with Manage Server can.
    assert "not playing" in refused(world, await world.carol.slash(world.channel, "fuba abort"))
    guild = world.env.guild
    managers = guild.create_role("Managers", permissions=discord.Permissions(manage_guild=True))
    dave = guild.add_member(world.env.create_user("dave"), roles=[managers])
    assert private(await dave.slash(world.channel, "fuba abort")) == "The match was called off."
    assert public(world)[-1].content == (
        f"Match #{match_id} could not be read and was called off; nothing counts and this "
        "channel is free."
    )
    assert await referee(world).store.active_match(world.channel.id) is None
    start = await world.alice.slash(world.channel, "fuba challenge", opponent=bot_member(world))
    assert private(start) == ""


async def test_a_player_calls_off_an_unreadable_match_and_other_channels_play_on(
    world: World,
) -> None:
    match_id, _ = await _damaged(world, "not JSON")
    elsewhere = world.env.guild.create_text_channel(
        "second-pitch", overwrites=no_threads(world.env)
    )
    start = await world.carol.slash(elsewhere, "fuba challenge", opponent=bot_member(world))
    assert private(start) == ""
    assert private(await world.carol.slash(elsewhere, "fuba status")).startswith("Match #")
    # Any game's abort frees the channel (dice soccer's too).
    answer = private(await world.bob.slash(world.channel, "dicesoccer abort"))
    assert answer == "The match was called off."
    stored = await referee(world).store.deadlines(match_id)
    assert stored == []
    assert await referee(world).store.active_match(world.channel.id) is None


# -- removal --------------------------------------------------------------------------------


async def test_a_deleted_channel_calls_its_match_off(world: World) -> None:
    await challenge_accepted(world)
    match = await referee(world).store.active_match(world.channel.id)
    assert match is not None
    world.env.backend.delete_channel(world.channel.id)
    await world.env.settle()
    stored = await referee(world).store.get_match(match.id)
    assert stored.status is MatchStatus.ABORTED
    assert stored.result == {"winner": None, "reason": "channel deleted"}


async def test_a_deleted_thread_calls_its_match_off_and_says_so_in_the_channel(
    world: World,
) -> None:
    await world.alice.slash(world.stadium, "fuba challenge", opponent=bot_member(world))
    [thread] = world.stadium.threads
    match = await referee(world).store.active_match(thread.id)
    assert match is not None
    world.env.backend.delete_channel(thread.id)
    await world.env.settle()
    stored = await referee(world).store.get_match(match.id)
    assert stored.status is MatchStatus.ABORTED
    assert stored.result == {"winner": None, "reason": "thread deleted"}
    said = [m for m in world.stadium.history() if not m.flags.ephemeral][-1]
    assert text_of(said) == (  # the coach (the bot itself) is not named
        f"{world.alice.mention}: match #{match.id} was "
        "called off because its thread was deleted. Nothing counts; it can be started again."
    )


async def test_a_guild_that_removes_the_bot_has_its_matches_called_off(world: World) -> None:
    await challenge_accepted(world)
    match = await referee(world).store.active_match(world.channel.id)
    assert match is not None
    world.env.backend.remove_guild(world.env.guild.id)
    await world.env.settle()
    stored = await referee(world).store.get_match(match.id)
    assert stored.status is MatchStatus.ABORTED
    assert stored.result == {"winner": None, "reason": "bot removed"}


async def test_a_deleted_channel_takes_the_matches_of_its_threads_with_it(world: World) -> None:
    await world.alice.slash(world.stadium, "fuba challenge", opponent=bot_member(world))
    [thread] = world.stadium.threads
    match = await referee(world).store.active_match(thread.id)
    assert match is not None
    world.env.backend.delete_channel(world.stadium.id)
    await world.env.settle()
    stored = await referee(world).store.get_match(match.id)
    assert stored.status is MatchStatus.ABORTED
    # Whichever Discord reports first: the thread's own deletion or its channel's.
    assert stored.result is not None
    assert stored.result["reason"] in ("channel deleted", "thread deleted")
