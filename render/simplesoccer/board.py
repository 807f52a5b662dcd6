"""The Simple Soccer board image: a pure function of a match view
(``SIMPLESOCCER.view(state, None)``, a plain dict; nothing here imports the engine).

>>> from engine.simplesoccer import SIMPLESOCCER
>>> render_png(SIMPLESOCCER.view(SIMPLESOCCER.initial(), None), ("West", "East"))[:4]
b'\\x89PNG'

From top to bottom: both teams' names and the score, whose turn it is with the points left and
the clock; the grid with its column letters and row numbers (row 1 at the bottom), the halfway
line, centre circle and spot, penalty areas and each goal's seven squares in a strip outside
its goal line; the members as pieces in their team's colour with their label and a white bar
at their feet's end (the way they face), the goalkeeper a square with a yellow rim; the ball
(on its goalkeeper's square when held); the last move's path as a faint line; the caption. In a
shootout a panel over the field shows each team's kicks and the goal's spots 1-7 as the kicker
sees them, with the goalkeeper and the ball once known. When the view carries the spectators'
chances, the win-probability bar is let in under the header (``render.winbar``).

Speed, as ``render.dicesoccer.board``: the static board is painted once per (kits, width,
field) and quantised to one 256-colour palette; pieces are drawn once per look of the square
under them (most squares look alike) and pasted anywhere that look is; texts are kept by line
(``render.sprites.Sprites``); ``render.png.BandEncoder`` compresses only the bands of rows that
differ from the background.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from functools import lru_cache, partial
from typing import Any

from PIL import Image

from render import colours as C
from render.fonts import Text, fit, font
from render.kits import RGB, Kit, kit
from render.palette import Quantiser, fitted
from render.png import BandEncoder
from render.scoreboard import (
    caption_texts,
    header_texts,
    paint_badge,
    paint_caption,
    paint_clock,
    paint_status,
    paste_caption,
    paste_header,
    team_name,
    whose,
)
from render.simplesoccer.background import paint_background
from render.simplesoccer.geometry import (
    DEFAULT_WIDTH,
    GRASS_DARK,
    GRASS_LIGHT,
    GRID,
    KEEPER_RING,
    MISSED,
    NET,
    NET_LINE,
    SCORED,
    Geometry,
    Shape,
    geometry,
    shape_of,
)
from render.sketch import Box, Painted, Sketch
from render.sprites import Boards, Sprites, draw_over, stacked
from render.winbar import WinBar, band_texts

DEFAULT_NAMES = ("West", "East")
DEFAULT_KITS: tuple[Kit, Kit] = (kit("blue"), kit("orange"))
BOARD_LIMIT = 12
TEXTS = ("badge", "status", "clock", "caption", "title")
FEET: RGB = (252, 252, 246)
PATH: tuple[int, int, int, int] = (*C.ARROW, 150)
# image directions of the facings: north is up
FACING = {"e": (1, 0), "w": (-1, 0), "n": (0, -1), "s": (0, 1)}
SPOTS = 7
DOWN_GREY: RGB = (128, 132, 136)
CARDS: dict[str, RGB] = {"yellow": C.CARD_YELLOW, "red": C.CARD_RED}
STATUS_NAME = 10  # the most characters of a name in the status line
KICKS = 5  # each team's kicks before sudden death

# -- painters: each returns (box, paint) (``render.sketch.Painted``) ----------------------------


def greyed(colour: RGB) -> RGB:
    """A team colour faded towards grey: a member lying down."""
    r, g, b = (round(c * 0.45 + grey * 0.55) for c, grey in zip(colour, DOWN_GREY, strict=True))
    return (r, g, b)


def paint_member(
    box: Box,
    k: Kit,
    label: str,
    facing: str,
    held: bool,
    down: bool = False,
    skill: int = 0,
    card: str | None = None,
) -> Painted:
    """A member on its square: a disc in the team colour (the goalkeeper a square with a yellow
    rim) with its label, and a white bar on the side its feet face; the ball low on the square
    when the goalkeeper holds it. The advanced rules: a member lying ``down`` is a flat, greyed
    disc with a "down" tag; ``skill`` points are small white dots in the top left corner, a
    ``card`` a small yellow or red card in the top right corner."""
    c = box[2] - box[0]
    dx, dy = FACING.get(facing, (1, 0))
    keeper = label == "G"
    marks = _marks(c, skill, card)
    if down:
        return box, lambda s: (_paint_down(s, c, k, label, keeper), marks(s))

    def paint(s: Sketch) -> None:
        mx, my = c / 2 - dx * c * 0.03, c / 2 - dy * c * 0.03
        r = c * 0.45
        if keeper:
            r = c * 0.43
            s.rounded((mx - r, my - r, mx + r, my + r), c * 0.12, fill=KEEPER_RING,
                      outline=C.OUTLINE, width=max(1.0, c * 0.03))  # fmt: skip
            e = max(2.0, c * 0.09)
            s.rounded((mx - r + e, my - r + e, mx + r - e, my + r - e), c * 0.07, fill=k.colour)
        else:
            s.ellipse((mx - r, my - r, mx + r, my + r), fill=k.colour, outline=C.OUTLINE,
                      width=max(1.0, c * 0.04))  # fmt: skip
        # the feet: a white bar across the facing side, over the piece's rim
        near, far, half = c * 0.33, c * 0.5, c * 0.27
        fx, fy = c / 2 + dx * (near + far) / 2, c / 2 + dy * (near + far) / 2
        hx, hy = (far - near) / 2 if dx else half, (far - near) / 2 if dy else half
        s.rounded((fx - hx, fy - hy, fx + hx, fy + hy), c * 0.05, fill=FEET, outline=C.OUTLINE,
                  width=max(1.0, c * 0.035))  # fmt: skip
        size = c * (0.5 if len(label) > 1 else 0.6)
        lx, ly = mx - dx * c * 0.05, my - dy * c * 0.05
        if held:  # the ball at the bottom of the square, the label above it
            _ball(s, c / 2 - dx * c * 0.06, c * 0.76, c * 0.2)
            ly -= c * 0.12
        s.text((lx, ly), label, font(round(size)), k.ink, anchor="mm")
        marks(s)

    return box, paint


def _paint_down(s: Sketch, c: float, k: Kit, label: str, keeper: bool) -> None:
    """A member lying down: a flat disc in its faded colour (the goalkeeper's with the yellow
    rim), its label, and a "down" tag below."""
    w, h = c * 0.44, c * 0.24
    mx, my = c / 2, c * 0.44
    outline = KEEPER_RING if keeper else C.OUTLINE
    s.ellipse((mx - w, my - h, mx + w, my + h), fill=greyed(k.colour), outline=outline,
              width=max(1.0, c * (0.07 if keeper else 0.035)))  # fmt: skip
    s.text((mx, my), label, font(round(c * (0.34 if len(label) > 1 else 0.4))), C.OUTLINE,
           anchor="mm")  # fmt: skip
    f = font(max(8, round(c * 0.24)))
    tw = f.getlength("down")
    top, bottom = c * 0.72, c * 0.97
    s.rounded((mx - tw / 2 - c * 0.05, top, mx + tw / 2 + c * 0.05, bottom), c * 0.06,
              fill=C.OUTLINE)  # fmt: skip
    s.text((mx, (top + bottom) / 2), "down", f, C.DIE, anchor="mm")


def _marks(c: float, skill: int, card: str | None) -> Callable[[Sketch], None]:
    """The small marks over a member: its skill points, its card."""

    def paint(s: Sketch) -> None:
        r = max(1.5, c * 0.08)
        for i in range(max(0, min(skill, 3))):
            x, y = r + c * 0.02 + i * 2.2 * r, r + c * 0.02
            s.ellipse((x - r, y - r, x + r, y + r), fill=C.DIE, outline=C.OUTLINE,
                      width=max(1.0, c * 0.02))  # fmt: skip
        if card in CARDS:
            w, h = c * 0.2, c * 0.28
            x1, y0 = c * 0.98, c * 0.02
            s.rounded((x1 - w, y0, x1, y0 + h), c * 0.03, fill=CARDS[card], outline=C.OUTLINE,
                      width=max(1.0, c * 0.02))  # fmt: skip

    return paint


def _ball(s: Sketch, x: float, y: float, r: float) -> None:
    s.ellipse((x - r, y - r, x + r, y + r), fill=C.DIE, outline=C.OUTLINE, width=max(1.0, r * 0.2))
    p = r * 0.38
    s.ellipse((x - p, y - p, x + p, y + p), fill=C.OUTLINE)


def paint_ball(box: Box) -> Painted:
    c = box[2] - box[0]

    def paint(s: Sketch) -> None:
        _ball(s, c / 2, c / 2, c * 0.3)

    return box, paint


def paint_segment(g: Geometry, a: tuple[int, int], b: tuple[int, int]) -> Painted:
    """One step of the last move's path, a faint line between two squares' centres."""
    (ax, ay), (bx, by) = g.centre_of(a), g.centre_of(b)
    w = max(2.0, g.cell * 0.14)
    pad = round(w)
    box = (min(ax, bx) - pad, min(ay, by) - pad, max(ax, bx) + pad, max(ay, by) + pad)

    def paint(s: Sketch) -> None:
        p, q = (ax - box[0], ay - box[1]), (bx - box[0], by - box[1])
        s.line([p, q], PATH, w)
        for x, y in (p, q):
            s.ellipse((x - w / 2, y - w / 2, x + w / 2, y + w / 2), fill=PATH)

    return box, paint


def paint_shootout_panel(g: Geometry) -> Painted:
    """The shootout's panel: its title and the goal's seven spots, numbered from the kicker's
    left."""
    box = g.shootout
    w = box[2] - box[0]
    title, small = font(g.px(26)), font(g.px(18))

    def paint(s: Sketch) -> None:
        s.rounded((0, 0, w, box[3] - box[1]), g.px(14), fill=C.PANEL, outline=C.PANEL_LINE,
                  width=g.px(2))  # fmt: skip
        s.text((w / 2, g.px(28)), "PENALTIES", title, C.TEXT)
        for i in range(1, SPOTS + 1):
            x0, y0, x1, y1 = g.spot(i)
            x0, x1, y0, y1 = x0 - box[0], x1 - box[0], y0 - box[1], y1 - box[1]
            s.rounded((x0, y0, x1, y1), g.px(6), fill=NET, outline=NET_LINE, width=g.px(2))
            s.text(((x0 + x1) / 2, y1 + g.px(11)), str(i), small, C.MUTED)

    return box, paint


def paint_kick(g: Geometry, team: int, i: int, scored: bool | None) -> Painted:
    """One kick of the shootout: ✓ scored, ✗ missed, an empty ring still to take."""
    box = g.kick(team, i)
    side = box[2] - box[0]
    f = font(round(side * 0.7))

    def paint(s: Sketch) -> None:
        e = g.px(3)
        if scored is None:
            s.ellipse((e, e, side - e, side - e), fill=None, outline=C.MUTED, width=g.px(2.5))
            return
        s.ellipse((e, e, side - e, side - e), fill=SCORED if scored else MISSED)
        s.text((side / 2, side / 2), "✓" if scored else "✗", f, C.OUTLINE)

    return box, paint


def paint_line(box: Box, text: str, size: int, colour: RGB = C.TEXT) -> Painted:
    f = font(size)
    w, h = box[2] - box[0], box[3] - box[1]
    text = fit(text, f, w)

    def paint(s: Sketch) -> None:
        s.text((0, h / 2), text, f, colour, anchor="lm")

    return box, paint


# -- the board: background, palette, sprites, encoder -------------------------------------------


class Board:
    """The background, palette, sprites and PNG encoder for one pair of kits, one width and one
    field. Pieces are kept per look of the square under them: two squares whose background is
    the same share the sprite."""

    def __init__(self, kits: tuple[Kit, Kit], width: int, shape: Shape) -> None:
        self.kits = kits
        self.g = g = geometry(shape, width)
        self.rgb = _background(shape, width)
        exact = [c for k in kits for c in (k.colour, k.ink, greyed(k.colour))] + _fixed_colours()
        self.quantise = Quantiser(fitted(exact, self._sample_sheet()), exact)
        self.sprites = Sprites(self.rgb, self.quantise, by_line=TEXTS)
        self.p = self.quantise(self.rgb)
        self.encoder = BandEncoder(self.p, band_rows=16)
        # the win-probability band, let in under the header when a view carries chances
        self.winbar = WinBar(width, kits, self.quantise, self.quantise.index, g.header[3])
        self._looks: dict[tuple[int, int], tuple[int, Box]] = {}
        seen: dict[bytes, tuple[int, Box]] = {}
        for sq in self._all_squares():
            b = g.square(sq)
            self._looks[sq] = seen.setdefault(self.rgb.crop(b).tobytes(), (len(seen), b))
        self._panel: Sprites | None = None
        self._lock = threading.Lock()

    def _all_squares(self) -> list[tuple[int, int]]:
        sh = self.g.shape
        board = [(x, y) for x in range(sh.cols) for y in range(sh.rows)]
        return board + [(x, y) for x in (-1, sh.cols) for y in sh.goal_rows]

    def paste(self, im: Image.Image, key: Any, make: Callable[[], Painted]) -> None:
        self.sprites.paste(im, key, make)

    def paste_on(
        self, im: Image.Image, sq: tuple[int, int], key: Any, make: Callable[[Box], Painted]
    ) -> None:
        """A piece on square ``sq``: drawn once per look of the square under it."""
        look = self._looks.get(sq)
        if look is None:
            return  # off the board and not a goal square: nothing to show
        n, first = look
        s = self.sprites.get(("piece", n, key), lambda: make(first))
        box = self.g.square(sq)
        im.paste(s.image, (s.at[0] + box[0] - first[0], s.at[1] + box[1] - first[1]), s.mask)

    def panel(self) -> Sprites:
        """The sprites drawn over the shootout's panel."""
        with self._lock:
            if self._panel is None:
                under = self.rgb.copy()
                pixels, mask, at = draw_over(self.rgb, paint_shootout_panel(self.g))
                under.paste(pixels, at, mask)
                self._panel = Sprites(under, self.quantise, by_line=TEXTS)
            return self._panel

    def _sample_sheet(self) -> Image.Image:
        """What will be drawn, for fitting the palette: both kits' pieces on both grass
        stripes, the ball, a path, the badges, the shootout panel and some text."""
        g = self.g
        parts: list[Image.Image] = [self.rgb]
        for t, k in enumerate(self.kits):
            for x, label in ((0, "7"), (1, "10"), (-1, "G"), (2, "G")):
                box = g.square((x, g.shape.goal_rows[0]))
                member = paint_member(box, k, label, "e" if t == 0 else "w", label == "G" and x > 0)
                parts.append(draw_over(self.rgb, member)[0])
                lying = paint_member(box, k, label, "n", False, True, 3, "yellow" if t else "red")
                parts.append(draw_over(self.rgb, lying)[0])
            parts.append(draw_over(self.rgb, paint_badge(g, g.badge(t), k, "Name"))[0])
            parts.append(draw_over(self.rgb, paint_status(g, "West to roll", k, 200))[0])
            parts.append(draw_over(self.rgb, paint_caption(g, "GOAL! West 1-0", k))[0])
        parts.append(draw_over(self.rgb, paint_ball(g.square(g.shape.centre)))[0])
        parts.append(draw_over(self.rgb, paint_segment(g, (2, 2), (3, 3)))[0])
        parts.append(draw_over(self.rgb, paint_shootout_panel(g))[0])
        for t in (0, 1):
            for i, scored in enumerate((True, False)):
                parts.append(draw_over(self.rgb, paint_kick(g, t, i, scored))[0])
        parts.append(draw_over(self.rgb, paint_clock(g, "Turn 12 of 40"))[0])
        return stacked(parts)


