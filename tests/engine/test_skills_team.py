"""A11 team skills: trained formation change, strength in depth, great condition, fanatic
fans, trained special event, gegenpressing and fiery coach; with them the choice of skills
before the match and the way a skill's cost is paid."""

from __future__ import annotations

import pytest

from engine.core import Event, RulesError
from engine.fuba import FUBA, FubaState
from engine.fuba import match as fuba_match
from tests.engine.adv_scenario import at_action
from tests.engine.scenario import act, choose, decision, find, kinds, refused, roll
from tests.engine.skills_scenario import (
    EAST,
    WEST,
    no_skill,
    play_skill,
    skill_choices,
    skill_events,
)

W, E = 0, 1

# West has the ball in the centre (its midfield zone) at value 3 and picks a target area;
# both 4-4-2 with all their condition points (defence.midfield.attack = 4.4.2).
CENTRE = (
    "4-4-2/4-4-2 g2,2:2,4:2,5:1,7:3,9:2 g12,7:2,8:2,9:2,10:2,12:2 7 3 w h1:10 0-0 target:w "
    "new kick=w turns=1/0 rules=condition{rules} options={{skills=5}} cond={cond}/4.4.2{skills}"
)
# The same players, the ball in east's arc (west's attack zone, entirely in east's half).
ARC = CENTRE.replace(" 7 3 w ", " 9 3 w ")
# East with three in the centre (not entirely in either half) and one in its north wing.
CROWDED_CENTRE = CENTRE.replace("g12,7:2,8:2,", "g12,7:3,8:1,")


def skills_tags(west: tuple[str, ...], east: tuple[str, ...], coach_off: bool = False) -> str:
    """The notation's tags for the teams' skills (none played yet) and a sent-off coach."""
    tags = f" skills={'.'.join(west) or '-'}/{'.'.join(east) or '-'}" if west or east else ""
    return tags + (" coachoff=w" if coach_off else "")


def pos(
    text: str = CENTRE,
    west: tuple[str, ...] = (),
    east: tuple[str, ...] = (),
    *,
    rules: str = "",
    cond: str = "4.4.2",
    coach_off: bool = False,
) -> FubaState:
    """The position ``text`` with west's and east's skills; west's coach maybe sent off."""
    skills = skills_tags(west, east, coach_off)
    return FUBA.from_position(text.format(rules=rules, cond=cond, skills=skills))


def end_turn(s: FubaState) -> tuple[FubaState, list[Event]]:
    """The action stage ends here: a new turn begins with the ball where it is."""
    s = s.clone()
    ev: list[Event] = []
    fuba_match._end_turn(s, ev)
    return s, ev


def keep_in_centre(s: FubaState, *dice: int) -> tuple[FubaState, list[Event]]:
    """West keeps the ball in the centre with the situation dice ``dice``."""
    s, ev = act(s, WEST, "target", area=7)
    s, more = roll(s, WEST, *dice)
    return s, ev + more


# -- choosing skills ----------------------------------------------------------------------


def new_match(n: int, rules: tuple[str, ...] = ("condition",)) -> FubaState:
    s = FUBA.initial({"advanced": list(rules), "skills": n})
    s, _ = act(s, WEST, "formation", shape="4-4-2")
    s, _ = act(s, EAST, "formation", shape="4-4-2")
    return s


def test_skills_are_chosen_secretly_after_the_formation_and_revealed_together():
    s = new_match(3)
    west = next(d for d in FUBA.pending(s) if d.actor == WEST)
    assert west.kind == "skills" and west.secret and west.open_ended
    assert west.info["choices"] == 3
    assert "fanatic_fans" in west.info["double"] and "stopper" not in west.info["double"]
    s, ev = act(s, WEST, "skills", skills=["fanatic_fans", "stopper"])
    assert kinds(ev) == ["skills_chosen"]  # nothing tells which
    assert find(ev, "skills_chosen").data == {"team": W}
    assert s.skills == [{}, {}]  # not in force before the reveal
    assert [d.actor for d in FUBA.pending(s)] == [EAST]
    assert "stopper" not in str(FUBA.view(s, EAST))  # east cannot see west's picks
    assert "stopper" in str(FUBA.view(s, WEST))
    refused(s, WEST, "skills", None, skills=["stopper"])  # once (its wording: test_skills_events)
    s, ev = act(s, EAST, "skills", skills="Shot stopper, Catenaccio")
    revealed = find(ev, "skills_revealed").data["skills"]
    assert revealed == [["fanatic_fans", "stopper"], ["shot_stopper", "catenaccio"]]
    assert "formations_revealed" in kinds(ev)
    assert s.skills == [{"fanatic_fans": 0, "stopper": 0}, {"shot_stopper": 0, "catenaccio": 0}]


