"""One 256-colour palette per board: exact colours first, then colours fitted to a sample.

Generic helpers for boards drawn as a palette background plus palette sprites (the Sports Dice
Soccer board and the FUBA board use them).
"""

from __future__ import annotations

from PIL import Image, ImageChops

from render.kits import RGB


def where(rgb: Image.Image, colour: RGB) -> Image.Image:
    """A "1" mask of the pixels of ``rgb`` that are exactly ``colour``."""
    bands = [
        band.point(lambda v, want=want: 255 if v == want else 0)
        for band, want in zip(rgb.split(), colour, strict=True)
    ]
    return ImageChops.multiply(ImageChops.multiply(bands[0], bands[1]), bands[2]).convert("1")


def triples(palette: Image.Image) -> list[RGB]:
    """The palette's entries as RGB triples."""
    flat = palette.getpalette() or []
    return [(flat[i], flat[i + 1], flat[i + 2]) for i in range(0, len(flat), 3)]


def fitted(base: list[RGB], sample: Image.Image) -> Image.Image:
    """256 colours: the exact ``base`` colours first (so pieces are exactly their colour), then
    colours fitted to ``sample`` for anti-aliased edges and blends."""
    exact = list(dict.fromkeys(base))
    free = 256 - len(exact)
    fit = sample.quantize(free, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    flat = [v for c in exact for v in c] + (fit.getpalette() or [])[: 3 * free]
    flat += [0] * (768 - len(flat))
    palette = Image.new("P", (1, 1))
    palette.putpalette(flat)
    return palette


class Quantiser:
    """RGB images -> the palette's indices, keeping the exact colours on their own entries even
    where Pillow's quick nearest-colour search would pick a neighbour."""

    def __init__(self, palette: Image.Image, exact: list[RGB]) -> None:
        self.palette = palette
        index = {c: i for i, c in reversed(list(enumerate(triples(palette))))}
        self.index = index
        self._exact = {c: index[c] for c in exact}
        self._wrong: dict[RGB, bool] = {}

    def __call__(self, rgb: Image.Image) -> Image.Image:
        p = rgb.quantize(palette=self.palette, dither=Image.Dither.NONE)
        for _, colour in rgb.getcolors(rgb.width * rgb.height) or []:
            i = self._exact.get(colour)
            if i is not None and self._mismapped(colour):
                p.paste(i, mask=where(rgb, colour))
        return p

    def _mismapped(self, colour: RGB) -> bool:
        wrong = self._wrong.get(colour)
        if wrong is None:
            probe = Image.new("RGB", (1, 1), colour)
            got = probe.quantize(palette=self.palette, dither=Image.Dither.NONE).getpixel((0, 0))
            wrong = self._wrong[colour] = got != self._exact[colour]
        return wrong


def pixel(im: Image.Image, xy: tuple[int, int]) -> RGB:
    """The RGB colour of an image at ``xy`` (palette images included)."""
    value = im.getpixel(xy)
    if im.mode == "P":
        flat = im.getpalette() or []
        i = 3 * int(value)  # type: ignore[arg-type]
        return (flat[i], flat[i + 1], flat[i + 2])
    return tuple(value[:3])  # type: ignore[index,return-value]
