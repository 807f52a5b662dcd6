"""The pitch and both packs of cards as data: squares, zones, lines, columns and card texts.

A pitch comes from a pitch file (see engine/socceristic/pitchfile.py, which validates it);
``from_data`` builds the immutable ``Pitch`` from the file's already-validated JSON data and
``pitch_of`` caches it per normalized options, so the rules can ask for it on every step.

Squares are ``(x, y)``: x counts columns from the west (0) and y rows from the north (0).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core.errors import RulesError

DIRECTIONS: tuple[str, ...] = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
STEP: dict[str, tuple[int, int]] = {
    "N": (0, -1),
    "NE": (1, -1),
    "E": (1, 0),
    "SE": (1, 1),
    "S": (0, 1),
    "SW": (-1, 1),
    "W": (-1, 0),
    "NW": (-1, -1),
}
DIRECTION_WORDS: dict[str, str] = {
    "N": "north",
    "NE": "north-east",
    "E": "east",
    "SE": "south-east",
    "S": "south",
    "SW": "south-west",
    "W": "west",
    "NW": "north-west",
}
ENDS = ("north", "south")
SYMBOLS = (*DIRECTIONS, "lose", "tackle", "whistle", "pass_back")
BORDERS = ("", "bold", "double")
ZONES = ("", "green", "box")  # "box": a penalty-box square, which is also in the Lighter Green Zone
LINES = ("ODD", "EVEN")
DECKS = ("outcome", "referee")

# The pitch file's one-token spelling of each symbol and border (see pitchfile.py).
TOKEN_SYMBOL: dict[str, str] = {
    **{d: d for d in DIRECTIONS},
    "X": "lose",
    "T": "tackle",
    "R": "whistle",
    "B": "pass_back",
}
TOKEN_BORDER: dict[str, str] = {"*": "bold", "=": "double"}
ZONE_CHAR: dict[str, str] = {".": "", "g": "green", "p": "box"}


@dataclass(frozen=True, slots=True)
class Square:
    """One printed square: its symbol, its border and the zone it lies in."""

    symbol: str
    border: str = ""
    zone: str = ""

    @property
    def arrow(self) -> str | None:
        """The arrow's direction, or None when the symbol is not an arrow."""
        return self.symbol if self.symbol in STEP else None

    @property
    def green(self) -> bool:
        """In the Lighter Green Zone (a penalty-box square is in it too)."""
        return self.zone in ("green", "box")


@dataclass(frozen=True, slots=True)
class Result:
    """What one section of an Outcome card says happens."""

    kind: str  # "goal" | "corner" | "goal_kick" | "penalty" | "own_goal" | "play"
    text: str = ""
    to: str = ""  # "play" only: "attack" | "defence" (who has the ball)
    line: str = ""  # "play" only: "ODD" | "EVEN" (at the end being attacked)
    number: int = 0  # "play" only: the printed column number on that line

    def as_dict(self) -> dict[str, Any]:
        """The result as JSON data (the shape events and views carry)."""
        out: dict[str, Any] = {"kind": self.kind, "text": self.text}
        if self.kind == "play":
            out.update(to=self.to, line=self.line, number=self.number)
        return out


@dataclass(frozen=True, slots=True)
class OutcomeCard:
    """An Outcome card: what a chance, a penalty or a pass back to the keeper gives."""

    id: str
    chance: Result
    penalty: Result
    pass_back: Result

    def section(self, name: str) -> Result:
        """The section named "chance", "penalty" or "pass_back"."""
        if name not in ("chance", "penalty", "pass_back"):
            raise RulesError(f"An Outcome card has no section {name!r}.")
        result: Result = getattr(self, name)
        return result


@dataclass(frozen=True, slots=True)
class RefereeCard:
    """A Referee's Decision card: who gets the free kick, where, and any caution."""

    id: str
    text: str
    to: str  # "mover" (the team that made the last move) | "opponent"
    back: int = 0  # squares straight back towards the awarded team's goal (0: where the ball is)
    caution: str = ""  # "" | "yellow" | "red", for a player of the team NOT awarded the kick


