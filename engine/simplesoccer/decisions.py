"""What the Simple Soccer engine is waiting for: the pending decisions with their legal
choices. Autocomplete, buttons, the coach and the random player of the property test read
them here.

A turn's choices list, for every member, each square it can reach with the points left (by a
shortest path), every square the ball can be kicked to, the goalkeeper's grab and ending the
turn: all the destinations; a longer path to the same square is legal too (the decision is
open-ended).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from engine.core.actions import Action
from engine.core.decisions import Choice, Decision
from engine.simplesoccer import direction, movement, rules
from engine.simplesoccer.field import SIDES, Square, name_table
from engine.simplesoccer.match import MODULES
from engine.simplesoccer.setup import GOALKEEPER, PRESET_LABELS
from engine.simplesoccer.state import SimpleSoccerState

PLAY_KINDS = ("move", "kick", "grab", "end")
# the advanced rules' plays, typed too (`turn 7 n`)
ADVANCED_KINDS = ("turn", "rise", "inertia", "fake", "juggle")


def pending(s: SimpleSoccerState, *, light: bool = False) -> list[Decision]:
    """The decisions pending; ``light`` leaves out a turn's choices (prompts only)."""
    if s.over:
        return []
    if light and s.step["k"] == "play":
        return _p_play(s, s.step, light=True)
    return _PENDING[s.step["k"]](s, s.step)


def _p_rolloff(s: SimpleSoccerState, step: dict[str, Any]) -> list[Decision]:
    return [
        Decision(
            SIDES[t],
            "roll",
            "Roll a die for the kick-off: the higher die kicks off (a tie rolls again).",
            dice=1,
            info={"purpose": "rolloff"},
        )
        for t in (0, 1)
        if step["dice"][t] is None
    ]


def _p_setup(s: SimpleSoccerState, step: dict[str, Any]) -> list[Decision]:
    out = []
    for t in (0, 1):
        if step["placed"][t]:
            continue
        kickoff = step["kickoff"] == t
        choices = tuple(
            Choice(Action(SIDES[t], "setup", {"preset": key}), label)
            for key, label in PRESET_LABELS.items()
        )
        out.append(
            Decision(
                SIDES[t],
                "setup",
                "Set up your team in your own half: pick a formation or type a layout.",
                choices,
                open_ended=True,
                info={"kickoff": kickoff},
            )
        )
    return out


_WHY = {
    "ball": "you have the ball at your feet: 2 dice",
    "goalie": "your goalkeeper holds the ball: 3 dice",
    "loose": "nobody of yours has the ball: 1 die",
    "throw_in": "your throw-in: 3 dice",
    "corner": "your corner kick: 3 dice",
    "goal_kick": "your goal kick: 3 dice",
    "free_kick": "your free kick: 3 dice",
}


def _p_roll(s: SimpleSoccerState, step: dict[str, Any]) -> list[Decision]:
    n = step["n"]
    if step.get("throw"):
        prompt = "Your goalkeeper has the ball: roll 3 dice for the throw or kick."
        purpose = "throw"
    else:
        prompt = f"Roll for your turn ({_WHY[step['why']]})."
        purpose = "turn"
    roll = Decision(
        SIDES[step["team"]],
        "roll",
        prompt,
        dice=n,
        info={"purpose": purpose, "why": step["why"]},
    )
    # the advanced rules' calls made before this roll (a tackle...), offered beside it
    return [roll, *(d for extra in _BEFORE_ROLL for d in extra(s, step))]


_MEMO: OrderedDict[tuple[Any, ...], tuple[Choice, ...]] = OrderedDict()
_MEMO_SIZE = 32  # the referee asks for the same turn's choices several times per step
_MEMO_LOCK = threading.Lock()


def _key(s: SimpleSoccerState, team: int) -> tuple[Any, ...]:
    """Everything a turn's choices depend on."""
    places = tuple(
        (label, m["at"][0], m["at"][1], m["facing"], m.get("down"), m.get("rose"), m.get("skill"))
        for t in (0, 1)
        for label, m in s.members[t].items()
    )
    ball = None if s.ball is None else (s.ball[0], s.ball[1])
    # the advanced rules' turn keys (own points, the ball's directions...) are small
    extra = (repr(s.turn), repr(s.motion), repr(s.juggle), s.turns_played)
    return (
        repr(s.options["advanced"]),
        s.options["size"],
        team,
        places,
        ball,
        s.held,
        s.kicked_by,
        *extra,
    )


