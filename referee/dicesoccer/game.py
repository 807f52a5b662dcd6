"""The Sports Dice Soccer adapter of the referee: narration, board images, the coach, typed
commands, statistics.

>>> parse("roll 5 2 1 6 3 3")
('roll', {'dice': '5 2 1 6 3 3'})
>>> parse("BBKPRR")
('roll', {'dice': 'BBKPRR'})
>>> parse("pick red card")
('pick', {'symbol': 'red_card'})
>>> parse("chip keep")
('chip', {'use': False})
>>> parse("reroll 1 3 5"), parse("reroll none")
(('reroll', {'positions': [1, 3, 5]}), ('reroll', {'positions': []}))
>>> parse("start defense")
('start', {'role': 'defense'})
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from engine import registry
from engine.core import Decision, Event, MalformedAction, RulesError, parse_typed
from engine.core.dice import check_roll
from engine.dicesoccer import levels, winprob
from engine.dicesoccer.options import SIDES, symbol, symbols_to_dice
from engine.dicesoccer.state import DiceSoccerState
from referee.adapter import Game, JSONData, chart_marks
from referee.dicesoccer.demo import run_demo
from referee.dicesoccer.narration import SIDE_NAMES, caption, narrate
from referee.dicesoccer.tally import tally

# The typed commands for each kind of decision: the terminal's help shows those of the
# decision at hand first, then all of them.
_USAGE = {
    "roll": "roll 5 2 1 6 3 3 (physical dice, as numbers) or roll B B K P R R (as symbols: "
    "B ball, K kick, P penalty, R red card)",
    "start": "start offense|defense",
    "pick": "pick ball|kick|penalty|red card",
    "chip": "chip use|keep",
    "reroll": "reroll 1 3 5 (dice by position) or reroll none",
}
_HELP = f"Type a number from the list, or a command: {', '.join(_USAGE.values())}."
_ROLES = {
    "offense": "offense",
    "offence": "offense",
    "attack": "offense",
    "defense": "defense",
    "defence": "defense",
}
_USE = {"use": True, "yes": True, "true": True, "keep": False, "no": False, "false": False}
_NONE = {"none", "no", "keep", "0", "-"}
_LETTERS = set("bkpr")


def _letters(words: list[str]) -> bool:
    """Dice typed as symbol letters: "bbkprr" or "b b k p r r"."""
    text = "".join(words)
    return bool(text) and set(text) <= _LETTERS and (len(words) == 1 or len(words) == len(text))


def parse(text: str) -> tuple[str, JSONData]:
    """A typed Sports Dice Soccer command -> (action kind, args); the engine checks the rest.
    Typed dice stay text: the referee reads them with the match's faces (``typed_dice``)."""
    raw = text.strip()
    words = raw.lower().replace(",", " ").split()
    if not words:
        raise MalformedAction(_HELP)
    kind, rest = words[0].replace("-", ""), words[1:]
    if kind == "roll":
        return "roll", ({"dice": " ".join(raw.split()[1:])} if rest else {})
    if _letters(words):
        return "roll", {"dice": raw}
    if kind in _ROLES:
        return "start", {"role": _ROLES[kind]}
    if kind == "start":
        if not rest or rest[0] not in _ROLES:
            raise MalformedAction("Write it like this: start offense (or start defense).")
        return "start", {"role": _ROLES[rest[0]]}
    if kind == "pick":
        if not rest:
            raise MalformedAction("Write it like this: pick kick (ball, kick, penalty, red card).")
        return "pick", {"symbol": symbol(" ".join(rest))}
    if kind == "chip":
        if not rest or rest[0] not in _USE:
            raise MalformedAction("Write it like this: chip use (or chip keep).")
        return "chip", {"use": _USE[rest[0]]}
    if kind == "reroll":
        if not rest:
            raise MalformedAction("Write it like this: reroll 1 3 5 (or reroll none).")
        if rest[0] in _NONE:
            return "reroll", {"positions": []}
        try:
            return "reroll", {"positions": [int(w) for w in rest]}
        except ValueError:
            raise MalformedAction(
                "Name the dice to re-roll by position, 1 for the first: reroll 1 3 5."
            ) from None
    raise MalformedAction(f"I do not know {words[0]!r}. {_HELP}")


