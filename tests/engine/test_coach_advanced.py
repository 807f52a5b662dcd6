"""The automatic coach plays the advanced rules (issue 14): each tactic on a position written
in the notation (docs/fuba-position.md), and the advanced coach against the basic-rules coach
over a fixed set of seeds."""

from __future__ import annotations

import doctest
import importlib.util

import pytest

from bench.coach_advanced import tally
from engine.compiled import source_path
from engine.core.dice import VirtualDice
from engine.fuba import FUBA, advanced, coach, tactics
from engine.fuba.coach import Coach, CoachPair, play_match
from engine.fuba.formations import CARDS, parse
from engine.fuba.roles import parse as parse_roles
from engine.fuba.roles import point_moves, problem

WEST, EAST = 0, 1
ALL_RULES = {"advanced": list(advanced.ALL)}
# every optional advanced choice's event: the basic-rules coach never causes one
# (an aggressive pressing may also come from a special event: the action event says whose)
ADVANCED_CHOICES = (
    "condition_used",
    "goalkeeper_charge",
    "substitution",
    "substitution_announced",
    "slowing",
)

# East moves after a movement roll of 3 and 2 (SKIP moves, or USE with a condition point):
# West has three players in the centre (7), East one, and five in its arc (9) to bring up.
MOVEMENT = (
    "4-4-2/4-5-1 g2,3:1,4:4,6:1,7:3,9:1 g12,7:1,9:5,10:1,11:1,12:1,13:1 7 3 w h1:1 0-0 "
    "boost:e{for=move,skip=SKIP,use=USE} actions:kickoff:1:w:7:move.press/press.move:7:1:1:"
    "we:5{dice=[3,2],phase=6,check_value=1,was_stoppage=false,moved=1,normal_moved=1,"
    "checked=true,new_value=2} kick=w turns=1/0 pass=7>7 moved=4:4,7:1,9:1/- locked=4:4/- "
    "rules=all roles=1am/2am cond=4.2.3/4.2.3 spent=1/1"
)
# West positions in the east arc (9) at ball value 4: a condition point makes it 3. East
# acted first; West's first action is resolved (SEQ 2), so West may still shoot.
POSITIONING = (
    "4-4-2/4-5-1 g2,3:1,4:3,7:5,9:1 g12,7:4,9:2,10:1,11:1,12:1,13:1 9 4 w h1:4 0-0 "
    "boost:w{for=position,skip=4,use=3,from=4} actions:normal:2:w:7:position/position:9:1:4:"
    "ew:SEQ{dice=[2,5],phase=6,check_value=4,was_stoppage=false,moved=3,normal_moved=3,"
    "checked=true,new_value=2} kick=w turns=2/0 pass=7>9 moved=7:2/- locked=7:2/- rules=all "
    "roles=1am/2am cond=4.2.3/4.2.3 spent=1/1"
)
# East's first action with the ball in BALL at value VALUE: West has three players there,
# East two (one fewer: no ordinary pressing, an aggressive one is allowed).
PRESSING = (
    "4-4-2/4-5-1 WEST g12,7:2,8:1,9:3,10:1,11:1,12:1,13:1 BALL VALUE w h1:1 0-0 "
    "act:e:1:free:-:-:0 actions:kickoff:1:w:7:move/-:7:1:1:we:2{dice=[3,2],phase=6,"
    "check_value=1,was_stoppage=false,moved=1,normal_moved=1,checked=true,new_value=2} "
    "kick=w turns=1/0 pass=7>7 rules=all roles=1am/2am cond=4.3.3/4.3.3"
)
# East played the ball from 5 into West's box (2) at ball value VALUE: West may charge.
CHARGE = (
    "3-5-2/5-4-1 g2,2:1,5:6,7:3 g12,2:3,5:7 2 VALUE e h2:64 0-2 charge:w;roll:e:2:situation "
    "situation:normal:10:e:5:-/-:2:1:1 kick=e turns=19/10 shots=0/2 yellow=2/0 pass=5>2 "
    "rules=all roles=1am/1am cond=0.2.1/1.1.0 spent=9/11 subs=2/2"
)
# West takes a quick free kick in the centre: it may slow the game down first.
SLOW = (
    "4-4-2/4-5-1 g2,4:2,6:1,7:5,8:1,9:1 g12,7:6,9:1,11:1,12:1,13:1 7 2 w CLOCK SCORE "
    "slow:w{restart='free%20kick'};moves:w:quick_ct:0;free_kick:w restart:free_kick:7 "
    "kick=w turns=3/0 yellow=YELLOW/1 rules=all roles=1am/2am cond=4.2.2/4.1.3 spent=2/2"
)
# West's substitution window at the end of a turn with the ball in midfield.
SUBSTITUTE = (
    "4-4-2/4-5-1 g2,3:1,4:4,6:1,7:3,9:1 g12,7:4,9:2,10:1,11:1,12:1,13:1 7 3 w CLOCK SCORE "
    "substitute:w{window=turn,plans=PLANS} restart:normal kick=w turns=1/0 YELLOW"
    "rules=all roles=1am/2am cond=COND/4.2.3 spent=1/1"
)


