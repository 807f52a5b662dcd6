"""The Simple Soccer board image shows what the view says: members on their squares with their
feet towards where they face, the goalkeeper apart, the ball (at its goalkeeper's feet when
held), the last move's path, the header's turn and clock, the shootout's kicks and spots.
Checked by sampling pixels at the renderer's own geometry (no golden images), on views of
coach matches."""

from __future__ import annotations

import copy
import io
from functools import cache
from typing import Any

import pytest
from PIL import Image, ImageChops

from engine.simplesoccer import SIMPLESOCCER
from engine.simplesoccer.coach import iter_match
from render import colours as C
from render.fonts import fit
from render.palette import pixel
from render.simplesoccer.board import (
    DEFAULT_KITS,
    FEET,
    clock_text,
    render,
    render_png,
    status_text,
    texts,
)
from render.simplesoccer.geometry import (
    GRASS_DARK,
    GRASS_LIGHT,
    KEEPER_RING,
    MISSED,
    SCORED,
    geometry,
    shape_of,
)
from render.simplesoccer.replay import replay_gif

NAMES = ("West", "East")
PHONE = 400


@cache
def _views(seed: int, options: tuple[tuple[str, Any], ...] = ()) -> list[dict[str, Any]]:
    return [SIMPLESOCCER.view(s, None) for s, _, _ in iter_match(seed, options=dict(options))]


def views(seed: int, **options: Any) -> list[dict[str, Any]]:
    return copy.deepcopy(_views(seed, tuple(sorted(options.items()))))


def mid_match(size: str = "standard") -> dict[str, Any]:
    """A view in the middle of a turn: both teams on the field, the ball loose."""
    for v in views(3, size=size):
        if v["step"]["k"] == "play" and v["held"] < 0 and v["turns_played"] >= 4:
            return v
    raise AssertionError("no turn in play")


def at(im: Image.Image, view: dict[str, Any], sq: Any, fx: float = 0, fy: float = 0) -> Any:
    """The colour at square ``sq``'s centre moved by (fx, fy) squares."""
    g = geometry(shape_of(view), im.width)
    x, y = g.centre_of(sq)
    return pixel(im, (round(x + fx * g.cell), round(y + fy * g.cell)))


