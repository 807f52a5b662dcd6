"""The rulebook's examples and the match flow (setup, scoring, restarts, end), with scripted
dice. Sections of the rulebook are named in each test's docstring."""

from __future__ import annotations

from engine.core import Action, Event
from engine.dicesoccer import DICESOCCER
from engine.dicesoccer.options import PLURALS, SIDES

from .helpers import BLACK, WHITE, act, both, decision, find, kinds, position, roll, waiting


def narrate(events: list[Event]) -> str:
    """A sentence from the events' data alone (what the referee layer would write)."""
    won = find(events, "roll_won").data
    play = find(events, "play").data
    rolled = {e.data["team"]: e.data for e in events if e.kind == "rolled"}
    parts = []
    for team in (0, 1):
        top = won["plays"][team][0]
        name = SIDES[team].capitalize()
        parts.append(f"{name} rolls {won['counts'][team]} {PLURALS[top]}")
        assert len(rolled[team]["symbols"]) == 6
    winner = SIDES[won["winner"]].capitalize()
    verb = {"advance": "advances", "push_back": "pushes the ball back"}[play["kind"]]
    n = play["sections"]
    where = f"{n} section{'' if n == 1 else 's'}"
    return f"{parts[0]}, {parts[1]}: {winner} wins the roll and {verb} {where}"


def test_ball_move_four_against_three() -> None:
    """How to play, example: offense 4 balls, 1 red card, 1 kick; defense 3 kicks, 2 balls,
    1 penalty. The offense wins 4 v 3 and moves the ball one section towards the goal."""
    s = position(ball=4)
    s, ev = both(s, "BBBBRK", "KKKBBP")
    won = find(ev, "roll_won").data
    assert won["winner"] == 0 and won["by"] == "count"
    assert won["counts"] == [4, 3] and won["plays"] == [["ball"], ["kick"]]
    play = find(ev, "play").data
    assert (play["kind"], play["sections"], play["ball_from"], play["ball_to"]) == (
        "advance",
        1,
        4,
        5,
    )
    assert s.ball == 5
    assert (
        narrate(ev)
        == "White rolls 4 balls, Black rolls 3 kicks: White wins the roll and advances 1 section"
    )
    # a new exchange: both teams roll six dice again, in either order
    assert sorted(waiting(s)) == [(BLACK, "roll", 6), (WHITE, "roll", 6)]


def test_both_decisions_pending_in_either_order() -> None:
    """How to play: both teams roll at once; Black may roll first."""
    s = position(ball=4)
    s, _ = roll(s, BLACK, "KKKBBP")
    assert waiting(s) == [(WHITE, "roll", 6)]
    assert s.roll["dice"][1] is not None  # rolls are public as soon as they are made
    s, ev = roll(s, WHITE, "BBBBRK")
    assert s.ball == 5 and "play" in kinds(ev)


def test_tie_inside_own_roll_three_balls_three_kicks() -> None:
    """How to play, note: 3 balls and 3 kicks; the team picks its play (most would take the
    kick: a shot at goal)."""
    s = position(ball=4)
    s, ev = both(s, "BBBKKK", "BBKKPR")
    d = decision(s)
    assert (d.actor, d.kind) == (WHITE, "pick")
    assert [c.action.args["symbol"] for c in d.choices] == ["ball", "kick"]
    assert [c.info["kind"] for c in d.choices] == ["advance", "shot"]
    assert "play" not in kinds(ev)
    shot, ev = act(s, WHITE, "pick", symbol="kick")
    assert find(ev, "play").data["kind"] == "shot"
    assert sorted(waiting(shot)) == [(BLACK, "roll", 6), (WHITE, "roll", 6)]
    assert shot.roll["for"] == "shot"
    moved, _ = act(s, WHITE, "pick", symbol="ball")
    assert moved.ball == 5


def test_loser_tie_is_never_asked() -> None:
    """A tie inside the losing team's roll does not matter: no decision."""
    s = position(ball=4)
    s, ev = both(s, "BBBBKP", "BBKKPR")
    assert find(ev, "play").data["team"] == 0
    assert s.ball == 5


def test_reroll_example_six_balls() -> None:
    """Advanced rule, example: 4 balls, re-roll the other two dice hoping for six balls."""
    s = position(ball=4, chip=WHITE, advanced=True)
    s, _ = both(s, "BBBBKP", "KKKBBR")
    d = decision(s)
    assert (d.actor, d.kind, len(d.choices)) == (WHITE, "reroll", 64)
    s, ev = act(s, WHITE, "reroll", positions=[5, 6])
    assert s.chip == 1 and find(ev, "reroll").data["chip"] == 1  # the chip passes over
    assert waiting(s) == [(WHITE, "roll", 2)]
    s, ev = roll(s, WHITE, "BB")
    assert find(ev, "rerolled").data["symbols"] == ["ball"] * 6
    goal = find(ev, "goal").data
    assert goal == {"team": 0, "how": "instant", "score": [1, 0]}
    assert s.ball == 3 and s.chip == 1  # Black restarts on offense; Black keeps the chip


