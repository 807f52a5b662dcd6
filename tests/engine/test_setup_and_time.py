"""Formations (2.1, 2.2), match preparation (3.1-3.3.1: kick-off roll, setups and adjustments)
and the halves (4.2.1.3)."""

from __future__ import annotations

import pytest

from engine.core import MalformedAction, NotYourDecision
from engine.fuba import FUBA
from engine.fuba.board import BOX
from tests.engine.scenario import (
    EAST,
    WEST,
    act,
    choose,
    decision,
    find,
    kinds,
    position,
    refused,
    roll,
    to_stage2,
)

WEST_KICKOFF = [[7, 4], [4, 2], [6, 2], [5, 2]]
EAST_KICKOFF = [[7, 2], [8, 2], [10, 2], [9, 2], [12, 2]]


def formations_chosen(west="4-4-2", east="4-4-2"):
    s = FUBA.initial()
    s, _ = act(s, WEST, "formation", shape=west)
    s, _ = act(s, EAST, "formation", shape=east)
    return s


def kickoff_setup(winner=WEST, starts=WEST, **shapes):
    """Formations chosen, the kick-off roll won by ``winner``, who gives the ball to ``starts``."""
    s = formations_chosen(**shapes)
    loser = EAST if winner == WEST else WEST
    s, _ = roll(s, winner, 5)
    s, _ = roll(s, loser, 3)
    s, _ = act(s, winner, "kickoff", side=starts)
    return s


def pending_kinds(s):
    return sorted((d.actor, d.kind) for d in FUBA.pending(s))


# -- 3.1 the start of a match ----------------------------------------------------------------------


def test_3_1_a_new_match():
    s = FUBA.initial()
    assert (s.half, s.minute, s.stoppage) == (1, 0, 0)
    assert s.score == [0, 0]
    assert not FUBA.is_over(s)
    assert pending_kinds(s) == [(EAST, "formation"), (WEST, "formation")]


# -- 2.1 selecting formations ----------------------------------------------------------------------


def test_2_1_example_formation():
    # Otto selects 3-5-2: three defenders, five midfielders and two forwards
    s = formations_chosen(west="4-4-2", east="3-5-2")
    assert s.formations == [[4, 4, 2], [3, 5, 2]]


def test_2_1_formations_are_secret_until_both_are_chosen():
    s = FUBA.initial()
    d = {d.actor: d for d in FUBA.pending(s)}
    assert d[WEST].secret and d[EAST].secret
    assert {c.label for c in d[WEST].choices} == {
        "4-4-2", "4-2-4", "4-3-3", "4-5-1", "5-3-2", "3-5-2", "3-4-3", "5-4-1",
    }  # fmt: skip
    s, events = act(s, WEST, "formation", shape="4-3-3")
    assert "formations_revealed" not in kinds(events)
    assert FUBA.view(s, WEST)["agenda"][0]["picks"][0] == [4, 3, 3]
    assert FUBA.view(s, EAST)["agenda"][0]["picks"][0] == "hidden"
    assert FUBA.view(s, None)["agenda"][0]["picks"][0] == "hidden"
    assert "4-3-3" not in str(FUBA.view(s, EAST))
    assert pending_kinds(s) == [(EAST, "formation")]
    s, events = act(s, EAST, "formation", shape="5-4-1")
    assert find(events, "formations_revealed").data["formations"] == ["4-3-3", "5-4-1"]


def test_2_1_any_formation_with_ten_outfield_players():
    s = formations_chosen(west="3-3-4", east=[2, 6, 2])
    assert s.formations == [[3, 3, 4], [2, 6, 2]]


def test_2_1_formation_must_have_ten_outfield_players():
    s = FUBA.initial()
    assert "10" in refused(s, WEST, "formation", shape="4-4-3")
    assert "10" in refused(s, WEST, "formation", shape="3-3-3")
    refused(s, WEST, "formation", MalformedAction, shape="four-four-two")
    refused(s, WEST, "formation", MalformedAction, shape="")
    refused(s, WEST, "formation", MalformedAction)