def _fixed_colours() -> list[RGB]:
    named = [getattr(C, n) for n in dir(C) if n.isupper() and n != "AREA"]
    own = [GRASS_LIGHT, GRASS_DARK, GRID, NET, NET_LINE, KEEPER_RING, SCORED, MISSED, FEET]
    return [c for c in named if isinstance(c, tuple)] + own


@lru_cache(maxsize=8)
def _background(shape: Shape, width: int) -> Image.Image:
    return paint_background(geometry(shape, width))


_boards: Boards[Board] = Boards(Board, BOARD_LIMIT)


def board(
    kits: tuple[Kit, Kit] = DEFAULT_KITS, width: int = DEFAULT_WIDTH, shape: Shape | None = None
) -> Board:
    """The cached ``Board`` (made on first use: a few hundred milliseconds)."""
    if shape is None:
        raise ValueError("a board needs the field's shape (geometry.shape_of(view))")
    return _boards.get(kits, width, shape)


# -- what the board says ----------------------------------------------------------------------


def _name(names: Sequence[str], t: int, most: int = 0) -> str:
    """Team ``t``'s name, shortened to ``most`` characters when given."""
    return team_name(names, t, DEFAULT_NAMES, most)


def status_text(view: dict[str, Any], names: Sequence[str]) -> tuple[str, int | None]:
    """Whose turn it is and what they are to do, and that team (or None)."""
    step = view.get("step") or {}
    k = step.get("k")
    if view.get("over") or k == "over":
        w = view.get("winner", -1)
        if w is None or w < 0:
            return "Full time: a draw", None
        how = " on penalties" if view.get("reason") == "shootout" else ""
        return f"{_name(names, w, STATUS_NAME)} wins{how}", w
    if k == "rolloff":
        return "Roll-off: the higher die kicks off", None
    if k == "setup":
        t = step.get("kickoff", 0)
        return f"Set-up: {_name(names, t, STATUS_NAME)} kicks off", t
    t = step.get("team", 0)
    n = _name(names, t, STATUS_NAME)
    turn = view.get("turn") or {}
    if k == "play" and turn:
        left, points = turn.get("left", 0), turn.get("points", 0)
        return f"{n}: {left} of {points} point{'s' if points != 1 else ''} left", t
    return {
        "roll": f"{n} to roll for the throw" if step.get("throw") else f"{n} to roll",
        "save": f"{whose(n)} keeper to save",
        "spot": f"{whose(n)} keeper picks a spot",
        "penalty": f"{n} to shoot",
        "penalty_save": f"{whose(n)} keeper to save",
    }.get(k or "", ""), t


