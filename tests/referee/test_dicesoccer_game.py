"""The Sports Dice Soccer adapter: narration of the rulebook's examples from scripted engine
events, typed commands and dice, statistics, and whole matches through the referee service."""

from __future__ import annotations

import io
import random

import pytest

from engine.core import Action, Event, MalformedAction
from engine.dicesoccer import DICESOCCER
from engine.dicesoccer.coach import play_match
from engine.dicesoccer.options import LETTERS
from referee import games
from referee.dicesoccer.game import DICESOCCER_GAME, kicked_off, parse, statistics, typed_dice
from referee.dicesoccer.narration import FORMATTERS, caption, narrate
from referee.errors import CannotAbort
from referee.service import Outcome, Referee
from referee.stats import recent_lines, summary
from store.models import MatchStatus
from store.repository import MatchStore, Seat
from tests.engine.dicesoccer.helpers import BLACK, WHITE, act, both, position, roll

CHANNEL = 20
ADA, BRIAN, BOT = 101, 202, 999
SEATS = (Seat(WHITE, ADA, "Ada"), Seat(BLACK, BRIAN, "Brian"))
COACH_SEATS = (Seat(WHITE, ADA, "Ada"), Seat(BLACK, BOT, "Coach"))


# -- narration of the rulebook's examples ---------------------------------------------


def test_registered_beside_fuba() -> None:
    assert games.get("dicesoccer") is DICESOCCER_GAME
    assert set(games.games()) == {"fuba", "dicesoccer", "simplesoccer", "socceristic"}
    assert DICESOCCER_GAME.title == "Sports Dice Soccer"
    assert DICESOCCER_GAME.side_name("black") == "Black"


def test_ball_move_four_against_three() -> None:
    """How to play, example: 4 balls against 3 kicks, the offense advances one section."""
    _, events = both(position(ball=4), "BBBBRK", "KKKBBP")
    assert narrate(events) == [
        "White rolls 4 balls, Black rolls 3 kicks: White wins the roll 4-3 and advances 1 section."
    ]


def test_a_lone_roll_shows_its_dice() -> None:
    """Physical dice: the first team to roll sees its dice told at once."""
    _, events = roll(position(ball=4), BLACK, "KKKBBP")
    assert narrate(events) == [
        "Black rolls for the play: kick, kick, kick, ball, ball, penalty (3 kicks)."
    ]


def test_tie_inside_own_roll_then_the_pick() -> None:
    """How to play, note: 3 balls and 3 kicks; the winner picks its play."""
    s, events = both(position(ball=4), "BBBKKK", "BBKKPR")
    assert narrate(events) == [
        "White rolls 3 balls and 3 kicks, Black rolls 2 balls and 2 kicks: White wins the roll "
        "3-2; White picks its play."
    ]
    _, events = act(s, WHITE, "pick", symbol="kick")
    assert narrate(events) == ["White plays its kicks and takes a shot at goal."]


def test_shot_at_goal_scores() -> None:
    """Shot at Goal: more balls wins; the conceding team restarts on offense."""
    s = position(ball=4)
    s, events = both(s, "KKKKBB", "BBPPRR")
    assert narrate(events)[-1].endswith("White wins the roll 4-2 and takes a shot at goal.")
    s, events = both(s, "BBBKKP", "BBKKPP")
    assert narrate(events) == [
        "White shoots: 3 balls against 2: GOAL! White 1-0 Black.",
        "Black restarts on offense from just past the halfway line.",
    ]


def test_shot_blocked_and_free_kick() -> None:
    s = position(ball=3, chip=WHITE)  # Black on offense
    s, _ = both(s, "BBPKKR", "PPPPBB")  # Black wins with penalties: a free kick
    assert DICESOCCER.pending(s)[0].dice == 5  # White defends with one die fewer
    s, events = both(s, "BBBKK", "BBKKKK")
    assert narrate(events) == [
        "Black takes the free kick: 2 balls against 3: White stops it.",
        "White goes on offense from just past the halfway line.",
    ]


def test_power_chip_use_and_keep() -> None:
    """Tie breaker: the holder uses the chip (wins, hands it over) or keeps it."""
    s, _ = both(position(ball=4, chip=BLACK), "BBBKPR", "KKKBPR")
    used, events = act(s, BLACK, "chip", use=True)
    assert narrate(events) == [
        "White rolls 3 balls, Black rolls 3 kicks: Black uses the Power Chip to win the tie "
        "3-3 (the chip passes to White) and clears the ball to attack from just past the "
        "halfway line."
    ]
    _, events = act(s, BLACK, "chip", use=False)
    assert narrate(events) == [
        "White rolls 3 balls, Black rolls 3 kicks: Black keeps the Power Chip, so White wins "
        "the tie 3-3 and advances 1 section."
    ]


