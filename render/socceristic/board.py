"""The Socceristic board image: a pure function of a match view (``SOCCERISTIC.view(state,
None)``, a plain dict). The pitch is drawn from the view's own pitch data
(``view["options"]["pitch"]``, through ``engine.socceristic.pitch.pitch_of``); no engine state
objects are read.

>>> from engine.socceristic import SOCCERISTIC
>>> render_png(SOCCERISTIC.view(SOCCERISTIC.initial(), None), ("Home", "Away"))[:4]
b'\\x89PNG'

The header: both teams' names and the score; whose decision it is (short), the half and the
moves or the clock. The pitch, north at the top (``background``): every square's symbol and
border, the Lighter Green Zone, the penalty boxes, the centre line and spot, the column numbers
and ODD/EVEN lines; at each end the name of the team defending it; the ball on its square, the
square ringed in the colour of the team with the ball. Beside the pitch: the last card drawn, as
a card (its deck, its section, its words and what it gives in a few words), the cards left in
each deck and a key to the symbols. The caption under it all. When the view carries the
spectators' chances, the win-probability bar is let in under the header (``render.winbar``).

Speed, as ``render.simplesoccer.board``: the static board is painted once per (kits, width,
pitch) and quantised to one 256-colour palette; the ball, name plates, the card and the lines
of text are drawn once and kept as palette sprites (texts by line, ``render.sprites.Sprites``);
``render.png.BandEncoder`` compresses only the bands of rows that differ from the background.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageFont

from engine.socceristic.pitch import Pitch, pitch_of
from render import colours as C
from render import header
from render.fonts import Text, fit, font, wrap
from render.kits import RGB, Kit, kit
from render.palette import Quantiser, fitted
from render.png import BandEncoder
from render.scoreboard import (
    LINE_HEIGHT,
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
from render.sketch import Box, Painted, Sketch
from render.socceristic.background import paint_background
from render.socceristic.geometry import (
    CARD_FACE,
    CARD_INK,
    CARD_MUTED,
    CARD_RESULT_LINES,
    CARD_WORD_LINES,
    DEFAULT_WIDTH,
    EDGE_TEXT,
    GRASS,
    GRID,
    INK,
    LOSE,
    NET,
    NET_LINE,
    OUTCOME_BAND,
    PASS_BACK,
    REFEREE_BAND,
    TACKLE,
    TEXT_SIZES,
    WHISTLE,
    ZONE,
    Geometry,
    geometry,
)
from render.sprites import Boards, Sprites, draw_over, stacked
from render.winbar import WinBar, band_texts

DEFAULT_NAMES = ("Home", "Away")
DEFAULT_KITS: tuple[Kit, Kit] = (kit("blue"), kit("orange"))
SIDES = ("home", "away")
BOARD_LIMIT = 12
# sprites of texts that change from step to step: kept as their shapes and lines of text
TEXTS = ("badge", "status", "clock", "caption", "card", "defends", "decks")
CAUTION: dict[str, RGB] = {"yellow": C.CARD_YELLOW, "red": C.CARD_RED}
NO_BALL: RGB = C.ARROW  # the ring around the ball's square before anyone has it
SECTION = {"chance": "CHANCE AT GOAL", "penalty": "PENALTY KICK", "pass_back": "PASS BACK"}
HALF = {1: "1st half", 2: "2nd half"}
STATUS_NAME = 12  # the most characters of a name in the status line
Font = ImageFont.FreeTypeFont

# -- what the board says ----------------------------------------------------------------------


def _name(names: Sequence[str], t: int, most: int = 0) -> str:
    """Team ``t``'s name, shortened to ``most`` characters when given."""
    return team_name(names, t, DEFAULT_NAMES, most)


def _team(view: dict[str, Any], side: Any) -> int | None:
    sides = list(view.get("sides") or SIDES)
    return sides.index(side) if side in sides else None


def waiting_teams(view: dict[str, Any]) -> list[int]:
    """The teams a decision is waiting for, in order."""
    found = {_team(view, p.get("actor")) for p in view.get("pending") or []}
    return sorted(t for t in found if t is not None)


