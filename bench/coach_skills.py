"""The coach with skills against the same coach without, in matches with every advanced rule.

    python -m bench coach_skills [--skills 5] [--decided 400] [--runs 5] [--first-seed 0]

``Coach(seed, skills="best")`` (its strongest set of A11 skills, played when worth their
condition points) plays ``Coach(seed, skills="none")`` (it chooses no skills: an empty
choice is legal, and it plays only a skill a new talent brings). Each dice seed is played
twice, the skills coach West once and East once; seeds are added until ``--decided`` matches
had a winner (draws excluded). ``--runs`` such runs on consecutive seed ranges give the
median win percentage and its spread. Prints ``key: value unit`` lines; figures only, never
pass/fail.
"""

from __future__ import annotations

import argparse
import statistics
import time

from bench.coach_advanced import Tally, add
from engine.fuba import FUBA, FubaState, advanced
from engine.fuba.coach import Coach, CoachPair, play_match
from engine.fuba.skills import coach as skill_coach


def options(n: int) -> dict[str, object]:
    """Every advanced rule in force and ``n`` skill choices a team."""
    return {"advanced": list(advanced.ALL), "skills": n}


def duel(seed: int, skills_side: int, begin: FubaState, picks: str = skill_coach.BEST) -> FubaState:
    """One match on dice ``seed``: the coach with skills (``picks``) plays ``skills_side``
    (0 West), the same coach without skills the other side."""
    smart, plain = Coach(seed, skills=picks), Coach(seed, skills=skill_coach.NONE)
    pair = CoachPair(smart, plain) if skills_side == 0 else CoachPair(plain, smart)
    state, _, _ = play_match(seed, coach=pair, record=False, start=begin)
    return state


def run(n: int, decided: int, first_seed: int, picks: str = skill_coach.BEST) -> Tally:
    """Seeds from ``first_seed``, both sides each, until ``decided`` matches had a winner."""
    out = Tally()
    begin = FUBA.initial(options(n))
    seed = first_seed
    while out.decided < decided:
        for side in (0, 1):
            add(out, duel(seed, side, begin, picks), side)
        out.seeds.append(seed)
        seed += 1
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--skills", type=int, default=5, help="skill choices a team (1-5)")
    parser.add_argument("--decided", type=int, default=400)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--first-seed", type=int, default=0)
    args = parser.parse_args()
    start = time.perf_counter()
    tallies: list[Tally] = []
    seed = args.first_seed
    for _ in range(args.runs):
        tally = run(args.skills, args.decided, seed)
        tallies.append(tally)
        seed = tally.seeds[-1] + 1
    elapsed = time.perf_counter() - start
    pcts = sorted(t.win_pct() for t in tallies)
    middle = tallies[[t.win_pct() for t in tallies].index(statistics.median_low(pcts))]
    matches = sum(t.matches for t in tallies)
    print(f"skills_vs_none_win_pct: {statistics.median(pcts):.1f} %")
    print(f"decided: {middle.decided} count")
    print(f"runs: {len(tallies)} count")
    print(f"win_pct_min: {pcts[0]:.1f} %")
    print(f"win_pct_max: {pcts[-1]:.1f} %")
    print(f"skills: {args.skills} count")
    print(f"picks: {', '.join(skill_coach.best(args.skills, _menu()))} list")
    print(f"draws: {sum(t.draws for t in tallies)} count")
    goals_for = sum(t.goals_for for t in tallies) / matches
    goals_against = sum(t.goals_against for t in tallies) / matches
    print(f"skills_coach_goals_per_match: {goals_for:.2f} goals")
    print(f"plain_coach_goals_per_match: {goals_against:.2f} goals")
    print(f"seeds: {args.first_seed}-{seed - 1} range")
    print(f"elapsed: {elapsed:.1f} s")
    return 0


def _menu() -> list[str]:
    from engine.fuba.skills.choosing import menu

    return menu(FUBA.initial(options(1)))


if __name__ == "__main__":
    raise SystemExit(main())
