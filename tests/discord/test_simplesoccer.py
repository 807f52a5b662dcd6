"""Simple Soccer in a channel through `/simplesoccer` commands, buttons and menus, as members
see it."""

from __future__ import annotations

import logging
import random
import re
from collections import Counter
from datetime import timedelta

import discord
import pytest
import simcord

from bot import create_bot
from botconfig import Settings
from store.models import MatchStatus
from tests.discord.conftest import World
from tests.discord.test_play import bot_member, private, public, referee, refused, text_of
from tests.discord.test_timeouts import Clock, keep_old_board

MAX_STEPS = 400
ASKED = re.compile(r"`/simplesoccer ([a-z]+)")
ENTRY = re.compile(
    r"(?P<to>(?:[a-z]\d+|goal\d+)) \((?P<cost>\d+) points?(?:, a shot)?\)(?: via .+)?"
)


def asked(message: discord.Message, member: simcord.MemberActor) -> str | None:
    """The subcommand the public message asks ``member`` for, if any."""
    for line in message.content.splitlines():
        if line.startswith(member.mention):
            found = ASKED.search(line)
            assert found, line
            return found.group(1)
    return None


def controls(message: discord.Message) -> dict[str, discord.Component]:
    """The message's buttons and menus by custom id (which Discord wants unique)."""
    found = [c for row in message.components for c in getattr(row, "children", [])]
    ids = [c.custom_id for c in found]
    assert len(ids) == len(set(ids)), ids
    return {c.custom_id or "": c for c in found}


def control(message: discord.Message, part: str) -> discord.Component:
    """The one control whose custom id holds ``part`` (":setup", ":who:"...)."""
    [found] = [c for cid, c in controls(message).items() if part in cid]
    return found


def private_menus(answer: simcord.ResponseMessage) -> list[dict[str, object]]:
    """The select menus of a private answer (as Discord sends them: plain data)."""
    return [c for row in answer.components for c in row["components"] if c["type"] == 3]


def button(message: discord.Message, label: str) -> str:
    [found] = [cid for cid, c in controls(message).items() if getattr(c, "label", "") == label]
    return found


async def squares(world: World) -> dict[str, dict[str, str]]:
    """Where every member stands now, by side."""
    return (await referee(world).current(world.channel.id)).view()["squares"]


async def challenge_accepted(world: World, **options: object) -> discord.Message:
    """Alice challenges Bob and Bob accepts with the button; the opening board."""
    posted = await world.alice.slash(
        world.channel, "simplesoccer challenge", opponent=world.bob, **options
    )
    assert private(posted) == ""
    challenge = public(world)[-1]
    assert "challenges you to a Simple Soccer match" in challenge.content
    assert private(await world.bob.click(challenge, label="Accept")) == ""
    return public(world)[-1]


async def set_up(world: World) -> discord.Message:
    """Both teams set up: Alice with the board's menu, Bob with the command."""
    board = public(world)[-1]
    assert asked(board, world.alice) == asked(board, world.bob) == "setup"
    menu = control(board, ":setup")
    assert [o.label for o in menu.options] == ["Balanced", "Attacking", "Defensive"]
    assert private(await world.alice.select(board, ["attacking"], custom_id=menu.custom_id)) == ""
    assert asked(public(world)[-1], world.alice) is None  # Alice is done, Bob not yet
    reply = await world.bob.slash(world.channel, "simplesoccer setup", preset="defensive")
    assert private(reply) == ""
    return public(world)[-1]


# -- a match between two members, physical dice -------------------------------------------------