@dataclass(frozen=True, slots=True)
class Pitch:
    """A whole pitch file: the grid of squares, its printed numbers and lines, both decks."""

    name: str
    sample: bool
    width: int
    height: int
    squares: tuple[tuple[Square, ...], ...]  # [y][x]
    columns: tuple[int, ...]  # the printed number of each column, west to east
    centre_row: int
    centre_spot: int  # x of the centre-spot square on the centre row
    kickoff: dict[int, int]  # die 1..6 -> x on the centre row
    odd: dict[str, int]  # end -> y of that end's ODD line
    even: dict[str, int]  # end -> y of that end's EVEN line
    goal_kick: tuple[int, int]  # printed column numbers where a goal kick is first placed on ODD
    outcome: tuple[OutcomeCard, ...]
    referee: tuple[RefereeCard, ...]
    _x: dict[int, int] = field(default_factory=dict, repr=False, compare=False)
    _cards: dict[tuple[str, str], OutcomeCard | RefereeCard] = field(
        default_factory=dict, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        self._x.update({n: x for x, n in enumerate(self.columns)})
        self._cards.update({("outcome", c.id): c for c in self.outcome})
        self._cards.update({("referee", c.id): c for c in self.referee})

    def square(self, x: int, y: int) -> Square:
        """The square at column index ``x``, row ``y``."""
        if not self.on_pitch(x, y):
            raise RulesError(f"There is no square at column {x + 1}, row {y + 1}.")
        return self.squares[y][x]

    def on_pitch(self, x: int, y: int) -> bool:
        return 0 <= x < self.width and 0 <= y < self.height

    def half(self, y: int) -> str | None:
        """The half of the pitch row ``y`` is in (named by its end), None on the centre row."""
        if y < self.centre_row:
            return "north"
        if y > self.centre_row:
            return "south"
        return None

    def x_of(self, number: int) -> int:
        """The column index of a printed column number."""
        try:
            return self._x[number]
        except KeyError:
            raise RulesError(f"This pitch has no column numbered {number}.") from None

    def number_of(self, x: int) -> int:
        """The printed number of column index ``x``."""
        return self.columns[x]

    def line_y(self, end: str, line: str) -> int:
        """The row of that end's line "ODD" or "EVEN"."""
        if line == "ODD":
            return self.odd[end]
        if line == "EVEN":
            return self.even[end]
        raise RulesError(f"There is no line {line!r}; the lines are ODD and EVEN.")

    def away_from(self, end: str) -> int:
        """The row step pointing away from that end's goal line."""
        return 1 if end == "north" else -1

    def card(self, deck: str, card_id: str) -> OutcomeCard | RefereeCard:
        """A card of deck "outcome" or "referee" by its id."""
        try:
            return self._cards[(deck, card_id)]
        except KeyError:
            raise RulesError(f"There is no card {card_id!r} in the {deck} deck.") from None

    def ids(self, deck: str) -> list[str]:
        """Every card id of deck "outcome" or "referee", in file order."""
        cards = self.outcome if deck == "outcome" else self.referee
        return [c.id for c in cards]


def parse_token(token: str) -> Square:
    """The symbol and border of one square token ("NE", "R=", "S*"); the zone is added later."""
    border = TOKEN_BORDER.get(token[-1:], "")
    symbol = token[:-1] if border else token
    return Square(TOKEN_SYMBOL[symbol], border)


def zone_chars(row: str) -> str:
    """A zones row without the spaces an owner may use to line it up."""
    return "".join(row.split())


def result_of(data: dict[str, Any]) -> Result:
    return Result(
        kind=data["kind"],
        text=data.get("text", ""),
        to=data.get("to", ""),
        line=data.get("line", ""),
        number=int(data.get("number", 0)),
    )


def from_data(data: dict[str, Any]) -> Pitch:
    """The ``Pitch`` of a pitch file's JSON data, already validated (no checks here)."""
    columns = tuple(int(n) for n in data["columns"])
    index = {n: x for x, n in enumerate(columns)}
    squares = tuple(
        tuple(
            Square(sq.symbol, sq.border, ZONE_CHAR[z])
            for sq, z in zip((parse_token(t) for t in row.split()), zone_chars(zones), strict=True)
        )
        for row, zones in zip(data["rows"], data["zones"], strict=True)
    )
    decks = data["decks"]
    return Pitch(
        name=data["name"],
        sample=bool(data.get("sample", False)),
        width=len(columns),
        height=len(squares),
        squares=squares,
        columns=columns,
        centre_row=int(data["centre_row"]),
        centre_spot=index[int(data["centre_spot"])],
        kickoff={int(die): index[int(n)] for die, n in data["kickoff"].items()},
        odd={end: int(data["lines"][end]["ODD"]) for end in ENDS},
        even={end: int(data["lines"][end]["EVEN"]) for end in ENDS},
        goal_kick=(int(data["goal_kick"][0]), int(data["goal_kick"][1])),
        outcome=tuple(
            OutcomeCard(
                c["id"], result_of(c["chance"]), result_of(c["penalty"]), result_of(c["pass_back"])
            )
            for c in decks["outcome"]
        ),
        referee=tuple(
            RefereeCard(c["id"], c["text"], c["to"], int(c.get("back", 0)), c.get("caution", ""))
            for c in decks["referee"]
        ),
    )


_CACHE: dict[str, Pitch] = {}
_CACHE_SIZE = 32


def pitch_of(options: dict[str, Any]) -> Pitch:
    """The ``Pitch`` of normalized options, cached by ``options["pitch_key"]``."""
    key = options["pitch_key"]
    pitch = _CACHE.get(key)
    if pitch is None:
        if len(_CACHE) >= _CACHE_SIZE:
            _CACHE.pop(next(iter(_CACHE)))
        pitch = _CACHE[key] = from_data(options["pitch"])
    return pitch
