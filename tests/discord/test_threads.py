"""Matches in threads: a challenge plays in a new public thread when the bot may create one,
the parent channel keeps one scoreboard message per match, and a challenge the bot could not
play is refused up front with the permissions it lacks."""

from __future__ import annotations

import dataclasses
import logging
import random
from collections.abc import Callable

import discord
import pytest
import simcord
from simcord.backend.models import Overwrite

from cogs.play.scoreboard import refresh_scoreboard
from referee.service import Outcome
from tests.discord.conftest import World
from tests.discord.test_dicesoccer import play_out
from tests.discord.test_play import bot_member, private, referee, refused, text_of

THREAD_CREATED = discord.MessageType.thread_created.value


def public_in(channel: simcord.ChannelHandle) -> list[discord.Message]:
    """The channel's public messages, without Discord's own "started a thread" lines."""
    return [
        m for m in channel.history() if not m.flags.ephemeral and m.type.value != THREAD_CREATED
    ]


def play_cog(world: World):  # noqa: ANN201
    cog = world.env.bot.get_cog("MatchPlay")
    assert cog is not None
    return cog


async def challenged_in(
    world: World, channel: simcord.ChannelHandle, game: str = "fuba", **options: object
) -> discord.Message:
    """Alice challenges Bob in ``channel``; returns the challenge message."""
    posted = await world.alice.slash(channel, f"{game} challenge", opponent=world.bob, **options)
    assert private(posted) == ""
    return public_in(channel)[-1]


def scoreboard_of(channel: simcord.ChannelHandle, thread: simcord.ChannelHandle) -> discord.Message:
    """The one message of the parent channel that links the thread."""
    [board] = [m for m in public_in(channel) if f"<#{thread.id}>" in m.content]
    return board


def guarded(world: World, name: str, **denied: bool) -> simcord.ChannelHandle:
    """A new channel where the bot is denied the permissions named."""
    assert world.env.bot.user is not None
    overwrite = discord.PermissionOverwrite(**denied)
    return world.env.guild.create_text_channel(name, overwrites={world.env.bot.user: overwrite})


# -- threads by default -----------------------------------------------------------------------


async def test_a_challenge_plays_in_a_new_public_thread_with_a_scoreboard_in_the_channel(
    world: World,
) -> None:
    stadium = world.stadium
    challenge = await challenged_in(world, stadium)
    assert "in its own thread" in challenge.content

    accepted = private(await world.bob.click(challenge, label="Accept"))

    [thread] = stadium.threads
    assert accepted == f"The match is on in <#{thread.id}>."
    assert world.env.backend.channels[thread.id].type == discord.ChannelType.public_thread.value
    opening = public_in(thread)[-1]
    assert "alice (West) v bob (East)" in text_of(opening)
    # Commands in the thread act on its match; the channel itself has none.
    formation = private(await world.alice.slash(thread, "fuba formation", shape="4-4-2"))
    assert formation.startswith("Your formation")
    assert "no match" in refused(world, await world.carol.slash(stadium, "fuba status")).lower()
    # The channel keeps one message, the challenge turned scoreboard: players, score, moment,
    # and the way to the thread; no buttons, no pings.
    [board] = public_in(stadium)
    assert board.id == challenge.id
    assert "alice (West) 0-0 bob (East)" in board.content
    assert "kick-off" in board.content and f"<#{thread.id}>" in board.content
    assert board.components == []
    stored = world.env.backend.messages[stadium.id][board.id]
    assert not stored.ping_user_ids  # type: ignore[attr-defined]


async def test_thread_false_plays_in_the_channel(world: World) -> None:
    challenge = await challenged_in(world, world.stadium, thread=False)
    assert "thread" not in challenge.content

    accepted = private(await world.bob.click(challenge, label="Accept"))

    assert accepted == ""
    assert world.stadium.threads == []
    match = await referee(world).store.active_match(world.stadium.id)
    assert match is not None
    assert await referee(world).store.scoreboard(match.id) is None


async def test_where_the_bot_may_not_create_threads_a_challenge_plays_in_the_channel(
    world: World,
) -> None:
    challenge = await challenged_in(world, world.channel)
    assert "thread" not in challenge.content
    private(await world.bob.click(challenge, label="Accept"))
    assert world.channel.threads == []
    assert await referee(world).store.active_match(world.channel.id) is not None


