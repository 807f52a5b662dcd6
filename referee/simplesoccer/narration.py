"""Simple Soccer events -> short plain-English lines, in a player's words.

Squares are told by their names on the board ("e5"; a goal square "goal7"). A turn's roll,
its moves and kicks each get a line; a shot and the goalkeeper's roll tell what the save
needs and whether it came.

>>> from engine.core import Event
>>> narrate([Event("rolled", {"team": 0, "dice": [5, 2], "points": 7, "why": "ball"})])
['West rolls 5 and 2: 7 points (with the ball).']
>>> narrate([Event("moved", {"team": 0, "member": "7", "squares": ["e5", "e6", "f6"],
...                          "cost": 2, "left": 5})])
['Number 7 moves from e5 to f6 (2 points, 5 left).']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.core.events import Event
from engine.simplesoccer.setup import GOALKEEPER
from referee.captions import headline

SIDE_NAMES = ("West", "East")
Data = dict[str, Any]


def side(team: int) -> str:
    """A team index as people see it: 0 -> "West", 1 -> "East"."""
    return SIDE_NAMES[team]


def score_text(score: Sequence[int]) -> str:
    """The score as people read it: "1-0" (West first)."""
    return f"{score[0]}-{score[1]}"


def score_line(score: Sequence[int]) -> str:
    """
    >>> score_line([2, 1])
    'West 2-1 East'
    """
    return f"West {score[0]}-{score[1]} East"


def goal_square(sq: Sequence[int]) -> str:
    """A goal square's name: the row it is beside, "goal7"."""
    return f"goal{sq[1] + 1}"


def member(label: str, team: int | None = None) -> str:
    """ "Number 7", "The goalkeeper"; with ``team``: "West's number 7"."""
    if team is None:
        return "The goalkeeper" if label == GOALKEEPER else f"Number {label}"
    return f"{side(team)}'s {'goalkeeper' if label == GOALKEEPER else f'number {label}'}"


def points(n: int) -> str:
    return f"{n} point{'' if n == 1 else 's'}"


def dice_text(dice: Sequence[int]) -> str:
    """ "5 and 2", "4, 4 and 1", "3"."""
    words = [str(d) for d in dice]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + f" and {words[-1]}"


def save_needs(distance: int) -> str:
    """What the goalkeeper's die must show to reach a ball ``distance`` away (Shot on goal):
    at least the distance, and of the same parity.

    >>> save_needs(3), save_needs(5), save_needs(1), save_needs(7)
    ('3 or 5', '5', '1, 3 or 5', 'nothing')
    """
    needs = [str(d) for d in range(1, 7) if d >= distance and (d - distance) % 2 == 0]
    if not needs:
        return "nothing"
    return needs[0] if len(needs) == 1 else ", ".join(needs[:-1]) + f" or {needs[-1]}"


_PENALTY_NEEDS = {
    1: "an odd number catches it, a 6 tips it away",
    2: "only a 6 tips it away",
    3: "only a double six tips it away",
}


# -- single events ---------------------------------------------------------------------


def _rolloff_roll(d: Data) -> str:
    return f"{side(d['team'])} rolls {d['die']} for the kick-off."


def _rolloff(d: Data) -> str:
    a, b = d["dice"]
    if d["winner"] < 0:
        return f"Both roll {a}: roll again."
    return f"West {a}, East {b}: {side(d['winner'])} kicks off."


def _setup(d: Data) -> str:
    preset = d.get("preset")
    how = f"in the {preset} formation" if preset else "in its own layout"
    return f"{side(d['team'])} sets up {how}."


def _kickoff(d: Data) -> str:
    who = side(d["team"])
    if d["why"] == "goal":
        return f"{who} kicks off again."
    if d["why"] == "half":
        return f"Second half: {who} kicks off."
    return f"{who} kicks off."


_WHY = {
    "ball": "with the ball",
    "goalie": "the goalkeeper has the ball",
    "loose": "without the ball",
}


def _rolled(d: Data) -> str:
    who = side(d["team"])
    total = points(d["points"])
    if d["why"] == "throw":
        return f"{who}'s goalkeeper rolls {dice_text(d['dice'])} for the throw: {total}."
    why = _WHY.get(d["why"], "")
    text = (
        f"{who} rolls {d['dice'][0]}"
        if len(d["dice"]) == 1
        else f"{who} rolls {dice_text(d['dice'])}: {total}"
    )
    return text + (f" ({why})." if why else ".")


