"""The league service: leagues, league matches and ratings over the referee and the league store.

``LeagueService(referee, store)`` is what the ``/league``, ``/leaderboard`` and ``/profile``
commands call. Leagues are named per server; where a method takes ``name=None`` it means the
server's only open or running league (``WhichLeague`` when there are several, ``NoLeague`` when
there is none). Every error is a ``RefereeError`` or a store error whose message a member can
read as it is.

Rated matches (league matches, and friendlies started with ``ranked=True``) are rated at the
final whistle: the service registers ``on_match_finished`` as a ``Referee.on_finish`` listener.
For a league match it records the fixture's result, then it applies the Elo update, exactly once
per match (``LeagueStore.apply_rating``). The listener is idempotent, so ``catch_up`` can run it
again after a restart for every finished rated match that has no rating yet (see
``docs/leagues.md``, "Rated matches")::

    leagues = LeagueService(referee, LeagueStore(referee.store.engine))
    await leagues.catch_up()  # on start: finals whistled just before a crash
    league = await leagues.create(guild_id, "Spring", "fuba", by=admin_id)
    await leagues.join(guild_id, "Spring", ada_id, "Ada")
    ...
    fixtures = await leagues.start(guild_id, "Spring", by=admin_id)
    outcome = await leagues.play(guild_id, channel_id, ada_id)  # Ada's next fixture
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any

from sqlalchemy import Table, and_, exists, select

from engine.leagues.errors import LeagueError
from engine.leagues.ratings import Ending, Update
from engine.leagues.table import Row as TableRow
from referee import games
from referee.adapter import Game, JSONData
from referee.errors import RefereeError
from referee.service import Outcome, Referee
from store.cluster import ALL_GUILDS, Sharding
from store.errors import (
    FixtureNotFound,
    LeagueNotFound,
    LeagueNotRunning,
    LeagueStoreError,
    NotInFixture,
    UnreadableMatch,
)
from store.leagues import (
    HISTORY,
    LEAGUES,
    RESULTS,
    AuditEntry,
    Decision,
    LeagueStore,
    Profile,
    Standing,
    StoredFixture,
    StoredLeague,
    StoredResult,
)
from store.models import LeagueStatus, Match, MatchStatus, ResultReason
from store.repository import Seat, StoredMatch

log = logging.getLogger(__name__)

RULES = ("basic", "advanced")  # the levels of rules a league may play (``Game.rule_levels``)
LEADERBOARD_SIZE = 10
CATCH_UP_LIMIT = 1000  # finished rated matches looked at per ``catch_up`` call
# The referee's own closing reasons; any other (a game's "full_time", "target_score") is the end
# of play.
_CLOSED_BY = {e.value: e for e in (Ending.RESIGNED, Ending.TIMEOUT, Ending.ABORTED)}
_MATCHES: Table = Match.__table__  # type: ignore[assignment]


# -- errors ----------------------------------------------------------------------------------


class NoLeague(LeagueError):
    """The server has no open or running league (to pick when no name is given)."""

    def __init__(self, doing: str = "") -> None:
        super().__init__(
            "This server has no open or running league"
            + (f" to {doing}" if doing else "")
            + ": an admin creates one with /league create."
        )


class WhichLeague(LeagueError):
    """Several leagues would do: the member must name one."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = list(names)
        listed = ", ".join(repr(n) for n in names)
        super().__init__(f"This server has several leagues ({listed}): say which one.")


class BadRules(LeagueError):
    def __init__(self, message: str) -> None:
        super().__init__(message)


class NoFixture(LeagueError):
    """The member has no fixture left to play (or is in no running league)."""

    def __init__(self, league: str | None = None) -> None:
        where = f"in league {league!r}" if league else "in a running league of this server"
        super().__init__(f"You have no fixture left to play {where}.")