def at(template: str, **values: object):
    text = template
    for key, value in values.items():
        text = text.replace(key, str(value))
    return FUBA.from_position(text)


def choice(state, team: int, smart: bool = True) -> dict:
    return Coach(advanced=smart).decide(state, team).args


# -- A1 condition points ----------------------------------------------------------------


def test_a1_boosts_the_movement_when_it_needs_the_moves():
    s = at(MOVEMENT, SKIP=1, USE=5)
    assert tactics.moves_used(Coach(), s, EAST, 5) == 3  # three to the centre, none wasted
    assert choice(s, EAST) == {"choice": "use"}
    assert choice(s, EAST, smart=False) == {"choice": "skip"}


def test_a1_no_point_for_moves_it_would_not_make():
    assert choice(at(MOVEMENT, SKIP=3, USE=4), EAST) == {"choice": "skip"}
    assert choice(at(MOVEMENT, SKIP=5, USE=6), EAST) == {"choice": "skip"}


def test_a1_positioning_point_before_a_shot():
    s = at(POSITIONING, SEQ=2)
    assert tactics.position_gain(s, s.agenda[0], WEST) > 0.15  # the shot: 4 or more, not 5
    assert choice(s, WEST) == {"choice": "use"}


def test_a1_no_positioning_point_when_nothing_follows():
    s = at(POSITIONING, SEQ=5)  # the turn's last action: the value changes nothing more
    assert tactics.position_gain(s, s.agenda[0], WEST) == 0
    assert choice(s, WEST) == {"choice": "skip"}


def test_a1_positioning_point_when_defending_against_a_shot():
    s = at(POSITIONING, SEQ=2)
    step = {**s.agenda[0], "team": EAST, "skip": 4, "use": 5}
    s.agenda[0] = step
    s.turn["order"] = [EAST, WEST]
    s.turn["seq"] = 1  # East acts first: West's shot is still to come
    assert tactics.position_gain(s, step, EAST) > 0.1  # their shot: 5 or more, not 4
    assert choice(s, EAST) == {"choice": "use"}


def test_a1_pays_from_the_zone_that_matters_least():
    s = at(MOVEMENT, SKIP=1, USE=5)
    s.condition[EAST] = [3, 0, 4]
    s.agenda[0] = {"k": "pay", "team": EAST, "ways": [[0, 2], [2, 2]], "then": s.agenda[0]}
    assert choice(s, EAST) == {"zone": "attack"}  # defending: its box needs the defence
    s.condition[EAST] = [3, 0, 6]
    assert choice(s, EAST) == {"zone": "attack"}
    s.control = EAST  # with the ball the attack's points are for the shots to come
    s.condition[EAST] = [3, 0, 4]
    assert choice(s, EAST) == {"zone": "defence"}
    s.condition[EAST] = [2, 0, 6]
    assert choice(s, EAST) == {"zone": "attack"}  # unless it has far more there


