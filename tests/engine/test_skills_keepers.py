"""A11 goalkeeper skills: sweeper keeper, creative goalkeeper, shot stopper, penalty saver,
leading goalkeeper and advancing goalkeeper, each at its moment and with its effect."""

from __future__ import annotations

import pytest

from engine.core import Event, MalformedAction, RulesError
from engine.fuba import FUBA, FubaState
from engine.fuba import match as fuba_match
from tests.engine.scenario import (
    act,
    choose,
    decision,
    find,
    kinds,
    refused,
    roll,
    with_free_kick,
    with_penalty,
)
from tests.engine.skills_scenario import (
    EAST,
    WEST,
    no_skill,
    play_skill,
    skill_choices,
    skill_events,
)

W, E = 0, 1

# West (4-4-2) has the ball in east's arc 9 at value 3, with two players there and three in
# the centre; east (4-4-2) has its keeper and two players in its box 12 and two in the arc.
ARC = (
    "4-4-2/4-4-2 g2,2:2,4:2,5:1,7:3,9:2 g{keeper},7:2,8:2,9:2,10:2,12:2 {ball} 3 w h1:10 0-0 "
    "target:w new{kind} kick=w turns=1/0 rules=condition{rules} options={{skills=5}} "
    "cond=4.4.2/{cond}{skills}"
)


def skills_tags(west: tuple[str, ...], east: tuple[str, ...]) -> str:
    """The notation's tag for the teams' skills (none played yet)."""
    return f" skills={'.'.join(west) or '-'}/{'.'.join(east) or '-'}" if west or east else ""


def pos(
    west: tuple[str, ...] = (),
    east: tuple[str, ...] = (),
    *,
    ball: int = 9,
    keeper: int = 12,
    kind: str = "",
    rules: str = ",charge",
    cond: str = "4.4.2",
) -> FubaState:
    skills = skills_tags(west, east)
    text = ARC.format(ball=ball, keeper=keeper, kind=kind, rules=rules, cond=cond, skills=skills)
    return FUBA.from_position(text)


def end_turn(s: FubaState) -> tuple[FubaState, list[Event]]:
    """The action stage ends here: a new turn begins with the ball where it is."""
    s = s.clone()
    ev: list[Event] = []
    fuba_match._end_turn(s, ev)
    return s, ev


def to_shot(s: FubaState, charge: str | None = None) -> FubaState:
    """West plays within east's arc (east's keeper ``charge``s when it may), keeps the ball,
    acts first and announces a goal attempt."""
    s, _ = act(s, WEST, "target", area=9)
    if charge:
        s, _ = act(s, EAST, "charge", choice=charge)
    s, _ = roll(s, WEST, 6, 5)
    s, _ = choose(s, WEST, "goal")
    return s


def shot(s: FubaState, *dice: int) -> dict[str, object]:
    s, ev = roll(s, WEST, *dice)
    return find(ev, "goal_attempt").data


# -- sweeper keeper -------------------------------------------------------------------------


def test_sweeper_keeper_is_offered_with_the_charge_and_adds_two():
    s = pos(east=("sweeper_keeper",))
    assert "not your decision" in refused(s, EAST, "skill", None, name="sweeper_keeper")
    s, _ = act(s, WEST, "target", area=12)  # value 4 into east's box
    d = decision(s)
    assert (d.kind, d.actor) == ("charge", EAST)  # the window is folded into the charge
    assert [c.label for c in d.choices][-1] == "Sweeper keeper (1 point)"
    s, ev = play_skill(s, EAST, "sweeper_keeper")
    assert s.condition[E] == [3, 4, 2]  # paid in east's defence zone
    d = decision(s)
    assert d.kind == "charge" and skill_choices(s, EAST) == {}
    s, ev = act(s, EAST, "charge", choice="charge")
    assert s.value == 6 and find(ev, "goalkeeper_charge").data["value"] == 6


