"""The FUBA position notation (engine.fuba.position, docs/fuba-position.md): exact round trips
at every step of automatic matches, the documented examples, every error, random garbage."""

from __future__ import annotations

import doctest
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import Action, RulesError, VirtualDice
from engine.fuba import FUBA, FubaState, advanced, decisions
from engine.fuba import position as notation
from engine.fuba.coach import Coach, next_action
from engine.fuba.position import PositionError, decode, encode

MATCHES = 30
ADVANCED = {"advanced": list(advanced.ALL)}

# docs/fuba-position.md
KICKOFF = (
    "4-4-2/5-3-2 g2,4:2,5:3,6:2,7:3 g12,7:2,8:2,9:3,10:2,11:1 7 2 w h1:0 0-0 target:w "
    "new:kickoff kick=w turns=1/0"
)
ACTION_STAGE = (
    "4-4-2/4-3-3 g2,4:3,5:3,6:1,8:2,9:1 g12,7:3,8:1,9:3,10:1,11:1,13:1 9 3 w h1:32 1-0 "
    "act:w:1:free:2.4.5.6.8:-:0 actions:normal:16:w:8:-/-:9:1:3:we:1 kick=e turns=16/0 "
    "shots=1/2 yellow=0/1 pass=8>9 moved=8:2/-"
)
ADVANCED_TARGET = (
    "4-4-2/5-3-2 g2,4:3,5:3,6:2,7:2 g12,7:2,8:3,9:3,10:1 7 4 e h2:63 0-0 target:e new "
    "kick=w turns=19/9 shots=2/3 rules=all roles=1am/- cond=3.4.1/4.2.1 spent=2/3 tired=e "
    "subs=0/1 injured=-/7 weather=rain"
)


def _play(seed: int, options: dict[str, object] | None = None) -> Iterator[FubaState]:
    """Every state of a coach-vs-coach match (the live state: read it before the next)."""
    dice, coach = VirtualDice(seed), Coach(seed)
    state = FUBA.initial(options)
    yield state
    while not state.over:
        FUBA.apply_in_place(state, next_action(coach, state, dice))
        yield state


def _round_trip(state: FubaState) -> str:
    text = FUBA.position(state)
    back = FUBA.from_position(text)
    assert back == state, text
    assert FUBA.to_json(back) == FUBA.to_json(state)  # the same types too (True is not 1)
    assert FUBA.position(back) == text
    return text


