"""The match buttons and select menus under the public messages, for every game: the common
choices of a pending decision and, after a turn timeout expired, Claim the win / Let the coach
play.

Which decisions are buttons or menus, and which argument they set, is the game's
(``GameCommands.button_args``, ``pick_args``). Buttons offer a decision's few fixed choices
(a kick-off side, an action kind, whether to use the Power Chip...); a select menu offers a
decision whose legal choices are a list of one argument (a target area with its ball value, a
formation card, a symbol to play...); the chosen option's value is the argument.

Custom ids (at most 100 characters) start with the game's ruleset name::

    <ruleset>:act:<match>:<version>:<kind>:<value>        a choice button
    <ruleset>:pick:<match>:<version>:<kind>[:<side>]      a select menu (one side's, or shared)
    <ruleset>:index:<match>:<version>:<kind>:<side>:<n>   a menu of a decision's whole choices
    <ruleset>:timeout:<match>:<version>:<claim|coach>     after a turn timeout expired

A game's ``index_menus`` are decisions whose choices have several arguments, or are too many
for one menu (Simple Soccer's tackles, a square among dozens): each option's value is the
choice's place in the decision (its index), split over menus of 25 (the ``n``-th part).

The match id alone would name the game, but the prefix lets a click find the game's argument
names without a database read and keeps ids readable in logs. It is also the scheme of the
buttons posted while the bot had a single game, whose prefix was already that game's ruleset
name: they are handled as they are, after any restart. All three are ``DynamicItem``s whose id
carries the match and the version they were drawn for, so they work after a restart and a
stale, foreign or double choice is refused by the referee and changes nothing. Their errors get
the same private answer as a command's.

Also here, the whole step every acting command and button takes (``act_and_post``: defer,
ask the referee, bring the live board up to date with ``post_step``, answer privately only
when there is something to say, or the typed error shown by ``cogs.errors``): a click is
answered by the board it is on, so the buttons and the step that draws them live in one
module.
"""

from __future__ import annotations

import logging
import math
import re
import time
from collections.abc import Collection, Sequence
from datetime import datetime
from typing import Any

import discord

from cogs.errors import apology, new_error_id, player_message, reply_ephemeral
from cogs.play import registry
from cogs.play.context import channel_cog, channel_id_of, match_channel, other_game, play_cog
from cogs.play.live import show
from cogs.play.messages import board_link, full_time_report
from cogs.play.registry import GameCommands, PlayRefusal
from cogs.play.texts import ROLL_LABEL, SECRET_REPLY
from cogs.text import shown
from engine.core import Choice, Decision
from referee import games
from referee.deadlines import duration_text
from referee.errors import NoMatch, OtherGame, OtherMatch
from referee.service import Outcome
from store.errors import ConflictError
from store.models import DeadlineKind
from store.repository import MatchStore

log = logging.getLogger(__name__)

BUTTON_LIMIT = 25  # buttons in one view (Discord allows 25)
ROW_LIMIT = 5  # action rows in one message; a row holds 5 buttons or one select menu
ROW_WIDTH = 5
OPTION_LIMIT = 25  # options in one select menu
LABEL_LIMIT = 100  # characters of an option's label, and of its value
PLACEHOLDER_LIMIT = 150
GAME = r"(?P<game>[a-z][a-z0-9_]*)"  # the custom id's prefix: the ruleset of the match
ROLL = "roll"  # the engine's dice action: its button asks the bot to roll (no argument)


def game_of(prefix: str) -> GameCommands:
    """The game a button's prefix names; a private refusal when the bot has no such game."""
    spec = registry.find(prefix)
    if spec is None:
        raise PlayRefusal("This button is not used any more.")
    return spec