def test_sweeper_keeper_a_plain_charge_adds_one():
    s, _ = act(pos(east=("sweeper_keeper",)), WEST, "target", area=12)
    s, ev = act(s, EAST, "charge", choice="charge")  # the window passes
    assert s.value == 5 and s.condition[E] == [4, 4, 2]
    assert not skill_events(ev, "sweeper_keeper")


def test_sweeper_keeper_no_window_without_a_charge():
    s, _ = act(pos(east=("sweeper_keeper",)), WEST, "target", area=9)  # not into the box
    assert decision(s).kind == "roll"
    assert "not your decision" in refused(s, EAST, "skill", None, name="sweeper_keeper")


# -- creative goalkeeper ----------------------------------------------------------------------


def test_creative_goalkeeper_moves_a_player_before_the_target_area():
    s, _ = end_turn(pos(west=("creative_goalkeeper",), ball=2))
    d = decision(s)
    assert (d.kind, d.actor) == ("target", WEST)  # folded into the target decision
    assert "Creative goalkeeper (1 point)" in [c.label for c in d.choices]
    s, ev = play_skill(s, WEST, "creative_goalkeeper")
    assert s.condition[W] == [3, 4, 2]  # paid in defence
    assert len(skill_events(ev, "creative_goalkeeper")) == 1
    d = decision(s)
    assert (d.kind, d.actor) == ("move", WEST)
    s, _ = act(s, WEST, "move", from_=5, to=6)
    assert s.outfield[W][5] == 0 and s.outfield[W][6] == 1
    d = decision(s)
    assert d.kind == "target" and skill_choices(s, WEST) == {}  # one move, then the target


def test_creative_goalkeeper_one_player_one_area():
    s, _ = end_turn(pos(west=("creative_goalkeeper",), ball=2))
    s, _ = play_skill(s, WEST, "creative_goalkeeper")
    with pytest.raises(RulesError):
        act(s, WEST, "move", from_=7, to=11)  # two areas away
    s, _ = act(s, WEST, "move", from_=4, to=8)
    assert decision(s).kind == "target"


def test_creative_goalkeeper_only_with_the_ball_in_the_own_penalty_area():
    s, _ = end_turn(pos(west=("creative_goalkeeper",), ball=5))
    assert skill_choices(s, WEST) == {}
    message = refused(s, WEST, "skill", None, name="creative_goalkeeper")
    assert "start of a turn you begin with the ball in your own penalty area" in message
    s, _ = act(pos(west=("creative_goalkeeper",), ball=2), WEST, "target", area=5)
    assert "not now" in refused(s, WEST, "skill", None, name="creative_goalkeeper")


# -- shot stopper -------------------------------------------------------------------------------


def test_shot_stopper_the_shooter_keeps_the_lower_of_two_dice():
    s = to_shot(pos(east=("shot_stopper",)))
    d = decision(s)
    assert (d.kind, d.actor, d.info["moment"]) == ("skill", EAST, "goal")
    assert [c.label for c in d.choices] == ["Shot stopper (1 point)", "no skill"]
    plain, _ = no_skill(s, EAST)
    assert decision(plain).dice == 1
    assert shot(plain, 6)["outcome"] == "second_roll"  # a 6: the difficult attempt's roll
    s, _ = play_skill(s, EAST, "shot_stopper")
    assert s.condition[E] == [3, 4, 2]
    d = decision(s)
    assert (d.kind, d.actor, d.dice) == ("roll", WEST, 2)
    attempt = shot(s, 6, 2)
    assert attempt["die"] == 2 and attempt["outcome"] == "miss"


def test_shot_stopper_not_after_the_keeper_charged():
    s, _ = act(pos(east=("shot_stopper",)), WEST, "target", area=12)
    s, _ = act(s, EAST, "charge", choice="charge")
    s, _ = roll(s, WEST, 6, 5)
    s, _ = choose(s, WEST, "goal")
    d = decision(s)
    assert (d.kind, d.dice) == ("roll", 1)  # no window for east


