"""Challenges kept in the database: answered by command after a restart, withdrawn by the
challenger, refused while open, replaced once expired; stale buttons change nothing."""

from __future__ import annotations

from datetime import timedelta

import discord
import simcord

from bot import create_bot
from botconfig import Settings
from store.challenges import CHALLENGE_TTL
from store.models import MatchStatus, utcnow
from store.repository import Seat
from tests.discord.conftest import World
from tests.discord.test_play import (
    bot_member,
    challenge_index,
    private,
    public,
    referee,
    refused,
    text_of,
)


class Clock:
    """Real time moved forward by the test."""

    def __init__(self) -> None:
        self.offset = timedelta()

    def __call__(self):  # noqa: ANN204
        return utcnow() + self.offset


def play_cog(world: World):  # noqa: ANN201
    cog = world.env.bot.get_cog("MatchPlay")
    assert cog is not None
    return cog


async def challenged(
    world: World, channel: simcord.ChannelHandle | None = None, **options: object
) -> discord.Message:
    """Alice challenges Bob (in the world's channel unless another is given); returns the
    challenge message."""
    channel = channel or world.channel
    posted = await world.alice.slash(channel, "fuba challenge", opponent=world.bob, **options)
    assert private(posted) == ""
    challenge = [m for m in channel.history() if not m.flags.ephemeral][-1]
    assert challenge.content.startswith(f"{world.bob.mention}, {world.alice.mention} challenges")
    assert "the challenge lapses <t:" in challenge.content
    return challenge


def buttons_of(world: World, message: discord.Message) -> list[discord.Component]:
    """The buttons the message has now (answered challenges lose theirs)."""
    return list(world.channel.history()[challenge_index(world, message)].components)


def custom_id(message: discord.Message, label: str) -> str:
    """The custom id of a button as it was drawn (from the message as first seen)."""
    for row in message.components:
        for child in getattr(row, "children", []):
            if child.label == label and child.custom_id:
                return str(child.custom_id)
    raise AssertionError(f"no {label} button")


async def repost(world: World, *custom_ids: str) -> discord.Message:
    """The bot posts buttons with these ids again (as if removing them had failed, or an old
    message), and the test gets that message."""
    view = discord.ui.View(timeout=None)
    for cid in custom_ids:
        view.add_item(discord.ui.Button(label=cid.rsplit(":", 1)[-1], custom_id=cid))
    channel = world.env.bot.get_channel(world.channel.id)
    assert isinstance(channel, discord.TextChannel)
    await channel.send("buttons", view=view)
    return public(world)[-1]


async def test_accept_by_command_after_a_restart(world: World, settings: Settings) -> None:
    stadium = world.stadium  # where the match plays in a new thread
    await challenged(world, stadium, dice="physical", turn_timeout=15)
    await world.env.restart_bot(create_bot(settings))

    assert "Only <@" in refused(world, await world.carol.slash(stadium, "fuba accept"))
    accepted = private(await world.bob.slash(stadium, "fuba accept"))
    [thread] = stadium.threads
    assert accepted == f"The match is on in <#{thread.id}>."
    opening = thread.last_message
    assert opening is not None and "alice (West) v bob (East), physical dice" in text_of(opening)
    active = await play_cog(world).referee.store.active_match(thread.id)
    assert active is not None and active.options["turn_timeout"] == 15
    [scoreboard] = [m for m in stadium.history() if f"<#{thread.id}>" in m.content]
    assert scoreboard.components == []  # the challenge, now the scoreboard, has no buttons
    assert "no open challenge" in refused(world, await world.bob.slash(stadium, "fuba accept"))


async def test_decline_by_command_after_a_restart(world: World, settings: Settings) -> None:
    challenge = await challenged(world)
    await world.env.restart_bot(create_bot(settings))

    assert private(await world.bob.slash(world.channel, "fuba decline")) == "Declined."
    assert (
        public(world)[-1].content
        == f"{world.bob.mention} declined {world.alice.mention}'s challenge."
    )
    assert buttons_of(world, challenge) == []
    assert await play_cog(world).challenges.get(world.channel.id) is None
    await challenged(world)  # the channel is free again


