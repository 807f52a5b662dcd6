"""Roll-off and set-up (Setup, Starting the game): who kicks off, the presets, typed layouts."""

from __future__ import annotations

import pytest

from engine.core import RulesError
from engine.simplesoccer import SIMPLESOCCER
from engine.simplesoccer.field import SIZES, field, name
from engine.simplesoccer.setup import check_layout, parse_layout

from .scenario import EAST, WEST, act, ball_name, find, kinds, new, problem, roll, started

# a legal standard-board layout for West (10 fielders) when East kicks off
WEST_DEFENDING = "G goal7, 1 b2, 2 b5, 3 b9, 4 b12, 5 e3, 6 e7, 7 e11, 8 h4, 9 h10, 10 g7"


def _after_rolloff(kickoff: str = WEST, **options: object):
    s = new(**options)
    a, b = (6, 1) if kickoff == WEST else (1, 6)
    s, _ = roll(s, WEST, a)
    s, _ = roll(s, EAST, b)
    return s


def test_higher_rolloff_die_kicks_off() -> None:
    s = new()
    s, _ = roll(s, WEST, 2)
    s, ev = roll(s, EAST, 5)
    assert find(ev, "rolloff").data == {"dice": [2, 5], "winner": 1}
    assert s.step["k"] == "setup" and s.step["kickoff"] == 1
    decisions = SIMPLESOCCER.pending(s)
    assert [d.actor for d in decisions] == [WEST, EAST]
    assert [d.info["kickoff"] for d in decisions] == [False, True]


def test_rolloff_tie_rolls_again() -> None:
    s = new()
    s, _ = roll(s, WEST, 4)
    s, ev = roll(s, EAST, 4)
    assert find(ev, "rolloff").data["winner"] == -1
    assert s.step == {"k": "rolloff", "dice": [None, None]}
    assert {d.actor for d in SIMPLESOCCER.pending(s)} == {WEST, EAST}
    s, _ = roll(s, EAST, 6)
    s, ev = roll(s, WEST, 3)
    assert find(ev, "rolloff").data["winner"] == 1


def test_rolling_twice_in_the_rolloff_is_refused() -> None:
    s = new()
    s, _ = roll(s, WEST, 2)
    assert "already rolled" in (problem(s, WEST, "roll", dice=[6]) or "")


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("preset", ["balanced", "attacking", "defensive"])
@pytest.mark.parametrize("kickoff", [WEST, EAST])
def test_presets_are_legal_for_both_roles_and_all_sizes(
    size: str, preset: str, kickoff: str
) -> None:
    for fielders in (1, 4, SIZES[size].fielders, 10):
        s = started(kickoff, (preset, preset), size=size, fielders=fielders)
        assert s.step["k"] == "roll" and s.step["team"] == (0 if kickoff == WEST else 1)
        # the kick-off: ball on the centre spot, the kicker has it at its feet -> 2 dice
        assert s.ball == list(s.field.centre) and s.step["n"] == 2
        assert all(len(s.members[t]) == fielders + 1 for t in (0, 1))


def test_kickoff_rolls_two_dice_and_play_starts() -> None:
    s = started(EAST)
    d = SIMPLESOCCER.pending(s)[0]
    assert (d.actor, d.dice) == (EAST, 2)
    s, ev = roll(s, EAST, 3, 4)
    assert find(ev, "rolled").data["points"] == 7 and s.turn["left"] == 7


def test_typed_layout_is_accepted() -> None:
    s = _after_rolloff(EAST)
    s, ev = act(s, WEST, "setup", layout=WEST_DEFENDING)
    assert find(ev, "setup").data == {"team": 0, "preset": None}
    f = s.field
    assert name(f, s.members[0]["G"]["at"]) == "goal7"
    assert name(f, s.members[0]["10"]["at"]) == "g7"
    assert all(m["facing"] == "e" for m in s.members[0].values())
    s, ev = act(s, EAST, "setup", preset="defensive")
    assert "kickoff" in kinds(ev) and ball_name(s) == "k7"


def test_layout_as_a_mapping() -> None:
    s = _after_rolloff(EAST)
    layout = dict(part.split() for part in WEST_DEFENDING.split(", "))
    s, _ = act(s, WEST, "setup", layout=layout)
    assert s.step["placed"] == [True, False]


def _west_layout(**changes: str) -> str:
    parts = dict(p.split() for p in WEST_DEFENDING.split(", "))
    for label, sq in changes.items():
        if sq:
            parts[label] = sq
        else:
            del parts[label]
    return ", ".join(f"{k} {v}" for k, v in parts.items())


KICKING_WEST = _west_layout(**{"10": "j7"})


@pytest.mark.parametrize(
    ("layout", "kickoff", "words"),
    [
        (_west_layout(**{"5": "m3"}), EAST, "other team's half"),
        (_west_layout(**{"5": "k3"}), EAST, "halfway"),
        (_west_layout(**{"10": "j7"}), EAST, "centre circle"),
        (_west_layout(**{"10": "j8"}), EAST, "centre circle"),
        (WEST_DEFENDING, WEST, "kick off"),  # no kicker
        (KICKING_WEST.replace("9 h10", "9 j8"), WEST, "exactly one"),  # two kickers
        (_west_layout(**{"7": ""}), EAST, "7 still missing"),
        (WEST_DEFENDING + ", 7 c3", EAST, "placed twice"),
        (_west_layout(**{"4": "b5"}), EAST, "two members"),
        (_west_layout(**{"5": "goal4"}), EAST, "Only the goalkeeper"),
        (_west_layout(**{"11": "c3"}), EAST, "no member 11"),
    ],
)
def test_bad_layouts_are_refused_with_a_reason(layout: str, kickoff: str, words: str) -> None:
    s = _after_rolloff(kickoff)
    why = problem(s, WEST, "setup", layout=layout)
    assert why is not None and words in why, why


def test_the_kicker_must_have_the_ball_in_front_of_its_feet() -> None:
    s = _after_rolloff(WEST)
    assert problem(s, WEST, "setup", layout=KICKING_WEST) is None
    # j6 and j8 are diagonal front squares of k7: also fine
    assert problem(s, WEST, "setup", layout=_west_layout(**{"10": "j6"})) is None
    # behind the ball (l7 is East's half anyway) or beside it on the halfway column: refused
    assert problem(s, WEST, "setup", layout=_west_layout(**{"10": "k8"})) is not None
    assert problem(s, WEST, "setup", layout=_west_layout(**{"10": "i7"})) is not None


def test_goalkeeper_cannot_stand_in_the_other_goal() -> None:
    # a typed "goal7" always means the own goal, so check the rule on the squares themselves
    f = field("standard")
    layout = parse_layout(f, 0, WEST_DEFENDING)
    layout["G"] = (f.width, 6)  # East's goal square
    with pytest.raises(RulesError, match="own goal"):
        check_layout(f, 0, 10, False, layout)
    layout["G"] = (-1, 6)
    check_layout(f, 0, 10, False, layout)


def test_goalkeeper_may_stand_in_its_own_goal_or_on_the_board() -> None:
    s = _after_rolloff(EAST)
    assert problem(s, WEST, "setup", layout=_west_layout(G="goal4")) is None
    assert problem(s, WEST, "setup", layout=_west_layout(G="a7")) is None


def test_a_set_up_team_cannot_set_up_again_and_unknown_presets_are_refused() -> None:
    s = _after_rolloff(EAST)
    assert "not a preset" in (problem(s, WEST, "setup", preset="wild") or "")
    s, _ = act(s, WEST, "setup", preset="balanced")
    assert "set up" in (problem(s, WEST, "setup", preset="balanced") or "")