def typed_dice(state: DiceSoccerState, text: str, n: int) -> list[int]:
    """Physical dice typed as numbers ("5 2 1 6 3 3") or, for dice that show symbols, as
    symbols ("B B K P R R", "BBKPRR", "ball, kick, red card"): the match's faces turn them
    into die values. The toss needs numbers (higher wins)."""
    parts = text.replace(",", " ").split()
    if parts and all(p.isdigit() for p in parts):
        return parse_typed(text, n)
    if state.step.get("k") == "toss":
        raise MalformedAction(
            "The Power Chip toss is decided by numbers: roll an ordinary die and type its value "
            "(1-6; higher wins)."
        )
    return check_roll(symbols_to_dice(text, state.faces), n)


def render_png(view: JSONData, names: Sequence[str], events: Sequence[Event] = ()) -> bytes:
    """The field, the ball, both teams' dice, the Power Chip, the score, the last roll, and a
    short caption of ``events`` (a goal, a red card, a shot...)."""
    from render.dicesoccer.board import render_png as render  # Pillow only when asked for

    return render(view, names=names, caption=caption(events))


def replay(
    steps: Sequence[tuple[DiceSoccerState, list[Event]]], names: Sequence[str]
) -> bytes | None:
    """The match as an animated GIF: the board after the toss, the kick-off and every roll."""
    from referee.dicesoccer.frames import frames
    from render.dicesoccer.replay import HOLD_MS, replay_gif

    shots = frames(steps)
    if not shots:
        return None
    return replay_gif(((f.view, f.caption, HOLD_MS[f.kind]) for f in shots), names=names)


_GOAL_KINDS = {
    "advance": "ball moved in",
    "instant": "six balls",
    "shot": "shot",
    "free_kick": "free kick",
}


def _per_side(counts: Sequence[int]) -> str:
    return f"{SIDE_NAMES[0]} {counts[0]}, {SIDE_NAMES[1]} {counts[1]}"


def statistics(events: Sequence[Event]) -> list[str]:
    """Goals by kind, shots and free kicks at goal, rolls won, Power Chip uses, red cards.

    >>> from engine.core import Event
    >>> statistics([Event("goal", {"team": 0, "how": "shot", "score": [1, 0]}),
    ...             Event("attempt", {"kind": "shot", "team": 0, "balls": [3, 2],
    ...                               "winner": 0, "scored": True})])
    ['Goals: White 1 (1 shot), Black 0', 'Shots at goal: White 1 (1 scored), Black 0']
    """
    goals, attempts, won, chip, cards = tally(events)

    def goal_text(t: int) -> str:
        total = sum(goals[t].values())
        kinds = [f"{n} {_GOAL_KINDS[k]}" for k, n in goals[t].items()]
        return f"{SIDE_NAMES[t]} {total}" + (f" ({', '.join(kinds)})" if kinds else "")

    lines = [f"Goals: {goal_text(0)}, {goal_text(1)}"]
    for kind, title in (("shot", "Shots at goal"), ("free_kick", "Free kicks at goal")):
        tallies = attempts[kind]
        if any(tried for tried, _ in tallies):
            parts = [
                f"{SIDE_NAMES[t]} {tried}" + (f" ({scored} scored)" if tried else "")
                for t, (tried, scored) in enumerate(tallies)
            ]
            lines.append(f"{title}: {', '.join(parts)}")
    if any(won):
        lines.append(f"Rolls won: {_per_side(won)}")
    if any(chip):
        lines.append(f"Power Chip uses: {_per_side(chip)}")
    if any(cards):
        lines.append(f"Red cards against: {_per_side(cards)}")
    return lines


def score(state: DiceSoccerState) -> dict[str, int]:
    return {side: state.score[i] for i, side in enumerate(SIDES)}


def result(state: DiceSoccerState) -> JSONData:
    winner = SIDES[state.winner] if state.winner >= 0 else None
    return {
        "winner": winner,
        "score": score(state),
        "reason": "target_score",
        "target_score": state.options["target_score"],
    }


def kicked_off(state: DiceSoccerState) -> bool:
    """Play has begun once a team has rolled for the first play: the toss and the choice of
    offense or defense can still be called off."""
    return state.last is not None or any(d is not None for d in state.roll.get("dice") or ())


def demo(
    seed: int, as_json: bool, out: TextIO, out_dir: Path | None = None, options: str = ""
) -> int:
    """The offline demo (``referee.dicesoccer.demo``): the basic rules only."""
    if options.strip().lower() not in ("", "basic"):
        raise RulesError("The Sports Dice Soccer demo plays the basic rules only.")
    return run_demo(seed, as_json, out, out_dir)


