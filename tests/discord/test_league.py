"""Leagues, ratings, leaderboards and profiles through the real commands (`/league ...`,
`/leaderboard`, `/profile`, ranked challenges), as members and admins see them."""

from __future__ import annotations

import re
from dataclasses import dataclass

import discord
import pytest
import simcord

from bot import create_bot
from botconfig import Settings
from cogs.errors import player_message
from referee.leagues.service import LeagueService
from tests.discord.test_dicesoccer import buttons
from tests.discord.test_play import private

PLAYERS = ("alice", "bob", "carol", "dave")


@dataclass
class Club:
    """A guild with a league channel, an admin (Manage Server) and members without it."""

    env: simcord.Env
    guild: simcord.GuildHandle
    channel: simcord.ChannelHandle
    admin: simcord.MemberActor
    players: list[simcord.MemberActor]

    def member(self, name: str) -> simcord.MemberActor:
        return next(p for p in self.players if p.name == name)

    @property
    def alice(self) -> simcord.MemberActor:
        return self.member("alice")

    @property
    def bob(self) -> simcord.MemberActor:
        return self.member("bob")

    @property
    def carol(self) -> simcord.MemberActor:
        return self.member("carol")

    @property
    def dave(self) -> simcord.MemberActor:
        return self.member("dave")


@pytest.fixture
def club(simcord_env: simcord.Env) -> Club:
    guild = simcord_env.create_guild("League club")
    channel = guild.create_text_channel("league")
    admins = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(simcord_env.create_user("ada"), roles=[admins])
    players = [guild.add_member(simcord_env.create_user(name)) for name in PLAYERS]
    return Club(simcord_env, guild, channel, admin, players)


def leagues(club: Club) -> LeagueService:
    cog = club.env.bot.get_cog("MatchPlay")
    assert cog is not None
    return cog.leagues


def refused(club: Club, result: simcord.InteractionResult) -> str:
    """A private refusal from a typed error (an untyped one, a bug, fails the test)."""
    text = private(result)
    for error in club.env.errors:
        assert player_message(error) is not None, error
    return text


def answer(result: simcord.InteractionResult) -> discord.Message:
    """The one public answer of a reading command (after a public defer)."""
    messages = [m for m in (result.response, *result.followups) if m is not None]
    public = [m for m in messages if not m.flags.ephemeral]
    assert len(public) == 1, messages
    return public[0]


def private_embed(result: simcord.InteractionResult) -> discord.Embed:
    """The embed of a private answer (after a private defer)."""
    messages = [m for m in (result.response, *result.followups) if m is not None]
    assert all(m.ephemeral for m in messages), messages
    [embed] = [e for m in messages for e in m.embeds]
    return embed


def public(channel: simcord.ChannelHandle) -> list[discord.Message]:
    return [m for m in channel.history() if not m.flags.ephemeral]


def text_of(message: discord.Message) -> str:
    return "\n".join([message.content, *(e.description or "" for e in message.embeds)])


async def season(club: Club, *names: str, game: str = "fuba") -> None:
    """The admin creates the league Spring, the members named join, the admin starts it."""
    reply = private(await club.admin.slash(club.channel, "league create", name="Spring", game=game))
    assert reply == "League **Spring** created."
    for name in names:
        joined = private(await club.member(name).slash(club.channel, "league join"))
        assert joined.startswith("You are in **Spring**")
    assert private(await club.admin.slash(club.channel, "league start")) == "**Spring** started."


def pinged(club: Club, message: discord.Message) -> tuple[set[int], set[int], bool]:
    """Whom a sent message pinged, as Discord decided it from its ``allowed_mentions``:
    (members, roles, everyone)."""
    sent = club.env.backend.messages[message.channel.id][message.id]
    return set(sent.ping_user_ids), set(sent.ping_role_ids), sent.mention_everyone


def table_lines(message: discord.Message) -> dict[str, tuple[int, ...]]:
    """name -> (position, P, W, D, L, GF, GA, GD, Pts) from the table embed's text."""
    rows = {}
    for line in (message.embeds[0].description or "").splitlines()[1:]:
        numbers, name = re.fullmatch(r"`([^`]*)` (.+)", line).groups()
        rows[name] = tuple(int(n) for n in numbers.split())
    return rows


