"""Several bot processes on one PostgreSQL database, without Discord: the matches they race
over (``seed``) and one process's background work (``python -m bench._cluster``).

``seed`` fills a migrated database with ``matches`` active FUBA matches, spread over guilds
of every shard (some without a guild, as in direct messages), each waiting for the same side
with its turn clock run out: one expiry per match, due now, and a live board showing the
match. A worker process is what a bot process runs in the background, with the bot's own
code: the deadline dispatcher (``referee.deadlines``) whose expiry callback claims the win
through the referee (a step: engine, store, version check), and the live-board delivery loop
(``MatchStore.boards_behind`` and ``delivering``) whose "delivery" records the board after
``--delivery-ms``. Its shards come from the environment as the bot's do (``SHARD_COUNT``,
``SHARD_IDS``, ``CLUSTER_COUNT``, ``CLUSTER_INDEX``). It stops once nothing of its guilds is
left to do and writes one JSON object per line to ``--out`` as it goes::

    {"ready": true}                    connected; it starts when the ``--go`` file exists
    {"fired": [deadline ids]}          a claim of due deadlines, once committed
    {"applied": match id}              a win claimed on time (the match's step)
    {"delivered": [match id, version]} a live board brought up to date
    {"done": {...}}                    counts and seconds, at the end

``tests/cluster`` and ``bench/cluster.py`` start two of them at once and read the lines.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import IO, Any, cast

from sqlalchemy import BigInteger, Table, case, delete, func, insert, literal, select, update
from sqlalchemy.engine import URL

from engine import registry
from engine.fuba import coach as fuba_coach
from referee.deadlines import DeadlineDispatcher
from referee.service import Referee
from store.cluster import ALL_GUILDS, SHARD_BITS, Sharding, sharding_from_env
from store.deadlines import StoredDeadline
from store.models import Deadline, DeadlineKind, LiveBoard, Match, MatchAction, utcnow
from store.repository import MatchStore, Seat, StoredMatch

MATCHES = cast(Table, Match.__table__)
ACTIONS = cast(Table, MatchAction.__table__)
DEADLINES = cast(Table, Deadline.__table__)
BOARDS = cast(Table, LiveBoard.__table__)

ADA, BRIAN = 101, 202
SEATS = (Seat("west", ADA, "Ada"), Seat("east", BRIAN, "Brian"))
TEMPLATE_CHANNEL = 1
FIRST_CHANNEL = 1_000_000  # the seeded matches' channels: FIRST_CHANNEL + n
GUILDLESS_EVERY = 25  # every 25th match is played outside a guild (shard 0)
FIRST_GUILD = 1000  # guild ids are (FIRST_GUILD + g) << SHARD_BITS: shard (FIRST_GUILD + g) % count
SEED = 7
PROJECT = Path(__file__).resolve().parent.parent
IDLE_ROUNDS = 3  # rounds with nothing to do before a worker stops
ROUND_S = 0.05  # between two ticks of the deadline dispatcher
COURIER_ROUND_S = 0.25  # between two looks for boards behind (the bot waits longer)


def guild_of(n: int, guilds: int) -> int:
    """The guild of the ``n``-th seeded match (0: none)."""
    if n % GUILDLESS_EVERY == 0:
        return 0
    return (FIRST_GUILD + n % guilds) << SHARD_BITS


@dataclass(frozen=True)
class Seeded:
    """The seeded matches: each one's guild id, and each deadline's match (by their ids)."""

    guilds: dict[int, int]
    deadlines: dict[int, int]


async def seed(url: URL | str, matches: int, guilds: int = 16) -> Seeded:
    """Seed ``matches`` matches (PostgreSQL: the copies are made by the server)."""
    store = MatchStore.open(url)
    try:
        referee = Referee(store)
        await referee.start_match(0, TEMPLATE_CHANNEL, SEATS, seed=SEED, turn_timeout=60)
        template = await store.active_match(TEMPLATE_CHANNEL)
        assert template is not None
        first = fuba_coach.play_match(SEED)[1][0]  # west's formation: east decides next
        applied = await store.apply(template.id, first, expected_version=template.version)
        waiting = {d.actor for d in registry.get("fuba").pending(applied.match.state)}
        assert waiting == {"east"}, waiting
        async with store.engine.begin() as conn:
            await conn.execute(delete(DEADLINES))
            numbers = func.generate_series(1, matches).table_valued("value").render_derived("n")
            n = numbers.c.value
            guild = _guild_sql(n, guilds)
            copied = [c for c in MATCHES.c if c.name != "id"]
            values = [
                (FIRST_CHANNEL + n)
                if c.name == "channel_id"
                else guild
                if c.name == "guild_id"
                else c
                for c in copied
            ]
            rows = await conn.execute(
                insert(MATCHES)
                .from_select(
                    [c.name for c in copied],
                    select(*values)
                    .select_from(MATCHES)
                    .join(numbers, literal(True))
                    .where(MATCHES.c.id == template.id),
                )
                .returning(MATCHES.c.id, MATCHES.c.guild_id)
            )
            guilds_by_match = {row.id: row.guild_id for row in rows}
            new = MATCHES.c.channel_id >= FIRST_CHANNEL
            action_columns = [c for c in ACTIONS.c if c.name != "match_id"]
            await conn.execute(
                insert(ACTIONS).from_select(
                    ["match_id", *(c.name for c in action_columns)],
                    select(MATCHES.c.id, *action_columns)
                    .select_from(MATCHES)
                    .join(ACTIONS, ACTIONS.c.match_id == template.id)
                    .where(new),
                )
            )
            now = utcnow()
            due = await conn.execute(
                insert(DEADLINES)
                .from_select(
                    ["match_id", "side", "kind", "due_at", "version", "fired_at", "created_at"],
                    select(
                        MATCHES.c.id,
                        literal("east"),
                        literal(DeadlineKind.EXPIRY.value),
                        literal(now - timedelta(seconds=1)),
                        MATCHES.c.version,
                        literal(None),
                        literal(now),
                    ).where(new),
                )
                .returning(DEADLINES.c.id, DEADLINES.c.match_id)
            )
            deadlines = {row.id: row.match_id for row in due}
            await conn.execute(
                insert(BOARDS).from_select(
                    ["match_id", "channel_id", "message_id", "version", "posted_at", "deciders"],
                    select(
                        MATCHES.c.id,
                        MATCHES.c.channel_id,
                        MATCHES.c.id,
                        MATCHES.c.version,
                        literal(now),
                        literal(str(BRIAN)),
                    ).where(new),
                )
            )
            # the template is out of the race: over, with nothing left to deliver
            await conn.execute(
                update(MATCHES).where(MATCHES.c.id == template.id).values(status="aborted")
            )
        return Seeded(guilds_by_match, deadlines)
    finally:
        await store.close()


def _guild_sql(n: Any, guilds: int) -> Any:
    """``guild_of`` in SQL."""
    return case(
        (n % GUILDLESS_EVERY == 0, 0),
        else_=(FIRST_GUILD + n % guilds) * literal(1 << SHARD_BITS, BigInteger),
    )


class _Log:
    """The worker's lines, each flushed at once (a killed worker has written what it did)."""

    def __init__(self, out: IO[str]) -> None:
        self.out = out

    def __call__(self, **fields: Any) -> None:
        self.out.write(json.dumps(fields) + "\n")
        self.out.flush()