def test_a_double_skill_counts_as_two_choices():
    s = new_match(2)
    message = refused(s, WEST, "skills", None, skills=["fanatic_fans", "stopper"])
    assert "3 skill choices" in message and "allows 2" in message
    s, _ = act(s, WEST, "skills", skills=["fanatic_fans"])  # two of two
    s, _ = act(s, EAST, "skills", skills=[])  # fewer are allowed
    assert s.skills == [{"fanatic_fans": 0}, {}]


def test_too_many_unknown_twice_or_off_the_menu_are_refused():
    s = new_match(2, ("condition", "pressing"))
    menu = next(d for d in FUBA.pending(s) if d.actor == WEST).info["menu"]
    assert "tackler" in menu and "sweeper_keeper" not in menu  # no goalkeeper charge
    assert "3 skill choices" in refused(
        s, WEST, "skills", None, skills=["stopper", "tackler", "catenaccio"]
    )
    assert "no skill 'flying_keeper'" in refused(s, WEST, "skills", None, skills=["flying keeper"])
    assert "never matter" in refused(s, WEST, "skills", None, skills=["sweeper_keeper"])
    assert "once" in refused(s, WEST, "skills", None, skills=["stopper", "stopper"])


# -- paying for a skill ---------------------------------------------------------------------


def test_a_skill_is_paid_from_the_balls_zone():
    s, _ = keep_in_centre(pos(west=("fanatic_fans",)), 6, 4)
    s, ev = play_skill(s, WEST, "fanatic_fans")
    assert find(ev, "condition_used").data == {
        "team": W,
        "zone": "midfield",
        "points": 1,
        "for": "skill",
    }
    assert s.condition[W] == [4, 3, 2]


def test_two_points_from_a_zone_next_to_it_the_team_choosing_when_both_can():
    s, _ = keep_in_centre(pos(west=("fanatic_fans",), cond="4.0.2"), 6, 4)
    s, ev = play_skill(s, WEST, "fanatic_fans")
    d = decision(s)
    assert (d.kind, d.actor) == ("pay", WEST)
    assert sorted(c.action.args["zone"] for c in d.choices) == ["attack", "defence"]
    s, ev = act(s, WEST, "pay", zone="attack")
    assert s.condition[W] == [4, 0, 0]
    assert decision(s).kind == "roll"  # then the fans' die
    # only one neighbour has two points: paid from it at once
    s, _ = keep_in_centre(pos(west=("fanatic_fans",), cond="1.0.2"), 6, 4)
    s, _ = play_skill(s, WEST, "fanatic_fans")
    assert s.condition[W] == [1, 0, 0] and decision(s).kind == "roll"


def test_a_skill_the_team_cannot_pay_for_is_not_offered_and_refused():
    s, _ = keep_in_centre(pos(west=("fanatic_fans",), cond="1.0.1"), 6, 4)
    d = decision(s)
    assert (d.kind, d.actor) == ("action", WEST)  # no window: nothing affordable
    assert skill_choices(s, WEST) == {}
    message = refused(s, WEST, "skill", None, name="fanatic_fans")
    assert message == (
        "Fanatic fans costs 1 condition point: you have too few in midfield (or 2 in a zone "
        "next to it)."
    )


# -- fanatic fans ---------------------------------------------------------------------------


