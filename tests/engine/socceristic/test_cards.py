"""REFEREE'S DECISION cards and the free kicks they award (TYPES OF FREE KICKS), cautions on
the team sheet, and the packs: drawn without replacement, reshuffled from the seed when spent."""

from __future__ import annotations

import pytest

from engine.socceristic import SOCCERISTIC, SocceristicState
from engine.socceristic.cards import shuffled

from .helpers import (
    AWAY,
    HOME,
    A,
    H,
    decision,
    direction,
    draw,
    find,
    kinds,
    landed,
    referee,
    roll,
    start,
    told,
)

FOULS = [
    referee("F1", "mover"),
    referee("F2", "opponent"),
    referee("B2", "mover", back=2),
    referee("C2", "opponent", back=2),
    referee("Y", "mover", caution="yellow"),
    referee("RED", "opponent", caution="red"),
    referee("FAR", "opponent", back=6),
]


def whistle(
    q: tuple[int, int], mover: int, card: str, token: str = "R", **kw: object
) -> SocceristicState:
    """The ball stopped on a whistle after ``mover``'s move; ``card`` is the top card."""
    s, _ = landed(q, mover, {q: token}, cards=FOULS, order={"referee": [card]}, **kw)
    return s


def test_the_card_for_the_mover_gives_it_a_plain_free_kick_where_the_ball_is() -> None:
    s = whistle((4, 10), H, "F1")
    s, ev = draw(s, HOME)
    assert find(ev, "card_drawn") == {
        "team": 0,
        "deck": "referee",
        "id": "F1",
        "section": "",
        "text": "Foul F1",
        "result": {"to": 0, "caution": "", "back": 0},
    }
    assert find(ev, "free_kick") == {"team": 0, "at": [4, 10], "kind": "plain"}
    assert s.stats["free_kicks"] == [1, 0] and s.stats["cards_drawn"] == [1, 0]
    d = decision(s)  # a plain free kick is a free move of one die
    assert (d.actor, d.info) == (HOME, {"purpose": "free", "why": "free_kick"})
    s, _ = roll(s, HOME, 3)
    s, ev = direction(s, HOME, "S")
    assert find(ev, "move") == {
        "team": 0,
        "die": 3,
        "direction": "S",
        "from": [4, 10],
        "to": [4, 13],
        "steps": 3,
        "why": "free_kick",
    }


def test_the_card_for_the_opponent_gives_the_other_team_the_ball() -> None:
    s, ev = draw(whistle((4, 10), H, "F2"), HOME)
    assert find(ev, "free_kick") == {"team": 1, "at": [4, 10], "kind": "plain"}
    assert s.possession == A and decision(s).actor == AWAY


@pytest.mark.parametrize(("card", "team", "to"), [("B2", H, [4, 8]), ("C2", A, [4, 12])])
def test_the_free_kick_goes_back_towards_the_awarded_teams_own_goal(
    card: str, team: int, to: list[int]
) -> None:
    s, ev = draw(whistle((4, 10), H, card), HOME)
    assert s.ball == to and find(ev, "free_kick")["team"] == team


def test_going_back_stops_at_the_goal_line() -> None:
    s, ev = draw(whistle((4, 14), H, "FAR"), HOME)
    assert s.ball == [4, 16]  # Away defends the south end


def test_a_foul_on_the_attacking_team_in_the_box_is_a_penalty() -> None:
    s, ev = draw(whistle((4, 14), H, "F1"), HOME)
    assert find(ev, "free_kick") == {"team": 0, "at": [4, 14], "kind": "penalty"}
    d = decision(s)
    assert (d.actor, d.info) == (HOME, {"deck": "outcome", "section": "penalty"})
    assert s.stats["penalties"] == [1, 0]


def test_the_defending_team_in_its_own_box_has_a_plain_free_kick() -> None:
    s, ev = draw(whistle((4, 14), H, "F2"), HOME)
    assert find(ev, "free_kick") == {"team": 1, "at": [4, 14], "kind": "plain"}


def test_a_penalty_is_decided_where_the_offence_was_whatever_the_cards_back() -> None:
    s, ev = draw(whistle((4, 14), H, "B2"), HOME)  # two squares back would be row 12
    assert find(ev, "free_kick") == {"team": 0, "at": [4, 14], "kind": "penalty"}
    assert decision(s).info == {"deck": "outcome", "section": "penalty"}


def test_a_penalty_with_a_caution_is_still_a_penalty_once_the_player_is_named() -> None:
    fouls = [*FOULS, referee("YB", "mover", back=2, caution="yellow")]
    s, _ = landed((4, 14), H, {(4, 14): "R"}, cards=fouls, order={"referee": ["YB"]})
    s, ev = draw(s, HOME)
    assert "free_kick" not in kinds(ev) and decision(s).actor == AWAY
    s, ev = roll(s, AWAY, 3, 4)
    assert find(ev, "free_kick") == {"team": 0, "at": [4, 14], "kind": "penalty"}


def test_the_other_free_kicks_are_decided_where_the_card_sends_the_kick() -> None:
    s, ev = draw(whistle((2, 13), H, "B2"), HOME)  # from the zone back to row 11, outside it
    assert find(ev, "free_kick") == {"team": 0, "at": [2, 11], "kind": "plain"}


