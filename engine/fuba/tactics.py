"""The automatic coach's advanced-rules tactics (A1-A8): when a condition point changes the
outcome, when to press aggressively, charge out, substitute, slow the game down, and which
player roles fit a formation.

Each function answers one decision kind for ``engine.fuba.coach.Coach`` when it plays the
advanced rules (``Coach(seed)``); ``Coach(seed, advanced=False)`` answers every one of them
with the default instead. Pure and deterministic: the same state gives the same answer.
"""

from __future__ import annotations

from typing import Any, Final, Protocol

from engine.core.actions import Action
from engine.core.errors import RulesError
from engine.core.events import MUTED
from engine.fuba import condition, moves, plays, roles, skills, substitutions
from engine.fuba.board import SIDES, area_modifier, zone
from engine.fuba.state import ZONES, FubaState

Step = dict[str, Any]

POSITION_GAIN: Final = 0.05  # a positioning point must change a shot or a pressing by this much
AGGRESSIVE_MIN: Final = 0.5  # least chance of an aggressive pressing worth its risk
AGGRESSIVE_DANGER: Final = 0.75  # ... when a failure gives the opponent a free kick it can shoot
CHARGE_FROM: Final = 4  # the ball value from which a goalkeeper's charge pays off (A5)
ADVANCE_FROM: Final = 3  # ... an advancing goalkeeper's (A11)
SWEEPER_FROM: Final = 3  # ... a sweeper keeper's, which raises the value by two (A11)
STOPPER_CHARGE: Final = 1  # ... this much later with a shot stopper, which a charge rules out (A11)
SLOW_FROM: Final = 70  # slow the game down from this minute of the second half when leading (A8)
SLOW_RED_RISK: Final = 0.1  # at most this chance of a red card from a slowing's yellow card
YELLOW_SUB_FROM: Final = 60  # take a booked player off from this minute (A3)
FRESH_BELOW: Final = 7  # bring on a fresh player in the second half below this many points (A3)
CHANGE_FROM: Final = 70  # formation changes for the score from this minute (A3)
KEEP: Final = 2  # points a zone that matters now counts fewer when choosing who pays (A1)
ATTACK_POINTS: Final = 3  # roles move condition points forward up to this many in attack (A2)


class _Mover(Protocol):
    def _moves(self, s: FubaState, step: Step, team: int) -> Action: ...


# -- chances ------------------------------------------------------------------------------


def shot_chance_at(s: FubaState, team: int, value: int, free_kick: bool = False) -> float:
    """Chance that ``team``'s goal attempt from the ball's area scores at ball ``value``
    (4.4, 4.4.2)."""
    modifier, area_mod = plays.shot_total(s, team, free_kick)
    need = value - modifier + 1  # ShotOdds.needed
    if need > 6:  # difficult goal attempt: a 6, then more than the area modifier
        return max(0, 6 - abs(area_mod)) / 36
    return 1.0 if need <= 1 else (7 - need) / 6


def press_chance_at(value: int, aggressive: bool = False) -> float:
    """Chance that a pressing wins the ball (4.7): a die below the ball value, or equal to it
    in an aggressive pressing (A6)."""
    good = value if aggressive else value - 1
    miss = (6 - min(6, max(0, good))) / 6
    return 1 - miss * miss


def _still_to_act(s: FubaState, team: int) -> tuple[bool, bool]:
    """While an action of ``team`` is resolved: may it act again this turn, may the opponent?
    (4.2.4 order, 4.3.2 second actions.)"""
    t = s.turn
    seq, order = t.get("seq", 0), t.get("order") or [team, 1 - team]
    if seq in (1, 2):  # a first action: the other first action and second actions follow
        return True, True
    if seq == 4:  # the first team's second action: the other team's second may follow
        return order[1] == team, order[1] != team
    return False, False


def _can_press_later(s: FubaState, team: int) -> bool:
    if "press" in s.turn.get("acts", ([], []))[team]:
        return False
    return plays.can_press(s, team) or plays.can_press_aggressively(s, team)


def _can_shoot_later(s: FubaState, team: int) -> bool:
    return "goal" not in s.turn.get("acts", ([], []))[team] and plays.can_shoot(s, team)


# -- A1 condition points -----------------------------------------------------------------