def test_fanatic_fans_is_offered_at_the_end_of_the_situation_only():
    s = pos(west=("fanatic_fans",))
    assert skill_choices(s, WEST) == {}
    message = refused(s, WEST, "skill", None, name="fanatic_fans")
    assert "Fanatic fans is played at the end of the situation" in message and "not now" in message
    s, _ = act(s, WEST, "target", area=7)
    assert "not now" in refused(s, WEST, "skill", None, name="fanatic_fans")  # the dice first
    s, _ = roll(s, WEST, 6, 4)
    d = decision(s)
    assert (d.kind, d.actor, d.info["moment"]) == ("skill", WEST, "situation_end")
    assert [c.label for c in d.choices] == ["Fanatic fans (1 point)", "no skill"]
    s, _ = no_skill(s, WEST)
    assert decision(s).kind == "action"
    assert "not now" in refused(s, WEST, "skill", None, name="fanatic_fans")  # too late


def test_fanatic_fans_their_die_is_the_new_ball_value():
    plain, _ = no_skill(keep_in_centre(pos(west=("fanatic_fans",)), 6, 4)[0], WEST)
    assert plain.value == 4
    s, _ = keep_in_centre(pos(west=("fanatic_fans",)), 6, 4)
    s, _ = play_skill(s, WEST, "fanatic_fans")
    assert decision(s).kind == "roll" and decision(s).info["purpose"] == "fans"
    s, ev = roll(s, WEST, 2)
    assert s.value == 2 and s.control == W
    assert skill_events(ev, "fanatic_fans")[0].data["value"] == 2
    assert decision(s).kind == "action"


def test_fanatic_fans_rolling_the_ball_value_gives_a_free_kick_and_a_yellow_card_test():
    s, _ = keep_in_centre(pos(west=("fanatic_fans",)), 6, 4)
    s, _ = play_skill(s, WEST, "fanatic_fans")
    s, ev = roll(s, WEST, 4)
    assert skill_events(ev, "fanatic_fans")[0].data["free_kick"] is True
    assert s.control == E  # east's free kick
    yellow = next(st for st in s.agenda if st["k"] == "roll" and st["for"] == "yellow")
    assert yellow["team"] == W


# -- trained special event --------------------------------------------------------------------


FREE_KICK = ARC.replace("target:w new ", "target:w new:free_kick ")


def shoot(s: FubaState, *dice: int) -> tuple[FubaState, dict[str, object]]:
    """West, first to act, attempts a goal and rolls ``dice``."""
    s, ev = roll(s, WEST, *dice)
    return s, find(ev, "goal_attempt").data


def to_shot(text: str, west: tuple[str, ...] = (), east: tuple[str, ...] = ()) -> FubaState:
    """West keeps the ball in east's arc, acts first and announces a goal attempt."""
    s = pos(text, west, east)
    s, _ = act(s, WEST, "target", area=9)
    s, _ = roll(s, WEST, 6, 5)
    s, _ = choose(s, WEST, "goal")
    return s


def test_trained_special_event_adds_one_to_a_free_kicks_goal_attempt():
    s = to_shot(FREE_KICK, west=("trained_special_event",))
    d = decision(s)
    assert (d.kind, d.info["moment"]) == ("skill", "goal")
    assert [c.label for c in d.choices] == ["Trained special event (1 point)", "no skill"]
    _, plain = shoot(no_skill(s, WEST)[0], 5)
    s, ev = play_skill(s, WEST, "trained_special_event")
    assert s.condition[W] == [4, 4, 1]  # paid in attack
    _, boosted = shoot(s, 5)
    assert boosted["parts"]["trained_special_event"] == 1  # type: ignore[index]
    assert boosted["modifier"] == plain["modifier"] + 1  # type: ignore[operator]


def test_trained_special_event_not_before_the_goal_attempt_is_announced():
    s = pos(FREE_KICK, ("trained_special_event",))
    s, _ = act(s, WEST, "target", area=9)
    s, _ = roll(s, WEST, 6, 5)
    assert decision(s).kind == "action"
    message = refused(s, WEST, "skill", None, name="trained_special_event")
    assert "when you announce a goal attempt" in message and "not now" in message


@pytest.mark.parametrize(
    "key", ["strength_in_depth", "great_condition", "penalty_saver", "tackler", "doubling_up"]
)
def test_skills_that_play_by_themselves_are_never_played_by_hand(key):
    s = at_action(pos(ARC, (key,)))
    message = refused(s, WEST, "skill", None, name=key)
    assert message.endswith("not now.")
    assert skill_choices(s, WEST) == {}