class _LoggedStore(MatchStore):
    log: _Log

    async def fire_due(
        self, now: Any, limit: int = 100, sharding: Sharding = ALL_GUILDS
    ) -> list[StoredDeadline]:
        fired = await super().fire_due(now, limit, sharding)
        if fired:
            self.log(fired=[d.id for d in fired])
        return fired


async def work(
    url: URL | str,
    out: IO[str],
    sharding: Sharding,
    *,
    delivery_ms: float,
    batch: int,
    go: Path | None,
) -> dict[str, Any]:
    """One worker's run (see the module's docstring); returns its counts."""
    log = _Log(out)
    store = _LoggedStore.open(url, pool_size=4)
    store.log = log
    referee = Referee(store)
    counts = {"fired": 0, "applied": 0, "failed": 0, "delivered": 0}
    last_step = 0.0

    async def on_reminder(match: StoredMatch, side: str, user_id: int) -> None:
        pass

    async def on_expiry(match: StoredMatch, waiting: str, absent: str) -> None:
        nonlocal last_step
        try:
            await referee.claim_win(match.channel_id, match.players[waiting])
        except Exception as exc:  # counted: a double claim would end here
            counts["failed"] += 1
            log(failed=match.id, error=type(exc).__name__)
            return
        counts["applied"] += 1
        last_step = time.monotonic()
        log(applied=match.id)

    def on_fired(_late: float) -> None:
        counts["fired"] += 1

    dispatcher = DeadlineDispatcher(
        store,
        on_reminder=on_reminder,
        on_expiry=on_expiry,
        batch=batch,
        on_fired=on_fired,
        sharding=sharding,
    )

    async def deliver_round() -> tuple[int, int]:
        behind = await store.boards_behind(limit=200, sharding=sharding)
        done = 0
        for match in behind:
            async with store.delivering(match.id) as now:
                if now is None:
                    continue
                await asyncio.sleep(delivery_ms / 1000)
                await store.record_board(
                    now.id,
                    channel_id=now.channel_id,
                    message_id=now.id,
                    version=now.version,
                    posted_at=utcnow(),
                    deciders=(),
                )
                done += 1
                log(delivered=[now.id, now.version])
        return len(behind), done

    async def courier() -> None:
        idle = 0
        while idle < IDLE_ROUNDS:
            behind, done = await deliver_round()
            counts["delivered"] += done
            idle = idle + 1 if behind == 0 else 0
            await asyncio.sleep(COURIER_ROUND_S)

    async def ticker() -> None:
        idle = 0
        while idle < IDLE_ROUNDS:
            fired_before = counts["fired"]
            await dispatcher.tick()
            idle = idle + 1 if counts["fired"] == fired_before else 0
            await asyncio.sleep(ROUND_S)

    try:
        await store.active_counts()  # connected
        log(ready=True)
        while go is not None and not go.exists():
            await asyncio.sleep(0.01)
        began = time.monotonic()
        await asyncio.gather(ticker(), courier())
        # the last boards put behind by the last claims
        await courier()
        counts["seconds"] = round(time.monotonic() - began, 3)
        counts["step_seconds"] = round(max(last_step - began, 0.0), 3)
        log(done=counts)
        return counts
    finally:
        await store.close()


