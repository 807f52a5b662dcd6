"""A2 advanced formations: player roles chosen secretly with the formation.

Roles are written as short tokens: ``2am`` two attacking midfielders, ``1dm`` one defending
midfielder, ``acb`` an attacking centre-back, ``ws`` a withdrawn striker, ``owb``/``2owb``
offensive wing backs, ``none``. A team's roles are stored as ``{"am": n, "dm": n, "acb": n,
"ws": n, "owb": n}`` with only the non-zero keys.

Roles only move condition points between the zones (A2 lists nothing else): the formation's
shape still sets the movement minimum (4.5) and the defenders counted for offside risk (A7).
"""

from __future__ import annotations

import re
from typing import Final

from engine.core.errors import MalformedAction, RulesError

KEYS: Final = ("am", "dm", "acb", "ws", "owb")
NAMES: Final = {
    "am": ("attacking midfielder", "attacking midfielders"),
    "dm": ("defending midfielder", "defending midfielders"),
    "acb": ("attacking centre-back", "attacking centre-backs"),
    "ws": ("withdrawn striker", "withdrawn strikers"),
    "owb": ("offensive wing back", "offensive wing backs"),
}
_TOKEN: Final = re.compile(r"^(\d*)(am|dm|acb|ws|owb)$")
Roles = dict[str, int]


def parse(text: object) -> Roles:
    """'2am 1dm owb' -> {'am': 2, 'dm': 1, 'owb': 1}; 'none' or '' -> {}."""
    if isinstance(text, dict):
        out: Roles = {}
        for key, n in text.items():
            if key not in KEYS or isinstance(n, bool) or not isinstance(n, int) or n < 0:
                raise MalformedAction(f"{key!r}: {n!r} is not a player role count.")
            if n:
                out[key] = n
        return out
    if not isinstance(text, str):
        raise MalformedAction("Write the roles as text, e.g. `2am 1dm` or `none`.")
    out = {}
    for word in text.replace(",", " ").lower().split():
        if word == "none":
            continue
        m = _TOKEN.match(word)
        if not m:
            raise MalformedAction(
                f"{word!r} is not a player role: use am, dm, acb, ws or owb with a number "
                "in front, e.g. `2am 1dm`, or `none`."
            )
        count, key = m.groups()
        n = int(count) if count else 1
        out[key] = out.get(key, 0) + n
    return {k: out[k] for k in KEYS if out.get(k)}


def problem(roles: Roles, shape: list[int]) -> str | None:
    """Why ``roles`` do not fit the formation ``shape`` (D-M-F), or None."""
    d, m, f = shape
    am, dm = roles.get("am", 0), roles.get("dm", 0)
    acb, ws, owb = roles.get("acb", 0), roles.get("ws", 0), roles.get("owb", 0)
    if am + dm > m:
        return (
            f"You have {m} midfielder{'s' if m != 1 else ''}: at most {m} can be attacking "
            "or defending midfielders."
        )
    if acb > 1:
        return "Only one defender can be an attacking centre-back."
    if ws > 1:
        return "Only one forward can be a withdrawn striker."
    if ws > f:
        return "You have no forward to play as a withdrawn striker."
    if owb > 2:
        return "At most two defenders can be offensive wing backs."
    if acb + owb > d:
        return f"You have {d} defender{'s' if d != 1 else ''}: too few for {describe(roles)}."
    return None


def check(roles: Roles, shape: list[int]) -> None:
    reason = problem(roles, shape)
    if reason:
        raise RulesError(reason)


def point_moves(roles: Roles) -> tuple[int, int, int]:
    """A2 the net change of condition points per zone (defence, midfield, attack)."""
    am, dm = roles.get("am", 0), roles.get("dm", 0)
    acb, ws, owb = roles.get("acb", 0), roles.get("ws", 0), roles.get("owb", 0)
    return (dm - acb - owb, acb + ws - am - dm, am + owb - ws)


def fit(roles: Roles, shape: list[int]) -> Roles:
    """The roles that still fit ``shape`` after a half-time change (project decision:
    roles only set the match's starting points, so dropping one changes nothing else)."""
    d, m, f = shape
    out = dict(roles)
    am = min(out.get("am", 0), m)
    out["am"], out["dm"] = am, min(out.get("dm", 0), m - am)
    out["ws"] = min(out.get("ws", 0), 1, f)
    acb = min(out.get("acb", 0), 1, d)
    out["acb"], out["owb"] = acb, min(out.get("owb", 0), 2, d - acb)
    return {k: out[k] for k in KEYS if out.get(k)}


def text(roles: Roles) -> str:
    """The roles as tokens ('2am owb'), 'none' when there are none."""
    parts = []
    for key in KEYS:
        n = roles.get(key, 0)
        if n:
            parts.append(key if n == 1 and key in ("acb", "ws", "owb") else f"{n}{key}")
    return " ".join(parts) or "none"


def describe(roles: Roles) -> str:
    """In a player's words: '2 attacking midfielders, 1 offensive wing back'."""
    parts = []
    for key in KEYS:
        n = roles.get(key, 0)
        if n:
            parts.append(f"{n} {NAMES[key][0 if n == 1 else 1]}")
    return ", ".join(parts) or "no special roles"


def presets(shape: list[int]) -> list[str]:
    """A few common role choices that fit ``shape``, ``none`` last (the default)."""
    candidates = ["1am", "2am", "3am", "1dm", "2dm", "1am 1dm", "acb", "ws", "owb", "2owb"]
    out = [c for c in candidates if problem(parse(c), shape) is None]
    return [*out, "none"]
