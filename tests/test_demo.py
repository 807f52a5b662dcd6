"""The automatic coach and the offline demo: legal, deterministic, football-like."""

from __future__ import annotations

import io
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

import pytest

from bot import TOKEN_HELP
from engine.core import Action, VirtualDice, autoroll
from engine.core.events import Event
from engine.fuba import FUBA, FubaState
from engine.fuba.coach import Coach, play_match
from referee.demo import run_demo, run_demo_brief
from referee.fuba.narration import FORMATTERS, describe, narrate
from tests.engine.scenario import (
    EAST,
    WEST,
    position,
    with_free_kick,
    with_penalty,
    with_red_test,
    with_yellow_test,
)

ROOT = Path(__file__).resolve().parent.parent
SUMMARY_FIELDS = (
    "seed",
    "score",
    "turns",
    "goal_attempts",
    "yellow_cards",
    "red_cards",
    "actions",
)


def run_bot(*args: str, timeout: int) -> subprocess.CompletedProcess[str]:
    """``python bot.py *args`` from the project root, in this interpreter (no virtualenv)."""
    return subprocess.run(
        [sys.executable, "bot.py", *args],
        cwd=ROOT,
        env={**os.environ, "FUBA_NO_VENV": "1"},
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def demo_text(seed: int, as_json: bool = True) -> str:
    out = io.StringIO()
    assert run_demo(seed=seed, as_json=as_json, out=out) == 0
    return out.getvalue()


def test_demo_is_deterministic() -> None:
    assert demo_text(3) == demo_text(3)
    assert demo_text(3) != demo_text(4)


def test_demo_json_summary_matches_the_match() -> None:
    text = demo_text(11)
    summary = json.loads(text.splitlines()[-1])
    for field in SUMMARY_FIELDS:
        assert field in summary, field
    assert summary["seed"] == 11
    state, actions, events = play_match(11)
    goals = [sum(1 for e in events if e.kind == "goal" and e.data["team"] == t) for t in (0, 1)]
    assert summary["score"] == state.score == goals
    assert summary["turns"] == state.turns
    assert summary["goal_attempts"] == state.goal_attempts
    assert summary["actions"] == len(actions)
    assert f"Final score: West {goals[0]}-{goals[1]} East" in text
    assert "Half 1, turn 1, minute 0'" in text


def test_demo_without_json_has_no_json_line() -> None:
    last = demo_text(5, as_json=False).splitlines()[-1]
    assert last.startswith("Final score: ")


def test_turns_per_half_are_like_the_rulebook() -> None:
    turns = [t for seed in range(30) for t in play_match(seed, record=False)[0].turns]
    assert 15 <= statistics.mean(turns) <= 22


def test_same_seed_same_match_and_pure_apply_agrees() -> None:
    a = play_match(21)
    b = play_match(21, in_place=False)
    assert a[1] == b[1]
    assert a[0] == b[0]
    assert [e.to_json() for e in a[2]] == [e.to_json() for e in b[2]]


@pytest.mark.parametrize("seed", range(6))
def test_coach_only_picks_legal_actions(seed: int) -> None:
    """Drive a match through ``pending()``; every coach answer passes ``FUBA.problem``."""
    coach = Coach(seed)
    dice = VirtualDice(seed)
    state = FUBA.initial()
    for _ in range(5000):
        if FUBA.is_over(state):
            break
        decision = FUBA.pending(state)[0]
        if decision.dice:
            action = autoroll(decision, dice)
        else:
            action = coach.choose(state, decision)
            assert isinstance(action, Action)
            assert FUBA.problem(state, action) is None, (decision, action)
        state, _ = FUBA.apply(state, action)
    assert FUBA.is_over(state)


def test_play_match_check_mode_finds_no_illegal_action() -> None:
    for seed in range(100, 104):
        state, _, _ = play_match(seed, check=True)
        assert state.over


# A double's special event: the engine records it (4.2.1), but its table is advanced rule A13,
# which a FUBA match does not play, so the narration leaves it out.
SILENT = "special_event"


def test_every_event_of_a_match_is_narrated() -> None:
    _, _, events = play_match(2)
    kinds = {e.kind for e in events}
    assert kinds <= set(FORMATTERS), kinds - set(FORMATTERS)
    for e in events:
        line = describe(e)
        if e.kind == SILENT:
            assert line is None  # a special event of the advanced rules: not played
            continue
        assert line and "\n" not in line and "*" not in line


def test_narration_examples() -> None:
    assert (
        describe(Event("target", {"team": 0, "start": 7, "target": 9, "value": 3}))
        == "West plays the ball from 7 to 9: ball value 3"
    )
    assert describe(Event("goal", {"team": 1, "score": [0, 1]})) == "GOAL! West 0-1 East"
    lines = narrate(
        [
            Event("dice", {"team": 0, "dice": [5, 2], "purpose": "situation"}),
            Event("time", {"moved": 3, "minute": 13, "stoppage": 0, "half": 1}),
        ]
    )
    assert lines == ["Dice 5 and 2: 3 minutes (minute 13)"]
    assert describe(Event("yellow_card", {"team": 1, "yellows": 1})).startswith("YELLOW CARD")
    assert describe(Event("red_card", {"team": 0, "direct": True, "yellows": 0})).startswith(
        "RED CARD for West"
    )
    assert describe(Event("no_such_event", {})) is None


def test_bot_demo_command_prints_json_last() -> None:
    done = run_bot("demo", "--seed", "7", "--json", timeout=120)
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout.strip().splitlines()[-1])
    assert summary["seed"] == 7
    for field in SUMMARY_FIELDS:
        assert field in summary


