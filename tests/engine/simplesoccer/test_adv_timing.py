"""The timed version with the advanced rules: a turn ended by the rules of its roll or of a
decision between its plays is timed by the action that ended it, not charged a full clock."""

from __future__ import annotations

from engine.core import Action
from engine.simplesoccer import SIMPLESOCCER
from engine.simplesoccer.clock import stamp
from tests.engine.simplesoccer.scenario import EAST, WEST, position, roll

START = 1_700_000_000.0


def timed_turn() -> object:
    return position(
        {"G": "goal7", "7": "e5"},
        {"G": "goal7", "3": "p9"},
        ball="f5",
        length="timed",
        minutes=10,
        turn_timeout=1,
        options="poor_aim",
    )


def test_every_action_of_a_timed_match_carries_its_time() -> None:
    s = timed_turn()
    assert stamp(s, Action(WEST, "aim", {"member": "7", "dir": "e"}), START).args["at"] == START
    assert "at" not in stamp(s, Action(WEST, "setup", {"preset": "balanced"}), START).args


def test_a_mis_kick_ends_the_turn_at_the_time_of_its_aim() -> None:
    s = timed_turn()
    s, _ = roll(s, WEST, 1, 4, at=START)  # a 1 on two dice: poor aim
    assert s.step["k"] == "poor_aim"
    s, events = SIMPLESOCCER.apply(
        s, Action(WEST, "aim", {"member": "7", "dir": "e", "at": START + 12})
    )
    assert any(e.kind == "turn_end" for e in events)
    assert s.elapsed == 12.0  # not the full minute of the turn clock


def test_a_curved_corner_called_wrong_ends_the_turn_at_the_time_of_its_roll() -> None:
    s = position(
        {"G": "goal7", "1": "p9", "4": "n3"},
        {"G": "goal7", "3": "t12/e", "5": "r5"},
        ball="u12",
        team=EAST,
        options="poor_aim",
        length="timed",
        minutes=10,
        turn_timeout=1,
    )
    s, _ = roll(s, EAST, 1, 2, at=START)
    s, _ = SIMPLESOCCER.apply(s, Action(EAST, "aim", {"member": "3", "dir": "e", "at": START + 5}))
    assert s.step["k"] == "taker"  # West's corner
    s, _ = SIMPLESOCCER.apply(s, Action(WEST, "taker", {"member": "1", "at": START + 6}))
    s, _ = SIMPLESOCCER.apply(s, Action(WEST, "call", {"total": 10, "at": START + 8}))
    before = s.elapsed
    s, events = roll(s, WEST, 1, 2, 2, at=START + 20)  # 5, not the 10 called
    assert any(e.kind == "turn_end" for e in events)
    # West's turn started when East's ended (the aim) and ended with the roll
    assert s.elapsed - before == 15.0
