"""The Sports Dice Soccer board image: a pure function of a match view
(``DICESOCCER.view(state, None)``, a plain dict; nothing here imports the engine).

>>> from engine.dicesoccer import DICESOCCER
>>> render_png(DICESOCCER.view(DICESOCCER.initial(), None))[:4]
b'\\x89PNG'

From top to bottom: the two teams (name badges, the big score, the Power Chip beside its holder,
an ATTACK tag on the team on offense), the field (its ``2 * sections`` sections numbered from
White's goal on the left, both goals, the ball in its section and an arrow in the offense's
colour towards the goal it attacks), both teams' dice as rolled, drawn as pictograms (ball,
boot, goal with penalty spot, red card), dice not rolled yet as outlines, dice a team does not
roll (red-card penalty, a free kick's defense) greyed and crossed, the "rolls 1 die fewer"
penalty, then the last play, the caption and whose decision it is. When the view carries the
spectators' chances, the win-probability bar is let in under the header (``render.winbar``).

Made to be read on a phone: shrunk to Discord's ~400 px preview, the score, the target, the caption
and whose decision it is keep capitals at least 8 px tall (``texts`` lists them with their fonts;
the sizes are ``geometry.TEXT_SIZES``), and the dice are 40 px.

Speed, as ``render.fuba.board``: the static board is painted once per (kits, width, sections)
and quantised to one 256-colour palette; every die, badge, arrow and line of text is drawn once
(anti-aliased over what lies beneath it) and kept as a palette sprite; a render is a copy of the
background plus masked pastes, and ``render.png.BandEncoder`` compresses only the bands of rows
that differ from the background. Caches are bounded and guarded by locks (thread-pool safe).

The parts: ``geometry`` (sizes, colours, where everything sits), ``view`` (what the board reads
from the view), ``painters``, ``background`` (the static board), and ``replay`` (animated GIFs).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

from PIL import Image

from render import colours as C
from render.dicesoccer.background import paint_background
from render.dicesoccer.geometry import (
    BLANK,
    CROSSED,
    DEFAULT_WIDTH,
    DICE,
    GOLD,
    GOLD_DARK,
    GREEN_DARK,
    GREEN_LIGHT,
    NET,
    NET_LINE,
    NONE,
    OUT,
    PENALTY_TEXT,
    ROLLED,
    SIDES,
    SYMBOLS,
    TEXT_SIZES,
    geometry,
)
from render.dicesoccer.painters import (
    paint_attack_arrow,
    paint_attack_tag,
    paint_badge,
    paint_ball,
    paint_banner,
    paint_centred,
    paint_chip,
    paint_die,
    paint_line,
    paint_penalty,
    paint_pending,
    paint_score,
    paint_target,
    text_font,
    wrapped,
)
from render.dicesoccer.view import (
    ball_section,
    dice_rows,
    last_text,
    pending_text,
    sections_of,
    team_of,
)
from render.fonts import Text, font
from render.kits import RGB, Kit, kit
from render.palette import Quantiser, fitted
from render.png import BandEncoder
from render.sketch import Painted, Sprite
from render.sprites import Boards, Sprites, draw_over, stacked
from render.winbar import WinBar, band_texts

DEFAULT_NAMES = ("White", "Black")
DEFAULT_KITS: tuple[Kit, Kit] = (kit("white"), kit("black"))
BOARD_LIMIT = 12
# sprites of texts that change from step to step (name plates, the last roll, captions,
# prompts): kept as their shapes and lines of text, not whole (``render.sprites.Sprites``)
TEXTS = ("badge", "rowbadge", "last", "caption", "pending")
# -- the board: background, palette, sprites, encoder -----------------------------------------


class Board:
    """The background, palette, sprites and PNG encoder for one pair of kits, one width and one
    number of sections per half."""

    def __init__(self, kits: tuple[Kit, Kit], width: int, sections: int) -> None:
        self.kits = kits
        self.g = g = geometry(width, sections)
        self.rgb = _background(width, sections)
        exact = [c for k in kits for c in (k.colour, k.ink)] + _fixed_colours()
        palette = fitted(exact, self._sample_sheet())
        self.quantise = Quantiser(palette, exact)
        self.palette = palette
        self.sprites = Sprites(self.rgb, self.quantise, by_line=TEXTS)
        self.p = self.quantise(self.rgb)
        self.encoder = BandEncoder(self.p, band_rows=16)
        self.sample = g
        # the win-probability band, let in under the header when a view carries chances
        self.winbar = WinBar(width, kits, self.quantise, self.quantise.index, g.header[3])

    def sprite(self, key: Any, make: Callable[[], Painted]) -> Sprite:
        """The sprite for ``key``, drawn by ``make()`` the first time it is asked for."""
        return self.sprites.get(key, make)

    def paste(self, im: Image.Image, key: Any, make: Callable[[], Painted]) -> None:
        self.sprites.paste(im, key, make)

    def _sample_sheet(self) -> Image.Image:
        """What will be drawn, for fitting the palette: every die of both kits, the ball, the
        arrows, badges, the chip and some text."""
        g = self.g
        parts: list[Image.Image] = [self.rgb]
        for t, k in enumerate(self.kits):
            for i, sym in enumerate((*SYMBOLS, 5)):
                box = g.die(t, i % DICE)
                parts.append(draw_over(self.rgb, paint_die(g, box, k, sym, ROLLED, i % 2 == 0))[0])
            parts.append(draw_over(self.rgb, paint_die(g, g.die(t, 5), k, None, OUT, False))[0])
            parts.append(draw_over(self.rgb, paint_die(g, g.die(t, 4), k, None, BLANK, False))[0])
            parts.append(draw_over(self.rgb, paint_badge(g, g.badge(t), k, "Name", 30))[0])
            parts.append(draw_over(self.rgb, paint_attack_tag(g, t, k))[0])
            parts.append(draw_over(self.rgb, paint_attack_arrow(g, 1 + g.sections * t, t, k))[0])
            parts.append(draw_over(self.rgb, paint_banner(g, g.caption, "GOAL! 1-0", k))[0])
            parts.append(draw_over(self.rgb, paint_chip(g, t))[0])
            parts.append(draw_over(self.rgb, paint_penalty(g, t, 1, False))[0])
            parts.append(draw_over(self.rgb, paint_score(g, t, 2))[0])
        parts.append(draw_over(self.rgb, paint_ball(g, g.ball_centre(1)))[0])
        parts.append(
            draw_over(self.rgb, paint_line(g.last, "Last roll: 4 balls v 3 kicks", g.px(24)))[0]
        )
        return stacked(parts)


def _fixed_colours() -> list[RGB]:
    named = [getattr(C, n) for n in dir(C) if n.isupper() and n != "AREA"]
    own = [GREEN_LIGHT, GREEN_DARK, NET, NET_LINE, GOLD, GOLD_DARK, CROSSED, PENALTY_TEXT]
    return [c for c in named if isinstance(c, tuple)] + own


@lru_cache(maxsize=8)
def _background(width: int, sections: int) -> Image.Image:
    return paint_background(geometry(width, sections))


_boards: Boards[Board] = Boards(Board, BOARD_LIMIT)


def board(
    kits: tuple[Kit, Kit] = DEFAULT_KITS, width: int = DEFAULT_WIDTH, sections: int = 3
) -> Board:
    """The cached ``Board`` (made on first use: a few hundred milliseconds)."""
    return _boards.get(kits, width, sections)


# -- the render -------------------------------------------------------------------------------


def render(
    view: dict[str, Any],
    names: Sequence[str] = DEFAULT_NAMES,
    caption: str | None = None,
    width: int = DEFAULT_WIDTH,
    *,
    kits: tuple[Kit, Kit] = DEFAULT_KITS,
) -> Image.Image:
    """The board for ``view`` as a palette ("P") image ``width`` pixels wide."""
    b = board(kits, width, sections_of(view))
    return b.winbar.on(_drawn(b, view, names, caption), view)


def _drawn(
    b: Board, view: dict[str, Any], names: Sequence[str], caption: str | None
) -> Image.Image:
    """The board without the win-probability band."""
    g, kits = b.g, b.kits
    im = b.p.copy()
    paste = b.paste
    offense = team_of(view, view.get("offense"))
    chip = team_of(view, view.get("chip_holder"))
    score = view.get("score") or [0, 0]
    fewer = [int((view.get("dice_fewer") or {}).get(s, 0)) for s in SIDES]
    roll = view.get("roll") or {}
    free_kick_defense = (
        1 - offense
        if offense is not None and roll.get("for") == "free_kick" and not view.get("over")
        else None
    )

    # header
    for t in (0, 1):
        name, k = names[t], kits[t]
        paste(
            im,
            ("badge", t, name),
            lambda t=t, name=name, k=k: paint_badge(g, g.badge(t), k, name, 30),
        )
        goals = int(score[t])
        paste(im, ("score", t, goals), lambda t=t, goals=goals: paint_score(g, t, goals))
        if chip == t:
            paste(im, ("chip", t), lambda t=t: paint_chip(g, t))
        if offense == t and not view.get("over"):
            paste(im, ("attack", t), lambda t=t, k=k: paint_attack_tag(g, t, k))

    target = _target_text(view)
    if target:
        paste(im, ("target", target), lambda: paint_target(g, target))
    rules = _rules_text(view, g.sections)
    paste(im, ("rules", rules), lambda: paint_centred(g.rules, rules, g.px(TEXT_SIZES["rules"]),
                                                      C.MUTED))  # fmt: skip

    # field
    section = ball_section(view)
    if offense is not None and section and not view.get("over"):
        k = kits[offense]
        paste(im, ("arrow", section, offense), lambda: paint_attack_arrow(g, section, offense, k))
    paste(im, ("ball", section), lambda: paint_ball(g, g.ball_centre(section)))

    # dice
    title, rows, counts = dice_rows(view)
    paste(im, ("title", title), lambda: paint_line(g.title, title, g.px(21), C.MUTED))
    for t in (0, 1):
        k, name = kits[t], names[t]
        paste(
            im,
            ("rowbadge", t, name),
            lambda t=t, k=k, name=name: paint_badge(g, g.row_badge(t), k, name, 24),
        )
        if counts[t]:
            text = counts[t]
            paste(
                im,
                ("count", t, text),
                lambda t=t, text=text: paint_line(g.row_count(t), text, g.px(22)),
            )
        fk = free_kick_defense == t
        if fewer[t] or fk:
            f = fewer[t]
            paste(im, ("penalty", t, f, fk), lambda t=t, f=f, fk=fk: paint_penalty(g, t, f, fk))
        for i, (sym, state, counted) in enumerate(rows[t]):
            if state == NONE:
                continue
            paste(
                im,
                ("die", t, i, sym, state, counted),
                lambda t=t, i=i, sym=sym, state=state, counted=counted, k=k: paint_die(
                    g, g.die(t, i), k, sym, state, counted
                ),
            )

    # footer
    line = last_text(view, names)
    if line:
        paste(im, ("last", line), lambda: paint_line(g.last, line, g.px(TEXT_SIZES["last"])))
    if caption:
        team = _caption_team(caption, names)
        ck = kits[team] if team is not None else None
        paste(im, ("caption", caption, team), lambda: paint_banner(g, g.caption, caption, ck))
    waiting = pending_text(view, names)
    if waiting:
        paste(im, ("pending", waiting), lambda: paint_pending(g, waiting))
    return im


def _target_text(view: dict[str, Any]) -> str:
    target = (view.get("options") or {}).get("target_score")
    return f"first to {target} goal{'s' if target != 1 else ''}" if target else ""


def _rules_text(view: dict[str, Any], sections: int) -> str:
    """The rules in force besides the target: the sections, and the advanced rule only when
    it is played."""
    text = f"{sections} sections a half"
    if (view.get("options") or {}).get("advanced"):
        text += " · advanced rule: the Power Chip holder may re-roll"
    return text


def texts(
    view: dict[str, Any],
    names: Sequence[str] = DEFAULT_NAMES,
    caption: str | None = None,
    width: int = DEFAULT_WIDTH,
) -> list[Text]:
    """The texts ``render`` draws for ``view`` with the fonts and boxes it draws them in: the
    score, the target, the rules strip, the last play, the caption and pending lines."""
    g = geometry(width, sections_of(view))
    score = view.get("score") or [0, 0]
    out = [
        Text("score", f"{score[0]}–{score[1]}", text_font(g, "score"),
             (g.score_box(0)[0], g.score_box(0)[1], g.score_box(1)[2], g.score_box(1)[3])),
    ]  # fmt: skip
    target = _target_text(view)
    if target:
        out.append(Text("target", target, text_font(g, "target"), g.rule))
    rules = _rules_text(view, g.sections)
    out.append(Text("rules", rules, font(g.px(TEXT_SIZES["rules"]), bold=False), g.rules))
    line = last_text(view, names)
    if line:
        out.append(Text("last", line, text_font(g, "last"), g.last))
    if caption:
        inset = g.px(14) if _caption_team(caption, names) is not None else 0
        lines = wrapped(g, g.caption, caption, "caption", inset)
        out += [Text("caption", t, text_font(g, "caption"), g.caption) for t in lines]
    waiting = pending_text(view, names)
    if waiting:
        lines = wrapped(g, g.pending, waiting, "pending")
        out += [Text("pending", t, text_font(g, "pending"), g.pending) for t in lines]
    return band_texts(out, view, width, g.header[3])


def _caption_team(caption: str, names: Sequence[str]) -> int | None:
    """The team a goal caption is about ("GOAL! White ..."): shown on that team's colour."""
    if "goal" not in caption.lower():
        return None
    found = [(caption.find(n), t) for t, n in enumerate(names[:2]) if n and n in caption]
    return min(found)[1] if found else None


def render_png(
    view: dict[str, Any],
    names: Sequence[str] = DEFAULT_NAMES,
    caption: str | None = None,
    width: int = DEFAULT_WIDTH,
    *,
    kits: tuple[Kit, Kit] = DEFAULT_KITS,
) -> bytes:
    """``render`` encoded as PNG bytes: what the bot posts after a roll."""
    b = board(kits, width, sections_of(view))
    return b.winbar.png(_drawn(b, view, names, caption), view, b.p, b.encoder)
