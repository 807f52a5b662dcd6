"""The match buttons under the public messages: the common choices of a pending decision and,
after a turn timeout expired, Claim the win / Let the coach play.

Buttons are ``DynamicItem``s whose ``custom_id`` carries the match id and the version they were
drawn for, so they work after a restart and a stale, foreign or double click is refused by the
referee and changes nothing. A button's error gets the same private answer as a command's.
"""

from __future__ import annotations

import logging
import re
from typing import Any

import discord

from cogs.errors import apology, new_error_id, player_message, reply_ephemeral
from cogs.play_messages import (
    SECRET_REPLY,
    PlayRefusal,
    act_and_post,
    channel_id_of,
    final_summary,
    match_channel,
    play_cog,
    post,
)
from referee.service import Outcome

log = logging.getLogger(__name__)

BUTTON_LIMIT = 25  # buttons in one view (Discord allows 25)
# Decisions offered as buttons too: action kind -> the argument the button sets.
BUTTON_ARGS = {
    "kickoff": "side",
    "action": "kind",
    "continue": "choice",
    "corner": "side",
    "free_kick": "choice",
    "penalty": "side",  # secret: a click is seen only by the one who clicks
}


async def answer_component_error(interaction: discord.Interaction, error: Exception) -> None:
    """A button's error: the same private replies as the commands' (the tree does not see
    component callbacks)."""
    message = player_message(error)
    if message is None:
        error_id = new_error_id()
        log.error(
            "error %s in a FUBA button (user %s)", error_id, interaction.user.id, exc_info=error
        )
        message = apology(error_id)
    await reply_ephemeral(interaction, message)


class ChoiceButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"fuba:act:(?P<match>\d+):(?P<version>\d+):(?P<kind>[a-z_]+):(?P<value>[\w-]+)",
):
    """One legal choice of a pending decision, for the match version it was drawn for."""

    def __init__(self, match_id: int, version: int, kind: str, value: str, label: str) -> None:
        self.match_id, self.version, self.kind, self.value = match_id, version, kind, value
        super().__init__(
            discord.ui.Button(
                label=label[:80],
                style=discord.ButtonStyle.primary,
                custom_id=f"fuba:act:{match_id}:{version}:{kind}:{value}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ChoiceButton:
        label = getattr(item, "label", None) or match["value"]
        return cls(int(match["match"]), int(match["version"]), match["kind"], match["value"], label)

    async def callback(self, interaction: discord.Interaction) -> None:
        arg = BUTTON_ARGS.get(self.kind)
        try:
            if arg is None:
                raise PlayRefusal("This button is not used any more.")
            secret = self.kind == "penalty"
            await act_and_post(
                interaction,
                self.kind,
                {arg: self.value},
                reply=SECRET_REPLY.format(value=self.value) if secret else "Done.",
                expected_version=self.version,
                match_id=self.match_id,
            )
        except Exception as error:  # every error gets a private answer
            await answer_component_error(interaction, error)


def buttons(outcome: Outcome) -> discord.ui.View | None:
    """Buttons for the common choices now pending (None when there are none)."""
    if outcome.over:
        return None
    view = discord.ui.View(timeout=None)
    for decision in outcome.game.ruleset.pending(outcome.state):
        if decision.dice:
            continue
        for choice in decision.choices:
            arg = BUTTON_ARGS.get(choice.action.kind)
            if arg is None or len(view.children) >= BUTTON_LIMIT:
                continue
            view.add_item(
                ChoiceButton(
                    outcome.match_id,
                    outcome.version,
                    choice.action.kind,
                    str(choice.action.args[arg]),
                    choice.label,
                )
            )
    return view if view.children else None


TIMEOUT_ANSWERS = {"claim": "Claim the win", "coach": "Let the coach play"}


class TimeoutButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"fuba:timeout:(?P<match>\d+):(?P<version>\d+):(?P<answer>claim|coach)",
):
    """After a turn timeout expired: the waiting player claims the win or lets the automatic
    coach play the absent side. The referee refuses anyone else, and a click once the match
    has moved on (or is another match)."""

    def __init__(self, match_id: int, version: int, answer: str) -> None:
        self.match_id, self.version, self.answer = match_id, version, answer
        super().__init__(
            discord.ui.Button(
                label=TIMEOUT_ANSWERS[answer],
                style=(
                    discord.ButtonStyle.danger if answer == "claim" else discord.ButtonStyle.primary
                ),
                custom_id=f"fuba:timeout:{match_id}:{version}:{answer}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> TimeoutButton:
        return cls(int(match["match"]), int(match["version"]), match["answer"])

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
            referee = play_cog(interaction).referee
            channel_id = channel_id_of(interaction)
            current = await referee.current(channel_id)
            if current.match_id != self.match_id or current.version != self.version:
                raise PlayRefusal("This match has moved on since; these buttons are stale.")
            if self.answer == "claim":
                outcome = await referee.claim_win(channel_id, interaction.user.id)
                title, reply = "Won on time", "You won: your opponent ran out of time."
            else:
                outcome = await referee.coach_takes_over(channel_id, interaction.user.id)
                title, reply = None, "The automatic coach plays your opponent's side now."
            final = await final_summary(referee, outcome)
            await post(match_channel(interaction), outcome, title=title, final=final)
            await interaction.followup.send(reply, ephemeral=True)
        except Exception as error:  # every error gets a private answer
            await answer_component_error(interaction, error)


def timeout_view(match_id: int, version: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for answer in TIMEOUT_ANSWERS:
        view.add_item(TimeoutButton(match_id, version, answer))
    return view