async def test_the_challenger_withdraws_by_command(world: World) -> None:
    challenge = await challenged(world)
    accept = refused(world, await world.alice.slash(world.channel, "fuba accept"))
    assert accept.startswith(f"Only {world.bob.mention} can accept this challenge")
    assert "withdraw it with `/fuba decline`" in accept

    assert private(await world.alice.slash(world.channel, "fuba decline")) == "Withdrawn."
    assert public(world)[-1].content == f"{world.alice.mention} withdrew the challenge."
    assert buttons_of(world, challenge) == []
    assert "no open challenge" in refused(
        world, await world.bob.slash(world.channel, "fuba accept")
    )


async def test_the_challenger_withdraws_with_the_decline_button(world: World) -> None:
    challenge = await challenged(world)
    assert "Only <@" in refused(world, await world.alice.click(challenge, label="Accept"))
    assert "Only <@" in refused(world, await world.carol.click(challenge, label="Decline"))
    assert await play_cog(world).challenges.get(world.channel.id) is not None

    assert private(await world.alice.click(challenge, label="Decline")) == "Withdrawn."
    assert public(world)[-1].content == f"{world.alice.mention} withdrew the challenge."
    assert buttons_of(world, challenge) == []


async def test_a_button_of_an_answered_challenge_changes_nothing(world: World) -> None:
    challenge = await challenged(world)
    accept, decline = custom_id(challenge, "Accept"), custom_id(challenge, "Decline")
    assert private(await world.bob.click(challenge, label="Accept")) == ""
    # the same buttons again (a double click, or a message whose buttons stayed)
    copy = await repost(world, accept, decline)
    posted = len(public(world))
    for label in ("accept", "decline"):
        stale = refused(world, await world.bob.click(copy, label=label))
        assert stale.startswith("This challenge is no longer open")
    assert len(public(world)) == posted  # nothing said in the channel
    assert (await play_cog(world).referee.store.active_match(world.channel.id)) is not None

    # and a button of a withdrawn challenge does not answer the next one
    await play_cog(world).referee.abort(world.channel.id, world.alice.id)
    second = await challenged(world)
    assert private(await world.alice.click(second, label="Decline")) == "Withdrawn."
    third = await challenged(world)
    copy = await repost(world, custom_id(second, "Accept"))
    assert "no longer open" in refused(world, await world.bob.click(copy, label="accept"))
    open_now = await play_cog(world).challenges.get(world.channel.id)
    assert open_now is not None and custom_id(third, "Accept").endswith(f":{open_now.id}:accept")


async def test_a_second_challenge_is_refused_until_the_first_expires(world: World) -> None:
    first = await challenged(world)
    cog = play_cog(world)
    clock = Clock()
    cog.clock = clock

    again = refused(
        world, await world.carol.slash(world.channel, "fuba challenge", opponent=world.alice)
    )
    assert again.startswith(
        f"There is already an open challenge in this channel ({world.alice.mention} "
        f"challenged {world.bob.mention})"
    )
    coach = await world.carol.slash(world.channel, "fuba challenge", opponent=bot_member(world))
    assert "already an open challenge" in refused(world, coach)

    clock.offset = CHALLENGE_TTL + timedelta(seconds=1)
    assert "no open challenge" in refused(
        world, await world.bob.slash(world.channel, "fuba accept")
    )
    assert buttons_of(world, first) == []  # it says it lapsed
    # its buttons as drawn (a client that has not seen the edit yet)
    copy = await repost(world, custom_id(first, "Accept"), custom_id(first, "Decline"))
    expired = refused(world, await world.bob.click(copy, label="accept"))
    assert expired.startswith("This challenge is no longer open")
    assert await cog.referee.store.active_match(world.channel.id) is None

    posted = await world.carol.slash(world.channel, "fuba challenge", opponent=world.alice)
    assert private(posted) == ""
    replacing = public(world)[-1]
    assert "no longer open" in refused(world, await world.bob.click(copy, label="accept"))
    assert "no longer open" in refused(world, await world.alice.click(copy, label="decline"))
    assert private(await world.alice.slash(world.channel, "fuba accept")) == ""
    assert buttons_of(world, replacing) == []
    active = await cog.referee.store.active_match(world.channel.id)
    assert active is not None and set(active.players.values()) == {world.carol.id, world.alice.id}


