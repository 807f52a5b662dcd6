"""Socceristic in Discord: the `/socceristic` group, its game-specific commands and its
``GameCommands``.

Challenges, the public message after each step, buttons, turn timeouts, board/status/log/
resign/abort, help and rules are the shared ``cogs.play`` package's code. What is this game's:

- dice: with virtual dice each player rolls on request (``player_rolls``: `/socceristic roll` or
  the Roll the dice button); with physical dice the player types what they rolled;
- the decisions under the live board: Draw a card (a button), the ends and a corner's side
  (buttons), the direction of a free move or throw-in (a menu of the legal directions, each
  saying where the ball stops); as commands too: `draw`, `end`, `corner`, `direction`;
- the challenge's own options: `pitch` (the sample or one of the server's, ``pitches``),
  `length` of a half, both squads' names;
- `/socceristic pitch upload|list|remove` (``cogs.socceristic.pitches``).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import discord
from discord import app_commands
from discord.ext import commands

from cogs.play.autocomplete import choices_of
from cogs.play.buttons import act_and_post
from cogs.play.challenges import (
    LEVEL_CHOICES,
    LEVEL_HELP,
    OPPONENT_HELP,
    RANKED_HELP,
    THREAD_HELP,
    TURN_TIMEOUT_HELP,
    challenge,
    dice_mode,
    level_of,
)
from cogs.play.commands import SHARED, roll_on_request
from cogs.play.groups import add_commands, game_group, remove_commands
from cogs.play.help import COMMANDS as HELP
from cogs.play.registry import GameCommands, JSONData, PlayRefusal, register
from cogs.play.texts import minutes_text
from cogs.socceristic import pitches
from cogs.socceristic.help import INTRO, STEPS
from cogs.socceristic.rules import BOOK
from cogs.text import shown
from engine.core import RulesError
from engine.core.errors import MalformedAction
from engine.socceristic.options import normalize
from engine.socceristic.pitch import DIRECTION_WORDS
from referee.deadlines import MAX_TURN_TIMEOUT
from referee.service import DICE_MODES

RULESET = "socceristic"
HALVES = {1: "First half", 2: "Second half"}
# A direction as players may type it: "NE", "ne", "north-east", "north east", "northeast".
DIRECTION_OF = {
    **{code.lower(): code for code in DIRECTION_WORDS},
    **{word: code for code, word in DIRECTION_WORDS.items()},
    **{word.replace("-", " "): code for code, word in DIRECTION_WORDS.items()},
    **{word.replace("-", ""): code for code, word in DIRECTION_WORDS.items()},
}


def length_text(length: JSONData) -> str:
    """A normalized length of a half in words.

    >>> length_text({"moves": 30}), length_text({"minutes": 20, "added": 5})
    ('halves of 30 moves', 'halves of 20 minutes (+5 added)')
    >>> length_text({"minutes": 1, "added": 0})
    'halves of 1 minute'
    """
    if "moves" in length:
        n = length["moves"]
        return f"halves of {n} move{'' if n == 1 else 's'}"
    added = length.get("added", 0)
    return f"halves of {minutes_text(length['minutes'])}" + (f" (+{added} added)" if added else "")


def describe_rules(rules: JSONData) -> str:
    """A challenge's match options in a few words.

    >>> describe_rules({})
    'sample pitch, halves of 50 moves'
    >>> describe_rules({"length": "20 min + 3"})
    'sample pitch, halves of 20 minutes (+3 added)'
    """
    try:
        options = normalize(rules)
    except (RulesError, ValueError):
        return pitches.pitch_title(rules)
    return f"{pitches.pitch_title(rules)}, {length_text(options['length'])}"


def board_notes(view: JSONData) -> list[str]:
    """The pitch in play and how far the half has gone, under the live board."""
    options = view.get("options") or {}
    pitch = options.get("pitch") or {}
    name = "sample" if pitch.get("sample", True) else shown(str(pitch.get("name", "")))
    notes = [f"Pitch: {name}"]
    half, length = view.get("half"), options.get("length") or {}
    if half in HALVES and not view.get("over"):
        if "moves" in length:
            notes.append(f"{HALVES[half]}: move {view.get('moves', 0)} of {length['moves']}")
        elif "minutes" in length:
            played = int(view.get("clock", 0)) // 60
            added = length.get("added", 0)
            of = f"{length['minutes']}" + (f" (+{added})" if added else "")
            notes.append(f"{HALVES[half]}: {played} of {of} minutes played")
    return notes


SOCCERISTIC = register(
    GameCommands(
        ruleset=RULESET,
        group="socceristic",
        description="Play and follow Socceristic matches refereed by the bot",
        command_for={
            "roll": "/socceristic roll",
            "draw": "/socceristic draw",
            "direction": "/socceristic direction",
            "end": "/socceristic end",
            "corner": "/socceristic corner",
        },
        intro=INTRO,
        steps=STEPS,
        topics=BOOK,
        overview="how to play",
        player_rolls=True,
        plain_buttons={"draw": "Draw a card"},
        button_args={"end": "end", "corner": "side"},
        button_labels={
            "end:north": "Defend the north end",
            "end:south": "Defend the south end",
            "corner:west": "Corner from the west",
            "corner:east": "Corner from the east",
        },
        pick_args={"direction": "direction"},
        describe_rules=describe_rules,
        board_notes=board_notes,
    )
)


def squads(squad: str | None, opponent_squad: str | None) -> JSONData:
    """Both squads' names as typed, by side: the challenger plays home (``seats_for``).

    >>> squads("Ann, Bea", None)
    {'squads': {'home': 'Ann, Bea'}}
    >>> squads(None, None)
    {}
    """
    given = {"home": squad, "away": opponent_squad}
    named = {side: text for side, text in given.items() if text and text.strip()}
    return {"squads": named} if named else {}


def direction_of(text: str) -> str:
    """A direction as typed, as the engine names it.

    >>> direction_of("north-east"), direction_of(" SW "), direction_of("South East")
    ('NE', 'SW', 'SE')
    """
    code = DIRECTION_OF.get(" ".join(text.strip().lower().split()))
    if code is None:
        words = ", ".join(DIRECTION_WORDS.values())
        raise PlayRefusal(f"'{shown(text)}' is no direction; choose one of {words}.")
    return code


# -- commands ----------------------------------------------------------------------------


@app_commands.describe(
    opponent=OPPONENT_HELP,
    pitch="The pitch and cards: the sample, or one of this server's (`/socceristic pitch list`)",
    length='How long each half is: "50 moves" (default) or "20 minutes" (+5 added)',
    squad="Your players by shirt, comma separated (1-11 start, 12-16 the bench)",
    opponent_squad="Your opponent's players by shirt, comma separated",
    dice="virtual: the bot rolls when you roll; physical: you roll at the table and type the dice",
    turn_timeout=TURN_TIMEOUT_HELP,
    thread=THREAD_HELP,
    ranked=RANKED_HELP,
    level=LEVEL_HELP,
)
@app_commands.choices(
    dice=[app_commands.Choice(name=m, value=m) for m in DICE_MODES], level=LEVEL_CHOICES
)
@app_commands.autocomplete(pitch=pitches.pitch_autocomplete, length=pitches.length_autocomplete)
async def challenge_command(
    interaction: discord.Interaction,
    opponent: discord.Member,
    pitch: str | None = None,
    length: str | None = None,
    squad: str | None = None,
    opponent_squad: str | None = None,
    dice: app_commands.Choice[str] | None = None,
    turn_timeout: app_commands.Range[int, 1, MAX_TURN_TIMEOUT] | None = None,
    thread: bool | None = None,
    ranked: bool = False,
    level: app_commands.Choice[str] | None = None,
) -> None:
    """Challenge a member (or the bot) to a Socceristic match in this channel."""
    rules = await pitches.pitch_rules(interaction, pitch)
    if length is not None and length.strip():
        rules["length"] = length.strip()
    rules.update(squads(squad, opponent_squad))
    try:
        normalize(rules)  # a refusal a player can read, before anyone is asked to accept
    except MalformedAction as error:  # it may quote what was typed (a squad's name)
        raise PlayRefusal(shown(str(error))) from None
    await challenge(
        interaction,
        SOCCERISTIC,
        opponent,
        dice_mode(dice),
        thread,
        turn_timeout,
        rules,
        ranked=ranked,
        level=level_of(level),
    )


async def draw_command(interaction: discord.Interaction) -> None:
    """Draw the top card of the pack you are asked to draw from."""
    await act_and_post(interaction, "draw", {})


@app_commands.describe(direction="Where the ball goes (the legal directions are offered)")
@app_commands.autocomplete(direction=choices_of("direction", "direction"))
async def direction_command(interaction: discord.Interaction, direction: str) -> None:
    """Choose the direction of your free move or throw-in."""
    await act_and_post(interaction, "direction", {"direction": direction_of(direction)})


@app_commands.describe(end="The end of the pitch you defend in the first half")
@app_commands.choices(end=[app_commands.Choice(name=e, value=e) for e in ("north", "south")])
async def end_command(interaction: discord.Interaction, end: app_commands.Choice[str]) -> None:
    """You lost the toss: choose the end you defend in the first half."""
    await act_and_post(interaction, "end", {"end": end.value})


@app_commands.describe(side="The side of the goal the corner is taken from")
@app_commands.choices(side=[app_commands.Choice(name=s, value=s) for s in ("west", "east")])
async def corner_command(interaction: discord.Interaction, side: app_commands.Choice[str]) -> None:
    """Your corner: choose the side it is taken from."""
    await act_and_post(interaction, "corner", {"side": side.value})


# the shared ones but undo (a roll cannot be taken back), and this game's own challenge
COMMANDS: dict[str, Callable[..., Awaitable[None]]] = {
    **{name: command for name, command in SHARED.items() if name != "undo"},
    **HELP,
    "challenge": challenge_command,
    "roll": roll_on_request('"4" or "3 5"'),
    "draw": draw_command,
    "direction": direction_command,
    "end": end_command,
    "corner": corner_command,
}
DESCRIPTIONS = {
    "help": "How to play Socceristic here, every /socceristic command, a rule in short.",
    "abort": "Call the match off (only before the kick-off).",
}


async def setup(bot: commands.Bot) -> None:
    add_commands(bot, SOCCERISTIC, COMMANDS, DESCRIPTIONS)
    game_group(bot, SOCCERISTIC).add_command(pitches.pitch_group())


async def teardown(bot: commands.Bot) -> None:
    remove_commands(bot, SOCCERISTIC, *COMMANDS, "pitch")
