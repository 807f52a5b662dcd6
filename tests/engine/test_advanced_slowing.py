"""A8 slowing the game down at a restart's extra minute: one more minute, then 2d6 x 10
against the game time for a yellow card and a red card test."""

from __future__ import annotations

import pytest

from engine.core import Event
from engine.fuba import coach, restarts
from engine.fuba import match as fuba_match
from engine.fuba.state import FubaState
from referee.fuba.narration import narrate
from tests.engine.e2_scenario import EAST, WEST, advanced
from tests.engine.scenario import act, decision, find, refused, roll

W, E = 0, 1


def restart(s: FubaState, fn, *args) -> tuple[FubaState, list[Event]]:
    s = s.clone()
    ev: list[Event] = []
    fn(s, *args, ev)
    return s, ev


@pytest.mark.parametrize(
    "start",
    [
        lambda s: restart(s, restarts.goal_kick, W),
        lambda s: restart(s, restarts.award_free_kick, W, 9),
        lambda s: restart(s, restarts.corner, W),
        lambda s: restart(s, restarts.award_penalty, W),
    ],
    ids=["goal kick", "free kick", "corner", "penalty"],
)
def test_a8_the_controlling_team_may_slow_every_restart_with_an_extra_minute(start):
    s, ev = start(advanced("slowing", minute=60, half=2))
    d = decision(s)
    assert (d.kind, d.actor) == ("slow", WEST) and s.minute == 61
    assert [c.action.args["choice"] for c in d.choices] == ["slow", "play"]
    assert coach.Coach().choose(s, d).args == {"choice": "play"}


def test_a8_no_slowing_at_a_kick_off_or_without_the_rule():
    s, _ = restart(advanced("slowing", minute=60, half=2), fuba_match._goal, W)
    assert all(st["k"] != "slow" for st in s.agenda)
    s, _ = restart(advanced(minute=60, half=2), restarts.goal_kick, W)
    assert all(st["k"] != "slow" for st in s.agenda)


def test_a8_no_slowing_in_stoppage_time_where_there_is_no_extra_minute():
    s, _ = restart(advanced("slowing", minute=45, stoppage=2), restarts.goal_kick, W)
    assert all(st["k"] != "slow" for st in s.agenda)


def test_a8_slowing_costs_a_minute_and_a_low_roll_is_a_yellow_card_and_a_red_test():
    s, _ = restart(advanced("slowing", minute=60, half=2), restarts.goal_kick, W)
    s, ev = act(s, WEST, "slow", choice="slow")
    assert s.minute == 62 and s.agenda[0]["for"] == "slow"
    s, ev = roll(s, WEST, 3, 2)  # 50 < 62
    assert find(ev, "slowing").data["yellow"] and s.yellows == [1, 0]
    assert "West wastes time: 50 < 62, the referee books them" in narrate(ev)
    assert (s.agenda[0]["for"], s.agenda[0]["team"], s.agenda[0]["mod"]) == ("red", W, 0)


def test_a8_a_roll_not_below_the_game_time_goes_unpunished():
    s, _ = restart(advanced("slowing", minute=50, half=2), restarts.goal_kick, W)
    s, _ = act(s, WEST, "slow", choice="slow")
    s, ev = roll(s, WEST, 6, 1)  # 70 is not below 52
    assert not find(ev, "slowing").data["yellow"] and s.yellows == [0, 0]
    assert s.agenda[0]["k"] == "moves"  # the goal kick goes on


def test_a8_a_second_yellow_for_slowing_can_be_red():
    s, _ = restart(advanced("slowing", minute=80, half=2), restarts.goal_kick, W)
    s.yellows = [1, 0]
    s, _ = act(s, WEST, "slow", choice="slow")
    s, _ = roll(s, WEST, 1, 1)
    s, ev = roll(s, WEST, 1)
    assert find(ev, "red_card").data["team"] == W


def test_a8_playing_on_changes_nothing_and_the_other_team_cannot_slow():
    s, _ = restart(advanced("slowing", minute=60, half=2), restarts.goal_kick, W)
    refused(s, EAST, "slow", None, choice="slow")
    refused(s, WEST, "slow", None, choice="later")
    s, ev = act(s, WEST, "slow", choice="play")
    assert s.minute == 61 and s.yellows == [0, 0]