async def test_a_button_posted_before_challenges_were_stored_still_answers(world: World) -> None:
    legacy = (
        f"fuba:challenge:{world.alice.id}:{world.bob.id}:physical:0:accept:20",
        f"fuba:challenge:{world.alice.id}:{world.bob.id}:physical:0:decline:20",
    )
    old = await repost(world, *legacy)
    cog = play_cog(world)
    cog.clock = lambda: world.env.now() + CHALLENGE_TTL  # a day later: lapsed
    assert "no longer open" in refused(world, await world.bob.click(old, custom_id=legacy[0]))
    assert await cog.challenges.get(world.channel.id, cog.clock()) is None
    cog.clock = world.env.now  # the message's time is SimCord's
    assert "Only <@" in refused(world, await world.carol.click(old, custom_id=legacy[0]))
    accepted = private(await world.bob.click(old, custom_id=legacy[0]))
    assert accepted == ""
    active = await play_cog(world).referee.store.active_match(world.channel.id)
    assert active is not None and active.options["turn_timeout"] == 20
    assert active.options["dice"] == "physical"
    assert buttons_of(world, old) == []  # it is stored now, with its message


async def test_an_accepted_challenge_whose_match_cannot_start_says_why(world: World) -> None:
    """Another process started a match in the channel between the challenge and its answer:
    the answer is refused privately, the channel is told, and nothing is half started."""
    await world.alice.slash(world.channel, "fuba challenge", opponent=world.bob)
    challenge = public(world)[-1]
    seats = [Seat("west", 77, "Cleo"), Seat("east", 78, "Dan")]
    await referee(world).start_match(1, world.channel.id, seats)  # the other process

    answer = refused(world, await world.bob.click(challenge, label="Accept"))

    assert answer.startswith("The match could not start. This channel already has a match")
    told = public(world)[-1].content
    assert "could not start" in told and "may challenge again" in told
    match = await referee(world).store.active_match(world.channel.id)
    assert match is not None and match.players == {"west": 77, "east": 78}


async def test_an_accepted_challenge_whose_kick_off_cannot_be_posted_is_called_off(
    world: World,
) -> None:
    """The bot may post text but not the kick-off's board (no Embed Links or Attach Files,
    a locked thread): the match it created is called off, the channel stays free, and the
    member is told the real reason (not a thread, none was asked for)."""
    challenge = await challenged(world)
    world.env.inject_error(  # the kick-off and its board
        "POST",
        f"/channels/{world.channel.id}/messages",
        times=2,
        status=403,
        code=50013,
        message="Missing Permissions",
    )

    answer = refused(world, await world.bob.click(challenge, label="Accept"))

    assert "I can't post here: I need Send Messages, Embed Links and Attach Files" in answer
    assert "thread" not in answer
    assert await referee(world).store.active_match(world.channel.id) is None
    called_off = await referee(world).store.get_match(1)
    assert called_off.status == MatchStatus.ABORTED
    assert "could not start" in public(world)[-1].content
    await challenged(world)  # the channel takes a new challenge


