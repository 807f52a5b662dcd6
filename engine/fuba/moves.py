"""Moving pieces: free movements (4.3.1), movement actions (4.5), dribbling (4.5.2), setup
adjustments (3.3), goal-kick and quick-free-kick repositioning (5.4, 5.2.3), and the
easy-situation move (4.2.2.2).

Pieces of a team in one area are interchangeable, so the state tracks per area how many
have moved this turn (``moved``: they may not dribble) and how many may not move again in
the current step (``locked``). A plain move takes a piece that already moved when there is
one, keeping fresh pieces for dribbling.
"""

from __future__ import annotations

from typing import Any, Final

from engine.core.errors import RulesError
from engine.fuba.board import (
    ADJ,
    ADJACENT,
    AREAS,
    BOX,
    CENTRE,
    CORNER_SPOTS,
    GOAL_LINE_AREAS,
    N_SLOTS,
    STRAIGHT_AWAY,
    zone,
)
from engine.fuba.offside import is_offside, is_straight_backwards
from engine.fuba.setup import layout_problem
from engine.fuba.state import FubaState

# Step modes: who may move how much.
FREE: Final = "free"
ACTION: Final = "action"
ADJUST: Final = "adjust"
GK_CT: Final = "gk_ct"
GK_DT: Final = "gk_dt"
QUICK_CT: Final = "quick_ct"
QUICK_DT: Final = "quick_dt"
EASY: Final = "easy"
CREATIVE: Final = "creative"
OFFSIDE_MODES: Final = (FREE, ACTION)


_GOAL_LINE_SORTED: Final = tuple(sorted(GOAL_LINE_AREAS))


def reset_locks(s: FubaState, team: int) -> None:
    s.locked[team] = [0] * N_SLOTS
    s.keeper_locked[team] = False


def push(s: FubaState, team: int, mode: str, at: int = 0, **extra: Any) -> None:
    """Put a moves step for ``team`` in ``mode`` on the agenda at ``at``."""
    reset_locks(s, team)
    s.agenda.insert(at, {"k": "moves", "team": team, "mode": mode, "made": 0, **extra})


def free_allowances(s: FubaState, team: int) -> dict[str, Any]:
    """4.3.1 counted at the beginning of the action, before any free movement."""
    outnumber, goal_line, keeper_home = allowances(s, team)
    return {"o": outnumber, "g": goal_line, "kr": keeper_home}


def allowances(s: FubaState, team: int) -> tuple[list[int], list[int], bool]:
    """``free_allowances`` as (outnumber areas, goal-line areas, keeper may return home)."""
    mine: list[int] = s.outfield[team]
    theirs: list[int] = s.outfield[1 - team]
    my_keeper: int = s.keeper[team]
    their_keeper: int = s.keeper[1 - team]
    outnumber: list[int] = []
    for a in range(1, 14):  # AREAS
        m = mine[a] + (1 if my_keeper == a else 0)
        if m:
            o = theirs[a] + (1 if their_keeper == a else 0)
            if (m if m < 6 else 6) > (o if o < 6 else 6):
                outnumber.append(a)
    goal_line: list[int] = [a for a in _GOAL_LINE_SORTED if mine[a]]
    keeper_home = ADJACENT[my_keeper * N_SLOTS + BOX[team]]
    return outnumber, goal_line, keeper_home


# A11 one extra free movement: fast defender (ends in the defence zone), runner (in the
# attack zone), box to box midfielder (from the centre straight forwards or backwards).
_CENTRE_LINE: Final = (5, 9)  # the arcs on either side of the centre, on its row


def extra_allowed(team: int, kind: str, frm: int, to: int) -> bool:
    """Whether an outfield player's move fits the extra free movement ``kind``."""
    if kind == "centre":
        return frm == CENTRE and to in _CENTRE_LINE
    return to in AREAS and zone(team, to) == kind


def _free_allowance(step: dict[str, Any], team: int, frm: int, to: int, gk: bool) -> str | None:
    """Which free-movement allowance covers this move (the most specific first)."""
    if gk and step["kr"] and to == BOX[team]:
        return "kr"
    if not gk and frm in step["g"] and STRAIGHT_AWAY.get(frm) == to:
        return "g"
    if frm in step["o"]:
        return "o"
    if not gk:
        for kind in step.get("x", ()):
            if extra_allowed(team, kind, frm, to):
                return "x:" + kind
    return None


