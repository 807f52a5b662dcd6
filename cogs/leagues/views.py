"""What the league commands show: the texts and embeds of fixtures, results, the table, the
leaderboard and a profile, and their images (``render.leagues``, drawn off the event loop
with ``asyncio.to_thread``).

Pure formatting over the store's records (``store.leagues``) and a ``names`` map (user id ->
display name); no Discord calls besides building ``discord.Embed`` and ``discord.File``. Names
and league names are members' text: in messages they are shown inert (``cogs.text.shown``:
``who``, ``league_title``); the images and the autocomplete draw them as typed (``name_of``,
``plain_title``).
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Mapping, Sequence
from typing import Any

import discord

from cogs.text import shown
from referee import games
from render.leagues.data import LeaderLine, ProfileCard, table_line
from render.leagues.profile import profile_png
from render.leagues.tables import leaderboard_png, table_png
from store.leagues import Profile, Standing, StoredFixture, StoredLeague, StoredResult

COLOUR = discord.Colour.green()
TABLE_FILE = "table.png"
LEADERBOARD_FILE = "leaderboard.png"
PROFILE_FILE = "profile.png"
FIELD_LIMIT = 1024  # characters in one embed field's value
DESCRIPTION_LIMIT = 4096
REASON_WORDS = {
    "full_time": "",
    "resigned": "resigned",
    "timeout": "timeout",
    "forfeit": "forfeit",
    "set_result": "set by an admin",
}


def name_of(names: Mapping[int, str], user_id: int) -> str:
    """A member's display name as typed (for images and autocomplete choices)."""
    return names.get(user_id) or f"Player {user_id}"


def who(names: Mapping[int, str], user_id: int) -> str:
    """A member's display name in a message: as it reads, no markdown, no mention."""
    return shown(name_of(names, user_id))


def plain_title(league: StoredLeague) -> str:
    """``Spring (FUBA, season 2)``, as typed (an image's title); the season only from the
    second one on."""
    season = f", season {league.season}" if league.season > 1 else ""
    return f"{league.name} ({games.title_of(league.game)}{season})"


def league_title(league: StoredLeague) -> str:
    """``plain_title`` in a message: the league's name shown inert."""
    season = f", season {league.season}" if league.season > 1 else ""
    return f"{shown(league.name)} ({games.title_of(league.game)}{season})"


def describe_league(league: StoredLeague) -> str:
    """The league's settings in words: game, rules, legs, status."""
    rules = league.options.get("rules", "basic") if league.options else "basic"
    legs = "two legs (home and away)" if league.legs == 2 else "one leg"
    return f"{games.title_of(league.game)}, {rules} rules, {legs}, {league.status}"


def score_text(result: StoredResult) -> str:
    """``2-1`` with the way it ended when it was not played to full time."""
    how = REASON_WORDS.get(result.reason, result.reason)
    return f"{result.home_goals}-{result.away_goals}" + (f" ({how})" if how else "")


def fixture_state(fixture: StoredFixture) -> str:
    """``2-1 (forfeit)`` for a decided fixture, else ``playing now`` or ``to play``."""
    if fixture.result is not None:
        return score_text(fixture.result)
    return "playing now" if fixture.status == "playing" else "to play"


def fixture_choice(fixture: StoredFixture, names: Mapping[int, str]) -> str:
    """A fixture as the admin commands offer it, its state first so it is never cut off:
    ``#12 round 1, decided 2-1 (forfeit): Ada v Brian`` / ``#13 round 1, to play: ...``."""
    home, away = name_of(names, fixture.home_id), name_of(names, fixture.away_id)
    state = fixture_state(fixture)
    if fixture.result is not None:
        state = f"decided {state}"
    return f"#{fixture.id} round {fixture.round}, {state}: {home} v {away}"


def fixture_text(fixture: StoredFixture, names: Mapping[int, str]) -> str:
    """``#12 Ada v Brian: 2-1`` / ``: playing now`` / ``: to play``."""
    home, away = who(names, fixture.home_id), who(names, fixture.away_id)
    return f"`#{fixture.id}` {home} v {away}: {fixture_state(fixture)}"


