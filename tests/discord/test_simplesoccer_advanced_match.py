"""A whole Simple Soccer match with the advanced rules between two members, played in a
channel with the bot's own controls and physical dice typed at the table, so the test steers
the play: an interception, a header, a tackle, then the advanced shootout (the kicker's die
face picked in secret, hidden until the goalkeeper has picked a spot) and the full-time
report. Then the refusals a player meets under the board: a click on someone else's decision,
a menu of a step gone by."""

from __future__ import annotations

import io
from typing import Any

import discord
import simcord
from PIL import Image

from store.models import MatchStatus
from tests.discord.conftest import World
from tests.discord.test_play import (
    keep_the_old_board,
    private,
    public,
    referee,
    refused,
    still_there,
    text_of,
)
from tests.discord.test_simplesoccer import asked, challenge_accepted, controls

WEST_LAYOUT = "G goal5, 1 g5, 2 d3, 3 d7"  # West's 1 beside the centre spot, the ball on h5
EAST_LAYOUT = "G goal5, 1 l5, 2 m2, 3 m8"  # East's 1 faces West's kick down the middle
SPREAD = "Spread: 1 each to 1, 2, 3"


# -- reading the channel -------------------------------------------------------------------


def board(world: World) -> discord.Message:
    """The live board: the bot's last public message in the channel."""
    return [m for m in public(world) if m.author.bot][-1]


def told(message: discord.Message) -> str:
    """Everything a member reads on a message: its text, the embeds' text and notes."""
    fields = [f"{f.name}: {f.value}" for e in message.embeds for f in e.fields]
    return "\n".join([text_of(message), *fields])


def channel_text(world: World) -> str:
    return "\n".join(told(m) for m in public(world))


def offered(message: discord.Message) -> dict[str, tuple[str, str | None]]:
    """What the controls under ``message`` offer, by label: (custom id, the menu's value or
    None for a button)."""
    found: dict[str, tuple[str, str | None]] = {}
    for cid, item in controls(message).items():
        if isinstance(item, discord.Button) and item.label:
            found[item.label] = (cid, None)
        for option in getattr(item, "options", []):
            found[option.label] = (cid, option.value)
    return found


async def use(
    member: simcord.MemberActor, message: discord.Message, label: str
) -> simcord.InteractionResult:
    """``member`` clicks the button, or picks the menu entry, labelled ``label``."""
    controls_ = offered(message)
    assert label in controls_, (label, sorted(controls_))
    cid, value = controls_[label]
    if value is None:
        return await member.click(message, custom_id=cid)
    return await member.select(message, [value], custom_id=cid)


async def pick(world: World, member: simcord.MemberActor, label: str) -> str:
    """``member`` answers the live board's decision with its control ``label``; the private
    reply ("" when the step only moved the board on)."""
    return private(await use(member, board(world), label))


async def roll(world: World, member: simcord.MemberActor, dice: str) -> None:
    """``member`` types the dice rolled at the table."""
    assert private(await member.slash(world.channel, "simplesoccer roll", dice=dice)) == ""


async def view(world: World) -> dict[str, Any]:
    """The match as the referee shows it to anyone (secrets hidden)."""
    return (await referee(world).current(world.channel.id)).view()


async def version(world: World) -> int:
    match = await referee(world).store.active_match(world.channel.id)
    assert match is not None
    return match.version


# -- the match ----------------------------------------------------------------------------


async def kicked_off(world: World) -> None:
    """Alice (West) challenges Bob to 4 turns with the advanced rules on the small board, 3
    fielders a side, physical dice; West wins the roll-off, both type their layouts and spread
    their skill points with the board's menu; Alice must now roll her first turn."""
    await challenge_accepted(
        world,
        dice="physical",
        size="small",
        fielders=3,
        length="turns",
        turns=4,
        rules="advanced",
    )
    channel, alice, bob = world.channel, world.alice, world.bob
    assert "small board, 3 a side, 4 turns, advanced rules" in text_of(public(world)[-2])
    await roll(world, alice, "5")
    await roll(world, bob, "2")
    reply = await alice.slash(channel, "simplesoccer setup", layout=WEST_LAYOUT)
    assert private(reply) == ""
    assert private(await bob.slash(channel, "simplesoccer setup", layout=EAST_LAYOUT)) == ""
    assert asked(board(world), alice) == asked(board(world), bob) == "choose"
    assert await pick(world, alice, SPREAD) == ""
    assert await pick(world, bob, SPREAD) == ""
    assert "Skill points: West 1 (1), 2 (1), 3 (1); East 1 (1), 2 (1), 3 (1)" in told(board(world))
    assert asked(board(world), alice) == "roll" and asked(board(world), bob) is None


