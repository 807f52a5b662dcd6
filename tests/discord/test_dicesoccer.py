"""Sports Dice Soccer in a channel through `/dicesoccer` commands and buttons, as members see it;
and one channel shared by two games."""

from __future__ import annotations

import random
import re

import discord
import simcord

from bot import create_bot
from botconfig import Settings
from store.models import MatchStatus
from tests.discord.conftest import World
from tests.discord.help_text import assert_lists_commands
from tests.discord.test_play import (
    bot_member,
    play_until,
    private,
    public,
    referee,
    refused,
    text_of,
)
from tests.discord.test_timeouts import keep_old_board

MAX_STEPS = 600
ASKED = re.compile(r"`/dicesoccer ([a-z]+)")
DICE = re.compile(r"roll (\d+) di(?:e|ce)[^`]* at the table")
LETTERS = "BBBKPR"  # the default faces of die values 1-6


def asked(message: discord.Message, member: simcord.MemberActor) -> tuple[str, int] | None:
    """What the public message asks ``member`` for: (subcommand, dice to type or 0)."""
    for line in message.content.splitlines():
        if not line.startswith(member.mention):
            continue
        dice = DICE.search(line)
        found = ASKED.search(line)
        assert found, line
        return found.group(1), int(dice.group(1)) if dice else 0
    return None


def buttons(message: discord.Message) -> dict[str, str]:
    """The message's buttons: label -> custom id."""
    return {
        c.label or "": c.custom_id or ""
        for row in message.components
        for c in getattr(row, "children", [])
        if c.custom_id
    }


def typed(rng: random.Random, count: int, toss: bool) -> str:
    """Dice "rolled at the table": numbers, or now and then symbol letters (not at the toss)."""
    values = [rng.randint(1, 6) for _ in range(count)]
    if not toss and rng.random() < 0.5:
        return " ".join(LETTERS[v - 1] for v in values)
    return " ".join(map(str, values))


async def step(
    world: World, member: simcord.MemberActor, what: str, dice: int, rng: random.Random
) -> str:
    """One decision by ``member``, alternating commands and buttons like players would."""
    channel, last = world.channel, public(world)[-1]
    use_button = rng.random() < 0.5
    if what == "roll":
        if dice:
            toss = (await referee(world).current(channel.id)).state.step["k"] == "toss"
            return private(
                await member.slash(channel, "dicesoccer roll", dice=typed(rng, dice, toss))
            )
        if use_button:
            return private(await member.click(last, custom_id=buttons(last)["Roll the dice"]))
        return private(await member.slash(channel, "dicesoccer roll"))
    if what == "start":
        if use_button:
            return private(await member.click(last, custom_id=buttons(last)["Start on offense"]))
        return private(await member.slash(channel, "dicesoccer start", role="defense"))
    if what == "chip":
        if use_button:
            return private(await member.click(last, custom_id=buttons(last)["Use the Power Chip"]))
        return private(await member.slash(channel, "dicesoccer chip", use=False))
    if what == "pick":
        offered = await member.autocomplete(channel, "dicesoccer pick", "symbol", "")
        assert offered
        return private(await member.slash(channel, "dicesoccer pick", symbol=offered[0]["value"]))
    if what == "reroll":
        offered = await member.autocomplete(channel, "dicesoccer reroll", "dice", "")
        assert offered and offered[0]["value"] == "none"
        value = rng.choice(offered)["value"]
        return private(await member.slash(channel, "dicesoccer reroll", dice=value))
    raise AssertionError(f"unexpected request {what}")


async def play_out(
    world: World, rng: random.Random, *members: simcord.MemberActor, seen: list[str] | None = None
) -> discord.Message:
    """Play every decision asked of ``members`` until nobody of them is asked anything; the
    live board's texts along the way go to ``seen``."""
    for _ in range(MAX_STEPS):
        last = public(world)[-1]
        if seen is not None:
            seen.append(text_of(last))
        wanted = [(m, asked(last, m)) for m in members]
        wanted = [(m, w) for m, w in wanted if w is not None]
        if not wanted:
            return last
        member, (what, dice) = wanted[0]
        reply = await step(world, member, what, dice, rng)
        assert reply == "", reply
    raise AssertionError("the match did not end")


def match_id_of(message: discord.Message) -> int:
    found = re.search(r"match #(\d+)", message.embeds[0].title or "")
    assert found
    return int(found.group(1))


