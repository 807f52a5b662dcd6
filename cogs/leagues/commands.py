"""Leagues, ratings and leaderboards in Discord: the `/league` group, `/leaderboard` and
`/profile`.

A thin adapter over ``referee.leagues.service.LeagueService``, which the play cog owns with the
referee and the match store (``MatchPlay.leagues``: one database engine for matches and
leagues). A league match is an ordinary match of its game: `/league play` starts the caller's
next fixture, as a challenge's match is placed (``cogs.play.permissions``: in a new public thread
of this channel by default where the bot may open one, else or with ``thread:false`` in the
channel; refused up front when the bot could not play there), and posts the kick-off with the
shared ``cogs.play.buttons.post_step``; a match in a thread gets a scoreboard in the channel
(``cogs.play.scoreboard``, then kept up to date by the live board). The match goes on with
`/fuba ...` or `/dicesoccer ...`, and the referee's final-whistle hook records the result and the
ratings, by full time, resignation or timeout, after a restart too.

Admin commands (create, start, forfeit, set-result, end, delete) need Manage Server. Discord
applies ``default_permissions`` only to top-level commands, not to a group's subcommands, so the
decorator on them documents the intent and ``manager_only`` is what refuses a member without the
permission, privately, before anything is done.

Refusals are typed errors (store, referee, ``PlayRefusal``) shown privately by
``cogs.errors``. Announcements (a league created, a member joined, the league started, a result
set) are public in the channel, without pings; fixtures and results answer privately unless
``public``; the table, the leaderboard and profiles answer publicly with an embed and an image.
Display names, league names and reasons are members' text: every message shows them inert
(``cogs.text.shown``, ``cogs.leagues.views.who`` and ``league_title``) and names whom it may ping
(``cogs.text.pings``): nobody, except the kick-off of a league match, which pings its players.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs import cooldowns
from cogs.leagues.views import (
    REASON_WORDS,
    describe_league,
    fixture_choice,
    fixtures_embed,
    leaderboard_message,
    league_title,
    name_of,
    profile_message,
    results_embed,
    table_message,
    who,
)
from cogs.play import registry
from cogs.play.autocomplete import offer
from cogs.play.buttons import post_step
from cogs.play.challenges import (
    CANNOT_POST,
    DICE_HELP,
    THREAD_HELP,
    TURN_TIMEOUT_HELP,
    dice_mode,
    pending_refusal,
)
from cogs.play.context import channel_id_of, match_channel, play_cog
from cogs.play.permissions import place
from cogs.play.registry import PlayRefusal
from cogs.play.scoreboard import open_scoreboard
from cogs.text import ZERO_WIDTH_SPACE, pings, shown
from engine.leagues.names import normal_name
from referee import games
from referee.deadlines import MAX_TURN_TIMEOUT
from referee.leagues.service import RULES
from referee.service import DICE_MODES
from store.errors import FixtureDecided, StoreError

if TYPE_CHECKING:
    from referee.leagues.service import LeagueService
    from store.leagues import Decision, StoredResult

log = logging.getLogger(__name__)

NO_PINGS = pings()  # league messages ping nobody (a kick-off pings its two players)
ADMIN_DOING = {
    "create": "create a league",
    "start": "start a league",
    "forfeit": "award a forfeit",
    "set-result": "set a result",
    "end": "end a league",
    "delete": "delete a league",
}
AGAIN = "run `/league play` again"  # how a member refused a thread plays in the channel


def service(interaction: discord.Interaction) -> LeagueService:
    """The leagues of this bot process (the play cog's)."""
    return play_cog(interaction).leagues


def guild_id_of(interaction: discord.Interaction) -> int:
    if interaction.guild_id is None:
        raise PlayRefusal("Leagues belong to a server: use these commands in a server channel.")
    return interaction.guild_id


def check_game(game: str) -> str:
    """A game of the referee's registry, by ruleset name or title, as its ruleset name."""
    wanted = game.strip().lower()
    for name, known in games.games().items():
        if wanted in (name, known.title.lower()):
            return name
    titles = ", ".join(f"{g.title} (`{name}`)" for name, g in sorted(games.games().items()))
    raise PlayRefusal(f"There is no game called {game!r} here; choose one of {titles}.")


async def manager_only(interaction: discord.Interaction) -> bool:
    """The run-time check of the admin commands: Manage Server, or a private refusal."""
    permissions = interaction.permissions
    if permissions.manage_guild or permissions.administrator:
        return True
    command = interaction.command.name if interaction.command is not None else ""
    doing = ADMIN_DOING.get(command, "do that")
    raise app_commands.CheckFailure(
        f"Only members with the Manage Server permission can {doing}; ask a server admin."
    )


def admin(callback: Any) -> Any:
    """An admin command: hidden from members without Manage Server where Discord allows it
    (top-level commands), and refused at run time everywhere."""
    callback = app_commands.default_permissions(manage_guild=True)(callback)
    return app_commands.check(manager_only)(callback)


# -- autocomplete ----------------------------------------------------------------------------


async def league_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[Any]]:
    """The guild's open and running leagues (and ended seasons when nothing else matches)."""
    if interaction.guild_id is None:
        return []
    try:
        leagues = await service(interaction).leagues(interaction.guild_id, ended=True)
    except Exception:  # autocomplete never shows an error
        log.warning("league autocomplete failed", exc_info=True)
        return []
    leagues.sort(key=lambda league: (league.status == "ended", league.name.lower()))
    options = [(f"{league.name} ({describe_league(league)})", league.name) for league in leagues]
    return offer(options, normal_name(current))  # as names are compared (engine.leagues.names)


