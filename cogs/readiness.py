"""Is the bot ready to serve players? The answer of ``/ready`` on the metrics port
(``cogs.metrics``), and ``python3 bot.py health``, which asks it (a container's health check).

Ready: connected to Discord (the gateway said READY, the bot is not closing, its connection is
open) and the database answers a trivial query, asked the way the bot reads
(``MatchStore.db``). Otherwise ``/ready`` answers 503 with the reason
in a short line. ``/healthz`` answers 200 as long as the process runs.
"""

from __future__ import annotations

import asyncio
import http.client
import urllib.error
import urllib.request
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from store.repository import MatchStore

DATABASE_TIMEOUT = 3.0  # seconds the database may take to answer ``SELECT 1``
PROBE_TIMEOUT = 10.0  # seconds ``bot.py health`` waits for ``/ready``


async def not_ready(bot: Any, store: MatchStore) -> str | None:
    """Why ``bot`` cannot serve players now, in a few words; None when it can."""
    from store.checkup import select_one  # here: ``bot.py health`` imports this module, fast

    if bot.is_closed():
        return "the bot is stopping"
    if not bot.is_ready():
        return "not connected to Discord yet"
    if not _gateway_open(bot):
        return "the connection to Discord is down (reconnecting)"
    try:
        await asyncio.wait_for(store.db.read(select_one), DATABASE_TIMEOUT)
    except TimeoutError:
        return f"the database did not answer within {DATABASE_TIMEOUT:.0f} s"
    except Exception as error:  # any driver's error: the reason is the answer
        return f"the database does not answer ({type(error).__name__})"
    return None


def _gateway_open(bot: Any) -> bool:
    """Every gateway connection of ``bot`` open (each shard's, for a sharded bot)."""
    shards = getattr(bot, "shards", None)
    if isinstance(shards, dict):
        return bool(shards) and not any(shard.is_closed() for shard in shards.values())
    ws = getattr(bot, "ws", None)
    return ws is not None and bool(ws.open)


def ready_url(host: str, port: int) -> str:
    """Where ``/ready`` is asked from this machine: an address listening on every interface
    (``0.0.0.0``, ``::``) is reached through the loopback.

    >>> ready_url("0.0.0.0", 9464), ready_url("::", 9464), ready_url("10.0.0.5", 80)
    ('http://127.0.0.1:9464/ready', 'http://[::1]:9464/ready', 'http://10.0.0.5:80/ready')
    """
    host = {"": "127.0.0.1", "0.0.0.0": "127.0.0.1", "::": "::1"}.get(host, host)
    if ":" in host:
        host = f"[{host}]"
    return f"http://{host}:{port}/ready"


def probe(host: str, port: int, timeout: float = PROBE_TIMEOUT) -> tuple[bool, str]:
    """Ask the bot's ``/ready``: (ready, what it said or why it could not be asked)."""
    url = ready_url(host, port)
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            return True, response.read().decode(errors="replace").strip() or "ready"
    except urllib.error.HTTPError as error:
        with error:
            said = error.read().decode(errors="replace").strip()
        return False, said or f"{url} answered {error.code}"
    except (urllib.error.URLError, http.client.HTTPException, OSError) as error:
        reason = getattr(error, "reason", error)
        return False, f"nothing answers at {url} ({reason}): is the bot running?"
