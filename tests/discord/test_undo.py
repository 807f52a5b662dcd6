"""`/fuba undo` as members see it: a move taken back in public, a refusal in private."""

from __future__ import annotations

import re

import discord

from tests.discord.conftest import World
from tests.discord.test_play import (
    bot_member,
    first_move,
    keep_the_old_board,
    play_step,
    play_until,
    private,
    public,
    referee,
    refused,
    still_there,
    text_of,
)


def several_moves_left(prompt: str) -> bool:
    """Whether a move prompt allows at least two moves (one move would end the step, and the
    coach would act at once: nothing left to take back)."""
    found = re.search(r"\((\d+) left\)|up to (\d+)", prompt)
    if found is None:
        return "any of your players" in prompt
    return int(found.group(1) or found.group(2)) > 1


async def move_step(world: World) -> discord.Message:
    """Play Alice's match against the coach until she may make at least two moves."""
    while True:
        asking = await play_until(world, world.alice, stop="/fuba move")
        now = await referee(world).current(world.channel.id)
        if several_moves_left(now.next[0].text):
            return asking
        await play_step(world, world.alice, "/fuba move")


async def test_undo_takes_the_move_back_in_public_and_a_refusal_changes_nothing(
    world: World,
) -> None:
    await world.alice.slash(world.channel, "fuba challenge", opponent=bot_member(world))
    asking = await move_step(world)
    assert "/fuba undo" in asking.content  # the move prompt mentions it
    channel = world.channel.id
    before = await referee(world).current(channel)
    posted = len(public(world))

    # Nothing of Alice's to take back yet; a spectator may not: private, nothing changes.
    nothing = refused(world, await world.alice.slash(world.channel, "fuba undo"))
    assert nothing.startswith("Nothing to take back")
    spectator = refused(world, await world.carol.slash(world.channel, "fuba undo"))
    assert spectator == "You are not playing in this match."
    assert len(public(world)) == posted
    assert (await referee(world).current(channel)).version == before.version

    move = await first_move(world, world.alice)
    assert private(await world.alice.slash(world.channel, "fuba move", **move)) == ""
    moved = await referee(world).current(channel)
    assert moved.state != before.state

    moving = public(world)[-1]
    assert private(await world.alice.slash(world.channel, "fuba undo")) == ""  # the board says it
    undone = public(world)[-1]
    assert undone.id == moving.id and len(public(world)) == posted  # Alice moves on: edited
    assert f"alice ({before.next[0].side_name}) takes back a move:" in text_of(undone)
    end = re.search(r"(\d+)(?: with the ball)?$", str(move["to"]))  # "player 7 -> 8"
    assert end is not None and f"{move['from']} -> {end[1]}" in text_of(undone)
    assert undone.attachments[0].filename == "board.png"
    assert world.alice.mention in undone.content  # asked to move again
    after = await referee(world).current(channel)
    assert after.state == before.state and after.version == moved.version + 1
    assert after.view() == before.view()

    # Taken back already: the next undo is refused, privately.
    again = refused(world, await world.alice.slash(world.channel, "fuba undo"))
    assert again.startswith("Nothing to take back")
    assert [(m.id, text_of(m)) for m in public(world)][-1] == (undone.id, text_of(undone))


async def test_a_done_button_ends_the_moving_step(world: World) -> None:
    """On a phone the optional moves end with a tap: the "Done moving" button does what
    `/fuba done` does, for the player to move only, once."""
    await world.alice.slash(world.channel, "fuba challenge", opponent=bot_member(world))
    asking = await play_until(world, world.alice, stop="/fuba move")
    [done] = [
        c
        for row in asking.components
        for c in getattr(row, "children", [])
        if getattr(c, "label", None) == "Done moving"
    ]
    before = await referee(world).current(world.channel.id)
    posted = len(public(world))

    spectator = refused(world, await world.carol.click(asking, custom_id=done.custom_id))
    assert spectator == "You are not playing in this match."
    assert len(public(world)) == posted

    old = await keep_the_old_board(world)  # its "Done moving" stays clickable
    assert private(await world.alice.click(asking, custom_id=done.custom_id)) == ""
    after = await referee(world).current(world.channel.id)
    assert after.version > before.version and public(world)[-1].id != old.id
    stale = refused(
        world, await world.alice.click(still_there(world, old), custom_id=done.custom_id)
    )
    assert "This is out of date: the match is on https://discord.com/channels/" in stale
    assert (await referee(world).current(world.channel.id)).version == after.version
