"""A9 weather: set by a double on the first kick-off roll, rolled again at the start of the
second half, and the helpers other rules ask ("how much does aggressive pressing cost?").

``state.weather`` is "" (no special weather), ``heat``, ``sunshine``, ``wind``, ``rain``,
``cold``, ``storm`` or ``extreme_heat``; it stays "" when the rule is not in force.
"""

from __future__ import annotations

from typing import Any, Final

from engine.core.events import Event, event
from engine.fuba.state import FubaState

# A9 the weather a double on the first kick-off roll brings
FROM_DOUBLE: Final = {1: "heat", 2: "sunshine", 3: "sunshine", 4: "wind", 5: "rain", 6: "cold"}
# A9 the second-half roll: which weathers roll, and what a 6 turns them into (a 1 ends them)
SECOND_HALF_SIX: Final = {"heat": "extreme_heat", "wind": "storm", "rain": "storm"}
NAMES: Final = {
    "": "no special weather",
    "heat": "heat",
    "sunshine": "sunshine",
    "wind": "wind",
    "rain": "rain",
    "cold": "cold",
    "storm": "storm",
    "extreme_heat": "extreme heat",
}


def from_kickoff(s: FubaState, rolls: list[int], ev: list[Event]) -> None:
    """A9 the first kick-off roll of the match: a double sets the weather (a tie is rolled
    again for the kick-off, but only this first roll decides the weather)."""
    if not s.rule("weather") or s.turn.get("weather_rolled"):
        return
    s.turn["weather_rolled"] = True
    if rolls[0] == rolls[1]:
        s.weather = FROM_DOUBLE[rolls[0]]
        ev.append(event("weather", {"weather": s.weather, "change": "start"}))


def second_half(s: FubaState, ev: list[Event], at: int) -> None:
    """A9 at half time: sunshine ends; heat, wind and rain are rolled for by the second half's
    controlling team (a roll step inserted at agenda index ``at``)."""
    if s.weather == "sunshine":
        s.weather = ""
        ev.append(event("weather", {"weather": "", "change": "ended", "was": "sunshine"}))
    elif s.weather in SECOND_HALF_SIX:
        s.agenda.insert(at, {"k": "roll", "team": s.control, "n": 1, "for": "weather"})


def roll_second_half(s: FubaState, step: dict[str, Any], dice: list[int], ev: list[Event]) -> None:
    """The second-half weather roll: 1 ends the weather, 6 makes it worse, else it stays."""
    s.agenda.pop(0)
    was, die = s.weather, dice[0]
    if die == 1:
        s.weather, change = "", "ended"
    elif die == 6:
        s.weather, change = SECOND_HALF_SIX[was], "worse"
    else:
        change = "same"
    ev.append(event("weather", {"weather": s.weather, "change": change, "was": was, "die": die}))


def after_control_check(s: FubaState) -> int:
    """A9 rain (and storm, which includes rain): the new ball value is one higher after each
    control check, never above 6. Returns the ball value."""
    if s.weather in ("rain", "storm"):
        return min(6, s.value + 1)
    return s.value


# -- what other rules ask -------------------------------------------------------------------


def long_pass_modifier(s: FubaState) -> int:
    """A9 wind (and storm): the long pass modifier is +2 instead of +1."""
    return 2 if s.weather in ("wind", "storm") else 1


def pressing_cost(s: FubaState) -> int:
    """A6 an aggressive pressing costs one condition point; A9 two in heat and extreme heat."""
    return 2 if s.weather in ("heat", "extreme_heat") else 1


def no_charge(s: FubaState, team: int) -> bool:
    """A9 sunshine: the team that started the match with the ball cannot charge out with its
    goalkeeper in the first half."""
    return s.weather == "sunshine" and s.half == 1 and team == s.first_half_ct


def injury_modifier(s: FubaState) -> int:
    """A9 cold and storm: +1 to injury rolls."""
    return 1 if s.weather in ("cold", "storm") else 0


def tiredness_modifier(s: FubaState) -> int:
    """A9 extreme heat: -2 on the tiredness test's dice (before the x10)."""
    return -2 if s.weather == "extreme_heat" else 0
