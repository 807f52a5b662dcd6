"""The overtime penalty shootout (Overtime shootout): where the kicker's die puts the ball,
what the goalkeeper needs to stop it, and when the shootout is decided. With the advanced
shootout the kicker picks its die's face in secret before the goalkeeper picks a spot, and
that face counts as the die (Advanced overtime shootout).

Spots 1-7 are the goal's uncertainty squares counted from the kicker's left.

>>> ball_spot(6, 4), ball_spot(6, 7), ball_spot(1, 1), ball_spot(3, 2)
(7, 6, 2, 4)
>>> [save_dice(d) for d in (1, 2, 3, 4)]
[1, 1, 2, 0]
>>> [stopped(1, [d]) for d in range(1, 7)]
['grab', '', 'grab', '', 'grab', 'deflect']
>>> stopped(2, [5]), stopped(2, [6]), stopped(3, [6, 5]), stopped(3, [6, 6])
('', 'deflect', '', 'deflect')
"""

from __future__ import annotations

from typing import Any

from engine.core.actions import Action
from engine.core.decisions import Choice, Decision
from engine.core.errors import MalformedAction
from engine.core.events import Event
from engine.simplesoccer import flow, rules
from engine.simplesoccer.field import SIDES
from engine.simplesoccer.flow import Events, Step
from engine.simplesoccer.state import SimpleSoccerState

SPOTS = 7
KICKS = 5  # each team's kicks before sudden death


def ball_spot(die: int, goalkeeper: int) -> int:
    """The die counts the empty spots from the kicker's left, skipping the goalkeeper's."""
    empty = [spot for spot in range(1, SPOTS + 1) if spot != goalkeeper]
    return empty[die - 1]


def save_dice(distance: int) -> int:
    """Dice the goalkeeper rolls for a ball ``distance`` spots away: none from four on (the
    rules write "3 spaces away" twice; the second can only mean four or more)."""
    return {1: 1, 2: 1, 3: 2}.get(distance, 0)


def stopped(distance: int, dice: list[int]) -> str:
    """ "grab", "deflect" or "" (a goal) for the goalkeeper's roll."""
    if distance == 1:
        if dice[0] % 2:
            return "grab"
        return "deflect" if dice[0] == 6 else ""
    if distance == 2:
        return "deflect" if dice[0] == 6 else ""
    if distance == 3:
        return "deflect" if dice == [6, 6] else ""
    return ""


def decided(kicks: list[list[bool]], first: int) -> int:
    """The shootout's winner (a team index) or -1 while it goes on. Five kicks each, stopping
    once one side cannot catch up; then one kick each until they differ after a pair.

    >>> decided([[True, True, True], [False, False, False]], 0)
    0
    >>> decided([[True] * 5, [True] * 4], 0)
    -1
    >>> decided([[True] * 6, [True] * 5 + [False]], 1)
    0
    """
    second = 1 - first
    a, b = kicks[first], kicks[second]
    ga, gb = sum(a), sum(b)
    if len(a) <= KICKS and len(b) <= KICKS:
        if ga > gb + (KICKS - len(b)):
            return first
        if gb > ga + (KICKS - len(a)):
            return second
        if len(a) < KICKS or len(b) < KICKS:
            return -1
    if len(a) == len(b) and ga != gb:
        return first if ga > gb else second
    return -1


# -- the shootout's steps: the goalkeeper's spot, the kick, the save ----------------------


def _number(value: object, low: int, high: int) -> int | None:
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        return None
    return value


def read_spot(args: Step) -> int:
    """The goalkeeper's spot from an action's arguments (1-7)."""
    spot = _number(args.get("spot"), 1, SPOTS)
    if spot is None:
        raise MalformedAction("Pick a spot from 1 to 7, counted from the kicker's left.")
    return spot


def read_face(args: Step) -> int:
    """The kicker's hidden die face from an action's arguments (1-6)."""
    face = _number(args.get("face"), 1, 6)
    if face is None:
        raise MalformedAction("Pick a face of the die, 1 to 6.")
    return face


def first_step(s: SimpleSoccerState, kicker: int) -> Step:
    """The step that starts a kick of ``kicker``: its hidden face (advanced shootout), else
    the goalkeeper's spot."""
    if rules.on(s, "shootout"):
        return {"k": "face", "team": kicker}
    return {"k": "spot", "team": 1 - kicker}


