"""The coach's levels and the chances to win, as members see them: a challenge to the bot at
each level (refused against a member), the strong coach playing a whole match from its worker
process, a timed-out side taken over at normal, a match a restart left waiting for its coach
moved on, the chances in `/fuba status`, on the board and in the full-time chart."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest

import render.fuba.board
from engine.core.levels import LEVELS
from referee.thinking import Thinker
from store.models import MatchStatus
from tests.discord.conftest import World
from tests.discord.test_play import (
    bot_member,
    play_until,
    private,
    public,
    referee,
    refused,
    since,
    text_of,
)


@pytest.fixture(autouse=True)
def small_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """The strong coach thinks a hundredth of a second per decision here (the bot reads it
    when it starts)."""
    monkeypatch.setenv("COACH_BUDGET", "0.01")


@pytest.fixture(autouse=True)
def thinker_closed(world: World) -> Iterator[None]:
    """Each test's thinking worker stops with it (before SimCord's next bot)."""
    yield
    thinker(world).close()


def thinker(world: World) -> Thinker:
    return referee(world).thinker


@pytest.mark.parametrize("level", LEVELS)
async def test_a_challenge_to_the_bot_at_each_level(world: World, level: str) -> None:
    start = await world.alice.slash(
        world.channel, "fuba challenge", opponent=bot_member(world), level=level
    )
    assert private(start) == ""
    kick_off = "\n".join(text_of(m) for m in public(world))
    status = private(await world.carol.slash(world.channel, "fuba status"))
    if level == "normal":  # the usual coach goes unsaid
        assert "alice (West) v Coach (East), virtual dice" in kick_off
        assert "alice 0 v Coach 0" in status
    else:
        assert f"alice (West) v Coach (East, {level}), virtual dice" in kick_off
        assert f"alice 0 v Coach ({level}) 0" in status
    match = await referee(world).store.active_match(world.channel.id)
    assert match is not None and match.options["coach_level"] == level


@pytest.mark.parametrize("game", ["dicesoccer", "simplesoccer", "socceristic"])
async def test_every_game_takes_the_strong_level(world: World, game: str) -> None:
    start = await world.alice.slash(
        world.channel, f"{game} challenge", opponent=bot_member(world), level="strong"
    )
    assert private(start) == ""
    assert ", strong), virtual dice" in "\n".join(text_of(m) for m in public(world))
    match = await referee(world).store.active_match(world.channel.id)
    assert match is not None and match.options["coach_level"] == "strong"
    assert thinker(world).failed == 0


async def test_a_level_against_a_member_is_refused(world: World) -> None:
    before = public(world)
    refusal = refused(
        world,
        await world.alice.slash(world.channel, "fuba challenge", opponent=world.bob, level="easy"),
    )
    assert "only for a match against the bot" in refusal
    assert since(world, before) == []
    cog = world.env.bot.get_cog("MatchPlay")
    assert await cog.challenges.get(world.channel.id, cog.clock()) is None
    assert await referee(world).store.active_match(world.channel.id) is None


async def test_the_strong_coach_plays_a_whole_match_from_its_worker(world: World) -> None:
    await world.alice.slash(
        world.channel, "fuba challenge", opponent=bot_member(world), level="strong"
    )
    before = public(world)
    await play_until(world, world.alice, stop=None)
    *_, final, report = since(world, before)
    assert "FULL TIME" in text_of(final)
    match_id = int(((final.embeds[0].title or "").rsplit("#", 1))[1])
    history = await referee(world).store.history(match_id)
    assert history.match.status is MatchStatus.FINISHED
    decisions = [e for e in history.log if e.action.actor == "east" and e.action.kind != "roll"]
    assert decisions and all(e.user_id is None for e in decisions)
    made = thinker(world)
    # the decisions it searches from the worker, the rest (forced, secret, routine) at once
    assert 0 < made.made < len(decisions) / 2 and made.failed == 0
    assert [a.filename for a in report.attachments][:2] == ["replay.gif", "chances.png"]


async def test_the_coach_taking_over_a_timed_out_side_plays_at_normal(world: World) -> None:
    from tests.discord.test_play import challenge_accepted
    from tests.discord.test_timeouts import Clock, play_cog, timeout_labels

    cog = play_cog(world)
    clock = Clock()
    cog.referee.clock = cog.dispatcher.clock = clock
    await challenge_accepted(world, turn_timeout=2)
    store = cog.referee.store
    match = await store.active_match(world.channel.id)
    assert match is not None
    await store.update_options(  # as if the match had a strong coach somewhere
        match.id, {"coach_level": "strong"}, expected_version=match.version
    )
    assert private(await world.alice.slash(world.channel, "fuba formation", shape="4-4-2"))
    clock.offset = timedelta(minutes=5)
    assert await cog.dispatcher.tick() == 1  # Bob ran out of time
    expiry = public(world)[-1]
    assert timeout_labels(expiry) == ["Claim the win", "Let the coach play"]

    assert private(await world.alice.click(expiry, label="Let the coach play")) == ""
    stored = await store.get_match(match.id)
    assert stored.options["coach_side"] == "east" and stored.options["coach_level"] == "normal"
    assert "Formations: West 4-4-2" in text_of(public(world)[-1])  # the coach chose at once
    assert thinker(world).made == 0


async def test_status_shows_the_chances(world: World) -> None:
    await world.alice.slash(world.channel, "fuba challenge", opponent=bot_member(world))
    status = private(await world.carol.slash(world.channel, "fuba status"))
    [line] = [line for line in status.splitlines() if line.startswith("Chances: ")]
    figures = [int(part.split()[-1].rstrip("%")) for part in line.split(" · ")]
    assert line.startswith("Chances: alice ") and " · Draw " in line and " · Coach " in line
    assert sum(figures) == 100


async def test_the_board_is_drawn_with_the_chances(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    views: list[dict[str, Any]] = []
    draw = render.fuba.board.render_png

    def watched(view: dict[str, Any], *args: Any, **kwargs: Any) -> bytes:
        views.append(view)
        return draw(view, *args, **kwargs)

    monkeypatch.setattr(render.fuba.board, "render_png", watched)
    await world.alice.slash(world.channel, "fuba challenge", opponent=bot_member(world))
    await play_until(world, world.alice, stop="/fuba target")
    assert views and all(len(view["chances"]) == 3 for view in views)
    assert all(sum(view["chances"]) == pytest.approx(1.0) for view in views)


async def test_the_live_board_shows_the_chances_under_its_image(world: World) -> None:
    await world.alice.slash(world.channel, "fuba challenge", opponent=bot_member(world))
    await play_until(world, world.alice, stop="/fuba target")
    board = public(world)[-1]
    line = board.embeds[0].footer.text or ""
    figures = [int(part.split()[-1].rstrip("%")) for part in line.split(" · ")]
    assert line.startswith("Chances: alice ") and " · Draw " in line and " · Coach " in line
    assert sum(figures) == 100
    status = private(await world.carol.slash(world.channel, "fuba status"))
    assert line in status.splitlines()  # the same figures as the status, and the board's bar
    assert private(await world.alice.slash(world.channel, "fuba resign")) == ""
    [final] = [m for m in public(world) if m.embeds and m.embeds[0].title == "Resigned"]
    assert final.embeds[0].footer.text is None  # at the final whistle: the result, no chances


async def test_the_full_time_report_has_the_chart(world: World) -> None:
    await world.alice.slash(world.channel, "fuba challenge", opponent=bot_member(world))
    await play_until(world, world.alice, stop="/fuba target")
    before = public(world)
    assert private(await world.alice.slash(world.channel, "fuba resign")) == ""
    report = since(world, before)[-1]
    assert (report.embeds[0].title or "").startswith("Full time")
    chart = next(a for a in report.attachments if a.filename == "chances.png")
    assert (await chart.read()).startswith(b"\x89PNG")
    assert [e.image.url for e in report.embeds] == [
        "attachment://replay.gif",
        "attachment://chances.png",
    ]


async def test_a_match_a_restart_left_waiting_mentions_whose_decision_it_is(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bot (an older one, which sent even a formation to the thinking worker) stopped
    between Alice's formation and its strong coach's (her step counted, its board never
    posted): moved on at the next start, the board mentions her, as after any step it is her
    decision."""
    from referee.auto import Deferred
    from referee.service import Referee
    from store.repository import Seat
    from tests.discord.test_timeouts import play_cog

    cog, bot = play_cog(world), world.env.bot.user
    assert bot is not None
    seats = [Seat("west", world.alice.id, "alice"), Seat("east", bot.id, "Coach")]
    ref = referee(world)
    out = await ref.start_match(world.alice.guild.id, world.channel.id, seats, seed=5)
    store = ref.store
    await store.update_options(
        out.match_id, {"coach_side": "east", "coach_level": "strong"}, expected_version=0
    )
    match = await store.get_match(out.match_id)
    assert await cog.bring_up_to_date(match)  # her formation's board: it names her
    assert (await store.live_board(out.match_id)).deciders == {world.alice.id}

    async def stopped(self: Referee, game: Any, match: Any, events: Any) -> Any:
        return match, events  # the bot stops before its coach decides

    with monkeypatch.context() as patched:
        patched.setattr(Referee, "_moved_on", stopped)
        patched.setattr(Deferred, "_searches", lambda self, state, decision: True)
        await ref.act(world.channel.id, world.alice.id, "formation", {"shape": "4-4-2"})
    stored = world.env.backend.messages[world.channel.id]
    before = max(stored)

    assert await cog.move_on_coaches() == 1
    board = public(world)[-1]
    assert "Formations: West 4-4-2" in text_of(board)
    [posted] = [m for i, m in stored.items() if i > before]
    assert world.alice.id in posted.ping_user_ids  # her kick-off choice now