def test_trained_special_event_not_in_a_turn_of_open_play():
    s = to_shot(ARC, west=("trained_special_event",))
    assert decision(s).kind == "roll"  # no window
    assert "not now" in refused(s, WEST, "skill", None, name="trained_special_event")


# -- gegenpressing ---------------------------------------------------------------------------


def east_wins_the_ball(text: str, *dice: int, **kw: object) -> FubaState:
    """East acts first and wins the ball by pressing with ``dice`` (west's value 3)."""
    s = at_action(pos(text, **kw), first=EAST)  # type: ignore[arg-type]
    s, _ = choose(s, EAST, "press")
    s, ev = roll(s, EAST, *dice)
    assert s.control == E, kinds(ev)
    return s


def test_gegenpressing_presses_back_at_once_after_losing_the_ball_in_the_opponents_half():
    s = east_wins_the_ball(ARC, 2, 5, west=("gegenpressing",), rules=",pressing")
    assert s.value == 5
    d = decision(s)
    assert (d.kind, d.actor, d.info["moment"]) == ("skill", WEST, "pressed")
    assert [c.label for c in d.choices] == [
        "Gegenpressing (1 point): press back",
        "Gegenpressing (2 points): press back aggressively",
        "no skill",
    ]
    s, ev = play_skill(s, WEST, "gegenpressing", aggressive=False)
    assert s.condition[W] == [4, 4, 1]
    d = decision(s)
    assert (d.kind, d.actor, d.dice) == ("roll", WEST, 2)
    s, ev = roll(s, WEST, 1, 2)
    assert find(ev, "pressing").data == {"team": W, "success": True, "value": 1}
    assert s.control == W and s.turn["acts"][W] == []  # not one of west's actions


def test_gegenpressing_aggressively_costs_the_pressings_extra_point():
    s = east_wins_the_ball(ARC, 2, 5, west=("gegenpressing",), rules=",pressing")
    s, _ = play_skill(s, WEST, "gegenpressing", aggressive=True)
    assert s.condition[W] == [4, 4, 0]
    s, ev = roll(s, WEST, 5, 6)  # a die equal to the ball value wins it aggressively
    assert find(ev, "aggressive_pressing").data["success"] is True and s.control == W


def test_gegenpressing_not_after_losing_the_ball_outside_the_opponents_half():
    s = east_wins_the_ball(CROWDED_CENTRE, 2, 5, west=("gegenpressing",), rules=",pressing")
    d = decision(s)
    assert (d.kind, d.actor) == ("action", WEST)
    assert "not now" in refused(s, WEST, "skill", None, name="gegenpressing")


# -- great condition ------------------------------------------------------------------------


def move_roll(west: tuple[str, ...], *dice: int) -> FubaState:
    """West, in east's arc (two forwards: at least two moves), rolls for a movement."""
    s = at_action(pos(ARC, west))
    s, _ = choose(s, WEST, "move")
    s, _ = roll(s, WEST, *dice)
    return s


def test_great_condition_paid_higher_die_gives_one_more_move_by_itself():
    plain = move_roll((), 1, 3)
    d = decision(plain)
    assert d.kind == "boost"
    s, _ = act(plain, WEST, "boost", choice="use")
    assert find(_, "movement").data["moves"] == 3
    s = move_roll(("great_condition",), 1, 3)
    s, ev = act(s, WEST, "boost", choice="use")
    assert find(ev, "movement").data["moves"] == 4
    assert len(skill_events(ev, "great_condition")) == 1


def test_great_condition_a_boost_when_the_dice_are_equal():
    assert decision(move_roll((), 3, 3)).kind == "move"  # nothing to pay for
    s = move_roll(("great_condition",), 3, 3)
    assert decision(s).kind == "boost"
    s, ev = act(s, WEST, "boost", choice="use")
    assert find(ev, "movement").data["moves"] == 4
    s = move_roll(("great_condition",), 3, 3)
    s, ev = act(s, WEST, "boost", choice="skip")
    assert find(ev, "movement").data["moves"] == 3 and not skill_events(ev, "great_condition")


# -- fiery coach ----------------------------------------------------------------------------


def boosted_move(*dice: int) -> FubaState:
    """West pays a point for the higher movement die; the fiery coach's window follows."""
    s = move_roll(("fiery_coach", "trained_formation_change"), 1, 3)
    s, _ = act(s, WEST, "boost", choice="use")
    assert s.condition[W] == [4, 4, 1]
    return s


