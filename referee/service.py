"""The referee service: one match per channel, who may act, virtual dice, the coach, outcomes.

Ruleset-agnostic: everything game-specific comes from the game's adapter (``referee.adapter``,
looked up in ``referee.games``).
Discord cogs and the terminal call it alike:

- ``start_match`` creates the match (with a 64-bit dice seed whose SHA-256 is shown at once
  and the seed itself at the final whistle);
- ``act`` applies a player's action and, in the same transaction, the referee's own follow-ups:
  virtual dice rolls (``referee.match_dice.roll``: from ``VirtualDice(f"{seed}:{n}")``, ``n``
  the number of actions logged before the roll, so a replay or a restart gives the same dice,
  and players can check them, docs/dice.md) and the coach's decisions (``referee.auto``); a
  thinking coach's decisions (the strong level) are made in a worker process
  (``referee.thinking``) and applied after it, each with its own follow-ups, before the call
  returns (``move_on`` does the same for a match left waiting for one by a restart);
- ``status``, ``legal_choices``, ``resign``, ``abort`` (``abort_unreadable`` for a match whose
  saved state cannot be read; ``call_off`` for the matches of a deleted channel or guild);
- turn timeouts (``referee.deadlines``): with ``turn_timeout`` every change writes the deadlines
  of the next decision in its own transaction; once one expired the waiting player may
  ``claim_win`` or let the coach take the absent side over (``coach_takes_over``);
- rated matches: ``start_match(ranked=True)`` marks the match rated (``options["ranked"]``);
  when a rated match finishes (full time, resignation, timeout claim) the referee calls each
  of its ``on_finish`` listeners (``referee.leagues.service`` registers the league one) and
  adds the lines they return to the narration.

Every call returns an ``Outcome`` (or raises a ``RefereeError``, a ``RulesError`` from the engine,
or a store error), each message readable by a player.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import secrets
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import Any

from engine.core import Action, Choice, Decision, Event, RulesError
from engine.core.levels import NORMAL, level_problem
from engine.core.winprob import Chances
from referee import boards, games, match_dice, stats
from referee.adapter import Game, JSONData, Policy
from referee.auto import ThinkingDue, coach_of, coach_seed, next_action
from referee.auto import coach_level as level_of
from referee.deadlines import absent_side, check_turn_timeout, duration_text, turn_plan
from referee.errors import (
    BadOption,
    CannotAbort,
    NoMatch,
    NotAPlayer,
    NotExpired,
    NothingToUndo,
    NotNow,
    NotYourTurn,
    OtherGame,
    OtherMatch,
    StillYourDecision,
)
from referee.match_dice import seed_hash  # what players see at kick-off (docs/dice.md)
from referee.thinking import Thinker, action_of, budget_from_env
from store.deadlines import StoredDeadline
from store.errors import ConflictError, MatchNotActive, NoActiveMatch, UnreadableMatch
from store.models import DeadlineKind, MatchStatus, utcnow
from store.repository import (
    Applied,
    ClosedMatch,
    LoggedAction,
    MatchStore,
    Seat,
    Step,
    StoredMatch,
)

DICE_MODES = ("virtual", "physical")
MAX_FOLLOW = 100_000  # referee actions after one player action (a whole coach match is ~500)
RETRIES = 3  # a lost race (another click came first) is retried this often
NAMES_KEPT = 10_000  # display names the referee keeps in memory before it starts afresh

log = logging.getLogger(__name__)

# Called when a rated match finishes, with the match (as read before the final whistle) and its
# result; returns lines to add to the narration. Must be idempotent: it may run again for the
# same match (a replayed whistle, a catch-up after a restart).
FinishListener = Callable[[StoredMatch, JSONData], Awaitable[list[str]]]


@dataclass(frozen=True, slots=True)
class Prompt:
    """A pending decision as shown to people."""

    side: str
    side_name: str
    user_id: int
    player: str  # the display name
    kind: str
    text: str
    secret: bool
    dice: int  # > 0: this player must roll that many dice (physical dice)
    task: str = ""  # the decision in a player's words ("roll 1 die for the kick-off")

    @property
    def who(self) -> str:
        return f"{self.player} ({self.side_name})"


@dataclass(frozen=True, slots=True)
class Outcome:
    """What to show after a call: narration, who decides next, the result, the board."""

    match_id: int
    ruleset: str
    version: int
    lines: list[str]
    next: list[Prompt]
    over: bool
    result: JSONData | None
    seed_hash: str
    seed: int | None  # revealed once the match is over
    names: dict[str, str]  # side -> display name
    game: Game = field(repr=False)
    state: Any = field(repr=False)
    events: list[Event] = field(default_factory=list, repr=False)  # what the lines narrate
    options: JSONData = field(default_factory=dict, repr=False)  # the match's (dice mode...)
    # the views made so far, by viewer (the live board's embed and its drawing share one), and
    # the pending decisions (the board's buttons and menus read them several times)
    _views: dict[str | None, JSONData] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )
    _pending: list[list[Decision]] = field(
        default_factory=list, init=False, repr=False, compare=False
    )
    # each side's chances as the spectators' board showed them, once it was drawn
    _shown_chances: list[Chances] = field(
        default_factory=list, init=False, repr=False, compare=False
    )

    @property
    def rolls_on_request(self) -> bool:
        """Whether a player's virtual dice wait for them to roll (``player_rolls``)."""
        return bool(self.options.get("player_rolls")) and self.options.get("dice") != "physical"

    def pending(self) -> list[Decision]:
        """The decisions the match waits for now (worked out once; not to be changed)."""
        if not self._pending:
            self._pending.append(self.game.ruleset.pending(self.state))
        return self._pending[0]

    def view(self, viewer: str | None = None) -> JSONData:
        """The state as ``viewer`` (a side, None for a spectator) may see it (made once per
        viewer; not to be changed by the caller)."""
        found = self._views.get(viewer)
        if found is None:
            found = self._views[viewer] = self.game.ruleset.view(self.state, viewer)
        return found

    async def board_png(self, viewer: str | None = None) -> bytes:
        """The board PNG for ``viewer``, drawn off the event loop (``referee.boards``)."""
        return await self.drawing(viewer)

    def drawing(
        self, viewer: str | None = None, timed: Callable[[float], None] | None = None
    ) -> asyncio.Future[bytes]:
        """The board PNG for ``viewer``, being drawn off the event loop from now on (while the
        caller goes on: ``board_png`` would start only once awaited), with each side's chances
        to win as spectators may know them (``referee.boards.with_chances``); the match's last
        board for ``viewer`` when nothing it shows changed. ``timed(seconds)`` is told how long a
        drawing took."""
        return asyncio.ensure_future(self._drawn(viewer, timed))

    def shown_chances(self) -> Chances | None:
        """Each side's chances on the spectators' board (known once ``drawing(None)`` has
        finished; None before, or when the game has no estimate)."""
        return self._shown_chances[0] if self._shown_chances else None

    async def _drawn(self, viewer: str | None, timed: Callable[[float], None] | None) -> bytes:
        names = [self.names[side] for side in self.game.ruleset.sides]
        result = self.result if self.over else None
        view = await boards.with_chances(self.game, self.view(viewer), self.view(None), result)
        if viewer is None and "chances" in view and not self._shown_chances:
            self._shown_chances.append(Chances.from_json(view["chances"]))
        reuse = (self.match_id, viewer)
        return await boards.drawing(
            self.game.render_png, view, names, self.events, reuse=reuse, timed=timed
        )


