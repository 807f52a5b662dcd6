"""Sports Dice Soccer events -> short plain-English lines, readable without the rulebook.

A whole exchange (both rolls, who wins it, the play and what follows) is told in one line when
its events come together, as with virtual dice; a lone roll (physical dice, the other team still
to roll, or a decision to come) gets a line of its own showing the dice.

>>> from engine.core import Event
>>> narrate([
...     Event("roll_won", {"for": "play", "winner": 0, "by": "count", "counts": [4, 3],
...                        "plays": [["ball"], ["kick"]], "offense": 0}),
...     Event("play", {"team": 0, "role": "offense", "symbol": "ball", "count": 4,
...                    "kind": "advance", "sections": 1, "ball_from": 4, "ball_to": 5,
...                    "offense": 0, "auto_pick": False}),
... ])
['White rolls 4 balls, Black rolls 3 kicks: White wins the roll 4-3 and advances 1 section.']
>>> narrate([Event("penalty", {"team": 1, "fewer": 1, "dice": 5})])
['Black rolls 1 die fewer until the next attempt at goal (5 dice).']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.events import Event
from referee.captions import headline

SIDE_NAMES = ("White", "Black")
Data = dict[str, Any]

_SINGULAR = {"ball": "ball", "kick": "kick", "penalty": "penalty", "red_card": "red card"}
_PLURAL = {"ball": "balls", "kick": "kicks", "penalty": "penalties", "red_card": "red cards"}


def side(team: int) -> str:
    """A team index as people see it: 0 -> "White", 1 -> "Black"."""
    return SIDE_NAMES[team]


def score_line(score: Sequence[int]) -> str:
    """The score as people read it.

    >>> score_line([2, 1])
    'White 2-1 Black'
    """
    return f"White {score[0]}-{score[1]} Black"


def _count(n: int, symbol: str) -> str:
    return f"{n} {_SINGULAR[symbol] if n == 1 else _PLURAL[symbol]}"


def _sections(n: int) -> str:
    return f"{n} section{'' if n == 1 else 's'}"


def _dice_words(n: int) -> str:
    return f"{n} {'die' if n == 1 else 'dice'}"


def _and(items: Sequence[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" and {items[-1]}"


def _team_roll(count: int, plays: Sequence[str]) -> str:
    """What a team rolled for the play: "4 balls", "3 balls and 3 kicks"."""
    return _and([_count(count, p) for p in plays])


def _tally(symbols: Sequence[str]) -> str:
    """The most frequent symbols of a roll: "4 balls", "3 balls and 3 kicks"."""
    counts = {s: symbols.count(s) for s in _SINGULAR}
    top = max(counts.values())
    return _team_roll(top, [s for s in _SINGULAR if counts[s] == top])


# -- single events ---------------------------------------------------------------------


def _toss_roll(d: Data) -> str:
    return f"{side(d['team'])} rolls {d['die']} for the Power Chip toss."


def _toss(d: Data) -> str:
    a, b = d["dice"]
    if d["winner"] < 0:
        return f"Power Chip toss: {a} each, both roll again."
    winner = side(d["winner"])
    return f"Power Chip toss: White {a}, Black {b}: {winner} wins the toss."


def _kickoff(d: Data) -> str:
    chooser, off, chip = side(d["chooser"]), side(d["offense"]), side(d["chip"])
    return (
        f"{chooser} chooses to start on {d['role']}: {off} attacks from just past the halfway "
        f"line; {chip} starts with the Power Chip."
    )


def _rolled(d: Data) -> str:
    who, symbols = side(d["team"]), d["symbols"]
    what = {"play": "for the play", "shot": "for the shot", "free_kick": "for the free kick"}
    dice = ", ".join(_SINGULAR[s] for s in symbols)
    if d["for"] == "play":
        return f"{who} rolls {what['play']}: {dice} ({_tally(symbols)})."
    return f"{who} rolls {what[d['for']]}: {dice} ({_count(symbols.count('ball'), 'ball')})."


def _reroll(d: Data) -> str:
    who, positions = side(d["team"]), d["positions"]
    which = (
        f"die {positions[0]}"
        if len(positions) == 1
        else f"dice {_and([str(p) for p in positions])}"
    )
    return (
        f"{who} uses the Power Chip to re-roll {which}; the chip passes to {side(d['chip'])}, "
        f"and {who} now loses a tie."
    )


def _reroll_declined(d: Data) -> str:
    return f"{side(d['team'])} keeps its dice and the Power Chip."


def _rerolled(d: Data) -> str:
    dice = ", ".join(_SINGULAR[s] for s in d["symbols"])
    return f"{side(d['team'])} re-rolls: now {dice} ({_tally(d['symbols'])})."


def _penalty(d: Data) -> str:
    return (
        f"{side(d['team'])} rolls {_dice_words(d['fewer'])} fewer until the next attempt at goal "
        f"({_dice_words(d['dice'])})."
    )


def _penalties_lifted(d: Data) -> str:
    teams = [side(t) for t in (0, 1) if d["penalty"][t]]
    verb = "rolls" if len(teams) == 1 else "roll"
    return f"Red cards served: {' and '.join(teams)} {verb} all six dice again."


def _restart(d: Data) -> str:
    who = side(d["offense"])
    if d["after"] == "goal":
        return f"{who} restarts on offense from just past the halfway line."
    return f"{who} goes on offense from just past the halfway line."


def _goal(d: Data) -> str:
    return f"GOAL for {side(d['team'])}! {score_line(d['score'])}."


def _match_over(d: Data) -> str:
    a, b = d["score"]
    winner = side(d["winner"])
    high, low = max(a, b), min(a, b)
    return f"FULL TIME: {winner} wins {high}-{low}."


_SIMPLE = {
    "toss_roll": _toss_roll,
    "toss": _toss,
    "kickoff": _kickoff,
    "rolled": _rolled,
    "reroll": _reroll,
    "reroll_declined": _reroll_declined,
    "rerolled": _rerolled,
    "penalty": _penalty,
    "penalties_lifted": _penalties_lifted,
    "restart": _restart,
    "goal": _goal,
    "match_over": _match_over,
}

# Events told as part of another event's line (see ``narrate``).
FORMATTERS = frozenset({*_SIMPLE, "chip_used", "chip_kept", "roll_won", "play", "attempt"})


# -- the exchange: who wins the roll, and what the winner does ----------------------------


def _won(d: Data) -> str:
    """ "White wins the roll 4-3", with the Power Chip's part in a tie."""
    winner, loser = d["winner"], 1 - d["winner"]
    w, lo = d["counts"][winner], d["counts"][loser]
    by = d["by"]
    if by == "chip":
        return (
            f"{side(winner)} uses the Power Chip to win the tie {w}-{lo} (the chip passes to "
            f"{side(loser)})"
        )
    if by == "keep":
        return f"{side(loser)} keeps the Power Chip, so {side(winner)} wins the tie {w}-{lo}"
    if by == "reroll_tie":
        return f"{side(winner)} wins the tie {w}-{lo} against the re-roll"
    return f"{side(winner)} wins the roll {w}-{lo}"


