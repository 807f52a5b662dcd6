"""What the dice games' demos and replays share: a board picture of a match (``Frame``) and the
numbered PNG files plus replay GIF that ``bot.py demo --out DIR`` writes (``BoardFiles``).
Each game says which moments get a picture and draws them (``referee.<game>.frames``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
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
