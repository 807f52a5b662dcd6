"""The team sheet: goals and their scorers, substitutions, injuries and cards. A player is
named by two dice (shirts 2 to 11): a double six, or a player already sent off, rolls again."""

from __future__ import annotations

from typing import Any

from engine.core.events import Event
from engine.socceristic import clock
from engine.socceristic.state import SocceristicState

SUBSTITUTES = 5  # shirts 12 to 16
FIRST_SUB = 12


def when(s: SocceristicState) -> dict[str, Any]:
    """When it happened: the half, the moves started in it and (a minutes match) the minute."""
    return {"half": s.half, "move": s.moves, "minute": clock.minute(s)}


def goal(s: SocceristicState, team: int, how: str, ev: list[Event]) -> None:
    """A goal for ``team``; the scorer is rolled for next (an own goal: by the team that
    conceded, whose player it was)."""
    s.score[team] += 1
    s.restart = None
    ev.append(Event("goal", {"team": team, "how": how, "score": s.score[:]}))
    own = how == "own_goal"
    roller = 1 - team if own else team
    s.step = {"k": "shirt", "team": roller, "purpose": "scorer", "goal_for": team, "own": own}


def shirt_of(s: SocceristicState, team: int, slot: int) -> int:
    """The shirt number of the player now in position ``slot`` (a substitute keeps his own)."""
    for sub in reversed(s.sheet["subs"]):
        if sub["team"] == team and sub["slot"] == slot:
            return int(sub["on_shirt"])
    return slot


def sent_off(s: SocceristicState, team: int) -> set[int]:
    return {c["shirt"] for c in s.sheet["cautions"] if c["team"] == team and c["colour"] == "red"}


def named(s: SocceristicState, team: int, dice: list[int]) -> int | None:
    """The position the dice name, or None when they must be rolled again."""
    slot = sum(dice)
    if slot == 12:  # TACKLE SITUATIONS: a double six is rolled again
        return None
    off = sent_off(s, team)
    left = [k for k in range(2, 12) if shirt_of(s, team, k) not in off]
    if shirt_of(s, team, slot) in off and left:
        return None  # a player sent off is off the pitch: the dice name someone else
    return slot


def scorer(s: SocceristicState, team: int, slot: int, ev: list[Event]) -> None:
    shirt = shirt_of(s, team, slot)
    name = s.lineup[team][slot - 1]
    own = bool(s.step["own"])
    entry = {"team": team, "for": s.step["goal_for"], "shirt": shirt, "name": name, "own_goal": own}
    s.sheet["goals"].append({**entry, **when(s)})
    data = {"team": team, "shirt": shirt, "name": name, "own_goal": own}
    ev.append(Event("scorer", {**data, **when(s)}))


def injured(s: SocceristicState, team: int, slot: int, ev: list[Event]) -> None:
    """The injured player is replaced by the next substitute; with none left he plays on."""
    shirt = shirt_of(s, team, slot)
    off = s.lineup[team][slot - 1]
    if s.bench[team] >= SUBSTITUTES:
        s.sheet["injuries"].append({"team": team, "shirt": shirt, "name": off, **when(s)})
        data = {"team": team, "shirt": shirt, "off": off, "on": None, "on_shirt": None}
        ev.append(Event("substitution", {**data, **when(s)}))
        return
    on_shirt = FIRST_SUB + s.bench[team]
    on = s.lineup[team][on_shirt - 1]
    s.lineup[team][slot - 1], s.lineup[team][on_shirt - 1] = on, off
    s.bench[team] += 1
    entry = {"team": team, "slot": slot, "shirt": shirt, "off": off, "on": on}
    s.sheet["subs"].append({**entry, "on_shirt": on_shirt, **when(s)})
    data = {"team": team, "shirt": shirt, "off": off, "on": on, "on_shirt": on_shirt}
    ev.append(Event("substitution", {**data, **when(s)}))


def caution(s: SocceristicState, team: int, slot: int, colour: str, ev: list[Event]) -> None:
    """A yellow or red card; a second yellow to the same player is a red."""
    shirt = shirt_of(s, team, slot)
    name = s.lineup[team][slot - 1]
    booked = any(
        c["team"] == team and c["shirt"] == shirt and c["colour"] == "yellow"
        for c in s.sheet["cautions"]
    )
    second = colour == "yellow" and booked
    colour = "red" if second else colour
    entry = {"team": team, "shirt": shirt, "name": name, "colour": colour, "second_yellow": second}
    s.sheet["cautions"].append({**entry, **when(s)})
    ev.append(Event("caution", {**entry, **when(s)}))
