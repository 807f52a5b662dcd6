"""A whole advanced FUBA match with three skills a team (A11), played in Discord by two members:
Alice (West) picks her skills in the private picker, group by group; Bob (East) takes a
suggested pick from the board's menu. Both play skills at their moments, each at least once
with the board's buttons or menu and once with `/fuba skill`; and the refusals change nothing:
a skill at the wrong moment, the other side's skill, and a skill the team cannot pay for, each
refused with the rules' own reason.

As in tests/discord/test_fuba_advanced_match.py, the dice come from a seed found offline, and
every other decision is the advanced coach's, made with the board's control for it (or its
command): the match in Discord must be the match the engine plays alone.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any

import simcord

from cogs.fuba.skills import choice_text
from engine.core import Action, Decision, Event, RulesError
from engine.fuba import FUBA, advanced, condition
from engine.fuba.coach import Coach
from engine.fuba.skills.catalog import SKILLS
from engine.fuba.state import FubaState
from referee.match_dice import roll
from store.models import MatchStatus
from tests.discord.conftest import World
from tests.discord.test_fuba_advanced_match import (
    COACH_SEED,
    SECRET,
    board_or_command,
    leads_to,
    live_board,
    seeded,
)
from tests.discord.test_play import private, public, referee, refused

SEEDS = range(200)
MAX_ACTIONS = 3000
RULES = {"advanced": list(advanced.ALL), "skills": 3}
WEST_PICKS = ["stopper", "creative_midfielder", "midfield_general"]  # in the picker's order


def east_picks(decision: Decision) -> list[str]:
    """East's skills: the first suggested pick (a click on the board's menu)."""
    return list(decision.choices[0].action.args["skills"])


def choose(coach: Coach, state: FubaState, decision: Decision) -> Action:
    """What the members do: their skills as above, a skill whenever a window of its own opens
    (the first one offered), the coach's choice for everything else."""
    if decision.kind == "skills":
        keys = WEST_PICKS if decision.actor == "west" else east_picks(decision)
        return Action(decision.actor, "skills", {"skills": keys})
    if decision.kind == "skill":
        return decision.choices[0].action
    return coach.choose(state, decision)


def skilled(action: Action) -> bool:
    return action.kind == "skill" and action.args.get("name") != "none"


def broke(state: FubaState, side: str) -> str | None:
    """A paid skill ``side`` owns while it cannot pay one condition point now (None if none)."""
    team = ("west", "east").index(side)
    if condition.can_pay(state, team, 1, skill=True):
        return None
    return next((k for k, n in state.skills[team].items() if n >= 0 and SKILLS[k].cost), None)


@dataclass
class Offline:
    seed: int
    actions: list[Action]
    events: list[Event]
    state: FubaState

    def wanted(self) -> bool:
        """Each side plays at least two skills; someday a side owns a skill it cannot pay."""
        played = [a.actor for a in self.actions if skilled(a)]
        return played.count("west") >= 2 and played.count("east") >= 2


def offline(seed: int) -> tuple[Offline, bool]:
    state = FUBA.initial(RULES)
    coach = Coach(COACH_SEED)
    actions: list[Action] = []
    events: list[Event] = []
    unaffordable = False
    while not state.over and len(actions) < MAX_ACTIONS:
        pending = FUBA.pending(state)
        dice = next((d for d in pending if d.dice), None)
        if dice is not None:
            action = Action(dice.actor, "roll", {"dice": roll(seed, len(actions), dice.dice)})
        else:
            unaffordable = unaffordable or broke(state, pending[0].actor) is not None
            action = choose(coach, state, pending[0])
        events += FUBA.apply_in_place(state, action)
        actions.append(action)
    assert state.over, f"seed {seed}: the offline match did not end"
    return Offline(seed, actions, events, state), unaffordable


@functools.cache
def chosen_match() -> Offline:
    for seed in SEEDS:
        match, unaffordable = offline(seed)
        if match.wanted() and unaffordable:
            return match
    raise AssertionError(f"no seed in {SEEDS} gives two skills a side and one unaffordable")


# -- playing --------------------------------------------------------------------------------


@dataclass
class Watch:
    match_id: int = 0
    ways: dict[str, set[str]] = field(default_factory=dict)  # side -> how it played skills
    refusals: dict[str, str] = field(default_factory=dict)  # what was refused -> the reason
    steps: int = 0


async def match_now(world: World, match_id: int) -> tuple[int, str, Any]:
    """The match's version, status and state."""
    match = await referee(world).store.get_match(match_id)
    return match.version, match.status.value, match.state


async def unchanged_by(world: World, match_id: int, attempt: Any) -> str:
    """The refusal of ``attempt()``; the match and the channel are as they were."""
    version, _, state = await match_now(world, match_id)
    posted = len(public(world))
    text = refused(world, await attempt())
    after, _, now = await match_now(world, match_id)
    assert after == version and FUBA.to_json(now) == FUBA.to_json(state), text
    assert len(public(world)) == posted
    return text


def engine_says(state: FubaState, side: str, args: dict[str, Any]) -> str:
    try:
        FUBA.apply(state, Action(side, "skill", args))
    except RulesError as error:
        return str(error)
    raise AssertionError(f"{args} can be played by {side}")


