"""Stopping the bot gracefully: a stop (SIGTERM, Ctrl+C, Discord closing) lets the
interactions being handled finish before the database closes."""

from __future__ import annotations

import asyncio
import os
import signal

import pytest
from discord.ext import commands
from sqlalchemy.engine import URL

from botconfig import Settings
from cogs import running
from cogs.app import RefereeBot


async def handler(done: list[str], name: str, seconds: float) -> asyncio.Task[None]:
    """A task named like discord.py's interaction handlers, finishing after ``seconds``."""

    async def work() -> None:
        await asyncio.sleep(seconds)
        done.append(name)

    return asyncio.create_task(work(), name=name)


async def test_the_interactions_being_handled_finish_first() -> None:
    done: list[str] = []
    await handler(done, "CommandTree-invoker", 0.05)
    await handler(done, "discord-ui-dynamic-item-ChoiceButton-fuba:act:1:2:kickoff:west", 0.05)
    other = asyncio.create_task(asyncio.sleep(60), name="the turn deadlines")  # not waited for

    assert await running.finish_handlers(grace=5) == 0

    assert sorted(done) == [
        "CommandTree-invoker",
        "discord-ui-dynamic-item-ChoiceButton-fuba:act:1:2:kickoff:west",
    ]
    assert not other.done()
    other.cancel()


async def test_a_handler_that_does_not_finish_is_waited_for_no_longer_than_the_grace() -> None:
    done: list[str] = []
    stuck = await handler(done, "discord-ui-view-dispatch-7", 60)

    assert await running.finish_handlers(grace=0.05) == 1

    assert done == [] and not stuck.done()
    stuck.cancel()


async def test_the_bot_closes_after_its_handlers(monkeypatch: pytest.MonkeyPatch) -> None:
    events: list[str] = []

    async def closed(self: commands.Bot) -> None:
        events.append("closed")

    monkeypatch.setattr(commands.Bot, "close", closed)
    monkeypatch.setattr(running, "SHUTDOWN_GRACE", 5.0)
    bot = RefereeBot(Settings(database_url=URL.create("sqlite+aiosqlite", database=":memory:")))
    await handler(events, "CommandTree-invoker", 0.05)

    await bot.close()

    assert events == ["CommandTree-invoker", "closed"]


class FakeBot:
    """Runs until closed, as a bot connected to Discord does."""

    def __init__(self) -> None:
        self.stopped = asyncio.Event()
        self.closes = 0

    async def __aenter__(self) -> FakeBot:
        return self

    async def __aexit__(self, *exc: object) -> None:
        return None

    async def start(self, token: str) -> None:
        await self.stopped.wait()

    async def close(self) -> None:
        self.closes += 1
        self.stopped.set()


async def test_sigterm_closes_the_bot_gracefully() -> None:
    bot = FakeBot()
    serving = asyncio.create_task(running.serve(bot, "token"))
    await asyncio.sleep(0.01)
    # serving, with asyncio's handler in place (a SIGTERM without it would end the tests)
    assert signal.getsignal(signal.SIGTERM) not in (signal.SIG_DFL, signal.SIG_IGN, None)

    os.kill(os.getpid(), signal.SIGTERM)
    await asyncio.wait_for(serving, timeout=5)

    assert bot.closes == 1
    # the handler is gone with it: a later SIGTERM is not sent to a closed bot
    assert signal.getsignal(signal.SIGTERM) in (signal.SIG_DFL, signal.default_int_handler)
