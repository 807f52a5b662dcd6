"""The coach's levels in the referee: stored with the match, the strong coach's decisions made
in the thinking worker (never in the store's follow-up on the event loop), the normal coach's
decision when that worker fails, a match a restart left waiting for it moved on, and the
coach that takes over a timed-out side always at normal."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest

from engine.core import Action
from engine.core.levels import LEVELS
from engine.core.winprob import Chances
from referee import auto, boards, games, stats
from referee.chances import course
from referee.errors import BadOption
from referee.service import Outcome, Referee
from referee.thinking import Thinker, Work
from store.errors import ConflictError
from store.models import MatchStatus
from store.repository import MatchStore
from tests.referee import thinking_work
from tests.referee.conftest import ADA, BOT, COACH_SEATS, SEATS
from tests.referee.test_service import first_choice

CHANNEL = 10
BUDGET = 0.01  # seconds the strong coach thinks per decision here


@pytest.fixture
async def thinker() -> AsyncIterator[Thinker]:
    thinking = Thinker(BUDGET)
    yield thinking
    thinking.close()


@pytest.fixture
def referee(store: MatchStore, thinker: Thinker) -> Referee:
    return Referee(store, thinker=thinker)


class Watched:
    """A coach whose decisions made in this process (the worker's are not seen here) are
    written down: whether it played rollouts for one (searched) here. The strong coach may
    answer here only what it does not search."""

    def __init__(self, policy: Any, seen: list[bool]) -> None:
        self.policy, self.seen = policy, seen
        self.inner = policy.policy if isinstance(policy, auto.Deferred) else policy
        if getattr(policy, "before_roll", None) is not None:
            self.before_roll = self._before_roll

    def choose(self, state: Any, decision: Any) -> Action:
        action = self.policy.choose(state, decision)  # a search: ThinkingDue, to the worker
        self.seen.append(getattr(self.inner, "rollouts", 0) > 0)
        return action

    def _before_roll(self, state: Any, decision: Any) -> Action | None:
        action = self.policy.before_roll(state, decision)
        self.seen.append(getattr(self.inner, "rollouts", 0) > 0)
        return action


@pytest.fixture
def on_the_loop(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[bool]]:
    """For each coach's decision made in this process, whether it was searched here (played
    rollouts): it never may be."""
    seen: list[bool] = []
    real = auto.next_action

    def watched(game: Any, options: Any, state: Any, count: int, coach: Any) -> Any:
        return real(game, options, state, count, lambda: Watched(coach(), seen))

    monkeypatch.setattr(auto, "next_action", watched)
    monkeypatch.setattr("referee.service.next_action", watched)
    yield seen


@pytest.fixture
def all_to_the_worker(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every decision of the strong coach made in the worker, as before it answered the
    ones it does not search at once: for the worker's failures on the match's first
    decision (its formation, a secret it never searches)."""
    monkeypatch.setattr(auto.Deferred, "_searches", lambda self, state, decision: True)


async def kick_off(referee: Referee, level: str) -> Outcome:
    return await referee.start_match(
        1, CHANNEL, COACH_SEATS, coach_side="east", seed=5, coach_level=level
    )


@pytest.mark.parametrize("level", LEVELS)
async def test_a_match_against_the_coach_keeps_its_level(
    referee: Referee, store: MatchStore, level: str
) -> None:
    out = await kick_off(referee, level)
    said = "Coach (East)" if level == "normal" else f"Coach (East, {level})"
    assert f"Ada (West) v {said}, virtual dice" in out.lines[0]
    assert [p.side for p in out.next] == ["west"]  # the coach chose its formation already
    match = await store.get_match(out.match_id)
    assert match.options["coach_level"] == level
    assert (await referee.status(CHANNEL, ADA)).coach_level == level


async def test_a_level_without_the_coach_or_unknown_is_refused(
    referee: Referee, store: MatchStore
) -> None:
    with pytest.raises(BadOption, match="against the bot"):
        await referee.start_match(1, CHANNEL, SEATS, coach_level="strong")
    with pytest.raises(BadOption):
        await referee.start_match(1, CHANNEL, COACH_SEATS, coach_side="east", coach_level="pro")
    assert await store.active_match(CHANNEL) is None


