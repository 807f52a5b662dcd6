"""The match buttons and select menus under the public messages: the common choices of a
pending decision and, after a turn timeout expired, Claim the win / Let the coach play.

Buttons (``fuba:act:<match>:<version>:<kind>:<value>``) offer a decision's few fixed choices
(kick-off, action kinds, corner side...). A select menu (``fuba:pick:<match>:<version>:<kind>``,
``:<side>`` when it is one side's) offers a decision whose legal choices are a list of one
argument (target area with its ball value, formation card, setup preset, player to bring or
remove); the chosen option's value is the argument. Both are ``DynamicItem``s whose
``custom_id`` carries the match id and the version they were drawn for, so they work after a
restart and a stale, foreign or double choice is refused by the referee and changes nothing.
Their errors get the same private answer as a command's.
"""

from __future__ import annotations

import logging
import math
import re
from collections.abc import Sequence
from typing import Any

import discord

from cogs.errors import apology, new_error_id, player_message, reply_ephemeral
from cogs.play_messages import (
    SECRET_REPLY,
    PlayRefusal,
    act_and_post,
    channel_id_of,
    full_time_report,
    match_channel,
    play_cog,
    post,
)
from engine.core import Choice, Decision
from referee.service import Outcome

log = logging.getLogger(__name__)