def test_the_attacking_team_in_the_zone_outside_the_box_has_a_free_kick_at_goal() -> None:
    s, ev = draw(whistle((2, 13), H, "F1"), HOME)
    assert find(ev, "free_kick")["kind"] == "chance"
    assert find(ev, "chance") == {"team": 0, "how": "free_kick"}
    assert decision(s).info == {"deck": "outcome", "section": "chance"}


def test_the_defending_team_in_its_zone_has_a_plain_free_kick() -> None:
    s, ev = draw(whistle((2, 13), H, "F2"), HOME)
    assert find(ev, "free_kick")["kind"] == "plain"


@pytest.mark.parametrize("token", ["R=", "R*"])
@pytest.mark.parametrize(("card", "team"), [("F1", H), ("F2", A)])
def test_a_bordered_whistle_square_is_a_free_kick_at_goal_for_either_team(
    token: str, card: str, team: int
) -> None:
    s, ev = draw(whistle((4, 6), H, card, token), HOME)
    assert find(ev, "free_kick") == {"team": team, "at": [4, 6], "kind": "chance"}
    assert find(ev, "chance")["team"] == team


def test_a_caution_names_a_player_of_the_other_team_then_the_free_kick_is_taken() -> None:
    s = whistle((4, 10), H, "Y", squads={"away": [f"A{n}" for n in range(1, 17)]})
    s, ev = draw(s, HOME)
    assert "free_kick" not in kinds(ev)
    d = decision(s)
    assert (d.actor, d.dice, d.info["purpose"]) == (AWAY, 2, "caution")
    assert d.prompt == "Roll two dice for the shirt number of the player shown the yellow card."
    s, ev = roll(s, AWAY, 2, 4)
    assert told(ev, "caution") == {
        "team": 1,
        "shirt": 6,
        "name": "A6",
        "colour": "yellow",
        "second_yellow": False,
    }
    assert find(ev, "free_kick") == {"team": 0, "at": [4, 10], "kind": "plain"}
    assert s.sheet["cautions"][0]["colour"] == "yellow"


def test_a_second_yellow_to_the_same_player_is_a_red() -> None:
    s = whistle((4, 10), H, "Y")
    s, _ = draw(s, HOME)
    s, _ = roll(s, AWAY, 3, 3)
    s.step = {"k": "draw", "team": H, "deck": "referee", "section": ""}
    s.decks["referee"]["order"] = ["Y"]
    s.ball = [4, 10]
    s, _ = draw(s, HOME)
    s, ev = roll(s, AWAY, 1, 5)
    assert told(ev, "caution") == {
        "team": 1,
        "shirt": 6,
        "name": "No. 6",
        "colour": "red",
        "second_yellow": True,
    }


def test_a_straight_red_and_the_dice_never_name_a_player_sent_off_again() -> None:
    s = whistle((4, 10), A, "RED")
    s, _ = draw(s, AWAY)  # the free kick to Home, the card to an Away player
    s, ev = roll(s, AWAY, 4, 4)
    assert find(ev, "caution")["colour"] == "red" and not find(ev, "caution")["second_yellow"]
    s.step = {"k": "shirt", "team": A, "purpose": "scorer", "goal_for": A, "own": False}
    s, ev = roll(s, AWAY, 5, 3)
    assert kinds(ev) == ["shirt_again"]
    s, ev = roll(s, AWAY, 5, 4)
    assert find(ev, "scorer")["shirt"] == 9


def test_the_scripted_order_is_drawn_top_first_then_the_seed_reshuffles() -> None:
    s = start(order={"referee": ["R3", "R1"]}, deck_seed=7)
    seen = []
    events = []
    for _ in range(12):  # ten cards in the pack
        s.step = {"k": "draw", "team": H, "deck": "referee", "section": ""}
        s.ball = [4, 10]
        s, ev = draw(s, HOME)
        events.append(ev)
        seen.append(find(ev, "card_drawn")["id"])
    assert seen[:2] == ["R3", "R1"]
    assert seen[2:10] == [c for c in shuffled(s.options, "referee", 1) if c not in ("R3", "R1")]
    assert sorted(seen[:10]) == sorted(f"R{n}" for n in range(1, 11))  # each card once
    assert "reshuffle" not in kinds(sum(events[:10], []))
    assert find(events[10], "reshuffle") == {"deck": "referee"}
    assert seen[10:12] == shuffled(s.options, "referee", 2)[:2]
    assert s.decks["referee"]["shuffles"] == 2


def test_a_pack_is_never_repeated_within_a_pass_and_the_seed_fixes_the_order() -> None:
    a = SOCCERISTIC.initial({"deck_seed": 1})
    b = SOCCERISTIC.initial({"deck_seed": 1})
    c = SOCCERISTIC.initial({"deck_seed": 2})
    order = a.decks["outcome"]["order"]
    assert order == b.decks["outcome"]["order"] != c.decks["outcome"]["order"]
    assert sorted(order) == sorted(shuffled(a.options, "outcome", 5))
    assert len(set(order)) == len(order)


def test_the_view_shows_the_last_card_and_hides_the_order() -> None:
    s, _ = draw(whistle((4, 10), H, "C2"), HOME)
    view = SOCCERISTIC.view(s, HOME)
    assert view["last_card_full"] == {
        "deck": "referee",
        "id": "C2",
        "section": "",
        "team": 0,
        "text": "Foul C2",
        "result": {"to": 1, "caution": "", "back": 2},
    }
    assert view["decks"]["referee"] == {"left": 16, "size": 17}
    assert "order" not in str(view["decks"]) and "deck_seed" not in view["options"]
    assert "deck_order" not in view["options"]