def test_shot_tie_with_the_chip() -> None:
    s = position(ball=4, chip=BLACK)
    s, _ = both(s, "KKKKBB", "BBPPRR")
    s, _ = both(s, "BBKKPR", "BBKKPR")
    _, events = act(s, BLACK, "chip", use=True)
    assert narrate(events)[0] == (
        "White shoots: 2 balls against 2; Black uses the Power Chip: Black stops it."
    )


def test_red_card_penalty_and_its_lifting() -> None:
    """Dice Chart, red card: the opponent rolls one die fewer until the next attempt."""
    s, events = both(position(ball=4), "RRRBBK", "KKBBPR")
    assert narrate(events) == [
        "White rolls 3 red cards, Black rolls 2 balls and 2 kicks: White wins the roll 3-2 and "
        "advances 1 section with a red card.",
        "Black rolls 1 die fewer until the next attempt at goal (5 dice).",
    ]


def test_reroll_example() -> None:
    """Advanced rule, the rulebook's example: a re-roll to six balls."""
    s = position(ball=4, chip=WHITE, advanced=True)
    s, events = both(s, "BBBBKP", "KKKKBP")
    assert narrate(events) == [
        "White rolls for the play: ball, ball, ball, ball, kick, penalty (4 balls).",
        "Black rolls for the play: kick, kick, kick, kick, ball, penalty (4 kicks).",
    ]
    s, events = act(s, WHITE, "reroll", positions=[5, 6])
    assert narrate(events) == [
        "White uses the Power Chip to re-roll dice 5 and 6; the chip passes to Black, and "
        "White now loses a tie."
    ]
    s, events = roll(s, WHITE, "BB")
    assert narrate(events) == [
        "White re-rolls: now ball, ball, ball, ball, ball, ball (6 balls).",
        "White rolls 6 balls, Black rolls 4 kicks: White wins the roll 6-4 and scores with six "
        "balls: GOAL! White 1-0 Black.",
        "Black restarts on offense from just past the halfway line.",
    ]


def test_toss_start_and_final_whistle() -> None:
    s = DICESOCCER.initial()
    s, first = DICESOCCER.apply(s, Action(WHITE, "roll", {"dice": [3]}))
    s, second = DICESOCCER.apply(s, Action(BLACK, "roll", {"dice": [3]}))
    assert narrate(first) == ["White rolls 3 for the Power Chip toss."]
    assert narrate(second) == ["Power Chip toss: 3 each, both roll again."]
    s, _ = DICESOCCER.apply(s, Action(WHITE, "roll", {"dice": [2]}))
    s, events = DICESOCCER.apply(s, Action(BLACK, "roll", {"dice": [5]}))
    assert narrate(events) == ["Power Chip toss: White 2, Black 5: Black wins the toss."]
    _, events = DICESOCCER.apply(s, Action(BLACK, "start", {"role": "defense"}))
    assert narrate(events) == [
        "Black chooses to start on defense: White attacks from just past the halfway line; "
        "Black starts with the Power Chip."
    ]
    s = position(ball=6, score=(2, 1))
    _, events = both(s, "BBBBKP", "KKKBPR")
    assert narrate(events)[-2:] == [
        "White rolls 4 balls, Black rolls 3 kicks: White wins the roll 4-3 and moves the ball "
        "into the goal: GOAL! White 3-1 Black.",
        "FULL TIME: White wins 3-1.",
    ]


@pytest.mark.parametrize("advanced", [False, True])
def test_every_event_of_coach_matches_is_narrated(advanced: bool) -> None:
    for seed in range(8):
        _, _, events = play_match(seed, options={"advanced": advanced})
        assert {e.kind for e in events} <= FORMATTERS
        lines = narrate(events)
        assert lines and all(line and "\n" not in line for line in lines)
        assert lines[-1].startswith("FULL TIME")
        assert sum("GOAL!" in line for line in lines) == sum(1 for e in events if e.kind == "goal")


