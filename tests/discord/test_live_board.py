"""The live board's delivery: when Discord refuses a board after a move was committed, the move
stands (once), the player is told the board will follow, and the board is brought up to date
by the retry loop or after a restart; a failed expiry message leaves its buttons on the board;
an old control says it is out of date and links the live board."""

from __future__ import annotations

from datetime import timedelta

import discord
import pytest
import simcord

from bot import create_bot
from botconfig import Settings
from store.models import MatchStatus
from tests.discord.conftest import World
from tests.discord.test_play import (
    bot_member,
    challenge_accepted,
    choice_buttons,
    decider,
    formations,
    play_until,
    private,
    public,
    referee,
    refused,
)
from tests.discord.test_selects import menu
from tests.discord.test_timeouts import Clock, play_cog, timeout_labels

MISSING_PERMISSIONS = {"status": 403, "code": 50013, "message": "Missing Permissions"}
# What Discord may answer, after discord.py's own retries: each leaves the move counted once.
FAULTS = {
    "403": MISSING_PERMISSIONS,
    "429": {"status": 429, "code": 0, "message": "You are being rate limited."},
    "500": {"status": 500, "code": 0, "message": "Internal Server Error"},
}


def fail_posts(world: World, times: int | None = 1, **fault: object) -> None:
    """The bot's next message(s) in the match channel are refused."""
    fault = fault or MISSING_PERMISSIONS
    world.env.inject_error("POST", f"/channels/{world.channel.id}/messages", times=times, **fault)


def fail_edits(world: World, times: int | None = 1, **fault: object) -> None:
    """The bot's next edit(s) of a message in the match channel are refused."""
    fault = fault or MISSING_PERMISSIONS
    path = f"/channels/{world.channel.id}/messages/*"
    world.env.inject_error("PATCH", path, times=times, **fault)


def fail_boards(world: World, times: int | None = 1, **fault: object) -> None:
    """Whether the live board would be posted again or edited: refused."""
    fail_posts(world, times, **fault)
    fail_edits(world, times, **fault)


async def actions(world: World) -> list[tuple[str, str]]:
    """The actions the match logged: (side, kind)."""
    match = await referee(world).store.active_match(world.channel.id)
    assert match is not None
    history = await referee(world).store.history(match.id)
    return [(e.action.actor, e.action.kind) for e in history.log]


async def board_is_current(world: World) -> bool:
    """Whether the recorded live board shows the match as it stands, and is in the channel."""
    store = referee(world).store
    match = await store.active_match(world.channel.id)
    assert match is not None
    board = await store.live_board(match.id)
    return (
        board is not None
        and board.version == match.version
        and board.message_id in {m.id for m in public(world)}
    )


@pytest.mark.parametrize("fault", sorted(FAULTS))
@pytest.mark.parametrize("delivery", ["edit", "send"])
async def test_a_refused_board_counts_the_move_once_and_follows_from_the_retry_loop(
    world: World, fault: str, delivery: str
) -> None:
    await challenge_accepted(world)
    assert await board_is_current(world)
    board = public(world)[-1]
    if delivery == "send":  # the board is no longer last: the step posts it again
        await world.carol.send(world.channel, "nice weather for football")
        fail_posts(world, times=None, **FAULTS[fault])
    else:  # Bob still has his formation to choose: the step edits the board
        fail_edits(world, times=None, **FAULTS[fault])

    reply = private(await world.alice.slash(world.channel, "fuba formation", shape="4-4-2"))

    assert reply.startswith("Your formation: 4-4-2.")
    assert "That counted" in reply and "will follow" in reply
    assert "went wrong" not in reply and "try again" not in reply
    logged = await actions(world)
    assert logged[-1] == ("west", "formation")
    again = refused(world, await world.alice.slash(world.channel, "fuba formation", shape="4-4-2"))
    assert "already" in again or "Not your turn" in again  # doing it again applies nothing
    assert await actions(world) == logged
    assert not await board_is_current(world)
    world.env.backend.faults.clear()

    assert await play_cog(world).catch_up() == 0  # what the retry loop does

    assert await board_is_current(world)
    live = public(world)[-1]
    assert world.alice.mention not in live.content  # Bob's formation alone is awaited
    assert "West has chosen a formation" in (live.embeds[0].description or "")  # the step missed
    assert (live.id == board.id) == (delivery == "edit")
    assert [m.id for m in public(world)].count(board.id) == (delivery == "edit")


