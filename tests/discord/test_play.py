"""Playing FUBA in a channel through slash commands and buttons, as members see it."""

from __future__ import annotations

import random
import re

import discord
import simcord

from bot import create_bot
from botconfig import Settings
from cogs.errors import player_message
from referee.service import Outcome, Referee
from store.models import MatchStatus
from tests.discord.conftest import World

MAX_STEPS = 1500
COMMAND = re.compile(r"`(/fuba [a-z]+)")


def bot_member(world: World) -> simcord.MemberActor:
    """The bot as an option value: challenging it starts a match against its coach."""
    env = world.env
    return simcord.MemberActor(
        env, world.alice.guild, simcord.UserHandle(env, env.backend.bot_user)
    )


def referee(world: World) -> Referee:
    """The bot's referee (the extension module is loaded apart from this test's imports)."""
    found = world.env.bot.get_cog("MatchPlay")
    assert found is not None
    return found.referee


def private(result: simcord.InteractionResult) -> str:
    """The caller's private reply (after a private defer: the response or a follow-up); ""
    when nothing stayed behind (a step that only moved the live board on)."""
    assert result.acknowledged
    assert all(m.ephemeral for m in result.followups), result.followups
    # a click's own response is the message it was on (the live board, edited in place)
    messages = [m for m in (result.response, *result.followups) if m is not None and m.ephemeral]
    return "\n".join(m.content for m in messages)


def refused(world: World, result: simcord.InteractionResult) -> str:
    """The private refusal of a command; the typed errors it raised are acknowledged (a bug,
    an untyped error, fails the test)."""
    text = private(result)
    assert text
    for error in world.env.errors:
        assert player_message(error) is not None, error
    return text


def public(world: World) -> list[discord.Message]:
    return [m for m in world.channel.history() if not m.flags.ephemeral]


def text_of(message: discord.Message) -> str:
    return "\n".join([message.content, *(e.description or "" for e in message.embeds)])


def since(world: World, before: list[discord.Message]) -> list[discord.Message]:
    """The public messages in the channel now that were not there ``before``."""
    seen = {m.id for m in before}
    return [m for m in public(world) if m.id not in seen]


async def keep_the_old_board(world: World) -> discord.Message:
    """Carol chats below the live board, so the next step posts it again, and Discord lets the
    bot neither delete the old board nor take its controls off: the old board (returned) stays
    in the channel with the controls of its step, as a slow client would still show them."""
    board = public(world)[-1]
    assert board.components
    await world.carol.send(world.channel, "come on!")
    missing = {"status": 403, "code": 50013, "message": "Missing Permissions"}
    for method in ("DELETE", "PATCH"):
        world.env.inject_error(method, f"/channels/{world.channel.id}/messages/*", **missing)
    return board


def still_there(world: World, board: discord.Message) -> discord.Message:
    """``board`` as the channel shows it now, with the controls it kept."""
    [kept] = [m for m in public(world) if m.id == board.id]
    assert control_ids(kept) == control_ids(board) != []
    return kept


def control_ids(message: discord.Message) -> list[str | None]:
    """The custom ids of the buttons and menus under ``message``."""
    return [c.custom_id for row in message.components for c in getattr(row, "children", [])]


def wanted(message: discord.Message, member: simcord.MemberActor) -> str | None:
    """The command the public message asks ``member`` for, if any."""
    for line in message.content.splitlines():
        if line.startswith(member.mention):
            count = re.search(r"roll (\d+) di", line)
            if count:
                return f"/fuba roll {count.group(1)}"
            found = COMMAND.search(line)
            assert found, line
            return found.group(1)
    return None


async def first_offer(
    world: World, member: simcord.MemberActor, command: str, option: str, **filled: object
) -> object:
    offered = await member.autocomplete(world.channel, command, option, "", **filled)
    assert offered, f"nothing offered for {command} {option}"
    return offered[0]["value"]


async def first_move(world: World, member: simcord.MemberActor) -> dict[str, object]:
    """The first legal move offered by autocomplete, as /fuba move options (the `to` entry
    names the whole move: goalkeeper or player, with the ball or not)."""
    start = await first_offer(world, member, "fuba move", "from")
    [end, *_] = await member.autocomplete(world.channel, "fuba move", "to", "", **{"from": start})
    return {"from": start, "to": end["value"]}


