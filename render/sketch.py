"""Anti-aliased drawing of small pieces ("sprites") that are drawn once and then pasted.

A ``Sketch`` collects shapes (drawn supersampled, then scaled down) and text (drawn by FreeType
at full size) in coordinates local to its box. ``Sketch.over(rgb)`` draws it over the pixels it
will cover, so the edges blend with what is really underneath. The board quantises the result to
its palette once and keeps it as a ``Sprite``: pasting a sprite is a plain copy through a mask.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from PIL import Image, ImageDraw, ImageFont

from render.kits import RGB

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
    def __init__(self, size: tuple[int, int]) -> None:
        self.size = (max(1, size[0]), max(1, size[1]))
        self._layer: Image.Image | None = None
        self._draw: ImageDraw.ImageDraw | None = None
        self._texts: list[tuple[Any, ...]] = []

    @property
    def draw(self) -> ImageDraw.ImageDraw:
        if self._draw is None:
            w, h = self.size
            self._layer = Image.new("RGBA", (w * SS, h * SS), (0, 0, 0, 0))
            self._draw = ImageDraw.Draw(self._layer)
        return self._draw

    @staticmethod
    def _box(box: Sequence[float]) -> list[float]:
        return [v * SS for v in box]

    def ellipse(
        self, box: Sequence[float], fill: Colour, outline: Colour | None = None, width: float = 0
    ) -> None:
        self.draw.ellipse(self._box(box), fill=fill, outline=outline, width=round(width * SS))

    def rounded(
        self,
        box: Sequence[float],
        radius: float,
        fill: Colour | None,
        outline: Colour | None = None,
        width: float = 0,
    ) -> None:
        self.draw.rounded_rectangle(
            self._box(box), radius=radius * SS, fill=fill, outline=outline, width=round(width * SS)
        )

    def polygon(self, points: Sequence[tuple[float, float]], fill: Colour) -> None:
        self.draw.polygon([(x * SS, y * SS) for x, y in points], fill=fill)

    def line(self, points: Sequence[tuple[float, float]], fill: Colour, width: float) -> None:
        self.draw.line([(x * SS, y * SS) for x, y in points], fill=fill, width=round(width * SS))

    def arc(
        self, box: Sequence[float], start: float, end: float, fill: Colour, width: float
    ) -> None:
        self.draw.arc(self._box(box), start, end, fill=fill, width=round(width * SS))

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

    def over(self, under: Image.Image) -> tuple[Image.Image, Image.Image]:
        """(the sketch drawn over ``under`` as RGB, the "1" mask of the pixels it touched)."""
        rgb = under.convert("RGB")
        if rgb.size != self.size:
            raise ValueError(f"sketch of {self.size} over an image of {rgb.size}")
        mask = Image.new("L", self.size, 0)
        if self._layer is not None:
            small = self._layer.resize(self.size, Image.Resampling.BOX)
            base = rgb.convert("RGBA")
            base.alpha_composite(small)
            rgb = base.convert("RGB")
            mask = small.getchannel("A")
        if self._texts:
            draw, dmask = ImageDraw.Draw(rgb), ImageDraw.Draw(mask)
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
                dmask.text(xy, text, font=font, fill=255, anchor=anchor, stroke_width=stroke)
        return rgb, mask.point(lambda v: 255 if v else 0).convert("1")


# What a painter returns: where the piece goes on the board, and a function drawing it into a
# ``Sketch`` of that box's size.
Painted = tuple[Box, Callable[[Sketch], None]]
