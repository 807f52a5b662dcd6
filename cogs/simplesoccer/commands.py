"""Simple Soccer in Discord: the `/simplesoccer` group, its game-specific commands and its
``GameCommands``.

Challenges, the live board, buttons, turn timeouts, board/status/log/resign/abort/undo, help
and rules are the shared ``cogs.play`` package's code, as for the other games. What is this
game's:

- the challenge's options: board size, fielders a side, how long a match lasts (a turn count,
  a set score or timed, with a turn clock) and half time;
- dice rolled on request (`/simplesoccer roll` or the Roll the dice button), or typed with
  physical dice;
- `setup` (a preset, also the board's menu, or a typed layout), `move`, `kick` and `grab`
  along a path of squares (autocomplete offers the legal destinations with their cost, from
  ``cogs.simplesoccer.choices``), `end` (also a button) and the shootout's secret `spot`
  (also a menu whose choice only the chooser sees);
- the live board's menus of who plays and where to (``cogs.simplesoccer.menus``).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.play.autocomplete import Value, offer
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
from cogs.play.texts import minutes_text
from cogs.simplesoccer import advanced, menus
from cogs.simplesoccer.choices import RULESET, Plays, member_of, path_of, plays_of, ranked
from cogs.simplesoccer.help import INTRO, STEPS
from cogs.simplesoccer.rules import BOOK
from engine.simplesoccer.field import SIZES
from engine.simplesoccer.options import (
    LENGTHS,
    MAX_FIELDERS,
    MAX_MINUTES,
    MAX_TARGET,
    MAX_TURNS,
    normalize,
)
from engine.simplesoccer.rules import MODES, RULES, describe
from referee.deadlines import MAX_TURN_TIMEOUT
from referee.service import DICE_MODES
from referee.simplesoccer.game import advanced_lines

PRESETS = ("balanced", "attacking", "defensive")
TIMED_TURN_MINUTES = 1  # the turn clock of a timed match challenged without a turn timeout
SPOT_REPLY = (
    "Your goalkeeper stands on spot {value}. The kicker sees it only once the kick is taken."
)
FACE_REPLY = "Your kicker hides the die showing {value}. It counts once the goalkeeper has moved."
CHOOSE = "/simplesoccer choose (or the menu under the board)"
# the advanced rules' decisions: the command that answers each, besides the board's menus
ADVANCED_COMMANDS = {
    "tackle": "/simplesoccer tackle (or the menu under the board)",
    "call": "/simplesoccer call (or the buttons under the board)",
    **{
        kind: CHOOSE
        for kind in (
            "intercept",
            "coordinate",
            "trap_or_kick",
            "redirect",
            "aim",
            "level",
            "follow",
            "keep",
            "taker",
            "place",
            "reposition",
            "deflect",
            "skills",
            "face",
        )
    },
}
# decisions offered whole in menus under the board (several arguments, or many choices):
# each option is one legal choice (``cogs.play.buttons.IndexSelect``); a decision that has
# buttons or a menu of one argument already keeps those
INDEX_MENUS = frozenset(ADVANCED_COMMANDS)


def describe_rules(rules: JSONData) -> str:
    """A challenge's match options in a few words.

    >>> describe_rules({})
    'standard board, 10 a side, 40 turns'
    >>> describe_rules({"size": "small", "length": "score", "target": 3})
    'small board, 7 a side, first to 3 goals'
    >>> describe_rules({"length": "timed", "turn_timeout": 1, "half_time": True})
    'standard board, 10 a side, 20 minutes of play with 1 minute a turn, half time'
    >>> describe_rules({"minutes": 5})
    'standard board, 10 a side, 5 minutes of play with 30 seconds a turn'
    >>> describe_rules({"rules": "advanced", "options": "-fouls"})
    'standard board, 10 a side, 40 turns, advanced rules without fouls'
    """
    try:
        options = normalize(rules)
    except ValueError:
        return ""
    parts = [f"{options['size']} board", f"{options['fielders']} a side"]
    if options["length"] == "score":
        target = options["target"]
        parts.append(f"first to {target} goal{'' if target == 1 else 's'}")
    elif options["length"] == "timed":
        parts.append(
            f"{minutes_text(options['minutes'])} of play with "
            f"{seconds_text(options['turn_seconds'])} a turn"
        )
    else:
        parts.append(f"{options['turns']} turns")
    if options["half_time"]:
        parts.append("half time")
    if any(options["advanced"].values()):
        parts.append(describe(options["advanced"]))
    return ", ".join(parts)


def seconds_text(seconds: int) -> str:
    """
    >>> seconds_text(120), seconds_text(30)
    ('2 minutes', '30 seconds')
    """
    return minutes_text(seconds // 60) if seconds % 60 == 0 else f"{seconds} seconds"


SIMPLESOCCER = register(
    GameCommands(
        ruleset=RULESET,
        group="simplesoccer",
        description="Play and follow Simple Soccer matches refereed by the bot",
        command_for={
            "roll": "/simplesoccer roll",
            "setup": "/simplesoccer setup",
            "play": "/simplesoccer move, /simplesoccer kick, /simplesoccer grab or "
            "/simplesoccer end",
            "spot": "/simplesoccer spot",
            **ADVANCED_COMMANDS,
        },
        intro=INTRO,
        steps=STEPS,
        topics=BOOK,
        overview="turn",
        player_rolls=True,
        plain_buttons={"end": "End turn"},
        # a tackle's call, a fake-out's level, a juggle's follow-up: a few buttons
        button_args={"call": "call", "level": "level", "follow": "how"},
        # The presets are one menu, not buttons: both teams set up at once, and their equal
        # buttons would repeat custom ids in one message (Discord refuses that).
        pick_args={
            "setup": "preset",
            "spot": "spot",
            "face": "face",
            "taker": "member",
            "aim": "dir",
            "redirect": "to",
            "deflect": "dir",
            "place": "square",
            "skills": "preset",
        },
        pick_ints=frozenset({"spot", "face"}),
        secret_picks={"spot": SPOT_REPLY, "face": FACE_REPLY},
        index_menus=INDEX_MENUS,
        board_notes=advanced_lines,
        describe_rules=describe_rules,
        more_menus=menus.more_menus,
    )
)


def match_rules(
    size: str | None,
    fielders: int | None,
    length: str | None,
    target: int | None,
    turns: int | None,
    minutes: int | None,
    half_time: bool | None,
    turn_timeout: int | None,
    rules: str | None = None,
    options: str | None = None,
) -> tuple[JSONData, int | None]:
    """A challenge's match options as given, and its turn timeout (a timed match needs one,
    also its rules' turn clock). The engine works out the length when it is not named
    (``target``: first to a score...) and refuses an option of another length, or a word of
    ``options`` that is no rule.

    >>> match_rules(None, None, None, 3, None, None, None, None)
    ({'target': 3}, None)
    >>> match_rules("small", 5, None, None, None, 10, None, None)
    ({'size': 'small', 'fielders': 5, 'minutes': 10, 'turn_timeout': 1}, 1)
    >>> match_rules(None, None, None, None, None, None, None, None, "advanced", "-fouls")
    ({'rules': 'advanced', 'options': '-fouls'}, None)
    """
    given = {
        "size": size,
        "fielders": fielders,
        "length": length,
        "target": target,
        "turns": turns,
        "minutes": minutes,
        "half_time": half_time or None,
        "rules": rules,
        "options": options.strip() if options and options.strip() else None,
    }
    rules: JSONData = {option: value for option, value in given.items() if value is not None}
    # a refusal a player can read, before anyone is asked to accept
    if normalize(rules)["length"] == "timed":
        turn_timeout = turn_timeout or TIMED_TURN_MINUTES
        rules["turn_timeout"] = turn_timeout  # the rules' turn clock
    return rules, turn_timeout


def option_entries(current: str) -> list[tuple[str, Value]]:
    """What `options:` may become: the words typed so far, then each rule whose name fits the
    word being typed (on, or off after a "-"), with what the rule does.

    >>> [v for _, v in option_entries("tackles -fo")]
    ['tackles -fouls']
    >>> option_entries("head")[0]
    ('headers: headers, intercepting or between team-mates', 'headers')
    """
    words = current.split()
    typing = "" if not words or current[-1:].isspace() else words.pop()
    sign = next((p for p in ("no-", "-", "+", "!") if typing.lower().startswith(p)), "")
    stem = typing[len(sign) :].lower()
    head = " ".join(words)
    named = {word.lower().lstrip("+-!").removeprefix("no-").partition("=")[0] for word in words}
    entries: list[tuple[str, Value]] = []
    for rule, what in RULES.items():
        if rule in named or not rule.startswith(stem):
            continue
        value = f"{head} {sign}{rule}".strip()
        verb = "no " if sign in ("-", "no-", "!") else ""
        entries.append((f"{value}: {verb}{what}", value))
    return entries


async def options_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[Any]]:
    return offer(option_entries(current), "")


# -- commands ----------------------------------------------------------------------------


@app_commands.describe(
    opponent=OPPONENT_HELP,
    dice="virtual: the bot rolls when you roll; physical: you roll at the table and type the dice",
    turn_timeout=TURN_TIMEOUT_HELP + "; timed: turn clock (default 1)",
    thread=THREAD_HELP,
    ranked=RANKED_HELP,
    level=LEVEL_HELP,
    size="Board size: "
    + ", ".join(f"{s.name} {s.width}x{s.height}" for s in SIZES.values())
    + " (default: standard)",
    fielders=f"Fielders a side besides the goalkeeper (1-{MAX_FIELDERS}; default 10, small 7)",
    length="How the match ends: after a turn count (default), at a set score, or timed",
    target="Set score: goals needed to win (default 2)",
    turns="Turn count: turns of both teams together (default 40)",
    minutes="Timed: minutes of play (default 20)",
    half_time="Play two halves, the other team kicking off the second (turns or timed)",
    rules="basic (default) or advanced: every advanced rule but repositioning",
    options='Advanced rules on or off, e.g. "tackles headers" or "-fouls -skills"',
)
@app_commands.choices(
    level=LEVEL_CHOICES,
    dice=[app_commands.Choice(name=m, value=m) for m in DICE_MODES],
    size=[app_commands.Choice(name=s, value=s) for s in SIZES],
    length=[app_commands.Choice(name=n, value=n) for n in LENGTHS],
    rules=[app_commands.Choice(name=mode, value=mode) for mode in MODES],
)
@app_commands.autocomplete(options=options_autocomplete)
async def challenge_command(
    interaction: discord.Interaction,
    opponent: discord.Member,
    dice: app_commands.Choice[str] | None = None,
    turn_timeout: app_commands.Range[int, 1, MAX_TURN_TIMEOUT] | None = None,
    thread: bool | None = None,
    ranked: bool = False,
    level: app_commands.Choice[str] | None = None,
    size: app_commands.Choice[str] | None = None,
    fielders: app_commands.Range[int, 1, MAX_FIELDERS] | None = None,
    length: app_commands.Choice[str] | None = None,
    target: app_commands.Range[int, 1, MAX_TARGET] | None = None,
    turns: app_commands.Range[int, 2, MAX_TURNS] | None = None,
    minutes: app_commands.Range[int, 1, MAX_MINUTES] | None = None,
    half_time: bool | None = None,
    rules: app_commands.Choice[str] | None = None,
    options: str | None = None,
) -> None:
    """Challenge a member (or the bot) to a Simple Soccer match in this channel."""
    chosen, turn_timeout = match_rules(
        size.value if size else None,
        fielders,
        length.value if length else None,
        target,
        turns,
        minutes,
        half_time,
        turn_timeout,
        rules.value if rules else None,
        options,
    )
    await challenge(
        interaction,
        SIMPLESOCCER,
        opponent,
        dice_mode(dice),
        thread,
        turn_timeout,
        chosen,
        ranked=ranked,
        level=level_of(level),
    )


@app_commands.describe(
    preset="A ready-made set-up",
    layout='Or place everyone yourself: "G goal7, 1 c3, 2 c11, ..." (each member and square)',
)
@app_commands.choices(preset=[app_commands.Choice(name=p, value=p) for p in PRESETS])
async def setup_command(
    interaction: discord.Interaction,
    preset: app_commands.Choice[str] | None = None,
    layout: str | None = None,
) -> None:
    """Set up your team: a preset, or each member's square."""
    if (preset is None) == (layout is None):
        raise PlayRefusal(
            "Choose a `preset`, or type a `layout` such as "
            '`layout:"G goal7, 1 c3, 2 c11, ..."`: one of the two.'
        )
    args = {"preset": preset.value} if preset is not None else {"layout": layout}
    await act_and_post(interaction, "setup", args)


