"""The referee service over a real (SQLite) store: who may act, dice, the coach, secrets."""

from __future__ import annotations

import dataclasses
import hashlib
import json
from typing import Any

import pytest

from engine.core import MalformedAction, RulesError
from referee.errors import CannotAbort, NoMatch, NotAPlayer, NotYourTurn, OtherGame
from referee.service import Outcome, Referee
from store.errors import ChannelBusy, ConflictError
from store.models import MatchStatus
from store.repository import MatchStore
from tests.referee.conftest import ADA, BOT, BRIAN, CAROL, COACH_SEATS, SEATS

CHANNEL = 10


async def first_choice(referee: Referee, channel: int, out: Outcome) -> Outcome:
    """A simple human policy: the first legal choice of whoever must decide."""
    prompt = out.next[0]
    choices = await referee.legal_choices(channel, prompt.user_id, side=prompt.side)
    action = choices[0].action
    return await referee.act(channel, prompt.user_id, action.kind, action.args, side=prompt.side)


async def play(referee: Referee, channel: int, out: Outcome, steps: int) -> Outcome:
    for _ in range(steps):
        out = await first_choice(referee, channel, out)
    return out


async def test_start_shows_the_seed_hash_and_keeps_the_seed_out_of_views(
    referee: Referee, store: MatchStore
) -> None:
    out = await referee.start_match(1, CHANNEL, SEATS, seed=123456789)
    assert out.seed_hash == hashlib.sha256(b"123456789").hexdigest()
    assert out.seed_hash in out.lines[0] and out.seed is None
    assert [p.side for p in out.next] == ["west", "east"]
    assert all(p.secret for p in out.next)
    match = await store.active_match(CHANNEL)
    assert match is not None and match.options["seed"] == 123456789
    for viewer in (None, "west", "east"):
        assert "123456789" not in json.dumps(out.view(viewer))
    with pytest.raises(ChannelBusy):
        await referee.start_match(1, CHANNEL, SEATS)


async def test_spectators_and_wrong_turns_are_refused_and_change_nothing(
    referee: Referee,
) -> None:
    with pytest.raises(NoMatch, match="There is no match in this channel."):
        await referee.act(CHANNEL, ADA, "formation", {"shape": "4-4-2"})
    await referee.start_match(1, CHANNEL, SEATS, seed=1)
    with pytest.raises(NotAPlayer, match="You are not playing in this match."):
        await referee.act(CHANNEL, CAROL, "formation", {"shape": "4-4-2"})
    out = await referee.act(CHANNEL, ADA, "formation", {"shape": "4-4-2"})
    assert out.version == 1 and [p.side for p in out.next] == ["east"]
    with pytest.raises(NotYourTurn) as caught:
        await referee.act(CHANNEL, ADA, "formation", {"shape": "4-3-3"})
    assert str(caught.value) == "Not your turn: Brian (East) must first choose a formation."
    with pytest.raises(RulesError):  # the engine's own refusals pass through
        await referee.act(CHANNEL, BRIAN, "formation", {"shape": "5-5-5"})
    status = await referee.status(CHANNEL, CAROL)
    assert status.version == 1 and status.choices == [] and status.your_sides == []


async def test_virtual_dice_are_rolled_by_the_referee_and_reproducible(
    referee: Referee, store: MatchStore
) -> None:
    finals = []
    for channel in (20, 21):
        out = await referee.start_match(1, channel, SEATS, seed=77)
        out = await play(referee, channel, out, 12)
        assert all(p.dice == 0 for p in out.next)  # humans never roll virtual dice
        match = await store.active_match(channel)
        assert match is not None
        finals.append((out.version, json.dumps(out.view(None), sort_keys=True)))
        history = await store.history(match.id)
        assert any(a.kind == "roll" for a in history.actions)
        assert all(e.user_id is None for e in history.log if e.action.kind == "roll")
    assert finals[0] == finals[1]
    out = await referee.start_match(1, 22, SEATS, seed=78)
    out = await play(referee, 22, out, 12)
    assert json.dumps(out.view(None), sort_keys=True) != finals[0][1]