async def interception(world: World) -> None:
    """Turn 1, West: 1 kicks down the middle to k5, in front of East's 1, who stops it with
    the feet (a 5) and traps it; West keeps its points but not the ball."""
    channel, alice, bob = world.channel, world.alice, world.bob
    await roll(world, alice, "4 3")
    assert "West's number 1 adds 1 point of skill this turn" in told(board(world))
    kick = await alice.slash(channel, "simplesoccer kick", member="1", path="i5 j5 k5")
    assert private(kick) == ""
    asking = board(world)
    assert asked(asking, bob) == "choose" and asked(asking, alice) is None
    assert "The kick passes k5" in asking.content
    assert list(offered(asking)) == ["1 intercepts with the feet", "Let it pass"]

    assert await pick(world, bob, "1 intercepts with the feet") == ""
    assert asked(board(world), bob) == "roll"
    await roll(world, bob, "5")
    assert "East's number 1 tries to intercept with the feet, rolls 5: wins it." in told(
        board(world)
    )
    assert list(offered(board(world))) == ["Trap the ball", "Kick it on"]
    assert await pick(world, bob, "Trap the ball") == ""
    after = await view(world)
    assert after["ball_name"] == "k5" and after["points_left"] == 5
    playing = board(world)
    assert asked(playing, alice) == "move" and "5 points left" in playing.content
    assert "Kick with 1 (g5)" not in offered(playing)  # the ball is East's now
    assert await pick(world, alice, "End turn") == ""


async def header(world: World) -> None:
    """Turn 2, East: 3 runs to h7 facing West, 1 passes to i7 behind its head, and 3 heads
    it on (a 3 makes contact, a 1 for the distance) to g7, in front of its own feet."""
    channel, bob = world.channel, world.bob
    await roll(world, bob, "4 3")
    moved = await bob.slash(channel, "simplesoccer move", member="3", path="l7 k7 j7 i7 h7")
    assert private(moved) == ""
    assert private(await bob.slash(channel, "simplesoccer kick", member="1", path="j6 i7")) == ""
    passing = board(world)
    assert "The pass reaches a team-mate" in passing.content
    assert list(offered(passing)) == ["3 heads it on", "Leave the ball there"]
    assert await pick(world, bob, "3 heads it on") == ""
    await roll(world, bob, "3")
    assert "East's number 3 heads a team-mate's pass, rolls 3: wins it." in told(board(world))
    await roll(world, bob, "1")
    sending = board(world)
    assert "Send the ball to a free square 1 away" in sending.content
    assert "Send it to g7" in offered(sending) and len(offered(sending)) == 8
    assert await pick(world, bob, "Send it to g7") == ""
    assert "The header lands at g7." in told(board(world))
    assert (await view(world))["ball_name"] == "g7"
    assert await pick(world, bob, "End turn") == ""


