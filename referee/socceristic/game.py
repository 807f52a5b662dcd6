"""The Socceristic adapter of the referee: narration, board images, the coach, typed commands,
the team sheet and statistics.

>>> parse("roll"), parse("roll 4")
(('roll', {}), ('roll', {'dice': '4'}))
>>> parse("direction ne"), parse("North-East")
(('direction', {'direction': 'NE'}), ('direction', {'direction': 'NE'}))
>>> parse("end north"), parse("corner west"), parse("draw")
(('end', {'end': 'north'}), ('corner', {'side': 'west'}), ('draw', {}))
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from engine import registry
from engine.core import Action, Decision, Event, MalformedAction
from engine.socceristic import levels, winprob
from engine.socceristic.options import SIDES
from engine.socceristic.pitch import DIRECTION_WORDS, DIRECTIONS, ENDS
from referee.adapter import Game, JSONData, card_colour, chart_marks, half_time
from referee.socceristic.narration import (
    SIDE_NAMES,
    caption,
    direction,
    narrate,
    player,
)
from referee.socceristic.options import (
    length_words,
    seeded_rules,
)
from referee.socceristic.sheet import statistics

# The typed commands for each kind of decision: the terminal's help shows those of the
# decision at hand first, then all of them.
_USAGE = {
    "roll": "roll (the bot rolls) or roll 4 (physical dice: the values you rolled)",
    "direction": "direction ne, or just ne or north-east (where the ball goes)",
    "end": "end north or end south (the end you defend in the first half)",
    "draw": "draw (the bot turns the top card over)",
    "corner": "corner west or corner east (where the corner is taken)",
}
_HELP = f"Type a number from the list, or a command: {'; '.join(_USAGE.values())}."

# "ne", "north-east", "north east", "northeast" -> "NE"
_DIRECTION_NAMES = {
    **{d.lower(): d for d in DIRECTIONS},
    **{w.replace("-", ""): d for d, w in DIRECTION_WORDS.items()},
}
_SIDES_OF_PITCH = ("west", "east")


def _direction(words: list[str]) -> str | None:
    """A direction typed in any of its forms, or None."""
    key = "".join(words).replace("-", "").replace("_", "")
    return _DIRECTION_NAMES.get(key)


def parse(text: str) -> tuple[str, JSONData]:
    """A typed Socceristic command -> (action kind, args); the engine checks the rest (which
    directions keep the ball on the pitch, whose decision it is). Typed dice stay text: the
    referee reads them."""
    words = text.strip().lower().replace(",", " ").split()
    if not words:
        raise MalformedAction(_HELP)
    kind, rest = words[0], words[1:]
    if kind == "roll":
        if any(not w.isdigit() for w in rest):
            raise MalformedAction(
                'Type the dice you rolled as numbers, e.g. "roll 4" or "roll 5 2".'
            )
        return "roll", ({"dice": " ".join(rest)} if rest else {})
    if kind == "draw":
        if rest and rest not in (["card"], ["a", "card"]):
            raise MalformedAction('Type "draw" to turn the top card over.')
        return "draw", {}
    if kind in ("direction", "go", "kick", "pass"):
        found = _direction(rest)
        if found is None:
            raise MalformedAction(
                "Name a direction: n, ne, e, se, s, sw, w or nw (or north, north-east...), "
                "e.g. direction ne."
            )
        return "direction", {"direction": found}
    found = _direction(words)
    if found is not None:
        return "direction", {"direction": found}
    if kind in ("end", "defend"):
        if len(rest) != 1 or rest[0] not in ENDS:
            raise MalformedAction("Write it like this: end north (or end south).")
        return "end", {"end": rest[0]}
    if kind == "corner":
        if len(rest) != 1 or rest[0] not in _SIDES_OF_PITCH:
            raise MalformedAction("Write it like this: corner west (or corner east).")
        return "corner", {"side": rest[0]}
    if kind in ("help", "?"):
        raise MalformedAction(_HELP)
    raise MalformedAction(f"I do not know {words[0]!r}. {_HELP}")


# -- images ------------------------------------------------------------------------------


def render_png(view: JSONData, names: Sequence[str], events: Sequence[Event] = ()) -> bytes:
    """The pitch with its symbols, the ball, the last card, the score and a short caption of
    ``events`` (a goal, a card, a chance...)."""
    from render.socceristic.board import render_png as render  # Pillow only when asked for

    return render(view, names, caption(events) or "")


def replay(steps: Sequence[tuple[Any, list[Event]]], names: Sequence[str]) -> bytes | None:
    """The match as an animated GIF: the board at every kick-off, after every move and at the
    end."""
    from referee.socceristic.frames import HOLD_MS, frames
    from render.socceristic.replay import replay_gif

    shots = frames(steps)
    if not shots:
        return None
    return replay_gif([(f.view, f.caption or "", HOLD_MS[f.kind]) for f in shots], names=names)


def score(state: Any) -> dict[str, int]:
    return {side: int(state.score[i]) for i, side in enumerate(SIDES)}


def result(state: Any) -> JSONData:
    """The winner (None for a draw) and the score at full time."""
    return {
        "winner": SIDES[state.winner] if state.winner >= 0 else None,
        "score": score(state),
        "reason": "full_time",
    }


def kicked_off(state: Any) -> bool:
    """Play has begun once the first kick-off die is rolled: the toss and the choice of ends
    can still be called off."""
    if state.over or state.half > 1:
        return True
    # the engine counts a move when it asks for its roll: the first kick-off's is move 1
    return state.half == 1 and (state.moves > 1 or state.step.get("k") != "kickoff")


def demo(
    seed: int, as_json: bool, out: TextIO, out_dir: Path | None = None, options: str = ""
) -> int:
    """The offline demo (``referee.socceristic.demo``), with match options typed as
    "length=20 minutes home=Ann, Bob"."""
    from referee.socceristic.demo import run_demo

    return run_demo(seed, as_json, out, out_dir, options)


def stamp(state: Any, action: Action, now: float) -> Action:
    """In a match played in minutes, ``action`` with the time it was taken (``at``, UTC
    seconds): the engine runs the clock from it. A match in moves needs no time."""
    if "minutes" not in (state.options.get("length") or {}):
        return action
    return Action(action.actor, action.kind, {**action.args, "at": now})


# -- what is pending, and the match at a glance -------------------------------------------

_ROLLS = {
    "toss": "for the toss",
    "kickoff": "for the kick-off",
    "arrow": "to follow the arrow",
    "free": "to move the ball in a direction of your choice",
    "tackle": "for the tackle",
    "bounce": "for the bounce-up",
    "throw_in": "for the throw-in",
    "place": "to place the goal kick",
    "kick": "to take the goal kick",
    "corner": "for the corner",
}
_SHIRTS = {
    "injury": "for the injured player's shirt",
    "caution": "for the shirt of the player booked",
    "scorer": "for the scorer's shirt",
}
_TASKS = {
    "end": "choose the end to defend in the first half",
    "direction": "choose the direction the ball goes",
    "corner": "choose the side to take the corner from",
}
_DECKS = {"outcome": "an Outcome card", "referee": "a Referee's Decision card"}


def task(decision: Decision) -> str:
    """A pending decision in a player's words, to follow "Home must first ...".

    >>> task(Decision("home", "roll", "Roll.", dice=1, info={"purpose": "arrow",
    ...                                                       "direction": "NE"}))
    'roll 1 die to follow the arrow north-east'
    >>> task(Decision("away", "roll", "Roll.", dice=2, info={"purpose": "scorer", "shirt": True}))
    "roll 2 dice for the scorer's shirt"
    >>> task(Decision("home", "draw", "Draw.", info={"deck": "referee", "section": ""}))
    "draw a Referee's Decision card"
    """
    info = decision.info
    if decision.dice:
        n = decision.dice
        dice = f"roll {n} {'die' if n == 1 else 'dice'}"
        purpose = info.get("purpose", "")
        if info.get("shirt"):  # a player named by two dice: a scorer, a card, an injury
            return f"{dice} {_SHIRTS.get(purpose, 'for a shirt number')}"
        if purpose == "injury":
            return f"{dice} for the injury check"
        why = _ROLLS.get(purpose)
        if purpose == "arrow" and info.get("direction"):
            why = f"{why} {direction(info['direction'])}"
        return " ".join(filter(None, (dice, why)))
    if decision.kind == "draw":
        return f"draw {_DECKS.get(info.get('deck', ''), 'a card')}"
    return _TASKS.get(decision.kind, "decide")


def _clock(view: JSONData) -> str:
    """The half and the moves played or the clock, against the length agreed."""
    length = (view.get("options") or {}).get("length") or {}
    agreed = length_words(length)
    half = int(view.get("half") or 0)
    if view.get("over"):
        return f"Full time ({agreed})"
    if half == 0:
        return f"Before the kick-off ({agreed})"
    name = "First half" if half == 1 else "Second half"
    if "minutes" in length:
        played = int(float(view.get("clock") or 0))
        total = (int(length["minutes"]) + int(length.get("added", 0))) * 60
        return f"{name}, {played // 60}:{played % 60:02d} of {total // 60}:00 ({agreed})"
    return f"{name}, move {int(view.get('moves') or 0)} of {int(length.get('moves', 0))}"


_SYMBOL_WORDS = {
    "lose": "lose possession",
    "tackle": "a tackle",
    "whistle": "the referee's whistle",
    "pass_back": "a pass back",
}


def _ball(view: JSONData) -> str | None:
    """Where the ball is, the symbol of its square in words, and who has it."""
    ball, sq = view.get("ball"), view.get("ball_square")
    if ball is None or not sq:
        return None
    symbol = sq.get("symbol", "")
    words = (
        f"an arrow pointing {direction(symbol)}"
        if symbol in DIRECTION_WORDS
        else _SYMBOL_WORDS.get(symbol, symbol)
    )
    pitch = (view.get("options") or {}).get("pitch") or {}
    if (
        symbol == "whistle"
        and ball[0] == _centre_spot_x(pitch)
        and ball[1] == pitch.get("centre_row")
    ):
        words = "the centre spot"
    border = sq.get("border")
    if border:
        words += f", {border} border"
    where = f"column {sq.get('column')}, row {int(ball[1]) + 1} from the north"
    zone = sq.get("zone")
    if zone:
        end = "north" if int(ball[1]) < int(pitch.get("centre_row", 0)) else "south"
        area = "penalty box" if zone == "box" else "Lighter Green Zone"
        where += f", in the {end} {area}"
    holder = int(view.get("possession", -1))
    has = f"; {SIDE_NAMES[holder]} has it" if holder >= 0 else ""
    return f"Ball: {where} ({words}){has}"


def _centre_spot_x(pitch: JSONData) -> int | None:
    columns = pitch.get("columns") or []
    spot = pitch.get("centre_spot")
    return columns.index(spot) if spot in columns else None


def _decks(view: JSONData) -> str | None:
    decks = view.get("decks") or {}
    parts = [
        f"{title} {int(decks[name]['left'])} of {int(decks[name]['size'])}"
        for name, title in (("outcome", "Outcome"), ("referee", "Referee's Decision"))
        if name in decks and "left" in decks[name]
    ]
    return f"Cards left: {', '.join(parts)}" if parts else None


def _cautions(view: JSONData) -> str:
    shown = [
        f"{SIDE_NAMES[int(c['team'])]} {player(int(c['shirt']), c.get('name'))} "
        f"({c.get('colour', 'yellow')})"
        for c in (view.get("sheet") or {}).get("cautions") or ()
    ]
    return f"Cards shown: {'; '.join(shown) if shown else 'none'}"


def status_lines(view: JSONData) -> list[str]:
    """The match at a glance for ``/socceristic status``: the half and the moves or the
    clock, the ends, the ball's square and its symbol in words, the cards left in each deck
    and the cards shown so far.

    >>> view = {"options": {"length": {"moves": 30}, "pitch": {"centre_row": 8,
    ...     "columns": [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], "centre_spot": 7}}, "half": 1,
    ...     "moves": 12, "ends": ["north", "south"], "ball": [5, 3], "possession": 0,
    ...     "ball_square": {"symbol": "NE", "border": "", "zone": "green", "column": 7},
    ...     "decks": {"outcome": {"left": 9, "size": 12}, "referee": {"left": 12, "size": 12}},
    ...     "sheet": {"cautions": [{"team": 1, "shirt": 4, "name": "Bo", "colour": "yellow"}]}}
    >>> status_lines(view)  # doctest: +NORMALIZE_WHITESPACE
    ['First half, move 12 of 30', 'Ends: Home defends north, Away south',
     'Ball: column 7, row 4 from the north, in the north Lighter Green Zone (an arrow pointing
     north-east); Home has it', "Cards left: Outcome 9 of 12, Referee's Decision 12 of 12",
     'Cards shown: Away No. 4 Bo (yellow)']
    """
    lines = [_clock(view)]
    ends = view.get("ends") or ["", ""]
    if all(ends):
        lines.append(f"Ends: Home defends {ends[0]}, Away {ends[1]}")
    if not view.get("over"):
        ball = _ball(view)
        if ball:
            lines.append(ball)
    decks = _decks(view)
    if decks:
        lines.append(decks)
    lines.append(_cautions(view))
    return lines


def highlight(event: Event) -> bool:
    """Goals, red cards, half time and full time stay in the match's history."""
    if event.kind == "caution":
        return event.data.get("colour") == "red"
    return event.kind in ("goal", "half_time", "full_time")


SOCCERISTIC_GAME = Game(
    name="socceristic",
    title="Socceristic",
    ruleset=registry.get("socceristic"),
    side_names=dict(zip(SIDES, SIDE_NAMES, strict=True)),
    narrate=narrate,
    render_png=render_png,
    coach=levels.coach,
    chances=winprob.chances,
    chart_marks=chart_marks(SIDES, card_colour("caution", "colour")),
    chart_tick=half_time,
    result=result,
    score=score,
    kicked_off=kicked_off,
    parse=parse,
    commands=_HELP,
    usage=_USAGE,
    statistics=statistics,
    replay=replay,
    demo=demo,
    rule_levels={"basic": {}},
    task=task,
    status_lines=status_lines,
    highlight=highlight,
    stamp=stamp,
    seeded_rules=seeded_rules,
)