async def refusals(
    world: World, watch: Watch, member: simcord.MemberActor, side: str, state: FubaState
) -> None:
    """Try the refusals once each when the match offers the chance."""
    team = ("west", "east").index(side)
    if not state.skills[team]:
        return
    mine = list(state.skills[team])
    theirs = [k for k in state.skills[1 - team] if k not in state.skills[team]]
    decision = next(d for d in FUBA.pending(state) if d.actor == side and not d.dice)
    window = any(c.action.kind == "skill" for c in decision.choices)

    async def typed(key: str) -> str:
        return await unchanged_by(
            world,
            watch.match_id,
            lambda: member.slash(world.channel, "fuba skill", name=SKILLS[key].name),
        )

    if "moment" not in watch.refusals and not window and decision.kind == "target":
        expected = engine_says(state, side, {"name": mine[0]})
        if expected.endswith("not now."):
            assert await typed(mine[0]) == expected
            watch.refusals["moment"] = expected
    if "theirs" not in watch.refusals and window and theirs:
        text = await typed(theirs[0])
        assert text == f"You do not have {SKILLS[theirs[0]].name}."
        watch.refusals["theirs"] = text
    key = broke(state, side)
    if "unaffordable" not in watch.refusals and key is not None:
        text = await typed(key)
        assert text == engine_says(state, side, {"name": key})
        watch.refusals["unaffordable"] = text


async def pick_in_private(world: World, member: simcord.MemberActor, keys: list[str]) -> str:
    """The picker: opened from the board, a menu per group, then Confirm."""
    shown = await member.click(live_board(world), label="Pick skills one by one")
    picker = shown.response
    assert picker is not None and picker.ephemeral
    groups = {
        "Team and goalkeeper": ("team", "goalkeeper"),
        "Defenders": ("defender",),
        "Midfielders": ("midfielder",),
        "Forwards": ("forward",),
    }
    for title, parts in groups.items():
        here = [str(list(SKILLS).index(k)) for k in keys if SKILLS[k].group in parts]
        if not here:
            continue
        menu = next(
            c["custom_id"]
            for row in picker.components
            for c in row["components"]
            if c.get("placeholder") == title
        )
        picker = (await member.select(picker, here, custom_id=menu)).response
        assert picker is not None
    done = (await member.click(picker, label=f"Confirm ({len(keys)} of 3)")).response
    assert done is not None and done.ephemeral
    return done.content


async def play_one(world: World, watch: Watch, coach: Coach) -> bool:
    version, status, state = await match_now(world, watch.match_id)
    if status != MatchStatus.ACTIVE.value:
        return False
    outcome = await referee(world).current(world.channel.id)
    members = {world.alice.id: world.alice, world.bob.id: world.bob}
    asked = [p for p in outcome.next if p.user_id in members and not p.dice]
    assert asked, f"nobody is asked anything: {outcome.next!r}"
    member, side = members[asked[0].user_id], asked[0].side
    decision = next(d for d in FUBA.pending(state) if d.actor == side and not d.dice)
    await refusals(world, watch, member, side, state)
    action = choose(coach, state, decision)
    cursor = world.env.error_cursor  # the refusals' typed errors are behind it

    if decision.kind == "skills" and side == "west":
        reply = await pick_in_private(world, member, WEST_PICKS)
        assert reply.startswith("Your skills: Stopper, Creative midfielder, Midfield general.")
        watch.ways.setdefault("picks", set()).add("picker")
    else:
        assert leads_to(state, action) is not None, f"{action} is illegal"
        first_skill = skilled(action) and "command" not in watch.ways.get(side, set())
        if first_skill:  # the first skill of each side: typed
            text = choice_text(action.args)
            fire = functools.partial(member.slash, world.channel, "fuba skill", name=text)
            way = "command"
        else:
            fire, way = board_or_command(world, member, side, state, action)
        if skilled(action):
            watch.ways.setdefault(side, set()).add(way)
        if action.kind == "skills":
            watch.ways.setdefault("picks", set()).add(way)
        reply = private(await fire())
        secret = SECRET.match(reply) or reply.startswith("Your skills: ")
        assert reply == "" or secret, f"{action} by {way}: {reply!r}"
    assert world.env.errors_since(cursor) == (), f"{action}: {world.env.errors_since(cursor)}"
    after, _, _ = await match_now(world, watch.match_id)
    assert after > version, f"{action} did not count"
    watch.steps += 1
    return True


async def test_a_whole_advanced_match_with_skills(world: World) -> None:
    expected = chosen_match()
    seeded(world, expected.seed)
    coach = Coach(COACH_SEED)
    watch = Watch()

    posted = await world.alice.slash(
        world.channel, "fuba challenge", opponent=world.bob, rules="advanced", skills=3
    )
    assert private(posted) == ""
    assert "3 skills a team" in public(world)[-1].content
    await world.bob.click(public(world)[-1], label="Accept")
    match = await referee(world).store.active_match(world.channel.id)
    assert match is not None and match.state.options["skills"] == 3
    watch.match_id = match.id

    for _ in range(MAX_ACTIONS):
        if not await play_one(world, watch, coach):
            break
    else:
        raise AssertionError("the match did not end")

    history = await referee(world).store.history(watch.match_id)
    assert history.match.status is MatchStatus.FINISHED
    played = [(a.actor, a.kind, a.args.get("dice")) for a in (e.action for e in history.log)]
    assert played == [(a.actor, a.kind, a.args.get("dice")) for a in expected.actions]
    final = history.match.state
    assert final.score == expected.state.score
    assert list(final.skills[0]) == WEST_PICKS

    # both picked in the UI; both played skills with a control and with /fuba skill
    assert watch.ways["picks"] == {"picker", "control"}, watch.ways
    assert watch.ways["west"] == {"command", "control"}, watch.ways
    assert watch.ways["east"] == {"command", "control"}, watch.ways
    assert set(watch.refusals) == {"moment", "theirs", "unaffordable"}, watch.refusals