def test_2_1_formation_is_chosen_once():
    s, _ = act(FUBA.initial(), WEST, "formation", shape="4-4-2")
    refused(s, WEST, "formation", NotYourDecision, shape="3-5-2")


# -- 3.2 determining who kicks off -----------------------------------------------------------------


def test_3_example_match_preparations():
    # Santeri (west) and Otto (east) choose their formations and roll: 5 against 3.
    s = formations_chosen(west="4-4-2", east="3-5-2")
    assert pending_kinds(s) == [(EAST, "roll"), (WEST, "roll")]
    s, _ = roll(s, WEST, 5)
    s, events = roll(s, EAST, 3)
    assert find(events, "kickoff_winner").data["team"] == 0
    refused(s, EAST, "kickoff", NotYourDecision, side=EAST)
    # Santeri chooses to start as the controlling team
    s, _ = act(s, WEST, "kickoff", side=WEST)
    assert s.control == 0
    assert (s.ball, s.value) == (7, 2)  # 3.3.1
    # 1. Santeri sets up first: four in the centre, two in each side area next to it, two in
    # front of his penalty area; the goalkeeper in the penalty area.
    refused(s, EAST, "setup", NotYourDecision, layout=EAST_KICKOFF)
    s, _ = act(s, WEST, "setup", layout=WEST_KICKOFF)
    assert s.outfield[0][7] == 4 and s.outfield[0][5] == 2 and s.keeper[0] == BOX[0]
    # 2. Otto sets up
    refused(s, WEST, "setup", NotYourDecision, layout=WEST_KICKOFF)
    s, _ = act(s, EAST, "setup", layout=EAST_KICKOFF)
    assert s.keeper[1] == BOX[1]
    # 3. Santeri moves two players from the centre to the left side (north wing, area 4)
    d = decision(s)
    assert (d.actor, d.kind, d.info["mode"]) == (WEST, "move", "adjust")
    s, _ = act(s, WEST, "move", from_=7, to=4)
    s, _ = act(s, WEST, "move", from_=7, to=4)
    assert s.outfield[0][7] == 2 and s.outfield[0][4] == 4
    # ... and the first turn starts: Santeri chooses the target area
    d = decision(s)
    assert (d.actor, d.kind) == (WEST, "target")
    assert (s.ball, s.value, s.turn["kind"]) == (7, 2, "kickoff")
    # In the second half Otto starts as the controlling team.
    s.minute, s.stoppage = 45, 2
    s, events = to_stage2(s, 7, 2, 1)
    assert "half_end" in kinds(events)
    s, _ = act(s, WEST, "formation", shape="4-4-2")
    s, _ = act(s, EAST, "formation", shape="3-5-2")
    assert s.control == 1
    assert (decision(s).actor, decision(s).kind) == (EAST, "setup")


def test_3_2_tie_rolls_again():
    # design decision 1: ties on the kick-off roll are rolled again
    s = formations_chosen()
    s, _ = roll(s, EAST, 4)
    s, events = roll(s, WEST, 4)
    assert "kickoff_tie" in kinds(events)
    assert pending_kinds(s) == [(EAST, "roll"), (WEST, "roll")]
    s, _ = roll(s, WEST, 2)
    s, events = roll(s, EAST, 6)
    assert find(events, "kickoff_winner").data == {"team": 1, "dice": [2, 6]}
    assert (decision(s).actor, decision(s).kind) == (EAST, "kickoff")


def test_3_2_each_team_rolls_one_die_once():
    s = formations_chosen()
    refused(s, WEST, "roll", MalformedAction, dice=[3, 4])
    refused(s, WEST, "roll", MalformedAction, dice=[7])
    s, _ = roll(s, WEST, 3)
    refused(s, WEST, "roll", NotYourDecision, dice=[6])