_PURPOSES = {
    "toss": "for the Power Chip toss",
    "play": "for the play",
    "shot": "for the shot at goal",
    "free_kick": "for the free kick",
}
_TASKS = {
    "start": "choose to start on offense or on defense",
    "reroll": "re-roll dice with the Power Chip or keep them",
    "chip": "use the Power Chip or keep it",
    "pick": "pick a play among the tied symbols",
}


def task(decision: Decision) -> str:
    """A pending decision in a player's words, to follow "White must first ...".

    >>> task(Decision("white", "roll", "Roll.", dice=6, info={"purpose": "play"}))
    'roll 6 dice for the play'
    >>> task(Decision("black", "roll", "Re-roll.", dice=2,
    ...               info={"purpose": "reroll", "positions": [1, 3]}))
    're-roll 2 dice (dice 1, 3)'
    >>> task(Decision("black", "chip", "A tie: use the Power Chip?"))
    'use the Power Chip or keep it'
    """
    if decision.dice:
        n, info = decision.dice, decision.info
        dice = f"{n} {'die' if n == 1 else 'dice'}"
        if info.get("purpose") == "reroll":
            which = ", ".join(map(str, info.get("positions", ())))
            return f"re-roll {dice}" + (f" (dice {which})" if which else "")
        purpose = _PURPOSES.get(info.get("purpose", ""))
        return " ".join(filter(None, (f"roll {dice}", purpose)))
    return _TASKS.get(decision.kind, "decide")


def status_lines(view: JSONData) -> list[str]:
    """The match at a glance for ``/dicesoccer status``: the target score and the rolls so
    far, the ball's section (numbered from White's goal, as on the board) and who is on
    offense, the Power Chip holder and the red cards in force.

    >>> view = {"options": {"target_score": 2}, "exchanges": 4, "offense": "white",
    ...     "ball_zone": {"half": "black", "depth": 2, "of": 3}, "chip_holder": "black",
    ...     "dice_fewer": {"white": 1, "black": 0}}
    >>> status_lines(view)  # doctest: +NORMALIZE_WHITESPACE
    ['First to 2 goals, roll 4 for play', "Ball: section 5 of 6, in Black's half; White on
    offense", 'Power Chip: Black', 'Red cards: White rolls 1 die fewer']
    """
    names = dict(zip(SIDES, SIDE_NAMES, strict=True))
    target = int((view.get("options") or {}).get("target_score", 3))
    head = f"First to {target} goal{'' if target == 1 else 's'}"
    rolls = int(view.get("exchanges") or 0)
    lines = [f"{head}, roll {rolls} for play" if rolls else head]
    zone = view.get("ball_zone")
    if view.get("over"):
        lines.append("Full time")
    elif zone:
        n, depth = int(zone["of"]), int(zone["depth"])
        section = n + 1 - depth if zone["half"] == SIDES[0] else n + depth
        lines.append(
            f"Ball: section {section} of {2 * n}, in {names[zone['half']]}'s half; "
            f"{names[view['offense']]} on offense"
        )
    else:
        lines.append("Before the kick-off")
    holder = view.get("chip_holder")
    lines.append(f"Power Chip: {names[holder]}" if holder else "Power Chip: not tossed for yet")
    fewer = view.get("dice_fewer") or {}
    reds = [
        f"{names[side]} rolls {n} {'die' if n == 1 else 'dice'} fewer"
        for side in SIDES
        if (n := int(fewer.get(side, 0)))
    ]
    if reds:
        lines.append("Red cards: " + "; ".join(reds))
    return lines


DICESOCCER_GAME = Game(
    name="dicesoccer",
    title="Sports Dice Soccer",
    ruleset=registry.get("dicesoccer"),
    side_names=dict(zip(SIDES, SIDE_NAMES, strict=True)),
    narrate=narrate,
    render_png=render_png,
    coach=levels.coach,
    chances=winprob.chances,
    chart_marks=chart_marks(SIDES),
    result=result,
    score=score,
    kicked_off=kicked_off,
    parse=parse,
    commands=_HELP,
    usage=_USAGE,
    statistics=statistics,
    replay=replay,
    typed_dice=typed_dice,
    dice_hint='Dice that show symbols: type them as letters, e.g. "B B K P R R" (B ball, '
    "K kick, P penalty, R red card).",
    demo=demo,
    forfeit_goals=lambda state: int(state.options["target_score"]),  # a win to nil
    rule_levels={"basic": {"advanced": False}, "advanced": {"advanced": True}},
    task=task,
    status_lines=status_lines,
)
