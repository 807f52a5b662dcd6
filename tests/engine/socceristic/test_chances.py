"""GOAL SCORING OPPORTUNITIES, penalties and PASS BACKS: every kind of result an Outcome card's
section may give, and the scorers on the team sheet.

Home attacks the south end: its chances are at the south goal (ODD row 16, EVEN row 15)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.socceristic import SocceristicState

from .helpers import (
    AWAY,
    CENTRE_ROW,
    HOME,
    SPOT,
    A,
    H,
    act,
    decision,
    draw,
    find,
    kinds,
    landed,
    outcome,
    result,
    roll,
    step,
    told,
)

HOMES = [f"Home{n}" for n in range(1, 17)]
AWAYS = [f"Away{n}" for n in range(1, 17)]


def chance(card: dict[str, Any], team: int = H, at: tuple[int, int] = (4, 12)) -> SocceristicState:
    """``team`` has a chance (a bold arrow at ``at``) with ``card`` on top of the pack."""
    s, _ = landed(
        at,
        team,
        {at: "N*"},
        cards=[card],
        order={"outcome": [card["id"]]},
        squads={"home": HOMES, "away": AWAYS},
    )
    assert step(s) == "draw"
    return s


def pass_back(card: dict[str, Any], at: tuple[int, int] = (4, 2)) -> SocceristicState:
    """Home, defending the north end, passes back from ``at`` with ``card`` on top."""
    s, _ = landed(
        at,
        H,
        {at: "B"},
        cards=[card],
        order={"outcome": [card["id"]]},
        squads={"home": HOMES, "away": AWAYS},
    )
    assert decision(s).info["section"] == "pass_back"
    return s


def test_a_goal_then_the_scorer_by_two_dice_then_the_other_team_kicks_off() -> None:
    s = chance(outcome("G", chance=result("goal", "Into the top corner")))
    s, ev = draw(s, HOME)
    assert find(ev, "card_drawn")["result"] == {"kind": "goal", "text": "Into the top corner"}
    assert find(ev, "goal") == {"team": 0, "how": "chance", "score": [1, 0]}
    d = decision(s)
    assert (d.actor, d.dice, d.info["purpose"]) == (HOME, 2, "scorer")
    s, ev = roll(s, HOME, 6, 3)
    assert told(ev, "scorer") == {"team": 0, "shirt": 9, "name": "Home9", "own_goal": False}
    goal = s.sheet["goals"][0]
    assert (goal["team"], goal["for"], goal["name"], goal["half"]) == (0, 0, "Home9", 1)
    d = decision(s)
    assert (d.actor, d.info["purpose"]) == (AWAY, "kickoff")
    assert s.ball == [SPOT, CENTRE_ROW] and s.stats["chances"] == [1, 0]


def test_a_double_six_for_the_scorer_is_rolled_again() -> None:
    s, _ = draw(chance(outcome("G")), HOME)
    s, ev = roll(s, HOME, 6, 6)
    assert kinds(ev) == ["shirt_again"] and decision(s).info["purpose"] == "scorer"


def test_a_corner_from_a_chance_the_attacking_team_chooses_the_side() -> None:
    s, ev = draw(chance(outcome("C", chance=result("corner"))), HOME)
    d = decision(s)
    assert (d.actor, d.kind) == (HOME, "corner")
    assert [c.action.args for c in d.choices] == [{"side": "west"}, {"side": "east"}]
    s, ev = act(s, HOME, "corner", side="east")
    assert find(ev, "corner") == {"team": 0, "side": "east", "at": [10, 16]}
    assert decision(s).info == {"purpose": "corner", "side": "east"}


@pytest.mark.parametrize(("x", "column"), [(2, 9), (7, 9), (8, 10), (10, 10)])
def test_a_goal_kick_from_a_chance_is_the_defenders_nearer_the_ball(x: int, column: int) -> None:
    s, _ = draw(chance(outcome("K", chance=result("goal_kick")), at=(x, 12)), HOME)
    d = decision(s)
    assert (d.actor, d.dice, d.info["purpose"]) == (AWAY, 2, "place")
    assert s.ball == [column - 2, 16] and s.restart == {
        "kind": "goal_kick",
        "team": 1,
        "at": [column - 2, 16],
    }


def test_a_penalty_from_a_chance_is_a_second_card() -> None:
    card = outcome(
        "P", chance=result("penalty"), penalty=result("goal", "Sent the keeper the wrong way")
    )
    s, ev = draw(chance(card), HOME)
    d = decision(s)
    assert (d.actor, d.info) == (HOME, {"deck": "outcome", "section": "penalty"})
    assert d.prompt == "Draw an Outcome card: a penalty!"
    assert s.stats["penalties"] == [1, 0]
    s.decks["outcome"]["order"].insert(0, "P")
    s, ev = draw(s, HOME)
    assert find(ev, "card_drawn")["section"] == "penalty"
    assert find(ev, "goal") == {"team": 0, "how": "penalty", "score": [1, 0]}


@pytest.mark.parametrize(
    ("kind", "pending"), [("corner", "corner_side"), ("goal_kick", "goal_kick")]
)
def test_a_saved_penalty(kind: str, pending: str) -> None:
    s = chance(outcome("P", chance=result("penalty"), penalty=result(kind)))
    s, _ = draw(s, HOME)
    s.decks["outcome"]["order"].insert(0, "P")
    s, _ = draw(s, HOME)
    assert step(s) == pending and s.score == [0, 0]


@pytest.mark.parametrize(("to", "team"), [("attack", H), ("defence", A)])
def test_play_on_puts_the_ball_on_a_line_at_the_attacked_end(to: str, team: int) -> None:
    card = outcome("L", chance=result("play", to=to, line="EVEN", number=11))
    s, _ = draw(chance(card), HOME)
    assert s.ball == [9, 15]  # EVEN at the south end, column 11
    assert s.possession == team and s.mover == team
    d = decision(s)  # an arrow east in the south zone: Home's 1 or 2 would be a chance
    assert d.info == {"purpose": "arrow", "direction": "E", "chance": team == H}


def test_play_on_at_the_north_end_when_away_has_the_chance() -> None:
    card = outcome("L", chance=result("play", to="attack", line="ODD", number=2))
    s, _ = draw(chance(card, A, (4, 5)), AWAY)
    assert s.ball == [0, 0] and s.possession == A


def test_a_pass_back_the_keeper_gathers_is_a_goal_kick_for_the_defending_team() -> None:
    s, ev = draw(pass_back(outcome("K", pass_back=result("goal_kick"))), HOME)
    assert find(ev, "card_drawn")["section"] == "pass_back"
    assert decision(s).actor == HOME and s.ball == [7, 0]  # column 9 on the north ODD


@pytest.mark.parametrize(("x", "side"), [(3, "west"), (7, "east")])
def test_a_pass_back_for_a_corner_is_taken_on_the_side_it_was_played(x: int, side: str) -> None:
    s, ev = draw(pass_back(outcome("C", pass_back=result("corner")), (x, 2)), HOME)
    assert find(ev, "corner") == {"team": 1, "side": side, "at": [0 if side == "west" else 10, 0]}
    assert decision(s).actor == AWAY


def test_a_pass_back_for_a_corner_from_the_middle_lets_the_attackers_choose() -> None:
    s, _ = draw(pass_back(outcome("C", pass_back=result("corner")), (SPOT, 2)), HOME)
    assert decision(s).kind == "corner" and decision(s).actor == AWAY


def test_an_own_goal_is_scored_for_the_other_team_and_named_from_the_defenders() -> None:
    s, ev = draw(pass_back(outcome("OG", pass_back=result("own_goal"))), HOME)
    assert find(ev, "goal") == {"team": 1, "how": "own_goal", "score": [0, 1]}
    d = decision(s)
    assert (d.actor, d.info["purpose"]) == (HOME, "scorer")
    s, ev = roll(s, HOME, 1, 3)
    assert told(ev, "scorer") == {"team": 0, "shirt": 4, "name": "Home4", "own_goal": True}
    assert s.sheet["goals"][0]["for"] == 1
    assert decision(s).actor == HOME  # the team that conceded kicks off


@pytest.mark.parametrize(("to", "team"), [("attack", A), ("defence", H)])
def test_a_pass_back_played_on_at_the_defenders_end(to: str, team: int) -> None:
    card = outcome("L", pass_back=result("play", to=to, line="EVEN", number=6))
    s, _ = draw(pass_back(card), HOME)
    assert s.ball == [4, 1] and s.possession == team


def test_a_chance_card_for_a_corner_at_the_last_move_ends_the_half_without_a_side() -> None:
    s = chance(outcome("C", chance=result("corner", "Tipped round the post")))
    s.options["length"] = {"moves": 5}
    s.moves = 5
    s, ev = draw(s, HOME)
    assert "half_time" in kinds(ev) and "corner" not in kinds(ev)
    assert step(s) == "kickoff" and decision(s).actor == AWAY
