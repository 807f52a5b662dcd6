"""The Socceristic adapter: typed commands, what a decision asks for, the match at a glance, the
team sheet and statistics, the clock's stamps and the decks' seed, and matches through the
referee service."""

from __future__ import annotations

import io
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from engine.core import Action, Decision, Event, MalformedAction, RulesError
from engine.socceristic import SOCCERISTIC
from referee import games
from referee.service import Referee
from referee.socceristic.demo import iter_match
from referee.socceristic.frames import frames
from referee.socceristic.game import (
    SOCCERISTIC_GAME,
    highlight,
    kicked_off,
    parse,
    result,
    stamp,
    status_lines,
    task,
)
from referee.socceristic.narration import narrate
from referee.socceristic.options import deck_seed, match_options, parse_options, seeded_rules
from referee.socceristic.sheet import statistics
from referee.socceristic.tally import tally
from store.repository import Seat
from tests.engine.socceristic import helpers as h

CHANNEL = 40
ADA, BEN, BOT = 101, 202, 999


def test_registered_with_its_title_and_sides() -> None:
    assert games.get("socceristic") is SOCCERISTIC_GAME
    assert SOCCERISTIC_GAME.title == "Socceristic"
    assert SOCCERISTIC_GAME.side_name("home") == "Home"
    assert SOCCERISTIC_GAME.side_name("away") == "Away"
    assert SOCCERISTIC_GAME.rule_levels == {"basic": {}}
    assert SOCCERISTIC_GAME.ruleset is SOCCERISTIC