# what a team is asked to do, by the step's kind: short, in a player's words
TASKS = {
    "end": "to choose an end",
    "kickoff": "to roll for the kick-off",
    "advance": "to roll: follow the arrow",
    "free_roll": "to roll: a free move",
    "direction": "to pick a direction",
    "injury": "to roll: is a player hurt?",
    "shirt": "to roll for a shirt number",
    "throw_in": "to roll for the throw-in",
    "goal_kick": "to roll for the goal kick",
    "corner_side": "to pick the corner's side",
    "corner": "to roll for the corner",
}


SHIRT = {
    "scorer": "to roll: who scored?",
    "injury": "to roll: who is hurt?",
    "caution": "to roll: who is booked?",
}


def status_text(view: dict[str, Any], names: Sequence[str]) -> tuple[str, int | None]:
    """Whose decision it is, in a few words, and that team (None for both or nobody)."""
    score = view.get("score") or [0, 0]
    if view.get("over"):
        w = view.get("winner")
        if w not in (0, 1):
            return f"Full time: a draw, {score[0]}–{score[1]}", None
        return f"Full time: {_name(names, w, STATUS_NAME)} wins {score[w]}–{score[1 - w]}", w
    step = view.get("step") or {}
    k = step.get("k", "")
    teams = waiting_teams(view)
    if k == "toss" or (len(teams) == 2 and k != "tackle"):
        return "Both roll: the higher die kicks off", None
    if k == "tackle":
        bounce = step.get("bounce") or "bounce" in _prompt(view)
        return ("Bounce-up: both roll" if bounce else "Tackle: both roll"), None
    if not teams:
        return "", None
    t = teams[0]
    who = _name(names, t, STATUS_NAME)
    if k == "draw":
        deck = step.get("deck") or ("referee" if "referee" in _prompt(view) else "outcome")
        card = "Referee's card" if deck == "referee" else "Outcome card"
        return f"{who} to draw: {card}", t
    if k == "advance" and step.get("chance"):
        return f"{who} to roll: 1-2 is a chance!", t
    if k == "shirt" and step.get("purpose") in SHIRT:
        return f"{who} {SHIRT[step['purpose']]}", t
    if k == "direction" and step.get("n"):
        n = int(step["n"])
        return f"{who} to aim: {n} square{'s' if n != 1 else ''}", t
    task = TASKS.get(k)
    if task is None:
        prompt = (view.get("pending") or [{}])[0].get("prompt", "")
        return f"{who}: {prompt}" if prompt else who, t
    return f"{who} {task}", t


def _prompt(view: dict[str, Any]) -> str:
    return " ".join(str(p.get("prompt", "")) for p in view.get("pending") or []).lower()


def clock_text(view: dict[str, Any]) -> str:
    """The half and how far it has gone: "1st half · move 12 of 30", "2nd half · 17:40 of
    20:00 +5"; "Before kick-off" before the first half, "Full time" at the end."""
    if view.get("over"):
        return "Full time"
    half = int(view.get("half") or 0)
    if half not in HALF:
        return "Before kick-off"
    length = (view.get("options") or {}).get("length") or {}
    if "minutes" in length:
        done = int(view.get("clock") or 0)
        added = int(length.get("added") or 0)
        extra = f" +{added}" if added else ""
        return f"{HALF[half]} · {done // 60}:{done % 60:02d} of {int(length['minutes'])}:00{extra}"
    moves = int(view.get("moves") or 0)
    return f"{HALF[half]} · move {moves} of {int(length.get('moves', 30))}"


@dataclass(frozen=True, slots=True)
class CardFace:
    """What the last card drawn shows: its deck, its section, its words, what it gives (each
    line with a caution's colour or ""), and who drew it."""

    deck: str  # "outcome" | "referee"
    title: str
    section: str
    words: str
    result: tuple[tuple[str, str], ...]
    by: str
    team: int


