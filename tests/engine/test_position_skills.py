"""Skills (A11) in the position notation (docs/fuba-position.md): each team's skills with the
times played or lost, the fiery coach sent off, the skills option and the skill windows on
the agenda; exact round trips and the refusals."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import Action
from engine.fuba import FUBA, FubaState
from engine.fuba.position import PositionError

# docs/fuba-position.md: the advanced example's moment with skills, and a skill window
SKILLS_TARGET = (
    "4-4-2/5-3-2 g2,4:3,5:3,6:2,7:2 g12,7:2,8:3,9:3,10:1 7 4 e h2:63 0-0 target:e new "
    "kick=w turns=19/9 shots=2/3 rules=all options={skills=3} roles=1am/- cond=3.4.1/4.2.1 "
    "spent=2/3 tired=e subs=0/1 injured=-/7 weather=rain "
    "skills=clinical_finisher:2.stopper/crossing.regista:lost.fiery_coach:1 coachoff=e"
)
GOAL_WINDOW = (
    "3-4-3/2-6-2 g2,2:2,3:1,4:1,5:3,6:2,7:1 g13,2:1,4:1,5:2,6:1,7:1,8:1,9:1,10:1,12:1 6 2 e "
    "h1:38 1-0 skill:e:goal:-;roll:e:1:goal "
    "actions:free_kick:13:e:6:-/goal:6{seq=1,order=[1,0],direct=true,only=goal} kick=e "
    "turns=13/0 shots=1/2 yellow=1/0 moved=-/8:1,9:1,10:1,12:1 locked=-/8:1,9:1,10:1,12:1 "
    "kmoved=e klocked=e rules=all options={skills=2} roles=2am/2owb cond=3.1.0/0.1.4 "
    "spent=6/5 subs=2/2 skills=skilled_full_back.tackler/trained_special_event.goal_poacher."
    "shot_stopper"
)
# from a random match: West's free-movement window folded into its first action, runner
# already played in it
FOLDED_WINDOW = (
    "6-0-4/4-2-4 g2,3:2,4:2,5:3,6:1,7:1,10:1 g12,7:2,8:1,9:2,10:2,11:1,12:1,13:1 10 5 w "
    "h1:10 0-1 skill:w:free_moves:runner;act:w:1:free:2.3.4.5.6:3:0{x=[attack]} "
    "actions:kickoff:4:w:7:-/-:10:0:3:we:1{target_empty=false,dice=[5,4],phase=9,"
    "check_value=3,was_stoppage=false,moved=1,normal_moved=1,checked=true,new_value=5} "
    "kick=e turns=4/0 shots=0/1 pass=7>10 moved=10:1/- rules=all options={skills=2} "
    "roles=-/1owb cond=3.0.5/3.2.3 spent=2/2 subs=2/0 skills=runner:1.fast_defender/diver."
    "skilled_wing_backs"
)
BASE = SKILLS_TARGET.partition(" skills=")[0]  # the same moment, no team holds a skill


def _round_trip(state: FubaState) -> str:
    text = FUBA.position(state)
    back = FUBA.from_position(text)
    assert back == state, text
    assert FUBA.to_json(back) == FUBA.to_json(state)
    assert FUBA.position(back) == text
    return text


def _tag(text: str, name: str) -> str | None:
    found = [part for part in text.split(" ") if part.startswith(name + "=")]
    return found[0].partition("=")[2] if found else None


def test_the_documented_skills_example_reads_as_described() -> None:
    s = FUBA.from_position(SKILLS_TARGET)
    assert s.options["skills"] == 3
    assert s.skills == [
        {"clinical_finisher": 2, "stopper": 0},
        {"crossing": 0, "regista": -1, "fiery_coach": 1},
    ]
    assert list(s.skills[1]) == ["crossing", "regista", "fiery_coach"]  # the choice order
    assert s.coach_off == [False, True]
    assert FUBA.position(s) == SKILLS_TARGET
    assert FUBA.pending(s)[0].kind == "target"  # the engine plays on from it


def test_skills_played_lost_none_and_the_coach_off_round_trip() -> None:
    s = FUBA.from_position(BASE)
    for skills, written in (
        ([{}, {}], None),
        ([{"runner": 0}, {}], "runner/-"),
        ([{}, {"shot_stopper": 0, "box_to_box": 7}], "-/shot_stopper.box_to_box:7"),
        ([{"regista": -1, "crossing": 1}, {"regista": 12}], "regista:lost.crossing:1/regista:12"),
    ):
        s.skills = skills
        text = _round_trip(s)
        assert _tag(text, "skills") == written
    for flags, written in (([False, False], None), ([True, False], "w"), ([True, True], "we")):
        s.coach_off = flags
        assert _tag(_round_trip(s), "coachoff") == written


def test_a_team_keeps_its_choice_order() -> None:
    s = FUBA.from_position(BASE)
    s.skills = [{"stopper": 0, "catenaccio": 0}, {"catenaccio": 0, "stopper": 0}]
    text = _round_trip(s)
    assert _tag(text, "skills") == "stopper.catenaccio/catenaccio.stopper"
    assert list(FUBA.from_position(text).skills[1]) == ["catenaccio", "stopper"]


def test_the_skills_option_is_a_match_option() -> None:
    s = FUBA.from_position(BASE)
    s.options = {**s.options, "skills": 5}
    text = _round_trip(s)
    assert " options={skills=5} " in text
    del s.options["skills"]
    assert "options=" not in _round_trip(s)


def test_the_skills_come_after_the_weather_and_before_the_final_whistle() -> None:
    s = FUBA.from_position(SKILLS_TARGET)
    s.agenda, s.over = [], True
    tags = [part.partition("=")[0] for part in _round_trip(s).split(" ")[10:]]
    assert tags[-4:] == ["weather", "skills", "coachoff", "over"]


def test_a_skill_window_is_written_in_short() -> None:
    s = FUBA.from_position(GOAL_WINDOW)
    assert s.agenda[0] == {"k": "skill", "team": 1, "moment": "goal", "played": []}
    (decision,) = FUBA.pending(s)
    assert decision.actor == "east" and decision.kind == "skill"
    names = [c.action.args["name"] for c in decision.choices]
    assert names == ["trained_special_event", "none"]


def test_a_window_played_in_is_written_and_read_back() -> None:
    s = FUBA.from_position(FOLDED_WINDOW)
    assert s.agenda[0] == {"k": "skill", "team": 0, "moment": "free_moves", "played": ["runner"]}
    assert s.skills[0] == {"runner": 1, "fast_defender": 0}
    s.agenda[0]["played"] = ["runner", "fast_defender"]
    assert "skill:w:free_moves:runner.fast_defender;act:w" in _round_trip(s)


def test_a_window_with_values_of_its_own_writes_them_in_braces() -> None:
    s = FUBA.from_position(GOAL_WINDOW)
    s.agenda[0] = {"k": "skill", "team": 1, "moment": "goal", "played": [], "presser": 0,
                   "area": 5}  # fmt: skip
    assert "skill:e:goal:-{presser=0,area=5};roll:e:1:goal" in _round_trip(s)


def test_playing_a_skill_from_a_position_shows_in_the_next_position() -> None:
    s = FUBA.from_position(GOAL_WINDOW)
    after, events = FUBA.apply(s, Action("east", "skill", {"name": "trained_special_event"}))
    assert [e.data["skill"] for e in events if e.kind == "skill"] == ["trained_special_event"]
    text = _round_trip(after)
    assert _tag(text, "skills") == (
        "skilled_full_back.tackler/trained_special_event:1.goal_poacher.shot_stopper"
    )
    assert text.split(" ")[8] == "roll:e:1:goal"  # nothing else to play: the window closed


SKILL_ERRORS = [
    (BASE + " skills=catenacio/-", "field 'skills': there is no skill 'catenacio'"),
    (BASE + " skills=Clinical_Finisher/-", "field 'skills': there is no skill"),
    (BASE + " skills=stopper", "field 'skills': 'stopper' is not two values"),
    (BASE + " skills=stopper.stopper/-", "field 'skills': stopper is written twice"),
    (BASE + " skills=stopper:x/-", "write stopper:n for a skill played n times, stopper:lost"),
    (BASE + " skills=stopper:-1/-", "field 'skills': 'stopper:-1': write stopper:n"),
    (BASE + " skills=stopper:0/-", "field 'skills': write 'skills=stopper/-' here"),
    (BASE + " skills=stopper:01/-", "field 'skills': 'stopper:01'"),
    (BASE + " skills=-/-", "field 'skills': leave it out: it holds the default"),
    (BASE + " skills=[{stopper=0},{}]", "field 'skills': '[{stopper=0},{}]' is not two"),
    (BASE + " coachoff=x", "field 'coachoff': 'x': write w, e or we"),
    (BASE + " coachoff=ew", "field 'coachoff': 'ew': write w, e or we"),
    (BASE + " coach_off=[true,false]", "is not a field of a position"),
    (BASE + " coachoff=e skills=stopper/-", "field 'skills': written twice or out of order"),
    (BASE + " skills=stopper/- weather=rain", "field 'weather': written twice or out of order"),
    (
        GOAL_WINDOW.replace("skill:e:goal:-", "skill:e:goal:[]"),
        "field 'agenda': played: '[]' is not a word",
    ),
    (
        GOAL_WINDOW.replace("skill:e:goal:-", "skill:e:goal{played=[]}"),
        "field 'agenda': write 'skill:e:goal:-;roll:e:1:goal' here",
    ),
]


@pytest.mark.parametrize(("text", "fragment"), SKILL_ERRORS)
def test_skill_fields_written_wrong_are_refused_with_the_spelling_to_use(
    text: str, fragment: str
) -> None:
    with pytest.raises(PositionError) as info:
        FUBA.from_position(text)
    assert fragment in str(info.value), str(info.value)


_ALPHABET = "0123456789-/:;,.=_ abcdefgiklmnoprstuwx"


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(
    st.sampled_from([SKILLS_TARGET, GOAL_WINDOW, FOLDED_WINDOW]),
    st.lists(st.tuples(st.integers(0, 600), st.sampled_from(_ALPHABET)), min_size=1, max_size=3),
)
def test_damaged_skill_positions_give_a_clear_error_or_an_exact_position(
    text: str, edits: list[tuple[int, str]]
) -> None:
    chars = list(text)
    for at, ch in edits:
        chars[at % len(chars)] = ch
    damaged = "".join(chars)
    try:
        state = FUBA.from_position(damaged)
    except PositionError:
        return
    assert FUBA.position(state) == damaged.strip()
    FUBA.pending(state)