def leaderboard_lines(message: discord.Message) -> list[tuple[int, str, int, str]]:
    """(rank, name, rating, W-D-L) of every line of the leaderboard embed."""
    found = re.findall(
        r"\*\*(\d+)\.\*\* (\w+): (\d+)\?? \((\d+-\d+-\d+) W-D-L",
        message.embeds[0].description or "",
    )
    return [(int(rank), name, int(rating), record) for rank, name, rating, record in found]


async def resign_fixture(
    club: Club, home: simcord.MemberActor, loser: simcord.MemberActor, where: simcord.ChannelHandle
) -> discord.Message:
    """``home`` starts their next fixture with `/league play` in ``where`` itself (not a
    thread); ``loser`` resigns it."""
    started = private(await home.slash(where, "league play", thread=False))
    assert "league match against" in started and "/fuba" in started
    kick_off, board = public(where)[-2:]  # the kick-off stays as a highlight above the board
    assert kick_off.content.startswith("**League match: Spring, round")
    assert re.fullmatch(r"FUBA match #\d+", board.embeds[0].title or "")
    assert private(await loser.slash(where, "fuba resign")) == ""  # the board says it
    return next(m for m in reversed(public(where)) if m.embeds and m.embeds[0].title == "Resigned")


# -- a season --------------------------------------------------------------------------------


async def test_a_season_of_four_played_through_the_commands(club: Club) -> None:
    await season(club, *PLAYERS)
    started = text_of(public(club.channel)[-1])
    assert "**Spring (FUBA)** has started: 6 fixtures in 3 rounds." in started

    embed = private_embed(await club.alice.slash(club.channel, "league fixtures"))
    assert embed.title == "Fixtures: Spring (FUBA)"
    assert [f.name for f in embed.fields] == ["Round 1", "Round 2", "Round 3"]
    assert sum(f.value.count(" v ") for f in embed.fields) == 6
    assert all("to play" in f.value for f in embed.fields)

    # Every fixture in round order; the member listed first in PLAYERS wins (the loser
    # resigns before kick-off: the game's forfeit score, 3-0).
    order = {name: i for i, name in enumerate(PLAYERS)}
    names = {p.id: p for p in club.players}
    for fixture in await leagues(club).fixtures(club.guild.id, "Spring"):
        home, away = names[fixture.home_id], names[fixture.away_id]
        loser = max(home, away, key=lambda m: order[m.name])
        final = await resign_fixture(club, home, loser, club.channel)
        narration = text_of(final)
        assert "recorded. League table updated" in narration and "Ratings:" in narration

    table = answer(await club.bob.slash(club.channel, "league table"))
    assert [a.filename for a in table.attachments] == ["table.png"]
    assert table.embeds[0].image.url == "attachment://table.png"
    assert table_lines(table) == {
        "alice": (1, 3, 3, 0, 0, 9, 0, 9, 9),
        "bob": (2, 3, 2, 0, 1, 6, 3, 3, 6),
        "carol": (3, 3, 1, 0, 2, 3, 6, -3, 3),
        "dave": (4, 3, 0, 0, 3, 0, 9, -9, 0),
    }

    results = private_embed(await club.carol.slash(club.channel, "league results")).description
    assert results is not None and len(re.findall(r"(3-0|0-3) \(resigned\)", results)) == 6

    board = answer(await club.dave.slash(club.channel, "leaderboard"))
    assert [a.filename for a in board.attachments] == ["leaderboard.png"]
    lines = leaderboard_lines(board)
    assert [(rank, name, record) for rank, name, _, record in lines] == [
        (1, "alice", "3-0-0"),
        (2, "bob", "2-0-1"),
        (3, "carol", "1-0-2"),
        (4, "dave", "0-0-3"),
    ]
    ratings = [rating for _, _, rating, _ in lines]
    assert ratings == sorted(ratings, reverse=True) and ratings[0] > 1500 > ratings[-1]
    stored = {
        s.user_id: s.rating for s in (await leagues(club).leaderboard(club.guild.id, "fuba"))[0]
    }
    assert ratings == [stored[club.member(name).id] for name in PLAYERS]

    profile = answer(await club.bob.slash(club.channel, "profile", member=club.alice))
    assert [a.filename for a in profile.attachments] == ["profile.png"]
    fields = {f.name: f.value for f in profile.embeds[0].fields}
    assert profile.embeds[0].title == "alice: FUBA profile"
    assert fields["Rank"] == "#1" and fields["Won / drawn / lost"] == "3 / 0 / 0"
    assert fields["Goals for / against"] == "9 / 0" and fields["Current streak"] == "3 wins"
    assert fields["Rating"].startswith(str(ratings[0]))

    # the season ends; its table stays readable
    assert private(await club.admin.slash(club.channel, "league end")) == "**Spring** ended."
    assert "alice tops the final table" in public(club.channel)[-1].content
    assert "no fixture left" in refused(club, await club.alice.slash(club.channel, "league play"))


