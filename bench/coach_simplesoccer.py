"""The Simple Soccer coach against a random legal player.

    python -m bench coach_simplesoccer [--decided 200] [--first-seed 0] [--size standard]

``Coach(seed)`` plays ``RandomPlayer(seed)`` (a random choice among each decision's legal
choices) on the default options (40 turns, a shootout after a draw); the coach is West on
even seeds and East on odd ones, and seeds are added until ``--decided`` matches had a winner.
The random player's turns list every legal destination, which dominates ``matches_per_s``;
``coach_vs_coach_match_s`` times the coach alone. Prints ``key: value unit`` lines; figures
only, never pass/fail.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass

from engine.simplesoccer.coach import Coach, RandomPlayer, play_match
from engine.simplesoccer.state import SimpleSoccerState

SELF_PLAY = 20  # coach-against-coach matches timed (no random player listing every choice)


@dataclass
class Tally:
    """Results from the coach's point of view."""

    wins: int = 0
    losses: int = 0
    draws: int = 0
    shootouts: int = 0
    goals_for: int = 0
    goals_against: int = 0

    @property
    def decided(self) -> int:
        return self.wins + self.losses

    @property
    def matches(self) -> int:
        return self.decided + self.draws

    def win_pct(self) -> float:
        return 100.0 * self.wins / self.decided if self.decided else 0.0

    def add(self, state: SimpleSoccerState, side: int) -> None:
        self.goals_for += state.score[side]
        self.goals_against += state.score[1 - side]
        self.shootouts += state.reason == "shootout"
        if state.winner == side:
            self.wins += 1
        elif state.winner == 1 - side:
            self.losses += 1
        else:
            self.draws += 1


def duel(seed: int, options: dict[str, object] | None = None) -> tuple[SimpleSoccerState, int]:
    """One match on dice ``seed``; returns the final state and the coach's side."""
    side = seed % 2
    coach, rand = Coach(seed), RandomPlayer(seed)
    pair = (coach, rand) if side == 0 else (rand, coach)
    state, _ = play_match(seed, options, coaches=pair)
    return state, side


def tally(seeds: range | list[int], options: dict[str, object] | None = None) -> Tally:
    out = Tally()
    for seed in seeds:
        out.add(*duel(seed, options))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decided", type=int, default=200)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--size", default="standard", choices=("small", "standard", "large"))
    args = parser.parse_args()
    options = {"size": args.size}
    out = Tally()
    seed = args.first_seed
    start = time.perf_counter()
    while out.decided < args.decided:
        out.add(*duel(seed, options))
        seed += 1
    elapsed = time.perf_counter() - start
    n = out.matches
    print(f"coach_vs_random_win_pct: {out.win_pct():.1f} %")
    print(f"decided: {out.decided} count")
    print(f"coach_wins: {out.wins} count")
    print(f"random_wins: {out.losses} count")
    print(f"shootouts: {out.shootouts} count")
    print(f"goals_per_match_coach: {out.goals_for / n:.2f} goals")
    print(f"goals_per_match_random: {out.goals_against / n:.2f} goals")
    print(f"matches_per_s: {n / elapsed:.2f} matches/s")
    start = time.perf_counter()
    for own in range(args.first_seed, args.first_seed + SELF_PLAY):
        play_match(own, options)
    each = (time.perf_counter() - start) / SELF_PLAY
    print(f"coach_vs_coach_match_s: {each:.3f} s")
    print(f"seeds: {args.first_seed}-{seed - 1} range")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
