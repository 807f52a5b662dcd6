"""A busy community in one process: many active matches, many members acting at once, through
the referee, each step's board drawn as the bot draws it.

    python -m bench load [--matches 1000] [--members 50] [--seconds 20] [--game fuba]
                         [--postgres URL | --no-postgres]

``--matches`` FUBA matches are started (virtual dice), then ``--members`` members act at once
for ``--seconds``: each takes a match no one else is acting in, plays the decision it waits
for (chosen by the automatic coach, before the clock starts), with the version its buttons
would carry, and waits for the spectators' board (``Outcome.drawing``: the drawing workers of
``RENDER_WORKERS``, as the bot). A finished match is followed by a new one in its channel.

Prints, per backend (``sqlite_``, ``postgres_``):

- ``steps_per_s``: steps done per second, all members together;
- ``step_p50_ms`` / ``step_p99_ms``: one step's wall time, from the click to its board;
- ``loop_lag_p99_ms``: how late a 5 ms timer on the event loop fired meanwhile;
- ``rss_mb``: this process's resident memory at the end (``rss_workers_mb``: the drawing
  workers', their fork server's and the resource tracker's, added up: pages they share from
  the fork are counted once per process, so this over-counts);
- ``pss_total_mb``: the whole bot's memory, this process and those it started, each shared
  page counted once (proportional set size: a page shared by N processes counts 1/N in each;
  ``pss_mb`` this process's, ``pss_workers_mb`` the others'): the figure to hold against a
  memory limit;
- ``errors``: steps that failed (a player would have seen an apology);
- ``cpu_ms_per_step``: processor time per step, this process's (``main``) and the drawing
  workers' (``workers``): on a machine with N cores, N * 1000 / their sum bounds the steps per
  second.

Figures only, never pass/fail.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import resource
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

from sqlalchemy.engine import URL

from bench import _backends
from bench.render_pool import lag_watch, pct
from referee import boards, games
from referee.service import Outcome, Referee
from store.db import make_engine
from store.migrate import migrate
from store.repository import MatchStore, Seat

GUILD = 1


class Community:
    """The matches of the run and who plays them; a member takes one match at a time."""

    def __init__(self, referee: Referee, game: str) -> None:
        self.referee = referee
        self.game = games.get(game)
        self.idle: asyncio.Queue[int] = asyncio.Queue()  # channels no one is acting in
        self.shown: dict[int, Outcome] = {}  # channel -> the match as its board shows it
        self.started = 0

    async def start(self, channel: int) -> None:
        first, second = self.game.ruleset.sides
        self.started += 1
        seats = (
            Seat(first, 2 * channel, f"Member {2 * channel}"),
            Seat(second, 2 * channel + 1, f"Member {2 * channel + 1}"),
        )
        self.shown[channel] = await self.referee.start_match(
            GUILD, channel, seats, ruleset=self.game.name, seed=self.started
        )
        self.idle.put_nowait(channel)

    def next_click(self, channel: int) -> tuple[int, str, dict[str, Any], str, int]:
        """(user, kind, args, side, version) of the decision the channel's match waits for."""
        outcome = self.shown[channel]
        prompt = next(p for p in outcome.next if not p.dice)
        decision = next(
            d for d in self.game.ruleset.pending(outcome.state) if d.actor == prompt.side
        )
        action = self.game.coach(channel).choose(outcome.state, decision)
        return prompt.user_id, action.kind, dict(action.args), prompt.side, outcome.version


async def member(
    community: Community, until: float, times: list[float], errors: Counter[str]
) -> None:
    referee = community.referee
    while time.perf_counter() < until:
        channel = await community.idle.get()
        try:
            user, kind, args, side, version = community.next_click(channel)
            started = time.perf_counter()
            outcome = await referee.act(
                channel, user, kind, args, side=side, expected_version=version
            )
            await outcome.drawing(None)
            times.append(time.perf_counter() - started)
        except Exception as exc:  # counted, and the member goes on as a player would
            errors[type(exc).__name__] += 1
            outcome = await referee.current(channel)
        community.shown[channel] = outcome
        if outcome.over:
            await community.start(channel)
        else:
            community.idle.put_nowait(channel)


