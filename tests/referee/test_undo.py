"""``Referee.undo``: the team to act takes back its own moves inside the current step, before
any dice are rolled; one move per call. A physical-dice match, so the rolls are the players'."""

from __future__ import annotations

import pytest

from engine.core import replay
from engine.fuba import FUBA
from referee.errors import NoMatch, NotAPlayer, NothingToUndo
from referee.service import Outcome, Referee
from store.errors import ConflictError
from store.repository import History, MatchStore
from tests.referee.conftest import ADA, BRIAN, CAROL, SEATS

CHANNEL = 30
NOTHING = (
    "Nothing to take back: only your own moves in the current step, before any dice are "
    "rolled, can be undone."
)


async def kicked_off(referee: Referee, turn_timeout: int | None = None) -> Outcome:
    """West has won the kick-off and both have set up: West may adjust 2 players."""
    await referee.start_match(1, CHANNEL, SEATS, dice="physical", seed=3, turn_timeout=turn_timeout)
    for user, kind, args in (
        (ADA, "formation", {"shape": "4-4-2"}),
        (BRIAN, "formation", {"shape": "4-4-2"}),
        (ADA, "roll", {"dice": "6"}),
        (BRIAN, "roll", {"dice": "2"}),
        (ADA, "kickoff", {"side": "west"}),
    ):
        out = await referee.act(CHANNEL, user, kind, args)
    for user in (ADA, BRIAN):
        setup = (await referee.legal_choices(CHANNEL, user))[0].action
        out = await referee.act(CHANNEL, user, setup.kind, setup.args)
    assert out.next[0].text.startswith("Adjust your setup: move up to 2 more players")
    return out


async def movement(referee: Referee, turn_timeout: int | None = None) -> Outcome:
    """West's movement action with 5 moves, the ball in 7 (West: 3 players in 7)."""
    await kicked_off(referee, turn_timeout)
    for kind, args in (
        ("done", {}),
        ("target", {"area": 7}),
        ("roll", {"dice": "4 1"}),
        ("action", {"kind": "move"}),
        ("roll", {"dice": "6 5"}),
    ):
        out = await referee.act(CHANNEL, ADA, kind, args)
    assert out.next[0].text == "Movement action: move players one area each (5 left), or done."
    return out


async def move(referee: Referee, frm: int, to: int, count: int = 1) -> Outcome:
    args = {"from": frm, "to": to, "count": count, "with_ball": False, "goalkeeper": False}
    return await referee.act(CHANNEL, ADA, "move", args)


async def history(store: MatchStore) -> History:
    match = await store.active_match(CHANNEL)
    assert match is not None
    return await store.history(match.id)


async def test_undo_takes_back_the_last_move(referee: Referee, store: MatchStore) -> None:
    before = await movement(referee)
    moved = await move(referee, 7, 8, count=2)
    assert moved.next[0].text.endswith("(3 left), or done.")

    out = await referee.undo(CHANNEL, ADA)
    assert out.lines == ["Ada (West) takes back a move: 2 players 7 -> 8."]
    assert out.state == before.state and out.view() == before.view()
    assert out.version == moved.version + 1  # a change like any other: old buttons are stale
    assert out.next[0].text == before.next[0].text and out.next[0].user_id == ADA
    logged = await history(store)
    assert logged.log[-1].action.kind == "roll"  # the move is gone from the log
    assert replay(FUBA, logged.initial, logged.actions) == out.state


async def test_several_moves_are_taken_back_one_per_call(referee: Referee) -> None:
    before = await movement(referee)
    await move(referee, 7, 8)
    await move(referee, 6, 10)
    await move(referee, 1, 2)
    lines = [(await referee.undo(CHANNEL, ADA)).lines for _ in range(3)]
    assert lines == [
        ["Ada (West) takes back a move: a player 1 -> 2 (2 more can be taken back)."],
        ["Ada (West) takes back a move: a player 6 -> 10 (1 more can be taken back)."],
        ["Ada (West) takes back a move: a player 7 -> 8."],
    ]
    with pytest.raises(NothingToUndo, match="^Nothing to take back"):
        await referee.undo(CHANNEL, ADA)  # the movement roll is a barrier
    assert (await referee.current(CHANNEL)).state == before.state
    # Moves made again after an undo count as usual.
    out = await move(referee, 7, 9)
    assert out.next[0].text.endswith("(4 left), or done.")


