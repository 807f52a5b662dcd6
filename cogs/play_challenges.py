"""Challenges: `/fuba challenge`, `/fuba accept`, `/fuba decline` and the Accept / Decline
buttons, and starting the match they agree on (here or in its own thread).

Open challenges are kept in memory by the play cog for `/fuba accept` and the busy check; their
buttons carry the whole challenge, so those still work after a restart.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from cogs.play_buttons import answer_component_error
from cogs.play_messages import (
    MENTION_USERS,
    PlayRefusal,
    channel_id_of,
    match_channel,
    minutes_text,
    play_cog,
    post,
)
from referee.deadlines import MAX_TURN_TIMEOUT
from referee.service import DICE_MODES
from store.errors import ChannelBusy
from store.repository import Seat

if TYPE_CHECKING:
    from cogs.fuba_play import FubaPlay

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Challenge:
    challenger: int
    challenger_name: str
    opponent: int
    opponent_name: str
    dice: str
    thread: bool = False
    message_id: int | None = None  # the message with the buttons
    turn_timeout: int | None = None  # minutes; None: no turn timeout


class ChallengeButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=(
        r"fuba:challenge:(?P<challenger>\d+):(?P<opponent>\d+):(?P<dice>[a-z]+):"
        r"(?P<thread>[01]):(?P<answer>accept|decline)(?::(?P<timeout>\d+))?"
    ),
):
    """Accept or Decline under a challenge; only the challenged member may use them. The
    button carries the whole challenge, so it still works after a restart."""

    def __init__(
        self,
        challenger: int,
        opponent: int,
        dice: str,
        thread: bool,
        answer: str,
        turn_timeout: int | None = None,
    ) -> None:
        self.challenger, self.opponent, self.answer = challenger, opponent, answer
        self.dice, self.thread, self.turn_timeout = dice, thread, turn_timeout
        accept = answer == "accept"
        timeout = f":{turn_timeout}" if turn_timeout else ""
        super().__init__(
            discord.ui.Button(
                label="Accept" if accept else "Decline",
                style=discord.ButtonStyle.success if accept else discord.ButtonStyle.secondary,
                custom_id=(
                    f"fuba:challenge:{challenger}:{opponent}:{dice}:{int(thread)}:{answer}{timeout}"
                ),
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ChallengeButton:
        return cls(
            int(match["challenger"]),
            int(match["opponent"]),
            match["dice"],
            match["thread"] == "1",
            match["answer"],
            int(match["timeout"]) if match["timeout"] else None,
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            cog = play_cog(interaction)
            channel_id = channel_id_of(interaction)
            challenge = cog.challenges.get(channel_id)
            if challenge is None and interaction.message is not None:
                # the bot restarted since the challenge: its buttons still hold it
                challenge = cog.challenges[channel_id] = Challenge(
                    self.challenger,
                    "",  # looked up when answered
                    self.opponent,
                    "",
                    self.dice,
                    self.thread,
                    interaction.message.id,
                    self.turn_timeout,
                )
            if (
                challenge is None
                or challenge.challenger != self.challenger
                or challenge.opponent != self.opponent
            ):
                raise PlayRefusal("This challenge is no longer open; start a new one if you like.")
            await answer_challenge(interaction, accept=self.answer == "accept")
        except Exception as error:  # every error gets a private answer
            await answer_component_error(interaction, error)


def challenge_view(challenge: Challenge) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for answer in ("accept", "decline"):
        view.add_item(
            ChallengeButton(
                challenge.challenger,
                challenge.opponent,
                challenge.dice,
                challenge.thread,
                answer,
                challenge.turn_timeout,
            )
        )
    return view


async def _display_name(interaction: discord.Interaction, user_id: int) -> str:
    guild = interaction.guild
    member = guild.get_member(user_id) if guild is not None else None
    if member is None and guild is not None:
        try:
            member = await guild.fetch_member(user_id)
        except discord.HTTPException:
            member = None
    return member.display_name if member is not None else f"Player {user_id}"


# -- challenges ------------------------------------------------------------------------------


async def start(
    interaction: discord.Interaction,
    seats: list[Seat],
    dice: str,
    coach_side: str | None,
    thread: bool = False,
    turn_timeout: int | None = None,
) -> str:
    """Start the match here, or in a new public thread; returns the private reply."""
    referee = play_cog(interaction).referee
    guild_id = interaction.guild_id or 0
    where = match_channel(interaction)
    if thread and isinstance(where, discord.TextChannel):
        name = " v ".join(seat.display_name for seat in seats)
        where = await where.create_thread(
            name=f"FUBA: {name}"[:100], type=discord.ChannelType.public_thread
        )
    outcome = await referee.start_match(
        guild_id, where.id, seats, dice=dice, coach_side=coach_side, turn_timeout=turn_timeout
    )
    await post(where, outcome, title="Kick-off soon: a new match")
    return f"The match is on in {where.mention}." if where.id != interaction.channel_id else ""


@app_commands.describe(
    opponent="Who you want to play (choose the bot itself to play its automatic coach)",
    dice="virtual: the bot rolls; physical: you roll at the table and enter the dice",
    thread="Play the match in its own public thread (default: in this channel)",
    turn_timeout="Minutes each player has per decision (default: no limit)",
)
@app_commands.choices(dice=[app_commands.Choice(name=m, value=m) for m in DICE_MODES])
async def challenge_command(
    interaction: discord.Interaction,
    opponent: discord.Member,
    dice: app_commands.Choice[str] | None = None,
    thread: bool = False,
    turn_timeout: app_commands.Range[int, 1, MAX_TURN_TIMEOUT] | None = None,
) -> None:
    """Challenge a member (or the bot) to a FUBA match in this channel."""
    cog = play_cog(interaction)
    channel_id = channel_id_of(interaction)
    mode = dice.value if dice is not None else "virtual"
    user = interaction.user
    if opponent.id == user.id:
        raise PlayRefusal("You cannot challenge yourself; challenge the bot to play its coach.")
    if opponent.bot and opponent.id != interaction.client.user.id:  # type: ignore[union-attr]
        raise PlayRefusal("Only members or this bot itself can play.")
    _no_open_challenge(cog, channel_id)
    await interaction.response.defer(ephemeral=True, thinking=True)  # the database may be slow
    active = await cog.referee.store.active_match(channel_id)
    if active is not None:
        raise ChannelBusy(channel_id, active.id)
    _no_open_challenge(cog, channel_id)  # checked again: another challenge may have come
    if opponent.id == interaction.client.user.id:  # type: ignore[union-attr]
        seats = [
            Seat("west", user.id, user.display_name),
            Seat("east", opponent.id, "Coach"),
        ]
        where = await start(
            interaction, seats, mode, coach_side="east", thread=thread, turn_timeout=turn_timeout
        )
        reply = f"Match started against the coach. {where}".strip()
        await interaction.followup.send(reply, ephemeral=True)
        return
    challenge = cog.challenges[channel_id] = Challenge(
        user.id,
        user.display_name,
        opponent.id,
        opponent.display_name,
        mode,
        thread,
        turn_timeout=turn_timeout,
    )
    where = " in its own thread" if thread else ""
    if turn_timeout:
        where += f", {minutes_text(turn_timeout)} per decision"
    message = await match_channel(interaction).send(
        f"{opponent.mention}, {user.mention} challenges you to a FUBA match ({mode} dice{where}). "
        "Accept or decline with the buttons, or `/fuba accept` / `/fuba decline`.",
        view=challenge_view(challenge),
        allowed_mentions=MENTION_USERS,
    )
    if cog.challenges.get(channel_id) is challenge:
        cog.challenges[channel_id] = replace(challenge, message_id=message.id)
    await interaction.followup.send("Challenge posted.", ephemeral=True)


def _no_open_challenge(cog: FubaPlay, channel_id: int) -> None:
    pending = cog.challenges.get(channel_id)
    if pending is not None:
        raise PlayRefusal(
            f"There is already an open challenge in this channel (<@{pending.challenger}> "
            f"to <@{pending.opponent}>); it must be answered first."
        )


async def answer_challenge(interaction: discord.Interaction, *, accept: bool) -> None:
    cog = play_cog(interaction)
    channel_id = channel_id_of(interaction)
    challenge = cog.challenges.get(channel_id)
    if challenge is None:
        raise PlayRefusal("There is no open challenge in this channel.")
    if interaction.user.id != challenge.opponent:
        raise PlayRefusal(f"Only <@{challenge.opponent}> can answer this challenge.")
    del cog.challenges[channel_id]  # before any await: a double click answers once
    await interaction.response.defer(ephemeral=True, thinking=True)
    if challenge.message_id is not None:  # answered: its buttons go
        try:
            message = match_channel(interaction).get_partial_message(challenge.message_id)
            await message.edit(view=None)
        except discord.HTTPException:
            log.info("could not remove the buttons of challenge message %s", challenge.message_id)
    if not challenge.challenger_name:
        name = await _display_name(interaction, challenge.challenger)
        challenge = replace(challenge, challenger_name=name)
    if not accept:
        await match_channel(interaction).send(
            f"<@{challenge.opponent}> declined <@{challenge.challenger}>'s challenge.",
            allowed_mentions=discord.AllowedMentions.none(),
        )
        await interaction.followup.send("Declined.", ephemeral=True)
        return
    seats = [
        Seat("west", challenge.challenger, challenge.challenger_name),
        Seat("east", challenge.opponent, interaction.user.display_name),
    ]
    where = await start(
        interaction, seats, challenge.dice, None, challenge.thread, challenge.turn_timeout
    )
    reply = f"Challenge accepted: the match is on. {where}".strip()
    await interaction.followup.send(reply, ephemeral=True)


async def accept_command(interaction: discord.Interaction) -> None:
    """Accept the challenge made to you in this channel."""
    await answer_challenge(interaction, accept=True)


async def decline_command(interaction: discord.Interaction) -> None:
    """Decline the challenge made to you in this channel."""
    await answer_challenge(interaction, accept=False)
