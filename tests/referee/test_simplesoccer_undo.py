"""Simple Soccer take-backs through the referee (Fielder moves): any move of a team's own
turn, even after it ended the turn, until the other team rolls; never the other team's, never
past a roll."""

from __future__ import annotations

import pytest

from referee.errors import NothingToUndo
from referee.service import Outcome, Referee
from referee.simplesoccer.game import parse
from tests.referee.conftest import SEATS

CHANNEL = 31


async def _kicked_off(referee: Referee) -> Outcome:
    """Both players roll themselves (as in Discord); returns once the kick-off team must roll."""
    out = await referee.start_match(
        1, CHANNEL, SEATS, ruleset="simplesoccer", seed=11, player_rolls=True
    )
    while out.next[0].kind != "setup":
        out = await _do(referee, out, "roll")
    for p in list(out.next):
        out = await referee.act(CHANNEL, p.user_id, "setup", {"preset": "balanced"}, side=p.side)
    return out


async def _do(referee: Referee, out: Outcome, text: str) -> Outcome:
    prompt = out.next[0]
    kind, args = parse(text)
    return await referee.act(CHANNEL, prompt.user_id, kind, args, side=prompt.side)


async def test_moves_and_the_end_of_the_turn_are_taken_back_until_the_other_team_rolls(
    referee: Referee,
) -> None:
    out = await _do(referee, await _kicked_off(referee), "roll")
    mover = out.next[0]
    west = mover.side == "west"
    out = await _do(referee, out, "move 1 d3" if west else "move 1 r3")
    out = await _do(referee, out, "move 2 d6" if west else "move 2 r6")
    out = await _do(referee, out, "end")
    assert out.next[0].side != mover.side and out.next[0].dice  # the other team to roll

    out = await referee.undo(CHANNEL, mover.user_id)  # the end of the turn
    assert "(2 more can be taken back)" in out.lines[0]
    assert out.next[0].side == mover.side and out.next[0].kind == "play"
    out = await referee.undo(CHANNEL, mover.user_id)
    out = await referee.undo(CHANNEL, mover.user_id)
    state = (await referee.store.history(out.match_id)).match.state
    assert state.turn["left"] == state.turn["points"]  # every point back
    assert state.members[0 if west else 1]["1"]["at"] != ([3, 2] if west else [17, 2])
    with pytest.raises(NothingToUndo):  # the roll is a barrier
        await referee.undo(CHANNEL, mover.user_id)


async def test_no_take_back_once_the_other_team_has_rolled(referee: Referee) -> None:
    out = await _do(referee, await _kicked_off(referee), "roll")
    mover = out.next[0]
    out = await _do(referee, out, "move 1 d3" if mover.side == "west" else "move 1 r3")
    out = await _do(referee, out, "end")
    other = out.next[0]
    out = await _do(referee, out, "roll")
    assert out.next[0].side == other.side and out.next[0].kind == "play"
    with pytest.raises(NothingToUndo):
        await referee.undo(CHANNEL, mover.user_id)
    with pytest.raises(NothingToUndo):  # nor the other team's roll
        await referee.undo(CHANNEL, other.user_id)
