"""Socceristic pitches as a server sees them: an admin uploads a pitch file (a bad one is refused
with its line and field, and nothing is kept), lists and removes them; members without Manage
Server are refused; a challenge picks an uploaded pitch and its match plays on it."""

from __future__ import annotations

import json
import re

import discord
import pytest
import simcord

from engine.socceristic.pitchfile import SAMPLE_TEXT, sample
from tests.discord.conftest import World, no_threads
from tests.discord.test_play import private, public, referee, refused, text_of

SAMPLE = sample()


@pytest.fixture
def admin(world: World) -> simcord.MemberActor:
    """A member with Manage Server in the world's guild."""
    guild = world.channel.guild
    admins = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    return guild.add_member(world.env.create_user("ada"), roles=[admins])


def pitch_file(name: str = "Home ground") -> bytes:
    """A valid pitch file: the sample's squares and cards under another name."""
    data = json.loads(SAMPLE_TEXT)
    data.update(name=name, sample=False)
    return json.dumps(data, indent=2).encode()


def bad_file() -> tuple[bytes, int]:
    """The sample file with an unknown symbol first in its first row, and that row's line."""
    row = json.loads(SAMPLE_TEXT)["rows"][0]
    text = SAMPLE_TEXT.replace(f'"{row}"', '"' + re.sub(r"^\s*\S+", "Q", row) + '"', 1)
    line = text[: text.index('"Q')].count("\n") + 1
    return text.encode(), line


async def listed(world: World, member: simcord.MemberActor) -> str:
    return private(await member.slash(world.channel, "socceristic pitch list"))


async def test_an_admin_uploads_lists_and_removes_pitches(
    world: World, admin: simcord.MemberActor
) -> None:
    assert "No pitch of this server yet" in await listed(world, world.alice)
    reply = private(
        await admin.slash(
            world.channel, "socceristic pitch upload", file=("ground.json", pitch_file())
        )
    )
    # named after the file; its squares and both packs counted
    assert reply.startswith(
        f"Pitch **Home ground** saved: {SAMPLE.width} x {SAMPLE.height} squares, "
        f"{len(SAMPLE.outcome)} Outcome cards and {len(SAMPLE.referee)} Referee's Decision cards."
    )
    assert "`/socceristic challenge pitch:Home ground`" in reply
    reply = private(
        await admin.slash(
            world.channel,
            "socceristic pitch upload",
            file=("other.json", pitch_file()),
            name="Wembley",
        )
    )
    assert reply.startswith("Pitch **Wembley** saved")
    again = private(
        await admin.slash(
            world.channel, "socceristic pitch upload", file=("w.json", pitch_file()), name="Wembley"
        )
    )
    assert again.startswith("Pitch **Wembley** replaced")
    text = await listed(world, world.bob)  # anyone may read the list
    assert "`sample`" in text and "`Home ground`" in text and "`Wembley`" in text
    offered = await world.alice.autocomplete(world.channel, "socceristic challenge", "pitch", "")
    assert [o["value"] for o in offered] == ["sample", "Home ground", "Wembley"]
    offered = await admin.autocomplete(world.channel, "socceristic pitch remove", "name", "wem")
    assert [o["value"] for o in offered] == ["Wembley"]

    reply = private(await admin.slash(world.channel, "socceristic pitch remove", name="Wembley"))
    assert reply.startswith("Pitch **Wembley** removed")
    assert "Wembley" not in await listed(world, world.bob)
    again_gone = refused(
        world, await admin.slash(world.channel, "socceristic pitch remove", name="Wembley")
    )
    assert "no pitch called 'Wembley'" in again_gone
    sample = refused(
        world, await admin.slash(world.channel, "socceristic pitch remove", name="sample")
    )
    assert "cannot be removed" in sample
    assert public(world) == []  # all of it private


async def test_a_bad_file_is_refused_with_its_line_and_field(
    world: World, admin: simcord.MemberActor
) -> None:
    data, line = bad_file()
    reply = refused(
        world,
        await admin.slash(world.channel, "socceristic pitch upload", file=("bad.json", data)),
    )
    assert reply.startswith("bad.json was refused, nothing was kept: ")
    assert f"line {line}, rows[0] square 1: 'Q' is not a symbol" in reply
    broken = refused(
        world,
        await admin.slash(
            world.channel, "socceristic pitch upload", file=("broken.json", b'{"name": "x",\n}')
        ),
    )
    assert "line 2" in broken and "not valid JSON" in broken
    huge = refused(
        world,
        await admin.slash(
            world.channel, "socceristic pitch upload", file=("huge.json", b" " * 300_000)
        ),
    )
    assert huge == "huge.json is 292 KB; a pitch file has at most 256 KB. Nothing was kept."
    sample_name = refused(
        world,
        await admin.slash(
            world.channel,
            "socceristic pitch upload",
            file=("s.json", pitch_file()),
            name=" Sample ",
        ),
    )
    assert "bot's own pitch" in sample_name
    assert "No pitch of this server yet" in await listed(world, admin)


async def test_members_without_manage_server_cannot_upload_or_remove(
    world: World, admin: simcord.MemberActor
) -> None:
    reply = refused(
        world,
        await world.alice.slash(
            world.channel, "socceristic pitch upload", file=("g.json", pitch_file())
        ),
    )
    assert reply == (
        "Only members with the Manage Server permission can upload a pitch; ask a server admin."
    )
    private(
        await admin.slash(world.channel, "socceristic pitch upload", file=("g.json", pitch_file()))
    )
    reply = refused(
        world, await world.bob.slash(world.channel, "socceristic pitch remove", name="Home ground")
    )
    assert "can remove a pitch" in reply
    assert "`Home ground`" in await listed(world, world.bob)  # still there