async def test_league_names_and_games_are_offered_while_typing(club: Club) -> None:
    games = await club.admin.autocomplete(club.channel, "league create", "game", "")
    assert {c["value"] for c in games} == {"fuba", "dicesoccer", "simplesoccer", "socceristic"}
    await club.admin.slash(club.channel, "league create", name="Spring", game="dicesoccer")
    offered = await club.alice.autocomplete(club.channel, "league join", "name", "spr")
    assert [c["value"] for c in offered] == ["Spring"]
    assert "Sports Dice Soccer" in offered[0]["name"]


async def test_league_names_are_read_without_invisible_characters(club: Club) -> None:
    for blank in ("\u200b", " \u2060 \ufeff"):
        refusal = refused(
            club, await club.admin.slash(club.channel, "league create", name=blank, game="fuba")
        )
        assert refusal == (
            "A league name needs at least one letter, digit or sign you can see; this one has none."
        )
    assert await leagues(club).leagues(club.guild.id) == []
    created = await club.admin.slash(
        club.channel, "league create", name="Spr\u200bing\u00a0 Cup", game="fuba"
    )
    assert private(created) == "League **Spring Cup** created."
    again = refused(
        club,
        await club.admin.slash(club.channel, "league create", name="Spring Cup\u2060", game="fuba"),
    )
    assert "already" in again and "Spring Cup" in again
    joined = private(await club.alice.slash(club.channel, "league join", name="\ufeffSpring  Cup"))
    assert joined.startswith("You are in **Spring Cup**")
    offered = await club.bob.autocomplete(club.channel, "league join", "name", "spr\u200bing c")
    assert [c["value"] for c in offered] == ["Spring Cup"]
    assert "at least one letter" in refused(
        club, await club.bob.slash(club.channel, "league join", name="\u200b")
    )
    [league] = await leagues(club).leagues(club.guild.id)
    assert league.name == "Spring Cup"


async def test_a_dice_soccer_league_match_counts_when_resigned(club: Club) -> None:
    await season(club, "alice", "bob", game="dicesoccer")
    assert private(await club.alice.slash(club.channel, "league play", thread=False)).endswith(
        "The result counts at the final whistle."
    )
    assert private(await club.alice.slash(club.channel, "dicesoccer resign")) == ""
    assert public(club.channel)[-2].embeds[0].title == "Resigned"
    table = table_lines(answer(await club.alice.slash(club.channel, "league table")))
    assert table["bob"][0:5] == (1, 1, 1, 0, 0) and table["bob"][-1] == 3
    assert table["alice"][4] == 1


async def test_a_dice_soccer_league_match_lets_the_members_roll(club: Club) -> None:
    """Like the friendly: the kick-off names both players and pings exactly them, and each
    member presses Roll the dice; the bot does not roll for them."""
    await season(club, "alice", "bob", game="dicesoccer")
    private(await club.alice.slash(club.channel, "league play", thread=False))
    kick_off = public(club.channel)[-1]
    assert club.alice.mention in kick_off.content and club.bob.mention in kick_off.content
    assert pinged(club, kick_off) == ({club.alice.id, club.bob.id}, set(), False)
    assert "Roll the dice" in buttons(kick_off)
    assert "`/dicesoccer roll` (or the Roll the dice button)" in kick_off.content
    match = await leagues(club).referee.store.active_match(club.channel.id)
    assert match is not None and match.options.get("player_rolls") is True
    history = await leagues(club).referee.store.history(match.id)
    assert not [e for e in history.log if e.action.kind == "roll"]  # nobody has rolled yet
    roller = club.alice if kick_off.content.count(club.alice.mention) > 1 else club.bob
    roll = buttons(kick_off)["Roll the dice"]
    assert private(await roller.click(kick_off, custom_id=roll)) == ""
    history = await leagues(club).referee.store.history(match.id)
    assert [e.user_id for e in history.log if e.action.kind == "roll"] == [roller.id]


