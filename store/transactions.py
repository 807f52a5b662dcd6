"""How the store runs a transaction: a plain function over a synchronous connection, run in
one call.

On a SQLite file every transaction is one call over the standard ``sqlite3`` driver (the
async driver costs a thread hand-off per statement, about eleven per step), and the writes of a
process go through a single writer: they queue in the process instead of waiting on the file
lock, so two of the bot's own writers never meet as "database is locked". The call runs right on
the event loop when SQLite can start it without waiting (the process's own writers queue before
it; with WAL a read never waits for a writer): the work is the same CPU either way, and a thread
hand-off costs more than the statements (a thread waits for the interpreter's lock behind the
event loop). When the file is locked by another program (a second process, a backup) the call
moves to a worker thread, where SQLite waits for the lock, so the event loop never waits on the
file; a write that still meets the lock is retried with back-off, then refused with
``StoreBusy``. On PostgreSQL (and an in-memory SQLite database, which only the async engine's
one connection can see) the same function runs through the async engine's ``run_sync``; there
every round trip counts (each costs both processes a wake-up), so a read runs without a
transaction of its own (no BEGIN and ROLLBACK: under READ COMMITTED each statement sees the
data committed when it starts either way), and so does a write of one statement
(``write_one``), which PostgreSQL makes atomic by itself.

A transaction whose caller stops waiting (a cancelled task, a shutdown) is never left half
done: it commits or rolls back as a whole; ``close`` waits for those still running.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import sys
import weakref
from collections.abc import AsyncIterator, Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from sqlalchemy import Connection, Engine, create_engine, event
from sqlalchemy.exc import OperationalError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from store.db import compact_json, set_up_sqlite
from store.errors import StoreBusy

T = TypeVar("T")

# Waits before each retry of a write that found the file locked by another process (each
# attempt already waits up to the busy timeout inside SQLite).
LOCKED_RETRY_DELAYS_S = (0.05, 0.25, 1.0)
# Reads that had to wait run side by side (SQLite's WAL lets readers work beside the writer).
READER_THREADS = 2


class Transactions:
    """The way to the database of one engine, shared by every store on that engine
    (``Transactions.of(engine)``)."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self._sync: Engine | None = _sync_sqlite(engine)
        self._writer: ThreadPoolExecutor | None = None
        self._readers: ThreadPoolExecutor | None = None
        if self._sync is not None:
            self._writer = ThreadPoolExecutor(1, thread_name_prefix="store-writer")
            self._readers = ThreadPoolExecutor(READER_THREADS, thread_name_prefix="store-reader")
        self._writing: asyncio.Lock | None = None
        # PostgreSQL: statements that need no transaction of their own (see the module's doc)
        self._autocommit: AsyncEngine | None = None
        if engine.dialect.name == "postgresql":
            self._autocommit = engine.execution_options(isolation_level="AUTOCOMMIT")
        self._running: set[asyncio.Future[Any]] = set()

    @classmethod
    def of(cls, engine: AsyncEngine) -> Transactions:
        """The engine's ``Transactions`` (one per engine, so one writer per database)."""
        found = _BY_ENGINE.get(engine.sync_engine)
        if found is None:
            found = _BY_ENGINE[engine.sync_engine] = cls(engine)
        return found

    @property
    def sync_engine(self) -> Engine:
        """The engine that runs the statements (to listen to its events)."""
        return self._sync if self._sync is not None else self.engine.sync_engine

    @property
    def single_writer(self) -> bool:
        """True on SQLite: the process's writes queue one behind the other."""
        return self.engine.dialect.name == "sqlite"

    @property
    def statement_steps(self) -> bool:
        """True on PostgreSQL: a step is read, then written in one statement (``write_one``),
        rather than read and written in one transaction."""
        return self._autocommit is not None

    async def write(self, work: Callable[[Connection], T]) -> T:
        """Run ``work`` in one write transaction, committed when it returns, rolled back when
        it raises (its exception propagates). ``work`` may run more than once (a locked file:
        nothing was written by the attempt before)."""
        for delay in (*LOCKED_RETRY_DELAYS_S, None):
            try:
                async with self._writer_turn():
                    done = await self._run(work, write=True)
            except OperationalError as exc:
                if not _locked(exc):
                    raise
                if delay is None:
                    raise StoreBusy() from exc
                await asyncio.sleep(delay)
                continue
            await asyncio.sleep(0)  # the writer's turn is over: a task storing in a loop
            return done  # still lets the others run
        raise AssertionError("unreachable: the last attempt returns or raises")

    async def write_one(self, work: Callable[[Connection], T]) -> T:
        """``write`` for ``work`` that runs exactly one statement: on PostgreSQL without a
        BEGIN and COMMIT around it (the statement is a transaction of its own)."""
        if self._autocommit is None:
            return await self.write(work)
        done = await self._track(self._run_async(work, transaction=False))
        await asyncio.sleep(0)
        return done

    async def read(self, work: Callable[[Connection], T]) -> T:
        """Run ``work`` over a connection that writes nothing."""
        done = await self._run(work, write=False)
        await asyncio.sleep(0)
        return done

    @contextlib.asynccontextmanager
    async def begin(self) -> AsyncIterator[AsyncConnection]:
        """``engine.begin()`` for a transaction written with the async API, in the writer's
        queue on SQLite like every other write."""
        async with self._writer_turn(), self.engine.begin() as conn:
            yield conn

    async def close(self) -> None:
        """Wait for the transactions still running, then let the threads and connections go."""
        if self._running:
            await asyncio.gather(*self._running, return_exceptions=True)
        for pool in (self._writer, self._readers):
            if pool is not None:
                pool.shutdown(wait=True)
        if self._sync is not None:
            self._sync.dispose()
        _BY_ENGINE.pop(self.engine.sync_engine, None)

    async def _run(self, work: Callable[[Connection], T], *, write: bool) -> T:
        if self._sync is not None:
            try:
                return _without_waiting(self._sync, work, write=write)
            except OperationalError as exc:
                if not _locked(exc):
                    raise
                # Another program holds the file: wait for it in a thread, not on the loop.
        # A caller that stops waiting cancels the transaction as a whole: a SQLite one already
        # running in its thread goes on to its commit (a thread cannot be stopped), one not
        # started yet never starts, and a PostgreSQL one rolls back.
        return await self._start(work, write=write)

    def _start(self, work: Callable[[Connection], T], *, write: bool) -> asyncio.Future[T]:
        if self._sync is not None:
            pool = self._writer if write else self._readers
            sync = self._sync
            call = _in_transaction if write else _in_connection
            return self._track(asyncio.get_running_loop().run_in_executor(pool, call, sync, work))
        return self._track(self._run_async(work, transaction=write))

    def _track(self, running: Awaitable[T]) -> asyncio.Future[T]:
        """``running`` as a future that ``close`` waits for."""
        future = asyncio.ensure_future(running)
        self._running.add(future)
        future.add_done_callback(self._running.discard)
        return future

    async def _run_async(self, work: Callable[[Connection], T], *, transaction: bool) -> T:
        if transaction:
            opening = self.engine.begin()
        else:
            opening = (self._autocommit or self.engine).connect()
        async with opening as conn:
            return await conn.run_sync(work)

    @contextlib.asynccontextmanager
    async def _writer_turn(self) -> AsyncIterator[None]:
        if not self.single_writer:
            yield
            return
        if self._writing is None:
            self._writing = asyncio.Lock()
        async with self._writing:
            yield


