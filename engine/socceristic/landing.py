"""Where the ball stops: what the symbol of the square it lands in makes happen next, and the
goal-scoring opportunities that override it.

The mover ``m`` (the team that made the move) keeps the ball unless the symbol says otherwise:
an arrow (NEXT MOVE), lose possession, a tackle, the referee's whistle (a bounce-up on the
centre spot) or a pass back.
"""

from __future__ import annotations

from engine.core.events import Event
from engine.socceristic.common import XY, Step, ball, dice, pitch, square_at, take
from engine.socceristic.common import attacking as is_attacking
from engine.socceristic.halves import begin_move
from engine.socceristic.state import SocceristicState


def land(s: SocceristicState, q: XY, mover: int, ev: list[Event]) -> None:
    """The ball stops at ``q`` after a move by ``mover``."""
    s.ball = [q[0], q[1]]
    s.mover = mover
    s.restart = None
    take(s, mover)
    sq = square_at(s, q)
    attacking = is_attacking(s, mover, q)
    if sq.arrow is not None:
        if sq.border == "bold":
            chance(s, mover, "bold", ev)
            return
        # NEXT MOVE; GOAL SCORING OPPORTUNITIES: in the zone the attacker's 1 or 2 is a chance
        step = {"k": "advance", "team": mover, "chance": attacking and sq.green}
        begin_move(s, step, ev)
    elif sq.symbol == "lose":
        ev.append(Event("lost", {"team": mover, "to": 1 - mover}))
        take(s, 1 - mover)
        open_play(s, 1 - mover, "lose", ev)
    elif sq.symbol == "tackle":
        tackle(s, mover, bounce=False)
    elif sq.symbol == "whistle":
        if q == (pitch(s).centre_spot, pitch(s).centre_row):
            tackle(s, mover, bounce=True)  # REFEREE'S DECISION: a bounce-up on the centre spot
        else:
            s.step = {"k": "draw", "team": mover, "deck": "referee", "section": ""}
    elif sq.border == "bold" or attacking:
        chance(s, mover, "bold" if sq.border == "bold" else "pass_back", ev)
    else:  # PASS BACKS: the defending team passes back to its goalkeeper
        s.step = {"k": "draw", "team": mover, "deck": "outcome", "section": "pass_back"}


def open_play(s: SocceristicState, team: int, why: str, ev: list[Event]) -> None:
    """``team`` has won or kept the ball where it stands and kicks it where it likes (a die,
    then a direction), unless that is a goal-scoring opportunity."""
    q = ball(s)
    sq = square_at(s, q)
    if sq.border == "bold":
        chance(s, team, "bold", ev)
    elif sq.green and is_attacking(s, team, q):
        chance(s, team, "zone", ev)
    else:
        begin_move(s, {"k": "free_roll", "team": team, "why": why}, ev)


def chance(s: SocceristicState, team: int, how: str, ev: list[Event]) -> None:
    """GOAL SCORING OPPORTUNITIES: ``team`` draws an Outcome card."""
    take(s, team)
    s.stats["chances"][team] += 1
    ev.append(Event("chance", {"team": team, "how": how}))
    s.step = {"k": "draw", "team": team, "deck": "outcome", "section": "chance"}


def choose(s: SocceristicState, team: int, why: str, n: int, limit: bool = False) -> None:
    """``team`` chooses a direction for a move of ``n`` squares (``limit``: an attacking
    team's throw-in, at most four squares diagonally forwards)."""
    s.step = {"k": "direction", "team": team, "n": n, "why": why, "limit": limit}


def tackle(s: SocceristicState, mover: int, *, bounce: bool) -> None:
    """TACKLE SITUATIONS: both teams roll one die."""
    s.step = {"k": "tackle", "dice": [None, None], "bounce": bounce, "mover": mover}


def h_kickoff(s: SocceristicState, team: int, args: Step, ev: list[Event]) -> None:
    """STARTING THE GAME: the die names the square along the centre line."""
    (die,) = dice(args, 1)
    p = pitch(s)
    q = (p.kickoff[die], p.centre_row)
    ev.append(Event("kickoff", {"team": team, "die": die, "to": list(q)}))
    land(s, q, team, ev)
