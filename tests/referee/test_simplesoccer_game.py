"""The Simple Soccer adapter: typed commands, take-backs, what a decision asks for, the match at
a glance, statistics and results, and matches through the referee service."""

from __future__ import annotations

import re
from typing import Any

import pytest

from engine.core import Action, Decision, Event, MalformedAction
from engine.simplesoccer import SIMPLESOCCER
from referee import games
from referee.service import Outcome, Referee
from referee.simplesoccer.game import (
    SIMPLESOCCER_GAME,
    describe_undo,
    kicked_off,
    parse,
    result,
    statistics,
    status_lines,
    task,
)
from store.models import MatchStatus
from store.repository import MatchStore
from tests.referee.conftest import ADA, BRIAN, SEATS
from tests.referee.test_simplesoccer_narration import act, put, random_match

CHANNEL = 30


def test_registered_with_its_title_and_sides() -> None:
    assert games.get("simplesoccer") is SIMPLESOCCER_GAME
    assert SIMPLESOCCER_GAME.title == "Simple Soccer"
    assert SIMPLESOCCER_GAME.side_name("east") == "East"
    assert SIMPLESOCCER_GAME.rule_levels == {"basic": {}, "advanced": {"rules": "advanced"}}
    assert SIMPLESOCCER_GAME.undoable == {"move", "kick", "grab", "end", "turn", "rise", "inertia"}


# -- typed commands ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("roll", ("roll", {})),
        ("roll 4 2", ("roll", {"dice": "4 2"})),
        ("setup balanced", ("setup", {"preset": "balanced"})),
        ("setup Defensive", ("setup", {"preset": "defensive"})),
        ("setup G goal7, 1 c3, 2 c11", ("setup", {"layout": "G goal7, 1 c3, 2 c11"})),
        ("move 7 e5 f6", ("move", {"member": "7", "path": ["e5", "f6"]})),
        ("move g a7, a8", ("move", {"member": "G", "path": ["a7", "a8"]})),
        ("move 7 e5-f6", ("move", {"member": "7", "path": ["e5", "f6"]})),
        ("kick 7 f6 g6 goal7", ("kick", {"member": "7", "path": ["f6", "g6", "goal7"]})),
        ("shoot 9 U10 goal10", ("kick", {"member": "9", "path": ["u10", "goal10"]})),
        ("grab e7 e8", ("grab", {"path": ["e7", "e8"]})),
        ("end", ("end", {})),
        ("end turn", ("end", {})),
        ("spot 4", ("spot", {"spot": 4})),
    ],
)
def test_parse(text: str, expected: tuple[str, dict[str, Any]]) -> None:
    assert parse(text) == expected


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "Type a number"),
        ("dribble 7 e5", "I do not know 'dribble'"),
        ("roll four", 'as numbers, e.g. "roll 4 2"'),
        ("setup", "setup balanced"),
        ("move 7", "move 7 e5 f6"),
        ("move x e5", "not a member"),
        ("kick 7 e5 centre", "'centre' is not a square"),
        ("grab", "grab e7 e8"),
        ("spot 8", "spot 4"),
        ("end now", 'Type "end"'),
    ],
)
def test_parse_refuses_with_a_readable_message(text: str, message: str) -> None:
    with pytest.raises(MalformedAction, match=message):
        parse(text)


def test_describe_undo() -> None:
    assert describe_undo(Action("west", "move", {"member": "7", "path": ["e5"]})) == (
        "a move: number 7 to e5"
    )
    assert describe_undo(Action("east", "kick", {"member": "9", "path": "u10 goal10"})) == (
        "a kick: number 9 to goal10"
    )
    assert describe_undo(Action("west", "grab", {"path": ["a7", "b7"]})) == (
        "a grab: the goalkeeper to b7"
    )
    assert describe_undo(Action("west", "end", {})) == "the end of the turn"


# -- decisions and the glance ------------------------------------------------------------


def test_every_decision_of_a_match_is_asked_in_words() -> None:
    """The roll-off, the set-up, the turn's roll and play, the save, the shootout."""
    asked: set[str] = set()
    s = SIMPLESOCCER.initial({"size": "small", "turns": 4})
    from engine.core import VirtualDice, autoroll

    dice = VirtualDice(2)
    while not s.over:
        decisions = SIMPLESOCCER.pending(s)
        for d in decisions:
            asked.add(task(d))
        d = decisions[0]
        action = autoroll(d, dice) if d.dice else d.choices[-1].action  # end the turn at once
        s, _ = SIMPLESOCCER.apply(s, action)
    assert "decide" not in asked
    assert {
        "roll 1 die for the kick-off",
        "set up the team",
        "roll 2 dice for the turn",
        "choose where the goalkeeper stands for the penalty",
        "roll 1 die for the penalty kick",
    } <= asked
    assert any(t.startswith("play the turn: ") and t.endswith(" points left") for t in asked)
    save = Decision("east", "roll", "Shot!", dice=1, info={"purpose": "save", "distance": 3})
    assert task(save) == "roll 1 die for the goalkeeper's save"
    throw = Decision("west", "roll", "Throw.", dice=3, info={"purpose": "throw"})
    assert task(throw) == "roll 3 dice for the goalkeeper's throw"