async def game_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[Any]]:
    options = [(game.title, name) for name, game in sorted(games.games().items())]
    return offer(options, current)


async def fixture_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[Any]]:
    """The fixtures of the league named (or the guild's only one), each with its state and
    score: for forfeit the undecided ones first, for set-result in round order."""
    if interaction.guild_id is None:
        return []
    name = getattr(interaction.namespace, "name", None)
    try:
        leagues = service(interaction)
        fixtures = await leagues.fixtures(interaction.guild_id, name)
        ids = {f.home_id for f in fixtures} | {f.away_id for f in fixtures}
        names = await leagues.names(sorted(ids))
    except Exception:
        return []
    if interaction.command is not None and interaction.command.name == "forfeit":
        fixtures.sort(key=lambda fixture: fixture.result is not None)  # stable: round order
    return offer([(fixture_choice(f, names), f.id) for f in fixtures], current)


# -- helpers ---------------------------------------------------------------------------------


async def announce(interaction: discord.Interaction, text: str, reply: str = "Done.") -> None:
    """A public line in the channel (no pings) and the caller's private answer."""
    await match_channel(interaction).send(text[:2000], allowed_mentions=NO_PINGS)
    await interaction.followup.send(reply, ephemeral=True, allowed_mentions=NO_PINGS)


async def defer_private(interaction: discord.Interaction) -> None:
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=True, thinking=True)


async def begin_private(interaction: discord.Interaction) -> tuple[int, LeagueService]:
    """The opening of a league command answered privately: the server (refused before anything
    is deferred), the deferred private answer, and the leagues."""
    guild_id = guild_id_of(interaction)
    await defer_private(interaction)
    return guild_id, service(interaction)


async def begin_reply(
    interaction: discord.Interaction, *, public: bool
) -> tuple[int, LeagueService]:
    """The opening of a league command that answers for everyone when ``public`` (else only the
    caller): the server (refused before anything is deferred), the deferred answer, the leagues."""
    guild_id = guild_id_of(interaction)
    await interaction.response.defer(ephemeral=not public, thinking=True)
    return guild_id, service(interaction)


async def names_for(interaction: discord.Interaction, user_ids: Any) -> dict[int, str]:
    return dict(await service(interaction).names(sorted(set(user_ids))))


async def score_line(interaction: discord.Interaction, result: StoredResult) -> str:
    """A result as "Home 2-1 Away", with the members' names (shown inert)."""
    names = await names_for(interaction, (result.home_id, result.away_id))
    return (
        f"{who(names, result.home_id)} {result.home_goals}-{result.away_goals} "
        f"{who(names, result.away_id)}"
    )