async def challenge_accepted(world: World, **options: object) -> discord.Message:
    """Alice challenges Bob to Sports Dice Soccer and Bob accepts with the button."""
    posted = await world.alice.slash(
        world.channel, "dicesoccer challenge", opponent=world.bob, **options
    )
    assert private(posted) == ""
    challenge = public(world)[-1]
    assert "challenges you to a Sports Dice Soccer match" in challenge.content
    assert "`/dicesoccer accept`" in challenge.content
    assert set(buttons(challenge)) == {"Accept", "Decline"}
    assert all(cid.startswith("dicesoccer:challenge:") for cid in buttons(challenge).values())
    reply = private(await world.bob.click(challenge, label="Accept"))
    assert reply == ""
    return public(world)[-1]


# -- whole matches ---------------------------------------------------------------------------


async def test_a_whole_match_between_two_members_with_physical_dice(world: World) -> None:
    opening = await challenge_accepted(world, dice="physical", target_score=2)
    assert "alice (White) v bob (Black), physical dice" in text_of(opening)
    assert asked(opening, world.alice) == ("roll", 1)
    assert asked(opening, world.bob) == ("roll", 1)
    assert "Roll the dice" not in buttons(opening)  # physical dice are typed
    kickoff = public(world)[-2]
    assert kickoff.content.startswith("**Kick-off soon: a new match**")
    boards: list[str] = []

    await play_out(world, random.Random(3), world.alice, world.bob, seen=boards)

    *highlights, final, report = [m for m in public(world) if m.id > kickoff.id]
    assert [a.filename for a in final.attachments] == ["board.png"]
    assert "toss" in "\n".join(boards).lower()
    assert "Dice seed:" in final.content and "wins." in final.content
    assert (report.embeds[0].title or "").startswith("Full time: Sports Dice Soccer match #")
    [stats] = report.embeds[0].fields
    assert "Goals: White" in (stats.value or "")
    history = await referee(world).store.history(match_id_of(final))
    assert history.match.status == MatchStatus.FINISHED
    assert max(history.match.result["score"].values()) == 2
    # the goals stay in the channel as highlights of their own; the board moved on in place
    goals = sum(history.match.result["score"].values())
    assert len(highlights) == goals
    assert all(m.content.startswith("GOAL for ") and not m.attachments for m in highlights)
    rolls = [e for e in history.log if e.action.kind == "roll"]
    assert rolls and {e.user_id for e in rolls} == {world.alice.id, world.bob.id}


async def test_a_whole_match_against_the_coach_with_virtual_dice(world: World) -> None:
    start = await world.alice.slash(
        world.channel, "dicesoccer challenge", opponent=bot_member(world), advanced=True
    )
    assert private(start) == ""
    opening = public(world)[-1]
    assert "alice (White) v Coach (Black), virtual dice" in text_of(opening)
    assert asked(opening, world.alice) == ("roll", 0)  # the coach has rolled already
    assert "Roll the dice" in buttons(opening)
    assert all(cid.startswith("dicesoccer:act:") for cid in buttons(opening).values())

    final = await play_out(world, random.Random(8), world.alice)

    *_, final, report = public(world)
    assert "Dice seed:" in final.content and "wins." in final.content
    assert report.embeds[0].fields and report.attachments  # statistics and a replay
    history = await referee(world).store.history(match_id_of(final))
    assert history.match.status == MatchStatus.FINISHED
    assert 3 in history.match.result["score"].values()
    kinds = {e.action.kind for e in history.log if e.user_id == world.alice.id}
    assert "roll" in kinds
    assert {e.action.actor for e in history.log if e.action.kind == "roll"} == {"white", "black"}


async def test_a_whole_match_between_two_members_leaves_a_short_channel(world: World) -> None:
    """The channel keeps the challenge, the kick-off, one highlight per goal, the final board
    and the report; no step pings the member who made it or leaves them a private reply."""
    channel, rng = world.channel, random.Random(5)
    await challenge_accepted(world, target_score=3)
    stored = world.env.backend.messages[channel.id]
    pinged: set[int] = set()
    for _ in range(MAX_STEPS):
        last = public(world)[-1]
        wanted = [(m, w) for m in (world.alice, world.bob) if (w := asked(last, m)) is not None]
        if not wanted:
            break
        member, (what, dice) = wanted[0]
        before = max(stored)
        assert await step(world, member, what, dice, rng) == ""  # nothing stays behind
        for message in [m for i, m in stored.items() if i > before]:
            assert member.id not in message.ping_user_ids, message.content
            pinged.update(message.ping_user_ids)
    else:
        raise AssertionError("the match did not end")

    final, report = public(world)[-2:]
    history = await referee(world).store.history(match_id_of(final))
    assert history.match.status == MatchStatus.FINISHED
    goals = sum(history.match.result["score"].values())
    assert goals >= 3 and (report.embeds[0].title or "").startswith("Full time:")
    highlights = [m for m in public(world) if m.content.startswith("GOAL for ")]
    assert len(highlights) == goals
    assert len(public(world)) <= 15 + 2 * goals
    assert pinged <= {world.alice.id, world.bob.id}  # only ever the other player
    rolled = {e.user_id for e in history.log if e.action.kind == "roll"}
    assert rolled == {world.alice.id, world.bob.id}


