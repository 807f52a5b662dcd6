"""A11 skills in Discord: the challenge's `skills:` (refused at once without condition points),
the secret choice (the suggested picks menu, the private picker, typed names), a skill window's
buttons and menu on the live board (alone or folded into the team's decision), and
`/fuba skill` (its list, typed names, and the rules' reason when a skill cannot be played)."""

from __future__ import annotations

from typing import Any

import discord
import simcord

from engine.core import Action, Event, RulesError
from engine.fuba import FUBA, FubaState
from engine.fuba.skills.catalog import SKILLS, choices_used
from referee.fuba.narration import describe
from tests.discord.conftest import World
from tests.discord.test_fuba_advanced_decisions import started_at, version
from tests.discord.test_play import bot_member, private, public, referee, refused
from tests.engine.adv_scenario import at_action
from tests.engine.test_skills_forwards import shooting
from tests.engine.test_skills_midfielders import THREES_EAST, THREES_WEST, start
from tests.engine.test_skills_team import end_turn, keep_in_centre, pos


def controls(message: Any) -> list[Any]:
    """A message's buttons and menus (a channel message, or a private answer's raw rows)."""
    rows = message.components
    if rows and isinstance(rows[0], dict):
        return [c for row in rows for c in row.get("components", [])]
    return [c for row in rows for c in getattr(row, "children", [])]


def labels(message: discord.Message) -> list[str]:
    return [c.label for c in controls(message) if isinstance(c, discord.Button)]


def button(message: discord.Message, label: str) -> str:
    return next(c.custom_id for c in controls(message) if getattr(c, "label", None) == label)


async def state_now(world: World) -> FubaState:
    match = await referee(world).store.active_match(world.channel.id)
    assert match is not None
    return match.state


def seen_by(world: World, member: simcord.MemberActor) -> str:
    return "\n".join(
        "\n".join([m.content, *(e.description or "" for e in m.embeds)])
        for m in world.channel.history(viewer=member)
    )


# -- the challenge --------------------------------------------------------------------------


async def test_a_challenge_with_skills_says_so_and_the_match_has_them(world: World) -> None:
    posted = await world.alice.slash(
        world.channel, "fuba challenge", opponent=world.bob, rules="advanced", skills=3
    )
    assert private(posted) == ""
    assert "3 skills a team" in public(world)[-1].content
    await world.bob.slash(world.channel, "fuba accept")
    assert (await state_now(world)).options["skills"] == 3


async def test_skills_without_condition_points_are_refused_before_anyone_accepts(
    world: World,
) -> None:
    before = public(world)
    text = refused(
        world,
        await world.alice.slash(world.channel, "fuba challenge", opponent=world.bob, skills=2),
    )
    assert "condition points" in text
    assert public(world) == before
    assert "no open challenge" in refused(
        world, await world.bob.slash(world.channel, "fuba accept")
    )


# -- the secret choice ----------------------------------------------------------------------


async def skills_due(world: World) -> discord.Message:
    """Alice (West) and Bob (East) with condition points and three skills each have chosen
    their formations: both are to choose their skills. The live board."""
    posted = await world.alice.slash(
        world.channel, "fuba challenge", opponent=world.bob, options="condition", skills=3
    )
    assert private(posted) == ""
    await world.bob.slash(world.channel, "fuba accept")
    await world.alice.slash(world.channel, "fuba formation", shape="4-4-2")
    await world.bob.slash(world.channel, "fuba formation", shape="4-3-3")
    return public(world)[-1]


