"""Socceristic in a channel through `/socceristic` commands, buttons and menus, as members see
it: whole matches with virtual dice, physical dice and against the coach, to full time and the
team sheet; wrong players and stale buttons refused."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from dataclasses import dataclass, field

import discord
import pytest
import simcord

from engine.socceristic.pitch import DIRECTIONS
from engine.socceristic.pitchfile import SAMPLE_TEXT
from store.models import MatchStatus
from store.repository import StoredMatch
from tests.discord.conftest import World
from tests.discord.test_play import bot_member, private, public, referee, refused, text_of
from tests.discord.test_timeouts import keep_old_board

MAX_STEPS = 800
SEED = 2026  # the whole match with virtual dice: its dice and decks
ASKED = re.compile(r"`/socceristic ([a-z]+)")
TYPED = re.compile(r"`/socceristic roll dice:([\d ]+)`")  # the example of a physical roll
SQUAD = "Ann, Bea, Cat, Dee, Eve, Fay, Gil, Hal, Ivy, Jo, Kit, Lou, Max, Ned, Oz, Pat"
OTHER_SQUAD = "Abe, Ben, Cal, Dan, Eli, Finn, Gus, Hugo, Ike, Jay, Ken, Leo, Mo, Nat, Otis, Per"


@pytest.fixture
def admin(world: World) -> simcord.MemberActor:
    """A member with Manage Server in the world's guild."""
    guild = world.channel.guild
    admins = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    return guild.add_member(world.env.create_user("ada"), roles=[admins])


def variant(name: str, centre: str, bold_arrows: bool = False, chance: str = "goal") -> bytes:
    """The sample pitch file under another name, its centre row all ``centre`` squares (the
    centre spot's whistle aside); with ``bold_arrows`` every arrow elsewhere is bold and every
    chance at goal ends as ``chance`` says (a goal, a corner)."""
    data = json.loads(SAMPLE_TEXT)
    if bold_arrows:
        for card in data["decks"]["outcome"]:
            card["chance"] = {"kind": chance, "text": "Off a defender"}
    rows = []
    for y, row in enumerate(data["rows"]):
        tokens = row.split()
        if y == data["centre_row"]:
            tokens = ["R" if t == "R" else centre for t in tokens]
        elif bold_arrows:
            tokens = [f"{t}*" if t in DIRECTIONS else t for t in tokens]
        rows.append("  ".join(tokens))
    data.update(name=name, sample=False, rows=rows)
    return json.dumps(data, indent=2).encode()


async def upload(world: World, admin: simcord.MemberActor, name: str, data: bytes) -> None:
    reply = private(
        await admin.slash(world.channel, "socceristic pitch upload", file=(f"{name}.json", data))
    )
    assert reply.startswith(f"Pitch **{name}** saved"), reply


def controls(message: discord.Message) -> tuple[dict[str, str], dict[str, list[str]]]:
    """The message's buttons (label -> custom id) and menus (custom id -> option values)."""
    found: dict[str, str] = {}
    menus: dict[str, list[str]] = {}
    for row in message.components:
        for c in getattr(row, "children", []):
            if isinstance(c, discord.SelectMenu):
                menus[c.custom_id or ""] = [o.value for o in c.options]
            elif c.custom_id:
                found[c.label or ""] = c.custom_id
    return found, menus


def asked(message: discord.Message, member: simcord.MemberActor) -> tuple[str, int] | None:
    """What the public message asks ``member`` for: (subcommand, dice to type or 0)."""
    for line in message.content.splitlines():
        if not line.startswith(member.mention):
            continue
        typed = TYPED.search(line)
        if typed:
            return "roll", len(typed.group(1).split())
        found = ASKED.search(line)
        assert found, line
        return found.group(1), 0
    return None


