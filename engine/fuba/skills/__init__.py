"""A11 skills: which a team has, whether it may use one now, and the record of their use.

A team's skills are ``state.skills[team]``: name -> times played, or ``LOST`` once an
injured star player (A13) took it away. Skills that cost nothing and can never hurt
(``Skill.auto``) are played by the rule they change, at once; the others are offered in a
*window* (``windows``) at exactly the moments they can be played.
"""

from __future__ import annotations

from typing import Final

from engine.core.events import Event, event
from engine.fuba.board import BOX
from engine.fuba.skills.catalog import SKILLS, Skill
from engine.fuba.state import FubaState

LOST: Final = -1


def agreed(s: FubaState) -> int:
    """The number of skill choices each team has in this match (0: no skills)."""
    n = s.options.get("skills") or 0
    return n if isinstance(n, int) else 0


def has(s: FubaState, team: int, key: str) -> bool:
    """The team has this skill and may still play it (not lost, not spent)."""
    times = s.skills[team].get(key)
    if times is None or times == LOST:
        return False
    if key == "trained_formation_change":
        return times == 0 and not s.coach_off[team]  # once a match; no changes without coach
    return not (key == "fiery_coach" and s.coach_off[team])


def keeper_alone(s: FubaState, team: int) -> bool:
    """Footnote 2: the goalkeeper is the team's only player in the ball's area."""
    return s.keeper[team] == s.ball and s.outfield[team][s.ball] == 0


def usable(s: FubaState, team: int, key: str) -> bool:
    """``has`` and the footnote-2 limit."""
    if key not in s.skills[team] or not has(s, team, key):  # the first test is the quick one
        return False
    return not (SKILLS[key].not_keeper_alone and keeper_alone(s, team))


def record(s: FubaState, team: int, key: str, ev: list[Event], **data: object) -> None:
    """Count one use of the skill and tell the narration."""
    s.skills[team][key] = s.skills[team].get(key, 0) + 1
    ev.append(event("skill", {"team": team, "skill": key, "name": SKILLS[key].name, **data}))


def auto(s: FubaState, team: int, key: str) -> Skill | None:
    """A free skill the team plays by itself when its rule applies (None when it has not)."""
    return SKILLS[key] if usable(s, team, key) else None


def in_box(s: FubaState, team: int) -> bool:
    """The ball is in the opponent's penalty area."""
    return s.ball == BOX[1 - team]


def counted(s: FubaState, team: int, area: int) -> int:
    """Players of ``team`` counted in ``area`` outside goal attempts and free movements: a
    target man counts as three in this turn's target area (at most six count, 1.4.1)."""
    t = s.turn
    if t.get("target_man") != team or area != t.get("target") or not s.outfield[team][area]:
        return s.count(team, area)
    return min(6, s.count(team, area) + 2)