# -- A6 aggressive pressing ---------------------------------------------------------------


@pytest.mark.parametrize(("value", "kind"), [(1, "move"), (2, "aggressive"), (3, "aggressive")])
def test_a6_presses_aggressively_when_the_odds_justify_it(value, kind):
    s = at(PRESSING, WEST="g2,3:1,4:4,6:1,7:3,9:1", BALL=7, VALUE=value)
    assert choice(s, EAST)["kind"] == kind
    assert choice(s, EAST, smart=False)["kind"] == "move"


def test_a6_near_its_goal_only_when_it_nearly_always_works():
    box = "g2,3:1,4:4,6:1,9:1,12:3"  # West's three players in East's box
    assert choice(at(PRESSING, WEST=box, BALL=12, VALUE=2), EAST)["kind"] != "aggressive"
    assert choice(at(PRESSING, WEST=box, BALL=12, VALUE=3), EAST)["kind"] == "aggressive"


def test_a6_not_with_two_yellow_cards():
    s = at(PRESSING, WEST="g2,3:1,4:4,6:1,7:3,9:1", BALL=7, VALUE=3)
    s.yellows[EAST] = 2
    assert choice(s, EAST)["kind"] != "aggressive"


# -- A5 goalkeeper charge ----------------------------------------------------------------


@pytest.mark.parametrize(("value", "go"), [(1, "stay"), (3, "stay"), (4, "charge"), (5, "charge")])
def test_a5_charges_when_the_value_pushes_the_control_check(value, go):
    assert choice(at(CHARGE, VALUE=value), WEST) == {"choice": go}
    assert choice(at(CHARGE, VALUE=value), WEST, smart=False) == {"choice": "stay"}


def test_a5_no_charge_at_value_six():
    assert choice(at(CHARGE, VALUE=6), WEST) == {"choice": "stay"}  # only their +1 is left


# -- A8 slowing the game down ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("clock", "score", "yellow", "go"),
    [
        ("h2:82", "1-0", 0, "slow"),
        ("h2:72", "2-1", 1, "slow"),
        ("h2:85", "2-1", 1, "play"),  # 1 in 6 of a likely yellow card is a red one
        ("h2:82", "0-1", 0, "play"),
        ("h2:82", "1-1", 0, "play"),
        ("h2:50", "1-0", 0, "play"),
        ("h1:40", "1-0", 0, "play"),
        ("h2:82", "1-0", 2, "play"),  # a yellow card would too likely be a red one
    ],
)
def test_a8_slows_when_leading_late(clock, score, yellow, go):
    s = at(SLOW, CLOCK=clock, SCORE=score, YELLOW=yellow)
    assert choice(s, WEST) == {"choice": go}
    assert choice(s, WEST, smart=False) == {"choice": "play"}


def test_a8_yellow_chance_is_the_rulebook_roll():
    assert tactics.yellow_chance(30) == 1 / 36  # 2d6 x 10 below 30: a 2
    assert tactics.yellow_chance(81) == 26 / 36  # a sum of 2 to 8
    assert tactics.yellow_chance(121) == 1.0


# -- A3 substitutions, A4 replacing --------------------------------------------------------


@pytest.mark.parametrize(
    ("clock", "score", "yellow", "cond", "plans", "plan"),
    [
        ("h1:20", "0-0", "yellow=1/0 ", "4.2.3", "[]", "done"),
        ("h2:65", "0-0", "yellow=1/0 ", "4.2.3", "[]", "yellow"),  # a booked player off late
        ("h2:65", "0-0", "yellow=1/0 ", "4.2.3", "[yellow]", "done"),  # only one is booked
        ("h2:55", "0-0", "", "1.2.1", "[]", "fresh"),  # points run low
        ("h2:75", "0-1", "", "4.2.3", "[]", "d>f"),  # behind late: one more forward
        ("h2:75", "1-0", "", "4.2.3", "[]", "f>d"),  # ahead late: one more defender
        ("h2:75", "1-0", "", "4.2.3", "['f>d']", "done"),  # one change is enough
    ],
)
def test_a3_substitutes_tired_or_booked_players(clock, score, yellow, cond, plans, plan):
    s = at(SUBSTITUTE, CLOCK=clock, SCORE=score, YELLOW=yellow, COND=cond, PLANS=plans)
    assert choice(s, WEST) == {"plan": plan}
    assert choice(s, WEST, smart=False) == {"plan": "done"}