def clock_text(view: dict[str, Any]) -> str:
    """How long the match is and how far it has gone: "Turn 12 of 40", "First to 2", "Time 7:30
    of 20:00", with the half when the match has half time."""
    o = view.get("options") or {}
    if view.get("shootout") is not None and not view.get("over"):
        return "Penalties"
    length = o.get("length", "turns")
    if length == "score":
        return f"First to {o.get('target', 2)}"
    if length == "timed":
        done = int(view.get("elapsed") or 0)
        text = f"{done // 60}:{done % 60:02d} of {int(o.get('minutes', 20))}:00"
        text = text if o.get("half_time") else f"Time {text}"
    else:
        played, turns = int(view.get("turns_played") or 0), o.get("turns", 40)
        text = f"Turn {played} of {turns}" if played else f"{turns} turns"
    if o.get("half_time"):
        text = f"{'1st' if view.get('half', 1) == 1 else '2nd'} half · {text}"
    return text


# -- the render -------------------------------------------------------------------------------


def render(
    view: dict[str, Any],
    names: Sequence[str] = DEFAULT_NAMES,
    caption: str | None = "",
    width: int = DEFAULT_WIDTH,
    *,
    kits: tuple[Kit, Kit] = DEFAULT_KITS,
) -> Image.Image:
    """The board for ``view`` as a palette ("P") image ``width`` pixels wide."""
    b = board(kits, width, shape_of(view))
    return b.winbar.on(_drawn(b, view, names, caption), view)