_BY_ENGINE: weakref.WeakKeyDictionary[Engine, Transactions] = weakref.WeakKeyDictionary()


def _in_transaction(engine: Engine, work: Callable[[Connection], T]) -> T:
    with engine.begin() as conn:
        return work(conn)


def _in_connection(engine: Engine, work: Callable[[Connection], T]) -> T:
    with engine.connect() as conn:
        return work(conn)


def _without_waiting(engine: Engine, work: Callable[[Connection], T], *, write: bool) -> T:
    """``work`` in this thread, refused at once (``database is locked``) where SQLite would
    wait for another program's lock."""
    with engine.connect() as conn:
        sqlite = conn.connection.driver_connection
        assert sqlite is not None
        (waits_ms,) = sqlite.execute("PRAGMA busy_timeout").fetchone()
        sqlite.execute("PRAGMA busy_timeout=0")
        try:
            if not write:
                return work(conn)
            with conn.begin():
                return work(conn)
        finally:
            sqlite.execute(f"PRAGMA busy_timeout={int(waits_ms)}")


def _locked(exc: OperationalError) -> bool:
    return "database is locked" in str(exc.orig) or "database is busy" in str(exc.orig)


def _sync_sqlite(engine: AsyncEngine) -> Engine | None:
    """A synchronous engine on the async engine's SQLite file, set up alike (pragmas, JSON,
    hidden parameters); None for PostgreSQL or an in-memory database."""
    url = engine.url
    database = url.database
    if engine.dialect.name != "sqlite" or not database or database == ":memory:":
        return None
    if database.startswith("file:") and "mode=memory" in database:
        return None
    connect_args: dict[str, Any] = {"check_same_thread": False}
    if sys.version_info >= (3, 12):
        connect_args["autocommit"] = sqlite3.LEGACY_TRANSACTION_CONTROL
    sync = create_engine(
        url.set(drivername="sqlite"),
        json_serializer=compact_json,
        hide_parameters=True,
        pool_size=READER_THREADS + 1,
        connect_args=connect_args,
    )
    event.listen(sync, "connect", set_up_sqlite)
    return sync
