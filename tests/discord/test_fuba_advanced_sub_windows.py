"""A3 in Discord: a substitution window folded into the team's next decision is a "Make
substitutions" button beside that decision's usual controls; clicking it brings the plans
menu, and `/fuba choose` and the terminal's typed command open it too."""

from __future__ import annotations

from typing import Any

import discord

from cogs.fuba.advanced import choice_entry, read_choice
from engine.fuba import FUBA
from engine.fuba import match as fuba_match
from engine.fuba.state import FubaState
from referee.fuba.game import parse
from tests.discord.conftest import World
from tests.discord.test_fuba_advanced_decisions import members, started_at, version
from tests.discord.test_play import public, referee, refused
from tests.engine.e2_scenario import advanced


def window_at_target() -> FubaState:
    """West to choose the target area, its end-of-turn window folded into that decision."""
    s = advanced("substitutions")
    fuba_match._end_turn(s, [])
    return s


def components(message: discord.Message) -> list[Any]:
    return [c for row in message.components for c in getattr(row, "children", [])]


def test_the_extra_choice_is_offered_by_choose_and_typed_commands() -> None:
    [decision] = FUBA.pending(window_at_target())
    entry = choice_entry(decision.choices[-1])
    assert entry == ("Substitutions: make substitutions", "substitutions")
    assert read_choice("substitutions", {"target"}, list(decision.choices)) == (
        "substitutions",
        {},
    )
    assert parse("substitutions") == ("substitutions", {})


async def test_the_board_shows_make_substitutions_and_a_click_brings_the_plans_menu(
    world: World,
) -> None:
    state = window_at_target()
    [decision] = FUBA.pending(state)
    board = await started_at(world, state)
    decider, other = members(world, decision)
    found = components(board)
    button = next(c for c in found if getattr(c, "label", None) == "Make substitutions")
    assert any(":pick:" in (c.custom_id or "") and ":target" in c.custom_id for c in found)
    before = await version(world)

    refused(world, await other.click(board, custom_id=button.custom_id))
    assert await version(world) == before

    await decider.click(board, custom_id=button.custom_id)
    assert await version(world) == before + 1
    live = public(world)[-1]
    menus = [c for c in components(live) if ":pick:" in (c.custom_id or "")]
    [menu] = [m for m in menus if ":substitute" in m.custom_id]
    values = [o.value for o in menu.options]
    assert values[-1] == "done" and "d>m" in values
    assert not any(getattr(c, "label", None) == "Make substitutions" for c in components(live))


async def test_choose_opens_the_window(world: World) -> None:
    state = window_at_target()
    [decision] = FUBA.pending(state)
    await started_at(world, state)
    decider, _ = members(world, decision)
    offered = await decider.autocomplete(world.channel, "fuba choose", "choice", "")
    assert "substitutions" in [o["value"] for o in offered]
    before = await version(world)
    await decider.slash(world.channel, "fuba choose", choice="substitutions")
    assert await version(world) == before + 1
    match = await referee(world).store.active_match(world.channel.id)
    assert match is not None
    [now] = FUBA.pending(match.state)
    assert now.kind == "substitute"
