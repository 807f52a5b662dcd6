"""A board picture's headline: the most telling event of a run, in a game's order of interest
(a goal before a shot before a roll...), turned into words by the game's narration."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.core import Event


def headline(
    events: Sequence[Event], order: Sequence[str], words: Callable[[Event], str | None]
) -> str | None:
    """The words of the latest event of the first kind in ``order`` that has any, or None.

    >>> headline([Event("roll", {}), Event("goal", {})], ("goal", "roll"), lambda e: e.kind)
    'goal'
    """
    for kind in order:
        for event in reversed(events):
            if event.kind == kind:
                text = words(event)
                if text is not None:
                    return text
    return None
