"""Every cell of the dice chart, for the offense and for the defense, and instant goals for
either team. Default field: 3 sections per half; White's half 1-3, Black's 4-6."""

from __future__ import annotations

import pytest

from engine.dicesoccer import DICESOCCER

from .helpers import BLACK, WHITE, act, both, decision, find, kinds, position, waiting

LOSER = "KKBPRB"  # two kicks, two balls: a count of 2, beaten by any count of 3 or more


@pytest.mark.parametrize(
    ("ball", "dice", "kind", "to", "sections"),
    [
        (4, "BBBKPR", "advance", 5, 1),  # 3 balls: 1 section
        (4, "BBBBKP", "advance", 5, 1),  # 4 balls: 1 section
        (4, "BBBBBK", "advance", 6, 2),  # 5 balls: 2 sections
        (5, "BBBBBK", "goal", None, 2),  # 5 balls from section 5: into the goal
        (6, "BBBBKP", "goal", None, 1),  # 1 section from the last section: a goal
        (4, "BBBBBB", "goal", None, 0),  # 6 balls: an instant goal
        (4, "KKKBPR", "shot", None, 0),
        (4, "PPPBKR", "free_kick", None, 0),
        (4, "RRRBKP", "advance", 5, 1),  # red card: one section and Black rolls one fewer
        (6, "RRRBKP", "goal", None, 1),  # red card from the last section: a goal
    ],
)
def test_offense_white(ball: int, dice: str, kind: str, to: int | None, sections: int) -> None:
    s = position(ball=ball)
    s, ev = both(s, dice, LOSER)
    play = find(ev, "play").data
    assert (play["team"], play["role"], play["kind"]) == (0, "offense", kind)
    assert play["ball_to"] == to and play["sections"] == sections
    if kind == "goal":
        goal = find(ev, "goal").data
        assert goal["team"] == 0 and s.score == [1, 0]
        assert goal["how"] == ("instant" if dice == "BBBBBB" else "advance")
        assert s.ball == 3  # Black restarts on offense just past the halfway line
    elif kind in ("shot", "free_kick"):
        assert s.roll["for"] == kind and s.ball == ball
        black = 5 if kind == "free_kick" else 6
        assert sorted(waiting(s)) == [(BLACK, "roll", black), (WHITE, "roll", 6)]
    else:
        assert s.ball == to
        assert s.ball > 3  # still in Black's half: White stays on offense
    assert s.penalty == ([0, 1] if dice.startswith("RRR") else [0, 0])


@pytest.mark.parametrize(
    ("ball", "dice", "kind", "to", "offense"),
    [
        (5, "BBBKPR", "push_back", 4, 0),  # 3 balls: back 1 section, White still attacks
        (5, "BBBBKP", "push_back", 4, 0),  # 4 balls: back 1 section
        (5, "BBBBBK", "push_back", 3, 1),  # 5 balls: back 2, over the halfway line
        (6, "BBBBBK", "push_back", 4, 0),
        (4, "BBBBKP", "push_back", 3, 1),  # back 1 from just past halfway: Black attacks
        (5, "KKKBPR", "clear", 3, 1),  # kick: clearance to just past the halfway line
        (6, "PPPBKR", "clear", 3, 1),  # penalty: clearance
        (5, "RRRBKP", "clear", 3, 1),  # red card: clearance and White rolls one fewer
    ],
)
def test_defense_black(ball: int, dice: str, kind: str, to: int, offense: int) -> None:
    s = position(ball=ball)
    s, ev = both(s, LOSER, dice)
    play = find(ev, "play").data
    assert (play["team"], play["role"], play["kind"]) == (1, "defense", kind)
    assert play["ball_to"] == to and s.ball == to
    assert play["offense"] == offense  # who attacks after the play
    assert s.penalty == ([1, 0] if dice.startswith("RRR") else [0, 0])
    assert s.score == [0, 0]


def test_defense_instant_goal() -> None:
    """Scoring goals: the defense scores only with six balls; the offense restarts."""
    s = position(ball=5)
    s, ev = both(s, LOSER, "BBBBBB")
    assert find(ev, "play").data["role"] == "defense"
    assert find(ev, "goal").data == {"team": 1, "how": "instant", "score": [0, 1]}
    assert s.ball == 4  # White, who conceded, attacks from just past the halfway line


