"""The downloadable action log of a match (referee.match_log) and its check against the dice
seed (referee.verify): whole matches verify, a changed die or a wrong seed is caught."""

from __future__ import annotations

import copy
import doctest
import json
import random
from pathlib import Path
from typing import Any

import pytest

from referee import match_log
from referee.match_dice import roll, seed_hash
from referee.service import Outcome, Referee
from referee.verify import UnreadableLog, read, verify
from store.repository import MatchStore, Seat
from tests.referee.conftest import ADA, BOT, BRIAN, COACH_SEATS, SEATS

CHANNEL = 31
DICESOCCER_COACH_SEATS = (Seat("white", ADA, "Ada"), Seat("black", BOT, "Coach"))


async def coach_plays_ada(referee: Referee, out: Outcome, seed: int) -> Outcome:
    """Ada's decisions made by the game's own coach (so the whole match is coach v coach);
    her virtual dice, when she rolls them herself, on request."""
    policy = out.game.coach(seed)
    steps = 0
    while not out.over:
        [decision, *_] = out.game.ruleset.pending(out.state)  # the coach never waits
        if decision.dice:
            out = await referee.act(CHANNEL, ADA, "roll", {})
        else:
            action = policy.choose(out.state, decision)
            out = await referee.act(CHANNEL, ADA, action.kind, action.args, side=decision.actor)
        steps += 1
        assert steps < 3000
    return out


async def exported(store: MatchStore, out: Outcome) -> dict[str, Any]:
    """The log as a player downloads it: written to bytes and read back."""
    return read(match_log.dumps(await match_log.export(store, out.match_id)))


async def test_a_whole_fuba_match_exports_and_verifies(referee: Referee, store: MatchStore) -> None:
    out = await referee.start_match(1, CHANNEL, COACH_SEATS, coach_side="east", seed=5)
    out = await coach_plays_ada(referee, out, seed=11)
    log = await exported(store, out)

    assert log["game"] == "fuba" and log["match_id"] == out.match_id
    assert log["seed"] == "5" and log["seed_hash"] == out.seed_hash == seed_hash(5)
    assert "seed" not in log["options"] and log["options"]["coach_side"] == "east"
    assert [p["name"] for p in log["players"]] == ["Ada", "Coach"]
    assert log["result"] == out.result
    history = await store.history(out.match_id)
    assert [a["number"] for a in log["actions"]] == list(range(1, len(history.log) + 1))
    rolls = [a for a in log["actions"] if a["kind"] == "roll"]
    assert len(rolls) > 20 and all(a["virtual"] and a["by"] == "referee" for a in rolls)

    report = verify(log)
    assert report.ok and report.hash_ok and len(report.rolls) == len(rolls)
    assert report.lines()[-1].startswith("OK")


async def test_a_whole_dice_soccer_match_with_rolls_on_request_verifies(
    referee: Referee, store: MatchStore
) -> None:
    out = await referee.start_match(
        1,
        CHANNEL,
        DICESOCCER_COACH_SEATS,
        ruleset="dicesoccer",
        coach_side="black",
        seed=8,
        player_rolls=True,
    )
    out = await coach_plays_ada(referee, out, seed=3)
    log = await exported(store, out)

    rolls = [a for a in log["actions"] if a["kind"] == "roll"]
    assert {a["by"] for a in rolls} == {"player", "referee"}  # Ada's on request, the coach's
    assert all(a["virtual"] for a in rolls)
    report = verify(log)
    assert report.ok, report.lines()
    assert len(report.rolls) == len(rolls)


async def ada_plays(referee: Referee, out: Outcome, steps: int) -> Outcome:
    """``steps`` of Ada's decisions, made by the coach; dice typed in as if rolled at the
    table when the match has physical dice."""
    policy, table = out.game.coach(2), random.Random(1)
    for _ in range(steps):
        decision = out.game.ruleset.pending(out.state)[0]
        if decision.dice:
            typed = " ".join(str(table.randint(1, 6)) for _ in range(decision.dice))
            out = await referee.act(CHANNEL, ADA, "roll", {"dice": typed})
        else:
            action = policy.choose(out.state, decision)
            out = await referee.act(CHANNEL, ADA, action.kind, action.args, side=decision.actor)
    return out