async def replaced_line(interaction: discord.Interaction, replaced: StoredResult) -> str:
    """A fixture's result as an admin is about to replace it: "Home 3-0 Away (resigned)"."""
    how = REASON_WORDS.get(replaced.reason, replaced.reason) or "played"
    return f"{await score_line(interaction, replaced)} ({how})"


async def replaced_text(interaction: discord.Interaction, decision: Decision) -> str:
    """The result an admin's decision replaced ("" when the fixture had none)."""
    if decision.replaced is None:
        return ""
    return await replaced_line(interaction, decision.replaced)


async def call_off_unseen(
    match_id: int, leagues: LeagueService, created: discord.Thread | None
) -> None:
    """A league match whose kick-off Discord refused: called off (its fixture is to be played
    again, ``MatchStore.abort``) and its new thread, if any, deleted."""
    try:
        await leagues.referee.store.abort(match_id, {"winner": None, "reason": "aborted"})
    except StoreError:  # ended meanwhile
        log.info("match #%s: already over when its kick-off failed", match_id)
    await delete_unused(created)


async def delete_unused(thread: discord.Thread | None) -> None:
    """A thread made for a league match that will not be played there goes again."""
    if thread is None:
        return
    try:
        await thread.delete()
    except discord.HTTPException:
        log.info("could not delete the unused thread %s", thread.id)


async def announce_decision(
    interaction: discord.Interaction, decision: Decision, headline: str, reason: str, done: str
) -> None:
    """An admin's result in public ("<headline> Home 3-0 Away. It replaces ... Reason: ...")
    and privately ("<done>; it replaces ...")."""
    score = await score_line(interaction, decision.result)
    was = await replaced_text(interaction, decision)
    replaces = f" It replaces {was}." if was else ""
    await announce(
        interaction,
        f"{headline} {score}.{replaces} Reason: {shown(reason)}",
        done + (f"; it replaces {was}." if was else "."),
    )


@asynccontextmanager
async def deciding(interaction: discord.Interaction, fixture_id: int) -> AsyncIterator[None]:
    """An admin's result for a decided fixture without ``overwrite``: refused, with the result
    it has and how to replace it."""
    try:
        yield
    except FixtureDecided as decided:
        was = await replaced_line(interaction, decided.result)
        raise PlayRefusal(
            f"Fixture #{fixture_id} already has a result: {was}. To replace it, run the "
            "command again with `overwrite:true`."
        ) from None


# -- /league ---------------------------------------------------------------------------------

NAME = "The league's name (default: this server's only league)"
OVERWRITE = "Replace the fixture's result if it already has one (default: refuse)"


@app_commands.describe(
    name="A name for the league (1-64 characters)",
    game="The game the league plays",
    rules="basic or advanced rules (default basic)",
    legs="1: everyone meets once; 2: home and away (default 1)",
)
@app_commands.autocomplete(game=game_autocomplete)
@app_commands.choices(rules=[app_commands.Choice(name=r, value=r) for r in RULES])
@admin
async def create_command(
    interaction: discord.Interaction,
    name: app_commands.Range[str, 1, 64],
    game: str,
    rules: app_commands.Choice[str] | None = None,
    legs: app_commands.Range[int, 1, 2] = 1,
) -> None:
    """Create a league (a new season of an ended one); members join, then an admin starts it."""
    guild_id = guild_id_of(interaction)
    ruleset = check_game(game)
    await defer_private(interaction)
    league = await service(interaction).create(
        guild_id,
        name,
        ruleset,
        rules=rules.value if rules is not None else "basic",
        legs=legs,
        by=interaction.user.id,
    )
    await announce(
        interaction,
        f"New league **{league_title(league)}**: {describe_league(league)}. Join with "
        f"`/league join`; {interaction.user.mention} starts it with `/league start` when "
        "everyone is in.",
        f"League **{shown(league.name)}** created.",
    )