def position_gain(s: FubaState, step: Step, team: int) -> float:
    """What one more positioning step is worth: the change in the goal attempt's and the
    pressing's chances that can still follow this turn (0 when nothing follows)."""
    skip, use = step["skip"], step["use"]
    other = 1 - team
    again, their_turn = _still_to_act(s, team)
    gain = 0.0
    if team == s.control:  # a lower value: a better shot, a harder pressing for them
        if again and _can_shoot_later(s, team):
            gain += shot_chance_at(s, team, use) - shot_chance_at(s, team, skip)
        if their_turn and _can_press_later(s, other):
            gain += press_chance_at(skip) - press_chance_at(use)
    else:  # a higher value: a harder shot for them, an easier pressing for us
        if their_turn and _can_shoot_later(s, other):
            gain += shot_chance_at(s, other, skip) - shot_chance_at(s, other, use)
        if again and _can_press_later(s, team):
            gain += press_chance_at(use) - press_chance_at(skip)
    return gain


def moves_used(coach: _Mover, s: FubaState, team: int, left: int) -> int:
    """How many of ``left`` movement-action moves the coach would make (played on a copy)."""
    from engine.fuba import match

    trial = s.clone()
    moves.reset_locks(trial, team)
    step: Step = {"k": "moves", "team": team, "mode": moves.ACTION, "made": 0, "left": left}
    step["dribble"] = True
    trial.agenda = [step]
    made = 0
    while made < left and trial.agenda and trial.agenda[0].get("k") == "moves":
        action = coach._moves(trial, trial.agenda[0], team)
        if action.kind != "move":
            break
        try:
            match.apply_into(trial, action, MUTED)  # its events are not wanted
        except RulesError:
            break
        made += action.args.get("count", 1)
    MUTED.clear()
    return made


def boost(coach: _Mover, s: FubaState, step: Step, team: int, keep: float = 0.0) -> Action:
    """A1 use a condition point when it changes the outcome: one more positioning step that
    moves a shot's or a pressing's chances, or more moves than the coach has use for.
    ``keep``: what the point is worth kept for a skill (A11), which the gain must beat too."""
    if step["for"] == "position":
        use = position_gain(s, step, team) >= POSITION_GAIN + keep
    else:
        use = not keep and moves_used(coach, s, team, step["use"]) > step["skip"]
    return Action(SIDES[team], "boost", {"choice": "use" if use else "skip"})


def pay(s: FubaState, step: Step, team: int) -> Action:
    """A1 two points from the adjacent zone that matters least now: with the ball the
    attack zone is kept for the shots to come, without it the defence zone for defending
    the box (each counts ``KEEP`` points fewer); then the fuller zone, defence on a tie."""
    keep = condition.ATTACK if team == s.control else condition.DEFENCE
    points = s.condition[team]

    def spare(way: list[int]) -> tuple[int, int]:
        z = way[0]
        return points[z] - (KEEP if z == keep else 0), -z

    where = max(step["ways"], key=spare)[0]
    return Action(SIDES[team], "pay", {"zone": ZONES[where]})


# -- A6 aggressive pressing ----------------------------------------------------------------


def press_aggressively(s: FubaState, team: int, allowed: list[str]) -> bool:
    """A6 worth it when it wins the ball clearly more often than a plain pressing (or when
    a plain one is not allowed), at even odds or better; when a failure's free kick would be
    a shot at goal, only at three in four or better (A11 a tackler in the defence zone gives
    one away only on a double); never with two yellow cards already (a failure's yellow
    card test could then send a player off one time in three)."""
    if "aggressive" not in allowed or s.yellows[team] >= 2:
        return False
    v = s.value
    chance = press_chance_at(v, aggressive=True)
    plain = press_chance_at(v) if "press" in allowed else 0.0
    other = 1 - team
    danger = plays.can_shoot(s, other) and area_modifier(other, s.ball) >= -2
    if danger and skills.auto(s, team, "tackler") and zone(team, s.ball) == "defence":
        danger = False
    need = AGGRESSIVE_DANGER if danger else AGGRESSIVE_MIN
    return chance >= need and chance - plain >= 0.1


# -- A5 goalkeeper charge ------------------------------------------------------------------