@pytest.mark.parametrize("fault", sorted(FAULTS))
async def test_an_old_board_that_cannot_be_deleted_loses_its_controls(
    world: World, fault: str
) -> None:
    await challenge_accepted(world)
    old = public(world)[-1]
    assert old.components
    await world.carol.send(world.channel, "who is winning?")
    world.env.inject_error("DELETE", f"/channels/{world.channel.id}/messages/*", **FAULTS[fault])

    assert private(await world.alice.slash(world.channel, "fuba formation", shape="4-4-2"))

    live = public(world)[-1]
    assert live.id != old.id and await board_is_current(world)
    [kept] = [m for m in public(world) if m.id == old.id]
    assert kept.components == []


async def test_a_restart_between_commit_and_delivery_brings_the_board_up_to_date(
    world: World, settings: Settings
) -> None:
    await challenge_accepted(world)
    fail_boards(world, times=None)  # Discord refuses until the restart
    reply = private(await world.alice.slash(world.channel, "fuba formation", shape="4-4-2"))
    assert "That counted" in reply
    assert not await board_is_current(world)
    world.env.backend.faults.clear()

    await world.env.restart_bot(create_bot(settings))

    assert await board_is_current(world)
    assert world.bob.mention in public(world)[-1].content


async def test_an_old_button_is_out_of_date_and_links_the_live_board(world: World) -> None:
    await challenge_accepted(world)
    choosing = await formations(world)
    winner, _ = decider(world, choosing)
    [button, *_] = choice_buttons(choosing)
    await world.carol.send(world.channel, "come on!")  # the board will be posted again
    # the old board can be neither deleted nor stripped of its buttons
    world.env.inject_error("DELETE", f"/channels/{world.channel.id}/messages/*", **FAULTS["403"])
    fail_edits(world, **FAULTS["403"])
    assert private(await winner.click(choosing, custom_id=button.custom_id)) == ""
    version = (await referee(world).status(world.channel.id, winner.id)).version
    live = public(world)[-1]
    assert live.id != choosing.id

    stale = refused(world, await winner.click(choosing, custom_id=button.custom_id))

    guild = world.alice.guild.id
    assert stale == (
        "This is out of date: the match is on "
        f"https://discord.com/channels/{guild}/{world.channel.id}/{live.id}"
    )
    assert "version" not in stale
    assert (await referee(world).status(world.channel.id, winner.id)).version == version


async def test_a_failed_expiry_message_leaves_the_claim_on_the_live_board(
    world: World,
) -> None:
    cog = play_cog(world)
    clock = Clock()
    cog.referee.clock = cog.dispatcher.clock = clock
    await challenge_accepted(world, turn_timeout=2)
    assert private(await world.alice.slash(world.channel, "fuba formation", shape="4-4-2"))
    clock.offset = timedelta(minutes=5)  # Bob's time ran out
    fail_posts(world)  # the expiry's board, posted again to mention Alice
    before = [(m.id, m.content) for m in public(world)]

    await cog.dispatcher.tick()

    assert [(m.id, m.content) for m in public(world)] == before  # nothing got through
    assert await cog.catch_up() == 0  # what the retry loop does
    board = public(world)[-1]
    assert "ran out of time" in board.content and "/fuba claim" in board.content
    assert world.alice.mention in board.content  # Alice may claim: she is mentioned
    assert timeout_labels(board) == ["Claim the win", "Let the coach play"]

    claimed = private(await world.alice.slash(world.channel, "fuba claim"))

    assert claimed == ""  # the board says it
    assert await referee(world).store.active_match(world.channel.id) is None
    final = next(m for m in public(world) if m.id == board.id)
    assert final.embeds[0].title == "Won on time" and "alice (West) wins" in final.content
    assert final.components == []
    assert (public(world)[-1].embeds[0].title or "").startswith("Full time:")


async def test_a_resignation_discord_refuses_still_ends_the_match_and_its_report_follows(
    world: World,
) -> None:
    await challenge_accepted(world)
    fail_edits(world)  # the final board

    reply = private(await world.bob.slash(world.channel, "fuba resign"))

    assert reply.startswith("That counted") and "will follow" in reply
    assert "went wrong" not in reply
    assert await referee(world).store.active_match(world.channel.id) is None
    assert await play_cog(world).catch_up() == 0  # what the retry loop does
    final, report = public(world)[-2:]
    assert "alice (West) wins" in final.content and final.embeds[0].title == "Resigned"
    assert (report.embeds[0].title or "").startswith("Full time:")


async def kick_off_click(world: World) -> tuple[simcord.MemberActor, discord.Message, str]:
    """After both formations: the kick-off roll's winner, the board and their choice button."""
    await challenge_accepted(world)
    choosing = await formations(world)
    winner, _ = decider(world, choosing)
    [button, *_] = choice_buttons(choosing)
    return winner, choosing, button.custom_id