async def test_typed_dice_are_not_checked_and_the_coachs_are(
    referee: Referee, store: MatchStore
) -> None:
    out = await referee.start_match(1, CHANNEL, COACH_SEATS, dice="physical", coach_side="east")
    out = await ada_plays(referee, out, 12)
    log = await exported(store, await referee.resign(CHANNEL, ADA))

    rolls = [a for a in log["actions"] if a["kind"] == "roll"]
    west = [a for a in rolls if a["actor"] == "west"]
    assert west and not any(a["virtual"] for a in west)
    assert all(a["virtual"] for a in rolls if a["actor"] == "east")
    report = verify(log)
    assert report.ok and report.typed == len(west)
    assert len(report.rolls) == len(rolls) - len(west) > 0


async def finished_log(referee: Referee, store: MatchStore) -> dict[str, Any]:
    """A short finished match's log: formations, the kick-off rolls and more, then Ada
    resigns."""
    out = await referee.start_match(1, CHANNEL, COACH_SEATS, coach_side="east", seed=77)
    out = await ada_plays(referee, out, 12)
    return await exported(store, await referee.resign(CHANNEL, ADA))


async def test_one_changed_die_names_that_roll(referee: Referee, store: MatchStore) -> None:
    log = await finished_log(referee, store)
    assert verify(log).ok
    rolls = [a for a in log["actions"] if a.get("virtual")]
    assert len(rolls) >= 3
    changed = copy.deepcopy(log)
    target = next(a for a in changed["actions"] if a["number"] == rolls[2]["number"])
    original = list(target["args"]["dice"])
    target["args"]["dice"][0] = original[0] % 6 + 1

    report = verify(changed)
    assert not report.ok and report.hash_ok
    first = report.first_mismatch
    assert first is not None and first.number == target["number"]
    assert first.expected == original and first.logged == target["args"]["dice"]
    text = "\n".join(report.lines())
    assert f"the first is action {target['number']}" in text
    assert f"the log shows {' '.join(map(str, target['args']['dice']))}" in text
    assert f"the seed gives {' '.join(map(str, original))}" in text
    assert text.endswith("FAILED: this log does not match its dice seed.")


async def test_a_wrong_seed_fails_the_hash_check(referee: Referee, store: MatchStore) -> None:
    log = await finished_log(referee, store)
    forged = {**log, "seed": "78"}
    report = verify(forged)
    assert not report.hash_ok and not report.ok
    assert f"does NOT match the log's SHA-256 {log['seed_hash']}" in "\n".join(report.lines())
    # a consistent forgery (a new hash too) still fails: its rolls are not the seed's
    report = verify({**forged, "seed_hash": seed_hash(78)})
    assert report.hash_ok and report.first_mismatch is not None


async def test_a_roll_cut_short_or_an_edited_move_does_not_replay(
    referee: Referee, store: MatchStore
) -> None:
    log = await finished_log(referee, store)
    assert "All " in verify(log).lines()[-2] and "replay legally" in verify(log).lines()[-2]
    two = next(a for a in log["actions"] if a.get("virtual") and len(a["args"]["dice"]) == 2)
    cut = copy.deepcopy(log)
    cut_roll = next(a for a in cut["actions"] if a["number"] == two["number"])
    cut_roll["args"]["dice"] = cut_roll["args"]["dice"][:1]  # still the seed's first die
    report = verify(cut)
    assert report.first_mismatch is None and not report.ok
    assert report.problems == [
        f"Action {two['number']} (roll) is not legal at that point of the match: "
        "Roll exactly 2 dice."
    ]

    moved = copy.deepcopy(log)
    formation = next(a for a in moved["actions"] if a["kind"] == "formation")
    formation["args"]["shape"] = "4-4-3"  # 11 outfield players
    report = verify(moved)
    assert not report.ok and f"Action {formation['number']} (formation)" in report.problems[0]