def _drawn(
    b: Board, view: dict[str, Any], names: Sequence[str], caption: str | None
) -> Image.Image:
    """The board without the win-probability band."""
    g, kits = b.g, b.kits
    im = b.p.copy()
    paste = b.paste
    score = view.get("score") or [0, 0]

    # header
    shown = [_name(names, t) for t in (0, 1)]
    paste_header(paste, im, g, shown, kits, score, clock_text(view), status_text(view, names))

    # the field: the last path under the pieces, the members, the ball
    path = [tuple(p) for p in view.get("last_path") or []]
    for a, z in zip(path, path[1:], strict=False):
        paste(im, ("segment", a, z), lambda a=a, z=z: paint_segment(g, a, z))
    held = view.get("held", -1)
    held = -1 if held is None else held
    for t, members in enumerate(view.get("members") or []):
        k = kits[t]
        for label, m in members.items():
            sq = (int(m["at"][0]), int(m["at"][1]))
            facing = m.get("facing", "e")
            has = held == t and label == "G"
            # the advanced rules: lying down, skill points, a card
            down, skill, card = m.get("down") is not None, int(m.get("skill") or 0), m.get("card")
            b.paste_on(
                im,
                sq,
                ("member", t, label, facing, has, down, skill, card),
                partial(
                    paint_member,
                    k=k,
                    label=label,
                    facing=facing,
                    held=has,
                    down=down,
                    skill=skill,
                    card=card,
                ),  # fmt: skip
            )
    ball = view.get("ball")
    if ball is not None and held < 0:
        b.paste_on(im, (int(ball[0]), int(ball[1])), ("ball",), paint_ball)

    shootout = view.get("shootout")
    if shootout is not None:
        _shootout(b, im, shootout, view.get("step") or {}, names)

    paste_caption(paste, im, g, caption, names, kits)
    return im