@app_commands.describe(name=NAME)
@app_commands.autocomplete(name=league_autocomplete)
async def join_command(interaction: discord.Interaction, name: str | None = None) -> None:
    """Join a league before it starts."""
    guild_id, leagues = await begin_private(interaction)
    user = interaction.user
    league = await leagues.join(guild_id, name, user.id, user.display_name)
    members = await leagues.members(guild_id, league.name)
    await announce(
        interaction,
        f"{user.mention} joined **{league_title(league)}** "
        f"({len(members)} member{'' if len(members) == 1 else 's'}).",
        f"You are in **{shown(league.name)}**. Your fixtures appear when an admin starts the "
        "league.",
    )


@app_commands.describe(name=NAME)
@app_commands.autocomplete(name=league_autocomplete)
async def leave_command(interaction: discord.Interaction, name: str | None = None) -> None:
    """Leave a league before it starts."""
    guild_id, leagues = await begin_private(interaction)
    league = await leagues.leave(guild_id, name, interaction.user.id)
    await announce(
        interaction,
        f"{interaction.user.mention} left **{league_title(league)}**.",
        f"You left **{shown(league.name)}**.",
    )


@app_commands.describe(name=NAME)
@app_commands.autocomplete(name=league_autocomplete)
@admin
async def start_command(interaction: discord.Interaction, name: str | None = None) -> None:
    """Start a league: draw the round-robin fixtures (admin)."""
    guild_id, leagues = await begin_private(interaction)
    league = await leagues.league(guild_id, name)
    fixtures = await leagues.start(guild_id, league.name, by=interaction.user.id)
    names = await names_for(interaction, [p for f in fixtures for p in f.players()])
    rounds = max((f.round for f in fixtures), default=0)
    first = [f for f in fixtures if f.round == 1]
    opening = ", ".join(f"{who(names, f.home_id)} v {who(names, f.away_id)}" for f in first)
    await announce(
        interaction,
        f"**{league_title(league)}** has started: {len(fixtures)} "
        f"fixture{'' if len(fixtures) == 1 else 's'} in {rounds} "
        f"round{'' if rounds == 1 else 's'}. "
        f"Round 1: {opening}. Play your next fixture with `/league play`; see them all with "
        "`/league fixtures` and the table with `/league table`.",
        f"**{shown(league.name)}** started.",
    )


@app_commands.describe(
    round="Only this round",
    name=NAME,
    public="Post the fixtures in the channel for everyone (default: only you)",
)
@app_commands.autocomplete(name=league_autocomplete)
async def fixtures_command(
    interaction: discord.Interaction,
    round: app_commands.Range[int, 1, 100] | None = None,
    name: str | None = None,
    public: bool = False,
) -> None:
    """The league's fixtures by round, with results and fixture ids."""
    guild_id, leagues = await begin_reply(interaction, public=public)
    league = await leagues.league(guild_id, name)
    fixtures = await leagues.fixtures(guild_id, league.name, round)
    if round is not None and not fixtures and league.status != "open":
        raise PlayRefusal(f"**{shown(league.name)}** has no round {round}.")
    names = await names_for(interaction, [p for f in fixtures for p in f.players()])
    embed = fixtures_embed(league, fixtures, names)
    await interaction.followup.send(embed=embed, ephemeral=not public, allowed_mentions=NO_PINGS)


@app_commands.describe(
    name=NAME, public="Post the table in the channel (default); false: only you see it"
)
@app_commands.autocomplete(name=league_autocomplete)
@cooldowns.per_member(*cooldowns.IMAGES)
async def table_command(
    interaction: discord.Interaction, name: str | None = None, public: bool = True
) -> None:
    """The league table, as text and as an image."""
    guild_id, leagues = await begin_reply(interaction, public=public)
    league, rows = await leagues.table(guild_id, name)
    names = await names_for(interaction, [row.player for row in rows])
    embed, image = await table_message(league, rows, names, interaction.user.id)
    await interaction.followup.send(
        embed=embed, file=image, ephemeral=not public, allowed_mentions=NO_PINGS
    )