def test_shot_stopper_counts_as_two_choices():
    s = FUBA.initial({"advanced": ["condition"], "skills": 2})
    s, _ = act(s, WEST, "formation", shape="4-4-2")
    d = next(d for d in FUBA.pending(s) if d.actor == WEST)
    assert "shot_stopper" in d.info["double"]
    assert "3 skill choices" in refused(s, WEST, "skills", None, skills=["shot_stopper", "stopper"])


# -- leading goalkeeper ----------------------------------------------------------------------


def test_leading_goalkeeper_against_a_free_kicks_goal_attempt():
    s = to_shot(pos(east=("leading_goalkeeper",), kind=":free_kick"))
    d = decision(s)
    assert (d.kind, d.actor) == ("skill", EAST)
    assert [c.label for c in d.choices] == ["Leading goalkeeper (1 point)", "no skill"]
    s, _ = play_skill(s, EAST, "leading_goalkeeper")
    assert decision(s).dice == 2
    assert shot(s, 1, 6)["die"] == 1


def test_leading_goalkeeper_not_in_open_play():
    s = to_shot(pos(east=("leading_goalkeeper",)))
    assert decision(s).kind == "roll" and decision(s).dice == 1
    assert "not your decision" in refused(s, EAST, "skill", None, name="leading_goalkeeper")


def test_leading_goalkeeper_and_shot_stopper_do_not_stack():
    s = to_shot(pos(east=("shot_stopper", "leading_goalkeeper"), kind=":free_kick"))
    assert set(skill_choices(s, EAST)) == {"shot_stopper", "leading_goalkeeper"}
    s, _ = play_skill(s, EAST, "shot_stopper")
    d = decision(s)
    assert (d.kind, d.dice) == ("roll", 2)  # one is enough: the window closed
    assert s.condition[E] == [3, 4, 2]


# -- penalty saver -----------------------------------------------------------------------------


def penalty(east: tuple[str, ...]) -> FubaState:
    """A penalty for west, set up; both sides chosen (kick left, keeper dives middle: 2+)."""
    s, _ = with_penalty(pos(east=east), WEST)
    s.agenda = [st for st in s.agenda if st["k"] in ("penalty", "roll")]  # set up already
    s, _ = act(s, EAST, "penalty", side="middle")
    s, _ = act(s, WEST, "penalty", side="left")
    return s


def test_penalty_saver_the_taker_keeps_the_lower_of_two_dice_by_itself():
    s = penalty(())
    assert decision(s).dice == 1
    with pytest.raises(MalformedAction):
        roll(s, WEST, 5, 1)
    _, ev = roll(s, WEST, 5)
    assert find(ev, "penalty_kick").data["goal"] is True
    s = penalty(("penalty_saver",))
    assert skill_choices(s, EAST) == {}  # nothing to choose
    d = decision(s)
    assert (d.kind, d.actor, d.dice) == ("roll", WEST, 2)
    s, ev = roll(s, WEST, 5, 1)
    assert find(ev, "penalty_kick").data["die"] == 1
    assert find(ev, "penalty_kick").data["goal"] is False
    assert skill_events(ev, "penalty_saver")[0].data["dice"] == [5, 1]
    assert s.score == [0, 0] and s.condition[E] == [4, 4, 2]  # free


# -- advancing goalkeeper ---------------------------------------------------------------------


def advancing(cond: str = "4.4.2", east: tuple[str, ...] = ("advancing_goalkeeper",)):
    """East's keeper stands in its arc 9; west plays from the centre into the arc."""
    s = pos(east=east, ball=7, keeper=9, cond=cond)
    return act(s, WEST, "target", area=9)


