"""Match options: sections per half, die faces, target score, advanced rule."""

from __future__ import annotations

import pytest

from engine.core import Action, MalformedAction
from engine.dicesoccer import DICESOCCER
from engine.dicesoccer.options import DEFAULT_FACES, normalize, parse_faces, symbols_to_dice

from .helpers import WHITE, act, both, find, position


def test_defaults() -> None:
    s = DICESOCCER.initial()
    assert s.options == {
        "sections": 3,
        "faces": list(DEFAULT_FACES),
        "target_score": 3,
        "advanced": False,
    }


def test_other_keys_are_ignored() -> None:
    """The referee may keep its own settings (a dice seed) next to the rules options."""
    assert DICESOCCER.initial({"seed": 12, "coach_side": "black"}).options == normalize({})


@pytest.mark.parametrize(
    "options",
    [
        {"sections": 0},
        {"sections": 7},
        {"sections": "three"},
        {"sections": True},
        {"target_score": 0},
        {"target_score": 10},
        {"advanced": "maybe"},
        {"faces": "BBBKP"},
        {"faces": "BBBBBB"},  # every chart symbol must appear
        {"faces": ["ball", "ball", "ball", "kick", "penalty", "goal"]},
        {"faces": 3},
    ],
)
def test_bad_options_are_refused(options: dict[str, object]) -> None:
    with pytest.raises(MalformedAction) as info:
        DICESOCCER.initial(options)
    assert len(str(info.value)) > 20


@pytest.mark.parametrize(
    ("text", "faces"),
    [
        ("BBKKPR", ["ball", "ball", "kick", "kick", "penalty", "red_card"]),
        ("b b k p r r", ["ball", "ball", "kick", "penalty", "red_card", "red_card"]),
        ("B B K P red card R", ["ball", "ball", "kick", "penalty", "red_card", "red_card"]),
        ("ball, kick, ball, penalty, ball, red card", None),
        (["Ball", "kick", "ball", "Penalty", "ball", "red"], None),
    ],
)
def test_faces_are_read_in_several_spellings(text: object, faces: list[str] | None) -> None:
    got = parse_faces(text)
    if faces is None:
        faces = ["ball", "kick", "ball", "penalty", "ball", "red_card"]
    assert got == faces


def test_faces_map_die_values_to_symbols() -> None:
    """With faces 1-2 ball, 3-4 kick, 5 penalty, 6 red card a 3 is a kick."""
    s = position(ball=4, faces="BBKKPR")
    s, ev = DICESOCCER.apply(s, Action(WHITE, "roll", {"dice": [3, 4, 3, 4, 1, 6]}))
    assert find(ev, "rolled").data["symbols"] == [
        "kick",
        "kick",
        "kick",
        "kick",
        "ball",
        "red_card",
    ]
    s, ev = DICESOCCER.apply(s, Action("black", "roll", {"dice": [1, 2, 5, 5, 6, 3]}))
    assert find(ev, "play").data["kind"] == "shot"


def test_symbols_to_dice_for_physical_symbol_dice() -> None:
    faces = parse_faces("BBKKPR")
    assert symbols_to_dice("B K P R R B", faces) == [1, 3, 5, 6, 6, 1]
    assert symbols_to_dice("BKPRRB", faces) == [1, 3, 5, 6, 6, 1]
    with pytest.raises(MalformedAction):
        symbols_to_dice("B X", faces)


@pytest.mark.parametrize(("sections", "white", "black"), [(1, 2, 1), (2, 3, 2), (4, 5, 4)])
def test_sections_set_the_kickoff_spots(sections: int, white: int, black: int) -> None:
    """The ball starts just past the halfway line: section ``sections + 1`` when White
    attacks, ``sections`` when Black attacks."""
    s = DICESOCCER.initial({"sections": sections})
    s, _ = act(s, WHITE, "roll", dice=[6])
    s, _ = act(s, "black", "roll", dice=[1])
    on, _ = act(s, WHITE, "start", role="offense")
    off, _ = act(s, WHITE, "start", role="defense")
    assert (on.ball, off.ball) == (white, black)


def test_four_sections_need_four_single_advances() -> None:
    s = position(ball=5, sections=4)
    for expected in (6, 7, 8):
        s, _ = both(s, "BBBBKP", "KKBPRB")
        assert s.ball == expected
    s, ev = both(s, "BBBBKP", "KKBPRB")
    assert find(ev, "goal").data["how"] == "advance"


def test_two_sections_five_balls_score_from_the_kickoff_spot() -> None:
    s = position(ball=3, sections=2)
    s, ev = both(s, "BBBBBK", "KKBPRB")
    assert find(ev, "goal").data == {"team": 0, "how": "advance", "score": [1, 0]}


def test_target_score_option() -> None:
    s = position(ball=6, target_score=1)
    s, ev = both(s, "BBBBKP", "KKBPRB")
    assert find(ev, "match_over").data == {"winner": 0, "score": [1, 0]}
    s = position(ball=6, target_score=5, score=(3, 0))
    s, ev = both(s, "BBBBKP", "KKBPRB")
    assert not s.over and s.score == [4, 0]