@dataclass(frozen=True, slots=True)
class Status:
    match_id: int
    ruleset: str
    version: int
    players: dict[str, int]  # side -> user id
    names: dict[str, str]  # side -> display name
    your_sides: list[str]
    pending: list[Prompt]
    choices: list[Choice]  # the caller's legal choices now (labels for autocomplete)
    score: dict[str, int]
    seed_hash: str
    view: JSONData = field(default_factory=dict)  # the match as the caller may see it
    lines: list[str] = field(default_factory=list)  # the game's glance (Game.status_lines)
    time_left: dict[str, timedelta] = field(default_factory=dict)  # side -> until its expiry
    expired: list[str] = field(default_factory=list)  # sides out of time on the decision now
    chances: Chances | None = None  # each side's chance to win, as spectators may know it
    coach_side: str | None = None  # played by the automatic coach
    coach_level: str = NORMAL  # the coach's level


class Referee:
    """The match service over a ``MatchStore``. Share one per process."""

    def __init__(
        self,
        store: MatchStore,
        *,
        clock: Callable[[], datetime] = utcnow,
        text_name: Callable[[str], str] = str,
        thinker: Thinker | None = None,
    ) -> None:
        self.store = store
        # Where a thinking coach's decisions are made (a worker process; COACH_BUDGET).
        self.thinker = thinker if thinker is not None else Thinker(budget_from_env())
        self._thinking: dict[int, asyncio.Lock] = {}  # match id -> held while its coach thinks
        # How a display name is written into the text of lines and refusals: Discord makes
        # it inert (``cogs.text.shown``); the terminal and the demo print it as it is. Names
        # stay raw everywhere else (the store, ``Outcome.names``, the board images).
        self.text_name = text_name
        self.clock = clock  # when turn deadlines are due from (tests move it)
        # Players' display names as given when their matches started (the store keeps them;
        # this saves a read per move). A name changed by another process shows after a restart.
        self._names_seen: dict[int, str] = {}
        # Final-whistle listeners of rated matches (``finished``), in registration order.
        self.on_finish: list[FinishListener] = []

    def now(self) -> float:
        """The referee's clock as UTC seconds since the epoch (what ``Game.stamp`` writes)."""
        return self.clock().timestamp()

    # -- starting ------------------------------------------------------------------------

    async def start_match(
        self,
        guild_id: int,
        channel_id: int,
        seats: Sequence[Seat],
        *,
        ruleset: str = games.DEFAULT,
        dice: str = "virtual",
        coach_side: str | None = None,
        seed: int | None = None,
        turn_timeout: int | None = None,
        rules: JSONData | None = None,
        player_rolls: bool = False,
        ranked: bool = False,
        league: JSONData | None = None,
        coach_level: str = NORMAL,
    ) -> Outcome:
        """Start a match in a channel. ``coach_side`` is played by the automatic coach (its
        seat holds the bot's own user id) at ``coach_level`` (``engine.core.levels.LEVELS``;
        a level other than normal needs a coach side). ``turn_timeout`` (minutes, None: off)
        sets turn deadlines (``referee.deadlines``). ``rules`` are the ruleset's own match options
        (checked by the engine, e.g. Sports Dice Soccer's ``target_score``). With
        ``player_rolls`` virtual dice are rolled when the player asks (a ``roll`` action
        without ``dice``), not at once. ``ranked`` makes it a rated match (its result goes to
        the ``on_finish`` listeners); ``league`` (ids linking it to a league fixture) is kept
        in the options as given. Raises ``ChannelBusy`` if the channel has one."""
        game = games.get(ruleset)
        if dice not in DICE_MODES:
            raise BadOption(f"Dice are virtual or physical, not {dice!r}.")
        if coach_side is not None and coach_side not in game.ruleset.sides:
            raise BadOption(f"{coach_side!r} is not a side of {game.title}.")
        problem = level_problem(coach_level)
        if problem is not None:
            raise BadOption(problem)
        if coach_side is None and coach_level != NORMAL:
            raise BadOption("A level is for a match against the bot's coach.")
        seed = secrets.randbits(64) if seed is None else seed
        options: JSONData = {"dice": dice, "seed": seed, "coach_side": coach_side}
        if coach_side is not None:
            options["coach_level"] = coach_level
        if player_rolls:
            options["player_rolls"] = True
        if ranked:
            options["ranked"] = True
        if league is not None:
            options["league"] = dict(league)
        if turn_timeout is not None:
            options["turn_timeout"] = check_turn_timeout(turn_timeout)
        deadlines = turn_plan(game, options, self.clock)
        match = await self.store.create_match(
            guild_id=guild_id,
            channel_id=channel_id,
            ruleset=game.name,
            seats=seats,
            options=options,
            # the seed stays out of the state (views are made from it)
            rules_options=game.seeded_rules(dict(rules or {}), seed),
            deadlines=deadlines,
        )
        events: list[Event] = []
        follow = self._follower(game, match, match.action_count)
        first = follow(match.state)
        if first is not None:  # the coach may decide first (a secret formation, say)
            applied = await self.store.apply(
                match.id,
                first,
                expected_version=match.version,
                follow=follow,
                deadlines=deadlines,
                finish=game.result,
            )
            match, events = applied.match, applied.events
        match, events = await self._moved_on(game, match, events)
        names = {s.side: s.display_name for s in seats}
        self._names_seen.update((s.user_id, s.display_name) for s in seats)
        teams = " v ".join(
            self._coach_who(game, names, s, coach_level)
            if s == coach_side
            else self._who(game, names, s)
            for s in game.ruleset.sides
        )
        header = f"{game.title}: {teams}, {dice} dice. Dice seed SHA-256: {seed_hash(seed)}"
        return await self._outcome(game, match, events, [header])

    # -- acting --------------------------------------------------------------------------

    async def act(
        self,
        channel_id: int,
        user_id: int,
        kind: str,
        args: JSONData | None = None,
        *,
        side: str | None = None,
        expected_version: int | None = None,
        match_id: int | None = None,
        ruleset: str | None = None,
    ) -> Outcome:
        """Apply ``user_id``'s action of ``kind`` in the channel's match, then the referee's own
        follow-ups. ``side`` picks a side when one user plays both (hot-seat); otherwise the
        side whose decision is pending is used. A roll's ``dice`` may be typed text ("5 2"),
        read by the game's ``typed_dice``.
        ``match_id`` (a button's match) refuses the action if the channel's match is another;
        ``ruleset`` (a game's command) refuses it with ``OtherGame`` if the match is of another
        game (checked in the move's own transaction: no extra read)."""

        def plan(match: StoredMatch) -> Step:
            game = games.get(match.ruleset)
            if match_id is not None and match.id != match_id:
                raise OtherMatch(match_id)
            if ruleset is not None and match.ruleset != ruleset:
                raise OtherGame(match.ruleset, ruleset)
            sides = _sides_of(match, user_id)
            stale = expected_version is not None and match.version != expected_version
            try:
                decision = _decision_for(game, match, sides, kind, side)
            except (_Waiting, MatchNotActive):
                if stale:
                    raise ConflictError(match.id, expected_version, match.version) from None
                raise
            # A stale click is refused, except on a secret choice both sides make at once from
            # one message (formations, penalty sides): the other side's choice in between moved
            # the version and left this one pending as it was.
            if stale and not (decision.secret and match.version == expected_version + 1):
                raise ConflictError(match.id, expected_version, match.version)
            if not _answers(decision, kind):
                raise NotNow(game.side_name(decision.actor), game.task(decision))
            typed = _typed_dice(game, match.state, kind, dict(args or {}), decision)
            if _virtual_on_request(match.options, kind, typed, decision):
                seed = match.options["seed"]
                typed["dice"] = match_dice.roll(seed, match.action_count, decision.dice)
            action = game.stamp(match.state, Action(decision.actor, kind, typed), self.now())
            return Step(
                action,
                self._follower(game, match, match.action_count + 1),
                turn_plan(game, match.options, self.clock),
                game.result,  # the final step finishes the match in its own transaction
            )

        # Read, decide and write in one transaction (``plan`` runs inside it).
        earlier: list[Event] = []  # the coach's, when it had to decide first
        for attempt in range(RETRIES):
            try:
                applied = await self.store.apply_active(channel_id, plan, user_id=user_id)
            except NoActiveMatch:
                raise NoMatch() from None
            except _Waiting as waiting:
                # a match left waiting for its thinking coach (a restart): it decides, then
                # the caller's action is tried again
                if not earlier and attempt < RETRIES - 1:
                    game = games.get(waiting.match.ruleset)
                    moved, earlier = await self._moved_on(game, waiting.match, [])
                    if moved.version != waiting.match.version:
                        continue
                raise await self._not_your_turn(waiting.match, waiting.decision) from None
            except ConflictError:
                if expected_version is not None or attempt == RETRIES - 1:
                    raise
                continue  # another action came first between the read and the write: retry
            game = games.get(applied.match.ruleset)
            match, events = await self._moved_on(game, applied.match, [*earlier, *applied.events])
            return await self._outcome(game, match, events)
        raise AssertionError("unreachable")

    async def resign(self, channel_id: int, user_id: int, *, side: str | None = None) -> Outcome:
        """``user_id`` gives up; the opponent wins."""
        game, match = await self._match(channel_id)
        sides = _sides_of(match, user_id)
        if side is None:
            pending = {d.actor for d in game.ruleset.pending(match.state)}
            side = next((s for s in sides if s in pending), sides[0])
        elif side not in sides:
            raise NotAPlayer()
        return await self._forfeit(game, match, side, "resigned", "resigned", "resigns")

    async def abort(self, channel_id: int, user_id: int) -> Outcome:
        """Call the match off; only before kick-off (after it, resign)."""
        game, match = await self._match(channel_id)
        _sides_of(match, user_id)
        if game.kicked_off(match.state):
            raise CannotAbort()
        result = {"winner": None, "reason": "aborted", "by": user_id}
        await self.store.abort(match.id, result, expected_version=match.version)
        names = await self._names(match)
        return self._closed(
            game, match, names, ["The match was called off before kick-off."], result
        )

    async def abort_unreadable(
        self, damaged: UnreadableMatch, user_id: int, *, manager: bool = False
    ) -> str:
        """Call off the channel's match whose saved state cannot be read (``damaged``, as the
        store refused it), kicked off or not, without reading it: one of its players or a
        ``manager`` (Manage Server) may. Returns the line to show in the channel."""
        if user_id not in damaged.players and not manager:
            raise NotAPlayer()
        result = {"winner": None, "reason": "unreadable", "by": user_id}
        await self.store.abort(damaged.match_id, result, expected_version=damaged.version)
        return (
            f"Match #{damaged.match_id} could not be read and was called off; nothing counts "
            "and this channel is free."
        )

    async def call_off(
        self, reason: str, *, channel_ids: Iterable[int] = (), guild_id: int | None = None
    ) -> list[ClosedMatch]:
        """Call off every active match in ``channel_ids`` (deleted channels or threads) and,
        with ``guild_id``, in that guild (it removed the bot): nobody can play them any more.
        Nothing counts (no rating) and their league fixtures are to be played again. Their
        states are not read, so damaged ones go too. Returns those called off."""
        result = {"winner": None, "reason": reason}
        return await self.store.abort_where(result, channel_ids=channel_ids, guild_id=guild_id)

    async def undo(
        self,
        channel_id: int,
        user_id: int,
        *,
        side: str | None = None,
        expected_version: int | None = None,
    ) -> Outcome:
        """Take back the caller's last action, if nothing has been logged since: one per call
        (call again to take back more). Only kinds in ``game.undoable`` that the caller made
        for one of their sides (``side`` narrows it for hot-seat) can be taken back; any other
        logged action (a roll, a target, ``done``, the opponent's, the referee's own) ends what
        can be, so an undo never reaches past dice. Raises ``NothingToUndo`` otherwise,
        ``NotAPlayer`` for spectators, ``ConflictError`` when the match moved on meanwhile (or
        is no longer at ``expected_version``)."""
        game, match = await self._match(channel_id)
        sides = _sides_of(match, user_id)
        if side is not None:
            if side not in sides:
                raise NotAPlayer()
            sides = [side]
        coached = match.options.get("coach_side")
        history = await self.store.history(match.id)
        match = history.match
        if expected_version is not None and match.version != expected_version:
            raise ConflictError(match.id, expected_version, match.version)
        run = _undoable_run(game, history.log, user_id, [s for s in sides if s != coached])
        if not run:
            raise NothingToUndo()
        taken = run[-1].action
        rewound = await self.store.rewind(
            match.id,
            keep=len(history.log) - 1,
            expected_version=match.version,
            deadlines=turn_plan(game, match.options, self.clock),
        )
        names = await self._names(match)
        who = self._who(game, names, taken.actor)
        more = f" ({len(run) - 1} more can be taken back)" if len(run) > 1 else ""
        line = f"{says(who, 'takes back')} {game.describe_undo(taken)}{more}."
        return await self._outcome(game, rewound, [], [line])

    # -- turn timeouts (referee.deadlines) ----------------------------------------------------

    async def claim_win(self, channel_id: int, user_id: int) -> Outcome:
        """The waiting player wins because the opponent's turn timeout expired (result reason
        "timeout"). Raises ``NotExpired`` before the dispatcher fired that expiry."""
        game, match = await self._match(channel_id)
        absent = await self._absent(game, match, user_id)
        return await self._forfeit(game, match, absent, "timeout", "absent", "ran out of time")

    async def clock_out(self, match: StoredMatch, side: str) -> Outcome | None:
        """``side``'s turn clock ran out (the dispatcher's expiry for ``match`` as it was):
        the referee takes the action the game's rules call for (``Game.time_up``: Simple
        Soccer's timed version ends the turn on the spot) as its own. None when the game has
        none, or when the match has moved on since (the player acted in time)."""
        game = games.get(match.ruleset)
        if game.time_up(match.state, side) is None:
            return None

        def plan(current: StoredMatch) -> Step:
            if current.id != match.id or current.version != match.version:
                raise ConflictError(match.id, match.version, current.version)
            action = game.time_up(current.state, side)
            if action is None:
                raise ConflictError(match.id, match.version, current.version)
            return Step(
                game.stamp(current.state, action, self.now()),
                self._follower(game, current, current.action_count + 1),
                turn_plan(game, current.options, self.clock),
                game.result,
            )

        try:
            applied = await self.store.apply_active(match.channel_id, plan)
        except (ConflictError, NoActiveMatch):
            return None
        moved, events = await self._moved_on(game, applied.match, applied.events)
        names = await self._names(moved)
        line = f"{self._who(game, names, side)} ran out of time: the turn ends on the spot."
        return await self._outcome(game, moved, events, [line])

    async def _absent(self, game: Game, match: StoredMatch, user_id: int) -> str:
        """The side whose time ran out, for a claimant who is waiting for it: one who has a
        decision of their own pending (both late on a decision made at once, formations or
        dice) must make it first (``StillYourDecision``)."""
        sides = _sides_of(match, user_id)
        try:
            absent = await absent_side(self.store, match, sides)
        except NotExpired:
            raise await self._not_expired(game, match, sides) from None
        if any(d.actor in sides for d in game.ruleset.pending(match.state)):
            raise StillYourDecision()
        return absent

    async def _not_expired(self, game: Game, match: StoredMatch, sides: list[str]) -> NotExpired:
        """Why the caller cannot claim yet, in a player's words: no turn clock, the
        opponent's time left, or no decision of the opponent's pending."""
        if not match.options.get("turn_timeout") or match.options.get("coach_side") is not None:
            return NotExpired("This match has no turn clock, so nobody can run out of time.")
        now, expiries = self.clock(), await self._expiries(match)
        if any(d.side in sides and d.fired_at for d in expiries):
            return NotExpired(
                "You are the one who ran out of time: decide now, before your opponent claims "
                "the win."
            )
        clocks = {d.side: d.due_at - now for d in expiries if not d.fired_at}
        late = [side for side in clocks if side not in sides]
        if not late:
            return NotExpired("It is not your opponent's decision now: nobody is late.")
        who = self._who(game, await self._names(match), late[0])
        left = clocks[late[0]]
        if left <= timedelta(0):  # due, and fired at the dispatcher's next tick
            return NotExpired(f"{who}'s time has just run out: try again in a few seconds.")
        return NotExpired(f"{who} still has {duration_text(left)} to decide.")

    async def _expiries(self, match: StoredMatch) -> list[StoredDeadline]:
        """The turn clocks' expiries set for the decision pending now (the match's version),
        fired or not."""
        return [
            d
            for d in await self.store.deadlines(match.id)
            if d.kind is DeadlineKind.EXPIRY and d.version == match.version
        ]

    async def _forfeit(
        self, game: Game, match: StoredMatch, loser: str, reason: str, key: str, verb: str
    ) -> Outcome:
        """Finish the match as lost by ``loser`` (a resignation or a timeout); the result
        names the loser under ``key``."""
        winner = next(s for s in game.ruleset.sides if s != loser)
        result = {
            "winner": winner,
            "score": game.score(match.state),
            "reason": reason,
            key: loser,
        }
        names = await self._names(match)
        loser_who, winner_who = self._who(game, names, loser), self._who(game, names, winner)
        line = f"{says(loser_who, verb)}: {winner_who} wins."
        # Everything that reads the match comes before the write: a committed result is never
        # followed by a failure (a damaged row fails here, and nothing is written).
        closed = self._closed(game, match, names, [line], result)
        await self.store.finish(match.id, result, expected_version=match.version)
        return replace(closed, lines=[line, *await self.finished(match, result)])

    async def coach_takes_over(self, channel_id: int, user_id: int) -> Outcome:
        """The automatic coach plays the absent side from now on (its pending decisions at
        once), after its turn timeout expired; it plays at the normal level, whatever the
        match's. Raises ``NotExpired`` before that."""
        game, match = await self._match(channel_id)
        absent = await self._absent(game, match, user_id)
        taking_over = {"coach_side": absent, "coach_level": NORMAL}
        coached = replace(match, options={**match.options, **taking_over})
        applied = await self.store.update_options(
            match.id,
            taking_over,
            expected_version=match.version,
            follow=self._follower(game, coached, match.action_count),
            deadlines=turn_plan(game, coached.options, self.clock),
            finish=game.result,
        )
        names = await self._names(match)
        line = (
            f"{self._who(game, names, absent)} ran out of time: the automatic coach "
            f"plays {game.side_name(absent)} from now on."
        )
        return await self._outcome(game, applied.match, applied.events, [line])

    # -- reading -------------------------------------------------------------------------

    async def current(self, channel_id: int) -> Outcome:
        """The match as it stands (for a board on request, or to resume after a restart)."""
        game, match = await self._match(channel_id)
        return await self._outcome(game, match, [])

    async def outcome_of(self, match: StoredMatch) -> Outcome:
        """A stored match as it stands, whatever its status (a live board to bring up to date),
        narrating its last step: a match resigned, won on time or called off shows its result,
        not its last decision."""
        game = games.get(match.ruleset)
        if match.status is MatchStatus.ACTIVE or game.ruleset.is_over(match.state):
            # what the last step did, in words (its events stay out: its highlights were
            # posted at the time)
            said = await stats.last_step_lines(self.store, match.id)
            return await self._outcome(game, match, [], header=said)
        names = await self._names(match)
        closed = self._closed(game, match, names, [], dict(match.result or {}))
        return dataclasses.replace(closed, version=match.version)

    async def status(self, channel_id: int, user_id: int) -> Status:
        """Whose decision it is, and what the caller may do now (anyone may ask): the match as
        the caller may see it (a player's own secrets, none for a spectator or for someone
        playing both sides), the time left on each turn clock, and who ran out of time."""
        game, match = await self._match(channel_id)
        names = await self._names(match)
        sides = match.sides_of(user_id)
        view = game.ruleset.view(match.state, sides[0] if len(sides) == 1 else None)
        public = view if len(sides) != 1 else game.ruleset.view(match.state, None)
        chances = await boards.chances_of(game, public)
        current, now = await self._expiries(match), self.clock()
        return Status(
            match_id=match.id,
            ruleset=game.name,
            version=match.version,
            players=dict(match.players),
            names=names,
            your_sides=sides,
            pending=self._prompts(game, match, names),
            choices=_choices(game, match, sides),
            score=game.score(match.state),
            seed_hash=seed_hash(int(match.options["seed"])),
            view=view,
            lines=game.status_lines(view),
            time_left={d.side: d.due_at - now for d in current if d.fired_at is None},
            expired=[d.side for d in current if d.fired_at is not None],
            chances=chances,
            coach_side=match.options.get("coach_side"),
            coach_level=level_of(match.options),
        )

    async def legal_choices(
        self, channel_id: int, user_id: int, *, side: str | None = None
    ) -> list[Choice]:
        """The caller's legal choices now (empty for spectators and when it is not their turn)."""
        game, match = await self._match(channel_id)
        sides = match.sides_of(user_id)
        if side is not None:
            sides = [s for s in sides if s == side]
        return _choices(game, match, sides)

    async def finished(self, match: StoredMatch, result: JSONData) -> list[str]:
        """Run the ``on_finish`` listeners for a finished rated match (nothing for an unrated
        one) and return their lines. Called at every final whistle, and again by whoever
        catches up after a restart: listeners are idempotent. A listener that fails is
        logged and skipped (the match is finished either way; a catch-up retries it)."""
        if not match.options.get("ranked"):
            return []
        lines: list[str] = []
        for listener in self.on_finish:
            try:
                lines += await listener(match, result)
            except Exception:
                log.exception("match #%s: a final-whistle listener failed", match.id)
                lines.append(
                    "The ratings could not be updated just now; the bot updates them when it "
                    "next starts."
                )
        return lines

    # -- helpers -------------------------------------------------------------------------

    async def _match(self, channel_id: int) -> tuple[Game, StoredMatch]:
        match = await self.store.active_match(channel_id)
        if match is None:
            raise NoMatch()
        return games.get(match.ruleset), match

    def _who(self, game: Game, names: dict[str, str], side: str) -> str:
        """A player in the text of a line or refusal: "Ada (West)"."""
        return f"{self.text_name(names[side])} ({game.side_name(side)})"

    def _coach_who(self, game: Game, names: dict[str, str], side: str, level: str) -> str:
        """The bot's coach at kick-off, with its level unless normal: "Coach (East, strong)"."""
        if level == NORMAL:
            return self._who(game, names, side)
        return f"{self.text_name(names[side])} ({game.side_name(side)}, {level})"

    async def _names(self, match: StoredMatch) -> dict[str, str]:
        seen = self._names_seen
        missing = [user for user in match.players.values() if user not in seen]
        if missing:
            if len(seen) > NAMES_KEPT:
                seen.clear()
            seen.update(await self.store.display_names(missing))
        return {side: seen.get(user, str(user)) for side, user in match.players.items()}

    async def _not_your_turn(self, match: StoredMatch, decision: Decision) -> NotYourTurn:
        names = await self._names(match)
        game = games.get(match.ruleset)
        return NotYourTurn(self._who(game, names, decision.actor), game.task(decision))

    def _follower(
        self, game: Game, match: StoredMatch, count: int, first: Action | None = None
    ) -> Callable[[Any], Action | None]:
        """``follow`` for the store: the referee's own actions (``referee.auto``) until a
        player, or a thinking coach, is to decide. ``count`` is the number of actions logged
        before the first follow-up; ``first``, when given, is that follow-up (a thinking
        coach's decision made beforehand)."""
        n, options, budget = count, match.options, self.thinker.budget

        def coach() -> Policy:
            return coach_of(game, options, budget)

        def follow(state: Any) -> Action | None:
            nonlocal n, first
            if n - count > MAX_FOLLOW:
                raise RuntimeError(f"match #{match.id}: the referee kept acting on its own")
            if first is not None:
                action, first = first, None
            else:
                try:
                    action = next_action(game, options, state, n, coach)
                except ThinkingDue:  # made off the event loop (``_moved_on``)
                    return None
            if action is None:
                return None
            n += 1
            return game.stamp(state, action, self.now())

        return follow

    def _coach_due(self, game: Game, match: StoredMatch) -> tuple[bool, Action | None]:
        """Whether the match waits for its coach: ``(True, None)`` for a decision its
        thinking coach makes in the worker, ``(True, action)`` for one made at once here (a
        decision the coach does not search, left waiting by a restart or an older bot), and
        ``(False, None)`` when a player is to act."""
        options = match.options
        if match.status is not MatchStatus.ACTIVE or options.get("coach_side") is None:
            return False, None
        policy = coach_of(game, options, self.thinker.budget)
        try:
            action = next_action(game, options, match.state, match.action_count, lambda: policy)
        except ThinkingDue:
            return True, None
        return action is not None, action

    async def _moved_on(
        self, game: Game, match: StoredMatch, events: list[Event]
    ) -> tuple[StoredMatch, list[Event]]:
        """After a step: while the match waits for its coach, the decision is made (off the
        event loop when the coach searches it, ``referee.thinking``; should that fail, the
        normal coach's is taken) and applied with its follow-ups, each in its own versioned
        transaction. Returns the match then and ``events`` with theirs added. Never raises
        (but when cancelled): the step before counted whatever becomes of this, and a match
        left waiting is moved on by the next call or at the bot's next start."""
        events = list(events)
        if not self._coach_due(game, match)[0]:
            return match, events
        lock = self._thinking_lock(match.id)
        try:
            async with lock:  # one decision of a match at a time
                match = await self.store.get_match(match.id)  # as the last holder left it
                for _ in range(MAX_FOLLOW):
                    due, here = self._coach_due(game, match)
                    if not due:
                        break
                    if here is not None:
                        applied = await self._apply_coach(game, match, here)
                    else:
                        applied = await self._think(game, match)
                    if applied is None:  # the match moved on meanwhile: as it is now
                        match = await self.store.get_match(match.id)
                        continue
                    match = applied.match
                    events += applied.events
        except Exception:
            log.exception("match #%s: its coach's decision could not be made now", match.id)
        return match, events

    def _thinking_lock(self, match_id: int) -> asyncio.Lock:
        if len(self._thinking) > NAMES_KEPT:  # those of matches gone quiet
            for key, lock in list(self._thinking.items()):
                if not lock.locked():
                    del self._thinking[key]
        return self._thinking.setdefault(match_id, asyncio.Lock())

    async def _think(self, game: Game, match: StoredMatch) -> Applied | None:
        """One decision of the match's thinking coach, made in the worker and applied with
        its follow-ups; the normal coach's when the worker failed or its action is refused.
        None when the match moved on meanwhile (another call applied it)."""
        state = game.ruleset.to_json(match.state)
        answer = await self.thinker.decide(game.name, state, match.options, match.action_count)
        made = action_of(answer)
        if made is not None:
            try:
                return await self._apply_coach(game, match, made)
            except RulesError as error:
                log.error("match #%s: the thinking coach's action was refused: %s", match.id, error)
        options = match.options
        normal = game.coach(coach_seed(options), NORMAL)
        fallback = next_action(game, options, match.state, match.action_count, lambda: normal)
        if fallback is None:
            raise RuntimeError(f"match #{match.id}: no decision of its coach is due")
        return await self._apply_coach(game, match, fallback)

    async def _apply_coach(self, game: Game, match: StoredMatch, action: Action) -> Applied | None:
        """The coach's ``action`` and its follow-ups, on the match as it was read (None when
        it moved on since)."""
        try:
            return await self.store.update_options(
                match.id,
                {},
                expected_version=match.version,
                follow=self._follower(game, match, match.action_count, first=action),
                deadlines=turn_plan(game, match.options, self.clock),
                finish=game.result,
            )
        except (ConflictError, MatchNotActive):
            return None

    async def move_on(self, match: StoredMatch) -> Outcome | None:
        """A match left waiting for its thinking coach (a restart came between a step and
        the coach's decision): the coach decides now. The outcome when the match moved on,
        else None."""
        game = games.get(match.ruleset)
        moved, events = await self._moved_on(game, match, [])
        if moved.version == match.version:
            return None
        return await self._outcome(game, moved, events)

    def _prompts(self, game: Game, match: StoredMatch, names: dict[str, str]) -> list[Prompt]:
        return [
            Prompt(
                side=d.actor,
                side_name=game.side_name(d.actor),
                user_id=match.players[d.actor],
                player=names[d.actor],
                kind=d.kind,
                text=d.prompt,
                secret=d.secret,
                dice=d.dice,
                task=game.task(d),
            )
            for d in game.ruleset.pending(match.state)
        ]

    async def _outcome(
        self,
        game: Game,
        match: StoredMatch,
        events: list[Event],
        header: Sequence[str] = (),
    ) -> Outcome:
        lines = [*header, *game.narrate(events)]
        version, result = match.version, None
        over = game.ruleset.is_over(match.state)
        if over:
            if match.status is MatchStatus.FINISHED:  # by the final step's own transaction
                result = dict(match.result or game.result(match.state))
            else:  # an over match left active (by an older bot): finish it now
                result = game.result(match.state)
                try:
                    await self.store.finish(match.id, result, expected_version=version)
                    version += 1
                except (ConflictError, MatchNotActive):
                    pass  # finished already by a concurrent call
            lines += await self.finished(match, result)  # idempotent: a replay adds nothing
        names = await self._names(match)
        return Outcome(
            match_id=match.id,
            ruleset=game.name,
            version=version,
            lines=lines,
            next=[] if over else self._prompts(game, match, names),
            over=over,
            result=result,
            seed_hash=seed_hash(int(match.options["seed"])),
            seed=int(match.options["seed"]) if over else None,
            names=names,
            game=game,
            state=match.state,
            events=list(events),
            options=dict(match.options),
        )

    def _closed(
        self,
        game: Game,
        match: StoredMatch,
        names: dict[str, str],
        lines: list[str],
        result: JSONData,
    ) -> Outcome:
        seed = int(match.options["seed"])
        return Outcome(
            match_id=match.id,
            ruleset=game.name,
            version=match.version + 1,
            lines=lines,
            next=[],
            over=True,
            result=result,
            seed_hash=seed_hash(seed),
            seed=seed,
            names=names,
            game=game,
            state=match.state,
            options=dict(match.options),
        )