BUTTON_LIMIT = 25  # buttons in one view (Discord allows 25)
ROW_LIMIT = 5  # action rows in one message; a row holds 5 buttons or one select menu
ROW_WIDTH = 5
OPTION_LIMIT = 25  # options in one select menu
LABEL_LIMIT = 100  # characters of an option's label, and of its value
PLACEHOLDER_LIMIT = 150
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
    """A button's or select menu's error: the same private replies as the commands' (the tree
    does not see component callbacks)."""
    message = player_message(error)
    if message is None:
        error_id = new_error_id()
        log.error(
            "error %s in a FUBA button or menu (user %s)",
            error_id,
            interaction.user.id,
            exc_info=error,
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


def choice_buttons(outcome: Outcome) -> list[ChoiceButton]:
    """A button for each common choice now pending (at most ``BUTTON_LIMIT``)."""
    found: list[ChoiceButton] = []
    for decision in outcome.game.ruleset.pending(outcome.state):
        if decision.dice:
            continue
        for choice in decision.choices:
            arg = BUTTON_ARGS.get(choice.action.kind)
            if arg is None or len(found) >= BUTTON_LIMIT:
                continue
            found.append(
                ChoiceButton(
                    outcome.match_id,
                    outcome.version,
                    choice.action.kind,
                    str(choice.action.args[arg]),
                    choice.label,
                )
            )
    return found


def buttons(outcome: Outcome) -> discord.ui.View | None:
    """The buttons and select menus of the choices now pending (None when there are none):
    buttons first, then one select menu a row, within Discord's five rows."""
    if outcome.over:
        return None
    view = discord.ui.View(timeout=None)
    for index, button in enumerate(choice_buttons(outcome)):
        row = index // ROW_WIDTH
        if row >= ROW_LIMIT:
            break
        button.item.row = row
        view.add_item(button)
    row = math.ceil(len(view.children) / ROW_WIDTH)
    for menu in pick_selects(outcome):
        if row >= ROW_LIMIT:
            log.info("match #%s: no row left for the %s menu", outcome.match_id, menu.kind)
            break
        menu.item.row = row
        view.add_item(menu)
        row += 1
    return view if view.children else None


# -- select menus --------------------------------------------------------------------------

# Decisions offered as a select menu: action kind -> the argument the chosen value sets.
PICK_ARGS = {
    "formation": "shape",  # secret: the choice is seen only by the one who makes it
    "setup": "layout",  # the preset layouts, as their text ("7:2 4:2 6:2 ...")
    "target": "area",
    "bring": "from",
    "remove": "area",
}
PICK_INTS = {"area", "from"}  # arguments that are numbers
# Yes/no arguments of a choice, written after its value: "1+goalkeeper" (absent: False).
PICK_FLAGS = {"bring": ("goalkeeper",)}
SECRET_PICKS = {"formation": "You chose {value}; it stays secret until both have chosen."}
PICK_TEMPLATE = r"fuba:pick:(?P<match>\d+):(?P<version>\d+):(?P<kind>[a-z_]+)(?::(?P<side>[a-z]+))?"


def pick_value(choice: Choice) -> str | None:
    """The select option value of a legal choice (None when it cannot be one).

    >>> from engine.core import Action
    >>> pick_value(Choice(Action("west", "bring", {"from": 1, "goalkeeper": True}), "gk"))
    '1+goalkeeper'
    >>> pick_value(Choice(Action("west", "setup", {"layout": [[7, 2]]}), "7:2"))
    '7:2'
    """
    kind, args = choice.action.kind, choice.action.args
    arg = PICK_ARGS.get(kind)
    if arg is None or arg not in args:
        return None
    value = args[arg]
    if isinstance(value, list):  # a preset layout: its text, as the commands take it
        value = choice.label
    flags = PICK_FLAGS.get(kind, ())
    if set(args) - {arg, *flags}:
        return None  # more to it than one argument
    text = str(value) + "".join(f"+{flag}" for flag in flags if args.get(flag) is True)
    return text if 0 < len(text) <= LABEL_LIMIT else None


def pick_args(kind: str, value: str) -> dict[str, Any]:
    """The action's arguments for a chosen option value (the inverse of ``pick_value``).

    >>> pick_args("bring", "1+goalkeeper"), pick_args("target", "7")
    ({'from': 1, 'goalkeeper': True}, {'area': 7})
    """
    arg = PICK_ARGS.get(kind)
    if arg is None:
        raise PlayRefusal("This menu is not used any more.")
    main, *flags = value.split("+")
    args: dict[str, Any] = {arg: main}
    if arg in PICK_INTS:
        if not main.isdigit():
            raise PlayRefusal(f"{main!r} is not an area.")
        args[arg] = int(main)
    for flag in PICK_FLAGS.get(kind, ()):
        args[flag] = flag in flags
    return args


def _options(decision: Decision) -> list[discord.SelectOption]:
    options: list[discord.SelectOption] = []
    seen: set[str] = set()
    for choice in decision.choices:
        value = pick_value(choice) if choice.action.kind == decision.kind else None
        if value is None or value in seen:
            continue
        seen.add(value)
        options.append(discord.SelectOption(label=choice.label[:LABEL_LIMIT], value=value))
    return options


def pick_selects(outcome: Outcome) -> list[PickSelect]:
    """A select menu for each pending decision whose legal choices are a short list of one
    argument. Decisions of both sides with the same options (the formation cards) share one
    menu: the referee takes the decision of whoever chooses."""
    game = outcome.game
    groups: dict[tuple[str, tuple[tuple[str, str], ...]], list[Decision]] = {}
    options_of: dict[tuple[str, tuple[tuple[str, str], ...]], list[discord.SelectOption]] = {}
    for decision in game.ruleset.pending(outcome.state):
        if decision.dice or decision.kind not in PICK_ARGS:
            continue
        options = _options(decision)
        if not 1 <= len(options) <= OPTION_LIMIT:
            continue  # none, or too many for one menu: the command's autocomplete pages them
        key = (decision.kind, tuple((o.label, o.value) for o in options))
        groups.setdefault(key, []).append(decision)
        options_of[key] = options
    menus: list[PickSelect] = []
    for key, decisions in groups.items():
        kind = key[0]
        who = ", ".join(
            f"{outcome.names.get(d.actor, d.actor)} ({game.side_name(d.actor)})" for d in decisions
        )
        prompt = decisions[0].prompt.rstrip(".")
        placeholder = f"{who}: {prompt[:1].lower()}{prompt[1:]}"
        side = decisions[0].actor if len(decisions) == 1 else None
        menus.append(
            PickSelect(outcome.match_id, outcome.version, kind, side, options_of[key], placeholder)
        )
    return menus


class PickSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=PICK_TEMPLATE,
):
    """The legal choices of a pending decision as a select menu, for the match version it was
    drawn for (and for one side, or for whoever has such a decision pending)."""

    def __init__(
        self,
        match_id: int,
        version: int,
        kind: str,
        side: str | None,
        options: Sequence[discord.SelectOption],
        placeholder: str | None,
    ) -> None:
        self.match_id, self.version, self.kind, self.side = match_id, version, kind, side
        custom_id = f"fuba:pick:{match_id}:{version}:{kind}" + (f":{side}" if side else "")
        super().__init__(
            discord.ui.Select(
                custom_id=custom_id,
                placeholder=placeholder[:PLACEHOLDER_LIMIT] if placeholder else None,
                options=list(options)[:OPTION_LIMIT],
                min_values=1,
                max_values=1,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PickSelect:
        return cls(
            int(match["match"]),
            int(match["version"]),
            match["kind"],
            match["side"],
            list(getattr(item, "options", None) or []),
            getattr(item, "placeholder", None),
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            values = self.item.values
            if len(values) != 1:
                raise PlayRefusal("Choose one option.")
            [value] = values
            secret = SECRET_PICKS.get(self.kind)
            await act_and_post(
                interaction,
                self.kind,
                pick_args(self.kind, value),
                reply=secret.format(value=value) if secret else "Done.",
                expected_version=self.version,
                match_id=self.match_id,
                side=self.side,
            )
        except Exception as error:  # every error gets a private answer
            await answer_component_error(interaction, error)


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
            channel = match_channel(interaction)
            await post(channel, outcome, title=title)
            await interaction.followup.send(reply, ephemeral=True)
            await full_time_report(channel, referee, outcome)
        except Exception as error:  # every error gets a private answer
            await answer_component_error(interaction, error)


def timeout_view(match_id: int, version: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for answer in TIMEOUT_ANSWERS:
        view.add_item(TimeoutButton(match_id, version, answer))
    return view
