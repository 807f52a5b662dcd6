"""Socceristic narration: a short line in a player's words for every event the engine emits,
rolls told with what they decide, and captions for the board pictures."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import Event
from engine.socceristic import restarts
from referee.socceristic.narration import FORMATTERS, caption, narrate
from tests.engine.socceristic.helpers import find, roll, start


def ev(event_kind: str, **data: Any) -> Event:
    return Event(event_kind, data)


def outcome(section: str, team: int, **result: Any) -> Event:
    return ev("card_drawn", team=team, deck="outcome", id="O1", section=section,
              text=result.get("text", ""), result=result)  # fmt: skip


def test_the_toss_is_told_once_decided_and_a_tie_rolls_again() -> None:
    rolls = [ev("toss_roll", team=0, die=5), ev("toss_roll", team=1, die=2)]
    assert narrate([*rolls, ev("toss", dice=[5, 2], winner=0)]) == [
        "Toss: Home 5, Away 2: Home kicks off the first half, Away chooses an end."
    ]
    assert narrate([ev("toss", dice=[3, 3], winner=-1)]) == ["Toss: 3 each, both roll again."]
    assert narrate(rolls[:1]) == ["Home rolls 5 for the toss."]  # the other still to roll


def test_ends_halves_and_the_kick_off() -> None:
    assert narrate([ev("ends", team=1, end="north", ends=["south", "north"])]) == [
        "Away chooses to defend the north end: Home defends south, Away north."
    ]
    assert narrate([ev("half_start", half=1, team=0, ends=["south", "north"])]) == [
        "First half: Home kicks off. Home defends the south end, Away the north."
    ]
    assert narrate([ev("half_start", half=2, team=1, ends=["north", "south"])]) == [
        "Second half: Away kicks off. The teams have changed ends: Home defends the north "
        "end, Away the south."
    ]
    assert narrate([ev("kickoff", team=0, die=4, to=[6, 8])]) == [
        "Home kicks off and rolls 4: the ball is passed to square 4 on the centre line."
    ]


def test_arrows_a_chance_from_the_zone_and_a_ball_off_the_pitch() -> None:
    assert narrate([ev("arrow", team=0, die=4, direction="NE", **{"from": [5, 8]}, to=[9, 4])]) == [
        "Home rolls 4: the ball runs 4 squares north-east."
    ]
    zone = [ev("arrow", team=1, die=2, direction="S", **{"from": [5, 12]}, to=None),
            ev("chance", team=1, how="arrow")]  # fmt: skip
    assert narrate(zone) == [
        "Away rolls 2 on an arrow in the Lighter Green Zone: a chance at goal!"
    ]
    out = [ev("arrow", team=0, die=5, direction="W", **{"from": [2, 5]}, to=[0, 5]),
           ev("out", team=0, at=[0, 5], restart="throw_in")]  # fmt: skip
    assert narrate(out) == [
        "Home rolls 5: the ball runs west off the pitch.",
        "Over the side line: a throw-in to Away.",
    ]


@pytest.mark.parametrize(
    ("how", "line"),
    [
        ("zone", "Home has the ball in the Lighter Green Zone: a chance at goal!"),
        ("bold", "A square with a bold border: a chance at goal for Home!"),
        ("pass_back", "Home reaches a pass-back square while attacking: a chance at goal!"),
        ("free_kick", "A free kick at goal for Home!"),
    ],
)
def test_every_way_a_chance_arises(how: str, line: str) -> None:
    assert narrate([ev("chance", team=0, how=how)]) == [line]


def test_free_moves_losing_the_ball_and_tackles() -> None:
    move = ev("move", team=1, die=5, direction="NW", **{"from": [5, 5]}, to=[0, 0], steps=5,
              why="free")  # fmt: skip
    assert narrate([move]) == ["Away rolls 5 and plays the ball 5 squares north-west."]
    assert narrate([ev("lost", team=0, to=1)]) == ["Home loses the ball: Away takes possession."]
    rolls = [ev("tackle_roll", team=0, die=5), ev("tackle_roll", team=1, die=3)]
    assert narrate([*rolls, ev("tackle", dice=[5, 3], winner=0, tie=False, bounce=False)]) == [
        "Tackle! Home 5 - Away 3: Home wins it."
    ]
    tie = [ev("tackle", dice=[5, 5], winner=1, tie=True, bounce=False),
           ev("injury_check", team=1, dice=[4, 5], total=9, hurt=True)]  # fmt: skip
    assert narrate(tie) == [
        "Tackle! Home 5 - Away 5: Away wins it (a tie goes to the side without the ball), "
        "and an Away player is hurt (4 and 5: 9)."
    ]
    bounce = [ev("tackle", dice=[2, 2], winner=0, tie=True, bounce=True),
              ev("injury_check", team=0, dice=[3, 4], total=7, hurt=False)]  # fmt: skip
    assert narrate(bounce) == [
        "Bounce-up on the centre spot! Home 2 - Away 2: Home wins it (a tie goes to the side "
        "without the ball), and Home's injury check is clear (3 and 4: 7)."
    ]
    assert narrate([ev("injury_check", team=0, dice=[6, 2], total=8, hurt=True)]) == [
        "A Home player is hurt (6 and 2: 8)."
    ]


def test_substitutions_and_a_player_playing_on() -> None:
    sub = ev("substitution", team=1, shirt=7, off="Jo Park", on="Sam Ray", on_shirt=12)
    assert narrate([sub]) == [
        "Away substitution: No. 12 Sam Ray comes on for No. 7 Jo Park (injured)."
    ]
    on = ev("substitution", team=0, shirt=4, off="No. 4", on=None, on_shirt=None)
    assert narrate([on]) == ["Home's No. 4 is injured but plays on: no substitutes left."]


@pytest.mark.parametrize(
    ("section", "team", "result", "line"),
    [
        ("chance", 0, {"kind": "corner", "text": "Tipped over the bar"},
         "Outcome card: 'Tipped over the bar' - corner to Home."),
        ("chance", 1, {"kind": "goal_kick", "text": "Wide"},
         "Outcome card: 'Wide' - goal kick to Home."),
        ("chance", 0, {"kind": "penalty", "text": "Brought down"},
         "Outcome card: 'Brought down' - PENALTY to Home!"),
        ("penalty", 1, {"kind": "goal_kick", "text": "Saved and held"},
         "Penalty kick, outcome card: 'Saved and held' - goal kick to Home."),
        ("pass_back", 0, {"kind": "goal_kick", "text": "Keeper gathers"},
         "Pass back, outcome card: 'Keeper gathers' - goal kick to Home."),
        ("pass_back", 0, {"kind": "corner", "text": "Hacked away"},
         "Pass back, outcome card: 'Hacked away' - corner to Away."),
        ("pass_back", 1, {"kind": "own_goal", "text": "Sliced in"},
         "Pass back, outcome card: 'Sliced in' - an own goal by Away!"),
        ("chance", 0, {"kind": "play", "text": "Cleared", "to": "defence", "line": "EVEN",
                       "number": 7},
         "Outcome card: 'Cleared' - play on, Away has the ball on the EVEN line at column 7."),
        ("pass_back", 1, {"kind": "play", "text": "Intercepted", "to": "attack", "line": "ODD",
                          "number": 5},
         "Pass back, outcome card: 'Intercepted' - play on, Home has the ball on the ODD line "
         "at column 5."),
    ],
)  # fmt: skip
def test_outcome_cards_say_who_gets_what(
    section: str, team: int, result: dict[str, Any], line: str
) -> None:
    assert narrate([outcome(section, team, **result)]) == [line]


def test_a_goal_from_a_card_scores_in_the_cards_line_and_the_scorer_follows() -> None:
    events = [
        outcome("chance", 1, kind="goal", text="Curled into the top corner"),
        ev("goal", team=1, how="chance", score=[0, 1]),
        ev("scorer", team=1, shirt=9, name="Ann Lee", own_goal=False),
    ]
    assert narrate(events) == [
        "Outcome card: 'Curled into the top corner' - GOAL! Away scores: Home 0-1 Away.",
        "Scored by No. 9 Ann Lee (Away).",
    ]
    own = [ev("goal", team=0, how="own_goal", score=[1, 0]),
           ev("scorer", team=1, shirt=5, name="No. 5", own_goal=True)]  # fmt: skip
    assert narrate(own) == ["GOAL! Home scores: Home 1-0 Away.", "Own goal by No. 5 (Away)."]


def test_referee_cards_free_kicks_and_cautions() -> None:
    card = ev("card_drawn", team=0, deck="referee", id="R2", section="", text="Tripped from behind",
              result={"to": 1, "caution": "yellow", "back": 2})  # fmt: skip
    assert narrate([card]) == [
        "Referee's decision: 'Tripped from behind' - free kick to Away, 2 squares back, and a "
        "yellow card for a Home player."
    ]
    assert narrate([ev("free_kick", team=0, at=[5, 2], kind="penalty")]) == ["PENALTY to Home!"]
    assert narrate([ev("free_kick", team=1, at=[5, 2], kind="plain")]) == ["Free kick to Away."]
    plain = ev("card_drawn", team=0, deck="referee", id="R3", section="", text="Offside",
               result={"to": 1, "caution": "", "back": 0})  # fmt: skip
    told_once = narrate([plain, ev("free_kick", team=1, at=[5, 2], kind="plain")])
    assert told_once == ["Referee's decision: 'Offside' - free kick to Away."]
    at_goal = [
        ev("free_kick", team=1, at=[5, 2], kind="chance"),
        ev("chance", team=1, how="free_kick"),
    ]
    assert narrate(at_goal) == ["A free kick at goal for Away!"]  # told once
    yellow = ev("caution", team=0, shirt=4, name="Bo", colour="yellow", second_yellow=False)
    assert narrate([yellow]) == ["Yellow card for Home's No. 4 Bo."]
    red = ev("caution", team=0, shirt=4, name="Bo", colour="red", second_yellow=True)
    assert narrate([red]) == ["RED CARD for Home's No. 4 Bo (a second yellow)!"]
    assert narrate([ev("reshuffle", deck="referee")]) == [
        "The Referee's Decision cards are all used: the pack is shuffled again."
    ]


def test_restarts_throw_ins_goal_kicks_and_corners() -> None:
    throw = [ev("throw_in", team=1, at=[0, 5], die=4, steps=3, direction="NE"),
             ev("move", team=1, die=4, direction="NE", **{"from": [0, 5]}, to=[3, 2], steps=3,
                why="throw_in")]  # fmt: skip
    assert narrate(throw) == ["Away takes the throw-in and rolls 4: 3 squares north-east."]
    stays = ev("throw_in", team=0, at=[10, 5], die=1, steps=0, direction=None)
    assert narrate([stays]) == ["Home takes the throw-in and rolls 1: the ball stays by the line."]
    assert narrate([ev("out", team=1, at=[4, 0], restart="goal_kick")]) == [
        "Over the goal line: a goal kick to Home."
    ]
    assert narrate([ev("goal_kick", team=0, purpose="place", dice=[3, 4], to=[5, 0])]) == [
        "Home's goal kick: 3 and 4, placed at column 7 on the ODD line."
    ]
    assert narrate([ev("goal_kick", team=0, purpose="kick", dice=[6, 2], to=[5, 8])]) == [
        "Home kicks it upfield: 6 and 2, 8 squares from the ODD line."
    ]
    assert narrate([ev("goal_kick", team=0, purpose="kick", dice=[6, 6], to=None)]) == [
        "Home's goal kick: double 6, a throw-in to Away on the east side of the centre line."
    ]
    assert narrate([ev("corner", team=1, side="west", at=[0, 16])]) == [
        "Corner to Away on the west side."
    ]
    behind = [ev("out", team=0, at=[10, 0], restart="corner"),
              ev("corner", team=1, side="east", at=[10, 0])]  # fmt: skip
    assert narrate(behind) == ["Over the goal line: a corner to Away, from the east side."]


@pytest.mark.parametrize(
    ("dice", "result", "line"),
    [
        ([3, 4], "land", "Home's corner: 3 and 4, the ball drops on the ODD line at column 7."),
        ([4, 1], "land", "Home's corner: 4 and 1, the ball drops on the EVEN line at column 5."),
        ([1, 1], "land", "Home's corner: 1 and 1, the ball drops on the EVEN line at column 2."),
        ([6, 6], "land", "Home's corner: 6 and 6, the ball drops on the EVEN line at column 12."),
        ([2, 2], "goal_kick", "Home's corner: 2 and 2, off an attacker: goal kick to Away."),
        ([3, 3], "again", "Home's corner: 3 and 3, off a defender: another corner."),
        ([5, 5], "goal", "Home's corner: 5 and 5: straight in from the corner!"),
    ],
)
def test_the_corner_table(dice: list[int], result: str, line: str) -> None:
    s = start()
    restarts.corner(s, 0, "west", [])
    _, events = roll(s, "home", *dice)  # the engine's own event: where the table puts it
    assert narrate([ev("corner_roll", **find(events, "corner_roll"))]) == [line]


def test_half_time_and_full_time() -> None:
    assert narrate([ev("half_time", score=[1, 0])]) == [
        "HALF TIME: Home 1-0 Away. The teams change ends."
    ]
    assert narrate([ev("full_time", score=[1, 2], winner=1)]) == [
        "FULL TIME: Away wins, Home 1-2 Away."
    ]
    assert narrate([ev("full_time", score=[2, 2], winner=-1)]) == ["FULL TIME: a 2-2 draw."]


def test_every_event_kind_has_words() -> None:
    kinds = {
        "toss_roll", "toss", "ends", "half_start", "kickoff", "arrow", "chance", "move", "lost",
        "tackle_roll", "tackle", "injury_check", "substitution", "card_drawn", "reshuffle",
        "free_kick", "caution", "out", "throw_in", "goal_kick", "corner", "corner_roll", "goal",
        "scorer", "half_time", "full_time",
    }  # fmt: skip
    assert kinds == FORMATTERS


def test_captions_pick_the_most_telling_event() -> None:
    goal = [ev("corner_roll", team=1, dice=[5, 5], result="goal", to=None),
            ev("goal", team=1, how="corner", score=[0, 1])]  # fmt: skip
    assert caption(goal) == "GOAL for Away (corner)! Home 0-1 Away"
    red = ev("caution", team=0, shirt=4, name="Bo", colour="red", second_yellow=False)
    assert caption([ev("free_kick", team=1, at=[1, 1], kind="plain"), red]) == (
        "RED CARD for Home's No. 4 Bo"
    )
    assert caption([ev("full_time", score=[0, 0], winner=-1)]) == "FULL TIME: a 0-0 draw"
    assert (
        caption([ev("arrow", team=0, die=3, direction="N", **{"from": [1, 9]}, to=[1, 6])]) is None
    )