def fixtures_embed(
    league: StoredLeague, fixtures: Sequence[StoredFixture], names: Mapping[int, str]
) -> discord.Embed:
    """The fixtures by round, one field per round (rounds that do not fit are counted)."""
    embed = discord.Embed(title=f"Fixtures: {league_title(league)}", colour=COLOUR)
    if not fixtures:
        embed.description = (
            "No fixtures yet: they are drawn when an admin starts the league (`/league start`)."
            if league.status == "open"
            else "No fixtures."
        )
        return embed
    rounds: dict[int, list[StoredFixture]] = {}
    for fixture in fixtures:
        rounds.setdefault(fixture.round, []).append(fixture)
    size = len(embed.title or "")
    left_out = 0
    for number, in_round in sorted(rounds.items()):
        leg = f" (leg {in_round[0].leg})" if league.legs > 1 else ""
        value = "\n".join(fixture_text(f, names) for f in in_round)[:FIELD_LIMIT]
        field_name = f"Round {number}{leg}"
        if len(embed.fields) == 24 or size + len(value) + len(field_name) > 5500:
            left_out += 1
            continue
        size += len(value) + len(field_name)
        embed.add_field(name=field_name, value=value, inline=False)
    if left_out:
        embed.set_footer(text=f"{left_out} more rounds: ask for one with `round`.")
    else:
        embed.set_footer(text="The number after # is the fixture's id (forfeit, set-result).")
    return embed


def results_embed(
    league: StoredLeague, results: Sequence[StoredResult], names: Mapping[int, str]
) -> discord.Embed:
    lines = [
        f"`#{r.fixture_id}` {who(names, r.home_id)} {score_text(r)} {who(names, r.away_id)}"
        for r in results
    ]
    text = "\n".join(lines) if lines else "No results yet."
    if len(text) > DESCRIPTION_LIMIT:  # keep the latest
        kept: list[str] = []
        for line in reversed(lines):
            if sum(len(x) + 1 for x in kept) + len(line) > DESCRIPTION_LIMIT - 40:
                break
            kept.append(line)
        text = f"({len(lines) - len(kept)} earlier results)\n" + "\n".join(reversed(kept))
    return discord.Embed(title=f"Results: {league_title(league)}", description=text, colour=COLOUR)


def table_text(rows: Sequence[Any], names: Mapping[int, str]) -> str:
    """The table as text (the embed's description; the image shows the same)."""
    if not rows:
        return "Nobody has joined yet: `/league join`."
    lines = ["`Pos  P  W  D  L  GF GA  GD Pts` Player"]
    for row in rows:
        lines.append(
            f"`{row.position:>3} {row.played:>2} {row.won:>2} {row.drawn:>2} {row.lost:>2} "
            f"{row.goals_for:>3} {row.goals_against:>2} {row.goal_difference:>+3} "
            f"{row.points:>3}` {who(names, row.player)}"
        )
    return "\n".join(lines)[:DESCRIPTION_LIMIT]


async def table_message(
    league: StoredLeague, rows: Sequence[Any], names: Mapping[int, str], highlight: int | None
) -> tuple[discord.Embed, discord.File]:
    """The table embed with its image (drawn in a thread)."""
    embed = discord.Embed(
        title=f"Table: {league_title(league)}", description=table_text(rows, names), colour=COLOUR
    )
    embed.set_footer(
        text="3 points for a win, 1 for a draw. Ties: goal difference, goals scored, head to "
        "head, fewer forfeits, then who joined first."
    )
    lines = [table_line(row, name_of(names, row.player)) for row in rows]
    png = await asyncio.to_thread(
        table_png, plain_title(league), lines, highlight=_position_of(rows, highlight)
    )
    embed.set_image(url=f"attachment://{TABLE_FILE}")
    return embed, discord.File(io.BytesIO(png), filename=TABLE_FILE)


def _position_of(rows: Sequence[Any], user_id: int | None) -> int | None:
    return next((row.position for row in rows if row.player == user_id), None)


def rating_text(standing: Standing) -> str:
    return f"{standing.rating}{'?' if standing.provisional else ''}"


def record_text(standing: Standing) -> str:
    return f"{standing.wins}-{standing.draws}-{standing.losses}"


def leader_line(standing: Standing, names: Mapping[int, str]) -> LeaderLine:
    return LeaderLine(
        standing.rank,
        standing.display_name or name_of(names, standing.user_id),
        standing.rating,
        standing.wins,
        standing.draws,
        standing.losses,
        standing.provisional,
    )


