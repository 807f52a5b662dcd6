"""Playing FUBA in a channel through slash commands and buttons, as members see it."""

from __future__ import annotations

import re

import discord
import simcord

from referee.service import Referee
from store.models import MatchStatus
from tests.discord.conftest import World

MAX_STEPS = 1500
COMMAND = re.compile(r"`(/fuba [a-z]+)")


def bot_member(world: World) -> simcord.MemberActor:
    """The bot as an option value: challenging it starts a match against its coach."""
    env = world.env
    return simcord.MemberActor(
        env, world.alice.guild, simcord.UserHandle(env, env.backend.bot_user)
    )


def referee(world: World) -> Referee:
    """The bot's referee (the extension module is loaded apart from this test's imports)."""
    found = world.env.bot.get_cog("FubaPlay")
    assert found is not None
    return found.referee


def private(result: simcord.InteractionResult) -> str:
    """The caller's private reply (after a private defer: the response or a follow-up)."""
    messages = [m for m in (result.response, *result.followups) if m is not None]
    assert messages and all(m.ephemeral for m in messages), messages
    return "\n".join(m.content for m in messages)


def public(world: World) -> list[discord.Message]:
    return [m for m in world.channel.history() if not m.flags.ephemeral]


def text_of(message: discord.Message) -> str:
    return "\n".join([message.content, *(e.description or "" for e in message.embeds)])


def wanted(message: discord.Message, member: simcord.MemberActor) -> str | None:
    """The command the public message asks ``member`` for, if any."""
    for line in message.content.splitlines():
        if line.startswith(member.mention):
            found = COMMAND.search(line)
            return found.group(1) if found else "/fuba roll"
    return None


async def first_offer(
    world: World, member: simcord.MemberActor, command: str, option: str, **filled: object
) -> object:
    offered = await member.autocomplete(world.channel, command, option, "", **filled)
    assert offered, f"nothing offered for {command} {option}"
    return offered[0]["value"]


async def play_step(world: World, member: simcord.MemberActor, command: str) -> str:
    """One decision by ``member``, the way a player would make it; returns the reply."""
    channel = world.channel
    if command == "/fuba formation":
        return private(await member.slash(channel, "fuba formation", shape="4-4-2"))
    if command in ("/fuba kickoff", "/fuba corner"):  # the buttons
        buttons = [
            c
            for row in public(world)[-1].components
            for c in getattr(row, "children", [])
            if (c.custom_id or "").startswith("fuba:act:")
        ]
        return private(await member.click(public(world)[-1], custom_id=buttons[0].custom_id))
    if command == "/fuba action":
        kinds = [c["value"] for c in await member.autocomplete(channel, "fuba action", "kind", "")]
        kind = "position" if "position" in kinds else kinds[0]
        return private(await member.slash(channel, "fuba action", kind=kind))
    if command == "/fuba continue":
        return private(await member.slash(channel, "fuba continue", choice="new_turn"))
    if command == "/fuba move":
        reply = private(await member.slash(channel, "fuba done"))
        if reply == "Done.":
            return reply
        start = await first_offer(world, member, "fuba move", "from")
        to = await first_offer(world, member, "fuba move", "to", **{"from": start})
        return private(await member.slash(channel, "fuba move", **{"from": start, "to": to}))
    options = {"/fuba setup": "layout", "/fuba target": "area", "/fuba bring": "from"}
    option = options[command]
    value = await first_offer(world, member, command[1:], option)
    return private(await member.slash(channel, command[1:], **{option: value}))


async def play_until(
    world: World, member: simcord.MemberActor, stop: str | None
) -> discord.Message:
    """Play ``member``'s decisions until the public message asks for ``stop`` (or the end)."""
    for _ in range(MAX_STEPS):
        last = public(world)[-1]
        command = wanted(last, member)
        if command is None or command == stop:
            return last
        reply = await play_step(world, member, command)
        assert reply.startswith(("Done.", "Your formation")), reply
    raise AssertionError("the match did not end")


async def test_a_whole_match_against_the_coach(world: World) -> None:
    start = await world.alice.slash(world.channel, "fuba challenge", opponent=bot_member(world))
    assert private(start) == "Match started against the coach."
    opening = public(world)[-1]
    assert "Dice seed SHA-256" in text_of(opening)
    assert world.alice.mention in opening.content and "/fuba formation" in opening.content

    posted = len(public(world))
    final = await play_until(world, world.alice, stop=None)

    messages = public(world)[posted:]
    assert len(messages) > 50
    assert all(m.attachments and m.attachments[0].filename == "board.png" for m in messages)
    narration = "\n".join(text_of(m) for m in messages)
    for line in ("Formations: West 4-4-2", "wins the kick-off roll", "ball value", "FULL TIME"):
        assert line in narration
    assert "Dice seed:" in final.content and ("wins." in final.content or "draw" in final.content)
    match_id = int(re.search(r"match #(\d+)", final.embeds[0].title or "").group(1))
    stored = await referee(world).store.get_match(match_id)
    assert stored.status == MatchStatus.FINISHED
    assert stored.result is not None and stored.result["reason"] == "full_time"
