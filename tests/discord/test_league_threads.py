"""League matches in threads, as challenges: `/league play` plays in a new public thread where
the bot may open one (with a scoreboard in the channel, kept up to date), in the channel with
`thread:false` or where it may not, and is refused up front, with nothing made, where the bot
could not play."""

from __future__ import annotations

import discord
import simcord

from referee.leagues.service import LeagueService
from store.leagues import StoredFixture
from tests.discord.conftest import World
from tests.discord.test_play import private, referee, refused, text_of
from tests.discord.test_threads import guarded, public_in, scoreboard_of


def leagues(world: World) -> LeagueService:
    cog = world.env.bot.get_cog("MatchPlay")
    assert cog is not None
    return cog.leagues


async def season(world: World, game: str = "fuba") -> StoredFixture:
    """An admin opens the league Spring in the stadium, alice and bob join, it starts; returns
    its one fixture."""
    guild = world.env.guild
    admins = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(world.env.create_user("ada"), roles=[admins])
    where = world.stadium
    assert private(await admin.slash(where, "league create", name="Spring", game=game))
    for member in (world.alice, world.bob):
        assert private(await member.slash(where, "league join")).startswith("You are in")
    assert private(await admin.slash(where, "league start")) == "**Spring** started."
    [fixture] = await leagues(world).fixtures(guild.id, "Spring")
    return fixture


def names(world: World, fixture: StoredFixture) -> tuple[str, str]:
    """The fixture's home and away members' names."""
    by_id = {m.id: m.name for m in (world.alice, world.bob)}
    return by_id[fixture.home_id], by_id[fixture.away_id]


async def nothing_started(world: World, channel: simcord.ChannelHandle, before: int) -> None:
    """No message, thread or match came of a refused `/league play` in ``channel``; its
    fixture is still to be played."""
    assert len(public_in(channel)) == before and channel.threads == []
    assert await referee(world).store.active_matches(world.env.guild.id) == []
    [fixture] = await leagues(world).fixtures(world.env.guild.id, "Spring")
    assert (fixture.status, fixture.match_id) == ("pending", None)


async def test_a_league_match_plays_in_a_new_thread_with_a_scoreboard_kept_up_to_date(
    world: World,
) -> None:
    fixture = await season(world)
    home, away = names(world, fixture)
    before = len(public_in(world.stadium))

    started = private(await world.alice.slash(world.stadium, "league play"))

    [thread] = world.stadium.threads
    assert world.env.backend.channels[thread.id].type == discord.ChannelType.public_thread.value
    assert thread.name == f"Spring: {home} v {away}"
    assert f"is on in <#{thread.id}>: play it with the `/fuba` commands" in started
    kick_off = next(m for m in public_in(thread) if m.content.startswith("**League match:"))
    assert f"<@{fixture.home_id}> (home) v <@{fixture.away_id}> (away)" in text_of(kick_off)
    # The channel gains one message: the match's scoreboard, which pings nobody.
    assert len(public_in(world.stadium)) == before + 1
    board = scoreboard_of(world.stadium, thread)
    assert f"**FUBA**: {home} (West) 0-0 {away} (East), kick-off. Follow it in" in board.content
    assert board.components == []
    assert not world.env.backend.messages[world.stadium.id][board.id].ping_user_ids  # type: ignore[attr-defined]
    match = await referee(world).store.active_match(thread.id)
    assert match is not None and match.options.get("ranked")
    stored = await referee(world).store.scoreboard(match.id)
    assert stored is not None and (stored.channel_id, stored.message_id) == (
        world.stadium.id,
        board.id,
    )

    # The away member resigns in the thread: the scoreboard says so by itself, and it counts.
    loser = world.bob if fixture.away_id == world.bob.id else world.alice
    assert private(await loser.slash(thread, "fuba resign")) == ""

    final = scoreboard_of(world.stadium, thread)
    assert final.id == board.id
    assert final.content == (
        f"**FUBA**: {home} (West) 0-0 {away} (East), {away} resigned. Played in <#{thread.id}>."
    )
    [result] = await leagues(world).results(world.env.guild.id, "Spring")
    assert (result.home_goals, result.away_goals, result.reason) == (3, 0, "resigned")


async def test_thread_false_plays_a_league_match_in_the_channel(world: World) -> None:
    await season(world, game="dicesoccer")

    started = private(await world.alice.slash(world.stadium, "league play", thread=False))

    assert "is on in" not in started and started.endswith("counts at the final whistle.")
    assert world.stadium.threads == []
    match = await referee(world).store.active_match(world.stadium.id)
    assert match is not None
    assert await referee(world).store.scoreboard(match.id) is None
    assert public_in(world.stadium)[-2].content.startswith("**League match: Spring")


async def test_where_the_bot_may_not_open_threads_a_league_match_plays_in_the_channel(
    world: World,
) -> None:
    await season(world)

    asked = refused(world, await world.alice.slash(world.channel, "league play", thread=True))

    assert asked == (
        f"I can't play here in a thread: I need Create Public Threads in <#{world.channel.id}>. "
        "Ask a server admin, or run `/league play` again with `thread:false` to play in the "
        "channel."
    )
    await nothing_started(world, world.channel, 0)

    private(await world.alice.slash(world.channel, "league play"))

    assert world.channel.threads == []
    assert await referee(world).store.active_match(world.channel.id) is not None


async def test_missing_permissions_are_refused_up_front_and_nothing_is_made(
    world: World,
) -> None:
    await season(world)
    cases = (
        ({"embed_links": False, "attach_files": False}, "Attach Files and Embed Links"),
        ({"send_messages_in_threads": False, "read_message_history": False}, None),
    )
    for number, (denied, named) in enumerate(cases):
        bare = guarded(world, f"bare{number}", **denied)
        answer = refused(world, await world.alice.slash(bare, "league play"))
        if named is None:  # no thread for want of one permission: the channel lacks another
            named = "Read Message History"
        assert answer == f"I can't play here: I need {named} in <#{bare.id}>. Ask a server admin."
        await nothing_started(world, bare, 0)


async def test_a_league_kick_off_refused_in_its_thread_leaves_no_thread_or_scoreboard(
    world: World,
) -> None:
    await season(world)
    before = len(public_in(world.stadium))
    # the kick-off's highlight and board in the new thread are both refused
    world.env.inject_error("POST", "/channels/*/messages", status=403, code=50013, times=2)

    answer = refused(world, await world.alice.slash(world.stadium, "league play"))

    assert answer.startswith("The match could not start.")
    await nothing_started(world, world.stadium, before)


async def test_a_thread_discord_refuses_to_open_is_refused_with_the_way_to_play_here(
    world: World,
) -> None:
    await season(world)
    before = len(public_in(world.stadium))
    world.env.inject_error(
        "POST", f"/channels/{world.stadium.id}/threads", status=403, code=50013, times=1
    )

    answer = refused(world, await world.alice.slash(world.stadium, "league play"))

    assert answer == "I may not create a thread here; run `/league play` again with `thread:false`."
    await nothing_started(world, world.stadium, before)


async def test_league_play_in_a_thread_plays_in_that_thread(world: World) -> None:
    await season(world)
    world.env.backend.create_thread(world.stadium.id, "club night", world.alice.id)  # a member's
    await world.env.settle()
    [thread] = world.stadium.threads

    started = private(await world.alice.slash(thread, "league play", thread=True))

    assert "is on in" not in started
    assert [t.id for t in world.stadium.threads] == [thread.id]  # no thread in a thread
    match = await referee(world).store.active_match(thread.id)
    assert match is not None and await referee(world).store.scoreboard(match.id) is None
