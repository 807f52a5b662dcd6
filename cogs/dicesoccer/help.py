"""The Sports Dice Soccer help texts: how a match goes here, step by step, for
`/dicesoccer help`.

Data; the help and its rules topics (`/dicesoccer help topic:`) are laid out by the shared
``cogs.play.help`` (the topics are in ``cogs.dicesoccer.rules``).
"""

from __future__ import annotations

from discord import app_commands

from cogs.play.help import claim_step
from cogs.play.help import help_description as describe
from cogs.play.registry import Step

INTRO = (
    "Sports Dice Soccer is a quick dice football game: both teams roll six dice at once, the "
    "symbol each rolled most is its play, and the bigger play moves the ball. The bot "
    "referees, keeps the score and draws the field."
)

STEPS = (
    Step(
        ("challenge",),
        "`/dicesoccer challenge opponent:@member` invites someone to a match, played in a new "
        "thread of this channel when the bot may open one (`thread:false`: in the channel); "
        "challenge the bot itself to play its automatic coach "
        "(`level:easy`, normal or strong). Options: `dice:physical` to roll "
        "at the table, `target_score:<goals>` (default 3), `advanced:true` for the Power Chip "
        "re-roll, `turn_timeout:<minutes>` per decision. "
        "`ranked:true` rates the match (see `/leaderboard`; leagues: `/league`).",
    ),
    Step(
        ("accept", "decline"),
        "The challenged member answers with the buttons, or `/dicesoccer accept` / "
        "`/dicesoccer decline`; the challenger may withdraw with Decline. A challenge lapses "
        "after 24 hours. A channel holds one match or open challenge at a time, of any game.",
    ),
    Step(
        ("roll",),
        "Every exchange both teams roll. With **virtual dice** press **Roll the dice** under "
        "the board or use `/dicesoccer roll`: the bot rolls your dice from the match's seed. "
        "With **physical dice** roll at the table and type what you got: "
        '`/dicesoccer roll dice:"5 2 1 6 3 3"` or as symbols `dice:"B B K P R R"` (Ball, Kick, '
        "Penalty, Red card). The toss at the start is one die each, as a number.",
    ),
    Step(
        ("start",),
        "The toss winner starts on offense or on defense (buttons, or `/dicesoccer start`).",
    ),
    Step(
        ("pick", "chip"),
        "Won the roll with two symbols tied in your dice? Pick your play with the buttons or "
        "`/dicesoccer pick`. A tie between the teams asks the Power Chip holder: **Use the "
        "Power Chip** (win the roll, hand it over) or **Keep it** (the opponent wins), or "
        "`/dicesoccer chip use:true|false`.",
    ),
    Step(
        ("reroll",),
        "Advanced rule: after both rolls the chip holder may re-roll some of its dice with "
        '`/dicesoccer reroll dice:"1 3 5"` (positions) or keep them with `dice:none`.',
    ),
    Step(
        ("status", "board", "log"),
        "`/dicesoccer status` shows the match at a glance (score, ball, Power Chip, red cards, "
        "who must do what, time left), `/dicesoccer board` shows the field and "
        "`/dicesoccer log` the last events; anyone in the channel may watch. After full time "
        "`/dicesoccer log export:true` sends you the match's action log, to check its dice.",
    ),
    Step(
        ("resign", "abort"),
        "`/dicesoccer resign` gives up; `/dicesoccer abort` calls a match off before the first "
        "play is rolled.",
    ),
    claim_step("dicesoccer"),
)


def help_description(registered: list[app_commands.Command]) -> str:
    """The `/dicesoccer help` text for the commands that are registered right now."""
    return describe(INTRO, STEPS, registered)
