"""`/fuba position`: the channel's match as one line of the position notation, privately, for
players and spectators; it waits while a secret choice of the other side is hidden."""

from __future__ import annotations

import re

from cogs.fuba.position import USAGE, WAIT_FOR_REVEAL
from engine.fuba import FUBA
from tests.discord.conftest import World
from tests.discord.test_play import challenge_accepted, formations, private, public, refused
from tests.discord.test_timeouts import play_cog


async def _position(world: World, member) -> str:  # noqa: ANN001
    return private(await member.slash(world.channel, "fuba position"))


def _code(reply: str) -> str:
    m = re.search(r"```\n(.+)\n```", reply)
    assert m, reply
    return m[1]


async def test_the_position_of_the_match_privately_to_anyone(world: World) -> None:
    await challenge_accepted(world)
    await formations(world, "4-4-2", "4-3-3")
    before = len(public(world))
    stored = await play_cog(world).referee.store.active_match(world.channel.id)
    for member in (world.alice, world.bob, world.carol):  # carol is watching
        reply = await _position(world, member)
        text = _code(reply)
        assert text.startswith("4-4-2/4-3-3 ")
        assert FUBA.from_position(text) == stored.state  # the match exactly
        assert reply.startswith(f"Match #{stored.id}:") and reply.endswith(USAGE)
    assert len(public(world)) == before  # nothing in the channel


async def test_it_waits_while_a_secret_choice_is_hidden(world: World) -> None:
    await challenge_accepted(world)
    assert private(await world.alice.slash(world.channel, "fuba formation", shape="3-4-3"))
    for member in (world.bob, world.carol):  # Alice's formation is secret to them
        reply = await _position(world, member)
        assert reply == WAIT_FOR_REVEAL and "3-4-3" not in reply
    mine = _code(await _position(world, world.alice))  # her own choice is hers to see
    assert mine.startswith("-/- ") and "formation:3-4-3/-:0" in mine
    assert private(await world.bob.slash(world.channel, "fuba formation", shape="4-4-2"))
    assert _code(await _position(world, world.carol)).startswith("3-4-3/4-4-2 ")


async def test_without_a_match_it_is_refused(world: World) -> None:
    text = refused(world, await world.alice.slash(world.channel, "fuba position"))
    assert "no match" in text.lower()
