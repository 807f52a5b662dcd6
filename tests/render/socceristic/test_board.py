"""The Socceristic board shows what a spectator needs: the ball on its square (ringed in the
colour of the team with it), which team defends which end, the last card drawn as a card, whose
decision it is, the half and the moves; the pitch is drawn from the view's own pitch data.
Checked by sampling pixels at the renderer's own geometry, on hand-made views in the spec's
shape."""

from __future__ import annotations

import copy
import io
import json
from typing import Any

import pytest
from PIL import Image, ImageChops

from engine.socceristic.pitch import pitch_of
from engine.socceristic.pitchfile import SAMPLE_DATA
from render import colours as C
from render.palette import pixel
from render.socceristic.background import KEY
from render.socceristic.board import (
    DEFAULT_KITS,
    board,
    card_face,
    clock_text,
    render,
    render_png,
    status_text,
    texts,
)
from render.socceristic.geometry import (
    CARD_FACE,
    GRASS,
    OUTCOME_BAND,
    REFEREE_BAND,
    ZONE,
    geometry,
)
from render.socceristic.replay import replay_gif
from tests.render.socceristic.views import (
    NAMES,
    coach_views,
    hand_view,
    outcome_card,
    referee_card,
)

PHONE = 400
MIN_CAP = 8.0
LEGIBLE = {"score", "status", "clock", "caption", "card deck", "card", "defends"}


def G(view: dict[str, Any]) -> Any:
    return board(DEFAULT_KITS, 960, view["options"]).g


def region(im: Image.Image, box: tuple[int, int, int, int]) -> bytes:
    return im.convert("RGB").crop(box).tobytes()


def largest_difference(a: Image.Image, b: Image.Image, box: tuple[int, int, int, int]) -> int:
    diff = ImageChops.difference(a.convert("RGB").crop(box), b.convert("RGB").crop(box))
    return max(high for _, high in diff.getextrema())