def _standing_line(standing: Standing, names: Mapping[int, str], mine: bool) -> str:
    name = shown(standing.display_name or name_of(names, standing.user_id))
    text = (
        f"**{standing.rank}.** {name}: {rating_text(standing)} "
        f"({record_text(standing)} W-D-L, {standing.games} rated)"
    )
    return f"__{text}__" if mine else text


async def leaderboard_message(
    guild_id: int,
    game: str,
    top: Sequence[Standing],
    caller: Standing | None,
    caller_name: str,
    names: Mapping[int, str],
) -> tuple[discord.Embed, discord.File]:
    """The top ten and the caller's own line (below them when they are not among them)."""
    title = f"{games.title_of(game)} leaderboard"
    embed = discord.Embed(title=title, colour=COLOUR)
    mine = caller.user_id if caller is not None else None
    lines = [_standing_line(s, names, s.user_id == mine) for s in top]
    if not lines:
        lines = [f"Nobody has a rated {games.title_of(game)} match on this server yet."]
    if caller is not None and all(s.user_id != caller.user_id for s in top):
        lines += ["...", _standing_line(caller, names, True)]
    elif caller is not None:  # their line is in the list, underlined
        lines += ["", f"{shown(caller_name)}: rank {caller.rank}."]
    elif top:
        lines += [
            "",
            f"{shown(caller_name)}: no rated {games.title_of(game)} match yet, so no rank.",
        ]
    embed.description = "\n".join(lines)[:DESCRIPTION_LIMIT]
    embed.set_footer(
        text="Elo ratings from 1500; a ? marks a provisional rating (fewer than 10 rated "
        "matches). Rated: league matches and challenges with ranked:true."
    )
    you = leader_line(caller, names) if caller is not None else None
    png = await asyncio.to_thread(
        leaderboard_png, title, [leader_line(s, names) for s in top], caller=you
    )
    embed.set_image(url=f"attachment://{LEADERBOARD_FILE}")
    return embed, discord.File(io.BytesIO(png), filename=LEADERBOARD_FILE)


def streak_text(outcome: str, length: int) -> str:
    """
    >>> streak_text("W", 3), streak_text("D", 1), streak_text("L", 2)
    ('3 wins', '1 draw', '2 losses')
    """
    word = {"W": ("win", "wins"), "D": ("draw", "draws"), "L": ("loss", "losses")}[outcome]
    return f"{length} {word[0] if length == 1 else word[1]}"


async def profile_message(
    profile: Profile, name: str, game: str, names: Mapping[int, str]
) -> tuple[discord.Embed, discord.File]:
    """A member's rating, rank, record, goals, last five and streak in one game."""
    s = profile.standing
    embed = discord.Embed(title=f"{shown(name)}: {games.title_of(game)} profile", colour=COLOUR)
    provisional = " (provisional)" if s.provisional else ""
    embed.add_field(name="Rating", value=f"{s.rating}{provisional}")
    embed.add_field(name="Rank", value=f"#{s.rank}")
    embed.add_field(name="Rated matches", value=str(s.games))
    embed.add_field(name="Won / drawn / lost", value=f"{s.wins} / {s.draws} / {s.losses}")
    embed.add_field(name="Goals for / against", value=f"{s.goals_for} / {s.goals_against}")
    embed.add_field(
        name="Current streak", value=streak_text(profile.streak.outcome, profile.streak.length)
    )
    last = [
        f"{m.outcome} {m.goals_for}-{m.goals_against} v {who(names, m.opponent_id)} ({m.delta:+d})"
        for m in profile.last
    ]
    embed.add_field(
        name="Last results (newest first)", value="\n".join(last)[:FIELD_LIMIT] or "-", inline=False
    )
    card = ProfileCard(
        name=name,
        game=games.title_of(game),
        rating=s.rating,
        rank=s.rank,
        won=s.wins,
        drawn=s.draws,
        lost=s.losses,
        goals_for=s.goals_for,
        goals_against=s.goals_against,
        last_five=tuple(m.outcome for m in reversed(profile.last[:5])),  # oldest first
        streak=(profile.streak.outcome, profile.streak.length),
        provisional=s.provisional,
    )
    png = await asyncio.to_thread(profile_png, card)
    embed.set_image(url=f"attachment://{PROFILE_FILE}")
    return embed, discord.File(io.BytesIO(png), filename=PROFILE_FILE)