def test_fiery_coach_is_offered_right_after_paying_for_a_boost_only():
    s = at_action(pos(ARC, ("fiery_coach",)))
    assert "not now" in refused(s, WEST, "skill", None, name="fiery_coach")
    s = boosted_move()
    # the window is folded into the moves that follow the paid boost
    assert skill_choices(s, WEST) == {"fiery_coach": [{}]}
    d = next(d for d in FUBA.pending(s) if d.actor == WEST)
    assert "Fiery coach (free)" in [c.label for c in d.choices]
    s, _ = play_skill(s, WEST, "fiery_coach")
    assert decision(s).info["purpose"] == "fiery"


@pytest.mark.parametrize("die", [4, 5, 6])
def test_fiery_coach_gives_the_points_back_on_4_to_6(die):
    s, _ = play_skill(boosted_move(), WEST, "fiery_coach")
    s, ev = roll(s, WEST, die)
    assert s.condition[W] == [4, 4, 2]
    assert skill_events(ev, "fiery_coach")[0].data["points_back"] == 1
    assert not s.coach_off[W]


@pytest.mark.parametrize("die", [2, 3])
def test_fiery_coach_nothing_on_2_or_3(die):
    s, _ = play_skill(boosted_move(), WEST, "fiery_coach")
    s, ev = roll(s, WEST, die)
    assert s.condition[W] == [4, 4, 1] and not s.coach_off[W]


def test_fiery_coach_sent_off_on_a_1_and_then_no_longer_offered():
    s, _ = play_skill(boosted_move(), WEST, "fiery_coach")
    s, ev = roll(s, WEST, 1)
    assert s.coach_off[W] and s.condition[W] == [4, 4, 1]
    assert skill_events(ev, "fiery_coach")[0].data["sent_off"] is True
    assert "coach was sent off" in refused(s, WEST, "skill", None, name="fiery_coach")
    # the next paid boost has no window any more
    s = at_action(pos(ARC, ("fiery_coach",), coach_off=True))
    s, _ = choose(s, WEST, "move")
    s, _ = roll(s, WEST, 1, 3)
    s, _ = act(s, WEST, "boost", choice="use")
    assert skill_choices(s, WEST) == {}
    # and no trained formation change at the end of the action stage
    s, _ = end_turn(pos(west=("trained_formation_change",)))
    assert skill_choices(s, WEST)
    s, _ = end_turn(pos(west=("trained_formation_change",), coach_off=True))
    assert skill_choices(s, WEST) == {}
    assert "coach was sent off" in refused(
        s, WEST, "skill", None, name="trained_formation_change", shape="3-5-2"
    )


def test_fiery_coach_gives_back_the_two_points_paid_from_a_zone_next_to_the_balls():
    s = at_action(pos(ARC, ("fiery_coach",), cond="4.4.0"))
    s, _ = choose(s, WEST, "move")
    s, _ = roll(s, WEST, 1, 3)
    s, _ = act(s, WEST, "boost", choice="use")
    assert s.condition[W] == [4, 2, 0]  # two from midfield: attack had none
    s, _ = play_skill(s, WEST, "fiery_coach")
    s, ev = roll(s, WEST, 6)
    assert s.condition[W] == [4, 4, 0] and s.spent[W] == 0
    assert skill_events(ev, "fiery_coach")[0].data["points_back"] == 2


def test_fiery_coach_after_paying_for_aggressive_pressing_before_its_dice():
    s = at_action(pos(ARC, east=("fiery_coach",), rules=",pressing"), first=EAST)
    s, _ = choose(s, EAST, "aggressive")
    assert s.condition[E] == [3, 4, 2]
    d = decision(s)
    assert (d.kind, d.actor, d.info["moment"]) == ("skill", EAST, "spend")
    assert [c.label for c in d.choices] == ["Fiery coach (free)", "no skill"]
    s, _ = play_skill(s, EAST, "fiery_coach")
    s, _ = roll(s, EAST, 4)
    assert s.condition[E] == [4, 4, 2]
    d = decision(s)
    assert (d.kind, d.actor, d.dice) == ("roll", EAST, 2)  # then the pressing dice


