"""The Simple Soccer field as data: a grid of squares named like a chess board, the centre
spot and circle, the penalty areas and the seven-square area of uncertainty behind each goal
line (the goal mouth seen at eye level).

Squares are ``(x, y)``: ``x`` the column from West's goal line (letters a, b, ...), ``y`` the
row from the bottom of the board (numbers 1, 2, ...). West (team 0) defends column ``-1``'s
goal and attacks east; East (team 1) the other way. The uncertainty squares lie just off the
board, at ``x = -1`` (West's goal) and ``x = width`` (East's goal), beside the seven goal rows;
they are named ``goal`` and the row they are beside ("goal7").

The rules name small, medium and large boards without dimensions; the sizes here are this
project's (docs/rules-simplesoccer.md, "The field").

>>> f = field("standard")
>>> f.width, f.height, name(f, f.centre)
(21, 13, 'k7')
>>> parse(f, "k7"), name(f, (-1, 4)), parse(f, "Goal10", team=1), parse(f, "goal10", team=0)
((10, 6), 'goal5', (21, 9), (-1, 9))
>>> f.in_box(0, (3, 6)), f.in_box(0, (4, 6)), f.in_circle((12, 7)), f.in_circle((13, 6))
(True, False, True, False)
"""

from __future__ import annotations

import re
import string
from dataclasses import dataclass
from functools import cache

from engine.core.errors import MalformedAction

Square = tuple[int, int]
WEST, EAST = 0, 1
SIDES = ("west", "east")

