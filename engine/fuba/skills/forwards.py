"""A11 forward skills with a window: target man, clinical finisher and aggressive striker
(their +1: ``team.bonus``), goal poacher, diver, runner, seconda punta."""

from __future__ import annotations

from engine.core.events import Event, event
from engine.fuba import cards, restarts
from engine.fuba.board import BOX, zone
from engine.fuba.skills import in_box, record
from engine.fuba.skills.catalog import SKILLS
from engine.fuba.skills.common import PLAIN, Args, Step, booked, kept, successes
from engine.fuba.state import FubaState


def _actions_ahead(s: FubaState) -> bool:
    return not s.turn.get("skip_actions") and "order" in s.turn


def offer_target_man(s: FubaState, team: int, window: Step) -> list[Args]:
    t = s.turn
    target = t["target"]
    if not _actions_ahead(s) or team != s.control or t.get("target_man") == team:
        return []
    if zone(team, target) != "attack" or s.ball != target or not s.outfield[team][target]:
        return []
    return PLAIN


def play_target_man(s: FubaState, team: int, args: Args, window: Step, ev: list[Event]) -> None:
    s.turn["target_man"] = team  # read by ``skills.counted``
    record(s, team, "target_man", ev, area=s.turn["target"])


def offer_finisher(s: FubaState, team: int, window: Step) -> list[Args]:
    if team != s.control or not in_box(s, team):
        return []
    return PLAIN


def offer_striker(s: FubaState, team: int, window: Step) -> list[Args]:
    return offer_finisher(s, team, window)


def striker_foul(s: FubaState, team: int, die: int, ev: list[Event]) -> bool:
    """Aggressive striker: a plain 1 or 2 cancels the attempt: a yellow card for the shooter
    and a free kick for the defending team. True when that happened."""
    if "aggressive_striker" not in s.turn.get("shot_skills", {}) or die > 2:
        return False
    name = SKILLS["aggressive_striker"].name
    ev.append(
        event("skill", {"team": team, "skill": "aggressive_striker", "name": name, "foul": True})
    )
    restarts.award_free_kick(s, 1 - team, s.ball, ev)
    if not s.over:
        booked(s, team, "aggressive striker", ev)
    return True


def offer_poacher(s: FubaState, team: int, window: Step) -> list[Args]:
    t = s.turn
    if not _actions_ahead(s) or team != s.control or not kept(s) or t.get("poacher"):
        return []
    if t["target"] != BOX[1 - team] or s.ball != t["target"] or successes(s) != 1:
        return []
    return PLAIN


def play_poacher(s: FubaState, team: int, args: Args, window: Step, ev: list[Event]) -> None:
    s.turn["poacher"] = True
    s.agenda.insert(0, {"k": "roll", "team": team, "n": 1, "for": "poacher"})


def roll_poacher(s: FubaState, step: Step, dice: list[int], ev: list[Event]) -> None:
    """At least the ball value: the team acts first, and its first action is a shot."""
    s.agenda.pop(0)
    team, die = step["team"], dice[0]
    first = die >= s.value
    if first:
        s.turn["order"] = [team, 1 - team]
        s.turn["only"] = "goal"
    record(s, team, "goal_poacher", ev, die=die, value=s.value, first=first)


def offer_diver(s: FubaState, team: int, window: Step) -> list[Args]:
    return PLAIN if zone(team, s.turn["target"]) == "attack" else []


def play_diver(s: FubaState, team: int, args: Args, window: Step, ev: list[Event]) -> None:
    s.agenda.insert(0, {"k": "roll", "team": team, "n": 1, "for": "diver"})


def roll_diver(s: FubaState, step: Step, dice: list[int], ev: list[Event]) -> None:
    """1: a yellow card and a free kick against the diver; 2-3: the special event goes on;
    4-6: a free kick for the diver's team and a yellow card test at +1 for the opponent."""
    s.agenda.pop(0)
    team, die = step["team"], dice[0]
    outcome = "booked" if die == 1 else "event" if die <= 3 else "free_kick"
    record(s, team, "diver", ev, die=die, outcome=outcome)
    if outcome == "event":
        return
    area = s.turn["target"]
    fouled = 1 - team if outcome == "booked" else team
    restarts.award_free_kick(s, fouled, area, ev)  # the special event's duel is cleared
    if s.over:
        return
    if outcome == "booked":
        booked(s, team, "diving", ev)
    else:
        cards.start_yellow_test(s, 1 - team, "diver", modifier=1)


def offer_seconda(s: FubaState, team: int, window: Step) -> list[Args]:
    t = s.turn
    if not _actions_ahead(s) or team != s.control or not kept(s):
        return []
    if zone(team, t["target"]) != "attack" or successes(s) != 2:
        return []
    return PLAIN


def play_seconda(s: FubaState, team: int, args: Args, window: Step, ev: list[Event]) -> None:
    s.turn["skip_actions"] = True  # a new turn at once
    record(s, team, "seconda_punta", ev)