async def step_by_command(world: World) -> tuple[simcord.InteractionResult, str]:
    await challenge_accepted(world)
    fail_boards(world, times=None, **FAULTS["429"])
    reply = await world.alice.slash(world.channel, "fuba formation", shape="4-4-2")
    return reply, "formation"


async def step_by_button(world: World) -> tuple[simcord.InteractionResult, str]:
    winner, board, button = await kick_off_click(world)
    fail_boards(world, times=None, **FAULTS["500"])
    return await winner.click(board, custom_id=button), "kickoff"


async def step_by_menu(world: World) -> tuple[simcord.InteractionResult, str]:
    start = await world.alice.slash(world.channel, "fuba challenge", opponent=bot_member(world))
    assert private(start) == ""
    asking = await play_until(world, world.alice, stop="/fuba target")
    target = menu(asking, "target")
    fail_boards(world, times=None, **FAULTS["403"])
    return await world.alice.select(
        asking, [target.options[0].value], custom_id=target.custom_id
    ), "target"


async def step_by_resignation(world: World) -> tuple[simcord.InteractionResult, str]:
    await challenge_accepted(world)
    fail_boards(world, times=None, **FAULTS["500"])
    return await world.bob.slash(world.channel, "fuba resign"), "resign"


async def step_by_claim_button(world: World) -> tuple[simcord.InteractionResult, str]:
    cog = play_cog(world)
    clock = Clock()
    cog.referee.clock = cog.dispatcher.clock = clock
    await challenge_accepted(world, turn_timeout=2)
    assert private(await world.alice.slash(world.channel, "fuba formation", shape="4-4-2"))
    clock.offset = timedelta(minutes=5)
    await cog.dispatcher.tick()
    board = public(world)[-1]
    fail_boards(world, times=None, **FAULTS["429"])
    return await world.alice.click(board, label="Claim the win"), "claim"


STEPS = {
    "command": step_by_command,
    "button": step_by_button,
    "menu": step_by_menu,
    "resignation": step_by_resignation,
    "claim button": step_by_claim_button,
}


@pytest.mark.parametrize("kind", sorted(STEPS))
async def test_every_kind_of_step_counts_once_when_discord_refuses_its_board(
    world: World, kind: str
) -> None:
    """Whatever made the step (a command, a button, a menu, a resignation, a claim), a board
    Discord refuses leaves the step counted once, says so privately, and follows."""
    result, what = await STEPS[kind](world)

    reply = private(result)
    assert "That counted" in reply and "will follow" in reply, reply
    assert "went wrong" not in reply and "try again" not in reply
    store = referee(world).store
    [match] = await store.boards_behind()
    if what in ("resign", "claim"):
        assert match.status is MatchStatus.FINISHED
        assert match.result is not None
        assert match.result["reason"] == ("resigned" if what == "resign" else "timeout")
    else:
        history = await store.history(match.id)
        by_members = [e.action.kind for e in history.log if e.user_id is not None]
        assert by_members.count(what) == 1 and by_members[-1] == what
    world.env.backend.faults.clear()

    assert await play_cog(world).catch_up() == 0  # what the retry loop does

    assert await store.boards_behind() == []
    board = await store.live_board(match.id)
    assert board is not None and board.message_id in {m.id for m in public(world)}


async def test_a_board_shown_but_not_recorded_is_caught_up_and_nobody_is_told_of_it(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """When the record of the board a member's step showed cannot be written, the step still
    counted, the member hears nothing of it, and the catch-up brings the record (and the
    board) up to date."""
    await challenge_accepted(world)
    store = referee(world).store
    record = store.record_board
    failures = []

    async def failing(*args: object, **kwargs: object) -> None:
        failures.append(args)
        raise RuntimeError("the database went away")

    monkeypatch.setattr(store, "record_board", failing)
    reply = private(await world.alice.slash(world.channel, "fuba formation", shape="4-4-2"))

    assert failures  # the record was attempted once the board was shown
    assert reply.startswith("Your formation: 4-4-2.")
    assert "will follow" not in reply and "went wrong" not in reply
    assert "West has chosen a formation" in (public(world)[-1].embeds[0].description or "")
    assert not await board_is_current(world)
    monkeypatch.setattr(store, "record_board", record)
    assert await play_cog(world).catch_up() == 0
    assert await board_is_current(world)
    assert (await actions(world))[-1] == ("west", "formation")  # once