def _shootout(
    b: Board, im: Image.Image, sh: dict[str, Any], step: dict[str, Any], names: Sequence[str]
) -> None:
    """The panel: each team's kicks (✓/✗, rings for the first five still to take; the last
    ones in sudden death) and the goal's spots with the goalkeeper and the ball once known."""
    g, kits = b.g, b.kits
    panel = b.panel()
    b.paste(im, ("panel",), lambda: paint_shootout_panel(g))
    fits = (g.kicks_row(0)[2] - g.kick(0, 0)[0]) // (g.kick(0, 1)[0] - g.kick(0, 0)[0])
    for t in (0, 1):
        name, k = _name(names, t), kits[t]
        row = g.kicks_row(t)
        badge = (row[0], row[1], g.kick(t, 0)[0] - g.px(14), row[3])
        panel.paste(
            im,
            ("badge", "kicks", t, name),
            lambda name=name, k=k, badge=badge: paint_badge(g, badge, k, name),
        )
        kicks = list(sh.get("kicks", [[], []])[t])
        shown: list[bool | None] = kicks[-fits:] if len(kicks) > fits else kicks
        shown = shown + [None] * max(0, KICKS - len(shown))
        for i, scored in enumerate(shown):
            panel.paste(
                im,
                ("kick", t, i, scored),
                lambda t=t, i=i, scored=scored: paint_kick(g, t, i, scored),
            )
    kicker, title = shootout_title(sh, step, names)
    box = g.spot_title
    panel.paste(im, ("title", title), lambda: paint_line(box, title, g.px(22), C.MUTED))
    spot, ball = sh.get("spot"), sh.get("ball")
    if spot:
        keeper = kits[1 - kicker]
        box = g.spot(int(spot))
        panel.paste(im, ("spot keeper", 1 - kicker, int(spot)),
                    lambda: paint_member(box, keeper, "G", "s", False))  # fmt: skip
    if ball:
        spot_box = g.spot(int(ball))  # never the goalkeeper's spot
        panel.paste(im, ("spot ball", int(ball)), lambda: paint_ball(spot_box))


