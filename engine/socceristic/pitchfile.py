"""Reading a Socceristic pitch file: JSON checked by a JSON Schema, then by the rules' needs.

One file holds the pitch and both packs of cards (docs/socceristic-pitch-format.md explains it
for an owner copying a printed pitch). ``data_of`` returns the checked JSON data, which match
options carry; ``load`` returns the ``Pitch``. Every refusal is a ``PitchError`` naming the
line of the uploaded text (when known) and the field, in words a server admin understands:
"line 14, rows[5] square 3: 'Q' is not a symbol; use ...".
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import re
from collections.abc import Iterator, Sequence
from json.decoder import scanstring
from pathlib import Path
from typing import Any, NamedTuple

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError

from engine.core.errors import RulesError
from engine.socceristic.pitch import (
    DIRECTIONS,
    TOKEN_BORDER,
    TOKEN_SYMBOL,
    ZONE_CHAR,
    Pitch,
    from_data,
    zone_chars,
)

MAX_BYTES = 256 * 1024
FORMAT = "socceristic-pitch/1"
HERE = Path(__file__).resolve().parent
SYMBOL_HELP = (
    f"use {' '.join(DIRECTIONS)}, X (lose the ball), T (tackle), R (whistle) or B (pass back), "
    "with * after it for a bold border"
)

DataPath = tuple[str | int, ...]


class PitchError(RulesError):
    """A pitch file the bot refuses: ``line`` (1-based, in the uploaded text, None when not
    known) and ``field`` (a path such as ``rows[4] square 7`` or
    ``decks.outcome[3].chance.kind``) say where."""

    def __init__(self, message: str, line: int | None = None, field: str = "") -> None:
        self.message = message
        self.line = line
        self.field = field
        where = ", ".join(p for p in (f"line {line}" if line else "", field) if p)
        super().__init__(f"{where}: {message}" if where else message)


# --- where things are in the text ---------------------------------------------------------

_SPACE = re.compile(r"[ \t\n\r]*")
_ATOM = re.compile(r"-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?|true|false|null")


class _Places:
    """Where each value of a JSON text starts (by its path), and the keys written twice.

    The text is already known to be valid JSON: this scan only follows it."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.at: dict[DataPath, int] = {}
        self.twice: list[tuple[DataPath, int]] = []
        # only lines are lost if this fails: the refusal still names the field
        with contextlib.suppress(RecursionError, IndexError, ValueError):
            self._value(0, ())

    def _skip(self, i: int) -> int:
        end: int = _SPACE.match(self.text, i).end()  # type: ignore[union-attr]
        return end

    def _value(self, i: int, path: DataPath) -> int:
        text = self.text
        i = self._skip(i)
        self.at[path] = i
        c = text[i]
        if c == "{":
            i = self._skip(i + 1)
            if text[i] == "}":
                return i + 1
            seen: set[str] = set()
            while True:
                key, end = scanstring(text, i + 1)
                if key in seen:
                    self.twice.append(((*path, key), i))
                seen.add(key)
                i = self._value(self._skip(end) + 1, (*path, key))
                i = self._skip(i)
                if text[i] != ",":
                    return i + 1
                i = self._skip(i + 1)
        if c == "[":
            i = self._skip(i + 1)
            if text[i] == "]":
                return i + 1
            k = 0
            while True:
                i = self._skip(self._value(i, (*path, k)))
                if text[i] != ",":
                    return i + 1
                i, k = i + 1, k + 1
        if c == '"':
            end = scanstring(text, i + 1)[1]
            return end
        match = _ATOM.match(text, i)
        if match is None:
            raise ValueError(f"no JSON value at {i}")
        return match.end()

    def pos(self, path: DataPath) -> int:
        """Where the value at ``path`` starts, or its nearest enclosing value."""
        for n in range(len(path), -1, -1):
            if path[:n] in self.at:
                return self.at[path[:n]]
        return 0

    def line(self, path: DataPath) -> int:
        return self.text.count("\n", 0, self.pos(path)) + 1


def field_of(path: DataPath) -> str:
    """``("decks", "outcome", 3, "chance")`` -> ``decks.outcome[3].chance``."""
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else part)
    return out


# --- the schema's refusals in words --------------------------------------------------------

_TYPE_WORDS = {
    "string": "a text in double quotes",
    "integer": "a whole number",
    "array": "a list in [ ]",
    "object": "a group of fields in { }",
    "boolean": "true or false",
}