def test_reroll_example_tie_is_lost() -> None:
    """Advanced rule, example: after a re-roll a tie is lost; the opponent keeps the chip and
    its play wins (no chip decision)."""
    s = position(ball=4, chip=WHITE, advanced=True)
    s, _ = both(s, "BBBBKP", "KKKKBR")
    s, _ = act(s, WHITE, "reroll", positions=[5, 6])
    s, ev = roll(s, WHITE, "KP")
    won = find(ev, "roll_won").data
    assert (won["winner"], won["by"], won["counts"]) == (1, "reroll_tie", [4, 4])
    assert find(ev, "play").data["kind"] == "clear"  # Black, defending, kicks: clearance
    assert s.ball == 3 and s.chip == 1
    assert "chip_used" not in kinds(ev)


def test_setup_toss_start_and_chip() -> None:
    """Setting up: toss (one die each, higher wins, ties again); the winner picks offense or
    defense; the offense's ball goes just past the halfway line; the defense gets the chip."""
    s = DICESOCCER.initial()
    assert sorted(waiting(s)) == [(BLACK, "roll", 1), (WHITE, "roll", 1)]
    s, _ = DICESOCCER.apply(s, Action(WHITE, "roll", {"dice": [3]}))
    s, ev = DICESOCCER.apply(s, Action(BLACK, "roll", {"dice": [3]}))
    assert find(ev, "toss").data == {"dice": [3, 3], "winner": -1}
    assert sorted(waiting(s)) == [(BLACK, "roll", 1), (WHITE, "roll", 1)]
    s, _ = DICESOCCER.apply(s, Action(BLACK, "roll", {"dice": [5]}))
    s, ev = DICESOCCER.apply(s, Action(WHITE, "roll", {"dice": [2]}))
    assert find(ev, "toss").data["winner"] == 1
    d = decision(s)
    assert (d.actor, d.kind) == (BLACK, "start")
    assert [c.action.args["role"] for c in d.choices] == ["offense", "defense"]
    off, ev = act(s, BLACK, "start", role="offense")
    assert (off.ball, off.chip) == (3, 0)  # Black attacks from section 3; White has the chip
    assert find(ev, "kickoff").data == {
        "chooser": 1,
        "role": "offense",
        "offense": 1,
        "chip": 0,
        "ball": 3,
    }
    de, _ = act(s, BLACK, "start", role="defense")
    assert (de.ball, de.chip) == (4, 1)
    assert sorted(waiting(de)) == [(BLACK, "roll", 6), (WHITE, "roll", 6)]
    assert de.exchanges == 1


def test_shot_at_goal_scores_and_conceding_team_restarts() -> None:
    """Shot at goal: most balls win (other symbols ignored); a goal; the team that was on
    defense then attacks from just past the halfway line."""
    s = position(ball=4)
    s, _ = both(s, "KKKKBB", "BBBPPR")
    s, ev = both(s, "BBBBKK", "BBBKKP")
    attempt = find(ev, "attempt").data
    assert attempt == {"kind": "shot", "team": 0, "balls": [4, 3], "winner": 0, "scored": True}
    assert find(ev, "goal").data == {"team": 0, "how": "shot", "score": [1, 0]}
    assert find(ev, "restart").data == {"offense": 1, "ball": 3, "after": "goal"}
    assert s.ball == 3 and s.score == [1, 0]


def test_shot_blocked_defense_goes_on_offense() -> None:
    """Shot at goal: the defense wins: blocked; it then goes on offense anyway."""
    s = position(ball=6)
    s, _ = both(s, "KKKKBB", "BBBPPR")
    s, ev = both(s, "BBKKKK", "BBBRRR")
    assert find(ev, "attempt").data["scored"] is False
    assert "goal" not in kinds(ev)
    assert find(ev, "restart").data == {"offense": 1, "ball": 3, "after": "blocked"}
    assert s.score == [0, 0]


def test_shot_tie_power_chip() -> None:
    """Shot at goal: a tie of balls: the chip holder uses it (blocked) or keeps it (goal)."""
    s = position(ball=5)
    s, _ = both(s, "KKKKBB", "BBBPPR")
    s, _ = both(s, "BBBKKK", "BBBPPP")
    d = decision(s)
    assert (d.actor, d.kind) == (BLACK, "chip")
    used, ev = act(s, BLACK, "chip", use=True)
    assert find(ev, "attempt").data["scored"] is False
    assert used.chip == 0 and used.score == [0, 0]
    kept, ev = act(s, BLACK, "chip", use=False)
    assert find(ev, "attempt").data["scored"] is True
    assert kept.chip == 1 and kept.score == [1, 0]


def test_free_kick_defense_rolls_one_die_fewer() -> None:
    """Free kick at goal: as a shot, but the defense rolls one die fewer."""
    s = position(ball=4)
    s, ev = both(s, "PPPPBB", "BBBKKR")
    assert find(ev, "play").data["kind"] == "free_kick"
    assert sorted(waiting(s)) == [(BLACK, "roll", 5), (WHITE, "roll", 6)]
    s, ev = both(s, "BBBKKP", "BBKKP")
    assert find(ev, "goal").data["how"] == "free_kick"


def test_first_to_three_ends_the_match() -> None:
    """End of game: the first team to three goals wins; nothing is pending afterwards."""
    s = position(ball=6, score=(2, 1))
    s, ev = both(s, "BBBBKP", "KKBPRR")
    assert find(ev, "goal").data == {"team": 0, "how": "advance", "score": [3, 1]}
    assert find(ev, "match_over").data == {"winner": 0, "score": [3, 1]}
    assert DICESOCCER.is_over(s) and s.winner == 0
    assert DICESOCCER.pending(s) == []
