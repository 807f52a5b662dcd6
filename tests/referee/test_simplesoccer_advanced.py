"""Simple Soccer's advanced rules in the referee: a line for every event a player should hear
about, the match at a glance (players down, skill points, cards), the figures of a match, the
typed commands, and a tackle played at the terminal."""

from __future__ import annotations

import io
import random

import pytest

from engine.core import Decision, Event, MalformedAction
from engine.simplesoccer import SIMPLESOCCER
from referee.service import Referee
from referee.simplesoccer.game import advanced_lines, parse, statistics, status_lines, task
from referee.simplesoccer.narration import FORMATTERS, caption, narrate
from referee.simplesoccer.tally import tally
from referee.terminal import TerminalGame
from tests.engine.simplesoccer.test_adv_property import advanced_options
from tests.engine.simplesoccer.test_property import random_action
from tests.referee.conftest import ADA, COACH_SEATS
from tests.referee.test_terminal import script

# -- narration ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "data", "line"),
    [
        (
            "tackle",
            {"team": 1, "member": "7", "opponent": "4", "call": "odd", "total": 7, "won": True,
             "slide": False},
            "East's number 7 wins the ball from West's number 4 with a tackle (called odd, 7)!",
        ),
        (
            "tackle",
            {"team": 0, "member": "3", "opponent": "G", "call": "even", "total": 5, "won": False,
             "slide": True},
            "West's number 3 misses the slide tackle on East's goalkeeper (called even, 5) and "
            "goes down.",
        ),
        (
            "intercept",
            {"team": 1, "member": "5", "how": "feet", "die": 3, "result": "won"},
            "East's number 5 tries to intercept with the feet, rolls 3: wins it.",
        ),
        (
            "intercept",
            {"team": 0, "member": "2", "how": "chest", "die": 4, "result": "miss"},
            "West's number 2 tries to intercept with the chest, rolls 4: misses: the ball goes on.",
        ),
        (
            "header",
            {"team": 0, "member": "9", "coordinated": True, "die": 1, "result": "poor_aim"},
            "West's number 9 heads a team-mate's pass, rolls 1: gets a touch, but the ball flies "
            "off at random.",
        ),
        (
            "foul",
            {"team": 1, "member": "6", "against": "10", "at": "e5", "penalty": False,
             "card": None},
            "Foul by East's number 6 on West's number 10 at e5: free kick to West.",
        ),
        (
            "foul",
            {"team": 0, "member": "2", "against": "9", "at": [2, 6], "penalty": True,
             "card": "yellow"},
            "Foul by West's number 2 on East's number 9 at c7: penalty! A yellow card.",
        ),
        (
            "card",
            {"team": 0, "member": "2", "card": "red"},
            "West's number 2 is sent off with a red card.",
        ),
        (
            "out",
            {"team": 0, "at": "k1", "restart": "throw_in", "to": 1},
            "Out of play at k1: a throw-in for East.",
        ),
        (
            "out",
            {"team": 1, "at": [0, 2], "restart": "corner", "to": 0},
            "Out of play at a3: a corner for West.",
        ),
        (
            "restart",
            {"team": 1, "kind": "goal_kick", "at": "t7"},
            "East takes a goal kick from t7.",
        ),
        (
            "fake",
            {"team": 0, "member": "7", "opponent": "4", "level": "moderate", "die": 5,
             "won": True},
            "West's number 7 tries a moderate fake-out on East's number 4, rolls 5: it works: "
            "8 points more for number 7!",
        ),
        (
            "juggle",
            {"team": 1, "member": "8", "dice": [3, 5], "won": True},
            "East's number 8 juggles the ball up, rolls 3 and 5: it hangs in the air for next "
            "turn.",
        ),
        (
            "deflect_roll",
            {"team": 1, "die": 4, "total": 7, "deflected": True, "down": True},
            "East's goalkeeper rolls 4 to tip it away (7 in all), and goes down.",
        ),
        (
            "turned",
            {"team": 0, "member": "7", "from": "e", "facing": "n", "cost": 1, "left": 4},
            "West's number 7 turns to face north (1 point, 4 left).",
        ),
        (
            "rose",
            {"team": 1, "member": "G", "facing": "w", "cost": 1, "left": 2},
            "East's goalkeeper gets back up, facing west (1 point, 2 left).",
        ),
    ],
)  # fmt: skip
def test_every_advanced_event_is_told_in_a_players_words(
    kind: str, data: dict[str, object], line: str
) -> None:
    assert narrate([Event(kind, data)]) == [line]


def test_an_unknown_or_incomplete_event_is_left_out_not_a_crash() -> None:
    events = [
        Event("something_new", {"team": 0}),
        Event("tackle", {"team": 0}),  # missing what its line needs
        Event("card", {"team": 1, "member": "4", "card": "yellow"}),
    ]
    assert narrate(events) == ["East's number 4 gets a yellow card."]


