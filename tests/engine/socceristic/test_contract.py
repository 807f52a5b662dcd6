"""The engine contract for Socceristic: registry, errors, the view (the decks' order is
secret), JSON, replay, and the ``at`` stamp every action may carry."""

from __future__ import annotations

import json

import pytest

from engine import registry
from engine.core import Action, MalformedAction, NotYourDecision, RulesError, replay
from engine.core.dice import VirtualDice
from engine.core.errors import SchemaMismatch
from engine.socceristic import SOCCERISTIC
from engine.socceristic.coach import Coach, next_action, play_match
from engine.socceristic.state import SCHEMA_VERSION

from .helpers import AWAY, HOME, H, landed, options, refused, roll


def test_registered_with_home_and_away() -> None:
    assert registry.get("socceristic") is SOCCERISTIC
    assert SOCCERISTIC.sides == ("home", "away") and SOCCERISTIC.name == "socceristic"


def test_unknown_side_and_wrong_kind() -> None:
    s, _ = landed((3, 5), H)
    assert "home or away" in refused(s, "west", "roll", NotYourDecision, dice=[1])
    message = refused(s, HOME, "draw", MalformedAction)
    assert message == "'draw' is not possible now: waiting for Home to roll to follow the arrow."


@pytest.mark.parametrize("dice", [[], [1, 2], [0], [7], "3", None, [True]])
def test_bad_dice_are_refused(dice: object) -> None:
    s, _ = landed((3, 5), H)
    refused(s, HOME, "roll", MalformedAction, dice=dice)


def test_a_finished_match_refuses_everything() -> None:
    final, _, _ = play_match(1, options={"length": "5 moves"})
    assert refused(final, HOME, "roll", RulesError, dice=[3]) == "The match is over."
    assert SOCCERISTIC.pending(final) == []


def test_the_view_is_public_and_keeps_the_decks_secret() -> None:
    s = SOCCERISTIC.initial(options(order={"outcome": ["O2"]}, deck_seed=99))
    s, _ = roll(s, HOME, 5)
    v = SOCCERISTIC.view(s, HOME)
    assert v == SOCCERISTIC.view(s, AWAY) == SOCCERISTIC.view(s, None)
    assert v["decks"] == {"outcome": {"left": 10, "size": 10}, "referee": {"left": 10, "size": 10}}
    assert "deck_seed" not in v["options"] and "deck_order" not in v["options"]
    assert '"order"' not in json.dumps(v)
    assert v["options"]["pitch"]["name"] == "Test pitch" and v["options"]["pitch_key"]
    assert v["sides"] == ["home", "away"] and v["attacks"] == {}
    assert v["pending"] == [
        {
            "actor": "away",
            "kind": "roll",
            "prompt": "Toss: roll one die (higher kicks off, a tie rolls again).",
            "dice": 1,
        }
    ]
    assert v["ball_square"] is None and v["last_card_full"] is None


def test_the_view_names_the_square_the_ball_is_on() -> None:
    s, _ = landed((4, 14), H, {(4, 14): "SW"})
    v = SOCCERISTIC.view(s, None)
    assert v["ball_square"] == {"symbol": "SW", "border": "", "zone": "box", "column": 6}
    assert v["attacks"] == {"home": "south", "away": "north"}
    json.dumps(v)


def test_json_round_trip_and_schema() -> None:
    s, _ = landed((4, 10), H, {(4, 10): "T"})
    s, _ = roll(s, HOME, 4)
    data = json.loads(json.dumps(SOCCERISTIC.to_json(s)))
    assert data["schema"] == SCHEMA_VERSION == SOCCERISTIC.schema_version
    back = SOCCERISTIC.from_json(data)
    assert back == s
    data["step"]["dice"][0] = 1  # the loaded state shares nothing with the data
    assert back.step["dice"][0] == 4
    with pytest.raises(SchemaMismatch):
        SOCCERISTIC.from_json({**data, "schema": 99})
    with pytest.raises(SchemaMismatch):
        SOCCERISTIC.from_json({**data, "extra": 1})


def test_apply_leaves_the_input_state_alone_and_in_place_matches_it() -> None:
    s, _ = landed((4, 10), H, {(4, 10): "T"})
    before = SOCCERISTIC.to_json(s)
    after, events = roll(s, HOME, 4)
    assert SOCCERISTIC.to_json(s) == before
    twin = SOCCERISTIC.from_json(before)
    assert SOCCERISTIC.apply_in_place(twin, Action(HOME, "roll", {"dice": [4]})) == events
    assert twin == after


def test_replay_rebuilds_a_whole_match_and_problem_explains_refusals() -> None:
    final, actions, _ = play_match(5, options={"length": "8 moves"})
    initial = SOCCERISTIC.initial({"length": "8 moves", "deck_seed": 5})
    assert replay(SOCCERISTIC, initial, actions) == final
    mid = replay(SOCCERISTIC, initial, actions[:10])
    assert SOCCERISTIC.problem(mid, actions[10]) is None
    assert SOCCERISTIC.problem(mid, Action("away", "dance", {})) is not None


def test_every_action_may_carry_the_time_it_was_taken() -> None:
    """A minutes match played with every action stamped (as the referee does): each step's
    handler takes the stamp, the clock ends both halves and the log replays."""
    coaches, dice = (Coach(3), Coach(4)), VirtualDice(3)
    initial = SOCCERISTIC.initial({"length": "2 min + 0", "deck_seed": 3})
    state, log = initial, []
    steps = set()
    while not state.over:
        action = next_action(coaches, state, dice)
        steps.add(state.step["k"])
        stamped = Action(action.actor, action.kind, {**action.args, "at": 1e9 + 4.0 * len(log)})
        state, _ = SOCCERISTIC.apply(state, stamped)
        log.append(stamped)
        assert len(log) < 5000
    assert {"toss", "end", "kickoff", "advance", "draw"} <= steps
    assert replay(SOCCERISTIC, initial, log) == state