# -- refusals --------------------------------------------------------------------------------


async def toss(world: World, white: int = 6, black: int = 1) -> discord.Message:
    """Both players type their toss die (physical dice)."""
    assert private(await world.alice.slash(world.channel, "dicesoccer roll", dice=str(white))) == ""
    assert private(await world.bob.slash(world.channel, "dicesoccer roll", dice=str(black))) == ""
    return public(world)[-1]


async def test_refusals_are_private_and_change_nothing(world: World) -> None:
    await challenge_accepted(world, dice="physical", advanced=True)
    channel = world.channel

    spectator = refused(world, await world.carol.slash(channel, "dicesoccer roll", dice="4"))
    assert spectator == "You are not playing in this match."
    bad = refused(world, await world.alice.slash(channel, "dicesoccer roll", dice="9"))
    assert "1 to 6" in bad
    symbols = refused(world, await world.alice.slash(channel, "dicesoccer roll", dice="B"))
    assert "numbers" in symbols  # the toss needs a number
    missing = refused(world, await world.alice.slash(channel, "dicesoccer roll"))
    assert "physical dice" in missing and "dice:" in missing

    choosing = await toss(world)  # Alice wins the toss
    assert asked(choosing, world.alice) == ("start", 0)
    assert asked(choosing, world.bob) is None
    labels = buttons(choosing)
    assert "Start on offense" in labels and "Start on defense (with the Power Chip)" in labels
    wrong = refused(world, await world.bob.click(choosing, custom_id=labels["Start on offense"]))
    assert wrong.startswith("Not your turn: ") and " must first " in wrong
    assert "Not your turn: " in refused(
        world, await world.bob.slash(channel, "dicesoccer start", role="defense")
    )
    await world.carol.send(world.channel, "come on!")  # the board will be posted again
    keep_old_board(world)
    posted = len(public(world))
    assert private(await world.alice.click(choosing, custom_id=labels["Start on offense"])) == ""
    assert len(public(world)) == posted + 1  # the board again, at the bottom
    assert "offense" in text_of(public(world)[-1]).lower()
    assert "This is out of date: the match is on https://discord.com/channels/" in refused(
        world, await world.alice.click(choosing, custom_id=labels["Start on offense"])
    )

    no_tie = refused(world, await world.alice.slash(channel, "dicesoccer chip", use=True))
    assert no_tie and len(public(world)) == posted + 1
    wrong_count = refused(world, await world.alice.slash(channel, "dicesoccer roll", dice="1 2"))
    assert "6" in wrong_count
    junk = refused(world, await world.alice.slash(channel, "dicesoccer roll", dice="B B X P R R"))
    assert junk
    assert private(await world.alice.slash(channel, "dicesoccer roll", dice="B B B K P R")) == ""
    assert private(await world.bob.slash(channel, "dicesoccer roll", dice="1 4 4 5 6 2")) == ""

    rerolling = public(world)[-1]  # Black holds the chip: the advanced re-roll is offered
    assert asked(rerolling, world.bob) == ("reroll", 0)
    letters = refused(world, await world.bob.slash(channel, "dicesoccer reroll", dice="a b"))
    assert "not a list of dice" in letters
    seven = refused(world, await world.bob.slash(channel, "dicesoccer reroll", dice="7"))
    assert seven and "not a list of dice" not in seven  # the engine says why
    assert "Not your turn: " in refused(
        world, await world.alice.slash(channel, "dicesoccer reroll", dice="none")
    )
    assert private(await world.bob.slash(channel, "dicesoccer reroll", dice="none")) == ""