def ring_pixel(im: Image.Image, view: dict[str, Any], sq: tuple[int, int]) -> Any:
    """A pixel on the ring around square ``sq``: the middle of its south side, just inside."""
    x0, _, x1, y1 = G(view).square(sq)
    return pixel(im, ((x0 + x1) // 2, y1 - 2))


def test_the_board_is_a_png_of_a_reasonable_size() -> None:
    png = render_png(hand_view(), NAMES, "Home rolls 4: the ball runs 4 squares south.")
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    im = Image.open(io.BytesIO(png))
    assert im.width == 960 and 800 < im.height < 1400
    assert len(png) < 250_000


def test_when_the_ball_moves_the_image_changes_on_both_squares_only() -> None:
    a, b = (5, 4), (8, 12)
    before = render(hand_view(ball=list(a)), NAMES)
    after = render(hand_view(ball=list(b)), NAMES)
    v = hand_view()
    g = G(v)
    for sq in (a, b):
        assert region(before, g.square(sq)) != region(after, g.square(sq)), sq
    far = g.square((1, 15))
    assert region(before, far) == region(after, far)
    diff = ImageChops.difference(before.convert("RGB"), after.convert("RGB")).getbbox()
    assert diff is not None
    # nothing else on the board changed: the differences lie between the two squares' boxes
    x0, y0 = g.square(a)[:2]
    x1, y1 = g.square(b)[2:]
    m = g.cell
    assert x0 - m <= diff[0] and y0 - m <= diff[1] and diff[2] <= x1 + 2 and diff[3] <= y1 + 2


def test_the_ball_square_is_ringed_in_the_colour_of_the_team_with_the_ball() -> None:
    sq = (5, 4)
    home = render(hand_view(ball=list(sq), possession=0), NAMES)
    away = render(hand_view(ball=list(sq), possession=1), NAMES)
    assert ring_pixel(home, hand_view(), sq) == DEFAULT_KITS[0].colour
    assert ring_pixel(away, hand_view(), sq) == DEFAULT_KITS[1].colour


def test_no_ball_is_drawn_before_the_kick_off() -> None:
    view = hand_view(ball=None, possession=-1, half=0, ends=["", ""], step={"k": "toss"})
    b = board(DEFAULT_KITS, 960, view["options"])
    im = render(view, NAMES)
    assert region(im, b.g.grid) == region(b.p, b.g.grid)
    assert region(render(hand_view(), NAMES), b.g.grid) != region(b.p, b.g.grid)


def test_each_goal_shows_the_team_defending_it_and_they_swap_at_half_time() -> None:
    v = hand_view()
    g = G(v)
    first = render(hand_view(ends=["north", "south"]), NAMES)
    second = render(hand_view(ends=["south", "north"], half=2), NAMES)

    def plate(im: Image.Image, end: str) -> Any:
        x0, y0, x1, y1 = g.defender(end)
        return pixel(im, (x0 + g.px(6), (y0 + y1) // 2))

    home, away = DEFAULT_KITS[0].colour, DEFAULT_KITS[1].colour
    assert (plate(first, "north"), plate(first, "south")) == (home, away)
    assert (plate(second, "north"), plate(second, "south")) == (away, home)
    before = render(hand_view(ends=["", ""], half=0), NAMES)
    assert plate(before, "north") == plate(before, "south") == C.SURROUND


def test_the_last_card_is_shown_as_a_card_of_its_deck() -> None:
    v = hand_view()
    g = G(v)
    x0, y0, x1, _ = g.card
    band = ((x0 + x1) // 2, y0 + g.card_band // 2 + g.px(4))
    face = (x1 - g.px(8), y0 + g.card_band + g.px(30))
    none = render(hand_view(), NAMES)
    referee = render(hand_view(last_card_full=referee_card()), NAMES)
    outcome = render(hand_view(last_card_full=outcome_card(0, "chance", {"kind": "corner"})), NAMES)
    assert pixel(none, face) == C.PANEL
    assert pixel(referee, face) == pixel(outcome, face) == CARD_FACE
    band_x = (x0 + g.px(4), band[1])  # clear of the deck's name
    assert pixel(referee, band_x) == REFEREE_BAND
    assert pixel(outcome, band_x) == OUTCOME_BAND


def test_a_caution_shows_a_card_of_its_colour_on_the_last_card() -> None:
    v = hand_view()
    g = G(v)
    for colour, rgb in (("yellow", C.CARD_YELLOW), ("red", C.CARD_RED)):
        im = render(hand_view(last_card_full=referee_card(caution=colour)), NAMES).convert("RGB")
        colours = {c for _, c in im.crop(g.card).getcolors(1 << 16) or []}
        assert rgb in colours, colour
    plain = render(hand_view(last_card_full=referee_card()), NAMES).convert("RGB")
    colours = {c for _, c in plain.crop(g.card).getcolors(1 << 16) or []}
    assert C.CARD_YELLOW not in colours and C.CARD_RED not in colours


@pytest.mark.parametrize(
    ("team", "section", "result", "says"),
    [
        (0, "chance", {"kind": "goal"}, "GOAL for Home!"),
        (1, "chance", {"kind": "corner"}, "Corner to Away"),
        (0, "chance", {"kind": "goal_kick"}, "Goal kick to Away"),
        (0, "chance", {"kind": "penalty"}, "Penalty to Home!"),
        (1, "penalty", {"kind": "goal"}, "GOAL for Away!"),
        (0, "pass_back", {"kind": "goal_kick"}, "Goal kick to Home"),
        (0, "pass_back", {"kind": "corner"}, "Corner to Away"),
        (0, "pass_back", {"kind": "own_goal"}, "Own goal! A goal for Away"),
        (
            0,
            "chance",
            {"kind": "play", "to": "defence", "line": "EVEN", "number": 7},
            "Play on: Away's ball at EVEN 7",
        ),
        (
            1,
            "pass_back",
            {"kind": "play", "to": "attack", "line": "ODD", "number": 4},
            "Play on: Home's ball at ODD 4",
        ),
    ],
)
def test_an_outcome_card_says_what_it_gives_and_to_whom(
    team: int, section: str, result: dict[str, Any], says: str
) -> None:
    view = hand_view(last_card_full=outcome_card(team, section, result))
    face = card_face(view, NAMES)
    assert face is not None and face.title == "Outcome"
    assert [text for text, _ in face.result] == [says]
    shown = " ".join(t.text for t in texts(view, NAMES) if t.what == "card")
    assert "Tipped over the bar" in shown and says in shown


def test_a_referee_card_says_the_free_kick_where_and_the_caution() -> None:
    view = hand_view(last_card_full=referee_card(team=0, to=1, caution="yellow", back=2))
    face = card_face(view, NAMES)
    assert face is not None and face.title == "Referee's decision"
    assert face.words == "Tripped from behind"
    assert face.result == (
        ("Free kick to Away, 2 squares back", ""),
        ("Yellow card: Home", "yellow"),
    )
    assert face.by == "Drawn by Home"


def test_a_different_pitch_draws_a_different_background() -> None:
    data = copy.deepcopy(SAMPLE_DATA)
    tokens = data["rows"][6].split()
    x = 0
    tokens[x] = "S" if tokens[x] != "S" else "N"
    data["rows"][6] = "  ".join(tokens)
    other = hand_view(data)
    assert other["options"]["pitch_key"] != hand_view()["options"]["pitch_key"]
    g = G(other)
    a, b = render(hand_view(), NAMES), render(other, NAMES)
    # each pitch has its own palette: the same pixels may be a few levels apart
    assert largest_difference(a, b, g.square((x, 6))) > 100
    assert largest_difference(a, b, g.square((x + 2, 6))) <= 8


def test_a_pitch_of_another_size_draws_a_board_of_another_size() -> None:
    data = copy.deepcopy(SAMPLE_DATA)
    # two more rows in the middle of each half, the lines moved with them
    north, south = data["rows"][5], data["rows"][11]
    data["rows"] = data["rows"][:5] + [north] + data["rows"][5:12] + [south] + data["rows"][12:]
    data["zones"] = data["zones"][:5] + ["." * 11] + data["zones"][5:12] + ["." * 11]
    data["zones"] += SAMPLE_DATA["zones"][12:]
    data["centre_row"] += 1
    data["lines"]["south"] = {"ODD": 18, "EVEN": 17}
    view = hand_view(data)
    g = G(view)
    assert (g.cols, g.rows) == (11, 19)
    im = render(view, NAMES)
    assert im.height != render(hand_view(), NAMES).height
    assert region(im, g.square((0, 18))) != region(im, g.square((0, 17)))


@pytest.mark.parametrize(
    "changes",
    [
        {},
        {"last_card_full": referee_card(caution="red", back=1)},
        {
            "last_card_full": outcome_card(
                1, "chance", {"kind": "play", "to": "defence", "line": "EVEN", "number": 12}
            )
        },
        {"over": True, "pending": [], "winner": 0},
    ],
)
def test_what_a_spectator_reads_is_legible_on_a_phone(changes: dict[str, Any]) -> None:
    view = hand_view(**changes)
    caption = "Away wins the tackle 5-3 and moves the ball 4 squares north-east to the box"
    shown = texts(view, ("Otters FC", "Badgers United"), caption)
    kinds = {t.what for t in shown}
    assert {"score", "status", "clock", "caption", "defends"} <= kinds
    if view["last_card_full"]:
        assert {"card deck", "card"} <= kinds
    for t in shown:
        if t.what in LEGIBLE:
            _, top, _, bottom = t.font.getbbox("H")
            cap = (bottom - top) * PHONE / 960
            assert cap >= MIN_CAP, f"{t.what} {t.text!r} is {cap:.1f} px tall on a phone"
    # a long caption wraps instead of being cut
    assert " ".join(t.text for t in shown if t.what == "caption") == caption


def test_the_header_says_whose_decision_it_is_and_how_far_the_half_is() -> None:
    assert status_text(hand_view(), NAMES) == ("Home to roll: follow the arrow", 0)
    chance = hand_view(step={"k": "advance", "team": 0, "chance": True})
    assert status_text(chance, NAMES) == ("Home to roll: 1-2 is a chance!", 0)
    draw = hand_view(over=True, winner=-1, score=[1, 1], pending=[])
    assert status_text(draw, NAMES) == ("Full time: a draw, 1–1", None)
    draw = hand_view(
        step={"k": "draw", "deck": "referee"},
        pending=[{"actor": "away", "kind": "draw", "prompt": "Draw a card.", "dice": 0}],
    )
    assert status_text(draw, NAMES) == ("Away to draw: Referee's card", 1)
    both = [
        {"actor": s, "kind": "roll", "prompt": "Roll for the tackle.", "dice": 1}
        for s in ("home", "away")
    ]
    assert status_text(hand_view(step={"k": "tackle"}, pending=both), NAMES) == (
        "Tackle: both roll",
        None,
    )
    over = hand_view(over=True, winner=1, score=[1, 2], pending=[])
    assert status_text(over, NAMES) == ("Full time: Away wins 2–1", 1)
    assert clock_text(hand_view()) == "1st half · move 12 of 50"
    minutes = hand_view(half=2, clock=754.0)
    minutes["options"]["length"] = {"minutes": 20, "added": 5}
    assert clock_text(minutes) == "2nd half · 12:34 of 20:00 +5"
    assert clock_text(hand_view(half=0)) == "Before kick-off"
    assert clock_text(over) == "Full time"


def test_every_status_of_a_coach_match_fits_its_line_uncut() -> None:
    for view in coach_views(3):
        status = next(t for t in texts(view, NAMES) if t.what == "status")
        box = status.box
        dot = 32  # the team's dot before the words
        assert status.font.getlength(status.text) <= box[2] - box[0] - dot, status.text


def test_the_header_shows_the_score_and_the_move() -> None:
    v = hand_view()
    g = G(v)
    a = render(hand_view(score=[1, 0]), NAMES)
    b = render(hand_view(score=[2, 0]), NAMES)
    assert region(a, g.score_box(0)) != region(b, g.score_box(0))
    assert region(a, g.score_box(1)) == region(b, g.score_box(1))
    c = render(hand_view(moves=13), NAMES)
    clock = g.clock(1000)
    assert region(a, clock) != region(c, clock)


def test_the_board_reads_only_the_view_as_json() -> None:
    """The board is a pure function of the view's JSON: the same view through JSON draws the
    same bytes."""
    view = hand_view(last_card_full=referee_card(caution="yellow"))
    again = json.loads(json.dumps(view))
    assert render_png(view, NAMES, "x") == render_png(again, NAMES, "x")


def test_a_replay_is_an_animated_gif_of_every_frame() -> None:
    frames = [
        (hand_view(ball=[5, 4]), "Home rolls 3", 800),
        (hand_view(ball=[5, 7], last_card_full=referee_card()), "A free kick", 800),
        (hand_view(ball=[5, 9], score=[2, 0]), "GOAL! Home 2-0", 1600),
    ]
    data = replay_gif(frames, NAMES)
    gif = Image.open(io.BytesIO(data))
    assert data[:6] == b"GIF89a"
    assert gif.n_frames == 3
    assert gif.size == (960, geometry(960, 11, 17).height)


# -- boards of coach-vs-coach matches -------------------------------------------------------


@pytest.mark.parametrize("length", ["30 moves", "20 minutes"])
def test_every_board_of_a_coach_match_renders_and_says_whose_decision_it_is(length: str) -> None:
    views = coach_views(3, length)
    assert views[-1]["over"]
    kinds = set()
    for view in views:
        kinds.add(view["step"]["k"])
        status, _ = status_text(view, NAMES)
        assert status and "_" not in status, (view["step"], status)
        assert clock_text(view)
        render(view, NAMES, "caption")
    assert {"toss", "kickoff", "advance", "draw", "over"} <= kinds


def test_a_coach_match_shows_the_ball_where_the_view_puts_it() -> None:
    views = [v for v in coach_views(5) if v["ball"] is not None and not v["over"]]
    moved = next((a, b) for a, b in zip(views, views[1:], strict=False) if a["ball"] != b["ball"])
    g = G(moved[0])
    before, after = render(moved[0], NAMES), render(moved[1], NAMES)
    for view in moved:
        sq = tuple(view["ball"])
        assert region(before, g.square(sq)) != region(after, g.square(sq))
    for view, im in zip(moved, (before, after), strict=True):
        holder = view["possession"]
        if holder in (0, 1):
            assert ring_pixel(im, view, tuple(view["ball"])) == DEFAULT_KITS[holder].colour


def test_a_coach_match_shows_each_card_drawn() -> None:
    views = coach_views(3)
    drawn = [v for v in views if v["last_card_full"]]
    assert drawn
    for view in drawn[:6]:
        face = card_face(view, NAMES)
        assert face is not None
        shown = [t.text for t in texts(view, NAMES) if t.what in ("card", "card deck")]
        assert face.title in shown
        assert all("_" not in text for text in shown), shown


def test_the_zone_is_lighter_and_bordered_squares_are_outlined() -> None:
    view = hand_view(ball=None)
    pitch = pitch_of(view["options"])
    g = G(view)
    im = render(view, NAMES)

    def corner(x: int, y: int) -> Any:
        x0, _, _, y1 = g.square((x, y))
        return pixel(im, (x0 + g.px(4), y1 - g.px(4)))

    def edge(x: int, y: int) -> Any:
        x0, y0, x1, _ = g.square((x, y))
        return pixel(im, ((x0 + x1) // 2, y0 + 1))

    # clear of the chalk's centre line and circle
    squares = [
        (x, y, pitch.square(x, y))
        for y in range(pitch.height)
        for x in range(pitch.width)
        if abs(y - pitch.centre_row) > 2 or abs(x - pitch.centre_spot) > 2 and y != pitch.centre_row
    ]
    plain = [(x, y) for x, y, sq in squares if not sq.zone and not sq.border]
    zone = [(x, y) for x, y, sq in squares if sq.zone == "green" and not sq.border]
    bold = [(x, y) for x, y, sq in squares if sq.border == "bold"]
    assert plain and zone and bold
    for x, y in plain:
        assert corner(x, y) == GRASS[y % 2], (x, y)
    for x, y in zone:
        assert corner(x, y) == ZONE[y % 2], (x, y)
        assert sum(ZONE[y % 2]) > sum(GRASS[y % 2]) + 60
    for x, y in bold:
        assert edge(x, y) == C.OUTLINE, (x, y)
    assert all(edge(x, y) != C.OUTLINE for x, y in plain)


@pytest.mark.parametrize(("cols", "rows"), [(11, 13), (11, 17), (15, 21), (21, 31), (21, 13)])
@pytest.mark.parametrize("width", [480, 960])
def test_every_pitch_size_fits_beside_the_panel_and_above_the_caption(
    width: int, cols: int, rows: int
) -> None:
    g = geometry(width, cols, rows)
    x0, y0, x1, y1 = g.grid
    assert g.cell >= 8
    assert g.header[3] < g.end_strip("north")[1] and g.end_strip("south")[3] < g.caption[1]
    assert g.end_strip("north")[3] <= y0 and y1 <= g.end_strip("south")[1]
    assert x0 - g.margin >= 0 and x1 + g.margin <= g.panel[0]
    key, _ = g.key(len(KEY) - 1)
    assert key[3] <= g.panel[3], "the key's last entry is cut"
    assert g.caption[3] < g.height


def test_a_replay_of_a_coach_match_stays_small() -> None:
    views = coach_views(3)
    frames = [(v, f"Move {i}", 900) for i, v in enumerate(views[::4])]
    data = replay_gif(frames, NAMES)
    assert Image.open(io.BytesIO(data)).n_frames == len(frames)
    assert len(data) < 8 * 1024 * 1024


def test_the_key_and_the_cards_left_are_legible_at_phone_width_and_fit_the_panel() -> None:
    from render.fonts import font
    from render.socceristic.board import deck_text
    from render.socceristic.geometry import TEXT_SIZES

    view = hand_view()
    g = G(view)
    x0, _, x1, _ = g.panel
    full = {"decks": {"outcome": {"left": 34, "size": 34}, "referee": {"left": 36, "size": 36}}}
    for what, lines, start in (
        ("key", [text for *_, text in KEY], g.key(0)[1][0]),
        ("decks", [deck_text(full, "outcome"), deck_text(full, "referee")], x0),
    ):
        f = font(g.px(TEXT_SIZES[what]), bold=False)
        _, top, _, bottom = f.getbbox("H")
        assert (bottom - top) * PHONE / 960 >= MIN_CAP, what
        for line in lines:  # whole, never cut short
            assert start + f.getlength(line) <= x1, line
    assert deck_text(full, "referee") == "Referee's: 36 of 36 left"
