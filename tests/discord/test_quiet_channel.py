"""A quiet channel, as two members and a spectator see it: one live board per match, edited in
place after a step (no notification) and posted again at the bottom only when it is no longer
last, when the decision passes to a member it did not name (who alone is pinged), or when it is
over an hour old; highlights and the full-time report stay; a successful step leaves nothing
private behind."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

import discord
import simcord

from tests.discord.conftest import World
from tests.discord.test_play import (
    MAX_STEPS,
    challenge_accepted,
    play_step,
    public,
    referee,
    text_of,
    wanted,
)

SECRETS = ("Your formation",)  # the only private answers a successful step gives (FUBA)


@dataclass
class Step:
    """One decision of a member, and what the channel showed before and after it."""

    actor: simcord.MemberActor
    reply: str  # the private answer that stayed behind ("" when none)
    deciding_before: frozenset[int]
    deciding_after: frozenset[int]
    board_before: discord.Message
    board_after: discord.Message
    created: list[Any] = field(default_factory=list)  # public messages as Discord stored them
    pings: dict[int, set[int]] = field(default_factory=dict)  # message id: whom it pinged

    @property
    def highlights(self) -> list[Any]:
        """The messages of its own the step posted besides the board (a goal, half time...)."""
        return [m for m in self.created if m.id != self.board_after.id]


def stored(world: World) -> dict[int, Any]:
    """The channel's messages as Discord stores them (with whom each pinged when sent)."""
    return dict(world.env.backend.messages[world.channel.id])


async def deciding(world: World) -> frozenset[int]:
    """The members with a decision pending (nobody once the match is over)."""
    match = await referee(world).store.active_match(world.channel.id)
    if match is None:
        return frozenset()
    outcome = await referee(world).current(world.channel.id)
    return frozenset(p.user_id for p in outcome.next)


async def play_watched(
    world: World, dice: random.Random | None, until: Callable[[Step], bool] | None = None
) -> list[Step]:
    """Alice and Bob play the decisions the live board asks of them, each step recorded (whom
    each message it posted pinged when it was sent), until ``until`` holds for a step or the
    match is over."""
    steps: list[Step] = []
    for _ in range(MAX_STEPS):
        board = public(world)[-1]
        asked = [(m, wanted(board, m)) for m in (world.alice, world.bob)]
        asked = [(m, command) for m, command in asked if command is not None]
        if not asked:
            return steps
        who, command = asked[0]
        before, holding = stored(world), await deciding(world)
        reply = await play_step(world, who, command, dice)
        created = [m for i, m in stored(world).items() if i not in before and not m.is_ephemeral]
        step = Step(
            who,
            reply,
            holding,
            await deciding(world),
            board,
            public(world)[-1],
            created,
            {m.id: set(m.ping_user_ids) for m in created},
        )
        steps.append(step)
        if until is not None and until(step):
            return steps
    raise AssertionError("the match did not end")


def same_member_decides(step: Step) -> bool:
    """The step's member still decides, alone, and the step made no highlight."""
    return step.deciding_before == step.deciding_after == {step.actor.id} and not step.highlights


def passes_to_the_other(step: Step) -> bool:
    """The decision passes from the step's member to the other member."""
    return (
        step.deciding_before == {step.actor.id}
        and len(step.deciding_after) == 1
        and step.actor.id not in step.deciding_after
    )


def board_png(message: discord.Message) -> discord.Attachment:
    [image] = message.attachments
    assert image.filename == "board.png"
    return image


