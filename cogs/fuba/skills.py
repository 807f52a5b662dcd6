"""FUBA's skills (A11) in Discord: the secret choice after the formation, the skill windows on
the live board, and `/fuba skill`.

- The secret choice: the board offers the suggested picks as a menu (one click) and a button
  that opens a picker only the clicker sees: one menu per group of skills (team and
  goalkeeper share one), the picks so far, and a Confirm button. The picker keeps what was
  picked in its controls' custom ids, so nothing is stored until Confirm::

      fuba:skillpick:<match>                          the board's button that opens a picker
      fuba:skillset:<match>:<side>:<group>:<picked>   a group's menu in the picker
      fuba:skillok:<match>:<side>:<picked>            the picker's Confirm

  ``<picked>`` is the skills' places in the catalog joined by dots ("-": none).
- A skill window (alone, or folded into another decision of the team) shows its plain skills
  as buttons (the shared ``ChoiceButton``: ``button_args["skill"]``) and the skills played a
  particular way (an area, a formation, aggressively) as a menu of whole choices
  (``skill_menus``: the shared ``MoveSelect``).
- `/fuba skill name:` answers either: its autocomplete lists the caller's skills playable now
  (or, during the secret choice, the suggested picks and the names that complete what was
  typed); a skill that cannot be played now is refused with the rules' reason, and nothing
  changes.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import discord
from discord import app_commands

from cogs.fuba.advanced import SECRET_SKILLS, fuba_status
from cogs.play.autocomplete import Value, offer
from cogs.play.buttons import (
    LABEL_LIMIT,
    OPTION_LIMIT,
    act_and_post,
    answer_component_error,
)
from cogs.play.context import channel_id_of, play_cog
from cogs.play.move_menus import MoveSelect, encode
from cogs.play.registry import JSONData, PlayRefusal
from cogs.text import shown
from engine.core import Action, Choice, Decision
from engine.core.errors import RulesError
from engine.fuba.skills.catalog import BY_GROUP, GROUP_WORDS, SKILLS, choices_used, label
from referee.errors import RefereeError
from referee.service import Outcome
from store.errors import StoreError

RULESET = "fuba"
KIND = "skill"  # a skill played at its window
CHOICE = "skills"  # the secret choice of a team's skills
NONE = "none"
KEYS = list(SKILLS)  # a skill's place in the catalog names it in custom ids
# the picker's menus: (what a menu is called, the catalog groups in it)
PICKER_GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Team and goalkeeper", ("team", "goalkeeper")),
    (GROUP_WORDS["defender"], ("defender",)),
    (GROUP_WORDS["midfielder"], ("midfielder",)),
    (GROUP_WORDS["forward"], ("forward",)),
)
PICK_LABEL = "Pick skills one by one"


# -- a skill choice as text --------------------------------------------------------------------


def choice_text(args: JSONData) -> str:
    """A skill choice as `/fuba skill` takes it: the skill's name, then how it is played.

    >>> choice_text({"name": "skilled_wing_backs", "area": 5})
    'skilled wing backs area=5'
    >>> choice_text({"name": "gegenpressing", "aggressive": True})
    'gegenpressing aggressive=yes'
    """
    name = str(args.get("name", "")).replace("_", " ")
    extra = [
        f"{k}={('yes' if v else 'no') if isinstance(v, bool) else v}"
        for k, v in args.items()
        if k != "name"
    ]
    return " ".join([name, *extra])


def read_text(text: str) -> JSONData:
    """What `/fuba skill` was given -> the skill action's arguments (the engine checks them).

    >>> read_text("Clinical finisher")
    {'name': 'clinical_finisher'}
    >>> read_text("skilled wing backs area=5")
    {'name': 'skilled_wing_backs', 'area': 5}
    >>> read_text("trained formation change shape=3-5-2")
    {'name': 'trained_formation_change', 'shape': '3-5-2'}
    >>> read_text("gegenpressing aggressive=yes")
    {'name': 'gegenpressing', 'aggressive': True}
    """
    words, args = [], {}
    for word in text.strip().split():
        key, sep, value = word.partition("=")
        if not sep:
            words.append(word)
        elif value.isdigit():
            args[key.lower()] = int(value)
        elif value.lower() in ("yes", "no", "true", "false"):
            args[key.lower()] = value.lower() in ("yes", "true")
        else:
            args[key.lower()] = value
    name = "_".join(words).lower().replace("-", "_")
    return {"name": name, **args}


def skill_choices(choices: Sequence[Choice]) -> list[Choice]:
    return [c for c in choices if c.action.kind == KIND]


def match_choice(typed: str, choices: Sequence[Choice]) -> JSONData | None:
    """The skill choice ``typed`` names among the caller's: its label, its text, or the
    skill's name when there is one way to play it; None when it names none of them (the
    engine then says why). A name played several ways is refused: say which way."""
    plain = " ".join(typed.split()).lower()
    mine = skill_choices(choices)
    for choice in mine:
        if choice.label.lower() == plain or choice_text(choice.action.args).lower() == plain:
            return dict(choice.action.args)
    asked = read_text(typed)
    same = [c for c in mine if c.action.args.get("name") == asked["name"]]
    if len(asked) > 1 or not same:
        return asked if any(dict(c.action.args) == asked for c in same) else None
    if len(same) == 1:
        return dict(same[0].action.args)
    ways = "; ".join(c.label for c in same)
    raise PlayRefusal(f"Say how you play it: pick one from the list ({ways}).")


# -- the secret choice -------------------------------------------------------------------------


def picked_text(keys: Sequence[str]) -> str:
    """Picks in a custom id.

    >>> picked_text([]), picked_text(KEYS[:2])
    ('-', '0.1')
    """
    return ".".join(str(KEYS.index(k)) for k in keys) or "-"


def picked_keys(text: str) -> list[str]:
    """The picks a custom id carries; a refusal for anything else."""
    if text == "-":
        return []
    try:
        keys = [KEYS[int(part)] for part in text.split(".")]
    except (ValueError, IndexError):
        raise PlayRefusal("This menu is not used any more.") from None
    return list(dict.fromkeys(keys))


def names(keys: Sequence[str]) -> str:
    return ", ".join(SKILLS[k].name for k in keys) or "no skills"


def choice_decision(outcome: Outcome, side: str) -> Decision:
    """``side``'s pending secret skill choice; a refusal when there is none."""
    for decision in outcome.pending():
        if decision.kind == CHOICE and decision.actor == side:
            return decision
    raise PlayRefusal("You have no skills to choose now.")