def test_status_lines_mid_turn() -> None:
    from tests.referee.test_simplesoccer_narration import kicked_off

    s = kicked_off(turns=40)
    s, _ = act(s, "west", "roll", dice=[5, 2])
    s, _ = act(s, "west", "move", member="6", path=["g8", "h9"])
    assert status_lines(SIMPLESOCCER.view(s, None)) == [
        "Turn 1 of 40",
        "West to play: 5 of 7 points left",
        "Ball: k7, at the feet of West's 10",
    ]
    put(s, 1, "9", "l8")  # East's 9 faces west: k7 is in front of it too
    assert status_lines(SIMPLESOCCER.view(s, None))[-1] == (
        "Ball: k7, at the feet of West's 10 and East's 9"
    )


def test_status_lines_for_each_length_and_the_shootout() -> None:
    from tests.referee.test_simplesoccer_narration import kicked_off

    s = kicked_off(length="score", target=3)
    assert status_lines(SIMPLESOCCER.view(s, None))[:2] == [
        "First to 3 goals",
        "West to roll for the turn (2 dice)",
    ]
    s = kicked_off(length="timed", minutes=20, half_time=True)
    s.elapsed, s.half = 750.0, 2
    assert status_lines(SIMPLESOCCER.view(s, None))[0] == "Time 12:30 of 20:00, second half"
    s = SIMPLESOCCER.initial()
    assert status_lines(SIMPLESOCCER.view(s, None)) == [
        "Turn 0 of 40",
        "Rolling to see who kicks off",
    ]
    s = kicked_off()
    s.shootout = {"first": 0, "kicks": [[True, False], [True]], "kicker": 1, "spot": None,
                  "ball": None, "taker": "2"}  # fmt: skip
    s.step = {"k": "spot", "team": 0}
    assert status_lines(SIMPLESOCCER.view(s, None))[1:] == [
        "Penalty shootout: West 1 of 2, East 1 of 1",
        "East's number 2 to kick",
    ]


def test_statistics_result_and_kicked_off() -> None:
    events = random_match(4, {"size": "small", "turns": 30, "half_time": True})
    lines = statistics(events)
    goals = [sum(1 for e in events if e.kind == "goal" and e.data["team"] == t) for t in (0, 1)]
    assert lines[0] == f"Goals: West {goals[0]}, East {goals[1]}"
    shots = [sum(1 for e in events if e.kind == "shot" and e.data["team"] == t) for t in (0, 1)]
    assert f"Shots: West {shots[0]}, East {shots[1]}" in lines
    assert statistics([]) == ["Goals: West 0, East 0"]
    kick = {"team": 0, "scored": True, "kicks": [[True], []]}
    shootout = [Event("shootout_start", {"first": 0}), Event("penalty_result", kick)]
    assert statistics(shootout)[-1] == "Shootout: West 1 of 1, East 0 of 0"

    s = SIMPLESOCCER.initial()
    assert not kicked_off(s)
    s, _ = act(s, "west", "roll", dice=[5])
    s, _ = act(s, "east", "roll", dice=[2])
    s, _ = act(s, "west", "setup", preset="balanced")
    s, _ = act(s, "east", "setup", preset="balanced")
    assert not kicked_off(s)
    s, _ = act(s, "west", "roll", dice=[5, 2])
    assert kicked_off(s)
    s.over, s.winner, s.reason, s.score = True, 1, "shootout", [1, 1]
    s.shootout = {"first": 0, "kicks": [[True, False], [True, True]], "kicker": 1,
                  "spot": None, "ball": None, "taker": "2"}  # fmt: skip
    assert result(s) == {
        "winner": "east",
        "score": {"west": 1, "east": 1},
        "reason": "shootout",
        "shootout": {"west": 1, "east": 2},
    }


def test_highlights() -> None:
    kinds = ("goal", "half_time", "full_time", "shootout_start", "over")
    for kind in kinds:
        assert SIMPLESOCCER_GAME.highlight(Event(kind, {}))
    assert not SIMPLESOCCER_GAME.highlight(Event("penalty_result", {}))  # on the live board
    assert not SIMPLESOCCER_GAME.highlight(Event("moved", {}))
    assert not SIMPLESOCCER_GAME.highlight(Event("shot", {}))


def test_forfeit_goals() -> None:
    assert SIMPLESOCCER_GAME.forfeit_goals(SIMPLESOCCER.initial()) == 3
    target = SIMPLESOCCER.initial({"length": "score", "target": 5})
    assert SIMPLESOCCER_GAME.forfeit_goals(target) == 5


