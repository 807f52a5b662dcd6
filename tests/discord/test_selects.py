"""The select menus under the public match message: the target with its ball values, the secret
formation, the setup presets, and (without Discord) the player to bring or remove."""

from __future__ import annotations

import discord
import pytest

from bot import create_bot
from botconfig import Settings
from referee.service import Outcome
from tests.discord.conftest import World
from tests.discord.test_play import (
    bot_member,
    challenge_accepted,
    decider,
    keep_the_old_board,
    outcome_at,
    play_until,
    private,
    public,
    referee,
    refused,
    still_there,
    text_of,
)


def menus(message: discord.Message) -> list[discord.SelectMenu]:
    """The match's select menus under ``message``."""
    return [
        c
        for row in message.components
        for c in getattr(row, "children", [])
        if (c.custom_id or "").startswith("fuba:pick:")
    ]


def menu(message: discord.Message, kind: str) -> discord.SelectMenu:
    [found] = [m for m in menus(message) if m.custom_id.split(":")[4] == kind]
    return found


async def version(world: World) -> int:
    return (await referee(world).status(world.channel.id, world.alice.id)).version


async def last_action(world: World) -> tuple[str, dict[str, object]]:
    match = await referee(world).store.active_match(world.channel.id)
    assert match is not None
    history = await referee(world).store.history(match.id)
    player_actions = [e for e in history.log if e.user_id is not None]
    return player_actions[-1].action.kind, dict(player_actions[-1].action.args)


async def against_the_coach(world: World, stop: str) -> discord.Message:
    start = await world.alice.slash(world.channel, "fuba challenge", opponent=bot_member(world))
    assert private(start) == ""
    return await play_until(world, world.alice, stop=stop)


async def test_the_target_is_a_menu_with_the_ball_values(world: World) -> None:
    asking = await against_the_coach(world, "/fuba setup")
    setup = menu(asking, "setup")
    offered = await world.alice.autocomplete(world.channel, "fuba setup", "layout", "")
    assert [(o.label, o.value) for o in setup.options] == [(c["name"], c["value"]) for c in offered]
    assert "alice (West)" in (setup.placeholder or "")
    chosen = setup.options[-1].value
    assert private(await world.alice.select(asking, [chosen], custom_id=setup.custom_id)) == ""
    kind, args = await last_action(world)
    assert kind == "setup" and args["layout"] == chosen

    asking = await play_until(world, world.alice, stop="/fuba target")
    target = menu(asking, "target")
    assert target.custom_id.endswith(":target:west") and len(target.custom_id) <= 100
    offered = await world.alice.autocomplete(world.channel, "fuba target", "area", "")
    assert [(o.label, int(o.value)) for o in target.options] == [
        (c["name"], c["value"]) for c in offered
    ]
    assert all("ball value" in o.label for o in target.options)
    before = text_of(public(world)[-1])

    area = target.options[-1].value
    reply = await world.alice.select(asking, [area], custom_id=target.custom_id)

    assert private(reply) == ""
    assert await last_action(world) == ("target", {"area": int(area)})
    assert text_of(public(world)[-1]) != before and public(world)[-1].attachments
    assert menus(public(world)[-1]) == [] or all(
        ":target:" not in m.custom_id for m in menus(public(world)[-1])
    )


async def test_a_stale_menu_and_a_spectators_choice_are_refused(world: World) -> None:
    asking = await against_the_coach(world, "/fuba target")
    target = menu(asking, "target")
    [first, *_] = [o.value for o in target.options]
    before, posted = await version(world), len(public(world))

    spectator = refused(
        world, await world.carol.select(asking, [first], custom_id=target.custom_id)
    )
    assert spectator == "You are not playing in this match."
    assert await version(world) == before and len(public(world)) == posted

    old = await keep_the_old_board(world)  # its menu stays in the channel
    assert private(await world.alice.select(asking, [first], custom_id=target.custom_id)) == ""
    after, shown = await version(world), [(m.id, m.content) for m in public(world)]
    old = still_there(world, old)
    stale = refused(world, await world.alice.select(old, [first], custom_id=target.custom_id))
    assert "This is out of date: the match is on https://discord.com/channels/" in stale
    assert await version(world) == after
    assert [(m.id, m.content) for m in public(world)] == shown


async def test_the_other_player_cannot_use_a_menu_of_the_side_deciding(world: World) -> None:
    await challenge_accepted(world)
    await world.alice.slash(world.channel, "fuba formation", shape="4-4-2")
    await world.bob.slash(world.channel, "fuba formation", shape="4-4-2")
    asking = await play_until(world, world.alice, "/fuba target", world.bob)
    deciding, other = decider(world, asking)
    target = menu(asking, "target")
    before, posted = await version(world), len(public(world))

    value = target.options[0].value
    wrong = refused(world, await other.select(asking, [value], custom_id=target.custom_id))

    assert wrong.startswith("Not your turn: ") and " must first " in wrong
    assert await version(world) == before and len(public(world)) == posted
    assert private(await deciding.select(asking, [value], custom_id=target.custom_id)) == ""


