"""The rules topics are data: complete, short enough for an embed, found by forgiving names."""

from __future__ import annotations

import re

import pytest

from cogs.fuba.rules import (
    AUTOCOMPLETE_LIMIT,
    EMBED_DESCRIPTION_LIMIT,
    TOPICS,
    find_topic,
    matching_topics,
    unknown_topic_message,
)

WANTED = (
    "turn", "target", "ball value", "control check", "actions", "free movements", "movement",
    "dribbling", "positioning", "pressing", "goal attempt", "offside", "free kick", "corner",
    "goal kick", "penalty", "cards", "time", "setup", "formations",
)  # fmt: skip
ADVANCED = (
    "advanced", "condition", "roles", "substitutions", "injuries", "goalkeeper charge",
    "aggressive pressing", "offside risk", "slowing", "weather", "var", "special events",
)  # fmt: skip


# A11, the skills topics' own tests: tests/discord/test_fuba_skills_help.py
SKILLS = (
    "skills", "skills team", "skills goalkeeper", "skills defenders", "skills midfielders",
    "skills forwards",
)  # fmt: skip


def test_every_wanted_topic_exists() -> None:
    assert set(TOPICS) == set(WANTED) | set(ADVANCED) | set(SKILLS)


@pytest.mark.parametrize("key", WANTED + ADVANCED)
def test_topic_fits_an_embed_and_names_its_sections(key: str) -> None:
    topic = TOPICS[key]
    assert topic.title and len(topic.title) <= 256
    assert 100 < len(topic.text) <= 1000 < EMBED_DESCRIPTION_LIMIT
    section = r"(\d(\.\d+)*|A\d+(-A\d+)?)"
    assert re.fullmatch(rf"{section}(, {section})*", topic.sections)


@pytest.mark.parametrize("typed", ["Goal-Kick", "  goal   kick ", "goal_kick"])
def test_find_topic_ignores_case_hyphens_and_spacing(typed: str) -> None:
    assert find_topic(typed) is TOPICS["goal kick"]


def test_unknown_topic_message_lists_every_topic() -> None:
    assert find_topic("handball") is None
    message = unknown_topic_message("handball")
    assert "`handball`" in message
    assert all(f"`{key}`" in message for key in TOPICS)


def test_matching_topics_prefers_names_that_start_with_the_text() -> None:
    keys = [topic.key for topic in matching_topics("kick")]
    assert keys == ["free kick", "goal kick"]
    assert [topic.key for topic in matching_topics("p")][:3] == [
        "positioning",
        "pressing",
        "penalty",
    ]


def test_matching_topics_respects_the_autocomplete_limit() -> None:
    assert len(matching_topics("")) == min(len(TOPICS), AUTOCOMPLETE_LIMIT)
    assert len(matching_topics("", limit=3)) == 3


@pytest.mark.parametrize("key", ADVANCED)
def test_every_advanced_topic_is_offered_once_its_name_is_begun(key: str) -> None:
    """More topics than autocomplete lists at once: a few letters find each one."""
    assert TOPICS[key] in matching_topics(key[:3])
