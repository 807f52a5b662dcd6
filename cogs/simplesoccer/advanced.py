"""Simple Soccer's advanced rules in Discord: the few commands a player types, and the one
command for any other decision.

The buttons and menus under the live board are the main way to answer the advanced rules'
decisions (a call, an interception, a restart's taker...; ``cogs.simplesoccer.commands``
registers them). These commands are for players who type:

- `/simplesoccer turn member facing` turns a member (1 point a quarter turn);
- `/simplesoccer rise member [facing]` gets a member that lies down back up (1 point);
- `/simplesoccer tackle member` tackles before the turn's roll (the list says from where);
- `/simplesoccer call call:odd|even` calls a tackle (or `total:` a curved corner's total);
- `/simplesoccer choose choice` answers any other decision of the advanced rules: the list
  offers the caller's legal choices, each tied to the match version it was offered for, so
  a choice offered before the match moved on is refused rather than played.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from cogs.play.autocomplete import Value, legal, offer
from cogs.play.buttons import act_and_post
from cogs.play.context import channel_id_of, play_cog
from cogs.play.registry import JSONData, PlayRefusal
from cogs.simplesoccer.choices import RULESET, member_of
from cogs.text import shown
from engine.core import Choice, Decision
from referee import games
from referee.errors import RefereeError
from store.errors import ConflictError, StoreError

FACINGS = {"north": "n", "east": "e", "south": "s", "west": "w"}
CALLS = ("odd", "even")
# decisions `/simplesoccer choose` does not answer: those with commands of their own
OWN_COMMANDS = frozenset({"play", "setup", "spot"})
# decisions that may also be typed, and the argument the typed text is
TYPED = {"skills": "skills", "reposition": "layout"}
SECRET_REPLY = "Your choice stays secret until it counts: {value}."


def _member(choice: Choice) -> str | None:
    member = choice.action.args.get("member")
    return str(member) if member is not None else None


async def _members_of(
    interaction: discord.Interaction, kind: str, current: str
) -> list[app_commands.Choice[Any]]:
    """The members the caller may ``kind`` now ("7 (turn or get up)")."""
    found: dict[str, str] = {}
    for choice in await legal(interaction, kind):
        member = _member(choice)
        if member is not None:
            found.setdefault(member, choice.label)
    options: list[tuple[str, Value]] = [(label, member) for member, label in found.items()]
    return offer(options, current)


async def turn_members(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[Any]]:
    return await _members_of(interaction, "turn", current)


async def rise_members(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[Any]]:
    return await _members_of(interaction, "rise", current)


@app_commands.describe(
    member="Who turns: the number of a fielder, or G for the goalkeeper",
    facing="The way to face: 1 point a quarter turn, 2 to turn round",
)
@app_commands.choices(facing=[app_commands.Choice(name=n, value=v) for n, v in FACINGS.items()])
@app_commands.autocomplete(member=turn_members)
async def turn_command(
    interaction: discord.Interaction, member: str, facing: app_commands.Choice[str]
) -> None:
    """Turn one of your team to face another way (advanced rules)."""
    await act_and_post(interaction, "turn", {"member": member_of(member), "facing": facing.value})


@app_commands.describe(
    member="Who gets up: a member of yours lying down",
    facing="The way to face once up (default: as before)",
)
@app_commands.choices(facing=[app_commands.Choice(name=n, value=v) for n, v in FACINGS.items()])
@app_commands.autocomplete(member=rise_members)
async def rise_command(
    interaction: discord.Interaction,
    member: str,
    facing: app_commands.Choice[str] | None = None,
) -> None:
    """Get a member of yours back up (1 point; it stays on its square this turn)."""
    args: JSONData = {"member": member_of(member)}
    if facing is not None:
        args["facing"] = facing.value
    await act_and_post(interaction, "rise", args)


async def tackle_entries(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[Any]]:
    """The caller's tackles, as their labels ("7 tackles from e5 (1)")."""
    options: list[tuple[str, Value]] = [
        (c.label, c.label) for c in await legal(interaction, "tackle")
    ]
    return offer(options, current)


def tackle_args(typed: str, choices: list[Choice]) -> JSONData:
    """The tackle a player chose or typed: an entry of the list as it reads, or a member
    ("7") whose one tackle it is.

    >>> from engine.core import Action
    >>> c = [Choice(Action("west", "tackle", {"member": "7", "path": ["e5"]}),
    ...             "7 tackles from e5 (1)")]
    >>> tackle_args("7 tackles from e5 (1)", c), tackle_args("#7", c)
    ({'member': '7', 'path': ['e5']}, {'member': '7', 'path': ['e5']})
    """
    text = " ".join(typed.split()).lower()
    for choice in choices:
        if choice.label.lower() == text:
            return dict(choice.action.args)
    member = member_of(typed)
    mine = [c for c in choices if _member(c) == member]
    if len(mine) == 1:
        return dict(mine[0].action.args)
    if not mine:
        if not choices:
            raise PlayRefusal(
                "No tackle now: the ball must lie at an opponent's feet when your turn starts, "
                "before you roll."
            )
        raise PlayRefusal(f"{shown(typed)} cannot tackle now: choose one from the list.")
    raise PlayRefusal(f"{member} can tackle in more than one way: choose one from the list.")


