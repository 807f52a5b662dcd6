"""Hot-seat: one member holds both sides, so ``side`` says which of them acts. Both formations
are pending at once, which is where ignoring ``side`` would give the choice to the wrong team."""

from __future__ import annotations

from referee.service import Referee
from store.repository import Seat
from tests.referee.conftest import ADA

CHANNEL = 10
BOTH = (Seat("west", ADA, "Ada"), Seat("east", ADA, "Ada"))


async def test_side_picks_which_team_chooses_its_formation(referee: Referee) -> None:
    out = await referee.start_match(1, CHANNEL, BOTH, seed=9)
    assert sorted(p.side for p in out.next) == ["east", "west"]
    east = await referee.legal_choices(CHANNEL, ADA, side="east")
    assert east and {c.action.actor for c in east} == {"east"}
    out = await referee.act(CHANNEL, ADA, "formation", {"shape": "4-3-3"}, side="east")
    assert [p.side for p in out.next] == ["west"]  # East has chosen, West has not
    out = await referee.act(CHANNEL, ADA, "formation", {"shape": "5-3-2"}, side="west")
    assert "Formations: West 5-3-2, East 4-3-3" in out.lines


async def test_side_picks_which_team_resigns(referee: Referee) -> None:
    await referee.start_match(1, CHANNEL, BOTH, seed=9)
    out = await referee.resign(CHANNEL, ADA, side="east")
    assert out.over and out.result is not None
    assert out.result["winner"] == "west"
