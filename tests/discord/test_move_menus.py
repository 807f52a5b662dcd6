"""Moves by menu under the match message (every option one of the referee's legal moves, grouped
in menus of at most 25), and `/fuba move` autocomplete entries that fill the whole move."""

from __future__ import annotations

import json

import discord
import pytest

from engine.core import Action, Choice
from tests.discord.conftest import World
from tests.discord.test_play import (
    bot_member,
    keep_the_old_board,
    play_step,
    play_until,
    private,
    public,
    referee,
    refused,
    still_there,
)
from tests.discord.test_selects import last_action, version

MAX_TURNS = 60


def move_menus(message: discord.Message) -> list[discord.SelectMenu]:
    return [
        c
        for row in message.components
        for c in getattr(row, "children", [])
        if (c.custom_id or "").startswith("fuba:moves:")
    ]


def offering(world: World) -> discord.Message:
    """The latest public message with move menus."""
    return next(m for m in reversed(public(world)) if move_menus(m))


async def legal_moves(world: World) -> list[Choice]:
    choices = await referee(world).legal_choices(world.channel.id, world.alice.id)
    return [c for c in choices if c.action.kind == "move"]


def wanted_move(moves: list[Choice], goalkeeper: bool, with_ball: bool) -> list[Choice]:
    return [
        c
        for c in moves
        if c.action.args["goalkeeper"] == goalkeeper and c.action.args["with_ball"] == with_ball
    ]


async def movement_action(world: World, enough: int = 26) -> None:
    """Alice's movement action against the coach with at least ``enough`` legal moves, a
    goalkeeper's move and a dribble among them, and at least two moves left."""
    start = await world.alice.slash(world.channel, "fuba challenge", opponent=bot_member(world))
    assert private(start) == ""  # the match is right here
    for _ in range(MAX_TURNS):
        await play_until(world, world.alice, stop="/fuba action")
        kinds = [
            c["value"]
            for c in await world.alice.autocomplete(world.channel, "fuba action", "kind", "")
        ]
        assert kinds, "the match ended before a movement action with many moves"
        if "move" not in kinds:
            await play_step(world, world.alice, "/fuba action")
            continue
        await world.alice.slash(world.channel, "fuba action", kind="move")
        await play_until(world, world.alice, stop="/fuba move")
        moves = await legal_moves(world)
        step = (await referee(world).current(world.channel.id)).state.agenda[0]
        if (
            len(moves) >= enough
            and wanted_move(moves, True, False)
            and wanted_move(moves, False, True)
            and step.get("left", -1) not in (0, 1)
        ):
            return
        await world.alice.slash(world.channel, "fuba done")
    raise AssertionError("no movement action with many moves")


def option_for(message: discord.Message, choice: Choice) -> tuple[str, str]:
    """The menu (custom id) and option value of ``choice``."""
    for menu in move_menus(message):
        for option in menu.options:
            if json.loads(option.value) == choice.action.args:
                return menu.custom_id, option.value
    raise AssertionError(f"{choice.label} is not in the menus")


async def test_the_menus_list_exactly_the_legal_moves(world: World) -> None:
    await movement_action(world)
    asking = offering(world)
    moves = await legal_moves(world)
    menus = move_menus(asking)

    offered = [(o.label, json.loads(o.value)) for menu in menus for o in menu.options]
    assert sorted(offered, key=repr) == sorted(
        [(c.label, dict(c.action.args)) for c in moves], key=repr
    )
    assert len(menus) >= 2 and all(1 <= len(menu.options) <= 25 for menu in menus)
    assert len(asking.components) <= 5
    assert all(len(menu.custom_id) <= 100 for menu in menus)
    assert len({menu.custom_id for menu in menus}) == len(menus)
    assert all(
        (menu.placeholder or "").startswith("alice (West): move from area") for menu in menus
    )
    # a starting area spans two menus only when whole areas would not fit: menus filled up
    areas = [{json.loads(o.value)["from"] for o in menu.options} for menu in menus]
    if sum(len(a) for a in areas) != len(set().union(*areas)):
        assert all(len(menu.options) == 25 for menu in menus[:-1])


async def test_a_goalkeeper_move_and_a_dribble_from_the_menus(world: World) -> None:
    await movement_action(world)
    asking = offering(world)
    [keeper, *_] = wanted_move(await legal_moves(world), True, False)

    custom_id, value = option_for(asking, keeper)
    await world.alice.select(asking, [value], custom_id=custom_id)

    assert await last_action(world) == ("move", dict(keeper.action.args))
    dribbles = wanted_move(await legal_moves(world), False, True)
    assert dribbles, "the dribble is still legal after the goalkeeper's move"
    now = offering(world)
    custom_id, value = option_for(now, dribbles[0])
    await world.alice.select(now, [value], custom_id=custom_id)
    assert await last_action(world) == ("move", dict(dribbles[0].action.args))