@dataclass
class Players:
    """How the members play: a random mix of buttons, menus and commands (a control the first
    time it is offered); dice typed at the table from ``script`` (each member's next dice)
    first, then at random."""

    rng: random.Random
    script: dict[int, list[str]] = field(default_factory=dict)
    used: Counter[str] = field(default_factory=Counter)  # the controls and commands used

    def dice(self, member: simcord.MemberActor, count: int) -> str:
        scripted = self.script.get(member.id)
        if scripted:
            return scripted.pop(0)
        return " ".join(str(self.rng.randint(1, 6)) for _ in range(count))

    async def step(self, world: World, member: simcord.MemberActor, what: str, dice: int) -> str:
        """One decision by ``member``; its private reply ("" when the board says it all)."""
        channel, last = world.channel, public(world)[-1]
        buttons, menus = controls(last)
        button = self.rng.random() < 0.6
        if what == "roll" and dice:
            self.used["typed"] += 1
            typed = self.dice(member, dice)
            return private(await member.slash(channel, "socceristic roll", dice=typed))
        labels = {
            "roll": "Roll the dice",
            "draw": "Draw a card",
            "end": "Defend the north end",
            "corner": "Corner from the west",
        }
        if what in labels and (button or not self.used[labels[what]]):
            self.used[labels[what]] += 1
            return private(await member.click(last, custom_id=buttons[labels[what]]))
        if what == "direction":
            [(menu, values)] = [(cid, v) for cid, v in menus.items() if ":direction:" in cid]
            offered = await member.autocomplete(channel, "socceristic direction", "direction", "")
            assert sorted(o["value"] for o in offered) == sorted(values)  # the legal ones
            if button or not self.used["direction menu"]:
                self.used["direction menu"] += 1
                return private(await member.select(last, [self.rng.choice(values)], custom_id=menu))
            self.used["/socceristic direction"] += 1
            chosen = self.rng.choice(offered)["value"]
            return private(await member.slash(channel, "socceristic direction", direction=chosen))
        self.used[f"/socceristic {what}"] += 1
        options = {"end": {"end": "south"}, "corner": {"side": "east"}}.get(what, {})
        return private(await member.slash(channel, f"socceristic {what}", **options))

    async def play_out(
        self, world: World, *members: simcord.MemberActor, steps: int = MAX_STEPS
    ) -> discord.Message:
        """Every decision asked of ``members`` until nobody of them is asked anything (or
        ``steps`` are done); returns the last public message."""
        for _ in range(steps):
            last = public(world)[-1]
            wanted = [(m, asked(last, m)) for m in members]
            wanted = [(m, w) for m, w in wanted if w is not None]
            if not wanted:
                return last
            member, (what, dice) = wanted[0]
            reply = await self.step(world, member, what, dice)
            assert reply == "", reply
        return public(world)[-1]


async def challenge_accepted(world: World, **options: object) -> discord.Message:
    """Alice challenges Bob to Socceristic and Bob accepts with the button; the first board."""
    posted = await world.alice.slash(
        world.channel, "socceristic challenge", opponent=world.bob, **options
    )
    assert private(posted) == ""
    challenge = public(world)[-1]
    assert "challenges you to a Socceristic match" in challenge.content
    assert private(await world.bob.click(challenge, label="Accept")) == ""
    return public(world)[-1]


def report_lines(report: discord.Message) -> list[str]:
    [stats] = report.embeds[0].fields
    return (stats.value or "").splitlines()


async def finished(world: World, report: discord.Message) -> StoredMatch:
    """The match a full-time report is of, finished."""
    found = re.search(r"match #(\d+)", report.embeds[0].title or "")
    assert found
    history = await referee(world).store.history(int(found.group(1)))
    assert history.match.status == MatchStatus.FINISHED
    return history.match


# -- whole matches ---------------------------------------------------------------------------