async def test_the_strong_coach_plays_a_whole_match_from_the_worker(
    referee: Referee, store: MatchStore, thinker: Thinker, on_the_loop: list[bool]
) -> None:
    out = await kick_off(referee, "strong")
    while not out.over:
        assert all(p.user_id == ADA for p in out.next)  # the coach never keeps anyone waiting
        out = await first_choice(referee, CHANNEL, out)
    assert out.result is not None and out.result["reason"] == "full_time"
    history = await store.history(out.match_id)
    decisions = [e for e in history.log if e.action.actor == "east" and e.action.kind != "roll"]
    assert decisions and all(e.user_id is None for e in decisions)
    # only the decisions it searches travel to the worker; the rest are answered at once
    assert 0 < thinker.made < len(decisions) / 2 and thinker.failed == 0
    assert len(on_the_loop) > len(decisions) / 2 and not any(on_the_loop)


async def test_a_failed_decision_is_the_normal_coachs(
    store: MatchStore, on_the_loop: list[bool], all_to_the_worker: None
) -> None:
    expected = await normal_formation(store)
    on_the_loop.clear()  # that match's normal coach
    for work in (thinking_work.refuse, thinking_work.die, thinking_work.nonsense):
        thinker = Thinker(BUDGET, work)
        referee = Referee(store, thinker=thinker)
        try:
            out = await kick_off(referee, "strong")
        finally:
            thinker.close()
        history = await store.history(out.match_id)
        assert [e.action for e in history.log] == [expected]  # the step counted
        assert [p.side for p in out.next] == ["west"]
        assert thinker.failed == (0 if work is thinking_work.nonsense else 1)
        await referee.resign(CHANNEL, ADA)
    assert on_the_loop == [False] * 3


async def normal_formation(store: MatchStore) -> Action:
    """The normal coach's formation in the match ``kick_off`` starts (seed 5)."""
    referee = Referee(store)
    out = await kick_off(referee, "normal")
    [action] = (await store.history(out.match_id)).actions
    await referee.resign(CHANNEL, ADA)
    return action


async def test_a_worker_that_died_is_replaced(store: MatchStore, all_to_the_worker: None) -> None:
    thinker = Thinker(BUDGET, thinking_work.die)
    referee = Referee(store, thinker=thinker)
    try:
        await kick_off(referee, "strong")
        await referee.resign(CHANNEL, ADA)
        thinker.work = work_of_the_game()
        out = await kick_off(referee, "strong")
    finally:
        thinker.close()
    assert thinker.made == 1 and thinker.failed == 1
    assert [p.side for p in out.next] == ["west"]


def work_of_the_game() -> Work:
    from referee.thinking import decide

    return decide


async def left_waiting(referee: Referee, store: MatchStore) -> Outcome:
    """A strong match as a restart may leave it: Ada chose her formation, the coach's is due
    and not made (the bot stopped between her step and its coach's decision)."""
    out = await referee.start_match(1, CHANNEL, list(COACH_SEATS), seed=5)
    await referee.act(CHANNEL, ADA, "formation", {"shape": "4-4-2"})
    await store.update_options(
        out.match_id, {"coach_side": "east", "coach_level": "strong"}, expected_version=1
    )
    out = await referee.current(CHANNEL)
    assert [p.side for p in out.next] == ["east"]  # the coach's formation is due
    return out


@pytest.mark.parametrize("searched", [False, True], ids=["made-here", "in-the-worker"])
async def test_a_match_left_waiting_for_its_coach_moves_on(
    referee: Referee,
    store: MatchStore,
    thinker: Thinker,
    monkeypatch: pytest.MonkeyPatch,
    searched: bool,
) -> None:
    if searched:  # as if the coach searched its formation (a bot before it answered at once)
        monkeypatch.setattr(auto.Deferred, "_searches", lambda self, state, decision: True)
    out = await left_waiting(referee, store)
    match = await store.get_match(out.match_id)
    moved = await referee.move_on(match)
    assert moved is not None and moved.version == match.version + 1
    assert any(line.startswith("Formations: West 4-4-2") for line in moved.lines)
    assert [(p.side, p.kind) for p in moved.next] == [("west", "kickoff")]
    assert thinker.made == int(searched)
    assert await referee.move_on(await store.get_match(out.match_id)) is None  # nothing due


async def test_a_player_acting_in_a_match_left_waiting_moves_it_on_first(
    referee: Referee, thinker: Thinker, all_to_the_worker: None
) -> None:
    out = await left_waiting(referee, store=referee.store)
    with pytest.raises(ConflictError):  # a button drawn before the restart: out of date
        await referee.act(
            CHANNEL, ADA, "kickoff", {"side": "west"}, expected_version=out.version - 1
        )
    assert thinker.made == 0
    # the seed's kick-off roll goes to West: the coach decides, then Ada's choice counts
    out = await referee.act(CHANNEL, ADA, "kickoff", {"side": "west"})
    assert thinker.made == 1
    lines = "\n".join(out.lines)
    assert "Formations: West 4-4-2" in lines and "kick" in lines.lower()


