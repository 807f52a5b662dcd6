"""The automatic coach and the A11 skills: its secret picks, when it plays a skill and when
it keeps its condition points, and whole matches with any skills at all."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.core import Action
from engine.core.dice import VirtualDice
from engine.fuba import FUBA, FubaState, advanced
from engine.fuba.coach import Coach, next_action, play_match
from engine.fuba.skills import coach as skill_coach
from engine.fuba.skills.catalog import SKILLS, choices_used
from engine.fuba.skills.choosing import menu
from tests.engine.adv_scenario import adv, at_action
from tests.engine.skills_scenario import EAST, WEST, with_skills

ALL_RULES = list(advanced.ALL)
MENU = menu(FUBA.initial({"advanced": ALL_RULES, "skills": 3}))

# West has the ball in East's penalty area (12), two players each there.
ATTACK = {2: 0, 4: 2, 7: 3, 10: 2, 12: 2}
DEFENCE = {12: 2, 10: 2, 7: 2, 4: 2, 11: 1}


def shot(
    west: list[str],
    east: list[str],
    *,
    value: int = 4,
    condition: tuple[list[int], list[int]] | None = None,
    keeper: int = 12,
) -> FubaState:
    """West announces a goal attempt from East's penalty area at ball ``value`` (East's
    goalkeeper in area ``keeper``)."""
    s = adv(
        ATTACK,
        DEFENCE,
        rules=ALL_RULES,
        ball=12,
        value=value,
        condition=condition,
        east_keeper=keeper,
    )
    s = at_action(with_skills(s, west, east, agreed=3))
    s, _ = FUBA.apply(s, Action(WEST, "action", {"kind": "goal"}))
    return s


def answer(s: FubaState, team: int, coach: Coach | None = None) -> Action:
    action = (coach or Coach(0)).decide(s, team)
    assert FUBA.problem(s, action) is None, action
    return action


def skill_of(action: Action) -> str | None:
    """The skill an answer plays (None: it lets the window pass)."""
    if action.kind != "skill" or action.args["name"] == "none":
        return None
    return str(action.args["name"])


# -- picks ----------------------------------------------------------------------------------


@pytest.mark.parametrize("mode", skill_coach.PICKS)
@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_picks_fit_the_agreed_choices(mode: str, n: int) -> None:
    for seed in range(30):
        for team in (0, 1):
            keys = skill_coach.pick(mode, seed, team, n, MENU)
            assert len(set(keys)) == len(keys)
            assert set(keys) <= set(MENU)
            assert choices_used(keys) <= n
            if mode == skill_coach.NONE:
                assert keys == []
            else:
                assert keys, "a coach with skills chooses at least one"


def test_best_picks_are_the_measured_set_and_never_change() -> None:
    picks = {tuple(skill_coach.pick(skill_coach.BEST, seed, 0, 3, MENU)) for seed in range(20)}
    assert picks == {skill_coach.BEST_SETS[3]}
    assert choices_used(list(skill_coach.BEST_SETS[3])) == 3
    # without the measured set's skills (rules off), the most valuable favourites that fit
    fewer = [k for k in MENU if k != "trained_special_event"]
    fallback = skill_coach.pick(skill_coach.BEST, 0, 0, 3, fewer)
    assert choices_used(fallback) <= 3
    assert "stopper" in fallback  # the favourite worth most


def test_varied_picks_change_with_the_seed_and_reach_the_whole_menu() -> None:
    """Seeds 0-99, both teams (the demo's hundred matches): the picks vary, every skill of
    the menu is picked, the seldom ones (their moment rarely comes) more often."""
    picks = [
        skill_coach.pick(skill_coach.VARIED, seed, t, 3, MENU)
        for seed in range(100)
        for t in (0, 1)
    ]
    picked = Counter(k for keys in picks for k in keys)
    assert len({tuple(keys) for keys in picks}) > 100
    assert set(picked) == set(MENU)
    assert picked["penalty_saver"] > picked["stopper"] > picked["runner"]


def test_the_coach_answers_the_secret_choice_then_plays_on() -> None:
    s = FUBA.initial({"advanced": ALL_RULES, "skills": 3})
    coach, dice = Coach(5), VirtualDice(5)
    chosen = []
    while s.agenda[0]["k"] == "formation":
        action = next_action(coach, s, dice)
        assert FUBA.problem(s, action) is None, action
        if action.kind == "skills":
            chosen.append(action.args["skills"])
        FUBA.apply_in_place(s, action)
    assert len(chosen) == 2 and all(chosen)
    assert [list(s.skills[t]) for t in (0, 1)] == chosen


def test_the_basic_rules_coach_chooses_and_plays_no_skill() -> None:
    basic = Coach(0, advanced=False)
    assert basic.skills == skill_coach.NONE
    s = shot(["clinical_finisher"], ["shot_stopper"])
    assert skill_of(answer(s, 0, basic)) is None


# -- playing ------------------------------------------------------------------------------


def test_a_clinical_finisher_on_a_shot_from_the_box_then_the_shot_stopper() -> None:
    s = shot(["clinical_finisher"], ["shot_stopper"])
    action = answer(s, 0)
    assert skill_of(action) == "clinical_finisher"
    s, _ = FUBA.apply(s, action)
    assert skill_of(answer(s, 1)) == "shot_stopper"  # the keeper's team answers next


def test_no_point_spent_on_a_shot_that_cannot_miss() -> None:
    s = shot(["clinical_finisher", "aggressive_striker"], [], value=2, keeper=11)  # empty goal
    assert skill_coach.goal_chance(s, 0) == 1.0
    assert skill_of(answer(s, 0)) is None


def test_the_aggressive_striker_is_kept_off_a_shot_its_foul_would_spoil() -> None:
    """A 3 scores already: the +1 would only help a 2, which the striker's foul spoils."""
    s = shot(["aggressive_striker"], [], value=1)
    plain = skill_coach.goal_chance(s, 0)
    assert plain == skill_coach.at_least(3)
    assert skill_coach.goal_chance(s, 0, 1, striker=True) == plain
    assert skill_of(answer(s, 0)) is None


def test_the_shot_stopper_keeps_its_points_for_a_better_shot() -> None:
    """A difficult attempt (a 6 first) is stopped with the defence's point, but not with
    midfield's last two."""
    s = shot([], ["shot_stopper"], value=6, condition=([4, 4, 2], [0, 2, 2]))
    gain = skill_coach.goal_chance(s, 0) - skill_coach.goal_chance(s, 0, low=True)
    assert 0 < gain < skill_coach.price(s, 1, 1)
    assert skill_of(answer(s, 1)) is None
    s = shot([], ["shot_stopper"], value=6, condition=([4, 4, 2], [4, 2, 2]))
    assert skill_of(answer(s, 1)) == "shot_stopper"


def test_a_plain_pressing_with_midfield_pressing_instead_of_an_aggressive_one() -> None:
    """East defends in midfield (7) at ball value 4, as many as West there: without the skill
    the coach presses aggressively (more often successful); with it, it presses plainly and
    plays the skill, which wins as often without a failure's free kick."""
    west, east = {4: 4, 7: 3, 9: 1, 10: 2}, {10: 4, 7: 3, 4: 1, 11: 1, 9: 1}
    plain = at_action(adv(west, east, rules=ALL_RULES, ball=7, value=4), first=EAST)
    assert Coach(0).action_kind(plain, plain.agenda[0], 1) == "aggressive"
    s = adv(west, east, rules=ALL_RULES, ball=7, value=4)
    s = at_action(with_skills(s, [], ["midfield_pressing"], agreed=3), first=EAST)
    assert Coach(0).action_kind(s, s.agenda[0], 1) == "press"
    s, _ = FUBA.apply(s, Action(EAST, "action", {"kind": "press"}))
    assert skill_of(answer(s, 1)) == "midfield_pressing"


# -- whole matches --------------------------------------------------------------------------


def random_picks(rng: random.Random, n: int) -> list[str]:
    keys = list(MENU)
    rng.shuffle(keys)
    chosen: list[str] = []
    for k in keys:
        if choices_used([*chosen, k]) <= n:
            chosen.append(k)
    return chosen


def test_the_coach_plays_200_matches_with_random_skills_without_a_fault() -> None:
    """Every skill a team may hold, 1 to 5 choices: each coach action is legal (about 15 s)."""
    played: set[str] = set()
    for seed in range(200):
        rng = random.Random(seed)
        n = rng.randint(1, 5)
        s = FUBA.initial({"advanced": ALL_RULES, "skills": n})
        coach, dice = Coach(seed), VirtualDice(seed)
        while s.agenda[0]["k"] == "formation":
            action = next_action(coach, s, dice)
            if action.kind == "skills":
                action = Action(action.actor, "skills", {"skills": random_picks(rng, n)})
            FUBA.apply_in_place(s, action)
        final, _, events = play_match(seed, coach=coach, start=s, check=True)
        assert final.over
        played.update(e.data["skill"] for e in events if e.kind == "skill")
    assert len(played) > len(SKILLS) * 3 // 4


def test_the_coach_with_skills_beats_itself_without() -> None:
    """A small sample's direction (bench coach_skills measures the size of the edge)."""
    from bench.coach_skills import run

    tally = run(3, 60, 0)
    assert tally.wins > tally.losses


# -- condition points kept, the varied coach's styles ---------------------------------------


def test_the_defence_keeps_its_last_points_for_the_shot_stopper() -> None:
    """East defends its arc (9) at ball value 4: without skills it presses aggressively (a
    point from defence); with a shot stopper and three points left there it presses plainly
    and keeps them for the shots to come."""
    west, east = {4: 2, 7: 2, 9: 3, 10: 2}, {12: 3, 9: 3, 10: 2, 7: 1, 11: 1}
    points = ([4, 4, 4], [3, 3, 3])
    plain = at_action(adv(west, east, rules=ALL_RULES, ball=9, value=4, condition=points), EAST)
    assert Coach(0).action_kind(plain, plain.agenda[0], 1) == "aggressive"
    s = adv(west, east, rules=ALL_RULES, ball=9, value=4, condition=points)
    s = at_action(with_skills(s, [], ["shot_stopper"], agreed=3), first=EAST)
    assert Coach(0).action_kind(s, s.agenda[0], 1) == "press"
    assert Coach(0, skills=skill_coach.BEST).action_kind(s, s.agenda[0], 1) == "press"


@pytest.mark.parametrize("value", [1, 2])
def test_a_penalty_saver_behind_a_hard_pressing_in_the_box(value: int) -> None:
    """West has the ball in East's box at a low value: East only positions, unless its keeper
    saves penalties: then the varied coach risks the aggressive pressing."""
    west, east = {4: 2, 7: 2, 12: 3, 10: 2}, {12: 3, 9: 3, 10: 2, 7: 1, 11: 1}
    plain = at_action(adv(west, east, rules=ALL_RULES, ball=12, value=value), first=EAST)
    assert Coach(0).action_kind(plain, plain.agenda[0], 1) == "position"
    s = adv(west, east, rules=ALL_RULES, ball=12, value=value)
    s = at_action(with_skills(s, [], ["penalty_saver"], agreed=3), first=EAST)
    assert Coach(0).action_kind(s, s.agenda[0], 1) == "aggressive"
    assert Coach(0, skills=skill_coach.BEST).action_kind(s, s.agenda[0], 1) == "position"


@pytest.mark.parametrize(
    ("skills", "move"), [([], (7, 5, False)), (["advancing_goalkeeper"], (12, 9, True))]
)
def test_an_advancing_goalkeeper_waits_in_front_of_its_box_while_the_ball_is_far(
    skills: list[str], move: tuple[int, int, bool]
) -> None:
    """West has the ball in its own arc (5); East's movement action: its players towards the
    ball, or with an advancing goalkeeper first the keeper out to the arc (9) as a sweeper."""
    west, east = {2: 0, 4: 3, 5: 2, 6: 3}, {9: 3, 10: 2, 7: 3, 8: 2}
    s = adv(west, east, rules=ALL_RULES, ball=5, value=3)
    s = at_action(with_skills(s, [], skills, agreed=3), first=EAST)
    s, _ = FUBA.apply(s, Action(EAST, "action", {"kind": "move"}))
    s, _ = FUBA.apply(s, Action(EAST, "roll", {"dice": [4, 4]}))
    action = answer(s, 1)
    assert action.kind == "move"
    assert (action.args["from"], action.args["to"], action.args["goalkeeper"]) == move


@pytest.mark.parametrize("skills", [["offside_trap"], ["skilled_full_back"]])
def test_against_a_defence_that_plays_offside_the_varied_coach_passes_in_behind_it(
    skills: list[str],
) -> None:
    """West has the ball in the centre (7), East's last line is there too and West has a
    player beyond it in East's arc (9): West passes out to its wing (8), unless East plays
    offside with a skill: then the varied coach tries the ball in behind (offside risk)."""
    west, east = {5: 2, 7: 3, 9: 1, 8: 2, 10: 2}, {7: 2, 4: 2, 6: 3, 5: 3}
    plain = adv(west, east, rules=ALL_RULES, ball=7, value=3)
    assert answer(with_skills(plain, [], [], agreed=3), 0).args["area"] == 8
    s = with_skills(adv(west, east, rules=ALL_RULES, ball=7, value=3), [], skills, agreed=3)
    assert answer(s, 0).args["area"] == 9
    assert answer(s, 0, Coach(0, skills=skill_coach.BEST)).args["area"] == 8


def test_a_team_with_a_skilled_full_back_plays_five_at_the_back() -> None:
    """The varied coach's formation card: five defenders when it is going to pick a skilled
    full back (the risk it adds counts only up to the defenders); the best coach never
    picks it and keeps its card."""
    fives = 0
    for seed in range(40):
        s = FUBA.initial({"advanced": ALL_RULES, "skills": 3})
        for coach in (Coach(seed), Coach(seed, skills=skill_coach.BEST)):
            shape = next_action(coach, s, VirtualDice(seed))
            assert (shape.actor, shape.kind) == (WEST, "formation")
            picks = skill_coach.pick(coach.skills, seed, 0, 3, MENU)
            back = int(str(shape.args["shape"])[0])
            assert (back == 5) >= ("skilled_full_back" in picks)
            fives += "skilled_full_back" in picks
    assert fives >= 3


@pytest.mark.parametrize("skills", [[], ["offside_trap"], ["skilled_full_back"]])
def test_against_a_defence_that_plays_offside_a_striker_is_left_up(skills: list[str]) -> None:
    """West has the ball on its north wing (4); East's movement action brings its forward
    from West's arc (5) to the ball, unless West plays offside with a skill: then the
    varied coach leaves that forward up for a pass in behind and brings the wing's three."""
    west, east = {2: 0, 4: 3, 5: 2, 6: 3, 7: 2}, {5: 1, 9: 3, 10: 3, 8: 3}
    s = adv(west, east, rules=ALL_RULES, ball=4, value=3)
    s = at_action(with_skills(s, skills, [], agreed=3), first=EAST)
    s, _ = FUBA.apply(s, Action(EAST, "action", {"kind": "move"}))
    s, _ = FUBA.apply(s, Action(EAST, "roll", {"dice": [4, 4]}))
    frm = 8 if skills else 5
    assert (answer(s, 1).args["from"], answer(s, 1).args["to"]) == (frm, 4)
    best = answer(s, 1, Coach(0, skills=skill_coach.BEST))
    assert (best.args["from"], best.args["to"]) == (5, 4)


@pytest.mark.parametrize("skills", [[], ["skilled_full_back"]])
def test_a_skilled_full_backs_team_puts_a_wide_man_beside_its_line(skills: list[str]) -> None:
    """East has the ball in its box (12), West outnumbers it there and its last line is its
    arc (5): West's movement action does nothing more, unless it has a skilled full back:
    then a player steps out to the wing beside the line (4), where it adds to the offside
    risk of a pass in behind."""
    west, east = {5: 3, 7: 4, 12: 3}, {8: 3, 9: 3, 10: 3, 12: 1}
    s = adv(west, east, rules=ALL_RULES, ball=12, value=3, control=EAST)
    s = at_action(with_skills(s, skills, [], agreed=3), first=WEST)
    s, _ = FUBA.apply(s, Action(WEST, "action", {"kind": "move"}))
    s, _ = FUBA.apply(s, Action(WEST, "roll", {"dice": [4, 4]}))
    action = answer(s, 0)
    if not skills:
        assert action.kind == "done"
    else:
        assert (action.kind, action.args["from"], action.args["to"]) == ("move", 5, 4)
    assert answer(s, 0, Coach(0, skills=skill_coach.BEST)).kind == "done"
