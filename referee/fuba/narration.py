"""Engine events -> short plain-English lines (no Discord formatting).

>>> from engine.core import Event
>>> describe(Event("target", {"team": 0, "start": 7, "target": 9, "value": 3}))
'West plays the ball from 7 to 9: ball value 3'
>>> describe(Event("goal", {"team": 0, "score": [1, 0]}))
'GOAL! West 1-0 East'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from engine.core.events import Event
from engine.fuba import roles, substitutions, weather
from engine.fuba.decisions import ROLL_PURPOSES, SETUP_FOR
from engine.fuba.skills import catalog

SIDE_NAMES = ("West", "East")
Data = dict[str, Any]


def side(team: int) -> str:
    """A team index as shown to people: 0 -> "West", 1 -> "East"."""
    return SIDE_NAMES[team]


def score_line(score: list[int]) -> str:
    return f"West {score[0]}-{score[1]} East"


def clock(minute: int, stoppage: int = 0) -> str:
    """The match clock: 13' or 45+2'."""
    return f"{minute}+{stoppage}'" if stoppage else f"{minute}'"


def _players(n: int) -> str:
    return "a player" if n == 1 else f"{n} players"


def _dice(dice: list[int]) -> str:
    if len(dice) == 1:
        return str(dice[0])
    return ", ".join(str(d) for d in dice[:-1]) + f" and {dice[-1]}"


_ACTIONS = {
    "goal": "goal attempt",
    "move": "movement",
    "position": "positioning",
    "press": "pressing",
    "aggressive": "aggressive pressing",
}
_OUTCOMES = {
    "goal": "goal",
    "corner": "corner kick",
    "rebound": "rebound",
    "miss": "miss",
    "second_roll": "a 6: difficult attempt, roll again",
}


def _dice_event(d: Data) -> str:
    if d["purpose"] == "situation":
        return f"Dice {_dice(d['dice'])}"
    purpose = _SKILL_ROLLS.get(d["purpose"]) or ROLL_PURPOSES.get(d["purpose"], "")
    return f"{side(d['team'])} rolls {_dice(d['dice'])} {purpose}".strip()


def _time(d: Data) -> str:
    now = clock(d["minute"], d.get("stoppage", 0))
    reason = d.get("reason")
    moved = d["moved"]
    if reason:
        return f"+{moved} minute{'' if moved == 1 else 's'} for the {reason} ({now})"
    if d.get("stoppage"):
        return f"stoppage time ({now})" if moved else f"time is up ({now})"
    return f"{moved} minute{'' if moved == 1 else 's'} (minute {d['minute']})"


def _control(d: Data) -> str:
    who = side(d["team"])
    if d.get("rebound"):
        return f"{who} wins the rebound and the ball"
    die, value = d.get("die"), d.get("value")
    if die is None:
        return f"{who} {'keeps' if d['kept'] else 'wins'} the ball"
    if not d["kept"]:
        loser = side(1 - d["team"])
        return f"{who} wins the ball: {loser}'s best die {die} is below ball value {value}"
    if d.get("easy"):
        return (
            f"{who} keeps the ball: its best die {die} is below ball value {value}, but no "
            "opponent is near (easy situation)"
        )
    return f"{who} keeps the ball: {die} {_against(die, value)}"


def _against(die: int, value: int) -> str:
    return f"{'beats' if die > value else 'equals'} ball value {value}"


def _order(d: Data) -> str:
    who = side(d["first"])
    die, value, controlling = d.get("die"), d.get("value"), d.get("controlling")
    if die is None or controlling is None:
        return f"{who} acts first"
    if d["first"] == controlling:
        return f"{who} acts first: its lower die {die} {_against(die, value)} too"
    return f"{who} acts first: {side(controlling)}'s lower die {die} is below ball value {value}"


def _setup(d: Data) -> str:
    where = ", ".join(f"{n} in {a}" for a, n in d["layout"])
    kind = SETUP_FOR.get(d["kind"], d["kind"].replace("_", " "))
    return f"{side(d['team'])} sets up for {kind}: {where}"


def _move(d: Data) -> str:
    who, frm, to = side(d["team"]), d["from"], d["to"]
    free = " (free movement)" if d.get("mode") == "free" else ""
    if d.get("with_ball"):
        return f"{who} dribbles from {frm} to {to}{free}"
    if d.get("goalkeeper"):
        return f"{who}'s goalkeeper moves from {frm} to {to}{free}"
    return f"{who} moves {_players(d.get('count', 1))} from {frm} to {to}{free}"


def _target(d: Data) -> str:
    who, start, target = side(d["team"]), d["start"], d["target"]
    if start == target:
        return f"{who} keeps the ball in {target}: ball value {d['value']}"
    return f"{who} plays the ball from {start} to {target}: ball value {d['value']}"


def _action(d: Data) -> str:
    second = "" if d.get("first", True) else " (second action)"
    return f"{side(d['team'])}: {_ACTIONS.get(d['kind'], d['kind'])}{second}"


def _goal_attempt(d: Data) -> str:
    total = d["die"] + d["modifier"]
    line = (
        f"{side(d['team'])} shoots from {d['area']}: {d['die']} {d['modifier']:+d} = {total} "
        f"against ball value {d['value']}: {_OUTCOMES.get(d['outcome'], d['outcome'])}"
    )
    notes = [n for n in (_shot_bonus_note(d), _low_die_note(d)) if n]
    return ". ".join([line, *notes])


def _shot_outcome(die: int, modifier: int, value: int, rebound: bool | None) -> str:
    """4.4, 4.4.2 the first goal-attempt die's outcome; ``rebound``: whether one total short
    gives a rebound (attackers in the box), None when unknown ("rebound_or_miss")."""
    if value - modifier + 1 > 6 and die == 6:
        return "second_roll"
    total = die + modifier
    if total > value:
        return "goal"
    if total == value:
        return "corner"
    if total == value - 1:
        return "rebound_or_miss" if rebound is None else "rebound" if rebound else "miss"
    return "miss"


def _rebound_known(d: Data) -> bool | None:
    """Whether the shooter had players in the box, when the outcome tells it."""
    if d["die"] + d["modifier"] == d["value"] - 1 and d["outcome"] in ("rebound", "miss"):
        return d["outcome"] == "rebound"
    return None


_GAINED = {
    "goal": "the shot scores",
    "corner": "a corner kick",
    "rebound": "a rebound",
    "second_roll": "a difficult attempt",
}
_KEPT_DOWN = {"miss": "saved", "corner": "only a corner", "rebound": "only a rebound"}


def _shot_bonus_note(d: Data) -> str | None:
    """A11 clinical finisher and the like: say so when their +1 changed the outcome."""
    keys = [k for k in d.get("parts", {}) if k in catalog.SKILLS]
    if not keys:
        return None
    bonus = sum(d["parts"][k] for k in keys)
    without = _shot_outcome(d["die"], d["modifier"] - bonus, d["value"], _rebound_known(d))
    if without == d["outcome"]:
        return None
    names = " and ".join(_skill_name(k) for k in keys)
    return f"{names}: {bonus:+d}, {_GAINED.get(d['outcome'], d['outcome'])}"


def _low_die_note(d: Data) -> str | None:
    """A11 shot stopper, leading goalkeeper: two dice, the lower counts; say when the higher
    one would have done better."""
    key, dice = d.get("low"), d.get("dice")
    if not key or not dice:
        return None
    note = f"{_skill_name(key)}: {_dice(dice)}, the {d['die']} counts"
    higher = _shot_outcome(max(dice), d["modifier"], d["value"], _rebound_known(d))
    if higher != d["outcome"] and d["outcome"] in _KEPT_DOWN:
        note += f" — {_KEPT_DOWN[d['outcome']]}"
    return note


def _difficult(d: Data) -> str:
    return (
        f"Difficult attempt: {d['die']}, needs more than {d['need_over']}: "
        f"{_OUTCOMES.get(d['outcome'], d['outcome'])}"
    )


def _pressing(d: Data) -> str:
    who = side(d["team"])
    if d["success"]:
        return f"{who} presses and wins the ball: ball value {d['value']}"
    return f"{who}'s pressing fails: ball value {d['value']}"


def _penalty_kick(d: Data) -> str:
    result = "GOAL" if d["goal"] else "saved"
    return (
        f"{side(d['team'])} kicks {d['kick']}, the goalkeeper goes {d['keeper']}: "
        f"needs {d['need']}, rolls {d['die']}: {result}"
    )


def _red_test(d: Data) -> str:
    verdict = "red card" if d["red"] else "no red card"
    who = side(d["team"])
    return f"Red card test for {who}: {d['die']} (red below {d['needed_below']}): {verdict}"


def _half_end(d: Data) -> str:
    if d["half"] == 1:
        return f"HALF TIME: {score_line(d['score'])}"
    return "The referee blows the final whistle"


FORMATTERS: dict[str, Callable[[Data], str | None]] = {
    "formation_chosen": lambda d: f"{side(d['team'])} has chosen a formation",
    "formations_revealed": lambda d: (
        f"{'Half-time formations' if d.get('halftime') else 'Formations'}: "
        f"West {d['formations'][0]}, East {d['formations'][1]}"
    ),
    "dice": _dice_event,
    "kickoff_tie": lambda d: f"Kick-off roll tied at {d['dice'][0]}: roll again",
    "kickoff_winner": lambda d: (
        f"{side(d['team'])} wins the kick-off roll {max(d['dice'])}-{min(d['dice'])}"
    ),
    "kickoff_team": lambda d: f"{side(d['team'])} starts with the ball",
    "setup": _setup,
    "move": _move,
    "target": _target,
    "time": _time,
    # the special events table is advanced rule A13: without it a double only moves the clock
    "special_event": lambda d: f"Double {d['die']}: a special event" if d.get("table") else None,
    "control": _control,
    # a skill's new ball value is told by the skill's line (A11 fanatic fans)
    "ball_value": lambda d: None if d.get("skill") else f"Ball value {d['value']}",
    "order": _order,
    "bring": lambda d: (
        f"{side(d['team'])} brings {'the goalkeeper' if d.get('goalkeeper') else 'a player'} "
        f"from {d['from']} to {d['to']}"
    ),
    "no_second_actions": lambda d: (
        f"No second actions: {side(d['team'])} is outnumbered at the ball"
    ),
    "action": _action,
    "continue": lambda d: (
        f"{side(d['team'])} plays second actions"
        if d["choice"] == "second"
        else f"{side(d['team'])} starts a new turn"
    ),
    "goal_attempt": _goal_attempt,
    "difficult_attempt": _difficult,
    "rebound": lambda d: f"Rebound: West {d['scores'][0]}, East {d['scores'][1]}",
    "goal": lambda d: f"GOAL! {score_line(d['score'])}",
    "corner_kick": lambda d: f"Corner kick to {side(d['team'])}",
    "goal_kick": lambda d: f"Goal kick to {side(d['team'])}",
    "free_kick": lambda d: (
        f"{'Quick free kick' if d.get('quick') else 'Free kick'} to {side(d['team'])} "
        f"in area {d['area']}"
    ),
    "free_kick_choice": lambda d: (
        f"{side(d['team'])} shoots the free kick directly"
        if d["choice"] == "shoot"
        else f"{side(d['team'])} plays the free kick on"
    ),
    "penalty_awarded": lambda d: f"PENALTY to {side(d['team'])}!",
    "penalty_choice": lambda d: (
        f"{side(d['team'])}'s goalkeeper has chosen"
        if d.get("role") == "keeper"
        else f"{side(d['team'])}'s penalty taker has chosen"
    ),
    "penalty_kick": _penalty_kick,
    "movement": lambda d: f"{side(d['team'])} may move {_players(d['moves'])}",
    "positioning": lambda d: (
        f"{side(d['team'])}'s positioning: ball value {d['from']} -> {d['to']}"
    ),
    "pressing": _pressing,
    "yellow_test": lambda d: (
        f"Yellow card test for {side(d['team'])}: {d['die']}"
        f"{'' if d.get('yellow') else ', no card'}"
    ),
    "yellow_card": lambda d: (
        f"YELLOW CARD for {side(d['team'])} ({d['yellows']} yellow on the team)"
    ),
    "red_test": _red_test,
    "red_card": lambda d: f"RED CARD for {side(d['team'])}{' (direct)' if d.get('direct') else ''}",
    "sent_off": lambda d: f"{side(d['team'])} plays on a player short (removed from {d['area']})",
    "half_end": _half_end,
    "match_end": lambda d: f"FULL TIME: {score_line(d['score'])}",
}

# -- advanced rules A1, A2, A5, A6, A7: condition points, roles, charge, pressing, offside risk
_USED_FOR = {
    "move": "movement",
    "position": "positioning",
    "aggressive": "aggressive pressing",
    "skill": "a skill",  # A11
    "advancing": "the advancing goalkeeper",
}


def _roles(text: str) -> str:
    return roles.describe(roles.parse(text))


def _condition_used(d: Data) -> str:
    n = d["points"]
    points = "a condition point" if n == 1 else f"{n} condition points"
    if n == 0:  # A13 terrace chant
        return (
            f"{side(d['team'])} uses a free condition point for {_USED_FOR.get(d['for'], d['for'])}"
        )
    return f"{side(d['team'])} uses {points} ({d['zone']}) for {_USED_FOR.get(d['for'], d['for'])}"


def _aggressive(d: Data) -> str:
    who = side(d["team"])
    if d["success"]:
        return f"{who} presses aggressively and wins the ball: ball value {d['value']}"
    return f"{who}'s aggressive pressing fails: a foul"


FORMATTERS.update(
    {
        "roles_chosen": lambda d: f"{side(d['team'])} has chosen its player roles",
        "roles_revealed": lambda d: (
            f"Player roles: West {_roles(d['roles'][0])}; East {_roles(d['roles'][1])}"
        ),
        "condition_used": _condition_used,
        "goalkeeper_charge": lambda d: (
            f"{side(d['team'])}'s goalkeeper charges out: ball value {d['value']}"
        ),
        "aggressive_pressing": _aggressive,
        "offside_risk": lambda d: f"Offside risk: ball value +{d['added']}",
    }
)


# -- advanced rules A1, A3, A4, A8, A9, A10, A13: tiredness, substitutions, injuries, slowing,
# weather, V.A.R., special events
def _zones(points: dict[str, int]) -> str:
    return ", ".join(f"{n} {z}" for z, n in points.items())


def _tiredness(d: Data) -> str:
    who, result, minute = side(d["team"]), d["result"], d["minute"]
    if d["lost"]:
        return f"Tiredness test {who}: {result} < {minute}, one point lost ({_zones(d['lost'])})"
    if result < minute:
        return f"Tiredness test {who}: {result} < {minute}, but no points left to lose"
    return f"Tiredness test {who}: {result} is not below {minute}, no point lost"


_PLAN_DONE = {
    "fresh": "brings on a fresh player",
    "yellow": "takes off a player with a yellow card",
    "injury": "replaces the injured player",
}


def _substitution(d: Data) -> str:
    who, plan = side(d["team"]), d["plan"]
    what = _PLAN_DONE.get(plan) or f"changes formation ({substitutions.PLAN_WORDS[plan]})"
    line = f"{who} {what}"
    if plan == "fresh":
        line += f": {d['result']} vs minute {d['minute']}"
    if d.get("points"):
        line += f", +{_zones(d['points'])} condition"
    return line


def _injury(d: Data) -> str:
    who = side(d["team"])
    if d.get("permanent"):
        return f"INJURY for {who} ({d['die']}): the player cannot come back"
    return f"INJURY for {who} ({d['die']}): out for {d['minutes']} minutes"


def _slowing(d: Data) -> str:
    who, result, minute = side(d["team"]), d["result"], d["minute"]
    if d["yellow"]:
        return f"{who} wastes time: {result} < {minute}, the referee books them"
    return f"{who} wastes time and gets away with it ({result} vs {minute})"


def _weather(d: Data) -> str:
    now = weather.NAMES[d["weather"]]
    change = d["change"]
    if change == "start":
        return f"Weather: {now}"
    was = weather.NAMES[d.get("was", "")]
    if change == "ended":
        return f"The {was} is over"
    if change == "worse":
        return f"The {was} turns into {now}"
    return f"The {was} goes on"


def _var(d: Data) -> str:
    what = "goal" if d["for"] == "goal" else "pressing"
    if d["overturned"]:
        return f"V.A.R. ({_dice(d['dice'])}): the {what} is overturned!"
    return f"V.A.R. ({_dice(d['dice'])}): the {what} stands"


def _special(d: Data) -> str | None:
    if not d.get("table"):
        return None  # without the table (A13) a double only moves the clock
    line = f"Special event {d['entry']}: {d['name']}"
    return f"{line} ({d['note']})" if d.get("note") else line


FORMATTERS.update(
    {
        "tiredness_test": _tiredness,
        "tired": lambda d: (
            f"{side(d['team'])} is out of condition: tired for the rest of the match"
        ),
        "substitution_announced": lambda d: (
            f"{side(d['team'])} announces: {substitutions.PLAN_WORDS[d['plan']]}"
        ),
        "substitution": _substitution,
        "no_substitution": lambda d: None,  # a window let pass: not worth a line
        "injury": _injury,
        "injured_off": lambda d: f"{side(d['team'])}'s injured player leaves area {d['area']}",
        "injury_return": lambda d: (
            f"{side(d['team'])}: {_players(d['n'])} back from injury in area {d['area']}"
        ),
        "keeper_injured": lambda d: (
            f"{side(d['team'])}'s goalkeeper is hurt but plays on: +1 to the opponent's shots"
        ),
        "play_on": lambda d: f"{side(d['team'])} plays on a player short",
        "slowing": _slowing,
        "weather": _weather,
        "var_check": _var,
        "goal_denied": lambda d: f"No goal! {score_line(d['score'])}",
        "special_event": _special,
        "special_no_effect": lambda d: f"{side(d['team'])} has nobody at the ball: no effect",
        "collision_tie": lambda d: f"Head collision tied at {d['dice'][0]}: roll again",
        "condition_recovered": lambda d: (
            f"{side(d['team'])} recovers a condition point ({_zones(d['points'])})"
            if d["points"]
            else f"{side(d['team'])} has no room for a recovered condition point"
        ),
    }
)


def describe(event: Event) -> str | None:
    """One readable line for ``event``, or None when it is not worth showing."""
    formatter = FORMATTERS.get(event.kind)
    return None if formatter is None else formatter(event.data)


def narrate(events: Iterable[Event]) -> list[str]:
    """The lines for a run of events; a turn's dice and its time share one line
    ("Dice 5 and 2: 3 minutes (minute 13)"), and so do who has the ball and the new ball value
    ("East keeps the ball: 5 beats ball value 3; ball value is now 2"), and so do a skill and the
    result it changed (A11 penalty saver, tackler)."""
    lines: list[str] = []
    joinable = False
    previous = ""  # the kind of the event of the last line
    last: Event | None = None  # the event of the last line
    situation: list[int] = []  # this run's last situation dice
    for event in events:
        if event.kind == "dice" and event.data.get("purpose") == "situation":
            situation = event.data["dice"]
        if event.kind == "dice" and event.data.get("purpose") in _TOLD_BY_SKILL:
            continue  # the skill's line that follows tells the die
        if _is_skill(event, "stopper") and situation:
            event = Event(event.kind, {**event.data, "lower": min(situation)})
        if event.kind == "ball_value" and _is_skill(last, "stopper"):
            assert last is not None
            if event.data["value"] == last.data["value"]:
                continue  # the stopper's line told it
        merged = _merge(last, event)
        if merged is not None:
            lines[-1] = merged
            joinable, previous, last = False, event.kind, event
            continue
        line = describe(event)
        if line is None:
            continue
        if joinable and event.kind == "time":
            lines[-1] = f"{lines[-1]}: {line}"
            joinable = False
            continue
        if event.kind == "ball_value" and previous == "control":
            rain = " (rain +1)" if event.data.get("rain") else ""  # A9
            lines[-1] = f"{lines[-1]}; ball value is now {event.data['value']}{rain}"
            previous = event.kind
            continue
        joinable = event.kind == "dice" and event.data.get("purpose") == "situation"
        previous, last = event.kind, event
        lines.append(line)
    return lines


def _is_skill(event: Event | None, key: str) -> bool:
    return event is not None and event.kind == "skill" and event.data.get("skill") == key


def _merge(last: Event | None, event: Event) -> str | None:
    """One line for two events told together: a skill and the condition points paid for it,
    the penalty saver's two dice and the penalty, the tackler's spared free kick and the
    failed pressing."""
    if last is None:
        return None
    d = event.data
    if last.kind == "condition_used" and last.data["for"] == "skill" and event.kind == "skill":
        n = last.data["points"]
        return _skill(d, f", {n} point{'' if n == 1 else 's'} from {last.data['zone']}")
    if event.kind == "penalty_kick" and _is_skill(last, "penalty_saver"):
        dice = last.data["dice"]
        note = f"Penalty saver: {_dice(dice)}, the {min(dice)} counts"
        if not d["goal"] and max(dice) >= d["need"]:
            note += " — saved"
        return f"{_penalty_kick(d)}. {note}"
    if _is_skill(event, "tackler") and last.kind == "aggressive_pressing":
        who, value = side(last.data["team"]), last.data["value"]
        if d.get("double"):
            return (
                f"{who}'s aggressive pressing fails: a foul. Tackler: a double, so the free kick "
                f"stands (ball value stays {value})"
            )
        return (
            f"{who}'s aggressive pressing fails. Tackler: no double, so no free kick, and ball "
            f"value stays {value}"
        )
    return None


# -- advanced rule A11: skills, and the A13 events that take or bring one
def _skill_name(key: str) -> str:
    return catalog.SKILLS[key].name if key in catalog.SKILLS else key.replace("_", " ")


def _area_word(area: int) -> str:
    return f"area {area}"


def _fans(d: Data) -> str:
    if d.get("free_kick"):
        return (
            f"{d['die']} equals the ball value: free kick to {side(1 - d['team'])}, and a yellow "
            "card test"
        )
    return f"{d['die']} is the new ball value (was {d['before']})"


def _fiery(d: Data) -> str:
    if d.get("sent_off"):
        return "1, the coach is sent off! No more formation changes"
    back = d.get("points_back", 0)
    if back:
        return f"{d['die']}, {'the point comes' if back == 1 else f'the {back} points come'} back"
    return f"{d['die']}, no points back"


def _poacher(d: Data) -> str:
    if d["first"]:
        return (
            f"{d['die']} against ball value {d['value']}: {side(d['team'])} acts first, with a "
            "goal attempt"
        )
    return f"{d['die']} is below ball value {d['value']}: no luck"


def _diver(d: Data) -> str:
    die, outcome = d["die"], d["outcome"]
    if outcome == "booked":
        return f"{die}, caught diving: free kick to {side(1 - d['team'])} and a yellow card"
    if outcome == "event":
        return f"{die}, play goes on"
    return f"{die}, free kick to {side(d['team'])}, yellow card test for {side(1 - d['team'])}"


def _catenaccio(d: Data) -> str:
    who = "the goalkeeper" if d.get("goalkeeper") else "a player"
    return f"{who} moves from {d['from']} to {d['to']}"


def _stopper(d: Data) -> str:
    lower = d.get("lower")  # told by ``narrate`` when the situation dice are known
    instead = f", not the {lower}" if lower is not None else ""
    return f"the higher die counts{instead}: ball value {d['value']}"


# What each skill did, after "<Skill> (<team>): "; None: nothing more than its name.
_SKILL_DONE: dict[str, Callable[[Data], str | None]] = {
    "trained_formation_change": lambda d: f"{d['before']} becomes {d['after']}",
    "strength_in_depth": lambda d: f"{_dice(d['dice'])}, two off the total",
    "great_condition": lambda d: "one more move",
    "fanatic_fans": _fans,
    "trained_special_event": lambda d: "+1 to the goal attempt",
    "gegenpressing": lambda d: (
        "presses back at once, aggressively" if d.get("aggressive") else "presses back at once"
    ),
    "fiery_coach": _fiery,
    "sweeper_keeper": lambda d: "the charge adds two to the ball value",
    "creative_goalkeeper": lambda d: "a player may move one area",
    "shot_stopper": lambda d: "the shooter rolls two dice and keeps the lower",
    "penalty_saver": lambda d: f"{_dice(d['dice'])}, the {min(d['dice'])} counts",
    "leading_goalkeeper": lambda d: "the shooter rolls two dice and keeps the lower",
    "advancing_goalkeeper": lambda d: f"the goalkeeper charges out: ball value {d['value']}",
    "tackler": lambda d: (
        "a double, the free kick stands" if d.get("double") else "no double, so no free kick"
    ),
    "stopper": _stopper,
    "skilled_full_back": lambda d: f"offside risk +{d['added']}: ball value {d['value']}",
    "doubling_up": lambda d: "positioning past two steps",
    "offside_trap": lambda d: "free kick, no yellow card test",
    "skilled_wing_backs": lambda d: f"the ball moves from {d['from']} to {d['to']}",
    "fast_defender": lambda d: "one more free movement, back into defence",
    "catenaccio": _catenaccio,
    "midfield_general": lambda d: f"the order is swapped, {side(d['first'])} acts first",
    "creative_midfielder": lambda d: f"ball value one lower: {d['value']}",
    "midfield_pressing": lambda d: "a die equal to the ball value wins it too",
    "crossing": lambda d: "the long pass counts one area fewer",
    "regista": lambda d: "no free movements into the target area this turn",
    "dribbler": lambda d: "may dribble past opponents",
    "short_passes": lambda d: "positioning past two steps",
    "box_to_box": lambda d: "one more free movement through the centre",
    "il_mediano": lambda d: "positions again with one extra step",
    "mezzala": lambda d: f"ball value {d['reduced']} lower",
    "target_man": lambda d: f"a player in {_area_word(d['area'])} counts as three this turn",
    "clinical_finisher": lambda d: "+1 to the goal attempt",
    "aggressive_striker": lambda d: "+1 to the goal attempt, but a 1 or 2 is a foul",
    "goal_poacher": _poacher,
    "diver": _diver,
    "runner": lambda d: "one more free movement, up into attack",
    "seconda_punta": lambda d: "straight on to a new turn",
}


def _skill(d: Data, paid: str = "") -> str:
    who = side(d["team"])
    if d.get("foul"):  # A11 aggressive striker: a plain 1 or 2
        return (
            f"Aggressive striker ({who}): a 1 or 2, a foul! No goal attempt, free kick to "
            f"{side(1 - d['team'])}"
        )
    key = d["skill"]
    head = f"{_skill_name(key)} ({who}{paid})"
    done = _SKILL_DONE.get(key, lambda _: None)(d)
    return f"{head}: {done}" if done else head


def _names(keys: Iterable[str]) -> str:
    return ", ".join(_skill_name(k) for k in keys) or "none"


def _revealed(d: Data) -> str:
    west, east = d["skills"]
    return f"Skills: West {_names(west)}; East {_names(east)}"


# The roll a skill or an A13 skill event asks for, as spectators read it (the prompts speak
# to the roller).
_SKILL_ROLLS = {
    "fans": "for the fanatic fans",
    "fiery": "for the fiery coach",
    "poacher": "for the goal poacher",
    "diver": "for the diver",
    "star": "for the injured star's skill",
    "talent": "for the new talent's skill",
}
# Rolls whose die the skill's own line tells (``narrate`` leaves out their dice line).
_TOLD_BY_SKILL = frozenset({"fans", "fiery", "poacher", "diver"})

FORMATTERS.update(
    {
        "skill": _skill,
        "skill_lost": lambda d: f"Injured star: {side(d['team'])} loses {d['name']}",
        "skill_gained": lambda d: f"New talent: {side(d['team'])} gains {d['name']}",
        "skill_roll_again": lambda d: f"{_dice(d['dice'])} picks no skill: roll again",
        "skills_chosen": lambda d: f"{side(d['team'])} has chosen its skills",
        "skills_revealed": _revealed,
    }
)
