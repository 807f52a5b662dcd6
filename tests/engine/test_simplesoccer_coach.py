"""The Simple Soccer coach: legal, sensible turns; it beats a random player; whole matches end."""

from __future__ import annotations

import doctest
import time
from collections import Counter
from typing import Any

import pytest

from engine.core import Action
from engine.simplesoccer import SIMPLESOCCER
from engine.simplesoccer import coach as coach_module
from engine.simplesoccer.coach import Coach, RandomPlayer, iter_match, play_match
from engine.simplesoccer.decisions import pending
from engine.simplesoccer.field import name, parse
from engine.simplesoccer.movement import controls
from engine.simplesoccer.state import SimpleSoccerState
from tests.engine.simplesoccer.scenario import position as scenario

WEST, EAST = 0, 1


def position(
    west: dict[str, str],
    east: dict[str, str],
    ball: str,
    points: int,
    team: int = WEST,
    size: str = "standard",
    **options: Any,
) -> SimpleSoccerState:
    """A turn under way for ``team``: members and the ball where named, ``points`` to spend."""
    s = SIMPLESOCCER.initial({"size": size, **options})
    f = s.field
    for t, lay in ((WEST, west), (EAST, east)):
        s.members[t] = {
            label: {"at": list(parse(f, sq, t)), "facing": "e" if t == WEST else "w"}
            for label, sq in lay.items()
        }
    s.ball = list(parse(f, ball))
    s.opening = WEST
    s.turns_played = 1
    s.turn = {
        "team": team,
        "dice": [points],
        "points": points,
        "left": points,
        "diagonal": False,
        "started": None,
    }
    s.step = {"k": "play", "team": team}
    return s


def coach_turn(s: SimpleSoccerState, seed: int = 0) -> tuple[SimpleSoccerState, list[Any]]:
    """The coach plays the rest of the turn; (state, events)."""
    coach = Coach(seed)
    team = s.step["team"]
    events: list[Any] = []
    while s.step.get("k") == "play" and s.step["team"] == team:
        action = coach.choose(s, pending(s, light=True)[0])
        s, ev = SIMPLESOCCER.apply(s, action)
        events.extend(ev)
    return s, events


def test_shoots_when_the_goalkeeper_cannot_reach_the_ball() -> None:
    # East's goalkeeper has wandered up the field: every goal square is beyond a die's reach
    s = position({"G": "goal7", "1": "r7"}, {"G": "p2", "1": "m7"}, ball="s7", points=4)
    s, events = coach_turn(s)
    kinds = [e.kind for e in events]
    assert "no_chance" in kinds and "goal" in kinds
    assert s.score == [1, 0]


def test_shoots_at_the_corner_farthest_from_the_goalkeeper() -> None:
    s = position({"G": "goal7", "1": "s8"}, {"G": "goal7", "1": "m7"}, ball="t8", points=6)
    action = Coach(0).choose(s, pending(s, light=True)[0])
    assert action.kind == "kick"
    assert action.args["path"][-1] in ("goal4", "goal10")  # 3 steps away: saved on 3 or 5 only
    _, events = SIMPLESOCCER.apply(s, action)
    shot = next(e for e in events if e.kind == "shot")
    assert shot.data["distance"] == 3


def test_goalkeeper_grabs_a_loose_ball_in_its_area_and_throws_it_forward() -> None:
    s = position(
        {"G": "goal7", "1": "h7", "2": "l4"}, {"G": "goal7", "1": "e9"}, ball="b7", points=2
    )
    action = Coach(0).choose(s, pending(s, light=True)[0])
    assert action.kind == "grab" and action.args["path"] == ["a7", "b7"]
    s, _ = SIMPLESOCCER.apply(s, action)
    assert s.held == WEST and s.step["k"] == "roll" and s.step["n"] == 3
    s, _ = SIMPLESOCCER.apply(s, Action("west", "roll", {"dice": [4, 4, 4]}))
    throw = Coach(0).choose(s, pending(s, light=True)[0])
    assert throw.kind == "kick" and throw.args["member"] == "G"
    s, events = SIMPLESOCCER.apply(s, throw)
    assert s.held == -1 and s.ball[0] >= 8  # well up the field, away from the own goal
    assert any(e.kind == "kicked" and e.data["throw"] for e in events)


