"""Virtual dice rolled when the player asks (``player_rolls``): the referee rolls them from the
match's seed exactly as it would have rolled them at once, and refuses typed values."""

from __future__ import annotations

import pytest

from engine.core import VirtualDice
from referee.errors import BadOption
from referee.service import Referee
from store.repository import Seat
from tests.referee.conftest import ADA, BOT, BRIAN

CHANNEL = 77
SEATS = (Seat("white", ADA, "Ada"), Seat("black", BRIAN, "Brian"))


async def test_the_toss_waits_for_both_players_and_uses_the_seeded_dice(
    referee: Referee,
) -> None:
    opening = await referee.start_match(
        1, CHANNEL, SEATS, ruleset="dicesoccer", seed=9, player_rolls=True
    )
    assert [(p.side, p.dice) for p in opening.next] == [("white", 1), ("black", 1)]

    await referee.act(CHANNEL, BRIAN, "roll", {})
    log = (await referee.store.history(opening.match_id)).log
    assert [e.action.args["dice"] for e in log] == [VirtualDice("9:0").roll(1)]
    assert log[0].user_id == BRIAN

    with pytest.raises(BadOption, match="virtual dice"):
        await referee.act(CHANNEL, ADA, "roll", {"dice": "6"})


async def test_the_coach_rolls_at_once_and_the_player_on_request(referee: Referee) -> None:
    seats = (Seat("white", ADA, "Ada"), Seat("black", BOT, "Coach"))
    opening = await referee.start_match(
        1, CHANNEL, seats, ruleset="dicesoccer", seed=4, coach_side="black", player_rolls=True
    )
    assert [(p.side, p.kind) for p in opening.next] == [("white", "roll")]

    after = await referee.act(CHANNEL, ADA, "roll", {})
    log = (await referee.store.history(after.match_id)).log
    assert [e.action.actor for e in log[:2]] == ["black", "white"]
    assert log[1].action.args["dice"] == VirtualDice("4:1").roll(1)


async def test_without_player_rolls_virtual_dice_roll_at_once(referee: Referee) -> None:
    opening = await referee.start_match(1, CHANNEL, SEATS, ruleset="dicesoccer", seed=9)
    assert all(p.kind != "roll" for p in opening.next)
