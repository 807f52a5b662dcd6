"""Team kits: a palette of colours that stay distinct for colour-blind players too.

Two kits clash when their colours are hard to tell apart with normal vision or with any of the
three common colour-vision deficiencies (protanopia, deuteranopia, tritanopia): the smallest
CIELAB distance over the four ways of seeing must reach ``MIN_DISTANCE``.

>>> [k.name for k in choose_kits("blue", "sky")]  # sky blue clashes with blue: next kit
['blue', 'orange']
"""

from __future__ import annotations

from dataclasses import dataclass

RGB = tuple[int, int, int]

MIN_DISTANCE = 40.0  # CIE76 delta E; below it two kits are too alike for someone


@dataclass(frozen=True, slots=True)
class Kit:
    name: str
    label: str  # as shown to people
    colour: RGB  # shirt colour: the team's pieces
    ink: RGB  # text and outline on the shirt colour


# Okabe-Ito colours plus black and white, in order of preference. Bluish green is left out: it
# would vanish on the pitch.
KITS: tuple[Kit, ...] = (
    Kit("blue", "Blue", (0, 114, 178), (255, 255, 255)),
    Kit("orange", "Orange", (230, 159, 0), (0, 0, 0)),
    Kit("white", "White", (245, 245, 245), (0, 0, 0)),
    Kit("black", "Black", (30, 30, 30), (255, 255, 255)),
    Kit("sky", "Sky blue", (86, 180, 233), (0, 0, 0)),
    Kit("vermillion", "Vermillion", (213, 94, 0), (255, 255, 255)),
    Kit("yellow", "Yellow", (240, 228, 66), (0, 0, 0)),
    Kit("purple", "Purple", (204, 121, 167), (0, 0, 0)),
)
BY_NAME = {k.name: k for k in KITS}
DEFAULT = ("blue", "orange")


class KitError(ValueError):
    """An unknown kit, or two kits that cannot be told apart."""


# Machado, Oliveira and Fernandes (2009), full severity, applied to linear RGB.
_VISION = (
    ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)),
    ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
     (-0.003882, -0.048116, 1.051998)),
    ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
     (-0.011820, 0.042940, 0.968881)),
    ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
     (0.004733, 0.691367, 0.303900)),
)  # fmt: skip
VISIONS = ("normal", "protanopia", "deuteranopia", "tritanopia")


def _linear(c: int) -> float:
    v = c / 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def _lab(r: float, g: float, b: float) -> tuple[float, float, float]:
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    fx, fy, fz = f(x), f(y), f(z)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def _seen(colour: RGB, vision: int) -> tuple[float, float, float]:
    lin = [_linear(c) for c in colour]
    m = _VISION[vision]
    out = [min(1.0, max(0.0, sum(m[i][j] * lin[j] for j in range(3)))) for i in range(3)]
    return _lab(*out)


def distance(a: RGB, b: RGB) -> tuple[float, str]:
    """The smallest colour distance between ``a`` and ``b`` over the four ways of seeing, and
    the way of seeing where it occurs."""
    best, where = float("inf"), VISIONS[0]
    for v, name in enumerate(VISIONS):
        la, lb = _seen(a, v), _seen(b, v)
        d = sum((p - q) ** 2 for p, q in zip(la, lb, strict=True)) ** 0.5
        if d < best:
            best, where = d, name
    return best, where


def distinct(a: Kit, b: Kit) -> bool:
    """Whether everyone can tell kit ``a`` from kit ``b``."""
    return distance(a.colour, b.colour)[0] >= MIN_DISTANCE


def kit(name: str) -> Kit:
    try:
        return BY_NAME[name.strip().lower()]
    except KeyError:
        raise KitError(f"There is no kit called {name!r}. Kits: {', '.join(BY_NAME)}.") from None


def choose_kits(
    west: str | None = None, east: str | None = None, *, strict: bool = False
) -> tuple[Kit, Kit]:
    """The kits of (west, east). West gets its wish; when east's kit clashes with it, east gets
    the first kit of ``KITS`` that does not (or, with ``strict``, a ``KitError`` says why and
    which kits east could take). A missing wish takes the default."""
    w = kit(west or DEFAULT[0])
    wished = kit(east or (DEFAULT[1] if w.name != DEFAULT[1] else DEFAULT[0]))
    if distinct(w, wished):
        return w, wished
    options = [k for k in KITS if distinct(w, k)]
    if strict:
        d, vision = distance(w.colour, wished.colour)
        who = "everyone" if vision == "normal" else f"players with {vision}"
        raise KitError(
            f"{w.label} and {wished.label} are too hard to tell apart for {who}. "
            f"Kits that go with {w.label}: {', '.join(k.name for k in options)}."
        )
    return w, options[0]
