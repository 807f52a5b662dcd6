"""Simple Soccer's advanced rules in a channel: the challenge's `rules:` and `options:`, the
live board's menus of a decision's whole choices (a tackle: who, and from where), the typed
commands (`/simplesoccer tackle`, `call`, `choose`), and the board's notes."""

from __future__ import annotations

import random

import discord
import pytest

from cogs.play.buttons import buttons, index_options
from cogs.simplesoccer.choices import others_of, plays_in, reach_of
from cogs.simplesoccer.commands import describe_rules, match_rules, option_entries
from cogs.simplesoccer.menus import who_options
from engine.core import MalformedAction
from engine.simplesoccer import SIMPLESOCCER
from engine.simplesoccer.state import SimpleSoccerState
from referee import games
from referee.service import Outcome
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
from tests.engine.simplesoccer.test_adv_property import advanced_options
from tests.engine.simplesoccer.test_property import random_action

TACKLES = ["5 tackles from j6 (1)", "5 tackles from j4 (1)", "7 tackles"]


def test_the_rules_of_a_challenge_are_told_in_words() -> None:
    rules, _ = match_rules(None, None, None, None, None, None, None, None, "advanced", "-fouls")
    assert rules == {"rules": "advanced", "options": "-fouls"}
    assert describe_rules(rules).endswith("advanced rules without fouls")
    assert "rules" not in describe_rules({})
    assert describe_rules({"options": "tackles headers"}).endswith(
        "basic rules with tackles, headers"
    )
    with pytest.raises(MalformedAction, match="Did you mean tackles"):
        match_rules(None, None, None, None, None, None, None, None, None, "tackle")


def test_the_options_list_offers_rule_names_with_what_they_do() -> None:
    every = option_entries("")
    assert len(every) == 16 and every[0][1] == "direction"
    assert option_entries("tackles -fo") == [
        ("tackles -fouls: no contact rolls, free kicks, penalties and cards", "tackles -fouls")
    ]
    assert [v for _, v in option_entries("tackles he")] == ["tackles headers"]
    assert all(v != "tackles tackles" for _, v in option_entries("tackles "))


async def test_an_advanced_challenge_names_its_rules_and_the_match_plays_them(
    world: World,
) -> None:
    await challenge_accepted(world, size="small", rules="advanced", options="-fouls -skills")
    challenge = public(world)[-2]
    assert "advanced rules without fouls, skills" in text_of(challenge)
    match = await referee(world).store.active_match(world.channel.id)
    assert match is not None
    settings = match.state.options["advanced"]
    assert settings["tackles"] and settings["headers"] and not settings["fouls"]
    assert not settings["reposition"]  # a mutual option: only when named


async def test_a_bad_rule_name_is_refused_privately_before_anyone_is_asked(world: World) -> None:
    before = public(world)
    text = refused(
        world,
        await world.alice.slash(
            world.channel, "simplesoccer challenge", opponent=world.bob, options="tackle fouls"
        ),
    )
    assert text == "'tackle' is not a rule. Did you mean tackles?"
    assert public(world) == before  # no challenge posted, nobody asked
    assert await referee(world).store.active_match(world.channel.id) is None


async def test_the_options_autocomplete_offers_the_rules(world: World) -> None:
    offered = await world.alice.autocomplete(
        world.channel, "simplesoccer challenge", "options", "-sk"
    )
    assert [o["value"] for o in offered] == ["-skills"]
    assert offered[0]["name"].startswith("-skills: no 3 skill points")


# -- a tackle, from the live board ---------------------------------------------------------------


