"""The live board's image: uploaded again only when the picture changed. A board brought up to
date for something that does not change the picture (what a turn clock does: the same step with
new words) is edited with the attachment it has; a step that changes the picture uploads the new
one. The same holds with boards drawn in worker processes (``RENDER_WORKERS``)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import discord
import pytest
from discord.ext import commands
from sqlalchemy.engine import URL

from botconfig import Settings
from cogs.app import RefereeBot
from cogs.play import live
from referee import boards
from tests.discord.conftest import World
from tests.discord.test_play import challenge_accepted, private, public, referee
from tests.discord.test_timeouts import play_cog


class Uploads:
    """The files the bot uploads to the match channel, counted at SimCord's CDN."""

    def __init__(self, world: World) -> None:
        self.count = 0
        cdn, channel_id = world.env.backend.cdn, world.channel.id
        store = cdn.store_attachment

        def stored(attachment_id: int, channel: int, filename: str, data: bytes, *rest: Any):  # noqa: ANN202
            if channel == channel_id:
                self.count += 1
            return store(attachment_id, channel, filename, data, *rest)

        cdn.store_attachment = stored


def shown_image(message: discord.Message) -> discord.Attachment:
    """The board image the message's embed shows: one of its own attachments."""
    [image] = message.attachments
    url = message.embeds[0].image.url or ""
    assert url in (f"attachment://{image.filename}", image.url), url
    return image


@pytest.fixture
async def pool_workers(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[int]:
    """Boards drawn in-process (0) or in one worker process (1) by the bot the test starts."""
    monkeypatch.setenv("RENDER_WORKERS", str(request.param))
    await boards.close()  # the next drawer reads the setting
    yield request.param
    await boards.close()  # SimCord leaves the bot open: its workers stop here


@pytest.mark.parametrize("pool_workers", [0, 1], indirect=True, ids=["in-process", "pool"])
async def test_a_board_whose_picture_did_not_change_keeps_its_image(
    pool_workers: int, world: World
) -> None:
    await challenge_accepted(world)
    assert boards.drawer().workers == pool_workers
    assert (boards.drawer()._pool is not None) == bool(pool_workers)  # started with the bot
    assert private(await world.alice.slash(world.channel, "fuba formation", shape="4-4-2"))
    board = public(world)[-1]
    image = shown_image(board)
    uploads = Uploads(world)

    # shown again for something that leaves the match as it was (a turn clock's words)
    match = await referee(world).store.active_match(world.channel.id)
    assert match is not None
    await referee(world).store.board_behind(match.id)
    assert await play_cog(world).catch_up() == 0

    again = public(world)[-1]
    assert again.id == board.id  # edited in place
    assert shown_image(again).id == image.id  # the image it had, not uploaded again
    assert uploads.count == 0

    # Bob's formation changes the picture (both formations shown): a new image
    assert private(await world.bob.slash(world.channel, "fuba formation", shape="4-3-3"))
    after = public(world)[-1]
    assert shown_image(after).id != image.id
    assert uploads.count == 1


async def test_a_board_beyond_the_remembered_ones_uploads_its_image_again(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(live, "IMAGES_KEPT", 0)  # no board's image remembered (as after a restart)
    await challenge_accepted(world)
    assert private(await world.alice.slash(world.channel, "fuba formation", shape="4-4-2"))
    board = public(world)[-1]
    uploads = Uploads(world)

    match = await referee(world).store.active_match(world.channel.id)
    assert match is not None
    await referee(world).store.board_behind(match.id)
    assert await play_cog(world).catch_up() == 0

    again = public(world)[-1]
    assert again.id == board.id  # still edited in place
    assert uploads.count == 1  # the same picture, uploaded again: nothing said what it showed


async def test_the_bot_stops_its_drawing_workers_when_it_closes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("RENDER_WORKERS", "1")
    monkeypatch.setattr(commands.Bot, "close", lambda self: asyncio.sleep(0))  # not connected
    await boards.close()
    await boards.start()
    pool = boards.drawer()._pool
    assert pool is not None
    workers = list(pool._processes.values())
    assert [w.is_alive() for w in workers] == [True]
    bot = RefereeBot(Settings(database_url=URL.create("sqlite+aiosqlite", database=":memory:")))

    await bot.close()

    assert boards._drawer is None
    assert [w.is_alive() for w in workers] == [False]
