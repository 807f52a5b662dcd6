"""Where members and the ball can go with the points left: checking a typed path, and every
reachable square with a shortest path (for the legal choices).

A member steps to any of the 8 neighbouring squares that is empty (no marker, not the ball);
only the goalkeeper may step into its own goal squares. The ball steps the same way, may pass
any marker but not stop on one, and only its last step may enter the attacked goal (a shot).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable

from engine.core.errors import RulesError
from engine.simplesoccer.field import (
    ORTHOGONAL,
    STEPS,
    Field,
    Square,
    adjacent,
    front,
    name,
    orthogonal,
)
from engine.simplesoccer.setup import GOALKEEPER
from engine.simplesoccer.state import SimpleSoccerState

_SIDE = ("West", "East")


def who(team: int, label: str) -> str:
    """A member as players call it: "West's goalkeeper", "East's 7"."""
    return f"{_SIDE[team]}'s {'goalkeeper' if label == GOALKEEPER else label}"


def member_may_stand(f: Field, team: int, label: str, sq: Square) -> bool:
    """Whether the member may stand on ``sq`` at all (the board; the goalkeeper's own goal)."""
    return f.on_board(sq) or (label == GOALKEEPER and f.is_goal(sq, team))


def can_kick(s: SimpleSoccerState, team: int, label: str) -> bool:
    """Whether the member may play the ball now: it lies in one of the 3 squares in front of
    its feet (Ball control), or it is the goalkeeper holding it."""
    if s.held >= 0:
        return s.held == team and label == GOALKEEPER
    if s.juggle is not None:
        return False  # Juggling moves: a juggled ball waits for the juggler's follow-up
    ball = s.ball_at()
    if ball is None:
        return False
    m = s.members[team][label]
    if m.get("down") is not None:
        return False  # a member lying down plays no ball (advanced: Fielder down)
    return ball in front((m["at"][0], m["at"][1]), m["facing"])


def can_throw(s: SimpleSoccerState, team: int) -> bool:
    """Whether ``team``'s goalkeeper, holding the ball, has somewhere to throw it with the
    points left."""
    left = int(s.turn["left"]) if s.turn else 0
    return left > 0 and bool(ball_reach(s, team, s.at(team, GOALKEEPER), left))


def stuck(s: SimpleSoccerState, team: int, label: str) -> str:
    """Why the member cannot change square this turn ("" when it can): it lies down, or it
    got up this turn (advanced: Fielder down)."""
    m = s.members[team][label]
    if m.get("down") is not None:
        return f"{label} is down: it must get up first (1 point), and then stays put this turn."
    if m.get("rose") is not None and m["rose"] == s.turns_played:
        return f"{label} got up this turn: it cannot change square until your next turn."
    return ""


def controls(s: SimpleSoccerState, team: int) -> bool:
    """Whether one of ``team``'s members has the ball at its feet (2 dice)."""
    return s.held < 0 and any(can_kick(s, team, label) for label in s.members[team])


# -- checking a path ---------------------------------------------------------------------


def check_move(s: SimpleSoccerState, team: int, label: str, path: list[Square], left: int) -> None:
    f = s.field
    taken = s.occupied()
    ball = s.ball_at()
    here = s.at(team, label)
    why = stuck(s, team, label)
    if why:
        raise RulesError(why)
    _check_cost(path, left)
    for sq in path:
        where = name(f, sq)
        if not adjacent(here, sq):
            raise RulesError(f"{where} is not next to {name(f, here)}: one square per step.")
        if not member_may_stand(f, team, label, sq):
            if f.is_goal(sq):
                if label == GOALKEEPER:
                    raise RulesError("A goalkeeper cannot enter the other team's goal.")
                raise RulesError("Only the goalkeeper may step into its own goal.")
            raise RulesError(f"{where} is off the board.")
        if sq in taken:
            raise RulesError(f"{where} is taken by {who(*taken[sq])}.")
        if sq == ball:
            raise RulesError(
                f"The ball is on {where}: members cannot step on it (kick it, or grab it "
                "with the goalkeeper)."
            )
        here = sq


def check_kick(
    s: SimpleSoccerState, team: int, start: Square, path: list[Square], left: int
) -> None:
    """The ball's path from ``start``: on the board, through markers but not stopping on
    one, its last step alone may enter the attacked goal."""
    f = s.field
    taken = s.occupied()
    _check_cost(path, left)
    here = start
    for i, sq in enumerate(path):
        where = name(f, sq)
        if not adjacent(here, sq):
            raise RulesError(
                f"The ball moves one square per step: {where} is not next to {name(f, here)}."
            )
        if f.is_goal(sq):
            if f.is_goal(sq, team):
                raise RulesError("You cannot kick the ball into your own goal.")
            if i != len(path) - 1:
                raise RulesError(f"A shot ends in the goal: nothing can follow {where}.")
        elif not f.on_board(sq):
            # Poor aim and out of bounds: in the basic rules the ball never goes out
            raise RulesError(f"{where} is off the board: the ball stays on the field.")
        here = sq
    end = path[-1]
    if end in taken:
        raise RulesError(
            f"The ball cannot stop on {who(*taken[end])} at {name(f, end)}: it may only pass "
            "through a marker."
        )


def check_grab(s: SimpleSoccerState, team: int, path: list[Square], left: int) -> None:
    """The goalkeeper's grab (Goalie movement): straight steps only, landing exactly on the
    ball, in its own penalty area, no diagonal goalkeeper step earlier in the turn."""
    f = s.field
    ball = s.ball_at()
    if s.held >= 0 or ball is None or s.juggle is not None:
        raise RulesError("There is no loose ball to grab.")
    if not f.in_box(team, ball):
        raise RulesError("Your goalkeeper can only grab the ball inside your own penalty area.")
    if s.kicked_by == team:
        # the back-pass rule: no grabbing a ball one's own team kicked last
        raise RulesError(
            "Your goalkeeper cannot pick up a ball your own team kicked last (the back-pass "
            "rule): kick it instead."
        )
    if s.turn and s.turn.get("diagonal"):
        raise RulesError(
            "Your goalkeeper stepped diagonally this turn: no grab now (a grab uses straight "
            "steps only)."
        )
    if stuck(s, team, GOALKEEPER):
        # Goalie deflection in regular play: no grab while down, nor in the turn it gets up
        if s.members[team][GOALKEEPER].get("down") is not None:
            raise RulesError("Your goalkeeper is down: it cannot grab the ball.")
        raise RulesError("Your goalkeeper got up this turn: no grab until your next turn.")
    if path[-1] != ball:
        raise RulesError(f"A grab must land exactly on the ball at {name(f, ball)}.")
    _check_cost(path, left)
    taken = s.occupied()
    here = s.at(team, GOALKEEPER)
    for sq in path:
        where = name(f, sq)
        if not orthogonal(here, sq):
            raise RulesError(
                f"A grab uses straight steps only: {where} is not straight next to {name(f, here)}."
            )
        if not member_may_stand(f, team, GOALKEEPER, sq):
            raise RulesError(f"{where} is off the board.")
        if sq in taken:
            raise RulesError(f"{where} is taken by {who(*taken[sq])}.")
        if sq == ball and sq != path[-1]:
            raise RulesError("The grab ends on the ball.")
        here = sq


def _check_cost(path: list[Square], left: int) -> None:
    if len(path) > left:
        raise RulesError(f"That path takes {len(path)} points; you have {left} left this turn.")


def shortest(
    s: SimpleSoccerState,
    path: list[Square],
    start: Square,
    reach: Callable[[], dict[Square, list[Square]]],
) -> list[Square]:
    """A path given as its last square alone, out of one step's reach: the shortest legal
    way there (``reach()`` lists them), so that "move 7 f6" means "go to f6"."""
    if len(path) == 1 and path[0] == start:
        raise RulesError(f"Already on {name(s.field, start)}: name a square to go to.")
    if len(path) != 1 or adjacent(start, path[0]):
        return path
    found = reach().get(path[0])
    if found is None:
        raise RulesError(
            f"{name(s.field, path[0])} cannot be reached from {name(s.field, start)} with the "
            "points left (or the way is blocked)."
        )
    return found


# -- every reachable square --------------------------------------------------------------


def _bfs(
    start: Square,
    depth: int,
    steps: Iterable[Square],
    through: Callable[[Square], bool],
) -> dict[Square, list[Square]]:
    """Squares reachable from ``start`` in at most ``depth`` steps -> a shortest path;
    ``through(sq)`` says whether a path may pass ``sq``."""
    steps = tuple(steps)
    paths: dict[Square, list[Square]] = {start: []}
    queue: deque[Square] = deque([start])
    while queue:
        here = queue.popleft()
        path = paths[here]
        if len(path) >= depth:
            continue
        for dx, dy in steps:
            sq = (here[0] + dx, here[1] + dy)
            if sq in paths or not through(sq):
                continue
            paths[sq] = path + [sq]
            queue.append(sq)
    del paths[start]
    return paths


def member_reach(
    s: SimpleSoccerState, team: int, label: str, left: int
) -> dict[Square, list[Square]]:
    f = s.field
    if stuck(s, team, label):
        return {}
    taken = s.occupied()
    ball = s.ball_at()

    def through(sq: Square) -> bool:
        return member_may_stand(f, team, label, sq) and sq not in taken and sq != ball

    return _bfs(s.at(team, label), left, STEPS, through)


def ball_reach(
    s: SimpleSoccerState, team: int, start: Square, left: int
) -> dict[Square, list[Square]]:
    """Where the ball can be kicked from ``start``: stops on empty board squares or in the
    attacked goal's free squares."""
    f = s.field
    taken = s.occupied()

    def through(sq: Square) -> bool:
        return f.on_board(sq)

    paths = _bfs(start, left, STEPS, through)
    out = {sq: p for sq, p in paths.items() if sq not in taken}
    for gsq in f.goal_squares(1 - team):
        if gsq in taken:
            continue
        best: list[Square] | None = None
        for dy in (-1, 0, 1):
            edge = (gsq[0] + (-1 if team == 0 else 1), gsq[1] + dy)
            p = [] if edge == start else paths.get(edge)
            if p is not None and len(p) < left and (best is None or len(p) < len(best)):
                best = p
        if best is not None:
            out[gsq] = best + [gsq]
    return out


def grab_path(s: SimpleSoccerState, team: int, left: int) -> list[Square] | None:
    """The goalkeeper's shortest straight-step path onto the ball, if a grab is possible."""
    f = s.field
    ball = s.ball_at()
    if s.held >= 0 or ball is None or not f.in_box(team, ball) or s.kicked_by == team:
        return None
    if s.juggle is not None:
        return None
    if GOALKEEPER not in s.members[team] or (s.turn and s.turn.get("diagonal")):
        return None
    if stuck(s, team, GOALKEEPER):
        return None
    taken = s.occupied()

    def through(sq: Square) -> bool:
        return member_may_stand(f, team, GOALKEEPER, sq) and (sq == ball or sq not in taken)

    start = s.at(team, GOALKEEPER)
    paths: dict[Square, list[Square]] = {start: []}
    queue: deque[Square] = deque([start])
    while queue:
        here = queue.popleft()
        path = paths[here]
        if here == ball:
            return path
        if len(path) >= left:
            continue
        for dx, dy in ORTHOGONAL:
            sq = (here[0] + dx, here[1] + dy)
            if sq in paths or not through(sq):
                continue
            paths[sq] = path + [sq]
            if sq != ball:
                queue.append(sq)
            else:
                return paths[sq]
    return None
