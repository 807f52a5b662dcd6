"""4.4 goal attempts: the modifier table, outcomes, rebound (4.4.1), difficult attempts (4.4.2),
the goalkeeper out of the box (4.4.3), the six-player cap (1.4.1) and the goal minute (4.2.1.1).

Unless said otherwise, west attacks the east goal (east box 12, east goalkeeper in 12).
"""

from __future__ import annotations

import pytest

from engine.core import Action, MalformedAction, NotYourDecision
from engine.fuba import FUBA
from engine.fuba.board import mirror

from .scenario import (
    EAST,
    WEST,
    assert_illegal,
    choose,
    decision,
    find,
    kinds,
    mirrored,
    position,
    roll,
    to_actions,
)


def shot(state, die: int, side: str = WEST):
    """Choose a goal attempt and roll ``die``."""
    state, _ = choose(state, side, "goal")
    return roll(state, side, die)


def attempt(state, value: int, die: int, side: str = WEST):
    """From stage 1: keep the ball, make ``value`` the ball value, shoot with ``die``."""
    return shot(to_actions(state, value), die, side)


# -- Example: Goal attempt ----------------------------------------------------------------------


def example_position(**kw):
    """The rulebook's example: area 9 (modifier -2), west outnumbers east in the shooting
    area (+1), east has more players in its penalty area (-1), ball value 3."""
    return position(
        west={9: 3, 12: 1, 7: 6},
        east={9: 2, 12: 2, 7: 4, 5: 2},  # east box: 2 + goalkeeper = 3 against 1
        ball=9,
        value=1,
        **kw,
    )


def test_4_4_example_goal_attempt_overall_modifier_is_minus_two():
    state = to_actions(example_position(), 3)
    assert state.value == 3
    assert decision(state).actor == WEST
    _, ev = shot(state, 1)
    attempt_ev = find(ev, "goal_attempt").data
    assert attempt_ev["parts"] == {"area": -2, "shooting_area": 1, "penalty_area": -1}
    assert attempt_ev["modifier"] == -2


@pytest.mark.parametrize(
    ("die", "outcome"),
    [(6, "goal"), (5, "corner"), (4, "rebound"), (3, "miss"), (2, "miss"), (1, "miss")],
)
def test_4_4_example_goal_attempt_each_die(die, outcome):
    """6 scores, 5 is a corner kick, 4 a rebound, 1-3 miss. The example's bracket reads
    "[6-2+4 > 3]"; by the rule text (die + modifiers > ball value, no +4 since the goalkeeper
    is in his box) it is 6 - 2 = 4 > 3, which gives the same outcomes the example states."""
    _, ev = attempt(example_position(), 3, die)
    assert find(ev, "goal_attempt").data["outcome"] == outcome


def test_4_4_goal_restarts_with_a_kickoff_for_the_conceding_team():
    state, ev = attempt(example_position(minute=10), 3, 6)
    assert find(ev, "goal").data == {"team": 0, "score": [1, 0]}
    assert state.score == [1, 0]
    # the scoring team becomes the defending team; kick-off set-up (3.3.1)
    assert state.control == 1
    assert (state.ball, state.value) == (7, 2)
    d = decision(state)
    assert (d.actor, d.kind, d.info["kind"]) == (EAST, "setup", "kickoff")
    # 4.2.1.1 one extra minute after the goal: 10 + 3 (dice 6 and 3) + 1
    assert state.minute == 14


def test_4_4_equal_result_is_a_corner_kick_for_the_shooting_team():
    state, ev = attempt(example_position(minute=10), 3, 5)
    assert "corner_kick" in kinds(ev)
    assert state.control == 0
    assert state.minute == 14  # 4.2.1.1 the corner kick adds a minute
    d = decision(state)
    assert (d.actor, d.kind) == (WEST, "corner")


def test_4_4_miss_gives_the_defending_team_a_goal_kick():
    state, ev = attempt(example_position(minute=10), 3, 3)
    assert "goal_kick" in kinds(ev)
    assert state.control == 1  # the defending team becomes the controlling team
    assert (state.ball, state.value) == (12, 2)
    assert state.minute == 14  # 4.2.1.1 the goal kick adds a minute
    assert state.score == [0, 0]
    d = decision(state)
    assert (d.actor, d.kind, d.info["mode"]) == (EAST, "move", "gk_ct")


