"""A FUBA challenge with the advanced rules: `rules:advanced` and `options:` say which rules a
match plays; the challenge, the kick-off, the live board and `/fuba status` say it too; a bad
word or a rule without the one it needs is refused privately, with nothing posted."""

from __future__ import annotations

from engine.fuba import advanced
from tests.discord.conftest import World
from tests.discord.test_play import bot_member, private, public, referee, refused


async def test_an_advanced_challenge_says_its_rules_and_the_match_plays_them(
    world: World,
) -> None:
    posted = await world.alice.slash(
        world.channel, "fuba challenge", opponent=world.bob, rules="advanced",
        options="-weather -var",
    )  # fmt: skip
    assert private(posted) == ""
    challenge = public(world)[-1]
    assert "advanced rules: condition points and tiredness" in challenge.content
    assert "weather" not in challenge.content and "V.A.R." not in challenge.content

    accepted = await world.bob.slash(world.channel, "fuba accept")
    assert private(accepted) == ""
    kick_off = next(m for m in public(world) if m.content.startswith("**Kick-off soon"))
    assert "Rules: advanced rules: condition points and tiredness" in kick_off.content
    match = await referee(world).store.active_match(world.channel.id)
    assert match is not None
    rules = [r for r in advanced.ALL if r not in ("weather", "var")]
    assert match.state.options["advanced"] == rules

    board = public(world)[-1]
    [field] = board.embeds[0].fields
    assert field.value.startswith("Advanced rules: all but weather, V.A.R.")
    status = private(await world.bob.slash(world.channel, "fuba status"))
    assert "Advanced rules: all but weather, V.A.R." in status


async def test_advanced_rules_against_the_coach(world: World) -> None:
    posted = await world.alice.slash(
        world.channel, "fuba challenge", opponent=bot_member(world), rules="advanced"
    )
    assert private(posted) == ""
    kick_off = next(m for m in public(world) if m.content.startswith("**Kick-off soon"))
    assert "Rules: all advanced rules." in kick_off.content
    match = await referee(world).store.active_match(world.channel.id)
    assert match is not None and match.state.options["advanced"] == list(advanced.ALL)


async def test_a_basic_challenge_says_nothing_of_advanced_rules(world: World) -> None:
    await world.alice.slash(world.channel, "fuba challenge", opponent=world.bob)
    assert "advanced" not in public(world)[-1].content
    await world.bob.slash(world.channel, "fuba accept")
    match = await referee(world).store.active_match(world.channel.id)
    assert match is not None and "advanced" not in match.state.options
    assert not public(world)[-1].embeds[0].fields
    assert "Advanced" not in private(await world.bob.slash(world.channel, "fuba status"))


async def test_a_word_that_is_no_rule_is_refused_and_nothing_is_posted(world: World) -> None:
    before = public(world)
    result = await world.alice.slash(
        world.channel, "fuba challenge", opponent=world.bob, options="advanced -handball"
    )
    text = refused(world, result)
    assert "no advanced rule 'handball'" in text and "offside_risk" in text
    assert public(world) == before
    assert await referee(world).store.active_match(world.channel.id) is None


async def test_a_rule_without_the_one_it_needs_is_refused(world: World) -> None:
    before = public(world)
    result = await world.alice.slash(
        world.channel, "fuba challenge", opponent=world.bob, options="roles pressing"
    )
    text = refused(world, result)
    assert "needs condition points and tiredness" in text
    assert public(world) == before


def test_a_league_can_play_advanced_fuba() -> None:
    from referee import games

    levels = games.get("fuba").rule_levels
    assert levels["basic"] == {}
    assert levels["advanced"] == {"advanced": list(advanced.ALL)}
    state = games.get("fuba").ruleset.initial(levels["advanced"])
    assert state.rule("events") and state.rule("condition")


async def test_single_rules_are_said_on_the_challenge_and_the_board(world: World) -> None:
    await world.alice.slash(
        world.channel, "fuba challenge", opponent=world.bob, options="condition weather"
    )
    assert "advanced rules: condition points and tiredness, weather" in public(world)[-1].content
    await world.bob.slash(world.channel, "fuba accept")
    [field] = public(world)[-1].embeds[0].fields
    assert "Advanced rules: condition points and tiredness, weather" in field.value
