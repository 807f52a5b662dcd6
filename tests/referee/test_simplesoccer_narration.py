"""Simple Soccer narration: the rulebook's shot on goal, ball control, the goalkeeper's grab and
throw, the shootout, and every event of whole matches told in a player's words."""

from __future__ import annotations

import random
from typing import Any

from engine.core import Action, Event, VirtualDice, autoroll
from engine.simplesoccer import SIMPLESOCCER
from engine.simplesoccer.field import parse as square
from engine.simplesoccer.state import SimpleSoccerState
from referee.simplesoccer.narration import FORMATTERS, caption, narrate

SIDES = ("west", "east")


def act(s: SimpleSoccerState, side: str, kind: str, **args: Any) -> tuple[Any, list[Event]]:
    return SIMPLESOCCER.apply(s, Action(side, kind, args))


def kicked_off(**options: Any) -> SimpleSoccerState:
    """Both teams in the balanced formation, West to roll for the kick-off."""
    s = SIMPLESOCCER.initial(options)
    s, _ = act(s, "west", "roll", dice=[5])
    s, _ = act(s, "east", "roll", dice=[2])
    s, _ = act(s, "west", "setup", preset="balanced")
    s, _ = act(s, "east", "setup", preset="balanced")
    return s


def put(s: SimpleSoccerState, team: int, label: str, where: str) -> None:
    s.members[team][label]["at"] = list(square(s.field, where, team))


def turn_of(s: SimpleSoccerState, team: int, n: int, why: str) -> None:
    """The next roll is ``team``'s, with ``n`` dice (after the ball was moved by hand)."""
    s.step = {"k": "roll", "team": team, "n": n, "why": why}


def test_the_kick_off_roll_and_a_move() -> None:
    s = kicked_off()
    s, events = act(s, "west", "roll", dice=[5, 2])
    assert narrate(events) == ["West rolls 5 and 2: 7 points (with the ball)."]
    s, events = act(s, "west", "move", member="6", path=["g8", "h9"])
    assert narrate(events) == ["Number 6 moves from f7 to h9 (2 points, 5 left)."]
    s, events = act(s, "west", "kick", member="10", path=["l7", "m6"])
    assert narrate(events) == ["Number 10 kicks the ball from k7 to m6 (2 points, 3 left)."]
    s, events = act(s, "west", "end")
    assert narrate(events) == ["West ends the turn (3 points unused)."]
    _, events = act(s, "east", "roll", dice=[4])  # nobody of East's has m6 at its feet
    assert narrate(events) == ["East rolls 4 (without the ball)."]


def shot_from_s10() -> SimpleSoccerState:
    """West's 9 at s10 with the ball at its feet on t10; East's goalkeeper on goal7."""
    s = kicked_off()
    put(s, 0, "9", "s10")
    s.ball = list(square(s.field, "t10"))
    turn_of(s, 0, 2, "ball")
    s, _ = act(s, "west", "roll", dice=[5, 2])
    return s


def test_shot_on_goal_three_away_needs_three_or_five() -> None:
    """Shot on goal, the rulebook's example: a ball 3 squares from the goalkeeper is caught
    only with a 3 or a 5."""
    s, events = act(shot_from_s10(), "west", "kick", member="9", path="u10 goal10")
    assert narrate(events) == [
        "Number 9 shoots (2 points).",
        "Shot! The ball crosses at goal10; the goalkeeper is 3 away and needs 3 or 5.",
    ]
    assert caption(events) == "West shoots!"
    _, events = act(s, "east", "roll", dice=[4])
    assert narrate(events) == ["East's goalkeeper rolls 4: goal!", "Goal for West! 1-0."]
    assert caption(events) == "Goal for West! West 1-0 East"
    s, events = act(s, "east", "roll", dice=[3])
    assert narrate(events) == ["East's goalkeeper rolls 3: saved!"]
    _, events = act(s, "east", "roll", dice=[6, 1, 2])  # the goalkeeper holds it: 3 dice
    assert narrate(events) == ["East rolls 6, 1 and 2: 9 points (the goalkeeper has the ball)."]


def test_a_shot_far_from_the_goalkeeper_has_no_chance() -> None:
    s = shot_from_s10()
    put(s, 1, "G", "goal4")
    _, events = act(s, "west", "kick", member="9", path="u10 goal10")
    assert narrate(events) == [
        "Number 9 shoots (2 points).",
        "Shot! The ball crosses at goal10; the goalkeeper is 6 away and needs 6.",
    ]
    s = shot_from_s10()
    put(s, 1, "G", "t2")
    _, events = act(s, "west", "kick", member="9", path="u10 goal10")
    lines = narrate(events)
    assert lines[1] == "Shot! The ball crosses at goal10; the goalkeeper is 10 away: no chance."
    assert lines[2:] == ["Goal for West! 1-0."]


def test_the_goalkeeper_grabs_in_its_box_then_throws() -> None:
    """Goalie movement: straight steps onto the ball, then 3 dice for the throw."""
    s = kicked_off()
    s.ball = list(square(s.field, "b7"))
    turn_of(s, 0, 1, "loose")
    s, events = act(s, "west", "roll", dice=[4])
    assert narrate(events) == ["West rolls 4 (without the ball)."]
    s, events = act(s, "west", "grab", path=["a7", "b7"])
    assert narrate(events) == ["West's goalkeeper grabs the ball at b7 (2 points)."]
    s, events = act(s, "west", "roll", dice=[4, 4, 2])
    assert narrate(events) == ["West's goalkeeper rolls 4, 4 and 2 for the throw: 10 points."]
    _, events = act(s, "west", "kick", member="G", path="c7 d7 e8")
    assert narrate(events) == ["The goalkeeper throws the ball from b7 to e8 (3 points, 7 left)."]


