"""Fouls (advanced rules: Optional fouls): the contact roll after a member moves square-on next
to an opponent, after a failed tackle and after a failed header beside an opponent; the foul
ends the turn and gives the other team a free kick, or a penalty when it happened to an attacker
in the fouling team's own penalty area; with skill points on, a member's second foul is a
yellow card and its third a red card (sent off).

The penalty in play follows the overtime shootout's kick: the goalkeeper picks a spot, the
kicker's die (or its hidden face, advanced shootout) puts the ball, the goalkeeper may save.
"""

from __future__ import annotations

from typing import Any

from engine.core.decisions import Decision
from engine.core.events import Event
from engine.simplesoccer import facing, flow, restarts, rules, shootout
from engine.simplesoccer.field import SIDES, Square, adjacent, front, orthogonal
from engine.simplesoccer.flow import Events, Step
from engine.simplesoccer.movement import who
from engine.simplesoccer.setup import GOALKEEPER
from engine.simplesoccer.state import SimpleSoccerState

CONTACT = (1,)  # Optional fouls: moving square-on next to an opponent, a 1 fouls
CLOSE_CALL = (1, 2)  # a failed tackle, a failed header touching an opponent: 1 or 2
# steps in which play has stopped: a contact roll cannot come up then
_STOPPED = frozenset({"rolloff", "setup", "skills", "over", "spot", "face", "penalty"})


# -- the contact roll --------------------------------------------------------------------


def after_move(
    s: SimpleSoccerState,
    team: int,
    label: str,
    here: Square,
    path: list[Square],
    args: Step,
    ev: Events,
) -> None:
    """A move that ends square-on next to a standing opponent it was not square-on next to
    before asks for a contact roll (one roll however many such opponents)."""
    if not rules.on(s, "fouls") or s.step.get("k") != "play":
        return
    end = path[-1]
    other = 1 - team
    for opponent in s.members[other]:
        at = s.at(other, opponent)
        if facing.standing(s, other, opponent) and orthogonal(at, end) and not orthogonal(at, here):
            _ask(s, team, label, opponent, CONTACT, "move")
            return


def failed_tackle(s: SimpleSoccerState, team: int, label: str, ev: Events) -> bool:
    """After ``team``'s ``label`` failed a tackle: a contact roll, 1 or 2 fouls the opponent
    whose feet had the ball. Call it once the failure has been settled (the step that follows
    pending); True when the contact roll now comes first."""
    if not rules.on(s, "fouls") or label not in s.members[team]:
        return False
    other = 1 - team
    ball = s.ball_at()
    here = s.at(team, label)
    near = [
        o
        for o in s.members[other]
        if facing.standing(s, other, o) and ball is not None and ball in _front(s, other, o)
    ] or [o for o in s.members[other] if adjacent(s.at(other, o), here)]
    if not near:
        return False
    victim = min(near, key=lambda o: _cheb(s.at(other, o), here))
    return _ask(s, team, label, victim, CLOSE_CALL, "tackle")


def failed_header(s: SimpleSoccerState, team: int, label: str, ev: Events) -> bool:
    """After ``team``'s ``label`` missed a header: when it touches an opponent's marker (any
    of the 8 squares around), a contact roll, 1 or 2 fouls. Call it once the miss has been
    settled (the step that follows pending); True when the contact roll now comes first."""
    if not rules.on(s, "fouls") or label not in s.members[team]:
        return False
    other = 1 - team
    here = s.at(team, label)
    near = [o for o in s.members[other] if adjacent(s.at(other, o), here)]
    if not near:
        return False
    victim = min(near, key=lambda o: not orthogonal(s.at(other, o), here))
    return _ask(s, team, label, victim, CLOSE_CALL, "header")


def _front(s: SimpleSoccerState, team: int, label: str) -> tuple[Square, Square, Square]:
    m = s.members[team][label]
    return front((m["at"][0], m["at"][1]), m["facing"])


def _cheb(a: Square, b: Square) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def _ask(
    s: SimpleSoccerState, team: int, label: str, victim: str, fouls: tuple[int, ...], why: str
) -> bool:
    """The contact roll comes before the step now pending (kept to resume after no foul)."""
    if s.over or s.step.get("k") in _STOPPED:
        return False
    s.step = {
        "k": "contact",
        "team": team,
        "member": label,
        "against": victim,
        "fouls": list(fouls),
        "why": why,
        "resume": s.step,
    }
    return True


