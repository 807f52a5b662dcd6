"""4.1 Stage 1: legal target areas and the ball-value modifications."""

from __future__ import annotations

from typing import Final

from engine.core.errors import RulesError
from engine.fuba import weather
from engine.fuba.board import ADJ, AREAS, DIST, NAMES
from engine.fuba.offside import is_backwards, is_offside, offside_risk
from engine.fuba.state import FubaState

# Restarts whose first pass skips the start-area reduction (4.1.2.1).
SET_PIECES: Final = ("free_kick", "corner", "goal_kick")
# Restarts whose first pass ignores offside (5.1).
OFFSIDE_EXEMPT: Final = ("corner", "goal_kick")


def placement_problem(s: FubaState, team: int, target: int, kind: str) -> str | None:
    """Every stage-1 restriction except the ball-value limit."""
    start = s.ball
    if target not in AREAS:
        return f"There is no area {target}: the areas are numbered 1 to 13."
    own = s.pieces(team, target) > 0
    if not own and not any(s.pieces(team, a) for a in ADJ[target]):
        return f"Area {target} is not reachable: you have no player in or next to it."
    if kind == "free_kick" and target == start and s.pieces(team, start) < 2:
        # 5.2.2 the start area needs two of the kicking team's players
        return f"On a free kick you may keep the ball in area {start} only with two players there."
    if kind not in OFFSIDE_EXEMPT and not (target != start and is_backwards(team, start, target)):
        if own:
            # A7 with offside risk in force, a pass to an own player in an offside position
            # is no longer refused: the risk raises the ball value instead (project reading)
            if is_offside(s, team, target, start) and not s.rule("offside_risk"):
                return f"Area {target} ({NAMES[target]}) is offside: your player there is offside."
        else:
            near = [a for a in ADJ[target] if a <= 13 and s.pieces(team, a)]
            if near and all(is_offside(s, team, a, start) for a in near):
                return f"Area {target} is offside: all your players next to it are offside."
    return None


def target_problem(s: FubaState, team: int, target: int, kind: str) -> str | None:
    """Why ``team`` may not play the ball into ``target`` now, or None when it may."""
    problem = placement_problem(s, team, target, kind)
    if problem:
        return problem
    if target_value(s, team, target, kind) <= 6:
        return None
    legal = dict(legal_targets(s, team, kind))
    if target not in legal:
        value = target_value(s, team, target, kind)
        return f"Area {target} would raise the ball value to {value}; it may not exceed 6."
    return None


def target_value(s: FubaState, team: int, target: int, kind: str) -> int:
    """The ball value after the stage-1 modifications, clamped at 1 once at the end
    (4.1.2); may exceed 6, which makes the target illegal."""
    other = 1 - team
    start = s.ball
    v = s.value
    if kind not in SET_PIECES and s.pieces(other, start) == 0:
        v -= 1  # 4.1.2.1 start area without a defender
    between = DIST[start][target] - 1
    if s.turn.get("crossing") == team:
        between -= 1  # A11 crossing: one area fewer
    if between > 0:
        v += between * weather.long_pass_modifier(s)  # 4.1.2.2 long pass; A9 wind
        if s.count(team, target) >= 6 and s.count(other, target) >= 6:
            v += 1
    mine, theirs = s.count(team, target), s.count(other, target)
    if mine > theirs:
        v -= 1  # 4.1.2.3
    elif theirs > mine:
        v += 1
    v += offside_risk(s, team, start, target, kind)  # A7
    return v if v > 1 else 1


def legal_targets(s: FubaState, team: int, kind: str) -> list[tuple[int, int]]:
    """(area, ball value) for every legal target (4.1.1, 4.1.2).

    When every reachable area would push the value over 6, the team is not stuck: the
    areas with the lowest value stay legal and the value becomes 6 (project decision)."""
    candidates = [
        (a, target_value(s, team, a, kind))
        for a in AREAS
        if placement_problem(s, team, a, kind) is None
    ]
    legal = [(a, v) for a, v in candidates if v <= 6]
    if legal or not candidates:
        return legal
    lowest = min(v for _, v in candidates)
    return [(a, 6) for a, v in candidates if v == lowest]


def check_target(s: FubaState, team: int, target: int, kind: str) -> int:
    problem = placement_problem(s, team, target, kind)
    if problem:
        raise RulesError(problem)
    value = target_value(s, team, target, kind)
    if value <= 6:
        return value
    legal = dict(legal_targets(s, team, kind))
    if target not in legal:
        value = target_value(s, team, target, kind)
        raise RulesError(
            f"Area {target} would raise the ball value to {value}; it may not exceed 6."
        )
    return legal[target]
