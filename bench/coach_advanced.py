"""The advanced coach against the basic-rules coach in matches with every advanced rule.

    python -m bench coach_advanced [--decided 400] [--first-seed 0]

``Coach(seed)`` (the advanced tactics: condition points, aggressive pressing, goalkeeper
charges, substitutions, slowing down, player roles) plays ``Coach(seed, advanced=False)``
(every optional advanced choice left at its default). Each dice seed is played twice, the
advanced coach West once and East once, so neither side nor the kick-off roll favours it;
seeds are added until at least ``--decided`` matches had a winner. Prints ``key: value unit``
lines; figures only, never pass/fail.
"""

from __future__ import annotations

import argparse
import time

from bench._tally import Tally
from engine.fuba import FUBA, FubaState, advanced
from engine.fuba.coach import Coach, CoachPair, play_match

ADVANCED = {"advanced": list(advanced.ALL)}  # every advanced rule in force


def duel(seed: int, advanced_side: int, start: FubaState | None = None) -> FubaState:
    """One match on dice ``seed``: the advanced coach plays ``advanced_side`` (0 West)."""
    smart, plain = Coach(seed), Coach(seed, advanced=False)
    pair = CoachPair(smart, plain) if advanced_side == 0 else CoachPair(plain, smart)
    begin = FUBA.initial(ADVANCED) if start is None else start
    state, _, _ = play_match(seed, coach=pair, record=False, start=begin)
    return state


def tally(seeds: list[int]) -> Tally:
    """Both sides of each seed."""
    out = Tally()
    begin = FUBA.initial(ADVANCED)
    for seed in seeds:
        for side in (0, 1):
            add(out, duel(seed, side, begin), side)
        out.seeds.append(seed)
    return out


def add(out: Tally, state: FubaState, side: int) -> None:
    mine, theirs = state.score[side], state.score[1 - side]
    out.record(mine, theirs, (mine > theirs) - (mine < theirs))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decided", type=int, default=400)
    parser.add_argument("--first-seed", type=int, default=0)
    args = parser.parse_args()
    out = Tally()
    begin = FUBA.initial(ADVANCED)
    seed = args.first_seed
    start = time.perf_counter()
    while out.decided < args.decided:
        for side in (0, 1):
            add(out, duel(seed, side, begin), side)
        out.seeds.append(seed)
        seed += 1
    elapsed = time.perf_counter() - start
    n = out.matches
    print(f"advanced_coach_win_pct: {out.win_pct():.1f} %")
    print(f"decided: {out.decided} count")
    print(f"draws: {out.draws} count")
    print(f"advanced_coach_wins: {out.wins} count")
    print(f"basic_coach_wins: {out.losses} count")
    print(f"advanced_coach_goals_per_match: {out.goals_for / n:.2f} goals")
    print(f"basic_coach_goals_per_match: {out.goals_against / n:.2f} goals")
    print(f"seeds: {args.first_seed}-{seed - 1} range")
    print(f"elapsed: {elapsed:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