def free_square(view: dict[str, Any]) -> tuple[int, int]:
    """An empty square in the middle of a half, no chalk line near."""
    taken = {tuple(m["at"]) for team in view["members"] for m in team.values()}
    taken.add(tuple(view["ball"]))
    f = view["field"]
    for x in range(f["box_depth"] + 1, f["width"] // 2 - f["width"] // 6):
        for y in range(1, f["height"] - 1):
            if (x, y) not in taken and (x, y) not in {tuple(c) for c in f["circle"]}:
                return (x, y)
    raise AssertionError("no free square")


def grass(colour: Any) -> bool:
    return colour in (GRASS_LIGHT, GRASS_DARK)


# -- the image --------------------------------------------------------------------------------


def test_png_decodes_to_the_board_at_its_size() -> None:
    view = mid_match()
    im = render(view, NAMES, "West's 7 runs to f6")
    g = geometry(shape_of(view), 960)
    assert im.mode == "P" and im.size == (960, g.height)
    png = render_png(view, NAMES, "West's 7 runs to f6")
    decoded = Image.open(io.BytesIO(png))
    assert decoded.format == "PNG" and decoded.size == im.size
    assert decoded.convert("RGB").tobytes() == im.convert("RGB").tobytes()
    assert len(png) < 150_000


@pytest.mark.parametrize("size", ["small", "standard", "large"])
def test_every_board_size_draws_its_whole_grid(size: str) -> None:
    view = mid_match(size)
    f = view["field"]
    im = render(view, NAMES)
    g = geometry(shape_of(view), 960)
    # both goals' strips and the row numbers fit in the image
    assert g.square((-1, 0))[0] > 0 and g.square((f["width"], 0))[2] < im.width
    assert g.caption[1] > g.grid[3] and im.height == g.height
    for team, members in enumerate(view["members"]):
        assert len(members) == view["options"]["fielders"] + 1
        for label, m in members.items():
            if label != "G":  # below the label, inside the piece
                assert at(im, view, m["at"], 0, 0.36) == DEFAULT_KITS[team].colour, (team, label)


# -- members and the ball ---------------------------------------------------------------------


def test_a_member_moved_shows_on_its_new_square() -> None:
    view = mid_match()
    member = next(label for label in view["members"][0] if label != "G")
    old = tuple(view["members"][0][member]["at"])
    new = free_square(view)
    moved = copy.deepcopy(view)
    moved["members"][0][member]["at"] = list(new)
    before, after = render(view, NAMES), render(moved, NAMES)
    assert before.tobytes() != after.tobytes()
    assert grass(at(before, view, new, 0, 0.36))
    assert at(after, view, new, 0, 0.36) == DEFAULT_KITS[0].colour
    assert grass(at(after, view, old, 0, 0.36))


def test_the_ball_moved_shows_on_its_new_square() -> None:
    view = mid_match()
    new = free_square(view)
    moved = copy.deepcopy(view)
    old, moved["ball"] = tuple(view["ball"]), list(new)
    before, after = render(view, NAMES), render(moved, NAMES)
    assert before.tobytes() != after.tobytes()
    assert at(before, view, old) == C.OUTLINE  # the ball's dark centre
    assert at(after, view, new) == C.OUTLINE and at(after, view, new, 0.2) == C.DIE
    assert grass(at(after, view, old))


def test_feet_face_the_way_the_member_faces() -> None:
    view = mid_match()
    west = next(m for label, m in view["members"][0].items() if label != "G")
    east = next(m for label, m in view["members"][1].items() if label != "G")
    im = render(view, NAMES)
    assert at(im, view, west["at"], 0.415) == FEET and at(im, view, west["at"], -0.415) != FEET
    assert at(im, view, east["at"], -0.415) == FEET and at(im, view, east["at"], 0.415) != FEET
    turned = copy.deepcopy(view)  # issue 17 will turn members: north is up
    for m in turned["members"][0].values():
        m["facing"] = "n"
    im = render(turned, NAMES)
    assert at(im, view, west["at"], 0, -0.415) == FEET and at(im, view, west["at"], 0.415) != FEET


def test_the_goalkeeper_has_a_rim_the_fielders_have_not() -> None:
    view = mid_match()
    im = render(view, NAMES)
    for team in (0, 1):
        keeper = view["members"][team]["G"]["at"]
        fielder = next(m["at"] for label, m in view["members"][team].items() if label != "G")
        assert at(im, view, keeper, -0.05, -0.38) == KEEPER_RING
        assert at(im, view, fielder, -0.05, -0.38) != KEEPER_RING


def test_a_held_ball_is_at_its_goalkeepers_feet() -> None:
    view = mid_match()
    keeper = view["members"][1]["G"]["at"]
    held = copy.deepcopy(view)
    held["held"], held["ball"] = 1, list(keeper)
    im = render(held, NAMES)
    g = geometry(shape_of(view), 960)
    x0, y0, _, _ = g.square(keeper)
    # the ball's dark centre low in the goalkeeper's square, beside nothing else of the ball
    assert pixel(im, (x0 + round(0.56 * g.cell), y0 + round(0.76 * g.cell))) == C.OUTLINE
    assert at(im, view, view["ball"]) != C.OUTLINE  # not also where it was


def test_the_last_path_is_drawn_faintly_under_the_pieces() -> None:
    view = mid_match()
    a = free_square(view)
    b = (a[0] + 1, a[1] + 1)
    taken = {tuple(m["at"]) for team in view["members"] for m in team.values()}
    assert b not in taken
    plain, path = copy.deepcopy(view), copy.deepcopy(view)
    plain["last_path"], path["last_path"] = None, [list(a), list(b)]
    mid = (0.25, -0.25)  # a quarter of the way from a to b (north is up)
    without, with_path = (
        at(render(plain, NAMES), view, a, *mid),
        at(render(path, NAMES), view, a, *mid),
    )
    assert grass(without)
    assert with_path != without and with_path[0] > without[0] + 40  # yellowish


# -- the header -------------------------------------------------------------------------------


def test_the_header_says_whose_turn_with_the_points_left() -> None:
    view = mid_match()
    team, turn = view["turn"]["team"], view["turn"]
    text, who = status_text(view, ("Ann", "Bo"))
    assert who == team
    assert text == f"{('Ann', 'Bo')[team]}: {turn['left']} of {turn['points']} points left"
    spent = copy.deepcopy(view)
    spent["turn"]["left"] = max(0, turn["left"] - 1) if turn["left"] else 1
    g = geometry(shape_of(view), 960)
    box = (0, g.header[1], g.width // 2, g.header[3])
    assert render(view).crop(box).tobytes() != render(spent).crop(box).tobytes()


def test_the_clock_reads_the_match_length() -> None:
    view = mid_match()
    view["turns_played"] = 12
    assert clock_text(view) == f"Turn 12 of {view['options']['turns']}"
    view["options"].update(length="score", target=2)
    assert clock_text(view) == "First to 2"
    view["options"].update(length="timed", minutes=20)
    view["elapsed"] = 450.0
    assert clock_text(view) == "Time 7:30 of 20:00"
    view["options"]["half_time"], view["half"] = True, 2
    assert clock_text(view) == "2nd half · 7:30 of 20:00"


def test_header_and_caption_are_legible_on_a_phone() -> None:
    view = mid_match()
    shown = texts(view, ("A long team name here", "East"), "West's 7 runs to f6 and kicks")
    assert {t.what for t in shown} >= {"score", "status", "clock", "caption"}
    for t in shown:
        _, top, _, bottom = t.font.getbbox("H")
        assert (bottom - top) * PHONE / 960 >= 8, t
    # the clock and a short name's turn are never cut short, even the longest clock
    view["options"].update(length="timed", half_time=True)
    view["half"], view["elapsed"], view["turn"]["points"] = 2, 1150.0, 12
    for t in texts(view, ("Ravens", "Otters")):
        if t.what in ("clock", "status"):
            dot = 32 if t.what == "status" else 0  # the team's dot before the turn
            assert fit(t.text, t.font, t.box[2] - t.box[0] - dot) == t.text, t.text
    # the labels on the pieces of the standard board
    g = geometry(shape_of(view), 960)
    assert round(g.cell * 0.5) * 0.72 * PHONE / 960 >= 5.5


# -- the shootout -----------------------------------------------------------------------------


def shootout_views() -> list[dict[str, Any]]:
    return [v for v in views(1, turns=2) if v["shootout"] is not None]


def test_the_shootout_shows_each_kick_and_the_spots() -> None:
    v = next(
        v
        for v in shootout_views()
        if v["step"]["k"] == "penalty_save" and all(v["shootout"]["kicks"])
    )
    sh = v["shootout"]
    im = render(v, NAMES)
    g = geometry(shape_of(v), 960)
    for team in (0, 1):
        for i, scored in enumerate(sh["kicks"][team]):
            x0, y0, x1, y1 = g.kick(team, i)
            colours = {c for _, c in im.crop((x0, y0, x1, y1)).convert("RGB").getcolors(4096)}
            assert (SCORED if scored else MISSED) in colours
            assert (MISSED if scored else SCORED) not in colours
    keeper, ball = g.spot(sh["spot"]), g.spot(sh["ball"])
    assert KEEPER_RING in {c for _, c in im.crop(keeper).convert("RGB").getcolors(4096)}
    cx, cy = (ball[0] + ball[2]) // 2, (ball[1] + ball[3]) // 2
    assert pixel(im, (cx, cy)) == C.OUTLINE


def test_the_goalkeepers_secret_spot_is_not_drawn() -> None:
    v = next(v for v in shootout_views() if v["step"]["k"] == "penalty")
    assert v["shootout"]["spot"] is None  # the spectators' view
    im = render(v, NAMES)
    g = geometry(shape_of(v), 960)
    for spot in range(1, 8):
        colours = {c for _, c in im.crop(g.spot(spot)).convert("RGB").getcolors(4096)}
        assert KEEPER_RING not in colours


def test_the_final_board_says_who_won() -> None:
    final = shootout_views()[-1]
    w = final["winner"]
    assert status_text(final, NAMES) == (f"{NAMES[w]} wins on penalties", w)


# -- the replay -------------------------------------------------------------------------------


def test_the_replay_has_the_frames_given() -> None:
    vs = [v for v in views(3) if v["ball"] is not None][:5]
    holds = [1200, 1200, 2600, 1800, 5000]
    frames = [(v, f"Turn {i}", ms) for i, (v, ms) in enumerate(zip(vs, holds, strict=True))]
    gif = Image.open(io.BytesIO(replay_gif(frames, NAMES)))
    assert gif.format == "GIF" and gif.n_frames == 5
    got = []
    for i in range(gif.n_frames):
        gif.seek(i)
        got.append(gif.info["duration"])
    assert got == holds
    gif.seek(0)
    first = render(vs[0], NAMES, "Turn 0").convert("RGB")
    assert ImageChops.difference(gif.convert("RGB"), first).getbbox() is None
    with pytest.raises(ValueError):
        replay_gif([], NAMES)