async def tackle_offered(world: World) -> discord.Message:
    """A small-board match with tackles and physical dice: West (Alice) leaves the ball
    between her number 7 and East's number 7, so Bob may tackle before his roll."""
    await challenge_accepted(world, dice="physical", size="small", options="tackles")
    channel, alice, bob = world.channel, world.alice, world.bob
    assert private(await alice.slash(channel, "simplesoccer roll", dice="5")) == ""
    assert private(await bob.slash(channel, "simplesoccer roll", dice="2")) == ""
    assert private(await alice.slash(channel, "simplesoccer setup", preset="attacking")) == ""
    assert private(await bob.slash(channel, "simplesoccer setup", preset="balanced")) == ""
    assert private(await alice.slash(channel, "simplesoccer roll", dice="6 6")) == ""
    kicked = await alice.slash(channel, "simplesoccer kick", member="7", path="i5")
    assert private(kicked) == ""
    assert private(await alice.slash(channel, "simplesoccer move", member="7", path="h5")) == ""
    assert private(await alice.slash(channel, "simplesoccer end")) == ""
    return public(world)[-1]


def index_menu(board: discord.Message, kind: str) -> discord.SelectMenu:
    [found] = [c for cid, c in controls(board).items() if ":index:" in cid and f":{kind}:" in cid]
    assert isinstance(found, discord.SelectMenu)
    return found


async def test_a_tackle_is_a_menu_of_whole_choices_for_the_version_it_was_drawn_for(
    world: World,
) -> None:
    board = await tackle_offered(world)
    match = await referee(world).store.active_match(world.channel.id)
    assert match is not None
    menu = index_menu(board, "tackle")
    assert menu.custom_id == f"simplesoccer:index:{match.id}:{match.version}:tackle:east:0"
    assert [o.label for o in menu.options] == TACKLES
    assert [o.value for o in menu.options] == ["0", "1", "2"]
    assert (menu.placeholder or "").startswith("bob (East): the ball is at an opponent's feet")
    assert asked(board, world.bob) in ("roll", "tackle")

    # not Alice's decision: refused, nothing changes
    wrong = refused(world, await world.alice.select(board, ["2"], custom_id=menu.custom_id))
    assert wrong
    assert (await referee(world).store.active_match(world.channel.id)).version == match.version

    # Bob's 7 tackles from where it stands: then the call, as buttons (the old board stays
    # in the channel with its menu, as a slow client would still show it)
    board = await keep_the_old_board(world)
    assert private(await world.bob.select(board, ["2"], custom_id=menu.custom_id)) == ""
    calling = public(world)[-1]
    assert "East's number 7" in text_of(calling) or "7 tackles" in text_of(calling)
    labels = [getattr(c, "label", "") for c in controls(calling).values()]
    assert "Call odd" in labels and "Call even" in labels
    after = (await referee(world).store.active_match(world.channel.id)).version

    # the menu of the version gone by changes nothing
    kept = still_there(world, board)
    stale = refused(world, await world.bob.select(kept, ["0"], custom_id=menu.custom_id))
    assert stale.startswith("This is out of date")
    assert (await referee(world).store.active_match(world.channel.id)).version == after


async def test_a_tackle_and_its_call_typed_then_the_roll_settles_it(world: World) -> None:
    await tackle_offered(world)
    channel, bob = world.channel, world.bob
    offered = await bob.autocomplete(channel, "simplesoccer tackle", "tackle", "")
    assert [o["name"] for o in offered] == TACKLES
    assert await world.alice.autocomplete(channel, "simplesoccer tackle", "tackle", "") == []
    assert private(await bob.slash(channel, "simplesoccer tackle", tackle="7")) == ""
    neither = refused(world, await bob.slash(channel, "simplesoccer call"))
    assert "odd" in neither and "total" in neither
    assert private(await bob.slash(channel, "simplesoccer call", call="odd")) == ""
    assert private(await bob.slash(channel, "simplesoccer roll", dice="3 4")) == ""
    told = text_of(public(world)[-1])
    assert "East's number 7 wins the ball from West's number 7 with a tackle" in told
    view = (await referee(world).current(channel.id)).view()
    assert view["members"][0]["7"].get("down") is not None  # West's 7 lies down
    notes = " ".join(f.value or "" for e in public(world)[-1].embeds for f in e.fields)
    assert "Down: West 7" in notes and "Rules: basic rules with tackles" in notes


