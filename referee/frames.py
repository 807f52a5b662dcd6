"""What the dice games' demos and replays share: a board picture of a match (``Frame``) and the
numbered PNG files plus replay GIF that ``bot.py demo --out DIR`` writes (``BoardFiles``).
Each game says which moments get a picture and draws them (``referee.<game>.frames``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, NamedTuple, TextIO

from engine.core import Event


class Frame(NamedTuple):
    """One board picture: what kind of moment it shows ("turn", "goal"...), the spectators'
    view, its caption and what happened since the previous picture."""

    kind: str
    view: dict[str, Any]  # the spectators' view
    caption: str | None
    events: list[Event]  # what happened since the previous frame


class BoardFiles:
    """Writes each board picture as a numbered PNG file in ``out_dir``, then the replay."""

    def __init__(
        self,
        out_dir: Path,
        frame_of: Callable[[Any, list[Event]], Frame],
        png: Callable[[Frame], bytes],
        replay: Callable[[Sequence[Frame]], bytes],
    ) -> None:
        self.dir = Path(out_dir)
        self.dir.mkdir(parents=True, exist_ok=True)
        self.frames: list[Frame] = []
        self._frame_of, self._png, self._replay = frame_of, png, replay

    def write(self, state: Any, events: list[Event]) -> None:
        frame = self._frame_of(state, events)
        self.frames.append(frame)
        (self.dir / f"{len(self.frames):03d}-{frame.kind}.png").write_bytes(self._png(frame))

    def finish(self, out: TextIO) -> None:
        replay = self.dir / "replay.gif"
        replay.write_bytes(self._replay(self.frames))
        out.write(f"\nBoard images: {len(self.frames)} PNG files and {replay.name} in {self.dir}\n")


def pictures(
    steps: Iterable[tuple[Any, list[Event]]],
    due: Callable[[Any], bool],
    frame: Callable[[Any, list[Event]], Frame],
) -> list[Frame]:
    """The frames of a match's (state after, events) steps: one wherever ``due(state)``, made
    by ``frame(state, events since the previous one)``."""
    out: list[Frame] = []
    pending: list[Event] = []
    for state, events in steps:
        pending.extend(events)
        if due(state):
            out.append(frame(state, pending))
            pending = []
    return out


def board_files(
    out_dir: Path,
    frames: Callable[[list[tuple[Any, list[Event]]]], list[Frame]],
    render_png: Callable[[Any, Sequence[str], str], bytes],
    replay_gif: Callable[..., bytes],
    hold_ms: Mapping[str, int],
    names: Sequence[str],
) -> BoardFiles:
    """A demo's ``--out`` files for a game whose board is ``render_png(view, names, caption)``
    and whose replay is ``replay_gif([(view, caption, ms)...], names=...)``."""
    return BoardFiles(
        out_dir,
        lambda state, events: frames([(state, events)])[0],
        lambda f: render_png(f.view, names, f.caption or ""),
        lambda shots: replay_gif(
            [(f.view, f.caption or "", hold_ms[f.kind]) for f in shots], names=names
        ),
    )
