"""The header and the caption the grid boards share (Simple Soccer, Socceristic): both teams'
name badges and goals, whose turn it is after a dot of that team's colour, the match's clock at
the right of that line, and a caption on up to two lines, on a pill of a team's colour when it
is that team's goal; and those texts with their fonts and boxes for legibility checks.

A board's geometry takes ``Layout`` as a base (for the header's boxes) and gives it ``width``,
``scale`` and a ``caption`` box.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from render import colours as C
from render import header
from render.fonts import Text, fit, font, wrap
from render.kits import Kit
from render.sketch import Box, Painted, Point, Sketch

# Font sizes at 960 px. Discord shows a board about 400 px wide on a phone: at 28 px the
# capitals are 20 px tall here, 8 px on the phone.
SIZES = {"name": 30, "score": 64, "status": 28, "caption": 28}
LINE_HEIGHT = 34  # of a caption line at 960 px

Paste = Callable[[Image.Image, Any, Callable[[], Painted]], None]


class Layout:
    """Where the header's pieces sit, for a board ``width`` pixels wide at ``scale`` (its
    lengths are given for 960 px). The board adds the ``caption`` box."""

    width: int
    scale: float

    def px(self, v: float) -> int:
        """A length given for the 960 px board, at this width."""
        return max(1, round(v * self.scale))

    @property
    def caption(self) -> Box:
        raise NotImplementedError

    @property
    def header(self) -> Box:
        return (0, 0, self.width, self.px(124))

    def badge(self, team: int) -> Box:
        w, px = self.width, self.px
        return (
            (px(16), px(12), px(360), px(62))
            if team == 0
            else (w - px(360), px(12), w - px(16), px(62))
        )

    def score_box(self, team: int) -> Box:
        mid, px = self.width // 2, self.px
        return (
            (px(370), px(4), mid - px(22), px(70))
            if team == 0
            else (mid + px(22), px(4), self.width - px(370), px(70))
        )

    @property
    def dash(self) -> Point:
        return (self.width // 2, self.px(37))

    def status(self, clock_width: float) -> Box:
        """Whose turn it is: the second header line left of the clock."""
        right = self.width - self.px(16) - math.ceil(clock_width) - 2 - self.px(24)
        return (self.px(16), self.px(74), right, self.px(118))

    def clock(self, clock_width: float) -> Box:
        """The match's length and how far it has gone, right-aligned on the second header
        line, at most half the line."""
        width = min(math.ceil(clock_width) + 2, self.width // 2 - self.px(16))
        return (
            self.width - self.px(16) - width,
            self.px(74),
            self.width - self.px(16),
            self.px(118),
        )


def blank(g: Layout, height: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A board's canvas: grass around, the header's panel with the dash between the scores,
    the caption's panel to the bottom; and a drawing context on it."""
    im = Image.new("RGB", (g.width, height), C.SURROUND)
    d = ImageDraw.Draw(im)
    d.rectangle(g.header, fill=C.PANEL)
    d.line((0, g.header[3], g.width, g.header[3]), fill=C.PANEL_LINE, width=g.px(2))
    top = g.caption[1] - g.px(2)
    d.rectangle((0, top, g.width, height), fill=C.PANEL)
    d.line((0, top, g.width, top), fill=C.PANEL_LINE, width=g.px(2))
    d.text(g.dash, "–", font=font(g.px(56)), fill=C.MUTED, anchor="mm")
    return im, d


# -- words ------------------------------------------------------------------------------------


def team_name(names: Sequence[str], t: int, defaults: Sequence[str], most: int = 0) -> str:
    """Team ``t``'s name (its default when none is given), shortened to ``most`` characters
    when given."""
    name = names[t] if 0 <= t < len(names) and names[t] else defaults[t]
    return name[: most - 1].rstrip() + "…" if most and len(name) > most else name


def whose(name: str) -> str:
    """ "West's", "Otters'"."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def caption_team(caption: str, names: Sequence[str]) -> int | None:
    """The team a goal caption is about ("GOAL! West ..."): shown on that team's colour."""
    if "goal!" not in caption.lower():
        return None
    found = [(caption.find(n), t) for t, n in enumerate(names[:2]) if n and n in caption]
    return min(found)[1] if found else None


# -- painters ---------------------------------------------------------------------------------


def paint_badge(g: Layout, box: Box, k: Kit, name: str) -> Painted:
    return header.badge(box, k, name, font(g.px(SIZES["name"])), g.px)


def paint_score(g: Layout, team: int, goals: int) -> Painted:
    return header.goals(g.score_box(team), team, goals, font(g.px(SIZES["score"])))


def clock_width(g: Layout, text: str) -> float:
    return font(g.px(SIZES["status"])).getlength(text)