def test_a_header_intercepting_a_kick_is_told_once() -> None:
    told = {"team": 1, "member": "5", "die": 5, "result": "won"}
    events = [
        Event("intercept", {**told, "how": "header"}),
        Event("header", {**told, "coordinated": False}),
    ]
    assert narrate(events) == [
        "East's number 5 tries to intercept with a header, rolls 5: wins it."
    ]


# -- the figures and the glance -----------------------------------------------------------------


def test_the_advanced_events_are_counted_per_team() -> None:
    events = [
        Event("tackle", {"team": 1, "won": True}),
        Event("tackle", {"team": 1, "won": False}),
        Event("intercept", {"team": 0}),
        Event("header", {"team": 0}),
        Event("foul", {"team": 1}),
        Event("out", {"team": 0}),
        Event("out", {"team": 1}),
    ]
    t = tally(events)
    assert (t.tackles, t.intercepts, t.headers, t.fouls, t.out_of_bounds) == (
        [0, 2],
        [1, 0],
        [1, 0],
        [0, 1],
        [1, 1],
    )
    lines = statistics([Event("goal", {"team": 0, "member": "7", "score": [1, 0]}), *events])
    assert "Tackles: West 0, East 2" in lines and "Balls out of play: West 1, East 1" in lines
    assert statistics([]) == ["Goals: West 0, East 0"]  # a basic match: no advanced lines


def view_with(**members: dict[str, object]) -> dict[str, object]:
    west = {"G": {"at": [-1, 6], "facing": "e"}, **members}
    return {
        "options": {"length": "turns", "turns": 40, "advanced": {"tackles": True}},
        "members": [west, {"G": {"at": [21, 6], "facing": "w", "down": 4}}],
        "step": {"k": "play", "team": 0},
        "turn": {"left": 3, "points": 7},
        "turns_played": 5,
        "ball": [5, 5],
        "ball_name": "f6",
        "held": -1,
        "field": {"width": 21},
        "at_feet": [],
    }


def test_the_glance_names_the_rules_and_who_is_down() -> None:
    view = view_with(**{"7": {"at": [4, 4], "facing": "e", "skill": 3, "card": "yellow"}})
    lines = status_lines(view)
    assert lines[:3] == ["Turn 5 of 40", "West to play: 3 of 7 points left", "Ball: f6, loose"]
    assert lines[3:] == [
        "Rules: basic rules with tackles",
        "Down: East G",
        "Skill points: West 7 (3)",
        "Cards: West 7 (yellow)",
    ]
    basic = {**view, "options": {"length": "turns", "turns": 40, "advanced": {}}}
    assert advanced_lines(basic) == []


def test_a_new_decision_is_a_task_in_a_players_words() -> None:
    decision = Decision("east", "intercept", "The kick passes e5: play it or let it pass?")
    assert task(decision) == "play the kick or let it pass"
    assert task(Decision("east", "keep", "You rolled 1 and 6: keep it?")) == (
        "keep the roll or roll again"
    )
    assert task(Decision("east", "something_new", "?")) == "decide"


# -- typed commands and the terminal --------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "parsed"),
    [
        ("turn 7 north", ("turn", {"member": "7", "facing": "n"})),
        ("rise g west", ("rise", {"member": "G", "facing": "w"})),
        ("tackle 5 j6", ("tackle", {"member": "5", "path": ["j6"]})),
        ("call even", ("call", {"call": "even"})),
        ("call 12", ("call", {"total": 12})),
        ("intercept header", ("intercept", {"how": "header"})),
        ("let", ("let", {})),
        ("level extreme", ("level", {"level": "extreme"})),
        ("follow bicycle", ("follow", {"how": "bicycle"})),
        ("reroll 9", ("reroll", {"member": "9"})),
        ("face 6", ("face", {"face": 6})),
        ("inertia f6 g6", ("inertia", {"path": ["f6", "g6"]})),
    ],
)
def test_the_advanced_commands_typed(typed: str, parsed: tuple[str, object]) -> None:
    assert parse(typed) == parsed


def test_a_mistyped_advanced_command_says_how() -> None:
    with pytest.raises(MalformedAction, match="north, east, south or west"):
        parse("turn 7 up")
    with pytest.raises(MalformedAction, match="call odd, call even"):
        parse("call maybe")
    with pytest.raises(MalformedAction, match="level mild|moderate|extreme"):
        parse("level hard")