# -- through the referee -----------------------------------------------------------------


async def typed(referee: Referee, out: Outcome, text: str) -> Outcome:
    prompt = out.next[0]
    kind, args = parse(text)
    return await referee.act(CHANNEL, prompt.user_id, kind, args, side=prompt.side)


async def test_typed_commands_and_a_take_back_in_a_hot_seat_match(
    referee: Referee, store: MatchStore
) -> None:
    out = await referee.start_match(1, CHANNEL, SEATS, ruleset="simplesoccer", seed=5)
    assert out.lines[0].startswith("Simple Soccer: Ada (West) v Brian (East)")
    while out.next[0].kind != "setup":  # the referee rolled the virtual dice: a tie rolls again
        out = await typed(referee, out, "roll")
    assert {p.side for p in out.next} == {"west", "east"}
    kicker = "west" if "West kicks off" in " ".join(out.lines) else "east"
    for p in list(out.next):
        kind, args = parse("setup balanced")
        out = await referee.act(CHANNEL, p.user_id, kind, args, side=p.side)
    assert f"{kicker.capitalize()} kicks off." in out.lines
    assert out.next[0].kind == "play"
    player = ADA if kicker == "west" else BRIAN
    # the kick-off team's 10 stands behind the ball: it plays it forward
    out = await typed(referee, out, "kick 10 l7" if kicker == "west" else "kick 10 j7")
    assert any(line.startswith("Number 10 kicks the ball from k7 to ") for line in out.lines)
    out = await referee.undo(CHANNEL, player)
    assert any("takes back a kick: number 10 to " in line for line in out.lines)
    status = await referee.status(CHANNEL, ADA)
    assert status.lines[0] == "Turn 1 of 40"
    assert status.lines[2].startswith("Ball: k7, at the feet of ")
    out = await typed(referee, out, "end")
    side = kicker.capitalize()
    assert any(
        re.fullmatch(rf"{side} ends the turn \(\d+ points unused\)\.", line) for line in out.lines
    )
    history = await store.history(out.match_id)
    assert history.match.status == MatchStatus.ACTIVE
    assert [e.action.kind for e in history.log][-1] == "roll"  # the other team's turn rolled


async def test_a_whole_short_match_ends_with_a_result(referee: Referee, store: MatchStore) -> None:
    out = await referee.start_match(
        1, CHANNEL, SEATS, ruleset="simplesoccer", seed=2,
        rules={"size": "small", "turns": 6},
    )  # fmt: skip
    steps = 0
    while not out.over:
        prompt = out.next[0]
        choices = await referee.legal_choices(CHANNEL, prompt.user_id, side=prompt.side)
        action = choices[-1].action if prompt.kind == "play" else choices[0].action  # end
        out = await referee.act(CHANNEL, prompt.user_id, action.kind, action.args, side=prompt.side)
        steps += 1
        assert steps < 400
    assert out.result is not None and out.result["reason"] in ("full_time", "shootout")
    assert out.result["winner"] in ("west", "east")
    history = await store.history(out.match_id)
    assert history.match.status == MatchStatus.FINISHED
    assert history.match.result == out.result


def test_the_pictures_of_a_match() -> None:
    """A board at the kick-off, after every turn, at every shot before the goalkeeper's roll,
    after each shootout kick and at the end, each with its caption."""
    from referee.simplesoccer.frames import frames
    from tests.referee.test_simplesoccer_narration import random_steps

    for seed in (0, 3):
        steps = random_steps(seed, {"size": "small", "turns": 20, "half_time": True})
        events = [e for _, ev in steps for e in ev]
        shots = frames(steps)
        assert [e for f in shots for e in f.events] == events  # every event in one picture
        assert shots[0].kind == "kickoff" and shots[0].caption.endswith("kicks off")
        assert shots[-1].kind == "final"
        assert re.match(r"(West|East) wins ", shots[-1].caption or "")
        turns = sum(1 for e in events if e.kind == "rolled" and e.data["why"] != "throw")
        assert len([f for f in shots if f.kind in ("turn", "shot", "goal")]) >= turns - 1
        goals = [f for f in shots if any(e.kind == "goal" for e in f.events)]
        assert len(goals) == sum(steps[-1][0].score)
        assert all(f.kind in ("goal", "final") for f in goals)
        assert all(f.caption.startswith("Goal for ") for f in goals if f.kind == "goal")
        assert all(f.view["field"]["width"] == 15 for f in shots)