async def kick_off_with_physical_dice(world: World) -> discord.Message:
    """A small-board match with physical dice: the roll-off typed (a tie, then Alice wins: West
    kicks off),
    the set-up, then Alice's turn rolled at the table; the board asking her to play."""
    opening = await challenge_accepted(
        world, dice="physical", size="small", length="score", target=1
    )
    assert "small board, 7 a side, first to 1 goal" in text_of(public(world)[-2])
    assert "Roll the dice" not in [getattr(c, "label", "") for c in controls(opening).values()]
    assert asked(opening, world.alice) == asked(opening, world.bob) == "roll"
    missing = refused(world, await world.alice.slash(world.channel, "simplesoccer roll"))
    assert "physical dice" in missing and "dice:" in missing
    for alice_die, bob_die in (("3", "3"), ("5", "2")):  # a tie rolls again
        reply = await world.alice.slash(world.channel, "simplesoccer roll", dice=alice_die)
        assert private(reply) == ""
        assert (
            private(await world.bob.slash(world.channel, "simplesoccer roll", dice=bob_die)) == ""
        )
    await set_up(world)
    rolling = public(world)[-1]
    assert asked(rolling, world.alice) == "roll" and "2 dice" in rolling.content
    one = refused(world, await world.alice.slash(world.channel, "simplesoccer roll", dice="4"))
    assert one == "Roll exactly 2 dice."
    seven = refused(world, await world.alice.slash(world.channel, "simplesoccer roll", dice="4 7"))
    assert seven == "A die shows 1 to 6, not 7."
    assert private(await world.alice.slash(world.channel, "simplesoccer roll", dice="4 3")) == ""
    playing = public(world)[-1]
    assert asked(playing, world.alice) == "move" and asked(playing, world.bob) is None
    return playing


def entry(offered: dict[str, str]) -> tuple[str, int]:
    """Where an autocomplete entry of a path ends, and its cost."""
    found = ENTRY.fullmatch(offered["name"])
    assert found, offered
    return found["to"], int(found["cost"])


async def test_a_turn_with_a_move_a_kick_and_its_end_through_commands(world: World) -> None:
    await kick_off_with_physical_dice(world)
    channel, alice = world.channel, world.alice
    before = await squares(world)

    movers = await alice.autocomplete(channel, "simplesoccer move", "member", "")
    names = {m["value"]: m["name"] for m in movers}
    assert names["G"] == f"G, the goalkeeper ({before['west']['G']})"
    assert names["3"] == f"3 ({before['west']['3']})"
    paths = await alice.autocomplete(channel, "simplesoccer move", "path", "", member="3")
    costs = [entry(p)[1] for p in paths]
    assert costs == sorted(costs) and costs[0] == 1 and costs[-1] <= 7  # 4 + 3 points
    two = next(p for p in paths if entry(p)[1] == 2)
    to = entry(two)[0]
    assert " via " in two["name"] and two["value"].split() == [two["value"].split()[0], to]
    typed = await alice.autocomplete(channel, "simplesoccer move", "path", "b", member="3")
    assert typed and all(p["name"].startswith("b") for p in typed[:3])

    # only where to go: the cheapest path there
    moving = await alice.slash(channel, "simplesoccer move", member="3", path=to)
    assert private(moving) == ""
    assert (await squares(world))["west"]["3"] == to != before["west"]["3"]
    assert "5 points left" in public(world)[-1].content

    kickers = await alice.autocomplete(channel, "simplesoccer kick", "member", "")
    assert [k["value"] for k in kickers] == ["7"]  # the kick-off fielder, the ball at his feet
    kicks = await alice.autocomplete(channel, "simplesoccer kick", "path", "", member="7")
    kick = next(k for k in kicks if entry(k)[1] == 3)
    kicking = await alice.slash(channel, "simplesoccer kick", member="7", path=kick["value"])
    assert private(kicking) == ""
    view = (await referee(world).current(channel.id)).view()
    assert view["ball_name"] == entry(kick)[0] and view["points_left"] == 2

    ending = public(world)[-1]
    assert private(await alice.click(ending, custom_id=button(ending, "End turn"))) == ""
    bobs = public(world)[-1]
    assert asked(bobs, world.bob) == "roll" and asked(bobs, alice) is None


async def test_a_bad_path_is_refused_privately_and_changes_nothing(world: World) -> None:
    playing = await kick_off_with_physical_dice(world)
    channel, alice = world.channel, world.alice
    before = await referee(world).current(channel.id)
    posted = [(m.id, m.content) for m in public(world)]

    far = refused(world, await alice.slash(channel, "simplesoccer move", member="3", path="a1 o9"))
    assert "o9" in far or "a1" in far
    off = refused(world, await alice.slash(channel, "simplesoccer move", member="3", path="z9"))
    assert "z9" in off
    nobody = refused(
        world, await alice.slash(channel, "simplesoccer move", member="boss", path="c3")
    )
    assert "not one of your team" in nobody
    no_ball = refused(world, await alice.slash(channel, "simplesoccer kick", member="1", path="c4"))
    assert no_ball
    spectator = refused(world, await world.carol.slash(channel, "simplesoccer end"))
    assert spectator == "You are not playing in this match."
    not_yours = refused(world, await world.bob.slash(channel, "simplesoccer end"))
    assert not_yours.startswith("Not your turn")
    menu = control(playing, ":who:")
    wrong = refused(
        world, await world.bob.select(playing, [menu.options[0].value], custom_id=menu.custom_id)
    )
    assert "opponent" in wrong

    after = await referee(world).current(channel.id)
    assert after.version == before.version and after.view() == before.view()
    assert [(m.id, m.content) for m in public(world)] == posted


