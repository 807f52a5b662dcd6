"""The FUBA board image: a pure function of a match view (``FUBA.view(state, viewer)``).

>>> from engine.fuba import FUBA
>>> render_png(FUBA.view(FUBA.initial(), None))[:4]
b'\\x89PNG'

Made to be read on a phone: shrunk to Discord's ~400 px preview, the score, clock, ball value
(a numeral on the die), formations, cards, caption and whose decision it is keep capitals at
least 8 px tall (``texts`` lists them with their fonts; the sizes are ``geometry.TEXT_SIZES``).
The caption and the pending decision wrap onto two lines rather than being cut. When the view
carries the spectators' chances, the win-probability bar is let in under the header
(``render.winbar``); without them the image is exactly as before.

Speed: the static board (``render.fuba.background``) is drawn once per width and quantised to one
256-colour palette per pair of kits. Every piece, die, arrow and text is drawn once, anti-aliased
over the pixels it covers, and kept as a palette sprite, so a render is a copy of the background
plus a few masked pastes. Texts that change from step to step (``TEXTS``: name plates, the
caption, whose decision it is) are kept as their shapes and lines, not whole: a step's new
caption or pending line reuses the shapes under it (the banner's pill, the team's chip), the
lines and the words it shares with earlier texts (``render.sprites``, ``render.fonts.glyphs``),
so it costs a few milliseconds, not tens.
``render.png.BandEncoder`` then compresses only the rows that differ from the background. The
sprites and words are kept in one cache bounded in bytes (``render.cache``, ``RENDER_CACHE_MB``),
guarded by locks, so ``render_png`` may be called from a thread or process pool.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any, NamedTuple

from PIL import Image

from engine.fuba.board import ALL_AREAS, CORNER_SPOTS
from render import colours as C
from render import palette
from render.fonts import Text, font
from render.fuba import background, panels, pieces, strip
from render.fuba.geometry import TEXT_SIZES, Layout, layout
from render.kits import RGB, Kit, choose_kits
from render.palette import pixel as pixel  # the tests read board pixels through it
from render.png import BandEncoder
from render.sketch import Sprite
from render.sprites import Boards, Sprites, draw_over, stacked
from render.winbar import WinBar, band_texts

DEFAULT_KITS: tuple[Kit, Kit] = choose_kits()
DEFAULT_NAMES = ("West", "East")
DEFAULT_WIDTH = 1280
SIDES = ("west", "east")
# sprites of texts that change from step to step (name plates, captions, prompts): kept as
# their shapes and lines of text, not whole (``render.sprites.Sprites``)
TEXTS = ("team", "caption", "banner", "pending")


class Caption(NamedTuple):
    """A line about what just happened. With ``team`` it is a banner in that team's colour;
    with ``shot`` (the area a goal was scored from) an arrow flies from there into the goal."""

    text: str
    team: int | None = None
    shot: int | None = None


class Board:
    """The background, palette, sprites and PNG encoder for one pair of kits at one width."""

    def __init__(self, kits: tuple[Kit, Kit], width: int) -> None:
        self.kits = kits
        self.g: Layout = layout(width)
        self.rgb = _background_rgb(width)
        base = [c for kit in kits for c in (kit.colour, kit.ink)] + _fixed_colours()
        self.palette = palette.fitted(base, self._sample_sheet())
        # the exact colours (kits, areas, die...) keep their exact entry
        quantise = palette.Quantiser(self.palette, base)
        self.index = quantise.index
        self.sprites = Sprites(self.rgb, quantise, by_line=TEXTS)
        self.p = quantise(self.rgb)
        self.encoder = BandEncoder(self.p, band_rows=16)
        self.track = background.track_cells(self.g)
        # the advanced rules' strips by their number of lines, made on first use
        self.strips: dict[int, strip.Strip] = {}
        # the win-probability band, let in under the header when a view carries chances
        self.winbar = WinBar(width, kits, quantise, self.index, bar_top(self.g))

    def sprite(self, key: Any, make: Callable[[], pieces.Painted]) -> Sprite:
        """The sprite for ``key``, drawn by ``make()`` the first time it is asked for."""
        return self.sprites.get(key, make)

    # -- pieces

    def token(self, area: int, team: int, text: str) -> Sprite:
        return self.sprite(
            ("token", area, team, text),
            lambda: pieces.token(self.g, self.g.slot(area, SIDES[team]), self.kits[team], text),
        )

    def keeper(self, area: int, team: int) -> Sprite:
        return self.sprite(
            ("keeper", area, team),
            lambda: pieces.keeper(
                self.g, self.g.slot(area, f"{SIDES[team]}_keeper"), self.kits[team]
            ),
        )

    def die(self, area: int, value: int, control: int) -> Sprite:
        ring = self.kits[control].colour if control in (0, 1) else None
        return self.sprite(
            ("die", area, value, control),
            lambda: pieces.die(self.g, self.g.slot(area, "ball"), value, ring),
        )

    def arrow(self, start: int, target: int) -> Sprite:
        return self.sprite(
            ("arrow", start, target),
            lambda: pieces.arrow(self.g, self.g.slot(start, "ball"), self.g.slot(target, "ball")),
        )

    def shot(self, area: int, team: int) -> Sprite:
        """A goal by ``team`` from ``area``: an arrow into the goal the other team defends."""
        return self.sprite(
            ("shot", area, team),
            lambda: pieces.arrow(self.g, self.g.slot(area, "ball"), self.g.goal_mouth(1 - team), 0),
        )

    def spot_label(self, spot: int) -> Sprite:
        box = pieces.centred(self.g.slot(spot, "number"), self.g.px(30), self.g.px(14))
        return self.sprite(
            ("spot", spot),
            lambda: panels.line(box, str(spot), self.g.px(14), colour=C.CHALK, align="m"),
        )

    # -- the palette's sample of what will be drawn: tokens, dies and an arrow on a few areas

    def _sample_sheet(self) -> Image.Image:
        g = self.g
        parts: list[Image.Image] = [self.rgb]
        for area in (2, 4, 7, 9, 12, 13, 14):
            at, ball = g.slot(area, "west"), g.slot(area, "ball")
            for kit in self.kits:
                for painted in (
                    pieces.token(g, at, kit, "3"),
                    pieces.token(g, at, kit, "5+2"),
                    pieces.keeper(g, at, kit),
                    pieces.die(g, ball, 5, kit.colour),
                ):
                    parts.append(draw_over(self.rgb, painted)[0])
        parts.append(draw_over(self.rgb, pieces.arrow(g, g.slot(5, "ball"), g.slot(11, "ball")))[0])
        for team, kit in enumerate(self.kits):
            block = panels.team_block(g, team, kit, "Name", "4-4-2", 1, 1, True)
            parts.append(draw_over(self.rgb, block)[0])
            parts.append(draw_over(self.rgb, panels.banner(g, "GOAL! 1-0", kit))[0])
        return stacked(parts)


def _fixed_colours() -> list[RGB]:
    named = [getattr(C, n) for n in dir(C) if n.isupper() and n != "AREA"]
    return [c for c in named if isinstance(c, tuple)] + list(C.AREA.values())


@lru_cache(maxsize=4)
def _background_rgb(width: int) -> Image.Image:
    return background.paint(layout(width))


BOARD_LIMIT = 16  # about 3 MB each
_boards: Boards[Board] = Boards(lambda kits, width: Board(kits, width), BOARD_LIMIT)


def board(kits: tuple[Kit, Kit] = DEFAULT_KITS, width: int = DEFAULT_WIDTH) -> Board:
    """The cached ``Board`` for these kits and width (made on first use: about half a second)."""
    return _boards.get(kits, width)


# -- the render ------------------------------------------------------------------------------


def render(
    view: dict[str, Any],
    *,
    kits: tuple[Kit, Kit] = DEFAULT_KITS,
    names: Sequence[str] = DEFAULT_NAMES,
    width: int = DEFAULT_WIDTH,
    caption: Caption | None = None,
) -> Image.Image:
    """The board for ``view`` as a palette ("P") image ``width`` pixels wide."""
    b = board(kits, width)
    return b.winbar.on(_drawn(b, view, names, caption), view)


def _drawn(
    b: Board, view: dict[str, Any], names: Sequence[str], caption: Caption | None
) -> Image.Image:
    """The board without the win-probability band."""
    im = b.p.copy()
    paste = im.paste
    last = view.get("last_pass")
    if last and last[0] != last[1]:
        s = b.arrow(last[0], last[1])
        paste(s.image, s.at, s.mask)
    if caption is not None and caption.shot is not None and caption.team in (0, 1):
        s = b.shot(caption.shot, caption.team)
        paste(s.image, s.at, s.mask)
    outfield, keeper, ball = view["outfield"], view["keeper"], view["ball"]
    for area in ALL_AREAS:
        here = False
        for team in (0, 1):
            n = outfield[team][area]
            gk = keeper[team] == area
            if n:
                s = b.token(area, team, pieces.token_text(n, gk))
                paste(s.image, s.at, s.mask)
            if gk:
                s = b.keeper(area, team)
                paste(s.image, s.at, s.mask)
            here = here or bool(n) or gk
        if area in CORNER_SPOTS and (here or ball == area):
            s = b.spot_label(area)
            paste(s.image, s.at, s.mask)
    s = b.die(ball, view["value"], view["control"])
    paste(s.image, s.at, s.mask)
    _header(im, b, view, names)
    _footer(im, b, view, names, caption)
    if strip.in_force(view):  # the advanced rules: a strip under the board
        return strip.strip_of(b, view).draw(im, view)
    return im


def bar_top(g: Layout) -> int:
    """The row where the win-probability band is let in: right under the header."""
    return g.header[3] + 1


def _header(im: Image.Image, b: Board, view: dict[str, Any], names: Sequence[str]) -> None:
    g = b.g
    formations = view.get("formations") or [None, None]
    has_ball = view["control"] if not view.get("over") else -1
    for team in (0, 1):
        key = (
            "team",
            team,
            names[team],
            panels.formation_text(formations[team]),
            view["yellows"][team],
            view["reds"][team],
            has_ball == team,
        )
        b.sprites.paste(im, key, lambda k=key, t=team: panels.team_block(g, t, b.kits[t], *k[2:]))
    goals = tuple(view["score"])
    s = b.sprite(("score", goals), lambda: panels.score(g, goals))
    im.paste(s.image, s.at, s.mask)
    clock = panels.clock_text(view)
    s = b.sprite(
        ("clock", clock),
        lambda: panels.line(g.ui["clock"], clock, g.px(TEXT_SIZES["clock"]), align="m"),
    )
    im.paste(s.image, s.at, s.mask)
    cells = b.track
    done = min(view["minute"] - (45 if view["half"] == 2 else 0), 45)
    if done > 0:
        first, last = cells[0], cells[done - 1]
        im.paste(b.index[C.TRACK_DONE], (first[0], first[1], last[2] + 1, last[3] + 1))
    for i in range(min(view["stoppage"], len(cells) - 45)):
        x0, y0, x1, y1 = cells[45 + i]
        im.paste(b.index[C.STOPPAGE], (x0, y0, x1 + 1, y1 + 1))


def _footer(
    im: Image.Image,
    b: Board,
    view: dict[str, Any],
    names: Sequence[str],
    caption: Caption | None,
) -> None:
    g = b.g
    if caption is not None and caption.text:
        text, team = caption.text, caption.team
        if team in (0, 1):
            kit = b.kits[team]
            b.sprites.paste(im, ("banner", text, team), lambda: panels.banner(g, text, kit))
        else:
            b.sprites.paste(im, ("caption", text), lambda: panels.caption(g, text))
    text, team = panels.pending_text(view, names)
    if text:
        kit = b.kits[team] if team is not None else None
        b.sprites.paste(im, ("pending", text, team), lambda: panels.pending(g, text, kit))


def texts(
    view: dict[str, Any],
    *,
    names: Sequence[str] = DEFAULT_NAMES,
    width: int = DEFAULT_WIDTH,
    caption: Caption | None = None,
) -> list[Text]:
    """The texts ``render`` draws for ``view`` with the fonts and boxes it draws them in: the
    score, clock, ball value, formations, cards, caption lines, whose decision it is and the
    legend."""
    g = layout(width)
    out = [
        Text("score", f"{view['score'][0]}–{view['score'][1]}", font(g.px(TEXT_SIZES["score"])),
             (g.ui["score_west"][0], 0, g.ui["score_east"][2], g.ui["score_east"][3])),
        Text("clock", panels.clock_text(view), font(g.px(TEXT_SIZES["clock"])), g.ui["clock"]),
    ]  # fmt: skip
    if not view.get("over"):
        ball = pieces.centred(g.slot(view["ball"], "ball"), g.die, g.die)
        out.append(Text("ball value", str(view["value"]), pieces.value_font(g), ball))
    formations = view.get("formations") or [None, None]
    small, card = font(g.px(TEXT_SIZES["formation"])), font(g.px(TEXT_SIZES["cards"]))
    for team, side in enumerate(SIDES):
        shape = panels.formation_text(formations[team])
        out.append(Text("formation", shape, small, g.ui[f"formation_{side}"]))
        out.append(Text("cards", str(view["yellows"][team]), card, g.ui[f"yellow_{side}"]))
        out.append(Text("cards", str(view["reds"][team]), card, g.ui[f"red_{side}"]))
    if caption is not None and caption.text:
        f, lines, _ = panels.caption_lines(g, caption.text, caption.team in (0, 1))
        out += [Text("caption", line, f, g.ui["caption"]) for line in lines]
    text, team = panels.pending_text(view, names)
    if text:
        f, lines, _ = panels.pending_lines(g, text, team is not None)
        out += [Text("pending", line, f, g.ui["pending"]) for line in lines]
    legend = font(g.px(TEXT_SIZES["legend"]), bold=False)
    out.append(Text("legend", background.LEGEND, legend, g.ui["legend"]))
    return band_texts(out + strip.texts(view, g), view, width, bar_top(g))


def render_png(
    view: dict[str, Any],
    *,
    kits: tuple[Kit, Kit] = DEFAULT_KITS,
    names: Sequence[str] = DEFAULT_NAMES,
    width: int = DEFAULT_WIDTH,
    caption: Caption | None = None,
) -> bytes:
    """``render`` encoded as PNG bytes: what the bot posts after a turn."""
    b = board(kits, width)
    im = _drawn(b, view, names, caption)
    reference, encoder = b.p, b.encoder
    if strip.in_force(view):
        s = strip.strip_of(b, view)
        reference, encoder = s.base, s.encoder
    return b.winbar.png(im, view, reference, encoder)
