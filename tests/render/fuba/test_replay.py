"""Whole matches: every turn's board renders, the replay stays under Discord's limit, and the
demo writes the pictures."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from PIL import Image

from engine.core.events import Event
from engine.fuba import FUBA, FubaState
from engine.fuba.coach import iter_match
from referee.demo import run_demo
from referee.fuba.frames import FINAL, GOAL, TURN, Frame, FrameRecorder, caption_text
from render.fuba.board import render, render_png
from render.fuba.geometry import layout
from render.fuba.replay import HOLD_MS, MAX_BYTES, replay_gif
from tests.test_demo import run_bot


def match_frames(seed: int) -> tuple[FubaState, list[Frame]]:
    recorder = FrameRecorder()
    frames: list[Frame] = []
    state = FUBA.initial()
    for state, _, events in iter_match(seed):
        frames.extend(recorder.feed(state, events))
    frames.append(recorder.finish(state))
    return state, frames


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_turn_of_a_coach_match_renders(seed: int) -> None:
    final, frames = match_frames(seed)
    assert final.over
    assert sum(f.kind == TURN for f in frames) == sum(final.turns)
    assert sum(f.kind == GOAL for f in frames) == sum(final.score)
    assert [f.kind for f in frames][-1] == FINAL
    assert sum("HALF TIME" in f.caption.text for f in frames) == 1
    assert "FULL TIME" in frames[-1].caption.text
    for frame in frames:
        im = Image.open(io.BytesIO(render_png(frame.view, caption=frame.caption)))
        assert im.size == (1280, layout(1280).height)
        assert frame.caption.text


def test_every_state_of_a_match_renders() -> None:
    size = (1280, layout(1280).height)
    for state, _, _ in iter_match(4):
        assert render(FUBA.view(state, "west")).size == size


def test_goal_frames_show_the_new_score_and_where_the_shot_came_from() -> None:
    final, frames = match_frames(7)
    goals = [f for f in frames if f.kind == GOAL]
    assert goals and goals[-1].view["score"] == final.score
    for frame in goals:
        assert frame.caption.text.startswith("GOAL!")
        assert frame.caption.team in (0, 1)
        assert frame.caption.shot in range(1, 14)


def test_the_replay_of_a_match_has_every_frame_and_fits_discord() -> None:
    _, frames = match_frames(7)
    gif = replay_gif((f.view, f.caption, HOLD_MS[f.kind]) for f in frames)
    assert len(gif) < MAX_BYTES
    im = Image.open(io.BytesIO(gif))
    assert im.format == "GIF" and im.is_animated
    assert im.n_frames == len(frames)
    assert im.size == (1280, layout(1280).height)
    with pytest.raises(ValueError):
        replay_gif([])


def test_captions_say_what_happened() -> None:
    events = [
        Event("dice", {"team": 0, "dice": [3, 4], "purpose": "situation"}),
        Event("target", {"team": 0, "start": 7, "target": 9, "value": 3}),
        Event("control", {"team": 1, "kept": False}),
        Event(
            "goal_attempt",
            {"team": 1, "area": 5, "die": 6, "modifier": -2, "value": 2, "outcome": "goal"},
        ),
        Event("goal", {"team": 1, "score": [0, 1]}),
    ]
    assert caption_text("Turn 3", events) == (
        "Turn 3: West passes 7 → 9 (ball value 3) · East wins the ball · "
        "East shoots from 5: goal · GOAL 0-1"
    )


def test_demo_writes_a_board_per_turn_and_the_replay(tmp_path: Path) -> None:
    out = io.StringIO()
    assert run_demo(seed=5, as_json=True, out=out, out_dir=tmp_path / "boards") == 0
    final, frames = match_frames(5)
    pngs = sorted((tmp_path / "boards").glob("*.png"))
    assert [p.name for p in pngs] == [f"{i:03d}-{f.name}.png" for i, f in enumerate(frames, 1)]
    assert (tmp_path / "boards" / "replay.gif").stat().st_size < MAX_BYTES
    text = out.getvalue()
    assert f"Board images: {len(frames)} PNG files and replay.gif" in text
    assert json.loads(text.splitlines()[-1])["score"] == final.score


def test_bot_demo_out_option(tmp_path: Path) -> None:
    done = run_bot("demo", "--seed", "3", "--out", str(tmp_path), timeout=180)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "replay.gif").exists()
    assert len(list(tmp_path.glob("001-h1-kickoff.png"))) == 1
    assert len(list(tmp_path.glob("*-h1-turn01.png"))) == 1
