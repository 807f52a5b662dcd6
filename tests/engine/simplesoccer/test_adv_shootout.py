"""The advanced overtime shootout (Advanced overtime shootout): the kicker picks its die's
face in secret, the goalkeeper then picks a spot, and the face counts as the die."""

from __future__ import annotations

from engine.simplesoccer import SIMPLESOCCER, flow

from .scenario import (
    EAST,
    SIDES,
    WEST,
    act,
    find,
    kinds,
    new,
    play_turn_out,
    problem,
    roll,
    started,
)

ADVANCED = {"options": "shootout"}


def _shootout(first: str = WEST, **options: object):
    """A 0-0 turn-count match with the advanced shootout that just went to penalties."""
    s = started(first, turns=2, **{**ADVANCED, **options})  # type: ignore[arg-type]
    s = play_turn_out(s, first)
    s = play_turn_out(s, SIDES[1 - SIDES.index(first)])
    return s


def _kick(s, face: int, spot: int, save: tuple[int, ...] | None = None):
    """One penalty: the kicker's hidden face, the goalkeeper's spot, its save dice."""
    kicker = SIDES[s.step["team"]]
    keeper = SIDES[1 - s.step["team"]]
    s, ev = act(s, kicker, "face", face=face)
    s, ev2 = act(s, keeper, "spot", spot=spot)
    ev += ev2
    if save is not None:
        s, ev3 = roll(s, keeper, *save)
        ev += ev3
    return s, ev


def test_the_kicker_picks_a_face_first_in_secret() -> None:
    s = _shootout(EAST)
    assert s.step == {"k": "face", "team": 1}
    (d,) = SIMPLESOCCER.pending(s)
    assert (d.actor, d.kind, d.secret, d.dice) == (EAST, "face", True, 0)
    assert [c.label for c in d.choices] == [f"Face {n}" for n in range(1, 7)]
    assert problem(s, WEST, "spot", spot=4) is not None  # the goalkeeper waits


def test_the_face_is_hidden_from_the_goalkeeper_and_spectators_until_the_spot() -> None:
    s = _shootout()
    s, ev = act(s, WEST, "face", face=5)
    assert find(ev, "face_chosen").data == {"team": 0}  # the event does not tell it
    assert s.step == {"k": "spot", "team": 1}
    assert SIMPLESOCCER.view(s, EAST)["shootout"]["face"] is None
    assert SIMPLESOCCER.view(s, None)["shootout"]["face"] is None
    assert SIMPLESOCCER.view(s, WEST)["shootout"]["face"] == 5


def test_the_face_counts_as_the_die_without_a_roll() -> None:
    s = _shootout()
    s, ev = _kick(s, 6, 7)  # a 6 with the goalkeeper on 7: the ball on 6
    pen = find(ev, "penalty").data
    assert (pen["die"], pen["ball"], pen["spot"], pen["distance"], pen["face"]) == (
        6,
        6,
        7,
        1,
        True,
    )
    assert s.step["k"] == "penalty_save" and s.step["n"] == 1
    assert s.shootout["face"] is None
    assert SIMPLESOCCER.view(s, EAST)["shootout"]["ball"] == 6


def test_a_far_face_scores_at_once_and_the_other_team_hides_its_face_next() -> None:
    s = _shootout()
    s, ev = _kick(s, 6, 1)  # the ball on 7, six away
    assert "penalty_save_roll" not in kinds(ev)
    assert find(ev, "penalty_result").data["scored"] is True
    assert s.step == {"k": "face", "team": 1}


def test_a_wrong_face_is_refused() -> None:
    s = _shootout()
    assert "1 to 6" in (problem(s, WEST, "face", face=7) or "")
    assert problem(s, WEST, "roll", dice=[3]) is not None  # no roll for the kick


def test_a_whole_advanced_shootout() -> None:
    s = _shootout()
    # West scores 3 (ball far from the goalkeeper), East misses 3 (caught beside it)
    for _ in range(3):
        s, _ = _kick(s, 6, 1)
        s, _ = _kick(s, 1, 1, (3,))  # the ball on 2, the goalkeeper on 1 grabs with a 3
    assert s.over and s.winner == 0 and s.reason == "shootout"
    assert s.shootout["kicks"] == [[True] * 3, [False] * 3]


def test_sudden_death_with_hidden_faces() -> None:
    s = _shootout()
    for _ in range(5):
        s, _ = _kick(s, 6, 1)
        s, _ = _kick(s, 6, 1)
    assert not s.over and s.step == {"k": "face", "team": 0}
    s, _ = _kick(s, 2, 3, (6,))  # the ball on 2, beside the goalkeeper: a 6 tips it away
    s, ev = _kick(s, 4, 4)  # East's face 4 with the goalkeeper on 4: the ball on 5 ...
    assert s.step["k"] == "penalty_save"
    s, ev = roll(s, WEST, 2)  # ... and an even die misses it
    assert s.over and s.winner == 1


def test_the_basic_shootout_has_no_face() -> None:
    s = started(WEST, turns=2)
    s = play_turn_out(s, WEST)
    s = play_turn_out(s, EAST)
    assert s.step == {"k": "spot", "team": 1}
    s, _ = act(s, EAST, "spot", spot=1)
    s, ev = roll(s, WEST, 4)
    assert "face" not in find(ev, "penalty").data


def test_a_member_sent_off_takes_no_shootout_kick() -> None:
    s = new(fielders=3, options="fouls skills")
    s.sent_off[0] = ["1"]
    assert [flow.taker(s, 0, n) for n in range(4)] == ["2", "3", "G", "2"]
    assert [flow.taker(s, 1, n) for n in range(4)] == ["1", "2", "3", "G"]