@app_commands.describe(
    name=NAME, public="Post the results in the channel for everyone (default: only you)"
)
@app_commands.autocomplete(name=league_autocomplete)
async def results_command(
    interaction: discord.Interaction, name: str | None = None, public: bool = False
) -> None:
    """Every result of the league so far."""
    guild_id, leagues = await begin_reply(interaction, public=public)
    league = await leagues.league(guild_id, name)
    results = await leagues.results(guild_id, league.name)
    names = await names_for(interaction, [p for r in results for p in (r.home_id, r.away_id)])
    embed = results_embed(league, results, names)
    await interaction.followup.send(embed=embed, ephemeral=not public, allowed_mentions=NO_PINGS)


@app_commands.describe(
    name=NAME,
    thread=THREAD_HELP,
    dice=DICE_HELP,
    turn_timeout=TURN_TIMEOUT_HELP,
)
@app_commands.autocomplete(name=league_autocomplete)
@app_commands.choices(dice=[app_commands.Choice(name=m, value=m) for m in DICE_MODES])
async def play_command(
    interaction: discord.Interaction,
    name: str | None = None,
    thread: bool | None = None,
    dice: app_commands.Choice[str] | None = None,
    turn_timeout: app_commands.Range[int, 1, MAX_TURN_TIMEOUT] | None = None,
) -> None:
    """Start your next league fixture (in a new thread when I may); play it with the game's
    commands."""
    guild_id = guild_id_of(interaction)
    channel_id = channel_id_of(interaction)
    channel = where = match_channel(interaction)
    thread = place(channel, thread, again=AGAIN)  # refused before anything is made
    cog = play_cog(interaction)
    await defer_private(interaction)
    leagues = cog.leagues
    league, fixture = await leagues.next_fixture(guild_id, interaction.user.id, name)
    if not thread:
        pending = await cog.challenges.get(channel_id, cog.clock())
        if pending is not None:
            raise pending_refusal(pending)
    names = await names_for(interaction, fixture.players())
    home, away = name_of(names, fixture.home_id), name_of(names, fixture.away_id)
    created = None
    if thread:
        # A thread's name is plain text, but Discord repeats it in the "started a thread"
        # message: no mention may survive in it.
        thread_name = f"{league.name}: {home} v {away}".replace("@", "@" + ZERO_WIDTH_SPACE)
        try:
            created = where = await channel.create_thread(
                name=thread_name[:100], type=discord.ChannelType.public_thread
            )
        except discord.Forbidden:
            raise PlayRefusal(
                f"I may not create a thread here; {AGAIN} with `thread:false`."
            ) from None
    spec = registry.get(league.game)
    try:
        outcome = await leagues.play(
            guild_id,
            where.id,
            interaction.user.id,
            name=league.name,
            dice=dice_mode(dice),
            turn_timeout=turn_timeout,
            fixture_id=fixture.id,  # the one named here, even if another process started it
            player_rolls=spec.player_rolls,  # as in the game's friendlies
        )
    except BaseException:
        await delete_unused(created)  # nothing will be played there
        raise
    title = (
        f"League match: {shown(league.name)}, round {fixture.round}: {shown(home)} v {shown(away)}"
    )
    players = fixture.players()
    try:
        await post_step(
            where,
            outcome,
            title=title[:256],
            intro=f"League match: <@{players[0]}> (home) v <@{players[1]}> (away), kick-off!",
            pinging=players,
        )
    except discord.HTTPException as error:  # nobody could see it: call it off, as a friendly
        log.warning("match #%s: league kick-off not posted: %s", outcome.match_id, error)
        await call_off_unseen(outcome.match_id, leagues, created)
        raise PlayRefusal(f"The match could not start. {CANNOT_POST}.") from None
    if created is not None:  # the channel's scoreboard of the match
        store = leagues.referee.store
        await open_scoreboard(interaction.client, store, outcome, channel, created.id, None)
    there = f" in {where.mention}" if where.id != interaction.channel_id else ""
    await interaction.followup.send(
        f"Your {games.title_of(league.game)} league match against "
        f"{shown(away if fixture.home_id == interaction.user.id else home)} is on{there}: play "
        f"it with the `/{spec.group}` commands. The result counts at the final whistle.",
        ephemeral=True,
        allowed_mentions=NO_PINGS,
    )


