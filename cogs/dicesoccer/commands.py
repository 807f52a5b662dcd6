"""Sports Dice Soccer in Discord: the `/dicesoccer` group, its game-specific commands and its
``GameCommands``.

Challenges, the public message after each step, buttons, turn timeouts, board/status/log/
resign/abort, help and rules are the shared ``cogs.play`` package's code, as for FUBA.
What is this game's:

- dice: with virtual dice each player rolls on request (``player_rolls``: `/dicesoccer roll` or
  the Roll the dice button; the bot rolls from the match's seed, so replays are exact and the
  coach rolls at once); with physical dice the player types what they rolled, as numbers or
  symbol letters (``dice:"B B K P R R"``), read with the match's faces by the referee;
- `start` (the toss winner's offense or defense), `pick` (a tie inside the winner's dice),
  `chip` (the Power Chip at a tie between the teams), all three also as buttons;
- `reroll` (the advanced rule; positions typed or offered by autocomplete);
- the challenge's own options: `target_score` and `advanced`.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.dicesoccer.help import INTRO, STEPS
from cogs.dicesoccer.rules import BOOK
from cogs.play.autocomplete import Value, choices_of, legal, offer
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
from cogs.play.commands import ENDING, READING, SHARED, roll_on_request
from cogs.play.groups import add_commands, remove_commands
from cogs.play.help import COMMANDS as HELP
from cogs.play.registry import GameCommands, JSONData, PlayRefusal, register
from cogs.text import shown
from referee.deadlines import MAX_TURN_TIMEOUT
from referee.service import DICE_MODES

RULESET = "dicesoccer"
MAX_TARGET = 9  # goals to win, as the engine allows
NONE = {"none", "no", "keep", "0", "-"}


def describe_rules(rules: JSONData) -> str:
    """
    >>> describe_rules({"target_score": 5, "advanced": True})
    'first to 5 goals, advanced rule: Power Chip re-roll'
    >>> describe_rules({})
    ''
    """
    parts = []
    if rules.get("target_score"):
        n = rules["target_score"]
        parts.append(f"first to {n} goal{'' if n == 1 else 's'}")
    if rules.get("advanced"):
        parts.append("advanced rule: Power Chip re-roll")
    return ", ".join(parts)


DICESOCCER = register(
    GameCommands(
        ruleset=RULESET,
        group="dicesoccer",
        description="Play and follow Sports Dice Soccer matches refereed by the bot",
        command_for={
            "roll": "/dicesoccer roll",
            "start": "/dicesoccer start",
            "pick": "/dicesoccer pick",
            "chip": "/dicesoccer chip",
            "reroll": "/dicesoccer reroll",
        },
        intro=INTRO,
        steps=STEPS,
        topics=BOOK,
        overview="how to play",
        player_rolls=True,
        button_args={"start": "role", "pick": "symbol", "chip": "use"},
        button_values={"chip": lambda value: value == "true"},
        button_labels={
            "chip:true": "Use the Power Chip",
            "chip:false": "Keep it",
            "start:offense": "Start on offense",
            "start:defense": "Start on defense (with the Power Chip)",
        },
        describe_rules=describe_rules,
    )
)


def positions(text: str) -> list[int]:
    """Dice positions typed by a player (1 = the first die), or none to keep them all.

    >>> positions("1 3 5"), positions("2,4"), positions("135"), positions("none")
    ([1, 3, 5], [2, 4], [1, 3, 5], [])
    """
    words = text.strip().lower().replace(",", " ").split()
    if not words or (len(words) == 1 and words[0] in NONE):
        return []
    if len(words) == 1 and words[0].isdigit() and len(words[0]) > 1:
        words = list(words[0])  # "135"
    if not all(re.fullmatch(r"[1-9]", word) for word in words):
        raise PlayRefusal(
            f"{shown(text)} is not a list of dice: name them by position, 1 for the first die, "
            'e.g. `dice:"1 3 5"`, or `dice:none` to keep them all.'
        )
    return [int(word) for word in words]


# -- commands ----------------------------------------------------------------------------


@app_commands.describe(
    opponent=OPPONENT_HELP,
    dice="virtual: the bot rolls when you roll; physical: you roll at the table and type the dice",
    turn_timeout=TURN_TIMEOUT_HELP,
    thread=THREAD_HELP,
    target_score="Goals needed to win (default 3)",
    advanced="Play the advanced Power Chip re-roll rule (default: off)",
    ranked=RANKED_HELP,
    level=LEVEL_HELP,
)
@app_commands.choices(
    dice=[app_commands.Choice(name=m, value=m) for m in DICE_MODES], level=LEVEL_CHOICES
)
async def challenge_command(
    interaction: discord.Interaction,
    opponent: discord.Member,
    dice: app_commands.Choice[str] | None = None,
    turn_timeout: app_commands.Range[int, 1, MAX_TURN_TIMEOUT] | None = None,
    thread: bool | None = None,
    target_score: app_commands.Range[int, 1, MAX_TARGET] | None = None,
    advanced: bool = False,
    ranked: bool = False,
    level: app_commands.Choice[str] | None = None,
) -> None:
    """Challenge a member (or the bot) to a Sports Dice Soccer match in this channel."""
    rules: JSONData = {}
    if target_score is not None:
        rules["target_score"] = target_score
    if advanced:
        rules["advanced"] = True
    mode = dice_mode(dice)
    await challenge(
        interaction,
        DICESOCCER,
        opponent,
        mode,
        thread,
        turn_timeout,
        rules,
        ranked=ranked,
        level=level_of(level),
    )


@app_commands.describe(role="offense: you get the ball; defense: you get the Power Chip")
@app_commands.choices(
    role=[app_commands.Choice(name=r, value=r) for r in ("offense", "defense")],
)
async def start_command(interaction: discord.Interaction, role: app_commands.Choice[str]) -> None:
    """You won the toss: start on offense or on defense."""
    await act_and_post(interaction, "start", {"role": role.value})


@app_commands.describe(symbol="The play you choose among the symbols tied in your dice")
@app_commands.autocomplete(symbol=choices_of("pick", "symbol"))
async def pick_command(interaction: discord.Interaction, symbol: str) -> None:
    """You won the roll with a tie in your own dice: pick your play."""
    await act_and_post(interaction, "pick", {"symbol": symbol.strip().lower().replace(" ", "_")})


@app_commands.describe(use="true: use the Power Chip and win the roll; false: keep it")
async def chip_command(interaction: discord.Interaction, use: bool) -> None:
    """A tie between the teams: use the Power Chip to win the roll, or keep it."""
    await act_and_post(interaction, "chip", {"use": use})


async def reroll_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[Any]]:
    options: list[tuple[str, Value]] = []
    for choice in await legal(interaction, "reroll"):
        chosen = choice.action.args.get("positions") or []
        value = " ".join(map(str, chosen)) or "none"
        options.append((f"{value}: {choice.label}", value))
    return offer(options, current)


@app_commands.describe(dice='Positions of your dice to re-roll, e.g. "1 3 5", or "none"')
@app_commands.autocomplete(dice=reroll_autocomplete)
async def reroll_command(interaction: discord.Interaction, dice: str) -> None:
    """Advanced rule: re-roll some of your dice with the Power Chip (or none)."""
    chosen = positions(dice)
    await act_and_post(interaction, "reroll", {"positions": chosen})


COMMANDS: dict[str, Callable[..., Awaitable[None]]] = {
    **{name: SHARED[name] for name in ("accept", "decline")},
    "challenge": challenge_command,
    "roll": roll_on_request('"5 2 1 6 3 3" or "B B K P R R"'),
    "start": start_command,
    "pick": pick_command,
    "chip": chip_command,
    "reroll": reroll_command,
    **READING,
    **ENDING,
    **HELP,
}
DESCRIPTIONS = {
    "help": "How to play Sports Dice Soccer here, every /dicesoccer command, a rule in short.",
    "abort": "Call the match off (only before the first play is rolled).",
}


async def setup(bot: commands.Bot) -> None:
    add_commands(bot, DICESOCCER, COMMANDS, DESCRIPTIONS)


async def teardown(bot: commands.Bot) -> None:
    remove_commands(bot, DICESOCCER, *COMMANDS)