class _Waiting(Exception):
    """Raised inside a transaction: the caller has no pending decision (the referee turns it
    into ``NotYourTurn``, which names who is awaited, once the transaction is over)."""

    def __init__(self, match: StoredMatch, decision: Decision) -> None:
        super().__init__(decision.prompt)
        self.match, self.decision = match, decision


def _decision_for(
    game: Game, match: StoredMatch, sides: list[str], kind: str, side: str | None
) -> Decision:
    pending = game.ruleset.pending(match.state)
    mine = [d for d in pending if d.actor in sides and (side is None or d.actor == side)]
    if not mine:
        if not pending:
            raise MatchNotActive(match.id, "over")
        raise _Waiting(match, pending[0])
    # Hot-seat: one user may have decisions of both sides pending; pick the one that fits.
    fits = [d for d in mine if bool(d.dice) == (kind == "roll")]
    kinds = [d for d in fits if d.open_ended or _answers(d, kind)]
    return (kinds or fits or mine)[0]


def _answers(decision: Decision, kind: str) -> bool:
    """Whether an action of ``kind`` may answer ``decision`` (the engine checks the rest): its
    own kind, a choice's, or one of the kinds it names (``info["kinds"]``, an open-ended turn
    whose listed choices may lack a kind that is legal only sometimes)."""
    return (
        kind == decision.kind
        or kind in decision.info.get("kinds", ())
        or any(c.action.kind == kind for c in decision.choices)
    )