async def test_a_tackle_typed_at_the_terminal(referee: Referee) -> None:
    out = io.StringIO()
    lines = [
        "5",  # West's roll-off die
        "2",  # East's: West kicks off
        "setup attacking",
        "setup balanced",
        "6 6",
        "kick 7 i5",
        "move 7 h5",
        "end",
        "tackle 7",  # East, before its roll
        "call odd",
        "3 4",
        "resign",
    ]
    terminal = TerminalGame(referee, read=script(lines), out=out)
    code = await terminal.run(
        ruleset="simplesoccer",
        dice="physical",
        seed=3,
        rules={"size": "small", "options": "tackles"},
    )
    assert code == 0
    text = out.getvalue()
    assert "7 tackles" in text and "Call odd" in text  # numbered choices too
    assert "East calls odd." in text
    assert (
        "East's number 7 wins the ball from West's number 7 with a tackle (called odd, 7)!" in text
    )


@pytest.mark.parametrize("seed", range(4))
def test_random_advanced_matches_are_told_whole(seed: int) -> None:
    """Every event of a random advanced match has its line (or is left out on purpose), in
    a player's words, and the figures count the tackles, interceptions and the rest."""
    rng = random.Random(100 + seed)
    state = SIMPLESOCCER.initial(advanced_options(rng))
    clock = [1_700_000_000.0]
    events: list[Event] = []
    for _ in range(6000):
        if state.over:
            break
        state, told = SIMPLESOCCER.apply(state, random_action(rng, state, clock))
        events.extend(told)
        lines = narrate(told)
        for line in lines:
            assert line and "\n" not in line
            assert not any(word in line for word in ("_", "[", "None", "step", "team "))
    assert {e.kind for e in events} <= FORMATTERS, {e.kind for e in events} - FORMATTERS
    t = tally(events)
    assert sum(t.tackles) == sum(1 for e in events if e.kind == "tackle")
    assert sum(t.out_of_bounds) == sum(1 for e in events if e.kind == "out")


def test_a_slide_kick_and_a_random_flight_are_told_once_each() -> None:
    kick = {"team": 0, "member": "7", "squares": ["f5", "g6", "h6"], "cost": 2, "left": 3}
    assert narrate([Event("kicked", {**kick, "slide": True})]) == [
        "Number 7 slides in and kicks the ball from f5 to h6 (2 points, 3 left), and goes down."
    ]
    wild = Event("wild", {"team": 1, "member": "4", "how": "feet", "dice": [2, 3], "dir": "ne"})
    travel = Event(
        "travel",
        {"team": 1, "member": "4", "why": "feet", "dir": "ne", "squares": ["e5", "f6", "g7"],
         "at": [6, 6], "landing": "board", "bounced": False},
    )  # fmt: skip
    assert narrate([wild, travel]) == ["The touch goes north-east to g7."]
    out = Event("travel", {**travel.data, "landing": "out", "why": "poor_aim"})
    assert narrate([out]) == ["The mis-kick goes north-east, out of play."]


def test_the_board_caption_names_a_foul_a_tackle_or_a_ball_out() -> None:
    foul = Event("foul", {"team": 1, "member": "6", "against": "2", "at": "e5", "penalty": True})
    assert caption([Event("rolled", {"team": 1, "dice": [3], "points": 3}), foul]) == (
        "Foul by East's number 6: penalty"
    )
    won = Event("tackle", {"team": 0, "member": "7", "opponent": "4", "won": True})
    assert caption([won]) == "West's number 7 wins the ball with a tackle"
    out = Event("out", {"team": 0, "at": "k1", "restart": "corner", "to": 1})
    assert caption([out]) == "Out of play: a corner for East"


async def test_a_match_against_the_coach_which_tackles_before_its_roll(referee: Referee) -> None:
    """Ada ends her turns at once; the coach (East) goes for the ball at her feet with a
    tackle called before its own roll, the referee taking the coach's call as its own."""
    channel = 77
    out = await referee.start_match(
        1, channel, COACH_SEATS, ruleset="simplesoccer", coach_side="east", seed=4,
        rules={"size": "small", "fielders": 4, "turns": 16, "rules": "advanced"},
    )  # fmt: skip
    steps = 0
    while not out.over:
        assert all(p.user_id == ADA for p in out.next)  # the referee rolls, the coach decides
        prompt = out.next[0]
        choices = await referee.legal_choices(channel, ADA, side=prompt.side)
        ends = [c for c in choices if c.action.kind == "end"]
        action = ends[0].action if ends else choices[0].action
        out = await referee.act(channel, ADA, action.kind, action.args, side=prompt.side)
        steps += 1
        assert steps < 600
    history = await referee.store.history(out.match_id)
    kinds = [(e.action.actor, e.action.kind) for e in history.log]
    assert ("east", "tackle") in kinds and ("east", "call") in kinds
    assert out.result is not None and out.result["winner"] in ("west", "east")