def shootout_title(
    sh: dict[str, Any], step: dict[str, Any], names: Sequence[str]
) -> tuple[int, str]:
    """The kick the goal's spots show (its kicker's team) and the line above them. Between
    kicks the spots still show the last kick, whose kicker is the team before this one."""
    kicker = int(sh.get("kicker", 0))
    taker = sh.get("taker")
    k = step.get("k")
    if k == "spot" and sh.get("ball"):
        last = 1 - kicker
        return last, f"{whose(_name(names, last))} last kick, seen from the penalty spot"
    if k == "over" or (k not in ("penalty", "penalty_save") and sh.get("ball")):
        return kicker, f"{whose(_name(names, kicker))} last kick, seen from the penalty spot"
    who = f"{whose(_name(names, kicker))} {taker}" if taker else _name(names, kicker)
    if sh.get("ball"):
        return kicker, f"{who} shoots to spot {sh['ball']}"
    return kicker, f"{who} to shoot: spots from the kicker's left"


def texts(
    view: dict[str, Any],
    names: Sequence[str] = DEFAULT_NAMES,
    caption: str | None = "",
    width: int = DEFAULT_WIDTH,
) -> list[Text]:
    """The texts ``render`` draws for ``view`` with their fonts and boxes: the score, the
    status, the clock and the caption's lines (for legibility checks)."""
    g = geometry(shape_of(view), width)
    score = view.get("score") or [0, 0]
    status, _ = status_text(view, names)
    out = header_texts(g, score, clock_text(view), status) + caption_texts(g, caption, names)
    return band_texts(out, view, width, g.header[3])


def render_png(
    view: dict[str, Any],
    names: Sequence[str] = DEFAULT_NAMES,
    caption: str | None = "",
    width: int = DEFAULT_WIDTH,
    *,
    kits: tuple[Kit, Kit] = DEFAULT_KITS,
) -> bytes:
    """``render`` encoded as PNG bytes: what the bot posts after a turn."""
    b = board(kits, width, shape_of(view))
    return b.winbar.png(_drawn(b, view, names, caption), view, b.p, b.encoder)