class WrongLeague(LeagueError):
    """A fixture id given with a league name is another league's fixture."""

    def __init__(self, fixture_id: int, league: str) -> None:
        super().__init__(f"Fixture #{fixture_id} is not in league {league!r}.")


# -- the service -----------------------------------------------------------------------------


class LeagueService:
    """Leagues, league matches and ratings (see the module docstring). Registers its
    final-whistle listener with ``referee.on_finish`` on creation."""

    def __init__(self, referee: Referee, store: LeagueStore) -> None:
        self.referee = referee
        self.store = store
        referee.on_finish.append(self.on_match_finished)

    # -- leagues ---------------------------------------------------------------------------

    async def create(
        self,
        guild_id: int,
        name: str,
        game: str,
        *,
        rules: str = "basic",
        legs: int = 1,
        by: int,
        now: datetime | None = None,
    ) -> StoredLeague:
        """Open a league (or the next season of an ended one) of ``game`` with ``rules``
        (basic or advanced, as the game has them) and 1 or 2 legs."""
        spec = games.get(game)  # RulesError naming the known games
        options = {"rules": rules, "match_rules": match_rules(spec, rules)}
        return await self.store.create(
            guild_id=guild_id,
            name=name,
            game=spec.name,
            created_by=by,
            options=options,
            legs=legs,
            now=now,
        )

    async def league(
        self, guild_id: int, name: str | None = None, *, running: bool = False
    ) -> StoredLeague:
        """The guild's league called ``name`` (its latest season), or with ``name=None`` its
        only open or running one (only running one with ``running``)."""
        if name is not None:
            return await self.store.find(guild_id, name)
        leagues = await self.store.list_leagues(guild_id)
        if running:
            leagues = [lg for lg in leagues if lg.status == LeagueStatus.RUNNING]
        if not leagues:
            raise NoLeague("play" if running else "")
        if len(leagues) > 1:
            raise WhichLeague([lg.name for lg in leagues])
        return leagues[0]

    async def leagues(self, guild_id: int, *, ended: bool = False) -> list[StoredLeague]:
        """The guild's open and running leagues (and ended seasons with ``ended``)."""
        return await self.store.list_leagues(guild_id, ended=ended)

    async def join(
        self, guild_id: int, name: str | None, user_id: int, display_name: str
    ) -> StoredLeague:
        league = await self.league(guild_id, name)
        await self.store.join(league.id, user_id, display_name)
        return league

    async def leave(self, guild_id: int, name: str | None, user_id: int) -> StoredLeague:
        league = await self.league(guild_id, name)
        await self.store.leave(league.id, user_id)
        return league

    async def members(self, guild_id: int, name: str | None = None) -> list[Any]:
        league = await self.league(guild_id, name)
        return list(await self.store.members(league.id))

    async def start(
        self, guild_id: int, name: str | None, by: int, now: datetime | None = None
    ) -> list[StoredFixture]:
        """Start an open league: all its fixtures, by round. ``by`` is the admin (the
        permission check is the cog's)."""
        league = await self.league(guild_id, name)
        return await self.store.start(league.id, now=now)

    async def fixtures(
        self, guild_id: int, name: str | None = None, round: int | None = None
    ) -> list[StoredFixture]:
        league = await self.league(guild_id, name)
        return await self.store.fixtures(league.id, round)

    async def table(
        self, guild_id: int, name: str | None = None
    ) -> tuple[StoredLeague, list[TableRow]]:
        league = await self.league(guild_id, name)
        return league, await self.store.table(league.id)

    async def results(self, guild_id: int, name: str | None = None) -> list[StoredResult]:
        league = await self.league(guild_id, name)
        return await self.store.results(league.id)

    async def audit(self, guild_id: int, name: str | None = None) -> list[AuditEntry]:
        league = await self.league(guild_id, name)
        return await self.store.audit(league.id)

    async def end(self, guild_id: int, name: str | None, by: int) -> StoredLeague:
        """Archive the season; ``create`` with the same name opens the next one."""
        league = await self.league(guild_id, name)
        return await self.store.end(league.id)

    async def delete(
        self, guild_id: int, name: str | None, by: int, reason: str = "deleted by an admin"
    ) -> StoredLeague:
        """Delete the league's latest season (members, fixtures, results; ratings stay)."""
        league = await self.league(guild_id, name)
        return await self.store.delete(league.id, actor_id=by, reason=reason)

    # -- league matches --------------------------------------------------------------------

    async def next_fixture(
        self, guild_id: int, user_id: int, name: str | None = None
    ) -> tuple[StoredLeague, StoredFixture]:
        """The caller's next fixture to play in a running league of the guild (``name``
        picks one when they play in several)."""
        if name is not None:
            league = await self.store.find(guild_id, name)
            if league.status != LeagueStatus.RUNNING:
                raise LeagueNotRunning(league)
            candidates = [league]
        else:
            candidates = [
                lg
                for lg in await self.store.list_leagues(guild_id)
                if lg.status == LeagueStatus.RUNNING
            ]
        found = []
        for league in candidates:
            fixture = await self.store.next_fixture(league.id, user_id)
            if fixture is not None:
                found.append((league, fixture))
        if not found:
            raise NoFixture(name)
        if len(found) > 1:
            raise WhichLeague([league.name for league, _ in found])
        return found[0]

    async def play(
        self,
        guild_id: int,
        channel_id: int,
        user_id: int,
        *,
        name: str | None = None,
        dice: str = "virtual",
        turn_timeout: int | None = None,
        fixture_id: int | None = None,
        player_rolls: bool = False,
    ) -> Outcome:
        """Start the caller's next fixture in ``channel_id`` as a rated league match (or the
        fixture ``fixture_id``, as announced to them, which must be theirs): the home player
        takes the game's first side. ``player_rolls`` is the game's own dice option, as in its
        friendlies (virtual dice rolled when the player asks). Raises ``NoFixture``,
        ``WhichLeague``, the referee's ``ChannelBusy``, or ``FixtureInPlay`` when the fixture
        was started meanwhile (the match just created is called off then)."""
        if fixture_id is None:
            league, fixture = await self.next_fixture(guild_id, user_id, name)
        else:
            league, fixture = await self._fixture(guild_id, name, fixture_id)
            if user_id not in fixture.players():
                raise NotInFixture(fixture, user_id)
        game = games.get(league.game)
        home_side, away_side = game.ruleset.sides[:2]
        names = await self.names(fixture.players())
        seats = (
            Seat(home_side, fixture.home_id, names.get(fixture.home_id, str(fixture.home_id))),
            Seat(away_side, fixture.away_id, names.get(fixture.away_id, str(fixture.away_id))),
        )
        outcome = await self.referee.start_match(
            guild_id,
            channel_id,
            seats,
            ruleset=game.name,
            dice=dice,
            turn_timeout=turn_timeout,
            rules=dict(league.options.get("match_rules") or {}),
            player_rolls=player_rolls,
            ranked=True,
            league={"league_id": league.id, "fixture_id": fixture.id, "name": league.name},
        )
        try:
            await self.store.attach_match(fixture.id, outcome.match_id)
        except LeagueStoreError:
            await self.referee.store.abort(
                outcome.match_id, {"winner": None, "reason": "aborted", "by": user_id}
            )
            raise
        text = self.referee.text_name  # members' text as the referee writes it (inert)
        line = (
            f"League '{text(league.name)}', round {fixture.round}: "
            f"{text(seats[0].display_name)} (home) v {text(seats[1].display_name)} (away). "
            "The result counts at the final whistle."
        )
        return _with_lines(outcome, [line])

    # -- admin results ---------------------------------------------------------------------

    async def forfeit(
        self,
        guild_id: int,
        name: str | None,
        fixture_id: int,
        loser_id: int,
        by: int,
        reason: str,
        overwrite: bool = False,
    ) -> Decision:
        """Award a fixture against ``loser_id`` at the game's forfeit score
        (``Game.forfeit_goals``), with an audit row. A decided fixture is refused
        (``FixtureDecided``) unless ``overwrite``; the ``Decision`` says what was replaced. A
        forfeit is rated once per fixture: a fixture already rated (its match played) keeps
        its ratings."""
        league, fixture = await self._fixture(guild_id, name, fixture_id)
        score = forfeit_score(games.get(league.game), league.options.get("match_rules") or {})
        decision = await self.store.forfeit(
            fixture.id,
            loser_id=loser_id,
            score=score,
            actor_id=by,
            reason=reason,
            overwrite=overwrite,
        )
        await self._rate_forfeit(league, fixture, decision.result)
        return decision

    async def _rate_forfeit(
        self, league: StoredLeague, fixture: StoredFixture, result: StoredResult
    ) -> None:
        """Rate a forfeit (exactly once per fixture: ``apply_rating`` keys it by the fixture)."""
        await self.store.apply_rating(
            guild_id=league.guild_id,
            game=league.game,
            a_id=fixture.home_id,
            b_id=fixture.away_id,
            a_goals=result.home_goals,
            b_goals=result.away_goals,
            ending=Ending.FORFEIT,
            match_id=fixture.match_id,
            fixture_id=fixture.id,
        )

    async def set_result(
        self,
        guild_id: int,
        name: str | None,
        fixture_id: int,
        home_goals: int,
        away_goals: int,
        by: int,
        reason: str,
        overwrite: bool = False,
    ) -> Decision:
        """Set a fixture's score by hand, with an audit row. A decided fixture is refused
        (``FixtureDecided``) unless ``overwrite``; the ``Decision`` says what was replaced.
        Ratings are not changed: a match rated at its whistle stays rated as played."""
        _league, fixture = await self._fixture(guild_id, name, fixture_id)
        return await self.store.set_result(
            fixture.id, home_goals, away_goals, actor_id=by, reason=reason, overwrite=overwrite
        )

    # -- ratings ---------------------------------------------------------------------------

    async def leaderboard(
        self, guild_id: int, game: str, user_id: int | None = None
    ) -> tuple[list[Standing], Standing | None]:
        """The top 10 of ``game`` on the server, and the caller's own line (with their rank)
        whenever they are rated, in the top 10 or not (None before their first rated match)."""
        spec = games.get(game)
        top = await self.store.leaderboard(guild_id, spec.name, LEADERBOARD_SIZE)
        if user_id is None:
            return top, None
        mine = next((s for s in top if s.user_id == user_id), None)
        if mine is not None:
            return top, mine
        profile = await self.store.profile(guild_id, spec.name, user_id)
        return top, None if profile is None else profile.standing

    async def profile(self, guild_id: int, game: str, user_id: int) -> Profile | None:
        """Rating, rank, record, last five and streak (None before a first rated match)."""
        return await self.store.profile(guild_id, games.get(game).name, user_id)

    async def names(self, user_ids: Iterable[int]) -> dict[int, str]:
        """Display names as last seen (members without one are left out)."""
        return await self.referee.store.display_names(user_ids)

    # -- the final whistle -----------------------------------------------------------------

    async def on_match_finished(self, match: StoredMatch, result: JSONData) -> list[str]:
        """The ``Referee.on_finish`` listener: record a league match's result on its fixture,
        then rate the match (exactly once). Idempotent: a second call writes nothing and
        says nothing. Aborted and abandoned matches are not rated."""
        if not match.options.get("ranked"):
            return []
        ending = _ending(result)
        if not ending.rated:  # aborted or abandoned
            return []
        game = games.get(match.ruleset)
        sides = game.ruleset.sides
        players = match.players
        home_side, away_side = sides[0], sides[1]
        fixture = await self.store.fixture_for_match(match.id)
        if fixture is not None:
            home_side = next(s for s, u in players.items() if u == fixture.home_id)
            away_side = next(s for s, u in players.items() if u == fixture.away_id)
        home_id, away_id = players[home_side], players[away_side]
        home_goals, away_goals = _goals(game, match, result, home_side, away_side)
        lines: list[str] = []
        # the lines' text: names as the referee writes them (inert in Discord)
        text = self.referee.text_name
        names = {user: text(name) for user, name in (await self.names((home_id, away_id))).items()}
        if fixture is not None:
            lines += await self._record(fixture, home_goals, away_goals, ending, match, names)
        if home_id == away_id:  # hot-seat: nobody to rate against
            return lines
        update = await self.store.apply_rating(
            guild_id=match.guild_id,
            game=game.name,
            a_id=home_id,
            b_id=away_id,
            a_goals=home_goals,
            b_goals=away_goals,
            ending=ending,
            match_id=match.id,
            fixture_id=None if fixture is None else fixture.id,
        )
        if update is not None:
            lines.append(_ratings_line(update, names.get(home_id), names.get(away_id)))
        return lines

    async def catch_up(self, limit: int = CATCH_UP_LIMIT, sharding: Sharding = ALL_GUILDS) -> int:
        """Run the final-whistle listener for finished rated matches that have no rating yet
        (a restart between a final whistle and its listener, or a listener that failed).
        Call it on start. Returns how many matches were rated now. Also sends back to be
        played the fixtures whose match an older bot called off without doing so (the store's
        ``abort`` does it in the call-off's own transaction now). Only the matches and
        forfeits of this process's guilds (``sharding``); the rating is written once per
        match or fixture even when several processes catch up at once."""
        await self.store.release_aborted()
        query = (
            select(_MATCHES.c.id)
            .where(
                _MATCHES.c.status == MatchStatus.FINISHED.value,
                _MATCHES.c.options["ranked"].as_boolean().is_(True),
                ~exists().where(and_(HISTORY.c.match_id == _MATCHES.c.id)),
                sharding.guild_filter(_MATCHES.c.guild_id),
            )
            .order_by(_MATCHES.c.id)
            .limit(limit)
        )
        async with self.referee.store.engine.connect() as conn:
            ids = list(await conn.scalars(query))
        rated = 0
        for match_id in ids:
            try:
                match = await self.referee.store.get_match(match_id)
                if match.result is None:
                    continue
                lines = await self.on_match_finished(match, match.result)
            except (LeagueStoreError, RefereeError, UnreadableMatch):
                log.exception("match #%s: could not be rated on catch-up", match_id)
                continue
            rated += any(line.startswith("Ratings:") for line in lines)
        return rated + await self._catch_up_forfeits(limit, sharding)

    async def _catch_up_forfeits(self, limit: int, sharding: Sharding) -> int:
        """Rate the forfeits whose rating was never written (the forfeit and its rating are
        two transactions: a failure or a restart between them)."""
        query = (
            select(RESULTS.c.fixture_id)
            .join(LEAGUES, LEAGUES.c.id == RESULTS.c.league_id)
            .where(
                RESULTS.c.reason == ResultReason.FORFEIT.value,
                ~exists().where(HISTORY.c.fixture_id == RESULTS.c.fixture_id),
                sharding.guild_filter(LEAGUES.c.guild_id),
            )
            .order_by(RESULTS.c.fixture_id)
            .limit(limit)
        )
        async with self.referee.store.engine.connect() as conn:
            ids = list(await conn.scalars(query))
        for fixture_id in ids:
            fixture = await self.store.fixture(fixture_id)
            if fixture.result is None:
                continue
            await self._rate_forfeit(
                await self.store.get(fixture.league_id), fixture, fixture.result
            )
        return len(ids)

    # -- helpers ---------------------------------------------------------------------------

    async def _fixture(
        self, guild_id: int, name: str | None, fixture_id: int
    ) -> tuple[StoredLeague, StoredFixture]:
        league = await self.league(guild_id, name)
        fixture = await self.store.fixture(fixture_id)
        if fixture.league_id != league.id:
            if name is None:
                raise FixtureNotFound(fixture_id)
            raise WrongLeague(fixture_id, league.name)
        return league, fixture

    async def _record(
        self,
        fixture: StoredFixture,
        home_goals: int,
        away_goals: int,
        ending: Ending,
        match: StoredMatch,
        names: dict[int, str],
    ) -> list[str]:
        try:
            recorded = await self.store.record_result(
                fixture.id, home_goals, away_goals, reason=ending.value, match_id=match.id
            )
        except (LeagueNotRunning, LeagueNotFound) as exc:
            return [f"This league match no longer counts: {exc}"]
        if not recorded.new:
            return []
        result = recorded.result
        home = names.get(fixture.home_id, str(fixture.home_id))
        away = names.get(fixture.away_id, str(fixture.away_id))
        league = match.options.get("league") or {}
        name = league.get("name")
        called = f"League '{self.referee.text_name(name)}'" if name else "League"
        return [
            f"{called}: {home} {result.home_goals}-{result.away_goals} {away} recorded. "
            "League table updated: /league table"
        ]