async def test_a_match_against_the_coach_plays_in_a_thread_with_its_own_scoreboard(
    world: World,
) -> None:
    start = private(
        await world.alice.slash(world.stadium, "dicesoccer challenge", opponent=bot_member(world))
    )
    [thread] = world.stadium.threads
    assert start == f"The match is on in <#{thread.id}>."
    board = scoreboard_of(world.stadium, thread)
    assert "alice (White) 0-0 Coach (Black)" in board.content
    match = await referee(world).store.active_match(thread.id)
    assert match is not None
    stored = await referee(world).store.scoreboard(match.id)
    assert stored is not None and stored.message_id == board.id


async def test_two_matches_run_at_once_in_two_threads_of_one_channel(world: World) -> None:
    stadium = world.stadium
    challenge = await challenged_in(world, stadium)
    private(await world.bob.click(challenge, label="Accept"))
    versus_coach = await world.carol.slash(stadium, "fuba challenge", opponent=bot_member(world))
    assert private(versus_coach).startswith("The match is on in")

    first, second = sorted(stadium.threads, key=lambda t: t.id)
    store = referee(world).store
    one, other = await store.active_match(first.id), await store.active_match(second.id)
    assert one is not None and other is not None and one.id != other.id
    assert set(one.players.values()) == {world.alice.id, world.bob.id}
    assert world.carol.id in other.players.values()
    for member, thread in ((world.alice, first), (world.carol, second)):
        reply = private(await member.slash(thread, "fuba formation", shape="4-4-2"))
        assert reply.startswith("Your formation")
    # Each player acts only in their own match's thread.
    assert "not playing in this match" in refused(
        world, await world.carol.slash(first, "fuba formation", shape="4-4-2")
    )
    assert scoreboard_of(stadium, first).id != scoreboard_of(stadium, second).id


async def test_a_challenge_made_in_a_thread_plays_in_that_thread(world: World) -> None:
    await world.alice.slash(world.stadium, "fuba challenge", opponent=bot_member(world))
    [thread] = world.stadium.threads
    await referee(world).abort(thread.id, world.alice.id)

    challenge = await challenged_in(world, thread)
    assert private(await world.bob.click(challenge, label="Accept")) == ""  # it is on here

    assert [t.id for t in world.stadium.threads] == [thread.id]  # no thread in a thread
    match = await referee(world).store.active_match(thread.id)
    assert match is not None and world.bob.id in match.players.values()


# -- permissions up front ---------------------------------------------------------------------


async def test_an_explicit_thread_without_the_permission_is_refused_with_the_list(
    world: World,
) -> None:
    answer = refused(
        world,
        await world.alice.slash(world.channel, "fuba challenge", opponent=world.bob, thread=True),
    )

    assert answer == (
        f"I can't play here in a thread: I need Create Public Threads in <#{world.channel.id}>. "
        "Ask a server admin, or challenge again with `thread:false` to play in the channel."
    )
    assert public_in(world.channel) == []
    assert await play_cog(world).challenges.get(world.channel.id) is None


@pytest.mark.parametrize(
    ("denied", "named"),
    [
        ({"embed_links": False, "attach_files": False}, "Attach Files and Embed Links"),
        ({"send_messages": False}, "Send Messages"),
        (
            {"read_message_history": False, "attach_files": False, "create_public_threads": False},
            "Attach Files and Read Message History",
        ),
    ],
)
async def test_missing_permissions_are_refused_up_front_and_nothing_is_opened(
    world: World, denied: dict[str, bool], named: str
) -> None:
    bare = guarded(world, "bare", **denied)
    expected = f"I can't play here: I need {named} in <#{bare.id}>. Ask a server admin."

    for opponent in (world.bob, bot_member(world)):
        answer = refused(world, await world.alice.slash(bare, "fuba challenge", opponent=opponent))
        assert answer == expected

    assert public_in(bare) == [] and bare.threads == []
    assert await play_cog(world).challenges.get(bare.id) is None
    assert await referee(world).store.active_match(bare.id) is None
    assert await referee(world).store.active_matches(world.env.guild.id) == []