def _restart_positions() -> list[FubaState]:
    """Situations a basic coach-vs-coach match never reaches (fouls and cards are advanced
    rules): free kicks (quick and with a setup), a penalty, yellow and red card tests."""
    west = {2: 1, 5: 2, 4: 1, 6: 1, 7: 2, 9: 2, 12: 1}
    east = {12: 2, 9: 2, 11: 1, 13: 1, 7: 2, 8: 1, 10: 1}
    out = []
    for area in (5, 7, 9, 11):
        out.append(with_free_kick(position(west, east, ball=9), WEST, area)[0])
        out.append(with_free_kick(position(west, east, ball=9), EAST, 14 - area)[0])
    out.append(with_penalty(position(west, east, ball=9), WEST)[0])
    out.append(with_penalty(position(west, east, ball=5), EAST)[0])
    out.append(with_yellow_test(position(west, east, ball=9), WEST))
    for side in (WEST, EAST):
        s = position(west, east, ball=9)
        s.yellows = [3, 3]
        out.append(with_red_test(s, side, 1))
    return out


def test_coach_handles_restarts_and_cards_legally() -> None:
    seen: set[str] = set()
    for start in _restart_positions():
        for seed in range(4):
            state, _, events = play_match(seed, start=start, check=True)
            assert state.over
            assert sum(state.score) == sum(1 for e in events if e.kind == "goal") + sum(start.score)
            seen.update(e.kind for e in events)
            seen.update(f"fk_{e.data['choice']}" for e in events if e.kind == "free_kick_choice")
            assert all(describe(e) for e in events if e.kind != SILENT)
    assert {"fk_shoot", "fk_pass", "penalty_kick", "yellow_test", "red_card", "sent_off"} <= seen


def test_coach_removes_the_player_farthest_from_the_ball() -> None:
    s = position({2: 1, 5: 2, 7: 3, 9: 4}, {12: 3, 9: 3, 7: 4}, ball=9)
    s.yellows = [2, 0]
    s = with_red_test(s, WEST)
    s, _ = FUBA.apply(s, Action("west", "roll", {"dice": [1]}))  # 1 < 2 yellows: red card
    decision = FUBA.pending(s)[0]
    assert decision.kind == "remove"
    action = Coach(0).choose(s, decision)
    assert action.args == {"area": 2}


@pytest.mark.parametrize(("game", "seed"), [("fuba", 7), ("dicesoccer", 7)])
def test_the_short_demo_tells_the_match_in_a_few_lines(game: str, seed: int) -> None:
    full = io.StringIO()
    assert run_demo(seed=seed, as_json=False, out=full, game=game) == 0
    full_lines = full.getvalue().splitlines()
    brief = io.StringIO()
    assert run_demo_brief(seed=seed, out=brief, game=game) == 0
    lines = brief.getvalue().splitlines()
    goals = sum(line.count("GOAL!") for line in full_lines)
    assert goals  # these seeds have goals
    assert len(lines) <= goals + 4
    assert lines[0] == full_lines[0]  # the title: the game, the seed and the two teams
    assert sum(line.count("GOAL!") for line in lines) == goals
    assert full_lines[-1].startswith("Final score: ") and full_lines[-1] in lines
    again = "" if game == "fuba" else f" --game {game}"
    assert lines[-1].endswith(f"python3 bot.py demo{again} --seed {seed}")


def test_the_short_demo_says_when_each_goal_fell() -> None:
    brief = io.StringIO()
    run_demo_brief(seed=7, out=brief)
    goals = [line for line in brief.getvalue().splitlines() if "GOAL!" in line]
    assert goals and all("minute" in line for line in goals), goals


def test_bot_without_a_token_ends_with_the_token_hint(tmp_path: Path) -> None:
    env = {**os.environ, "FUBA_NO_VENV": "1", "DATABASE_URL": f"sqlite:///{tmp_path}/db"}
    env.pop("DISCORD_TOKEN", None)
    done = subprocess.run(
        [sys.executable, "bot.py"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,  # as a terminal shows them: one stream
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout
    lines = done.stdout.strip().splitlines()
    assert len(lines) <= 20, done.stdout
    assert any(line.startswith("Final score: ") for line in lines)
    assert "python3 bot.py demo --seed" in done.stdout
    hint = TOKEN_HELP.splitlines()
    assert lines[-len(hint) :] == hint, done.stdout
    assert "export DISCORD_TOKEN=" in TOKEN_HELP
