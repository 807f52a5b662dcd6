"""`status` for anyone in the channel: each game's lines at a glance (from the caller's view,
so a secret formation shows only to its side), the time left on a turn clock, who ran out of
time, and why a claim is refused before that. SQLite always; PostgreSQL too when
TEST_DATABASE_URL is set."""

from __future__ import annotations

from datetime import timedelta

import pytest

from engine.fuba import FUBA
from referee.dicesoccer.game import DICESOCCER_GAME
from referee.errors import NotAPlayer, NotExpired
from referee.fuba.game import FUBA_GAME
from referee.service import Referee
from store.repository import MatchStore
from tests.engine.dicesoccer.helpers import position as dice_position
from tests.engine.scenario import EAST, position
from tests.referee.conftest import ADA, BRIAN, CAROL, SEATS
from tests.referee.test_deadlines import CHANNEL, Calls, Clock, clock, referee, start
from tests.store.conftest import backend, db_url, pg_database, sqlite_template, store

__all__ = ["backend", "clock", "db_url", "pg_database", "referee", "sqlite_template", "store"]


def test_fuba_lines_of_a_position() -> None:
    state = position(
        {4: 3, 7: 2}, {9: 4}, ball=9, value=4, control=EAST, half=2, minute=63, stoppage=0
    )
    state.formations = [[4, 4, 2], [3, 4, 3]]
    state.yellows, state.reds = [2, 0], [0, 1]
    assert FUBA_GAME.status_lines(FUBA.view(state, None)) == [
        "2nd half, 63'",
        "Ball: area 9, value 4, East has it",
        "Cards: West 2 yellows; East 1 red",
        "Formations: West 4-4-2, East 3-4-3",
    ]
    state.over = True
    state.yellows, state.reds = [0, 0], [0, 0]
    assert FUBA_GAME.status_lines(FUBA.view(state, None))[:2] == [
        "Full time",
        "Ball: area 9, value 4, East has it",
    ]


def test_fuba_says_half_time_while_the_second_half_formations_are_chosen() -> None:
    state = position({4: 3}, {9: 4}, ball=9, value=4, control=EAST, half=2, minute=45, stoppage=0)
    state.agenda = [{"k": "formation", "picks": [None, None], "halftime": True}]
    assert FUBA_GAME.status_lines(FUBA.view(state, None))[0] == "Half time"
    state.agenda = [{"k": "formation", "picks": [None, None], "halftime": False}]
    assert FUBA_GAME.status_lines(FUBA.view(state, None))[0] == "2nd half, 45'"


def test_dice_soccer_lines_of_a_position() -> None:
    state = dice_position(ball=5, chip="black", penalty=(1, 0), target_score=2)
    view = DICESOCCER_GAME.ruleset.view(state, None)
    assert DICESOCCER_GAME.status_lines(view) == [
        "First to 2 goals, roll 1 for play",
        "Ball: section 5 of 6, in Black's half; White on offense",
        "Power Chip: Black",
        "Red cards: White rolls 1 die fewer",
    ]
    before = DICESOCCER_GAME.ruleset.view(DICESOCCER_GAME.ruleset.initial({}), None)
    assert DICESOCCER_GAME.status_lines(before) == [
        "First to 3 goals",
        "Before the kick-off",
        "Power Chip: not tossed for yet",
    ]


async def test_a_secret_formation_shows_only_in_its_sides_status(referee: Referee) -> None:
    await referee.start_match(1, CHANNEL, SEATS, seed=5)
    await referee.act(CHANNEL, ADA, "formation", {"shape": "3-4-3"})
    secret = "West's formation (secret until both have chosen): 3-4-3"
    assert secret in (await referee.status(CHANNEL, ADA)).lines
    for other in (BRIAN, CAROL):
        status = await referee.status(CHANNEL, other)
        assert not any("3-4-3" in line for line in status.lines)
        assert "3-4-3" not in str(status.view)
    await referee.act(CHANNEL, BRIAN, "formation", {"shape": "4-4-2"})
    lines = (await referee.status(CHANNEL, CAROL)).lines
    assert "Formations: West 3-4-3, East 4-4-2" in lines
    assert not any("secret" in line for line in lines)


async def test_status_has_the_time_left_then_who_ran_out_of_time(
    referee: Referee, store: MatchStore, clock: Clock
) -> None:
    await start(referee, clock)  # Brian must choose by T0 + 12 minutes
    clock.at(9)
    status = await referee.status(CHANNEL, CAROL)
    assert status.time_left == {"east": timedelta(minutes=3)} and status.expired == []
    clock.at(12)
    await Calls().dispatcher(store, clock).tick()
    status = await referee.status(CHANNEL, CAROL)
    assert status.time_left == {} and status.expired == ["east"]
    untimed = await referee.start_match(1, CHANNEL + 1, SEATS, seed=5)
    status = await referee.status(CHANNEL + 1, ADA)
    assert status.match_id == untimed.match_id
    assert (status.time_left, status.expired) == ({}, [])


async def test_a_claim_before_the_expiry_says_how_long_the_opponent_still_has(
    referee: Referee, store: MatchStore, clock: Clock
) -> None:
    await start(referee, clock)
    clock.at(9)
    for claim in (referee.claim_win, referee.coach_takes_over):
        with pytest.raises(NotExpired) as refused:
            await claim(CHANNEL, ADA)
        assert str(refused.value) == "Brian (East) still has 3 minutes to decide."
    with pytest.raises(NotExpired) as refused:  # Brian himself is the one to decide
        await referee.claim_win(CHANNEL, BRIAN)
    assert str(refused.value) == "It is not your opponent's decision now: nobody is late."
    with pytest.raises(NotAPlayer):
        await referee.claim_win(CHANNEL, CAROL)
    clock.at(12)  # due, not fired yet
    with pytest.raises(NotExpired, match="just run out: try again in a few seconds"):
        await referee.claim_win(CHANNEL, ADA)
    await Calls().dispatcher(store, clock).tick()
    with pytest.raises(NotExpired) as refused:  # the late player himself
        await referee.coach_takes_over(CHANNEL, BRIAN)
    assert str(refused.value) == (
        "You are the one who ran out of time: decide now, before your opponent claims the win."
    )


async def test_a_claim_without_a_turn_clock_says_there_is_none(referee: Referee) -> None:
    await referee.start_match(1, CHANNEL, SEATS, seed=5)
    for claim in (referee.claim_win, referee.coach_takes_over):
        with pytest.raises(NotExpired) as refused:
            await claim(CHANNEL, ADA)
        assert str(refused.value) == "This match has no turn clock, so nobody can run out of time."
