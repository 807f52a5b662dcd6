"""What the Sports Dice Soccer engine is waiting for: the pending decisions with their legal
choices. Autocomplete, buttons, the automatic coach and the random player of the property test
all read the legal choices from here."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from engine.core.actions import Action
from engine.core.decisions import Choice, Decision
from engine.dicesoccer import chart
from engine.dicesoccer.match import FREE_KICK, PLAY, SHOT, tallies, team_name
from engine.dicesoccer.options import NAMES, PLURALS, SIDES
from engine.dicesoccer.state import DiceSoccerState

_PURPOSE = {
    PLAY: "Roll your {n} dice for the play.",
    SHOT: "Shot at goal: roll your {n} dice (only balls count).",
    FREE_KICK: "Free kick at goal: roll your {n} dice (only balls count).",
}


def pending(s: DiceSoccerState) -> list[Decision]:
    if s.over:
        return []
    return _PENDING[s.step["k"]](s, s.step)


def _p_toss(s: DiceSoccerState, step: dict[str, Any]) -> list[Decision]:
    return [
        Decision(
            SIDES[t],
            "roll",
            "Power Chip toss: roll one die (higher wins, ties roll again).",
            dice=1,
            info={"purpose": "toss"},
        )
        for t in (0, 1)
        if step["dice"][t] is None
    ]


def _p_start(s: DiceSoccerState, step: dict[str, Any]) -> list[Decision]:
    team = step["team"]
    choices = (
        Choice(Action(SIDES[team], "start", {"role": "offense"}), "start on offense"),
        Choice(
            Action(SIDES[team], "start", {"role": "defense"}),
            "start on defense (with the Power Chip)",
        ),
    )
    return [
        Decision(SIDES[team], "start", "You won the toss: start on offense or on defense?", choices)
    ]


def _p_roll(s: DiceSoccerState, step: dict[str, Any]) -> list[Decision]:
    roll = s.roll
    out = []
    for t in (0, 1):
        if roll["dice"][t] is not None:
            continue
        n = roll["n"][t]
        out.append(
            Decision(
                SIDES[t],
                "roll",
                _PURPOSE[roll["for"]].format(n=n),
                dice=n,
                info={"purpose": roll["for"], "fewer": 6 - n},
            )
        )
    return out


def _label(positions: tuple[int, ...]) -> str:
    if not positions:
        return "keep all dice (keep the Power Chip)"
    return "re-roll die " + ", ".join(str(p) for p in positions)


def _p_reroll(s: DiceSoccerState, step: dict[str, Any]) -> list[Decision]:
    team = step["team"]
    dice = s.roll["dice"][team]
    positions = range(1, len(dice) + 1)
    choices = [
        Choice(Action(SIDES[team], "reroll", {"positions": list(c)}), _label(c))
        for k in range(len(dice) + 1)
        for c in combinations(positions, k)
    ]
    prompt = (
        "Advanced rule: re-roll any of your dice with the Power Chip (it passes to "
        f"{team_name(1 - team)} and you lose a tie), or keep them."
    )
    info = {"dice": list(dice), "symbols": chart.symbols(s.faces, dice), "tallies": tallies(s)}
    return [Decision(SIDES[team], "reroll", prompt, tuple(choices), info=info)]


def _p_reroll_dice(s: DiceSoccerState, step: dict[str, Any]) -> list[Decision]:
    n = len(step["positions"])
    which = ", ".join(map(str, step["positions"]))
    return [
        Decision(
            SIDES[step["team"]],
            "roll",
            f"Re-roll {n} {'die' if n == 1 else 'dice'} (dice {which}).",
            dice=n,
            info={"purpose": "reroll", "positions": list(step["positions"])},
        )
    ]


def _p_chip(s: DiceSoccerState, step: dict[str, Any]) -> list[Decision]:
    team = step["team"]
    other = team_name(1 - team)
    count = tallies(s)[team]
    if s.roll["for"] == PLAY:
        what = "matching die" if count == 1 else "matching dice"
    else:
        what = "ball" if count == 1 else "balls"
    choices = (
        Choice(
            Action(SIDES[team], "chip", {"use": True}),
            f"use the Power Chip: you win the roll, {other} gets the chip",
        ),
        Choice(
            Action(SIDES[team], "chip", {"use": False}),
            f"keep the Power Chip: {other} wins the roll",
        ),
    )
    prompt = f"A tie ({count} {what} each): use the Power Chip to win the roll, or keep it?"
    return [Decision(SIDES[team], "chip", prompt, choices, info={"for": s.roll["for"]})]


def _p_pick(s: DiceSoccerState, step: dict[str, Any]) -> list[Decision]:
    team = step["team"]
    count = chart.best(s.faces, s.roll["dice"][team])[0]
    choices = []
    for e in chart.options_for(s, team, s.roll["dice"][team]):
        choices.append(
            Choice(
                Action(SIDES[team], "pick", {"symbol": e.symbol}),
                f"{count} {PLURALS[e.symbol]}: {describe_kind(e)}",
                {"kind": e.kind, "ball_to": e.ball_to, "goal": e.goal_for >= 0},
            )
        )
    tied = " or ".join(NAMES[x] for x in step["tied"])
    return [
        Decision(
            SIDES[team],
            "pick",
            f"You won the roll with a tie in your own dice: pick your play ({tied}).",
            tuple(choices),
        )
    ]


def describe_kind(e: chart.Effect) -> str:
    """A few words on a play's effect, for choice labels."""
    if e.kind == "goal":
        return "goal!"
    extra = " and a red card (opponent rolls one die fewer)" if e.penalize >= 0 else ""
    if e.kind == "advance":
        return f"advance {e.sections} section{'s' if e.sections != 1 else ''}{extra}"
    if e.kind == "push_back":
        return f"push the ball back {e.sections} section{'s' if e.sections != 1 else ''}"
    if e.kind == "clear":
        return f"clear the ball past the halfway line{extra}"
    return {"shot": "shot at goal", "free_kick": "free kick at goal"}[e.kind]


_PENDING = {
    "toss": _p_toss,
    "start": _p_start,
    "roll": _p_roll,
    "reroll": _p_reroll,
    "reroll_dice": _p_reroll_dice,
    "chip": _p_chip,
    "pick": _p_pick,
}