async def test_a_match_against_the_coach_whose_kick_off_cannot_be_posted_is_called_off(
    world: World,
) -> None:
    world.env.inject_error(  # the kick-off and its board
        "POST", f"/channels/{world.channel.id}/messages", times=2, status=403, code=50013
    )

    answer = refused(
        world, await world.alice.slash(world.channel, "fuba challenge", opponent=bot_member(world))
    )

    assert answer.startswith("I can't post here: I need Send Messages, Embed Links and Attach")
    assert await referee(world).store.active_match(world.channel.id) is None
    start = await world.alice.slash(world.channel, "fuba challenge", opponent=bot_member(world))
    assert private(start) == ""


async def test_a_kick_off_refused_in_its_new_thread_calls_the_match_off(world: World) -> None:
    challenge = await challenged(world, world.stadium)
    world.env.inject_error("POST", "/channels/*/messages", times=2, status=403, code=50013)

    answer = refused(world, await world.bob.click(challenge, label="Accept"))

    assert "I can't post here" in answer
    assert world.stadium.threads == []  # the unused thread is gone
    assert await referee(world).store.get_match(1) is not None
    assert (await referee(world).store.get_match(1)).status == MatchStatus.ABORTED


def challenge_now(world: World, message: discord.Message) -> discord.Message:
    """The challenge message as it reads now."""
    return world.channel.history()[challenge_index(world, message)]


async def test_an_answered_challenge_says_what_happened_without_buttons(world: World) -> None:
    accepted = await challenged(world)
    assert private(await world.bob.click(accepted, label="Accept")) == ""
    now = challenge_now(world, accepted)
    assert now.content == ("alice challenged bob to a FUBA match. bob accepted: the match is on.")
    assert now.components == []
    await play_cog(world).referee.abort(world.channel.id, world.alice.id)

    declined = await challenged(world)
    assert private(await world.bob.slash(world.channel, "fuba decline")) == "Declined."
    now = challenge_now(world, declined)
    assert now.content == "alice challenged bob to a FUBA match. bob declined."
    assert now.components == []

    withdrawn = await challenged(world)
    assert private(await world.alice.click(withdrawn, label="Decline")) == "Withdrawn."
    assert challenge_now(world, withdrawn).content.endswith("alice withdrew it.")


async def test_a_lapsed_challenge_says_so_when_replaced_or_answered(world: World) -> None:
    first = await challenged(world)
    cog = play_cog(world)
    clock = Clock()
    cog.clock = clock
    clock.offset = CHALLENGE_TTL + timedelta(seconds=1)

    # a click on its button after it lapsed
    assert "no longer open" in refused(world, await world.bob.click(first, label="Accept"))
    now = challenge_now(world, first)
    assert now.content == "alice challenged bob to a FUBA match. This challenge lapsed."
    assert now.components == []

    # a new challenge replacing a lapsed one
    second = await challenged(world)
    clock.offset += CHALLENGE_TTL + timedelta(seconds=1)
    posted = await world.carol.slash(world.channel, "fuba challenge", opponent=world.alice)
    assert private(posted) == ""
    now = challenge_now(world, second)
    assert now.content.endswith("This challenge lapsed.") and now.components == []


async def test_a_challenge_nobody_touches_says_it_lapsed(world: World) -> None:
    """The running bot looks for lapsed challenges now and then (``lapse_challenges``) and
    makes each message say so, in every channel."""
    first = await challenged(world)
    cog = play_cog(world)
    assert cog.sweeper is not None and not cog.sweeper.done()  # started with the bot
    assert await cog.lapse_challenges() == 0  # still open
    assert buttons_of(world, first) != []

    clock = Clock()
    cog.clock = clock
    clock.offset = CHALLENGE_TTL + timedelta(seconds=1)
    assert await cog.lapse_challenges() == 1

    now = challenge_now(world, first)
    assert now.content == "alice challenged bob to a FUBA match. This challenge lapsed."
    assert now.components == []
    assert await cog.lapse_challenges() == 0
    await challenged(world)