async def tackle(world: World) -> None:
    """Turn 3, West: the ball is at the feet of East's 3; West's 1 steps to f6 and slides in,
    calls odd and rolls 4 and 3: East's 3 falls on f7, West has the ball and gets up at once."""
    alice = world.alice
    asking = board(world)
    assert asked(asking, alice) in ("roll", "tackle")
    assert "tackle before you roll" in asking.content
    assert list(offered(asking)) == ["1 tackles from f6 (1)"]
    assert await pick(world, alice, "1 tackles from f6 (1)") == ""
    assert "West's number 1 moves to f6 and goes for a slide tackle on East's number 3." in (
        told(board(world))
    )
    assert list(offered(board(world))) == ["Call odd", "Call even"]
    assert await pick(world, alice, "Call odd") == ""
    assert asked(board(world), alice) == "roll" and "2 dice" in board(world).content
    await roll(world, alice, "4 3")
    won = told(board(world))
    assert (
        "West's number 1 wins the ball from East's number 3 with a slide tackle (called odd, 7)!"
        in won
    )
    assert "Down: East 3" in won and "5 points left" in won  # the step and the getting up
    after = await view(world)
    assert after["squares"]["west"]["1"] == "f6" and after["squares"]["east"]["3"] == "f7"
    assert after["members"][1]["3"].get("down") is not None
    assert after["members"][0]["1"].get("down") is None
    assert await pick(world, alice, "End turn") == ""


async def last_turn(world: World) -> None:
    """Turn 4, East: without the ball (1 die); East's 3 could get up, Bob ends the turn."""
    bob = world.bob
    await roll(world, bob, "4")
    playing = board(world)
    assert "Get a player up" in offered(playing)
    assert "Move 3 (f7)" not in offered(playing)  # lying down
    assert await pick(world, bob, "End turn") == ""


async def secret_face(
    world: World, kicker: simcord.MemberActor, keeper: simcord.MemberActor, face: int, spot: int
) -> str:
    """One kick of the advanced shootout: ``kicker`` hides a die face with the board's menu,
    nobody else can see it until ``keeper`` has picked a spot with the menu; the public
    lines of the kick."""
    side = "West" if kicker is world.alice else "East"
    asking = board(world)
    assert asked(asking, kicker) == "choose" and asked(asking, keeper) is None
    assert "secret: only you see your answer" in asking.content
    assert list(offered(asking)) == [f"Face {n}" for n in range(1, 7)]

    # the goalkeeper's side and a spectator cannot hide the kicker's face
    before = await version(world)
    owner = "alice (West)" if kicker is world.alice else "bob (East)"
    wrong = refused(world, await use(keeper, asking, f"Face {face}"))
    assert wrong == f"Not your turn: {owner} must first pick the penalty's die face in secret."
    watching = refused(world, await use(world.carol, asking, f"Face {face}"))
    assert watching == "You are not playing in this match."
    assert await version(world) == before

    reply = await pick(world, kicker, f"Face {face}")
    assert reply.startswith(f"Your kicker hides the die showing {face}.")
    hidden = f"shows {face} on the hidden die"
    asking = board(world)
    assert f"{side}'s kicker hides a die face for the penalty." in told(asking)
    assert asked(asking, keeper) == "spot" and asked(asking, kicker) is None
    assert list(offered(asking)) == [f"Spot {n}" for n in range(1, 8)]
    assert hidden not in channel_text(world) and f"showing {face}" not in channel_text(world)
    match = await referee(world).store.active_match(world.channel.id)
    assert match is not None and match.state.shootout["face"] == face  # kept, not shown
    assert (await view(world))["shootout"]["face"] is None
    for watcher in (keeper, world.carol):
        status = private(await watcher.slash(world.channel, "simplesoccer status"))
        assert "hidden die" not in status and f"showing {face}" not in status

    seen = len(public(world))
    picked = await pick(world, keeper, f"Spot {spot}")
    assert picked.startswith(f"Your goalkeeper stands on spot {spot}.")
    kick = "\n".join(told(m) for m in public(world)[seen - 1 :])
    keeper_side = "East" if side == "West" else "West"
    assert f"{keeper_side}'s goalkeeper picks a spot in secret." in kick and hidden in kick
    return kick


