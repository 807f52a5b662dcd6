"""The advanced rules' decisions in Discord: each is offered as buttons or a menu under the live
board and by `/fuba choose` (autocomplete from the legal choices), only the member whose side
decides may answer it (anyone else is refused privately and nothing changes), and the one who
decides moves the match on. Positions come from a seeded random walk through an advanced match
(the first state where the decision is pending), started in the channel with
``FUBA.position``."""

from __future__ import annotations

import random
from typing import Any

import discord
import pytest

from cogs.fuba.advanced import choice_value, read_choice
from cogs.play.buttons import buttons, post_step
from cogs.play.registry import PlayRefusal
from engine.core import Action, Decision
from engine.fuba import FUBA, advanced
from engine.fuba.state import FubaState
from referee.fuba.game import parse
from store.repository import Seat
from tests.discord.conftest import World
from tests.discord.test_play import outcome_at, private, public, referee, refused

SEEDS = range(60)
LIMIT = 3000  # actions in one walk


def reach(kind: str) -> tuple[FubaState, Decision]:
    """The first state of a seeded random advanced match where a ``kind`` decision is pending
    (``aggressive``: an action decision offering aggressive pressing)."""
    for seed in SEEDS:
        rng = random.Random(seed)
        s = FUBA.initial({"advanced": list(advanced.ALL)})
        for _ in range(LIMIT):
            if s.over:
                break
            pending = FUBA.pending(s)
            for d in pending:
                kinds = {c.action.args.get("kind") for c in d.choices}
                if d.kind == kind or (kind == "aggressive" and "aggressive" in kinds):
                    return s, d
            d = pending[0]
            if d.dice:
                dice = [rng.randint(1, 6) for _ in range(d.dice)]
                action = Action(d.actor, "roll", {"dice": dice})
            elif d.kind == "formation" and d.open_ended:
                action = Action(d.actor, "formation", {"shape": "4-4-2"})
            else:
                action = rng.choice(d.choices).action
            s, _ = FUBA.apply(s, action)
    pytest.skip(f"no {kind} decision in {len(SEEDS)} seeded matches")


def controls(view: discord.ui.View | None) -> dict[str, Any]:
    assert view is not None
    return {item.item.custom_id: item.item for item in view.children}  # type: ignore[attr-defined]


BUTTONS = {
    "boost": "choice",
    "pay": "zone",
    "charge": "choice",
    "slow": "choice",
    "replace": "choice",
}


@pytest.mark.parametrize("kind", sorted(BUTTONS))
def test_a_decision_of_a_few_choices_is_buttons(kind: str) -> None:
    state, decision = reach(kind)
    found = controls(buttons(outcome_at(state)))
    for choice in decision.choices:
        value = choice.action.args[BUTTONS[kind]]
        button = found[f"fuba:act:3:41:{kind}:{value}"]
        assert button.label == choice.label[:80]


def test_aggressive_pressing_is_an_action_button() -> None:
    state, decision = reach("aggressive")
    found = controls(buttons(outcome_at(state)))
    assert found["fuba:act:3:41:action:aggressive"].label == "aggressive pressing"


@pytest.mark.parametrize("kind", ["substitute", "roles"])
def test_substitutions_and_roles_are_menus(kind: str) -> None:
    state, decision = reach(kind)
    found = controls(buttons(outcome_at(state)))
    menus = [item for custom_id, item in found.items() if f":pick:3:41:{kind}" in custom_id]
    arg = {"substitute": "plan", "roles": "roles"}[kind]
    values = [c.action.args[arg] for c in decision.choices]
    if len(values) > 25:  # too many for a menu: /fuba choose pages them
        assert menus == []
        return
    [menu] = menus
    assert [o.value for o in menu.options] == values
    if kind == "substitute":
        assert values[-1] == "done"  # what a team that lets it pass does


def test_choose_reads_a_value_a_label_or_typed_roles() -> None:
    state, decision = reach("charge")
    stay = next(c for c in decision.choices if c.action.args["choice"] == "stay")
    assert choice_value(stay) == "charge:stay"
    assert read_choice("charge:stay", set(), []) == ("charge", {"choice": "stay"})
    assert read_choice(stay.label.upper(), {"charge"}, list(decision.choices)) == (
        "charge",
        {"choice": "stay"},
    )
    assert read_choice("2am  OWB", {"roles"}, []) == ("roles", {"roles": "2am owb"})
    with pytest.raises(PlayRefusal, match="nothing to choose"):
        read_choice("stay", {"target"}, [])
    with pytest.raises(PlayRefusal, match="Say which decision"):
        read_choice("stay", {"charge", "slow"}, [])