def member_entries(plays: Plays, kind: str, current: str) -> list[app_commands.Choice[Any]]:
    options: list[tuple[str, Value]] = [
        (plays.member_label(member), member) for member in plays.members(kind)
    ]
    return offer(options, current)


def path_entries(
    plays: Plays, kind: str, member: str | None, current: str
) -> list[app_commands.Choice[Any]]:
    """A member's destinations, best matches first; none before the member is chosen (unless
    only one member can make the play: the one kicker, say)."""
    if member is None:
        members = plays.members(kind)
        if len(members) != 1:
            return []
        member = members[0]
    options: list[tuple[str, Value]] = [
        (r.label(), r.value) for r in ranked(plays.of(kind, member), current)
    ]
    return offer(options, "")


def chosen_member(interaction: discord.Interaction) -> str | None:
    """The member already chosen in the command being typed (None before one is)."""
    typed = getattr(interaction.namespace, "member", None)
    if not typed:
        return None
    try:
        return member_of(str(typed))
    except PlayRefusal:
        return None


def completer(
    kind: str, arg: str
) -> Callable[[discord.Interaction, str], Awaitable[list[app_commands.Choice[Any]]]]:
    """The autocomplete of a play's ``member`` or ``path``."""

    async def complete(
        interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[Any]]:
        plays = await plays_of(interaction)
        if arg == "member":
            return member_entries(plays, kind, current)
        member = "G" if kind == "grab" else chosen_member(interaction)
        return path_entries(plays, kind, member, current)

    return complete