@app_commands.describe(
    fixture="The fixture's id (shown by /league fixtures)",
    loser="The member who forfeits",
    reason="Why (kept in the league's audit trail)",
    name=NAME,
    overwrite=OVERWRITE,
)
@app_commands.autocomplete(fixture=fixture_autocomplete, name=league_autocomplete)
@admin
async def forfeit_command(
    interaction: discord.Interaction,
    fixture: int,
    loser: discord.Member,
    reason: app_commands.Range[str, 1, 500],
    name: str | None = None,
    overwrite: bool = False,
) -> None:
    """Award a fixture against a member who forfeits it (admin)."""
    guild_id, leagues = await begin_private(interaction)
    async with deciding(interaction, fixture):
        decision = await leagues.forfeit(
            guild_id,
            name,
            fixture,
            loser.id,
            by=interaction.user.id,
            reason=reason,
            overwrite=overwrite,
        )
    headline = f"Fixture #{fixture}: {shown(loser.display_name)} forfeits;"
    await announce_decision(interaction, decision, headline, reason, "Forfeit recorded")


@app_commands.describe(
    fixture="The fixture's id (shown by /league fixtures)",
    home_goals="Goals of the home side (the first named)",
    away_goals="Goals of the away side",
    reason="Why (kept in the league's audit trail)",
    name=NAME,
    overwrite=OVERWRITE,
)
@app_commands.autocomplete(fixture=fixture_autocomplete, name=league_autocomplete)
@admin
async def set_result_command(
    interaction: discord.Interaction,
    fixture: int,
    home_goals: app_commands.Range[int, 0, 99],
    away_goals: app_commands.Range[int, 0, 99],
    reason: app_commands.Range[str, 1, 500],
    name: str | None = None,
    overwrite: bool = False,
) -> None:
    """Set or correct a fixture's score (admin; ratings are not changed)."""
    guild_id, leagues = await begin_private(interaction)
    async with deciding(interaction, fixture):
        decision = await leagues.set_result(
            guild_id,
            name,
            fixture,
            home_goals,
            away_goals,
            by=interaction.user.id,
            reason=reason,
            overwrite=overwrite,
        )
    headline = f"Fixture #{fixture} result set by {shown(interaction.user.display_name)}:"
    await announce_decision(interaction, decision, headline, reason, "Result set")


@app_commands.describe(name=NAME)
@app_commands.autocomplete(name=league_autocomplete)
@admin
async def end_command(interaction: discord.Interaction, name: str | None = None) -> None:
    """End the season: the league is archived; create it again for a new season (admin)."""
    guild_id, leagues = await begin_private(interaction)
    league, rows = await leagues.table(guild_id, name)
    await leagues.end(guild_id, league.name, by=interaction.user.id)
    champion = ""
    if rows and rows[0].played:
        names = await names_for(interaction, [rows[0].player])
        champion = f" {who(names, rows[0].player)} tops the final table."
    await announce(
        interaction,
        f"**{league_title(league)}** has ended.{champion} Its table and results stay readable; "
        f"`/league create` with the same name opens the next season.",
        f"**{shown(league.name)}** ended.",
    )


@app_commands.describe(
    name="The league to delete, with its fixtures and results",
    reason="Why (kept in the server's league audit trail)",
)
@app_commands.autocomplete(name=league_autocomplete)
@admin
async def delete_command(
    interaction: discord.Interaction,
    name: str,
    reason: app_commands.Range[str, 1, 500] | None = None,
) -> None:
    """Delete a league with its fixtures and results; ratings stay (admin)."""
    guild_id, leagues = await begin_private(interaction)
    why = reason or f"deleted by {interaction.user.display_name}"
    league = await leagues.delete(guild_id, name, by=interaction.user.id, reason=why)
    await announce(
        interaction,
        f"The league **{league_title(league)}** was deleted by "
        f"{shown(interaction.user.display_name)}"
        + (f". Reason: {shown(reason)}" if reason else "."),
        f"**{shown(league.name)}** deleted.",
    )


