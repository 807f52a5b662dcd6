"""A9 weather: the first kick-off roll's double, the second-half roll, rain on the ball value,
and the helpers the other rules ask."""

from __future__ import annotations

import pytest

from engine.core import Event
from engine.fuba import FUBA, restarts, weather
from referee.fuba.narration import narrate
from tests.engine.e2_scenario import EAST, WEST, advanced, situation
from tests.engine.scenario import act, find, roll

W, E = 0, 1


def kickoff_roll(rules: list[str]):
    s = FUBA.initial({"advanced": rules})
    s, _ = act(s, WEST, "formation", shape="4-4-2")
    s, _ = act(s, EAST, "formation", shape="4-4-2")
    return s


@pytest.mark.parametrize(
    ("die", "name"),
    [(1, "heat"), (2, "sunshine"), (3, "sunshine"), (4, "wind"), (5, "rain"), (6, "cold")],
)
def test_a9_a_double_on_the_first_kick_off_roll_sets_the_weather(die, name):
    s = kickoff_roll(["weather"])
    s, _ = roll(s, WEST, die)
    s, ev = roll(s, EAST, die)
    assert s.weather == name and find(ev, "weather").data == {"weather": name, "change": "start"}


def test_a9_only_the_first_roll_sets_the_weather():
    s = kickoff_roll(["weather"])
    s, _ = roll(s, WEST, 4)
    s, _ = roll(s, EAST, 4)  # wind, and a tie: roll again
    s, _ = roll(s, WEST, 6)
    s, ev = roll(s, EAST, 6)  # another tie: still wind
    assert s.weather == "wind" and "weather" not in [e.kind for e in ev]
    s = kickoff_roll(["weather"])
    s, _ = roll(s, WEST, 2)
    s, _ = roll(s, EAST, 5)
    assert s.weather == ""


def test_a9_no_weather_without_the_rule():
    s = kickoff_roll([])
    s, _ = roll(s, WEST, 5)
    s, _ = roll(s, EAST, 5)
    assert s.weather == ""


def half_time(w: str):
    s = advanced("weather", minute=45, stoppage=5)
    s.weather = w
    s.first_half_ct = W
    s = s.clone()
    ev: list[Event] = []
    restarts.end_half(s, ev)
    return s, ev


@pytest.mark.parametrize(
    ("start", "die", "after"),
    [
        ("heat", 1, ""),
        ("heat", 6, "extreme_heat"),
        ("heat", 3, "heat"),
        ("wind", 6, "storm"),
        ("wind", 1, ""),
        ("rain", 6, "storm"),
        ("rain", 1, ""),
        ("rain", 5, "rain"),
    ],
)
def test_a9_the_second_halfs_controlling_team_rolls_for_the_weather(start, die, after):
    s, _ = half_time(start)
    step = s.agenda[1]  # after the half-time formations
    assert (step["for"], step["team"]) == ("weather", E)  # east kicks off the second half
    for side in (WEST, EAST):
        s, _ = act(s, side, "formation", shape="4-4-2")
    s, ev = roll(s, EAST, die)
    assert s.weather == after


def test_a9_sunshine_ends_at_half_time_and_cold_stays_without_a_roll():
    s, ev = half_time("sunshine")
    assert s.weather == "" and "The sunshine is over" in narrate(ev)
    assert all(st.get("for") != "weather" for st in s.agenda)
    s, _ = half_time("cold")
    assert s.weather == "cold" and all(st.get("for") != "weather" for st in s.agenda)


@pytest.mark.parametrize(("w", "value"), [("rain", 4), ("storm", 4), ("wind", 3), ("", 3)])
def test_a9_rain_raises_the_new_ball_value_after_the_control_check(w, value):
    s = advanced("weather")
    s.weather = w
    s, ev = situation(s, 8, 6, 3)  # the new ball value would be 3
    assert s.value == value


def test_a9_rain_never_above_6():
    s = advanced("weather")
    s.weather = "rain"
    s, _ = situation(s, 9, 6, 6)
    assert s.value == 6


def test_a9_what_the_other_rules_ask():
    s = advanced("weather")
    s.first_half_ct = W
    for w, long_pass, cost, injury, tired in [
        ("wind", 2, 1, 0, 0),
        ("storm", 2, 1, 1, 0),
        ("heat", 1, 2, 0, 0),
        ("extreme_heat", 1, 2, 0, -2),
        ("cold", 1, 1, 1, 0),
        ("", 1, 1, 0, 0),
    ]:
        s.weather = w
        assert weather.long_pass_modifier(s) == long_pass
        assert weather.pressing_cost(s) == cost
        assert weather.injury_modifier(s) == injury
        assert weather.tiredness_modifier(s) == tired
    s.weather = "sunshine"
    assert weather.no_charge(s, W) and not weather.no_charge(s, E)
    s.half = 2
    assert not weather.no_charge(s, W)


def test_a9_the_log_says_the_rain_raised_the_ball_value():
    s = advanced("weather")
    s.weather = "rain"
    s, ev = situation(s, 8, 6, 3)
    assert any(line.endswith("ball value is now 4 (rain +1)") for line in narrate(ev))