def test_a4_replaces_a_player_injured_for_good():
    s = FUBA.from_position(
        "5-3-2/5-4-1 g2,1:1,2:2,3:1,4:2,5:2,6:1,7:1 g12,7:2,9:4,10:1,11:1,13:1 7 1 e h1:12 "
        "1-0 replace:e situation:kickoff:4:e:7:-/-:7:1:1{dice=[2,2],phase=3,check_value=1,"
        "was_stoppage=false,moved=2,normal_moved=2} kick=w turns=4/0 shots=1/0 pass=7>7 "
        "rules=all roles=1owb/1am.1owb cond=4.3.2/3.3.3 spent=1/1"
    )
    assert choice(s, EAST) == {"choice": "substitute"}
    assert choice(s, EAST, smart=False) == {"choice": "play_on"}


# -- A2 roles ------------------------------------------------------------------------------


@pytest.mark.parametrize("card", CARDS)
def test_a2_roles_fit_every_formation(card):
    shape = parse(card)
    chosen = tactics.roles_for(shape)
    assert problem(parse_roles(chosen), shape) is None
    moves = point_moves(parse_roles(chosen))
    assert shape[2] + moves[2] >= min(3, shape[2])  # never fewer points in attack


def test_a2_the_coach_picks_its_roles_after_its_formation():
    s = FUBA.initial(ALL_RULES)
    smart, plain = Coach(0), Coach(0, advanced=False)
    pair, dice = CoachPair(smart, plain), VirtualDice(0)
    while s.agenda[0]["k"] == "formation":
        s, _ = FUBA.apply(s, coach.next_action(pair, s, dice))
    assert s.roles[WEST] == parse_roles(tactics.roles_for(s.formations[WEST]))
    assert s.roles[EAST] == {}


# -- whole matches ---------------------------------------------------------------------------


def test_the_basic_coach_never_makes_an_optional_advanced_choice():
    begin = FUBA.initial(ALL_RULES)
    for seed in range(4):
        _, _, events = play_match(seed, coach=Coach(seed, advanced=False), start=begin)
        assert not [e.kind for e in events if e.kind in ADVANCED_CHOICES]
        assert not [e for e in events if e.kind == "action" and e.data["kind"] == "aggressive"]


def test_the_advanced_coach_uses_its_tactics():
    begin = FUBA.initial(ALL_RULES)
    kinds: set[str] = set()
    for seed in range(4):
        _, _, events = play_match(seed, coach=Coach(seed), start=begin)
        kinds.update(e.kind for e in events)
    assert {"condition_used", "aggressive_pressing", "substitution"} <= kinds


@pytest.mark.parametrize("seed", range(6))
def test_basic_rules_play_is_the_same_for_both_coaches(seed):
    assert play_match(seed)[1] == play_match(seed, coach=Coach(seed, advanced=False))[1]


def test_the_advanced_coach_beats_the_basic_coach():
    """At least 60% of 400+ decided matches, every dice seed played from both sides."""
    out = tally(list(range(300)))
    assert out.decided >= 400
    assert out.win_pct() >= 60, (out.wins, out.losses, out.draws)
    assert out.goals_for > out.goals_against


def test_the_doctests():
    for module in (tactics, coach):
        # from the source: the compiled modules (engine.compiled) hide their docstrings
        spec = importlib.util.spec_from_file_location(
            f"_doctest_{module.__name__}", source_path(module.__name__)
        )
        assert spec is not None and spec.loader is not None
        source = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(source)
        failures, tried = doctest.testmod(source)
        assert tried and not failures