@app_commands.describe(tackle="Who tackles, and from where: the list shows the tackles open now")
@app_commands.autocomplete(tackle=tackle_entries)
async def tackle_command(interaction: discord.Interaction, tackle: str) -> None:
    """Tackle the ball at an opponent's feet before you roll (advanced rules)."""
    await act_and_post(
        interaction, "tackle", tackle_args(tackle, await legal(interaction, "tackle"))
    )


@app_commands.describe(
    call="A tackle: odd or even, for the total of your roll",
    total="A curved corner: the total of the 3 dice (3-18)",
)
@app_commands.choices(call=[app_commands.Choice(name=c, value=c) for c in CALLS])
async def call_command(
    interaction: discord.Interaction,
    call: app_commands.Choice[str] | None = None,
    total: app_commands.Range[int, 3, 18] | None = None,
) -> None:
    """Call your roll before you roll it: odd or even for a tackle, a curved corner's total."""
    if (call is None) == (total is None):
        raise PlayRefusal("Call `odd` or `even` for a tackle, or a `total` for a curved corner.")
    args: JSONData = {"call": call.value} if call is not None else {"total": total}
    await act_and_post(interaction, "call", args)


# -- /simplesoccer choose ------------------------------------------------------------------


def secret(decision: Decision, choice: Choice) -> str:
    """The private reply to a secret choice (the penalty's die face), "" otherwise."""
    return SECRET_REPLY.format(value=choice.label) if decision.secret else ""


def answerable(decision: Decision) -> bool:
    """A decision `/simplesoccer choose` answers: a few choices, not a roll or a turn."""
    return not decision.dice and decision.kind not in OWN_COMMANDS and bool(decision.choices)


def entry_value(version: int, decision: Decision, index: int) -> str:
    """What the list gives back for a choice: the version, the decision and the choice.

    >>> entry_value(12, Decision("west", "intercept", "?"), 1)
    '12:intercept:west:1'
    """
    return f"{version}:{decision.kind}:{decision.actor}:{index}"


async def choose_entries(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[Any]]:
    """The caller's legal choices of the decisions `choose` answers, with their labels."""
    try:
        match = await play_cog(interaction).referee.store.active_match(channel_id_of(interaction))
    except (RefereeError, StoreError):
        return []
    if match is None or match.ruleset != RULESET:
        return []
    sides = match.sides_of(interaction.user.id)
    options: list[tuple[str, Value]] = []
    for decision in games.get(match.ruleset).ruleset.pending(match.state):
        if decision.actor not in sides or not answerable(decision):
            continue
        for index, choice in enumerate(decision.choices):
            options.append((choice.label, entry_value(match.version, decision, index)))
    return offer(options, current)


async def chosen_action(
    interaction: discord.Interaction, typed: str
) -> tuple[str, JSONData, str, int | None, str]:
    """The action a `choose` entry stands for (its kind, its arguments, the side, the match
    version it was offered for, the private reply of a secret choice): refused when the match
    has moved on since. Typed text is read as a choice's label, or as the text of a decision
    that may be typed (skill points "7:2 9:1", a repositioning "7 e5, 3 f6")."""
    store = play_cog(interaction).referee.store
    match = await store.active_match(channel_id_of(interaction))
    if match is None:
        raise PlayRefusal("There is no match in this channel.")
    sides = match.sides_of(interaction.user.id)
    pending = [
        d
        for d in games.get(match.ruleset).ruleset.pending(match.state)
        if d.actor in sides and answerable(d)
    ]
    version, kind, side, index = (typed.split(":") + ["", "", "", ""])[:4]
    if version.isdigit() and index.isdigit():
        if int(version) != match.version:
            raise ConflictError(match.id, int(version), match.version)
        for decision in pending:
            fits = decision.kind == kind and decision.actor == side
            if fits and int(index) < len(decision.choices):
                choice = decision.choices[int(index)]
                action = choice.action
                return action.kind, dict(action.args), side, match.version, secret(decision, choice)
        raise PlayRefusal("That choice is not open now: choose one from the list.")
    text = " ".join(typed.split()).lower()
    for decision in pending:
        for choice in decision.choices:
            if choice.label.lower() == text:
                action = choice.action
                return (
                    action.kind,
                    dict(action.args),
                    decision.actor,
                    None,
                    secret(decision, choice),
                )
    written = [d for d in pending if d.open_ended and d.kind in TYPED]
    if len(written) == 1:
        decision = written[0]
        return decision.kind, {TYPED[decision.kind]: typed.strip()}, decision.actor, None, ""
    if not pending:
        raise PlayRefusal(
            "You have nothing to choose with this command now: see `/simplesoccer status`."
        )
    raise PlayRefusal(f"{shown(typed)} is not one of your choices now: choose from the list.")


@app_commands.describe(
    choice='One of your choices now: the list shows them (skill points may be typed: "7:2 9:1")'
)
@app_commands.autocomplete(choice=choose_entries)
async def choose_command(interaction: discord.Interaction, choice: str) -> None:
    """Answer a decision of the advanced rules (an interception, a restart, a re-roll...)."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    kind, args, side, version, reply = await chosen_action(interaction, choice)
    await act_and_post(interaction, kind, args, side=side, expected_version=version, reply=reply)


COMMANDS = {
    "turn": turn_command,
    "rise": rise_command,
    "tackle": tackle_command,
    "call": call_command,
    "choose": choose_command,
}