def charge(s: FubaState, step: Step, team: int) -> Action:
    """A5 charge out from ball value 4: the attacker then keeps the ball only when its
    higher die reaches 5 (or 6), which fails about one time in five more often, and a
    higher value lets the defence act first more often; that outweighs the +1 on its goal
    attempt. At 6 the value cannot rise, and below 4 the +1 costs more than it stops.
    A11 an advancing goalkeeper's charge gives no +1 (the keeper is out of its box
    already), so it pays off from value ``ADVANCE_FROM``; a sweeper keeper's raises the
    value by two, so it pays off from ``SWEEPER_FROM``; a keeper that charged cannot be a
    shot stopper in that turn, so with one the charge waits for a value one higher."""
    if step.get("advancing"):  # its point may have gone on a sweeper keeper meanwhile
        go = ADVANCE_FROM <= s.value < 6 and condition.can_pay(s, team, 1, True)
        return Action(SIDES[team], "charge", {"choice": "charge" if go else "stay"})
    sweeper = skills.usable(s, team, "sweeper_keeper") and condition.can_pay(s, team, 1, True)
    stopper = skills.usable(s, team, "shot_stopper") and condition.can_pay(s, team, 1, True)
    start = (SWEEPER_FROM if sweeper else CHARGE_FROM) + (STOPPER_CHARGE if stopper else 0)
    go = start <= s.value < 6
    return Action(SIDES[team], "charge", {"choice": "charge" if go else "stay"})


# -- A8 slowing the game down ----------------------------------------------------------------


def yellow_chance(minute: int) -> float:
    """A8 chance that 2d6 x 10 falls below the game time."""
    return sum(1 for a in range(1, 7) for b in range(1, 7) if (a + b) * 10 < minute) / 36


def slow(s: FubaState, step: Step, team: int) -> Action:
    """A8 leading late in the second half: one more minute off the clock, unless the
    time-wasting yellow card could too easily be a red one (5.6.2: a die below the yellow
    cards)."""
    lead = s.score[team] - s.score[1 - team]
    minute = s.minute + 1  # the slowing's own minute comes before the roll
    red = yellow_chance(minute) * min(1.0, s.yellows[team] / 6)
    go = s.half == 2 and lead > 0 and s.minute >= SLOW_FROM and red <= SLOW_RED_RISK
    return Action(SIDES[team], "slow", {"choice": "slow" if go else "play"})


# -- A3 substitutions, A4 replacing an injured player ----------------------------------------


def substitute(s: FubaState, step: Step, team: int) -> Action:
    """A3 one plan at a time: a booked player off late in the match, a fresh player when the
    condition points run low in the second half (2d6 x 10 below the game time gives two
    points, so later is better; the last substitution is kept for an injury), a forward
    more when behind late (a defender more when ahead late); then done."""
    if s.half != 2:  # every plan below waits for the second half
        return Action(SIDES[team], "substitute", {"plan": "done"})
    plans = substitutions.legal_plans(s, step)
    announced = step["plans"]
    plan = "done"
    left = substitutions.left(s, team, step)
    points = condition.total(s, team) + 2 * announced.count("fresh")
    diff = s.score[team] - s.score[1 - team]
    booked = s.yellows[team] - announced.count("yellow")
    if "yellow" in plans and s.minute >= YELLOW_SUB_FROM and booked > 0:
        plan = "yellow"
    elif "fresh" in plans and points < FRESH_BELOW and left > 1:
        plan = "fresh"
    elif s.minute >= CHANGE_FROM and not any(p in substitutions.CHANGES for p in announced):
        shape = substitutions.shape_after(s, team, announced)
        if diff < 0 and shape[0] > 3 and "d>f" in plans:
            plan = "d>f"
        elif diff > 0 and shape[2] > 1 and "f>d" in plans:
            plan = "f>d"
    return Action(SIDES[team], "substitute", {"plan": plan})


def replace(s: FubaState, step: Step, team: int) -> Action:
    """A4 a player out for good: bring on a substitute (a team a player short loses areas)."""
    return Action(SIDES[team], "replace", {"choice": "substitute"})


# -- A2 player roles ---------------------------------------------------------------------------


def roles_for(shape: list[int]) -> str:
    """A2 roles that fit the formation: condition points are paid from the ball's zone, and
    a formation with few forwards runs out of them first in attack, so attacking
    midfielders (or offensive wing backs from a back line bigger than the midfield) move
    points forward until attack has ``ATTACK_POINTS``; at least three defenders and two
    midfielders keep theirs.

    >>> roles_for([4, 4, 2]), roles_for([5, 4, 1]), roles_for([4, 2, 4])
    ('1am', '1am owb', 'none')
    """
    d, m, f = shape
    chosen: dict[str, int] = {}
    while f < ATTACK_POINTS:
        if d > m and chosen.get("owb", 0) < 2 and d > 3:
            chosen["owb"] = chosen.get("owb", 0) + 1
            d -= 1
        elif m > 2:
            chosen["am"] = chosen.get("am", 0) + 1
            m -= 1
        else:
            break
        f += 1
    return roles.text(chosen)