def _does(p: Data) -> str:
    """What the roll's winner does: "advances 1 section", "takes a shot at goal"."""
    kind, team = p["kind"], p["team"]
    red = " with a red card" if p["symbol"] == "red_card" else ""
    if kind == "advance":
        return f"advances {_sections(p['sections'])}{red}"
    if kind == "push_back":
        return f"pushes the ball back {_sections(p['sections'])}"
    if kind == "clear":
        return f"clears the ball{red} to attack from just past the halfway line"
    if kind == "shot":
        return "takes a shot at goal"
    if kind == "free_kick":
        return f"wins a free kick at goal ({side(1 - team)} rolls one die fewer for it)"
    if p["count"] >= 6 and p["symbol"] == "ball":
        return "scores with six balls: GOAL"
    return f"moves the ball into the goal{red}: GOAL"


def _exchange(won: Data, play: Data | None) -> str:
    if won["for"] != "play":
        raise ValueError("attempts are told by _attempt")
    counts, plays = won["counts"], won["plays"]
    rolls = ", ".join(f"{side(t)} rolls {_team_roll(counts[t], plays[t])}" for t in (0, 1))
    text = f"{rolls}: {_won(won)}"
    if play is None:
        return f"{text}; {side(won['winner'])} picks its play."
    return f"{text} and {_does(play)}{'!' if play['kind'] == 'goal' else '.'}"


def _picked(p: Data) -> str:
    """A play picked after the roll was told (a tie inside the winner's own dice)."""
    does = _does(p)
    end = "!" if p["kind"] == "goal" else "."
    return f"{side(p['team'])} plays its {_PLURAL[p['symbol']]} and {does}{end}"


def _attempt(won: Data | None, a: Data) -> str:
    """ "Black shoots: 3 balls against 2: GOAL!" """
    off, dfn = a["team"], 1 - a["team"]
    verb = "shoots" if a["kind"] == "shot" else "takes the free kick"
    balls = a["balls"]
    text = f"{side(off)} {verb}: {_count(balls[off], 'ball')} against {balls[dfn]}"
    by = won["by"] if won is not None else "count"
    if by == "chip":
        text += f"; {side(a['winner'])} uses the Power Chip"
    elif by == "keep":
        text += f"; {side(1 - a['winner'])} keeps the Power Chip"
    elif by == "reroll_tie":
        text += "; the re-roller loses the tie"
    return f"{text}: GOAL!" if a["scored"] else f"{text}: {side(dfn)} stops it."