def _spent(d: Data) -> str:
    return f"{points(d['cost'])}, {d['left']} left"


def _moved(d: Data) -> str:
    start, *_, to = d["squares"]
    return f"{member(d['member'])} moves from {start} to {to} ({_spent(d)})."


def _kicked(d: Data, shot: bool = False) -> str:
    who = member(d["member"])
    if shot:
        verb = "throws the ball at goal" if d.get("throw") else "shoots"
        return f"{who} {verb} ({points(d['cost'])})."
    verb = "throws the ball" if d.get("throw") else "kicks the ball"
    return f"{who} {verb} from {d['squares'][0]} to {d['squares'][-1]} ({_spent(d)})."


def _grabbed(d: Data) -> str:
    at = d["squares"][-1]
    return f"{side(d['team'])}'s goalkeeper grabs the ball at {at} ({points(d['cost'])})."


def _shot(d: Data) -> str:
    at = goal_square(d["at"])
    dist = d["distance"]
    if d.get("goalie") is None:
        return f"Shot! The ball crosses at {at}: the goal is empty."
    if dist > 6:
        return f"Shot! The ball crosses at {at}; the goalkeeper is {dist} away: no chance."
    return (
        f"Shot! The ball crosses at {at}; the goalkeeper is {dist} away and needs "
        f"{save_needs(dist)}."
    )


def _save_roll(d: Data) -> str:
    verdict = "saved!" if d["saved"] else "goal!"
    return f"{side(d['team'])}'s goalkeeper rolls {d['die']}: {verdict}"


def _no_chance(d: Data) -> str:
    return f"{side(d['team'])}'s goalkeeper cannot reach it."


def _saved(d: Data) -> str:
    return f"{side(d['team'])}'s goalkeeper holds the ball."


def _goal(d: Data) -> str:
    return f"Goal for {side(d['team'])}! {score_text(d['score'])}."


def _turn_end(d: Data) -> str | None:
    who, left = side(d["team"]), d["left"]
    if d["reason"] == "end":
        lost = f" ({points(left)} unused)" if left else ""
        return f"{who} ends the turn{lost}."
    if d["reason"] == "timeout":
        lost = f" ({points(left)} lost)" if left else ""
        return f"{who}'s time is up{lost}."
    return None  # spent, or a shot: the line before says it


def _half_time(d: Data) -> str:
    return f"Half time, {score_text(d['score'])}."


def _full_time(d: Data) -> str:
    return f"Full time, {score_text(d['score'])}."


def _shootout_start(d: Data) -> str:
    return f"A draw: penalty shootout! {side(d['first'])} kicks first."


def _spot_chosen(d: Data) -> str:
    return f"{side(d['team'])}'s goalkeeper picks a spot in secret."


def _penalty(d: Data) -> str:
    kicker = member(d["taker"], d["team"])
    text = (
        f"{kicker} rolls {d['die']} for the penalty: the ball goes to spot {d['ball']}, "
        f"the goalkeeper is at spot {d['spot']}"
    )
    needs = _PENALTY_NEEDS.get(d["distance"])
    return f"{text}: too far to reach it." if needs is None else f"{text} ({needs})."


_RESULTS = {"grab": "catches it!", "deflect": "tips it away!", "miss": "cannot stop it."}


def _penalty_save_roll(d: Data) -> str:
    return (
        f"{side(d['team'])}'s goalkeeper rolls {dice_text(d['dice'])}: "
        f"{_RESULTS.get(d['result'], 'cannot stop it.')}"
    )


def shootout_score(kicks: Sequence[Sequence[bool]]) -> str:
    """
    >>> shootout_score([[True, False], [True]])
    'West 1, East 1'
    """
    return ", ".join(f"{side(t)} {sum(kicks[t])}" for t in (0, 1))


def _penalty_result(d: Data) -> str:
    verdict = "scores" if d["scored"] else "misses"
    return f"{side(d['team'])} {verdict}. Shootout: {shootout_score(d['kicks'])}."


