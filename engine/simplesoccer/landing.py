"""Where a player's kick comes to rest: a shot, a carry-on kick rolling further, or the turn
going on."""

from __future__ import annotations

from engine.simplesoccer import flow, poor_aim, shots
from engine.simplesoccer.field import Square
from engine.simplesoccer.flow import Events, Step
from engine.simplesoccer.state import SimpleSoccerState


def ball_stops(
    s: SimpleSoccerState, team: int, label: str, at: Square, args: Step, ev: Events
) -> None:
    """A ball kicked by ``team``'s ``label`` came to rest on ``at``: a shot when that is a goal
    square, else the turn goes on (or ends with its points spent). A kick declared "long"
    rolls on (the carry-on kick)."""
    if args.get("long"):
        poor_aim.carry_on(s, team, label, at, ev)
        return
    if s.field.is_goal(at):
        shots.shot(s, team, label, at, args, ev)
        return
    flow.after_spend(s, team, args, ev)