async def play_step(
    world: World, member: simcord.MemberActor, command: str, dice: random.Random | None = None
) -> str:
    """One decision by ``member``, the way a player would make it; returns the reply.
    Physical dice come from ``dice`` (the values "rolled at the table")."""
    channel = world.channel
    if command.startswith("/fuba roll"):
        assert dice is not None, "virtual dice are rolled by the bot"
        count = int(command.split()[-1])
        rolled = " ".join(str(dice.randint(1, 6)) for _ in range(count))
        return private(await member.slash(channel, "fuba roll", dice=rolled))
    if command == "/fuba formation":
        return private(await member.slash(channel, "fuba formation", shape="4-4-2"))
    if command == "/fuba choose":  # the buttons
        buttons = [
            c
            for row in public(world)[-1].components
            for c in getattr(row, "children", [])
            if (c.custom_id or "").startswith("fuba:act:")
        ]
        return private(await member.click(public(world)[-1], custom_id=buttons[0].custom_id))
    if command == "/fuba action":
        kinds = [c["value"] for c in await member.autocomplete(channel, "fuba action", "kind", "")]
        kind = "position" if "position" in kinds else kinds[0]
        return private(await member.slash(channel, "fuba action", kind=kind))
    if command == "/fuba continue":
        return private(await member.slash(channel, "fuba continue", choice="new_turn"))
    if command == "/fuba move":
        reply = private(await member.slash(channel, "fuba done"))
        if reply == "":
            return reply
        assert all(player_message(e) is not None for e in world.env.errors)  # done: refused
        move = await first_move(world, member)
        return private(await member.slash(channel, "fuba move", **move))
    options = {"/fuba setup": "layout", "/fuba target": "area", "/fuba bring": "from"}
    option = options[command]
    value = await first_offer(world, member, command[1:], option)
    return private(await member.slash(channel, command[1:], **{option: value}))


async def play_until(
    world: World,
    member: simcord.MemberActor,
    stop: str | None,
    *others: simcord.MemberActor,
    dice: random.Random | None = None,
    seen: list[str] | None = None,
) -> discord.Message:
    """Play the decisions of ``member`` (and ``others``) until the public message asks for
    ``stop`` or nobody of them, at the final whistle say. The live board's text before each
    step is added to ``seen`` (the board is edited in place: the channel keeps no copy)."""
    for _ in range(MAX_STEPS):
        last = public(world)[-1]
        if seen is not None:
            seen.append(text_of(last))
        asked = [(m, wanted(last, m)) for m in (member, *others)]
        asked = [(m, command) for m, command in asked if command is not None]
        if not asked or any(command == stop for _, command in asked):
            return last
        who, command = asked[0]
        reply = await play_step(world, who, command, dice)
        assert reply == "" or reply.startswith("Your formation"), reply
    raise AssertionError("the match did not end")


async def test_a_whole_match_against_the_coach(world: World) -> None:
    start = await world.alice.slash(world.channel, "fuba challenge", opponent=bot_member(world))
    assert private(start) == ""
    opening = public(world)[-1]
    assert "Dice seed SHA-256" in text_of(opening)
    assert world.alice.mention in opening.content and "/fuba formation" in opening.content

    before = public(world)
    boards: list[str] = []
    await play_until(world, world.alice, stop=None, seen=boards)
    *highlights, final, report = since(world, before)  # the final whistle, then the report

    assert len(boards) > 50  # every step brought the one live board up to date
    assert all(not m.attachments and not m.components for m in highlights)
    assert [m.id for m in public(world)].count(opening.id) == 0  # posted again below highlights
    narration = "\n".join([*boards, text_of(final)])
    for line in ("Formations: West 4-4-2", "wins the kick-off roll", "ball value", "FULL TIME"):
        assert line in narration
    assert final.components == []
    assert "Dice seed:" in final.content and ("wins." in final.content or "draw" in final.content)
    assert [a.filename for a in final.attachments] == ["board.png"]
    # after it, in a message of its own: the statistics and the replay
    assert (report.embeds[0].title or "").startswith("Full time:")
    assert "Dice seed:" in text_of(report)
    [stats] = report.embeds[0].fields
    assert stats.name == "Statistics" and "Possession: West" in (stats.value or "")
    match_id = int(re.search(r"match #(\d+)", final.embeds[0].title or "").group(1))
    files = [a.filename for a in report.attachments]
    assert files == ["replay.gif", "chances.png", f"match-{match_id}-log.json"]
    assert report.embeds[0].image.url == "attachment://replay.gif"
    stored = await referee(world).store.get_match(match_id)
    assert stored.status == MatchStatus.FINISHED
    assert stored.result is not None and stored.result["reason"] == "full_time"


