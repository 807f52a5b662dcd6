"""The shared win-probability machinery: Chances, training tallies and the backed-off table."""

from __future__ import annotations

import random

import pytest

from engine.core.winprob import Chances, Table, Tally


def _table(
    samples: list[tuple[tuple[object, ...], tuple[object, ...], int]], **kw: object
) -> Table:
    tally = Tally(levels=(1, 2))
    for key, mirrored, remaining in samples:
        tally.add(key, mirrored, remaining)
    return Table.from_json(tally.to_json(**kw))  # type: ignore[arg-type]


def test_percents_always_sum_to_100() -> None:
    rng = random.Random(5)
    for _ in range(2000):
        a, b = sorted((rng.random(), rng.random()))
        chances = Chances((a, 1 - b), b - a)
        assert sum(chances.percents()) == 100
        assert all(0 <= p <= 100 for p in chances.percents())


def test_only_a_certainty_shows_100() -> None:
    assert Chances.certain(0).percents() == (100, 0, 0)
    assert Chances.certain(1).percents() == (0, 0, 100)
    assert Chances.certain(None).percents() == (0, 100, 0)
    assert Chances((0.9996, 0.0), 0.0004).percents() == (99, 1, 0)
    assert Chances((0.0, 0.9999), 0.0001).percents() == (0, 1, 99)


def test_json_round_trip_keeps_the_sides_in_order() -> None:
    chances = Chances((0.5, 0.2), 0.3)
    assert chances.to_json() == [0.5, 0.3, 0.2]
    assert Chances.from_json(chances.to_json()) == chances
    assert chances.mirrored() == Chances((0.2, 0.5), 0.3)
    assert chances.points(0) == pytest.approx(0.65)


def test_a_lead_beyond_every_difference_seen_is_certain() -> None:
    table = _table([((1, "a"), (1, "b"), r) for r in (-2, -1, 0, 1, 2)])
    assert table.chances((1, "a"), lead=3) == Chances.certain(0)
    assert table.chances((1, "a"), lead=-3) == Chances.certain(1)
    assert table.chances((1, "a"), lead=2).win[0] < 1.0


def test_the_mirrored_key_gets_the_mirrored_estimate() -> None:
    rng = random.Random(1)
    samples = [
        ((t, "up"), (t, "down"), rng.choice((-1, 0, 1, 1, 2))) for t in range(3) for _ in range(40)
    ]
    table = _table(samples, smoothing=10.0)
    for t in range(3):
        for lead in (-2, -1, 0, 1, 2):
            up = table.chances((t, "up"), lead)
            down = table.chances((t, "down"), -lead).mirrored()
            assert up.win == pytest.approx(down.win, abs=1e-12)
            assert up.draw == pytest.approx(down.draw, abs=1e-12)


def test_a_thin_cell_leans_on_its_parent_and_an_unseen_one_falls_back_to_it() -> None:
    samples = [((0, "common"), (0, "common"), r) for r in (-1, 0, 1) * 100]
    samples += [((0, "rare"), (0, "rare'"), 2)] * 2
    table = _table(samples, smoothing=30.0)
    rare = table.chances((0, "rare"), lead=0)
    parent_win = table.chances((0,), lead=0).win[0]
    assert parent_win < rare.win[0] < parent_win + 0.1  # two wins seen: mostly the parent
    unseen = table.chances((0, "never"), lead=0)
    parent = table.chances((0,), lead=0)
    assert unseen == parent


def test_thin_cells_are_left_out_and_a_cut_keeps_mirror_pairs_together() -> None:
    samples = [((0, "a"), (0, "b"), 1)] * 5 + [((0, "c"), (0, "d"), 0)] * 3
    data = Tally(levels=(1, 2))
    for key, mirrored, r in samples:
        data.add(key, mirrored, r)
    cells = data.to_json(max_cells=3)["cells"]
    assert set(cells) == {"0", "0|a", "0|b"}
    cells = data.to_json(max_cells=2)["cells"]
    assert set(cells) == {"0"}
    assert set(data.to_json(min_count=4)["cells"]) == {"0", "0|a", "0|b"}


def test_an_unknown_time_is_refused() -> None:
    table = _table([((0, "a"), (0, "b"), 0)])
    with pytest.raises(KeyError):
        table.chances((9, "a"), lead=0)
