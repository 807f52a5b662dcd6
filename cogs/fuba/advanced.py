"""FUBA's advanced rules in Discord: the challenge's `rules:` and `options:`, and `/fuba choose`,
the one command for the decisions of a few fixed choices (the kick-off side, a corner spot, a
free kick, and the advanced rules' condition points, goalkeeper charge, slowing the game down,
substitutions, injured players, player roles and the secret choice of skills).

One command rather than one per decision: a slash group holds at most 25 commands, and
`/fuba` had them all (the kick-off side is chosen here too, which freed one for
`/fuba skill`). The buttons and menus under the live board offer the same choices; the
command's autocomplete lists the caller's legal ones, each as ``<kind>:<value>``
("boost:use", "substitute:d>m"), and a plain value ("north", "2am owb") answers the one
such decision the caller has pending.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from cogs.play.autocomplete import Value, offer
from cogs.play.buttons import act_and_post
from cogs.play.challenges import (
    DICE_HELP,
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
from cogs.play.context import channel_id_of, play_cog
from cogs.play.registry import JSONData, PlayRefusal, get
from cogs.text import shown
from engine.core import Choice
from engine.fuba import FUBA, advanced
from engine.fuba.skills.catalog import MAX_CHOICES, RECOMMENDED
from referee.deadlines import MAX_TURN_TIMEOUT
from referee.errors import RefereeError
from referee.service import DICE_MODES, Status
from store.errors import StoreError

RULESET = "fuba"
LEVELS = ("basic", "advanced")
# decision kind -> the argument its choice sets, and what it is about in a player's words
CHOOSE = {
    "kickoff": ("side", "Kick-off"),
    "corner": ("side", "Corner kick"),
    "free_kick": ("choice", "Free kick"),
    "boost": ("choice", "Condition point"),
    "pay": ("zone", "Condition points from"),
    "charge": ("choice", "Goalkeeper"),
    "slow": ("choice", "Restart"),
    "substitute": ("plan", "Substitution"),
    "replace": ("choice", "Injured player"),
    "roles": ("roles", "Player roles"),
    "skills": ("skills", "Skills"),
}
OPEN_WINDOW = "substitutions"  # A3 a window folded into another decision: no argument
SECRET_ROLES = "Your player roles: {value}. Nobody else sees them before both have chosen."
SECRET_SKILLS = "Your skills: {value}. Nobody else sees them before both have chosen."
OPTIONS_HELP = 'Advanced rules on or off, e.g. "advanced -weather -var" or "condition pressing"'
SKILLS_HELP = f"Skills each team picks: {RECOMMENDED}; some count as two (needs condition points)"


def rules_options(level: str | None, text: str | None, skills: int | None = None) -> JSONData:
    """A challenge's FUBA options from its `rules:` level, `options:` text and `skills:`
    number: the advanced rules in force (none: the basic rules) and the skills each team
    picks (A11). Raises ``RulesError`` (a player's message) for a word that is no rule, a rule
    without the one it needs, or skills without condition points: the match could not start.

    >>> rules_options("advanced", "-weather -var")["advanced"][-1]
    'events'
    >>> rules_options(None, "condition pressing"), rules_options("basic", None)
    ({'advanced': ['condition', 'pressing']}, {})
    >>> rules_options(None, "condition", 3)
    {'advanced': ['condition'], 'skills': 3}
    """
    chosen: JSONData = {}
    rules = advanced.parse(" ".join(part for part in (level, text) if part))
    if rules:
        chosen["advanced"] = rules
    if skills:
        chosen["skills"] = skills
        FUBA.initial(chosen)  # the rules' own check, now rather than when it is accepted
    return chosen


def describe_rules(rules: JSONData) -> str:
    """The advanced rules of a challenge in a few words ("" for the basic rules).

    >>> describe_rules({"advanced": list(advanced.ALL)})
    'all advanced rules'
    >>> describe_rules({"advanced": ["condition", "weather"]})
    'advanced rules: condition points and tiredness, weather'
    >>> describe_rules({"advanced": ["condition"], "skills": 1})
    'advanced rules: condition points and tiredness; 1 skill a team'
    >>> describe_rules({})
    ''
    """
    chosen = rules.get("advanced") or []
    if not chosen:
        return ""
    described = advanced.describe(chosen)
    if described != "all advanced rules":
        described = f"advanced rules: {described}"
    n = rules.get("skills") or 0
    return f"{described}; {n} skill{'' if n == 1 else 's'} a team" if n else described


@app_commands.describe(
    opponent=OPPONENT_HELP,
    dice=DICE_HELP,
    thread=THREAD_HELP,
    turn_timeout=TURN_TIMEOUT_HELP,
    ranked=RANKED_HELP,
    level=LEVEL_HELP,
    rules="basic (default) or advanced: every advanced rule",
    options=OPTIONS_HELP,
    skills=SKILLS_HELP,
)
@app_commands.choices(
    level=LEVEL_CHOICES,
    dice=[app_commands.Choice(name=m, value=m) for m in DICE_MODES],
    rules=[app_commands.Choice(name=level, value=level) for level in LEVELS],
)
async def challenge_command(
    interaction: discord.Interaction,
    opponent: discord.Member,
    dice: app_commands.Choice[str] | None = None,
    thread: bool | None = None,
    turn_timeout: app_commands.Range[int, 1, MAX_TURN_TIMEOUT] | None = None,
    ranked: bool = False,
    level: app_commands.Choice[str] | None = None,
    rules: app_commands.Choice[str] | None = None,
    options: str | None = None,
    skills: app_commands.Range[int, 0, MAX_CHOICES] | None = None,
) -> None:
    """Challenge a member (or the bot) to a FUBA match in this channel."""
    chosen = rules_options(rules.value if rules is not None else None, options, skills)
    await challenge(
        interaction,
        get(RULESET),
        opponent,
        dice_mode(dice),
        thread,
        turn_timeout,
        chosen,
        ranked=ranked,
        level=level_of(level),
    )


# -- /fuba choose -------------------------------------------------------------------------


def choice_value(choice: Choice) -> str | None:
    """The value `/fuba choose` takes for a legal choice ("boost:use"), or None when the
    command does not answer its kind."""
    kind = choice.action.kind
    if kind == OPEN_WINDOW:
        return OPEN_WINDOW  # no argument: the window folded into the decision opens
    if kind not in CHOOSE:
        return None
    arg = CHOOSE[kind][0]
    value = choice.action.args.get(arg)
    if kind == "skills" and isinstance(value, list):
        return f"{kind}:{choice.label}"  # a suggested pick, as its names
    if set(choice.action.args) != {arg} or not isinstance(value, str):
        return None
    return f"{kind}:{value}"


def choice_entry(choice: Choice) -> tuple[str, Value] | None:
    """A legal choice as `/fuba choose` offers it: (what it is, its value).

    >>> from engine.core import Action
    >>> choice_entry(Choice(Action("west", "charge", {"choice": "stay"}), "stay in goal"))
    ('Goalkeeper: stay in goal', 'charge:stay')
    """
    value = choice_value(choice)
    if value is None:
        return None
    if value == OPEN_WINDOW:
        return f"Substitutions: {choice.label}", value
    return f"{CHOOSE[choice.action.kind][1]}: {choice.label}", value


async def choose_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[Any]]:
    try:
        found = await play_cog(interaction).referee.legal_choices(
            channel_id_of(interaction), interaction.user.id
        )
    except (RefereeError, StoreError):
        return []
    entries = [entry for entry in map(choice_entry, found) if entry is not None]
    return offer(entries, current)


def read_choice(text: str, pending: set[str], choices: list[Choice]) -> tuple[str, JSONData]:
    """What `/fuba choose` was given -> (action kind, args). ``pending`` are the caller's
    decisions this command answers, ``choices`` the caller's legal choices.

    >>> read_choice("boost:use", set(), [])
    ('boost', {'choice': 'use'})
    >>> read_choice("2am OWB", {"roles"}, [])
    ('roles', {'roles': '2am owb'})
    >>> read_choice("Midfield", {"pay"}, [])
    ('pay', {'zone': 'midfield'})
    >>> read_choice("make substitutions", {"target"}, [])
    ('substitutions', {})
    >>> read_choice("skills:Clinical finisher, Stopper", set(), [])
    ('skills', {'skills': 'Clinical finisher, Stopper'})
    """
    typed = " ".join(text.strip().split())
    if typed.lower() in (OPEN_WINDOW, "make substitutions"):
        return OPEN_WINDOW, {}
    kind, sep, value = typed.partition(":")
    if sep and kind.strip().lower() in CHOOSE:
        kind, typed = kind.strip().lower(), value.strip()
    else:
        kinds = sorted(pending & set(CHOOSE))
        if not kinds:
            raise PlayRefusal(
                "You have nothing to choose with this command now: see `/fuba status` for "
                "what you decide and how."
            )
        if len(kinds) > 1:
            listed = ", ".join(f"`{k}:...`" for k in kinds)
            raise PlayRefusal(f"Say which decision you answer: {listed}.")
        kind = kinds[0]
    arg = CHOOSE[kind][0]
    for choice in choices:  # a label as the menus and buttons show it
        if choice.action.kind == kind and choice.label.lower() == typed.lower():
            found = choice.action.args.get(arg)
            if isinstance(found, str):
                return kind, {arg: found}
    if not typed:
        raise PlayRefusal("Choose one of the options offered.")
    if kind == "roles":  # typed like a formation: the engine reads the words
        return kind, {arg: typed.lower()}
    if kind == "skills":  # names separated by commas: the engine reads them
        return kind, {arg: typed}
    return kind, {arg: typed.lower().replace(" ", "_")}


async def fuba_status(interaction: discord.Interaction) -> Status:
    """The caller's view of the channel's match, which must be a FUBA match."""
    referee = play_cog(interaction).referee
    status = await referee.status(channel_id_of(interaction), interaction.user.id)
    if status.ruleset != RULESET:
        raise PlayRefusal("This channel's match is not a FUBA match: use its own commands.")
    return status


@app_commands.describe(
    choice='Pick one of your choices from the list, or type your player roles like "2am 1dm owb"'
)
@app_commands.autocomplete(choice=choose_autocomplete)
async def choose_command(interaction: discord.Interaction, choice: str) -> None:
    """Answer a choice: kick-off, corner, free kick, condition points, substitutes, roles..."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    status = await fuba_status(interaction)
    pending = {p.kind for p in status.pending if p.user_id == interaction.user.id}
    kind, args = read_choice(choice, pending, status.choices)
    secret = {"roles": SECRET_ROLES, "skills": SECRET_SKILLS}.get(kind)
    reply = secret.format(value=shown(args[CHOOSE[kind][0]])) if secret else ""
    await act_and_post(interaction, kind, args, reply=reply)