def _over(d: Data) -> str:
    a, b = d["score"]
    if d["winner"] < 0:
        return f"The match ends in a draw, {a}-{b}."
    winner = side(d["winner"])
    if d["reason"] == "shootout":
        return f"{winner} wins the shootout after a {a}-{b} draw."
    return f"{winner} wins {max(a, b)}-{min(a, b)}."


_SIMPLE: dict[str, Callable[[Data], str | None]] = {
    "rolloff_roll": _rolloff_roll,
    "rolloff": _rolloff,
    "setup": _setup,
    "kickoff": _kickoff,
    "rolled": _rolled,
    "moved": _moved,
    "kicked": _kicked,
    "grabbed": _grabbed,
    "shot": _shot,
    "save_roll": _save_roll,
    "no_chance": _no_chance,
    "saved": _saved,
    "goal": _goal,
    "turn_end": _turn_end,
    "half_time": _half_time,
    "full_time": _full_time,
    "shootout_start": _shootout_start,
    "spot_chosen": _spot_chosen,
    "penalty": _penalty,
    "penalty_save_roll": _penalty_save_roll,
    "penalty_result": _penalty_result,
    "over": _over,
}
FORMATTERS = frozenset(_SIMPLE)


def narrate(events: Sequence[Event]) -> list[str]:
    """Lines for a run of events (all public: the shootout's spot is told only once the kick
    reveals it)."""
    lines: list[str] = []
    kinds = [e.kind for e in events]
    for i, e in enumerate(events):
        d = e.data
        if e.kind == "kicked":
            text: str | None = _kicked(d, shot="shot" in kinds[i + 1 : i + 2])
        elif e.kind == "rolloff_roll" and "rolloff" in kinds[i + 1 :]:
            continue  # the roll-off's line gives both dice
        elif e.kind == "saved" and "save_roll" in kinds[:i]:
            continue  # "saved!" was said
        elif e.kind == "no_chance" and "shot" in kinds[:i]:
            continue  # the shot's line said so
        else:
            formatter = _SIMPLE.get(e.kind)
            text = None if formatter is None else formatter(d)
        if text:
            lines.append(text)
    return lines


# -- board captions ----------------------------------------------------------------------

_CAPTION_ORDER = (
    "over",
    "goal",
    "penalty_result",
    "saved",
    "half_time",
    "shootout_start",
    "shot",
    "grabbed",
    "kickoff",
    "rolloff",
    "kicked",
    "rolled",
)


def _caption_of(e: Event) -> str | None:
    d = e.data
    if e.kind == "over":
        return _over(d).rstrip(".")
    if e.kind == "goal":
        return f"Goal for {side(d['team'])}! {score_line(d['score'])}"
    if e.kind == "penalty_result":
        verdict = "scores" if d["scored"] else "misses"
        return f"Penalty: {side(d['team'])} {verdict} ({shootout_score(d['kicks'])})"
    if e.kind == "saved":
        return f"Saved by {side(d['team'])}'s goalkeeper"
    if e.kind == "half_time":
        return f"Half time: {score_line(d['score'])}"
    if e.kind == "shootout_start":
        return "Penalty shootout"
    if e.kind == "shot":
        return f"{side(d['team'])} shoots!"
    if e.kind == "grabbed":
        return f"{side(d['team'])}'s goalkeeper grabs the ball"
    if e.kind == "kickoff":
        return _kickoff(d).rstrip(".")
    if e.kind == "rolloff" and d["winner"] >= 0:
        return f"{side(d['winner'])} wins the roll-off"
    if e.kind == "kicked":
        verb = "throws" if d.get("throw") else "kicks"
        return f"{member(d['member'], d['team'])} {verb} the ball to {d['squares'][-1]}"
    if e.kind == "rolled":
        return f"{side(d['team'])} rolls {dice_text(d['dice'])}: {points(d['points'])}"
    return None


def caption(events: Sequence[Event]) -> str | None:
    """A short headline for a board picture of what ``events`` did, or None.

    >>> caption([Event("goal", {"team": 1, "member": "9", "score": [0, 1]})])
    'Goal for East! West 0-1 East'
    """
    return headline(events, _CAPTION_ORDER, _caption_of)
