"""`/fuba help` (with a rules topic or without) as a member sees it."""

from __future__ import annotations

from bot import create_bot
from botconfig import Settings
from cogs.fuba.help import help_description
from cogs.fuba.rules import TOPICS
from tests.discord.conftest import World
from tests.discord.help_text import assert_lists_commands


async def test_help_lists_the_registered_fuba_commands_privately(world: World) -> None:
    result = await world.alice.slash(world.channel, "fuba help")

    reply = result.response
    assert reply is not None and reply.ephemeral
    text = reply.embeds[0].description or ""
    assert "`/fuba help`" in text
    assert "`/fuba claim`" in text and "`/fuba status`" in text
    assert_lists_commands(text, world.alice.available_commands(world.channel), "fuba")
    assert world.channel.last_message is None  # nothing public in the channel


async def test_help_does_not_advertise_commands_that_do_not_exist(world: World) -> None:
    available = set(world.alice.available_commands(world.channel))

    text = (await world.alice.slash(world.channel, "fuba help")).response.embeds[0].description

    for planned in ("challenge", "target", "board", "resign"):
        if f"fuba {planned}" not in available:
            assert f"/fuba {planned}" not in text


async def test_rules_offside_explains_offside_privately(world: World) -> None:
    result = await world.bob.slash(world.channel, "fuba help", topic="offside")

    reply = result.response
    assert reply is not None and reply.ephemeral
    embed = reply.embeds[0]
    assert embed.title == "Offside"
    assert embed.description == TOPICS["offside"].text
    assert "5.1" in (embed.footer.text or "")


async def test_rules_can_be_shared_with_the_channel(world: World) -> None:
    result = await world.bob.slash(world.channel, "fuba help", topic="ball value", share=True)

    assert result.response is not None and not result.response.ephemeral
    assert world.channel.last_message.embeds[0].title == "Ball value"


async def test_help_says_how_to_ask_for_a_rule_and_lists_the_topics(world: World) -> None:
    reply = (await world.carol.slash(world.channel, "fuba help")).response

    assert reply.ephemeral
    [rules] = reply.embeds[0].fields
    assert rules.value.startswith("`/fuba help topic:turn` explains a game turn; the topics: ")
    assert all(f"`{key}`" in rules.value for key in TOPICS)
    assert "fuba rules" not in world.carol.available_commands(world.channel)


async def test_unknown_rules_topic_gets_a_private_error_listing_the_topics(world: World) -> None:
    reply = (await world.alice.slash(world.channel, "fuba help", topic="handball")).response

    assert reply.ephemeral
    assert "no rules topic called `handball`" in reply.content
    assert "`offside`" in reply.content and "`goal kick`" in reply.content


async def test_topic_autocomplete_offers_matching_topics(world: World) -> None:
    choices = await world.alice.autocomplete(world.channel, "fuba help", "topic", "go")

    values = [choice["value"] for choice in choices]
    assert values[:2] == ["goal attempt", "goal kick"]
    assert all("go" in value for value in values)


async def test_topic_autocomplete_with_nothing_typed_offers_at_most_25(world: World) -> None:
    choices = await world.alice.autocomplete(world.channel, "fuba help", "topic", "")

    assert 0 < len(choices) <= 25
    # the first 25 in the book's order (the basic rules first); typing finds the others
    assert [choice["value"] for choice in choices] == list(TOPICS)[:25]


def test_help_text_shows_only_steps_whose_commands_exist() -> None:
    from discord import app_commands

    async def noop(interaction: object) -> None:
        """Does nothing."""

    def command(name: str) -> app_commands.Command:
        return app_commands.Command(name=name, description=f"the {name} command", callback=noop)

    only_help = help_description([command("help")])
    with_board = help_description([command("board"), command("help")])

    assert "not available in this version yet" in only_help
    assert "`/help` - the help command" in only_help
    assert "/fuba board" not in only_help and "/fuba challenge" not in only_help
    assert "`/fuba board` shows the current board" in with_board
    assert "/fuba challenge" not in with_board


async def test_commands_work_after_a_restart(world: World, settings: Settings) -> None:
    await world.env.restart_bot(create_bot(settings))

    reply = (await world.alice.slash(world.channel, "fuba help", topic="corner")).response

    assert reply.embeds[0].title == "Corner kick"