def test_4_4_rebound_needs_a_controlling_player_in_the_penalty_area():
    """One less than the ball value without a west player in the box is a miss."""
    base = position(west={9: 3, 7: 7}, east={12: 1, 9: 3, 7: 6}, ball=9, value=1)
    # modifier: area -2, shooting area 3 v 3: 0, box 0 v 2: -1 -> -3; value 2; die 4 -> 1
    _, ev = attempt(base, 2, 4)
    data = find(ev, "goal_attempt").data
    assert data["modifier"] == -3
    assert data["outcome"] == "miss"
    assert "goal_kick" in kinds(ev)


# -- the modifier table -------------------------------------------------------------------------

WEST_AREA_MODIFIERS = [
    (12, True, 0),
    (9, True, -2),
    (11, True, -4),
    (13, True, -4),
    (8, True, -5),
    (10, True, -5),
    (4, False, -6),
    (6, False, -6),
    (7, False, -6),
]


@pytest.mark.parametrize("side", [WEST, EAST])
@pytest.mark.parametrize(("west_area", "keeper_home", "modifier"), WEST_AREA_MODIFIERS)
def test_4_4_area_modifier_table(side, west_area, keeper_home, modifier):
    """The 0/2/4/5/6 row, for both teams (the east team's areas are the mirror images)."""
    if side == WEST:
        area, home, rest = west_area, 12, 5
        keeper = home if keeper_home else 9
        shooters = {area: 2}
        shooters[rest] = shooters.get(rest, 0) + 8
        defenders = {7: 4, 9: 3, 11: 1, 13: 2}
        state = position(west=shooters, east=defenders, ball=area, value=1, east_keeper=keeper)
    else:
        area, home, rest = mirror(west_area), 2, 9
        keeper = home if keeper_home else 5
        shooters = {area: 2}
        shooters[rest] = shooters.get(rest, 0) + 8
        defenders = {7: 4, 5: 3, 3: 1, 1: 2}
        state = position(
            west=defenders, east=shooters, ball=area, value=1, control=EAST, west_keeper=keeper
        )
    _, ev = attempt(state, 3, 1, side)
    assert find(ev, "goal_attempt").data["parts"]["area"] == modifier


def test_4_4_shooting_area_modifier_minus_one_when_outnumbered():
    base = position(west={9: 1, 12: 1, 7: 8}, east={9: 3, 7: 7}, ball=9, value=1)
    _, ev = attempt(base, 3, 1)
    parts = find(ev, "goal_attempt").data["parts"]
    assert parts["shooting_area"] == -1


def test_4_4_no_shooting_area_modifier_when_numbers_are_equal():
    base = position(west={9: 2, 12: 1, 7: 7}, east={9: 2, 7: 8}, ball=9, value=1)
    _, ev = attempt(base, 3, 1)
    assert "shooting_area" not in find(ev, "goal_attempt").data["parts"]


def test_4_4_no_shooting_area_modifier_from_the_penalty_area():
    """Footnote [1]: from the penalty area only the penalty-area comparison counts."""
    base = position(west={12: 3, 9: 7}, east={12: 1, 9: 9}, ball=12, value=1)
    _, ev = attempt(base, 3, 1)
    data = find(ev, "goal_attempt").data
    assert data["parts"] == {"area": 0, "penalty_area": 1}  # 3 against 1 + goalkeeper
    assert data["modifier"] == 1


def test_4_4_defending_goalkeeper_counts_in_the_penalty_area_comparison():
    """Design decision 8: the passive team's goalkeeper counts (only the rebound excludes him)."""
    # east's defender in 13 is its second-closest player: west's box players are onside
    level = position(west={9: 2, 12: 1, 7: 7}, east={9: 2, 13: 1, 7: 7}, ball=9, value=1)
    _, ev = attempt(level, 3, 1)
    assert "penalty_area" not in find(ev, "goal_attempt").data["parts"]  # 1 against keeper
    more = position(west={9: 2, 12: 2, 7: 6}, east={9: 2, 13: 1, 7: 7}, ball=9, value=1)
    _, ev = attempt(more, 3, 1)
    assert find(ev, "goal_attempt").data["parts"]["penalty_area"] == 1