# -- typed commands ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("roll", ("roll", {})),
        ("roll 4", ("roll", {"dice": "4"})),
        ("Roll 5 2", ("roll", {"dice": "5 2"})),
        ("draw", ("draw", {})),
        ("draw card", ("draw", {})),
        ("direction ne", ("direction", {"direction": "NE"})),
        ("direction north-east", ("direction", {"direction": "NE"})),
        ("ne", ("direction", {"direction": "NE"})),
        ("NW", ("direction", {"direction": "NW"})),
        ("north-east", ("direction", {"direction": "NE"})),
        ("south west", ("direction", {"direction": "SW"})),
        ("southeast", ("direction", {"direction": "SE"})),
        ("north", ("direction", {"direction": "N"})),
        ("go w", ("direction", {"direction": "W"})),
        ("end north", ("end", {"end": "north"})),
        ("defend South", ("end", {"end": "south"})),
        ("corner west", ("corner", {"side": "west"})),
        ("corner EAST", ("corner", {"side": "east"})),
    ],
)
def test_parse(text: str, expected: tuple[str, dict[str, Any]]) -> None:
    assert parse(text) == expected


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "Type a number from the list, or a command"),
        ("shoot", "I do not know 'shoot'"),
        ("roll four", 'as numbers, e.g. "roll 4"'),
        ("draw two", 'Type "draw"'),
        ("direction up", "Name a direction: n, ne, e, se, s, sw, w or nw"),
        ("direction", "Name a direction"),
        ("end west", "end north (or end south)"),
        ("end", "end north (or end south)"),
        ("corner north", "corner west (or corner east)"),
        ("help", "direction ne, or just ne or north-east"),
    ],
)
def test_bad_commands_are_refused_with_how_to_type_them(text: str, message: str) -> None:
    with pytest.raises(MalformedAction, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse(text)


def test_every_command_has_a_usage_line() -> None:
    usage = SOCCERISTIC_GAME.usage
    for kind in ("roll", "direction", "end", "draw", "corner"):
        assert usage[kind]
    assert "roll 4" in SOCCERISTIC_GAME.commands and "corner west" in SOCCERISTIC_GAME.commands


# -- match options ------------------------------------------------------------------------


def test_match_options_from_pairs_and_text() -> None:
    assert match_options([("length", "30"), ("home", "Ann, Bob"), ("away", "Cy")]) == {
        "length": "30 moves",
        "squads": {"home": "Ann, Bob", "away": "Cy"},
    }
    assert parse_options("length=20 minutes home=Ann Lee, Bob") == {
        "length": "20 minutes",
        "squads": {"home": "Ann Lee, Bob"},
    }
    assert parse_options("") == {} and parse_options("basic") == {}
    with pytest.raises(RulesError, match="Socceristic has no option 'weather'"):
        match_options([("weather", "rain")])
    with pytest.raises(RulesError, match="KEY=VALUE"):
        parse_options("advanced")
    with pytest.raises(RulesError, match="Cannot read the pitch file"):
        match_options([("pitch", "/nonexistent/pitch.json")])
    options = SOCCERISTIC.initial(parse_options("length=12 home=Ann, Bob")).options
    assert options["length"] == {"moves": 12}


def test_a_pitch_file_is_read_and_checked(tmp_path: Any) -> None:
    from engine.socceristic.pitchfile import PitchError

    path = tmp_path / "pitch.json"
    path.write_text('{"format": "socceristic-pitch/1"}', encoding="utf-8")
    with pytest.raises(PitchError):
        match_options([("pitch", str(path))])


# -- what a decision asks for -------------------------------------------------------------


@pytest.mark.parametrize(
    ("decision", "words"),
    [
        (Decision("home", "roll", "Roll.", dice=1, info={"purpose": "toss"}),
         "roll 1 die for the toss"),
        (Decision("away", "end", "Choose.", info={}), "choose the end to defend in the first half"),
        (Decision("home", "roll", "Roll.", dice=1, info={"purpose": "kickoff"}),
         "roll 1 die for the kick-off"),
        (Decision("home", "roll", "Roll.", dice=1, info={"purpose": "arrow", "direction": "SW"}),
         "roll 1 die to follow the arrow south-west"),
        (Decision("away", "roll", "Roll.", dice=1, info={"purpose": "free", "why": "lose"}),
         "roll 1 die to move the ball in a direction of your choice"),
        (Decision("away", "direction", "Choose.", info={"distance": 4}),
         "choose the direction the ball goes"),
        (Decision("home", "roll", "Roll.", dice=1, info={"purpose": "tackle"}),
         "roll 1 die for the tackle"),
        (Decision("home", "roll", "Roll.", dice=1, info={"purpose": "bounce"}),
         "roll 1 die for the bounce-up"),
        (Decision("away", "roll", "A tie: roll for an injury.", dice=2,
                  info={"purpose": "injury"}),
         "roll 2 dice for the injury check"),
        (Decision("away", "roll", "Roll.", dice=2, info={"purpose": "injury", "shirt": True}),
         "roll 2 dice for the injured player's shirt"),
        (Decision("away", "roll", "Roll.", dice=2, info={"purpose": "caution", "shirt": True}),
         "roll 2 dice for the shirt of the player booked"),
        (Decision("home", "roll", "Roll.", dice=2, info={"purpose": "scorer", "shirt": True}),
         "roll 2 dice for the scorer's shirt"),
        (Decision("home", "draw", "Draw.", info={"deck": "outcome", "section": "chance"}),
         "draw an Outcome card"),
        (Decision("home", "draw", "Draw.", info={"deck": "referee", "section": ""}),
         "draw a Referee's Decision card"),
        (Decision("away", "roll", "Roll.", dice=1, info={"purpose": "throw_in"}),
         "roll 1 die for the throw-in"),
        (Decision("home", "roll", "Roll.", dice=2, info={"purpose": "place"}),
         "roll 2 dice to place the goal kick"),
        (Decision("home", "roll", "Roll.", dice=2, info={"purpose": "kick"}),
         "roll 2 dice to take the goal kick"),
        (Decision("away", "corner", "Choose.", info={}),
         "choose the side to take the corner from"),
        (Decision("away", "roll", "Roll.", dice=2, info={"purpose": "corner"}),
         "roll 2 dice for the corner"),
    ],
)  # fmt: skip
def test_task_of_every_decision(decision: Decision, words: str) -> None:
    assert task(decision) == words


def test_every_decision_of_whole_matches_has_a_task_and_never_an_engine_name() -> None:
    seen: set[str] = set()
    for seed in (1, 2, 3):
        for state, _, _ in iter_match(seed, {"length": "12 moves"}):
            for decision in SOCCERISTIC.pending(state):
                words = task(decision)
                assert words != "decide" and "_" not in words, decision
                if state.step["k"] == "injury":
                    assert words == "roll 2 dice for the injury check"
                elif state.step["k"] == "shirt":
                    assert words.endswith("shirt") or words.endswith("booked"), words
                seen.add(state.step["k"])
    assert {"toss", "end", "kickoff", "advance", "direction", "draw"} <= seen


# -- the match at a glance ----------------------------------------------------------------


def test_status_lines_before_during_and_after_a_match() -> None:
    state = SOCCERISTIC.initial({"length": "20 moves"})
    lines = status_lines(SOCCERISTIC.view(state, None))
    assert lines[0] == "Before the kick-off (20 moves a half)"
    assert "Cards shown: none" in lines
    assert any(line.startswith("Cards left: Outcome ") for line in lines)
    for state, _, events in iter_match(5, {"length": "20 moves"}):
        view = SOCCERISTIC.view(state, None)
        lines = status_lines(view)
        if state.half == 1 and state.ball is not None and not state.over:
            assert lines[0] == f"First half, move {state.moves} of 20"
            assert lines[1] in (
                "Ends: Home defends north, Away south",
                "Ends: Home defends south, Away north",
            )
            assert lines[2].startswith("Ball: column ")
            column = view["ball_square"]["column"]
            assert lines[2].startswith(f"Ball: column {column}, row {state.ball[1] + 1} from")
        if any(e.kind == "caution" for e in events):
            caution = next(e for e in events if e.kind == "caution").data
            assert f"({caution['colour']})" in lines[-1]
    assert status_lines(SOCCERISTIC.view(state, None))[0] == "Full time (20 moves a half)"


def test_status_lines_of_a_match_in_minutes_show_the_clock() -> None:
    view = {"options": {"length": {"minutes": 20, "added": 5}}, "half": 2, "clock": 754.0}
    assert status_lines(view)[0] == "Second half, 12:34 of 25:00 (20 minutes a half + 5 added)"


def test_the_ball_square_in_words() -> None:
    pitch = {"centre_row": 8, "columns": list(range(2, 13)), "centre_spot": 7}
    whistle = {"symbol": "whistle", "border": "", "zone": "", "column": 7}
    view = {"options": {"length": {"moves": 30}, "pitch": pitch}, "half": 1, "moves": 3,
            "ball": [5, 8], "possession": 1, "ball_square": whistle}  # fmt: skip
    assert "Ball: column 7, row 9 from the north (the centre spot); Away has it" in status_lines(
        view
    )
    view["ball"], view["ball_square"] = [4, 14], {"symbol": "pass_back", "border": "bold",
                                                  "zone": "box", "column": 6}  # fmt: skip
    assert (
        "Ball: column 6, row 15 from the north, in the south penalty box (a pass back, bold "
        "border); Away has it"
    ) in status_lines(view)


# -- results, stamps, seeds, highlights ---------------------------------------------------


def test_a_finished_match_has_a_result_and_kicked_off_starts_with_the_first_kick_off() -> None:
    state = SOCCERISTIC.initial({})
    assert not kicked_off(state)
    started = False
    for state, _action, events in iter_match(3, {"length": "8 moves"}):
        rolled = any(e.kind == "kickoff" for e in events)
        if not started:
            assert kicked_off(state) == rolled  # not at the toss nor the choice of ends
            started = rolled
        else:
            assert kicked_off(state)
    assert started and state.over
    out = result(state)
    assert out["score"] == {"home": state.score[0], "away": state.score[1]}
    assert out["winner"] == (None if state.score[0] == state.score[1] else
                             ("home", "away")[state.winner])  # fmt: skip


def test_minutes_matches_are_stamped_and_moves_matches_are_not() -> None:
    action = Action("home", "roll", {"dice": [4]})
    moves = SOCCERISTIC.initial({"length": "30 moves"})
    assert stamp(moves, action, 1000.5) is action
    minutes = SOCCERISTIC.initial({"length": "20 minutes"})
    assert stamp(minutes, action, 1000.5) == Action("home", "roll", {"dice": [4], "at": 1000.5})


def test_seeded_rules_add_a_deck_seed_from_the_match_seed() -> None:
    rules = seeded_rules({"length": "30 moves"}, 7)
    assert rules == {"length": "30 moves", "deck_seed": deck_seed(7)}
    assert deck_seed(7) != deck_seed(8) and 0 <= deck_seed(7) < 2**32
    a = SOCCERISTIC.initial(seeded_rules({}, 7))
    b = SOCCERISTIC.initial(seeded_rules({}, 8))
    assert a.decks != b.decks  # each match's packs are shuffled its own way


def test_highlights_are_goals_red_cards_and_the_whistles() -> None:
    assert highlight(Event("goal", {"team": 0, "how": "chance", "score": [1, 0]}))
    assert highlight(Event("caution", {"team": 0, "shirt": 4, "name": "", "colour": "red"}))
    assert not highlight(Event("caution", {"team": 0, "shirt": 4, "name": "", "colour": "yellow"}))
    assert highlight(Event("half_time", {"score": [0, 0]}))
    assert highlight(Event("full_time", {"score": [0, 0], "winner": -1}))
    assert not highlight(Event("corner", {"team": 0, "side": "west", "at": [0, 0]}))


# -- the team sheet and the figures -------------------------------------------------------


def ev(event_kind: str, **data: Any) -> Event:
    return Event(event_kind, data)


def test_the_team_sheet_lists_scorers_substitutions_and_cards_with_when() -> None:
    events = [
        ev("half_start", half=1, team=0, ends=["north", "south"]),
        ev("kickoff", team=0, die=3, to=[4, 8]),
        ev("arrow", team=0, die=2, direction="S", to=[4, 10], **{"from": [4, 8]}),
        ev("chance", team=0, how="bold"),
        ev("card_drawn", team=0, deck="outcome", id="O1", section="chance", text="In",
           result={"kind": "goal", "text": "In"}),
        ev("goal", team=0, how="chance", score=[1, 0]),
        ev("scorer", team=0, shirt=9, name="Ann Lee", own_goal=False),
        ev("kickoff", team=1, die=4, to=[5, 8]),
        ev("tackle", dice=[3, 3], winner=0, tie=True, bounce=False),
        ev("injury_check", team=0, dice=[4, 4], total=8, hurt=True),
        ev("substitution", team=0, shirt=5, off="Bo", on="Cy", on_shirt=12),
        ev("move", team=0, die=2, direction="N", to=[5, 6], steps=2, why="free",
           **{"from": [5, 8]}),
        ev("card_drawn", team=0, deck="referee", id="R2", section="", text="Trip",
           result={"to": 1, "caution": "yellow", "back": 0}),
        ev("free_kick", team=1, at=[5, 6], kind="plain"),
        ev("caution", team=0, shirt=6, name="Di", colour="yellow", second_yellow=False),
        ev("half_time", score=[1, 0]),
        ev("half_start", half=2, team=1, ends=["south", "north"]),
        ev("kickoff", team=1, die=1, to=[2, 8]),
        ev("card_drawn", team=1, deck="outcome", id="O9", section="pass_back", text="Oops",
           result={"kind": "own_goal", "text": "Oops"}),
        ev("goal", team=0, how="own_goal", score=[2, 0]),
        ev("scorer", team=1, shirt=4, name="No. 4", own_goal=True),
        ev("out", team=1, at=[0, 3], restart="throw_in"),
        ev("throw_in", team=0, at=[0, 3], die=1, steps=0, direction=None),
        ev("corner", team=0, side="west", at=[0, 16]),
        ev("corner_roll", team=0, dice=[2, 2], result="goal_kick", to=None),
        ev("goal_kick", team=1, purpose="place", dice=[3, 4], to=[5, 16]),
        ev("full_time", score=[2, 0], winner=0),
    ]  # fmt: skip
    assert statistics(events) == [
        "Goals: Home 2, Away 0",
        "Home scorers: No. 9 Ann Lee (1st half, move 2); own goal by Away's No. 4 (2nd half, "
        "move 1)",
        "Home substitutions: No. 12 Cy on for No. 5 Bo (1st half, move 3)",
        "Home cards: No. 6 Di yellow (1st half, move 4)",
        "Chances at goal: Home 1, Away 0",
        "Cards drawn: Home 2, Away 1",
        "Free kicks: Home 0, Away 1",
        "Corners: Home 1, Away 0",
        "Throw-ins: Home 1, Away 0",
        "Goal kicks: Home 0, Away 1",
        "Injuries: Home 1, Away 0",
    ]


def test_the_tally_agrees_with_the_engines_own_sheet_and_figures() -> None:
    for seed in (1, 4, 9, 12):
        steps = list(iter_match(seed, {"length": "30 moves"}))
        state = steps[-1][0]
        t = tally([e for _, _, events in steps for e in events])
        for key in ("chances", "cards_drawn", "free_kicks", "injuries", "penalties"):
            assert t.counts[key] == state.stats[key], (seed, key)
        for key in ("corners", "throw_ins", "goal_kicks"):  # both count the ones taken
            assert t.counts[key] == state.stats[key], (seed, key)
        assert t.counts["goals"] == state.score
        goals = [(e.team, e.shirt, e.name, e.half, e.when) for e in t.sheet
                 if e.what in ("goal", "own_goal")]  # fmt: skip
        assert goals == [(g["team"], g["shirt"], g["name"], g["half"], f"move {g['move']}")
                         for g in state.sheet["goals"]]  # fmt: skip
        cards = [(e.team, e.shirt, e.what) for e in t.sheet if e.what in ("yellow", "red")]
        assert cards == [(c["team"], c["shirt"], c["colour"]) for c in state.sheet["cautions"]]


# -- through the referee ------------------------------------------------------------------


async def test_a_match_against_the_coach_through_the_referee(referee: Referee) -> None:
    seats = [Seat("home", ADA, "Ada"), Seat("away", BOT, "Coach")]
    outcome = await referee.start_match(
        1, CHANNEL, seats, ruleset="socceristic", coach_side="away", seed=5,
        rules={"length": "6 moves", "squads": {"home": "Ann, Bob, Cy"}},
    )  # fmt: skip
    assert outcome.lines[0].startswith("Socceristic: Ada (Home) v Coach (Away)")
    match = await referee.store.active_match(CHANNEL)
    assert match is not None
    assert match.state.options["deck_seed"] == deck_seed(5)  # the packs shuffled per match
    assert match.state.lineup[0][:4] == ["Ann", "Bob", "Cy", "No. 4"]
    while not outcome.over:
        prompt = outcome.next[0]
        legal = await referee.legal_choices(CHANNEL, prompt.user_id, side=prompt.side)
        if prompt.dice:
            kind, args = "roll", {}
        else:
            kind, args = legal[0].action.kind, dict(legal[0].action.args)
        outcome = await referee.act(CHANNEL, prompt.user_id, kind, args, side=prompt.side)
    assert outcome.result is not None and set(outcome.result["score"]) == {"home", "away"}
    text = "\n".join(outcome.lines)
    assert "FULL TIME" in text


async def test_a_match_in_minutes_runs_on_the_referees_clock(store: Any) -> None:
    now = [datetime(2026, 5, 1, 15, 0, tzinfo=UTC)]
    referee = Referee(store, clock=lambda: now[0])
    seats = [Seat("home", ADA, "Ada"), Seat("away", BEN, "Ben")]
    outcome = await referee.start_match(
        1, CHANNEL, seats, ruleset="socceristic", seed=3, rules={"length": "1 min + 0"}
    )
    lines: list[str] = []
    glances: list[str] = []
    for _ in range(200):
        if outcome.over or any(line.startswith("HALF TIME") for line in lines):
            break
        prompt = outcome.next[0]
        legal = await referee.legal_choices(CHANNEL, prompt.user_id, side=prompt.side)
        kind, args = ("roll", {}) if prompt.dice else (legal[0].action.kind, {})
        if not prompt.dice:
            args = dict(legal[0].action.args)
        outcome = await referee.act(CHANNEL, prompt.user_id, kind, args, side=prompt.side)
        lines += outcome.lines
        now[0] += timedelta(seconds=25)  # each answer 25 seconds after the last
        match = await referee.store.active_match(CHANNEL)
        if match is not None and match.state.half == 1:
            glances.append(status_lines(SOCCERISTIC.view(match.state, None))[0])
    assert any(line.startswith("HALF TIME") for line in lines)
    # the clock ran 25 seconds an action, so the half ended once a minute had passed
    # each answer 25 seconds on: the half ends at the first move once a minute has passed
    assert glances == [
        f"First half, {t // 60}:{t % 60:02d} of 1:00 (1 minute a half + 0 added)"
        for t in range(0, 25 * len(glances), 25)
    ]
    assert 25 * len(glances) >= 60  # the half ended with an action a minute or more in


def test_the_replay_and_the_board_through_the_adapter() -> None:
    from PIL import Image

    steps = [(s, ev) for s, _, ev in iter_match(2, {"length": "5 moves"})]
    gif = SOCCERISTIC_GAME.replay(steps, ["Ada", "Ben"])
    assert gif is not None and gif.startswith(b"GIF")
    image = Image.open(io.BytesIO(gif))
    assert image.n_frames == len(frames(steps))
    state, events = steps[-1]
    png = SOCCERISTIC_GAME.render_png(SOCCERISTIC.view(state, None), ["Ada", "Ben"], events)
    assert png.startswith(b"\x89PNG")
    bare = SOCCERISTIC_GAME.render_png(SOCCERISTIC.view(state, None), ["Ada", "Ben"], [])
    assert bare != png  # the final whistle's caption is drawn


def test_a_scripted_match_told_and_its_team_sheet() -> None:
    """From the toss: a goal from a bold square (the card on top of the pack), a tackle's tie
    with an injury and a substitution, a whistle with a yellow card; every name from the
    squad typed at the challenge."""
    squad = "Ann, Bob, Cy, Di, Ed, Flo, Gus, Hal, Ivy, Jo, Kim, Lou"
    s = SOCCERISTIC.initial(
        h.options(
            tokens={(6, 8): "S*", (2, 8): "T", (4, 8): "R"},  # on the centre row
            cards=[h.referee("R1", to="opponent", caution="yellow")],
            order={"outcome": ["O1"], "referee": ["R1"]},
            squads={"home": squad},
            length="5 moves",
        )
    )
    events: list[Event] = []
    for answer in (
        lambda s: h.both(s, 5, 2),  # Home wins the toss
        lambda s: h.act(s, h.AWAY, "end", end="north"),
        lambda s: h.roll(s, h.HOME, 4),  # to column 8: a bold square, a chance
        lambda s: h.draw(s, h.HOME),  # O1: a goal
        lambda s: h.roll(s, h.HOME, 4, 5),  # the scorer: shirt 9
        lambda s: h.roll(s, h.AWAY, 1),  # Away kicks off to column 4: a tackle
        lambda s: h.both(s, 3, 3),  # a tie: Home, without the ball, wins it
        lambda s: h.roll(s, h.HOME, 4, 4),  # 8: hurt
        lambda s: h.roll(s, h.HOME, 3, 4),  # shirt 7 goes off
        lambda s: h.roll(s, h.HOME, 2),
        lambda s: h.direction(s, h.HOME, "E"),  # onto the whistle
        lambda s: h.draw(s, h.HOME),  # R1: a free kick to Away, a yellow card for Home
        lambda s: h.roll(s, h.HOME, 2, 3),  # shirt 5
    ):
        s, ev = answer(s)
        events += ev
    assert narrate(events) == [
        "Toss: Home 5, Away 2: Home kicks off the first half, Away chooses an end.",
        "Away chooses to defend the north end: Home defends south, Away north.",
        "First half: Home kicks off. Home defends the south end, Away the north.",
        "Home kicks off and rolls 4: the ball is passed to square 4 on the centre line.",
        "A square with a bold border: a chance at goal for Home!",
        "Outcome card: 'Goal' - GOAL! Home scores: Home 1-0 Away.",
        "Scored by No. 9 Ivy (Home).",
        "Away kicks off and rolls 1: the ball is passed to square 1 on the centre line.",
        "Tackle! Home 3 - Away 3: Home wins it (a tie goes to the side without the ball), and "
        "a Home player is hurt (4 and 4: 8).",
        "Home substitution: No. 12 Lou comes on for No. 7 Gus (injured).",
        "Home rolls 2 and plays the ball 2 squares east.",
        "Referee's decision: 'Foul R1' - free kick to Away, and a yellow card for a Home player.",
        "Yellow card for Home's No. 5 Ed.",
        "Free kick to Away.",
    ]
    assert statistics(events) == [
        "Goals: Home 1, Away 0",
        "Home scorers: No. 9 Ivy (1st half, move 1)",
        "Home substitutions: No. 12 Lou on for No. 7 Gus (1st half, move 2)",
        "Home cards: No. 5 Ed yellow (1st half, move 3)",
        "Chances at goal: Home 1, Away 0",
        "Cards drawn: Home 2, Away 0",
        "Free kicks: Home 0, Away 1",
        "Injuries: Home 1, Away 0",
    ]
    assert "Cards shown: Home No. 5 Ed (yellow)" in status_lines(SOCCERISTIC.view(s, None))