def narrate(events: Sequence[Event]) -> list[str]:
    """Lines for a run of events (all public: nothing in this game is secret)."""
    lines: list[str] = []
    kinds = [e.kind for e in events]
    i, n = 0, len(events)
    while i < n:
        e = events[i]
        d = e.data
        nxt = events[i + 1] if i + 1 < n else None
        if e.kind in ("rolled", "toss_roll"):
            # told by the exchange's line when it is decided in this run
            closing = "roll_won" if e.kind == "rolled" else "toss"
            later = kinds[i + 1 :]
            if closing in later and not _breaks(later[: later.index(closing)]):
                i += 1
                continue
            lines.append(_SIMPLE[e.kind](d))
        elif e.kind in ("chip_used", "chip_kept"):
            pass  # the roll_won that always follows says it
        elif e.kind == "roll_won":
            if d["for"] == "play":
                play = nxt.data if nxt is not None and nxt.kind == "play" else None
                lines.append(_exchange(d, play))
                i += 2 if play is not None else 1
                continue
            if nxt is not None and nxt.kind == "attempt":
                lines.append(_attempt(d, nxt.data))
                i += 2
                continue
        elif e.kind == "play":
            lines.append(_picked(d))
        elif e.kind == "attempt":
            lines.append(_attempt(None, d))
        elif e.kind == "goal" and lines and lines[-1].endswith("GOAL!"):
            lines[-1] += f" {score_line(d['score'])}."  # the goal's line gets the score
        else:
            text = _SIMPLE.get(e.kind)
            if text is not None:
                lines.append(text(d))
        i += 1
    return lines


_SAME_DICE = frozenset({"rolled", "toss_roll", "chip_used", "chip_kept", "reroll_declined"})


def _breaks(between: Sequence[str]) -> bool:
    """Whether dice change between a roll and the decided exchange (a re-roll): then each
    roll gets its own line, so the dice before the re-roll are told."""
    return any(k not in _SAME_DICE for k in between)


def _caption_of(e: Event) -> str | None:
    d = e.data
    if e.kind == "match_over":
        return _match_over(d).rstrip(".")
    if e.kind == "goal":
        how = {"instant": " (six balls)", "shot": " (shot)", "free_kick": " (free kick)"}
        return f"GOAL for {side(d['team'])}{how.get(d['how'], '')}! {score_line(d['score'])}"
    if e.kind == "attempt" and not d["scored"]:
        what = "shot" if d["kind"] == "shot" else "free kick"
        return f"{side(1 - d['team'])} stops the {what}"
    if e.kind == "penalty":
        return f"Red card: {side(d['team'])} rolls {_dice_words(d['fewer'])} fewer"
    if e.kind == "play" and d["kind"] in ("shot", "free_kick"):
        return f"{side(d['team'])}: {'shot' if d['kind'] == 'shot' else 'free kick'} at goal!"
    if e.kind == "chip_used":
        return f"{side(d['team'])} uses the Power Chip"
    if e.kind == "reroll":
        return f"{side(d['team'])} re-rolls with the Power Chip"
    if e.kind == "kickoff":
        return f"{side(d['offense'])} kicks off; {side(d['chip'])} holds the Power Chip"
    if e.kind == "toss" and d["winner"] >= 0:
        return f"{side(d['winner'])} wins the Power Chip toss"
    return None


_CAPTION_ORDER = (
    "match_over",
    "goal",
    "attempt",
    "penalty",
    "play",
    "chip_used",
    "reroll",
    "kickoff",
    "toss",
)


def caption(events: Sequence[Event]) -> str | None:
    """A short headline for a board picture of what ``events`` did (the picture itself shows
    the dice and the last roll), or None when there is nothing more to say.

    >>> caption([Event("goal", {"team": 1, "how": "shot", "score": [0, 1]})])
    'GOAL for Black (shot)! White 0-1 Black'
    """
    return headline(events, _CAPTION_ORDER, _caption_of)


def describe(event: Event) -> str | None:
    """One event alone, as a line (None for an event told only with others).

    >>> describe(Event("goal", {"team": 1, "how": "shot", "score": [0, 1]}))
    'GOAL for Black! White 0-1 Black.'
    """
    text = _SIMPLE.get(event.kind)
    return None if text is None else text(event.data)
