"""`/fuba help topic:skills` (A11) as a member reads it: every skill by name, grouped, with its
cost, its moment and its effect from the skills table, how choosing and paying work, and each
message within Discord's embed limits."""

from __future__ import annotations

import pytest

from cogs.fuba.rules import TOPICS, matching_topics
from engine.fuba.skills.catalog import BY_GROUP, GROUPS, SKILLS
from tests.discord.conftest import World

GROUP_TOPICS = {
    "team": "skills team",
    "goalkeeper": "skills goalkeeper",
    "defender": "skills defenders",
    "midfielder": "skills midfielders",
    "forward": "skills forwards",
}
ALL = ("skills", *GROUP_TOPICS.values())


async def test_the_skills_topic_names_all_38_skills_by_group(world: World) -> None:
    reply = (await world.alice.slash(world.channel, "fuba help", topic="skills")).response

    assert reply is not None and reply.ephemeral
    embed = reply.embeds[0]
    assert embed.title == "Skills" and "A11" in (embed.footer.text or "")
    text = embed.description or ""
    assert len(SKILLS) == 38
    for key, skill in SKILLS.items():
        assert skill.name in text, key
    lines = text.splitlines()
    for group in GROUPS:
        [line] = [x for x in lines if x.startswith(f"**{group.capitalize()}")]
        assert all(s.name in line for s in BY_GROUP[group]), group
    assert "_" not in text  # no internal names


def test_the_overview_explains_choosing_and_paying() -> None:
    text = TOPICS["skills"].text
    assert "`skills:` 0-5" in text and "1 to 5" in text  # the number agreed, the advice
    assert "in secret" in text and "shown with the formations" in text
    assert "×2 uses two choices" in text and "Fanatic fans (1 point, ×2)" in text
    assert "Penalty saver (free)" in text
    assert "twice as many from a zone next to it" in text and "each time" in text
    assert "once a match" in text


@pytest.mark.parametrize("group", GROUPS)
def test_each_group_topic_gives_every_skills_cost_moment_and_effect(group: str) -> None:
    text = TOPICS[GROUP_TOPICS[group]].text
    for skill in BY_GROUP[group]:
        [line] = [x for x in text.splitlines() if x.startswith(f"- **{skill.name}**")]
        assert f"Played {skill.when}." in line and skill.effect in line
        cost = "free" if skill.cost == 0 else "1 point"
        assert f"**{skill.name}** ({cost}" in line
        assert ("counts as two choices" in line) == skill.double
    others = [s for g in GROUPS if g != group for s in BY_GROUP[g]]
    assert not any(f"**{s.name}**" in text for s in others)


def test_a_skill_needing_an_advanced_rule_says_which() -> None:
    text = TOPICS["skills defenders"].text
    assert "**Offside trap** (1 point; only with offside risk)" in text
    assert "**Tackler** (free; plays itself; only with aggressive pressing)" in text


@pytest.mark.parametrize("key", ALL)
async def test_every_skills_topic_fits_one_message(world: World, key: str) -> None:
    reply = (await world.bob.slash(world.channel, "fuba help", topic=key)).response

    embed = reply.embeds[0]
    assert embed.description == TOPICS[key].text
    assert len(embed.description or "") <= 4096 and len(embed.title or "") <= 256
    assert len(embed) <= 6000  # title, description, fields and footer together
    assert all(len(field.value or "") <= 1024 for field in embed.fields)


async def test_the_overview_points_to_commands_that_exist(world: World) -> None:
    available = set(world.alice.available_commands(world.channel))
    text = TOPICS["skills"].text
    for command in ("skill", "status"):
        assert f"`/fuba {command}`" in text
        assert f"fuba {command}" in available


def test_typing_skills_offers_every_skills_topic() -> None:
    assert [t.key for t in matching_topics("skills")] == list(ALL)
    assert "`skills`" in TOPICS["advanced"].text and "`skills`" in TOPICS["special events"].text