def test_3_2_winner_may_give_the_ball_to_the_opponent():
    s = kickoff_setup(winner=WEST, starts=EAST)
    assert s.control == 1 and s.first_half_ct == 1
    assert (decision(s).actor, decision(s).kind) == (EAST, "setup")


def test_3_2_kickoff_choice_must_name_a_team():
    s = formations_chosen()
    s, _ = roll(s, WEST, 6)
    s, _ = roll(s, EAST, 1)
    refused(s, WEST, "kickoff", MalformedAction, side="north")


# -- 3.3.1 kick-off setup rules --------------------------------------------------------------------


def test_3_3_1_kicking_off_team_needs_two_players_in_the_centre():
    s = kickoff_setup()
    assert "two" in refused(s, WEST, "setup", layout=[[7, 1], [4, 3], [6, 3], [5, 3]])
    refused(s, WEST, "setup", layout=[[4, 4], [6, 3], [5, 3]])
    s2, _ = act(s, WEST, "setup", layout=[[7, 2], [4, 3], [6, 3], [5, 2]])
    assert s2.outfield[0][7] == 2
    s3, _ = act(s, WEST, "setup", layout=[[7, 10]])  # "at least" two (design decision 1)
    assert s3.outfield[0][7] == 10


def test_3_3_1_players_start_in_their_own_half():
    s = kickoff_setup()
    assert "half" in refused(s, WEST, "setup", layout=[[7, 2], [8, 1], [4, 4], [5, 3]])
    assert "half" in refused(s, WEST, "setup", layout=[[7, 2], [12, 1], [4, 4], [5, 3]])
    s, _ = act(s, WEST, "setup", layout=WEST_KICKOFF)
    assert "half" in refused(s, EAST, "setup", layout=[[7, 2], [6, 1], [9, 7]])
    # the defending team may use the centre (at least partly in its half) and its own box
    s, _ = act(s, EAST, "setup", layout=[[7, 5], [12, 3], [13, 2]])
    assert s.outfield[1][7] == 5 and s.outfield[1][12] == 3


def test_3_3_1_exactly_ten_outfield_players():
    s = kickoff_setup()
    assert "10" in refused(s, WEST, "setup", layout=[[7, 4], [4, 2], [6, 2], [5, 1]])
    assert "10" in refused(s, WEST, "setup", layout=[[7, 4], [4, 2], [6, 2], [5, 3]])


def test_3_3_1_layout_format():
    s = kickoff_setup()
    s2, _ = act(s, WEST, "setup", layout="7:2 4:3 6:3, 5:2")
    assert [s2.outfield[0][a] for a in (7, 4, 6, 5)] == [2, 3, 3, 2]
    refused(s, WEST, "setup", MalformedAction, layout="7-2 4-8")
    refused(s, WEST, "setup", MalformedAction, layout=[[7, "2"], [4, 8]])
    refused(s, WEST, "setup", MalformedAction, layout=[[7, 12], [4, -2]])
    refused(s, WEST, "setup", MalformedAction, layout=7)
    refused(s, WEST, "setup", MalformedAction)
    assert "14" in refused(s, WEST, "setup", layout=[[7, 2], [14, 8]])


def test_3_3_1_goalkeeper_starts_in_the_penalty_area():
    s = kickoff_setup()
    s.keeper = [5, 9]  # wherever they were, the keepers go back to their boxes
    s, _ = act(s, WEST, "setup", layout=WEST_KICKOFF)
    s, _ = act(s, EAST, "setup", layout=EAST_KICKOFF)
    assert s.keeper == [2, 12]


def test_3_3_1_offered_presets_are_legal_setups():
    s = kickoff_setup(west="5-4-1", east="3-4-3")
    for choice in decision(s).choices:
        s2, _ = FUBA.apply(s, choice.action)
        for east_choice in decision(s2).choices:
            FUBA.apply(s2, east_choice.action)
    assert decision(s).open_ended


# -- 3.3 team setup process: the adjustment --------------------------------------------------------