async def challenge_accepted(world: World, **options: object) -> discord.Message:
    """Alice challenges Bob, who accepts with the button; returns the match's first message."""
    posted = await world.alice.slash(world.channel, "fuba challenge", opponent=world.bob, **options)
    assert private(posted) == ""
    challenge = public(world)[-1]
    assert world.bob.mention in challenge.content and "Accept" in str(challenge.components)
    assert private(await world.bob.click(challenge, label="Accept")) == ""  # the channel shows it
    return public(world)[-1]


async def formations(world: World, west: str = "4-4-2", east: str = "4-3-3") -> discord.Message:
    assert private(await world.alice.slash(world.channel, "fuba formation", shape=west))
    assert private(await world.bob.slash(world.channel, "fuba formation", shape=east))
    return public(world)[-1]


def choice_buttons(message: discord.Message) -> list[discord.ui.Button]:
    return [
        c
        for row in message.components
        for c in getattr(row, "children", [])
        if (c.custom_id or "").startswith("fuba:act:")
    ]


def decider(world: World, message: discord.Message) -> tuple[simcord.MemberActor, ...]:
    """(who must decide, the other player) by the mention in ``message``."""
    if message.content.startswith(world.alice.mention):
        return world.alice, world.bob
    assert message.content.startswith(world.bob.mention), message.content
    return world.bob, world.alice


async def test_only_the_challenged_member_answers_and_a_busy_channel_is_refused(
    world: World,
) -> None:
    await world.alice.slash(world.channel, "fuba challenge", opponent=world.bob)
    challenge = public(world)[-1]

    assert "Only <@" in refused(world, await world.carol.click(challenge, label="Accept"))
    assert "Only <@" in refused(world, await world.alice.slash(world.channel, "fuba accept"))
    again = refused(
        world, await world.carol.slash(world.channel, "fuba challenge", opponent=world.alice)
    )
    assert "already an open challenge" in again
    assert public(world)[-1].id == challenge.id  # nothing new in the channel

    opening = await challenge_accepted_by_command(world)
    assert world.alice.mention in opening.content and world.bob.mention in opening.content
    busy = refused(
        world, await world.carol.slash(world.channel, "fuba challenge", opponent=world.bob)
    )
    assert "already has a match in progress" in busy
    assert world.channel.history()[challenge_index(world, challenge)].components == []


def challenge_index(world: World, challenge: discord.Message) -> int:
    return [m.id for m in world.channel.history()].index(challenge.id)


async def challenge_accepted_by_command(world: World) -> discord.Message:
    assert private(await world.bob.slash(world.channel, "fuba accept")) == ""
    return public(world)[-1]


async def test_a_declined_challenge_frees_the_channel(world: World) -> None:
    await world.alice.slash(world.channel, "fuba challenge", opponent=world.bob)
    assert private(await world.bob.click(public(world)[-1], label="Decline")) == "Declined."
    assert "declined" in public(world)[-1].content
    assert "no open challenge" in refused(
        world, await world.bob.slash(world.channel, "fuba decline")
    )
    start = await world.carol.slash(world.channel, "fuba challenge", opponent=bot_member(world))
    assert private(start) == ""