def card_face(view: dict[str, Any], names: Sequence[str]) -> CardFace | None:
    """The last card drawn, in a spectator's words (None before any card)."""
    card = view.get("last_card_full")
    if not card:
        return None
    t = int(card.get("team", 0))
    t = t if t in (0, 1) else 0
    result = card.get("result") or {}
    words = str(card.get("text") or result.get("text") or "")
    by = f"Drawn by {_name(names, t)}"
    if card.get("deck") == "referee":
        to = int(result.get("to", t))
        to = to if to in (0, 1) else t
        back = int(result.get("back") or 0)
        where = f", {back} square{'s' if back != 1 else ''} back" if back else ""
        lines: list[tuple[str, str]] = [(f"Free kick to {_name(names, to)}{where}", "")]
        caution = str(result.get("caution") or "")
        if caution in CAUTION:
            lines.append((f"{caution.capitalize()} card: {_name(names, 1 - to)}", caution))
        return CardFace("referee", "Referee's decision", "OFFENCE", words, tuple(lines), by, t)
    section = str(card.get("section") or "chance")
    # the team attacking the goal the card is about: the drawer, or for a pass back the other
    attack = 1 - t if section == "pass_back" else t
    return CardFace(
        "outcome",
        "Outcome",
        SECTION.get(section, section.upper()),
        words,
        ((outcome_words(result, attack, names), ""),),
        by,
        t,
    )


def outcome_words(result: dict[str, Any], attack: int, names: Sequence[str]) -> str:
    """What an Outcome card gives, in a few words; ``attack`` is the team attacking that goal."""
    a, d = _name(names, attack), _name(names, 1 - attack)
    kind = result.get("kind", "")
    if kind == "play":
        holder = a if result.get("to") == "attack" else d
        where = f"{result.get('line', '')} {result.get('number', '')}"
        return f"Play on: {whose(holder)} ball at {where}"
    return {
        "goal": f"GOAL for {a}!",
        "own_goal": f"Own goal! A goal for {a}",
        "corner": f"Corner to {a}",
        "goal_kick": f"Goal kick to {d}",
        "penalty": f"Penalty to {a}!",
    }.get(kind, kind.replace("_", " "))


def deck_text(view: dict[str, Any], deck: str) -> str:
    d = (view.get("decks") or {}).get(deck) or {}
    name = "Outcome" if deck == "outcome" else "Referee's"
    if "left" not in d:
        return ""
    return f"{name}: {d['left']} of {d.get('size', d['left'])} left"


# -- painters: each returns (box, paint) ------------------------------------------------------


def _local(box: Box) -> tuple[int, int]:
    return box[2] - box[0], box[3] - box[1]


def paint_ball(g: Geometry, sq: tuple[int, int], ring: RGB) -> Painted:
    """The ball's square ringed in the colour of the team with the ball, the ball on its
    north-west corner (clear of the square's symbol)."""
    x0, y0, x1, y1 = g.square(sq)
    c = x1 - x0
    r = c * 0.3
    m = round(r) + 1
    box = (x0 - m, y0 - m, x1 + 1, y1 + 1)

    def paint(s: Sketch) -> None:
        w = max(2.0, c * 0.15)
        s.rounded((m, m, m + c, m + c), 0, fill=None, outline=ring, width=w)
        s.rounded((m - 1, m - 1, m + c + 1, m + c + 1), 0, fill=None, outline=C.OUTLINE,
                  width=max(1.0, c * 0.03))  # fmt: skip
        cx = cy = m + c * 0.06
        s.ellipse((cx - r, cy - r, cx + r, cy + r), fill=C.DIE, outline=C.OUTLINE,
                  width=max(1.0, r * 0.18))  # fmt: skip
        p = r * 0.4
        s.ellipse((cx - p, cy - p, cx + p, cy + p), fill=C.OUTLINE)

    return box, paint


def paint_defender(g: Geometry, end: str, k: Kit, name: str) -> Painted:
    """The team defending ``end``, on a plate of its colour beside that goal."""
    return header.badge(g.defender(end), k, name, font(g.px(TEXT_SIZES["defends"])), g.px)


