"""What the Sports Dice Soccer board reads from a match view (a plain dict): the sections, the
ball's section, both teams' dice rows, the last play and whose decision it is.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from render.dicesoccer.geometry import (
    BALL,
    BLANK,
    DICE,
    NONE,
    OUT,
    PLURAL,
    RED,
    ROLLED,
    SIDES,
    SINGULAR,
    SYMBOLS,
)

# -- reading the view -------------------------------------------------------------------------


def team_of(view: dict[str, Any], side: str | None) -> int | None:
    sides = view.get("sides") or list(SIDES)
    return sides.index(side) if side in sides else None


def sections_of(view: dict[str, Any]) -> int:
    zone = view.get("ball_zone")
    if zone:
        return int(zone["of"])
    return int((view.get("options") or {}).get("sections", 3))


def ball_section(view: dict[str, Any]) -> int:
    """The ball's section (1 = next to White's goal), 0 before the kick-off. Read from
    ``ball_zone`` (``depth`` 1 = just past the halfway line), else from ``ball``."""
    zone = view.get("ball_zone")
    if zone:
        n, depth = int(zone["of"]), int(zone["depth"])
        return n + 1 - depth if team_of(view, zone["half"]) == 0 else n + depth
    return int(view.get("ball") or 0)


def _plural(symbol: str, count: int) -> str:
    return f"{count} {SINGULAR[symbol] if count == 1 else PLURAL[symbol]}"


def _top(symbols: Sequence[str], only_balls: bool) -> tuple[int, list[str]]:
    """(the highest count, the symbols reaching it); at a goal attempt only balls count."""
    if only_balls:
        return sum(1 for s in symbols if s == BALL), [BALL]
    counts = {s: 0 for s in SYMBOLS}
    for s in symbols:
        counts[s] = counts.get(s, 0) + 1
    top = max(counts.values())
    return top, [s for s in SYMBOLS if counts[s] == top and top > 0]


Row = tuple[tuple[Any, str, bool], ...]  # per die: (symbol or pips or None, state, counts)


def dice_rows(view: dict[str, Any]) -> tuple[str, tuple[Row, Row], tuple[str, str]]:
    """(the dice panel's title, each team's six dice, each team's count line)."""
    step = view.get("step") or {}
    k = step.get("k")
    roll = view.get("roll") or {}
    fewer = [int((view.get("dice_fewer") or {}).get(s, 0)) for s in SIDES]
    if k == "toss":
        values = step.get("dice") or [None, None]
        rows = tuple(
            ((v, ROLLED if v else BLANK, False),) + ((None, NONE, False),) * (DICE - 1)
            for v in values
        )
        return "POWER CHIP TOSS · the higher die wins the chip", rows, ("", "")  # type: ignore[return-value]
    purpose = roll.get("for", "play")
    shown = [(view.get("dice_symbols") or {}).get(s) for s in SIDES]
    plays: list[list[str] | None] = [None, None]
    only_balls = purpose in ("shot", "free_kick")
    last = view.get("last")
    if k in ("start", None) or view.get("over") or (shown == [None, None] and last):
        n = [DICE - f for f in fewer]
        if last and k != "start":
            shown = list(last.get("symbols") or [None, None])
            purpose = last.get("for", "play")
            only_balls = purpose in ("shot", "free_kick")
            chosen = last.get("symbol")
            plays = [list(p) for p in last.get("plays") or [[], []]]
            if chosen and plays[last["winner"]] and chosen in plays[last["winner"]]:
                plays[last["winner"]] = [chosen]
            if only_balls:
                plays = [[BALL], [BALL]]
            title = f"LAST ROLL · {_purpose(purpose)}"
        else:
            shown = [None, None]
            title = "KICK-OFF · the toss winner chooses offense or defense"
        if view.get("over"):
            title = f"FULL TIME · last roll: {_purpose(purpose)}" if last else "FULL TIME"
    else:
        n = list(roll.get("n") or [DICE - f for f in fewer])
        title = f"NOW ROLLING · {_purpose(purpose)}"
        if k in ("reroll", "reroll_dice"):
            title += " · Power Chip re-roll"
        elif k == "chip":
            title += " · a tie: the Power Chip decides"
        elif k == "pick":
            title += " · a tie inside the winner's roll"
    rows: list[Row] = []
    counts: list[str] = []
    for t in (0, 1):
        symbols = shown[t]
        if symbols is None:
            row = [(None, BLANK, False)] * n[t]
            counts.append("")
        else:
            top, best = _top(symbols, only_balls)
            if plays[t] is not None:
                best = [s for s in plays[t] or [] if s in SYMBOLS]
            if only_balls:
                counts.append(_plural(BALL, top))
            elif best:
                counts.append(" = ".join(_plural(s, top) for s in best))
            else:
                counts.append("")
            row = [(s, ROLLED, s in best) for s in symbols]
        row += [(None, OUT, False)] * (DICE - len(row))
        rows.append(tuple(row[:DICE]))
    return title, (rows[0], rows[1]), (counts[0], counts[1])


def _purpose(purpose: str) -> str:
    return {
        "play": "play",
        "shot": "shot at goal (only balls count)",
        "free_kick": "free kick at goal (only balls count)",
    }.get(purpose, purpose.replace("_", " "))


def last_text(view: dict[str, Any], names: Sequence[str]) -> str:
    """The last resolved roll in one line, e.g. "Last roll: White 4 balls v Black 3 kicks ·
    White advances 4 → 5" (sections numbered from White's goal, as on the board)."""
    last = view.get("last")
    if not last:
        return ""
    w = int(last["winner"])
    counts, plays = last.get("counts") or [0, 0], last.get("plays") or [[BALL], [BALL]]
    purpose = last.get("for", "play")
    only_balls = purpose in ("shot", "free_kick")
    symbol = last.get("symbol")

    def said(t: int) -> str:
        sym = BALL if only_balls else (symbol if t == w and symbol else (plays[t] or [BALL])[0])
        return f"{names[t]} {_plural(sym, int(counts[t]))}"

    head = {"shot": "Shot", "free_kick": "Free kick"}.get(purpose, "Last roll")
    text = f"{head}: {said(0)} v {said(1)}"
    who, kind = names[w], last.get("kind")
    a, b = last.get("ball_from"), last.get("ball_to")
    if only_balls:
        scored = last.get("scored")
        text += f" · GOAL for {who}!" if scored else f" · {who} blocks"
    elif kind == "goal":
        scorer = names[int(last.get("goal_for", w))]
        text += f" · GOAL for {scorer}!"
    elif kind == "advance" and a and b:
        text += f" · {who} advances {a} → {b}"
    elif kind == "push_back" and a and b:
        text += f" · {who} pushes back {a} → {b}"
    elif kind == "clear" and b:
        text += f" · {who} clears to {b}"
    elif kind == "shot":
        text += f" · {who} gets a shot at goal"
    elif kind == "free_kick":
        text += f" · {who} gets a free kick"
    else:
        text += f" · {who} wins the roll"
    if symbol == RED and not only_balls:
        text += ", red card"
    by = last.get("by")
    text += {
        "chip": " (Power Chip)",
        "keep": " (chip kept)",
        "reroll_tie": " (re-roll tie lost)",
    }.get(by, "")
    return text


def pending_text(view: dict[str, Any], names: Sequence[str]) -> str:
    if view.get("over"):
        w = team_of(view, view.get("winner_side"))
        score = view.get("score") or [0, 0]
        if w is None:
            return "The match is over."
        return f"Full time: {names[w]} wins {score[w]}–{score[1 - w]}."
    pending = view.get("pending") or []
    if not pending:
        return ""
    teams = sorted({t for p in pending if (t := team_of(view, p.get("actor"))) is not None})
    who = " and ".join(names[t] for t in teams)
    return f"{who} to play: {pending[0].get('prompt', '')}"