@pytest.mark.parametrize("chunk", range(3))
def test_round_trip_at_every_step_of_automatic_matches(chunk: int) -> None:
    for seed in range(chunk * MATCHES // 3, (chunk + 1) * MATCHES // 3):
        texts = [_round_trip(state) for state in _play(seed)]
        assert " over" in texts[-1]
        assert len(texts) > 100


@pytest.mark.parametrize("chunk", range(3))
def test_round_trip_with_every_advanced_rule(chunk: int) -> None:
    for seed in range(chunk * MATCHES // 3, (chunk + 1) * MATCHES // 3):
        for state in _play(seed, ADVANCED):
            assert " rules=all" in _round_trip(state)


def test_a_match_plays_on_from_its_position_as_from_the_state() -> None:
    """The position holds everything: a coach match continued from the text ends like the
    original."""
    states = _play(4)
    for _ in range(300):
        state = next(states)
    copy = FUBA.from_position(FUBA.position(state))
    dice_a, dice_b = VirtualDice(99), VirtualDice(99)
    coach = Coach(4)
    for original, dice in ((state, dice_a), (copy, dice_b)):
        while not original.over:
            FUBA.apply_in_place(original, next_action(coach, original, dice))
    assert copy == state and copy.over


def test_the_initial_state() -> None:
    text = FUBA.position(FUBA.initial())
    assert text == "-/- g2 g12 7 2 - h1:0 0-0 formation:-/-:0 pre"
    assert FUBA.from_position(text) == FUBA.initial()
    assert FUBA.position(FUBA.initial(ADVANCED)) == text + " rules=all"


def test_kickoff_example() -> None:
    s = FUBA.from_position(KICKOFF)
    assert s.formations == [[4, 4, 2], [5, 3, 2]]
    assert s.keeper == [2, 12]
    assert s.outfield[0][5] == 3 and s.outfield[1][11] == 1
    assert sum(s.outfield[0]) == sum(s.outfield[1]) == 10
    assert (s.ball, s.value, s.control, s.first_half_ct) == (7, 2, 0, 0)
    assert s.turn == {"stage": "target", "kind": "kickoff", "n": 1, "ct": 0, "start": 7,
                      "acts": [[], []]}  # fmt: skip
    (decision,) = FUBA.pending(s)
    assert decision.actor == "west" and decision.kind == "target"
    s2, _ = FUBA.apply(s, decision.choices[0].action)  # the engine plays on from it
    assert s2.agenda[0]["for"] == "situation"
    assert FUBA.position(s) == KICKOFF


def test_action_stage_example() -> None:
    s = FUBA.from_position(ACTION_STAGE)
    assert s.agenda == [
        {"k": "act", "team": 0, "first": True, "mode": "free", "o": [2, 4, 5, 6, 8], "g": [],
         "kr": False}
    ]  # fmt: skip
    assert s.turn["acts"] == [[], []] and s.turn["order"] == [0, 1] and s.turn["seq"] == 1
    assert s.turn["target"] == 9 and s.turn["had"] is True and s.turn["value1"] == 3
    assert (s.score, s.goal_attempts, s.yellows, s.last_pass) == ([1, 0], [1, 2], [0, 1], [8, 9])
    assert s.moved[0][8] == 2 and s.first_half_ct == 1
    kinds = {c.label for c in FUBA.pending(s)[0].choices}
    assert {"goal", "move", "position"} <= kinds
    s2, _ = FUBA.apply(s, Action("west", "action", {"kind": "goal"}))
    assert s2.agenda[0] == {"k": "roll", "team": 0, "n": 1, "for": "goal"}
    assert FUBA.position(s) == ACTION_STAGE


def test_advanced_example() -> None:
    s = FUBA.from_position(ADVANCED_TARGET)
    assert s.options == {"advanced": list(advanced.ALL)}
    assert s.roles == [{"am": 1}, {}]
    assert s.condition == [[3, 4, 1], [4, 2, 1]] and s.spent == [2, 3]
    assert s.tired == [False, True] and s.subs == [0, 1] and s.injured == [[], [7]]
    assert s.weather == "rain" and (s.half, s.minute) == (2, 63)
    assert sum(s.outfield[1]) == 9 and FUBA.pending(s)[0].actor == "east"
    assert FUBA.position(s) == ADVANCED_TARGET


def test_clock_cards_and_keeper_flags() -> None:
    s = FUBA.from_position(KICKOFF)
    s.half, s.minute, s.stoppage = 2, 90, 2
    s.reds = [1, 0]
    s.keeper_moved, s.keeper_hurt = [True, False], [True, True]
    text = _round_trip(s)
    assert " h2:90+2 " in text and " red=1/0" in text
    assert " kmoved=w" in text and " khurt=we" in text


def test_new_step_kinds_and_turn_keys_round_trip_without_changes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Other rules add step kinds and keys: they are written generically, any JSON value."""
    for kind in ("charge", "boost"):  # as a rule adds them
        monkeypatch.setitem(decisions._PENDING, kind, decisions._PENDING["target"])
    s = FUBA.from_position(KICKOFF)
    s.agenda = [
        {"k": "target", "team": 0, "note": "d>m", "plan": ["fresh", None, True, -3, {}]},
        {"k": "charge", "team": 1, "zone": "midfield"},
        {"k": "boost", "choices": {"use": 5, "skip ": "it's 'fine' 100%", "é": []}},
        {"k": "roll", "team": 1, "n": 1, "for": "yellow", "reason": "second yellow"},
    ]
    s.turn = {**s.turn, "special": "5-5", "phase": 3, "null": None, "true": "false"}
    text = _round_trip(s)
    assert "target:w{note='d>m',plan=[fresh,null,true,-3,{}]};charge:e{zone=midfield}" in text
    assert "roll:e:1:yellow{reason='second%20yellow'}" in text


def test_steps_that_do_not_fit_the_short_form_are_written_whole() -> None:
    s = FUBA.from_position(KICKOFF)
    s.agenda = [{"k": "target", "team": 0}, {"k": "moves", "team": 1, "mode": "action",
                                              "made": True, "left": "many"}]  # fmt: skip
    s.turn = {"stage": "new", "kind": "pass", "n": 3}  # the compiled engine wants a text kind
    text = _round_trip(s)
    assert "moves:e:action{made=true,left=many}" in text
    assert text.split(" ")[9] == "{stage=new,kind=pass,n=3}"


def test_generic_values() -> None:
    for value in (
        0,
        -12,
        True,
        False,
        None,
        "x",
        "null",
        "5-5",
        "",
        " a b",
        [],
        {},
        [[1], {"a b": 2}],
    ):
        assert decode(encode(value)) == value
        assert type(decode(encode(value))) is type(value)
    assert encode({"k": "true", "v": "True"}) == "{k='true',v=True}"
    with pytest.raises(TypeError, match="float"):
        encode(1.5)


def test_the_doctests() -> None:
    failures, tried = doctest.testmod(notation)
    assert tried >= 5 and failures == 0


# every error names its field
ERRORS = [
    ("", "at least 10 fields"),
    ("-/- g2 g12 7 2 - h1:0 0-0 formation:-/-:0", "at least 10 fields"),
    (KICKOFF.replace(" 7 2 w", "  7 2 w"), "single spaces"),
    (KICKOFF.replace("4-4-2/5-3-2", "4-4-2"), "field 'formations'"),
    (KICKOFF.replace("4-4-2/5-3-2", "4-4-3/5-3-2"), "field 'formations': west: A formation"),
    (KICKOFF.replace("g2,4:2", "g2,g3,4:2"), "field 'west': two goalkeepers"),
    (KICKOFF.replace("g2,4:2", "4:2"), "field 'west': no goalkeeper"),
    (KICKOFF.replace("g2,4:2", "g14,4:2"), "field 'west': the goalkeeper must be in an area"),
    (KICKOFF.replace("g12,7:2", "g12,7:3"), "field 'east': 11 outfield players"),
    (KICKOFF.replace("g12,7:2", "g12,18:2"), "field 'east': there is no area 18"),
    (KICKOFF.replace("g12,7:2,8:2", "g12,8:2,7:2"), "field 'east': write the areas in increasing"),
    (KICKOFF.replace("g12,7:2", "g12,7:0"), "field 'east': leave out empty areas"),
    (KICKOFF.replace("g12,7:2", "g12,7x2"), "field 'east': '7x2' is not area:players"),
    (KICKOFF.replace(" 7 2 w", " 0 2 w"), "field 'ball': '0' is not an area 1-17"),
    (KICKOFF.replace(" 7 2 w", " 7 7 w"), "field 'value': '7' is not a ball value 1-6"),
    (KICKOFF.replace(" 7 2 w", " 7 2 x"), "field 'control'"),
    (KICKOFF.replace(" 7 2 w", " 7 2 -"), "field 'control': only the kick-off"),
    (KICKOFF.replace("h1:0", "h3:0"), "field 'clock'"),
    (KICKOFF.replace("h1:0", "h1:50"), "field 'clock': half 1 runs from minute 0 to 45"),
    (KICKOFF.replace("h1:0", "h1:30+1"), "field 'clock': stoppage time starts at minute 45"),
    (KICKOFF.replace("h1:0", "h1:45+6"), "field 'clock': stoppage time has 5 squares"),
    (KICKOFF.replace("0-0", "0:0"), "field 'score'"),
    (KICKOFF.replace("target:w new", "- new"), "field 'agenda': nothing is pending"),
    (KICKOFF.replace("target:w", "shoot:w"), "field 'agenda': there is no step 'shoot'"),
    (KICKOFF.replace("target:w", "target:x"), "field 'agenda': team: 'x' is not a team"),
    (KICKOFF.replace("target:w", "target:w:2"), "field 'agenda': too many ':' values"),
    (KICKOFF.replace("target:w", "target:w;"), "field 'agenda': '' is not a step"),
    (KICKOFF.replace("target:w", "target{team=2}"), "field 'agenda': target{team=2}: the team"),
    (KICKOFF.replace("target:w", "roll:w:2:luck"), "field 'agenda': there is no roll for 'luck'"),
    (KICKOFF.replace("target:w", "roll:w:9:goal"), "field 'agenda': a roll is of 1 to 3 dice"),
    (KICKOFF.replace("target:w", "{team=0}"), "field 'agenda': {team=0} is not a step"),
    (KICKOFF.replace("target:w", "target:w{a=[1,}"), "field 'agenda': expected a value"),
    (KICKOFF.replace("target:w", "target:w{a='x}"), "field 'agenda': the quoted text has no"),
    (KICKOFF.replace("target:w", "target:w{a='%zz'}"), "field 'agenda': % in quoted text"),
    (KICKOFF.replace("target:w", "target:w{a=1,a=2}"), "field 'agenda': the key 'a' appears"),
    (KICKOFF.replace("target:w", "target:w{a=5-5}"), "field 'agenda': '5-5' is not a value"),
    (KICKOFF.replace("target:w", "target:w{k=x}"), "field 'agenda': the step's kind is written"),
    (KICKOFF + " x", "'x' is not a field of a position"),
    (KICKOFF.replace("new:kickoff", "new:Kick"), "field 'turn': 'Kick' is not a kind of turn"),
    (KICKOFF.replace("new:kickoff", "9x"), "field 'turn': '9x' is not a turn stage"),
    (KICKOFF.replace("new:kickoff", "new:kickoff{a=1}"), "field 'turn': unexpected text"),
    (KICKOFF.replace("new:kickoff", "{stage=target}"), "field 'agenda': the engine cannot"),
    (KICKOFF.replace("new:kickoff", "actions:normal:x"), "field 'turn': n: 'x' is not a whole"),
    (KICKOFF.replace("new:kickoff", "actions{stage=x}"), "field 'turn': the stage is written"),
    (KICKOFF.replace("target:w new:kickoff", "target:w pre"), "field 'agenda': the engine cannot"),
    (KICKOFF + " over", "field 'agenda': a match that is over has nothing pending"),
    (KICKOFF + " color=red", "'color=red' is not a field of a position"),
    (KICKOFF.replace("kick=w ", ""), "field 'kick': write which team kicked off"),
    (KICKOFF.replace("kick=w", "kick=n"), "field 'kick': 'n' is not a team"),
    (KICKOFF.replace("turns=1/0", "turns=1"), "field 'turns': '1' is not two values"),
    (KICKOFF.replace("turns=1/0", "turns=1/-1"), "field 'turns': '-1' is not a whole number"),
    (KICKOFF + " kick=w", "field 'kick': written twice or out of order"),
    (KICKOFF.replace("kick=w turns=1/0", "turns=1/0 kick=w"), "field 'kick': written twice"),
    (KICKOFF + " red=11/0", "field 'red': west has only 10 outfield players"),
    (KICKOFF + " pass=7-9", "field 'pass': '7-9' is not from>to"),
    (KICKOFF + " pass=7>30", "field 'pass': a pass goes between areas 1-17"),
    (KICKOFF + " moved=4:1", "field 'moved'"),
    (KICKOFF + " moved=0:1/-", "field 'moved': there is no area 0"),
    (KICKOFF + " locked=5:1,4:1/-", "field 'locked': '4:1': areas 0-17 in increasing order"),
    (KICKOFF + " kmoved=x", "field 'kmoved': 'x': write w, e or we"),
    (KICKOFF + " rules=condition,vars", "field 'rules': there is no advanced rule 'vars'"),
    (KICKOFF + " rules=weather,condition", "field 'rules': write each rule once, in this order"),
    (KICKOFF + " rules=pressing", "field 'rules': Aggressive pressing needs condition points"),
    (KICKOFF + " options=[1]", "field 'options': write the other match options"),
    (KICKOFF + " options={advanced=[]}", "field 'options': write the other match options"),
    (KICKOFF + " rules=all roles=2xx.2xx/-", "field 'roles': '2xx' is not a role count"),
    (KICKOFF + " rules=all cond=4.4/-", "field 'cond'"),
    (KICKOFF + " rules=all cond=4.4.4/0.0.0", "field 'cond': west has more than 10 condition"),
    (KICKOFF + " rules=all tired=ew", "field 'tired': 'ew': write w, e or we"),
    (KICKOFF + " rules=all injured=1.2/-", "field 'injured': west would have more than 10"),
    (KICKOFF + " rules=all weather=snow", "field 'weather': there is no weather 'snow'"),
    (KICKOFF.replace("new:kickoff", "new:normal"), "field 'turn': write 'new' here"),
    (KICKOFF.replace("turns=1/0", "turns=1/0 yellow=0/0"), "field 'yellow': leave it out"),
    (KICKOFF + " weather=rain rules=all", "field 'rules': written twice or out of order"),
]


@pytest.mark.parametrize(("text", "fragment"), ERRORS)
def test_errors_name_the_faulty_field(text: str, fragment: str) -> None:
    with pytest.raises(PositionError) as info:
        FUBA.from_position(text)
    assert fragment in str(info.value), str(info.value)


def test_a_position_error_is_a_rules_error_and_text_only() -> None:
    assert issubclass(PositionError, RulesError)
    with pytest.raises(PositionError, match="a position is text"):
        FUBA.from_position(None)  # type: ignore[arg-type]


def test_surrounding_whitespace_is_ignored() -> None:
    assert FUBA.from_position(f"  {KICKOFF}\n") == FUBA.from_position(KICKOFF)


_ALPHABET = "0123456789-/:;,.=+{}[]'% gwenhxy_abcdeklmoprstv>"


@settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(st.text(alphabet=_ALPHABET, max_size=120))
def test_random_garbage_gives_the_clear_error(text: str) -> None:
    try:
        state = FUBA.from_position(text)
    except PositionError as exc:
        assert re.match(r"(field '\w+': )?\S", str(exc))
    else:
        assert FUBA.position(state) == text.strip()


@settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(
    st.sampled_from([KICKOFF, ACTION_STAGE, ADVANCED_TARGET]),
    st.lists(st.tuples(st.integers(0, 400), st.sampled_from(_ALPHABET)), min_size=1, max_size=3),
)
def test_damaged_positions_give_the_clear_error_or_an_exact_position(
    text: str, edits: list[tuple[int, str]]
) -> None:
    """Near misses of real positions: a clear error, or a position that is written back the
    same way (an accepted text is always the canonical one)."""
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


def test_the_documented_examples_are_exact_positions() -> None:
    docs = (Path(__file__).parents[2] / "docs" / "fuba-position.md").read_text()
    examples = re.findall(r"^    ([-0-9].*)$", docs, flags=re.M)
    assert examples[:3] == [KICKOFF, ACTION_STAGE, ADVANCED_TARGET]
    for text in examples:
        assert FUBA.position(FUBA.from_position(text)) == text
    assert "`-/- g2 g12 7 2 - h1:0 0-0 formation:-/-:0 pre`" in docs