def test_a_log_of_another_version_is_checked_without_the_replay() -> None:
    log = {
        "format": "referee-match-log",
        "format_version": 1,
        "game": "fuba",
        "match_id": 1,
        "seed": "5",
        "seed_hash": seed_hash(5),
        "state_schema": 999,
        "initial_state": {},
        "actions": [
            {
                "number": 1,
                "actor": "west",
                "kind": "roll",
                "args": {"dice": roll(5, 0, 1)},
                "virtual": True,
            }
        ],
    }
    report = verify(read(json.dumps(log)))
    assert report.ok and "were not replayed" in report.notes[0]


async def test_a_missing_action_is_reported(referee: Referee, store: MatchStore) -> None:
    log = await finished_log(referee, store)
    del log["actions"][1]
    report = verify(log)
    assert not report.ok and "numbered 3" in report.problems[0]


def test_each_virtual_roll_is_the_documented_python() -> None:
    """docs/dice.md tells players to recompute a roll with random.Random on "<seed>:<n>"."""
    for seed, n, count in ((5, 0, 2), (123456789, 41, 6), (2**64 - 1, 7, 1)):
        recomputed = random.Random(f"{seed}:{n}").choices(range(1, 7), k=count)
        assert roll(seed, n, count) == recomputed


def test_the_worked_example_of_the_docs_is_true() -> None:
    docs = Path(__file__).resolve().parents[2] / "docs" / "dice.md"
    failures, tried = doctest.testfile(str(docs), module_relative=False)
    assert tried >= 5 and failures == 0


async def test_no_log_while_the_match_is_played(referee: Referee, store: MatchStore) -> None:
    out = await referee.start_match(1, CHANNEL, SEATS, seed=4)
    with pytest.raises(match_log.LogNotReady, match="once the match is over"):
        await match_log.export(store, out.match_id)
    with pytest.raises(match_log.LogNotReady):
        await match_log.channel_export(store, CHANNEL, "fuba")
    with pytest.raises(match_log.NoFinishedMatch, match="No Sports Dice Soccer match"):
        await match_log.channel_export(store, CHANNEL, "dicesoccer")
    await referee.abort(CHANNEL, ADA)  # called off: nothing to download
    with pytest.raises(match_log.NoFinishedMatch, match="No FUBA match has finished"):
        await match_log.channel_export(store, CHANNEL, "fuba")

    first = await referee.start_match(1, CHANNEL, SEATS, seed=4)
    await referee.resign(CHANNEL, BRIAN)
    second = await referee.start_match(1, CHANNEL, SEATS, seed=6)
    await referee.resign(CHANNEL, ADA)
    match_id, log = await match_log.channel_export(store, CHANNEL, "fuba")
    assert match_id == second.match_id != first.match_id and log["seed"] == "6"
    assert match_log.filename(match_id) == f"match-{match_id}-log.json"


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("not json", "not JSON"),
        ("[1, 2]", "not the referee's"),
        (json.dumps({"format": "referee-match-log", "format_version": 9}), "version 9"),
        (
            json.dumps({"format": "referee-match-log", "format_version": 1, "seed": 5}),
            "no dice seed",
        ),
        (
            json.dumps(
                {
                    "format": "referee-match-log",
                    "format_version": 1,
                    "seed": "5",
                    "seed_hash": seed_hash(5),
                    "actions": [{"number": 1}],
                }
            ),
            "numbered actions",
        ),
    ],
)
def test_an_unreadable_log_says_why(text: str, reason: str) -> None:
    with pytest.raises(UnreadableLog, match=reason):
        read(text)