async def test_a_thread_the_bot_could_not_post_in_falls_back_to_the_channel(
    world: World,
) -> None:
    """Creating threads is no use without Send Messages in Threads: by default the match is
    played in the channel; asked for a thread, the challenge is refused with what is missing."""
    quiet = guarded(world, "quiet", send_messages_in_threads=False)
    challenge = await challenged_in(world, quiet)
    assert "thread" not in challenge.content
    private(await world.bob.click(challenge, label="Accept"))
    assert quiet.threads == []
    assert await referee(world).store.active_match(quiet.id) is not None

    lacking = guarded(world, "lacking", send_messages_in_threads=False)
    answer = refused(
        world,
        await world.alice.slash(lacking, "fuba challenge", opponent=world.bob, thread=True),
    )
    assert answer.startswith(
        f"I can't play here in a thread: I need Send Messages in Threads in <#{lacking.id}>."
    )


async def test_a_permission_taken_away_before_the_answer_stops_the_match_before_anything(
    world: World,
) -> None:
    challenge = await challenged_in(world, world.stadium)
    assert world.env.bot.user is not None
    deny = discord.Permissions(attach_files=True).value
    world.env.backend.set_overwrite(
        world.stadium.id, Overwrite(target_id=world.env.bot.user.id, type=1, allow=0, deny=deny)
    )
    await world.env.settle()

    answer = refused(world, await world.bob.click(challenge, label="Accept"))

    assert answer == (
        "The match could not start. I can't play here in a thread: I need Attach Files in "
        f"<#{world.stadium.id}>. Ask a server admin, or challenge again with `thread:false` to "
        "play in the channel."
    )
    assert world.stadium.threads == []
    assert await referee(world).store.active_matches(world.env.guild.id) == []
    said = public_in(world.stadium)
    assert "could not start" in said[-1].content
    assert said[0].content.endswith("bob accepted, but the match could not start.")
    assert said[0].components == []


# -- the scoreboard ---------------------------------------------------------------------------


async def alice_plays(
    world: World, thread: simcord.ChannelHandle, until: Callable[[Outcome], bool]
) -> Outcome:
    """Alice plays her side (the first) of the thread's match against the coach, as a coach
    would, until ``until`` the outcome of a step; returns that outcome."""
    ref = referee(world)
    outcome = await ref.current(thread.id)
    coach = outcome.game.coach(1)
    side = outcome.game.ruleset.sides[0]
    for _ in range(5000):
        if until(outcome):
            return outcome
        pending = outcome.game.ruleset.pending(outcome.state)
        decision = next(d for d in pending if d.actor == side)
        if decision.dice:
            outcome = await ref.act(thread.id, world.alice.id, "roll")
        else:
            action = coach.choose(outcome.state, decision)
            outcome = await ref.act(thread.id, world.alice.id, action.kind, action.args)
    raise AssertionError("never came")


async def goal_in(world: World, thread: simcord.ChannelHandle) -> Outcome:
    """Alice plays until a goal is scored; returns that step's outcome."""
    return await alice_plays(
        world, thread, lambda outcome: any(outcome.game.score(outcome.state).values())
    )


async def coach_match_in_thread(world: World) -> tuple[simcord.ChannelHandle, discord.Message]:
    await world.alice.slash(world.stadium, "dicesoccer challenge", opponent=bot_member(world))
    [thread] = world.stadium.threads
    return thread, scoreboard_of(world.stadium, thread)


async def test_the_scoreboard_shows_the_score_after_a_goal(world: World) -> None:
    thread, board = await coach_match_in_thread(world)
    outcome = await goal_in(world, thread)
    score = outcome.game.score(outcome.state)

    await refresh_scoreboard(world.env.bot, referee(world).store, outcome)

    now = scoreboard_of(world.stadium, thread)
    assert now.id == board.id
    assert f"alice (White) {score['white']}-{score['black']} Coach (Black)" in now.content
    assert "kick-off" not in now.content and f"<#{thread.id}>" in now.content