async def test_nothing_to_undo_after_a_roll_or_after_done(referee: Referee) -> None:
    out = await kicked_off(referee)
    with pytest.raises(NothingToUndo) as caught:
        await referee.undo(CHANNEL, ADA)  # the setup is not a move
    assert str(caught.value) == NOTHING
    # Setup adjustments are moves: they can be taken back until "done".
    adjust = (await referee.legal_choices(CHANNEL, ADA))[0].action
    await referee.act(CHANNEL, ADA, adjust.kind, adjust.args)
    back = await referee.undo(CHANNEL, ADA)
    assert back.state == out.state
    await referee.act(CHANNEL, ADA, adjust.kind, adjust.args)
    await referee.act(CHANNEL, ADA, "done", {})
    with pytest.raises(NothingToUndo):
        await referee.undo(CHANNEL, ADA)
    for kind, args in (
        ("target", {"area": 7}),
        ("roll", {"dice": "4 1"}),
        ("action", {"kind": "move"}),
        ("roll", {"dice": "6 5"}),
    ):
        await referee.act(CHANNEL, ADA, kind, args)
        with pytest.raises(NothingToUndo):
            await referee.undo(CHANNEL, ADA)
    version = (await referee.current(CHANNEL)).version
    await move(referee, 7, 8)
    await referee.act(CHANNEL, ADA, "done", {})
    with pytest.raises(NothingToUndo):
        await referee.undo(CHANNEL, ADA)
    assert (await referee.current(CHANNEL)).version == version + 2  # refusals change nothing


async def test_the_opponent_cannot_undo_your_move(referee: Referee, store: MatchStore) -> None:
    await movement(referee)
    moved = await move(referee, 7, 8)
    with pytest.raises(NothingToUndo, match="^Nothing to take back"):
        await referee.undo(CHANNEL, BRIAN)
    with pytest.raises(NotAPlayer):
        await referee.undo(CHANNEL, ADA, side="east")
    assert (await referee.current(CHANNEL)).version == moved.version
    assert (await history(store)).log[-1].action.kind == "move"


async def test_the_last_move_can_be_taken_back_until_the_opponent_acts(
    referee: Referee,
) -> None:
    await movement(referee)
    for frm, to in ((7, 8), (7, 8), (6, 10), (1, 2)):
        await move(referee, frm, to)
    before_last = await referee.current(CHANNEL)
    last = await move(referee, 5, 4)  # the fifth move ends the step: East decides now
    assert [p.side for p in last.next] == ["east"]
    with pytest.raises(NothingToUndo):
        await referee.undo(CHANNEL, BRIAN)
    back = await referee.undo(CHANNEL, ADA)
    assert back.state == before_last.state and [p.side for p in back.next] == ["west"]
    assert back.lines == [
        "Ada (West) takes back a move: a player 5 -> 4 (4 more can be taken back)."
    ]
    await move(referee, 5, 4)
    await referee.act(CHANNEL, BRIAN, "action", {"kind": "move"})  # East's decision: a barrier
    with pytest.raises(NothingToUndo):
        await referee.undo(CHANNEL, ADA)


async def test_spectators_are_refused(referee: Referee) -> None:
    with pytest.raises(NoMatch):
        await referee.undo(CHANNEL, ADA)
    await movement(referee)
    moved = await move(referee, 7, 8)
    with pytest.raises(NotAPlayer, match="You are not playing in this match."):
        await referee.undo(CHANNEL, CAROL)
    assert (await referee.current(CHANNEL)).version == moved.version


async def test_a_stale_undo_is_refused_and_an_undo_makes_old_buttons_stale(
    referee: Referee, store: MatchStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    await movement(referee)
    first = await move(referee, 7, 8)
    second = await move(referee, 6, 10)
    with pytest.raises(ConflictError):  # drawn before the second move
        await referee.undo(CHANNEL, ADA, expected_version=first.version)
    assert (await referee.current(CHANNEL)).version == second.version

    # The match moves on between the undo's read and its write: refused, nothing taken back.
    read = store.history

    async def history_then_a_move(match_id: int) -> History:
        seen = await read(match_id)
        await move(referee, 1, 2)
        return seen

    monkeypatch.setattr(store, "history", history_then_a_move)
    with pytest.raises(ConflictError):
        await referee.undo(CHANNEL, ADA)
    monkeypatch.undo()
    now = await referee.current(CHANNEL)
    assert now.version == second.version + 1
    assert (await history(store)).log[-1].action.args["from"] == 1

    out = await referee.undo(CHANNEL, ADA, expected_version=now.version)
    assert out.version == now.version + 1
    with pytest.raises(ConflictError):  # a button of the board before the undo
        await referee.act(CHANNEL, ADA, "done", {}, expected_version=now.version)


async def test_undo_sets_the_deadlines_of_the_decision_again(
    referee: Referee, store: MatchStore
) -> None:
    await movement(referee, turn_timeout=10)
    await move(referee, 7, 8)
    out = await referee.undo(CHANNEL, ADA)
    deadlines = await store.deadlines(out.match_id)
    assert {(d.side, d.version) for d in deadlines} == {("west", out.version)}