def says(who: str, verb: str) -> str:
    """``who`` and a verb in the third person ("resigns"), in the second person for the
    terminal's "You".

    >>> says("Ada (West)", "takes back"), says("You (West)", "takes back")
    ('Ada (West) takes back', 'You (West) take back')
    """
    if who == "You" or who.startswith("You ("):
        first, _, rest = verb.partition(" ")
        verb = " ".join(filter(None, (first.removesuffix("s"), rest)))
    return f"{who} {verb}"


def _sides_of(match: StoredMatch, user_id: int) -> list[str]:
    sides = match.sides_of(user_id)
    if not sides:
        raise NotAPlayer()
    return sides


def _choices(game: Game, match: StoredMatch, sides: list[str]) -> list[Choice]:
    return [
        choice
        for d in game.ruleset.pending(match.state)
        if d.actor in sides
        for choice in d.choices
    ]


def _typed_dice(game: Game, state: Any, kind: str, args: JSONData, decision: Decision) -> JSONData:
    """Dice typed as text ("5 2"; symbols where the game's dice show them) -> die values."""
    if kind == "roll" and decision.dice and isinstance(args.get("dice"), str):
        args["dice"] = game.typed_dice(state, args["dice"], decision.dice)
    return args


def _virtual_on_request(options: JSONData, kind: str, args: JSONData, decision: Decision) -> bool:
    """A player asks the referee to roll their virtual dice (``player_rolls`` matches); typed
    dice are refused there (only physical-dice matches take them)."""
    if kind != "roll" or not decision.dice or not options.get("player_rolls"):
        return False
    if options.get("dice") == "physical":
        return False
    if "dice" in args:
        raise BadOption("The bot rolls the dice in this match (virtual dice): roll without dice.")
    return True


def _undoable_run(
    game: Game, log: Sequence[LoggedAction], user_id: int, sides: Sequence[str]
) -> list[LoggedAction]:
    """The trailing run of the log that ``user_id`` may take back, oldest first: actions of an
    undoable kind that they made themselves for one of ``sides``."""
    run: list[LoggedAction] = []
    for entry in reversed(log):
        action = entry.action
        if entry.user_id != user_id or action.kind not in game.undoable:
            break
        if action.actor not in sides:
            break
        run.append(entry)
    return run[::-1]
