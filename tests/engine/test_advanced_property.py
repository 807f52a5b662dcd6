"""Random complete matches with every advanced rule in force: they end, the invariants hold
after every action, the position notation's round trip is exact at every step and so is the
replay; and coach-vs-coach advanced matches still last as long as the rulebook's.

The random player reads everything from ``FUBA.pending``: it picks one of the pending
decisions, then one of its listed choices (open-ended decisions, a setup or the player roles,
list their presets), and answers dice decisions with seeded dice. So each rule is exercised as
soon as it lands, with no change here.
"""

from __future__ import annotations

import random
import statistics
from dataclasses import dataclass, field
from typing import Any

import pytest

from engine.core import Action, VirtualDice, replay
from engine.core.events import Event
from engine.fuba import FUBA, FubaState, advanced
from engine.fuba.board import N_SLOTS, SIDES
from engine.fuba.coach import Coach, next_action, play_match

MATCHES = 200
CHUNKS = 8
MAX_ACTIONS = 5000
# The position's round trip costs more than the rest of a random match (test time): after
# every action of one match in ROUND_TRIP_EVERY, after every SAMPLE-th action of the others.
ROUND_TRIP_EVERY = 4
SAMPLE = 7
OPTIONS = {"advanced": list(advanced.ALL)}
WEATHERS = {"", "heat", "sunshine", "wind", "rain", "cold", "storm", "extreme_heat"}
ZONE_CAP, TOTAL_CAP = 6, 10  # A3: what substitutions may lift a zone / a team to
MAX_SUBS = 3  # A3


def random_action(rng: random.Random, dice: VirtualDice, state: FubaState) -> Action:
    """A random legal action: one of the pending decisions (each decided by a side), one of
    its choices."""
    pending = FUBA.pending(state)
    assert pending, "a running match always waits for someone"
    assert all(d.actor in SIDES for d in pending), pending
    decision = rng.choice(pending)
    if decision.dice:
        return Action(decision.actor, "roll", {"dice": dice.roll(decision.dice)})
    assert decision.choices, f"{decision.kind} lists no choice (presets for open-ended ones)"
    return rng.choice(decision.choices).action


@dataclass
class Watch:
    """What the invariants compare from one action to the next."""

    time: tuple[int, int, int] = (1, 0, 0)
    score: list[int] = field(default_factory=lambda: [0, 0])
    condition: list[list[int]] = field(default_factory=lambda: [[0, 0, 0], [0, 0, 0]])
    subs: list[int] = field(default_factory=lambda: [0, 0])
    tired: list[bool] = field(default_factory=lambda: [False, False])
    permanent: list[int] = field(default_factory=lambda: [0, 0])  # permanent injuries so far

    def check(self, s: FubaState, events: list[Event]) -> None:
        """Assert the invariants of ``s`` after an action that gave ``events``, then remember
        what the next action is compared with."""
        for e in events:
            if e.kind == "injury" and e.data.get("permanent"):
                self.permanent[e.data["team"]] += 1
        # while a player is leaving the count may be one off: a sent-off or injured player's
        # removal waits for the team's choice of area, and an injured player leaves before the
        # injury roll says for how long (A4)
        settling = any(step["k"] == "remove" or step.get("for") == "injury" for step in s.agenda)
        for team in (0, 1):
            row = s.outfield[team]
            assert all(n >= 0 for n in row), (team, row)
            assert 1 <= s.keeper[team] <= 13
            off = s.reds[team] + len(s.injured[team])
            on = sum(row)
            if s.turns[0]:
                # 10 outfield players less those sent off or injured; a permanently injured
                # player may have been replaced (A4) or not
                if settling:
                    assert on <= 11 - off, (team, on, off)
                else:
                    assert 10 - off - self.permanent[team] <= on <= 10 - off, (team, on, off)
            for a in range(N_SLOTS):
                assert 0 <= s.locked[team][a] <= s.moved[team][a], (team, a)
            points = s.condition[team]
            old = self.condition[team]
            assert all(p >= 0 for p in points), points
            assert sum(points) <= TOTAL_CAP, points
            if any(old) or s.turns[0]:  # after the kick-off points only come within A3's caps
                for z in range(3):
                    assert points[z] <= old[z] or points[z] <= ZONE_CAP, (old, points)
            assert self.subs[team] <= s.subs[team] <= MAX_SUBS
            assert s.tired[team] or not self.tired[team], "tiredness lasts the whole match"
            assert all(0 <= m <= 4 for m in s.injured[team]), s.injured[team]
        assert 1 <= s.ball < N_SLOTS
        assert 1 <= s.value <= 6
        assert s.game_time() >= self.time, (self.time, s.game_time())
        assert 0 <= s.stoppage <= 5
        assert s.weather in WEATHERS, s.weather
        goals = [sum(1 for e in events if e.kind == "goal" and e.data["team"] == t) for t in (0, 1)]
        denied = sum(1 for e in events if e.kind == "var_check" and e.data.get("overturned"))
        for team in (0, 1):
            gained = s.score[team] - self.score[team]
            # only goals raise the score; a goal the V.A.R. denies (A10) may take it back
            assert goals[team] - denied <= gained <= goals[team], (team, gained, events)
        self.time = s.game_time()
        self.score = s.score[:]
        self.condition = [s.condition[0][:], s.condition[1][:]]
        self.subs = s.subs[:]
        self.tired = s.tired[:]


