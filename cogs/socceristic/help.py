"""The Socceristic help texts: how a match goes here, step by step, for `/socceristic help`.

Data; the help and its rules topics (`/socceristic help topic:`) are laid out by the shared
``cogs.play.help`` (the topics are in ``cogs.socceristic.rules``).
"""

from __future__ import annotations

from cogs.play.help import claim_step
from cogs.play.registry import Step

INTRO = (
    "Socceristic is a football board game of squares, dice and cards: the square where the "
    "ball stops says what happens next, and chances at goal are settled by drawing cards. "
    "The bot referees, keeps the team sheet and draws the pitch."
)

STEPS = (
    Step(
        ("challenge",),
        "`/socceristic challenge opponent:@member` invites someone to a match, in a new thread "
        "of this channel when the bot may open one (`thread:false`: in the channel); challenge "
        "the bot itself to play its automatic coach "
        "(`level:easy`, normal or strong). Options: `pitch:` (the sample or one of "
        "this server's), `length:` (`50 moves`, the default, or `20 minutes` a half), `squad:` and "
        "`opponent_squad:` (names by shirt, comma separated), `dice:physical` to roll at the "
        "table, `turn_timeout:<minutes>`, `ranked:true` for a rated match.",
    ),
    Step(
        ("accept", "decline"),
        "The challenged member answers with the buttons, or `/socceristic accept` / "
        "`/socceristic decline`; the challenger may withdraw with Decline. A challenge lapses "
        "after 24 hours. A channel holds one match or open challenge at a time, of any game.",
    ),
    Step(
        ("roll",),
        "With **virtual dice** press **Roll the dice** under the board or use "
        "`/socceristic roll`. With **physical dice** roll at the table and type what you got: "
        '`/socceristic roll dice:4`, or `dice:"3 5"` when two dice are asked for.',
    ),
    Step(
        ("end", "direction"),
        "The toss loser picks the end it defends (buttons, or `/socceristic end`). When a team "
        "chooses where the ball goes, the menu under the board lists the directions that keep "
        "it on the pitch and where it would stop (or `/socceristic direction`).",
    ),
    Step(
        ("draw", "corner"),
        "A chance, a pass back or a whistle: press **Draw a card** (or `/socceristic draw`). "
        "A corner from an unclear side: pick west or east (buttons, or `/socceristic corner`).",
    ),
    Step(
        ("upload", "list", "remove"),
        "Server admins (Manage Server) add pitches with `/socceristic pitch upload` and a pitch "
        "file, and delete them with `/socceristic pitch remove`; `/socceristic pitch list` "
        "shows the pitches a challenge may use.",
    ),
    Step(
        ("status", "board", "log"),
        "`/socceristic status` shows the match at a glance (score, half, ball, who must do "
        "what), `/socceristic board` shows the pitch and `/socceristic log` the last events; "
        "anyone in the channel may watch. After full time `/socceristic log export:true` sends "
        "you the match's action log.",
    ),
    Step(
        ("resign", "abort"),
        "`/socceristic resign` gives up; `/socceristic abort` calls a match off before the "
        "kick-off.",
    ),
    claim_step("socceristic"),
)
