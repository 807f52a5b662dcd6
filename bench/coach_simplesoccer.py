"""The Simple Soccer coach against a random legal player.

    python -m bench coach_simplesoccer [--decided 200] [--first-seed 0] [--size standard]
        [--rules basic|advanced]

``Coach(seed)`` plays ``RandomPlayer(seed)`` (a random choice among each decision's legal
choices) on the default options (40 turns, a shootout after a draw); the coach is West on
even seeds and East on odd ones, and seeds are added until ``--decided`` matches were
played (a shootout settles a draw).
The random player's turns list every legal destination, which dominates ``matches_per_s``;
``coach_vs_coach_match_s`` times the coach alone; with ``--rules advanced`` the coach-against-
coach matches also count the tackles, interceptions and headers a side tries a match.
Prints ``key: value unit`` lines; figures only, never pass/fail.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

from bench._tally import Tally
from engine.simplesoccer.coach import Coach, RandomPlayer, play_match
from engine.simplesoccer.state import SimpleSoccerState

SELF_PLAY = 20  # coach-against-coach matches timed (no random player listing every choice)
TRIES = ("tackle", "intercept", "header")  # the advanced plays the coach makes


def add(out: Tally, state: SimpleSoccerState, side: int) -> None:
    """A match from the coach's side: a shootout's winner wins it."""
    won = 1 if state.winner == side else -1 if state.winner == 1 - side else 0
    out.record(state.score[side], state.score[1 - side], won)


def duel(seed: int, options: dict[str, object] | None = None) -> tuple[SimpleSoccerState, int]:
    """One match on dice ``seed``; returns the final state and the coach's side."""
    side = seed % 2
    coach, rand = Coach(seed), RandomPlayer(seed)
    pair = (coach, rand) if side == 0 else (rand, coach)
    state, _ = play_match(seed, options, coaches=pair)
    return state, side


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decided", type=int, default=200)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--size", default="standard", choices=("small", "standard", "large"))
    parser.add_argument("--rules", default="basic", choices=("basic", "advanced"))
    args = parser.parse_args()
    options = {"size": args.size, "rules": args.rules}
    out, shootouts = Tally(), 0
    seed = args.first_seed
    start = time.perf_counter()
    while out.decided < args.decided:
        state, side = duel(seed, options)
        add(out, state, side)
        shootouts += state.reason == "shootout"
        seed += 1
    elapsed = time.perf_counter() - start
    n = out.matches
    print(f"coach_vs_random_win_pct: {out.win_pct():.1f} %")
    print(f"decided: {out.decided} count")
    print(f"coach_wins: {out.wins} count")
    print(f"random_wins: {out.losses} count")
    print(f"shootouts: {shootouts} count")
    print(f"goals_per_match_coach: {out.goals_for / n:.2f} goals")
    print(f"goals_per_match_random: {out.goals_against / n:.2f} goals")
    print(f"matches_per_s: {n / elapsed:.2f} matches/s")
    start = time.perf_counter()
    tries: Counter[str] = Counter()
    for own in range(args.first_seed, args.first_seed + SELF_PLAY):
        _, events = play_match(own, options)
        tries.update(e.kind for e in events if e.kind in TRIES)
    each = (time.perf_counter() - start) / SELF_PLAY
    print(f"coach_vs_coach_match_s: {each:.3f} s")
    if args.rules == "advanced":
        for kind in TRIES:  # both sides together: halve for one side
            print(f"coach_{kind}s_per_side_match: {tries[kind] / SELF_PLAY / 2:.1f} count")
    print(f"seeds: {args.first_seed}-{seed - 1} range")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