def move_problem(
    s: FubaState, step: dict[str, Any], frm: int, to: int, gk: bool, with_ball: bool
) -> str | None:
    """Why this move is illegal in the current step, or None."""
    team: int = step["team"]
    mode: str = step["mode"]
    if frm in CORNER_SPOTS:
        return "The corner taker stays on the corner spot until the corner is taken."
    if not (1 <= frm <= 13 and 1 <= to <= 13):  # AREAS
        return "Areas are numbered 1 to 13."
    if not ADJACENT[frm * N_SLOTS + to]:
        return f"Area {to} is not next to area {frm}: a move goes to an adjacent area."
    if gk:
        if s.keeper[team] != frm:
            return f"Your goalkeeper is not in area {frm}."
        if s.keeper_locked[team]:
            return "Your goalkeeper has already moved in this step."
        if mode == ADJUST:
            return "The goalkeeper stays in the penalty area during the setup."
    else:
        if s.outfield[team][frm] - s.locked[team][frm] <= 0:
            if s.outfield[team][frm]:
                return f"Your players in area {frm} have already moved in this step."
            return f"You have no outfield player in area {frm}."
    if step.get("left", -1) == 0:
        return "You have no moves left in this step."
    if with_ball:
        if mode != ACTION:
            return "You can dribble only during a movement action."  # 4.5.2
        if team != s.control:
            return "Only the team with the ball can dribble."
        if frm != s.ball:
            return f"The ball is in area {s.ball}, not in area {frm}."
        if not step.get("dribble"):
            return "You have already dribbled in this movement action."
        if s.pieces(1 - team, frm) and not _momentum(s, team):
            if not step.get("dribbler"):
                return f"You cannot dribble out of area {frm}: an opponent is there."
            if s.pieces(1 - team, to):  # A11 dribbler: only into an area without opponents
                return f"A dribbler gets past opponents only into an area without any: not {to}."
        fresh = (not s.keeper_moved[team]) if gk else s.outfield[team][frm] - s.moved[team][frm]
        if not fresh:
            return "Only a player who has not moved yet this turn can dribble."
    elif team == s.control and frm == s.ball and s.pieces(team, frm) <= 1:
        return f"You must keep a player with the ball in area {frm}."  # 4.5.3
    if mode == FREE and s.turn.get("regista") and to == s.turn.get("target"):
        return f"Regista: nobody may make a free movement into area {to} this turn."
    if mode == FREE and _free_allowance(step, team, frm, to, gk) is None:
        return (
            f"No free movement from area {frm} to area {to}: you need more players than the "
            "opponent there, a straight move away from a goal line, or your goalkeeper "
            "returning to the box."
        )
    if (
        mode in OFFSIDE_MODES
        and team == s.control
        and not is_straight_backwards(team, frm, to)
        and is_offside(s, team, to, to if with_ball else s.ball)
    ):
        return f"A player may not move into an offside position in area {to}."  # 4.5.1
    if mode == ADJUST:
        row = s.outfield[team][:]
        row[frm] -= 1
        row[to] += 1
        problem = layout_problem(row, team, s.control, step["kind"], step["area"], s.keeper[team])
        if problem:
            return problem
    return None


def do_move(
    s: FubaState, step: dict[str, Any], frm: int, to: int, gk: bool, with_ball: bool
) -> dict[str, Any]:
    """Carry out a legal move; returns the updated step (steps are replaced, not mutated)."""
    team: int = step["team"]
    new = dict(step)
    if gk:
        s.keeper[team] = to
        s.keeper_moved[team] = True
        s.keeper_locked[team] = True
    else:
        row, moved, locked = s.outfield[team], s.moved[team], s.locked[team]
        if not with_ball and moved[frm] - locked[frm] > 0:
            moved[frm] -= 1  # use a piece that already moved; fresh ones can still dribble
        row[frm] -= 1
        row[to] += 1
        moved[to] += 1
        locked[to] += 1
    if with_ball:
        s.ball = to
        new["dribble"] = False
    if step["mode"] == FREE:
        used = _free_allowance(step, team, frm, to, gk)
        if used == "kr":
            new["kr"] = False
        elif used == "o" or used == "g":
            areas: list[int] = step[used]
            new[used] = [a for a in areas if a != frm]
        elif used and used.startswith("x:"):
            new["x"] = [k for k in step["x"] if k != used[2:]]
        else:
            new[used] = [a for a in step[used] if a != frm]  # type: ignore[index]
    left: int = new.get("left", -1)
    if left > 0:
        new["left"] = left - 1
    made: int = step.get("made", 0)
    new["made"] = made + 1
    return new


def check_move(
    s: FubaState, step: dict[str, Any], frm: int, to: int, gk: bool, with_ball: bool
) -> None:
    problem = move_problem(s, step, frm, to, gk, with_ball)
    if problem:
        raise RulesError(problem)


def legal_moves(s: FubaState, step: dict[str, Any]) -> list[tuple[int, int, bool, bool]]:
    """Every legal (from, to, goalkeeper, with_ball) in the current step."""
    team = step["team"]
    out: list[tuple[int, int, bool, bool]] = []
    if step.get("left", -1) == 0:
        return out
    for frm in s.areas_of(team):
        if frm not in AREAS:
            continue
        kinds = []
        if s.outfield[team][frm]:
            kinds.append(False)
        if s.keeper[team] == frm:
            kinds.append(True)
        for gk in kinds:
            for to in ADJ[frm]:
                if to > 13:
                    continue
                for wb in (False, True) if step["mode"] == ACTION and frm == s.ball else (False,):
                    if move_problem(s, step, frm, to, gk, wb) is None:
                        out.append((frm, to, gk, wb))
    return out


def note_moved(s: FubaState, team: int, area: int, gk: bool) -> None:
    """A piece moved outside a move step (4.2.2.1): it can no longer dribble this turn."""
    if gk:
        s.keeper_moved[team] = True
    else:
        s.moved[team][area] += 1


def _momentum(s: FubaState, team: int) -> bool:
    """A13 momentum: the team may dribble past defenders in a movement action that is its
    first action of the turn."""
    return s.turn.get("momentum") == team and s.turn.get("acts", [[], []])[team] == ["move"]
