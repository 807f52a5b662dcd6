"""Running the bot process until it is told to stop, and stopping it gracefully.

``serve`` runs the bot until Discord closes it, Ctrl+C, or SIGTERM (what ``docker stop`` and
systemd send). A stop lets the interactions being handled finish (``finish_handlers``, within
``SHUTDOWN_GRACE`` seconds) before the cogs unload and the database closes: a move being made
is then committed and shown. A step cut short by the grace period is rolled back as a whole, or,
when it was committed already, its live board is brought up to date at the next start
(``cogs.play.cog``): nothing is half applied or lost either way.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from typing import Any

log = logging.getLogger(__name__)

SHUTDOWN_GRACE = 10.0  # seconds the interactions being handled may take to finish at a stop
# discord.py's names for the tasks that handle an interaction: a slash command, a view's
# component, a dynamic item (the match buttons and menus).
HANDLER_TASKS = ("CommandTree-invoker", "discord-ui-view-dispatch-", "discord-ui-dynamic-item-")


async def finish_handlers(grace: float = SHUTDOWN_GRACE) -> int:
    """Wait until the interactions being handled now are done, ``grace`` seconds at most;
    returns how many were still running then (left to be cancelled)."""
    current = asyncio.current_task()
    handling = [
        task
        for task in asyncio.all_tasks()
        if task is not current and not task.done() and task.get_name().startswith(HANDLER_TASKS)
    ]
    if not handling:
        return 0
    log.info("waiting for %d interaction(s) to finish before stopping", len(handling))
    _, running = await asyncio.wait(handling, timeout=grace)
    if running:
        log.warning("%d interaction(s) still running at the stop", len(running))
    return len(running)


async def serve(bot: Any, token: str) -> None:
    """Run ``bot`` until it closes; SIGTERM closes it gracefully (``bot.close``)."""
    loop = asyncio.get_running_loop()
    stopping: list[asyncio.Task[None]] = []  # a strong reference while it runs

    def stop() -> None:
        log.info("SIGTERM: stopping")
        if not stopping:
            stopping.append(loop.create_task(bot.close()))

    installed = False
    with contextlib.suppress(NotImplementedError, RuntimeError):  # no signals on this platform
        loop.add_signal_handler(signal.SIGTERM, stop)
        installed = True
    try:
        async with bot:
            await bot.start(token)
    finally:
        if installed:
            loop.remove_signal_handler(signal.SIGTERM)
        if stopping:
            await stopping[0]
