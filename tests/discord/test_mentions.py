"""Hostile display names and pings: a name is shown as written and never pings anyone, and every
match message may ping exactly the member who must decide next (never the one who has just
acted, nor everyone or a role)."""

from __future__ import annotations

from dataclasses import dataclass

import discord
import pytest
import simcord

from cogs.text import ZERO_WIDTH_SPACE
from tests.discord.conftest import no_threads
from tests.discord.test_play import bot_member, private, public, text_of


@dataclass
class Hostile:
    """A guild where alice's display name mentions bob, everyone and a mentionable role."""

    env: simcord.Env
    channel: simcord.ChannelHandle
    alice: simcord.MemberActor
    bob: simcord.MemberActor
    name: str


@pytest.fixture
def hostile(simcord_env: simcord.Env) -> Hostile:
    guild = simcord_env.create_guild("Football club")
    channel = guild.create_text_channel("pitch", overwrites=no_threads(simcord_env))
    fans = guild.create_role("Fans", mentionable=True)
    bob = guild.add_member(simcord_env.create_user("bob"), roles=[fans])
    name = f"<@{bob.id}> @everyone <@&{fans.id}> **Ada**"
    alice = guild.add_member(simcord_env.create_user("alice"), nick=name)
    return Hostile(simcord_env, channel, alice, bob, name)


def sent(hostile: Hostile, message: discord.Message) -> object:
    """The message as Discord stored it, with the mention policy it was sent with."""
    return hostile.env.backend.messages[message.channel.id][message.id]


def pinged(hostile: Hostile, message: discord.Message) -> set[int]:
    """Whom the message pinged; it can never ping everyone or a role."""
    stored = sent(hostile, message)
    policy = stored.allowed_mentions  # type: ignore[attr-defined]
    assert policy.everyone is False and policy.roles == frozenset(), message.content
    assert not stored.mention_everyone and not stored.ping_role_ids  # type: ignore[attr-defined]
    return set(stored.ping_user_ids)  # type: ignore[attr-defined]


async def test_a_hostile_name_pings_nobody_and_only_the_decider_is_pinged(
    hostile: Hostile,
) -> None:
    alice, bob, channel = hostile.alice, hostile.bob, hostile.channel
    assert private(await alice.slash(channel, "fuba challenge", opponent=bob)) == ("")
    challenge = public(hostile)[-1]
    assert pinged(hostile, challenge) == {bob.id}

    await bob.click(challenge, label="Accept")
    kick_off = public(hostile)[-1]
    assert hostile.name not in text_of(kick_off)  # shown inert: "@" + an invisible space
    assert f"<@{ZERO_WIDTH_SPACE}{bob.id}>" in text_of(kick_off)
    assert pinged(hostile, kick_off) == {alice.id}  # bob has just accepted

    await alice.slash(channel, "fuba formation", shape="4-4-2")
    waiting = public(hostile)[-1]  # bob was named (and not pinged: he had just accepted)
    assert waiting.id == kick_off.id and bob.mention in waiting.content
    assert pinged(hostile, waiting) == set()  # edited in place: nobody is notified again
    await bob.slash(channel, "fuba formation", shape="4-4-2")
    asking = public(hostile)[-1]
    decider = alice if asking.content.startswith(alice.mention) else bob
    assert pinged(hostile, asking) == ({alice.id} if decider is alice else set())

    assert private(await bob.slash(channel, "fuba resign")) == ""
    for message in public(hostile)[-2:]:  # the final whistle and the full-time report
        assert pinged(hostile, message) == set()
    final = public(hostile)[-2]
    assert f"<@{ZERO_WIDTH_SPACE}{bob.id}>" in final.content and "\\*\\*Ada\\*\\*" in final.content
    assert hostile.name not in final.content
    for message in public(hostile):
        pinged(hostile, message)  # nothing the bot said could ping everyone or a role


async def test_the_same_member_deciding_again_is_not_pinged(hostile: Hostile) -> None:
    alice, channel = hostile.alice, hostile.channel
    start = await alice.slash(channel, "fuba challenge", opponent=bot_member(hostile))
    assert private(start) == ""
    opening = public(hostile)[-1]
    assert alice.mention in opening.content and pinged(hostile, opening) == set()
    await alice.slash(channel, "fuba formation", shape="4-4-2")
    asking = public(hostile)[-1]
    assert alice.mention in asking.content and pinged(hostile, asking) == set()
    assert hostile.name not in text_of(opening) and "\\*\\*Ada\\*\\*" in text_of(opening)


def test_the_bot_pings_nobody_unless_a_message_says_whom(simcord_bot: discord.Client) -> None:
    default = simcord_bot.allowed_mentions
    assert default is not None
    limits = (default.everyone, default.users, default.roles, default.replied_user)
    assert limits == (False, False, False, False)


def test_text_typed_in_an_option_is_echoed_inert() -> None:
    from cogs.dicesoccer.commands import positions
    from cogs.play.registry import PlayRefusal

    with pytest.raises(PlayRefusal) as refused:
        positions("`@everyone` <@1>")
    text = str(refused.value)
    assert text.startswith(f"\\`@{ZERO_WIDTH_SPACE}everyone\\` <@{ZERO_WIDTH_SPACE}1>")


async def test_the_ratings_line_of_a_ranked_match_shows_a_hostile_name_inert(
    hostile: Hostile,
) -> None:
    alice, bob, channel = hostile.alice, hostile.bob, hostile.channel
    await alice.slash(channel, "fuba challenge", opponent=bob, ranked=True)
    await bob.click(public(hostile)[-1], label="Accept")
    assert private(await bob.slash(channel, "fuba resign")) == ""

    final = text_of(public(hostile)[-2])
    assert "Ratings: " in final and hostile.name not in final
    assert f"Ratings: <@{ZERO_WIDTH_SPACE}{bob.id}>" in final