def _h_face(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
    sh = s.shootout
    assert sh is not None
    sh["face"] = read_face(args)
    ev.append(Event("face_chosen", {"team": team}))
    s.step = {"k": "spot", "team": 1 - team}


def _h_spot(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
    spot = read_spot(args)
    sh = s.shootout
    assert sh is not None
    sh["spot"], sh["ball"] = spot, None
    ev.append(Event("spot_chosen", {"team": team}))
    face = sh.get("face")
    if face is not None:  # Advanced overtime shootout: the hidden face is revealed as the die
        sh["face"] = None
        _kick(s, sh["kicker"], face, True, ev)
        return
    s.step = {"k": "penalty", "team": sh["kicker"]}


def _h_penalty(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
    (die,) = flow.dice(args, 1)
    _kick(s, team, die, False, ev)


def _kick(s: SimpleSoccerState, team: int, die: int, face: bool, ev: Events) -> None:
    sh = s.shootout
    assert sh is not None
    ball = ball_spot(die, sh["spot"])
    sh["ball"] = ball
    distance = abs(ball - sh["spot"])
    ev.append(
        Event(
            "penalty",
            {
                "team": team,
                "taker": sh["taker"],
                "die": die,
                "ball": ball,
                "spot": sh["spot"],
                "distance": distance,
                **({"face": True} if face else {}),  # the kicker's hidden face, not a roll
            },
        )
    )
    n = save_dice(distance)
    if n:
        s.step = {"k": "penalty_save", "team": 1 - team, "n": n, "distance": distance}
    else:
        _penalty_done(s, team, True, ev)


def _h_penalty_save(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
    dice = flow.dice(args, s.step["n"])
    result = stopped(s.step["distance"], dice)
    ev.append(Event("penalty_save_roll", {"team": team, "dice": dice, "result": result or "miss"}))
    _penalty_done(s, 1 - team, not result, ev)


def _penalty_done(s: SimpleSoccerState, team: int, scored: bool, ev: Events) -> None:
    sh = s.shootout
    assert sh is not None
    sh["kicks"][team].append(scored)
    ev.append(
        Event(
            "penalty_result", {"team": team, "scored": scored, "kicks": [k[:] for k in sh["kicks"]]}
        )
    )
    winner = decided(sh["kicks"], sh["first"])
    if winner >= 0:
        flow.finish(s, winner, "shootout", ev)
        return
    nxt = 1 - team
    sh.update(kicker=nxt, taker=flow.taker(s, nxt, len(sh["kicks"][nxt])))
    s.step = first_step(s, nxt)


def spot_decision(side: str, against: str = "") -> Decision:
    """The goalkeeper's secret spot (``against``: "against you" for a penalty in play)."""
    choices = tuple(Choice(Action(side, "spot", {"spot": n}), f"Spot {n}") for n in range(1, 8))
    lead = f"Penalty {against}: p" if against else "Penalty: p"
    return Decision(
        side,
        "spot",
        f"{lead}ick where your goalkeeper stands, spots 1-7 from the kicker's left "
        "(secret until the kick).",
        choices,
        secret=True,
    )


def face_decision(side: str) -> Decision:
    """The advanced shootout's secret die face, picked before the goalkeeper's spot."""
    choices = tuple(Choice(Action(side, "face", {"face": n}), f"Face {n}") for n in range(1, 7))
    return Decision(
        side,
        "face",
        "Penalty: pick the face of your die in secret; the goalkeeper then picks a spot, "
        "and your face counts the open spots from your left.",
        choices,
        secret=True,
    )


def kick_decision(side: str) -> Decision:
    return Decision(
        side,
        "roll",
        "Penalty: roll a die; it counts the open spots from your left.",
        dice=1,
        info={"purpose": "penalty"},
    )


def save_decision(side: str, n: int, distance: int) -> Decision:
    """The goalkeeper's roll against a penalty ``distance`` spots away, on ``n`` dice."""
    needs = {1: "odd grabs it, 6 tips it away", 2: "6 tips it away", 3: "double six tips it away"}
    return Decision(
        side,
        "roll",
        f"Penalty: the ball is {distance} from your goalkeeper: roll {n} "
        f"{'die' if n == 1 else 'dice'} ({needs[distance]}).",
        dice=n,
        info={"purpose": "penalty_save", "distance": distance},
    )


def _p_spot(s: SimpleSoccerState, step: dict[str, Any]) -> list[Decision]:
    return [spot_decision(SIDES[step["team"]])]


def _p_face(s: SimpleSoccerState, step: dict[str, Any]) -> list[Decision]:
    return [face_decision(SIDES[step["team"]])]


def _p_penalty(s: SimpleSoccerState, step: dict[str, Any]) -> list[Decision]:
    return [kick_decision(SIDES[step["team"]])]


def _p_penalty_save(s: SimpleSoccerState, step: dict[str, Any]) -> list[Decision]:
    return [save_decision(SIDES[step["team"]], step["n"], step["distance"])]


HANDLERS = {
    ("face", "face"): _h_face,
    ("spot", "spot"): _h_spot,
    ("penalty", "roll"): _h_penalty,
    ("penalty_save", "roll"): _h_penalty_save,
}
PENDING = {
    "face": _p_face,
    "spot": _p_spot,
    "penalty": _p_penalty,
    "penalty_save": _p_penalty_save,
}
WHAT = {
    "face": lambda s, step: f"{flow.team_name(step['team'])} to pick the penalty's die face",
    "spot": lambda s, step: f"{flow.team_name(step['team'])}'s goalkeeper to pick a spot",
    "penalty": lambda s, step: f"{flow.team_name(step['team'])} to roll for the penalty",
    "penalty_save": lambda s, step: (
        f"{flow.team_name(step['team'])}'s goalkeeper to roll for the save"
    ),
}
