"""FUBA in Discord: the `/fuba` group, its game-specific commands and the FUBA
``GameCommands`` (which command answers which decision, the buttons and menus, help and rules).

Everything every game shares (challenges, the public message after each step, buttons, turn
timeouts, board/status/log/resign/abort/undo, help and rules layout) lives in the shared
``cogs.play`` package; this module only says what is FUBA's. Its ``setup``
adds the shared and the FUBA commands to ``/fuba``.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.fuba import advanced, skills
from cogs.fuba.help import INTRO, STEPS
from cogs.fuba.position import position_command
from cogs.fuba.rules import BOOK
from cogs.play.autocomplete import Value, choices_of, legal, offer
from cogs.play.buttons import act_and_post
from cogs.play.commands import SHARED
from cogs.play.groups import add_commands, remove_commands
from cogs.play.help import COMMANDS as HELP
from cogs.play.move_menus import MoveMenus
from cogs.play.registry import GameCommands, JSONData, PlayRefusal, register
from cogs.play.texts import SECRET_REPLY
from cogs.text import shown
from referee.fuba.glance import advanced_lines
from referee.service import Outcome


def areas_text(areas: Sequence[int]) -> str:
    """The starting areas of a move menu.

    >>> areas_text([7]), areas_text([2, 4, 7])
    ('move from area 7', 'move from areas 2, 4 and 7')
    """
    if len(areas) == 1:
        return f"move from area {areas[0]}"
    *first, last = areas
    return f"move from areas {', '.join(map(str, first))} and {last}"


MOVE_MENUS = MoveMenus("move", "from", areas_text)


def more_menus(outcome: Outcome, rows: int) -> list[Any]:
    """FUBA's own controls under the board: the skills' first, then the moves' in the rows
    left."""
    found = skills.skill_menus(outcome, rows)
    return [*found, *MOVE_MENUS(outcome, rows - len(found))]


FUBA = register(
    GameCommands(
        ruleset="fuba",
        group="fuba",
        description="Play and follow FUBA tabletop football matches refereed by the bot",
        command_for={
            "formation": "/fuba formation",
            "roll": "/fuba roll",
            "kickoff": "/fuba choose",
            "setup": "/fuba setup",
            "move": "/fuba move, /fuba undo or /fuba done",
            "target": "/fuba target",
            "bring": "/fuba bring",
            "action": "/fuba action (or /fuba move first)",
            "continue": "/fuba continue",
            "free_kick": "/fuba choose",
            "corner": "/fuba choose",
            "penalty": "/fuba penalty",
            "remove": "/fuba remove",
            # the advanced rules' decisions
            "boost": "/fuba choose",
            "pay": "/fuba choose",
            "charge": "/fuba choose",
            "slow": "/fuba choose",
            "roles": "/fuba choose",
            "substitute": "/fuba choose",
            "replace": "/fuba choose",
            "substitutions": "/fuba choose",  # opens a window folded into another decision
            "skills": "/fuba skill",  # A11 the secret choice (the menu, or the picker)
            "skill": "/fuba skill",  # A11 a skill window
        },
        intro=INTRO,
        steps=STEPS,
        topics=BOOK,
        overview="turn",
        # Decisions offered as buttons too: action kind -> the argument the button sets.
        button_args={
            "kickoff": "side",
            "action": "kind",
            "continue": "choice",
            "corner": "side",
            "free_kick": "choice",
            "penalty": "side",
            "boost": "choice",
            "pay": "zone",
            "charge": "choice",
            "slow": "choice",
            "replace": "choice",
            "skill": "name",  # A11 a skill played as it is (one played a particular way: a menu)
        },
        button_labels={"skill:none": "No skill"},
        secret_buttons=frozenset({"penalty"}),  # a click is seen only by the one who clicks
        # the end of an optional step (free movements, the movement action, adjustments);
        # a substitution window folded into the team's decision (A3)
        plain_buttons={"done": "Done moving", "substitutions": "Make substitutions"},
        # Decisions offered as a select menu: action kind -> the argument the chosen value sets.
        pick_args={
            "formation": "shape",  # secret: the choice is seen only by the one who makes it
            "setup": "layout",  # the preset layouts, as their text ("7:2 4:2 6:2 ...")
            "target": "area",
            "bring": "from",
            "remove": "area",
            "substitute": "plan",  # a substitution or a formation change, then done
            "roles": "roles",  # secret, like the formation
            "skills": "skills",  # A11 the suggested picks, secret like the formation
        },
        pick_ints=frozenset({"area", "from"}),
        pick_flags={"bring": ("goalkeeper",)},
        secret_picks={
            "formation": "You chose {value}; it stays secret until both have chosen.",
            "roles": advanced.SECRET_ROLES,
            "skills": advanced.SECRET_SKILLS,
        },
        describe_rules=advanced.describe_rules,
        board_notes=advanced_lines,
        # A11 the skills picker and the skills played a particular way, then every legal move
        # (free movements, movement actions, adjustments) as menus by area
        more_menus=more_menus,
    )
)


def pick_args(kind: str, value: str) -> dict[str, Any]:
    """The action's arguments for a chosen FUBA menu option's value.

    >>> pick_args("bring", "1+goalkeeper"), pick_args("target", "7")
    ({'from': 1, 'goalkeeper': True}, {'area': 7})
    """
    return FUBA.pick_args_of(kind, value)


def move_text(args: JSONData) -> str:
    """A legal move as an autocomplete entry shows it and as the `to` option reads it back.

    >>> move_text({"from": 2, "to": 1, "goalkeeper": True, "with_ball": False})
    'goalkeeper 2 -> 1'
    >>> move_text({"from": 7, "to": 8, "goalkeeper": False, "with_ball": True})
    'player 7 -> 8 with the ball'
    """
    who = "goalkeeper" if args.get("goalkeeper") else "player"
    ball = " with the ball" if args.get("with_ball") else ""
    return f"{who} {args['from']} -> {args['to']}{ball}"


MOVE_TEXT = re.compile(
    r"(?:(?P<who>player|goalkeeper)\s+)?(?:(?P<from>\d+)\s*->\s*)?(?P<to>\d+)"
    r"(?P<ball>\s+with the ball)?"
)


def move_args(from_: int, to: str, goalkeeper: bool, with_ball: bool) -> JSONData:
    """The move of `/fuba move`: ``to`` is an area ("8") or a whole move as autocomplete
    offers it ("goalkeeper 2 -> 1", "player 7 -> 8 with the ball"), whose piece and ball
    count as the options would.

    >>> move_args(2, "goalkeeper 2 -> 1", False, False)
    {'from': 2, 'to': 1, 'goalkeeper': True, 'with_ball': False}
    >>> move_args(7, "8", False, True)
    {'from': 7, 'to': 8, 'goalkeeper': False, 'with_ball': True}
    """
    found = MOVE_TEXT.fullmatch(to.strip().lower())
    if found is None or not 1 <= int(found["to"]) <= 13:
        raise PlayRefusal(
            f"{shown(to)} is not a move: choose one from the list, or give the area the player "
            "goes to (1-13)."
        )
    if found["from"] is not None and int(found["from"]) != from_:
        raise PlayRefusal(
            f"The move {shown(to)} starts in area {found['from']}, not in area {from_}: "
            "choose a move from the area you gave."
        )
    if found["who"] == "player" and goalkeeper:
        raise PlayRefusal(
            f"The move {shown(to)} is a player's: choose the goalkeeper's move instead."
        )
    return {
        "from": from_,
        "to": int(found["to"]),
        "goalkeeper": goalkeeper or found["who"] == "goalkeeper",
        "with_ball": with_ball or found["ball"] is not None,
    }


async def move_from_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[Any]]:
    found = await legal(interaction, "move")
    who: dict[int, set[str]] = {}
    for choice in found:
        args = choice.action.args
        who.setdefault(args["from"], set()).add("goalkeeper" if args["goalkeeper"] else "player")
    options: list[tuple[str, Value]] = [
        (f"area {area} ({' or '.join(sorted(kinds, reverse=True))})", area)
        for area, kinds in who.items()
    ]
    return offer(options, current)


async def move_to_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[Any]]:
    found = await legal(interaction, "move")
    start = getattr(interaction.namespace, "from", None)
    options: list[tuple[str, Value]] = [
        (move_text(c.action.args), move_text(c.action.args))
        for c in found
        if start is None or c.action.args["from"] == start
    ]
    return offer(options, current)


def bring_text(args: JSONData) -> str:
    """A player to bring as an autocomplete entry shows it and `/fuba bring` reads it back.

    >>> bring_text({"from": 1, "goalkeeper": True}), bring_text({"from": 7, "goalkeeper": False})
    ('goalkeeper from 1', 'player from 7')
    """
    return f"{'goalkeeper' if args.get('goalkeeper') else 'player'} from {args['from']}"


async def bring_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[Any]]:
    found = await legal(interaction, "bring")
    options: list[tuple[str, Value]] = [
        (bring_text(c.action.args), bring_text(c.action.args)) for c in found
    ]
    return offer(options, current)


BRING_TEXT = re.compile(r"(?:(?P<who>player|goalkeeper)\s+from\s+)?(?P<area>\d+)")


def bring_args(text: str, goalkeeper: bool) -> JSONData:
    """The player of `/fuba bring`: an area ("7") or a player as autocomplete offers it
    ("goalkeeper from 1").

    >>> bring_args("goalkeeper from 1", False), bring_args("7", False)
    ({'from': 1, 'goalkeeper': True}, {'from': 7, 'goalkeeper': False})
    """
    found = BRING_TEXT.fullmatch(text.strip().lower())
    if found is None or not 1 <= int(found["area"]) <= 13:
        raise PlayRefusal(
            f"{shown(text)} is not a player to bring: choose one from the list, or give the "
            "area (1-13)."
        )
    if found["who"] == "player" and goalkeeper:
        raise PlayRefusal(f"{shown(text)} is an outfield player: choose the goalkeeper instead.")
    return {"from": int(found["area"]), "goalkeeper": goalkeeper or found["who"] == "goalkeeper"}


# -- acting commands -------------------------------------------------------------------------


@app_commands.describe(shape="Defenders-midfielders-forwards adding up to 10, e.g. 4-4-2")
@app_commands.autocomplete(shape=choices_of("formation", "shape"))
async def formation_command(interaction: discord.Interaction, shape: str) -> None:
    """Choose your formation in secret (revealed when both have chosen)."""
    await act_and_post(
        interaction,
        "formation",
        {"shape": shape.strip()},
        reply=f"Your formation: {shape.strip()}. Nobody else sees it before both have chosen.",
    )


@app_commands.describe(layout="area:count pairs for your ten outfield players, e.g. 7:2 4:2 6:2")
@app_commands.autocomplete(layout=choices_of("setup", "layout"))
async def setup_command(interaction: discord.Interaction, layout: str) -> None:
    """Place your outfield players (the goalkeeper stays in your box)."""
    await act_and_post(interaction, "setup", {"layout": layout})


@app_commands.describe(area="The area the ball goes to (1-13); the list shows each ball value")
@app_commands.autocomplete(area=choices_of("target", "area"))
async def target_command(
    interaction: discord.Interaction, area: app_commands.Range[int, 1, 13]
) -> None:
    """Choose the target area of the turn (the team with the ball)."""
    await act_and_post(interaction, "target", {"area": area})


@app_commands.describe(kind="goal, move, position, press or aggressive (pressing)")
@app_commands.autocomplete(kind=choices_of("action", "kind"))
async def action_command(interaction: discord.Interaction, kind: str) -> None:
    """Name your action (moves made before it are its free movements)."""
    await act_and_post(interaction, "action", {"kind": kind.strip().lower()})


@app_commands.rename(from_="from")
@app_commands.describe(
    from_="The area the player leaves",
    to="The area the player goes to, or a move from the list",
    count="How many players move together (default 1)",
    with_ball="Dribble: the player takes the ball along",
    goalkeeper="Move the goalkeeper",
)
@app_commands.autocomplete(from_=move_from_autocomplete, to=move_to_autocomplete)
async def move_command(
    interaction: discord.Interaction,
    from_: app_commands.Range[int, 1, 13],
    to: str,
    count: app_commands.Range[int, 1, 10] = 1,
    with_ball: bool = False,
    goalkeeper: bool = False,
) -> None:
    """Move players one area (free movements, movement actions, adjustments)."""
    args = move_args(from_, to, goalkeeper, with_ball)
    await act_and_post(interaction, "move", {**args, "count": count})


async def done_command(interaction: discord.Interaction) -> None:
    """End the current optional step (movements, adjustments)."""
    await act_and_post(interaction, "done", {})


@app_commands.describe(choice="second: play second actions; new_turn: start a new turn")
@app_commands.autocomplete(choice=choices_of("continue", "choice"))
async def continue_command(interaction: discord.Interaction, choice: str) -> None:
    """Second actions or a new turn (the team with the ball)."""
    await act_and_post(interaction, "continue", {"choice": choice.strip().lower()})


@app_commands.describe(side="left, middle or right (secret until both have chosen)")
@app_commands.autocomplete(side=choices_of("penalty", "side"))
async def penalty_command(interaction: discord.Interaction, side: str) -> None:
    """Penalty: the keeper's dive or the kick, in secret."""
    side = side.strip().lower()
    await act_and_post(
        interaction, "penalty", {"side": side}, reply=SECRET_REPLY.format(value=side)
    )