def _shown(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."


def _either(values: Sequence[Any]) -> str:
    shown = [_shown(v) for v in values]
    return shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} or {shown[-1]}"


def _noun(path: DataPath) -> str:
    if path[:1] == ("decks",):
        return "cards"
    return {"rows": "rows", "zones": "rows", "columns": "columns"}.get(str(path[:1][0]), "items")


@functools.cache
def _validator() -> Draft202012Validator:
    schema = json.loads((HERE / "pitch.schema.json").read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


class Problem(NamedTuple):
    """One refusal: where (``path`` in the data, ``field`` as shown when it says more) and why."""

    path: DataPath
    message: str
    field: str = ""

    def error(self, places: _Places, lines: bool) -> PitchError:
        line = places.line(self.path) if lines else None
        return PitchError(self.message, line, self.field or field_of(self.path))


def _schema_problem(error: ValidationError) -> Problem:
    path: DataPath = tuple(error.absolute_path)
    kind, want, value = error.validator, error.validator_value, error.instance
    if kind == "required":
        missing = next((k for k in want if k not in value), want[0])
        if isinstance(value, dict) and value.get("kind") == "play":
            return Problem(
                path,
                f'a play result needs "to" (attack or defence), "line" (ODD or '
                f'EVEN) and "number" (a column number); "{missing}" is missing',
            )
        if not path:
            return Problem(path, f'the file needs the field "{missing}"')
        return Problem(path, f'the field "{missing}" is missing')
    if kind == "additionalProperties":
        allowed = list(error.schema.get("properties", {}))
        extra = sorted(k for k in value if k not in allowed)[0]
        return Problem((*path, extra), f'unknown field "{extra}"; use {_either(allowed)}')
    said = {
        "type": lambda: f"{_shown(value)} should be {_TYPE_WORDS.get(want, want)}",
        "enum": lambda: f"{_shown(value)} is not allowed here; use {_either(want)}",
        "const": lambda: f"this bot reads the format {_shown(want)} only",
        "minItems": lambda: f"has {len(value)} {_noun(path)}; it needs at least {want}",
        "maxItems": lambda: f"has {len(value)} {_noun(path)}; at most {want} are allowed",
        "minLength": lambda: "is empty; write something here",
        "maxLength": lambda: f"is {len(value)} characters long; at most {want} are allowed",
        "minimum": lambda: f"{value} is too small; the smallest allowed is {want}",
        "maximum": lambda: f"{value} is too big; the biggest allowed is {want}",
        "pattern": lambda: f"{_shown(value)} is not a card id; use 1 to 12 letters, digits, - or _",
    }.get(kind)
    return Problem(path, said() if said else error.message)


# --- what the rules need beyond the schema -------------------------------------------------


def _square(grid: str, y: int, k: int) -> str:
    return f"{grid}[{y}] square {k + 1}"


def _grid_problems(data: dict[str, Any]) -> Iterator[Problem]:
    columns: list[int] = data["columns"]
    width, height = len(columns), len(data["rows"])
    seen: set[int] = set()
    for i, n in enumerate(columns):
        if n in seen:
            yield Problem(("columns", i), f"column number {n} is written twice")
        seen.add(n)
    missing = [str(n) for n in range(2, 13) if n not in seen]
    if missing:
        yield Problem(
            ("columns",),
            "the columns need every number from 2 to 12 (the dice "
            f"totals the rules use); missing: {', '.join(missing)}",
        )
    shaped = True
    for y, row in enumerate(data["rows"]):
        tokens = row.split()
        if len(tokens) != width:
            shaped = False
            yield Problem(("rows", y), f"has {len(tokens)} squares; each row needs {width}")
        for k, token in enumerate(tokens):
            border = token[-1:] if token[-1:] in TOKEN_BORDER else ""
            base = token[: -len(border)] if border else token
            if base not in TOKEN_SYMBOL:
                shaped = False
                yield Problem(
                    ("rows", y), f"'{token}' is not a symbol; {SYMBOL_HELP}", _square("rows", y, k)
                )
            elif border == "=" and base != "R":
                shaped = False
                yield Problem(
                    ("rows", y),
                    f"'{token}': only a whistle has a double border (R=)",
                    _square("rows", y, k),
                )
    if len(data["zones"]) != height:
        shaped = False
        yield Problem(("zones",), f"has {len(data['zones'])} rows; the pitch has {height}")
    for y, zone_row in enumerate(data["zones"]):
        chars = zone_chars(zone_row)
        if len(chars) != width:
            shaped = False
            yield Problem(("zones", y), f"has {len(chars)} squares; each row needs {width}")
        for k, c in enumerate(chars):
            if c not in ZONE_CHAR:
                shaped = False
                yield Problem(
                    ("zones", y),
                    f"'{c}' is not a zone; use . (none), g (Lighter Green Zone) or p (penalty box)",
                    _square("zones", y, k),
                )
    if shaped:
        yield from _layout_problems(data, columns, height)


def _layout_problems(data: dict[str, Any], columns: list[int], height: int) -> Iterator[Problem]:
    """The checks that need a well-formed grid: the centre, lines, zones and symbols."""
    centre = data["centre_row"]
    if not 1 <= centre <= height - 2:
        yield Problem(
            ("centre_row",),
            f"row {centre} can't be the centre row; it needs rows "
            f"on both sides (1 to {height - 2})",
        )
        return
    rows = [row.split() for row in data["rows"]]
    zones = [zone_chars(z) for z in data["zones"]]
    spot = data["centre_spot"]
    if spot not in columns:
        yield Problem(("centre_spot",), f"there is no column {spot}")
    elif (token := rows[centre][columns.index(spot)]) != "R":
        yield Problem(
            ("centre_spot",),
            f"the centre spot (row {centre}, column {spot}) must "
            f"be a plain whistle square (R); it is '{token}'",
        )
    for die, n in data["kickoff"].items():
        if n not in columns:
            yield Problem(("kickoff", die), f"there is no column {n}")
    for end, lines in data["lines"].items():
        first, last = (0, centre - 1) if end == "north" else (centre + 1, height - 1)
        for name, y in lines.items():
            if not first <= y <= last:
                yield Problem(
                    ("lines", end, name),
                    f"the {end} end's {name} line (row {y}) "
                    f"must be in the {end} half, rows {first} to {last}",
                )
        if lines["ODD"] == lines["EVEN"]:
            yield Problem(("lines", end), "the ODD and EVEN lines must be different rows")
    for i, n in enumerate(data["goal_kick"]):
        if n not in columns:
            yield Problem(("goal_kick", i), f"there is no column {n}")
    if zones[centre].strip("."):
        yield Problem(
            ("zones", centre), "the centre row can't be in a zone: each zone belongs to one end"
        )
    for end, ys in (("north", range(centre)), ("south", range(centre + 1, height))):
        if not any("p" in zones[y] for y in ys):
            yield Problem(("zones",), f"the {end} end has no penalty box (p)")
    for y, tokens in enumerate(rows):
        for k, token in enumerate(tokens):
            if token.rstrip("*=") == "B" and zones[y][k] == ".":
                yield Problem(
                    ("rows", y),
                    "a pass-back square (B) must be in a Lighter Green Zone (g or p in zones)",
                    _square("rows", y, k),
                )


def _deck_problems(data: dict[str, Any]) -> Iterator[Problem]:
    columns = data["columns"]
    for deck, cards in data["decks"].items():
        seen: set[str] = set()
        for i, card in enumerate(cards):
            if card["id"] in seen:
                yield Problem(
                    ("decks", deck, i, "id"),
                    f"the id '{card['id']}' is used twice in the {deck} deck",
                )
            seen.add(card["id"])
            for section in ("chance", "penalty", "pass_back") if deck == "outcome" else ():
                result, at = card[section], ("decks", deck, i, section)
                for key in ("to", "line", "number"):
                    if result["kind"] != "play" and key in result:
                        yield Problem((*at, key), f'"{key}" only goes with a result of kind "play"')
                if result["kind"] == "play" and result["number"] not in columns:
                    yield Problem((*at, "number"), f"there is no column {result['number']}")
    # a run of chances chains chance -> penalty -> pass back until a card ends it; a half
    # measured in moves can only reach its next move if one card ends it in whichever
    # section it is read
    if not any(_ends_every_run(card) for card in data["decks"]["outcome"]):
        yield Problem(
            ("decks", "outcome"),
            "no Outcome card ends an attack whatever happens: at least one card needs a goal, "
            "corner or goal kick as its chance result, and something other than play on "
            "for its penalty and its pass back",
        )


def _ends_every_run(card: dict[str, Any]) -> bool:
    """Whether this Outcome card ends an attack in each of its three sections."""
    return (
        card["chance"]["kind"] in ("goal", "corner", "goal_kick")
        and card["penalty"]["kind"] != "play"
        and card["pass_back"]["kind"] != "play"
    )


# --- the public entry points ---------------------------------------------------------------


def _first(problems: list[Problem], places: _Places, lines: bool) -> PitchError:
    """The refusal nearest the top of the file."""
    return min(problems, key=lambda p: places.pos(p.path)).error(places, lines)


GRID_FIELDS = frozenset(
    ("columns", "rows", "zones", "centre_row", "centre_spot", "kickoff", "lines", "goal_kick")
)


def _broken(errors: list[ValidationError]) -> set[str]:
    """The top-level fields the schema refused ("*": the whole file)."""
    out: set[str] = set()
    for e in errors:
        if e.absolute_path:
            out.add(str(e.absolute_path[0]))
        elif e.validator == "required":
            out.update(k for k in e.validator_value if k not in e.instance)
        elif e.validator != "additionalProperties":
            out.add("*")
    return out


def _check(data: Any, places: _Places, lines: bool) -> None:
    errors = list(_validator().iter_errors(data))
    problems = [_schema_problem(e) for e in errors]
    broken = _broken(errors)
    # The rules' checks run on every part the schema found well formed, so that the refusal
    # reported is the first problem in the file, whichever check finds it.
    if "*" not in broken and not GRID_FIELDS & broken:
        problems += _grid_problems(data)
        if "decks" not in broken:
            problems += _deck_problems(data)
    if problems:
        raise _first(problems, places, lines)


def validate(data: Any) -> None:
    """Refuse (``PitchError``, without line numbers) pitch data the rules can't play on."""
    try:
        text = json.dumps(data, indent=1, ensure_ascii=False)
    except (TypeError, ValueError):
        text = "null"
    _check(data, _Places(text), lines=False)


def _json_hint(message: str) -> str:
    hints = {
        "Expecting ',' delimiter": "a comma is missing",
        "Expecting ':' delimiter": "a colon (:) is missing after a field name",
        "Expecting property name enclosed in double quotes": (
            "a field name needs double quotes, or there is a comma too many before a }"
        ),
        "Expecting value": "a value is missing, or there is a comma too many before a ]",
        "Unterminated string starting at": "a text is not closed with a double quote",
        "Invalid control character at": "a text runs past the end of its line",
        "Extra data": "there is more after the last }",
    }
    return hints.get(message, message)


def _no_constant(name: str) -> Any:
    raise PitchError(f"{name} is not a number a pitch file may use")


def data_of(text: str | bytes) -> dict[str, Any]:
    """The checked JSON data of a pitch file's text (what match options carry)."""
    if isinstance(text, bytes):
        if len(text) > MAX_BYTES:
            raise _too_big(len(text))
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise PitchError(
                "the file is not UTF-8 text; save it as UTF-8 and upload it again"
            ) from None
    size = len(text.encode("utf-8"))
    if size > MAX_BYTES:
        raise _too_big(size)
    text = text.removeprefix("\ufeff")
    if not text.strip():
        raise PitchError("the file is empty")
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as e:
        raise PitchError(
            f"this is not valid JSON: {_json_hint(e.msg)} (column {e.colno})", e.lineno
        ) from None
    except RecursionError:
        raise PitchError("this is not a pitch file: its brackets nest far too deep") from None
    places = _Places(text)
    if places.twice:
        path, pos = places.twice[0]
        raise PitchError(
            f'the field "{path[-1]}" is written twice here',
            text.count("\n", 0, pos) + 1,
            field_of(path),
        )
    _check(data, places, lines=True)
    checked: dict[str, Any] = data
    return checked


def _too_big(size: int) -> PitchError:
    return PitchError(f"the file is {size // 1024} KB; a pitch file may be at most 256 KB")


def load(text: str | bytes) -> Pitch:
    """The ``Pitch`` of a pitch file's text, checked."""
    return from_data(data_of(text))


def canonical(data: dict[str, Any]) -> str:
    """The data's canonical JSON text (keys sorted, no spaces), as a pitch is stored.

    >>> canonical({"b": 1, "a": [1, 2]})
    '{"a":[1,2],"b":1}'
    """
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def pitch_key(data: dict[str, Any]) -> str:
    """The sha256 of the data's canonical JSON: the key options and caches use for it."""
    return hashlib.sha256(canonical(data).encode("utf-8")).hexdigest()


SAMPLE_TEXT = (HERE / "sample.json").read_text(encoding="utf-8")
SAMPLE_DATA: dict[str, Any] = json.loads(SAMPLE_TEXT)


@functools.cache
def sample() -> Pitch:
    """The project's own sample pitch and decks."""
    return from_data(SAMPLE_DATA)