def test_passes_to_a_team_mates_feet_rather_than_into_the_open() -> None:
    # 4 has the ball; 7 waits up the field: the pass lands in front of 7's feet
    s = position(
        {"G": "goal7", "4": "f7", "7": "l10"}, {"G": "goal7", "1": "s2"}, ball="g7", points=6
    )
    s, _ = coach_turn(s)
    f = s.field
    seven = s.members[WEST]["7"]["at"]
    assert s.ball[0] > 6  # forward
    assert s.ball[0] == seven[0] + 1 and abs(s.ball[1] - seven[1]) <= 1, name(f, s.ball)


def test_goalkeeper_goes_back_to_the_middle_of_its_goal_with_spare_points() -> None:
    s = position({"G": "b7", "1": "k3"}, {"G": "goal7", "1": "s2"}, ball="p11", points=3)
    s, _ = coach_turn(s)
    assert name(s.field, s.members[WEST]["G"]["at"]) == "goal7"


@pytest.mark.parametrize(
    "options",
    [
        {"size": "small"},
        {},
        {"size": "large", "half_time": True},
        {"size": "small", "length": "score", "target": 2},
        {"length": "timed", "minutes": 10, "half_time": True},
    ],
)
def test_coach_matches_end_with_only_legal_actions(options: dict[str, Any]) -> None:
    actions = 0
    for seed in (1, 2):
        state = None
        for state, action, _ in iter_match(seed, options=options):  # noqa: B007
            actions += action.kind != "roll"  # each one accepted by the engine (apply checks)
        assert state is not None and state.over and state.winner in (WEST, EAST)
    assert actions > 50


def test_coach_against_a_random_player_only_plays_legal_actions() -> None:
    coach = Coach(4)
    seen: list[Action] = []

    class Watched:
        needs_choices = False

        def choose(self, state: SimpleSoccerState, decision: Any) -> Action:
            action = coach.choose(state, decision)
            assert SIMPLESOCCER.problem(state, action) is None
            seen.append(action)
            return action

    state, _ = play_match(4, {"size": "small"}, coaches=(RandomPlayer(4), Watched()))
    assert state.over and {a.kind for a in seen} >= {"setup", "move", "kick"}


# both full teams, West's 1 and 2 on b1 and b2 (stand-ins for the blockers below)
WEST_TEAM = {
    "G": "goal7", "1": "b1", "2": "b2", "3": "e9", "4": "e11", "5": "f5",
    "6": "h3", "7": "h7", "8": "h9", "9": "h11", "10": "j7",
}  # fmt: skip
EAST_TEAM = {
    "G": "goal7", "1": "e4", "2": "e7", "3": "e10", "4": "h3", "5": "h7",
    "6": "h11", "7": "l5", "8": "l9", "9": "n7", "10": "p7",
}  # fmt: skip


def test_a_ball_only_the_other_team_could_play_is_kicked_within_a_few_turns() -> None:
    # West cannot play a ball on its own goal line (its members face east) and its 1 and 2
    # stand on the squares East would kick it from
    s = position(WEST_TEAM, EAST_TEAM, ball="a1", points=3, length="score", target=2)
    turns = 0
    for _, _, events in iter_match(3, start=s):
        if any(e.kind == "kicked" for e in events):
            break
        turns += sum(e.kind == "turn_end" for e in events)
        assert turns < 5, "nobody kicked the ball"


def test_two_teams_blocking_each_other_free_the_ball() -> None:
    # each team stands on the squares behind the ball the other team would kick it from
    west = {**WEST_TEAM, "1": "q6", "2": "q7", "3": "q8"}
    east = {**EAST_TEAM, "1": "o6", "2": "o7", "3": "o8", "10": "s7"}
    s = position(west, east, ball="p7", points=3, length="score", target=2)
    assert not controls(s, WEST) and not controls(s, EAST)
    turns = 0
    for after, _, events in iter_match(3, start=s):
        turns += sum(e.kind == "turn_end" for e in events)
        if controls(after, WEST) or controls(after, EAST):
            break
        assert turns < 2, "the ball is still out of everyone's reach"


@pytest.mark.parametrize("size", ["small", "standard", "large"])
def test_first_to_two_coach_matches_all_end(size: str) -> None:
    for seed in range(30):
        state, events = play_match(seed, {"size": size, "length": "score", "target": 2})
        assert state.over and max(state.score) == 2, seed
        assert sum(e.kind == "goal" for e in events) >= 2


