"""Board images and the replay are drawn in worker threads: the event loop, which answers
every other player and spectator, never waits on Pillow."""

from __future__ import annotations

import threading
from typing import Any

import pytest

import render.fuba.board
import render.fuba.replay
from tests.discord.conftest import World
from tests.discord.test_play import bot_member, play_until, public


@pytest.fixture
def drawing_threads(monkeypatch: pytest.MonkeyPatch) -> dict[str, set[int]]:
    """The threads each kind of image was drawn in."""
    seen: dict[str, set[int]] = {"board": set(), "replay": set()}

    def watched(kind: str, draw: Any) -> Any:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            seen[kind].add(threading.get_ident())
            return draw(*args, **kwargs)

        return wrapper

    monkeypatch.setattr(
        render.fuba.board, "render_png", watched("board", render.fuba.board.render_png)
    )
    monkeypatch.setattr(
        render.fuba.replay, "replay_gif", watched("replay", render.fuba.replay.replay_gif)
    )
    return seen


async def test_boards_and_the_replay_are_drawn_off_the_event_loop(
    world: World, drawing_threads: dict[str, set[int]]
) -> None:
    loop_thread = threading.get_ident()  # the test runs on the bot's event loop
    await world.alice.slash(world.channel, "fuba challenge", opponent=bot_member(world))
    await world.alice.slash(world.channel, "fuba resign")

    assert (public(world)[-1].embeds[0].title or "").startswith("Full time")
    assert drawing_threads["board"] and drawing_threads["replay"]
    assert loop_thread not in drawing_threads["board"] | drawing_threads["replay"]


async def test_a_board_on_request_is_drawn_off_the_event_loop(
    world: World, drawing_threads: dict[str, set[int]]
) -> None:
    loop_thread = threading.get_ident()
    await world.alice.slash(world.channel, "fuba challenge", opponent=bot_member(world))
    await play_until(world, world.alice, stop="/fuba target")
    drawing_threads["board"].clear()

    await world.carol.slash(world.channel, "fuba board")

    assert drawing_threads["board"] and loop_thread not in drawing_threads["board"]