def test_4_4_offside_players_do_not_count_in_the_penalty_area():
    """Footnote [2]: east's second-closest player is in area 9, so west's two players in the
    box are offside (the ball is in 9) and count as none: east's goalkeeper outnumbers them."""
    base = position(west={9: 3, 12: 2, 7: 5}, east={9: 2, 7: 8}, ball=9, value=1)
    _, ev = attempt(base, 3, 1)
    assert find(ev, "goal_attempt").data["parts"]["penalty_area"] == -1


def test_4_4_3_goalkeeper_out_of_the_box_adds_four():
    base = position(west={9: 2, 7: 8}, east={9: 2, 7: 8}, ball=9, value=1, east_keeper=11)
    _, ev = attempt(base, 3, 1)
    parts = find(ev, "goal_attempt").data["parts"]
    assert parts == {"area": -2, "keeper_out": 4}  # nobody in the box on either side


def test_1_4_1_six_player_cap_in_the_shooting_area():
    """Seven against six counts as six against six: no shooting-area modifier."""
    base = position(west={9: 7, 7: 3}, east={9: 6, 7: 4}, ball=9, value=1)
    _, ev = attempt(base, 3, 1)
    parts = find(ev, "goal_attempt").data["parts"]
    assert "shooting_area" not in parts
    assert parts["penalty_area"] == -1  # 0 against the goalkeeper


def test_1_4_1_six_player_cap_in_the_penalty_area():
    """Seven west players count as six, against five defenders and the goalkeeper."""
    base = position(west={12: 7, 9: 3}, east={12: 5, 9: 5}, ball=12, value=1)
    _, ev = attempt(base, 3, 1)
    assert "penalty_area" not in find(ev, "goal_attempt").data["parts"]


# -- who may shoot, and from where --------------------------------------------------------------


def test_4_4_only_the_controlling_team_may_attempt_a_goal():
    # stage-1 value 2 (east outnumbers in 9), low die 1: east acts first without the ball
    base = position(west={9: 2, 12: 1, 7: 7}, east={9: 3, 7: 7}, ball=9, value=1)
    state = to_actions(base, 1)
    d = decision(state)
    assert d.actor == EAST
    assert "goal" not in [c.action.args.get("kind") for c in d.choices]
    assert_illegal(state, EAST, "action", "Only the team with the ball", kind="goal")


def test_4_4_no_goal_attempt_from_the_centre_with_the_goalkeeper_home():
    base = position(west={7: 6, 8: 4}, east={7: 4, 9: 6}, ball=7, value=1)
    state = to_actions(base, 3)
    assert "goal" not in [c.action.args.get("kind") for c in decision(state).choices]
    assert_illegal(state, WEST, "action", "cannot shoot from area 7", kind="goal")


@pytest.mark.parametrize("area", [4, 6, 7])
def test_4_4_3_goalkeeper_out_allows_attempts_from_the_halfway_areas(area):
    layout = {area: 2, 5: 8}
    home = position(west=layout, east={7: 2, 9: 8}, ball=area, value=1)
    state = to_actions(home, 3)
    assert_illegal(state, WEST, "action", f"cannot shoot from area {area}", kind="goal")
    out = position(west=layout, east={7: 2, 9: 8}, ball=area, value=1, east_keeper=9)
    state = to_actions(out, 3)
    assert "goal" in [c.action.args.get("kind") for c in decision(state).choices]
    _, ev = shot(state, 1)
    assert find(ev, "goal_attempt").data["area"] == area


@pytest.mark.parametrize("area", [8, 10, 7])
def test_4_4_3_goalkeeper_out_mirrored_for_the_east_team(area):
    out = position(
        west={7: 2, 5: 8},
        east={area: 2, 9: 8},
        ball=area,
        value=1,
        control=EAST,
        west_keeper=5,
    )
    _, ev = attempt(out, 3, 1, EAST)
    assert find(ev, "goal_attempt").data["parts"]["area"] == -6
    assert find(ev, "goal_attempt").data["parts"]["keeper_out"] == 4


def test_4_4_3_never_from_the_own_half_beyond_the_halfway_areas():
    base = position(west={5: 2, 7: 8}, east={7: 2, 9: 8}, ball=5, value=1, east_keeper=9)
    state = to_actions(base, 3)
    assert_illegal(state, WEST, "action", "cannot shoot from area 5", kind="goal")


