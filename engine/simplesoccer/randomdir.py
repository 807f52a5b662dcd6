"""Random directions from dice (advanced rules: Intercept, Header, Bicycle kick): pure
functions from die faces to compass directions ("n", "ne", ... as in ``field.COMPASS``).

North is up the board (higher rows), east towards East's goal.
"""

from __future__ import annotations

from engine.simplesoccer.field import FACINGS, Square, direction_of, turn


def arc(centre: str, die: int) -> str:
    """A direction within the 90-degree arc around ``centre``: 1-2 turns 45 degrees
    counter-clockwise, 3-4 keeps the centre line, 5-6 turns 45 degrees clockwise
    (Intercept: poor aim).

    >>> [arc("e", d) for d in range(1, 7)]
    ['ne', 'ne', 'e', 'e', 'se', 'se']
    >>> arc("n", 1), arc("nw", 6)
    ('nw', 'n')
    """
    if not 1 <= die <= 6:
        raise ValueError(f"a die shows 1 to 6, not {die}")
    return turn(centre, -1 if die <= 2 else 0 if die <= 4 else 1)


def feet_centre(member: Square, ball: Square) -> str:
    """The centre line of a feet interception's poor aim: from the interceptor through the
    square the ball touched (one of the three in front of its feet).

    >>> feet_centre((4, 4), (5, 5)), feet_centre((4, 4), (5, 4)), feet_centre((4, 4), (4, 3))
    ('ne', 'e', 's')
    """
    return direction_of(member, ball)


def bicycle_centre(member: Square, facing: str, ball: Square) -> str:
    """The centre line of a bicycle kick's random poor aim: the kick goes backwards, as if an
    unseen kicker stood one square beyond the straight front square and kicked the ball
    (Bicycle kick).

    A member on e5 facing east with the ball straight in front (f5) sends it west; with the
    ball on its front-left diagonal (f6) north-west, on its front-right one (f4) south-west.

    >>> bicycle_centre((4, 4), "e", (5, 4)), bicycle_centre((4, 4), "e", (5, 5))
    ('w', 'nw')
    >>> bicycle_centre((4, 4), "n", (3, 5))
    'sw'
    """
    dx, dy = FACINGS[facing]
    kicker = (member[0] + 2 * dx, member[1] + 2 * dy)
    return direction_of(kicker, ball)


def feet_poor_aim(member: Square, ball: Square, die: int) -> str:
    """The random direction of a feet interception rolled 1, from its direction die.

    >>> [feet_poor_aim((4, 4), (5, 5), d) for d in (1, 3, 6)]
    ['n', 'ne', 'e']
    """
    return arc(feet_centre(member, ball), die)


def bicycle_poor_aim(member: Square, facing: str, ball: Square, die: int) -> str:
    """The random direction of a bicycle kick rolled 1, from its direction die: the same arc
    as a feet interception's, around the backward centre line.

    >>> [bicycle_poor_aim((4, 4), "e", (5, 4), d) for d in (2, 4, 5)]
    ['sw', 'w', 'nw']
    """
    return arc(bicycle_centre(member, facing, ball), die)


def header(first: int, second: int, third: int) -> str:
    """The random direction of a header rolled 1, from three direction dice (Header).

    The first die picks the kind: odd a diagonal, even a straight direction. A straight one
    takes its axis from the second die (odd north-south, even east-west) and its way from the
    third (north-south: odd north, even south; east-west: even east, odd west). A diagonal
    takes north or south from the second die (odd north) and east or west from the third
    (even east, odd west).

    The east-west parity follows the rulebook's first worked example (3, 4, 2 is south-east)
    where its text says the opposite; the examples are the law here.

    >>> header(3, 4, 2), header(2, 3, 5)
    ('se', 'n')
    >>> header(1, 1, 1), header(4, 2, 6), header(6, 6, 3), header(5, 2, 1)
    ('nw', 'e', 'w', 'sw')
    """
    for die in (first, second, third):
        if not 1 <= die <= 6:
            raise ValueError(f"a die shows 1 to 6, not {die}")
    north = "n" if second % 2 else "s"
    east = "e" if third % 2 == 0 else "w"
    if first % 2:  # diagonal: latitude from the second die, longitude from the third
        return north + east
    if second % 2:  # straight, north-south axis: the third die picks the way
        return "n" if third % 2 else "s"
    return east
