"""The automatic coach: the direction whose stopping square is best for it, its end and corner
side by its seed, the only card it may draw; and whole coach-vs-coach matches."""

from __future__ import annotations

import pytest

from engine.core import Action, Decision
from engine.socceristic import SOCCERISTIC, SocceristicState
from engine.socceristic.coach import Coach, play_match

from .helpers import AWAY, HOME, H, decision, landed, roll


def choice(tokens: dict[tuple[int, int], str], die: int = 2, at: tuple[int, int] = (5, 10)) -> str:
    """Home's choice of direction for a free move of ``die`` from ``at``."""
    s, _ = landed(at, 1, {**tokens, at: "X"})  # Away loses the ball there: Home's free move
    s, _ = roll(s, HOME, die)
    action = Coach(0).choose(s, decision(s))
    return str(action.args["direction"])


def test_it_prefers_a_chance_to_anything_else() -> None:
    assert choice({(3, 12): "N*"}) == "SW"  # a bold square


def test_it_prefers_the_zone_it_attacks() -> None:
    # three squares south-west, south or south-east is row 13, in the zone Home attacks
    assert choice({}, die=3, at=(5, 10)) in ("SW", "S", "SE")
    assert choice({(2, 13): "T", (8, 13): "X"}, die=3, at=(5, 10)) == "S"


def test_it_prefers_an_arrow_towards_the_goal_it_attacks() -> None:
    tokens = {(x, y): "N" for x in range(11) for y in range(17) if (x, y) != (5, 8)}
    tokens[(7, 12)] = "S"
    assert choice(tokens) == "SE"


def test_it_avoids_losing_the_ball() -> None:
    tokens = {(x, y): "X" for x in range(11) for y in range(17) if (x, y) != (5, 8)}
    tokens[(5, 8)] = "R"
    tokens[(3, 12)] = "T"
    assert choice(tokens, at=(5, 12)) == "W"


def test_end_and_corner_side_come_from_its_seed_and_it_draws_its_only_card() -> None:
    s = SOCCERISTIC.initial()
    s, _ = roll(s, HOME, 6)
    s, _ = roll(s, AWAY, 1)
    ends = {Coach(seed).choose(s, decision(s)).args["end"] for seed in range(4)}
    assert ends == {"north", "south"}
    s, _ = landed((4, 12), H, {(4, 12): "S*"})
    assert Coach(1).choose(s, decision(s)) == Action(HOME, "draw", {})
    with pytest.raises(ValueError, match="dice source"):
        Coach(1).choose(*_roll_decision())


def _roll_decision() -> tuple[SocceristicState, Decision]:
    s, _ = landed((3, 5), H)
    return s, decision(s)


@pytest.mark.parametrize("seed", range(20))
def test_coach_matches_end_with_a_full_team_sheet(seed: int) -> None:
    final, actions, events = play_match(seed, options={"length": "12 moves"})
    assert final.over and final.half == 2
    assert len(final.sheet["goals"]) == sum(final.score)
    assert all(len(team) == 16 for team in final.lineup)