def test_4_4_choosing_a_goal_attempt_leaves_the_earlier_state_untouched():
    """apply is pure: the state a goal attempt was chosen on still offers it (a retry, a
    what-if, FUBA.problem) and is unchanged."""
    state = to_actions(example_position(), 3)
    before = FUBA.to_json(state)
    choose(state, WEST, "goal")
    assert FUBA.problem(state, Action(WEST, "action", {"kind": "goal"})) is None
    assert FUBA.to_json(state) == before
    again, _ = choose(state, WEST, "goal")
    assert decision(again).dice == 1


def test_4_4_goal_die_is_rolled_by_the_shooter_and_must_be_a_die():
    state, _ = choose(to_actions(example_position(), 3), WEST, "goal")
    assert decision(state).dice == 1
    assert_illegal(state, EAST, "roll", "not your decision", dice=[6])
    assert_illegal(state, WEST, "roll", "1 to 6", dice=[7])
    assert_illegal(state, WEST, "roll", "exactly 1 die", dice=[6, 6])
    with pytest.raises(NotYourDecision):
        roll(state, EAST, 6)
    with pytest.raises(MalformedAction):
        roll(state, WEST, 0)


# -- 4.4.1 rebound ------------------------------------------------------------------------------


def rebound_position(**kw):
    """Shot from the box: area 0, box 2 v (1 + goalkeeper) = 0; value 4, so a 3 rebounds.
    Rebound scores: west die + 2, east die + 1 (the goalkeeper does not count)."""
    base = position(west={12: 2, 9: 3, 7: 5}, east={12: 1, 9: 3, 7: 6}, ball=12, value=1, **kw)
    state, ev = attempt(base, 4, 3)
    assert find(ev, "goal_attempt").data["outcome"] == "rebound"
    return state


def test_4_4_1_rebound_both_teams_roll():
    state = rebound_position()
    assert sorted(d.actor for d in FUBA.pending(state)) == [EAST, WEST]
    assert all(d.dice == 1 for d in FUBA.pending(state))
    after_west, _ = roll(state, WEST, 4)
    assert [d.actor for d in FUBA.pending(after_west)] == [EAST]
    assert_illegal(after_west, WEST, "roll", "already rolled", dice=[4])


def test_4_4_1_rebound_higher_controlling_result_scores():
    state = rebound_position()
    state, _ = roll(state, WEST, 4)  # 4 + 2 = 6
    state, ev = roll(state, EAST, 4)  # 4 + 1 = 5
    assert find(ev, "rebound").data["scores"] == [6, 5]
    assert state.score == [1, 0]
    assert decision(state).info["kind"] == "kickoff"


def test_4_4_1_rebound_equal_is_a_corner_and_the_goalkeeper_does_not_count():
    """West 2 + 2 = 4, east 3 + 1 = 4 (with the goalkeeper it would be 5 and east would win)."""
    state = rebound_position()
    state, _ = roll(state, WEST, 2)
    state, ev = roll(state, EAST, 3)
    assert find(ev, "rebound").data["scores"] == [4, 4]
    assert "corner_kick" in kinds(ev)
    assert state.control == 0
    assert decision(state).kind == "corner"


def test_4_4_1_rebound_lost_defending_team_takes_the_ball_with_the_shooters_die_as_value():
    """The new ball value is the die of the new defending team: the shooters' die (1), not
    the winners' (5)."""
    state = rebound_position()
    state, _ = roll(state, EAST, 5)  # 5 + 1 = 6
    state, ev = roll(state, WEST, 1)  # 1 + 2 = 3
    assert find(ev, "rebound").data["scores"] == [3, 6]
    assert state.control == 1
    assert state.value == 1
    assert find(ev, "ball_value").data["value"] == 1
    assert state.score == [0, 0]
    assert state.ball == 12  # design decision 8: the ball stays in the box, play continues
    assert "goal_kick" not in kinds(ev)
    # the shot was west's first action: east now plays its first action, with the ball
    d = decision(state)
    assert (d.actor, d.kind) == (EAST, "action")
    offered = [c.action.args.get("kind") for c in d.choices]
    assert "press" not in offered  # east controls the ball now


def test_4_4_1_rebound_lost_after_a_shot_from_the_arc_leaves_the_ball_in_the_box():
    """Design decision 8: the rebound is played in the box, and the ball stays there."""
    state, ev = attempt(example_position(), 3, 4)
    assert find(ev, "goal_attempt").data["outcome"] == "rebound"
    state, _ = roll(state, WEST, 1)  # 1 + 1
    state, ev = roll(state, EAST, 3)  # 3 + 2
    assert find(ev, "rebound").data["scores"] == [2, 5]
    assert (state.control, state.value, state.ball) == (1, 1, 12)  # west rolled the 1
    assert decision(state).actor == EAST