def adjusting():
    s = kickoff_setup()
    s, _ = act(s, WEST, "setup", layout=[[7, 3], [4, 2], [6, 2], [5, 3]])
    s, _ = act(s, EAST, "setup", layout=EAST_KICKOFF)
    return s


def test_3_3_adjust_up_to_two_players_one_area_each():
    s = adjusting()
    assert "not next to" in refused(s, WEST, "move", from_=5, to=8)
    s, _ = act(s, WEST, "move", from_=5, to=1)
    assert "already moved" in refused(s, WEST, "move", from_=1, to=2)
    s, events = act(s, WEST, "move", from_=6, to=3)
    assert find(events, "move").data["mode"] == "adjust"
    # two players moved: the setup is over
    assert (decision(s).actor, decision(s).kind) == (WEST, "target")
    assert s.outfield[0][1] == 1 and s.outfield[0][3] == 1


def test_3_3_adjustment_must_keep_the_setup_rules():
    s = adjusting()
    assert "half" in refused(s, WEST, "move", from_=7, to=8)
    s, _ = act(s, WEST, "move", from_=7, to=4)  # 2 left in the centre
    assert "two" in refused(s, WEST, "move", from_=7, to=6)


def test_3_3_goalkeeper_is_not_adjusted():
    s = adjusting()
    assert "goalkeeper" in refused(s, WEST, "move", from_=2, to=5, goalkeeper=True)


def test_3_3_adjustment_is_optional_and_only_for_the_controlling_team():
    s = adjusting()
    refused(s, EAST, "move", NotYourDecision, from_=9, to=11)
    refused(s, WEST, "move", MalformedAction, from_=7, to=4, with_ball=True, count=2)
    s, _ = act(s, WEST, "done")
    assert (decision(s).actor, decision(s).kind) == (WEST, "target")
    refused(s, EAST, "move", NotYourDecision, from_=9, to=11)


def test_3_3_adjustment_after_a_corner_ignores_moves_made_before():
    # West moves a player into east's box freely, then shoots: 4 + 0 = ball value 4, a corner.
    # In the corner setup west may still move two players from the box.
    s = position(west={12: 2, 9: 3, 7: 3, 4: 2}, east={12: 2, 9: 2, 7: 3, 10: 3}, ball=12)
    s, _ = to_stage2(s, 12, 6, 5)
    s.value = 4
    s, _ = act(s, WEST, "move", from_=9, to=12)  # free move: west 3 v 3 in the box
    s, _ = choose(s, WEST, "goal")
    s, events = roll(s, WEST, 4)
    assert find(events, "goal_attempt").data["outcome"] == "corner"
    s, _ = act(s, WEST, "corner", side="north")
    s, _ = act(s, WEST, "setup", layout=[[12, 1], [9, 4], [7, 4]])
    s, _ = act(s, EAST, "setup", layout=[[12, 4], [9, 3], [7, 3]])
    assert decision(s).info["mode"] == "adjust"
    s, _ = act(s, WEST, "move", from_=12, to=9)
    assert s.outfield[0][12] == 0


# -- 2.2 formation change at half time and 4.2.1.3 the end of a half -------------------------------


def at_half_time(**kw):
    s = position(
        west={7: 2, 8: 2, 4: 2, 6: 2, 5: 2},
        east={7: 2, 9: 3, 10: 2, 12: 1, 5: 2},
        minute=45,
        stoppage=3,
        **kw,
    )
    s.score = [1, 0]
    s, events = to_stage2(s, 7, 2, 1)
    assert "half_end" in kinds(events)
    return s