# -- typed commands and dice ------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("roll 5 2 1 6 3 3", ("roll", {"dice": "5 2 1 6 3 3"})),
        ("roll B B K P R R", ("roll", {"dice": "B B K P R R"})),
        ("BBKPRR", ("roll", {"dice": "BBKPRR"})),
        ("b b k p", ("roll", {"dice": "b b k p"})),
        ("roll", ("roll", {})),
        ("pick kick", ("pick", {"symbol": "kick"})),
        ("pick red card", ("pick", {"symbol": "red_card"})),
        ("pick P", ("pick", {"symbol": "penalty"})),
        ("chip use", ("chip", {"use": True})),
        ("chip keep", ("chip", {"use": False})),
        ("reroll 1 3 5", ("reroll", {"positions": [1, 3, 5]})),
        ("re-roll 2,4", ("reroll", {"positions": [2, 4]})),
        ("reroll none", ("reroll", {"positions": []})),
        ("start offense", ("start", {"role": "offense"})),
        ("start defence", ("start", {"role": "defense"})),
        ("defense", ("start", {"role": "defense"})),
    ],
)
def test_parse(text: str, expected: tuple[str, dict[str, object]]) -> None:
    assert parse(text) == expected


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "Type a number"),
        ("shoot", "I do not know 'shoot'"),
        ("pick goal", "is not a die symbol"),
        ("chip maybe", "chip use"),
        ("reroll first", "by position"),
        ("start midfield", "start offense"),
    ],
)
def test_parse_refuses_with_a_readable_message(text: str, message: str) -> None:
    with pytest.raises(MalformedAction, match=message):
        parse(text)


def test_typed_dice_as_numbers_or_symbols() -> None:
    s = position(ball=4)
    assert typed_dice(s, "1 1 4 5 6 2", 6) == [1, 1, 4, 5, 6, 2]
    assert typed_dice(s, "B B K P R B", 6) == [1, 1, 4, 5, 6, 1]
    assert typed_dice(s, "bbkprb", 6) == [1, 1, 4, 5, 6, 1]
    assert typed_dice(s, "ball, kick, red card", 3) == [1, 4, 6]
    with pytest.raises(MalformedAction, match="Roll exactly 6 dice"):
        typed_dice(s, "B B K", 6)
    with pytest.raises(MalformedAction, match="not a die symbol"):
        typed_dice(s, "B 7 K", 3)
    custom = position(ball=4, faces="KBPBRB")  # the owner's dice: value 1 shows a kick
    assert typed_dice(custom, "K B", 2) == [1, 2]
    toss = DICESOCCER.initial()
    assert typed_dice(toss, "4", 1) == [4]
    with pytest.raises(MalformedAction, match="toss is decided by numbers"):
        typed_dice(toss, "B", 1)


def test_statistics() -> None:
    _, _, events = play_match(7, options={"advanced": True})
    lines = statistics(events)
    assert lines[0].startswith("Goals: White ")
    assert any(line.startswith("Rolls won: ") for line in lines)
    assert any(line.startswith("Power Chip uses: ") for line in lines)
    assert statistics([]) == ["Goals: White 0, Black 0"]


def test_kicked_off_once_a_team_rolled_for_the_first_play() -> None:
    s = DICESOCCER.initial()
    assert not kicked_off(s)
    s, _ = DICESOCCER.apply(s, Action(WHITE, "roll", {"dice": [6]}))
    s, _ = DICESOCCER.apply(s, Action(BLACK, "roll", {"dice": [1]}))
    assert not kicked_off(s)
    s, _ = DICESOCCER.apply(s, Action(WHITE, "start", {"role": "offense"}))
    assert not kicked_off(s)
    s, _ = roll(s, BLACK, "BBBBBB")
    assert kicked_off(s)


# -- whole matches through the referee ----------------------------------------------------


async def answer_first_choice(referee: Referee, out: Outcome) -> Outcome:
    prompt = out.next[0]
    choices = await referee.legal_choices(CHANNEL, prompt.user_id, side=prompt.side)
    action = choices[0].action
    return await referee.act(CHANNEL, prompt.user_id, action.kind, action.args, side=prompt.side)


async def test_a_match_against_the_coach_with_virtual_dice(
    referee: Referee, store: MatchStore
) -> None:
    out = await referee.start_match(
        1, CHANNEL, COACH_SEATS, ruleset="dicesoccer", coach_side=BLACK, seed=3
    )
    assert out.lines[0].startswith("Sports Dice Soccer: Ada (White) v Coach (Black), virtual")
    steps = 0
    while not out.over:
        assert all(p.user_id == ADA for p in out.next)  # the referee rolls, the coach decides
        out = await answer_first_choice(referee, out)
        steps += 1
        assert steps < 500
    assert out.result is not None
    assert out.result["reason"] == "target_score"
    assert max(out.result["score"].values()) == 3
    assert out.result["winner"] in (WHITE, BLACK)
    assert out.lines[-1].startswith("FULL TIME")
    history = await store.history(out.match_id)
    assert history.match.status == MatchStatus.FINISHED
    assert history.match.result == out.result
    assert all(e.user_id in (ADA, None) for e in history.log)