def test_4_4_1_issue_example_lost_rebound_value_is_the_shooters_die():
    """West shoots from 12 and gets a rebound; west rolls 4, east 5, two players each in the box
    (6 v 7): east takes the ball in 12 with ball value 4, west's die."""
    base = position(west={12: 2, 9: 3, 7: 5}, east={12: 2, 9: 3, 7: 5}, ball=12, value=1)
    # box 2 v (2 + goalkeeper): -1; value 4, die 4 -> 3, one less: rebound
    state, ev = attempt(base, 4, 4)
    assert find(ev, "goal_attempt").data["outcome"] == "rebound"
    state, _ = roll(state, WEST, 4)
    state, ev = roll(state, EAST, 5)
    assert find(ev, "rebound").data["scores"] == [6, 7]
    assert (state.control, state.ball, state.value) == (1, 12, 4)
    assert state.score == [0, 0]
    assert decision(state).actor == EAST


def test_4_4_1_east_loses_a_rebound_in_the_west_box_west_gets_easts_die():
    """The mirror: east shoots into the west box and loses the rebound; west takes the ball in
    area 2 with east's die as the value."""
    base = position(
        west=mirrored({12: 2, 9: 3, 7: 5}),
        east=mirrored({12: 2, 9: 3, 7: 5}),
        ball=2,
        value=1,
        control=EAST,
    )
    state, ev = attempt(base, 4, 4, side=EAST)
    assert find(ev, "goal_attempt").data["outcome"] == "rebound"
    state, _ = roll(state, EAST, 3)  # 3 + 2 = 5
    state, ev = roll(state, WEST, 6)  # 6 + 2 = 8
    assert find(ev, "rebound").data["scores"] == [8, 5]
    assert (state.control, state.ball, state.value) == (0, 2, 3)


def test_1_4_1_six_player_cap_in_the_rebound():
    """Eight west players in the box count as six: 1 + 6 = 7 against 6 + 1 = 7, a corner."""
    base = position(west={12: 8, 9: 2}, east={12: 1, 9: 9}, ball=12, value=1)
    # box: 6 (capped) against 1 + goalkeeper: +1; value 5; die 3 -> 4, one less: rebound
    state, ev = attempt(base, 5, 3)
    assert find(ev, "goal_attempt").data["outcome"] == "rebound"
    state, _ = roll(state, WEST, 1)
    state, ev = roll(state, EAST, 6)
    assert find(ev, "rebound").data["scores"] == [7, 7]
    assert "corner_kick" in kinds(ev)


# -- 4.4.2 difficult goal attempt ---------------------------------------------------------------

# West shooting positions where the die needed is over six, keyed by the shooting area.
DIFFICULT = {
    # area -2, shooting 2 v 2, box 1 v 1 + keeper: -3; value 4 needs 8
    9: (dict(west={9: 2, 12: 1, 7: 7}, east={9: 2, 12: 1, 7: 7}), 4),
    # area -5, shooting 2 v 2, box 0 v keeper: -6; value 2 needs 9
    8: (dict(west={8: 2, 7: 8}, east={8: 2, 7: 5, 9: 3}), 2),
    # goalkeeper out: area -6 + 4, shooting 2 v 2, box 0 v 0: -2; value 4 needs 7
    7: (dict(west={7: 2, 5: 8}, east={7: 2, 9: 8}, east_keeper=9), 4),
    # box: area 0, 2 v 3 + keeper: -1; value 5 needs 7
    12: (dict(west={12: 2, 9: 8}, east={12: 3, 9: 7}), 5),
}


def difficult(area: int, **kw):
    layout, value = DIFFICULT[area]
    base = position(ball=area, value=1, **layout, **kw)
    state, ev = attempt(base, value, 6)
    data = find(ev, "goal_attempt").data
    assert data["outcome"] == "second_roll", data
    return state


