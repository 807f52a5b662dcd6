"""Setting a team up before a kick-off (Setup, Starting the game): the presets and a typed
layout, checked against the rules.

Every member stands in its own half, off the halfway column and outside the centre circle,
except that the kick-off team has exactly one fielder beside the centre spot with the ball in
front of its feet. The goalkeeper may stand in its own goal squares (the tip on keeping it
between the posts).

>>> from engine.simplesoccer.field import field, name
>>> f = field("standard")
>>> lay = preset_layout(f, 0, 10, True, "balanced")
>>> name(f, lay["G"]), name(f, lay["10"]), len(lay)
('goal7', 'j7', 11)
>>> check_layout(f, 0, 10, True, lay) is None
True
"""

from __future__ import annotations

import re
from collections.abc import Collection
from typing import Any

from engine.core.errors import MalformedAction, RulesError
from engine.simplesoccer.field import WEST, Field, Square, facing_of, front, name, parse

GOALKEEPER = "G"
# preset -> lines from the own goal outwards: (share of the fielders, depth in the own half)
PRESETS: dict[str, tuple[tuple[float, float], ...]] = {
    "balanced": ((0.4, 0.3), (0.4, 0.6), (0.2, 0.88)),
    "attacking": ((0.3, 0.3), (0.3, 0.6), (0.4, 0.88)),
    "defensive": ((0.5, 0.2), (0.3, 0.45), (0.2, 0.75)),
}
PRESET_LABELS = {
    "balanced": "Balanced",
    "attacking": "Attacking",
    "defensive": "Defensive",
}


def labels(fielders: int) -> list[str]:
    return [GOALKEEPER] + [str(n) for n in range(1, fielders + 1)]


def _mirror(f: Field, team: int, sq: Square) -> Square:
    return sq if team == WEST else (f.width - 1 - sq[0], sq[1])


def _shares(n: int, weights: list[float]) -> list[int]:
    raw = [w * n for w in weights]
    out = [int(r) for r in raw]
    order = sorted(range(len(raw)), key=lambda i: raw[i] - out[i], reverse=True)
    for i in order[: n - sum(out)]:
        out[i] += 1
    return out


def kicker_square(f: Field, team: int) -> Square:
    """Where the kick-off team's kicker stands in the presets: straight behind the ball."""
    cx, cy = f.centre
    return (cx - 1, cy) if team == WEST else (cx + 1, cy)


def preset_layout(
    f: Field,
    team: int,
    fielders: int,
    kickoff: bool,
    preset: str,
    playing: Collection[str] | None = None,
) -> dict[str, Square]:
    """A preset formation for ``team``: the goalkeeper between its posts, the fielders in
    lines spread over the width; the kick-off team's last fielder behind the ball.
    ``playing``: the members still playing when some were sent off (all by default)."""
    lines = PRESETS[preset]
    wanted = labels(fielders) if playing is None else [k for k in labels(fielders) if k in playing]
    out: dict[str, Square] = {}
    if GOALKEEPER in wanted:
        out[GOALKEEPER] = (f.goal_x(team), f.centre[1])
    taken = set(out.values())
    numbers = [k for k in wanted if k != GOALKEEPER]
    if kickoff and numbers:
        kicker = numbers.pop()
        out[kicker] = kicker_square(f, team)
        taken.add(out[kicker])
    counts = _shares(len(numbers), [share for share, _ in lines])
    half = f.centre[0]  # columns 0..half-1 are West's half
    it = iter(numbers)
    for (_, depth), count in zip(lines, counts, strict=True):
        x0 = min(half - 1, round(depth * (half - 1)))
        for j in range(count):
            y = min(f.height - 1, int((j + 0.5) * f.height / count))
            x = x0
            while x > 0 and (_mirror(f, team, (x, y)) in taken or f.in_circle((x, y))):
                x -= 1
            sq = _mirror(f, team, (x, y))
            while sq in taken:
                y = (y + 1) % f.height
                sq = _mirror(f, team, (x, y))
            out[next(it)] = sq
            taken.add(sq)
    return out


