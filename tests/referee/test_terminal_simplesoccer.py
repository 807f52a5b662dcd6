"""Terminal play of Simple Soccer, driven by scripted lines: the few choices are numbered, a
turn's thousands of moves are typed."""

from __future__ import annotations

import io
import re

from referee.service import Referee
from referee.terminal import TerminalGame
from tests.referee.test_terminal import script


async def test_a_turn_typed_at_the_terminal_with_physical_dice(referee: Referee) -> None:
    out = io.StringIO()
    lines = [
        "5",  # West's roll-off die
        "2",  # East's: West kicks off
        "1",  # West: the first preset, by its number
        "setup defensive",
        "6 6",  # West's kick-off roll: 12 points
        "move 3 h3",  # only where to go: the shortest way
        "kick 10 l7 m7",
        "end",
        "resign",
    ]
    terminal = TerminalGame(referee, read=script(lines), out=out)
    assert await terminal.run(ruleset="simplesoccer", dice="physical", seed=3) == 0
    text = out.getvalue()
    assert "1. Balanced" in text and "West sets up in the balanced formation." in text
    assert "Or type: move 7 e5 f6" in text
    assert "Number 3 moves from " in text and " to h3 (" in text
    assert "Number 10 kicks the ball from k7 to m7 (2 points," in text
    assert "West ends the turn (" in text
    # a turn is not listed square by square: the few numbered lines are presets and the end
    numbered = re.findall(r"^ +\d+\. (.+)$", text, flags=re.MULTILINE)
    assert set(numbered) <= {"Balanced", "Attacking", "Defensive", "End the turn"}