def paint_deck(g: Geometry, i: int, text: str) -> Painted:
    box = g.deck_line(i)
    w, h = _local(box)
    f = font(g.px(TEXT_SIZES["decks"]), bold=False)
    line = fit(text, f, w)

    def paint(s: Sketch) -> None:
        s.text((0, h / 2), line, f, C.MUTED, anchor="lm")

    return box, paint


@dataclass(frozen=True, slots=True)
class CardLayout:
    """Where a card's texts go (local to the card's box): each (text, font, y centre,
    caution colour or "")."""

    band: tuple[str, Font, float]
    section: tuple[str, Font, float]
    lines: tuple[tuple[str, Font, float, str], ...]
    by: tuple[str, Font, float]
    height: int  # the card's: as tall as what it says, at most ``Geometry.card``'s


def card_layout(g: Geometry, face: CardFace) -> CardLayout:
    w, h = _local(g.card)
    inset = g.card_inset
    size = g.px(TEXT_SIZES["card"])
    bold, plain = font(size), font(size, bold=False)
    small = font(g.px(TEXT_SIZES["title"]))
    step = g.px(LINE_HEIGHT)
    y = g.card_band + g.px(24)
    section = (face.section, small, y)
    y += g.px(16)
    lines: list[tuple[str, Font, float, str]] = []
    quoted = f"“{face.words}”" if face.words else ""
    for text in wrap(quoted, plain, w - 2 * inset, CARD_WORD_LINES) if quoted else []:
        y += step
        lines.append((text, plain, y - step / 2, ""))
    y += g.px(10)
    icon = g.px(30)
    for text, caution in face.result:
        room = w - 2 * inset - (icon if caution else 0)
        for part in wrap(text, bold, room, CARD_RESULT_LINES):
            y += step
            lines.append((part, bold, y - step / 2, caution))
            caution = ""  # the card's pictogram beside the first line only
    y += g.px(40)
    by = (face.by, font(g.px(TEXT_SIZES["decks"]), bold=False), y - g.px(18))
    height = min(h, round(y))
    return CardLayout((face.title, bold, g.card_band / 2), section, tuple(lines), by, height)


def paint_card(g: Geometry, face: CardFace, k: Kit) -> Painted:
    """The last card: a light card with a band of its deck's colour and name, its section,
    its words in quotes, what it gives in bold (a caution with a yellow or red card), and who
    drew it beside a dot of that team's colour."""
    lay = card_layout(g, face)
    x0, y0, x1, _ = g.card
    box = (x0, y0, x1, y0 + lay.height)
    w, h = _local(box)
    inset = g.card_inset
    band = OUTCOME_BAND if face.deck == "outcome" else REFEREE_BAND
    radius = g.px(12)

    def paint(s: Sketch) -> None:
        s.rounded((0, 0, w, h), radius, fill=CARD_FACE, outline=C.MUTED, width=g.px(1.5))
        s.rounded((0, 0, w, g.card_band + radius), radius, fill=band)
        s.rounded((0, g.card_band, w, g.card_band + radius + 1), 0, fill=CARD_FACE)
        text, f, y = lay.band
        s.text((inset, y), fit(text, f, w - 2 * inset), f, C.TEXT, anchor="lm")
        text, f, y = lay.section
        s.text((inset, y), fit(text, f, w - 2 * inset), f, CARD_MUTED, anchor="lm")
        for text, f, y, caution in lay.lines:
            x = inset
            if caution:
                cw, ch = g.px(17), g.px(24)
                s.rounded((x, y - ch / 2, x + cw, y + ch / 2), g.px(2), fill=CAUTION[caution],
                          outline=C.OUTLINE, width=g.px(1))  # fmt: skip
                x += g.px(30)
            s.text((x, y), text, f, CARD_INK, anchor="lm")
        text, f, y = lay.by
        dot = g.px(8)
        s.ellipse((inset, y - dot, inset + 2 * dot, y + dot), fill=k.colour, outline=CARD_MUTED,
                  width=g.px(1))  # fmt: skip
        s.text((inset + 2 * dot + g.px(8), y), text, f, CARD_MUTED, anchor="lm")

    return box, paint


