"""Coach levels: the names, legal play at every level of every game, the strong coach's time
budget and its blindness to the other side's secrets, and normal as today's coach."""

from __future__ import annotations

import importlib
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bench._matches import play
from engine.core.actions import Action
from engine.core.dice import VirtualDice
from engine.core.levels import LEVELS, NORMAL, level_problem
from engine.dicesoccer.ruleset import DICESOCCER
from engine.fuba import FUBA, advanced
from engine.fuba.coach import Coach, CoachPair, play_match
from engine.fuba.levels import coach as fuba_coach
from engine.fuba.strong import StrongCoach, hide
from engine.simplesoccer.ruleset import SIMPLESOCCER
from engine.socceristic.ruleset import SOCCERISTIC
from tests.engine.scenario import EAST, WEST, act, position
from tests.engine.test_restarts import penalty_ready

GAMES: dict[str, tuple[Any, dict[str, Any] | None]] = {
    "fuba": (FUBA, None),
    "dicesoccer": (DICESOCCER, {"advanced": True}),
    "simplesoccer": (SIMPLESOCCER, {"size": "small"}),
    "socceristic": (SOCCERISTIC, None),
}


def levels_of(game: str) -> Any:
    return importlib.import_module(f"engine.{game}.levels")


class Ticking:
    """A fake clock: each reading is ``step`` seconds after the last."""

    def __init__(self, step: float) -> None:
        self.now = 0.0
        self.step = step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def quick(policy: Any) -> Any:
    """A strong policy made cheap for whole test matches: one rollout per choice, and a
    clock that never runs out (so the play is the same on any machine)."""
    if getattr(policy, "thinks", False):
        policy.rounds = 1
        policy.clock = lambda: 0.0
    return policy


def play_checked(game: str, level: str, seed: int, level_side: int) -> Any:
    """A whole match of ``level`` against normal, every action applied with the cloning
    ``apply``, which refuses an illegal one."""
    ruleset, options = GAMES[game]
    levels = levels_of(game)
    players = [quick(levels.coach(seed, level, 0.05)), levels.coach(seed, NORMAL)]
    if level_side:
        players.reverse()
    if game == "socceristic":
        options = {"deck_seed": seed}
    state = play(ruleset, players, options, seed, most=20_000)
    if not ruleset.is_over(state):
        raise AssertionError("the match did not end")
    return state


# -- names ----------------------------------------------------------------------------------


def test_levels_are_easy_normal_strong_and_each_is_accepted() -> None:
    assert LEVELS == ("easy", "normal", "strong")
    assert all(level_problem(level) is None for level in LEVELS)


@pytest.mark.parametrize("text", ["hard", "", "Strong ", "expert"])
def test_an_unknown_level_is_refused_with_the_levels_to_choose_from(text: str) -> None:
    problem = level_problem(text)
    assert problem is not None
    assert repr(text) in problem and "easy, normal or strong" in problem


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_refuses_an_unknown_level(game: str) -> None:
    with pytest.raises(ValueError, match="choose easy, normal or strong"):
        levels_of(game).coach(1, "hard")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_only_the_strong_coach_thinks(game: str) -> None:
    levels = levels_of(game)
    assert [bool(getattr(levels.coach(1, lv), "thinks", False)) for lv in LEVELS] == [
        False,
        False,
        True,
    ]


def test_every_simple_soccer_level_keeps_the_call_before_a_roll() -> None:
    levels = levels_of("simplesoccer")
    assert all(callable(getattr(levels.coach(1, lv), "before_roll", None)) for lv in LEVELS)


# -- normal is today's coach ------------------------------------------------------------------


def test_normal_fuba_is_todays_coach_action_for_action() -> None:
    for seed in (3, 11):
        _, ours, _ = play_match(seed, coach=fuba_coach(seed, NORMAL))
        _, todays, _ = play_match(seed, coach=Coach(seed))
        assert ours == todays


@pytest.mark.parametrize("game", ["dicesoccer", "simplesoccer", "socceristic"])
def test_normal_is_the_games_own_coach(game: str) -> None:
    own = importlib.import_module(f"engine.{game}.coach").Coach
    policy = levels_of(game).coach(5, NORMAL)
    assert type(policy) is own and policy.seed == 5


# -- legal play -------------------------------------------------------------------------------


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game=st.sampled_from(sorted(GAMES)),
    level=st.sampled_from(["easy", "strong"]),
    seed=st.integers(0, 10_000),
    side=st.integers(0, 1),
)
def test_every_level_plays_only_legal_actions_to_the_end(
    game: str, level: str, seed: int, side: int
) -> None:
    assert GAMES[game][0].is_over(play_checked(game, level, seed, side))


@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), level=st.sampled_from(["easy", "strong"]))
def test_fuba_levels_play_legal_advanced_matches(seed: int, level: str) -> None:
    mine = quick(fuba_coach(seed, level))
    pair = CoachPair(mine, Coach(seed))
    start = FUBA.initial({"advanced": list(advanced.ALL)})
    state, _, _ = play_match(seed, coach=pair, start=start, check=True, record=False)
    assert state.over


