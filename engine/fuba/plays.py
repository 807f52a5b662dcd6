"""4.4 goal attempts, 4.6 positioning and 4.7 pressing: the resolution of the dice."""

from __future__ import annotations

from typing import Final

from engine.fuba import condition, skills, weather
from engine.fuba.board import BOX, area_modifier, goal_attempt_areas
from engine.fuba.offside import is_offside
from engine.fuba.state import FubaState

GOAL, CORNER, REBOUND, MISS, SECOND_ROLL = "goal", "corner", "rebound", "miss", "second_roll"


def can_shoot(s: FubaState, team: int) -> bool:
    """4.4 / 4.4.3 the team with the ball may shoot from the ball's area."""
    other = 1 - team
    return team == s.control and s.ball in goal_attempt_areas(team, s.keeper[other] == BOX[other])


def can_press(s: FubaState, team: int) -> bool:
    """4.7 the defending team has at least as many players as the controlling team."""
    return team != s.control and s.count(team, s.ball) >= skills.counted(s, 1 - team, s.ball)


def can_press_aggressively(s: FubaState, team: int) -> bool:
    """A6 the defending team may press aggressively with one player fewer than the
    controlling team at the ball, if it can pay the condition points."""
    return (
        s.rule("pressing")
        and team != s.control
        and s.count(team, s.ball) >= skills.counted(s, 1 - team, s.ball) - 1
        and condition.can_pay(s, team, weather.pressing_cost(s))
    )


class ShotOdds:
    """The modifiers of a goal attempt: their total, the area's, and each by name."""

    def __init__(self, modifier: int, area_modifier: int, parts: dict[str, int]) -> None:
        # a plain class, not a frozen dataclass: built for every shot the coach weighs
        self.modifier = modifier
        self.area_modifier = area_modifier
        self.parts = parts

    def needed(self, value: int) -> int:
        """The die needed to score outright (over 6 means a difficult goal attempt)."""
        return value - self.modifier + 1


def shot_modifiers(s: FubaState, team: int, free_kick: bool) -> ShotOdds:
    """The goal attempt modifiers table (4.4)."""
    parts: dict[str, int] = {}
    total, amod = _shot(s, team, free_kick, parts)
    return ShotOdds(total, amod, parts)


def shot_total(s: FubaState, team: int, free_kick: bool) -> tuple[int, int]:
    """``shot_modifiers``' (modifier, area_modifier) without its table of parts (the coach
    weighs shots often)."""
    return _shot(s, team, free_kick, None)


def _shot(
    s: FubaState, team: int, free_kick: bool, parts: dict[str, int] | None
) -> tuple[int, int]:
    """4.4 the goal attempt's (modifier, area modifier), each part noted in ``parts`` when
    given (the one home of the table)."""
    other = 1 - team
    t = s.turn
    area = s.ball
    box = BOX[other]
    amod = area_modifier(team, area)
    total = amod
    if parts is not None:
        parts["area"] = amod
    if area != box and not free_kick:  # [1]
        mine, theirs = s.count(team, area), s.count(other, area)
        if mine != theirs:
            total += _part(parts, "shooting_area", 1 if mine > theirs else -1)
    mine_box = 0 if is_offside(s, team, box, area) else s.count(team, box)  # [2]
    theirs_box = s.count(other, box)
    if mine_box != theirs_box:
        total += _part(parts, "penalty_area", 1 if mine_box > theirs_box else -1)
    if s.keeper[other] != box:
        total += _part(parts, "keeper_out", 4)
    if s.keeper_hurt[other]:
        total += _part(parts, "keeper_hurt", 1)  # A4 the opponent's goalkeeper is injured
    if t.get("keeper_astray"):
        total += _part(parts, "keeper_astray", 2)  # A13 goalkeeper out of position, this turn
    if t.get("charge") == other:
        total += _part(parts, "charge", 1)  # A5 the opponent's goalkeeper charged out this turn
    if t.get("ct") == team:
        skills: dict[str, int] = t.get("shot_skills", {})  # A11 clinical finisher and the like
        for name, bonus in skills.items():
            total += _part(parts, name, bonus)
    return total, amod


def _part(parts: dict[str, int] | None, name: str, value: int) -> int:
    if parts is not None:
        parts[name] = value
    return value


def shot_outcome(s: FubaState, team: int, odds: ShotOdds, die: int) -> str:
    """4.4 and 4.4.2 the result of the first goal-attempt die."""
    value = s.value
    if odds.needed(value) > 6 and die == 6:
        return SECOND_ROLL  # 4.4.2 difficult goal attempt
    total = die + odds.modifier
    if total > value:
        return GOAL
    if total == value:
        return CORNER
    if total == value - 1 and s.pieces(team, BOX[1 - team]) > 0:
        return REBOUND
    return MISS


def second_roll_outcome(odds: ShotOdds, die: int) -> str:
    need = abs(odds.area_modifier)
    return GOAL if die > need else CORNER if die == need else MISS


def rebound_scores(s: FubaState, team: int) -> tuple[int, int]:
    """4.4.1 players in the box added to each rebound die; the defending keeper excluded."""
    other = 1 - team
    box = BOX[other]
    theirs = s.outfield[other][box]
    return s.count(team, box), theirs if theirs < 6 else 6


def positioning_value(
    s: FubaState, team: int, dice: list[int], extra: int = 0, limit: int = 2
) -> int:
    """4.6 the ball value after a positioning action (at most two steps); ``extra`` steps
    come from a condition point (A1) or il mediano (A11), within ``limit`` (no limit of two
    with doubling up or short passes, A11)."""
    v = s.value
    if team == s.control:
        steps, sign = sum(1 for d in dice if d < v), -1
    else:
        steps, sign = sum(1 for d in dice if d > v), 1
    mine, theirs = skills.counted(s, team, s.ball), skills.counted(s, 1 - team, s.ball)
    if mine == 0:
        steps = max(0, steps - 1)
    elif mine > theirs and steps < 2:
        steps += 1
    steps = min(limit, steps + extra) if extra else steps
    return min(6, max(1, v + sign * steps))


def pressing_result(
    value: int, dice: list[int], aggressive: bool = False, keep_value: bool = False
) -> tuple[bool, int]:
    """4.7 (success, new ball value); in aggressive pressing (A6) a die equal to the ball
    value succeeds too; ``keep_value``: a failure leaves the ball value (A11)."""
    low = [d for d in dice if d < value or (aggressive and d == value)]
    if len(low) == 2:
        return True, min(dice)
    if len(low) == 1:
        return True, max(dice)
    return False, value if keep_value else max(1, value - 1)


PENALTY_SIDES: Final = ("left", "middle", "right")
# 5.5.2 die needed, by (kick, keeper): the keeper's sides are his own, the kick's the shooter's,
# so "kick right / keeper dives left" is a correct guess. The missing cell kick left / dives
# right is 6 (design decision 14).
PENALTY_TABLE: Final = {
    ("left", "left"): 2, ("left", "middle"): 2, ("left", "right"): 6,
    ("middle", "left"): 1, ("middle", "middle"): 6, ("middle", "right"): 1,
    ("right", "left"): 6, ("right", "middle"): 2, ("right", "right"): 2,
}  # fmt: skip


def can_charge(s: FubaState, team: int, start: int, target: int) -> bool:
    """A5 the defending ``team``'s goalkeeper may charge: the ball is played into its box,
    where the keeper is, from outside that box; not for the team suffering sunshine (A9,
    the first half's kick-off team in the first half)."""
    box = BOX[team]
    if not s.rule("charge") or target != box or start == box or s.keeper[team] != box:
        return False
    return not weather.no_charge(s, team)
