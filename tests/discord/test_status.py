"""`/<game> status` for anyone in the channel (players and spectators, privately: the match at
a glance, a secret formation only for its side, the turn clock and an expiry), and
`/<game> claim` after a turn timeout (the win, or `coach:True` for the coach), refused clearly
before the opponent's time ran out, to spectators, and without a turn clock."""

from __future__ import annotations

from datetime import timedelta

import simcord

from store.models import MatchStatus
from tests.discord.conftest import World
from tests.discord.test_dicesoccer import challenge_accepted as dice_challenge_accepted
from tests.discord.test_play import challenge_accepted, private, public, refused, text_of
from tests.discord.test_timeouts import Clock, expired_for_bob, play_cog

EXPIRED = (
    "bob (East) ran out of time: alice (West) may claim the win with `/fuba claim` or let the "
    "coach play with `/fuba claim coach:True`."
)


async def status(world: World, member: simcord.MemberActor, game: str = "fuba") -> list[str]:
    return private(await member.slash(world.channel, f"{game} status")).splitlines()


async def timed_match(world: World) -> Clock:
    """Alice and Bob play with a 2-minute turn timeout on a clock the test moves; Alice has
    chosen her formation at once: Bob's time runs out 2 minutes after the start."""
    cog = play_cog(world)
    clock = Clock()
    cog.referee.clock = cog.dispatcher.clock = clock
    await challenge_accepted(world, turn_timeout=2)
    assert private(await world.alice.slash(world.channel, "fuba formation", shape="4-4-2"))
    return clock


async def test_a_spectator_and_the_players_see_the_match_at_a_glance(world: World) -> None:
    await challenge_accepted(world)
    await world.alice.slash(world.channel, "fuba formation", shape="3-4-3")

    watching = await status(world, world.carol)
    assert watching[:3] == [
        "Match #1: alice 0 v bob 0",
        "1st half, 0'",
        "Ball: area 7, value 2, nobody has it yet",
    ]
    assert watching[3].startswith("Chances: alice ") and "% · Draw " in watching[3]
    assert watching[4].startswith(f"{world.bob.mention} (East): Choose your formation")
    assert watching[5] == "You are watching this match."
    assert watching[6].startswith("Dice seed SHA-256: ") and len(watching) == 7
    # Alice's formation is secret: only her own status shows it
    assert not any("3-4-3" in line for line in watching)
    bob = await status(world, world.bob)
    assert not any("3-4-3" in line for line in bob if not line.startswith("Your choices"))
    alice = await status(world, world.alice)
    assert "West's formation (secret until both have chosen): 3-4-3" in alice

    await world.bob.slash(world.channel, "fuba formation", shape="4-4-2")
    watching = await status(world, world.carol)
    assert "Formations: West 3-4-3, East 4-4-2" in watching
    assert not any("secret" in line for line in watching)
    assert not any("left to decide" in line for line in watching)  # no turn clock


async def test_status_has_the_time_left_then_who_ran_out_of_time(world: World) -> None:
    clock = await timed_match(world)
    clock.offset = timedelta(seconds=61)
    watching = await status(world, world.carol)
    assert "bob (East): 59 seconds left to decide." in watching
    assert not any("alice (West):" in line for line in watching)  # nothing to decide
    clock.offset = timedelta(minutes=3)
    assert await play_cog(world).dispatcher.tick() == 1
    for member in (world.carol, world.alice, world.bob):
        lines = await status(world, member)
        assert EXPIRED in lines and not any("left to decide" in line for line in lines)


async def test_a_claim_before_the_time_ran_out_is_refused_privately(world: World) -> None:
    clock = await timed_match(world)
    clock.offset = timedelta(seconds=60)
    posted = len(public(world))
    for options in ({}, {"coach": True}):
        answer = await world.alice.slash(world.channel, "fuba claim", **options)
        assert refused(world, answer) == "bob (East) still has 1 minute to decide."
    answer = await world.bob.slash(world.channel, "fuba claim")
    assert refused(world, answer) == "It is not your opponent's decision now: nobody is late."
    answer = await world.carol.slash(world.channel, "fuba claim")
    assert refused(world, answer) == "You are not playing in this match."
    assert len(public(world)) == posted
    stored = await play_cog(world).referee.store.active_match(world.channel.id)
    assert stored is not None and stored.options.get("coach_side") is None


async def test_a_claim_without_a_turn_clock_is_refused(world: World) -> None:
    await challenge_accepted(world)
    answer = await world.alice.slash(world.channel, "fuba claim")
    assert refused(world, answer) == (
        "This match has no turn clock, so nobody can run out of time."
    )


async def test_claim_wins_after_the_expiry_like_the_button(world: World) -> None:
    _, match_id, _ = await expired_for_bob(world)
    store = play_cog(world).referee.store
    late = await world.bob.slash(world.channel, "fuba claim")
    assert "You are the one who ran out of time" in refused(world, late)
    assert "not playing" in refused(world, await world.carol.slash(world.channel, "fuba claim"))

    won = await world.alice.slash(world.channel, "fuba claim")
    assert private(won) == ""  # the board says it
    final, report = public(world)[-2:]
    assert (report.embeds[0].title or "").startswith("Full time")
    assert final.embeds[0].title == "Won on time" and "alice (West) wins." in final.content
    assert not final.components
    stored = await store.get_match(match_id)
    assert stored.status is MatchStatus.FINISHED
    assert stored.result is not None and stored.result["reason"] == "timeout"


async def test_a_lost_expiry_message_then_the_coach_plays_by_command(world: World) -> None:
    clock = await timed_match(world)
    posted = len(public(world))
    world.env.inject_error("POST", "/channels/*/messages", status=403, code=50013)
    clock.offset = timedelta(minutes=3)
    await play_cog(world).dispatcher.tick()  # the expiry fires; its message is lost
    assert len(public(world)) == posted
    assert EXPIRED in await status(world, world.alice)

    coached = await world.alice.slash(world.channel, "fuba claim", coach=True)
    assert private(coached) == ""
    assert "automatic coach plays East" in text_of(public(world)[-1])
    stored = await play_cog(world).referee.store.active_match(world.channel.id)
    assert stored is not None and stored.options["coach_side"] == "east"


async def test_sports_dice_soccer_status_and_claim(world: World) -> None:
    await dice_challenge_accepted(world)
    watching = await status(world, world.carol, "dicesoccer")
    assert watching[:4] == [
        "Match #1: alice 0 v bob 0",
        "First to 3 goals",
        "Before the kick-off",
        "Power Chip: not tossed for yet",
    ]
    assert "You are watching this match." in watching
    answer = await world.alice.slash(world.channel, "dicesoccer claim")
    assert refused(world, answer) == (
        "This match has no turn clock, so nobody can run out of time."
    )


async def test_a_claim_whose_board_discord_refuses_still_wins_and_says_the_board_follows(
    world: World,
) -> None:
    _, match_id, _ = await expired_for_bob(world)
    world.env.inject_error("POST", "/channels/*/messages", status=403, code=50013)
    world.env.inject_error("PATCH", "/channels/*/messages/*", status=403, code=50013)
    won = private(await world.alice.slash(world.channel, "fuba claim"))
    assert won.startswith("That counted") and "will follow" in won
    assert "went wrong" not in won
    titles = [m.embeds[0].title for m in public(world) if m.embeds]
    assert "Won on time" in titles  # the board followed
    stored = await play_cog(world).referee.store.get_match(match_id)
    assert stored.status is MatchStatus.FINISHED