async def test_the_picker_is_private_and_picks_by_group(world: World) -> None:
    board = await skills_due(world)
    assert "Pick skills one by one" in labels(board)
    before = await version(world)

    opened = await world.alice.click(board, label="Pick skills one by one")
    picker = opened.response
    assert picker is not None and picker.ephemeral
    assert "Picked: no skills (0 of 3)" in picker.content
    menus = [c for c in controls(picker) if c["type"] == 3]
    assert [m["placeholder"] for m in menus] == [
        "Team and goalkeeper",
        "Defenders",
        "Midfielders",
        "Forwards",
    ]
    assert "Your skills" not in seen_by(world, world.bob)  # the picker is Alice's alone

    def menu_id(title: str) -> str:
        return next(c["custom_id"] for c in controls(picker) if c.get("placeholder") == title)

    def value(key: str) -> str:
        return str(list(SKILLS).index(key))

    picker = (
        await world.alice.select(picker, [value("stopper")], custom_id=menu_id("Defenders"))
    ).response
    assert picker is not None and "Picked: Stopper (1 of 3)" in picker.content
    picker = (
        await world.alice.select(
            picker, [value("regista"), value("mezzala")], custom_id=menu_id("Midfielders")
        )
    ).response
    assert picker is not None and "Picked: Stopper, Regista, Mezzala (3 of 3)" in picker.content
    picker = (
        await world.alice.select(picker, [value("mezzala")], custom_id=menu_id("Midfielders"))
    ).response
    assert picker is not None and "Picked: Stopper, Mezzala (2 of 3)" in picker.content
    assert await version(world) == before  # nothing counted before Confirm

    confirmed = await world.alice.click(picker, label="Confirm (2 of 3)")
    assert world.env.errors == []
    assert await version(world) == before + 1
    done = confirmed.response
    assert done is not None and done.content.startswith("Your skills: Stopper, Mezzala.")
    assert not controls(done)
    for viewer in (world.bob, world.carol):
        assert "Mezzala" not in seen_by(world, viewer) and "Stopper" not in seen_by(world, viewer)

    # Bob takes a suggested pick from the board's menu: one click, private too
    board = public(world)[-1]
    [menu] = [
        c for c in controls(board) if ":pick:" in (c.custom_id or "") and ":skills" in c.custom_id
    ]
    pick = menu.options[0].value
    reply = private(await world.bob.select(board, [pick], custom_id=menu.custom_id))
    assert reply == f"Your skills: {pick}. Nobody else sees them before both have chosen."
    state = await state_now(world)
    assert list(state.skills[0]) == ["stopper", "mezzala"]
    assert [SKILLS[k].name for k in state.skills[1]] == pick.split(", ")
    revealed = describe(Event("skills_revealed", {"skills": [list(s) for s in state.skills]}))
    assert revealed and revealed in seen_by(world, world.carol)  # revealed together


async def test_too_many_picks_cannot_be_confirmed(world: World) -> None:
    board = await skills_due(world)
    picker = (await world.alice.click(board, label="Pick skills one by one")).response
    assert picker is not None
    team = next(
        c["custom_id"] for c in controls(picker) if c.get("placeholder") == "Team and goalkeeper"
    )
    fans = str(list(SKILLS).index("fanatic_fans"))  # counts as two
    keeper = str(list(SKILLS).index("shot_stopper"))
    special = str(list(SKILLS).index("trained_special_event"))
    picker = (await world.alice.select(picker, [fans, keeper, special], custom_id=team)).response
    used = choices_used(["fanatic_fans", "shot_stopper", "trained_special_event"])
    assert picker is not None and f"({used} of 3)" in picker.content
    assert f"That is {used} choices: take some off" in picker.content
    [confirm] = [c for c in controls(picker) if c["type"] == 2]
    assert confirm.get("disabled") is True


async def test_skills_typed_with_skill_or_choose(world: World) -> None:
    await skills_due(world)
    offered = await world.alice.autocomplete(
        world.channel, "fuba skill", "name", "clinical finisher, stop"
    )
    values = [o["value"] for o in offered]
    assert "clinical finisher, Stopper" in values and "clinical finisher, Shot stopper" in values
    assert all(v.startswith("clinical finisher, ") for v in values)
    before = await version(world)
    too_many = refused(
        world,
        await world.alice.slash(world.channel, "fuba skill", name="fanatic fans, stopper, regista"),
    )
    assert "this match allows 3" in too_many and await version(world) == before
    reply = private(
        await world.alice.slash(world.channel, "fuba skill", name="clinical finisher, Stopper")
    )
    assert reply.startswith("Your skills: clinical finisher, Stopper.")
    reply = private(
        await world.bob.slash(world.channel, "fuba choose", choice="skills:Midfield general")
    )
    assert reply.startswith("Your skills: Midfield general.")
    state = await state_now(world)
    assert state.skills == [{"clinical_finisher": 0, "stopper": 0}, {"midfield_general": 0}]


# -- skill windows on the live board --------------------------------------------------------


async def test_a_window_of_its_own_has_a_button_per_skill_and_no_skill(world: World) -> None:
    board = await started_at(world, shooting(["clinical_finisher", "aggressive_striker"]))
    assert {"Clinical finisher (1 point)", "Aggressive striker (1 point)", "No skill"} <= set(
        labels(board)
    )
    before = await version(world)
    refused(world, await world.bob.click(board, label="Clinical finisher (1 point)"))
    assert await version(world) == before

    assert private(await world.alice.click(board, label="Clinical finisher (1 point)")) == ""
    state = await state_now(world)
    assert state.skills[0]["clinical_finisher"] == 1
    board = public(world)[-1]
    assert "Clinical finisher (1 point)" not in labels(board)  # the window stays for the rest
    assert "Aggressive striker (1 point)" in labels(board)
    offered = await world.alice.autocomplete(world.channel, "fuba skill", "name", "")
    assert [o["name"] for o in offered] == ["Aggressive striker (1 point)", "no skill"]
    assert await world.bob.autocomplete(world.channel, "fuba skill", "name", "") == []

    assert (
        private(await world.alice.slash(world.channel, "fuba skill", name="aggressive striker"))
        == ""
    )
    assert (await state_now(world)).skills[0]["aggressive_striker"] == 1