def test_advancing_goalkeeper_charges_out_of_the_box():
    s, ev = advancing()
    assert find(ev, "target").data["value"] == 4
    d = decision(s)
    assert (d.kind, d.actor) == ("charge", EAST)
    assert [c.action.args["choice"] for c in d.choices] == ["charge", "stay"]
    s, ev = act(s, EAST, "charge", choice="charge")
    assert s.value == 5 and s.condition[E] == [3, 4, 2]
    assert skill_events(ev, "advancing_goalkeeper")[0].data["value"] == 5
    s, _ = roll(s, WEST, 6, 5)
    s, _ = choose(s, WEST, "goal")
    parts = shot(s, 1)["parts"]
    assert parts["keeper_out"] == 4 and "charge" not in parts  # type: ignore[operator]


def test_advancing_goalkeeper_played_by_its_name_and_staying_costs_nothing():
    s, _ = advancing()
    t, _ = play_skill(s, EAST, "advancing_goalkeeper")
    assert t.value == 5 and t.turn["advanced"] == E
    t, _ = act(s, EAST, "charge", choice="stay")
    assert t.value == 4 and t.condition[E] == [4, 4, 2]


def test_advancing_goalkeeper_with_sweeper_keeper_adds_two():
    s, _ = advancing(east=("advancing_goalkeeper", "sweeper_keeper"))
    assert skill_choices(s, EAST) == {"sweeper_keeper": [{}]}
    s, _ = play_skill(s, EAST, "sweeper_keeper")
    s, _ = act(s, EAST, "charge", choice="charge")
    assert s.value == 6 and s.condition[E] == [2, 4, 2]


def test_advancing_goalkeeper_not_offered_when_the_team_cannot_pay():
    s, _ = advancing(cond="0.1.2")
    assert decision(s).kind == "roll"
    assert "not your decision" in refused(s, EAST, "skill", None, name="advancing_goalkeeper")


def test_advancing_goalkeeper_only_when_the_ball_comes_from_elsewhere():
    s = pos(east=("advancing_goalkeeper",), keeper=9)
    s, _ = act(s, WEST, "target", area=9)  # within the arc
    assert decision(s).kind == "roll"
    s = pos(east=("advancing_goalkeeper",), ball=7, keeper=12)
    s, _ = act(s, WEST, "target", area=9)  # the keeper is not there
    assert decision(s).kind == "roll"
    assert "goalkeeper_charge" not in kinds(_)


def test_shot_stopper_not_after_the_advancing_goalkeepers_charge():
    s, _ = advancing(east=("advancing_goalkeeper", "shot_stopper"))
    s, _ = act(s, EAST, "charge", choice="charge")
    s, _ = roll(s, WEST, 6, 5)
    s, _ = choose(s, WEST, "goal")
    d = decision(s)
    assert (d.kind, d.dice) == ("roll", 1)
    assert s.condition[E] == [3, 4, 2]  # only the charge was paid


def direct_free_kick(west: tuple[str, ...], east: tuple[str, ...]) -> FubaState:
    """West shoots its free kick in east's arc directly (set up as the engine suggests)."""
    s, _ = with_free_kick(pos(west, east), WEST, 9)
    while decision(s).kind in ("setup", "move"):
        s, _ = FUBA.apply(s, decision(s).choices[0].action)
    s, _ = act(s, WEST, "free_kick", choice="shoot")
    s, _ = choose(s, WEST, "goal")
    return s


def test_a_direct_free_kick_trained_special_event_then_the_keepers_skills():
    s = direct_free_kick(("trained_special_event",), ("shot_stopper", "leading_goalkeeper"))
    d = decision(s)
    assert (d.kind, d.actor) == ("skill", WEST)  # the shooter first
    s, _ = play_skill(s, WEST, "trained_special_event")
    d = decision(s)
    assert (d.kind, d.actor) == ("skill", EAST)
    assert set(skill_choices(s, EAST)) == {"shot_stopper", "leading_goalkeeper"}
    s, _ = play_skill(s, EAST, "leading_goalkeeper")
    attempt = shot(s, 6, 3)
    assert attempt["die"] == 3
    assert attempt["parts"]["trained_special_event"] == 1  # type: ignore[index]
    assert s.skills == [{"trained_special_event": 1}, {"shot_stopper": 0, "leading_goalkeeper": 1}]