async def test_undo_takes_a_move_back(world: World) -> None:
    await kick_off_with_physical_dice(world)
    channel, alice = world.channel, world.alice
    before = await referee(world).current(channel.id)
    nothing = refused(world, await alice.slash(channel, "simplesoccer undo"))
    assert nothing.startswith("Nothing to take back")

    assert private(await alice.slash(channel, "simplesoccer move", member="2", path="c4")) == ""
    moved = await referee(world).current(channel.id)
    assert moved.view()["squares"] != before.view()["squares"]
    assert private(await alice.slash(channel, "simplesoccer undo")) == ""
    undone = await referee(world).current(channel.id)
    assert undone.view()["squares"] == before.view()["squares"]
    assert undone.view()["points_left"] == before.view()["points_left"]
    assert "takes back" in text_of(public(world)[-1])


async def test_the_board_menus_move_a_member(world: World) -> None:
    playing = await kick_off_with_physical_dice(world)
    menu = control(playing, ":who:")
    offered = {o.value: o.label for o in menu.options}
    assert offered["kick:7"].startswith("Kick with 7 (")
    assert "move:G" in offered and "7 points left: who plays?" in (menu.placeholder or "")
    before = await squares(world)

    shown = await world.alice.select(playing, ["move:4"], custom_id=menu.custom_id)
    answer = shown.response
    assert answer is not None and answer.ephemeral
    assert answer.content.startswith(f"Where does 4 ({before['west']['4']}) go?")
    first, *more = private_menus(answer)
    labels = [o["label"] for m in (first, *more) for o in m["options"]]
    assert all(ENTRY.fullmatch(label) for label in labels)
    assert labels[0].endswith("(1 point)") and len(labels) > 25  # in more than one menu
    option = first["options"][0]
    await world.carol.send(world.channel, "go on!")  # the board will be posted again
    keep_old_board(world)  # and the old one stays, with its menu
    done = await world.alice.select(answer, [option["value"]], custom_id=first["custom_id"])
    assert done.acknowledged
    assert (await squares(world))["west"]["4"] == option["value"]
    assert done.acknowledged and not done.followups  # the private menus simply go
    assert answer.id not in world.env.backend.messages.get(answer.channel_id, {})
    stale = refused(world, await world.alice.select(playing, ["move:5"], custom_id=menu.custom_id))
    assert "out of date" in stale