@app_commands.describe(
    member="Who moves: the number of a fielder, or G for the goalkeeper",
    path='The squares stepped on, e.g. "e6 f7", or only where to go; the list shows the cost',
)
@app_commands.autocomplete(member=completer("move", "member"), path=completer("move", "path"))
async def move_command(interaction: discord.Interaction, member: str, path: str) -> None:
    """Move one of your team square by square (one point a step)."""
    args = {"member": member_of(member), "path": path_of(path)}
    await act_and_post(interaction, "move", args)


@app_commands.describe(
    member="Who kicks: a member with the ball in front of their feet, or G holding it",
    path='The squares the ball crosses, e.g. "f6 g6 goal7" for a shot; or only where it ends',
)
@app_commands.autocomplete(member=completer("kick", "member"), path=completer("kick", "path"))
async def kick_command(interaction: discord.Interaction, member: str, path: str) -> None:
    """Kick the ball square by square (one point a step); into the goal squares is a shot."""
    args = {"member": member_of(member), "path": path_of(path)}
    await act_and_post(interaction, "kick", args)


@app_commands.describe(
    path='The goalkeeper\'s straight steps onto the ball, e.g. "c7 c8" (default: the way there)',
)
@app_commands.autocomplete(path=completer("grab", "path"))
async def grab_command(interaction: discord.Interaction, path: str | None = None) -> None:
    """Your goalkeeper grabs the ball in your penalty area (straight steps only)."""
    if path is None:  # the ball's square: the engine takes the way there, or says why not
        await interaction.response.defer(ephemeral=True, thinking=True)
        path = (await plays_of(interaction)).ball or ""  # none off the turn: the referee says
    await act_and_post(interaction, "grab", {"path": path_of(path) if path else []})