async def answer_component_error(interaction: discord.Interaction, error: Exception) -> None:
    """A button's or select menu's error: the same private replies as the commands' (the tree
    does not see component callbacks); a control of a version or match gone by is out of date,
    with a link to the live board."""
    if isinstance(error, (ConflictError, OtherMatch, NoMatch)):
        await reply_ephemeral(interaction, await out_of_date(interaction, error))
        return
    message = player_message(error)
    if message is None:
        error_id = new_error_id()
        log.error(
            "error %s in a match button or menu (user %s)",
            error_id,
            interaction.user.id,
            exc_info=error,
        )
        message = apology(error_id)
    await reply_ephemeral(interaction, message)


async def out_of_date(interaction: discord.Interaction, error: Exception) -> str:
    """ "This is out of date", and where the match is now: its live board."""
    cog = play_cog(interaction)
    store = cog.referee.store
    match_id = getattr(error, "match_id", None)
    match = None
    if interaction.channel_id is not None:
        match = await store.active_match(interaction.channel_id)
        match_id = match.id if match is not None else match_id
    board = await store.live_board(match_id) if isinstance(match_id, int) else None
    if match is not None and (board is None or board.version < match.version):
        # the match moved on without its board (its coach decided after a restart)
        async with store.delivering(match.id) as now:
            if now is not None:
                await cog.bring_up_to_date(now)
        board = await store.live_board(match.id)
    link = board_link(board, interaction.guild_id)
    return f"This is out of date: the match is on {link}" if link else "This is out of date."


class ChoiceButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=GAME + r":act:(?P<match>\d+):(?P<version>\d+):(?P<kind>[a-z_]+):(?P<value>[\w-]+)",
):
    """One legal choice of a pending decision, for the match version it was drawn for."""

    def __init__(
        self, match_id: int, version: int, kind: str, value: str, label: str, game: str
    ) -> None:
        self.match_id, self.version, self.kind, self.value = match_id, version, kind, value
        self.game = game
        super().__init__(
            discord.ui.Button(
                label=label[:80],
                style=discord.ButtonStyle.primary,
                custom_id=f"{game}:act:{match_id}:{version}:{kind}:{value}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ChoiceButton:
        label = getattr(item, "label", None) or match["value"]
        return cls(
            int(match["match"]),
            int(match["version"]),
            match["kind"],
            match["value"],
            label,
            match["game"],
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            spec = game_of(self.game)
            if self.kind == ROLL or self.kind in spec.plain_buttons:  # no argument
                args: dict[str, Any] = {}
            else:
                arg = spec.button_args.get(self.kind)
                if arg is None:
                    raise PlayRefusal("This button is not used any more.")
                args = {arg: spec.button_values.get(self.kind, str)(self.value)}
            secret = self.kind in spec.secret_buttons
            await act_and_post(
                interaction,
                self.kind,
                args,
                reply=SECRET_REPLY.format(value=self.value) if secret else "",
                expected_version=self.version,
                match_id=self.match_id,
            )
        except Exception as error:  # every error gets a private answer
            await answer_component_error(interaction, error)


def choice_buttons(outcome: Outcome) -> list[ChoiceButton]:
    """A button for each common choice now pending (at most ``BUTTON_LIMIT``)."""
    spec = registry.get(outcome.ruleset)
    found: list[ChoiceButton] = []
    pending = outcome.pending()
    if outcome.rolls_on_request and any(decision.dice for decision in pending):
        found.append(
            ChoiceButton(
                outcome.match_id, outcome.version, ROLL, "dice", ROLL_LABEL, outcome.ruleset
            )
        )
    for decision in pending:
        if decision.dice:
            continue
        for choice in decision.choices:
            kind = choice.action.kind
            if len(found) >= BUTTON_LIMIT:
                break
            if kind in spec.plain_buttons and not choice.action.args:
                label = spec.plain_buttons[kind]
                ids = (outcome.match_id, outcome.version, kind, "-")
                found.append(ChoiceButton(*ids, label, outcome.ruleset))
                continue
            arg = spec.button_args.get(kind)
            if arg is None or set(choice.action.args) != {arg}:
                continue  # more to it than the button's argument: the game's menus offer it
            value = choice.action.args[arg]
            text = str(value).lower() if isinstance(value, bool) else str(value)
            found.append(
                ChoiceButton(
                    outcome.match_id,
                    outcome.version,
                    kind,
                    text,
                    spec.button_labels.get(f"{kind}:{text}", choice.label),
                    outcome.ruleset,
                )
            )
    return found


def buttons(outcome: Outcome) -> discord.ui.View | None:
    """The buttons and select menus of the choices now pending (None when there are none):
    buttons first, then one select menu a row, within Discord's five rows."""
    if outcome.over:
        return None
    view = discord.ui.View(timeout=None)
    drawn = choice_buttons(outcome)
    for index, button in enumerate(drawn):
        row = index // ROW_WIDTH
        if row >= ROW_LIMIT:
            break
        button.item.row = row
        view.add_item(button)
    row = math.ceil(len(view.children) / ROW_WIDTH)
    picks = pick_selects(outcome)
    picked = {menu.kind for menu in picks}
    menus: list[PickSelect | IndexSelect] = [*picks, *index_selects(outcome, picked)]
    for menu in menus:
        if row >= ROW_LIMIT:
            log.info("match #%s: no row left for the %s menu", outcome.match_id, menu.kind)
            break
        menu.item.row = row
        view.add_item(menu)
        row += 1
    for more in registry.get(outcome.ruleset).more_menus(outcome, ROW_LIMIT - row):
        more.item.row = row  # the game's own menus (FUBA's moves) in the rows left
        view.add_item(more)
        row += 1
    return view if view.children else None


# -- select menus --------------------------------------------------------------------------

PICK_TEMPLATE = (
    GAME + r":pick:(?P<match>\d+):(?P<version>\d+):(?P<kind>[a-z_]+)(?::(?P<side>[a-z]+))?"
)


def pick_value(spec: GameCommands, choice: Choice) -> str | None:
    """The select option value of a legal choice (None when it cannot be one): the argument
    the game's menu sets, a list as its label (a preset layout, as the commands take it), and
    yes/no flags written after it ("1+goalkeeper")."""
    kind, args = choice.action.kind, choice.action.args
    arg = spec.pick_args.get(kind)
    if arg is None or arg not in args:
        return None
    value = args[arg]
    if isinstance(value, list):
        value = choice.label
    flags = spec.pick_flags.get(kind, ())
    if set(args) - {arg, *flags}:
        return None  # more to it than one argument
    text = str(value) + "".join(f"+{flag}" for flag in flags if args.get(flag) is True)
    return text if 0 < len(text) <= LABEL_LIMIT else None


def _options(spec: GameCommands, decision: Decision) -> list[discord.SelectOption]:
    options: list[discord.SelectOption] = []
    seen: set[str] = set()
    for choice in decision.choices:
        value = pick_value(spec, choice) if choice.action.kind == decision.kind else None
        if value is None or value in seen:
            continue
        seen.add(value)
        options.append(discord.SelectOption(label=choice.label[:LABEL_LIMIT], value=value))
    return options


def pick_selects(outcome: Outcome) -> list[PickSelect]:
    """A select menu for each pending decision whose legal choices are a short list of one
    argument. Decisions of both sides with the same options (the formation cards) share one
    menu: the referee takes the decision of whoever chooses."""
    game, spec = outcome.game, registry.get(outcome.ruleset)
    groups: dict[tuple[str, tuple[tuple[str, str], ...]], list[Decision]] = {}
    options_of: dict[tuple[str, tuple[tuple[str, str], ...]], list[discord.SelectOption]] = {}
    for decision in outcome.pending():
        if decision.dice or decision.kind not in spec.pick_args:
            continue
        options = _options(spec, decision)
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
            PickSelect(
                outcome.match_id,
                outcome.version,
                kind,
                side,
                options_of[key],
                placeholder,
                outcome.ruleset,
            )
        )
    return menus


def one_choice_select(
    custom_id: str, options: Sequence[discord.SelectOption], placeholder: str | None
) -> discord.ui.Select[Any]:
    """A select menu of one choice, within Discord's limits (options, placeholder)."""
    return discord.ui.Select(
        custom_id=custom_id,
        placeholder=placeholder[:PLACEHOLDER_LIMIT] if placeholder else None,
        options=list(options)[:OPTION_LIMIT],
        min_values=1,
        max_values=1,
    )


def chosen(select: discord.ui.Select[Any]) -> str:
    """The one option chosen in a select menu of one choice."""
    values = select.values
    if len(values) != 1:
        raise PlayRefusal("Choose one option.")
    return values[0]


def select_parts(item: discord.ui.Item[Any]) -> tuple[list[discord.SelectOption], str | None]:
    """The options and placeholder of a clicked select, to rebuild its dynamic item."""
    return list(getattr(item, "options", None) or []), getattr(item, "placeholder", None)


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
        game: str,
    ) -> None:
        self.match_id, self.version, self.kind, self.side = match_id, version, kind, side
        self.game = game
        custom_id = f"{game}:pick:{match_id}:{version}:{kind}" + (f":{side}" if side else "")
        super().__init__(one_choice_select(custom_id, options, placeholder))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PickSelect:
        return cls(
            int(match["match"]),
            int(match["version"]),
            match["kind"],
            match["side"],
            *select_parts(item),
            match["game"],
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            value = chosen(self.item)
            spec = game_of(self.game)
            secret = spec.secret_picks.get(self.kind)
            await act_and_post(
                interaction,
                self.kind,
                spec.pick_args_of(self.kind, value),
                reply=secret.format(value=value) if secret else "",
                expected_version=self.version,
                match_id=self.match_id,
                side=self.side,
            )
        except Exception as error:  # every error gets a private answer
            await answer_component_error(interaction, error)


INDEX_TEMPLATE = (
    GAME + r":index:(?P<match>\d+):(?P<version>\d+):(?P<kind>[a-z_]+):(?P<side>[a-z]+)"
    r":(?P<part>\d+)"
)


def index_options(decision: Decision) -> list[discord.SelectOption]:
    """A decision's legal choices as menu options whose values are their places in it.

    >>> from engine.core import Action
    >>> d = Decision("west", "tackle", "Tackle?", (
    ...     Choice(Action("west", "tackle", {"member": "7", "path": []}), "7 tackles"),
    ...     Choice(Action("west", "tackle", {"member": "9", "path": ["e5"]}), "9 tackles from e5"),
    ... ))
    >>> [(o.label, o.value) for o in index_options(d)]
    [('7 tackles', '0'), ('9 tackles from e5', '1')]
    """
    return [
        discord.SelectOption(label=choice.label[:LABEL_LIMIT] or str(i + 1), value=str(i))
        for i, choice in enumerate(decision.choices)
    ]


def is_button(spec: GameCommands, choice: Choice) -> bool:
    """Whether ``choice_buttons`` offers the choice as a button."""
    kind, args = choice.action.kind, choice.action.args
    if kind in spec.plain_buttons and not args:
        return True
    arg = spec.button_args.get(kind)
    return arg is not None and set(args) == {arg}


def offered(spec: GameCommands, decision: Decision, picked: Collection[str]) -> bool:
    """Whether every choice of ``decision`` has a button, or its ``pick_args`` menu was drawn
    (``picked`` kinds) and holds them all."""
    if all(is_button(spec, choice) for choice in decision.choices):
        return True
    return decision.kind in picked and all(
        choice.action.kind == decision.kind and pick_value(spec, choice) is not None
        for choice in decision.choices
    )


def index_selects(outcome: Outcome, picked: Collection[str] = ()) -> list[IndexSelect]:
    """The menus of the pending decisions the game offers whole (``index_menus``) and whose
    choices are not all buttons or in a pick menu already (``picked`` kinds have one): 25
    options a menu, in order."""
    spec = registry.get(outcome.ruleset)
    if not spec.index_menus:
        return []
    coach = outcome.options.get("coach_side")
    menus: list[IndexSelect] = []
    for decision in outcome.pending():
        kind = decision.kind
        if decision.dice or kind not in spec.index_menus or offered(spec, decision, picked):
            continue
        if decision.actor == coach or not decision.choices:
            continue
        options = index_options(decision)
        who = outcome.names.get(decision.actor, decision.actor)
        prompt = decision.prompt.rstrip(".")
        side = outcome.game.side_name(decision.actor)
        first = f"{who} ({side}): {prompt[:1].lower()}{prompt[1:]}"
        for part in range(math.ceil(len(options) / OPTION_LIMIT)):
            chunk = options[part * OPTION_LIMIT : (part + 1) * OPTION_LIMIT]
            placeholder = first if part == 0 else f"More: from {chunk[0].label}"
            menus.append(
                IndexSelect(
                    outcome.match_id,
                    outcome.version,
                    kind,
                    decision.actor,
                    part,
                    chunk,
                    placeholder,
                    outcome.ruleset,
                )
            )
    return menus


class IndexSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=INDEX_TEMPLATE,
):
    """Some of the legal choices of one side's pending decision, for the match version it was
    drawn for: the chosen option's value is the choice's place in the decision. At any other
    version the menu is out of date and changes nothing."""

    def __init__(
        self,
        match_id: int,
        version: int,
        kind: str,
        side: str,
        part: int,
        options: Sequence[discord.SelectOption],
        placeholder: str | None,
        game: str,
    ) -> None:
        self.match_id, self.version, self.kind, self.side = match_id, version, kind, side
        self.part, self.game = part, game
        custom_id = f"{game}:index:{match_id}:{version}:{kind}:{side}:{part}"
        super().__init__(one_choice_select(custom_id, options, placeholder))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> IndexSelect:
        return cls(
            int(match["match"]),
            int(match["version"]),
            match["kind"],
            match["side"],
            int(match["part"]),
            *select_parts(item),
            match["game"],
        )

    async def choice(self, interaction: discord.Interaction, index: int) -> Choice:
        """The chosen choice, read from the match as it stands, which must be the version
        the menu was drawn for."""
        store = play_cog(interaction).referee.store
        match = await store.active_match(channel_id_of(interaction))
        if match is None or match.id != self.match_id or match.version != self.version:
            current = match.version if match is not None else self.version + 1
            raise ConflictError(self.match_id, self.version, current)
        game = games.get(match.ruleset)
        for decision in game.ruleset.pending(match.state):
            mine = decision.kind == self.kind and decision.actor == self.side
            if mine and not decision.dice and 0 <= index < len(decision.choices):
                return decision.choices[index]
        raise PlayRefusal("That choice is not possible any more.")

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            value = chosen(self.item)
            if not value.isdigit():
                raise PlayRefusal("This menu is not used any more.")
            spec = game_of(self.game)
            choice = await self.choice(interaction, int(value))
            secret = spec.secret_picks.get(self.kind)
            await act_and_post(
                interaction,
                choice.action.kind,
                dict(choice.action.args),
                reply=secret.format(value=choice.label) if secret else "",
                expected_version=self.version,
                match_id=self.match_id,
                side=self.side,
            )
        except Exception as error:  # every error gets a private answer
            await answer_component_error(interaction, error)


TIMEOUT_ANSWERS = {"claim": "Claim the win", "coach": "Let the coach play"}


class TimeoutButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=GAME + r":timeout:(?P<match>\d+):(?P<version>\d+):(?P<answer>claim|coach)",
):
    """After a turn timeout expired: the waiting player claims the win or lets the automatic
    coach play the absent side. The referee refuses anyone else, and a click once the match
    has moved on (or is another match)."""

    def __init__(self, match_id: int, version: int, answer: str, game: str) -> None:
        self.match_id, self.version, self.answer, self.game = match_id, version, answer, game
        super().__init__(
            discord.ui.Button(
                label=TIMEOUT_ANSWERS[answer],
                style=(
                    discord.ButtonStyle.danger if answer == "claim" else discord.ButtonStyle.primary
                ),
                custom_id=f"{game}:timeout:{match_id}:{version}:{answer}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> TimeoutButton:
        return cls(int(match["match"]), int(match["version"]), match["answer"], match["game"])

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await interaction.response.defer()  # the live board shows what it did
            referee = play_cog(interaction).referee
            channel_id = channel_id_of(interaction)
            current = await referee.current(channel_id)
            if current.match_id != self.match_id or current.version != self.version:
                raise ConflictError(self.match_id, self.version, current.version)
            if self.answer == "claim":
                outcome = await referee.claim_win(channel_id, interaction.user.id)
            else:
                outcome = await referee.coach_takes_over(channel_id, interaction.user.id)
            await deliver(interaction, outcome, "", actor=interaction.user.id)
        except Exception as error:  # every error gets a private answer
            await answer_component_error(interaction, error)


# -- the step: act, post the next message with its controls, answer privately ------------------


def time_left(user_id: int, side: str, due: datetime, now: datetime) -> str:
    """A late player's reminder: mentioned, with the time left and when it runs out (in each
    reader's own time zone)."""
    when = f"{discord.utils.format_dt(due, 'R')}, at {discord.utils.format_dt(due, 't')}"
    return (
        f"<@{user_id}> ({side}): {duration_text(due - now)} left to decide (expires {when}), "
        "then your opponent may claim the win."
    )


async def clock_notes(
    store: MatchStore, outcome: Outcome, now: datetime
) -> tuple[str, list[TimeoutButton], int | None]:
    """What the turn clocks say on the live board for the decision now pending: a clock that
    ran out (the dispatcher fired its expiry) names the waiting player (whose user id comes
    last) and offers its Claim the win / Let the coach play buttons, whatever became of any
    message; a reminder that fired says how long each late player has left."""
    if outcome.over or not outcome.options.get("turn_timeout"):
        return "", [], None
    current = [d for d in await store.deadlines(outcome.match_id) if d.version == outcome.version]
    expired = [d for d in current if d.kind is DeadlineKind.EXPIRY and d.fired_at]
    reminded = [d for d in current if d.kind is DeadlineKind.REMINDER and d.fired_at]
    if not expired and not reminded:
        return "", [], None
    game, match = outcome.game, await store.get_match(outcome.match_id)
    if not expired:
        due = {d.side: d.due_at for d in current if d.kind is DeadlineKind.EXPIRY}
        lines = [
            time_left(match.players[d.side], game.side_name(d.side), due[d.side], now)
            for d in reminded
            if d.side in due and due[d.side] > now
        ]
        return "\n".join(lines), [], None
    absent = expired[0].side
    waiting = next((s for s in game.ruleset.sides if s != absent), absent)
    spec = registry.get(outcome.ruleset)
    note = (
        f"{shown(outcome.names.get(absent, absent))} ({game.side_name(absent)}) ran out of time: "
        f"<@{match.players[waiting]}> ({game.side_name(waiting)}) may claim the win or let the "
        f"automatic coach play their side (the buttons, or `{spec.command('claim')}`)."
    )
    claims = [
        TimeoutButton(outcome.match_id, outcome.version, answer, outcome.ruleset)
        for answer in TIMEOUT_ANSWERS
    ]
    return note, claims, match.players[waiting]


async def post_step(
    channel: Any,
    outcome: Outcome,
    title: str | None = None,
    *,
    intro: str = "",
    pinging: Sequence[int] = (),
    actor: int | None = None,
) -> None:
    """Bring the match's live board up to date after a step (``cogs.play.live.show``), with
    the buttons and select menus of the decisions now pending, and a turn clock's expiry if
    one ran out (the waiting player is then named, and mentioned once) or the time left after
    a reminder."""
    cog = channel_cog(channel)
    referee = cog.referee
    store = referee.store
    png = cog.metrics.drawing(outcome)  # drawn while the rest is read
    try:
        view = buttons(outcome)
        note, claims, waiting = await clock_notes(store, outcome, referee.clock())
    except BaseException:
        png.cancel()
        raise
    if claims:
        view = view or discord.ui.View(timeout=None)
        for button in claims:
            button.item.row = None
            view.add_item(button)
    await show(
        channel,
        outcome,
        title=title,
        intro=intro,
        note=note,
        view=view,
        actor=actor,
        pinging=pinging,
        also_deciding=[waiting] if waiting is not None else [],
        png=png,
    )


STEP_COUNTED = "That counted, but Discord did not take the board just now: it will follow shortly."


async def deliver(
    interaction: discord.Interaction,
    outcome: Outcome,
    reply: str,
    *,
    actor: int | None = None,
) -> None:
    """After a committed step: the live board, the caller's private ``reply`` (when there is
    something to say: a secret kept, a choice confirmed), then the full-time report (the player
    does not wait for the replay). A Discord error (after discord.py's own retries) changes
    nothing of the match: the board stays recorded behind and is brought up to date later (the
    next interaction, the play cog's retry loop, a restart), and the caller is told it counted
    and the board will follow."""
    referee = play_cog(interaction).referee
    try:
        channel = match_channel(interaction)
        await post_step(channel, outcome, actor=actor)
    except discord.HTTPException as error:
        play_cog(interaction).metrics.discord_error(error)
        log.warning("match #%s: board not delivered (%s)", outcome.match_id, error)
        play_cog(interaction).wake_delivery()
        await answer(interaction, reply, delivered=False)
        return
    await answer(interaction, reply, delivered=True)
    try:
        await full_time_report(channel, referee, outcome)
    except discord.HTTPException as error:  # the board says the result already
        log.warning("match #%s: full-time report not posted (%s)", outcome.match_id, error)


async def answer(interaction: discord.Interaction, reply: str, delivered: bool) -> None:
    """The caller's private answer after a committed step, and that the board will follow
    when it could not be delivered; when there is nothing to say, a command's "thinking..."
    goes (a click was acknowledged by the board itself). Never raises: the step stands
    whatever becomes of its answer."""
    text = "\n".join(part for part in (reply, None if delivered else STEP_COUNTED) if part)
    try:
        if text:
            await interaction.followup.send(text, ephemeral=True)
        elif interaction.response.type is discord.InteractionResponseType.deferred_channel_message:
            await interaction.delete_original_response()
    except discord.HTTPException as error:
        log.info("answer to user %s not sent (%s)", interaction.user.id, error)


async def act_and_post(
    interaction: discord.Interaction,
    kind: str,
    args: dict[str, Any] | None = None,
    *,
    reply: str = "",
    expected_version: int | None = None,
    match_id: int | None = None,
    side: str | None = None,
) -> Outcome:
    """Defer (a command privately; a click silently: the board it is on answers it), apply the
    action, bring the live board up to date, answer ``reply`` when there is one (and that the
    board will follow, when Discord did not take it: the action counted all the same). A
    button or select menu passes the match and version it was drawn for (and the side of a
    one-side menu); a command acts in the channel's match when it is of the command's game."""
    started = time.perf_counter()
    if not interaction.response.is_done():  # a command may have deferred and checked already
        if interaction.type is discord.InteractionType.component:
            await interaction.response.defer()
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)
    referee = play_cog(interaction).referee
    # a command acts only on a match of its own game (a button names its match)
    spec = registry.of_interaction(interaction) if match_id is None else None
    try:
        outcome = await referee.act(
            channel_id_of(interaction),
            interaction.user.id,
            kind,
            args,
            side=side,
            expected_version=expected_version,
            match_id=match_id,
            ruleset=spec.ruleset if spec is not None else None,
        )
    except OtherGame as error:
        assert spec is not None
        command = interaction.command.name if interaction.command is not None else kind
        raise other_game(spec, error.ruleset, "match", command) from None
    await deliver(interaction, outcome, reply, actor=interaction.user.id)
    play_cog(interaction).metrics.step_done(outcome.ruleset, started)
    return outcome