async def test_a_tie_offers_the_power_chip_as_buttons(world: World) -> None:
    await challenge_accepted(world, dice="physical")
    await toss(world)
    choosing = public(world)[-1]
    await world.alice.click(choosing, custom_id=buttons(choosing)["Start on offense"])
    # four balls each: a tie between the teams, and Black holds the chip
    channel = world.channel
    assert private(await world.alice.slash(channel, "dicesoccer roll", dice="1 1 1 1 4 5")) == ""
    assert private(await world.bob.slash(channel, "dicesoccer roll", dice="B B B B K P")) == ""
    tie = public(world)[-1]
    assert asked(tie, world.bob) == ("chip", 0)
    chip = buttons(tie)
    assert [label for label in chip if label in ("Use the Power Chip", "Keep it")] == [
        "Use the Power Chip",
        "Keep it",
    ]
    assert chip["Keep it"].startswith("dicesoccer:act:") and chip["Keep it"].endswith(":false")
    assert "Not your turn: " in refused(
        world, await world.alice.click(tie, custom_id=chip["Use the Power Chip"])
    )
    assert private(await world.bob.click(tie, custom_id=chip["Keep it"])) == ""
    assert "keep" in text_of(public(world)[-1]).lower()


# -- one channel, two games ------------------------------------------------------------------


async def test_one_match_per_channel_across_games(world: World) -> None:
    channel = world.channel
    await world.alice.slash(channel, "fuba challenge", opponent=bot_member(world))
    busy = refused(
        world, await world.bob.slash(channel, "dicesoccer challenge", opponent=world.carol)
    )
    assert "already has a match in progress" in busy
    other = refused(world, await world.alice.slash(channel, "dicesoccer roll"))
    assert other == ("The match in this channel is FUBA, not Sports Dice Soccer. Use `/fuba roll`.")
    assert "Use `/fuba status`" in refused(
        world, await world.carol.slash(channel, "dicesoccer status")
    )
    assert private(await world.alice.slash(channel, "fuba resign")) == ""
    assert "Resigned" in (public(world)[-2].embeds[0].title or "")

    await world.alice.slash(channel, "dicesoccer challenge", opponent=bot_member(world))
    busy = refused(world, await world.bob.slash(channel, "fuba challenge", opponent=world.carol))
    assert "already has a match in progress" in busy
    assert "Use `/dicesoccer board`" in refused(
        world, await world.carol.slash(channel, "fuba board")
    )
    assert private(await world.alice.slash(channel, "dicesoccer abort")) == ""
    assert "Match called off" in [m.embeds[0].title for m in public(world)[-2:] if m.embeds]


async def test_an_open_challenge_of_one_game_blocks_the_other(world: World) -> None:
    channel = world.channel
    await world.alice.slash(channel, "fuba challenge", opponent=world.bob)
    blocked = refused(
        world, await world.carol.slash(channel, "dicesoccer challenge", opponent=world.bob)
    )
    assert "already an open challenge" in blocked and "a FUBA match" in blocked
    coach = refused(
        world, await world.carol.slash(channel, "dicesoccer challenge", opponent=bot_member(world))
    )
    assert "already an open challenge" in coach
    wrong = refused(world, await world.bob.slash(channel, "dicesoccer accept"))
    assert "Use `/fuba accept`" in wrong
    assert private(await world.bob.slash(channel, "fuba decline")) == "Declined."

    await world.alice.slash(channel, "dicesoccer challenge", opponent=world.bob)
    blocked = refused(world, await world.carol.slash(channel, "fuba challenge", opponent=world.bob))
    assert "a Sports Dice Soccer match" in blocked
    assert "Use `/dicesoccer decline`" in refused(
        world, await world.bob.slash(channel, "fuba decline")
    )
    assert private(await world.bob.slash(channel, "dicesoccer accept")) == ""