async def test_a_stale_move_menu_is_refused(world: World) -> None:
    await movement_action(world)
    asking = offering(world)
    moves = await legal_moves(world)
    custom_id, value = option_for(asking, moves[0])
    stale_id, stale_value = option_for(asking, moves[-1])
    old = await keep_the_old_board(world)  # its menus stay in the channel
    await world.alice.select(asking, [value], custom_id=custom_id)
    after, shown = await version(world), [(m.id, m.content) for m in public(world)]
    old = still_there(world, old)

    stale = refused(world, await world.alice.select(old, [stale_value], custom_id=stale_id))

    assert "out of date" in stale or "changed while this move was made" in stale
    assert await version(world) == after
    assert [(m.id, m.content) for m in public(world)] == shown
    assert await last_action(world) == ("move", dict(moves[0].action.args))


async def test_a_goalkeeper_entry_of_autocomplete_moves_the_goalkeeper(world: World) -> None:
    await movement_action(world)
    [keeper, *_] = wanted_move(await legal_moves(world), True, False)
    start = keeper.action.args["from"]
    ends = await world.alice.autocomplete(world.channel, "fuba move", "to", "", **{"from": start})
    [entry] = [e for e in ends if e["name"] == keeper.label]
    assert entry["name"].startswith("goalkeeper ")

    await world.alice.slash(world.channel, "fuba move", **{"from": start, "to": entry["value"]})

    assert await last_action(world) == ("move", {**keeper.action.args, "count": 1})


# -- without Discord: what an autocomplete entry and a typed `to` or `from` mean -------------

BRING = [
    Choice(Action("west", "bring", {"from": 1, "goalkeeper": True}), "goalkeeper from 1"),
    Choice(Action("west", "bring", {"from": 7, "goalkeeper": False}), "player from 7"),
]


async def test_a_bring_entry_fills_the_goalkeeper_too(monkeypatch: pytest.MonkeyPatch) -> None:
    from cogs.fuba import commands
    from cogs.play import autocomplete

    async def legal(interaction: object, kind: str) -> list[Choice]:
        return [c for c in BRING if c.action.kind == kind]

    monkeypatch.setattr(commands, "legal", legal)
    monkeypatch.setattr(autocomplete, "legal", legal)
    entries = await commands.bring_autocomplete(None, "")  # type: ignore[arg-type]

    assert [(e.name, commands.bring_args(str(e.value), False)) for e in entries] == [
        ("goalkeeper from 1", {"from": 1, "goalkeeper": True}),
        ("player from 7", {"from": 7, "goalkeeper": False}),
    ]
    # the shared autocomplete never offers an entry that would fill only the area
    assert await autocomplete.choices_of("bring", "from")(None, "") == []


def test_a_typed_move_or_player_is_read_or_refused_clearly() -> None:
    from cogs.fuba.commands import bring_args, move_args
    from cogs.play.registry import PlayRefusal

    assert move_args(7, " Player 7 -> 8 with the ball ", False, False) == {
        "from": 7,
        "to": 8,
        "goalkeeper": False,
        "with_ball": True,
    }
    assert move_args(7, "8", True, False)["goalkeeper"] is True
    refusals = [
        ("is not a move", 7, "x", False),
        ("is not a move", 7, "14", False),
        ("starts in area 2, not in area 5", 5, "goalkeeper 2 -> 1", False),
        ("is a player's", 7, "player 7 -> 8", True),
    ]
    for words, start, to, goalkeeper in refusals:
        with pytest.raises(PlayRefusal) as refused_move:
            move_args(start, to, goalkeeper, False)
        assert words in str(refused_move.value)
    with pytest.raises(PlayRefusal, match="outfield player"):
        bring_args("player from 7", True)
    with pytest.raises(PlayRefusal, match="not a player to bring"):
        bring_args("goalie", False)


@pytest.mark.parametrize("groups", [[24, 24, 1], [13] * 5, [6] * 11, [30, 2], [25] * 5])
def test_menus_hold_at_most_25_options_in_the_rows_left(groups: list[int]) -> None:
    from cogs.play.move_menus import pack

    options = [(area, object()) for area, n in enumerate(groups) for _ in range(n)]
    for rows in (1, 2, 4):
        menus = pack(options, rows)  # type: ignore[arg-type]
        assert len(menus) <= rows and all(1 <= len(menu) <= 25 for menu in menus)
        kept = [option for menu in menus for option in menu]
        assert kept == options[: len(kept)]  # in order, nothing twice
        assert len(kept) == min(len(options), 25 * rows)  # all of them when they fit


@pytest.mark.parametrize("module", ["cogs.play.move_menus", "cogs.fuba.commands"])
def test_the_examples_in_docstrings_hold(module: str) -> None:
    import doctest
    import importlib

    failures, tried = doctest.testmod(importlib.import_module(module))
    assert tried > 0 and failures == 0
