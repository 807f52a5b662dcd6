"""Shots on goal (Shot on goal): a ball entering a goal square, the goalkeeper's save roll,
and what follows."""

from __future__ import annotations

from typing import Any

from engine.core.decisions import Decision
from engine.core.events import Event
from engine.simplesoccer import flow
from engine.simplesoccer.field import SIDES, Square, manhattan
from engine.simplesoccer.flow import Events, Step
from engine.simplesoccer.setup import GOALKEEPER
from engine.simplesoccer.state import SimpleSoccerState

MAX_SAVE = 6  # one die: a ball farther from the goalkeeper cannot be reached


def ball_stops(
    s: SimpleSoccerState, team: int, label: str, at: Square, args: Step, ev: Events
) -> None:
    """A ball kicked by ``team``'s ``label`` came to rest on ``at``: a shot when that is a goal
    square, else the turn goes on (or ends with its points spent)."""
    if s.field.is_goal(at):
        shot(s, team, label, at, args, ev)
        return
    flow.after_spend(s, team, args, ev)


def shot(s: SimpleSoccerState, team: int, label: str, at: Square, args: Step, ev: Events) -> None:
    keeper_team = 1 - team
    keeper = s.members[keeper_team].get(GOALKEEPER)
    distance = 99 if keeper is None else manhattan((keeper["at"][0], keeper["at"][1]), at)
    ev.append(
        Event(
            "shot",
            {
                "team": team,
                "member": label,
                "at": list(at),
                "goalie": None if keeper is None else keeper["at"][:],
                "distance": distance,
            },
        )
    )
    flow.end_turn(s, team, "shot", flow.at(args), ev)
    if distance > MAX_SAVE:
        ev.append(Event("no_chance", {"team": keeper_team, "distance": distance}))
        flow.goal(s, team, label, ev)
        return
    s.step = {
        "k": "save",
        "team": keeper_team,
        "ball": list(at),
        "distance": distance,
        "kicker": label,
    }


def can_save(distance: int, die: int) -> bool:
    """The goalkeeper reaches the ball with exactly ``die`` straight steps: enough of them,
    and of the same parity as the distance (Shot on goal).

    >>> [d for d in range(1, 7) if can_save(3, d)], [d for d in range(1, 7) if can_save(5, d)]
    ([3, 5], [5])
    """
    return die >= distance and (die - distance) % 2 == 0


def _h_save(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
    (die,) = flow.dice(args, 1)
    step = s.step
    saved = can_save(step["distance"], die)
    ev.append(
        Event("save_roll", {"team": team, "die": die, "distance": step["distance"], "saved": saved})
    )
    if not saved:
        flow.goal(s, 1 - team, step["kicker"], ev)
        return
    # the goalkeeper now stands on the goal square, the ball in its hands; its team's turn
    # clock starts with the save
    s.ended_at = flow.at(args)
    s.members[team][GOALKEEPER]["at"] = list(step["ball"])
    s.ball = list(step["ball"])
    s.held = team
    ev.append(Event("saved", {"team": team}))
    flow.next_turn(s, team, ev)


def _p_save(s: SimpleSoccerState, step: dict[str, Any]) -> list[Decision]:
    d = step["distance"]
    needs = [die for die in range(1, 7) if can_save(d, die)]
    shown = " or ".join(map(str, needs))
    return [
        Decision(
            SIDES[step["team"]],
            "roll",
            f"Shot! Your goalkeeper is {d} away: roll a die, {shown} saves.",
            dice=1,
            info={"purpose": "save", "distance": d, "needs": needs},
        )
    ]


HANDLERS = {("save", "roll"): _h_save}
PENDING = {"save": _p_save}
WHAT = {"save": lambda s, step: f"{flow.team_name(step['team'])}'s goalkeeper to roll for the save"}
