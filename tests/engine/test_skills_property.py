"""Random complete matches with every advanced rule and skills (A11): each team agrees 1-5
skills and picks at random from its menu (sometimes fewer than it may), then every decision
is a random legal choice from ``FUBA.pending``. The matches end, the skills' record and the
condition points keep their invariants after every action, and the position's round trip
is exact (sampled, as in test_advanced_property.py).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import cache

import pytest

from engine.core import Action, VirtualDice
from engine.core.events import Event
from engine.fuba import FUBA, FubaState, advanced
from engine.fuba.board import SIDES
from engine.fuba.skills import LOST
from engine.fuba.skills.catalog import SKILLS
from engine.fuba.state import ZONES

MATCHES = 200
CHUNKS = 8
MAX_ACTIONS = 5000
ROUND_TRIP_EVERY = 10  # every action of one match in 10, every SAMPLE-th action of the others
SAMPLE = 15
ZONE_CAP, TOTAL_CAP = 6, 10  # A3
BOOSTS = ("move", "position", "aggressive")  # the payments a fiery coach may win back
# Over the 200 matches random players play 33 different skills (measured); fewer than 25
# means a skill window went out of reach.
MIN_SKILLS_PLAYED = 25


def pick_skills(rng: random.Random, menu: list[str], double: list[str], n: int) -> list[str]:
    """A random choice from the menu within ``n`` choices (double skills count two); one time
    in four the team leaves some choices unused."""
    budget = rng.randint(0, n - 1) if rng.random() < 0.25 else n
    out: list[str] = []
    for key in rng.sample(menu, len(menu)):
        weight = 2 if key in double else 1
        if weight <= budget:
            out.append(key)
            budget -= weight
    return out


def random_action(rng: random.Random, dice: VirtualDice, state: FubaState) -> Action:
    pending = FUBA.pending(state)
    assert pending, "a running match always waits for someone"
    decision = rng.choice(pending)
    if decision.dice:
        return Action(decision.actor, "roll", {"dice": dice.roll(decision.dice)})
    if decision.kind == "skills":
        info = decision.info
        picks = pick_skills(rng, info["menu"], info["double"], info["choices"])
        return Action(decision.actor, "skills", {"skills": picks})
    assert decision.choices, f"{decision.kind} lists no choice"
    return rng.choice(decision.choices).action


@dataclass
class Watch:
    """The skills' record and the condition points from one action to the next."""

    skills: list[dict[str, int]] = field(default_factory=lambda: [{}, {}])
    condition: list[list[int]] = field(default_factory=lambda: [[0, 0, 0], [0, 0, 0]])
    coach_off: list[bool] = field(default_factory=lambda: [False, False])
    # the last boost payment per team: (zone, points, the zone's points before it)
    paid: list[tuple[int, int, int] | None] = field(default_factory=lambda: [None, None])
    formation_changes: list[int] = field(default_factory=lambda: [0, 0])
    played: set[str] = field(default_factory=set)

    def check(self, s: FubaState, events: list[Event]) -> None:
        for e in events:
            if e.kind == "skills_revealed":
                # the secret choices: in the order chosen, none played yet
                assert [list(s.skills[t]) for t in (0, 1)] == e.data["skills"]
                assert not any(any(row.values()) for row in s.skills), s.skills
                self.skills = [dict(s.skills[0]), dict(s.skills[1])]
        for team in (0, 1):
            self._skills(s, team, [e for e in events if e.data.get("team") == team])
            self._condition(s, team, [e for e in events if e.data.get("team") == team])
        self.skills = [dict(s.skills[0]), dict(s.skills[1])]
        self.condition = [s.condition[0][:], s.condition[1][:]]
        self.coach_off = s.coach_off[:]

    def _skills(self, s: FubaState, team: int, events: list[Event]) -> None:
        old, new = self.skills[team], s.skills[team]
        played = [e for e in events if e.kind == "skill"]
        gained = {e.data["skill"] for e in events if e.kind == "skill_gained"}
        lost = {e.data["skill"] for e in events if e.kind == "skill_lost"}
        for e in played:
            key = e.data["skill"]
            assert key in old or key in gained, f"{SIDES[team]} played {key} it does not hold"
            assert old.get(key, 0) != LOST, f"{SIDES[team]} played {key} after losing it"
            self.played.add(key)
        assert set(new) == set(old) | gained, (old, new, gained)  # a skill is never dropped
        assert all(key in SKILLS for key in new), new
        for key, times in new.items():
            before = old.get(key, 0)
            if before == LOST:
                assert times == LOST, f"{key} came back after it was lost"
            elif times == LOST:
                assert key in lost, f"{key} lost without an injured star"
            else:
                # each use is counted once (an aggressive striker's foul is the same use)
                uses = sum(1 for e in played if e.data["skill"] == key and not e.data.get("foul"))
                assert times == before + uses, (key, before, times, uses)
        changes = sum(1 for e in played if e.data["skill"] == "trained_formation_change")
        self.formation_changes[team] += changes
        assert self.formation_changes[team] <= 1, "a trained formation change is once a match"
        assert new.get("trained_formation_change", 0) in (0, 1, LOST)
        assert s.coach_off[team] or not self.coach_off[team], "the coach came back"
        if s.coach_off[team] and not self.coach_off[team]:
            assert any(e.data.get("sent_off") for e in played), "a coach off without fiery coach"

    def _condition(self, s: FubaState, team: int, events: list[Event]) -> None:
        points, old = s.condition[team], self.condition[team]
        assert all(p >= 0 for p in points), points
        assert sum(points) <= TOTAL_CAP, points
        refund = next(
            (e for e in events if e.kind == "skill" and e.data.get("points_back")),
            None,
        )
        if refund is not None:
            # A11 fiery coach: the points just paid for a boost come back where they came
            # from, and only those: the zone is as it was before the payment
            assert self.paid[team] is not None, "a refund without a payment"
            zone, paid, before = self.paid[team]
            assert refund.data["points_back"] == paid
            assert points[zone] == before, (points, self.paid[team])
            assert [p for z, p in enumerate(points) if z != zone] == [
                p for z, p in enumerate(old) if z != zone
            ]
        elif s.turns[0]:  # after the kick-off points only come within A3's zone cap
            for z in range(3):
                assert points[z] <= old[z] or points[z] <= ZONE_CAP, (old, points)
        for e in events:
            if e.kind == "condition_used" and e.data["points"] and e.data["for"] in BOOSTS:
                zone = ZONES.index(e.data["zone"])
                self.paid[team] = (zone, e.data["points"], old[zone])