async def test_choose_offers_the_decision_and_refuses_a_choice_gone_by(world: World) -> None:
    await tackle_offered(world)
    channel, bob = world.channel, world.bob
    offered = await bob.autocomplete(channel, "simplesoccer choose", "choice", "")
    assert [o["name"] for o in offered] == TACKLES
    assert await world.alice.autocomplete(channel, "simplesoccer choose", "choice", "") == []
    last = offered[-1]["value"]
    assert private(await bob.slash(channel, "simplesoccer choose", choice=last)) == ""
    calls = await bob.autocomplete(channel, "simplesoccer choose", "choice", "")
    assert [o["name"] for o in calls] == ["Call odd", "Call even"]
    stale = refused(world, await bob.slash(channel, "simplesoccer choose", choice=last))
    assert "out of date" in stale.lower() or "moved on" in stale.lower()
    assert private(await bob.slash(channel, "simplesoccer choose", choice="call even")) == ""
    assert asked(public(world)[-1], bob) == "roll"


def test_index_options_are_the_choices_places() -> None:
    from engine.core import Action, Choice, Decision

    choices = tuple(
        Choice(Action("east", "redirect", {"to": f"c{i}"}), f"Send it to c{i}") for i in range(30)
    )
    options = index_options(Decision("east", "redirect", "Send it.", choices))
    assert [o.value for o in options] == [str(i) for i in range(30)]
    assert options[29].label == "Send it to c29"


# -- every decision of an advanced match can be answered under the board -------------------------


def outcome_at(state: SimpleSoccerState) -> Outcome:
    """The referee's outcome for Simple Soccer match 3 at version 41 in ``state``."""
    return Outcome(
        match_id=3,
        ruleset="simplesoccer",
        version=41,
        lines=[],
        next=[],
        over=False,
        result=None,
        seed_hash="",
        seed=None,
        names={"west": "Ada", "east": "Brian"},
        game=games.get("simplesoccer"),
        state=state,
    )


def control_kinds(view: discord.ui.View | None) -> set[tuple[str, str]]:
    """(what, decision kind) of each control: ("act", "call"), ("index", "tackle")..."""
    found = set()
    for item in view.children if view is not None else []:
        parts = (item.item.custom_id or "").split(":")  # type: ignore[attr-defined]
        found.add((parts[1], parts[4] if parts[1] != "who" else "play"))
    return found


@pytest.mark.parametrize("seed", range(6))
def test_every_decision_of_an_advanced_match_has_its_controls(seed: int) -> None:
    """Random advanced matches: each decision waiting for a player (other than the turn and the
    set-up, which have menus of their own) has buttons or a menu under the board, and every
    play of a turn is in the board's menu of who plays."""
    rng = random.Random(seed)
    state = SIMPLESOCCER.initial(advanced_options(rng))
    clock = [1_700_000_000.0]
    seen: set[str] = set()
    for _ in range(4000):
        if state.over:
            break
        pending = SIMPLESOCCER.pending(state)
        asking = [d for d in pending if not d.dice and d.kind not in ("play", "setup")]
        if asking:
            drawn = control_kinds(buttons(outcome_at(state)))
            for decision in asking:
                seen.add(decision.kind)
                kinds = {c.action.kind for c in decision.choices} | {decision.kind}
                assert any(kind in kinds for _, kind in drawn), (decision.kind, drawn)
        for decision in pending:
            if decision.kind == "play":
                plays = plays_in("simplesoccer", state, [decision.actor], pending)
                menus = {o.value for o in who_options(plays)}
                for choice in decision.choices:
                    reach = reach_of(choice)
                    if reach is not None:
                        assert f"{reach.kind}:{reach.member}" in menus
                for other in others_of(decision.choices):
                    assert f"other:{other.group}" in menus, other
        state, _ = SIMPLESOCCER.apply(state, random_action(rng, state, clock))
    assert seen, "no advanced decision came up"