@dataclass
class Report:
    """What workers wrote (``read``): how many times each deadline was claimed, each match's
    win claimed, each (match, version) board delivered, and each worker's final counts."""

    fired: Counter[int] = field(default_factory=Counter)
    applied: Counter[int] = field(default_factory=Counter)
    delivered: Counter[tuple[int, int]] = field(default_factory=Counter)
    failed: list[int] = field(default_factory=list)
    done: list[dict[str, Any]] = field(default_factory=list)

    @classmethod
    def read(cls, *paths: Path) -> Report:
        report = cls()
        for path in paths:
            if not path.exists():
                continue
            for line in path.read_text(encoding="utf-8").splitlines():
                if not line.endswith("}"):  # cut short by a kill
                    continue
                entry = json.loads(line)
                report.fired.update(entry.get("fired", ()))
                if "applied" in entry:
                    report.applied[entry["applied"]] += 1
                if "delivered" in entry:
                    match_id, version = entry["delivered"]
                    report.delivered[(match_id, version)] += 1
                if "failed" in entry:
                    report.failed.append(entry["failed"])
                if "done" in entry:
                    report.done.append(entry["done"])
        return report

    @property
    def double_fired(self) -> int:
        """Deadlines claimed more than once."""
        return sum(1 for count in self.fired.values() if count > 1)

    @property
    def double_applied(self) -> int:
        """Matches whose win was claimed more than once."""
        return sum(1 for count in self.applied.values() if count > 1)

    @property
    def double_delivered(self) -> int:
        """Boards delivered more than once for the same version of their match."""
        return sum(1 for count in self.delivered.values() if count > 1)


def start_worker(
    url: URL,
    out: Path,
    *,
    env: Mapping[str, str] | None = None,
    go: Path | None = None,
    delivery_ms: float = 1.0,
    batch: int = 50,
) -> subprocess.Popen[bytes]:
    """A worker process (``python -m bench._cluster``) over ``url``, its shards set by ``env``
    (``CLUSTER_COUNT``, ...) on top of this process's environment; its standard error goes
    to ``errors_of(out)``."""
    command = [
        sys.executable,
        "-m",
        "bench._cluster",
        url.render_as_string(hide_password=False),
        "--out",
        str(out),
        "--delivery-ms",
        str(delivery_ms),
        "--batch",
        str(batch),
    ]
    if go is not None:
        command += ["--go", str(go)]
    shards = ("SHARD_COUNT", "SHARD_IDS", "CLUSTER_COUNT", "CLUSTER_INDEX")
    environment = {k: v for k, v in os.environ.items() if k not in shards}
    environment.update(env or {})
    with errors_of(out).open("wb") as errors:  # the child keeps its own handle
        return subprocess.Popen(command, cwd=PROJECT, env=environment, stderr=errors)


def errors_of(out: Path) -> Path:
    """Where the worker writing ``out`` writes its standard error."""
    return out.with_suffix(".stderr")


def release(go: Path, *outs: Path, timeout: float = 60.0) -> None:
    """Start the workers writing to ``outs`` at once: ``go`` is made once each is ready."""
    deadline = time.monotonic() + timeout
    while not all(out.exists() and '"ready"' in out.read_text(encoding="utf-8") for out in outs):
        if time.monotonic() > deadline:
            raise TimeoutError("the workers did not start")
        time.sleep(0.02)
    go.touch()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench._cluster", description=__doc__)
    parser.add_argument("url", help="the PostgreSQL database (seeded)")
    parser.add_argument("--out", type=Path, required=True, help="where to write the lines")
    parser.add_argument("--delivery-ms", type=float, default=1.0)
    parser.add_argument("--batch", type=int, default=50)
    parser.add_argument("--go", type=Path, default=None, help="start once this file exists")
    args = parser.parse_args(argv)
    try:
        sharding = sharding_from_env(os.environ)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    with args.out.open("a", encoding="utf-8") as out:
        asyncio.run(
            work(
                args.url,
                out,
                sharding,
                delivery_ms=args.delivery_ms,
                batch=args.batch,
                go=args.go,
            )
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
