"""Rules topics of a game for `/<game> rules`: short explanations in the project's own words,
looked up by forgiving names. Pure data and lookup; each game's topics live in
``cogs/<game>/rules.py`` as a ``TopicBook``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

EMBED_DESCRIPTION_LIMIT = 4096
AUTOCOMPLETE_LIMIT = 25


@dataclass(frozen=True)
class Topic:
    key: str
    title: str
    sections: str  # where the rulebook says it (section numbers or headings)
    text: str


def normalise(name: str) -> str:
    """``"Goal-Kick "`` -> ``"goal kick"``."""
    return " ".join(name.replace("-", " ").replace("_", " ").lower().split())


class TopicBook:
    """A game's topics in the order they are listed, with the rulebook they come from."""

    def __init__(self, topics: Iterable[Topic], footer: str) -> None:
        self.ordered = tuple(topics)
        self.topics: dict[str, Topic] = {topic.key: topic for topic in self.ordered}
        self.footer = footer  # "Rulebook section {sections} (...)"

    def find(self, name: str) -> Topic | None:
        """The topic with that name (case, hyphens and spacing ignored), or None."""
        return self.topics.get(normalise(name))

    def unknown(self, name: str) -> str:
        """What to tell a user who asked for a topic that does not exist."""
        names = ", ".join(f"`{key}`" for key in self.topics)
        return f"There is no rules topic called `{name}`. Topics: {names}."

    def matching(self, typed: str, limit: int = AUTOCOMPLETE_LIMIT) -> list[Topic]:
        """Topics for autocomplete: names starting with what was typed first, then containing
        it."""
        typed = normalise(typed)
        starts = [t for t in self.ordered if t.key.startswith(typed)]
        contains = [t for t in self.ordered if typed in t.key and t not in starts]
        return (starts + contains)[:limit]