def parse_layout(f: Field, team: int, value: Any) -> dict[str, Square]:
    """A typed layout ("G goal7, 1 c3, 2 c11") or a mapping label -> square name."""
    if isinstance(value, dict):
        pairs = [(str(k), str(v)) for k, v in value.items()]
    elif isinstance(value, str):
        pairs = []
        for part in re.split(r"[,;\n]+", value):
            words = part.split()
            if not words:
                continue
            if len(words) != 2:
                raise MalformedAction(
                    f'{part.strip()!r}: write each member and its square, e.g. "G goal7, 1 c3".'
                )
            pairs.append((words[0], words[1]))
    else:
        raise MalformedAction('Give the layout as members and squares: "G goal7, 1 c3, 2 c11".')
    out: dict[str, Square] = {}
    for label, where in pairs:
        key = member_label(label)
        if key in out:
            raise MalformedAction(f"Member {key} is placed twice.")
        out[key] = parse(f, where, team)
    return out


def member_label(text: object) -> str:
    """ "G", "g", "gk", "goalkeeper", "goalie" -> "G"; "07" -> "7"."""
    key = str(text).strip().lower().lstrip("#")
    if key in ("g", "gk", "goalie", "goalkeeper", "keeper"):
        return GOALKEEPER
    if key.isdigit() and 1 <= int(key) <= 99:
        return str(int(key))
    raise MalformedAction(
        f"{text!r} is not a member: name the goalkeeper G and the fielders by number (7)."
    )


def check_layout(
    f: Field,
    team: int,
    fielders: int,
    kickoff: bool,
    layout: dict[str, Square],
    playing: Collection[str] | None = None,
) -> None:
    """Raise RulesError unless ``layout`` sets the team up as the rules ask; ``playing``: the
    members still playing when some were sent off (all by default)."""
    wanted = labels(fielders) if playing is None else [k for k in labels(fielders) if k in playing]
    off = [k for k in layout if k in labels(fielders) and k not in wanted]
    if off:
        gone = f"{', '.join(off)} {'was' if len(off) == 1 else 'were'} sent off"
        raise RulesError(
            f"{gone} and cannot come back: leave {'it' if len(off) == 1 else 'them'} out."
        )
    unknown = [k for k in layout if k not in wanted]
    if unknown:
        raise RulesError(
            f"Your team has no member {', '.join(unknown)}: it has G and 1 to {fielders}."
        )
    missing = [k for k in wanted if k not in layout]
    if missing:
        raise RulesError(f"Place every member: {', '.join(missing)} still missing.")
    seen: dict[Square, str] = {}
    for label, sq in layout.items():
        where = name(f, sq)
        if sq in seen:
            raise RulesError(f"{where} holds two members ({seen[sq]} and {label}).")
        seen[sq] = label
        if f.is_goal(sq):
            if label != GOALKEEPER or not f.is_goal(sq, team):
                raise RulesError("Only the goalkeeper may stand in its own goal.")
            continue
        if not f.on_board(sq):
            raise RulesError(f"{where} is off the board.")
        side = f.half(sq)
        if side is None:
            raise RulesError(f"{where} is on the halfway line: set up in your own half.")
        if side != team:
            raise RulesError(f"{where} is in the other team's half: set up in your own half.")
    facing = facing_of(team)
    inside = [k for k, sq in layout.items() if f.in_circle(sq)]
    kickers = [k for k in inside if k != GOALKEEPER and f.centre in front(layout[k], facing)]
    spots = " or ".join(name(f, sq) for sq in _kick_squares(f, team))
    if kickoff:
        if len(kickers) != 1 or len(inside) != 1:
            raise RulesError(
                "You kick off: exactly one fielder stands beside the centre spot with the ball "
                f"in front of its feet ({spots}); everyone else stays outside the centre circle."
            )
    elif inside:
        raise RulesError(
            f"{', '.join(inside)} stand{'s' if len(inside) == 1 else ''} in the centre circle: "
            "only the kick-off team's kicker may be there."
        )


def _kick_squares(f: Field, team: int) -> list[Square]:
    cx, cy = f.centre
    x = cx - 1 if team == WEST else cx + 1
    return [(x, cy - 1), (x, cy), (x, cy + 1)]
