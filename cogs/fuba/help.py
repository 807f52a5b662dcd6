"""The FUBA help texts: how a FUBA match goes, step by step, for `/fuba help`.

Data; the help and its rules topics (`/fuba help topic:`) are laid out by the shared
``cogs.play.help`` (the topics are in ``cogs.fuba.rules``).
"""

from __future__ import annotations

from discord import app_commands

from cogs.play.help import claim_step
from cogs.play.help import help_description as describe
from cogs.play.registry import Step

INTRO = "FUBA is tabletop football: the bot referees, rolls the dice and draws the board."

STEPS = (
    Step(
        ("challenge",),
        "`/fuba challenge opponent:@member` invites someone to a match, played in a new "
        "thread of this channel when the bot may open one (`thread:false`: in the channel); "
        "challenge the bot itself to play its automatic coach "
        "(`level:easy`, normal or strong). Options: `dice:physical` to roll "
        "at the table, `turn_timeout:<minutes>` per decision. "
        "`ranked:true` rates the match (see `/leaderboard`; leagues: `/league`). "
        "`rules:advanced` plays every advanced rule; `options:` turns single rules on or off, "
        'e.g. `options:"advanced -weather -var"` (topic `advanced`); `skills:3`: '
        "3 skills a team.",
    ),
    Step(
        ("accept", "decline"),
        "The challenged member answers with the buttons, or `/fuba accept` / `/fuba decline`; "
        "the challenger may withdraw with Decline or `/fuba decline`. A challenge lapses after "
        "24 hours.",
    ),
    Step(
        ("formation",),
        "Both players pick a formation with the menu under the board or `/fuba formation`, "
        "in secret: nobody sees it before both have chosen.",
    ),
    Step(
        ("setup",),
        "Place your ten outfield players with a layout from the menu or `/fuba setup` (both "
        "offer layouts for your formation).",
    ),
    Step(
        ("target",),
        "Each turn starts with the team on the ball choosing a target with the menu (it shows "
        "each area's ball value) or `/fuba target`; the bot rolls the dice and tells everyone "
        "what happened.",
    ),
    Step(
        ("action", "move"),
        "Then each team names its action with the buttons or `/fuba action` and moves players "
        "with the move menus (every legal move, by starting area) or `/fuba move`. Menus and "
        "buttons under the board work only for whom they name.",
    ),
    Step(
        ("choose",),
        "Decisions with a few fixed choices have buttons or a menu under the board, and "
        "`/fuba choose` with the list of your choices: the kick-off side, the corner to take a "
        "corner from, a free kick's shot or pass, and in advanced matches whether to use a "
        "condition point and from which zone, the goalkeeper's charge, slowing the game down, "
        "substitutions, an injured player's replacement and your secret player roles (typed "
        'like "2am 1dm").',
    ),
    Step(
        ("skill",),
        "Skills are picked in secret after the formation (the menu, the picker, or `/fuba "
        "skill`) and played with the board's buttons or `/fuba skill`.",
    ),
    Step(
        ("undo",),
        "Moved the wrong player? `/fuba undo` takes back your last move, one per call, until "
        "dice are rolled or anyone decides anything else.",
    ),
    Step(
        ("status",),
        "Not sure whose turn it is? `/fuba status` shows the match at a glance: score, clock, "
        "ball, cards, formations once revealed, who must decide what and the time left; in "
        "advanced matches also the weather, condition points, substitutions and injuries.",
    ),
    Step(("board",), "`/fuba board` shows the current board."),
    Step(
        ("log",),
        "`/fuba log` lists the last events; after full time `/fuba log export:true` sends you "
        "the match's action log, to check every virtual roll against the dice seed.",
    ),
    Step(
        ("resign", "abort"),
        "`/fuba resign` gives up; `/fuba abort` calls a match off before kick-off.",
    ),
    claim_step("fuba"),
)


def help_description(registered: list[app_commands.Command]) -> str:
    """The `/fuba help` text for the commands that are registered right now."""
    return describe(INTRO, STEPS, registered)