LEAGUE_COMMANDS: dict[str, Any] = {
    "create": create_command,
    "join": join_command,
    "leave": leave_command,
    "start": start_command,
    "fixtures": fixtures_command,
    "table": table_command,
    "results": results_command,
    "play": play_command,
    "forfeit": forfeit_command,
    "set-result": set_result_command,
    "end": end_command,
    "delete": delete_command,
}


# -- /leaderboard and /profile ---------------------------------------------------------------


async def default_game(interaction: discord.Interaction, game: str | None) -> str:
    """The game asked for; else the game of the guild's leagues when they all play one; else
    the referee's default game."""
    if game is not None:
        return check_game(game)
    if interaction.guild_id is not None:
        leagues = await service(interaction).leagues(interaction.guild_id)
        played = {league.game for league in leagues}
        if len(played) == 1:
            return played.pop()
    return games.DEFAULT


@app_commands.describe(game="The game (default: the one this server's leagues play)")
@app_commands.autocomplete(game=game_autocomplete)
@app_commands.guild_only()
@cooldowns.per_member(*cooldowns.IMAGES)
async def leaderboard_command(interaction: discord.Interaction, game: str | None = None) -> None:
    """The top ten rated members of a game here, and your own rank."""
    guild_id = guild_id_of(interaction)
    await interaction.response.defer(thinking=True)
    ruleset = await default_game(interaction, game)
    leagues = service(interaction)
    user = interaction.user
    top, caller = await leagues.leaderboard(guild_id, ruleset, user.id)
    ids = [s.user_id for s in top] + ([caller.user_id] if caller is not None else [])
    names = await names_for(interaction, ids)
    embed, image = await leaderboard_message(
        guild_id, ruleset, top, caller, user.display_name, names
    )
    await interaction.followup.send(embed=embed, file=image, allowed_mentions=NO_PINGS)


@app_commands.describe(
    member="Whose profile (default: yours)",
    game="The game (default: the one this server's leagues play)",
)
@app_commands.autocomplete(game=game_autocomplete)
@app_commands.guild_only()
@cooldowns.per_member(*cooldowns.IMAGES)
async def profile_command(
    interaction: discord.Interaction,
    member: discord.Member | None = None,
    game: str | None = None,
) -> None:
    """A member's rating, rank, record, goals, last five results and streak."""
    guild_id = guild_id_of(interaction)
    who = member or interaction.user
    await interaction.response.defer(thinking=True)
    ruleset = await default_game(interaction, game)
    leagues = service(interaction)
    profile = await leagues.profile(guild_id, ruleset, who.id)
    if profile is None:  # a refusal: private, like the others (cogs.errors)
        whose = "You have" if who.id == interaction.user.id else f"{shown(who.display_name)} has"
        raise PlayRefusal(
            f"{whose} no rated {games.title_of(ruleset)} match on this server yet, so no rating "
            "or rank. League matches and challenges with `ranked:true` are rated."
        )
    ids = [m.opponent_id for m in profile.last]
    names = await names_for(interaction, ids)
    embed, image = await profile_message(profile, who.display_name, ruleset, names)
    await interaction.followup.send(embed=embed, file=image, allowed_mentions=NO_PINGS)


# -- the extension ---------------------------------------------------------------------------


def league_group() -> app_commands.Group:
    group = app_commands.Group(
        name="league",
        description="Leagues: join, play your fixtures, see the table",
        guild_only=True,
    )
    for name, callback in LEAGUE_COMMANDS.items():
        description = (callback.__doc__ or name).split("\n\n")[0]
        description = " ".join(description.split())[:100]
        group.add_command(
            app_commands.Command(name=name, description=description, callback=callback)
        )
    return group


TOP_LEVEL = ("league", "leaderboard", "profile")


async def setup(bot: commands.Bot) -> None:
    bot.tree.add_command(league_group())
    for name, callback in (("leaderboard", leaderboard_command), ("profile", profile_command)):
        description = " ".join((callback.__doc__ or name).split())[:100]
        bot.tree.add_command(
            app_commands.Command(name=name, description=description, callback=callback)
        )


async def teardown(bot: commands.Bot) -> None:
    for name in TOP_LEVEL:
        bot.tree.remove_command(name)
