"""Fake-outs (advanced rules: Fake out moves): a standing fielder with the ball at its feet, the
same ball at a standing opponent's feet, tries to get past it. The player picks how hard a move
(mild, moderate or extreme) and rolls a die: mild wins on an odd die, moderate on 3 or 5, extreme
on a 5 only, for 4, 8 or 12 extra points that fielder alone may spend this turn. A miss puts the
fielder down and ends the turn. A goalkeeper faked out this turn gets no save roll.
"""

from __future__ import annotations

from typing import Any

from engine.core.actions import Action
from engine.core.decisions import Choice, Decision
from engine.core.errors import MalformedAction, RulesError
from engine.core.events import Event
from engine.simplesoccer import facing, flow, rules
from engine.simplesoccer.field import SIDES
from engine.simplesoccer.flow import Events, Step
from engine.simplesoccer.movement import who
from engine.simplesoccer.setup import GOALKEEPER, member_label
from engine.simplesoccer.state import SimpleSoccerState
from engine.simplesoccer.tackle import touching

# level -> (the winning die faces, the extra points)
LEVELS: dict[str, tuple[frozenset[int], int]] = {
    "mild": (frozenset({1, 3, 5}), 4),
    "moderate": (frozenset({3, 5}), 8),
    "extreme": (frozenset({5}), 12),
}
_NEEDS = {"mild": "an odd die", "moderate": "a 3 or a 5", "extreme": "a 5"}


def fakes(s: SimpleSoccerState, team: int) -> list[tuple[str, str]]:
    """(fielder, opponent) pairs that may try a fake-out now: the ball in front of the feet of
    both, both standing, that opponent not yet faked out this turn."""
    if not rules.on(s, "fakeouts") or s.turn is None or s.step["k"] != "play":
        return []
    done = s.turn.get("faked", [])
    theirs = [o for o in touching(s, 1 - team) if o not in done]
    return [
        (label, opponent)
        for label in touching(s, team)
        if label != GOALKEEPER
        for opponent in theirs
    ]


def free_play(s: SimpleSoccerState, team: int) -> bool:
    """A fake-out costs no point: a turn whose points are spent stays open while one is
    possible (flow.after_spend); the player may still end the turn."""
    return bool(fakes(s, team))


def play_choices(s: SimpleSoccerState, team: int) -> list[Choice]:
    pairs = fakes(s, team)
    several = {label for label, _ in pairs if sum(1 for mine, _ in pairs if mine == label) > 1}
    out = []
    for label, opponent in pairs:
        args: dict[str, Any] = {"member": label}
        if label in several:
            args["opponent"] = opponent
        out.append(
            Choice(
                Action(SIDES[team], "fake", args),
                f"{label} fakes out {opponent}",
                {"member": label, "opponent": opponent},
            )
        )
    return out


def _h_fake(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
    if not rules.on(s, "fakeouts"):
        raise RulesError("This match is played without fake-outs.")
    label = flow.member(s, team, args)
    pairs = fakes(s, team)
    theirs = [opponent for mine, opponent in pairs if mine == label]
    if not theirs:
        if label == GOALKEEPER:
            raise RulesError("Only a fielder can try a fake-out.")
        if not facing.standing(s, team, label):
            raise RulesError(f"{label} is down and cannot try a fake-out.")
        raise RulesError(
            f"A fake-out needs the ball at {label}'s feet and at the feet of a standing "
            "opponent not faked out yet this turn."
        )
    if args.get("opponent") in (None, ""):
        if len(theirs) > 1:
            raise MalformedAction(
                f"The ball is at the feet of {' and '.join(theirs)}: name the one you fake out."
            )
        opponent = theirs[0]
    else:
        opponent = member_label(args["opponent"])
        if opponent not in theirs:
            raise RulesError(f"{label} cannot fake out the other team's {opponent} now.")
    s.step = {
        "k": "fake_level",
        "team": team,
        "member": label,
        "opponent": opponent,
        "play": s.step,
    }


def _h_level(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
    level = str(args.get("level", "")).strip().lower()
    if level not in LEVELS:
        raise MalformedAction("Call the fake-out mild, moderate or extreme.")
    s.step = {**s.step, "k": "fake_roll", "level": level}


def _h_roll(s: SimpleSoccerState, team: int, args: Step, ev: Events) -> None:
    (die,) = flow.dice(args, 1)
    step = s.step
    label, opponent, level = step["member"], step["opponent"], step["level"]
    faces, bonus = LEVELS[level]
    won = die in faces
    assert s.turn is not None
    ev.append(
        Event(
            "fake",
            {
                "team": team,
                "member": label,
                "opponent": opponent,
                "level": level,
                "die": die,
                "won": won,
                "points": bonus if won else 0,
            },
        )
    )
    s.step = step["play"]
    if not won:
        # Fake out moves: a miss puts the fielder down and wastes the turn's points
        facing.put_down(s, team, label)
        flow.end_turn(s, team, "fake", flow.at(args), ev)
        flow.next_turn(s, 1 - team, ev)
        return
    own = s.turn.setdefault("own", {})
    own[label] = own.get(label, 0) + bonus
    s.turn.setdefault("faked", []).append(opponent)


def _p_level(s: SimpleSoccerState, step: Step) -> list[Decision]:
    side = SIDES[step["team"]]
    return [
        Decision(
            side,
            "level",
            f"{step['member']} fakes out {step['opponent']}: how hard a move?",
            tuple(
                Choice(
                    Action(side, "level", {"level": level}),
                    f"{level.capitalize()}: {_NEEDS[level]} for +{bonus}",
                    {"level": level, "points": bonus},
                )
                for level, (_, bonus) in LEVELS.items()
            ),
            info={"purpose": "fake", "member": step["member"]},
        )
    ]


def _p_roll(s: SimpleSoccerState, step: Step) -> list[Decision]:
    level = step["level"]
    bonus = LEVELS[level][1]
    return [
        Decision(
            SIDES[step["team"]],
            "roll",
            f"Roll a die for the {level} fake-out: {_NEEDS[level]} gives {step['member']} "
            f"{bonus} more points; a miss puts it down and ends the turn.",
            dice=1,
            info={"purpose": "fake", "level": level, "needs": sorted(LEVELS[level][0])},
        )
    ]


def _what_level(s: SimpleSoccerState, step: Step) -> str:
    return f"{who(step['team'], step['member'])} to pick a fake-out"


def _what_roll(s: SimpleSoccerState, step: Step) -> str:
    return f"{who(step['team'], step['member'])} to roll for the fake-out"


HANDLERS = {
    ("play", "fake"): _h_fake,
    ("fake_level", "level"): _h_level,
    ("fake_roll", "roll"): _h_roll,
}
PENDING = {"fake_level": _p_level, "fake_roll": _p_roll}
WHAT = {"fake_level": _what_level, "fake_roll": _what_roll}
