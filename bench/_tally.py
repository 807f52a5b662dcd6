"""Match results from one player's point of view, for the coach benches."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Tally:
    """Wins, losses and draws with the goals for and against, and the seeds played."""

    wins: int = 0
    losses: int = 0
    draws: int = 0
    goals_for: int = 0
    goals_against: int = 0
    seeds: list[int] = field(default_factory=list)

    @property
    def decided(self) -> int:
        return self.wins + self.losses

    @property
    def matches(self) -> int:
        return self.decided + self.draws

    def win_pct(self) -> float:
        return 100.0 * self.wins / self.decided if self.decided else 0.0

    def record(self, mine: int, theirs: int, outcome: int) -> None:
        """One match: its goals and ``outcome`` (1 won, -1 lost, 0 drawn)."""
        self.goals_for += mine
        self.goals_against += theirs
        if outcome > 0:
            self.wins += 1
        elif outcome < 0:
            self.losses += 1
        else:
            self.draws += 1