@pytest.mark.parametrize(
    ("area", "second", "outcome"),
    [
        (9, 3, "goal"),
        (9, 2, "corner"),
        (9, 1, "miss"),
        (8, 6, "goal"),
        (8, 5, "corner"),
        (8, 4, "miss"),
        (7, 6, "corner"),  # from a -6 area a difficult attempt can never score
        (7, 5, "miss"),
        (12, 1, "goal"),  # area modifier 0: any second roll scores
    ],
)
def test_4_4_2_difficult_attempt_second_roll(area, second, outcome):
    state = difficult(area)
    d = decision(state)
    assert (d.actor, d.dice) == (WEST, 1)
    state, ev = roll(state, WEST, second)
    assert find(ev, "difficult_attempt").data["outcome"] == outcome
    expected_event = {"goal": "goal", "corner": "corner_kick", "miss": "goal_kick"}[outcome]
    assert expected_event in kinds(ev)
    # a goal: the conceding east team kicks off; a miss: east's goal kick
    assert state.control == (0 if outcome == "corner" else 1)


def test_4_4_2_difficult_attempt_second_roll_higher_than_area_modifier_scores():
    state, _ = roll(difficult(9), WEST, 3)
    assert state.score == [1, 0]


def test_4_4_2_difficult_attempt_second_roll_equal_area_modifier_is_corner():
    state, ev = roll(difficult(9), WEST, 2)
    assert "corner_kick" in kinds(ev)
    assert state.score == [0, 0]
    assert decision(state).kind == "corner"


def test_4_4_2_difficult_attempt_second_roll_lower_is_a_miss_and_goal_kick():
    state, ev = roll(difficult(9), WEST, 1)
    assert "goal_kick" in kinds(ev)
    assert (state.control, state.ball, state.value) == (1, 12, 2)


def test_4_4_2_difficult_attempt_first_die_below_six_follows_the_normal_rules():
    layout, value = DIFFICULT[9]
    base = position(ball=9, value=1, **layout)
    _, ev = attempt(base, value, 5)  # 5 - 3 = 2 against 4: a miss
    data = find(ev, "goal_attempt").data
    assert (data["modifier"], data["outcome"]) == (-3, "miss")
    assert "goal_kick" in kinds(ev)


def test_4_4_2_difficult_attempt_five_can_still_rebound():
    """Value 6 from the box with modifier 0 needs a 7; a 5 is one less: a rebound (4.4)."""
    base = position(west={12: 2, 9: 8}, east={12: 1, 9: 9}, ball=12, value=1)
    _, ev = attempt(base, 6, 5)
    data = find(ev, "goal_attempt").data
    assert data["modifier"] == 0
    assert data["outcome"] == "rebound"


def test_4_4_2_first_six_always_rolls_again_even_where_it_would_be_a_corner():
    """Design decision 8: needing a 7, a 6 equals the ball value (a corner by 4.4) but leads to
    the second roll; from the box (modifier 0) any second roll scores."""
    base = position(west={12: 2, 9: 8}, east={12: 1, 9: 9}, ball=12, value=1)
    state, ev = attempt(base, 6, 6)
    assert find(ev, "goal_attempt").data["outcome"] == "second_roll"
    assert "corner_kick" not in kinds(ev)
    state, ev = roll(state, WEST, 1)
    assert state.score == [1, 0]


def test_4_4_2_six_needed_is_not_a_difficult_attempt():
    """In the rulebook example a 6 is enough: it scores at once, no second roll."""
    state, ev = attempt(example_position(), 3, 6)
    assert "goal" in kinds(ev)
    assert "difficult_attempt" not in kinds(ev)
    assert state.score == [1, 0]


# -- 4.2.1.1 the goal minute --------------------------------------------------------------------


def test_4_2_1_1_goal_at_minute_45_moves_the_marker_to_the_first_stoppage_square():
    # 42 + 3 (dice 6 and 3) = 45; the goal's extra minute would pass 45: it stops on +1
    state, ev = attempt(example_position(minute=42), 3, 6)
    assert (state.minute, state.stoppage) == (45, 1)
    assert find(ev, "time").data["reason"] == "goal"


def test_4_2_1_1_no_extra_minute_for_a_goal_in_stoppage_time():
    # stoppage +1: dice 6 and 3 differ by 3 >= 1, the marker moves one square to +2
    state, ev = attempt(example_position(minute=45, stoppage=1), 3, 6)
    assert state.score == [1, 0]
    assert (state.minute, state.stoppage) == (45, 2)
    assert "time" not in kinds(ev)