async def test_the_coach_takes_over_at_normal_even_in_a_strong_match(
    store: MatchStore, thinker: Thinker, on_the_loop: list[bool]
) -> None:
    from tests.referee.test_deadlines import Calls, Clock

    clock = Clock()
    referee = Referee(store, clock=clock, thinker=thinker)
    out = await referee.start_match(1, CHANNEL, SEATS, seed=5, turn_timeout=10)
    await store.update_options(out.match_id, {"coach_level": "strong"}, expected_version=0)
    await referee.act(CHANNEL, ADA, "formation", {"shape": "4-4-2"})
    clock.at(12)
    await Calls().dispatcher(store, clock).tick()
    out = await referee.coach_takes_over(CHANNEL, ADA)
    match = await store.get_match(out.match_id)
    assert match.options["coach_side"] == "east" and match.options["coach_level"] == "normal"
    assert on_the_loop == [False] and thinker.made == 0
    assert [p.side for p in out.next] == ["west"]


async def test_status_and_boards_carry_the_chances(referee: Referee) -> None:
    out = await kick_off(referee, "normal")
    status = await referee.status(CHANNEL, ADA)
    assert status.chances is not None
    assert sum(status.chances.to_json()) == pytest.approx(1.0)
    seen: list[dict[str, Any]] = []

    def capture(view: dict[str, Any], names: Any, events: Any) -> bytes:
        seen.append(view)
        return b"png"

    game = games.get("fuba")
    spy = Outcome(**{**vars_of(out), "game": game_with(game, capture)})
    for viewer in (None, "west"):
        assert await spy.board_png(viewer) == b"png"
    public = game.chances(game.ruleset.view(out.state, None))
    assert public is not None
    assert [view["chances"] for view in seen] == [public.to_json()] * 2


def vars_of(out: Outcome) -> dict[str, Any]:
    return {f: getattr(out, f) for f in Outcome.__dataclass_fields__ if not f.startswith("_")}


def game_with(game: Any, render: Any) -> Any:
    import dataclasses

    return dataclasses.replace(game, render_png=render)


async def test_a_finished_match_stays_finished(referee: Referee, store: MatchStore) -> None:
    out = await kick_off(referee, "strong")
    await referee.resign(CHANNEL, ADA)
    match = await store.get_match(out.match_id)
    assert match.status is MatchStatus.FINISHED
    assert await referee.move_on(match) is None
    assert BOT in match.players.values()


async def test_a_resigned_match_shows_its_result_not_the_odds(
    referee: Referee, store: MatchStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = await kick_off(referee, "normal")
    done = await referee.resign(CHANNEL, ADA)  # at 0-0: East wins
    won = [0.0, 0.0, 1.0]  # West, draw, East
    seen: list[dict[str, Any]] = []

    def capture(view: dict[str, Any], names: Any, events: Any) -> bytes:
        seen.append(view)
        return b"png"

    spy = Outcome(**{**vars_of(done), "game": game_with(done.game, capture)})
    await spy.board_png(None)
    assert [view["chances"] for view in seen] == [won]
    match = await store.get_match(out.match_id)
    later = await referee.outcome_of(match)  # the board brought up to date later: the same
    assert later.over and later.result == done.result

    history = await store.history(out.match_id)
    points = course(games.get("fuba"), history.initial, history.actions, match.result).points
    assert points[-1] == won and points[-2] != won  # the chart ends on the result

    drawn: list[tuple[Any, ...]] = []

    def image(draw: Any, *args: Any) -> Any:
        drawn.append(args)
        future = asyncio.get_running_loop().create_future()
        future.set_result(None)
        return future

    monkeypatch.setattr("referee.stats.boards.image", image)
    await stats.summary(store, out.match_id)
    assert all(args[-1] == match.result for args in drawn[1:])  # the chart's inputs


async def test_a_drawn_result_is_a_certain_draw() -> None:
    game = games.get("fuba")
    assert boards.settled(game, {"winner": None, "score": "1-1", "reason": "full_time"}) == (
        Chances.certain(None)
    )
    assert boards.settled(game, {"winner": None, "reason": "aborted", "by": 1}) is None