def rss_mb(pid: int | str = "self") -> float:
    """Resident memory of a process in MB (Linux ``/proc``; 0 where it cannot be read)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0.0
    for line in status.splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def pss_mb(pid: int | str = "self") -> float:
    """Proportional resident memory of a process in MB (Linux ``/proc``; 0 where it cannot be
    read): each page it shares with N processes counts for 1/N."""
    try:
        rollup = Path(f"/proc/{pid}/smaps_rollup").read_text()
    except OSError:
        return 0.0
    for line in rollup.splitlines():
        if line.startswith("Pss:"):
            return int(line.split()[1]) / 1024
    return 0.0


def _cpu(before: resource.struct_rusage, after: resource.struct_rusage) -> float:
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def descendants(pid: int | None = None) -> list[int]:
    """This process's children, theirs, and so on (the drawing workers are the children of a
    fork server)."""
    pid = os.getpid() if pid is None else pid
    try:
        children = [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []
    return [*children, *(d for child in children for d in descendants(child))]


def descendants_cpu_s() -> float:
    """Processor seconds used so far by the live ``descendants`` (user and system)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for pid in descendants():
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / ticks  # utime, stime
    return total


async def run_backend(prefix: str, url: URL, args: argparse.Namespace) -> None:
    engine = make_engine(url)
    store = MatchStore(engine)
    try:
        await migrate(engine)
        await boards.start()
        community = Community(Referee(store), args.game)
        for channel in range(1, args.matches + 1):
            await community.start(channel)
        times: list[float] = []
        lags: list[float] = []
        errors: Counter[str] = Counter()
        stop = asyncio.Event()
        watcher = asyncio.create_task(lag_watch(lags, stop))
        cpu_before = resource.getrusage(resource.RUSAGE_SELF)
        workers_before = descendants_cpu_s()
        started = time.perf_counter()
        until = started + args.seconds
        await asyncio.gather(
            *(member(community, until, times, errors) for _ in range(args.members))
        )
        elapsed = time.perf_counter() - started
        cpu_after = resource.getrusage(resource.RUSAGE_SELF)
        stop.set()
        await watcher
        started_by_us = descendants()
        rss_workers = sum(rss_mb(pid) for pid in started_by_us)
        pss_main = pss_mb()
        pss_workers = sum(pss_mb(pid) for pid in started_by_us)
        workers_cpu = descendants_cpu_s() - workers_before
        print(f"{prefix}_steps_per_s: {len(times) / elapsed:.0f} steps/s")
        print(f"{prefix}_step_p50_ms: {1000 * pct(times, 0.5):.1f} ms")
        print(f"{prefix}_step_p99_ms: {1000 * pct(times, 0.99):.1f} ms")
        print(f"{prefix}_loop_lag_p99_ms: {1000 * pct(lags, 0.99):.1f} ms")
        print(f"{prefix}_rss_mb: {rss_mb():.0f} MB")
        print(f"{prefix}_rss_workers_mb: {rss_workers:.0f} MB")
        print(f"{prefix}_pss_mb: {pss_main:.0f} MB")
        print(f"{prefix}_pss_workers_mb: {pss_workers:.0f} MB")
        print(f"{prefix}_pss_total_mb: {pss_main + pss_workers:.0f} MB")
        print(f"{prefix}_errors: {sum(errors.values())} steps")
        steps = max(len(times), 1)
        print(f"{prefix}_cpu_ms_per_step_main: {1000 * _cpu(cpu_before, cpu_after) / steps:.2f} ms")
        workers = 1000 * workers_cpu / steps
        print(f"{prefix}_cpu_ms_per_step_workers: {workers:.2f} ms", flush=True)
        for name, count in errors.most_common():
            print(f"  {name}: {count}", file=sys.stderr)
    finally:
        await boards.close()
        await store.close()


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m bench load", description=__doc__)
    parser.add_argument("--matches", type=int, default=1000, help="active matches")
    parser.add_argument("--members", type=int, default=50, help="members acting at once")
    parser.add_argument("--seconds", type=float, default=20.0, help="how long they act")
    parser.add_argument("--game", default="fuba", choices=sorted(games.games()))
    _backends.add_options(parser)
    args = parser.parse_args()
    _backends.run_all(lambda prefix, url: run_backend(prefix, url, args), args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