# -- the strong coach's time budget -------------------------------------------------------------


def target_decision() -> Any:
    state = position({7: 4, 9: 2, 5: 4}, {7: 3, 9: 3, 12: 2, 5: 2}, ball=7, value=3)
    return state, FUBA.pending(state)[0]


def test_fuba_strong_stops_searching_once_its_budget_has_passed() -> None:
    state, decision = target_decision()
    unhurried = StrongCoach(1, budget=0.05, clock=lambda: 0.0)
    unhurried.choose(state, decision)
    assert unhurried.rollouts > 20  # a dozen rollouts of each candidate target
    hurried = StrongCoach(1, budget=0.05, clock=Ticking(0.01))
    hurried.choose(state, decision)
    assert hurried.rollouts <= 5  # the clock passed 0.05 s after five readings
    assert FUBA.problem(state, hurried.choose(state, decision)) is None


def test_fuba_strong_plays_the_normal_target_when_its_rollouts_tell_nothing_apart() -> None:
    state, decision = target_decision()
    normal = Coach(1).choose(state, decision)
    noise = random.Random(5)
    for _ in range(5):
        strong = StrongCoach(1, clock=lambda: 0.0)
        strong.evaluate = lambda s, team: noise.random()  # pure noise: no candidate is better
        assert strong.choose(state, decision) == normal


def test_fuba_strong_takes_a_target_its_rollouts_show_clearly_better() -> None:
    state, decision = target_decision()
    normal = Coach(1).choose(state, decision)
    strong = StrongCoach(1, clock=lambda: 0.0)
    noise = random.Random(6)

    def play_out(world: Any, option: Action, team: int, dice_seed: int, key: Any) -> float:
        # Any other target than the normal one ends a little better, over the same dice.
        luck = random.Random(dice_seed).random()
        return luck if option == normal else luck + 0.02 + 0.01 * noise.random()

    strong._play_out = play_out  # type: ignore[method-assign]
    chosen = strong.choose(state, decision)
    assert chosen != normal
    assert FUBA.problem(state, chosen) is None


def socceristic_direction(seed: int) -> tuple[Any, Any]:
    """A Socceristic match played by the normal coach up to a direction with a choice."""
    state = SOCCERISTIC.initial({"deck_seed": seed})
    normal = levels_of("socceristic").coach(seed, NORMAL)
    dice = VirtualDice(seed)
    while True:
        decision = SOCCERISTIC.pending(state)[0]
        if decision.kind == "direction" and len(decision.choices) >= 2:
            return state, decision
        if decision.dice:
            action = Action(decision.actor, "roll", {"dice": dice.roll(decision.dice)})
        else:
            action = normal.choose(state, decision)
        state, _ = SOCCERISTIC.apply(state, action)


def test_generic_strong_stops_searching_once_its_budget_has_passed() -> None:
    state, decision = socceristic_direction(4)
    strong = levels_of("socceristic").coach(4, "strong", 0.05)
    strong.clock = lambda: 0.0
    strong.choose(state, decision)
    assert strong.rollouts == strong.rounds * len(decision.choices)
    strong.clock = Ticking(0.01)
    strong.choose(state, decision)
    assert strong.rollouts <= 5


# -- secrets ------------------------------------------------------------------------------------


def test_fuba_strong_kicks_a_penalty_the_same_whatever_the_keeper_chose() -> None:
    kicks = set()
    for dive in ("left", "middle", "right"):
        state, _ = act(penalty_ready(), EAST, "penalty", side=dive)
        decision = FUBA.pending(state)[0]
        assert decision.actor == WEST and decision.kind == "penalty"
        kicks.add(StrongCoach(7).choose(state, decision).args["side"])
    assert len(kicks) == 1


def test_fuba_rollouts_never_see_the_other_sides_formation_before_the_reveal() -> None:
    worlds = []
    for shape in ("4-4-2", "3-4-3", "5-4-1"):
        state = FUBA.initial()
        state, _ = FUBA.apply(state, Action(WEST, "formation", {"shape": shape}))
        worlds.append(hide(state, 1, random.Random(9)).agenda[0]["picks"][0])
    assert worlds[0] == worlds[1] == worlds[2]


def test_socceristic_strong_decides_the_same_whatever_order_the_decks_are_in() -> None:
    state, decision = socceristic_direction(8)
    answers = set()
    for flip in range(3):
        other = state.clone()
        for pack in other.decks.values():
            pack["order"] = pack["order"][flip:] + pack["order"][:flip]
        other.options = {**other.options, "deck_seed": 100 + flip}
        strong = levels_of("socceristic").coach(8, "strong")
        strong.clock = lambda: 0.0  # every rollout played, however busy the machine
        answers.add(strong.choose(other, decision))
    assert len(answers) == 1