async def test_a_whole_advanced_match_with_an_interception_a_header_a_tackle_and_a_shootout(
    world: World,
) -> None:
    await kicked_off(world)
    await interception(world)
    await header(world)
    await tackle(world)
    await last_turn(world)

    shootout = told(board(world))
    assert "Full time, 0-0." in shootout and "A draw: penalty shootout! West kicks first." in (
        shootout
    )
    alice, bob = world.alice, world.bob
    for kick in range(3):
        # West's face 6 with East's goalkeeper on spot 1: spot 7, too far to reach
        scored = await secret_face(world, alice, bob, face=6, spot=1)
        assert "the ball goes to spot 7, the goalkeeper is at spot 1: too far" in scored
        assert f"West scores. Shootout: West {kick + 1}, East 0." in scored
        # East's face 3 with West's goalkeeper on spot 4: spot 3, next to it; an odd save
        saving = await secret_face(world, bob, alice, face=3, spot=4)
        assert "the ball goes to spot 3, the goalkeeper is at spot 4" in saving
        assert asked(board(world), alice) == "roll" and asked(board(world), bob) is None
        await roll(world, alice, "3")
        assert "West's goalkeeper rolls 3: catches it!" in channel_text(world)

    final = "\n".join(told(m) for m in public(world)[-2:])
    assert "West wins the shootout after a 0-0 draw." in final
    assert "alice (West) wins. Score: West 0 - East 0, 3-0 on penalties" in final
    report = board(world)
    assert (report.embeds[0].title or "").startswith("Full time: Simple Soccer match #")
    stats = told(report)
    for line in (
        "Tackles: West 1, East 0",
        "Interceptions tried: West 0, East 1",
        "Headers: West 0, East 1",
        "Shootout: West 3 of 3, East 0 of 3",
    ):
        assert line in stats, stats
    replay = report.attachments[0]
    assert replay.filename == "replay.gif"
    with Image.open(io.BytesIO(await replay.read())) as gif:
        assert gif.n_frames > 4

    finished = await referee(world).store.last_finished_match(world.channel.id, "simplesoccer")
    assert finished is not None and finished.status == MatchStatus.FINISHED
    assert finished.result["winner"] == "west"
    assert finished.result["score"] == {"west": 0, "east": 0}
    assert finished.state.reason == "shootout" and finished.state.turns_played == 4
    assert finished.state.shootout["kicks"] == [[True] * 3, [False] * 3]
    assert await referee(world).store.active_match(world.channel.id) is None


# -- refusals under the board -------------------------------------------------------------


async def test_someone_elses_decision_and_a_menu_gone_by_are_refused_privately(
    world: World,
) -> None:
    """West's kick passes East's 1: the menu to intercept is Bob's. Alice's and Carol's picks
    are refused to them alone; once Bob has let the ball pass, the same menu on a board still
    in the channel (and the typed choice) is out of date, and nothing changes."""
    await kicked_off(world)
    channel, alice, bob = world.channel, world.alice, world.bob
    await roll(world, alice, "4 3")
    assert (
        private(await alice.slash(channel, "simplesoccer kick", member="1", path="i5 j5 k5")) == ""
    )
    asking = board(world)
    before = await version(world)
    posted = [(m.id, m.content) for m in public(world)]

    wrong = refused(world, await use(alice, asking, "1 intercepts with the feet"))
    assert wrong == "Not your turn: bob (East) must first play the kick or let it pass."
    spectator = refused(world, await use(world.carol, asking, "Let it pass"))
    assert spectator == "You are not playing in this match."
    typed = refused(world, await alice.slash(channel, "simplesoccer choose", choice="Let it pass"))
    assert typed.startswith("You have nothing to choose with this command now")
    assert await version(world) == before
    assert [(m.id, m.content) for m in public(world)] == posted  # the channel heard nothing

    old = await keep_the_old_board(world)
    assert await pick(world, bob, "Let it pass") == ""
    assert (await view(world))["ball_name"] == "k5"  # the kick went on to its end
    assert asked(board(world), alice) == "move" and "5 points left" in board(world).content
    after = await version(world)

    kept = still_there(world, old)
    stale = refused(world, await use(bob, kept, "1 intercepts with the feet"))
    assert stale.startswith("This is out of date")
    again = refused(
        world, await bob.slash(channel, "simplesoccer choose", choice="1 intercepts with the feet")
    )
    assert again.startswith("You have nothing to choose with this command now")
    assert await version(world) == after
    assert "intercept" not in text_of(board(world)).lower()