def turn_choices(s: SimpleSoccerState, team: int) -> tuple[Choice, ...]:
    """``play_choices``, remembered for the last few positions asked about."""
    key = _key(s, team)
    with _MEMO_LOCK:
        found = _MEMO.get(key)
        if found is not None:
            _MEMO.move_to_end(key)
            return found
    found = tuple(play_choices(s, team))
    with _MEMO_LOCK:
        _MEMO[key] = found
        if len(_MEMO) > _MEMO_SIZE:
            _MEMO.popitem(last=False)
    return found


def play_choices(s: SimpleSoccerState, team: int) -> list[Choice]:
    """Every destination of every member and of the ball this turn, the grab, and the end."""
    table = name_table(s.field)
    side = SIDES[team]
    assert s.turn is not None
    left = int(s.turn["left"])
    own = s.turn.get("own", {})  # points only that member may spend (a fake-out's)
    holding = s.held == team
    out: list[Choice] = []
    for label in s.members[team]:
        if holding and label == GOALKEEPER:
            continue
        budget = (left - 1 if holding else left) + own.get(label, 0)
        if budget <= 0:
            continue
        for path in movement.member_reach(s, team, label, budget).values():
            out.append(_path_choice(table, side, "move", label, path))
    for label in s.members[team]:
        if not movement.can_kick(s, team, label):
            continue
        start: Square = s.at(team, GOALKEEPER) if holding else s.ball_at()  # type: ignore[assignment]
        if direction.shaped(s):  # Facing, Ball direction: dearer steps, slide kicks
            out.extend(direction.kick_choices(s, team, label, start, left + own.get(label, 0)))
            continue
        for path in movement.ball_reach(s, team, start, left + own.get(label, 0)).values():
            out.append(_path_choice(table, side, "kick", label, path))
    grab = movement.grab_path(s, team, left)
    if grab is not None:
        out.append(_path_choice(table, side, "grab", GOALKEEPER, grab))
    for extra in _EXTRA_PLAYS:  # the advanced rules' plays (turning, tackles, ...)
        out.extend(extra(s, team))
    if not holding or not movement.can_throw(s, team):
        out.append(Choice(Action(side, "end", {}), "End the turn"))
    return out


def _path_choice(
    table: dict[Square, str], side: str, kind: str, label: str, path: list[Square]
) -> Choice:
    names = [table[p] for p in path]
    args: dict[str, Any] = {"path": names}
    if kind != "grab":
        args["member"] = label
    cost = len(path)
    what = {"move": label, "kick": f"{label} kicks", "grab": "G grabs"}[kind]
    return Choice(
        Action(side, kind, args),
        f"{what} to {names[-1]} ({cost})",
        {"member": label, "to": names[-1], "cost": cost},
    )


def _kinds(s: SimpleSoccerState) -> list[str]:
    """The kinds of play a typed command may be in this match."""
    return [*PLAY_KINDS, *(ADVANCED_KINDS if rules.any_on(s) else ())]


def _p_play(s: SimpleSoccerState, step: dict[str, Any], light: bool = False) -> list[Decision]:
    team = step["team"]
    assert s.turn is not None
    left = s.turn["left"]
    prompt = f"Your turn: {left} point{'' if left == 1 else 's'} left. Move, kick, or end the turn."
    if s.held == team:
        prompt = f"Your goalkeeper holds the ball: throw or kick it ({left} points)."
    return [
        Decision(
            SIDES[team],
            "play",
            prompt,
            () if light else turn_choices(s, team),
            open_ended=True,
            info={"left": left, "points": s.turn["points"], "kinds": _kinds(s)},
        )
    ]


_PENDING = {
    "rolloff": _p_rolloff,
    "setup": _p_setup,
    "roll": _p_roll,
    "play": _p_play,
}
for _module in MODULES:
    _PENDING.update(getattr(_module, "PENDING", {}))
_EXTRA_PLAYS = [m.play_choices for m in MODULES if hasattr(m, "play_choices")]
_BEFORE_ROLL = [m.roll_decisions for m in MODULES if hasattr(m, "roll_decisions")]
