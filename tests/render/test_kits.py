"""Team kits: the two teams are always easy to tell apart, colour-blind players included."""

from __future__ import annotations

import itertools

import pytest

from render.colours import AREA
from render.kits import KITS, KitError, choose_kits, distance, distinct, kit


def test_every_requested_pair_gives_two_distinct_kits() -> None:
    for west, east in itertools.product([k.name for k in KITS], repeat=2):
        w, e = choose_kits(west, east)
        assert w.name == west
        assert distinct(w, e), (west, east, e.name)
        if distinct(kit(west), kit(east)):
            assert e.name == east  # a legal wish is granted as asked


@pytest.mark.parametrize(
    ("a", "b"),
    [("blue", "sky"), ("orange", "yellow"), ("orange", "vermillion"), ("white", "yellow")],
)
def test_known_confusable_pairs_clash(a: str, b: str) -> None:
    assert not distinct(kit(a), kit(b))
    with pytest.raises(KitError, match="too hard to tell apart"):
        choose_kits(a, b, strict=True)


def test_a_clash_gives_east_the_next_distinct_kit() -> None:
    west, east = choose_kits("blue", "sky")
    assert (west.name, east.name) == ("blue", "orange")
    west, east = choose_kits("orange", "yellow")
    assert (west.name, east.name) == ("orange", "blue")


def test_strict_error_names_the_kits_that_would_do() -> None:
    with pytest.raises(KitError) as caught:
        choose_kits("orange", "yellow", strict=True)
    message = str(caught.value)
    assert "Orange and Yellow" in message
    assert "deuteranopia" in message  # the way of seeing where they merge
    assert "blue" in message and "yellow" not in message.split("Kits that go with")[1]


def test_defaults_and_unknown_kits() -> None:
    assert [k.name for k in choose_kits()] == ["blue", "orange"]
    assert [k.name for k in choose_kits("orange")] == ["orange", "blue"]
    with pytest.raises(KitError, match="no kit called 'pink'"):
        choose_kits("pink", "blue")


def test_red_and_green_merge_for_deuteranopes() -> None:
    d, vision = distance((200, 30, 45), (58, 125, 68))
    assert d < 20 and vision in ("protanopia", "deuteranopia")


def test_kits_stand_out_from_every_pitch_area_and_every_kit_is_legible() -> None:
    for k, colour in itertools.product(KITS, AREA.values()):
        assert distance(k.colour, colour)[0] >= 10, (k.name, colour)
    for k in KITS:
        assert distance(k.colour, k.ink)[0] >= 40, k.name  # the count on a token is readable