def _h_contact(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
    (die,) = flow.dice(args, 1)
    step = s.step
    label, victim = step["member"], step["against"]
    foul = die in step["fouls"]
    ev.append(
        Event(
            "contact",
            {"team": team, "member": label, "against": victim, "die": die, "foul": foul},
        )
    )
    if foul:
        commit(s, team, label, victim, ev, flow.at(args))
        return
    s.step = step["resume"]
    if s.step["k"] == "play":  # the move that made contact may have spent the last point
        flow.after_spend(s, s.step["team"], args, ev)


# -- the foul ----------------------------------------------------------------------------


def commit(
    s: SimpleSoccerState,
    team: int,
    label: str,
    victim: str,
    ev: Events,
    at: float | None = None,
) -> None:
    """``team``'s ``label`` fouled the opponent ``victim``: the card, the turn under way ends
    (its points are lost), then the free kick or the penalty for the other team."""
    other = 1 - team
    spot = s.at(other, victim)
    penalty = s.field.in_box(team, spot)
    m = s.members[team][label]
    m["fouls"] = int(m.get("fouls", 0)) + 1
    card = None
    if rules.on(s, "skills") and m["fouls"] >= 2:  # cards matter only with skill points
        card = "yellow" if m["fouls"] == 2 else "red"
    ev.append(
        Event(
            "foul",
            {
                "team": team,
                "member": label,
                "against": victim,
                "at": list(spot),
                "penalty": penalty,
                "card": card,
            },
        )
    )
    if card is not None:
        ev.append(Event("card", {"team": team, "member": label, "card": card}))
        m["card"] = card
        if card == "red":
            _send_off(s, team, label)
    if s.turn is not None:
        flow.end_turn(s, s.turn["team"], "foul", at, ev)
    s.flight = s.juggle = s.motion = s.restart = None  # play stops for the foul
    if flow.whistle(s, ev):
        return
    if penalty:
        start_penalty(s, other, victim, ev)
        return
    restarts.award(s, other, "free_kick", spot, ev, reason="foul", when=at)  # nearest free


def _send_off(s: SimpleSoccerState, team: int, label: str) -> None:
    """Off the board for the rest of the match: later set-ups leave it out."""
    del s.members[team][label]
    s.sent_off[team].append(label)
    if label == GOALKEEPER and s.held == team:
        s.held = -1


# -- the penalty in play (Optional fouls: the overtime penalty kick) ---------------------


def start_penalty(s: SimpleSoccerState, team: int, taker: str, ev: Events) -> None:
    """``team`` takes a penalty at the other team's goal, ``taker`` kicking (the fouled
    member). With the advanced shootout the kicker hides a die face first."""
    keeper = 1 - team
    s.held = -1
    ev.append(Event("penalty_awarded", {"team": team, "taker": taker}))
    if GOALKEEPER not in s.members[keeper]:
        ev.append(Event("no_chance", {"team": keeper, "distance": None}))
        flow.goal(s, team, taker, ev)
        return
    if rules.on(s, "shootout"):
        s.step = {"k": "pen_face", "team": team, "taker": taker}
    else:
        s.step = {"k": "pen_spot", "team": keeper, "kicker": team, "taker": taker, "face": None}


def spot_square(s: SimpleSoccerState, keeper: int, spot: int) -> Square:
    """The goal square of ``spot`` (1-7 counted from the kicker's left) at ``keeper``'s goal:
    a kicker facing East's goal has the north end on its left."""
    rows = list(s.field.goal_rows)
    if keeper == 1:
        rows.reverse()
    return (s.field.goal_x(keeper), rows[spot - 1])


def _h_pen_face(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
    face = shootout.read_face(args)
    ev.append(Event("face_chosen", {"team": team}))
    taker = s.step["taker"]
    s.step = {"k": "pen_spot", "team": 1 - team, "kicker": team, "taker": taker, "face": face}


def _h_pen_spot(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
    spot = shootout.read_spot(args)
    step = s.step
    ev.append(Event("spot_chosen", {"team": team}))
    if step["face"] is not None:  # Advanced overtime shootout: the hidden face is the die
        _kick(s, step["kicker"], step["taker"], spot, step["face"], True, ev)
        return
    s.step = {"k": "pen_kick", "team": step["kicker"], "taker": step["taker"], "spot": spot}


def _h_pen_kick(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
    (die,) = flow.dice(args, 1)
    _kick(s, team, s.step["taker"], s.step["spot"], die, False, ev)


def _kick(
    s: SimpleSoccerState, team: int, taker: str, spot: int, die: int, face: bool, ev: Events
) -> None:
    keeper = 1 - team
    ball = shootout.ball_spot(die, spot)
    distance = abs(ball - spot)
    g = s.members[keeper][GOALKEEPER]
    g["at"] = list(spot_square(s, keeper, spot))
    g.pop("down", None)  # the goalkeeper faces a penalty on its feet
    g.pop("rose", None)
    at = spot_square(s, keeper, ball)
    s.ball, s.held, s.kicked_by = list(at), -1, team
    ev.append(
        Event(
            "pen_kick",
            {
                "team": team,
                "taker": taker,
                "die": die,
                "face": face,
                "ball": ball,
                "spot": spot,
                "distance": distance,
            },
        )
    )
    n = shootout.save_dice(distance)
    if not n:
        flow.goal(s, team, taker, ev)
        return
    s.step = {"k": "pen_save", "team": keeper, "n": n, "distance": distance, "taker": taker}


def _h_pen_save(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
    step = s.step
    dice = flow.dice(args, step["n"])
    result = shootout.stopped(step["distance"], dice)
    ev.append(Event("pen_save_roll", {"team": team, "dice": dice, "result": result or "miss"}))
    if not result:
        flow.goal(s, 1 - team, step["taker"], ev)
        return
    # saved (caught or tipped): the goalkeeper holds the ball on its goal square, its turn
    assert s.ball is not None
    s.members[team][GOALKEEPER]["at"] = s.ball[:]
    s.held = team
    s.ended_at = flow.at(args)
    ev.append(Event("saved", {"team": team}))
    flow.next_turn(s, team, ev)


# -- what is pending ---------------------------------------------------------------------

_NEEDS = {(1,): "a 1 is a foul", (1, 2): "a 1 or 2 is a foul"}


def _p_contact(s: SimpleSoccerState, step: dict[str, Any]) -> list[Decision]:
    team = step["team"]
    victim = who(1 - team, step["against"])
    needs = _NEEDS.get(tuple(step["fouls"]), "a foul on " + "/".join(map(str, step["fouls"])))
    return [
        Decision(
            SIDES[team],
            "roll",
            f"Contact with {victim}: roll a die, {needs}.",
            dice=1,
            info={"purpose": "contact", "fouls": list(step["fouls"]), "why": step["why"]},
        )
    ]


def _p_pen_face(s: SimpleSoccerState, step: dict[str, Any]) -> list[Decision]:
    return [shootout.face_decision(SIDES[step["team"]])]


def _p_pen_spot(s: SimpleSoccerState, step: dict[str, Any]) -> list[Decision]:
    return [shootout.spot_decision(SIDES[step["team"]], "against you")]


def _p_pen_kick(s: SimpleSoccerState, step: dict[str, Any]) -> list[Decision]:
    return [shootout.kick_decision(SIDES[step["team"]])]


def _p_pen_save(s: SimpleSoccerState, step: dict[str, Any]) -> list[Decision]:
    return [shootout.save_decision(SIDES[step["team"]], step["n"], step["distance"])]


def _what_contact(s: SimpleSoccerState, step: Step) -> str:
    return f"{flow.team_name(step['team'])} to roll for the contact"


HANDLERS = {
    ("contact", "roll"): _h_contact,
    ("pen_face", "face"): _h_pen_face,
    ("pen_spot", "spot"): _h_pen_spot,
    ("pen_kick", "roll"): _h_pen_kick,
    ("pen_save", "roll"): _h_pen_save,
}


PENDING = {
    "contact": _p_contact,
    "pen_face": _p_pen_face,
    "pen_spot": _p_pen_spot,
    "pen_kick": _p_pen_kick,
    "pen_save": _p_pen_save,
}
WHAT = {
    "contact": _what_contact,
    "pen_face": lambda s, step: f"{flow.team_name(step['team'])} to pick the penalty's die face",
    "pen_spot": lambda s, step: f"{flow.team_name(step['team'])}'s goalkeeper to pick a spot",
    "pen_kick": lambda s, step: f"{flow.team_name(step['team'])} to roll for the penalty",
    "pen_save": lambda s, step: f"{flow.team_name(step['team'])}'s goalkeeper to roll for the save",
}
