"""A FUBA position as one line of text, in the spirit of chess's FEN (docs/fuba-position.md).

Ten fields separated by single spaces, then tagged fields ``name=value`` that appear only when
they differ from their defaults (so the common case stays short)::

    formations west east ball value control clock score agenda turn [tags...]

    4-4-2/4-4-2 g2,4:3,5:3,6:2,7:2/... (see the docs for whole examples)

``position(state)`` writes a state; ``from_position(text)`` reads one back and refuses
anything the engine could not play on, naming the faulty field. The round trip is exact:
``from_position(position(s)) == s`` for every state a match reaches, and every text
``from_position`` accepts is canonical (``position(from_position(t)) == t``).

Agenda steps and the turn record are small dicts whose keys grow with the rules: each known
step kind (``STEPS``) and turn stage writes its usual keys as short ``:``-separated values and
any other key in a generic ``{key=value,...}`` suffix, so new keys need no change here.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import fields
from typing import Any

from engine.core.errors import RulesError
from engine.fuba import advanced, decisions, formations, match, weather
from engine.fuba.board import ALL_AREAS, AREAS, N_SLOTS, SIDES
from engine.fuba.clock import LAST_STOPPAGE
from engine.fuba.condition import TOTAL_CAP
from engine.fuba.skills import LOST
from engine.fuba.skills.catalog import SKILLS
from engine.fuba.state import FubaState

FIELDS: tuple[str, ...] = (
    "formations",
    "west",
    "east",
    "ball",
    "value",
    "control",
    "clock",
    "score",
    "agenda",
)
FIELDS += ("turn",)
# A9 the weathers a match can have ("" is none; engine.fuba.weather names them for players)
WEATHERS = tuple(name for name in weather.NAMES if name)
TEAM_LETTERS = ("w", "e")

Step = dict[str, Any]


class PositionError(RulesError):
    """A position text that cannot be read or does not describe a playable position."""


def _fail(name: str, message: str) -> PositionError:
    return PositionError(f"field '{name}': {message}")


def _same(a: Any, b: Any) -> bool:
    """Equal values of the same JSON types (``True`` is not ``1`` here)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_same(v, b[k]) for k, v in a.items())
    return bool(a == b)


# ----------------------------------------------------------------------------------------
# generic values: JSON without the quotes
#
#   12  -3  true  false  null  word  'any%20text'  [a,b]  {key=value,key=value}

_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
_WORD = re.compile(r"[a-z_][a-z0-9_]*\Z")  # a word in a short form (step kinds, modes...)
_INT = re.compile(r"-?(0|[1-9][0-9]*)\Z")
_KEYWORDS: dict[str, Any] = {"true": True, "false": False, "null": None}
_RAW = frozenset(chr(c) for c in range(0x21, 0x7F)) - {"%", "'"}


def _quote(text: str) -> str:
    out = []
    for ch in text:
        if ch in _RAW:
            out.append(ch)
        else:
            out.extend(f"%{b:02X}" for b in ch.encode("utf-8"))
    return "'" + "".join(out) + "'"


def _word_text(text: str) -> str:
    return text if _IDENT.match(text) and text not in _KEYWORDS else _quote(text)


