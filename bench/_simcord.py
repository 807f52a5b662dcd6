"""The bot in SimCord's offline Discord for the Discord benchmarks (a leading underscore: not a
benchmark itself)."""

from __future__ import annotations

import tempfile
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import simcord
from sqlalchemy.engine import URL

from bot import create_bot
from botconfig import Settings


@asynccontextmanager
async def bot_in_simcord(prefix: str) -> AsyncIterator[simcord.Env]:
    """The real bot, started in SimCord on a temporary SQLite file, SimCord's clock running
    for the block; shut down after it."""
    with tempfile.TemporaryDirectory(prefix=prefix) as tmp:
        url = URL.create("sqlite+aiosqlite", database=str(Path(tmp) / "bench.sqlite3"))
        # the turn deadlines' dispatcher sleeps: SimCord's clock must not wake it mid-bench
        settings = Settings(database_url=url, deadline_interval=3600.0)
        env = simcord.Env(create_bot(settings), check_errors=False)
        await env.start()
        try:
            with env.time_context():
                yield env
        finally:
            await env.shutdown()