@pytest.mark.parametrize(
    ("typed", "kind", "args"),
    [
        ("boost use", "boost", {"choice": "use"}),
        ("pay defence", "pay", {"zone": "defence"}),
        ("charge", "charge", {"choice": "charge"}),
        ("stay", "charge", {"choice": "stay"}),
        ("slow play", "slow", {"choice": "play"}),
        ("roles 2am ws", "roles", {"roles": "2am ws"}),
        ("substitute m>f", "substitute", {"plan": "m>f"}),
        ("replace play on", "replace", {"choice": "play_on"}),
        ("aggressive", "action", {"kind": "aggressive"}),
        ("skills clinical finisher, stopper", "skills", {"skills": "clinical finisher, stopper"}),
        ("skill crossing", "skill", {"name": "crossing"}),
        ("skill wing backs area 5", "skill", {"name": "wing_backs", "area": 5}),
        ("skill gegenpressing aggressive", "skill", {"name": "gegenpressing", "aggressive": True}),
        (
            "skill trained formation change shape 3-5-2",
            "skill",
            {"name": "trained_formation_change", "shape": "3-5-2"},
        ),
        ("skill none", "skill", {"name": "none"}),
    ],
)
def test_typed_terminal_commands(typed: str, kind: str, args: dict[str, Any]) -> None:
    assert parse(typed) == (kind, args)


# -- in the channel ----------------------------------------------------------------------


async def started_at(world: World, state: FubaState) -> discord.Message:
    """A match between Alice (west) and Bob (east) from ``state``, its live board posted."""
    seats = [
        Seat("west", world.alice.id, "Alice"),
        Seat("east", world.bob.id, "Bob"),
    ]
    outcome = await referee(world).start_match(
        1, world.channel.id, seats, rules={"position": FUBA.position(state)}
    )
    channel = world.env.bot.get_channel(world.channel.id)
    await post_step(channel, outcome)
    return public(world)[-1]


def members(world: World, decision: Decision) -> tuple[Any, Any]:
    """(the member who decides, the other one)."""
    return (world.alice, world.bob) if decision.actor == "west" else (world.bob, world.alice)


async def version(world: World) -> int:
    match = await referee(world).store.active_match(world.channel.id)
    assert match is not None
    return match.version


@pytest.mark.parametrize("kind", ["charge", "slow", "boost", "pay", "replace"])
async def test_only_the_deciding_member_may_click(world: World, kind: str) -> None:
    state, decision = reach(kind)
    board = await started_at(world, state)
    decider, other = members(world, decision)
    first = decision.choices[-1]  # the default, what letting it pass does
    custom_id = f"fuba:act:{(await referee(world).store.active_match(world.channel.id)).id}"
    button = next(
        c.custom_id
        for row in board.components
        for c in getattr(row, "children", [])
        if (c.custom_id or "").startswith(custom_id) and f":{kind}:" in (c.custom_id or "")
        and c.label == first.label[:80]
    )  # fmt: skip
    before = await version(world)

    text = refused(world, await other.click(board, custom_id=button))
    assert "not" in text.lower()
    assert await version(world) == before

    await decider.click(board, custom_id=button)
    assert await version(world) > before


@pytest.mark.parametrize("kind", ["substitute", "charge"])
async def test_choose_autocompletes_the_legal_choices_and_refuses_the_other_member(
    world: World, kind: str
) -> None:
    state, decision = reach(kind)
    await started_at(world, state)
    decider, other = members(world, decision)

    offered = await decider.autocomplete(world.channel, "fuba choose", "choice", "")
    wanted = [choice_value(c) for c in decision.choices]
    assert [o["value"] for o in offered] == wanted[:25]
    assert await other.autocomplete(world.channel, "fuba choose", "choice", "") == []

    before = await version(world)
    last = wanted[-1]
    text = refused(world, await other.slash(world.channel, "fuba choose", choice=last))
    assert text
    assert await version(world) == before

    reply = await decider.slash(world.channel, "fuba choose", choice=last)
    assert private(reply) == ""
    assert await version(world) > before


async def test_roles_are_chosen_in_secret_by_typing_them(world: World) -> None:
    state, decision = reach("roles")
    await started_at(world, state)
    decider, other = members(world, decision)
    before = await version(world)

    refused(world, await other.slash(world.channel, "fuba choose", choice="roles:1am"))
    assert await version(world) == before

    reply = private(await decider.slash(world.channel, "fuba choose", choice="1am"))
    assert reply.startswith("Your player roles: 1am.") and "Nobody else" in reply
    assert await version(world) > before
    assert "1am" not in public(world)[-1].content
