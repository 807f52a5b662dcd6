"""The engine contract: actions, dice sources, secrets in views, JSON and replay."""

from __future__ import annotations

import json

import pytest

from engine.core import (
    Action,
    MalformedAction,
    NotYourDecision,
    ScriptedDice,
    VirtualDice,
    autoroll,
    parse_typed,
    replay,
)
from engine.core.errors import SchemaMismatch
from engine.fuba import FUBA
from engine.fuba.state import SCHEMA_VERSION


def test_action_json_round_trip() -> None:
    action = Action("west", "move", {"from": 7, "to": 8, "with_ball": True})
    assert Action.from_json(json.loads(json.dumps(action.to_json()))) == action


def test_virtual_dice_are_seeded() -> None:
    assert VirtualDice(7).roll(10) == VirtualDice(7).roll(10)
    assert all(1 <= d <= 6 for d in VirtualDice(1).roll(100))


def test_virtual_dice_follow_their_seed() -> None:
    """The same seed gives the same rolls, another seed other rolls (30 dice: two seeds agree
    by chance once in 6**30), for number seeds and for the referee's "<seed>:<n>" texts."""
    for seeds in ((7, 8, 9, 2**64 - 1), ("5:0", "5:1", "6:0", "6:1")):
        rolls = [VirtualDice(seed).roll(30) for seed in seeds]
        assert rolls == [VirtualDice(seed).roll(30) for seed in seeds]
        assert len({tuple(r) for r in rolls}) == len(seeds), rolls
    dice = VirtualDice(7)
    assert dice.roll(3) + dice.roll(27) == VirtualDice(7).roll(30)  # one stream, rolled on


def test_scripted_dice_answer_roll_decisions_in_order() -> None:
    dice = ScriptedDice([4, 1, 6])
    state = FUBA.initial()
    for side, shape in (("west", "4-4-2"), ("east", "3-5-2")):
        state, _ = FUBA.apply(state, Action(side, "formation", {"shape": shape}))
    west_roll = next(d for d in FUBA.pending(state) if d.actor == "west")
    assert west_roll.dice == 1
    assert autoroll(west_roll, dice) == Action("west", "roll", {"dice": [4]})
    assert dice.remaining == 2
    with pytest.raises(AssertionError):
        ScriptedDice([1]).roll(2)


@pytest.mark.parametrize(("text", "expected"), [("5 2", [5, 2]), ("5,2", [5, 2]), (" 6 ", [6])])
def test_typed_dice(text: str, expected: list[int]) -> None:
    assert parse_typed(text, len(expected)) == expected


@pytest.mark.parametrize("text", ["5", "5 2 1", "0 3", "7 1", "five two"])
def test_typed_dice_refused(text: str) -> None:
    with pytest.raises(MalformedAction):
        parse_typed(text, 2)


def test_formations_are_secret_until_both_have_chosen() -> None:
    state = FUBA.initial()
    decisions = FUBA.pending(state)
    assert {d.actor for d in decisions} == {"west", "east"}
    assert all(d.secret for d in decisions)
    state, events = FUBA.apply(state, Action("west", "formation", {"shape": "5-4-1"}))
    assert [e.kind for e in events] == ["formation_chosen"]
    assert FUBA.view(state, "west")["agenda"][0]["picks"] == [[5, 4, 1], None]
    assert FUBA.view(state, "east")["agenda"][0]["picks"] == ["hidden", None]
    assert FUBA.view(state, None)["agenda"][0]["picks"] == ["hidden", None]
    with pytest.raises(NotYourDecision):
        FUBA.apply(state, Action("west", "formation", {"shape": "4-4-2"}))
    state, events = FUBA.apply(state, Action("east", "formation", {"shape": "3-4-3"}))
    revealed = next(e for e in events if e.kind == "formations_revealed")
    assert revealed.data["formations"] == ["5-4-1", "3-4-3"]
    assert FUBA.view(state, None)["formations"] == [[5, 4, 1], [3, 4, 3]]


def test_view_lists_who_must_decide() -> None:
    view = FUBA.view(FUBA.initial(), None)
    assert {p["actor"] for p in view["pending"]} == {"west", "east"}


def test_unknown_side_is_refused() -> None:
    with pytest.raises(NotYourDecision):
        FUBA.apply(FUBA.initial(), Action("north", "formation", {"shape": "4-4-2"}))


def test_state_from_another_schema_version_is_refused_with_both_versions() -> None:
    data = FUBA.to_json(FUBA.initial())
    data["schema"] = SCHEMA_VERSION + 1
    with pytest.raises(SchemaMismatch) as err:
        FUBA.from_json(data)
    assert str(SCHEMA_VERSION + 1) in str(err.value) and str(SCHEMA_VERSION) in str(err.value)


def test_replay_of_a_prefix_matches_the_state_at_that_point() -> None:
    dice = VirtualDice(3)
    state = initial = FUBA.initial()
    log, states = [], []
    for _ in range(60):
        decision = FUBA.pending(state)[0]
        action = autoroll(decision, dice) if decision.dice else decision.choices[0].action
        state, _ = FUBA.apply(state, action)
        log.append(action)
        states.append(state)
    for n in (1, 10, 33, 60):
        assert replay(FUBA, initial, log[:n]) == states[n - 1]
