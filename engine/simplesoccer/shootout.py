"""The overtime penalty shootout (Overtime shootout): where the kicker's die puts the ball,
what the goalkeeper needs to stop it, and when the shootout is decided.

Spots 1-7 are the goal's uncertainty squares counted from the kicker's left.

>>> ball_spot(6, 4), ball_spot(6, 7), ball_spot(1, 1), ball_spot(3, 2)
(7, 6, 2, 4)
>>> [save_dice(d) for d in (1, 2, 3, 4)]
[1, 1, 2, 0]
>>> [stopped(1, [d]) for d in range(1, 7)]
['grab', '', 'grab', '', 'grab', 'deflect']
>>> stopped(2, [5]), stopped(2, [6]), stopped(3, [6, 5]), stopped(3, [6, 6])
('', 'deflect', '', 'deflect')
"""

from __future__ import annotations

SPOTS = 7
KICKS = 5  # each team's kicks before sudden death


def ball_spot(die: int, goalkeeper: int) -> int:
    """The die counts the empty spots from the kicker's left, skipping the goalkeeper's."""
    empty = [spot for spot in range(1, SPOTS + 1) if spot != goalkeeper]
    return empty[die - 1]


def save_dice(distance: int) -> int:
    """Dice the goalkeeper rolls for a ball ``distance`` spots away: none from four on (the
    rules write "3 spaces away" twice; the second can only mean four or more)."""
    return {1: 1, 2: 1, 3: 2}.get(distance, 0)


def stopped(distance: int, dice: list[int]) -> str:
    """ "grab", "deflect" or "" (a goal) for the goalkeeper's roll."""
    if distance == 1:
        if dice[0] % 2:
            return "grab"
        return "deflect" if dice[0] == 6 else ""
    if distance == 2:
        return "deflect" if dice[0] == 6 else ""
    if distance == 3:
        return "deflect" if dice == [6, 6] else ""
    return ""


def decided(kicks: list[list[bool]], first: int) -> int:
    """The shootout's winner (a team index) or -1 while it goes on. Five kicks each, stopping
    once one side cannot catch up; then one kick each until they differ after a pair.

    >>> decided([[True, True, True], [False, False, False]], 0)
    0
    >>> decided([[True] * 5, [True] * 4], 0)
    -1
    >>> decided([[True] * 6, [True] * 5 + [False]], 1)
    0
    """
    second = 1 - first
    a, b = kicks[first], kicks[second]
    ga, gb = sum(a), sum(b)
    if len(a) <= KICKS and len(b) <= KICKS:
        if ga > gb + (KICKS - len(b)):
            return first
        if gb > ga + (KICKS - len(a)):
            return second
        if len(a) < KICKS or len(b) < KICKS:
            return -1
    if len(a) == len(b) and ga != gb:
        return first if ga > gb else second
    return -1