async def end_command(interaction: discord.Interaction) -> None:
    """End your turn now (the points left are lost)."""
    await act_and_post(interaction, "end", {})


@app_commands.describe(spot="Where your goalkeeper stands, 1-7 counted from the kicker's left")
async def spot_command(
    interaction: discord.Interaction, spot: app_commands.Range[int, 1, 7]
) -> None:
    """Shootout: choose your goalkeeper's spot in secret."""
    await act_and_post(interaction, "spot", {"spot": spot}, reply=SPOT_REPLY.format(value=spot))


COMMANDS: dict[str, Callable[..., Awaitable[None]]] = {
    **{name: SHARED[name] for name in ("accept", "decline")},
    "challenge": challenge_command,
    "roll": roll_on_request('"5 2"'),
    "setup": setup_command,
    "move": move_command,
    "kick": kick_command,
    "grab": grab_command,
    "end": end_command,
    "undo": SHARED["undo"],
    "spot": spot_command,
    **advanced.COMMANDS,
    **READING,
    **ENDING,
    **HELP,
}
DESCRIPTIONS = {
    "help": "How to play Simple Soccer here, every /simplesoccer command, a rule in short.",
    "undo": "Take back your last move, kick, grab or end of turn (until the other team rolls).",
    "abort": "Call the match off (only before the first turn is rolled).",
}


async def setup(bot: commands.Bot) -> None:
    add_commands(bot, SIMPLESOCCER, COMMANDS, DESCRIPTIONS)
    bot.add_dynamic_items(*menus.ITEMS)


async def teardown(bot: commands.Bot) -> None:
    bot.remove_dynamic_items(*menus.ITEMS)
    remove_commands(bot, SIMPLESOCCER, *COMMANDS)