def test_east_goalkeeper_steps_along_its_own_goal() -> None:
    """East's goal squares lie past the board's last column: told as goal squares."""
    for size, start, up in (
        ("small", "goal5", "goal6"),
        ("standard", "goal7", "goal8"),
        ("large", "goal9", "goal10"),
    ):
        s = kicked_off(size=size)
        turn_of(s, 1, 1, "loose")
        s, _ = act(s, "east", "roll", dice=[3])
        _, events = act(s, "east", "move", member="G", path=[up])  # one row up
        assert narrate(events) == [f"The goalkeeper moves from {start} to {up} (1 point, 2 left)."]


def test_the_roll_off_and_the_set_up() -> None:
    s = SIMPLESOCCER.initial()
    s, events = act(s, "west", "roll", dice=[3])
    assert narrate(events) == ["West rolls 3 for the kick-off."]
    s, events = act(s, "east", "roll", dice=[3])
    assert narrate(events) == ["Both roll 3: roll again."]
    s, _ = act(s, "east", "roll", dice=[6])
    s, events = act(s, "west", "roll", dice=[1])
    assert narrate(events) == ["West 1, East 6: East kicks off."]
    s, events = act(s, "east", "setup", preset="attacking")
    assert narrate(events) == ["East sets up in the attacking formation."]
    _, events = act(s, "west", "setup", layout="G goal7, 1 c3, 2 c5, 3 c7, 4 c9, 5 c11, "
                    "6 e3, 7 e5, 8 e7, 9 e9, 10 e11")  # fmt: skip
    assert narrate(events) == ["West sets up in its own layout.", "East kicks off."]


def test_half_time_full_time_and_the_shootout() -> None:
    events = [
        Event("half_time", {"score": [1, 0]}),
        Event("full_time", {"score": [1, 1]}),
        Event("shootout_start", {"first": 1}),
        Event("spot_chosen", {"team": 0}),
        Event("penalty", {"team": 1, "taker": "1", "die": 3, "ball": 4, "spot": 3,
                          "distance": 1}),
        Event("penalty_save_roll", {"team": 0, "dice": [5], "result": "grab"}),
        Event("penalty_result", {"team": 1, "scored": False, "kicks": [[], [False]]}),
        Event("over", {"winner": 0, "score": [1, 1], "reason": "shootout"}),
    ]  # fmt: skip
    assert narrate(events) == [
        "Half time, 1-0.",
        "Full time, 1-1.",
        "A draw: penalty shootout! East kicks first.",
        "West's goalkeeper picks a spot in secret.",
        "East's number 1 rolls 3 for the penalty: the ball goes to spot 4, the goalkeeper is at "
        "spot 3 (an odd number catches it, a 6 tips it away).",
        "West's goalkeeper rolls 5: catches it!",
        "East misses. Shootout: West 0, East 0.",
        "West wins the shootout after a 1-1 draw.",
    ]
    assert caption(events) == "West wins the shootout after a 1-1 draw"


def random_steps(seed: int, options: dict[str, Any]) -> list[tuple[Any, list[Event]]]:
    """A match between two random players (shooting whenever they can), with virtual dice:
    (state after, events) per action."""
    rng, dice = random.Random(seed), VirtualDice(seed)
    s = SIMPLESOCCER.initial(options)
    steps: list[tuple[Any, list[Event]]] = []
    while not s.over:
        decision = SIMPLESOCCER.pending(s)[0]
        if decision.dice:
            action = autoroll(decision, dice)
        else:
            choices = list(decision.choices)
            shots = [c for c in choices if c.info.get("to", "").startswith("goal")]
            kicks = [c for c in choices if c.action.kind == "kick"]
            pick = shots or (kicks if kicks and rng.random() < 0.7 else choices)
            action = rng.choice(pick).action
        s, ev = SIMPLESOCCER.apply(s, action)
        steps.append((s, ev))
    return steps


def random_match(seed: int, options: dict[str, Any]) -> list[Event]:
    return [e for _, ev in random_steps(seed, options) for e in ev]


def test_every_event_of_whole_matches_is_told_in_a_players_words() -> None:
    seen: set[str] = set()
    for seed in range(6):
        options = {"size": "small", "turns": 30, "half_time": seed % 2 == 0}
        events = random_match(seed, options)
        seen |= {e.kind for e in events}
        assert {e.kind for e in events} <= FORMATTERS
        lines = narrate(events)
        assert lines and all(line and "\n" not in line for line in lines)
        for line in lines:
            assert not any(word in line for word in ("_", "[", "None", "step", "team "))
        goals = sum(1 for e in events if e.kind == "goal")
        assert sum(line.startswith("Goal for ") for line in lines) == goals
        assert lines[-1].startswith(("West wins", "East wins"))
    assert {"shot", "goal", "half_time", "shootout_start", "penalty_result"} <= seen


def test_a_turn_without_a_shot_is_captioned_by_its_last_kick_or_its_roll() -> None:
    s = kicked_off()
    s, rolled = act(s, "west", "roll", dice=[5, 2])
    assert caption(rolled) == "West rolls 5 and 2: 7 points"
    s, kicked = act(s, "west", "kick", member="10", path=["l7", "m6"])
    _, ended = act(s, "west", "end")
    assert caption(rolled + kicked + ended) == "West's number 10 kicks the ball to m6"