async def test_two_players_with_physical_dice_typed_as_numbers_and_symbols(
    referee: Referee, store: MatchStore
) -> None:
    out = await referee.start_match(
        1, CHANNEL, SEATS, ruleset="dicesoccer", dice="physical", seed=1, rules={"advanced": True}
    )
    assert [(p.side, p.dice) for p in out.next] == [(WHITE, 1), (BLACK, 1)]
    with pytest.raises(MalformedAction, match="toss is decided by numbers"):
        await referee.act(CHANNEL, ADA, "roll", {"dice": "B"})
    rng = random.Random(5)
    letters = {value: LETTERS[face] for value, face in enumerate(out.state.faces, 1)}
    kinds: set[str] = set()
    steps = 0
    while not out.over:
        prompt = out.next[0]
        if prompt.dice:
            values = [rng.randint(1, 6) for _ in range(prompt.dice)]
            if prompt.dice > 1 and steps % 2:
                text = " ".join(letters[v] for v in values)  # dice that show symbols
                kinds.add("symbols")
            else:
                text = " ".join(map(str, values))
                kinds.add("numbers")
            out = await referee.act(
                CHANNEL, prompt.user_id, "roll", {"dice": text}, side=prompt.side
            )
        else:
            out = await answer_first_choice(referee, out)
        steps += 1
        assert steps < 2000
    assert kinds == {"numbers", "symbols"}
    assert out.result is not None and max(out.result["score"].values()) == 3
    stored = await store.get_match(out.match_id)
    assert stored.status == MatchStatus.FINISHED and stored.result == out.result
    history = await store.history(out.match_id)
    assert {e.user_id for e in history.log} == {ADA, BRIAN}  # nobody else rolled


async def test_abort_before_the_first_play_roll_then_resign(
    referee: Referee, store: MatchStore
) -> None:
    out = await referee.start_match(1, CHANNEL, SEATS, ruleset="dicesoccer", seed=2)
    assert out.next[0].kind == "start"  # virtual dice: the toss is rolled already
    out = await referee.abort(CHANNEL, BRIAN)
    assert out.result is not None and out.result["reason"] == "aborted"

    out = await referee.start_match(1, CHANNEL, SEATS, ruleset="dicesoccer", seed=2)
    out = await answer_first_choice(referee, out)  # start: the referee rolls the first play
    with pytest.raises(CannotAbort):
        await referee.abort(CHANNEL, ADA)
    out = await referee.resign(CHANNEL, BRIAN)
    assert out.result is not None
    assert out.result["winner"] == WHITE and out.result["reason"] == "resigned"
    assert out.lines == ["Brian (Black) resigns: Ada (White) wins."]
    stored = await store.get_match(out.match_id)
    assert stored.status == MatchStatus.FINISHED and stored.result == out.result


async def test_match_options_reach_the_engine(referee: Referee) -> None:
    out = await referee.start_match(
        1, CHANNEL, SEATS, ruleset="dicesoccer", seed=4, rules={"target_score": 1}
    )
    assert out.state.options["target_score"] == 1
    while not out.over:
        out = await answer_first_choice(referee, out)
    assert out.result is not None and sorted(out.result["score"].values()) == [0, 1]


def test_statistics_events_have_the_events_they_count() -> None:
    assert statistics([Event("penalty", {"team": 1, "fewer": 1, "dice": 5})]) == [
        "Goals: White 0, Black 0",
        "Red cards against: White 0, Black 1",
    ]


# -- board images and the replay ----------------------------------------------------------


def test_captions_are_short_headlines() -> None:
    s, events = both(position(ball=4), "RRRBBK", "KKBBPR")
    assert caption(events) == "Red card: Black rolls 1 die fewer"
    _, events = both(position(ball=4), "BBBBKP", "KKKBPR")
    assert caption(events) is None  # the board shows the roll itself
    _, _, events = play_match(3)
    assert caption(events) is not None and caption(events).startswith("FULL TIME")


async def test_board_and_replay_images(referee: Referee, store: MatchStore) -> None:
    from PIL import Image

    out = await referee.start_match(
        1, CHANNEL, COACH_SEATS, ruleset="dicesoccer", coach_side=BLACK, seed=3
    )
    png = await out.board_png()
    assert png.startswith(b"\x89PNG")
    while not out.over:
        out = await answer_first_choice(referee, out)
    assert (await out.board_png()).startswith(b"\x89PNG")
    report = await summary(store, out.match_id)
    assert report.statistics[0].startswith("Goals: White ")
    assert report.replay is not None
    gif = Image.open(io.BytesIO(report.replay))
    assert gif.format == "GIF" and gif.n_frames > 5
    lines = await recent_lines(store, out.match_id, 2)
    assert lines[-1].startswith("FULL TIME")