# -- functions -------------------------------------------------------------------------------


def match_rules(game: Game, rules: str) -> JSONData:
    """The match options of ``game`` at league rules ``rules`` (``BadRules`` if the game does
    not have them)."""
    if rules not in RULES:
        raise BadRules(f"League rules are basic or advanced, not {rules!r}.")
    levels = game.rule_levels
    if rules not in levels:
        have = " or ".join(levels)
        raise BadRules(
            f"{game.title} has no {rules} rules in this bot yet: create the league with "
            f"rules {have}."
        )
    options = dict(levels[rules])
    game.ruleset.initial(options)  # the engine checks them (RulesError)
    return options


def forfeit_score(game: Game, rules: JSONData) -> int:
    """The winner's goals of a forfeit in a match of ``game`` with these rules."""
    return game.forfeit_goals(game.ruleset.initial(dict(rules)))


def _ending(result: JSONData) -> Ending:
    """How a finished match ended, from its result's reason."""
    return _CLOSED_BY.get(str(result.get("reason")), Ending.FULL_TIME)


def _goals(
    game: Game, match: StoredMatch, result: JSONData, home_side: str, away_side: str
) -> tuple[int, int]:
    """The league score of a finished match. At full time the score stands. A resignation or a
    timeout is a loss for the loser whatever the score: the score stands if the winner was
    ahead, otherwise it is the game's forfeit score against the loser."""
    score = result.get("score") or game.score(match.state)
    home, away = int(score.get(home_side, 0)), int(score.get(away_side, 0))
    winner = result.get("winner")
    if result.get("reason") in (Ending.RESIGNED, Ending.TIMEOUT) and winner is not None:
        ahead = home > away if winner == home_side else away > home
        if not ahead:
            goals = game.forfeit_goals(match.state)
            home, away = (goals, 0) if winner == home_side else (0, goals)
    return home, away


def _ratings_line(update: Update, a_name: str | None, b_name: str | None) -> str:
    def one(name: str | None, change: Any) -> str:
        sign = "+" if change.delta >= 0 else ""
        return f"{name} {change.before.value} -> {change.after.value} ({sign}{change.delta})"

    return f"Ratings: {one(a_name, update.a)}, {one(b_name, update.b)}"


def _with_lines(outcome: Outcome, lines: list[str]) -> Outcome:
    return replace(outcome, lines=[*outcome.lines, *lines])


__all__ = [
    "BadRules",
    "LeagueService",
    "NoFixture",
    "NoLeague",
    "WhichLeague",
    "WrongLeague",
    "forfeit_score",
    "match_rules",
]