def test_a_stalled_match_stops_with_a_clear_error() -> None:
    class Idle:
        """Ends every turn without moving; the coach's set-up otherwise."""

        needs_choices = False

        def choose(self, state: SimpleSoccerState, decision: Any) -> Action:
            if decision.kind == "play":
                return Action(decision.actor, "end", {})
            return Coach(0).choose(state, decision)

    s = position(WEST_TEAM, EAST_TEAM, ball="k7", points=3, length="score", target=2)
    turns = 0
    with pytest.raises(RuntimeError, match=r"stalled.*ball \(k7\)"):
        for _, _, events in iter_match(5, coaches=Idle(), start=s):
            turns += sum(e.kind == "turn_end" for e in events)
    assert 50 <= turns <= 52


def test_beats_a_random_player() -> None:
    wins = 0
    for seed in range(20):
        side = seed % 2
        pair = (Coach(seed), RandomPlayer(seed))
        state, _ = play_match(seed, coaches=pair if side == 0 else pair[::-1])
        wins += state.winner == side
    assert wins >= 18


def test_a_coach_match_takes_well_under_a_second() -> None:
    start = time.perf_counter()
    for seed in range(5):
        play_match(seed)
    assert (time.perf_counter() - start) / 5 < 1.0  # about 0.1 s on a laptop


def test_same_seed_same_match() -> None:
    a, ev_a = play_match(9, {"size": "small"})
    b, ev_b = play_match(9, {"size": "small"})
    assert a.to_json() == b.to_json() and [e.data for e in ev_a] == [e.data for e in ev_b]


def test_shootout_goalkeeper_mostly_stands_in_the_middle() -> None:
    s = SIMPLESOCCER.initial()
    s.shootout = {"first": 0, "kicks": [[], []], "kicker": 0, "spot": None, "ball": None}
    s.step = {"k": "spot", "team": EAST}
    spots = []
    for seed in range(40):
        decision = pending(s)[0]
        spots.append(Coach(seed).choose(s, decision).args["spot"])
    assert spots.count(4) >= 25 and len(set(spots)) > 1


def test_the_doctests() -> None:
    failures, tried = doctest.testmod(coach_module)
    assert tried and not failures


# -- the advanced rules -------------------------------------------------------------------

ADVANCED = {"size": "small", "length": "score", "target": 2, "rules": "advanced"}


def test_advanced_coach_matches_end_and_the_coach_tackles_intercepts_and_heads() -> None:
    tried: Counter[str] = Counter()
    for seed in range(4):
        state = None
        for state, action, events in iter_match(seed, options=ADVANCED):  # noqa: B007
            tried.update(e.kind for e in events if e.kind in ("tackle", "intercept", "header"))
        assert state is not None and state.over and state.winner in (WEST, EAST)
    assert tried["tackle"] > 0 and tried["intercept"] > 0 and tried["header"] > 0


def test_the_coach_tackles_when_it_can_with_a_block_before_a_slide() -> None:
    # East's 1 has the ball at its feet on f5; West's 7 can block from e5 (ball straight in
    # front), West's 8 slide from e4 (diagonal)
    s = scenario({"G": "goal5", "8": "e4", "7": "e5"}, {"G": "goal5", "1": "g5"}, ball="f5",
                 size="small", options="tackles")  # fmt: skip
    tackle = next(d for d in SIMPLESOCCER.pending(s) if d.kind == "tackle")
    action = Coach(1).before_roll(s, tackle)
    assert action is not None and action.kind == "tackle" and action.args["member"] == "7"
    assert SIMPLESOCCER.problem(s, action) is None


def test_the_coach_tries_every_interception_offered() -> None:
    s = scenario({"G": "goal5", "1": "b5"}, {"G": "goal5", "2": "h4/w"}, ball="c5",
                 size="small", points=8, options="intercepts")  # fmt: skip
    s, _ = SIMPLESOCCER.apply(s, Action("west", "kick", {"member": "1", "path": "d5 e5 f5 g5 h5"}))
    offer = SIMPLESOCCER.pending(s)[0]
    assert offer.actor == "east" and {c.action.kind for c in offer.choices} >= {"intercept", "let"}
    action = Coach(1).choose(s, offer)
    assert action.kind == "intercept" and SIMPLESOCCER.problem(s, action) is None
