"""The engine contract for Sports Dice Soccer: registry, errors, view, JSON and replay."""

from __future__ import annotations

import json

import pytest

from engine import registry
from engine.core import Action, MalformedAction, NotYourDecision, RulesError, replay
from engine.core.errors import SchemaMismatch
from engine.dicesoccer import DICESOCCER
from engine.dicesoccer.state import SCHEMA_VERSION

from .helpers import BLACK, WHITE, act, both, position, refused, roll


def test_registered_with_white_and_black() -> None:
    assert registry.get("dicesoccer") is DICESOCCER
    assert DICESOCCER.sides == ("white", "black")
    assert registry.get("fuba").name == "fuba"


def test_unknown_side_and_wrong_kind() -> None:
    s = position(ball=4)
    assert "white or black" in refused(s, "west", "roll", NotYourDecision, dice=[1] * 6)
    message = refused(s, WHITE, "pick", MalformedAction, symbol="ball")
    assert "waiting for White and Black to roll" in message


@pytest.mark.parametrize(
    "dice", [[1, 2, 3], [1, 2, 3, 4, 5, 6, 1], [0, 1, 1, 1, 1, 1], [7] * 6, "123456", None]
)
def test_bad_dice_are_refused(dice: object) -> None:
    refused(position(ball=4), WHITE, "roll", MalformedAction, dice=dice)


def test_rolling_twice_is_refused() -> None:
    s, _ = roll(position(ball=4), WHITE, "BBBBKP")
    assert "already rolled" in refused(s, WHITE, "roll", NotYourDecision, dice=[1] * 6)


def test_pick_checks() -> None:
    s = position(ball=4)
    s, _ = both(s, "BBBKKK", "BBKKPR")
    assert "not one of your most frequent" in refused(s, WHITE, "pick", RulesError, symbol="red")
    assert "not a die symbol" in refused(s, WHITE, "pick", MalformedAction, symbol="banana")
    refused(s, BLACK, "pick", NotYourDecision, symbol="ball")


def test_start_checks() -> None:
    s = DICESOCCER.initial()
    s, _ = act(s, WHITE, "roll", dice=[6])
    refused(s, WHITE, "roll", NotYourDecision, dice=[6])
    s, _ = act(s, BLACK, "roll", dice=[1])
    refused(s, WHITE, "start", MalformedAction, role="attack")
    refused(s, BLACK, "start", NotYourDecision, role="offense")


def test_match_over_refuses_everything() -> None:
    s = position(ball=6, target_score=1)
    s, _ = both(s, "BBBBKP", "KKBPRB")
    assert refused(s, WHITE, "roll", RulesError, dice=[1] * 6) == "The match is over."


def test_view_is_public_and_complete() -> None:
    s = position(ball=5, penalty=(0, 1))
    s, _ = both(s, "BBBBKP", "KKBPR")
    s, _ = roll(s, WHITE, "RRRBBK")
    for viewer in (WHITE, BLACK, None):
        v = DICESOCCER.view(s, viewer)
        assert v["offense"] == "white" and v["defense"] == "black"
        assert v["chip_holder"] == "black"
        assert v["ball"] == 6 and v["ball_zone"] == {"half": "black", "depth": 3, "of": 3}
        assert v["dice_symbols"]["white"][:3] == ["red_card"] * 3
        assert v["dice_symbols"]["black"] is None  # Black has not rolled yet
        assert v["dice_fewer"] == {"white": 0, "black": 1}
        assert v["score"] == [0, 0]
        assert v["last"]["symbols"][0] == ["ball"] * 4 + ["kick", "penalty"]
        assert v["last"]["kind"] == "advance" and v["last"]["ball_to"] == 6
        assert v["pending"] == [
            {
                "actor": "black",
                "kind": "roll",
                "prompt": "Roll your 5 dice for the play.",
                "dice": 5,
            }
        ]
        json.dumps(v)
    assert DICESOCCER.view(s, WHITE) == DICESOCCER.view(s, BLACK)


def test_view_before_the_kickoff() -> None:
    v = DICESOCCER.view(DICESOCCER.initial(), None)
    assert v["offense"] is None and v["ball_zone"] is None and v["chip_holder"] is None


def test_json_round_trip_and_schema() -> None:
    s = position(ball=4, advanced=True)
    s, _ = both(s, "BBBBKP", "KKKBBR")
    data = json.loads(json.dumps(DICESOCCER.to_json(s)))
    assert data["schema"] == SCHEMA_VERSION == DICESOCCER.schema_version
    back = DICESOCCER.from_json(data)
    assert back == s
    data["roll"]["dice"][0][0] = 6  # the loaded state shares nothing with the data
    assert back.roll["dice"][0][0] == 1
    with pytest.raises(SchemaMismatch):
        DICESOCCER.from_json({**data, "schema": 99})
    with pytest.raises(SchemaMismatch):
        DICESOCCER.from_json({**data, "extra": 1})


def test_apply_leaves_the_input_state_alone() -> None:
    s = position(ball=4)
    before = DICESOCCER.to_json(s)
    both(s, "BBBBKP", "KKKBBR")
    assert DICESOCCER.to_json(s) == before


def test_replay_rebuilds_the_state() -> None:
    s0 = DICESOCCER.initial({"advanced": True})
    log = [
        Action(WHITE, "roll", {"dice": [2]}),
        Action(BLACK, "roll", {"dice": [5]}),
        Action(BLACK, "start", {"role": "defense"}),
        Action(BLACK, "roll", {"dice": [4, 4, 4, 1, 1, 6]}),
        Action(WHITE, "roll", {"dice": [1, 1, 1, 1, 4, 5]}),
        Action(BLACK, "reroll", {"positions": [4, 5, 6]}),
        Action(BLACK, "roll", {"dice": [4, 4, 4]}),
    ]
    s = s0
    for a in log:
        s, _ = DICESOCCER.apply(s, a)
    assert replay(DICESOCCER, s0, log) == s
    assert s.ball == 3 and s.chip == 0
    assert DICESOCCER.problem(s, Action(WHITE, "chip", {"use": True})) is not None
    assert DICESOCCER.problem(s, Action(WHITE, "roll", {"dice": [1] * 6})) is None