async def test_a_formation_stays_secret_until_both_have_chosen(world: World) -> None:
    await challenge_accepted(world)
    reply = private(await world.alice.slash(world.channel, "fuba formation", shape="3-4-3"))

    assert "3-4-3" in reply
    last = public(world)[-1]
    assert "West has chosen a formation" in text_of(last)
    assert last.attachments[0].filename == "board.png"
    for viewer in (world.bob, world.carol):
        seen = [text_of(m) for m in world.channel.history(viewer=viewer)]
        assert not any("3-4-3" in text for text in seen)
        status = private(await viewer.slash(world.channel, "fuba status")).splitlines()
        assert not any("3-4-3" in line for line in status if not line.startswith("Your choices"))
        board = await viewer.slash(world.channel, "fuba board")
        assert board.response is not None and board.response.ephemeral
        assert board.response.attachments[0].filename == "board.png"
    offered = await world.bob.autocomplete(world.channel, "fuba formation", "shape", "")
    assert len(offered) == 8 and offered[0]["value"] == "4-4-2"

    log = private(await world.carol.slash(world.channel, "fuba log"))
    assert "West has chosen a formation" in log and "3-4-3" not in log

    await world.bob.slash(world.channel, "fuba formation", shape="4-4-2")
    assert "Formations: West 3-4-3, East 4-4-2" in text_of(public(world)[-1])
    await world.env.advance_time(10)  # the log once in 10 seconds (cogs.cooldowns)
    log = private(await world.carol.slash(world.channel, "fuba log", count=20))
    assert "Formations: West 3-4-3, East 4-4-2" in log


async def test_spectators_wrong_team_and_a_double_click_change_nothing(world: World) -> None:
    await challenge_accepted(world)
    choosing = await formations(world)
    winner, loser = decider(world, choosing)
    buttons = choice_buttons(choosing)
    assert {b.label for b in buttons} == {"west starts with the ball", "east starts with the ball"}
    version = (await referee(world).status(world.channel.id, winner.id)).version
    posted = len(public(world))

    spectator = refused(
        world, await world.carol.slash(world.channel, "fuba choose", choice="kickoff:west")
    )
    assert spectator == "You are not playing in this match."
    wrong = refused(world, await loser.click(choosing, custom_id=buttons[0].custom_id))
    assert wrong.startswith("Not your turn: ") and " must first " in wrong
    assert "Not your turn: " in refused(
        world, await loser.slash(world.channel, "fuba choose", choice="kickoff:west")
    )
    assert len(public(world)) == posted
    assert (await referee(world).status(world.channel.id, winner.id)).version == version

    old = await keep_the_old_board(world)  # the second click lands on the board as it was
    assert private(await winner.click(choosing, custom_id=buttons[0].custom_id)) == ""
    after = (await referee(world).status(world.channel.id, winner.id)).version
    board = public(world)[-1]
    assert board.id != old.id and "starts with the ball" in text_of(board)
    shown = public(world)
    second = refused(
        world, await winner.click(still_there(world, old), custom_id=buttons[0].custom_id)
    )
    assert "This is out of date: the match is on https://discord.com/channels/" in second
    assert (await referee(world).status(world.channel.id, winner.id)).version == after
    assert [(m.id, m.content) for m in public(world)] == [(m.id, m.content) for m in shown]


async def test_bad_layout_text_and_an_illegal_area_are_explained(world: World) -> None:
    await world.alice.slash(world.channel, "fuba challenge", opponent=bot_member(world))
    asking = await play_until(world, world.alice, stop="/fuba setup")
    shown = [(m.id, text_of(m)) for m in public(world)]

    bad = refused(world, await world.alice.slash(world.channel, "fuba setup", layout="7-2 4:2"))
    assert "is not area:count" in bad
    assert [(m.id, text_of(m)) for m in public(world)] == shown  # the board is as it was
    assert "/fuba setup" in public(world)[-1].content and public(world)[-1].id == asking.id
    await play_until(world, world.alice, stop="/fuba target")
    offered = await world.alice.autocomplete(world.channel, "fuba target", "area", "")
    assert offered and all("ball value" in c["name"] for c in offered)
    shown = [(m.id, text_of(m)) for m in public(world)]
    illegal = next(a for a in range(1, 14) if a not in {c["value"] for c in offered})

    refusal = refused(world, await world.alice.slash(world.channel, "fuba target", area=illegal))
    assert refusal  # the engine says why
    assert [(m.id, text_of(m)) for m in public(world)] == shown
    spectator = await world.carol.autocomplete(world.channel, "fuba target", "area", "")
    assert spectator == []
    reply = private(await world.alice.slash(world.channel, "fuba target", area=offered[0]["value"]))
    assert reply == "" and public(world)[-1].attachments