@app_commands.describe(dice='The values you rolled at the table, e.g. "5 2"')
async def roll_command(interaction: discord.Interaction, dice: str) -> None:
    """Enter the dice you rolled (physical-dice matches)."""
    await act_and_post(interaction, "roll", {"dice": dice})


@app_commands.rename(from_="from")
@app_commands.describe(
    from_="The area of the player you bring to the ball, or a player from the list",
    goalkeeper="It is the goalkeeper",
)
@app_commands.autocomplete(from_=bring_autocomplete)
async def bring_command(
    interaction: discord.Interaction, from_: str, goalkeeper: bool = False
) -> None:
    """Bring your closest player to the ball's area."""
    await act_and_post(interaction, "bring", bring_args(from_, goalkeeper))


@app_commands.describe(area="The area of the outfield player who leaves")
@app_commands.autocomplete(area=choices_of("remove", "area"))
async def remove_command(
    interaction: discord.Interaction, area: app_commands.Range[int, 1, 13]
) -> None:
    """Choose which outfield player leaves the pitch (red card, injury)."""
    await act_and_post(interaction, "remove", {"area": area})


COMMANDS: dict[str, Callable[..., Awaitable[None]]] = {
    **SHARED,
    "challenge": advanced.challenge_command,  # with the rules and options of a FUBA match
    "formation": formation_command,
    "setup": setup_command,
    "target": target_command,
    "action": action_command,
    "move": move_command,
    "done": done_command,
    "continue": continue_command,
    "penalty": penalty_command,
    "roll": roll_command,
    "bring": bring_command,
    "choose": advanced.choose_command,
    "skill": skills.skill_command,
    "remove": remove_command,
    "position": position_command,
    **HELP,
}
DESCRIPTIONS = {
    "challenge": "Challenge a member (or the bot) to a FUBA match in this channel.",
    "help": "How to play FUBA here, every /fuba command, and a rule in short (topic).",
}


async def setup(bot: commands.Bot) -> None:
    add_commands(bot, FUBA, COMMANDS, DESCRIPTIONS)
    bot.add_dynamic_items(*skills.ITEMS)


async def teardown(bot: commands.Bot) -> None:
    bot.remove_dynamic_items(*skills.ITEMS)
    remove_commands(bot, FUBA, *COMMANDS)
