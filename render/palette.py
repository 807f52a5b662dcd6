"""One 256-colour palette per board: exact colours first, then colours fitted to a sample.

Generic helpers for boards drawn as a palette background plus palette sprites (the Sports Dice
Soccer board and the FUBA board use them).
"""

from __future__ import annotations

from PIL import Image, ImageChops

from render.kits import RGB


def where(rgb: Image.Image, colour: RGB) -> Image.Image:
    """A "1" mask of the pixels of ``rgb`` that are exactly ``colour``."""
    off = ImageChops.difference(rgb, Image.new("RGB", rgb.size, colour))
    # any difference in any band -> 255 (0 and 255 bands make a grey that is 0 only if all are)
    return ImageChops.invert(anywhere(anywhere(off).convert("L"))).convert("1", dither=NONE)


def anywhere(im: Image.Image) -> Image.Image:
    """``im`` with every non-zero value made 255 (no Python loop: boards call it per sprite)."""
    return ImageChops.add(im, im, scale=1 / 128)


NONE = Image.Dither.NONE


def triples(palette: Image.Image) -> list[RGB]:
    """The palette's entries as RGB triples."""
    flat = palette.getpalette() or []
    return [(flat[i], flat[i + 1], flat[i + 2]) for i in range(0, len(flat), 3)]


def fitted(base: list[RGB], sample: Image.Image) -> Image.Image:
    """256 colours: the exact ``base`` colours first (so pieces are exactly their colour), then
    colours fitted to ``sample`` for anti-aliased edges and blends.

    Pillow's quick nearest-colour search can give an exact colour's pixels to a fitted colour a
    hair away; such fitted colours are left out, so quantising seldom needs correcting."""
    exact = list(dict.fromkeys(base))
    free = 256 - len(exact)
    fit = sample.quantize(free, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    fits = triples(fit)[:free]
    for _ in range(64):
        padded = fits + fits[-1:] * (free - len(fits))  # the room left: repeats
        palette = _palette(exact + padded)
        missed = _missed(palette, exact).values()
        rivals = {padded[got - len(exact)] for _, got in missed if got >= len(exact)}
        if not rivals:
            break
        fits = [c for c in fits if c not in rivals]
    return palette


def _palette(colours: list[RGB]) -> Image.Image:
    flat = [v for c in colours for v in c]
    palette = Image.new("P", (1, 1))
    palette.putpalette(flat + [0] * (768 - len(flat)))
    return palette


def _missed(palette: Image.Image, exact: list[RGB]) -> dict[RGB, tuple[int, int]]:
    """The exact colours that Pillow's quick search maps to another entry than their own (the
    first one of their colour): their entry, and the entry it picks instead."""
    index = {c: i for i, c in reversed(list(enumerate(triples(palette))))}
    missed = {}
    for colour in dict.fromkeys(exact):
        probe = Image.new("RGB", (1, 1), colour).quantize(palette=palette, dither=NONE)
        got = int(probe.getpixel((0, 0)))  # type: ignore[arg-type]
        if got != index[colour]:
            missed[colour] = (index[colour], got)
    return missed


class Quantiser:
    """RGB images -> the palette's indices, keeping the exact colours on their own entries even
    where Pillow's quick nearest-colour search would pick a neighbour."""

    def __init__(self, palette: Image.Image, exact: list[RGB]) -> None:
        self.palette = palette
        index = {c: i for i, c in reversed(list(enumerate(triples(palette))))}
        self.index = index
        # the exact colours the quick search misses: (their entry, the entry it picks instead)
        self._fixes = _missed(palette, exact)

    def __call__(self, rgb: Image.Image) -> Image.Image:
        p = rgb.quantize(palette=self.palette, dither=Image.Dither.NONE)
        if self._fixes:
            picked = {i for _, i in p.getcolors(256) or []}
            for colour, (right, wrong) in self._fixes.items():
                if wrong in picked:  # else no pixel can be that colour
                    p.paste(right, mask=where(rgb, colour))
        return p


def pixel(im: Image.Image, xy: tuple[int, int]) -> RGB:
    """The RGB colour of an image at ``xy`` (palette images included)."""
    value = im.getpixel(xy)
    if im.mode == "P":
        flat = im.getpalette() or []
        i = 3 * int(value)  # type: ignore[arg-type]
        return (flat[i], flat[i + 1], flat[i + 2])
    return tuple(value[:3])  # type: ignore[index,return-value]
