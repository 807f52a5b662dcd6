"""A11 goalkeeper skills with a window: creative goalkeeper, sweeper keeper, shot stopper,
leading goalkeeper (the advancing goalkeeper's charge is a charge decision of its own, and
the penalty saver is played by the penalty kick itself)."""

from __future__ import annotations

from typing import Final

from engine.core.events import Event
from engine.fuba import condition, moves, weather
from engine.fuba.board import ADJ, BOX
from engine.fuba.skills import has, record
from engine.fuba.skills.common import PLAIN, Args, Effect, Step, next_step, update_step
from engine.fuba.skills.team import SET_PIECE_TURNS
from engine.fuba.state import FubaState

CREATIVE: Final = "creative"  # the moves step of a creative goalkeeper: one player, one area


def offer_creative(s: FubaState, team: int, window: Step) -> list[Args]:
    return PLAIN if team == s.control and s.ball == BOX[team] else []


def play_creative(s: FubaState, team: int, args: Args, window: Step, ev: list[Event]) -> None:
    record(s, team, "creative_goalkeeper", ev)
    moves.push(s, team, CREATIVE, at=0, left=1)


def offer_sweeper(s: FubaState, team: int, window: Step) -> list[Args]:
    if s.turn.get("sweeper") == team:
        return []
    charge = next_step(s, window, "charge")
    if charge is not None and charge.get("advancing"):  # its charge costs a point too
        return PLAIN if condition.can_pay(s, team, 2, skill=True) else []
    return PLAIN


def play_sweeper(s: FubaState, team: int, args: Args, window: Step, ev: list[Event]) -> None:
    s.turn["sweeper"] = team  # the charge that follows adds two
    record(s, team, "sweeper_keeper", ev)


def charge_gain(s: FubaState, team: int) -> int:
    """How much the team's goalkeeper charge raises the ball value (A5, sweeper keeper)."""
    return 2 if s.turn.get("sweeper") == team else 1


def can_advance(s: FubaState, team: int, start: int, target: int) -> bool:
    """Advancing goalkeeper: the defending ``team``'s keeper stands in the target area next to
    its penalty area, where the ball was played from elsewhere (docs)."""
    return (
        s.rule("charge")
        and has(s, team, "advancing_goalkeeper")
        and target in ADJ[BOX[team]]
        and target <= 13
        and target != start
        and s.keeper[team] == target
        and not weather.no_charge(s, team)
    )


def _shot_roll(s: FubaState) -> Step | None:
    return next((st for st in s.agenda if st["k"] == "roll" and st["for"] == "goal"), None)


def _two_dice(s: FubaState, team: int, window: Step) -> list[Args]:
    roll = _shot_roll(s)
    if roll is None or roll["team"] != 1 - team or roll.get("low"):
        return []
    return PLAIN


def offer_shot_stopper(s: FubaState, team: int, window: Step) -> list[Args]:
    if s.turn.get("charge") == team or s.turn.get("advanced") == team:
        return []  # not after a charge in the same turn
    return _two_dice(s, team, window)


def offer_leading(s: FubaState, team: int, window: Step) -> list[Args]:
    if s.turn.get("kind") not in SET_PIECE_TURNS or s.turn.get("ct") != 1 - team:
        return []
    return _two_dice(s, team, window)


def two_dice(key: str) -> Effect:
    """The shooter rolls two dice and keeps the lower."""

    def effect(s: FubaState, team: int, args: Args, window: Step, ev: list[Event]) -> None:
        roll = _shot_roll(s)
        assert roll is not None
        update_step(s, roll, n=2, low=key)
        record(s, team, key, ev)

    return effect