# -- permissions -----------------------------------------------------------------------------


async def test_members_without_manage_server_cannot_run_the_admin_commands(club: Club) -> None:
    carol = club.member("carol")
    refusal = refused(
        club, await carol.slash(club.channel, "league create", name="Mine", game="fuba")
    )
    assert refusal == (
        "Only members with the Manage Server permission can create a league; ask a server admin."
    )
    assert "no open or running league" in refused(
        club, await carol.slash(club.channel, "league join")
    )

    await club.admin.slash(club.channel, "league create", name="Spring", game="fuba")
    for name in ("alice", "bob"):
        await club.member(name).slash(club.channel, "league join")
    assert "can start a league" in refused(club, await carol.slash(club.channel, "league start"))
    listed = private_embed(await club.alice.slash(club.channel, "league fixtures"))
    assert "No fixtures yet" in (listed.description or "")

    await club.admin.slash(club.channel, "league start")
    [fixture] = await leagues(club).fixtures(club.guild.id, "Spring")
    refusal = refused(
        club,
        await carol.slash(
            club.channel,
            "league set-result",
            fixture=fixture.id,
            home_goals=5,
            away_goals=0,
            reason="I say so",
        ),
    )
    assert "can set a result" in refusal
    assert "can award a forfeit" in refused(
        club,
        await carol.slash(
            club.channel, "league forfeit", fixture=fixture.id, loser=club.alice, reason="x"
        ),
    )
    assert "can end a league" in refused(club, await carol.slash(club.channel, "league end"))
    assert "can delete a league" in refused(
        club, await carol.slash(club.channel, "league delete", name="Spring")
    )
    # nothing changed
    [fixture] = await leagues(club).fixtures(club.guild.id, "Spring")
    assert fixture.result is None
    league, _ = await leagues(club).table(club.guild.id, "Spring")
    assert league.status == "running"

    # the admin can, with a reason kept in the audit trail
    reply = await club.admin.slash(
        club.channel,
        "league set-result",
        fixture=fixture.id,
        home_goals=2,
        away_goals=1,
        reason="played at the club night",
    )
    assert private(reply) == "Result set."
    assert "Reason: played at the club night" in public(club.channel)[-1].content
    [entry] = await leagues(club).audit(club.guild.id, "Spring")
    assert entry.actor_id == club.admin.id and entry.reason == "played at the club night"
    deleted = await club.admin.slash(club.channel, "league delete", name="Spring")
    assert private(deleted) == "**Spring** deleted."
    assert "no league called 'Spring'" in refused(
        club, await club.alice.slash(club.channel, "league table", name="Spring")
    )


# -- restarts --------------------------------------------------------------------------------


async def test_a_league_match_in_progress_survives_a_restart_and_counts(
    club: Club, settings: Settings
) -> None:
    await season(club, "alice", "bob")
    started = private(await club.alice.slash(club.channel, "league play", thread=True))
    [thread] = club.channel.threads
    assert f"is on in <#{thread.id}>" in started
    assert thread.name == "Spring: alice v bob"
    opening = thread.last_message
    assert opening is not None and club.alice.mention in opening.content

    await club.env.restart_bot(create_bot(settings))

    assert private(await club.alice.slash(thread, "fuba formation", shape="4-4-2")).startswith(
        "Your formation"
    )
    assert private(await club.bob.slash(thread, "fuba resign")) == ""
    table = table_lines(answer(await club.bob.slash(club.channel, "league table")))
    assert table["alice"] == (1, 1, 1, 0, 0, 3, 0, 3, 3)
    assert table["bob"] == (2, 1, 0, 0, 1, 0, 3, -3, 0)
    lines = leaderboard_lines(answer(await club.bob.slash(club.channel, "leaderboard")))
    assert [(name, record) for _, name, _, record in lines] == [
        ("alice", "1-0-0"),
        ("bob", "0-0-1"),
    ]
    assert lines[0][2] > 1500 > lines[1][2]