def test_status_lines_at_a_shot_and_with_the_goalkeeper_holding_the_ball() -> None:
    from tests.referee.test_simplesoccer_narration import shot_from_s10

    s, _ = act(shot_from_s10(), "west", "kick", member="9", path="u10 goal10")
    assert status_lines(SIMPLESOCCER.view(s, None))[1:] == [
        "Shot! East's goalkeeper to roll for the save",
        "Ball: goal10, crossing the goal line",
    ]
    s, _ = act(s, "east", "roll", dice=[3])  # saved: the goalkeeper holds it, 3 dice
    assert status_lines(SIMPLESOCCER.view(s, None))[1:] == [
        "East to roll for the turn (3 dice)",
        "Ball: goal10, held by East's goalkeeper",
    ]


async def test_a_match_against_the_coach(referee: Referee, store: MatchStore) -> None:
    from tests.referee.conftest import BOT, COACH_SEATS

    out = await referee.start_match(
        1, CHANNEL, COACH_SEATS, ruleset="simplesoccer", coach_side="east", seed=3,
        rules={"size": "small", "turns": 12},
    )  # fmt: skip
    steps = 0
    while not out.over:
        assert all(p.user_id == ADA for p in out.next)  # the referee rolls, the coach plays
        prompt = out.next[0]
        choices = await referee.legal_choices(CHANNEL, ADA, side=prompt.side)
        action = choices[-1].action if prompt.kind == "play" else choices[0].action
        out = await referee.act(CHANNEL, ADA, action.kind, action.args, side=prompt.side)
        steps += 1
        assert steps < 300
    assert out.result is not None and out.result["winner"] in ("west", "east")
    history = await store.history(out.match_id)
    assert {e.user_id for e in history.log} <= {ADA, BOT, None}
    assert any(e.action.kind == "kick" and e.action.actor == "east" for e in history.log)


async def test_a_timed_match_counts_each_turns_real_time(store: MatchStore) -> None:
    """Timed version: a turn counts the time it took, a turn whose clock runs out ends on the
    spot and counts its whole clock (30 seconds)."""
    from datetime import timedelta

    from tests.referee.test_deadlines import Clock

    clock = Clock()
    referee = Referee(store, clock=clock)
    out = await referee.start_match(
        1, CHANNEL, SEATS, ruleset="simplesoccer", seed=4, rules={"length": "timed", "minutes": 20}
    )
    while out.next[0].kind != "setup":
        out = await typed(referee, out, "roll")
    for p in list(out.next):
        out = await referee.act(CHANNEL, p.user_id, "setup", {"preset": "balanced"}, side=p.side)
    first = out.next[0]
    clock.now += timedelta(seconds=12)
    out = await referee.act(CHANNEL, first.user_id, "end", {}, side=first.side)
    status = await referee.status(CHANNEL, ADA)
    assert status.lines[0] == "Time 0:12 of 20:00"
    match = await store.active_match(CHANNEL)
    assert match is not None
    other = out.next[0].side
    timed_out = await referee.clock_out(match, other)
    assert timed_out is not None
    said = f"{SIMPLESOCCER_GAME.side_name(other)}'s time is up"
    assert any(line.startswith(said) for line in timed_out.lines)
    status = await referee.status(CHANNEL, ADA)
    assert status.lines[0] == "Time 0:42 of 20:00"


def test_the_board_and_the_replay_of_a_match() -> None:
    import io

    from PIL import Image

    from referee.simplesoccer.frames import frames
    from tests.referee.test_simplesoccer_narration import random_steps

    steps = random_steps(1, {"size": "small", "turns": 8})
    names = ("Ada", "Brian")
    state, events = steps[-1]
    png = SIMPLESOCCER_GAME.render_png(SIMPLESOCCER.view(state, None), names, events)
    assert Image.open(io.BytesIO(png)).format == "PNG"
    gif = SIMPLESOCCER_GAME.replay(steps, names)
    assert gif is not None
    assert Image.open(io.BytesIO(gif)).n_frames == len(frames(steps))
    assert SIMPLESOCCER_GAME.replay([], names) is None


def test_status_after_a_grab_and_who_has_the_ball_at_their_feet() -> None:
    from tests.engine.simplesoccer.scenario import position

    s = position({"G": "b7", "1": "e5"}, {"G": "goal7", "1": "p5"}, ball="b9", points=4)
    s, _ = act(s, "west", "grab", path="b8 b9")
    assert status_lines(SIMPLESOCCER.view(s, None))[1:] == [
        "West to roll 3 dice for the goalkeeper's throw",
        "Ball: b9, held by West's goalkeeper",
    ]
    s = position({"G": "b7", "1": "e5"}, {"G": "goal7", "1": "g5"}, ball="f5", points=4)
    view = SIMPLESOCCER.view(s, None)  # f5 is in front of both West's 1 and East's 1
    assert view["at_feet"] == [{"side": "west", "member": "1"}, {"side": "east", "member": "1"}]
    assert status_lines(view)[-1] == "Ball: f5, at the feet of West's 1 and East's 1"