async def test_a_whole_match_between_two_members_keeps_the_channel_quiet(world: World) -> None:
    await challenge_accepted(world, dice="physical")

    steps = await play_watched(world, random.Random(5))

    left = public(world)
    final, report = left[-2:]
    score = re.search(r"FULL TIME: West (\d+)-(\d+) East", text_of(final))
    assert score is not None, text_of(final)
    goals = int(score[1]) + int(score[2])
    assert len(steps) > 100
    assert len(left) <= 15 + 2 * goals, [m.content[:60] for m in left]
    for step in steps:
        for message_id, pinged in step.pings.items():
            assert step.actor.id not in pinged, (step.actor, stored(world).get(message_id))
    acknowledged = [s.reply for s in steps if s.reply and not s.reply.startswith(SECRETS)]
    assert acknowledged == []
    assert sum(len(s.created) for s in steps) < len(steps)  # most steps edited the board
    # what Carol, watching, finds in the channel: the highlights, the final board, the report
    watching = world.channel.history(viewer=world.carol)
    assert [m.id for m in watching if not m.flags.ephemeral] == [m.id for m in left]
    [kick_off] = [m for m in left if "Kick-off soon" in m.content]
    assert "Dice seed SHA-256" in kick_off.content
    assert any("HALF TIME" in m.content for m in left[:-2] if not m.attachments)
    assert board_png(final) and final.components == []
    assert (report.embeds[0].title or "").startswith("Full time:")


async def test_chatting_between_steps_moves_the_live_board_to_the_bottom(world: World) -> None:
    await challenge_accepted(world)
    board = public(world)[-1]

    chat = await world.carol.send(world.channel, "who starts?")
    await world.alice.slash(world.channel, "fuba formation", shape="4-4-2")

    *_, said, live = public(world)
    assert said.id == chat.id and live.id != board.id
    assert board.id not in {m.id for m in world.channel.history()}  # the old board is gone
    assert "West has chosen a formation" in text_of(live) and board_png(live)
    assert world.bob.mention in live.content


async def test_the_same_member_deciding_again_gets_the_board_edited_in_place(
    world: World,
) -> None:
    await challenge_accepted(world, dice="physical")
    steps = await play_watched(world, random.Random(5), until=same_member_decides)
    step = steps[-1]
    assert same_member_decides(step), "no step left the decision with the same member"

    before, after = step.board_before, step.board_after
    assert after.id == before.id and step.created == []
    assert text_of(after) != text_of(before)
    assert board_png(after).url != board_png(before).url  # a new image
    assert step.actor.mention in after.content
    assert set(stored(world)[after.id].ping_user_ids) == set()


async def test_a_decision_passing_to_the_other_member_pings_only_them(world: World) -> None:
    await challenge_accepted(world, dice="physical")
    steps = await play_watched(world, random.Random(5), until=passes_to_the_other)
    step = steps[-1]
    assert passes_to_the_other(step), "the decision never passed to the other member"
    [other] = step.deciding_after

    live = step.board_after
    assert live.id != step.board_before.id
    assert step.board_before.id not in {m.id for m in world.channel.history()}
    assert step.pings[live.id] == {other}
    sent = stored(world)[live.id]
    assert sent.allowed_mentions.users == frozenset({other})  # the mention policy it was sent with
    assert not sent.allowed_mentions.everyone and not sent.allowed_mentions.roles
    assert [u.id for u in live.mentions] == [other] and f"<@{other}>" in live.content
    assert all(not pinged for i, pinged in step.pings.items() if i != live.id)  # highlights


async def test_a_live_board_older_than_an_hour_is_posted_again(world: World) -> None:
    """Alice's formation leaves Bob's to choose: the board, which names him already, would be
    edited in place (tests/discord/test_selects.py) but for its age."""
    await challenge_accepted(world)
    board = public(world)[-1]
    cog = world.env.bot.get_cog("MatchPlay")
    assert cog is not None
    now = cog.clock()
    cog.clock = lambda: now + timedelta(hours=1, minutes=5)

    await world.alice.slash(world.channel, "fuba formation", shape="4-4-2")

    live = public(world)[-1]
    assert live.id != board.id and "West has chosen a formation" in text_of(live)
    assert board.id not in {m.id for m in world.channel.history()}
    assert world.bob.mention in live.content
    assert set(stored(world)[live.id].ping_user_ids) == set()  # Bob was told already