async def test_a_whole_match_with_virtual_dice_to_the_team_sheet(
    world: World, admin: simcord.MemberActor, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Every kick-off loses the ball (a direction to choose) and every arrow off the centre
    # line is a chance (a card to draw) that scores: a short match meets every control.
    monkeypatch.setattr("referee.service.secrets.randbits", lambda bits: SEED)
    await upload(world, admin, "Busy", variant("Busy", "X", bold_arrows=True))
    opening = await challenge_accepted(
        world, pitch="Busy", length="5 moves", squad=SQUAD, opponent_squad=OTHER_SQUAD
    )
    kickoff = public(world)[-2]
    assert "Rules: pitch Busy, halves of 5 moves." in kickoff.content
    assert asked(opening, world.alice) == ("roll", 0) == asked(opening, world.bob)  # the toss
    assert list(controls(opening)[0]) == ["Roll the dice"]
    players = Players(random.Random(4))

    await players.play_out(world, world.alice, world.bob)

    *_, final, report = public(world)
    assert "Dice seed:" in final.content
    assert (report.embeds[0].title or "").startswith("Full time: Socceristic match #")
    lines = report_lines(report)
    assert lines[0].startswith("Goals: Home ")
    assert any(line.startswith("Chances at goal: ") for line in lines)
    # the team sheet names the players of the squads
    kept = (await finished(world, report)).state.sheet
    assert kept["goals"], "a match of chances without a goal"
    text = "\n".join(lines)
    for goal in kept["goals"]:
        assert f"No. {goal['shirt']} {goal['name']}" in text
        assert goal["name"] in SQUAD.split(", ") + OTHER_SQUAD.split(", ")
    for used in ("Roll the dice", "Draw a card", "direction menu"):
        assert players.used[used], players.used


async def test_physical_dice_typed_and_an_injury_on_the_team_sheet(
    world: World, admin: simcord.MemberActor
) -> None:
    # Every kick-off lands on a tackle: a tie there is the injury check of the side that did
    # not have the ball.
    await upload(world, admin, "Tackle alley", variant("Tackle alley", "T"))
    opening = await challenge_accepted(
        world,
        pitch="Tackle alley",
        length="5 moves",
        dice="physical",
        squad=SQUAD,
        opponent_squad=OTHER_SQUAD,
    )
    assert asked(opening, world.alice) == ("roll", 1)
    assert "Roll the dice" not in controls(opening)[0]  # physical dice are typed
    refusal = refused(world, await world.alice.slash(world.channel, "socceristic roll"))
    assert "physical dice" in refusal and "dice:" in refusal
    players = Players(
        random.Random(2),
        script={
            # toss 6-1 (Alice kicks off), kick-off 3, tackle 4
            world.alice.id: ["6", "3", "4"],
            # toss, tackle 4 (a tie: Bob's team had not the ball), injury 6+6, shirt 4+5,
            # then the tackle winner's free move
            world.bob.id: ["1", "4", "6 6", "4 5", "2"],
        },
    )
    await players.play_out(world, world.alice, world.bob, steps=9)
    assert not players.script[world.alice.id] and not players.script[world.bob.id]
    history = await referee(world).store.history(
        (await referee(world).store.active_match(world.channel.id)).id  # type: ignore[union-attr]
    )
    typed = [e.action.args["dice"] for e in history.log if e.action.kind == "roll"]
    assert typed == [[6], [1], [3], [4], [4], [6, 6], [4, 5], [2]]

    await players.play_out(world, world.alice, world.bob)

    *_, report = public(world)
    text = "\n".join(report_lines(report))
    assert "Away substitutions: No. 12 Leo on for No. 9 Ike (1st half, move 1)" in text
    assert players.used["typed"] > 9 and "Roll the dice" not in players.used


async def test_a_whole_match_against_the_coach(world: World) -> None:
    start = await world.alice.slash(
        world.channel,
        "socceristic challenge",
        opponent=bot_member(world),
        length="5 moves",
        squad=SQUAD,
    )
    assert private(start) == ""
    opening = public(world)[-1]
    assert "alice (Home) v Coach (Away), virtual dice" in text_of(public(world)[-2])
    assert asked(opening, world.alice) == ("roll", 0)  # the coach has rolled already

    await Players(random.Random(7)).play_out(world, world.alice)

    *_, final, report = public(world)
    assert "Dice seed:" in final.content
    assert report_lines(report)[0].startswith("Goals: Home ")
    history = await referee(world).store.history((await finished(world, report)).id)
    actors = {e.action.actor for e in history.log}
    assert actors == {"home", "away"}
    assert {e.user_id for e in history.log if e.action.actor == "home"} == {world.alice.id}


# -- refusals ----------------------------------------------------------------------------


async def test_wrong_players_spectators_and_stale_buttons_change_nothing(world: World) -> None:
    opening = await challenge_accepted(world, length="5 moves")
    roll = controls(opening)[0]["Roll the dice"]
    await world.carol.send(world.channel, "come on!")  # the board will be posted again
    keep_old_board(world)
    assert private(await world.alice.click(opening, custom_id=roll)) == ""
    # the old board's button, a step ago
    stale = refused(world, await world.bob.click(opening, custom_id=roll))
    assert "This is out of date: the match is on https://discord.com/channels/" in stale
    board = public(world)[-1]
    watching = refused(world, await world.carol.click(board, label="Roll the dice"))
    assert "not playing" in watching
    again = refused(world, await world.alice.slash(world.channel, "socceristic roll"))
    assert again.startswith("Not your turn: ")  # Alice rolled for the toss already
    players = Players(random.Random(1))
    for _ in range(20):  # the toss (equal dice roll again)
        board = public(world)[-1]
        if "Defend the north end" in controls(board)[0]:
            break
        member = world.alice if asked(board, world.alice) else world.bob
        assert await players.step(world, member, "roll", 0) == ""
    chooser = world.alice if asked(board, world.alice) else world.bob
    other = world.bob if chooser is world.alice else world.alice
    assert asked(board, chooser) == ("end", 0) and asked(board, other) is None
    north = controls(board)[0]["Defend the north end"]
    wrong = refused(world, await other.click(board, custom_id=north))
    assert wrong.startswith("Not your turn: ")
    wrong = refused(world, await other.slash(world.channel, "socceristic end", end="north"))
    assert wrong.startswith("Not your turn: ")
    await world.carol.send(world.channel, "pick one!")
    keep_old_board(world)
    assert private(await chooser.click(board, custom_id=north)) == ""
    double = refused(world, await chooser.click(board, custom_id=north))
    assert "This is out of date" in double
    view = (await referee(world).current(world.channel.id)).view()
    assert view["ends"][0 if chooser is world.alice else 1] == "north"
    assert "Pitch: sample" in (public(world)[-1].embeds[0].fields[0].value or "")


async def test_a_bad_length_or_squad_is_refused_before_anyone_is_asked(world: World) -> None:
    reply = refused(
        world,
        await world.alice.slash(
            world.channel, "socceristic challenge", opponent=world.bob, length="3 weeks"
        ),
    )
    assert "50 moves" in reply and "20 minutes" in reply
    reply = refused(
        world,
        await world.alice.slash(
            world.channel, "socceristic challenge", opponent=world.bob, length="2 moves"
        ),
    )
    assert "5 to 200" in reply
    too_many = ", ".join(f"P{n}" for n in range(17))
    reply = refused(
        world,
        await world.alice.slash(
            world.channel, "socceristic challenge", opponent=world.bob, squad=too_many
        ),
    )
    assert "16" in reply
    assert public(world) == []
    offered = await world.alice.autocomplete(world.channel, "socceristic challenge", "length", "")
    assert [o["value"] for o in offered][:2] == ["50 moves", "30 moves"]
    assert "20 minutes" in [o["value"] for o in offered]
    typed = await world.alice.autocomplete(world.channel, "socceristic challenge", "length", "2")
    assert [o["value"] for o in typed] == ["2 moves", "2 minutes", "20 moves", "20 minutes"]
    typed = await world.alice.autocomplete(
        world.channel, "socceristic challenge", "length", "25 min + 3"
    )
    assert [o["value"] for o in typed] == ["25 min + 3"]


async def test_a_squad_name_with_markdown_or_a_mention_is_refused_privately(
    world: World,
) -> None:
    reply = refused(
        world,
        await world.alice.slash(
            world.channel, "socceristic challenge", opponent=world.bob, squad="**Bold**, @everyone"
        ),
    )
    # the name reads as typed, neither bold nor a ping
    assert reply == (
        '"\\*\\*Bold\\*\\*" cannot be a player\'s name: '
        "use letters, digits, spaces and . ' - only."
    )
    assert public(world) == []


async def test_help_lists_the_commands_and_explains_a_topic(world: World) -> None:
    result = await world.alice.slash(world.channel, "socceristic help")
    [embed] = [e for m in (result.response, *result.followups) if m for e in m.embeds]
    text = embed.description or ""
    for command in ("challenge", "roll", "draw", "direction", "end", "corner", "pitch upload"):
        assert f"`/socceristic {command}`" in text, command
    assert "Draw a card" in text
    result = await world.alice.slash(world.channel, "socceristic help", topic="Throw-ins")
    [topic] = [e for m in (result.response, *result.followups) if m for e in m.embeds]
    assert topic.title == "Throw-ins" and "edge square" in (topic.description or "")


async def test_status_board_log_abort_and_resign(world: World) -> None:
    await challenge_accepted(world, length="20 minutes")
    notes = public(world)[-1].embeds[0].fields[0].value or ""
    assert notes == "Pitch: sample"  # the clock shows from the kick-off
    called_off = await world.alice.slash(world.channel, "socceristic abort")
    assert private(called_off) == ""
    assert "The match was called off." in public(world)[-1].content
    assert await referee(world).store.active_match(world.channel.id) is None

    await challenge_accepted(world, length="20 minutes")
    players = Players(random.Random(3))
    for _ in range(30):  # to the kick-off and a little beyond
        board = public(world)[-1]
        view = (await referee(world).current(world.channel.id)).view()
        if view["half"] == 1 and view["ball"] is not None and view["moves"] >= 2:
            break
        member = world.alice if asked(board, world.alice) else world.bob
        what, dice = asked(board, member) or ("", 0)
        assert await players.step(world, member, what, dice) == ""
    notes = public(world)[-1].embeds[0].fields[0].value or ""
    assert notes.splitlines()[1].startswith("First half: ")
    assert notes.endswith(" of 20 (+5) minutes played")
    status = private(await world.carol.slash(world.channel, "socceristic status"))
    assert status.startswith("Match #") and "alice 0 v bob 0" in status.splitlines()[0]
    assert "First half" in status and "You are watching this match." in status
    board = await world.carol.slash(world.channel, "socceristic board")
    [image] = [a for m in (board.response, *board.followups) if m for a in m.attachments]
    assert image.filename == "board.png"
    log = private(await world.carol.slash(world.channel, "socceristic log"))
    assert "kicks off" in log
    refusal = refused(world, await world.alice.slash(world.channel, "socceristic abort"))
    assert "resign" in refusal.lower() or "kick-off" in refusal.lower()
    assert private(await world.bob.slash(world.channel, "socceristic resign")) == ""
    *_, final, report = public(world)
    assert "alice (Home) wins." in final.content
    assert report_lines(report)[0].startswith("Goals: Home ")


async def test_a_corner_side_is_chosen_with_the_buttons_or_the_command(
    world: World, admin: simcord.MemberActor, monkeypatch: pytest.MonkeyPatch
) -> None:
    # every chance gives a corner, from a side the attackers choose
    monkeypatch.setattr("referee.service.secrets.randbits", lambda bits: SEED)
    corners = variant("Corners", "X", bold_arrows=True, chance="corner")
    await upload(world, admin, "Corners", corners)
    await challenge_accepted(world, pitch="Corners", length="5 moves")
    players = Players(random.Random(5))
    chosen: list[str] = []
    for _ in range(200):
        board = public(world)[-1]
        member = world.alice if asked(board, world.alice) else world.bob
        what, dice = asked(board, member) or ("", 0)
        assert what, "the match ended before two corners"
        if what != "corner":
            assert await players.step(world, member, what, dice) == ""
            continue
        other = world.bob if member is world.alice else world.alice
        assert asked(board, other) is None
        wrong = refused(world, await other.click(board, label="Corner from the east"))
        assert wrong.startswith("Not your turn: ")
        if not chosen:
            reply = await member.click(board, label="Corner from the west")
            chosen.append("west")
        else:
            reply = await member.slash(world.channel, "socceristic corner", side="east")
            chosen.append("east")
        assert private(reply) == ""
        if len(chosen) == 2:
            break
    match = await referee(world).store.active_match(world.channel.id)
    assert match is not None
    history = await referee(world).store.history(match.id)
    assert [e.action.args["side"] for e in history.log if e.action.kind == "corner"] == chosen
    assert "corner" in text_of(public(world)[-1]).lower()


def test_an_unknown_direction_is_quoted_as_typed() -> None:
    from cogs.play.registry import PlayRefusal
    from cogs.socceristic.commands import direction_of

    with pytest.raises(PlayRefusal) as refusal:
        direction_of("*up*")
    assert str(refusal.value).startswith(r"'\*up\*' is no direction; choose one of north, ")
