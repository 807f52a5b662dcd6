"""Worked cases the rulebook's wording of the midfielder and forward skills implies (A11),
each pinned with scripted dice from a written position."""

from __future__ import annotations

from engine.fuba import FubaState
from engine.fuba.board import DIST
from tests.engine.adv_scenario import at_action
from tests.engine.scenario import act, choose, find, kinds, refused, roll
from tests.engine.skills_scenario import (
    EAST,
    WEST,
    no_skill,
    play_skill,
    skill_choices,
    skill_events,
)
from tests.engine.test_skills_forwards import F_EAST, F_WEST, T_EAST, T_WEST, shooting
from tests.engine.test_skills_midfielders import B_WEST, not_now, situation, start, the

# A corner kick for West from the north-east corner spot 16: the taker on the spot, the
# others around the centre and one in east's arc.
CORNER_WEST = "g2,4:2,5:2,6:2,7:1,8:1,9:1,16:1"


def target_values(s: FubaState) -> dict[int, int]:
    return {
        c.action.args["area"]: c.info["ball_value"]
        for c in the(s).choices
        if c.action.kind == "target"
    }


def test_crossing_from_a_corner_kick():
    plain = start(16, 3, west=CORNER_WEST, kind="new:corner")
    before = target_values(plain)
    s = start(16, 3, west=CORNER_WEST, kind="new:corner", ws=["crossing"])
    assert skill_choices(s, WEST) == {"crossing": [{}]}
    s, ev = play_skill(s, WEST, "crossing")
    assert s.condition[0] == [4, 4, 1]  # the corner spot lies in west's attack zone
    after = target_values(s)
    long = [a for a in before if DIST[16][a] >= 2]
    assert long and all(after[a] == before[a] - 1 for a in long)
    assert after[11] == before[11]  # the corner area next to the spot: no long pass
    s, ev = act(s, WEST, "target", area=12)
    assert find(ev, "target").data["value"] == before[12] - 1


def test_crossing_at_a_corner_kick_won_by_a_goal_attempt():
    s = shooting(["crossing"])
    s, ev = roll(s, WEST, 4)  # a corner
    assert "corner_kick" in kinds(ev) and not skill_choices(s, WEST)
    s, _ = act(s, WEST, "corner", side="north")
    while the(s).kind != "target":  # the corner's setup: the first suggestion each time
        assert not skill_choices(s, WEST)
        s, _ = act(s, the(s).actor, the(s).kind, **the(s).choices[0].action.args)
    assert s.ball == 16 and skill_choices(s, WEST) == {"crossing": [{}]}
    before = target_values(s)
    s, _ = play_skill(s, WEST, "crossing")
    after = target_values(s)
    assert all(after[a] == before[a] - (DIST[16][a] >= 2) for a in before)


def test_crossing_a_free_kick_from_a_midfield_side_area_but_not_from_the_centre():
    s = start(8, 3, kind="new:free_kick", ws=["crossing"])
    assert skill_choices(s, WEST) == {"crossing": [{}]}
    s = start(7, 3, kind="new:free_kick", ws=["crossing"])
    assert not skill_choices(s, WEST)


def test_creative_midfielder_from_the_midfield_into_the_attack_zone_but_not_after_a_long_pass():
    s = start(7, 3, ws=["creative_midfielder"])
    into_attack, _ = situation(s, 9, 6, 5)  # 7 -> 9, next to each other
    into_attack, _ = act(into_attack, WEST, "bring", from_=8)
    assert "creative_midfielder" in skill_choices(into_attack, WEST)
    long, _ = situation(s, 11, 6, 5)  # 7 -> 11 over 8 or 9: a long pass
    assert not skill_choices(long, WEST)
    not_now(long, WEST, "creative_midfielder")


def test_creative_midfielder_only_when_the_start_area_is_in_the_midfield_zone():
    s = start(5, 3, ws=["creative_midfielder"])  # west's arc: its defence zone
    s, ev = situation(s, 7, 6, 5)
    assert find(ev, "control").data["kept"] is True
    assert not skill_choices(s, WEST)


def test_midfield_general_both_teams_have_it_only_the_defending_team_may():
    s = start(7, 3, ws=["midfield_general"], es=["midfield_general"])
    s, _ = situation(s, 8, 6, 5)  # west keeps the ball in 8, a midfield area for both
    assert not skill_choices(s, WEST) and "midfield_general" in skill_choices(s, EAST)
    s, _ = no_skill(s, EAST)  # declined: west still may not
    assert the(s).actor == WEST and the(s).kind == "action"
    not_now(s, WEST, "midfield_general")


def test_midfield_general_the_team_that_lost_the_ball_defends_now():
    # West loses the ball in 8: east has it, so west is the defending team and may play it
    east = "g12,5:2,7:2,8:2,9:1,10:2,12:1"
    s = start(7, 3, east=east, ws=["midfield_general"], es=["midfield_general"])
    s, ev = situation(s, 8, 1, 2)
    assert find(ev, "control").data["kept"] is False and s.control == 1
    assert not skill_choices(s, EAST) and "midfield_general" in skill_choices(s, WEST)