def encode(value: Any) -> str:
    """A JSON-native value (dict, list, int, str, bool, None) in the notation's generic form.

    >>> encode({"k": "roll", "dice": [3, None], "ok": True, "why": "second yellow"})
    "{k=roll,dice=[3,null],ok=true,why='second%20yellow'}"
    """
    if value is True or value is False or value is None:
        return json.dumps(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return _word_text(value)
    if isinstance(value, list):
        return "[" + ",".join(encode(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ",".join(_key_text(k) + "=" + encode(v) for k, v in value.items()) + "}"
    raise TypeError(f"a position cannot hold a {type(value).__name__} ({value!r})")


def _key_text(key: Any) -> str:
    if not isinstance(key, str):
        raise TypeError(f"a position's dict keys are text, not {key!r}")
    return key if _IDENT.match(key) else _quote(key)


class _Reader:
    """A cursor over one field's text that reads generic values and short-form tokens."""

    def __init__(self, text: str, name: str) -> None:
        self.text, self.name, self.at = text, name, 0

    def fail(self, message: str) -> PositionError:
        return _fail(self.name, f"{message} (at character {self.at + 1} of {self.text!r})")

    def peek(self) -> str:
        return self.text[self.at] if self.at < len(self.text) else ""

    def done(self) -> bool:
        return self.at >= len(self.text)

    def expect(self, ch: str) -> None:
        if self.peek() != ch:
            found = repr(self.peek()) if self.peek() else "the end"
            raise self.fail(f"expected {ch!r}, found {found}")
        self.at += 1

    def token(self, stops: str) -> str:
        """The raw text up to the next character of ``stops`` (or the end)."""
        start = self.at
        while self.at < len(self.text) and self.text[self.at] not in stops:
            self.at += 1
        return self.text[start : self.at]

    def value(self, depth: int = 0) -> Any:
        if depth > 50:
            raise self.fail("values nested too deeply")
        ch = self.peek()
        if ch == "[":
            self.at += 1
            items: list[Any] = []
            if self.peek() == "]":
                self.at += 1
                return items
            while True:
                items.append(self.value(depth + 1))
                if self.peek() == "]":
                    self.at += 1
                    return items
                self.expect(",")
        if ch == "{":
            self.at += 1
            out: dict[str, Any] = {}
            if self.peek() == "}":
                self.at += 1
                return out
            while True:
                key = self.key()
                if key in out:
                    raise self.fail(f"the key {key!r} appears twice")
                self.expect("=")
                out[key] = self.value(depth + 1)
                if self.peek() == "}":
                    self.at += 1
                    return out
                self.expect(",")
        if ch == "'":
            return self.quoted()
        raw = self.token(",]}=:;{[' ")
        if not raw:
            found = repr(ch) if ch else "the end"
            raise self.fail(f"expected a value, found {found}")
        if raw in _KEYWORDS:
            return _KEYWORDS[raw]
        if _INT.match(raw):
            return int(raw)
        if _IDENT.match(raw):
            return raw
        raise self.fail(f"{raw!r} is not a value (quote text like '5-5')")

    def key(self) -> str:
        if self.peek() == "'":
            return self.quoted()
        raw = self.token("=,}")
        if not _IDENT.match(raw):
            raise self.fail(f"{raw!r} is not a key")
        return raw

    def quoted(self) -> str:
        self.expect("'")
        out = bytearray()
        while True:
            ch = self.peek()
            if not ch:
                raise self.fail("the quoted text has no closing '")
            self.at += 1
            if ch == "'":
                break
            if ch == "%":
                pair = self.text[self.at : self.at + 2]
                if not re.fullmatch(r"[0-9A-F]{2}", pair):
                    raise self.fail("% in quoted text takes two hex digits (%20 is a space)")
                out.append(int(pair, 16))
                self.at += 2
            else:
                out.extend(ch.encode("utf-8"))
        try:
            return out.decode("utf-8")
        except UnicodeDecodeError:
            raise self.fail("the quoted text's % escapes are not UTF-8") from None


def decode(text: str, name: str = "value") -> Any:
    """Read one generic value (the inverse of ``encode``).

    >>> decode("{k=roll,dice=[3,null],why='second%20yellow'}")
    {'k': 'roll', 'dice': [3, None], 'why': 'second yellow'}
    """
    reader = _Reader(text, name)
    value = reader.value()
    if not reader.done():
        raise reader.fail("unexpected text after the value")
    return value


# ----------------------------------------------------------------------------------------
# short forms: typed values separated by ':' (team w/e, 1/0 for yes/no, lists with '.')


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _is_nat(v: Any) -> bool:
    return _is_int(v) and v >= 0


def _nat_text(v: int) -> str:
    return str(v)


def _nat(text: str) -> int:
    if not re.fullmatch(r"0|[1-9][0-9]*", text):
        raise ValueError(f"{text!r} is not a whole number")
    return int(text)


def _int(text: str) -> int:
    if not _INT.match(text):
        raise ValueError(f"{text!r} is not a whole number")
    return int(text)


def _team(text: str) -> int:
    if text not in TEAM_LETTERS:
        raise ValueError(f"{text!r} is not a team (w or e)")
    return TEAM_LETTERS.index(text)


def _bool(text: str) -> bool:
    if text not in ("0", "1"):
        raise ValueError(f"{text!r} is not 1 (yes) or 0 (no)")
    return text == "1"


def _word(text: str) -> str:
    if not _WORD.match(text):
        raise ValueError(f"{text!r} is not a word")
    return text


def _list(text: str, sep: str, item: Callable[[str], Any]) -> list[Any]:
    return [] if text == "-" else [item(x) for x in text.split(sep)]


def _list_text(items: list[Any], sep: str, item: Callable[[Any], str]) -> str:
    return sep.join(item(x) for x in items) if items else "-"


def _pair(text: str, item: Callable[[str], Any]) -> list[Any]:
    parts = text.split("/")
    if len(parts) != 2:
        raise ValueError(f"{text!r} is not two values split by '/' (west/east)")
    return [item(p) for p in parts]


def _shape(text: str) -> list[int] | None:
    return None if text == "-" else [_nat(x) for x in text.split("-")]


def _shape_text(v: list[int] | None) -> str:
    return "-" if v is None else formations.fmt(v)


def _is_shape(v: Any) -> bool:
    return v is None or (isinstance(v, list) and len(v) == 3 and all(_is_nat(x) for x in v))


def _die(text: str) -> int | None:
    return None if text == "-" else _int(text)


def _place(text: str) -> list[Any]:
    keeper = text.endswith("g")
    return [_nat(text[:-1] if keeper else text), keeper]


def _is_pair(v: Any, ok: Callable[[Any], bool]) -> bool:
    return isinstance(v, list) and len(v) == 2 and all(ok(x) for x in v)


def _is_list(v: Any, ok: Callable[[Any], bool]) -> bool:
    return isinstance(v, list) and all(ok(x) for x in v)


def _is_word(v: Any) -> bool:
    return isinstance(v, str) and bool(_WORD.match(v))


# type name -> (fits the value?, write it, read it)
_TYPES: dict[str, tuple[Callable[[Any], bool], Callable[[Any], str], Callable[[str], Any]]] = {
    "team": (lambda v: _is_int(v) and v in (0, 1), lambda v: TEAM_LETTERS[v], _team),
    "int": (_is_int, str, _int),
    "bool": (lambda v: isinstance(v, bool), lambda v: "1" if v else "0", _bool),
    "word": (_is_word, str, _word),
    "areas": (
        lambda v: _is_list(v, _is_nat),
        lambda v: _list_text(v, ".", _nat_text),
        lambda t: _list(t, ".", _nat),
    ),
    "teams": (
        lambda v: _is_list(v, lambda x: _is_int(x) and x in (0, 1)),
        lambda v: _list_text(v, "", lambda x: TEAM_LETTERS[x]),
        lambda t: [] if t == "-" else [_team(c) for c in t],
    ),
    "acts": (
        lambda v: _is_pair(v, lambda x: _is_list(x, _is_word)),
        lambda v: "/".join(_list_text(x, ".", str) for x in v),
        lambda t: _pair(t, lambda p: _list(p, ".", _word)),
    ),
    "shapes": (
        lambda v: _is_pair(v, _is_shape),
        lambda v: "/".join(_shape_text(x) for x in v),
        lambda t: _pair(t, _shape),
    ),
    "dice": (
        lambda v: _is_pair(v, lambda x: x is None or _is_int(x)),
        lambda v: "/".join("-" if x is None else str(x) for x in v),
        lambda t: _pair(t, _die),
    ),
    "words": (
        lambda v: _is_list(v, _is_word),
        lambda v: _list_text(v, ".", str),
        lambda t: _list(t, ".", _word),
    ),
    "places": (
        lambda v: (
            _is_list(
                v,
                lambda p: isinstance(p, list) and len(p) == 2 and _is_nat(p[0]) and p[1] in (0, 1),
            )
            and all(isinstance(p[1], bool) for p in v)
        ),
        lambda v: _list_text(v, ".", lambda p: f"{p[0]}{'g' if p[1] else ''}"),
        lambda t: _list(t, ".", _place),
    ),
}

# The usual keys of each agenda step kind, in the order the short form writes them. A kind
# not listed writes its team (if any) and every other key in the generic suffix.
STEPS: dict[str, tuple[tuple[str, str], ...]] = {
    "formation": (("picks", "shapes"), ("halftime", "bool")),
    "duel": (("for", "word"), ("rolls", "dice"), ("team", "team")),
    "kickoff_choice": (("team", "team"),),
    "setup": (("team", "team"), ("kind", "word"), ("area", "int")),
    "moves": (("team", "team"), ("mode", "word"), ("made", "int"), ("left", "int")),
    "target": (("team", "team"),),
    "roll": (("team", "team"), ("n", "int"), ("for", "word"), ("need", "int")),
    "bring": (("team", "team"), ("to", "int"), ("options", "places")),
    "act": (
        ("team", "team"),
        ("first", "bool"),
        ("mode", "word"),
        ("o", "areas"),
        ("g", "areas"),
        ("kr", "bool"),
    ),
    # A11 a skill window: the team, its moment, the skills already played in it
    "skill": (("team", "team"), ("moment", "word"), ("played", "words")),
}
_TEAM_ONLY = (("team", "team"),)
# The usual keys of the turn record per stage (after the stage itself).
_PLAY = (
    ("kind", "word"),
    ("n", "int"),
    ("ct", "team"),
    ("start", "int"),
    ("acts", "acts"),
    ("target", "int"),
    ("had", "bool"),
    ("value1", "int"),
    ("order", "teams"),
    ("seq", "int"),
)
TURNS: dict[str, tuple[tuple[str, str], ...]] = {
    "target": _PLAY,
    "situation": _PLAY,
    "actions": _PLAY,
    "restart": (("kind", "word"), ("area", "int")),
}
_NEW = "new"  # the turn as it stands at its start (4.1: the controlling team picks a target)


def _short(head: str, record: dict[str, Any], skip: str, schema: tuple[tuple[str, str], ...]):
    """``head:v1:v2...{rest}``: the schema's keys while they are present and fit their type,
    then every other key (but ``skip``) generically."""
    parts = [head]
    used = {skip}
    for key, kind in schema:
        fits, write, _ = _TYPES[kind]
        if key not in record or not fits(record[key]):
            break
        parts.append(write(record[key]))
        used.add(key)
    rest = {k: v for k, v in record.items() if k not in used}
    return ":".join(parts) + (encode(rest) if rest else "")


def _read_short(reader: _Reader, schema: tuple[tuple[str, str], ...]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    i = 0
    while reader.peek() == ":":
        reader.at += 1
        if i >= len(schema):
            raise reader.fail(f"too many ':' values (at most {len(schema)})")
        key, kind = schema[i]
        raw = reader.token(":;{ ")
        try:
            out[key] = _TYPES[kind][2](raw)
        except ValueError as exc:
            raise reader.fail(f"{key}: {exc}") from None
        i += 1
    if reader.peek() == "{":
        rest = reader.value()
        for key, value in rest.items():
            if key in out:
                raise reader.fail(f"the key {key!r} appears twice")
            out[key] = value
    return out


def _step_text(step: Step) -> str:
    k = step.get("k")
    if not isinstance(k, str) or not _WORD.match(k):
        return encode(step)
    return _short(k, step, "k", STEPS.get(k, _TEAM_ONLY))


def _read_step(reader: _Reader) -> Step:
    if reader.peek() == "{":
        step = reader.value()
        return step
    k = reader.token(":;{ ")
    if not _WORD.match(k):
        raise reader.fail(f"{k!r} is not a step (write its kind, e.g. target:w)")
    step = {"k": k}
    rest = _read_short(reader, STEPS.get(k, _TEAM_ONLY))
    if "k" in rest:
        raise reader.fail("the step's kind is written first, not as k=")
    step.update(rest)
    return step


def _new_turn(s: FubaState, kind: str) -> dict[str, Any]:
    """The turn record at the start of a turn (match._new_turn), derived from the position."""
    n = s.turns[s.half - 1] if s.half in (1, 2) else 0
    return {"stage": "target", "kind": kind, "n": n, "ct": s.control, "start": s.ball,
            "acts": [[], []]}  # fmt: skip


def _turn_text(s: FubaState) -> str:
    t = s.turn
    kind = t.get("kind")
    if isinstance(kind, str) and _WORD.match(kind) and _same(t, _new_turn(s, kind)):
        return _NEW if kind == "normal" else f"{_NEW}:{kind}"
    stage = t.get("stage")
    if not isinstance(stage, str) or not _WORD.match(stage) or stage == _NEW:
        return encode(t)
    return _short(stage, t, "stage", TURNS.get(stage, ()))


def _read_turn(text: str, s: FubaState) -> dict[str, Any]:
    reader = _Reader(text, "turn")
    if reader.peek() == "{":
        turn = reader.value()
    else:
        stage = reader.token(":{")
        if not _WORD.match(stage):
            raise reader.fail(f"{stage!r} is not a turn stage (e.g. new, actions, restart)")
        if stage == _NEW:
            kind = "normal"
            if reader.peek() == ":":
                reader.at += 1
                kind = reader.token("{")
                if not _WORD.match(kind):
                    raise reader.fail(f"{kind!r} is not a kind of turn")
            turn = _new_turn(s, kind)
        else:
            turn = {"stage": stage}
            rest = _read_short(reader, TURNS.get(stage, ()))
            if "stage" in rest:
                raise reader.fail("the stage is written first, not as stage=")
            turn.update(rest)
    if not reader.done():
        raise reader.fail("unexpected text at the end of the turn")
    return turn


# ----------------------------------------------------------------------------------------
# the fields


def _pieces_text(s: FubaState, team: int) -> str:
    row = s.outfield[team]
    parts = [f"g{s.keeper[team]}"]
    parts.extend(f"{a}:{n}" for a, n in enumerate(row) if n)
    return ",".join(parts)


def _read_pieces(text: str, name: str) -> tuple[int, list[int]]:
    keeper = None
    row = [0] * N_SLOTS
    last = 0
    for part in text.split(","):
        if part.startswith("g"):
            if keeper is not None:
                raise _fail(name, "two goalkeepers: write the goalkeeper once (g2)")
            try:
                keeper = _nat(part[1:])
            except ValueError:
                raise _fail(name, f"{part!r} is not a goalkeeper's area (e.g. g2)") from None
            continue
        m = re.fullmatch(r"(0|[1-9][0-9]*):(0|[1-9][0-9]*)", part)
        if not m:
            raise _fail(name, f"{part!r} is not area:players (e.g. 4:3)")
        area, n = int(m[1]), int(m[2])
        if area not in ALL_AREAS:
            raise _fail(name, f"there is no area {area} (1-13, corner spots 14-17)")
        if area <= last:
            raise _fail(name, f"write the areas in increasing order, each once ({area})")
        if n == 0:
            raise _fail(name, f"leave out empty areas ({part})")
        row[area] = n
        last = area
    if keeper is None:
        raise _fail(name, "no goalkeeper: write its area first (g2)")
    if keeper not in AREAS:
        raise _fail(name, f"the goalkeeper must be in an area 1-13, not {keeper}")
    if sum(row) > 10:
        raise _fail(name, f"{sum(row)} outfield players: a team has at most 10")
    return keeper, row


def _counts_text(rows: list[list[int]]) -> str:
    return "/".join(_list_text([f"{a}:{n}" for a, n in enumerate(r) if n], ",", str) for r in rows)


def _read_counts(text: str, name: str) -> list[list[int]]:
    def row(part: str) -> list[int]:
        out = [0] * N_SLOTS
        last = -1
        for item in [] if part == "-" else part.split(","):
            a, _, n = item.partition(":")
            area, count = _nat(a), _nat(n)
            if area >= N_SLOTS or area <= last or count == 0:
                raise ValueError(f"{item!r}: areas 0-17 in increasing order, counts from 1")
            out[area], last = count, area
        return out

    return _pair(text, row)


def _flags_text(pair: list[bool]) -> str:
    return "".join(letter for letter, on in zip(TEAM_LETTERS, pair, strict=True) if on)


def _read_flags(text: str) -> list[bool]:
    if text not in ("w", "e", "we"):
        raise ValueError(f"{text!r}: write w, e or we (the teams it applies to)")
    return [letter in text for letter in TEAM_LETTERS]


def _nat_pair(text: str) -> list[int]:
    return _pair(text, _nat)


def _nat_pair_text(v: list[int]) -> str:
    return f"{v[0]}/{v[1]}"


def _roles_text(v: list[dict[str, int]]) -> str:
    return "/".join(_list_text([f"{n}{k}" for k, n in r.items()], ".", str) for r in v)


def _read_roles(text: str) -> list[dict[str, int]]:
    def one(part: str) -> dict[str, int]:
        out: dict[str, int] = {}
        for item in [] if part == "-" else part.split("."):
            m = re.fullmatch(r"(0|[1-9][0-9]*)([a-z]+)", item)
            if not m or m[2] in out:
                raise ValueError(f"{item!r} is not a role count like 2am, once per role")
            out[m[2]] = int(m[1])
        return out

    return _pair(text, one)


def _rules_text(rules: list[str]) -> str:
    if rules == list(advanced.ALL):
        return "all"
    return ",".join(rules) if rules else "none"


def _read_rules(text: str) -> list[str]:
    if text == "all":
        return list(advanced.ALL)
    if text == "none":
        return []
    rules = text.split(",")
    for name in rules:
        if name not in advanced.RULES:
            raise ValueError(f"there is no advanced rule {name!r} ({', '.join(advanced.ALL)})")
    if rules != advanced.ordered(rules) or len(set(rules)) != len(rules):
        raise ValueError(f"write each rule once, in this order: {','.join(advanced.ALL)}")
    try:
        advanced.check(rules)
    except RulesError as exc:
        raise ValueError(str(exc)) from None
    return rules


def _skill_text(item: tuple[str, int]) -> str:
    key, times = item
    if times == LOST:
        return f"{key}:lost"
    return f"{key}:{times}" if times else key


def _read_skills(text: str) -> dict[str, int]:
    """One team's skills (A11), in its choice order: ``key``, ``key:n`` (played n times) or
    ``key:lost`` (A13 injured star player)."""
    out: dict[str, int] = {}
    for item in [] if text == "-" else text.split("."):
        key, sep, times = item.partition(":")
        if key not in SKILLS:
            raise ValueError(f"there is no skill {key!r} (write its key, e.g. clinical_finisher)")
        if key in out:
            raise ValueError(f"{key} is written twice: write each skill of a team once")
        if not sep:
            out[key] = 0
        elif times == "lost":
            out[key] = LOST
        else:
            try:
                out[key] = _nat(times)
            except ValueError:
                raise ValueError(
                    f"{item!r}: write {key}:n for a skill played n times, {key}:lost for one "
                    "lost to an injured star player"
                ) from None
    return out


def _weather(text: str) -> str:
    if text not in WEATHERS:
        raise ValueError(f"there is no weather {text!r} ({', '.join(WEATHERS)})")
    return text


_FRESH = FubaState()


def _options_rest(options: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in options.items() if k != "advanced"}


# Tagged fields in the order they are written: name -> (write or None when at its default,
# read into the state). Any state field not named here is written generically by its name.
_TAG_ORDER = (
    "kick", "turns", "shots", "yellow", "red", "pass", "moved", "locked", "kmoved",
    "klocked", "rules", "options", "roles", "cond", "spent", "tired", "subs", "injured",
    "khurt", "weather", "skills", "coachoff", "over",
)  # fmt: skip
_TAG_FIELDS = {
    "kick": "first_half_ct",
    "turns": "turns",
    "shots": "goal_attempts",
    "yellow": "yellows",
    "red": "reds",
    "pass": "last_pass",
    "moved": "moved",
    "locked": "locked",
    "kmoved": "keeper_moved",
    "klocked": "keeper_locked",
    "roles": "roles",
    "cond": "condition",
    "spent": "spent",
    "tired": "tired",
    "subs": "subs",
    "injured": "injured",
    "khurt": "keeper_hurt",
    "weather": "weather",
    "skills": "skills",
    "coachoff": "coach_off",
    "over": "over",
}
_TAG_WRITE: dict[str, Callable[[Any], str]] = {
    "kick": lambda v: TEAM_LETTERS[v],
    "turns": _nat_pair_text,
    "shots": _nat_pair_text,
    "yellow": _nat_pair_text,
    "red": _nat_pair_text,
    "pass": lambda v: f"{v[0]}>{v[1]}",
    "moved": _counts_text,
    "locked": _counts_text,
    "kmoved": _flags_text,
    "klocked": _flags_text,
    "roles": _roles_text,
    "cond": lambda v: "/".join(".".join(str(x) for x in r) for r in v),
    "spent": _nat_pair_text,
    "tired": _flags_text,
    "subs": _nat_pair_text,
    "injured": lambda v: "/".join(_list_text(r, ".", str) for r in v),
    "khurt": _flags_text,
    "weather": str,
    "skills": lambda v: "/".join(_list_text(list(r.items()), ".", _skill_text) for r in v),
    "coachoff": _flags_text,
}


def _read_pass(text: str) -> list[int]:
    a, sep, b = text.partition(">")
    if not sep:
        raise ValueError(f"{text!r} is not from>to (e.g. 7>9)")
    return [_nat(a), _nat(b)]


def _read_cond(text: str) -> list[list[int]]:
    def one(part: str) -> list[int]:
        points = part.split(".")
        if len(points) != 3:
            raise ValueError(f"{part!r}: write defence.midfield.attack points, e.g. 4.4.2")
        return [_nat(x) for x in points]

    return _pair(text, one)


_TAG_READ: dict[str, Callable[[str], Any]] = {
    "kick": _team,
    "turns": _nat_pair,
    "shots": _nat_pair,
    "yellow": _nat_pair,
    "red": _nat_pair,
    "pass": _read_pass,
    "moved": lambda t: _read_counts(t, "moved"),
    "locked": lambda t: _read_counts(t, "locked"),
    "kmoved": _read_flags,
    "klocked": _read_flags,
    "roles": _read_roles,
    "cond": _read_cond,
    "spent": _nat_pair,
    "tired": _read_flags,
    "subs": _nat_pair,
    "injured": lambda t: _pair(t, lambda p: _list(p, ".", _nat)),
    "khurt": _read_flags,
    "weather": _weather,
    "skills": lambda t: _pair(t, _read_skills),
    "coachoff": _read_flags,
}
_COVERED = set(_TAG_FIELDS.values()) | {
    "options", "formations", "outfield", "keeper", "ball", "value", "control", "half",
    "minute", "stoppage", "score", "agenda", "turn", "schema",
}  # fmt: skip


def _extra_fields() -> list[str]:
    """State fields added after this module: written generically under their own names."""
    return [f.name for f in fields(FubaState) if f.name not in _COVERED]


def _tags(s: FubaState) -> list[str]:
    out = []
    for tag in _TAG_ORDER:
        if tag == "rules":
            if "advanced" in s.options:
                out.append(f"rules={_rules_text(list(s.options['advanced']))}")
            continue
        if tag == "options":
            rest = _options_rest(s.options)
            if rest:
                out.append(f"options={encode(rest)}")
            continue
        if tag == "over":
            if s.over:
                out.append("over")
            continue
        name = _TAG_FIELDS[tag]
        value = getattr(s, name)
        if not _same(value, getattr(_FRESH, name)):
            out.append(f"{tag}={_TAG_WRITE[tag](value)}")
    for name in _extra_fields():
        value = getattr(s, name)
        if not _same(value, getattr(_FRESH, name)):
            out.append(f"{name}={encode(value)}")
    return out


def position(s: FubaState) -> str:
    """The position as one line (docs/fuba-position.md).

    >>> from engine.fuba import FUBA
    >>> position(FUBA.initial())
    '-/- g2 g12 7 2 - h1:0 0-0 formation:-/-:0 pre'
    """
    clock = f"h{s.half}:{s.minute}" + (f"+{s.stoppage}" if s.stoppage else "")
    agenda = ";".join(_step_text(step) for step in s.agenda) or "-"
    core = [
        "/".join(_shape_text(f) for f in s.formations),
        _pieces_text(s, 0),
        _pieces_text(s, 1),
        str(s.ball),
        str(s.value),
        "-" if s.control == -1 else TEAM_LETTERS[s.control],
        clock,
        f"{s.score[0]}-{s.score[1]}",
        agenda,
        _turn_text(s),
    ]
    return " ".join(core + _tags(s))


# ----------------------------------------------------------------------------------------
# reading


def from_position(text: str) -> FubaState:
    """The state a position text describes; raises ``PositionError`` naming the faulty field.

    >>> from engine.fuba import FUBA
    >>> from_position('-/- g2 g12 7 2 - h1:0 0-0 formation:-/-:0 pre') == FUBA.initial()
    True
    """
    if not isinstance(text, str):
        raise PositionError(f"a position is text, not {type(text).__name__}")
    text = text.strip()
    parts = text.split(" ") if text else []
    if "" in parts:
        raise PositionError("separate the fields with single spaces")
    if len(parts) < len(FIELDS):
        raise PositionError(
            f"a position has at least {len(FIELDS)} fields ({' '.join(FIELDS)}); "
            f"this one has {len(parts)}"
        )
    s = FubaState()
    core = dict(zip(FIELDS, parts, strict=False))
    _read_core(s, core)
    _read_tags(s, parts[len(FIELDS) :])
    s.turn = _read_turn(core["turn"], s)
    _check(s)
    again = position(s)
    if again != text:
        _canonical(text, again)
    return s


def _read_core(s: FubaState, core: dict[str, str]) -> None:
    try:
        s.formations = _pair(core["formations"], _shape)
    except ValueError as exc:
        raise _fail(
            "formations", f"{exc}; write west/east like 4-4-2/5-3-2, - if not chosen"
        ) from None
    for team, shape in enumerate(s.formations):
        if shape is not None:
            try:
                formations.parse(shape)
            except RulesError as exc:
                raise _fail("formations", f"{SIDES[team]}: {exc}") from None
    for team, name in enumerate(("west", "east")):
        s.keeper[team], s.outfield[team] = _read_pieces(core[name], name)
    s.ball = _number(core["ball"], "ball", 1, max(ALL_AREAS), "an area 1-17")
    s.value = _number(core["value"], "value", 1, 6, "a ball value 1-6")
    control = core["control"]
    if control not in ("w", "e", "-"):
        raise _fail("control", f"{control!r}: write w or e (the team with the ball), - before it")
    s.control = -1 if control == "-" else TEAM_LETTERS.index(control)
    _read_clock(s, core["clock"])
    m = re.fullmatch(r"(0|[1-9][0-9]*)-(0|[1-9][0-9]*)", core["score"])
    if not m:
        raise _fail("score", f"{core['score']!r}: write west-east goals, e.g. 1-0")
    s.score = [int(m[1]), int(m[2])]
    s.agenda = _read_agenda(core["agenda"])


def _number(text: str, name: str, low: int, high: int, what: str) -> int:
    try:
        n = _nat(text)
    except ValueError:
        n = -1
    if not low <= n <= high:
        raise _fail(name, f"{text!r} is not {what}")
    return n


def _read_clock(s: FubaState, text: str) -> None:
    m = re.fullmatch(r"h([12]):(0|[1-9][0-9]*)(?:\+([1-9][0-9]*))?", text)
    if not m:
        raise _fail("clock", f"{text!r}: write the half and minute, e.g. h1:23, h2:90+2")
    s.half, s.minute, s.stoppage = int(m[1]), int(m[2]), int(m[3] or 0)
    start, end = 45 * (s.half - 1), 45 * s.half
    if not start <= s.minute <= end:
        raise _fail("clock", f"half {s.half} runs from minute {start} to {end}, not {s.minute}")
    if s.stoppage and s.minute != end:
        raise _fail("clock", f"stoppage time starts at minute {end}")
    if s.stoppage > LAST_STOPPAGE:
        raise _fail("clock", f"stoppage time has {LAST_STOPPAGE} squares, not {s.stoppage}")


def _read_agenda(text: str) -> list[Step]:
    if text == "-":
        return []
    reader = _Reader(text, "agenda")
    steps = [_read_step(reader)]
    while reader.peek() == ";":
        reader.at += 1
        steps.append(_read_step(reader))
    if not reader.done():
        raise reader.fail("steps are separated by ';'")
    return steps


def _read_tags(s: FubaState, parts: list[str]) -> None:
    extras = _extra_fields()
    order = list(_TAG_ORDER) + extras
    last = -1
    for part in parts:
        tag, sep, value = part.partition("=")
        if tag == "over" and not sep:
            s.over = True
        elif tag not in order or tag == "over":
            known = ", ".join(order)
            raise PositionError(f"{part!r} is not a field of a position (tagged fields: {known})")
        elif tag == "rules":
            try:
                s.options["advanced"] = _read_rules(value)
            except ValueError as exc:
                raise _fail("rules", str(exc)) from None
        elif tag == "options":
            rest = decode(value, "options")
            if not isinstance(rest, dict) or "advanced" in rest:
                raise _fail("options", "write the other match options as {name=value,...}")
            s.options.update(rest)
        elif tag in extras:
            setattr(s, tag, decode(value, tag))
        else:
            try:
                setattr(s, _TAG_FIELDS[tag], _TAG_READ[tag](value))
            except ValueError as exc:
                raise _fail(tag, str(exc)) from None
        at = order.index(tag)
        if at <= last:
            raise _fail(tag, f"written twice or out of order (the order is: {', '.join(order)})")
        last = at


def _check(s: FubaState) -> None:
    """Refuse positions the engine could not play on."""
    for team in (0, 1):
        total = sum(s.outfield[team])
        if s.reds[team] > 10:
            raise _fail("red", f"{SIDES[team]} has only 10 outfield players to send off")
        for name in ("moved", "locked"):
            row = getattr(s, name)[team]
            if row[0]:
                raise _fail(name, "there is no area 0")
        if total + len(s.injured[team]) > 10:
            raise _fail("injured", f"{SIDES[team]} would have more than 10 outfield players")
        if sum(s.condition[team]) > TOTAL_CAP:
            raise _fail("cond", f"{SIDES[team]} has more than {TOTAL_CAP} condition points")
    if s.first_half_ct == -1 and s.control != -1:
        raise _fail("kick", "write which team kicked off the first half (kick=w or kick=e)")
    if s.last_pass is not None and any(a not in ALL_AREAS for a in s.last_pass):
        raise _fail("pass", "a pass goes between areas 1-17")
    if s.over:
        if s.agenda:
            raise _fail("agenda", "a match that is over has nothing pending: write -")
        return
    if not s.agenda:
        raise _fail("agenda", "nothing is pending: write the current decision (e.g. target:w)")
    if s.control == -1 and s.turn.get("stage") != "pre":
        raise _fail("control", "only the kick-off decides who has the ball first: write w or e")
    for step in s.agenda:
        _check_step(step)
    try:
        pending = decisions.pending(s)
    except (KeyError, IndexError, TypeError, ValueError, AttributeError, RulesError) as exc:
        raise _fail(
            "agenda", f"the engine cannot play {_step_text(s.agenda[0])} here ({exc!r})"
        ) from None
    if not pending:
        raise _fail("agenda", f"{_step_text(s.agenda[0])} offers no decision here")


def _check_step(step: Any) -> None:
    if not isinstance(step, dict) or not isinstance(step.get("k"), str):
        raise _fail("agenda", f"{encode(step)} is not a step (write its kind first)")
    k = step["k"]
    known = decisions._PENDING  # every step kind the engine can play
    if k not in known:
        raise _fail("agenda", f"there is no step {k!r} ({', '.join(known)})")
    if "team" in step and step["team"] not in (0, 1):
        raise _fail("agenda", f"{_step_text(step)}: the team is w or e")
    if k == "roll" and step.get("for") not in match._ROLLS:
        raise _fail("agenda", f"there is no roll for {step.get('for')!r}")
    if k == "roll" and not (_is_int(step.get("n")) and 1 <= step["n"] <= 3):
        raise _fail("agenda", "a roll is of 1 to 3 dice")


def _canonical(text: str, again: str) -> None:
    """Refuse a readable but non-canonical text, saying how to write the first difference."""
    got, want = text.split(" "), again.split(" ")
    for i, (a, b) in enumerate(zip(got, want, strict=False)):
        if a != b:
            name = FIELDS[i] if i < len(FIELDS) else b.partition("=")[0]
            raise _fail(name, f"write {b!r} here, not {a!r} (the position's one spelling)")
    if len(got) > len(want):
        name = got[len(want)].partition("=")[0]
        raise _fail(name, "leave it out: it holds the default")
    raise PositionError(f"write the position as {again!r}")