def test_creative_goalkeeper_at_the_turn_after_a_goal_kick():
    s = to_shot(pos(east=("creative_goalkeeper",)))
    s, ev = roll(s, WEST, 1)
    assert find(ev, "goal_attempt").data["outcome"] == "miss"
    while decision(s).kind in ("setup", "move"):
        assert skill_choices(s, EAST) == {}  # not while the goal kick is set up
        s, _ = FUBA.apply(s, decision(s).choices[-1].action)
    d = decision(s)
    assert (d.kind, d.actor) == ("target", EAST) and s.ball == 12
    assert skill_choices(s, EAST) == {"creative_goalkeeper": [{}]}


def test_advancing_goalkeeper_without_the_skill_the_keeper_cannot_charge_there():
    s, ev = advancing(east=())
    assert decision(s).kind == "roll" and "goalkeeper_charge" not in kinds(ev)


def test_goalkeeper_skills_paid_twice_from_midfield_when_the_defence_has_none():
    s, _ = act(pos(east=("sweeper_keeper",), cond="0.4.2"), WEST, "target", area=12)
    s, _ = play_skill(s, EAST, "sweeper_keeper")
    assert s.condition[E] == [0, 2, 2]  # defence has no point: two from midfield
    s, _ = advancing(cond="0.2.2")
    s, ev = act(s, EAST, "charge", choice="charge")
    assert s.condition[E] == [0, 0, 2] and s.value == 5


# West announced a goal attempt from east's arc at value 5: east's window comes before the die.
SHOT_WINDOW = (
    "4-4-2/4-4-2 g2,2:2,4:2,5:1,7:3,9:2 g12,7:2,8:2,9:2,10:2,12:2 9 5 w h1:11 0-0 "
    "skill:e:goal:-;roll:w:1:goal actions:normal:1:w:9:goal/-:9:1:3:we:1{target_empty=false,"
    "dice=[6,5],phase=9,check_value=3,was_stoppage=false,moved=1,normal_moved=1,checked=true,"
    "new_value=5} kick=w turns=1/0 shots=1/0 pass=9>9 rules=condition,charge options={skills=5} "
    "cond=4.4.2/4.4.2 skills=-/shot_stopper"
)


def test_shot_stopper_from_its_written_window():
    s = FUBA.from_position(SHOT_WINDOW)
    d = decision(s)
    assert (d.kind, d.actor, d.info["moment"]) == ("skill", EAST, "goal")
    s, _ = play_skill(s, EAST, "shot_stopper")
    assert FUBA.position(s).startswith(SHOT_WINDOW.split(" skill:")[0])
    assert " roll:w:2:goal" in FUBA.position(s) and "skills=-/shot_stopper:1" in FUBA.position(s)
    assert shot(s, 4, 6)["die"] == 4


def test_sweeper_keeper_refused_for_its_point_when_east_cannot_pay():
    s, _ = act(pos(east=("sweeper_keeper",), cond="0.1.2"), WEST, "target", area=12)
    d = decision(s)
    assert (d.kind, d.actor) == ("charge", EAST) and skill_choices(s, EAST) == {}
    message = refused(s, EAST, "skill", None, name="sweeper_keeper")
    assert message.startswith("Sweeper keeper costs 1 condition point: you have too few")
    s, _ = act(s, EAST, "charge", choice="charge")
    assert s.value == 5  # the plain charge is free


def test_sweeper_keeper_before_an_advancing_charge_needs_the_charges_point_too():
    # one point in defence: the advancing goalkeeper's charge is offered, the sweeper keeper
    # (whose point would leave the charge unpaid) is not
    s, _ = advancing(cond="1.0.0", east=("advancing_goalkeeper", "sweeper_keeper"))
    assert skill_choices(s, EAST) == {}
    d = decision(s)
    assert (d.kind, d.actor) == ("charge", EAST)
    s, _ = act(s, EAST, "charge", choice="charge")
    assert s.value == 5 and s.condition[E] == [0, 0, 0]