def test_midfield_general_the_opponents_general_lost_to_an_injured_star_does_not_block():
    s = start(7, 3, ws=["midfield_general"], es=["midfield_general:lost"])
    s, _ = situation(s, 8, 6, 5)
    assert skill_choices(s, WEST) == {"midfield_general": [{}]}
    s, ev = play_skill(s, WEST, "midfield_general")
    assert the(s).actor == EAST and the(s).kind == "action"


def test_target_man_does_not_count_for_free_movements():
    # two west forwards in east's arc 9 against three defenders
    s = start(7, 3, west="g2,4:2,5:2,6:2,7:2,9:2", ws=["target_man"])
    s, ev = situation(s, 9, 6, 5)
    assert find(ev, "order").data["first"] == 0
    s, _ = play_skill(s, WEST, "target_man")
    assert "No free movement" in refused(s, WEST, "move", from_=9, to=11)  # still 2 v 3
    s, _ = choose(s, WEST, "position")
    s, ev = roll(s, WEST, 6, 6)
    while the(s).kind == "boost":
        s, _ = act(s, WEST, "boost", choice="skip")
    assert the(s).actor == EAST
    s, ev = act(s, EAST, "move", from_=9, to=10)  # east still outnumbers west in 9
    assert find(ev, "move").data["to"] == 10


def test_target_man_does_not_count_for_goal_attempts():
    s = start(7, 3, west=T_WEST, east=T_EAST, ws=["target_man"])
    s, _ = situation(s, 9, 6, 5)
    s, _ = play_skill(s, WEST, "target_man")
    s, _ = choose(s, WEST, "goal")
    s, ev = roll(s, WEST, 6)
    assert find(ev, "goal_attempt").data["parts"]["shooting_area"] == -1  # one against two


def test_aggressive_striker_a_plain_2_fouls_even_with_a_clinical_finisher():
    s = shooting(["clinical_finisher", "aggressive_striker"])
    s, _ = play_skill(s, WEST, "clinical_finisher")
    assert skill_choices(s, WEST) == {"aggressive_striker": [{}]}  # the window stays open
    s, _ = play_skill(s, WEST, "aggressive_striker")
    assert s.condition[0] == [4, 4, 0]
    s, ev = roll(s, WEST, 2)  # 4 with both modifiers, but a plain 2
    assert "goal_attempt" not in kinds(ev) and "yellow_card" in kinds(ev)
    s2 = shooting(["clinical_finisher", "aggressive_striker"])
    s2, _ = play_skill(s2, WEST, "clinical_finisher")
    s2, _ = play_skill(s2, WEST, "aggressive_striker")
    s2, ev = roll(s2, WEST, 3)
    attempt = find(ev, "goal_attempt").data
    assert attempt["modifier"] == 1 and attempt["outcome"] == "goal"


def test_goal_poacher_a_roll_equal_to_the_value_is_enough():
    s = start(7, 3, west=F_WEST, east=F_EAST, ws=["goal_poacher"])
    s, _ = situation(s, 12, 6, 2)  # the new value is 6
    s, _ = play_skill(s, WEST, "goal_poacher")
    s, ev = roll(s, WEST, 6)
    assert skill_events(ev, "goal_poacher")[0].data["first"] is True
    assert the(s).actor == WEST


def test_il_mediano_the_second_action_moves_the_value_at_most_two_steps():
    s = at_action(start(7, 2, es=["il_mediano"]), WEST)
    s, _ = choose(s, WEST, "position")
    s, _ = roll(s, WEST, 6, 6)
    while the(s).kind == "boost":
        s, _ = act(s, WEST, "boost", choice="skip")
    s, _ = choose(s, EAST, "position")
    s, _ = roll(s, EAST, 1, 1)
    while the(s).kind == "boost":
        s, _ = act(s, EAST, "boost", choice="skip")
    s, _ = act(s, WEST, "continue", choice="second")
    s, _ = choose(s, WEST, "move")
    s, _ = roll(s, WEST, 1, 1)
    while the(s).kind == "move":
        s, _ = act(s, WEST, "done")
    s, _ = play_skill(s, EAST, "il_mediano")
    s, _ = choose(s, EAST, "position")
    value = s.value
    s, ev = roll(s, EAST, 6, 6)  # two steps already: the extra one does not count
    assert the(s).kind != "boost"  # nothing left to pay for
    assert find(ev, "positioning").data == {"team": 1, "from": value, "to": value + 2}


def test_regista_the_defending_team_may_not_move_freely_into_the_target_either():
    s = start(7, 3, west=B_WEST, east="g12,5:2,7:2,9:1,10:3,11:1,12:1", ws=["regista"])
    s, ev = situation(s, 9, 6, 2)  # kept in 9; east acts first (2 is below the value)
    assert find(ev, "order").data["first"] == 1
    assert the(s).kind == "bring"
    s, _ = act(s, WEST, "bring", from_=8)
    plain, _ = no_skill(s, WEST)
    plain, ev = act(plain, EAST, "move", from_=10, to=9)  # three against none in 10
    assert find(ev, "move").data["to"] == 9
    s, _ = play_skill(s, WEST, "regista")
    assert "Regista" in refused(s, EAST, "move", from_=10, to=9)