# -- leaderboard and profiles ----------------------------------------------------------------


async def ranked_win(club: Club, winner: simcord.MemberActor, loser: simcord.MemberActor) -> None:
    """A ranked friendly: ``winner`` challenges, ``loser`` accepts and resigns."""
    assert (
        private(
            await winner.slash(
                club.channel, "fuba challenge", opponent=loser, ranked=True, thread=False
            )
        )
        == ""
    )
    assert "challenges you to a ranked FUBA match" in public(club.channel)[-1].content
    assert private(await loser.slash(club.channel, "fuba accept")) == ""
    kick_off = public(club.channel)[-2]  # a highlight above the live board
    assert kick_off.content.startswith("**Kick-off soon: a new ranked match**")
    assert private(await loser.slash(club.channel, "fuba resign")) == ""


async def test_the_leaderboard_shows_the_callers_own_line_outside_the_top_ten(
    club: Club,
) -> None:
    others = [club.guild.add_member(club.env.create_user(f"p{i:02}")) for i in range(11)]
    zoe = club.guild.add_member(club.env.create_user("zoe"))
    for winner, loser in zip(others[0::2], others[1::2], strict=False):
        await ranked_win(club, winner, loser)
    await ranked_win(club, others[10], zoe)
    await ranked_win(club, others[0], zoe)

    board = answer(await zoe.slash(club.channel, "leaderboard", game="fuba"))
    lines = leaderboard_lines(board)
    assert len(lines) == 11
    assert [rank for rank, *_ in lines[:10]] == list(range(1, 11))
    rank, name, rating, record = lines[10]
    assert (rank, name, record) == (12, "zoe", "0-0-2") and rating < 1500
    assert "...\n__**12.** zoe" in board.embeds[0].description
    assert [a.filename for a in board.attachments] == ["leaderboard.png"]

    # a member with no rated match: no rank, said plainly
    board = answer(await club.member("dave").slash(club.channel, "leaderboard"))
    assert "dave: no rated FUBA match yet, so no rank." in board.embeds[0].description


async def test_the_leaderboard_gives_a_caller_in_the_top_ten_their_rank(club: Club) -> None:
    await ranked_win(club, club.alice, club.bob)
    for member, rank in ((club.alice, 1), (club.bob, 2)):
        board = answer(await member.slash(club.channel, "leaderboard"))
        text = board.embeds[0].description or ""
        assert "no rated" not in text
        assert text.endswith(f"\n\n{member.name}: rank {rank}.")
        assert f"__**{rank}.** {member.name}:" in text  # their line in the list, underlined
    board = answer(await club.carol.slash(club.channel, "leaderboard"))
    assert (board.embeds[0].description or "").endswith(
        "carol: no rated FUBA match yet, so no rank."
    )


async def test_a_profile_without_a_rated_match_says_so_privately(club: Club) -> None:
    reply = refused(club, await club.alice.slash(club.channel, "profile", member=club.carol))
    assert reply == (
        "carol has no rated FUBA match on this server yet, so no rating or rank. League "
        "matches and challenges with `ranked:true` are rated."
    )
    assert not public(club.channel)
    mine = refused(club, await club.alice.slash(club.channel, "profile", game="dicesoccer"))
    assert mine.startswith("You have no rated Sports Dice Soccer match")
    assert not public(club.channel)


async def test_a_friendly_is_not_rated_and_the_coach_is_never_ranked(club: Club) -> None:
    alice, bob = club.member("alice"), club.member("bob")
    await alice.slash(club.channel, "fuba challenge", opponent=bob, thread=False)
    assert "challenges you to a FUBA match" in public(club.channel)[-1].content
    await bob.slash(club.channel, "fuba accept")
    assert private(await bob.slash(club.channel, "fuba resign")) == ""
    assert await leagues(club).referee.store.active_match(club.channel.id) is None
    assert await leagues(club).profile(club.guild.id, "fuba", alice.id) is None

    bot = simcord.MemberActor(
        club.env, club.guild, simcord.UserHandle(club.env, club.env.backend.bot_user)
    )
    refusal = refused(
        club, await alice.slash(club.channel, "fuba challenge", opponent=bot, ranked=True)
    )
    assert "not ranked" in refusal