def picker_text(decision: Decision, keys: Sequence[str]) -> str:
    n = decision.info.get("choices", 0)
    used = choices_used(list(keys))
    lines = [
        f"**Your skills** (secret until both have chosen): up to {n} "
        f"choice{'' if n == 1 else 's'}; a skill that counts as two uses two.",
        f"Picked: {names(keys)} ({used} of {n}).",
    ]
    if used > n:
        lines.append(f"That is {used} choices: take some off to confirm.")
    return "\n".join(lines)


def picker_view(
    match_id: int, side: str, decision: Decision, keys: Sequence[str]
) -> discord.ui.View:
    """The picker: a menu per group of the skills this match offers, and Confirm."""
    view = discord.ui.View(timeout=None)
    menu = set(decision.info.get("menu", ()))
    n = int(decision.info.get("choices", 0))
    state = picked_text(keys)
    row = 0
    for index, (title, groups) in enumerate(PICKER_GROUPS):
        skills = [s for g in groups for s in BY_GROUP[g] if s.key in menu][:OPTION_LIMIT]
        if not skills:
            continue
        options = [
            discord.SelectOption(
                label=label(s.key)[:LABEL_LIMIT],
                value=str(KEYS.index(s.key)),
                description=s.effect[:LABEL_LIMIT],
                default=s.key in keys,
            )
            for s in skills
        ]
        item = GroupSelect(match_id, side, index, state, options, title, n)
        item.item.row = row
        view.add_item(item)
        row += 1
    confirm = ConfirmButton(match_id, side, state, choices_used(list(keys)), n)
    confirm.item.row = row
    view.add_item(confirm)
    return view


async def side_choosing(interaction: discord.Interaction, outcome: Outcome) -> str:
    """The clicker's side whose secret skill choice is pending; a refusal for anyone else."""
    status = await play_cog(interaction).referee.status(
        channel_id_of(interaction), interaction.user.id
    )
    if status.match_id != outcome.match_id:
        raise PlayRefusal("This is out of date.")
    for prompt in status.pending:
        if prompt.user_id == interaction.user.id and prompt.kind == CHOICE:
            return prompt.side
    raise PlayRefusal("You have no skills to choose now.")


class PickerButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"fuba:skillpick:(?P<match>\d+)",
):
    """The board's button that opens a skills picker only the clicker sees."""

    def __init__(self, match_id: int) -> None:
        self.match_id = match_id
        super().__init__(
            discord.ui.Button(
                label=PICK_LABEL,
                style=discord.ButtonStyle.secondary,
                custom_id=f"fuba:skillpick:{match_id}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PickerButton:
        return cls(int(match["match"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            outcome = await play_cog(interaction).referee.current(channel_id_of(interaction))
            if outcome.match_id != self.match_id:
                raise PlayRefusal("This is out of date.")
            side = await side_choosing(interaction, outcome)
            decision = choice_decision(outcome, side)
            await interaction.response.send_message(
                picker_text(decision, []),
                view=picker_view(self.match_id, side, decision, []),
                ephemeral=True,
            )
        except Exception as error:  # every error gets a private answer
            await answer_component_error(interaction, error)


class GroupSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=(r"fuba:skillset:(?P<match>\d+):(?P<side>[a-z]+):(?P<group>\d):(?P<picked>[\d.]+|-)"),
):
    """One group's skills in a picker: choosing there redraws the picker with the picks."""

    def __init__(
        self,
        match_id: int,
        side: str,
        group: int,
        picked: str,
        options: Sequence[discord.SelectOption],
        title: str | None,
        n: int,
    ) -> None:
        self.match_id, self.side, self.group, self.picked = match_id, side, group, picked
        super().__init__(
            discord.ui.Select(
                custom_id=f"fuba:skillset:{match_id}:{side}:{group}:{picked}",
                placeholder=title,
                options=list(options),
                min_values=0,
                max_values=max(1, min(n, len(options))),
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> GroupSelect:
        options = list(getattr(item, "options", None) or [])
        return cls(
            int(match["match"]),
            match["side"],
            int(match["group"]),
            match["picked"],
            options,
            getattr(item, "placeholder", None),
            getattr(item, "max_values", 1),
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            if not 0 <= self.group < len(PICKER_GROUPS):
                raise PlayRefusal("This menu is not used any more.")
            outcome = await play_cog(interaction).referee.current(channel_id_of(interaction))
            if outcome.match_id != self.match_id:
                raise PlayRefusal("This is out of date.")
            decision = choice_decision(outcome, self.side)
            here = {s.key for g in PICKER_GROUPS[self.group][1] for s in BY_GROUP[g]}
            chosen = [KEYS[int(v)] for v in self.item.values if v.isdigit() and int(v) < len(KEYS)]
            kept = [k for k in picked_keys(self.picked) if k not in here]
            keys = [*kept, *(k for k in chosen if k in here)]
            await interaction.response.edit_message(
                content=picker_text(decision, keys),
                view=picker_view(self.match_id, self.side, decision, keys),
            )
        except Exception as error:  # every error gets a private answer
            await answer_component_error(interaction, error)


class ConfirmButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"fuba:skillok:(?P<match>\d+):(?P<side>[a-z]+):(?P<picked>[\d.]+|-)",
):
    """A picker's Confirm: the team's skills as picked (the engine checks them)."""

    def __init__(self, match_id: int, side: str, picked: str, used: int, n: int) -> None:
        self.match_id, self.side, self.picked = match_id, side, picked
        text = "Confirm: no skills" if picked == "-" else f"Confirm ({used} of {n})"
        super().__init__(
            discord.ui.Button(
                label=text,
                style=discord.ButtonStyle.success,
                custom_id=f"fuba:skillok:{match_id}:{side}:{picked}",
                disabled=used > n,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ConfirmButton:
        return cls(int(match["match"]), match["side"], match["picked"], 0, 0)

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            keys = picked_keys(self.picked)
            await act_and_post(
                interaction,
                CHOICE,
                {"skills": keys},
                match_id=self.match_id,
                side=self.side,
            )
            await interaction.edit_original_response(
                content=SECRET_SKILLS.format(value=names(keys)), view=None
            )
        except Exception as error:  # every error gets a private answer
            await answer_component_error(interaction, error)


ITEMS = (PickerButton, GroupSelect, ConfirmButton)


# -- the board's skill controls ----------------------------------------------------------------


def with_args(choice: Choice) -> bool:
    """A skill choice played a particular way (an area, a formation...): a menu's option."""
    return choice.action.kind == KIND and len(choice.action.args) > 1


def skill_menus(outcome: Outcome, rows: int) -> list[Any]:
    """The board's skill controls beyond the buttons, in at most ``rows`` rows: the picker's
    button while a secret skill choice is pending, and for each decision with skills played
    a particular way, a menu of them (each option a whole choice)."""
    items: list[Any] = []
    pending = outcome.pending()
    if rows > 0 and any(d.kind == CHOICE for d in pending):
        items.append(PickerButton(outcome.match_id))
    game = outcome.game
    for decision in pending:
        if len(items) >= rows or decision.dice:
            continue
        options = [
            discord.SelectOption(label=c.label[:LABEL_LIMIT], value=value)
            for c in decision.choices
            if with_args(c) and (value := encode(c.action.args)) is not None
        ][:OPTION_LIMIT]
        if not options:
            continue
        who = f"{outcome.names.get(decision.actor, decision.actor)} "
        who += f"({game.side_name(decision.actor)})"
        items.append(
            MoveSelect(
                outcome.match_id,
                outcome.version,
                KIND,
                decision.actor,
                len(items),
                options,
                f"{who}: play a skill",
                outcome.ruleset,
            )
        )
    return items


# -- /fuba skill -------------------------------------------------------------------------------


def completions(typed: str, decision: Decision) -> list[tuple[str, Value]]:
    """The secret choice as autocomplete offers it: with nothing typed the suggested picks;
    else the typed list completed with each skill of the menu whose name fits its last part."""
    menu = list(decision.info.get("menu", ()))
    suggested = [(c.label, c.label) for c in decision.choices]
    *done, last = typed.split(",") if typed.strip() else [""]
    head = [part.strip() for part in done if part.strip()]
    known = {part.lower() for part in head}
    fragment = last.strip().lower()
    found: list[tuple[str, Value]] = []
    for key in menu:
        name = SKILLS[key].name
        if name.lower() in known or (fragment and fragment not in name.lower()):
            continue
        text = ", ".join([*head, name])
        found.append((f"{text} ({label(key).partition('(')[2]}"[:100], text))
    if not head and not fragment:
        return suggested + found
    return found


async def skill_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[Any]]:
    """The caller's skill choices now (label shown, the choice as text for the value); during
    the secret choice, picks (``completions``)."""
    referee = play_cog(interaction).referee
    channel_id = channel_id_of(interaction)
    try:
        status = await referee.status(channel_id, interaction.user.id)
        me = interaction.user.id
        side = next((p.side for p in status.pending if p.user_id == me and p.kind == CHOICE), None)
        if side is not None:
            decision = choice_decision(await referee.current(channel_id), side)
            return [
                app_commands.Choice(name=name[:100], value=str(value)[:100])
                for name, value in completions(current, decision)[:25]
            ]
    except (RefereeError, StoreError):
        return []
    entries: list[tuple[str, Value]] = [
        (c.label, choice_text(c.action.args)) for c in skill_choices(status.choices)
    ]
    return offer(entries, current)


async def why_not(interaction: discord.Interaction, args: JSONData) -> None:
    """Refuse a skill the caller cannot play now with the rules' reason (the engine's, asked
    on the match as it stands: nothing changes), or let the referee say whose turn it is."""
    referee = play_cog(interaction).referee
    channel_id = channel_id_of(interaction)
    status = await referee.status(channel_id, interaction.user.id)
    mine = [p.side for p in status.pending if p.user_id == interaction.user.id and not p.dice]
    if mine:
        outcome = await referee.current(channel_id)
        try:
            outcome.game.ruleset.apply(outcome.state, Action(mine[0], KIND, args))
        except RulesError as error:
            raise PlayRefusal(str(error)) from None
    await act_and_post(interaction, KIND, args)  # the referee's refusal, or it counts


@app_commands.describe(
    name="A skill you can play now (from the list); while choosing your skills, your picks"
)
@app_commands.autocomplete(name=skill_autocomplete)
async def skill_command(interaction: discord.Interaction, name: str) -> None:
    """Play a skill now (or choose your skills in secret, comma-separated)."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    status = await fuba_status(interaction)
    if not name.strip():
        raise PlayRefusal("Name a skill: pick one from the list.")
    choosing = [p for p in status.pending if p.user_id == interaction.user.id and p.kind == CHOICE]
    if choosing:
        typed = " ".join(name.split())
        await act_and_post(
            interaction,
            CHOICE,
            {"skills": typed},
            side=choosing[0].side,
            reply=SECRET_SKILLS.format(value=shown(typed)),
        )
        return
    args = match_choice(name, status.choices)
    if args is None:
        await why_not(interaction, read_text(name))
        return
    await act_and_post(interaction, KIND, args)
