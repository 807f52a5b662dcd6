"""What the other layers read: options, the view, refusals with a reason, JSON round trips."""

from __future__ import annotations

import json

import pytest

from engine import registry
from engine.core import RulesError
from engine.simplesoccer import SIMPLESOCCER
from engine.simplesoccer.state import SimpleSoccerState

from .scenario import EAST, WEST, act, position, problem, roll, started


def test_registered_under_its_name() -> None:
    assert registry.get("simplesoccer") is SIMPLESOCCER
    assert SIMPLESOCCER.sides == ("west", "east")


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"size": "huge"}, "size"),
        ({"fielders": 11}, "fielders"),
        ({"fielders": 0}, "fielders"),
        ({"length": "forever"}, "length"),
        ({"target": 0}, "target"),
        ({"turns": 1}, "turns"),
    ],
)
def test_bad_options_are_refused(options: dict[str, object], words: str) -> None:
    with pytest.raises(RulesError, match=words):
        SIMPLESOCCER.initial(options)


def test_option_defaults() -> None:
    o = SIMPLESOCCER.initial().options
    assert (o["size"], o["fielders"], o["length"], o["turns"]) == ("standard", 10, "turns", 40)
    assert SIMPLESOCCER.initial({"size": "small"}).options["fielders"] == 7


@pytest.mark.parametrize(
    ("options", "length"),
    [
        ({"target": 3}, "score"),
        ({"minutes": 10}, "timed"),
        ({"turns": 12}, "turns"),
        ({}, "turns"),
        ({"length": "timed", "minutes": 10}, "timed"),
    ],
)
def test_the_option_given_says_how_the_match_ends(options: dict[str, object], length: str) -> None:
    o = SIMPLESOCCER.initial(options).options
    assert o["length"] == length
    assert all(o[key] == value for key, value in options.items())


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"length": "turns", "target": 3}, "`target` counts only with `length:score`"),
        ({"length": "score", "turns": 12}, "`turns` counts only with `length:turns`"),
        ({"length": "timed", "target": 3}, "this match is `length:timed`"),
        ({"target": 3, "minutes": 10}, "`minutes` counts only with `length:timed`"),
    ],
)
def test_an_option_of_another_length_is_refused(options: dict[str, object], words: str) -> None:
    with pytest.raises(RulesError) as refused:
        SIMPLESOCCER.initial(options)
    assert words in str(refused.value)


@pytest.mark.parametrize("dice", [[0], [7], [], [3, 3], ["x"]])
def test_impossible_dice_are_refused(dice: list[object]) -> None:
    s = position({"G": "goal7", "1": "e5"}, {"G": "goal7"}, ball="k7")
    assert problem(s, WEST, "roll", dice=dice) is not None


def test_wrong_side_and_unknown_actions_are_refused_with_a_reason() -> None:
    s = started()
    assert "not your turn" in (problem(s, EAST, "roll", dice=[3]) or "")
    assert "cannot dance" in (problem(s, WEST, "dance") or "")
    assert "not a side" in (problem(s, "north", "roll", dice=[3, 3]) or "")
    s, _ = roll(s, WEST, 3, 3)
    assert "no member 12" in (problem(s, WEST, "move", member="12", path="a1") or "")
    assert "not a square" in (problem(s, WEST, "move", member="1", path="zz") or "")


def test_view_names_squares_and_points() -> None:
    s = started()
    s, _ = roll(s, WEST, 2, 3)
    v = SIMPLESOCCER.view(s, None)
    assert v["squares"]["west"]["G"] == "goal7" and v["ball_name"] == "k7"
    assert v["points_left"] == 5 and v["sides"] == ["west", "east"]
    assert v["field"]["width"] == 21 and v["field"]["centre"] == [10, 6]
    assert v["pending"][0]["actor"] == WEST and v["pending"][0]["kind"] == "play"
    json.dumps(v)


def test_state_round_trips_through_json() -> None:
    s = started()
    s, _ = roll(s, WEST, 2, 3)
    s, _ = act(s, WEST, "kick", member="10", path="l7 m8")
    text = json.dumps(SIMPLESOCCER.to_json(s))
    back = SIMPLESOCCER.from_json(json.loads(text))
    assert back == s and isinstance(back, SimpleSoccerState)
    assert SIMPLESOCCER.pending(back)[0].info["left"] == 3


def test_apply_leaves_its_input_alone() -> None:
    s = started()
    before = SIMPLESOCCER.to_json(s)
    roll(s, WEST, 1, 2)
    assert SIMPLESOCCER.to_json(s) == before