async def test_physical_dice_wait_for_the_players_roll(referee: Referee) -> None:
    out = await referee.start_match(1, CHANNEL, SEATS, dice="physical", seed=3)
    out = await referee.act(CHANNEL, ADA, "formation", {"shape": "4-4-2"})
    out = await referee.act(CHANNEL, BRIAN, "formation", {"shape": "4-3-3"})
    assert {(p.side, p.dice) for p in out.next} == {("west", 1), ("east", 1)}
    version = out.version
    with pytest.raises(MalformedAction):
        await referee.act(CHANNEL, ADA, "roll", {"dice": "9"})
    with pytest.raises(MalformedAction):
        await referee.act(CHANNEL, ADA, "roll", {"dice": "five"})
    out = await referee.act(CHANNEL, ADA, "roll", {"dice": "6"})
    assert out.version == version + 1
    out = await referee.act(CHANNEL, BRIAN, "roll", {"dice": [2]})
    assert any("6" in line for line in out.lines)
    assert [p.side for p in out.next] == ["west"]  # the kick-off choice of the winner


async def test_a_stale_version_is_refused(referee: Referee) -> None:
    await referee.start_match(1, CHANNEL, SEATS, seed=1)
    await referee.act(CHANNEL, ADA, "formation", {"shape": "4-4-2"}, expected_version=0)
    out = await referee.act(CHANNEL, BRIAN, "formation", {"shape": "4-4-2"}, expected_version=1)
    [prompt] = out.next  # the kick-off roll's winner chooses
    choices = await referee.legal_choices(CHANNEL, prompt.user_id)
    action = choices[0].action
    with pytest.raises(ConflictError):
        await referee.act(
            CHANNEL, prompt.user_id, action.kind, action.args, expected_version=out.version - 1
        )
    assert (await referee.status(CHANNEL, BRIAN)).version == out.version


async def test_both_secret_choices_may_come_from_one_message(referee: Referee) -> None:
    """Both players choose their formation from the same message (drawn for version 0): the
    second choice is not stale although the first moved the version on."""
    await referee.start_match(1, CHANNEL, SEATS, seed=1)
    await referee.act(CHANNEL, ADA, "formation", {"shape": "4-4-2"}, expected_version=0)
    out = await referee.act(CHANNEL, BRIAN, "formation", {"shape": "4-3-3"}, expected_version=0)
    assert any("Formations: West 4-4-2, East 4-3-3" in line for line in out.lines)
    # ... but one version behind only, and only while that secret choice is still pending
    with pytest.raises(ConflictError):
        await referee.act(CHANNEL, BRIAN, "formation", {"shape": "4-4-2"}, expected_version=0)


async def test_a_match_against_the_coach_plays_to_the_end(
    referee: Referee, store: MatchStore
) -> None:
    out = await referee.start_match(1, CHANNEL, COACH_SEATS, coach_side="east", seed=5)
    assert [p.side for p in out.next] == ["west"]  # the coach chose its formation already
    turns = 0
    while not out.over:
        assert all(p.user_id == ADA for p in out.next)
        out = await first_choice(referee, CHANNEL, out)
        turns += 1
        assert turns < 2000
    assert out.result is not None and out.result["reason"] == "full_time"
    assert out.seed == 5
    assert out.lines[-1].startswith("FULL TIME")
    assert await store.active_match(CHANNEL) is None
    history = await store.history(out.match_id)
    assert history.match.status == MatchStatus.FINISHED
    assert history.match.result == out.result
    assert history.match.version == out.version
    assert all(e.user_id in (ADA, None) for e in history.log)
    with pytest.raises(NoMatch):
        await referee.act(CHANNEL, BOT, "done")


async def test_secrets_never_reach_the_opponent_or_spectators(referee: Referee) -> None:
    await referee.start_match(1, CHANNEL, SEATS, seed=1)
    out = await referee.act(CHANNEL, ADA, "formation", {"shape": "3-4-3"})
    assert not any("3-4-3" in line for line in out.lines)
    seen: list[tuple[str | None, dict[str, Any]]] = []

    def capture(view: dict[str, Any], names: Any, events: Any) -> bytes:
        seen.append((view, list(names)))
        return b"png"

    spy = dataclasses.replace(out, game=dataclasses.replace(out.game, render_png=capture))
    for viewer in ("east", None, "west"):
        assert await spy.board_png(viewer) == b"png"
    east, spectator, west = (json.dumps(view) for view, _ in seen)
    assert "[3, 4, 3]" not in east and "[3, 4, 3]" not in spectator
    assert "[3, 4, 3]" in west
    assert seen[0][1] == ["Ada", "Brian"]
    out = await referee.act(CHANNEL, BRIAN, "formation", {"shape": "4-4-2"})
    assert any("3-4-3" in line for line in out.lines)  # revealed once both have chosen