async def test_the_formation_menu_keeps_the_choice_secret(world: World) -> None:
    opening = await challenge_accepted(world)
    formation = menu(opening, "formation")
    assert formation.custom_id.count(":") == 4  # one menu for both players: no side in it
    assert len(formation.options) == 8 and formation.options[0].value == "4-4-2"
    assert "alice (West)" in formation.placeholder and "bob (East)" in formation.placeholder

    spectator = refused(
        world, await world.carol.select(opening, ["3-4-3"], custom_id=formation.custom_id)
    )
    assert spectator == "You are not playing in this match."
    reply = private(await world.alice.select(opening, ["3-4-3"], custom_id=formation.custom_id))

    assert reply == "You chose 3-4-3; it stays secret until both have chosen."
    chosen = public(world)[-1]
    assert chosen.id == opening.id  # Bob was named already: the board is edited in place
    assert "West has chosen a formation" in text_of(chosen)
    east_only = menu(chosen, "formation")
    assert east_only.custom_id.endswith(":formation:east")
    assert "bob (East)" in east_only.placeholder and "alice" not in east_only.placeholder
    for viewer in (world.bob, world.carol):
        seen = world.channel.history(viewer=viewer)
        assert not any("3-4-3" in text_of(m) for m in seen)
        assert not any("3-4-3" in (e.title or "") for m in seen for e in m.embeds)
    log = private(await world.carol.slash(world.channel, "fuba log"))
    assert "3-4-3" not in log

    # Bob chooses from the board's menu, now his alone
    old = await keep_the_old_board(world)  # its menu stays in the channel
    answer = private(await world.bob.select(chosen, ["4-4-2"], custom_id=east_only.custom_id))
    assert answer.startswith("You chose 4-4-2")
    assert "Formations: West 3-4-3, East 4-4-2" in text_of(public(world)[-1])
    old = still_there(world, old)
    stale = refused(world, await world.bob.select(old, ["5-3-2"], custom_id=east_only.custom_id))
    assert "This is out of date: the match is on https://discord.com/channels/" in stale


async def test_menus_keep_working_after_a_restart(world: World, settings: Settings) -> None:
    opening = await challenge_accepted(world)
    formation = menu(opening, "formation")

    await world.env.restart_bot(create_bot(settings))

    reply = private(await world.bob.select(opening, ["5-3-2"], custom_id=formation.custom_id))
    assert reply.startswith("You chose 5-3-2")
    again = menu(public(world)[-1], "formation")
    assert [o.value for o in again.options] == [o.value for o in formation.options]

    await world.env.restart_bot(create_bot(settings))

    last = public(world)[-1]
    assert private(await world.alice.select(last, ["4-4-2"], custom_id=again.custom_id))
    assert "Formations: West 4-4-2, East 5-3-2" in text_of(public(world)[-1])


async def test_help_mentions_the_menus(world: World) -> None:
    text = (await world.alice.slash(world.channel, "fuba help")).response.embeds[0].description

    assert "menu" in text and "ball value" in text and "only for whom they name" in text


# -- without Discord: the menus drawn for a match version ---------------------------------


def picks(state: object) -> list[discord.ui.Select]:
    from cogs.play.buttons import buttons

    view = buttons(outcome_at(state))
    assert view is not None
    return [item.item for item in view.children if isinstance(item.item, discord.ui.Select)]  # type: ignore[attr-defined]


def test_the_player_to_bring_is_a_menu() -> None:
    from cogs.fuba.commands import pick_args
    from tests.engine.scenario import to_stage2
    from tests.engine.test_stage2 import base

    state, _ = to_stage2(base(), 9, 5, 3)  # two west players equally close to area 9

    [select] = picks(state)

    assert select.custom_id == "fuba:pick:3:41:bring:west"
    assert [(o.label, o.value) for o in select.options] == [
        ("player from 7", "7"),
        ("player from 8", "8"),
    ]
    assert pick_args("bring", "8") == {"from": 8, "goalkeeper": False}
    assert pick_args("bring", "2+goalkeeper") == {"from": 2, "goalkeeper": True}


def test_the_player_sent_off_is_a_menu() -> None:
    from tests.engine.test_cards import sent_off

    [select] = picks(sent_off())

    assert select.custom_id == "fuba:pick:3:41:remove:west"
    assert select.options and all(
        o.label.startswith("remove a player from") for o in select.options
    )
    assert select.placeholder == "Ada (West): red card: remove one outfield player"


@pytest.mark.parametrize("buttons_pending", [0, 7, 25])
def test_menus_fit_in_five_rows_under_the_buttons(
    buttons_pending: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cogs.play import buttons
    from tests.engine.test_cards import sent_off

    def many(outcome: Outcome) -> list[buttons.ChoiceButton]:
        return [
            buttons.ChoiceButton(3, 41, "corner", f"s{n}", f"side {n}", "fuba")
            for n in range(buttons_pending)
        ]

    monkeypatch.setattr(buttons, "choice_buttons", many)
    view = buttons.buttons(outcome_at(sent_off()))
    assert view is not None
    payload = view.to_components()
    assert len(payload) <= 5
    for row in payload:
        kinds = [c["type"] for c in row["components"]]
        assert len(kinds) <= 5 and (3 not in kinds or kinds == [3])
    has_menu = any(row["components"][0]["type"] == 3 for row in payload)
    assert has_menu == (buttons_pending <= 20)