def paint_status(g: Layout, text: str, k: Kit | None, clock: float) -> Painted:
    """Whose turn it is, after a dot in that team's colour, left of a clock ``clock`` px wide."""
    box = g.status(clock)
    w, h = box[2] - box[0], box[3] - box[1]
    f = font(g.px(SIZES["status"]))
    dot = g.px(11)
    x = 2 * dot + g.px(10) if k is not None else 0
    line = fit(text, f, w - x)

    def paint(s: Sketch) -> None:
        if k is not None:
            s.ellipse((0, h / 2 - dot, 2 * dot, h / 2 + dot), fill=k.colour, outline=C.MUTED,
                      width=g.px(1.5))  # fmt: skip
        s.text((x, h / 2), line, f, C.TEXT, anchor="lm")

    return box, paint


def paint_clock(g: Layout, text: str) -> Painted:
    box = g.clock(clock_width(g, text))
    w, h = box[2] - box[0], box[3] - box[1]
    f = font(g.px(SIZES["status"]))
    line = fit(text, f, w)

    def paint(s: Sketch) -> None:
        s.text((w, h / 2), line, f, C.MUTED, anchor="rm")

    return box, paint


def caption_lines(g: Layout, text: str, inset: int = 0) -> list[str]:
    box = g.caption
    return wrap(text, font(g.px(SIZES["caption"])), box[2] - box[0] - 2 * inset)


def paint_caption(g: Layout, text: str, k: Kit | None) -> Painted:
    """The caption on up to two lines: on a pill in a team's colour when it is that team's
    goal."""
    box = g.caption
    f = font(g.px(SIZES["caption"]))
    h = box[3] - box[1]
    inset = g.px(14) if k is not None else 0
    lines = caption_lines(g, text, inset)
    step = g.px(LINE_HEIGHT)
    return banner(box, lines, f, step, (h - step * len(lines)) / 2, k, g.px)


def banner(
    box: Box,
    lines: Sequence[str],
    f: ImageFont.FreeTypeFont,
    step: int,
    top: float,
    k: Kit | None,
    px: Callable[[float], int],
) -> Painted:
    """``lines`` ``step`` pixels apart from ``top``: on a pill in a team's colour (inset from
    its ends) when ``k`` is that team's kit, else plain."""
    w, h = box[2] - box[0], box[3] - box[1]
    inset = px(14) if k is not None else 0

    def paint(s: Sketch) -> None:
        if k is not None:
            s.rounded((0, 0, w, h), step / 2, fill=k.colour, outline=C.MUTED, width=px(1.5))
        for i, line in enumerate(lines):
            s.text((inset, top + step * (i + 0.5)), line, f, k.ink if k else C.TEXT, anchor="lm")

    return box, paint


# -- a board's header and caption -------------------------------------------------------------


def paste_header(
    paste: Paste,
    im: Image.Image,
    g: Layout,
    names: Sequence[str],
    kits: tuple[Kit, Kit],
    score: Sequence[int],
    clock: str,
    status: tuple[str, int | None],
) -> None:
    """Both teams' badges (``names`` as shown) and goals, the clock, and whose turn it is
    (``status``: the words and that team, or None)."""
    for t in (0, 1):
        name, k = names[t], kits[t]
        badge = g.badge(t)
        paste(im, ("badge", t, name), lambda b=badge, n=name, k=k: paint_badge(g, b, k, n))
        goals = int(score[t])
        paste(im, ("score", t, goals), lambda t=t, goals=goals: paint_score(g, t, goals))
    paste(im, ("clock", clock), lambda: paint_clock(g, clock))
    cw = clock_width(g, clock)
    text, team = status
    if text:
        sk = kits[team] if team is not None else None
        paste(im, ("status", text, team, cw), lambda: paint_status(g, text, sk, cw))


def paste_caption(
    paste: Paste,
    im: Image.Image,
    g: Layout,
    caption: str | None,
    names: Sequence[str],
    kits: tuple[Kit, Kit],
) -> None:
    if caption:
        ct = caption_team(caption, names)
        ck = kits[ct] if ct is not None else None
        paste(im, ("caption", caption, ct), lambda: paint_caption(g, caption, ck))


def header_texts(g: Layout, score: Sequence[int], clock: str, status: str) -> list[Text]:
    """The header's texts as ``paste_header`` draws them: the score, the status, the clock."""
    f = font(g.px(SIZES["status"]))
    box = (g.score_box(0)[0], g.score_box(0)[1], g.score_box(1)[2], g.score_box(1)[3])
    out = [Text("score", f"{score[0]}–{score[1]}", font(g.px(SIZES["score"])), box)]
    cw = clock_width(g, clock)
    if status:
        out.append(Text("status", status, f, g.status(cw)))
    out.append(Text("clock", clock, f, g.clock(cw)))
    return out


def caption_texts(g: Layout, caption: str | None, names: Sequence[str]) -> list[Text]:
    """The caption's lines as ``paste_caption`` draws them."""
    if not caption:
        return []
    inset = g.px(14) if caption_team(caption, names) is not None else 0
    cf = font(g.px(SIZES["caption"]))
    return [Text("caption", t, cf, g.caption) for t in caption_lines(g, caption, inset)]