# 8 neighbours: orthogonal first (the goalkeeper's grab uses only these)
ORTHOGONAL: tuple[Square, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAGONAL: tuple[Square, ...] = ((1, 1), (1, -1), (-1, 1), (-1, -1))
STEPS: tuple[Square, ...] = ORTHOGONAL + DIAGONAL


@dataclass(frozen=True, slots=True)
class Size:
    """A board size: columns, rows, the penalty area's depth and rows, the circle's radius,
    the default and recommended most fielders."""

    name: str
    width: int
    height: int
    box_depth: int
    box_rows: int
    circle: int
    fielders: int


SIZES: dict[str, Size] = {
    "small": Size("small", 15, 9, 3, 9, 1, 7),
    "standard": Size("standard", 21, 13, 4, 9, 2, 10),
    "large": Size("large", 25, 17, 5, 11, 3, 10),
}
DEFAULT_SIZE = "standard"
GOAL_ROWS = 7  # the area of uncertainty


@dataclass(frozen=True, slots=True)
class Field:
    """One board's geometry, derived from its ``Size``."""

    size: Size
    width: int
    height: int
    centre: Square
    goal_rows: tuple[int, ...]
    box_rows: tuple[int, ...]
    box_depth: int
    circle: frozenset[Square]

    def on_board(self, sq: Square) -> bool:
        x, y = sq
        return 0 <= x < self.width and 0 <= y < self.height

    def goal_x(self, team: int) -> int:
        """The column of the uncertainty squares behind ``team``'s own goal line."""
        return -1 if team == WEST else self.width

    def is_goal(self, sq: Square, team: int | None = None) -> bool:
        """Whether ``sq`` is an uncertainty square (of ``team``'s own goal, if given)."""
        x, y = sq
        if y not in self.goal_rows:
            return False
        if team is None:
            return x in (-1, self.width)
        return x == self.goal_x(team)

    def goal_squares(self, team: int) -> tuple[Square, ...]:
        """The seven uncertainty squares behind ``team``'s own goal line, bottom row first."""
        gx = self.goal_x(team)
        return tuple((gx, y) for y in self.goal_rows)

    def in_box(self, team: int, sq: Square) -> bool:
        """Whether ``sq`` is in ``team``'s own penalty area (its uncertainty squares too)."""
        x, y = sq
        if self.is_goal(sq, team):
            return True
        if y not in self.box_rows:
            return False
        if team == WEST:
            return 0 <= x < self.box_depth
        return self.width - self.box_depth <= x < self.width

    def in_circle(self, sq: Square) -> bool:
        return sq in self.circle

    def half(self, sq: Square) -> int | None:
        """The team whose own half ``sq`` is in; None on the halfway column."""
        cx = self.centre[0]
        if sq[0] < cx:
            return WEST
        if sq[0] > cx:
            return EAST
        return None

    def squares(self) -> list[Square]:
        return [(x, y) for x in range(self.width) for y in range(self.height)]

    def to_json(self) -> dict[str, object]:
        """The geometry for a view (renderers draw from this)."""
        return {
            "size": self.size.name,
            "width": self.width,
            "height": self.height,
            "centre": list(self.centre),
            "goal_rows": list(self.goal_rows),
            "box_rows": list(self.box_rows),
            "box_depth": self.box_depth,
            "circle": sorted([list(sq) for sq in self.circle]),
        }


@cache
def field(size: str = DEFAULT_SIZE) -> Field:
    s = SIZES[size]
    cx, cy = s.width // 2, s.height // 2
    half_goal, half_box = GOAL_ROWS // 2, s.box_rows // 2
    r = s.circle
    circle = frozenset(
        (cx + dx, cy + dy)
        for dx in range(-r, r + 1)
        for dy in range(-r, r + 1)
        if dx * dx + dy * dy <= r * r + r
    )
    return Field(
        size=s,
        width=s.width,
        height=s.height,
        centre=(cx, cy),
        goal_rows=tuple(range(cy - half_goal, cy + half_goal + 1)),
        box_rows=tuple(range(cy - half_box, cy + half_box + 1)),
        box_depth=s.box_depth,
        circle=circle,
    )


def column(x: int) -> str:
    return string.ascii_lowercase[x]


def name(f: Field, sq: Square | list[int]) -> str:
    """A square's name: "e5"; an uncertainty square "goal7" (the row it is beside)."""
    x, y = sq
    if x < 0 or x >= f.width:
        return f"goal{y + 1}"
    return f"{column(x)}{y + 1}"


def names(f: Field, path: list[Square] | tuple[Square, ...]) -> list[str]:
    return [name(f, sq) for sq in path]


@cache
def name_table(f: Field) -> dict[Square, str]:
    """Every square's name, the goal squares' too (a lookup for long lists of paths)."""
    table = {sq: name(f, sq) for sq in f.squares()}
    for team in (WEST, EAST):
        table.update((sq, name(f, sq)) for sq in f.goal_squares(team))
    return table


_SQUARE = re.compile(r"([a-z])(\d{1,2})|goal(\d{1,2})")


def parse(f: Field, text: str, team: int | None = None) -> Square:
    """The square named ``text`` ("e5", "goal7"). A goal square is the one behind ``team``'s
    goal line when ``team`` is given: the kicker's target, or the goalkeeper's own goal
    (the caller says which)."""
    key = str(text).strip().lower().replace(" ", "")
    m = _SQUARE.fullmatch(key)
    if m is None:
        raise MalformedAction(
            f"{text!r} is not a square: name it like a chess square, a letter for the column "
            f'and a number for the row ("e5"), or a goal square ("goal7").'
        )
    if m.group(3) is not None:
        y = int(m.group(3)) - 1
        if y not in f.goal_rows:
            rows = f"{f.goal_rows[0] + 1} to {f.goal_rows[-1] + 1}"
            raise MalformedAction(f"{key} is not a goal square: the goal is beside rows {rows}.")
        if team is None:
            raise MalformedAction(f"{key} is a goal square: name a square on the board here.")
        return (f.goal_x(team), y)
    x, y = string.ascii_lowercase.index(m.group(1)), int(m.group(2)) - 1
    sq = (x, y)
    if not f.on_board(sq):
        last = f"{column(f.width - 1)}{f.height}"
        raise MalformedAction(f"{key} is off the board: squares run from a1 to {last}.")
    return sq


def parse_path(f: Field, value: object, team: int | None = None) -> list[Square]:
    """A path typed as text ("e5 f6", "e5,f6", "e5-f6") or given as a list of names."""
    if isinstance(value, str):
        parts = [p for p in re.split(r"[\s,;>-]+", value) if p]
    elif isinstance(value, list | tuple):
        parts = [str(p) for p in value]
    else:
        parts = []
    if not parts:
        raise MalformedAction('Give a path of squares, one per step, e.g. "e5 f6".')
    return [parse(f, p, team) for p in parts]


def adjacent(a: Square, b: Square) -> bool:
    return a != b and abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1


def orthogonal(a: Square, b: Square) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def manhattan(a: Square, b: Square) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


FACINGS: dict[str, Square] = {"e": (1, 0), "w": (-1, 0), "n": (0, 1), "s": (0, -1)}


def facing_of(team: int) -> str:
    """The way a team's members face in the basic rules: towards the other team's half."""
    return "e" if team == WEST else "w"


def front(sq: Square, facing: str) -> tuple[Square, Square, Square]:
    """The three squares in front of a member's feet (its marker faces ``facing``: "e", "w",
    "n" or "s"); the first is straight ahead.

    >>> front((4, 4), "e")
    ((5, 4), (5, 3), (5, 5))
    """
    x, y = sq
    dx, dy = FACINGS[facing]
    if dx:
        return ((x + dx, y), (x + dx, y - 1), (x + dx, y + 1))
    return ((x, y + dy), (x - 1, y + dy), (x + 1, y + dy))


# -- the compass (advanced rules): north is up the board (higher rows), east towards East's goal

COMPASS: tuple[str, ...] = ("n", "ne", "e", "se", "s", "sw", "w", "nw")  # clockwise
DIRECTIONS: dict[str, Square] = {
    "n": (0, 1),
    "ne": (1, 1),
    "e": (1, 0),
    "se": (1, -1),
    "s": (0, -1),
    "sw": (-1, -1),
    "w": (-1, 0),
    "nw": (-1, 1),
}
_DIRECTION_OF = {v: k for k, v in DIRECTIONS.items()}
DIRECTION_WORDS = {
    "n": "north",
    "ne": "north-east",
    "e": "east",
    "se": "south-east",
    "s": "south",
    "sw": "south-west",
    "w": "west",
    "nw": "north-west",
}


def direction_of(a: Square, b: Square) -> str:
    """The compass direction of the step from ``a`` to the neighbouring ``b``.

    >>> direction_of((3, 3), (4, 4)), direction_of((3, 3), (3, 2))
    ('ne', 's')
    """
    return _DIRECTION_OF[(b[0] - a[0], b[1] - a[1])]


def turn(direction: str, eighths: int) -> str:
    """``direction`` turned clockwise by ``eighths`` x 45 degrees (negative: counter-clockwise).

    >>> turn("n", 1), turn("n", -1), turn("e", 4), turn("w", 2)
    ('ne', 'nw', 'w', 'n')
    """
    return COMPASS[(COMPASS.index(direction) + eighths) % 8]


def eighths_between(a: str, b: str) -> int:
    """The angle between two directions in 45-degree steps, 0 to 4.

    >>> eighths_between("e", "sw"), eighths_between("e", "n"), eighths_between("n", "n")
    (3, 2, 0)
    """
    d = abs(COMPASS.index(a) - COMPASS.index(b)) % 8
    return min(d, 8 - d)


def step(sq: Square, direction: str, n: int = 1) -> Square:
    """The square ``n`` steps from ``sq`` in ``direction``."""
    dx, dy = DIRECTIONS[direction]
    return (sq[0] + n * dx, sq[1] + n * dy)
