"""Turn timeouts in a channel: the reminder, the expiry with its buttons, claiming the win and
letting the coach play. The cog's dispatcher is ticked by hand with a clock moved forward."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import discord
import pytest
from sqlalchemy.engine import URL

from bot import create_bot
from botconfig import Settings
from store.models import MatchStatus, utcnow
from tests.discord.conftest import World
from tests.discord.test_play import challenge_accepted, private, public, refused, text_of


class Clock:
    """A time that stands still, moved forward by the test."""

    def __init__(self) -> None:
        self.start = utcnow()
        self.offset = timedelta()

    def __call__(self):  # noqa: ANN204
        return self.start + self.offset


def play_cog(world: World):  # noqa: ANN201
    cog = world.env.bot.get_cog("MatchPlay")
    assert cog is not None and cog.dispatcher is not None
    return cog


def pinged(world: World, message: discord.Message) -> set[int]:
    """Whom the message pinged when it was posted."""
    return set(world.env.backend.messages[message.channel.id][message.id].ping_user_ids)


def keep_old_board(world: World) -> None:
    """Discord will neither delete the live board when it is posted again nor take its
    buttons off: they can still be clicked."""
    refusal = {"status": 403, "code": 50013, "message": "Missing Permissions"}
    for method in ("DELETE", "PATCH"):
        world.env.inject_error(method, f"/channels/{world.channel.id}/messages/*", **refusal)


def timeout_labels(message: discord.Message) -> list[str]:
    return [
        c.label or ""
        for row in message.components
        for c in getattr(row, "children", [])
        if (c.custom_id or "").startswith("fuba:timeout:")
    ]


async def expired_for_bob(world: World) -> tuple[discord.Message, int, Clock]:
    """Alice and Bob play with a 2-minute turn timeout; Alice chooses her formation, Bob does
    not: the reminders at one minute, then Bob's expiry, shown by the live board. Returns the
    board."""
    cog = play_cog(world)
    clock = Clock()
    cog.referee.clock = cog.dispatcher.clock = clock  # deadlines are set and fired by it
    await challenge_accepted(world, turn_timeout=2)
    active = await cog.referee.store.active_match(world.channel.id)
    assert active is not None and active.options["turn_timeout"] == 2
    match_id = active.id

    assert await cog.dispatcher.tick() == 0  # nothing due yet
    clock.offset = timedelta(seconds=50)
    assert await cog.dispatcher.tick() == 0  # the reminders are due at 60 s
    clock.offset = timedelta(seconds=65)  # a late tick: the reminders say the time left now
    before = public(world)[-1]
    assert await cog.dispatcher.tick() == 2  # both must choose a formation
    board = public(world)[-1]  # the live board, come down with the time left
    assert board.id != before.id and [m.id for m in public(world)].count(before.id) == 0
    due = int((clock.start + timedelta(minutes=2)).timestamp())  # the stored expiry
    for member, side in ((world.alice, "West"), (world.bob, "East")):
        assert (
            f"{member.mention} ({side}): 55 seconds left to decide (expires <t:{due}:R>, at "
            f"<t:{due}:t>), then your opponent may claim the win."
        ) in board.content
    assert pinged(world, board) == {world.bob.id}  # the second reminder's board pings Bob

    assert private(await world.alice.slash(world.channel, "fuba formation", shape="4-4-2"))
    clock.offset = timedelta(minutes=5)  # a fresh 2 minutes from Alice's move, and more
    assert await cog.dispatcher.tick() == 1  # Bob's expiry (his reminder goes with it)
    expiry = public(world)[-1]
    assert [a.filename for a in expiry.attachments] == ["board.png"]
    assert (
        f"bob (East) ran out of time: {world.alice.mention} (West) may claim the win or let "
        "the automatic coach play their side"
    ) in expiry.content
    assert pinged(world, expiry) == {world.alice.id}  # the board came down to her
    assert timeout_labels(expiry) == ["Claim the win", "Let the coach play"]
    assert await cog.dispatcher.tick() == 0  # fired once
    return expiry, match_id, clock


async def test_the_waiting_player_claims_the_win(world: World) -> None:
    expiry, match_id, _ = await expired_for_bob(world)
    store = play_cog(world).referee.store

    posted = len(public(world))
    assert "You are the one who ran out of time" in refused(
        world, await world.bob.click(expiry, label="Claim the win")
    )
    assert "not playing" in refused(world, await world.carol.click(expiry, label="Claim the win"))
    assert len(public(world)) == posted
    assert (await store.get_match(match_id)).status is MatchStatus.ACTIVE

    won = await world.alice.click(expiry, label="Claim the win")
    assert private(won) == ""  # the board says it
    final, report = public(world)[-2:]
    assert (report.embeds[0].title or "").startswith("Full time")  # statistics and replay
    assert final.id == expiry.id and final.embeds[0].title == "Won on time"
    assert "alice (West) wins." in final.content and "Dice seed:" in final.content
    assert timeout_labels(final) == [] and not final.components
    stored = await store.get_match(match_id)
    assert stored.status is MatchStatus.FINISHED
    assert stored.result is not None and stored.result["reason"] == "timeout"
    assert stored.result["winner"] == "west"
    again = await world.alice.slash(world.channel, "fuba claim")  # the match is over
    assert refused(world, again)


async def test_letting_the_coach_play_continues_the_match(world: World) -> None:
    expiry, match_id, clock = await expired_for_bob(world)
    store = play_cog(world).referee.store

    assert "You are the one who ran out of time" in refused(
        world, await world.bob.click(expiry, label="Let the coach play")
    )
    await world.carol.send(world.channel, "come on, bob!")  # the board will come down again
    keep_old_board(world)
    coached = await world.alice.click(expiry, label="Let the coach play")
    assert private(coached) == ""
    after = public(world)[-1]
    assert after.id != expiry.id and timeout_labels(after) == []
    narration = text_of(after)
    assert "automatic coach plays East" in narration
    assert "Formations: West 4-4-2" in narration  # the coach chose East's at once
    assert world.alice.mention in after.content  # the match goes on: Alice is asked next
    stored = await store.get_match(match_id)
    assert stored.status is MatchStatus.ACTIVE and stored.options["coach_side"] == "east"

    stale = await world.alice.click(expiry, label="Claim the win")
    assert "This is out of date: the match is on https://discord.com/channels/" in refused(
        world, stale
    )
    clock.offset = timedelta(days=30)  # against the coach there are no deadlines any more
    assert await play_cog(world).dispatcher.tick() == 0


async def test_the_challenge_buttons_keep_the_turn_timeout_across_a_restart(
    world: World, settings: Settings
) -> None:
    posted = await world.alice.slash(
        world.channel, "fuba challenge", opponent=world.bob, turn_timeout=30
    )
    assert private(posted) == ""
    challenge = public(world)[-1]
    assert "30 minutes per decision" in challenge.content
    await world.env.restart_bot(create_bot(settings))
    cog = play_cog(world)
    accepted = await world.bob.click(challenge, label="Accept")
    assert private(accepted) == ""
    active = await cog.referee.store.active_match(world.channel.id)
    assert active is not None and active.options["turn_timeout"] == 30


class TestTheRunningDispatcher:
    """The bot's own dispatcher task, started when the bot starts, fires the deadlines as
    SimCord's clock moves: nothing here ticks it by hand."""

    @pytest.fixture
    def settings(self, tmp_path: Path) -> Settings:
        return Settings(
            database_url=URL.create("sqlite+aiosqlite", database=str(tmp_path / "db")),
            deadline_interval=10.0,  # a look at the due deadlines every 10 s
        )

    async def test_reminders_and_the_expiry_appear_on_their_own(self, world: World) -> None:
        cog = play_cog(world)
        assert cog.dispatcher.interval == 10.0
        # Deadlines are set from SimCord's clock, the one it moves.
        cog.referee.clock = cog.dispatcher.clock = world.env.now
        await challenge_accepted(world, turn_timeout=2)
        assert private(await world.alice.slash(world.channel, "fuba formation", shape="4-4-2"))
        posted = len(public(world))

        await world.env.advance_time(50)
        assert len(public(world)) == posted  # Bob's reminder is due at 60 s
        await world.env.advance_time(20)
        reminded = public(world)[-1]  # the live board, come down to Bob with the time left
        assert f"{world.bob.mention} (East): " in reminded.content
        assert "left to decide" in reminded.content
        assert pinged(world, reminded) == {world.bob.id}
        assert len(public(world)) == posted  # still one board

        await world.env.advance_time(60)  # Bob's 2 minutes are over
        expiry = public(world)[-1]  # the live board, come down to Alice
        assert f"ran out of time: {world.alice.mention} (West) may claim" in expiry.content
        assert "left to decide" not in expiry.content
        assert timeout_labels(expiry) == ["Claim the win", "Let the coach play"]
        assert len(public(world)) == posted  # the old board went
        assert private(await world.alice.click(expiry, label="Claim the win")) == ""
        assert public(world)[-2].embeds[0].title == "Won on time"