async def test_a_folded_skill_is_a_button_beside_the_decision(world: World) -> None:
    state = at_action(start(7, 3, west=THREES_WEST, east=THREES_EAST, ws=["runner"]), "west")
    board = await started_at(world, state)
    assert "Runner (1 point)" in labels(board) and "No skill" not in labels(board)
    assert any(":action:" in (c.custom_id or "") for c in controls(board))

    assert private(await world.alice.click(board, label="Runner (1 point)")) == ""
    after = await state_now(world)
    assert after.skills[0]["runner"] == 1
    assert FUBA.pending(after)[0].kind == "action"  # the decision it was folded into waits


async def test_a_skill_played_a_particular_way_is_a_menu_of_whole_choices(world: World) -> None:
    board = await started_at(world, end_turn(pos(west=("trained_formation_change",)))[0])
    [menu] = [
        c for c in controls(board) if ":moves:" in (c.custom_id or "") and ":skill:" in c.custom_id
    ]
    shapes = {o.label: o.value for o in menu.options}
    assert "Trained formation change (free): change to 3-5-2" in shapes
    assert any(
        ":pick:" in (c.custom_id or "") and ":target" in c.custom_id for c in controls(board)
    )
    wanted = shapes["Trained formation change (free): change to 3-5-2"]

    assert private(await world.alice.select(board, [wanted], custom_id=menu.custom_id)) == ""
    state = await state_now(world)
    assert state.formations[0] == [3, 5, 2] and FUBA.pending(state)[0].kind == "target"


async def test_skill_with_a_way_to_play_it_from_the_list(world: World) -> None:
    await started_at(world, end_turn(pos(west=("trained_formation_change",)))[0])
    before = await version(world)
    which = refused(
        world, await world.alice.slash(world.channel, "fuba skill", name="trained formation change")
    )
    assert which.startswith("Say how you play it") and await version(world) == before
    offered = await world.alice.autocomplete(world.channel, "fuba skill", "name", "3-5-2")
    assert [o["name"] for o in offered] == ["Trained formation change (free): change to 3-5-2"]
    assert (
        private(await world.alice.slash(world.channel, "fuba skill", name=offered[0]["value"]))
        == ""
    )
    assert (await state_now(world)).formations[0] == [3, 5, 2]


# -- refusals -------------------------------------------------------------------------------


def engine_says(state: FubaState, side: str, name: str) -> str:
    try:
        FUBA.apply(state, Action(side, "skill", {"name": name}))
    except RulesError as error:
        return str(error)
    raise AssertionError(f"{name} can be played")


async def test_a_skill_that_cannot_be_played_now_is_refused_with_the_reason(
    world: World,
) -> None:
    state = pos(west=("fanatic_fans",), east=("stopper",))
    await started_at(world, state)
    before = await version(world)

    wrong_moment = refused(
        world, await world.alice.slash(world.channel, "fuba skill", name="fanatic fans")
    )
    assert wrong_moment == engine_says(state, "west", "fanatic_fans")
    assert wrong_moment.startswith("Fanatic fans is played ") and "not now" in wrong_moment
    theirs = refused(world, await world.alice.slash(world.channel, "fuba skill", name="stopper"))
    assert theirs == "You do not have Stopper."
    off_turn = refused(world, await world.bob.slash(world.channel, "fuba skill", name="stopper"))
    assert off_turn.startswith("Not your turn: ")
    assert await version(world) == before
    assert (await state_now(world)).skills == [{"fanatic_fans": 0}, {"stopper": 0}]


async def test_a_skill_the_team_cannot_pay_for_is_not_offered_and_refused(world: World) -> None:
    state, _ = keep_in_centre(pos(west=("fanatic_fans",), cond="1.0.1"), 6, 4)
    board = await started_at(world, state)
    assert not any("Fanatic fans" in label for label in labels(board))
    assert await world.alice.autocomplete(world.channel, "fuba skill", "name", "") == []
    before = await version(world)
    text = refused(world, await world.alice.slash(world.channel, "fuba skill", name="Fanatic fans"))
    assert text == engine_says(state, "west", "fanatic_fans")
    assert await version(world) == before


async def test_against_the_coach_the_coach_picks_its_own(world: World) -> None:
    posted = await world.alice.slash(
        world.channel, "fuba challenge", opponent=bot_member(world), options="condition", skills=2
    )
    assert private(posted) == ""
    await world.alice.slash(world.channel, "fuba formation", shape="4-4-2")
    reply = private(await world.alice.slash(world.channel, "fuba skill", name="stopper, regista"))
    assert reply.startswith("Your skills: stopper, regista.")
    [side] = (await referee(world).status(world.channel.id, world.alice.id)).your_sides
    state = await state_now(world)
    mine = ("west", "east").index(side)
    assert state.skills[mine] == {"stopper": 0, "regista": 0}
    assert state.formations[1 - mine]  # revealed together: the coach chose too