def play_random(seed: int, every_step: bool) -> Watch:
    rng = random.Random(seed)
    dice = VirtualDice(seed)
    state = FUBA.initial({"advanced": list(advanced.ALL), "skills": rng.randint(1, 5)})
    watch = Watch()
    actions = 0
    while not state.over:
        events = FUBA.apply_in_place(state, random_action(rng, dice, state))
        actions += 1
        watch.check(state, events)
        if every_step or actions % SAMPLE == 0:
            text = FUBA.position(state)
            assert FUBA.from_position(text) == state, f"seed {seed}, action {actions}: {text}"
        assert actions < MAX_ACTIONS, f"seed {seed}: the match does not end"
    assert state.half == 2 and not FUBA.pending(state)
    return watch


@cache
def played_in_chunk(chunk: int) -> frozenset[str]:
    """Play one chunk of the matches (checked as they go); the skills played in it."""
    played: set[str] = set()
    for seed in range(chunk * MATCHES // CHUNKS, (chunk + 1) * MATCHES // CHUNKS):
        played |= play_random(seed, every_step=seed % ROUND_TRIP_EVERY == 0).played
    return frozenset(played)


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_matches_with_skills_end_and_keep_the_skills_invariants(chunk: int) -> None:
    assert played_in_chunk(chunk)


def test_random_matches_play_most_skills() -> None:
    """Random play reaches most skills' windows (a chunk already played is not played again)."""
    played = frozenset().union(*(played_in_chunk(c) for c in range(CHUNKS)))
    assert len(played) >= MIN_SKILLS_PLAYED, sorted(set(SKILLS) - played)


def test_the_watch_catches_a_skill_played_back_from_lost() -> None:
    watch = Watch(skills=[{"regista": LOST}, {}])
    state = FUBA.initial({"advanced": list(advanced.ALL), "skills": 2})
    state.skills = [{"regista": 1}, {}]
    with pytest.raises(AssertionError, match="came back"):
        watch.check(state, [])
    event = Event("skill", {"team": 0, "skill": "regista", "name": "Regista"})
    with pytest.raises(AssertionError, match="after losing it"):
        Watch(skills=[{"regista": LOST}, {}]).check(state, [event])


def test_the_watch_catches_a_use_that_is_not_counted_and_a_coach_that_comes_back() -> None:
    state = FUBA.initial({"advanced": list(advanced.ALL), "skills": 2})
    state.skills = [{"regista": 0}, {}]
    event = Event("skill", {"team": 0, "skill": "regista", "name": "Regista"})
    with pytest.raises(AssertionError, match="regista"):
        Watch(skills=[{"regista": 0}, {}]).check(state, [event])
    with pytest.raises(AssertionError, match="the coach came back"):
        Watch(skills=[{"regista": 0}, {}], coach_off=[True, False]).check(state, [])
    with pytest.raises(AssertionError, match="does not hold"):
        stranger = Event("skill", {"team": 1, "skill": "regista", "name": "Regista"})
        Watch(skills=[{"regista": 0}, {}]).check(state, [stranger])


def test_the_watch_catches_a_refund_of_more_than_was_paid() -> None:
    state = FUBA.initial({"advanced": list(advanced.ALL), "skills": 1})
    state.skills = [{"fiery_coach": 1}, {}]
    state.turns = [3, 0]
    refund = Event("skill", {"team": 0, "skill": "fiery_coach", "die": 5, "points_back": 1})
    # one point was paid from midfield, which had 3: the refund may only put that one back
    paid = Watch(
        skills=[{"fiery_coach": 0}, {}],
        condition=[[2, 2, 2], [2, 2, 2]],
        paid=[(1, 1, 3), None],
    )
    state.condition = [[2, 3, 2], [2, 2, 2]]
    paid.check(state, [refund])  # exactly what was paid
    state.condition = [[2, 4, 2], [2, 2, 2]]
    paid.skills = [{"fiery_coach": 0}, {}]
    with pytest.raises(AssertionError, match=r"\[2, 4, 2\], \(1, 1, 3\)"):
        paid.check(state, [refund])
