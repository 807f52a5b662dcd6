"""How a match's virtual dice come from its seed: the one home of the rule players check.

At kick-off the referee shows the SHA-256 of the seed's decimal text (``seed_hash``); at full
time it shows the seed. Every virtual roll of the match is ``roll(seed, n, count)``: ``count``
dice from Python's ``random.Random`` seeded with the text ``"<seed>:<n>"``, where ``n`` is the
number of actions logged before the roll. docs/dice.md tells players how to recompute them;
``referee.verify`` does it for a downloaded action log (``referee.match_log``).
"""

from __future__ import annotations

import hashlib

from engine.core.dice import VirtualDice


def seed_hash(seed: int) -> str:
    """What players see at kick-off: the SHA-256 of the seed's decimal text.

    >>> seed_hash(5)[:16]
    'ef2d127de37b942b'
    """
    return hashlib.sha256(str(seed).encode()).hexdigest()


def roll_key(seed: int, n: int) -> str:
    """The text that seeds the virtual roll made after ``n`` logged actions."""
    return f"{seed}:{n}"


def roll(seed: int, n: int, count: int) -> list[int]:
    """The ``count`` virtual dice rolled after ``n`` logged actions of the match with ``seed``.

    >>> roll(5, 0, 2), roll(5, 1, 2)
    ([1, 1], [5, 2])
    """
    return VirtualDice(roll_key(seed, n)).roll(count)
