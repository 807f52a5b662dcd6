"""The Simple Soccer help and rules topics are data a player reads on a phone: every topic is
there, fits Discord's limits, speaks a player's words and agrees with the rules the bot plays."""

from __future__ import annotations

import re
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any, cast

import pytest
from discord import app_commands

from cogs.play.help import NOT_YET, help_description, rules_field
from cogs.play.topics import EMBED_DESCRIPTION_LIMIT
from cogs.simplesoccer.help import INTRO, STEPS
from cogs.simplesoccer.rules import BOOK, TOPICS
from engine.simplesoccer.field import SIZES
from engine.simplesoccer.shots import can_save
from tests.discord.conftest import World

EMBED_FIELD_LIMIT = 1024
EMBED_TITLE_LIMIT = 256
EMBED_FOOTER_LIMIT = 2048
PHONE_LIMIT = 1000  # a topic should read in one screen or two

BASIC = (
    "turn", "field", "setup", "moving", "kicking", "goalkeeper", "shots", "game length",
    "shootout", "undo",
)  # fmt: skip
ADVANCED = (
    "advanced", "facing", "tackles", "intercepts", "poor aim", "fake outs", "fouls", "skills",
    "advanced shootout",
)  # fmt: skip
WANTED = BASIC + ADVANCED
COMMANDS = (
    "challenge", "accept", "decline", "roll", "setup", "move", "kick", "grab", "end", "undo",
    "spot", "turn", "rise", "tackle", "call", "choose", "board", "status", "log", "resign",
    "abort", "claim", "help",
)  # fmt: skip
# The rulebook's headings that the basic game plays (advanced ones named as such)
BASIC_SECTIONS = {
    "Setup", "Optional number of fielders", "Starting the game", "Fielder moves",
    "Ball control", "Goalie movement", "Shot on goal", "Game time and ending",
    "Optional half time", "Overtime shootout",
}  # fmt: skip
# The engine's words that mean nothing to a player
INTERNAL = re.compile(
    r"\b(k|step|steps|held|kickoff|rolloff|turns_played|None|True|False|json|west|east|"
    r"team index|args|state)\b"
)
COMMAND = re.compile(r"/simplesoccer ([a-z]+)")


def prose(text: str) -> str:
    """``text`` without code: backticked options and commands are typed, not read."""
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    return re.sub(r"`[^`]*`", "", text)


def texts() -> list[str]:
    return [INTRO, *(step.text for step in STEPS), *(topic.text for topic in BOOK.ordered)]


@dataclass
class FakeCommand:
    """What the help reads of a registered slash command."""

    name: str
    description: str = "Does something."

    @property
    def qualified_name(self) -> str:
        return f"simplesoccer {self.name}"


def registered(*names: str) -> list[app_commands.Command[Any, Any, Any]]:
    return cast(list[app_commands.Command[Any, Any, Any]], [FakeCommand(n) for n in names])


def test_every_wanted_topic_exists_in_reading_order() -> None:
    assert tuple(topic.key for topic in BOOK.ordered) == WANTED
    assert set(TOPICS) == set(WANTED)


@pytest.mark.parametrize("key", BASIC)
def test_topic_fits_an_embed_and_names_basic_rulebook_sections(key: str) -> None:
    topic = TOPICS[key]
    assert topic.title and len(topic.title) <= EMBED_TITLE_LIMIT
    assert 100 < len(topic.text) <= PHONE_LIMIT < EMBED_DESCRIPTION_LIMIT
    sections = topic.sections.split(", ")
    assert sections and set(sections) <= BASIC_SECTIONS
    assert len(BOOK.footer.format(sections=topic.sections)) <= EMBED_FOOTER_LIMIT


@pytest.mark.parametrize("text", texts())
def test_texts_speak_a_players_words(text: str) -> None:
    assert not INTERNAL.search(prose(text)), INTERNAL.search(prose(text))
    assert not re.search(r"\b[a-z]+_[a-z_]+\b", prose(text))  # no identifiers outside code


@pytest.mark.parametrize("text", texts())
def test_texts_name_only_real_commands(text: str) -> None:
    assert set(COMMAND.findall(text)) <= set(COMMANDS)


def test_topics_refer_to_topics_that_exist() -> None:
    for topic in BOOK.ordered:
        for ref in re.findall(r"\(`([a-z ]+)`\)", topic.text):
            assert ref in TOPICS, (topic.key, ref)


def test_topic_list_fits_the_help_embeds_field() -> None:
    spec = SimpleNamespace(
        topics=BOOK, overview="turn", command=lambda name: f"/simplesoccer {name}"
    )
    text = rules_field(cast(Any, spec))
    assert len(text) < EMBED_FIELD_LIMIT  # not cut: every topic is listed whole
    assert text.startswith("`/simplesoccer help topic:turn` explains a turn and its points")
    assert all(f"`{key}`" in text for key in WANTED)


def test_help_shows_every_step_and_command_within_the_embed() -> None:
    text = help_description(INTRO, STEPS, registered(*COMMANDS))

    assert len(text) <= EMBED_DESCRIPTION_LIMIT
    assert text.startswith(INTRO)
    assert all(step.text in text for step in STEPS)
    assert all(f"`/simplesoccer {name}`" in text for name in COMMANDS)


def test_help_leaves_out_steps_whose_commands_are_missing() -> None:
    text = help_description(INTRO, STEPS, registered("help", "board", "status", "log"))

    assert "`/simplesoccer move member:3" not in text
    assert "/simplesoccer spot" not in text
    assert "`/simplesoccer board` shows the field" in text
    assert NOT_YET not in text
    assert NOT_YET in help_description(INTRO, STEPS, registered("help"))


def test_find_ignores_case_hyphens_and_spacing() -> None:
    assert BOOK.find("Game-Length") is TOPICS["game length"]
    assert BOOK.find("  game_length ") is TOPICS["game length"]
    assert BOOK.find("offside") is None
    assert "`shootout`" in BOOK.unknown("offside")


def test_field_topic_gives_every_board_size_the_bot_plays() -> None:
    text = TOPICS["field"].text
    for size in SIZES.values():
        assert re.search(rf"\*\*{size.name}\*\*: {size.width} (columns )?by {size.height}", text)
        assert f"{size.fielders} fielders" in text
    assert len(SIZES) == 3 and text.startswith("Three boards")


def test_shot_table_matches_the_saves_the_bot_rolls() -> None:
    """Shot on goal: the table a player reads is the parity rule the referee applies."""
    [table] = re.findall(r"```\n(.*?)```", TOPICS["shots"].text, flags=re.S)
    rows = [line.split() for line in table.splitlines()[1:]]
    read = {int(row[0]): [int(d) for d in row[1:]] for row in rows if row[0].isdigit()}

    assert read == {d: [die for die in range(1, 7) if can_save(d, die)] for d in range(1, 7)}
    assert not any(can_save(7, die) for die in range(1, 7))
    assert rows[-1][0] == "7+" and "goal" in " ".join(rows[-1])


async def test_help_in_discord_lists_every_simplesoccer_command_privately(world: World) -> None:
    reply = (await world.alice.slash(world.channel, "simplesoccer help")).response

    assert reply is not None and reply.ephemeral
    text = reply.embeds[0].description or ""
    assert text.startswith(INTRO)
    for name in world.alice.available_commands(world.channel):
        if name.startswith("simplesoccer "):
            assert f"`/{name}`" in text
    assert reply.embeds[0].fields[0].value.startswith("`/simplesoccer help topic:turn`")
