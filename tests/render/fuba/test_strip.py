"""The advanced rules' strip under the FUBA board: condition points per zone, skills (played,
lost, the coach sent off), tiredness, substitutions left, injuries and the weather, legible on
a phone; a basic board has none."""

from __future__ import annotations

import io
from typing import Any

from PIL import Image

from engine.fuba import FUBA, advanced
from engine.fuba.skills.catalog import SKILLS
from render.fuba import board as fuba_board
from render.fuba import skills as skill_marks
from render.fuba import strip
from render.fuba.geometry import layout
from tests.render.test_legible import MIN_CAP, cap_at_phone_width


def advanced_view(**changes: Any) -> dict[str, Any]:
    view = FUBA.view(FUBA.initial({"advanced": list(advanced.ALL)}), None)
    view.update(
        condition=[[4, 4, 2], [3, 5, 2]],
        subs=[1, 0],
        injured=[[3], []],
        keeper_hurt=[False, True],
        tired=[False, True],
        weather="extreme_heat",
    )
    view.update(changes)
    return view


def strip_texts(view: dict[str, Any], width: int = 1280) -> list[str]:
    return [t.text for t in fuba_board.texts(view, width=width) if t.what == "advanced"]


def test_a_basic_board_has_no_strip_and_keeps_its_size() -> None:
    view = FUBA.view(FUBA.initial(), None)
    assert strip_texts(view) == []
    assert fuba_board.render(view).size == (1280, layout(1280).height)


def test_the_strip_shows_each_teams_figures_and_the_weather() -> None:
    texts = strip_texts(advanced_view())
    assert "Def 4 · Mid 4 · Att 2" in texts and "Def 3 · Mid 5 · Att 2" in texts
    assert "2 subs left · 1 injured" in texts
    assert "tired · 3 subs left" in texts and "keeper injured" in texts
    assert "Extreme heat" in texts


def test_only_the_rules_in_force_are_shown() -> None:
    view = advanced_view(options={"advanced": ["weather", "var"]})
    assert strip_texts(view) == ["weather", "Extreme heat"]
    view = advanced_view(options={"advanced": ["substitutions"]})
    assert strip_texts(view) == ["2 subs left", "3 subs left"]


def test_the_strip_is_legible_at_phone_width() -> None:
    for width in (1280, 800):
        for t in fuba_board.texts(advanced_view(), width=width):
            if t.what == "advanced":
                cap = cap_at_phone_width(t.font, width)
                assert cap >= MIN_CAP, f"{t.text!r} is {cap:.1f} px tall on a phone"
                assert t.font.getlength(t.text) <= t.box[2] - t.box[0], t.text


def test_the_figures_change_the_image_and_the_png_has_the_strip() -> None:
    g = layout(1280)
    before = fuba_board.render(advanced_view())
    after = fuba_board.render(advanced_view(condition=[[1, 4, 2], [3, 5, 2]]))
    assert before.size == after.size and before.height > g.height
    strip = (0, g.height, 1280, before.height)
    assert before.crop(strip).tobytes() != after.crop(strip).tobytes()
    board_part = (0, 0, 1280, g.height)
    assert before.crop(board_part).tobytes() == after.crop(board_part).tobytes()
    png = fuba_board.render_png(advanced_view())
    assert Image.open(io.BytesIO(png)).size == before.size


# -- A11 skills: two letters each, a tick once played, a cross once lost, the coach sent off


def skills_view(**changes: Any) -> dict[str, Any]:
    view = advanced_view(
        options={"advanced": list(advanced.ALL), "skills": 5},
        agenda=[],
        skills=[{"clinical_finisher": 2, "stopper": 0, "runner": -1}, {"shot_stopper": 0}],
        coach_off=[False, True],
    )
    view.update(changes)
    return view


def test_each_teams_skills_show_played_and_lost_and_the_coach_sent_off() -> None:
    texts = strip_texts(skills_view())
    assert "CF✓ · ST · RU✗" in texts  # played twice, not yet, lost to an injured star
    assert "SS · coach off" in texts
    assert "skills" in texts
    assert "Def 4 · Mid 4 · Att 2" in texts and "2 subs left · 1 injured" in texts
    assert "Extreme heat" in texts


def test_the_trained_formation_change_is_ticked_once_used() -> None:
    before = strip_texts(skills_view(skills=[{"trained_formation_change": 0}, {}]))
    after = strip_texts(skills_view(skills=[{"trained_formation_change": 1}, {}]))
    assert "TF" in before and "TF✓" in after
    assert "no skills · coach off" in after  # east chose none


def test_skills_stay_secret_while_the_formations_are_chosen() -> None:
    view = skills_view(
        skills=[{}, {}],
        coach_off=[False, False],
        agenda=[{"k": "formation", "picks": [[4, 4, 2], "hidden"], "halftime": False}],
    )
    texts = strip_texts(view)
    assert "skills secret" in texts and "no skills" not in texts
    [label] = [t for t in fuba_board.texts(view, width=800) if t.text == "skills secret"]
    assert label.font.getlength(label.text) <= label.box[2] - label.box[0]
    assert cap_at_phone_width(label.font, 800) >= MIN_CAP


def test_a_match_with_skills_has_a_taller_strip_and_one_without_keeps_its_size() -> None:
    g = layout(1280)
    plain = fuba_board.render(advanced_view())
    with_skills = fuba_board.render(skills_view())
    assert plain.height == g.height + g.px(strip.HEIGHT)
    assert with_skills.height == g.height + g.px(strip.height(strip.SKILL_ROWS))
    png = fuba_board.render_png(skills_view())
    assert Image.open(io.BytesIO(png)).size == with_skills.size
    png = fuba_board.render_png(advanced_view())  # the other strip's encoder
    assert Image.open(io.BytesIO(png)).size == plain.size


def test_skills_are_legible_at_phone_width() -> None:
    full = skills_view(
        skills=[
            {k: i % 3 - 1 for i, k in enumerate(list(skill_marks.CODES)[:6])},
            {k: 1 for k in list(skill_marks.CODES)[-6:]},
        ],
        coach_off=[True, True],
    )
    for width in (1280, 800):
        for t in fuba_board.texts(full, width=width):
            if t.what == "advanced":
                assert cap_at_phone_width(t.font, width) >= MIN_CAP, t.text
                assert t.font.getlength(t.text) <= t.box[2] - t.box[0], t.text
    texts = " · ".join(strip_texts(full))
    for key in [*list(skill_marks.CODES)[:6], *list(skill_marks.CODES)[-6:]]:
        assert skill_marks.CODES[key] in texts, key  # every skill fits, none cut off
    assert texts.count("coach off") == 2


def test_playing_a_skill_changes_only_the_strip() -> None:
    g = layout(1280)
    before = fuba_board.render(skills_view())
    played = [{"clinical_finisher": 2, "stopper": 1, "runner": -1}, {"shot_stopper": 0}]
    after = fuba_board.render(skills_view(skills=played))
    board_part = (0, 0, 1280, g.height)
    assert before.crop(board_part).tobytes() == after.crop(board_part).tobytes()
    strip_part = (0, g.height, 1280, before.height)
    assert before.crop(strip_part).tobytes() != after.crop(strip_part).tobytes()


def test_every_skill_has_its_own_two_letters() -> None:
    assert set(skill_marks.CODES) == set(SKILLS)
    codes = list(skill_marks.CODES.values())
    assert len(set(codes)) == len(codes) and all(len(c) == 2 for c in codes)
