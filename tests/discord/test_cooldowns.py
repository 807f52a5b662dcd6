"""Per-member cooldowns on the commands that replay a match or draw an image: a member who asks
again too soon is told privately when they can ask again; other members are not held up."""

from __future__ import annotations

import pytest
import simcord

from cogs import cooldowns
from cogs.errors import player_message
from tests.discord.conftest import World
from tests.discord.test_play import bot_member, private, public, refused


def answered(world: World, result: simcord.InteractionResult) -> str:
    """Everything the caller was answered (a refusal such as "no league yet" included: those
    are typed errors, acknowledged here)."""
    for error in world.env.errors:
        assert player_message(error) is not None, error
    return "\n".join(m.content for m in (result.response, *result.followups) if m is not None)


async def test_the_log_once_in_ten_seconds_per_member(world: World) -> None:
    await world.alice.slash(world.channel, "fuba challenge", opponent=bot_member(world))
    assert "Nothing has happened" not in private(await world.alice.slash(world.channel, "fuba log"))

    again = refused(world, await world.alice.slash(world.channel, "fuba log"))
    assert again == "You can ask again in 10 seconds."
    assert "You can ask" not in private(await world.bob.slash(world.channel, "fuba log"))
    await world.env.advance_time(4)
    assert refused(world, await world.alice.slash(world.channel, "fuba log")) == (
        "You can ask again in 6 seconds."
    )
    await world.env.advance_time(6)
    assert "You can ask" not in private(await world.alice.slash(world.channel, "fuba log"))


async def test_a_public_board_twice_in_ten_seconds(world: World) -> None:
    await world.alice.slash(world.channel, "fuba challenge", opponent=bot_member(world))
    posted = len(public(world))
    for _ in range(2):
        await world.carol.slash(world.channel, "fuba board", public=True)
    assert len(public(world)) == posted + 2

    third = await world.carol.slash(world.channel, "fuba board", public=True)
    assert refused(world, third) == "You can ask again in 10 seconds."
    assert len(public(world)) == posted + 2  # nothing drawn, nothing posted
    for _ in range(3):  # her own board, privately, is not held up
        board = await world.carol.slash(world.channel, "fuba board")
        [drawn] = [m for m in (board.response, *board.followups) if m is not None]
        assert drawn.ephemeral and drawn.attachments[0].filename == "board.png"
    await world.bob.slash(world.channel, "fuba board", public=True)
    assert len(public(world)) == posted + 3


@pytest.mark.parametrize("command", ["leaderboard", "profile", "league table"])
async def test_league_pictures_twice_in_ten_seconds(world: World, command: str) -> None:
    for _ in range(2):
        assert "You can ask" not in answered(world, await world.alice.slash(world.channel, command))
    third = refused(world, await world.alice.slash(world.channel, command))
    assert third == "You can ask again in 10 seconds."
    assert "You can ask" not in answered(world, await world.bob.slash(world.channel, command))
    await world.env.advance_time(10)
    assert "You can ask" not in answered(world, await world.alice.slash(world.channel, command))


async def test_reset_forgets_the_uses(world: World) -> None:
    await world.alice.slash(world.channel, "leaderboard")
    await world.alice.slash(world.channel, "leaderboard")
    cooldowns.reset(world.env.bot)
    assert "You can ask" not in answered(
        world, await world.alice.slash(world.channel, "leaderboard")
    )
