"""The Simple Soccer help texts: how a match goes here, step by step, for `/simplesoccer help`.

Data; the help and its rules topics (`/simplesoccer help topic:`) are laid out by the shared
``cogs.play.help`` (the topics are in ``cogs.simplesoccer.rules``).
"""

from __future__ import annotations

from cogs.play.help import claim_step
from cogs.play.registry import Step

INTRO = (
    "Simple Soccer is football on a board of squares: each team has a goalkeeper and up to "
    "ten fielders, rolls dice for movement points every turn and spends them moving players "
    "and kicking the ball, one square a point. The bot referees, keeps the score and the "
    "clock, and draws the field."
)

STEPS = (
    Step(
        ("challenge",),
        "`/simplesoccer challenge opponent:@member` invites someone to a match, played in a "
        "new thread of this channel when the bot may open one (`thread:false`: in the "
        "channel); challenge the bot itself to play its automatic coach "
        "(`level:easy`, normal or strong). Options: "
        "`size:small|standard|large`, `fielders:<number>`, how the match ends "
        "(`length:turns` with `turns:40`, `length:score` with `target:2`, or `length:timed` "
        "with `minutes:20`), `half_time:true`, `dice:physical` to roll at the table, "
        "`turn_timeout:<minutes>` per turn. `ranked:true` rates the match (see "
        "`/leaderboard`; leagues: `/league`). `rules:advanced` plays the advanced rules; "
        '`options:"tackles -fouls"` turns single ones on or off (topic `advanced`).',
    ),
    Step(
        ("accept", "decline"),
        "The challenged member answers with the buttons, or `/simplesoccer accept` / "
        "`/simplesoccer decline`; the challenger may withdraw with Decline. A challenge lapses "
        "after 24 hours. A channel holds one match or open challenge at a time, of any game.",
    ),
    Step(
        ("roll",),
        "Press **Roll the dice** under the board or use `/simplesoccer roll` when the bot asks "
        "you to roll: first one die each to see who kicks off, then your dice at the start of "
        "each turn. With physical dice roll at the table and type them: "
        '`/simplesoccer roll dice:"5 2"`.',
    ),
    Step(
        ("setup",),
        "Both teams set up at the same time: pick a preset from the menu or "
        "`/simplesoccer setup preset:balanced` (or attacking, defensive), or place everyone "
        'yourself with `layout:"G goal7, 1 c3, 2 c11, ..."`. Again after each goal and at '
        "half time.",
    ),
    Step(
        ("move", "kick", "grab", "end"),
        "On your turn spend your points: `/simplesoccer move member:3 path:f6` walks a "
        "player, `/simplesoccer kick member:3 path:h6` kicks the ball (into the goal squares "
        "it is a shot), `/simplesoccer grab` lets your goalkeeper take the ball in your "
        "penalty area. The list offers the squares in reach, with their cost, and so do the "
        "menus under the board. `/simplesoccer end` (or **End turn**) gives the turn away.",
    ),
    Step(
        ("turn", "rise", "tackle", "call", "choose"),
        "Advanced rules: the buttons and menus under the board offer every new choice. Or "
        "type `/simplesoccer turn` (face another way), `/simplesoccer rise` (get up), "
        "`/simplesoccer tackle` and `/simplesoccer call` (before your roll), and "
        "`/simplesoccer choose` for any other choice (an interception, a restart...).",
    ),
    Step(
        ("undo",),
        "Changed your mind? `/simplesoccer undo` takes back your last move, kick, grab or end "
        "of turn, one per call, until the other team rolls.",
    ),
    Step(
        ("spot",),
        "Level at the end of a turn-count or timed match: a penalty shootout. The goalkeeper's "
        "player picks a spot in secret with the menu or `/simplesoccer spot spot:4` (1-7 "
        "from the kicker's left), then the kicker rolls.",
    ),
    Step(
        ("status", "board", "log"),
        "`/simplesoccer status` shows the match at a glance (score, who must do what and how "
        "long they have), `/simplesoccer board` shows the field and `/simplesoccer log` the "
        "last events; anyone in the channel may watch. After full time "
        "`/simplesoccer log export:true` sends you the match's action log, to check its dice.",
    ),
    Step(
        ("resign", "abort"),
        "`/simplesoccer resign` gives up; `/simplesoccer abort` calls a match off before the "
        "first turn is rolled.",
    ),
    claim_step("simplesoccer"),
)
