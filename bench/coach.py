"""The coach levels against the normal coach.

    python -m bench coach [--decided 400] [--workers 2] [--dice-matches 10000] [--tosses 10]
                          [--others 0] [--levels easy,strong] [--rules basic,advanced]

FUBA: the strong and the easy coach each play the normal coach (``Coach(seed)``) with the
basic rules and with every advanced rule, each dice seed twice (the level's coach West once,
East once), seeds from 0 up until ``--decided`` matches had a winner; the win percentages
count decided matches only. The strong coach's time per searched decision is reported too
(its default budget of 1 s per decision).

Sports Dice Soccer with the advanced re-roll rule: what the strong coach chooses at the toss
(``--tosses`` matches, its full budget each), and the toss winner's measured win % when it
starts on offense and on defense (``--dice-matches`` normal coach matches each).

``--levels`` and ``--rules`` pick the FUBA duels to play; the running tally of each goes to
standard error after every batch of matches.

``--others N``: also N matches of strong against normal in Simple Soccer and Socceristic.
Prints ``key: value unit`` lines; figures only, never pass/fail.
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import sys
import time
from multiprocessing import Pool
from typing import Any

from bench._matches import in_batches, play, toss_winner_won
from bench._tally import Tally
from engine.core.actions import Action
from engine.core.dice import VirtualDice
from engine.fuba import FUBA, advanced
from engine.fuba.coach import Coach, CoachPair, play_match
from engine.fuba.easy import EasyCoach
from engine.fuba.strong import StrongCoach

ADVANCED = {"advanced": list(advanced.ALL)}


class TimedStrong(StrongCoach):
    """The strong coach, noting how long each searched decision took."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.times: list[float] = []

    def search(self, s: Any, team: int, options: list[Action]) -> Action:
        start = time.perf_counter()
        try:
            return super().search(s, team, options)
        finally:
            self.times.append(time.perf_counter() - start)


def fuba_match(job: tuple[str, bool, int, int]) -> tuple[int, int, int, list[float]]:
    """One match: (level's goals, normal's goals, outcome for the level, decision times)."""
    level, adv, seed, side = job
    mine: Coach = TimedStrong(seed) if level == "strong" else EasyCoach(seed)
    normal = Coach(seed)
    pair = CoachPair(mine, normal) if side == 0 else CoachPair(normal, mine)
    start = FUBA.initial(ADVANCED if adv else None)
    state, _, _ = play_match(seed, coach=pair, record=False, start=start)
    a, b = state.score[side], state.score[1 - side]
    return a, b, (a > b) - (a < b), getattr(mine, "times", [])


BATCH = 40  # matches handed to the workers at once


