"""What players read when the bot refuses or asks: a player's words for every decision of both
games (never an engine step name), and the small grammar of the prompts and narration."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import simcord

from cogs.play.registry import get
from cogs.play.texts import prompt_line
from engine.core import Action, Decision, VirtualDice
from referee import games
from referee.errors import NotNow, NotYourTurn
from referee.service import Prompt, says
from tests.discord.conftest import World
from tests.discord.test_league import Club
from tests.discord.test_league import public as league_public
from tests.discord.test_play import challenge_accepted, decider, formations, refused

# Every kind of decision each game asks for (what its commands answer).
KINDS = {
    "fuba": {
        "formation",
        "roll",
        "kickoff",
        "setup",
        "move",
        "target",
        "bring",
        "action",
        "continue",
        "free_kick",
        "corner",
        "penalty",
        "remove",
        # the advanced rules'
        "boost",
        "pay",
        "charge",
        "slow",
        "roles",
        "substitute",
        "replace",
    },
    "dicesoccer": {"roll", "start", "reroll", "chip", "pick"},
}
OPTIONS = {"fuba": {}, "dicesoccer": {"advanced": True}}


def decisions(name: str, seeds: range) -> Iterator[Decision]:
    """Every decision met in coach-v-coach matches of the game (virtual dice)."""
    game = games.get(name)
    for seed in seeds:
        state = game.ruleset.initial(OPTIONS[name])
        coach, dice = game.coach(seed), VirtualDice(seed)
        for _ in range(5000):
            pending = game.ruleset.pending(state)
            if not pending:
                break
            yield from pending
            decision = pending[0]
            if decision.dice:
                action = Action(decision.actor, "roll", {"dice": dice.roll(decision.dice)})
            else:
                action = coach.choose(state, decision)
            state, _ = game.ruleset.apply(state, action)


def met(name: str) -> list[Decision]:
    """One decision of each kind (and roll purpose) met in play, plus every kind of
    ``KINDS`` with no details at all (the wording must not need them)."""
    found: dict[tuple[str, str], Decision] = {}
    for decision in decisions(name, range(6)):
        key = (decision.kind, str(decision.info.get("purpose", "")))
        found.setdefault(key, decision)
    actor = games.get(name).ruleset.sides[0]
    bare = [Decision(actor, kind, "?", dice=int(kind == "roll")) for kind in KINDS[name]]
    return [*found.values(), *bare]


@pytest.mark.parametrize("name", sorted(KINDS))
def test_every_decision_is_told_in_a_players_words(name: str) -> None:
    game = games.get(name)
    seen = met(name)
    assert KINDS[name] <= {d.kind for d in seen}
    for decision in seen:
        task = game.task(decision)
        assert task != "decide", decision  # every kind has its own words
        who = game.side_name(decision.actor)
        for refusal in (str(NotYourTurn(f"Ada ({who})", task)), str(NotNow(who, task))):
            assert "_" not in refusal, refusal
            assert "waiting for" not in refusal and "?." not in refusal, refusal
            assert task and task[0].islower() and not task.endswith((".", "?")), task


async def test_the_wrong_command_for_the_pending_decision_says_what_is_awaited(
    world: World,
) -> None:
    await challenge_accepted(world)
    choosing = await formations(world)
    winner, loser = decider(world, choosing)
    side = "West" if winner is world.alice else "East"

    wrong = refused(world, await winner.slash(world.channel, "fuba action", kind="move"))
    assert wrong == f"Not now: {side} must first choose who starts with the ball."
    other = refused(world, await loser.slash(world.channel, "fuba choose", choice="kickoff:west"))
    name = "alice" if winner is world.alice else "bob"
    assert other == f"Not your turn: {name} ({side}) must first choose who starts with the ball."


async def test_a_physical_roll_says_what_it_is_for_with_an_example(world: World) -> None:
    await challenge_accepted(world, dice="physical")
    asking = (await formations(world)).content

    assert "roll 1 die for the kick-off at the table and enter it with `/fuba roll dice:4`" in (
        asking
    )
    assert "enter them" not in asking


def test_undo_and_resign_by_you_read_in_the_second_person() -> None:
    assert says("You", "takes back") == "You take back"
    assert says("You", "resigns") == "You resign"
    assert says("Ada", "resigns") == "Ada resigns"


def test_two_dice_are_entered_as_two_numbers() -> None:

    prompt = Prompt("west", "West", 7, "Ada", "roll", "Roll 2 dice.", False, 2, "roll 2 dice")
    line = prompt_line(prompt, get("fuba"))
    assert line.endswith("roll 2 dice at the table and enter them with `/fuba roll dice:4 2`.")


@pytest.fixture
def club(simcord_env: simcord.Env) -> Club:
    """The league tests' club (``tests.discord.test_league.club``)."""
    from tests.discord import test_league

    return test_league.club.__wrapped__(simcord_env)  # type: ignore[attr-defined]


async def test_the_first_member_of_a_league_is_one_member(club: Club) -> None:
    await club.admin.slash(club.channel, "league create", name="Spring", game="fuba")
    await club.member("alice").slash(club.channel, "league join")
    joined = league_public(club.channel)[-1].content
    assert joined.endswith("(1 member).")
    await club.member("bob").slash(club.channel, "league join")
    assert league_public(club.channel)[-1].content.endswith("(2 members).")


@pytest.mark.parametrize(
    "module",
    [
        "referee.fuba.game",
        "referee.dicesoccer.game",
        "referee.service",
        "referee.deadlines",
        "cogs.play.texts",
    ],
)
def test_the_wording_examples_in_docstrings_hold(module: str) -> None:
    import doctest
    import importlib

    failures, tried = doctest.testmod(importlib.import_module(module))
    assert tried > 0 and failures == 0
