"""What the Discord bot needs to run: the database, the token, where to sync slash commands.

`Settings.from_env()` reads the environment; tests build `Settings(database_url=...)` directly.
Standard library and SQLAlchemy's URL only, so this imports before discord.py is installed.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field

from sqlalchemy.engine import URL, make_url

from store.cluster import ALL_GUILDS, Sharding, sharding_from_env
from store.config import database_url, describe


def _default_database_url() -> URL:
    return database_url()


def parse_guild_ids(raw: str) -> tuple[int, ...]:
    """Guild ids from a comma- or space-separated list, e.g. ``"123, 456"``.

    >>> parse_guild_ids("123, 456")
    (123, 456)
    """
    parts = raw.replace(",", " ").split()
    try:
        return tuple(int(part) for part in parts)
    except ValueError:
        raise ValueError(
            f"FUBA_SYNC_GUILDS must list numeric guild ids separated by commas, not {raw!r}"
        ) from None


def parse_port(raw: str) -> int | None:
    """``METRICS_PORT``: None when empty, else a TCP port (0: any free one, logged).

    >>> parse_port(""), parse_port(" 9464 ")
    (None, 9464)
    """
    raw = raw.strip()
    if not raw:
        return None
    if raw.isascii() and raw.isdigit() and int(raw) <= 65535:
        return int(raw)
    raise ValueError(f"METRICS_PORT must be a port number from 0 to 65535, not {raw!r}")


def parse_log_format(raw: str) -> str:
    """``LOG_FORMAT``: ``text`` (the default, also when empty) or ``json`` (``cogs.logs``).

    >>> parse_log_format(""), parse_log_format(" JSON ")
    ('text', 'json')
    """
    value = raw.strip().lower() or "text"
    if value not in ("text", "json"):
        raise ValueError(f"LOG_FORMAT must be text or json, not {raw.strip()!r}")
    return value


@dataclass(frozen=True, repr=False)
class Settings:
    """How one bot process runs.

    ``guild_ids_for_sync`` empty: slash commands are synced globally (they may take a while to
    appear everywhere). Given: synced to those guilds only, where they appear at once.
    """

    database_url: URL | str = field(default_factory=_default_database_url)
    token: str | None = None
    guild_ids_for_sync: tuple[int, ...] = ()
    deadline_interval: float = 5.0  # seconds between two looks at the due turn deadlines
    metrics_port: int | None = None  # Prometheus /metrics served on this port; None: not served
    metrics_host: str = "127.0.0.1"  # the address the metrics endpoint listens on
    log_format: str = "text"  # the log's lines: "text" for people, "json" for a collector
    sharding: Sharding = ALL_GUILDS  # this process's shards and guilds (docs/clusters.md)

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        """``DATABASE_URL`` (or ``FUBA_DATA_DIR``), ``DISCORD_TOKEN``, ``FUBA_SYNC_GUILDS``,
        ``METRICS_PORT``, ``METRICS_HOST``, ``LOG_FORMAT`` and the shards (``SHARD_COUNT``,
        ``SHARD_IDS``, ``CLUSTER_COUNT``, ``CLUSTER_INDEX``) from the environment."""
        env = os.environ if env is None else env
        token = env.get("DISCORD_TOKEN", "").strip() or None
        return cls(
            database_url=database_url(env),
            token=token,
            guild_ids_for_sync=parse_guild_ids(env.get("FUBA_SYNC_GUILDS", "")),
            metrics_port=parse_port(env.get("METRICS_PORT", "")),
            metrics_host=env.get("METRICS_HOST", "").strip() or "127.0.0.1",
            log_format=parse_log_format(env.get("LOG_FORMAT", "")),
            sharding=sharding_from_env(env),
        )

    def __repr__(self) -> str:
        # Settings end up in logs and tracebacks: never the token or the database password.
        return (
            f"Settings(database_url={describe(make_url(self.database_url))!r}, "
            f"token={'set' if self.token else None}, "
            f"guild_ids_for_sync={self.guild_ids_for_sync!r}, "
            f"deadline_interval={self.deadline_interval!r}, "
            f"metrics_port={self.metrics_port!r}, metrics_host={self.metrics_host!r}, "
            f"log_format={self.log_format!r}, "
            f"sharding={self.sharding!r})"
        )
