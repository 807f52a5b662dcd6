"""Which guilds a bot process looks after when several run on one database (sharded clusters).

Discord splits a bot's guilds into shards: a guild belongs to shard ``(guild_id >> 22) %
shard_count``. A process connected to some of the shards receives its guilds' commands and
events only, so its background work (turn deadlines, late live boards, rating catch-up,
lapsed challenges) must take only its guilds' rows too: ``Sharding.guild_filter`` is the SQL
condition, the same on PostgreSQL and SQLite. Matches and challenges without a guild (direct
messages, the terminal: guild id 0 or NULL) belong to shard 0, as Discord sends direct
messages to shard 0.

``Sharding()`` (the default) is one process for everything: no filter at all::

    >>> Sharding().owns(81384788765712384)
    True
    >>> clusters = [cluster_sharding(clusters=2, index=i, shard_count=4) for i in (0, 1)]
    >>> [c.ids for c in clusters]
    [(0, 2), (1, 3)]
    >>> [c.owns(81384788765712384) for c in clusters]  # shard (id >> 22) % 4 == 2
    [True, False]
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy import ColumnElement, func, true

SHARD_BITS = 22  # a guild id's bits below its timestamp: (guild_id >> 22) % count is its shard
_SHARD_DIVISOR = 1 << SHARD_BITS  # integer division by it is the shift, in SQL too
# PostgreSQL advisory locks (key space, match id) held while a process brings a match's live
# board up to date; the key space keeps them apart from any other advisory lock.
BOARD_DELIVERY_LOCKS = 0x46554241  # "FUBA"


@dataclass(frozen=True, slots=True)
class Sharding:
    """This process's share of the bot: ``count`` shards in all (None: not sharded, discord.py
    runs one connection for everything) of which it runs ``ids`` (None: all of them)."""

    count: int | None = None
    ids: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        if self.count is None:
            if self.ids is not None:
                raise ValueError("shard ids need a shard count")
            return
        if self.count < 1:
            raise ValueError(f"the shard count must be at least 1, not {self.count}")
        if self.ids is not None:
            if not self.ids:
                raise ValueError("a process needs at least one shard id")
            wrong = [i for i in self.ids if not 0 <= i < self.count]
            if wrong:
                raise ValueError(
                    f"shard ids run from 0 to {self.count - 1} with {self.count} shards, "
                    f"not {', '.join(map(str, wrong))}"
                )
            if len(set(self.ids)) != len(self.ids):
                raise ValueError(f"shard ids are listed twice: {self.ids}")

    @property
    def sharded(self) -> bool:
        """True when the process connects with explicit shards (discord.py's AutoShardedBot)."""
        return self.count is not None

    @property
    def whole(self) -> bool:
        """True when this process looks after every guild."""
        return self.count is None or self.ids is None or len(self.ids) == self.count

    @property
    def first(self) -> bool:
        """True for the process that runs shard 0: the one that syncs the slash commands and
        looks after direct messages."""
        return self.count is None or self.ids is None or 0 in self.ids

    def shard_of(self, guild_id: int | None) -> int:
        """The shard of a guild (0 for no guild, and when not sharded)."""
        if self.count is None or not guild_id:
            return 0
        return (guild_id >> SHARD_BITS) % self.count

    def owns(self, guild_id: int | None) -> bool:
        """True when the guild's rows are this process's to handle."""
        return self.whole or self.shard_of(guild_id) in (self.ids or ())

    def guild_filter(self, guild_id: Any) -> ColumnElement[bool]:
        """SQL: the row's guild (a column or expression) is this process's. Integer division
        on both PostgreSQL and SQLite; a NULL guild counts as 0 (shard 0)."""
        if self.whole:
            return true()
        assert self.count is not None and self.ids is not None
        shard = (func.coalesce(guild_id, 0) // _SHARD_DIVISOR) % self.count
        return shard.in_(self.ids)

    def describe(self) -> str:
        """For the log: which shards this process runs."""
        if self.count is None:
            return "not sharded"
        ids = "all" if self.ids is None else ", ".join(map(str, self.ids))
        return f"shards {ids} of {self.count}"


ALL_GUILDS = Sharding()  # one process for every guild (not sharded)


def cluster_sharding(*, clusters: int, index: int, shard_count: int | None = None) -> Sharding:
    """Cluster ``index`` of ``clusters``: with ``shard_count`` shards in all (default one per
    cluster) it runs shards ``index``, ``index + clusters``, ... so each shard has one cluster."""
    if clusters < 1:
        raise ValueError(f"CLUSTER_COUNT must be at least 1, not {clusters}")
    if not 0 <= index < clusters:
        raise ValueError(
            f"CLUSTER_INDEX runs from 0 to {clusters - 1} with {clusters} clusters, not {index}"
        )
    total = clusters if shard_count is None else shard_count
    if total < clusters:
        raise ValueError(
            f"SHARD_COUNT ({total}) must be at least CLUSTER_COUNT ({clusters}): "
            "every cluster needs a shard"
        )
    return Sharding(count=total, ids=tuple(range(index, total, clusters)))


def _number(env: Mapping[str, str], name: str) -> int | None:
    raw = env.get(name, "").strip()
    if not raw:
        return None
    if raw.isascii() and raw.isdigit():
        return int(raw)
    raise ValueError(f"{name} must be a whole number, not {raw!r}")


def _numbers(env: Mapping[str, str], name: str) -> tuple[int, ...] | None:
    raw = env.get(name, "").strip()
    if not raw:
        return None
    parts = raw.replace(",", " ").split()
    if not all(part.isascii() and part.isdigit() for part in parts):
        raise ValueError(f"{name} must list whole numbers separated by commas, not {raw!r}")
    return tuple(int(part) for part in parts)


def sharding_from_env(env: Mapping[str, str]) -> Sharding:
    """``SHARD_COUNT`` with ``SHARD_IDS`` (this process's shards, e.g. ``"0,2"``), or
    ``CLUSTER_COUNT`` with ``CLUSTER_INDEX`` (and optionally ``SHARD_COUNT``); none of them:
    not sharded. Raises ``ValueError`` saying which setting is wrong.

    >>> sharding_from_env({"SHARD_COUNT": "4", "SHARD_IDS": "1, 3"})
    Sharding(count=4, ids=(1, 3))
    >>> sharding_from_env({"CLUSTER_COUNT": "3", "CLUSTER_INDEX": "2"})
    Sharding(count=3, ids=(2,))
    """
    count = _number(env, "SHARD_COUNT")
    ids = _numbers(env, "SHARD_IDS")
    clusters = _number(env, "CLUSTER_COUNT")
    index = _number(env, "CLUSTER_INDEX")
    if clusters is not None or index is not None:
        if clusters is None or index is None:
            raise ValueError("CLUSTER_COUNT and CLUSTER_INDEX go together: set both")
        if ids is not None:
            raise ValueError("set SHARD_IDS or CLUSTER_COUNT/CLUSTER_INDEX, not both")
        return cluster_sharding(clusters=clusters, index=index, shard_count=count)
    if count is None:
        if ids is not None:
            raise ValueError("SHARD_IDS needs SHARD_COUNT (the number of shards in all)")
        return Sharding()
    try:
        return Sharding(count=count, ids=ids)
    except ValueError as exc:
        raise ValueError(f"SHARD_COUNT/SHARD_IDS: {exc}") from None