def fuba_duel(pool: Any, level: str, adv: bool, decided: int) -> tuple[Tally, list[float]]:
    """Matches in seed order until ``decided`` had a winner (the same matches on every run)."""
    out, times = Tally(), []
    jobs = ((level, adv, i // 2, i % 2) for i in itertools.count())
    for results in in_batches(pool, fuba_match, jobs, BATCH, chunksize=2):
        for a, b, outcome, t in results:
            out.record(a, b, outcome)
            times.extend(t)
            if out.decided >= decided:
                return out, times
        rules = "advanced" if adv else "basic"
        print(
            f"{level} {rules}: {out.win_pct():.1f} % of {out.decided} decided so far",
            file=sys.stderr,
            flush=True,
        )
    return out, times


# -- Sports Dice Soccer's toss ------------------------------------------------------------

DICE_OPTIONS = {"advanced": True}


def dice_start(job: tuple[str, int]) -> int:
    """1 when the toss winner won the match starting on ``role``."""
    role, seed = job
    return toss_winner_won(role, seed, DICE_OPTIONS)


def strong_toss(seed: int) -> str:
    """The strong coach's start after the toss of dice seed ``seed``."""
    from engine.dicesoccer.levels import coach
    from engine.dicesoccer.ruleset import DICESOCCER

    dice = VirtualDice(seed)
    state = DICESOCCER.initial(DICE_OPTIONS)
    while True:
        decision = DICESOCCER.pending(state)[0]
        if not decision.dice:
            break
        state, _ = DICESOCCER.apply(
            state, Action(decision.actor, "roll", {"dice": dice.roll(decision.dice)})
        )
    action = coach(seed, "strong").choose(state, decision)
    return str(action.args["role"])


# -- Simple Soccer and Socceristic ----------------------------------------------------------


def other_match(job: tuple[str, int, int]) -> int:
    """A strong-vs-normal match: 1 the strong coach won, -1 lost, 0 drawn."""
    import importlib

    game, seed, side = job
    ruleset = importlib.import_module(f"engine.{game}.ruleset")
    rules = getattr(ruleset, game.upper())
    levels = importlib.import_module(f"engine.{game}.levels")
    players = [levels.coach(seed, "strong"), levels.coach(seed, "normal")]
    if side:
        players.reverse()
    options = {"deck_seed": seed} if game == "socceristic" else None
    won = play(rules, players, options, seed).winner
    return 0 if won < 0 else (1 if won == side else -1)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decided", type=int, default=400)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--dice-matches", type=int, default=10_000)
    parser.add_argument("--tosses", type=int, default=10)
    parser.add_argument("--others", type=int, default=0)
    parser.add_argument("--levels", default="easy,strong")
    parser.add_argument("--rules", default="basic,advanced")
    args = parser.parse_args()
    begin = time.perf_counter()
    with Pool(args.workers) as pool:
        times: list[float] = []
        levels = [x for x in ("easy", "strong") if x in args.levels.split(",")]
        rules = [
            (x == "advanced", "advanced_" if x == "advanced" else "") for x in args.rules.split(",")
        ]
        for level in levels:
            for adv, prefix in rules:
                tally, t = fuba_duel(pool, level, adv, args.decided)
                times.extend(t)
                print(f"{prefix}{level}_vs_normal_win_pct: {tally.win_pct():.1f} %")
                print(f"{prefix}{level}_vs_normal_decided: {tally.decided} count")
                print(f"{prefix}{level}_vs_normal_draws: {tally.draws} count")
                print(
                    f"{prefix}{level}_goals_per_match: {tally.goals_for / tally.matches:.2f} "
                    f"to {tally.goals_against / tally.matches:.2f} goals",
                    flush=True,
                )
        if times:
            ms = sorted(x * 1000 for x in times)
            p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
            print(f"strong_ms_per_decision_p50: {statistics.median(ms):.1f} ms")
            print(f"strong_ms_per_decision_p99: {p99:.1f} ms")
            print(f"strong_searched_decisions: {len(ms)} count", flush=True)
        picks = [strong_toss(seed) for seed in range(args.tosses)]
        offense = picks.count("offense")
        choice = "offense" if offense * 2 > len(picks) else "defense"
        most = max(offense, len(picks) - offense)
        print(f"dicesoccer_strong_start: {choice} ({most} of {len(picks)} tosses)", flush=True)
        for role in ("offense", "defense"):
            jobs = [(role, seed) for seed in range(args.dice_matches)]
            wins = sum(pool.imap_unordered(dice_start, jobs, chunksize=200))
            pct = 100 * wins / max(1, args.dice_matches)
            print(f"dicesoccer_toss_winner_on_{role}_win_pct: {pct:.1f} %", flush=True)
        if args.others:
            for game in ("simplesoccer", "socceristic"):
                jobs3 = [(game, i // 2, i % 2) for i in range(args.others)]
                res = list(pool.imap(other_match, jobs3))
                w, lost = res.count(1), res.count(-1)
                pct = 100 * w / max(1, w + lost)
                print(f"{game}_strong_vs_normal_win_pct: {pct:.1f} % ({w + lost} decided)")
    print(f"elapsed: {time.perf_counter() - begin:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
