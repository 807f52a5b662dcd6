"""Whole Simple Soccer matches between two members in a channel: one with physical dice won by
a typed shot, one with virtual dice settled by a penalty shootout, both to the final whistle."""

from __future__ import annotations

import io

from PIL import Image

from store.models import MatchStatus
from tests.discord.conftest import World
from tests.discord.test_play import private, public, referee, text_of
from tests.discord.test_simplesoccer import asked, challenge_accepted, control, set_up

MAX_STEPS = 200


async def test_physical_dice_a_shot_past_the_goalkeeper_wins_the_match(world: World) -> None:
    await challenge_accepted(world, dice="physical", size="small", length="score", target=1)
    channel, alice, bob = world.channel, world.alice, world.bob
    assert private(await alice.slash(channel, "simplesoccer roll", dice="5")) == ""
    assert private(await bob.slash(channel, "simplesoccer roll", dice="2")) == ""  # West
    await set_up(world)  # East's goalkeeper stands in the middle of its goal, goal5
    assert (await referee(world).current(channel.id)).view()["squares"]["east"]["G"] == "goal5"
    assert private(await alice.slash(channel, "simplesoccer roll", dice="6 6")) == ""

    # West's 7 kicks from beside the centre spot, low along the board, across the line at goal2:
    # 8 points; the goalkeeper is 3 straight steps away and needs a 3 or a 5
    path = "i4 j3 k2 l2 m2 n2 o2 goal2"
    assert private(await alice.slash(channel, "simplesoccer kick", member="7", path=path)) == ""
    shot = public(world)[-1]
    assert asked(shot, bob) == "roll" and asked(shot, alice) is None
    assert "3 or 5" in text_of(shot)
    assert private(await bob.slash(channel, "simplesoccer roll", dice="2")) == ""

    final = " ".join(text_of(m) for m in public(world)[-3:])
    assert "Goal for West" in final and "1-0" in final
    finished = await referee(world).store.last_finished_match(channel.id, "simplesoccer")
    assert finished is not None and finished.status == MatchStatus.FINISHED
    assert finished.result["winner"] == "west" and finished.result["score"] == {
        "west": 1,
        "east": 0,
    }


async def test_virtual_dice_a_level_match_ends_in_a_shootout_and_a_result(world: World) -> None:
    """Two turns each ended at once (0-0), then the shootout with the board's controls only:
    the Roll the dice button and the secret spot menu, until one side wins."""
    await challenge_accepted(world, size="small", turns=4)
    channel = world.channel
    steps, spots = 0, 0
    while steps < MAX_STEPS and await referee(world).store.active_match(channel.id):
        steps += 1
        board = public(world)[-1]
        for member in (world.alice, world.bob):
            what = asked(board, member)
            if what is None:
                continue
            if what == "roll":
                reply = await member.click(board, label="Roll the dice")
            elif what == "setup":
                menu = control(board, ":setup")
                reply = await member.select(board, ["balanced"], custom_id=menu.custom_id)
            elif what == "spot":
                spots += 1
                menu = control(board, ":spot")
                reply = await member.select(board, ["4"], custom_id=menu.custom_id)
                assert private(reply).startswith("Your goalkeeper stands on spot 4.")
                break
            else:  # a turn: end it at once
                reply = await member.slash(channel, "simplesoccer end")
            if what != "spot":
                assert private(reply) == "", what
            break
    assert steps < MAX_STEPS and spots >= 3  # the earliest a shootout can be decided
    finished = await referee(world).store.last_finished_match(channel.id, "simplesoccer")
    assert finished is not None and finished.status == MatchStatus.FINISHED
    assert finished.result["score"] == {"west": 0, "east": 0}
    assert finished.result["winner"] in ("west", "east")
    assert finished.state.reason == "shootout" and finished.state.turns_played == 4
    text = " ".join(text_of(m) for m in public(world)[-3:])
    assert "wins the shootout after a 0-0 draw" in text
    kicks = finished.result["shootout"]
    assert f"Score: West 0 - East 0, {kicks['west']}-{kicks['east']} on penalties" in text
    report = public(world)[-1]  # the full-time report with the replay of the match
    assert (report.embeds[0].title or "").startswith("Full time: Simple Soccer match #")
    replay = report.attachments[0]
    assert replay.filename == "replay.gif"
    with Image.open(io.BytesIO(await replay.read())) as gif:
        assert gif.n_frames > 4  # the kick-off, the turns, the kicks of the shootout