def test_fiery_coach_not_for_points_paid_for_a_skill():
    s, _ = keep_in_centre(pos(west=("fanatic_fans", "fiery_coach")), 6, 4)
    s, _ = play_skill(s, WEST, "fanatic_fans")
    assert s.condition[W] == [4, 3, 2]
    d = decision(s)
    assert (d.kind, d.info["purpose"]) == ("roll", "fans")  # no fiery coach window
    s, _ = roll(s, WEST, 2)
    assert skill_choices(s, WEST) == {}


HALF_TIME = (
    "4-4-2/4-4-2 g2 g12 7 2 - h2:45 1-0 formation:-/-:1 pre kick=w turns=20/0 "
    "rules=condition options={skills=5} cond=2.2.1/2.2.1 skills=fiery_coach/- coachoff=w"
)


def test_a_sent_off_coach_keeps_the_formation_at_half_time():
    s = FUBA.from_position(HALF_TIME)
    assert s.coach_off == [True, False]
    west = next(d for d in FUBA.pending(s) if d.actor == WEST)
    assert [c.action.args["shape"] for c in west.choices] == ["4-4-2"]
    assert "coach was sent off" in refused(s, WEST, "formation", None, shape="5-3-2")
    east = next(d for d in FUBA.pending(s) if d.actor == EAST)
    assert len(east.choices) > 1  # east's coach is still there
    s, _ = act(s, WEST, "formation", shape="4-4-2")


SUBS = CENTRE.replace("h1:10", "h2:50")


def fresh_player(west: tuple[str, ...], *dice: int, coach_off: bool = False) -> list[Event]:
    s = pos(SUBS, west, rules=",substitutions", cond="3.2.2", coach_off=coach_off)
    s, _ = end_turn(s)
    s, _ = act(s, WEST, "substitutions")
    s, _ = act(s, WEST, "substitute", plan="fresh")
    s, _ = act(s, WEST, "substitute", plan="done")
    s, ev = roll(s, WEST, *dice)
    return ev


def test_a_sent_off_coach_adds_two_to_the_fresh_players_dice():
    assert find(fresh_player((), 2, 2), "substitution").data["earned"] == 2  # 40 vs 50
    ev = fresh_player((), 2, 2, coach_off=True)
    assert find(ev, "substitution").data["result"] == 60
    assert find(ev, "substitution").data["earned"] == 1


def test_a_sent_off_coach_allows_no_formation_change_by_substitution():
    s = pos(SUBS, rules=",substitutions", cond="3.2.2", coach_off=True)
    s, _ = end_turn(s)
    s, _ = act(s, WEST, "substitutions")
    assert "coach was sent off" in refused(s, WEST, "substitute", None, plan="d>m")
    s, _ = act(s, WEST, "substitute", plan="fresh")  # a fresh player still comes on


# -- strength in depth ----------------------------------------------------------------------


def test_strength_in_depth_takes_two_off_the_fresh_players_dice_by_itself():
    ev = fresh_player((), 3, 3)
    assert find(ev, "substitution").data["earned"] == 1  # 60 vs minute 50
    ev = fresh_player(("strength_in_depth",), 3, 3)
    assert find(ev, "substitution").data["result"] == 40
    assert find(ev, "substitution").data["earned"] == 2
    assert skill_events(ev, "strength_in_depth")[0].data["dice"] == [3, 3]


def test_strength_in_depth_has_no_window():
    s = pos(SUBS, ("strength_in_depth",), rules=",substitutions", cond="3.2.2")
    s, _ = end_turn(s)
    assert skill_choices(s, WEST) == {}
    assert "not now" in refused(s, WEST, "skill", None, name="strength_in_depth")


# -- trained formation change ---------------------------------------------------------------


