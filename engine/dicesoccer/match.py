"""The Sports Dice Soccer match as a state machine: applying one action.

``state.step`` is the decision now pending (``decisions.pending`` lists its legal choices).
An exchange is one simultaneous roll of both teams: for the play (the dice chart), or for a
shot or a free kick at goal (only balls count).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.actions import Action
from engine.core.dice import check_roll
from engine.core.errors import MalformedAction, NotYourDecision, RulesError
from engine.core.events import Event
from engine.core.steps import dispatch
from engine.dicesoccer import chart
from engine.dicesoccer.options import BALL, DICE, NAMES, SIDES, normalize, symbol
from engine.dicesoccer.state import DiceSoccerState

Step = dict[str, Any]
PLAY, SHOT, FREE_KICK = "play", "shot", "free_kick"
ROLES = ("offense", "defense")


def new_match(options: dict[str, Any] | None = None) -> DiceSoccerState:
    s = DiceSoccerState(options=normalize(options))
    s.step = {"k": "toss", "dice": [None, None]}
    return s


def team_name(team: int) -> str:
    return SIDES[team].capitalize()


def dice_count(s: DiceSoccerState, team: int, purpose: str) -> int:
    """Dice ``team`` rolls now: six, one fewer per red card in force, one fewer again for the
    defense at a free kick; never fewer than one."""
    n = DICE - s.penalty[team]
    if purpose == FREE_KICK and team != chart.offense(s):
        n -= 1
    return max(1, n)


# ----------------------------------------------------------------------------------------
# apply


def apply(
    s: DiceSoccerState, action: Action, *, in_place: bool = False
) -> tuple[DiceSoccerState, list[Event]]:
    """Apply one action. Raises a RulesError (state untouched unless ``in_place``)."""
    return dispatch(
        s,
        action,
        sides=SIDES,
        handlers=_HANDLERS,
        check_actor=_check_actor,
        what=what,
        in_place=in_place,
    )


def what(s: DiceSoccerState, step: Step) -> str:
    """What the pending step waits for, in words."""
    k = step["k"]
    if k == "toss":
        who = [team_name(t) for t in (0, 1) if step["dice"][t] is None]
        return f"{' and '.join(who)} to roll a die for the Power Chip toss"
    if k == "roll":
        who = [team_name(t) for t in (0, 1) if s.roll["dice"][t] is None]
        purpose = {PLAY: "the play", SHOT: "the shot at goal", FREE_KICK: "the free kick"}
        return f"{' and '.join(who)} to roll for {purpose[s.roll['for']]}"
    name = team_name(step["team"])
    return {
        "start": f"{name} to choose offense or defense",
        "reroll": f"{name} to re-roll dice with the Power Chip or keep them",
        "reroll_dice": f"{name} to roll the re-rolled dice",
        "chip": f"{name} to use or keep the Power Chip",
        "pick": f"{name} to pick a play",
    }[k]


def _check_actor(s: DiceSoccerState, step: Step, team: int) -> None:
    k = step["k"]
    if k in ("toss", "roll"):
        dice = step["dice"] if k == "toss" else s.roll["dice"]
        if dice[team] is not None:
            raise NotYourDecision(
                f"You have already rolled; waiting for {team_name(1 - team)} to roll."
            )
        return
    if step["team"] != team:
        raise NotYourDecision(f"It is not your decision: waiting for {what(s, step)}.")


def _dice(args: Step, n: int) -> list[int]:
    return list(check_roll(args.get("dice"), n))


# -- the toss and the kick-off ----------------------------------------------------------


def _h_toss(s: DiceSoccerState, team: int, args: Step, ev: list[Event]) -> None:
    (die,) = _dice(args, 1)
    dice = s.step["dice"]
    dice[team] = die
    ev.append(Event("toss_roll", {"team": team, "die": die}))
    if None in dice:
        return
    a, b = dice
    winner = -1 if a == b else (0 if a > b else 1)
    ev.append(Event("toss", {"dice": [a, b], "winner": winner}))
    if winner < 0:
        s.step = {"k": "toss", "dice": [None, None]}  # Setting up 3, as decided: a tie re-rolls
    else:
        s.step = {"k": "start", "team": winner}


def _h_start(s: DiceSoccerState, team: int, args: Step, ev: list[Event]) -> None:
    role = args.get("role")
    if role not in ROLES:
        raise MalformedAction("'role' must be offense or defense.")
    off = team if role == "offense" else 1 - team
    s.ball = chart.kickoff_section(s.sections, off)
    s.chip = 1 - off  # Setting up 5: the defense starts with the Power Chip
    ev.append(
        Event(
            "kickoff",
            {"chooser": team, "role": role, "offense": off, "chip": s.chip, "ball": s.ball},
        )
    )
    _new_exchange(s, PLAY)


def _new_exchange(s: DiceSoccerState, purpose: str) -> None:
    if purpose == PLAY:
        s.exchanges += 1
    s.roll = {
        "for": purpose,
        "n": [dice_count(s, 0, purpose), dice_count(s, 1, purpose)],
        "dice": [None, None],
        "rerolled_by": -1,
    }
    s.step = {"k": "roll"}


# -- rolling, re-rolling ----------------------------------------------------------------


def _h_roll(s: DiceSoccerState, team: int, args: Step, ev: list[Event]) -> None:
    roll = s.roll
    dice = _dice(args, roll["n"][team])
    roll["dice"][team] = dice
    ev.append(
        Event(
            "rolled",
            {
                "team": team,
                "for": roll["for"],
                "dice": dice,
                "symbols": chart.symbols(s.faces, dice),
                "n": len(dice),
            },
        )
    )
    if None in roll["dice"]:
        return
    if s.options["advanced"]:
        s.step = {"k": "reroll", "team": s.chip}
    else:
        _resolve(s, ev)


def check_positions(value: object, n: int) -> list[int]:
    """Re-roll positions: distinct dice numbers 1..n (an empty list keeps every die)."""
    if not isinstance(value, list | tuple):
        raise MalformedAction(
            f"'positions' must list the dice to re-roll by number, 1 to {n} (none to keep all)."
        )
    out: list[int] = []
    for p in value:
        if isinstance(p, bool) or not isinstance(p, int) or not 1 <= p <= n:
            raise MalformedAction(f"Dice are numbered 1 to {n}; {p!r} is not one of them.")
        if p in out:
            raise MalformedAction(f"Die {p} is listed twice.")
        out.append(p)
    return sorted(out)


def _h_reroll(s: DiceSoccerState, team: int, args: Step, ev: list[Event]) -> None:
    positions = check_positions(args.get("positions"), len(s.roll["dice"][team]))
    if not positions:
        ev.append(Event("reroll_declined", {"team": team}))
        _resolve(s, ev)
        return
    s.chip = 1 - team  # Advance Rule: re-rolling hands the Power Chip over
    s.roll["rerolled_by"] = team
    s.step = {"k": "reroll_dice", "team": team, "positions": positions}
    ev.append(Event("reroll", {"team": team, "positions": positions, "chip": s.chip}))


def _h_reroll_dice(s: DiceSoccerState, team: int, args: Step, ev: list[Event]) -> None:
    positions = s.step["positions"]
    new = _dice(args, len(positions))
    dice = s.roll["dice"][team]
    old = [dice[p - 1] for p in positions]
    for p, v in zip(positions, new, strict=True):
        dice[p - 1] = v
    ev.append(
        Event(
            "rerolled",
            {
                "team": team,
                "positions": positions,
                "old": old,
                "new": new,
                "dice": list(dice),
                "symbols": chart.symbols(s.faces, dice),
            },
        )
    )
    _resolve(s, ev)


# -- who wins the roll ------------------------------------------------------------------


def tallies(s: DiceSoccerState) -> list[int]:
    """What each team's roll is worth: its most frequent symbol's count for the play, its
    balls for a shot or a free kick."""
    dice = s.roll["dice"]
    if s.roll["for"] == PLAY:
        return [chart.best(s.faces, dice[t])[0] for t in (0, 1)]
    return [chart.balls(s.faces, dice[t]) for t in (0, 1)]


def _resolve(s: DiceSoccerState, ev: list[Event]) -> None:
    a, b = tallies(s)
    if a != b:
        _decided(s, 0 if a > b else 1, "count", ev)
    elif s.roll["rerolled_by"] >= 0:
        _decided(s, 1 - s.roll["rerolled_by"], "reroll_tie", ev)  # Advance Rule: re-roller loses
    else:  # Tie Breaker and Power Chip: its holder uses it or keeps it
        s.step = {"k": "chip", "team": s.chip}


def _h_chip(s: DiceSoccerState, team: int, args: Step, ev: list[Event]) -> None:
    use = args.get("use")
    if not isinstance(use, bool):
        raise MalformedAction("'use' must be true (use the Power Chip) or false (keep it).")
    if use:
        s.chip = 1 - team
        ev.append(Event("chip_used", {"team": team, "chip": s.chip}))
        _decided(s, team, "chip", ev)
    else:
        ev.append(Event("chip_kept", {"team": team, "chip": team}))
        _decided(s, 1 - team, "keep", ev)


def _decided(s: DiceSoccerState, winner: int, by: str, ev: list[Event]) -> None:
    roll = s.roll
    dice = roll["dice"]
    plays = (
        [chart.best(s.faces, dice[t])[1] for t in (0, 1)]
        if roll["for"] == PLAY
        else [[BALL], [BALL]]
    )
    ev.append(
        Event(
            "roll_won",
            {
                "for": roll["for"],
                "winner": winner,
                "by": by,
                "counts": tallies(s),
                "plays": plays,
                "offense": chart.offense(s),
            },
        )
    )
    s.last = {
        "for": roll["for"],
        "dice": [list(dice[0]), list(dice[1])],
        "counts": tallies(s),
        "plays": plays,
        "winner": winner,
        "by": by,
        "rerolled_by": roll["rerolled_by"],
    }
    if roll["for"] != PLAY:
        _attempt(s, winner, ev)
        return
    options = chart.options_for(s, winner, dice[winner])
    if len(options) > 1:
        s.step = {"k": "pick", "team": winner, "tied": plays[winner]}
        return
    _play(s, options[0], len(plays[winner]) > 1, ev)


def _h_pick(s: DiceSoccerState, team: int, args: Step, ev: list[Event]) -> None:
    sym = symbol(args.get("symbol", ""))
    tied = s.step["tied"]
    if sym not in tied:
        raise RulesError(
            f"{NAMES[sym].capitalize()} is not one of your most frequent symbols: pick "
            f"{' or '.join(NAMES[t] for t in tied)}."
        )
    count = chart.best(s.faces, s.roll["dice"][team])[0]
    _play(s, chart.effect(s, team, sym, count), False, ev)


# -- outcomes ---------------------------------------------------------------------------


def _play(s: DiceSoccerState, e: chart.Effect, auto: bool, ev: list[Event]) -> None:
    ball_from = s.ball
    assert s.last is not None
    s.last.update({"symbol": e.symbol, "kind": e.kind, "ball_from": ball_from})
    data = {
        "team": e.team,
        "role": e.role,
        "symbol": e.symbol,
        "count": e.count,
        "kind": e.kind,
        "sections": e.sections,
        "ball_from": ball_from,
        "ball_to": e.ball_to,
        "auto_pick": auto,
    }
    if e.kind == "goal":
        ev.append(Event("play", {**data, "offense": -1}))
        _goal(s, e.goal_for, e.how, ev, penalize=e.penalize)
        return
    if e.kind in (SHOT, FREE_KICK):
        ev.append(Event("play", {**data, "offense": e.team}))
        _new_exchange(s, e.kind)
        return
    assert e.ball_to is not None
    s.ball = e.ball_to
    s.last["ball_to"] = s.ball
    ev.append(Event("play", {**data, "offense": chart.offense(s)}))
    if e.penalize >= 0:
        _penalize(s, e.penalize, ev)
    _new_exchange(s, PLAY)


def _penalize(s: DiceSoccerState, team: int, ev: list[Event]) -> None:
    s.penalty[team] += 1
    ev.append(
        Event(
            "penalty",
            {"team": team, "fewer": s.penalty[team], "dice": max(1, DICE - s.penalty[team])},
        )
    )


def _lift(s: DiceSoccerState, ev: list[Event]) -> None:
    if any(s.penalty):
        ev.append(Event("penalties_lifted", {"penalty": s.penalty[:]}))
        s.penalty = [0, 0]


def _attempt(s: DiceSoccerState, winner: int, ev: list[Event]) -> None:
    """A shot or a free kick has been decided: a goal if the offense won; either way the
    defending team then goes on offense from just past the halfway line (Shot at Goal)."""
    kind = s.roll["for"]
    off = chart.offense(s)
    scored = winner == off
    assert s.last is not None
    s.last.update({"symbol": BALL, "kind": kind, "scored": scored, "ball_from": s.ball})
    ev.append(
        Event(
            "attempt",
            {"kind": kind, "team": off, "balls": tallies(s), "winner": winner, "scored": scored},
        )
    )
    _lift(s, ev)  # Dice Chart, red card: the die comes back after the attempt
    if scored:
        _goal(s, off, kind, ev)
        return
    s.ball = chart.kickoff_section(s.sections, 1 - off)
    s.last["ball_to"] = s.ball
    ev.append(Event("restart", {"offense": 1 - off, "ball": s.ball, "after": "blocked"}))
    _new_exchange(s, PLAY)


def _goal(s: DiceSoccerState, team: int, how: str, ev: list[Event], penalize: int = -1) -> None:
    s.score[team] += 1
    assert s.last is not None
    s.last["goal_for"] = team
    ev.append(Event("goal", {"team": team, "how": how, "score": s.score[:]}))
    _lift(s, ev)
    if penalize >= 0:  # Dice Chart, red card: scoring by its own advance still costs a die
        _penalize(s, penalize, ev)
    if s.score[team] >= s.options["target_score"]:
        s.over = True
        s.winner = team
        s.step = {"k": "over"}
        ev.append(Event("match_over", {"winner": team, "score": s.score[:]}))
        return
    # Scoring goals: the team that conceded goes on offense just past the halfway line
    s.ball = chart.kickoff_section(s.sections, 1 - team)
    s.last["ball_to"] = s.ball
    ev.append(Event("restart", {"offense": 1 - team, "ball": s.ball, "after": "goal"}))
    _new_exchange(s, PLAY)


Handler = Callable[[DiceSoccerState, int, Step, list[Event]], None]
_HANDLERS: dict[tuple[str, str], Handler] = {
    ("toss", "roll"): _h_toss,
    ("start", "start"): _h_start,
    ("roll", "roll"): _h_roll,
    ("reroll", "reroll"): _h_reroll,
    ("reroll_dice", "roll"): _h_reroll_dice,
    ("chip", "chip"): _h_chip,
    ("pick", "pick"): _h_pick,
}
