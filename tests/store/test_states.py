"""Stored FUBA states from before the advanced rules load as basic-rules matches."""

from __future__ import annotations

from engine.core import Action
from engine.core.dice import VirtualDice
from engine.fuba.coach import Coach, next_action
from engine.fuba.ruleset import FUBA
from store import states


def test_a_state_saved_before_the_advanced_rules_loads_and_plays_on() -> None:
    state = FUBA.initial()
    coach, dice = Coach(seed=3), VirtualDice(3)
    for _ in range(40):
        state, _ = FUBA.apply(state, next_action(coach, state, dice))
    saved = FUBA.to_json(state)
    old = {k: v for k, v in saved.items() if k not in _ADVANCED_FIELDS}
    old["schema"] = 1

    loaded = states.load(FUBA, old, 1, "Match #7")

    assert loaded == state
    assert not loaded.rule("condition") and loaded.condition == [[0, 0, 0], [0, 0, 0]]
    action: Action = next_action(coach, loaded, dice)
    assert FUBA.apply(loaded, action)[0] == FUBA.apply(state, action)[0]


_ADVANCED_FIELDS = {
    "condition", "spent", "tired", "roles", "subs", "injured", "keeper_hurt", "weather",
}  # fmt: skip