def paint_no_card(g: Geometry) -> Painted:
    x0, y0, x1, _ = g.card
    box = (x0, y0, x1, y0 + g.px(60))
    w, h = _local(box)
    f = font(g.px(TEXT_SIZES["decks"]), bold=False)

    def paint(s: Sketch) -> None:
        s.rounded((0, 0, w, h), g.px(12), fill=None, outline=C.PANEL_LINE, width=g.px(2))
        s.text((g.card_inset, g.px(30)), "No card drawn yet", f, C.MUTED, anchor="lm")

    return box, paint


# -- the board: background, palette, sprites, encoder -----------------------------------------

_pitches: dict[str, Pitch] = {}
_pitches_lock = threading.Lock()


class Board:
    """The background, palette, sprites and PNG encoder for one pair of kits, one width and
    one pitch (by its ``pitch_key``)."""

    def __init__(self, kits: tuple[Kit, Kit], width: int, pitch_key: str) -> None:
        self.kits = kits
        pitch = _pitches[pitch_key]
        self.g = geometry(width, pitch.width, pitch.height)
        self.rgb = _background(width, pitch_key)
        exact = [c for k in kits for c in (k.colour, k.ink)] + _fixed_colours()
        self.palette = fitted(exact, self._sample_sheet())
        self.quantise = Quantiser(self.palette, exact)
        self.sprites = Sprites(self.rgb, self.quantise, by_line=TEXTS)
        self.p = self.quantise(self.rgb)
        self.encoder = BandEncoder(self.p, band_rows=16)
        # the win-probability band, let in under the header when a view carries chances
        self.winbar = WinBar(width, kits, self.quantise, self.quantise.index, self.g.header[3])

    def paste(self, im: Image.Image, key: Any, make: Callable[[], Painted]) -> None:
        self.sprites.paste(im, key, make)

    def _sample_sheet(self) -> Image.Image:
        """What will be drawn, for fitting the palette: the ball with each ring, both kits'
        plates, both decks' cards with a caution, the texts."""
        g, rgb = self.g, self.rgb
        parts: list[Image.Image] = [rgb]
        rings = [k.colour for k in self.kits] + [NO_BALL]
        for i, ring in enumerate(rings):
            parts.append(draw_over(rgb, paint_ball(g, (i + 1, g.rows // 2 + i), ring))[0])
        for t, k in enumerate(self.kits):
            parts.append(draw_over(rgb, paint_badge(g, g.badge(t), k, "Name"))[0])
            parts.append(draw_over(rgb, paint_defender(g, ("north", "south")[t], k, "Name"))[0])
            parts.append(draw_over(rgb, paint_status(g, "Name to roll", k, 200))[0])
            parts.append(draw_over(rgb, paint_caption(g, "GOAL! Name 1-0", k))[0])
            referee = CardFace("referee", "Referee's decision", "OFFENCE", "Shirt pulled",
                               (("Free kick to Name", ""), ("Yellow card: Name", "yellow"),
                                ("Red card", "red")), "Drawn by Name", t)  # fmt: skip
            outcome = CardFace("outcome", "Outcome", "CHANCE AT GOAL", "Over the bar",
                               (("Goal kick to Name", ""),), "Drawn by Name", t)  # fmt: skip
            for face in (referee, outcome):
                parts.append(draw_over(rgb, paint_card(g, face, k))[0])
        parts.append(draw_over(rgb, paint_caption(g, "Name rolls 4", None))[0])
        parts.append(draw_over(rgb, paint_clock(g, "1st half · move 12 of 30"))[0])
        parts.append(draw_over(rgb, paint_deck(g, 0, "Outcome: 9 of 12 left"))[0])
        parts.append(draw_over(rgb, paint_no_card(g))[0])
        return stacked(parts)


def _fixed_colours() -> list[RGB]:
    named = [getattr(C, n) for n in dir(C) if n.isupper() and n != "AREA"]
    own = [*GRASS, *ZONE, GRID, INK, LOSE, TACKLE, WHISTLE, PASS_BACK, NET, NET_LINE, EDGE_TEXT,
           CARD_FACE, CARD_INK, CARD_MUTED, OUTCOME_BAND, REFEREE_BAND]  # fmt: skip
    return [c for c in named if isinstance(c, tuple)] + own


@lru_cache(maxsize=8)
def _background(width: int, pitch_key: str) -> Image.Image:
    pitch = _pitches[pitch_key]
    return paint_background(geometry(width, pitch.width, pitch.height), pitch)


_boards: Boards[Board] = Boards(Board, BOARD_LIMIT)


def board(
    kits: tuple[Kit, Kit] = DEFAULT_KITS,
    width: int = DEFAULT_WIDTH,
    options: dict[str, Any] | None = None,
) -> Board:
    """The cached ``Board`` for the pitch of a view's ``options`` (made on first use: a few
    hundred milliseconds)."""
    if options is None:
        raise ValueError("a board needs the view's options (the pitch and its pitch_key)")
    key = options["pitch_key"]
    if key not in _pitches:
        pitch = pitch_of(options)
        with _pitches_lock:
            if len(_pitches) >= 4 * BOARD_LIMIT:
                _pitches.pop(next(iter(_pitches)))
            _pitches[key] = pitch
    return _boards.get(kits, width, key)


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
    b = board(kits, width, view["options"])
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

    # the ends' defenders
    for t, end in enumerate(view.get("ends") or ["", ""]):
        if end in ("north", "south"):
            name, k = _name(names, t), kits[t]
            paste(im, ("defends", end, t, name),
                  lambda end=end, k=k, name=name: paint_defender(g, end, k, name))  # fmt: skip

    # the ball
    ball = view.get("ball")
    if ball is not None:
        sq = (int(ball[0]), int(ball[1]))
        holder = view.get("possession", -1)
        ring = kits[holder].colour if holder in (0, 1) else NO_BALL
        paste(im, ("ball", sq, ring), lambda: paint_ball(g, sq, ring))

    # the panel
    face = card_face(view, names)
    if face is None:
        paste(im, ("no card",), lambda: paint_no_card(g))
    else:
        k = kits[face.team]
        paste(im, ("card", face, k), lambda: paint_card(g, face, k))
    for i, deck in enumerate(("outcome", "referee")):
        text = deck_text(view, deck)
        if text:
            paste(im, ("decks", i, text), lambda i=i, text=text: paint_deck(g, i, text))

    paste_caption(paste, im, g, caption, names, kits)
    return im


def texts(
    view: dict[str, Any],
    names: Sequence[str] = DEFAULT_NAMES,
    caption: str | None = "",
    width: int = DEFAULT_WIDTH,
) -> list[Text]:
    """The texts ``render`` draws for ``view`` with their fonts and boxes: the score, the
    status, the clock, the last card's (its deck, words and result) and the caption's lines
    (for legibility checks)."""
    pitch = pitch_of(view["options"])
    g = geometry(width, pitch.width, pitch.height)
    status, _ = status_text(view, names)
    out = header_texts(g, view.get("score") or [0, 0], clock_text(view), status)
    f = font(g.px(TEXT_SIZES["defends"]))
    for t, end in enumerate(view.get("ends") or ["", ""]):
        if end in ("north", "south"):
            out.append(Text("defends", _name(names, t), f, g.defender(end)))
    face = card_face(view, names)
    if face is not None:
        lay = card_layout(g, face)
        out.append(Text("card deck", lay.band[0], lay.band[1], g.card))
        out += [Text("card", text, tf, g.card) for text, tf, _, _ in lay.lines]
    return band_texts(out + caption_texts(g, caption, names), view, width, g.header[3])


def render_png(
    view: dict[str, Any],
    names: Sequence[str] = DEFAULT_NAMES,
    caption: str | None = "",
    width: int = DEFAULT_WIDTH,
    *,
    kits: tuple[Kit, Kit] = DEFAULT_KITS,
) -> bytes:
    """``render`` encoded as PNG bytes: what the bot posts after a step."""
    b = board(kits, width, view["options"])
    return b.winbar.png(_drawn(b, view, names, caption), view, b.p, b.encoder)