@pytest.mark.parametrize(
    ("ball", "dice", "kind", "to"),
    [
        (3, "BBBBKP", "advance", 2),
        (3, "BBBBBK", "advance", 1),
        (2, "BBBBBK", "goal", None),
        (1, "RRRBKP", "goal", None),
        (3, "BBBBBB", "goal", None),
    ],
)
def test_offense_black_attacks_towards_section_one(
    ball: int, dice: str, kind: str, to: int | None
) -> None:
    s = position(ball=ball)
    s, ev = both(s, LOSER, dice)
    play = find(ev, "play").data
    assert (play["team"], play["role"], play["kind"], play["ball_to"]) == (1, "offense", kind, to)
    if kind == "goal":
        assert s.score == [0, 1] and s.ball == 4


def test_defense_white_clears_to_blacks_half() -> None:
    s = position(ball=2)
    s, ev = both(s, "KKKBPR", LOSER)
    assert find(ev, "play").data["kind"] == "clear"
    assert s.ball == 4
    s = position(ball=2)
    s, ev = both(s, "BBBBBB", LOSER)
    assert find(ev, "goal").data["team"] == 0


def test_push_back_never_enters_a_goal() -> None:
    """With one section per half a two-section push back would pass the offense's goal
    line; the ball stops in the last section (only six balls score for the defense)."""
    s = position(ball=2, sections=1)
    s, ev = both(s, LOSER, "BBBBBK")
    assert find(ev, "play").data["ball_to"] == 1
    assert s.score == [0, 0] and s.ball == 1


def test_offense_tie_between_distinct_plays_is_asked() -> None:
    s = position(ball=4)
    s, _ = both(s, "BBBRRR", LOSER)
    d = decision(s)
    assert d.kind == "pick" and [c.action.args["symbol"] for c in d.choices] == [
        "ball",
        "red_card",
    ]
    s, ev = act(s, WHITE, "pick", symbol="red_card")
    assert s.ball == 5 and s.penalty == [0, 1]


def test_defense_kick_penalty_tie_is_not_asked() -> None:
    """A defense tie between kick and penalty: both clear the ball, so nothing to ask."""
    s = position(ball=5)
    s, ev = both(s, LOSER, "KKKPPP")
    play = find(ev, "play").data
    assert play["kind"] == "clear" and play["auto_pick"] is True
    assert s.ball == 3


def test_defense_ball_kick_tie_asked_only_when_it_matters() -> None:
    """From just past the halfway line a one-section push back lands where a clearance
    would: nothing to ask. Deeper, the two plays differ: the defense picks."""
    s = position(ball=4)
    s, ev = both(s, LOSER, "BBBKKK")
    assert find(ev, "play").data["auto_pick"] is True and s.ball == 3
    s = position(ball=5)
    s, ev = both(s, LOSER, "BBBKKK")
    assert "play" not in kinds(ev)
    d = decision(s)
    assert (d.actor, d.kind) == (BLACK, "pick")
    assert [c.info["kind"] for c in d.choices] == ["push_back", "clear"]
    s2, _ = act(s, BLACK, "pick", symbol="ball")
    assert s2.ball == 4
    s3, _ = act(s, BLACK, "pick", symbol="kick")
    assert s3.ball == 3
    assert DICESOCCER.pending(s3)[0].kind == "roll"


def test_six_balls_must_win_the_roll() -> None:
    """Six balls against six kicks is a tie: the chip holder decides."""
    s = position(ball=4)
    s, ev = both(s, "BBBBBB", "KKKKKK")
    assert decision(s).kind == "chip"
    used, ev = act(s, BLACK, "chip", use=True)
    assert used.score == [0, 0] and find(ev, "play").data["kind"] == "clear"
    kept, ev = act(s, BLACK, "chip", use=False)
    assert find(ev, "goal").data == {"team": 0, "how": "instant", "score": [1, 0]}


def test_six_balls_at_a_shot_are_just_six_balls() -> None:
    s = position(ball=4)
    s, _ = both(s, "KKKKBB", "BBBPPR")
    s, ev = both(s, "BBBBBB", "BBBBBK")
    assert find(ev, "attempt").data == {
        "kind": "shot",
        "team": 0,
        "balls": [6, 5],
        "winner": 0,
        "scored": True,
    }
    assert find(ev, "goal").data["how"] == "shot"