def play_random(seed: int, every_step: bool = True) -> tuple[FubaState, FubaState, list[Action]]:
    """A random match with every advanced rule, checked after every action: the invariants,
    and the position's round trip after every action (``every_step``) or every ``SAMPLE``th;
    returns (initial state, final state, actions)."""
    rng = random.Random(seed)
    dice = VirtualDice(seed)
    initial = FUBA.initial(OPTIONS)
    state = FUBA.from_json(FUBA.to_json(initial))
    watch = Watch()
    log: list[Action] = []
    while not state.over:
        action = random_action(rng, dice, state)
        events = FUBA.apply_in_place(state, action)
        log.append(action)
        watch.check(state, events)
        if every_step or len(log) % SAMPLE == 0:
            text = FUBA.position(state)  # a pure function of the state: equal states, same text
            assert FUBA.from_position(text) == state, f"seed {seed}, action {len(log)}: {text}"
        assert len(log) < MAX_ACTIONS, f"seed {seed}: the match does not end"
    assert state.half == 2 and not FUBA.pending(state)
    return initial, state, log


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_advanced_matches_end_keep_invariants_round_trip_and_replay(chunk: int) -> None:
    for seed in range(chunk * MATCHES // CHUNKS, (chunk + 1) * MATCHES // CHUNKS):
        initial, final, log = play_random(seed, every_step=seed % ROUND_TRIP_EVERY == 0)
        assert initial.rule("condition") and initial.rule("events")
        assert replay(FUBA, initial, log) == final, f"seed {seed}: the replay differs"


# What each advanced rule does, as the events that say so (adv-design.md)
RULE_EVENTS = {
    "condition": ("condition_used", "tiredness_test", "tired"),
    "substitutions": ("substitution",),
    "injuries": ("injury", "injury_return"),
    "charge": ("goalkeeper_charge",),
    "pressing": ("aggressive_pressing",),
    "offside_risk": ("offside_risk",),
    "slowing": ("slowing",),
    "weather": ("weather",),
    "var": ("var_check",),
    "events": ("special_event",),
}


def test_every_advanced_rule_comes_into_play_in_random_and_coach_matches() -> None:
    """Legal play reaches every advanced rule: none is out of reach of the choices the
    decisions list (30 random matches, and 30 coach matches: offside risk needs a defence
    that leaves its whole back row empty, which random set-ups hardly ever do)."""
    seen: set[str] = set()
    for seed in range(30):
        rng = random.Random(seed)
        dice = VirtualDice(seed)
        coach = Coach(seed)
        for by_coach in (False, True):
            state = FUBA.initial(OPTIONS)
            while not state.over:
                action = (
                    next_action(coach, state, dice) if by_coach else random_action(rng, dice, state)
                )
                for e in FUBA.apply_in_place(state, action):
                    if e.kind != "special_event" or "entry" in e.data:  # a table entry (A13)
                        seen.add(e.kind)
    missing = {
        rule: [kind for kind in kinds if kind not in seen]
        for rule, kinds in RULE_EVENTS.items()
        if not set(kinds) <= seen
    }
    assert not missing, missing


def test_coach_advanced_matches_average_15_to_21_turns_a_half() -> None:
    """The advanced rules keep a coach-vs-coach match as long as the rulebook's (a half of
    about 15-21 turns), averaged over 40 seeds."""
    turns = [
        t
        for seed in range(40)
        for t in play_match(seed, record=False, start=FUBA.initial(OPTIONS))[0].turns
    ]
    assert 15 <= statistics.mean(turns) <= 21, statistics.mean(turns)


def _kicked_off() -> tuple[FubaState, Watch]:
    """A coach match a few actions after the kick-off, and a watch that has seen it."""
    state = FUBA.initial(OPTIONS)
    coach, dice = Coach(3), VirtualDice(3)
    while state.turns[0] < 2:
        FUBA.apply_in_place(state, next_action(coach, state, dice))
    watch = Watch()
    watch.check(state, [])
    return state, watch


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (lambda s: s.outfield[0].__setitem__(7, s.outfield[0][7] + 1), "11 outfield players"),
        (lambda s: setattr(s, "value", 7), "ball value 7"),
        (lambda s: setattr(s, "half", 0), "time going back"),
        (lambda s: s.score.__setitem__(1, 1), "a goal without a goal event"),
        (lambda s: s.condition[0].__setitem__(0, 11), "11 condition points"),
        (lambda s: s.subs.__setitem__(1, 4), "a fourth substitution"),
        (lambda s: setattr(s, "weather", "snow"), "an unknown weather"),
    ],
)
def test_the_invariants_catch_a_broken_state(change: Any, problem: str) -> None:
    state, watch = _kicked_off()
    broken = state.clone()
    change(broken)
    with pytest.raises(AssertionError):
        watch.check(broken, [])
