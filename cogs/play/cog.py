"""The play cog: ``MatchPlay`` owns the match store, the referee, the turn-deadline dispatcher,
the open challenges and the league service of this bot process, for every game (the modules
below find it by its name, ``cogs.play.context.PLAY_COG``). It posts the turn-deadline reminders
and expiries and settles the challenges that lapsed unanswered. After a start it moves on the
matches a restart left waiting for their thinking coach (``Referee.move_on``).

This module's ``setup`` adds the cog and registers the buttons and menus of every game as
dynamic items.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Sequence
from typing import Any

import discord
from discord.ext import commands

from cogs.metrics import Metrics
from cogs.play.buttons import ChoiceButton, PickSelect, TimeoutButton, post_step
from cogs.play.challenges import LAPSED, ChallengeButton, LegacyChallengeButton, settle
from cogs.play.context import PLAY_COG
from cogs.play.live import holders
from cogs.play.messages import full_time_report
from cogs.play.move_menus import MoveSelect
from cogs.text import shown
from engine.core.levels import NORMAL
from referee.auto import coach_level
from referee.deadlines import Clock, DeadlineDispatcher, expiry_due
from referee.leagues.service import LeagueService
from referee.service import Outcome, Referee
from store.challenges import ChallengeStore, StoredChallenge
from store.cluster import ALL_GUILDS, Sharding
from store.leagues import LeagueStore
from store.models import utcnow
from store.repository import MatchStore, StoredMatch

DEADLINE_INTERVAL = 5.0  # seconds between two looks at the due turn deadlines
DEADLINE_SEND_TIMEOUT = 10.0  # seconds a turn clock's board may take before the retry loop
CHALLENGE_SWEEP = 60.0  # at least this many seconds between two looks for lapsed challenges
# Seconds between two tries to bring the live boards behind their match up to date: doubled
# after each round that leaves one behind, from the first to the last; a failure wakes it.
DELIVERY_BACKOFF = (2.0, 600.0)
BOARD_LOCKS = 1000  # live-board locks kept before the idle ones are dropped
DYNAMIC_ITEMS = (
    ChoiceButton,
    PickSelect,
    MoveSelect,
    ChallengeButton,
    LegacyChallengeButton,
    TimeoutButton,
)

log = logging.getLogger(__name__)


class MatchPlay(commands.Cog, name=PLAY_COG):
    """Owns the match store and the referee of this bot process."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self._store: MatchStore | None = None
        self._referee: Referee | None = None
        self.dispatcher: DeadlineDispatcher | None = None
        self._challenges: ChallengeStore | None = None
        self._leagues: LeagueService | None = None
        self.clock: Clock = utcnow  # "now" for the open challenges (tests move it)
        self.sweeper: asyncio.Task[None] | None = None  # settles lapsed challenges
        self.courier: asyncio.Task[None] | None = None  # brings live boards up to date
        self.resumer: asyncio.Task[int] | None = None  # moves on matches left to the coach
        self._board_locks: dict[int, asyncio.Lock] = {}
        self.metrics = Metrics()  # off unless METRICS_PORT is set
        # whose guilds' background work is this process's (several clusters on one database)
        self.sharding: Sharding = getattr(getattr(bot, "settings", None), "sharding", ALL_GUILDS)

    def board_lock(self, match_id: int) -> asyncio.Lock:
        """Held while a match's live board is shown: its steps are shown one at a time."""
        if len(self._board_locks) > BOARD_LOCKS:  # those of matches gone quiet
            for key, lock in list(self._board_locks.items()):
                if not lock.locked():
                    del self._board_locks[key]
        return self._board_locks.setdefault(match_id, asyncio.Lock())

    async def cog_load(self) -> None:
        from store.migrate import migrate

        settings = getattr(self.bot, "settings", None)
        url = settings.database_url if settings is not None else None
        store = MatchStore.open(url)
        try:
            await migrate(store.engine)
        except BaseException:
            await store.close()
            raise
        # names in the referee's lines and refusals are shown inert (cogs.text.shown)
        self._store, self._referee = store, Referee(store, text_name=shown)
        self._challenges = ChallengeStore(store.engine)
        # Leagues and ratings share the match store's engine; the service also hooks the
        # referee's final whistle (league results, ratings), so it exists from the start.
        self._leagues = LeagueService(self._referee, LeagueStore(store.engine))
        # rated matches whistled just before a stop
        await self._leagues.catch_up(sharding=self.sharding)
        port = getattr(settings, "metrics_port", None)
        if port is not None:
            try:
                self.metrics = Metrics.serve(settings.metrics_host, port, store, self.bot)
            except OSError as error:  # the matches go on without their figures
                log.error("metrics not served on %s:%s (%s)", settings.metrics_host, port, error)
        interval = getattr(settings, "deadline_interval", None) or DEADLINE_INTERVAL
        self.dispatcher = DeadlineDispatcher(
            store,
            on_reminder=self.on_reminder,
            on_expiry=self.on_expiry,
            interval=interval,
            on_fired=self.metrics.deadline_fired,
            sharding=self.sharding,
        )
        self.dispatcher.start()
        self.sweeper = asyncio.create_task(self._sweep(max(interval, CHALLENGE_SWEEP)))

    async def cog_unload(self) -> None:
        if self.resumer is not None:
            self.resumer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.resumer
            self.resumer = None
        if self.courier is not None:
            self.courier.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.courier
            self.courier = None
        if self.sweeper is not None:
            self.sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.sweeper
            self.sweeper = None
        if self.dispatcher is not None:
            await self.dispatcher.stop()
            self.dispatcher = None
        await self.metrics.stop()
        if self._referee is not None:
            await asyncio.to_thread(self._referee.thinker.close)
        if self._store is not None:
            await self._store.close()
        self._store = self._referee = None
        self._challenges = None
        self._leagues = None

    @property
    def referee(self) -> Referee:
        if self._referee is None:
            raise RuntimeError("the play cog is not loaded")
        return self._referee

    @property
    def challenges(self) -> ChallengeStore:
        """The open challenges, in the match store's database."""
        if self._challenges is None:
            raise RuntimeError("the play cog is not loaded")
        return self._challenges

    @property
    def leagues(self) -> LeagueService:
        """Leagues, ratings, leaderboards (``cogs.leagues``), over the match store's engine."""
        if self._leagues is None:
            raise RuntimeError("the play cog is not loaded")
        return self._leagues

    # -- live boards behind their match (a failed send or edit, a restart) ---------------

    def wake_delivery(self) -> None:
        """A delivery failed: the retry loop tries again soon, backing off while Discord
        keeps failing, then looks now and then."""
        if self.courier is not None:
            self.courier.cancel()
        self.courier = asyncio.create_task(self._deliver_loop(DELIVERY_BACKOFF[0]))

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        """After a start or a restart: the boards left behind their match are brought up to
        date, then the retry loop looks now and then."""
        if self.courier is None or self.courier.done():
            self.courier = asyncio.create_task(self._deliver_loop(0.0))
        if self.resumer is None:
            self.resumer = asyncio.create_task(self.move_on_coaches())

    async def move_on_coaches(self) -> int:
        """The bot's matches (of this process's guilds) that a restart left waiting for a
        decision of their thinking coach: it decides now and their live boards show it;
        returns how many moved on."""
        user = self.bot.user
        if user is None:
            return 0
        store, moved = self.referee.store, 0
        for match_id, options in await store.active_options_of(user.id, self.sharding):
            if options.get("coach_side") is None or coach_level(options) == NORMAL:
                continue  # its coach never thinks for long
            try:
                outcome = await self.referee.move_on(await store.get_match(match_id))
                if outcome is None:
                    continue
                moved += 1
                deciding = sorted(holders(outcome))  # mentioned, as after any step
                async with store.delivering(match_id) as now:
                    if now is not None and not await self.bring_up_to_date(
                        now, deciding, outcome=outcome
                    ):
                        self.wake_delivery()
            except Exception:  # the next interaction with it moves it on
                log.exception("match #%s: could not move it on after the start", match_id)
        return moved

    async def _deliver_loop(self, wait: float) -> None:
        first, last = DELIVERY_BACKOFF
        while True:
            if wait:
                await asyncio.sleep(wait)
            try:
                left = await self.catch_up()
            except Exception:  # the next round tries again
                log.exception("could not bring the live boards up to date")
                left = 1
            wait = min(max(wait * 2, first), last) if left else last

    async def catch_up(self) -> int:
        """Bring every live board behind its match up to date (of this process's guilds;
        one process at a time per board); returns how many are still behind (Discord failed
        again)."""
        store = self.referee.store
        left = 0
        for match in await store.boards_behind(sharding=self.sharding):
            async with store.delivering(match.id) as now:
                if now is not None and not await self.bring_up_to_date(now):
                    left += 1
        self.metrics.behind(left)
        return left

    async def bring_up_to_date(
        self, match: StoredMatch, pinging: Sequence[int] = (), outcome: Outcome | None = None
    ) -> bool:
        """One match's live board brought up to date (a match over shows its result, without
        controls, and its full-time report follows), mentioning ``pinging``; with ``outcome``
        (a step just taken) its lines too. False when Discord failed again."""
        store = self.referee.store
        board = await store.live_board(match.id)
        channel_id = board.channel_id if board is not None else match.channel_id
        try:
            channel: Any = self.bot.get_channel(channel_id) or await self.bot.fetch_channel(
                channel_id
            )
            outcome = outcome or await self.referee.outcome_of(match)
            await post_step(channel, outcome, pinging=pinging)
        except discord.NotFound:  # the channel or the old board is gone: nothing to bring
            log.info("match #%s: board out of reach", match.id)
            return True
        except discord.HTTPException as error:
            self.metrics.discord_error(error)
            log.info("match #%s: board still behind (%s)", match.id, error)
            return False
        try:  # the report that the failed final whistle did not get to
            await full_time_report(channel, self.referee, outcome)
        except discord.HTTPException as error:
            log.warning("match #%s: full-time report not posted (%s)", match.id, error)
        return True

    # -- challenges that lapsed unanswered ------------------------------------------------

    async def _sweep(self, every: float) -> None:
        while True:
            await asyncio.sleep(every)
            try:
                await self.lapse_challenges()
            except Exception:  # the next look tries again
                log.exception("could not settle the lapsed challenges")

    async def lapse_challenges(self) -> int:
        """Take the challenges that lapsed unanswered (in this process's guilds) and make
        each one's message say so, without its buttons; returns how many lapsed. The sweeper
        calls it now and then (a challenge answered or replaced after it lapsed says so at
        once)."""

        async def lapsed(challenge: StoredChallenge) -> None:
            channel: Any = self.bot.get_channel(challenge.channel_id)
            if channel is None:
                try:
                    channel = await self.bot.fetch_channel(challenge.channel_id)
                except discord.HTTPException:  # deleted, or out of reach: nothing to edit
                    return
            # the challenge's row is held meanwhile: bounded, like a turn clock's board
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(settle(channel, challenge, LAPSED), DEADLINE_SEND_TIMEOUT)

        return await self.challenges.lapse(lapsed, self.clock(), self.sharding)

    # -- turn deadlines (the dispatcher's callbacks: the live board, bounded in time) -----

    async def on_reminder(self, match: StoredMatch, side: str, user_id: int) -> None:
        """Halfway through a turn clock: the live board comes down to the bottom with the time
        left, mentioning the late player (``cogs.play.buttons.clock_notes``)."""
        if await expiry_due(self.referee.store, match, side) is None:
            return  # no expiry for this decision any more: nothing to remind of
        await self._show_clock(match, [user_id])

    async def on_expiry(self, match: StoredMatch, waiting: str, absent: str) -> None:
        """A turn clock ran out. Where the rules say what happens then (Simple Soccer's timed
        version: the turn ends on the spot), the referee does it and the live board shows the
        step. Otherwise the live board says so, mentions the waiting player and offers Claim
        the win / Let the coach play (``cogs.play.buttons.clock_notes``). Should Discord not
        take it, the retry loop brings it up to date, so the waiting player is never left
        without them."""
        ended = await self.referee.clock_out(match, absent)
        await self._show_clock(match, outcome=ended)

    async def _show_clock(
        self, match: StoredMatch, pinging: Sequence[int] = (), outcome: Outcome | None = None
    ) -> None:
        """The live board with what the turn clocks say, within ``DEADLINE_SEND_TIMEOUT`` (the
        dispatcher waits for it); the retry loop takes over when Discord is slower or fails."""
        await self.referee.store.board_behind(match.id)
        try:
            shown_now = await asyncio.wait_for(
                self.bring_up_to_date(match, pinging, outcome), DEADLINE_SEND_TIMEOUT
            )
        except TimeoutError:
            shown_now = False
        if not shown_now:
            self.wake_delivery()


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(MatchPlay(bot))
    bot.add_dynamic_items(*DYNAMIC_ITEMS)


async def teardown(bot: commands.Bot) -> None:
    bot.remove_dynamic_items(*DYNAMIC_ITEMS)
