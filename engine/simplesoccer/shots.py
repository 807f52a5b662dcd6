"""Shots on goal (Shot on goal): a ball entering a goal square, the goalkeeper's save roll,
and what follows. With the advanced rules: a goalkeeper faked out gets no save roll, a stunned
goalkeeper saves only with the exact distance, and a goalkeeper that nearly reaches the ball
may deflect it and go down (Goalie deflection in regular play)."""

from __future__ import annotations

from typing import Any

from engine.core.decisions import Decision
from engine.core.events import Event
from engine.simplesoccer import facing, flow, rules
from engine.simplesoccer.field import (
    DIRECTIONS,
    ORTHOGONAL,
    SIDES,
    WEST,
    Square,
    direction_of,
    manhattan,
    turn,
)
from engine.simplesoccer.flow import Events, Step
from engine.simplesoccer.setup import GOALKEEPER
from engine.simplesoccer.state import SimpleSoccerState

MAX_SAVE = 6  # one die: a ball farther from the goalkeeper cannot be reached
DEFLECTS = 6  # Goalie deflection: die + points left over needed to tip the ball away
STAYS_UP = 8  # ... and to stay on its feet after it


def goal_owner(at: Square) -> int:
    """The team whose goal the goal square ``at`` is."""
    return WEST if at[0] < 0 else 1 - WEST


def shot(
    s: SimpleSoccerState,
    team: int,
    label: str,
    at: Square,
    args: Step,
    ev: Events,
    *,
    stunned: bool = False,
) -> None:
    """``team``'s ``label`` sent the ball into the goal square ``at`` (a ball travelling by
    itself may enter either goal: the goal's own goalkeeper tries the save)."""
    keeper_team = goal_owner(at)
    keeper = s.members[keeper_team].get(GOALKEEPER)
    distance = 99 if keeper is None else manhattan((keeper["at"][0], keeper["at"][1]), at)
    faked = list((s.turn or {}).get("faked") or [])
    told: dict[str, Any] = {
        "team": team,
        "member": label,
        "at": list(at),
        "goalie": None if keeper is None else keeper["at"][:],
        "distance": distance,
    }
    if stunned:
        told["stunned"] = True
    if keeper_team == team:
        told["own_goal"] = True
    ev.append(Event("shot", told))
    if s.turn is not None:
        flow.end_turn(s, int(s.turn["team"]), "shot", flow.at(args), ev)
    s.held = -1
    s.ball = list(at)
    scorer = 1 - keeper_team
    if GOALKEEPER in faked:
        # Fake out moves: a goalkeeper faked out this turn gets no save roll
        ev.append(Event("no_chance", {"team": keeper_team, "distance": distance, "faked": True}))
        flow.goal(s, scorer, label, ev)
        return
    down = keeper is not None and facing.is_down(s, keeper_team, GOALKEEPER)
    if distance == 0 and not down:
        # Shot on goal: the ball comes straight to the goalkeeper's square, it needs no
        # steps and no roll to hold it
        _hold(s, keeper_team, at, args, ev)
        return
    # Goalie deflection: lying down it tips away only a ball one square from it, from the
    # square it lies on
    tipped = _deflections(s) and not stunned and bool(touches(s, keeper_team, at, MAX_SAVE))
    if down and (not tipped or distance != 1):
        ev.append(Event("no_chance", {"team": keeper_team, "distance": distance, "down": True}))
        flow.goal(s, scorer, label, ev)
        return
    # Goalie deflection: a ball beyond the die's reach may still be touched from a square
    # beside it that a die reaches
    if distance > MAX_SAVE and not tipped:
        ev.append(Event("no_chance", {"team": keeper_team, "distance": distance}))
        flow.goal(s, scorer, label, ev)
        return
    s.step = {
        "k": "save",
        "team": keeper_team,
        "ball": list(at),
        "distance": distance,
        "kicker": label,
    }
    if stunned:
        s.step["stunned"] = True
    if down:
        s.step["down"] = True  # Goalie deflection: lying down it cannot catch, only deflect
    if faked:
        s.step["faked"] = faked


def _deflections(s: SimpleSoccerState) -> bool:
    return rules.on(s, "deflection")


def can_save(distance: int, die: int, stunned: bool = False) -> bool:
    """The goalkeeper reaches the ball with exactly ``die`` straight steps: enough of them,
    and of the same parity as the distance (Shot on goal); a stunned goalkeeper only with
    the exact distance (Stunned goalie).

    >>> [d for d in range(1, 7) if can_save(3, d)], [d for d in range(1, 7) if can_save(5, d)]
    ([3, 5], [5])
    >>> [d for d in range(1, 7) if can_save(3, d, stunned=True)]
    [3]
    """
    if distance == 0:
        return True  # the ball comes to the goalkeeper's own square
    if stunned:
        return die == distance
    return die >= distance and (die - distance) % 2 == 0


