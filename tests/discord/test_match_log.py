"""The match's action log in Discord: attached to the full-time report, and given privately by
`/<game> log export:true` once the match is over (docs/dice.md); it verifies against its seed."""

from __future__ import annotations

import discord
import simcord

from referee.verify import read, verify
from tests.discord.conftest import World
from tests.discord.test_play import bot_member, play_until, private, public, refused


async def log_of(attachment: discord.Attachment) -> dict[str, object]:
    log = read(await attachment.read())
    assert verify(log).ok, verify(log).lines()
    return log


async def resigned_against_the_coach(world: World) -> tuple[discord.Message, discord.Message]:
    """Alice plays the coach until the first target, then resigns: the final whistle's
    message and the full-time report."""
    await world.alice.slash(world.channel, "fuba challenge", opponent=bot_member(world))
    await play_until(world, world.alice, stop="/fuba target")
    assert private(await world.alice.slash(world.channel, "fuba resign")) == ""
    final, report = public(world)[-2:]
    return final, report


async def test_the_full_time_report_carries_the_action_log(world: World) -> None:
    final, report = await resigned_against_the_coach(world)
    [replay, chart, attached] = report.attachments
    assert (replay.filename, chart.filename) == ("replay.gif", "chances.png")
    log = await log_of(attached)
    assert attached.filename == f"match-{log['match_id']}-log.json"
    assert f"Dice seed: {log['seed']}" in final.content and log["seed_hash"] in final.content
    assert f"python3 bot.py verify {attached.filename}" in (report.embeds[0].footer.text or "")
    assert any(a.get("virtual") for a in log["actions"])  # the kick-off rolls at least


def export(member: simcord.MemberActor, world: World, game: str = "fuba") -> object:
    return member.slash(world.channel, f"{game} log", export=True)


async def test_export_is_refused_during_the_match_and_given_after_it(world: World) -> None:
    assert "No FUBA match has finished" in refused(world, await export(world.carol, world))

    await world.alice.slash(world.channel, "fuba challenge", opponent=bot_member(world))
    during = await export(world.alice, world)
    reason = refused(world, during)
    assert "once the match is over" in reason and "seed" in reason
    assert not during.followups or not during.followups[0].attachments
    await play_until(world, world.alice, stop="/fuba target")
    await world.alice.slash(world.channel, "fuba resign")
    report = public(world)[-1]
    posted = len(public(world))

    await world.env.advance_time(10)  # the log command's cooldown
    given = await export(world.carol, world)  # a spectator may check the dice too
    [reply] = [m for m in (given.response, *given.followups) if m is not None and m.attachments]
    assert reply.ephemeral and len(public(world)) == posted
    [attached] = reply.attachments
    assert attached.filename == report.attachments[-1].filename
    assert f"python3 bot.py verify {attached.filename}" in reply.content
    assert await attached.read() == await report.attachments[-1].read()
    await log_of(attached)

    # Sports Dice Soccer's log command gives its own game's matches only
    none = refused(world, await export(world.bob, world, "dicesoccer"))
    assert "No Sports Dice Soccer match has finished in this channel yet." in none


async def test_a_dice_soccer_match_log_is_exported(world: World) -> None:
    await world.alice.slash(world.channel, "dicesoccer challenge", opponent=bot_member(world))
    # the Power Chip toss: Alice's die rolled on her request, the coach's at once
    assert private(await world.alice.slash(world.channel, "dicesoccer roll")) == ""
    assert "once the match is over" in refused(world, await export(world.bob, world, "dicesoccer"))
    assert private(await world.alice.slash(world.channel, "dicesoccer resign")) == ""
    report = public(world)[-1]
    assert [a.filename for a in report.attachments][-1].endswith("-log.json")

    await world.env.advance_time(10)  # the log command's cooldown
    given = await export(world.bob, world, "dicesoccer")
    [attached] = [a for m in (given.response, *given.followups) if m for a in m.attachments]
    log = await log_of(attached)
    assert log["game"] == "dicesoccer" and log["result"]["reason"] == "resigned"
    assert any(a["by"] == "player" and a.get("virtual") for a in log["actions"])


async def test_the_help_of_each_game_tells_how_to_get_the_log(world: World) -> None:
    for game in ("fuba", "dicesoccer"):
        reply = (await world.alice.slash(world.channel, f"{game} help")).response
        assert reply is not None
        assert f"`/{game} log export:true`" in (reply.embeds[0].description or "")