async def test_physical_dice_are_entered_with_roll(world: World) -> None:
    await challenge_accepted(world, dice="physical")
    asking = await formations(world)
    assert "/fuba roll" in asking.content
    assert world.alice.mention in asking.content and world.bob.mention in asking.content

    assert "1 to 6" in refused(world, await world.alice.slash(world.channel, "fuba roll", dice="9"))
    assert private(await world.alice.slash(world.channel, "fuba roll", dice="5")) == ""
    assert private(await world.bob.slash(world.channel, "fuba roll", dice="2")) == ""
    narration = text_of(public(world)[-1])
    assert "West rolls 5 for the kick-off" not in narration or "West wins" in narration
    assert "West wins the kick-off roll 5-2" in narration


async def test_abort_before_kick_off_and_resign_after(world: World) -> None:
    await challenge_accepted(world)
    assert "not playing" in refused(world, await world.carol.slash(world.channel, "fuba abort"))
    assert private(await world.bob.slash(world.channel, "fuba abort")) == ""  # the board says it
    called_off = public(world)[-1]
    assert "called off" in called_off.content and called_off.components == []
    assert called_off.embeds[0].title == "Match called off"
    assert "no match" in refused(world, await world.bob.slash(world.channel, "fuba status"))

    await world.alice.slash(world.channel, "fuba challenge", opponent=bot_member(world))
    await play_until(world, world.alice, stop="/fuba target")
    assert "can no longer be aborted" in refused(
        world, await world.alice.slash(world.channel, "fuba abort")
    )
    assert private(await world.alice.slash(world.channel, "fuba resign")) == ""
    final, report = public(world)[-2:]
    assert [a.filename for a in report.attachments][0] == "replay.gif"
    assert "Coach (East) wins." in final.content and "Dice seed:" in final.content
    assert final.embeds[0].title == "Resigned" and final.components == []


async def test_buttons_keep_working_after_a_restart(world: World, settings: Settings) -> None:
    await challenge_accepted(world)
    choosing = await formations(world)
    winner, _ = decider(world, choosing)

    await world.env.restart_bot(create_bot(settings))

    button = choice_buttons(choosing)[1]
    assert private(await winner.click(choosing, custom_id=button.custom_id)) == ""
    starting = button.label.split()[0].capitalize()
    assert f"{starting} starts with the ball" in text_of(public(world)[-1])


def outcome_at(state: object) -> Outcome:
    """The referee's outcome for FUBA match 3 at version 41 in ``state`` (Ada west, Brian
    east): what the buttons and menus of a match version are drawn from."""
    from referee import games

    return Outcome(
        match_id=3,
        ruleset="fuba",
        version=41,
        lines=[],
        next=[],
        over=False,
        result=None,
        seed_hash="",
        seed=None,
        names={"west": "Ada", "east": "Brian"},
        game=games.get("fuba"),
        state=state,
    )


def test_penalty_sides_are_buttons_for_the_match_version() -> None:
    from cogs.play.buttons import buttons
    from tests.engine.test_restarts import penalty_ready

    view = buttons(outcome_at(penalty_ready()))
    assert view is not None
    ids = [item.custom_id for item in view.children]  # type: ignore[attr-defined]
    assert ids == [f"fuba:act:3:41:penalty:{side}" for side in ("left", "middle", "right")]


async def test_a_whole_match_between_two_members_with_physical_dice(world: World) -> None:
    await challenge_accepted(world, dice="physical")
    before = public(world)
    boards: list[str] = []

    await play_until(world, world.alice, None, world.bob, dice=random.Random(5), seen=boards)

    *highlights, final, _report = since(world, before)
    assert [a.filename for a in final.attachments] == ["board.png"]
    assert all(not m.attachments for m in highlights)
    narration = "\n".join([*boards, text_of(final)])
    assert "rolls" in narration and "FULL TIME" in narration
    assert "Dice seed:" in final.content
    match_id = int(re.search(r"match #(\d+)", final.embeds[0].title or "").group(1))
    history = await referee(world).store.history(match_id)
    assert history.match.status == MatchStatus.FINISHED
    rolls = [e for e in history.log if e.action.kind == "roll"]
    assert rolls and all(e.user_id in (world.alice.id, world.bob.id) for e in rolls)