async def test_board_png_is_a_png(referee: Referee) -> None:
    out = await referee.start_match(1, CHANNEL, SEATS, seed=1)
    png = await out.board_png(None)
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    out = await play(referee, CHANNEL, out, 30)  # into the first turns: a captioned board
    assert out.events
    captioned = await out.board_png("west")
    assert captioned.startswith(b"\x89PNG") and captioned != png


async def test_abort_before_kick_off_and_resign_after(referee: Referee, store: MatchStore) -> None:
    await referee.start_match(1, CHANNEL, SEATS, seed=1)
    with pytest.raises(NotAPlayer):
        await referee.abort(CHANNEL, CAROL)
    out = await referee.abort(CHANNEL, BRIAN)
    assert out.over and await store.active_match(CHANNEL) is None
    assert (await store.get_match(out.match_id)).status == MatchStatus.ABORTED

    out = await referee.start_match(1, CHANNEL, SEATS, seed=1)
    out = await play(referee, CHANNEL, out, 40)
    with pytest.raises(CannotAbort):
        await referee.abort(CHANNEL, ADA)
    out = await referee.resign(CHANNEL, ADA)
    assert out.result is not None and out.result["winner"] == "east"
    assert out.lines == ["Ada (West) resigns: Brian (East) wins."]
    stored = await store.get_match(out.match_id)
    assert stored.status == MatchStatus.FINISHED and stored.result == out.result


async def test_hot_seat_one_user_plays_both_sides(referee: Referee) -> None:
    from store.repository import Seat

    seats = (Seat("west", ADA, "Ada"), Seat("east", ADA, "Ada"))
    out = await referee.start_match(1, CHANNEL, seats, seed=9)
    out = await referee.act(CHANNEL, ADA, "formation", {"shape": "4-4-2"})
    assert [p.side for p in out.next] == ["east"]
    out = await referee.act(CHANNEL, ADA, "formation", {"shape": "4-3-3"})
    assert out.next and out.next[0].user_id == ADA


async def test_status_lists_the_callers_choices_with_ball_values(referee: Referee) -> None:
    out = await referee.start_match(1, CHANNEL, SEATS, seed=2)
    while out.next[0].kind != "target":
        out = await first_choice(referee, CHANNEL, out)
    prompt = out.next[0]
    other = BRIAN if prompt.user_id == ADA else ADA
    status = await referee.status(CHANNEL, prompt.user_id)
    assert status.version == out.version and status.your_sides == [prompt.side]
    assert status.choices and all("ball value" in c.label for c in status.choices)
    assert [p.side for p in status.pending] == [prompt.side]
    assert (await referee.status(CHANNEL, other)).choices == []
    assert await referee.legal_choices(CHANNEL, CAROL) == []


async def test_physical_dice_against_the_coach_the_coach_rolls_virtually(
    referee: Referee,
) -> None:
    out = await referee.start_match(1, CHANNEL, COACH_SEATS, dice="physical", coach_side="east")
    out = await referee.act(CHANNEL, ADA, "formation", {"shape": "4-4-2"})
    assert [(p.side, p.dice) for p in out.next] == [("west", 1)]  # East has rolled already
    assert any(line.startswith("East rolls") for line in out.lines)
    out = await referee.act(CHANNEL, ADA, "roll", {"dice": "3"})
    assert all(p.user_id == ADA for p in out.next)


async def test_a_double_click_applies_once(referee: Referee, store: MatchStore) -> None:
    import asyncio

    out = await referee.start_match(1, CHANNEL, SEATS, seed=1)
    clicks = [
        referee.act(CHANNEL, ADA, "formation", {"shape": "4-4-2"}, expected_version=out.version)
        for _ in range(2)
    ]
    results = await asyncio.gather(*clicks, return_exceptions=True)
    assert sorted(type(r).__name__ for r in results) == ["ConflictError", "Outcome"]
    match = await store.active_match(CHANNEL)
    assert match is not None and match.version == 1 and match.action_count == 1


async def test_a_command_of_another_game_is_refused_and_changes_nothing(
    referee: Referee, store: MatchStore
) -> None:
    out = await referee.start_match(1, CHANNEL, SEATS, seed=1)
    with pytest.raises(OtherGame, match="The match in this channel is fuba, not dicesoccer"):
        await referee.act(CHANNEL, ADA, "formation", {"shape": "4-4-2"}, ruleset="dicesoccer")
    match = await store.active_match(CHANNEL)
    assert match is not None and match.version == out.version and match.action_count == 0
    await referee.act(CHANNEL, ADA, "formation", {"shape": "4-4-2"}, ruleset="fuba")