async def test_refusals_name_the_problem(club: Club) -> None:
    refusal = refused(
        club, await club.admin.slash(club.channel, "league create", name="X", game="chess")
    )
    assert refusal.startswith("There is no game called 'chess' here; choose one of")
    await season(club, "alice", "bob")
    assert "already" in refused(
        club, await club.admin.slash(club.channel, "league create", name="Spring", game="fuba")
    )
    assert "no fixture left" in refused(club, await club.carol.slash(club.channel, "league play"))
    await club.alice.slash(club.channel, "fuba challenge", opponent=club.carol)
    busy = refused(club, await club.alice.slash(club.channel, "league play", thread=False))
    assert busy.startswith("There is already an open challenge in this channel")
    # the fixture is still there to play, in a thread (the default where the bot may open one)
    assert "is on in <#" in private(await club.alice.slash(club.channel, "league play"))


async def test_fixture_ids_are_offered_to_the_admin(club: Club) -> None:
    await season(club, "alice", "bob", "carol")
    fixtures = await leagues(club).fixtures(club.guild.id, "Spring")
    offered = await club.admin.autocomplete(club.channel, "league forfeit", "fixture", "")
    assert [c["value"] for c in offered] == [f.id for f in fixtures]
    assert offered[0]["name"].startswith(f"#{fixtures[0].id} round 1, to play: ")
    loser = next(p for p in club.players if p.id == fixtures[0].home_id)
    reply = await club.admin.slash(
        club.channel, "league forfeit", fixture=fixtures[0].id, loser=loser, reason="no show"
    )
    assert private(reply) == "Forfeit recorded."
    announced = public(club.channel)[-1].content
    assert f"{loser.name} forfeits" in announced and "0-3" in announced
    assert announced.endswith("Reason: no show")
    offered = await club.admin.autocomplete(club.channel, "league forfeit", "fixture", "")
    assert [c["value"] for c in offered] == [f.id for f in fixtures[1:]] + [fixtures[0].id]
    assert offered[-1]["name"].startswith(f"#{fixtures[0].id} round 1, decided 0-3 (forfeit): ")


async def test_a_decided_fixture_is_shown_and_replaced_only_when_asked(club: Club) -> None:
    await season(club, "alice", "bob", "carol")
    first, *_ = await leagues(club).fixtures(club.guild.id, "Spring")
    home = next(p for p in club.players if p.id == first.home_id)
    away = next(p for p in club.players if p.id == first.away_id)
    # the home player starts their fixture and the other resigns: 3-0, resigned
    await resign_fixture(club, home, away, club.channel)
    offered = await club.admin.autocomplete(club.channel, "league set-result", "fixture", "")
    names = {c["value"]: c["name"] for c in offered}
    assert names[first.id] == (
        f"#{first.id} round 1, decided 3-0 (resigned): {home.name} v {away.name}"
    )
    assert all(", to play: " in n for v, n in names.items() if v != first.id)

    # without overwrite: refused, saying what the result is and how to replace it
    for command, options in (
        ("league set-result", {"home_goals": 1, "away_goals": 1}),
        ("league forfeit", {"loser": home}),
    ):
        refusal = refused(
            club,
            await club.admin.slash(
                club.channel, command, fixture=first.id, reason="replay", **options
            ),
        )
        assert refusal == (
            f"Fixture #{first.id} already has a result: {home.name} 3-0 {away.name} (resigned). "
            "To replace it, run the command again with `overwrite:true`."
        )
    [kept] = await leagues(club).results(club.guild.id, "Spring")
    assert (kept.home_goals, kept.away_goals, kept.reason) == (3, 0, "resigned")
    assert await leagues(club).audit(club.guild.id, "Spring") == []

    # with it: replaced, and both the reply and the announcement say what it replaced
    reply = private(
        await club.admin.slash(
            club.channel,
            "league set-result",
            fixture=first.id,
            home_goals=1,
            away_goals=1,
            reason="replayed at the club",
            overwrite=True,
        )
    )
    was = f"{home.name} 3-0 {away.name} (resigned)"
    assert reply == f"Result set; it replaces {was}."
    announced = public(club.channel)[-1].content
    assert f"{home.name} 1-1 {away.name}" in announced and f"It replaces {was}." in announced
    [entry] = await leagues(club).audit(club.guild.id, "Spring")
    assert (entry.details["home_goals"], entry.details["away_goals"]) == (1, 1)
    assert entry.details["replaced"]["reason"] == "resigned"
    assert (entry.details["replaced"]["home_goals"], entry.details["replaced"]["away_goals"]) == (
        3,
        0,
    )
    offered = await club.admin.autocomplete(club.channel, "league set-result", "fixture", "")
    assert f"#{first.id} round 1, decided 1-1 (set by an admin): " in offered[0]["name"]