def _h_save(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
    (die,) = flow.dice(args, 1)
    step = s.step
    stunned = bool(step.get("stunned"))
    saved = not step.get("down") and can_save(step["distance"], die, stunned)
    ev.append(
        Event("save_roll", {"team": team, "die": die, "distance": step["distance"], "saved": saved})
    )
    ball: Square = (step["ball"][0], step["ball"][1])
    if not saved:
        left = reach(s, team, ball, die) if _deflections(s) and not stunned else None
        if left is not None:
            s.step = {
                "k": "deflect",
                "team": team,
                "ball": step["ball"],
                "kicker": step["kicker"],
                "left": left,
                "save": die,
            }
            return
        flow.goal(s, 1 - team, step["kicker"], ev)
        return
    _hold(s, team, ball, args, ev)


def _hold(s: SimpleSoccerState, team: int, ball: Square, args: Step, ev: Events) -> None:
    """``team``'s goalkeeper saves: it now stands on the goal square ``ball``, the ball in
    its hands; its team's turn clock starts with the save."""
    s.ended_at = flow.at(args)
    s.members[team][GOALKEEPER]["at"] = list(ball)
    s.ball = list(ball)
    s.held = team
    ev.append(Event("saved", {"team": team}))
    flow.next_turn(s, team, ev)


def _p_save(s: SimpleSoccerState, step: dict[str, Any]) -> list[Decision]:
    d = step["distance"]
    stunned = bool(step.get("stunned"))
    needs = [] if step.get("down") else [die for die in range(1, 7) if can_save(d, die, stunned)]
    shown = " or ".join(map(str, needs))
    prompt = f"Shot! Your goalkeeper is {d} away: roll a die, {shown} saves."
    if not needs:
        lying = "is down" if step.get("down") else f"is {d} away"
        prompt = f"Shot! Your goalkeeper {lying}: no die saves, but it may tip the ball away."
    elif stunned:
        prompt = f"Shot! Your goalkeeper is stunned, {d} away: only a {shown} saves."
    return [
        Decision(
            SIDES[step["team"]],
            "roll",
            prompt,
            dice=1,
            info={"purpose": "save", "distance": d, "needs": needs},
        )
    ]


# -- Goalie deflection in regular play -------------------------------------------------------


def touches(
    s: SimpleSoccerState, team: int, ball: Square, die: int | None = None
) -> dict[str, Square]:
    """The directions ``team``'s goalkeeper may tip the ball on goal square ``ball`` away in,
    each with the square it touches the ball from; with ``die``, only touch squares the
    goalkeeper reaches with that many straight steps on free squares.

    # Goalie deflection: from inside the goal squares the keeper reaches along the goal line
    # and tips the ball 45 or 90 degrees off that touch, towards the field; from the field it
    # only touches from the diagonal square and tips the ball diagonally back into the field.
    # Lying down it cannot move: it touches only from the square it lies on.
    """
    f = s.field
    keeper = s.members[team].get(GOALKEEPER)
    if keeper is None:
        return {}
    k: Square = (keeper["at"][0], keeper["at"][1])
    into = 1 if team == WEST else -1  # the x step from the goal line into the field
    taken = {sq for sq, who in s.occupied().items() if who != (team, GOALKEEPER)}
    candidates: list[tuple[Square, tuple[int, ...]]] = []
    if f.is_goal(k, team):
        side = 1 if k[1] > ball[1] else -1
        touch = (ball[0], ball[1] + side)
        if f.is_goal(touch, team):
            candidates.append((touch, (1, -1, 2, -2)))
    else:
        edge = ball[0] + into
        sides = [1, -1] if k[1] == ball[1] else [1 if k[1] > ball[1] else -1]
        candidates = [((edge, ball[1] + side), (2, -2)) for side in sides]
    steps = _steps(s, team, k, taken | {ball})
    down = facing.is_down(s, team, GOALKEEPER)
    out: dict[str, Square] = {}
    for touch, turns in candidates:
        if touch not in steps or (down and touch != k):
            continue
        if die is not None and steps[touch] > die:
            continue
        along = direction_of(touch, ball)
        for eighths in turns:
            d = turn(along, eighths)
            if DIRECTIONS[d][0] == into:
                out[d] = touch
    return out


def reach(s: SimpleSoccerState, team: int, ball: Square, die: int) -> int | None:
    """The save points ``team``'s goalkeeper has left over after reaching, with a save die
    of ``die``, the nearest square it may tip the ball on ``ball`` away from; None when it
    reaches none (Goalie deflection: it must get within a square of the ball)."""
    options = touches(s, team, ball, die)
    if not options:
        return None
    keeper = s.members[team][GOALKEEPER]
    k: Square = (keeper["at"][0], keeper["at"][1])
    taken = {sq for sq, who in s.occupied().items() if who != (team, GOALKEEPER)}
    steps = _steps(s, team, k, taken | {ball})
    return die - min(steps[touch] for touch in options.values())


def _steps(
    s: SimpleSoccerState, team: int, start: Square, blocked: set[Square]
) -> dict[Square, int]:
    """Straight steps from ``start`` to every square ``team``'s goalkeeper may stand on
    (the board, its own goal) within a die's reach, around the ``blocked`` squares."""
    f = s.field
    seen = {start: 0}
    todo = [start]
    for sq in todo:
        if seen[sq] >= MAX_SAVE:
            continue
        for dx, dy in ORTHOGONAL:
            nxt = (sq[0] + dx, sq[1] + dy)
            if nxt in seen or nxt in blocked:
                continue
            if not (f.on_board(nxt) or f.is_goal(nxt, team)):
                continue
            seen[nxt] = seen[sq] + 1
            todo.append(nxt)
    return seen


HANDLERS = {("save", "roll"): _h_save}
PENDING = {"save": _p_save}
WHAT = {"save": lambda s, step: f"{flow.team_name(step['team'])}'s goalkeeper to roll for the save"}
