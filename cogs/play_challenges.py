"""Challenges: `/fuba challenge`, `/fuba accept`, `/fuba decline` and the Accept / Decline
buttons, and starting the match they agree on (here or in its own thread).

Open challenges live in the database (``store.challenges``, through the play cog's
``challenges``), so `/fuba accept` and `/fuba decline` work after a restart and several bot
processes agree on them. A channel has one open challenge at most; it lapses after a day
(``CHALLENGE_TTL``) and the next challenge then replaces it. The buttons carry the challenge's
id: answering takes the challenge out of the table exactly once, so a double click, or a button
of a challenge answered, withdrawn or expired since, is refused privately and changes nothing.
The challenger withdraws their own challenge with `/fuba decline` or the Decline button.
"""

from __future__ import annotations

import logging
import re
from typing import Any

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
from store.challenges import CHALLENGE_TTL, StoredChallenge
from store.errors import ChallengePending, ChannelBusy
from store.repository import Seat

log = logging.getLogger(__name__)

RULESET = "fuba"
NO_LONGER_OPEN = (
    "This challenge is no longer open (answered, withdrawn or expired); "
    "start a new one with `/fuba challenge` if you like."
)


def pending_refusal(challenge: StoredChallenge) -> PlayRefusal:
    """Why a second challenge in the channel is refused: who challenged whom, until when."""
    return PlayRefusal(
        f"There is already an open challenge in this channel (<@{challenge.challenger_id}> "
        f"challenged <@{challenge.opponent_id}>); it must be answered or withdrawn first, or "
        f"it lapses {discord.utils.format_dt(challenge.expires_at, 'R')}."
    )


class ChallengeButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"fuba:challenge:(?P<id>\d+):(?P<answer>accept|decline)",
):
    """Accept or Decline under a challenge, for that challenge only (its id): the challenged
    member answers, the challenger may decline (withdraw) their own. Works after a restart."""

    def __init__(self, challenge_id: int, answer: str) -> None:
        self.challenge_id, self.answer = challenge_id, answer
        accept = answer == "accept"
        super().__init__(
            discord.ui.Button(
                label="Accept" if accept else "Decline",
                style=discord.ButtonStyle.success if accept else discord.ButtonStyle.secondary,
                custom_id=f"fuba:challenge:{challenge_id}:{answer}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ChallengeButton:
        return cls(int(match["id"]), match["answer"])

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await answer_challenge(
                interaction, accept=self.answer == "accept", challenge_id=self.challenge_id
            )
        except Exception as error:  # every error gets a private answer
            await answer_component_error(interaction, error)


class LegacyChallengeButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=(
        r"fuba:challenge:(?P<challenger>\d+):(?P<opponent>\d+):(?P<dice>[a-z]+):"
        r"(?P<thread>[01]):(?P<answer>accept|decline)(?::(?P<timeout>\d+))?"
    ),
):
    """The buttons of a challenge posted before challenges were stored: they carry the whole
    challenge. A click stores it (if the channel has no other open challenge and the message
    is less than a day old) and answers it as usual."""

    def __init__(self, match: re.Match[str]) -> None:
        self.fields = match
        super().__init__(discord.ui.Button(label=match["answer"], custom_id=match.group(0)))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LegacyChallengeButton:
        return cls(match)

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            challenge_id = await self._adopt(interaction)
            await answer_challenge(
                interaction, accept=self.fields["answer"] == "accept", challenge_id=challenge_id
            )
        except Exception as error:  # every error gets a private answer
            await answer_component_error(interaction, error)

    async def _adopt(self, interaction: discord.Interaction) -> int:
        cog = play_cog(interaction)
        channel_id = channel_id_of(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        message = interaction.message
        now = cog.clock()
        pending = await cog.challenges.get(channel_id, now)
        if pending is not None:  # stored by an earlier click on this message, or a newer one
            if message is not None and pending.message_id == message.id:
                return pending.id
            raise PlayRefusal(NO_LONGER_OPEN)
        if message is None or message.created_at + CHALLENGE_TTL <= now:
            raise PlayRefusal(NO_LONGER_OPEN)
        challenger, opponent = int(self.fields["challenger"]), int(self.fields["opponent"])
        timeout = self.fields["timeout"]
        try:
            challenge = await cog.challenges.open(
                guild_id=interaction.guild_id or 0,
                channel_id=channel_id,
                ruleset=RULESET,
                challenger_id=challenger,
                challenger_name=await _display_name(interaction, challenger),
                opponent_id=opponent,
                opponent_name=await _display_name(interaction, opponent),
                options={
                    "dice": self.fields["dice"],
                    "thread": self.fields["thread"] == "1",
                    "turn_timeout": int(timeout) if timeout else None,
                },
                now=now,
                ttl=message.created_at + CHALLENGE_TTL - now,  # a day from its message
            )
        except ChallengePending as pending_error:
            raise PlayRefusal(NO_LONGER_OPEN) from pending_error
        await cog.challenges.set_message_id(challenge.id, message.id)
        return challenge.id


def challenge_view(challenge_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for answer in ("accept", "decline"):
        view.add_item(ChallengeButton(challenge_id, answer))
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
    await interaction.response.defer(ephemeral=True, thinking=True)  # the database may be slow
    now = cog.clock()
    pending = await cog.challenges.get(channel_id, now)
    if pending is not None:
        raise pending_refusal(pending)
    active = await cog.referee.store.active_match(channel_id)
    if active is not None:
        raise ChannelBusy(channel_id, active.id)
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
    try:
        challenge = await cog.challenges.open(
            guild_id=interaction.guild_id or 0,
            channel_id=channel_id,
            ruleset=RULESET,
            challenger_id=user.id,
            challenger_name=user.display_name,
            opponent_id=opponent.id,
            opponent_name=opponent.display_name,
            options={"dice": mode, "thread": thread, "turn_timeout": turn_timeout},
            now=now,
        )
    except ChallengePending as error:  # another challenge came meanwhile
        raise pending_refusal(error.challenge) from error
    where = " in its own thread" if thread else ""
    if turn_timeout:
        where += f", {minutes_text(turn_timeout)} per decision"
    try:
        message = await match_channel(interaction).send(
            f"{opponent.mention}, {user.mention} challenges you to a FUBA match ({mode} dice"
            f"{where}). Accept or decline with the buttons, or `/fuba accept` / `/fuba decline`; "
            f"the challenge lapses {discord.utils.format_dt(challenge.expires_at, 'R')}.",
            view=challenge_view(challenge.id),
            allowed_mentions=MENTION_USERS,
        )
    except BaseException:  # nobody could see it: it must not block the channel
        await cog.challenges.cancel(channel_id, challenge.id)
        raise
    await cog.challenges.set_message_id(challenge.id, message.id)
    await interaction.followup.send("Challenge posted.", ephemeral=True)


async def answer_challenge(
    interaction: discord.Interaction, *, accept: bool, challenge_id: int | None = None
) -> None:
    """Accept or decline the channel's open challenge (only ``challenge_id``, for a button).
    The challenged member answers; the challenger may decline, which withdraws it."""
    cog = play_cog(interaction)
    channel_id = channel_id_of(interaction)
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=True, thinking=True)
    now = cog.clock()
    challenge = await cog.challenges.get(channel_id, now)
    if challenge is None or (challenge_id is not None and challenge.id != challenge_id):
        if challenge_id is not None:
            raise PlayRefusal(NO_LONGER_OPEN)
        raise PlayRefusal("There is no open challenge in this channel.")
    user_id = interaction.user.id
    withdraw = not accept and user_id == challenge.challenger_id
    if user_id != challenge.opponent_id and not withdraw:
        if user_id == challenge.challenger_id:
            raise PlayRefusal(
                f"Only <@{challenge.opponent_id}> can accept this challenge; "
                "you may withdraw it with `/fuba decline`."
            )
        raise PlayRefusal(f"Only <@{challenge.opponent_id}> can answer this challenge.")
    taken = await cog.challenges.take(channel_id, challenge.id, now)
    if taken is None:  # a double click, or another process, answered it first
        raise PlayRefusal(NO_LONGER_OPEN)
    if taken.message_id is not None:  # answered: its buttons go
        try:
            message = match_channel(interaction).get_partial_message(taken.message_id)
            await message.edit(view=None)
        except discord.HTTPException:
            log.info("could not remove the buttons of challenge message %s", taken.message_id)
    if not accept:
        text = (
            f"<@{taken.challenger_id}> withdrew the challenge."
            if withdraw
            else f"<@{taken.opponent_id}> declined <@{taken.challenger_id}>'s challenge."
        )
        await match_channel(interaction).send(text, allowed_mentions=discord.AllowedMentions.none())
        await interaction.followup.send("Withdrawn." if withdraw else "Declined.", ephemeral=True)
        return
    seats = [
        Seat("west", taken.challenger_id, taken.challenger_name),
        Seat("east", taken.opponent_id, interaction.user.display_name),
    ]
    options = taken.options
    where = await start(
        interaction,
        seats,
        options.get("dice") or "virtual",
        None,
        bool(options.get("thread")),
        options.get("turn_timeout"),
    )
    reply = f"Challenge accepted: the match is on. {where}".strip()
    await interaction.followup.send(reply, ephemeral=True)


async def accept_command(interaction: discord.Interaction) -> None:
    """Accept the challenge made to you in this channel."""
    await answer_challenge(interaction, accept=True)


async def decline_command(interaction: discord.Interaction) -> None:
    """Decline the challenge made to you in this channel, or withdraw your own."""
    await answer_challenge(interaction, accept=False)