async def test_league_pictures_are_drawn_off_the_event_loop(
    club: Club, monkeypatch: pytest.MonkeyPatch
) -> None:
    import threading

    import cogs.leagues.views as views

    seen: dict[str, int] = {}
    for name in ("table_png", "leaderboard_png", "profile_png"):
        draw = getattr(views, name)

        def wrapper(
            *args: object, _draw: object = draw, _name: str = name, **kwargs: object
        ) -> bytes:
            seen[_name] = threading.get_ident()
            return _draw(*args, **kwargs)  # type: ignore[operator]

        monkeypatch.setattr(views, name, wrapper)
    await season(club, "alice", "bob")
    await resign_fixture(club, club.alice, club.bob, club.channel)
    await club.alice.slash(club.channel, "league table")
    await club.alice.slash(club.channel, "leaderboard")
    await club.alice.slash(club.channel, "profile")
    assert set(seen) == {"table_png", "leaderboard_png", "profile_png"}
    assert threading.get_ident() not in seen.values()


async def test_league_play_starts_the_fixture_it_announces(
    club: Club, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The opponent starts the caller's next fixture elsewhere while `/league play` runs: the
    caller is refused, rather than given a match against someone the kick-off does not name."""
    from referee import games
    from store.repository import Seat

    await season(club, "alice", "bob", "carol")
    service = leagues(club)
    _, first = await service.next_fixture(club.guild.id, club.alice.id)
    elsewhere = club.guild.create_text_channel("elsewhere")
    original = service.next_fixture
    raced = False

    async def racing(guild_id: int, user_id: int, name: str | None = None) -> object:
        nonlocal raced
        found = await original(guild_id, user_id, name)
        if not raced:  # the fixture is started in another channel meanwhile
            raced = True
            home, away = games.get("fuba").ruleset.sides
            seats = [Seat(home, first.home_id, "home"), Seat(away, first.away_id, "away")]
            out = await service.referee.start_match(club.guild.id, elsewhere.id, seats)
            await service.store.attach_match(first.id, out.match_id)
        return found

    monkeypatch.setattr(service, "next_fixture", racing)
    refusal = refused(club, await club.alice.slash(club.channel, "league play", thread=False))
    assert refusal.startswith("That fixture is already being played")
    assert await service.referee.store.active_match(club.channel.id) is None


# -- hostile names ---------------------------------------------------------------------------

HOSTILE = "@everyone <@&{role}> **x** <@{alice}>"


def sent(club: Club, *channels: simcord.ChannelHandle) -> list[object]:
    """Every message the bot sent in these channels, private answers too, as Discord keeps
    them (content, embeds, allowed mentions and whom they pinged)."""
    found = []
    for channel in channels:
        found += [
            m
            for m in club.env.backend.messages.get(channel.id, {}).values()
            if m.author_id == club.env.backend.bot_user.id
        ]
    return sorted(found, key=lambda m: m.id)


def words(message: object) -> str:
    """All the text of a stored message: content, embed titles, descriptions, fields."""
    parts = [message.content or ""]
    for embed in message.embeds:
        parts += [embed.get("title", ""), embed.get("description", "")]
        parts += [f"{f['name']}\n{f['value']}" for f in embed.get("fields", [])]
        parts.append((embed.get("footer") or {}).get("text", ""))
    return "\n".join(parts)


async def test_hostile_display_and_league_names_are_shown_inert_and_ping_nobody(
    club: Club,
) -> None:
    """A member called like a mass mention and a league named with a mention: every league
    message shows them as typed, with no markdown, and pings nobody (the kick-off's board
    only its two players)."""
    role = club.guild.create_role("Everyone's role", mentionable=True)
    alice, bob = club.alice, club.bob
    nick = HOSTILE.format(role=role.id, alice=alice.id)
    mallory = club.guild.add_member(club.env.create_user("mallory"), nick=nick)
    league = f"Cup <@{alice.id}> @here"
    admin = club.admin
    assert private(await admin.slash(club.channel, "league create", name=league, game="fuba"))
    for member in (mallory, bob):
        assert private(await member.slash(club.channel, "league join", name=league))
    await admin.slash(club.channel, "league start", name=league)
    assert "has started: 1 fixture in 1 round. Round 1: " in public(club.channel)[-1].content
    await mallory.slash(club.channel, "league fixtures", public=True)
    [fixture] = await leagues(club).fixtures(club.guild.id, league)
    private(await mallory.slash(club.channel, "league play", thread=True))
    [thread] = club.channel.threads
    highlight, kick_off = sent(club, thread)[-2:]  # the kick-off's highlight, then its board
    assert words(highlight).startswith("**League match: ") and not highlight.ping_user_ids
    assert set(kick_off.ping_user_ids) == {mallory.id, bob.id}  # the only message that pings
    assert private(await bob.slash(thread, "fuba resign")) == ""
    await admin.slash(
        club.channel,
        "league set-result",
        fixture=fixture.id,
        home_goals=1,
        away_goals=2,
        reason=f"@everyone <@{alice.id}> said so",
        overwrite=True,
        name=league,
    )
    await admin.slash(
        club.channel,
        "league forfeit",
        fixture=fixture.id,
        loser=mallory,
        reason="<@&{role.id}> **late**",
        overwrite=True,
        name=league,
    )
    for command in ("league table", "league results"):
        await mallory.slash(club.channel, command, name=league, public=True)
    await mallory.slash(club.channel, "leaderboard")
    await bob.slash(club.channel, "leaderboard")
    await bob.slash(club.channel, "profile", member=mallory)
    await admin.slash(club.channel, "league end", name=league)
    await admin.slash(club.channel, "league delete", name=league, reason="@here **gone**")

    messages = sent(club, club.channel, thread)
    assert len(messages) > 20
    for message in messages:  # the kick-off's board was edited since: a ping is not repeated
        text = words(message)
        assert not message.ping_user_ids, text
        assert not message.ping_role_ids and not message.mention_everyone, text
        assert "@everyone" not in text and "@here" not in text, text
        assert f"<@&{role.id}>" not in text and f"<@{alice.id}>" not in text, text
        if message.type == discord.MessageType.thread_created.value:
            continue  # Discord's own "started a thread" line: the thread's name, plain text
        policy = message.allowed_mentions
        assert not policy.everyone and not policy.roles, text
        assert "**x**" not in text and "**late**" not in text and "**gone**" not in text, text
    shown = [words(m) for m in messages]
    # the names are there, as typed (escaped, not dropped)
    assert any("@\u200beveryone <@\u200b&" in t and "\\*\\*x\\*\\*" in t for t in shown)
    assert any(f"Cup <@\u200b{alice.id}> @\u200bhere" in t for t in shown)


async def test_a_league_match_whose_kick_off_cannot_be_posted_is_called_off(club: Club) -> None:
    """Discord refuses the kick-off (no Attach Files, say): the match is called off, the
    fixture is to be played again, and the member is told what the bot lacks."""
    await season(club, "alice", "bob")
    # both the kick-off's highlight and its board are refused
    club.env.inject_error("POST", "/channels/*/messages", status=403, code=50013, times=2)
    refusal = refused(club, await club.alice.slash(club.channel, "league play", thread=False))
    assert "I can't post here: I need Send Messages, Embed Links and Attach Files" in refusal
    assert await leagues(club).referee.store.active_match(club.channel.id) is None
    [fixture] = await leagues(club).fixtures(club.guild.id, "Spring")
    assert (fixture.status, fixture.match_id) == ("pending", None)
    # the channel is free again
    private(await club.alice.slash(club.channel, "league play", thread=False))
    assert await leagues(club).referee.store.active_match(club.channel.id) is not None