async def test_each_server_sees_its_own_pitches(world: World, admin: simcord.MemberActor) -> None:
    private(
        await admin.slash(world.channel, "socceristic pitch upload", file=("g.json", pitch_file()))
    )
    other = world.env.create_guild("Other club")
    channel = other.create_text_channel("pitch", overwrites=no_threads(world.env))
    dan, eve = (other.add_member(world.env.create_user(name)) for name in ("dan", "eve"))
    text = private(await dan.slash(channel, "socceristic pitch list"))
    assert "Home ground" not in text
    refusal = refused(
        world, await dan.slash(channel, "socceristic challenge", opponent=eve, pitch="Home ground")
    )
    assert refusal == "This server has no pitch called 'Home ground'; choose one of `sample`."


async def test_a_challenge_plays_on_an_uploaded_pitch(
    world: World, admin: simcord.MemberActor
) -> None:
    private(
        await admin.slash(
            world.channel, "socceristic pitch upload", file=("g.json", pitch_file()), name="Anfield"
        )
    )
    unknown = refused(
        world,
        await world.alice.slash(
            world.channel, "socceristic challenge", opponent=world.bob, pitch="Goodison"
        ),
    )
    assert unknown == (
        "This server has no pitch called 'Goodison'; choose one of `sample`, `Anfield`."
    )
    assert (
        private(
            await world.alice.slash(
                world.channel,
                "socceristic challenge",
                opponent=world.bob,
                pitch="Anfield",
                length="5 moves",
            )
        )
        == ""
    )
    challenge = public(world)[-1]
    assert "(virtual dice, pitch Anfield, halves of 5 moves)" in challenge.content
    # removing the pitch now does not change the challenge made on it
    private(await admin.slash(world.channel, "socceristic pitch remove", name="Anfield"))
    assert private(await world.bob.click(challenge, label="Accept")) == ""
    board = public(world)[-1]
    assert "Rules: pitch Anfield, halves of 5 moves." in text_of(public(world)[-2])
    notes = {f.name: f.value for f in board.embeds[0].fields}
    assert "Pitch: Anfield" in (notes.get("Match") or "")
    match = await referee(world).store.active_match(world.channel.id)
    assert match is not None and match.ruleset == "socceristic"
    view = (await referee(world).current(world.channel.id)).view()
    assert view["options"]["pitch"]["name"] == "Anfield"
    assert view["options"]["length"] == {"moves": 5}


async def test_a_pitch_named_with_markdown_reads_as_typed(
    world: World, admin: simcord.MemberActor
) -> None:
    reply = private(
        await admin.slash(
            world.channel, "socceristic pitch upload", file=("g.json", pitch_file("**Wem** _`x`_"))
        )
    )
    # inside a code span the name is shown as typed, without its backticks
    assert reply.startswith(r"Pitch **\*\*Wem\*\* \_\`x\`\_** saved")
    assert reply.endswith("`/socceristic challenge pitch:**Wem** _x_`.")
    assert "- `**Wem** _x_`" in await listed(world, world.bob)
    unknown = refused(
        world,
        await world.alice.slash(
            world.channel, "socceristic challenge", opponent=world.bob, pitch="*Goo*"
        ),
    )
    assert unknown == (
        r"This server has no pitch called '\*Goo\*'; choose one of `sample`, `**Wem** _x_`."
    )
    private(
        await world.alice.slash(
            world.channel,
            "socceristic challenge",
            opponent=world.bob,
            pitch="**wem** _`X`_",  # other capitals
            length="5 moves",
        )
    )
    challenge = public(world)[-1]
    assert r"(virtual dice, pitch \*\*Wem\*\* \_\`x\`\_, halves of 5 moves)" in challenge.content
    private(await world.bob.click(challenge, label="Accept"))
    assert r"Rules: pitch \*\*Wem\*\* \_\`x\`\_, halves of 5 moves." in text_of(public(world)[-2])


async def test_remove_finds_a_pitch_in_other_capitals_and_quotes_an_unknown_one(
    world: World, admin: simcord.MemberActor
) -> None:
    private(
        await admin.slash(
            world.channel, "socceristic pitch upload", file=("g.json", pitch_file("Anfield"))
        )
    )
    reply = private(await admin.slash(world.channel, "socceristic pitch remove", name="ANFIELD"))
    assert reply.startswith("Pitch **Anfield** removed")
    gone = refused(world, await admin.slash(world.channel, "socceristic pitch remove", name="_A_"))
    assert gone == r"This server has no pitch called '\_A\_'."


async def test_a_file_named_too_long_asks_for_a_shorter_name(
    world: World, admin: simcord.MemberActor
) -> None:
    long = "Stadium " * 8
    reply = refused(
        world,
        await admin.slash(
            world.channel, "socceristic pitch upload", file=("g.json", pitch_file(long))
        ),
    )
    assert reply == (
        "g.json was refused, nothing was kept: line 3, name: is 64 characters long; "
        "at most 60 are allowed; give it a shorter one with `name:`"
    )
    saved = private(
        await admin.slash(
            world.channel, "socceristic pitch upload", file=("g.json", pitch_file(long)), name="Ok"
        )
    )
    assert saved.startswith("Pitch **Ok** saved")