def test_2_2_formation_change_of_one_player_at_half_time():
    s = at_half_time()
    d = {d.actor: d for d in FUBA.pending(s)}
    assert {c.label for c in d[WEST].choices} == {
        "4-4-2", "3-5-2", "3-4-3", "5-3-2", "4-3-3", "5-4-1", "4-5-1",
    }  # fmt: skip
    assert "one player" in refused(s, WEST, "formation", shape="3-3-4")
    assert "one player" in refused(s, WEST, "formation", shape="5-5-0")
    s2, _ = act(s, WEST, "formation", shape="4-4-2")  # no change is fine
    assert s2.formations[0] == [4, 4, 2]
    s, _ = act(s, WEST, "formation", shape="3-5-2")
    assert FUBA.view(s, EAST)["agenda"][0]["picks"][0] == "hidden"
    s, events = act(s, EAST, "formation", shape="4-4-2")
    assert find(events, "formations_revealed").data == {
        "formations": ["3-5-2", "4-4-2"],
        "halftime": True,
    }


def test_2_2_new_formation_counts_in_the_second_half():
    s = at_half_time()
    s, _ = act(s, WEST, "formation", shape="3-5-2")  # five midfielders now
    s, _ = act(s, EAST, "formation", shape="4-4-2")
    s, _ = act(s, EAST, "setup", layout=[[7, 2], [8, 2], [10, 2], [9, 2], [12, 2]])
    s, _ = act(s, WEST, "setup", layout=[[7, 2], [4, 3], [6, 3], [5, 2]])
    s, _ = act(s, EAST, "done")
    s, _ = to_stage2(s, 7, 6, 5)  # east keeps the ball and acts first
    s, _ = choose(s, EAST, "position")
    s, _ = roll(s, EAST, 6, 6)
    s, _ = choose(s, WEST, "move")
    s, events = roll(s, WEST, 1, 1)
    assert find(events, "movement").data["moves"] == 5


def test_4_2_1_3_second_half_kick_off():
    s = at_half_time(west_keeper=5)
    assert s.half == 2 and (s.minute, s.stoppage) == (45, 0)
    assert s.score == [1, 0]
    assert pending_kinds(s) == [(EAST, "formation"), (WEST, "formation")]
    s, _ = act(s, WEST, "formation", shape="4-4-2")
    s, _ = act(s, EAST, "formation", shape="4-4-2")
    # west started the first half with the ball: east starts the second
    assert s.control == 1
    assert (s.ball, s.value) == (7, 2)
    assert "centre" in refused(s, EAST, "setup", layout=[[8, 4], [10, 4], [9, 2]])
    s, _ = act(s, EAST, "setup", layout=[[7, 2], [8, 2], [10, 2], [9, 2], [12, 2]])
    s, _ = act(s, WEST, "setup", layout=WEST_KICKOFF)
    assert s.keeper[0] == 2
    s, _ = act(s, EAST, "done")
    assert (decision(s).actor, decision(s).kind) == (EAST, "target")
    assert s.half == 2 and s.minute == 45


def test_4_2_1_3_end_of_the_match():
    s = position(
        west={7: 2, 8: 2, 4: 2, 6: 2, 5: 2},
        east={7: 2, 9: 3, 10: 2, 12: 1, 5: 2},
        half=2,
        minute=90,
        stoppage=1,
    )
    s, events = to_stage2(s, 7, 6, 6)  # a double in stoppage time: the match ends
    assert kinds(events)[-2:] == ["half_end", "match_end"]
    assert FUBA.is_over(s) and FUBA.pending(s) == []
    assert FUBA.view(s, None)["pending"] == []
    assert "over" in refused(s, WEST, "target", area=7)
    assert "over" in refused(s, EAST, "formation", shape="4-4-2")


@pytest.mark.parametrize("minute", [44, 45])
def test_4_2_1_3_a_half_lasts_at_least_45_minutes(minute):
    s = position(
        west={7: 2, 8: 2, 4: 2, 6: 2, 5: 2},
        east={7: 2, 9: 3, 10: 2, 12: 1, 5: 2},
        minute=minute,
    )
    s, events = to_stage2(s, 7, 2, 1)  # reaches 45 or the first stoppage square
    assert "half_end" not in kinds(events)
    assert s.half == 1