async def test_a_match_in_its_own_thread(world: World) -> None:
    result = await world.alice.slash(  # where the bot may open threads
        world.stadium, "fuba challenge", opponent=bot_member(world), thread=True
    )
    [thread] = world.stadium.threads
    assert private(result) == f"The match is on in <#{thread.id}>."
    opening = thread.last_message
    assert opening is not None and world.alice.mention in opening.content
    reply = private(await world.alice.slash(thread, "fuba formation", shape="4-4-2"))
    assert reply.startswith("Your formation")
    assert "Formations: West 4-4-2" in text_of(thread.last_message)
    # the channel itself stays free for another match
    start = await world.bob.slash(
        world.stadium, "fuba challenge", opponent=bot_member(world), thread=False
    )
    assert private(start) == ""


async def test_a_challenge_can_be_accepted_after_a_restart(
    world: World, settings: Settings
) -> None:
    await world.alice.slash(world.channel, "fuba challenge", opponent=world.bob, dice="physical")
    challenge = public(world)[-1]

    await world.env.restart_bot(create_bot(settings))

    assert "Only <@" in refused(world, await world.carol.click(challenge, label="Accept"))
    accepted = private(await world.bob.click(challenge, label="Accept"))
    assert accepted == ""
    opening = public(world)[-1]
    assert "alice (West) v bob (East), physical dice" in text_of(opening)
    assert world.channel.history()[challenge_index(world, challenge)].components == []


async def test_board_on_request_and_status(world: World) -> None:
    await world.alice.slash(world.channel, "fuba challenge", opponent=bot_member(world))
    await play_until(world, world.alice, stop="/fuba target")
    posted = len(public(world))

    live = public(world)[-1]
    shown = await world.carol.slash(world.channel, "fuba board", public=True)
    assert shown.response is not None and not shown.response.ephemeral
    assert len(public(world)) == posted + 1
    link = f"https://discord.com/channels/{world.alice.guild.id}/{world.channel.id}/{live.id}"
    assert public(world)[-1].content.endswith(f"match #1: {link}")  # no second copy
    assert not public(world)[-1].attachments
    status = private(await world.alice.slash(world.channel, "fuba status"))
    assert "Choose the target area" in status and "Your choices:" in status
    assert "ball value" in status
    watching = private(await world.carol.slash(world.channel, "fuba status"))
    assert "You are watching this match." in watching


async def test_a_button_of_an_earlier_match_is_refused(world: World) -> None:
    await challenge_accepted(world)
    await formations(world)
    old = await keep_the_old_board(world)  # its buttons outlive the match
    assert private(await world.bob.slash(world.channel, "fuba abort")) == ""
    old = still_there(world, old)
    await challenge_accepted(world)
    choosing = await formations(world)
    winner, _ = decider(world, choosing)
    shown = [(m.id, m.content) for m in public(world)]

    old_button = choice_buttons(old)[0]
    refusal = refused(world, await winner.click(old, custom_id=old_button.custom_id))

    assert refusal.startswith("This is out of date: the match is on https://discord.com/channels/")
    assert f"/{world.channel.id}/{choosing.id}" in refusal  # the new match's live board
    assert [(m.id, m.content) for m in public(world)] == shown


async def test_move_autocomplete_offers_legal_moves_from_the_chosen_area(world: World) -> None:
    await world.alice.slash(world.channel, "fuba challenge", opponent=bot_member(world))
    await play_until(world, world.alice, stop="/fuba action")

    starts = await world.alice.autocomplete(world.channel, "fuba move", "from", "")
    assert starts and all(re.fullmatch(r"area \d+ \(.+\)", c["name"]) for c in starts)
    start = starts[0]["value"]
    ends = await world.alice.autocomplete(world.channel, "fuba move", "to", "", **{"from": start})
    assert ends and all(f"{start} -> " in c["name"] for c in ends)
    move = await first_move(world, world.alice)
    assert move["from"] == start and move["to"] == ends[0]["value"]
    reply = private(await world.alice.slash(world.channel, "fuba move", **move))
    assert reply == ""
    assert "(free movement)" in text_of(public(world)[-1])