async def test_a_menu_play_that_counted_is_not_reported_as_failed(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    """Discord refuses to remove the private menus after the move is played: the move stands,
    and the player reads no apology for it."""
    playing = await kick_off_with_physical_dice(world)
    menu = control(playing, ":who:")
    answer = (await world.alice.select(playing, ["move:4"], custom_id=menu.custom_id)).response
    assert answer is not None
    first = private_menus(answer)[0]
    option = first["options"][0]
    world.env.inject_error("DELETE", "/webhooks/*/messages/@original", status=500)

    with caplog.at_level(logging.INFO, logger="cogs.simplesoccer.menus"):
        done = await world.alice.select(answer, [option["value"]], custom_id=first["custom_id"])

    assert done.acknowledged and not done.followups  # no "something went wrong"
    assert (await squares(world))["west"]["4"] == option["value"]
    assert "6 points left" in public(world)[-1].content
    assert any("not removed" in r.getMessage() for r in caplog.records)


async def test_a_grab_without_a_path_takes_the_straight_way_to_the_ball(world: World) -> None:
    await kick_off_with_physical_dice(world)
    channel, alice, bob = world.channel, world.alice, world.bob
    far = refused(world, await alice.slash(channel, "simplesoccer grab"))
    assert "goalkeeper" in far.lower()  # the ball is far from Alice's penalty area

    # a kick typed as only where the ball ends: the straight way there, 5 points
    assert private(await alice.slash(channel, "simplesoccer kick", member="7", path="m5")) == ""
    view = (await referee(world).current(channel.id)).view()
    assert view["ball_name"] == "m5" and view["points_left"] == 2
    assert private(await alice.slash(channel, "simplesoccer end")) == ""
    assert private(await bob.slash(channel, "simplesoccer roll", dice="4 2")) == ""

    assert private(await bob.slash(channel, "simplesoccer grab")) == ""
    after = (await referee(world).current(channel.id)).view()
    assert after["squares"]["east"]["G"] == "m5"  # goal5, o5, n5, m5
    assert "grabs the ball" in text_of(public(world)[-1])


# -- challenges -------------------------------------------------------------------------------


async def test_the_challenge_says_the_match_options(world: World) -> None:
    channel = world.channel
    timed = await world.alice.slash(
        channel, "simplesoccer challenge", opponent=world.bob, length="timed", half_time=True
    )
    assert private(timed) == ""
    text = public(world)[-1].content
    assert "standard board, 10 a side, 20 minutes of play with 1 minute a turn, half time" in text
    assert private(await world.alice.slash(channel, "simplesoccer decline")) == "Withdrawn."
    timed_only = await world.alice.slash(
        channel, "simplesoccer challenge", opponent=world.bob, minutes=5
    )
    assert private(timed_only) == ""
    assert "5 minutes of play with 1 minute a turn" in public(world)[-1].content
    assert private(await world.alice.slash(channel, "simplesoccer decline")) == "Withdrawn."

    wrong = refused(
        world,
        await world.alice.slash(
            channel, "simplesoccer challenge", opponent=world.bob, length="turns", target=3
        ),
    )
    assert "`target`" in wrong and "length:score" in wrong
    odd = refused(
        world,
        await world.alice.slash(
            channel, "simplesoccer challenge", opponent=world.bob, turns=9, half_time=True
        ),
    )
    assert "even" in odd


# -- a whole match against the coach ------------------------------------------------------------


async def test_a_whole_match_against_the_coach(world: World) -> None:
    """Alice plays the bot's coach on the small board for 6 turns with virtual dice, with the
    board's controls: Roll the dice, the set-up menu, a shot or a move from the menus, End
    turn, and the shootout's secret spot menu if it comes to that."""
    start = await world.alice.slash(
        world.channel,
        "simplesoccer challenge",
        opponent=bot_member(world),
        size="small",
        turns=6,
    )
    assert private(start) == ""
    rng, seen = random.Random(4), Counter[str]()
    for _ in range(MAX_STEPS):
        board = public(world)[-1]
        what = asked(board, world.alice)
        if what is None:
            break
        seen[what] += 1
        ids = controls(board)
        if what == "roll":
            reply = private(
                await world.alice.click(board, custom_id=button(board, "Roll the dice"))
            )
        elif what == "setup":
            menu = control(board, ":setup")
            reply = private(
                await world.alice.select(
                    board, [rng.choice(menu.options).value], custom_id=menu.custom_id
                )
            )
        elif what == "spot":
            menu = control(board, ":spot")
            reply = private(
                await world.alice.select(board, [str(rng.randint(1, 7))], custom_id=menu.custom_id)
            )
            assert "stands on spot" in reply
            continue
        else:
            assert what == "move", board.content
            reply = await alice_plays(world, board, rng)
        assert reply == "", reply
        assert ids is not None
    else:
        raise AssertionError("the match did not end")

    final, report = public(world)[-2:]
    assert "wins." in final.content or "draw" in final.content
    assert (report.embeds[0].title or "").startswith("Full time: Simple Soccer match #")
    current = await referee(world).store.history(
        int(re.search(r"#(\d+)", report.embeds[0].title or "")[1])
    )
    assert current.match.status == MatchStatus.FINISHED
    assert seen["roll"] >= 3 and seen["setup"] >= 1 and seen["move"] >= 1


async def alice_plays(world: World, board: discord.Message, rng: random.Random) -> str:
    """One play of Alice's turn: a shot when she has one, else now and then a kick or a move
    from the board's menus, else End turn."""
    channel, alice = world.channel, world.alice
    kickers = await alice.autocomplete(channel, "simplesoccer kick", "member", "")
    if kickers:
        member = kickers[0]["value"]
        kicks = await alice.autocomplete(
            channel, "simplesoccer kick", "path", "goal", member=member
        )
        shots = [k for k in kicks if "a shot" in k["name"]]
        if shots or rng.random() < 0.5:
            path = (shots or kicks)[0]["value"] if (shots or kicks) else None
            if path is not None:
                return private(
                    await alice.slash(channel, "simplesoccer kick", member=member, path=path)
                )
    ids = controls(board)
    if rng.random() < 0.3 and any(":who:" in cid for cid in ids):
        menu = control(board, ":who:")
        movers = [o.value for o in menu.options if o.value.startswith("move:")]
        if movers:
            shown = (
                await alice.select(board, [rng.choice(movers)], custom_id=menu.custom_id)
            ).response
            assert shown is not None and shown.ephemeral
            first = private_menus(shown)[0]
            last = first["options"][-1]["value"]
            await alice.select(shown, [last], custom_id=first["custom_id"])
            return ""
    grabs = await alice.autocomplete(channel, "simplesoccer grab", "path", "")
    if grabs:
        return private(await alice.slash(channel, "simplesoccer grab", path=grabs[0]["value"]))
    if any(getattr(c, "label", "") == "End turn" for c in ids.values()):
        return private(await alice.click(board, custom_id=button(board, "End turn")))
    kicks = await alice.autocomplete(
        channel, "simplesoccer kick", "path", "", member=kickers[0]["value"]
    )
    return private(
        await alice.slash(
            channel, "simplesoccer kick", member=kickers[0]["value"], path=kicks[0]["value"]
        )
    )


async def test_a_draw_ends_in_a_shootout_with_a_secret_spot(world: World) -> None:
    await challenge_accepted(world, dice="physical", size="small", turns=2)
    channel, alice, bob = world.channel, world.alice, world.bob
    assert private(await alice.slash(channel, "simplesoccer roll", dice="5")) == ""
    assert private(await bob.slash(channel, "simplesoccer roll", dice="2")) == ""
    await set_up(world)
    for member, dice in ((alice, "1 1"), (bob, "1")):  # a turn each, ended at once: 0-0
        assert private(await member.slash(channel, "simplesoccer roll", dice=dice)) == ""
        assert private(await member.slash(channel, "simplesoccer end")) == ""

    board = public(world)[-1]
    assert "Full time, 0-0" in text_of(board) and "shootout" in text_of(board).lower()
    assert asked(board, bob) == "spot" and asked(board, alice) is None
    menu = control(board, ":spot")
    assert [o.value for o in menu.options] == [str(n) for n in range(1, 8)]
    wrong = refused(world, await alice.select(board, ["4"], custom_id=menu.custom_id))
    assert wrong
    secret = private(await bob.select(board, ["4"], custom_id=menu.custom_id))
    assert secret.startswith("Your goalkeeper stands on spot 4.")
    kick = public(world)[-1]
    assert asked(kick, alice) == "roll" and "spot 4" not in text_of(kick)
    assert "spot 4" not in private(await world.carol.slash(channel, "simplesoccer status"))

    # the die counts the open spots from the kicker's left: 3 is spot 3, next to the goalkeeper
    assert private(await alice.slash(channel, "simplesoccer roll", dice="3")) == ""
    assert asked(public(world)[-1], bob) == "roll"
    assert private(await bob.slash(channel, "simplesoccer roll", dice="2")) == ""  # even: a goal
    state = (await referee(world).current(channel.id)).state
    assert state.shootout["kicks"] == [[True], []]
    assert asked(public(world)[-1], alice) == "spot"  # now Alice's goalkeeper


async def test_help_and_rules(world: World) -> None:
    reply = (await world.alice.slash(world.channel, "simplesoccer help")).response
    assert reply is not None and reply.ephemeral
    text = reply.embeds[0].description or ""
    for name in ("challenge", "setup", "move", "kick", "grab", "end", "undo", "spot"):
        assert f"`/simplesoccer {name}`" in text
    shots = await world.bob.slash(world.channel, "simplesoccer help", topic="shots")
    assert shots.response is not None and shots.response.ephemeral
    assert "save" in (shots.response.embeds[0].description or "").lower()


async def test_the_board_menus_work_after_a_restart(world: World, settings: Settings) -> None:
    playing = await kick_off_with_physical_dice(world)
    await world.env.restart_bot(create_bot(settings))

    menu = control(playing, ":who:")
    answer = (await world.alice.select(playing, ["kick:7"], custom_id=menu.custom_id)).response
    assert answer is not None and answer.content.startswith("Where does 7 (")
    await world.env.restart_bot(create_bot(settings))

    first = private_menus(answer)[0]
    path = first["options"][0]["value"]
    done = await world.alice.select(answer, [path], custom_id=first["custom_id"])
    assert done.acknowledged and not done.followups
    view = (await referee(world).current(world.channel.id)).view()
    assert view["ball_name"] == path.split()[-1]


async def test_a_typed_layout_sets_a_team_up_and_a_wrong_one_is_explained(world: World) -> None:
    await challenge_accepted(world, dice="physical", size="small")
    channel, bob = world.channel, world.bob
    assert private(await world.alice.slash(channel, "simplesoccer roll", dice="6")) == ""
    assert private(await bob.slash(channel, "simplesoccer roll", dice="1")) == ""  # West kicks off
    both = refused(
        world, await bob.slash(channel, "simplesoccer setup", preset="balanced", layout="G goal5")
    )
    assert "one of the two" in both
    layout = "G goal5, 1 m2, 2 m5, 3 m8, 4 k2, 5 k5, 6 k8, 7 j5"
    short = refused(world, await bob.slash(channel, "simplesoccer setup", layout="G goal5, 1 m2"))
    assert "2, 3, 4, 5, 6, 7 still missing" in short
    west = layout.replace("1 m2", "1 c3")  # in the other half
    wrong = refused(world, await bob.slash(channel, "simplesoccer setup", layout=west))
    assert wrong == "c3 is in the other team's half: set up in your own half."
    assert asked(public(world)[-1], bob) == "setup"

    assert private(await bob.slash(channel, "simplesoccer setup", layout=layout)) == ""
    placed = (await squares(world))["east"]
    assert placed == dict(item.split() for item in layout.split(", "))


async def test_a_timed_turn_ends_on_the_spot_when_its_clock_runs_out(world: World) -> None:
    """A timed match challenged without a turn timeout gets a 1-minute turn clock: Alice lets
    it run out in her turn, and the turn passes to Bob without anyone claiming anything."""
    cog = world.env.bot.get_cog("MatchPlay")
    assert cog is not None and cog.dispatcher is not None
    clock = Clock()
    cog.referee.clock = cog.dispatcher.clock = clock
    await challenge_accepted(world, dice="physical", size="small", length="timed", minutes=5)
    active = await cog.referee.store.active_match(world.channel.id)
    assert active is not None and active.options["turn_timeout"] == 1
    channel, alice, bob = world.channel, world.alice, world.bob
    assert private(await alice.slash(channel, "simplesoccer roll", dice="6")) == ""
    assert private(await bob.slash(channel, "simplesoccer roll", dice="1")) == ""
    await set_up(world)
    assert private(await alice.slash(channel, "simplesoccer roll", dice="6 5")) == ""
    assert asked(public(world)[-1], alice) == "move"

    clock.offset = timedelta(minutes=2)
    await cog.dispatcher.tick()
    board = public(world)[-1]
    assert "ran out of time: the turn ends on the spot" in text_of(board)
    assert asked(board, bob) == "roll" and "claim" not in board.content.lower()
    state = (await cog.referee.current(channel.id)).state
    assert state.turns_played == 1 and state.elapsed > 0


async def test_simple_soccer_plays_are_refused_in_another_games_match(world: World) -> None:
    channel, alice = world.channel, world.alice
    await alice.slash(channel, "fuba challenge", opponent=bot_member(world))
    assert await alice.autocomplete(channel, "simplesoccer move", "member", "") == []
    other = refused(world, await alice.slash(channel, "simplesoccer move", member="3", path="c4"))
    assert other == "The match in this channel is FUBA, not Simple Soccer. Use `/fuba move`."
