"""The games ``bench winprob`` trains and measures: how to play one coach match of each and
read the positions the win-probability tables are keyed by."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.core.dice import VirtualDice
from engine.core.errors import RulesError
from engine.core.winprob import Chances, Key

Samples = Iterator[tuple[Key, Key, int]]  # (key, mirrored key, remaining difference)
Notes = Counter[str]  # other figures a game's training keeps
Step = tuple[Callable[[], dict[str, Any]], int]  # (spectator view at the step, outcome)


@dataclass
class Game:
    """One game (or one table of it) as the bench drives it.

    ``match(seed, training)`` yields the live state after each action of a coach match;
    ``light_view(state)`` the view fields the estimate reads (training skips building whole
    views); ``key(view, team)`` the table key; ``lead(key, state)`` the first team's lead as
    the table counts it; ``view(state)`` the real spectator view; ``notes(state, notes)`` any
    other figure a finished training match adds.
    """

    name: str
    prefix: str
    levels: tuple[int, ...]
    table: Path
    match: Callable[[int, bool], Iterator[Any]]
    light_view: Callable[[Any], dict[str, Any]]
    key: Callable[[dict[str, Any], int], Key]
    view: Callable[[Any], dict[str, Any]]
    chances: Callable[[dict[str, Any]], Chances | None]
    warm: Callable[[], Any]
    train_matches: int
    lead: Callable[[Key, Any], int] = lambda key, s: int(s.score[0] - s.score[1])
    notes: Callable[[Any, Notes], None] = lambda s, notes: None
    skip: Callable[[Any], bool] = lambda s: False  # positions the table does not answer
    smoothing: float = 30.0
    min_count: int = 50
    max_cells: int = 10_000

    def samples(self, seed: int, notes: Notes) -> Samples:
        """Every position of one training match with the goal difference still to come."""
        seen: list[tuple[Key, Key, int]] = []
        state = None
        try:
            for state in self.match(seed, True):
                if not state.over and not self.skip(state):
                    view = self.light_view(state)
                    key = self.key(view, 0)
                    seen.append((key, self.key(view, 1), self.lead(key, state)))
        except (RulesError, RuntimeError):  # a coach that erred or stalled: left out
            notes["coach_errors"] += 1
            return
        assert state is not None
        self.notes(state, notes)
        final = state.score[0] - state.score[1]
        for key, mirrored, lead in seen:
            yield key, mirrored, final - lead

    def step(self, seed: int, rng: random.Random) -> Step:
        """One measuring match sampled at a random step (each equally likely)."""
        chosen = state = None
        for n, state in enumerate(self.match(seed, False), start=1):  # RulesError: skipped
            if rng.random() * n < 1:
                chosen = state.clone()
        assert chosen is not None and state is not None
        winner = getattr(state, "winner", -1)
        if winner < 0 and state.score[0] != state.score[1]:
            winner = 0 if state.score[0] > state.score[1] else 1
        picked = chosen
        return (lambda: self.view(picked)), 1 if winner < 0 else 2 * winner


# -- FUBA --------------------------------------------------------------------------------


def _fuba_match(advanced_rules: bool) -> Callable[[int, bool], Iterator[Any]]:
    from engine.fuba import FUBA, advanced
    from engine.fuba.coach import MAX_ACTIONS, Coach, next_action

    options = {"advanced": list(advanced.ALL)} if advanced_rules else None

    def match(seed: int, training: bool) -> Iterator[Any]:
        state = FUBA.initial(options)
        coach, dice = Coach(seed), VirtualDice(seed)
        apply = FUBA.apply_in_place
        for _ in range(MAX_ACTIONS):
            if state.over:
                return
            apply(state, next_action(coach, state, dice))
            yield state
        raise RuntimeError(f"seed {seed}: the match did not end")

    return match


def _fuba_light(s: Any) -> dict[str, Any]:
    return {
        "half": s.half,
        "minute": s.minute,
        "stoppage": s.stoppage,
        "control": s.control,
        "ball": s.ball,
        "value": s.value,
        "players": (s.on_pitch(0), s.on_pitch(1)),
        "turn": s.turn,
        "lead": s.score[0] - s.score[1],
    }


def _fuba_key(view: dict[str, Any], team: int) -> Key:
    from engine.fuba.winprob import key_of

    return key_of(team, **view)


def _fuba_game(advanced_rules: bool) -> Game:
    from engine.fuba import FUBA, winprob

    return Game(
        name="advanced" if advanced_rules else "fuba",
        prefix="advanced_" if advanced_rules else "",
        levels=winprob.LEVELS,
        table=winprob.TABLES[advanced_rules],
        match=_fuba_match(advanced_rules),
        light_view=_fuba_light,
        key=_fuba_key,
        view=lambda s: FUBA.view(s, None),
        chances=winprob.chances,
        warm=lambda: winprob.table(advanced_rules),
        train_matches=4_000 if advanced_rules else 10_000,
        smoothing=300.0 if advanced_rules else 30.0,  # thinner cells lean more on parents
    )


# -- Sports Dice Soccer ------------------------------------------------------------------


def _dicesoccer_match(seed: int, training: bool) -> Iterator[Any]:
    """Half the matches with the advanced re-roll; in training, half on the default field
    and target and the rest spread over every size and target."""
    from engine.dicesoccer import DICESOCCER
    from engine.dicesoccer.coach import Coach as DiceCoach
    from engine.dicesoccer.coach import next_action

    rng = random.Random(seed)
    options: dict[str, Any] = {"advanced": seed % 2 == 1}
    if training and rng.random() < 0.5:
        options["sections"] = rng.randint(1, 6)
        options["target_score"] = rng.randint(1, 9)
    state = DICESOCCER.initial(options)
    coach, dice = DiceCoach(seed), VirtualDice(seed)
    for _ in range(5_000):
        if state.over:
            return
        DICESOCCER.apply_in_place(state, next_action(coach, state, dice))
        yield state
    raise RuntimeError(f"seed {seed}: the match did not end")


def _dice_light(s: Any) -> dict[str, Any]:
    names = ("options", "score", "step", "roll", "chip", "penalty", "ball", "over")
    return {name: getattr(s, name) for name in names}


def _one_table(name: str, ruleset: Any, winprob: Any, **game: Any) -> Game:
    """A game with one table (``engine/<name>/winprob.py``): its name, figures' prefix,
    table, spectator view and estimate, with the rest of ``Game`` from ``game``."""
    return Game(
        name=name,
        prefix=f"{name}_",
        levels=winprob.LEVELS,
        table=winprob.TABLE,
        view=lambda s: ruleset.view(s, None),
        chances=winprob.chances,
        warm=winprob.table,
        **game,
    )


def _dicesoccer_game() -> Game:
    from engine.dicesoccer import DICESOCCER, winprob

    return _one_table(
        "dicesoccer",
        DICESOCCER,
        winprob,
        match=_dicesoccer_match,
        light_view=_dice_light,
        key=winprob.key_of,
        lead=lambda key, s: winprob.implied_lead(key),
        train_matches=3_000,  # the advanced coach weighs every re-roll: ~0.1 s a match
        max_cells=6_000,
    )


# -- Simple Soccer -----------------------------------------------------------------------


def _simplesoccer_match(seed: int, training: bool) -> Iterator[Any]:
    """The default match (40 turns, a shootout after a draw) with basic or (a third of the
    matches) advanced rules; in training also other turn counts and set-score matches."""
    from engine.simplesoccer.coach import iter_match

    rng = random.Random(seed)
    options: dict[str, Any] = {"rules": "advanced" if seed % 3 == 2 else "basic"}
    if training:
        roll = rng.random()
        if roll < 0.2:
            options["turns"] = rng.choice((10, 20, 30, 60, 80))
        elif roll < 0.3:
            options["target"] = rng.randint(1, 4)
    for state, _action, _events in iter_match(seed, options=options):
        yield state


def _simple_light(s: Any) -> dict[str, Any]:
    names = ("options", "score", "step", "ball", "members", "held", "turn", "sent_off")
    out = {name: getattr(s, name) for name in names}
    out.update(turns_played=s.turns_played, elapsed=s.elapsed, width=s.field.width)
    return out


def _shootout_notes(s: Any, notes: Notes) -> None:
    if s.shootout is not None:
        kicks = s.shootout["kicks"]
        notes["shootout_kicks"] += sum(len(k) for k in kicks)
        notes["shootout_goals"] += sum(sum(k) for k in kicks)


def _simplesoccer_game() -> Game:
    from engine.simplesoccer import SIMPLESOCCER, winprob

    return _one_table(
        "simplesoccer",
        SIMPLESOCCER,
        winprob,
        match=_simplesoccer_match,
        light_view=_simple_light,
        key=winprob.key_of,
        lead=lambda key, s: winprob.implied_lead(key, s.score[0] - s.score[1]),
        notes=_shootout_notes,
        skip=lambda s: s.shootout is not None,  # the shootout is worked out, not looked up
        train_matches=1_500,  # about 0.2 s a match
        max_cells=6_000,
    )


# -- Socceristic -------------------------------------------------------------------------


def _socceristic_match(seed: int, training: bool) -> Iterator[Any]:
    """The sample pitch at its default length; in training a fifth of the matches at other
    lengths."""
    from engine.socceristic.coach import iter_match

    rng = random.Random(seed)
    options = None
    if training and rng.random() < 0.2:
        options = {"length": f"moves:{rng.choice((20, 30, 40, 70, 90))}"}
    for state, _action, _events in iter_match(seed, options=options):
        yield state


def _socc_light(s: Any) -> dict[str, Any]:
    names = ("options", "half", "moves", "clock", "sheet", "ball", "ends", "possession")
    return {name: getattr(s, name) for name in (*names, "step", "restart", "score", "over")}


def _socc_key(view: dict[str, Any], team: int) -> Key:
    from engine.socceristic.pitch import pitch_of
    from engine.socceristic.winprob import key_of

    return key_of(view, team, pitch_of(view["options"]).height)


def _socceristic_game() -> Game:
    from engine.socceristic import SOCCERISTIC, winprob

    return _one_table(
        "socceristic",
        SOCCERISTIC,
        winprob,
        match=_socceristic_match,
        light_view=_socc_light,
        key=_socc_key,
        train_matches=10_000,  # about 0.1 s a match
        max_cells=6_000,
    )


GAMES: dict[str, Game] = {
    "fuba": _fuba_game(False),
    "advanced": _fuba_game(True),
    "dicesoccer": _dicesoccer_game(),
    "simplesoccer": _simplesoccer_game(),
    "socceristic": _socceristic_game(),
}
