"""Anti-aliased drawing of small pieces ("sprites") that are drawn once and then pasted.

A ``Sketch`` collects shapes and text in coordinates local to its box. ``Sketch.plate(rgb)``
draws the shapes (supersampled, then scaled down) over the pixels they will cover, so the edges
blend with what is really underneath; ``Sketch.ink`` draws the texts over that plate with
FreeType at full size, copying only the part of the box the letters touch. ``Sketch.over`` does
both. The board quantises the result to its palette once and keeps it as a ``Sprite``: pasting a
sprite is a plain copy through a mask. Shapes are recorded, not drawn at once, so a board can
keep a plate and draw the next text over the same shapes without drawing them again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from PIL import Image, ImageDraw, ImageFont

from render import fonts
from render.kits import RGB
from render.palette import anywhere

SS = 4  # supersampling factor for shapes
Point = tuple[int, int]
Box = tuple[int, int, int, int]
RGBA = tuple[int, int, int, int]
Colour = RGB | RGBA


class Sprite(NamedTuple):
    image: Image.Image  # "P", in the board's palette
    mask: Image.Image  # "1": where the sprite covers the board
    at: tuple[int, int]  # top-left corner on the board


class Sketch:
    """Shapes and texts in coordinates local to a box of ``size``. Shapes are recorded (as
    ``shapes``, hashable: the key of a ``plate`` that serves any texts drawn over it) and drawn
    supersampled by ``plate``; texts are drawn by FreeType at full size over the plate by
    ``ink``."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.size = (max(1, size[0]), max(1, size[1]))
        self._shapes: list[tuple[Any, ...]] = []
        self._texts: list[tuple[Any, ...]] = []

    @property
    def shapes(self) -> tuple[tuple[Any, ...], ...]:
        """What ``plate`` draws, as a hashable value: equal shapes make equal plates."""
        return tuple(self._shapes)

    @property
    def has_text(self) -> bool:
        return bool(self._texts)

    @property
    def has_stroke(self) -> bool:
        """Whether a text is outlined (drawn whole by Pillow, not from kept words)."""
        return any(stroke for *_, stroke, _ in self._texts)

    @property
    def texts(self) -> tuple[tuple[Any, ...], ...]:
        """Each text as (xy, text, font, fill, anchor, stroke, stroke_fill), hashable."""
        return tuple(self._texts)

    @staticmethod
    def _box(box: Sequence[float]) -> tuple[float, ...]:
        return tuple(v * SS for v in box)

    def _shape(self, method: str, *args: Any, **kw: Any) -> None:
        self._shapes.append((method, args, tuple(sorted(kw.items()))))

    def ellipse(
        self, box: Sequence[float], fill: Colour, outline: Colour | None = None, width: float = 0
    ) -> None:
        self._shape("ellipse", self._box(box), fill=fill, outline=outline, width=round(width * SS))

    def rounded(
        self,
        box: Sequence[float],
        radius: float,
        fill: Colour | None,
        outline: Colour | None = None,
        width: float = 0,
    ) -> None:
        self._shape(
            "rounded_rectangle",
            self._box(box),
            radius=radius * SS,
            fill=fill,
            outline=outline,
            width=round(width * SS),
        )

    def polygon(self, points: Sequence[tuple[float, float]], fill: Colour) -> None:
        self._shape("polygon", tuple((x * SS, y * SS) for x, y in points), fill=fill)

    def line(self, points: Sequence[tuple[float, float]], fill: Colour, width: float) -> None:
        self._shape(
            "line", tuple((x * SS, y * SS) for x, y in points), fill=fill, width=round(width * SS)
        )

    def arc(
        self, box: Sequence[float], start: float, end: float, fill: Colour, width: float
    ) -> None:
        self._shape("arc", self._box(box), start, end, fill=fill, width=round(width * SS))

    def text(
        self,
        xy: tuple[float, float],
        text: str,
        font: ImageFont.FreeTypeFont,
        fill: Colour,
        anchor: str = "mm",
        stroke: int = 0,
        stroke_fill: Colour | None = None,
    ) -> None:
        self._texts.append((xy, text, font, fill, anchor, stroke, stroke_fill))

    def plate(self, under: Image.Image) -> tuple[Image.Image, Image.Image]:
        """(the shapes drawn over ``under`` as RGB, their coverage as an "L" image)."""
        rgb = under.convert("RGB")
        if rgb.size != self.size:
            raise ValueError(f"sketch of {self.size} over an image of {rgb.size}")
        if not self._shapes:
            return rgb, Image.new("L", self.size, 0)
        w, h = self.size
        layer = Image.new("RGBA", (w * SS, h * SS), (0, 0, 0, 0))
        draw = ImageDraw.Draw(layer)
        for method, args, kw in self._shapes:
            getattr(draw, method)(*args, **dict(kw))
        small = layer.resize(self.size, Image.Resampling.BOX)
        base = rgb.convert("RGBA")
        base.alpha_composite(small)
        return base.convert("RGB"), small.getchannel("A")

    def ink(
        self, rgb: Image.Image, cover: Image.Image
    ) -> tuple[Image.Image, Image.Image, Box] | None:
        """The texts drawn over a plate ``(rgb, cover)``, which stays as it is: (the pixels and
        the coverage of the part of the box the texts touch, that part), or None if they touch
        nothing. Only that part is copied: a new caption costs its letters, not its box."""
        if self.has_stroke:
            return self._ink_whole(rgb, cover)
        glyphs = []
        for xy, text, font, fill, anchor, *_ in self._texts:
            drawn = self.glyphs(xy, text, font, anchor)
            if drawn is not None:
                glyphs.append((*drawn, fill))
        if not glyphs:
            return None
        region = glyphs[0][1]
        for _, box, _ in glyphs[1:]:
            region = _union(region, box)
        rgb, cover = rgb.crop(region), cover.crop(region)
        x, y = region[:2]
        for mask, box, fill in glyphs:
            at = (box[0] - x, box[1] - y, box[2] - x, box[3] - y)
            # the blend Pillow's text drawing makes, without drawing the glyphs again
            rgb.paste(Image.new("RGB", mask.size, fill), at, mask)
            cover.paste(255, at, mask)
        return rgb, cover, region

    def glyphs(
        self, xy: tuple[float, float], text: str, font: ImageFont.FreeTypeFont, anchor: str
    ) -> tuple[Image.Image, Box] | None:
        """The coverage of one text in the box, cropped to its ink, and where it is."""
        w, h = self.size
        if anchor.startswith("l") and "\n" not in text:  # from kept words: most are
            made = fonts.glyphs(text, font, xy, anchor)
            if made is None:
                return None
            mask, (x0, y0, x1, y1) = made
            if x0 >= 0 and y0 >= 0 and x1 <= w and y1 <= h:
                return made  # already cropped to its words' ink
            inside = (max(x0, 0), max(y0, 0), min(x1, w), min(y1, h))
            if inside[0] >= inside[2] or inside[1] >= inside[3]:
                return None
            mask = mask.crop((inside[0] - x0, inside[1] - y0, inside[2] - x0, inside[3] - y0))
            ink = mask.getbbox()
            if ink is None:
                return None
            x, y = inside[:2]
            return mask.crop(ink), (x + ink[0], y + ink[1], x + ink[2], y + ink[3])
        canvas = Image.new("L", self.size, 0)
        ImageDraw.Draw(canvas).text(xy, text, font=font, fill=255, anchor=anchor)
        box = canvas.getbbox()
        return None if box is None else (canvas.crop(box), box)

    def _ink_whole(
        self, rgb: Image.Image, cover: Image.Image
    ) -> tuple[Image.Image, Image.Image, Box]:
        """``ink`` for outlined texts: Pillow draws the outline, then the letters over it."""
        rgb, cover = rgb.copy(), cover.copy()
        draw, dcover = ImageDraw.Draw(rgb), ImageDraw.Draw(cover)
        for xy, text, font, fill, anchor, stroke, stroke_fill in self._texts:
            draw.text(
                xy,
                text,
                font=font,
                fill=fill,
                anchor=anchor,
                stroke_width=stroke,
                stroke_fill=stroke_fill,
            )
            dcover.text(xy, text, font=font, fill=255, anchor=anchor, stroke_width=stroke)
        return rgb, cover, (0, 0, *self.size)

    def over(self, under: Image.Image) -> tuple[Image.Image, Image.Image]:
        """(the sketch drawn over ``under`` as RGB, the "1" mask of the pixels it touched)."""
        rgb, cover = self.plate(under)
        inked = self.ink(rgb, cover)
        if inked is not None:
            pixels, covered, region = inked
            rgb.paste(pixels, region[:2])
            cover.paste(covered, region[:2])
        return rgb, touched_mask(cover)


def touched_mask(cover: Image.Image) -> Image.Image:
    """The "1" mask of the pixels an "L" coverage touches at all."""
    return anywhere(cover).convert("1", dither=Image.Dither.NONE)


def _union(a: Box, b: Box) -> Box:
    return (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))


# What a painter returns: where the piece goes on the board, and a function drawing it into a
# ``Sketch`` of that box's size.
Painted = tuple[Box, Callable[[Sketch], None]]