async def test_the_scoreboard_says_full_time_at_the_last_goal(world: World) -> None:
    await world.alice.slash(
        world.stadium, "dicesoccer challenge", opponent=bot_member(world), target_score=1
    )
    [thread] = world.stadium.threads
    outcome = await goal_in(world, thread)
    assert outcome.over

    await refresh_scoreboard(world.env.bot, referee(world).store, outcome)

    final = scoreboard_of(world.stadium, thread).content
    assert "1-0" in final or "0-1" in final
    assert ", full time. Played in" in final


async def test_a_fuba_scoreboard_shows_the_clock_and_half_time(world: World) -> None:
    await world.alice.slash(world.stadium, "fuba challenge", opponent=bot_member(world))
    [thread] = world.stadium.threads
    store = referee(world).store

    playing = await alice_plays(world, thread, lambda o: o.state.minute >= 10)
    await refresh_scoreboard(world.env.bot, store, playing)
    assert f"1st half, {playing.state.minute}'" in scoreboard_of(world.stadium, thread).content

    half_time = await alice_plays(
        world, thread, lambda o: any(e.kind == "half_end" for e in o.events)
    )
    await refresh_scoreboard(world.env.bot, store, half_time)
    assert ", half time. Follow it in" in scoreboard_of(world.stadium, thread).content


async def test_the_scoreboard_says_who_resigned(world: World) -> None:
    thread, _ = await coach_match_in_thread(world)
    outcome = await referee(world).resign(thread.id, world.alice.id)

    await refresh_scoreboard(world.env.bot, referee(world).store, outcome)

    final = scoreboard_of(world.stadium, thread).content
    assert "alice (White) 0-0 Coach (Black), alice resigned. Played in" in final


@pytest.mark.parametrize(("status", "code"), [(403, 50013), (404, 10008), (500, 0)])
async def test_a_discord_error_on_the_scoreboard_is_logged_not_raised(
    world: World, caplog: pytest.LogCaptureFixture, status: int, code: int
) -> None:
    thread, board = await coach_match_in_thread(world)
    outcome = await goal_in(world, thread)
    world.env.inject_error(
        "PATCH",
        f"/channels/{world.stadium.id}/messages/{board.id}",
        status=status,
        code=code,
        times=None,
    )

    with caplog.at_level(logging.INFO, logger="cogs.play.scoreboard"):
        await refresh_scoreboard(world.env.bot, referee(world).store, outcome)

    assert "kick-off" in scoreboard_of(world.stadium, thread).content  # as it was
    assert any("scoreboard" in r.getMessage() for r in caplog.records)


async def test_a_match_without_a_scoreboard_is_left_alone(world: World) -> None:
    await world.alice.slash(world.channel, "fuba challenge", opponent=bot_member(world))
    before = [m.content for m in public_in(world.channel)]
    outcome = await referee(world).current(world.channel.id)

    await refresh_scoreboard(world.env.bot, referee(world).store, outcome)

    assert [m.content for m in public_in(world.channel)] == before


async def test_a_whole_match_in_a_thread_keeps_its_scoreboard_up_to_date(world: World) -> None:
    """Played through the commands: each goal is a highlight in the thread and moves the
    parent channel's scoreboard on, which says full time at the end; the parent channel
    keeps that one message."""
    await world.alice.slash(
        world.stadium, "dicesoccer challenge", opponent=bot_member(world), target_score=2
    )
    [thread] = world.stadium.threads
    board = scoreboard_of(world.stadium, thread)
    in_thread = dataclasses.replace(world, channel=thread)

    await play_out(in_thread, random.Random(3), world.alice)

    match = await referee(world).store.last_finished_match(thread.id, "dicesoccer")
    assert match is not None and match.result is not None
    score = match.result["score"]
    final = scoreboard_of(world.stadium, thread)
    assert final.id == board.id and [m.id for m in public_in(world.stadium)] == [board.id]
    assert f"alice (White) {score['white']}-{score['black']} Coach (Black)" in final.content
    assert "full time" in final.content
    goals = [m for m in public_in(thread) if "GOAL" in m.content and not m.embeds]
    assert len(goals) == sum(score.values())
    left = [m for m in public_in(thread) if m.author.id == world.env.bot.user.id]
    assert len(left) <= 15 + 2 * len(goals)  # kick-off, goals, the final board, the report
