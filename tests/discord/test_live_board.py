"""The live board's delivery: when Discord refuses a board after a move was committed, the move
stands (once), the player is told the board will follow, and the board is brought up to date
by the retry loop or after a restart; a failed expiry message leaves its buttons on the board;
an old control says it is out of date and links the live board."""

from __future__ import annotations

from datetime import timedelta

from bot import create_bot
from botconfig import Settings
from tests.discord.conftest import World
from tests.discord.test_play import (
    challenge_accepted,
    choice_buttons,
    decider,
    formations,
    private,
    public,
    referee,
    refused,
)
from tests.discord.test_timeouts import Clock, play_cog, timeout_labels

MISSING_PERMISSIONS = {"status": 403, "code": 50013, "message": "Missing Permissions"}


def fail_posts(world: World, times: int | None = 1, **fault: object) -> None:
    """The bot's next message(s) in the match channel are refused."""
    fault = fault or MISSING_PERMISSIONS
    world.env.inject_error("POST", f"/channels/{world.channel.id}/messages", times=times, **fault)


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


async def test_a_refused_board_counts_the_move_once_and_follows_from_the_retry_loop(
    world: World,
) -> None:
    await challenge_accepted(world)
    assert await board_is_current(world)
    fail_posts(world)

    reply = private(await world.alice.slash(world.channel, "fuba formation", shape="4-4-2"))

    assert reply.startswith("Your formation: 4-4-2.")
    assert "Your move counted" in reply and "will follow" in reply
    assert "went wrong" not in reply and "try again" not in reply
    logged = await actions(world)
    assert logged[-1] == ("west", "formation")
    again = refused(world, await world.alice.slash(world.channel, "fuba formation", shape="4-4-2"))
    assert "Not your turn" in again or "already" in again  # doing it again applies nothing
    assert await actions(world) == logged

    assert await play_cog(world).catch_up() == 0  # what the retry loop does

    assert await board_is_current(world)
    assert world.bob.mention in public(world)[-1].content  # Bob's formation is awaited


async def test_a_500_is_retried_and_the_move_is_applied_once(world: World) -> None:
    await challenge_accepted(world)
    fail_posts(world, status=500, code=0, message="Internal Server Error")

    reply = private(await world.alice.slash(world.channel, "fuba formation", shape="4-4-2"))

    assert reply.startswith("Your formation: 4-4-2.")
    assert [kind for _, kind in await actions(world)].count("formation") == 1
    assert await board_is_current(world)


async def test_a_restart_between_commit_and_delivery_brings_the_board_up_to_date(
    world: World, settings: Settings
) -> None:
    await challenge_accepted(world)
    fail_posts(world, times=None)  # Discord refuses until the restart
    reply = private(await world.alice.slash(world.channel, "fuba formation", shape="4-4-2"))
    assert "Your move counted" in reply
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
    assert private(await winner.click(choosing, custom_id=button.custom_id)) == ""
    version = (await referee(world).status(world.channel.id, winner.id)).version

    stale = refused(world, await winner.click(choosing, custom_id=button.custom_id))

    live = public(world)[-1]
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
    fail_posts(world)  # the expiry message
    posted = len(public(world))

    await cog.dispatcher.tick()

    assert len(public(world)) == posted  # nothing got through
    assert await cog.catch_up() == 0  # what the retry loop does
    board = public(world)[-1]
    assert "ran out of time" in board.content and "/fuba claim" in board.content
    assert timeout_labels(board) == ["Claim the win", "Let the coach play"]

    claimed = private(await world.alice.click(board, label="Claim the win"))

    assert claimed == "You won: your opponent ran out of time."
    assert await referee(world).store.active_match(world.channel.id) is None
    assert any("Won on time" in (e.title or "") for m in public(world) for e in m.embeds)


async def test_a_resignation_discord_refuses_still_ends_the_match_and_its_report_follows(
    world: World,
) -> None:
    await challenge_accepted(world)
    fail_posts(world)

    reply = private(await world.bob.slash(world.channel, "fuba resign"))

    assert reply.startswith("You resigned.") and "will follow" in reply
    assert "went wrong" not in reply
    assert await referee(world).store.active_match(world.channel.id) is None
    assert await play_cog(world).catch_up() == 0  # what the retry loop does
    final, report = public(world)[-2:]
    assert "alice (West) wins" in final.content
    assert (report.embeds[0].title or "").startswith("Full time:")