async def test_a_channel_hosts_fuba_then_dice_soccer_with_the_same_commands(
    world: World,
) -> None:
    """A Discord channel can host a FUBA match and, after it ends, a Sports Dice Soccer match,
    with the same commands for challenges, errors, spectating and history."""
    channel = world.channel
    histories: dict[str, list[str]] = {}
    for game, first in (("fuba", "/fuba formation"), ("dicesoccer", None)):
        assert (
            private(await world.alice.slash(channel, f"{game} challenge", opponent=world.bob)) == ""
        )
        challenge = public(world)[-1]
        assert challenge.content.startswith(f"{world.bob.mention}, {world.alice.mention}")
        assert "Only <@" in refused(world, await world.carol.click(challenge, label="Accept"))
        assert private(await world.bob.slash(channel, f"{game} accept")) == ""
        opening = public(world)[-1]
        assert "Dice seed SHA-256" in text_of(opening)
        if first is not None:
            assert first in opening.content
            await play_until(world, world.alice, "/fuba target", world.bob)
        else:
            await play_out_until(world, world.alice, world.bob, plays=3)

        # spectating: the board, the status, the history, the same refusals
        live = public(world)[-1]
        assert live.attachments[0].filename == "board.png"
        board = await world.carol.slash(channel, f"{game} board", public=True)
        assert board.response is not None and not board.response.ephemeral
        assert public(world)[-1].content.endswith(f"/{channel.id}/{live.id}")  # a link to it
        status = private(await world.carol.slash(channel, f"{game} status"))
        assert "You are watching this match." in status and "Dice seed SHA-256" in status
        histories[game] = private(await world.carol.slash(channel, f"{game} log", count=30))
        assert histories[game] != "Nothing has happened yet."
        assert refused(world, await world.carol.slash(channel, f"{game} resign")) == (
            "You are not playing in this match."
        )
        assert private(await world.bob.slash(channel, f"{game} resign")) == ""
        final, report = public(world)[-2:]
        assert "alice (" in final.content and "wins." in final.content
        assert (report.embeds[0].title or "").startswith("Full time:")
        assert "no match" in refused(world, await world.carol.slash(channel, f"{game} status"))

    assert "toss" in histories["dicesoccer"].lower()
    assert "formation" in histories["fuba"].lower()


async def play_out_until(world: World, *members: simcord.MemberActor, plays: int) -> None:
    """Roll (virtual dice) and decide until ``plays`` play rolls have been resolved."""
    rng = random.Random(1)
    for _ in range(MAX_STEPS):
        current = await referee(world).current(world.channel.id)
        if current.state.exchanges >= plays:
            return
        last = public(world)[-1]
        member, (what, dice) = next((m, w) for m in members if (w := asked(last, m)) is not None)
        assert await step(world, member, what, dice, rng) == ""
    raise AssertionError("too many steps")


# -- restart ---------------------------------------------------------------------------------


async def test_buttons_keep_working_after_a_restart(world: World, settings: Settings) -> None:
    opening = await challenge_accepted(world)
    roll = buttons(opening)["Roll the dice"]
    assert roll.startswith("dicesoccer:act:")

    await world.env.restart_bot(create_bot(settings))

    await world.carol.send(world.channel, "come on!")  # the board will be posted again
    keep_old_board(world)
    assert private(await world.alice.click(opening, custom_id=roll)) == ""
    stale = refused(world, await world.bob.click(opening, custom_id=roll))
    assert "This is out of date: the match is on https://discord.com/channels/" in stale
    for _ in range(10):  # the toss: a drawn toss is rolled again
        last = public(world)[-1]
        if asked(last, world.alice) == ("start", 0) or asked(last, world.bob) == ("start", 0):
            break
        member = world.alice if asked(last, world.alice) else world.bob
        assert private(await member.click(last, custom_id=buttons(last)["Roll the dice"])) == ""
    choosing = public(world)[-1]
    winner = world.alice if asked(choosing, world.alice) else world.bob

    await world.env.restart_bot(create_bot(settings))

    start = buttons(choosing)["Start on offense"]
    assert private(await winner.click(choosing, custom_id=start)) == ""
    assert "offense" in text_of(public(world)[-1]).lower()
    status = private(await winner.slash(world.channel, "dicesoccer status"))
    assert "`/dicesoccer roll` (or the Roll the dice button)" in status


# -- help and rules --------------------------------------------------------------------------


async def test_help_and_rules(world: World) -> None:
    reply = (await world.alice.slash(world.channel, "dicesoccer help")).response
    assert reply is not None and reply.ephemeral
    text = reply.embeds[0].description or ""
    assert reply.embeds[0].title == "Sports Dice Soccer referee"
    assert_lists_commands(text, world.alice.available_commands(world.channel), "dicesoccer")
    assert "physical dice" in text.lower() and "B B K P R R" in text

    rules = (await world.bob.slash(world.channel, "dicesoccer help", topic="power chip")).response
    assert rules.ephemeral and rules.embeds[0].title == "The Power Chip"
    assert "Tie Breaker and Power Chip" in (rules.embeds[0].footer.text or "")
    overview = await world.bob.slash(world.channel, "dicesoccer help", topic="how to play")
    assert overview.response.embeds[0].title == "How a roll goes"
    offered = await world.alice.autocomplete(world.channel, "dicesoccer help", "topic", "re")
    assert [c["value"] for c in offered][:2] == ["red card", "reroll"]
