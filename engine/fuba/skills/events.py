"""A13 the special events that touch skills: an injured star player takes a random skill
away, a new talent brings a random new one.

"Random" is rolled with dice like everything else (replayable, physical dice possible):
the candidates are numbered in the table's order, and one, two or three dice read as a
number in base six pick one; a number past the last whole round of candidates is rolled
again, so every candidate is equally likely (docs).
"""

from __future__ import annotations

from typing import Any

from engine.core.events import Event, event
from engine.fuba.skills import LOST, agreed
from engine.fuba.skills.catalog import SKILLS, available
from engine.fuba.state import FubaState

Step = dict[str, Any]


def candidates(s: FubaState, team: int, kind: str) -> list[str]:
    """The skills an injured star (``kind`` "star") could take, or a new talent bring."""
    mine = s.skills[team]
    if kind == "star":
        return [k for k in SKILLS if k in mine and mine[k] != LOST]
    rules = frozenset(s.options.get("advanced") or ())
    return [k for k in available(rules) if k not in mine]


def dice_for(n: int) -> int:
    return 1 if n <= 6 else 2 if n <= 36 else 3


def pick(n: int, dice: list[int]) -> int | None:
    """The candidate index the dice pick among ``n``, or None: roll again."""
    number = 0
    for d in dice:
        number = number * 6 + (d - 1)
    whole = 6 ** len(dice) // n * n
    return number % n if number < whole else None


def start(s: FubaState, team: int, kind: str) -> str:
    """The event happens to ``team``: its roll, or a note when nothing can happen."""
    if not agreed(s):
        return "no skills in this match"
    found = candidates(s, team, kind)
    if not found:
        return "no skill to lose" if kind == "star" else "no skill left to learn"
    step = {"k": "roll", "team": team, "n": dice_for(len(found)), "for": kind}
    s.agenda.insert(0, step)
    return ""


def roll(s: FubaState, step: Step, dice: list[int], ev: list[Event]) -> None:
    s.agenda.pop(0)
    team, kind = step["team"], step["for"]
    found = candidates(s, team, kind)
    index = pick(len(found), dice)
    if index is None:
        ev.append(event("skill_roll_again", {"team": team, "dice": dice}))
        s.agenda.insert(0, dict(step))
        return
    key = found[index]
    if kind == "star":
        s.skills[team][key] = LOST
        ev.append(event("skill_lost", {"team": team, "skill": key, "name": SKILLS[key].name}))
    else:
        s.skills[team][key] = 0
        ev.append(event("skill_gained", {"team": team, "skill": key, "name": SKILLS[key].name}))