def test_trained_formation_change_at_the_end_of_the_action_stage_once_a_match():
    s = pos(west=("trained_formation_change",))
    assert "not now" in refused(
        s, WEST, "skill", None, name="trained_formation_change", shape="3-5-2"
    )
    s, _ = end_turn(s)
    d = decision(s)
    assert (d.kind, d.actor) == ("target", WEST)  # folded into the target decision
    shapes = [a["shape"] for a in skill_choices(s, WEST)["trained_formation_change"]]
    assert "3-5-2" in shapes and "5-4-1" in shapes and "2-6-2" in shapes
    assert "4-4-2" not in shapes and "1-5-4" not in shapes  # three players moved
    label = next(c.label for c in d.choices if c.action.args.get("shape") == "3-5-2")
    assert label == "Trained formation change (free): change to 3-5-2"
    s, ev = play_skill(s, WEST, "trained_formation_change", shape="3-5-2")
    assert s.formations[W] == [3, 5, 2]
    assert skill_events(ev, "trained_formation_change")[0].data["after"] == "3-5-2"
    assert decision(s).kind == "target"
    s, _ = end_turn(s)
    assert skill_choices(s, WEST) == {}
    assert "once a match" in refused(
        s, WEST, "skill", None, name="trained_formation_change", shape="4-4-2"
    )


def test_trained_formation_change_of_the_team_without_the_ball_is_its_own_decision():
    s, _ = end_turn(pos(east=("trained_formation_change",)))
    d = decision(s)
    assert (d.kind, d.actor, d.info["moment"]) == ("skill", EAST, "turn_end")
    s, _ = no_skill(s, EAST)
    assert decision(s).kind == "target" and s.formations[E] == [4, 4, 2]


def test_trained_formation_change_passes_when_the_team_picks_its_target():
    s, _ = end_turn(pos(west=("trained_formation_change",)))
    s, _ = act(s, WEST, "target", area=7)
    assert s.skills[W]["trained_formation_change"] == 0
    assert "not now" in refused(
        s, WEST, "skill", None, name="trained_formation_change", shape="3-5-2"
    )


def test_trained_formation_change_three_players_moved_are_refused():
    s, _ = end_turn(pos(west=("trained_formation_change",)))
    message = refused(s, WEST, "skill", None, name="trained_formation_change", shape="1-5-4")
    assert message.startswith("Trained formation change can be played now only like this:")
    assert "change to 3-5-2" in message and "1-5-4" not in message and "costs" not in message


def test_gegenpressing_aggressively_is_not_offered_without_its_two_points():
    s = east_wins_the_ball(ARC, 2, 5, west=("gegenpressing",), rules=",pressing", cond="4.1.1")
    assert skill_choices(s, WEST) == {"gegenpressing": [{"aggressive": False}]}
    with pytest.raises(RulesError):
        play_skill(s, WEST, "gegenpressing", aggressive=True)


def test_gegenpressing_aggressively_refused_with_its_own_cost():
    s = east_wins_the_ball(ARC, 2, 5, west=("gegenpressing",), rules=",pressing", cond="4.1.1")
    message = refused(s, WEST, "skill", None, name="gegenpressing", aggressive=True)
    assert message == (
        "Gegenpressing costs 2 condition points: you have too few in attack (or 4 in a zone "
        "next to it)."
    )


# West paid one attack point for the higher movement die: its fiery coach's window is open,
# folded into the three moves.
FIERY_WINDOW = (
    "4-4-2/4-4-2 g2,2:2,4:2,5:1,7:3,9:2 g12,7:2,8:2,9:2,10:2,12:2 9 3 w h1:10 0-0 "
    "skill:w:spend:-{paid=[2,1]};moves:w:action:0:3{dribble=true} "
    "actions:normal:1:w:9:move/-:9{seq=1,order=[0,1]} kick=w turns=1/0 rules=condition "
    "options={skills=5} cond=4.4.1/4.4.2 spent=1/0 skills=fiery_coach/-"
)


def test_fiery_coach_from_its_written_window():
    s = FUBA.from_position(FIERY_WINDOW)
    d = decision(s)
    assert (d.kind, d.actor) == ("move", WEST)
    assert "Fiery coach (free)" in [c.label for c in d.choices]
    s, _ = play_skill(s, WEST, "fiery_coach")
    s, _ = roll(s, WEST, 5)
    assert s.condition[W] == [4, 4, 2] and s.spent[W] == 0
    assert "spent=" not in FUBA.position(s) and "skills=fiery_coach:1/-" in FUBA.position(s)
    # any move lets the window pass
    s, _ = act(FUBA.from_position(FIERY_WINDOW), WEST, "move", from_=7, to=8)
    assert skill_choices(s, WEST) == {} and s.skills[W] == {"fiery_coach": 0}
