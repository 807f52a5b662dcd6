"""Two bot processes (real subprocesses, ``bench._cluster``) on one PostgreSQL database, racing
over the same due turn deadlines and live boards behind: every deadline fires once, every win
is claimed once, every board is delivered once per version of its match, each cluster takes
its own guilds only, and the work of a process killed half-way is finished by its restart or
by the other process."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path
from typing import cast

from sqlalchemy import Table, func, select
from sqlalchemy.engine import URL

from bench._cluster import (
    FIRST_CHANNEL,
    Report,
    Seeded,
    errors_of,
    release,
    seed,
    start_worker,
)
from store.cluster import Sharding
from store.db import make_engine
from store.models import Deadline, LiveBoard, Match, MatchAction
from tests.store.conftest import run_async

MATCHES = 500
WORKER_TIMEOUT_S = 300

_MATCHES = cast(Table, Match.__table__)
_ACTIONS = cast(Table, MatchAction.__table__)
_DEADLINES = cast(Table, Deadline.__table__)
_BOARDS = cast(Table, LiveBoard.__table__)


@dataclass(frozen=True)
class Row:
    """One seeded match as the database has it after the run."""

    id: int
    guild_id: int
    status: str
    version: int
    reason: str | None
    actions: int
    board_version: int
    fired: bool | None  # None: no deadline left (the match is over: finishing clears them)


def facts(url: URL) -> dict[int, Row]:
    async def read() -> dict[int, Row]:
        engine = make_engine(url)
        actions = (
            select(_ACTIONS.c.match_id, func.count().label("n"))
            .group_by(_ACTIONS.c.match_id)
            .subquery()
        )
        query = (
            select(
                _MATCHES.c.id,
                _MATCHES.c.guild_id,
                _MATCHES.c.status,
                _MATCHES.c.version,
                _MATCHES.c.result,
                actions.c.n,
                _BOARDS.c.version.label("board_version"),
                _DEADLINES.c.id.label("deadline_id"),
                _DEADLINES.c.fired_at,
            )
            .join(actions, actions.c.match_id == _MATCHES.c.id)
            .join(_BOARDS, _BOARDS.c.match_id == _MATCHES.c.id)
            .outerjoin(_DEADLINES, _DEADLINES.c.match_id == _MATCHES.c.id)
            .where(_MATCHES.c.channel_id >= FIRST_CHANNEL)
        )
        try:
            async with engine.connect() as conn:
                rows = (await conn.execute(query)).all()
        finally:
            await engine.dispose()
        return {
            r.id: Row(
                r.id,
                r.guild_id,
                r.status,
                r.version,
                (r.result or {}).get("reason"),
                r.n,
                r.board_version,
                None if r.deadline_id is None else r.fired_at is not None,
            )
            for r in rows
        }

    return run_async(read())


def finish(*workers: tuple[subprocess.Popen[bytes], Path]) -> None:
    """Wait for each worker (and the file it writes) to end well."""
    for worker, out in workers:
        try:
            worker.wait(WORKER_TIMEOUT_S)
        finally:
            if worker.poll() is None:
                worker.kill()
        assert worker.returncode == 0, errors_of(out).read_text(errors="replace")


def wait_for_applied(path: Path, count: int) -> None:
    deadline = time.monotonic() + WORKER_TIMEOUT_S
    while len(Report.read(path).applied) < count:
        assert time.monotonic() < deadline, f"{path.name}: fewer than {count} steps"
        time.sleep(0.05)


def assert_all_done_once(
    url: URL, seeded: Seeded, report: Report, *, every_claim_applied: bool
) -> None:
    rows = facts(url)
    assert len(rows) == MATCHES
    assert report.double_fired == 0
    assert report.double_applied == 0
    assert report.double_delivered == 0
    assert report.failed == []
    assert set(report.fired) <= set(seeded.deadlines)
    if every_claim_applied:
        assert set(report.fired) == set(seeded.deadlines)
    for row in rows.values():
        assert row.fired is not False, f"the deadline of match {row.id} never fired"
        # the board shows the match as it is: nothing left behind
        assert row.board_version == row.version, row
        if row.status == "finished":  # won on time: one step after west's formation
            assert (row.version, row.reason, row.actions) == (2, "timeout", 1), row
        else:  # fired by a process killed before its callback: the board shows the clock
            assert not every_claim_applied, row
            assert (row.status, row.version, row.actions) == ("active", 1, 1), row
    finished = {row.id for row in rows.values() if row.status == "finished"}
    if every_claim_applied:
        assert set(report.applied) == finished
    else:  # a killed worker may have claimed a win without writing its line
        assert set(report.applied) <= finished


def test_two_processes_fire_each_deadline_once(pg_database: URL, tmp_path: Path) -> None:
    seeded = run_async(seed(pg_database, MATCHES))
    outs = [tmp_path / "a.jsonl", tmp_path / "b.jsonl"]
    go = tmp_path / "go"
    workers = [(start_worker(pg_database, out, go=go), out) for out in outs]
    release(go, *outs)
    finish(*workers)

    report = Report.read(*outs)
    assert_all_done_once(pg_database, seeded, report, every_claim_applied=True)
    assert len(report.fired) == len(report.applied) == MATCHES
    # they raced: both fired some of the same set
    shares = [len(Report.read(out).fired) for out in outs]
    assert all(shares), shares


def test_each_cluster_takes_its_own_guilds_only(pg_database: URL, tmp_path: Path) -> None:
    seeded = run_async(seed(pg_database, MATCHES))
    guilds = seeded.guilds
    outs = [tmp_path / "cluster0.jsonl", tmp_path / "cluster1.jsonl"]
    go = tmp_path / "go"
    env = [{"CLUSTER_COUNT": "2", "CLUSTER_INDEX": str(i)} for i in (0, 1)]
    workers = [
        (start_worker(pg_database, out, env=e, go=go), out)
        for out, e in zip(outs, env, strict=True)
    ]
    release(go, *outs)
    finish(*workers)

    report = Report.read(*outs)
    assert_all_done_once(pg_database, seeded, report, every_claim_applied=True)
    by_deadline = seeded.deadlines
    for index, out in enumerate(outs):
        mine = Sharding(count=2, ids=(index,))
        own = Report.read(out)
        assert own.applied and all(mine.owns(guilds[m]) for m in own.applied)
        assert all(mine.owns(guilds[by_deadline[d]]) for d in own.fired)
        assert all(mine.owns(guilds[m]) for m, _ in own.delivered)
    # matches outside any guild are cluster 0's
    guildless = [m for m, guild in guilds.items() if guild == 0]
    assert guildless and all(m in Report.read(outs[0]).applied for m in guildless)


def test_a_killed_cluster_is_finished_by_its_restart(pg_database: URL, tmp_path: Path) -> None:
    seeded = run_async(seed(pg_database, MATCHES))
    guilds = seeded.guilds
    first, other, restart = (tmp_path / f"{n}.jsonl" for n in ("first", "other", "restart"))
    go = tmp_path / "go"
    env = [{"CLUSTER_COUNT": "2", "CLUSTER_INDEX": str(i)} for i in (0, 1)]
    # slow deliveries: cluster 0 is killed with boards and deadlines of its own left to do
    doomed = start_worker(pg_database, first, env=env[0], go=go, delivery_ms=20)
    survivor = start_worker(pg_database, other, env=env[1], go=go)
    release(go, first, other)
    wait_for_applied(first, 30)
    os.kill(doomed.pid, signal.SIGKILL)
    doomed.wait(WORKER_TIMEOUT_S)
    finish((survivor, other))

    rows = facts(pg_database).values()
    left = [row for row in rows if row.fired is False or row.board_version != row.version]
    assert left and all(Sharding(2, (0,)).owns(guilds[row.id]) for row in left)

    finish((start_worker(pg_database, restart, env=env[0]), restart))
    report = Report.read(first, other, restart)
    assert_all_done_once(pg_database, seeded, report, every_claim_applied=False)


def test_a_killed_process_work_is_finished_by_the_other(pg_database: URL, tmp_path: Path) -> None:
    seeded = run_async(seed(pg_database, MATCHES))
    outs = [tmp_path / "killed.jsonl", tmp_path / "other.jsonl"]
    go = tmp_path / "go"
    doomed = start_worker(pg_database, outs[0], go=go, delivery_ms=20)
    other = start_worker(pg_database, outs[1], go=go, delivery_ms=5)
    release(go, *outs)
    wait_for_applied(outs[0], 30)
    os.kill(doomed.pid, signal.SIGKILL)
    doomed.wait(WORKER_TIMEOUT_S)
    finish((other, outs[1]))

    report = Report.read(*outs)
    assert_all_done_once(pg_database, seeded, report, every_claim_applied=False)
    assert Report.read(outs[0]).done == []  # killed indeed
