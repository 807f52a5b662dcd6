"""A per-ruleset adapter (``Game``): everything the shared referee needs to know about one game.

Each game's package builds one (``referee/<game>/game.py``); ``referee.games`` registers them.
The referee, the terminal and the cogs never branch on the ruleset themselves: narration, board
images, the automatic coach, typed commands and the final result all come from the adapter.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TextIO

from engine.core import Action, Decision, Event, Ruleset, parse_typed
from engine.leagues import DEFAULT_FORFEIT_SCORE

if TYPE_CHECKING:
    from engine.core.winprob import Chances

JSONData = dict[str, Any]


class Policy(Protocol):
    """An automatic player: the action for a pending non-dice decision."""

    def choose(self, state: Any, decision: Decision) -> Action: ...


class CoachMaker(Protocol):
    """A game's automatic players by level (``engine.core.levels.LEVELS``): a new one for a
    seed; ``budget`` is the seconds a thinking coach (``thinks``) may take per decision."""

    def __call__(self, seed: int, level: str = "normal", budget: float = 1.0) -> Policy: ...


def thinks(policy: Policy) -> bool:
    """Whether ``policy``'s decisions may take long (the strong level's search): the referee
    then has them made off the event loop (``referee.thinking``)."""
    return bool(getattr(policy, "thinks", False))


def card_colour(kind: str, key: str) -> Callable[[Event], str | None]:
    """The colour of a card that an event of ``kind`` holds in its ``data[key]``, None for any
    other event (for ``chart_marks``)."""
    return lambda event: event.data.get(key) if event.kind == kind else None


def chart_marks(
    sides: Sequence[str], colour: Callable[[Event], str | None] = lambda event: None
) -> Callable[[Event], tuple[str, str] | None]:
    """``Game.chart_marks`` for a game whose events name the side's index as ``team``: a
    "goal", and a yellow or red card (``colour(event)``; no cards by default), by side."""

    def marks(event: Event) -> tuple[str, str] | None:
        if event.kind == "goal":
            return sides[event.data["team"]], "goal"
        card = colour(event)
        if card == "yellow" or card == "red":
            return sides[event.data["team"]], card
        return None

    return marks


def half_time(event: Event) -> str | None:
    """``Game.chart_tick`` for a game with a "half_time" event: "HT" on the chart's time axis."""
    return "HT" if event.kind == "half_time" else None


@dataclass(frozen=True, slots=True)
class Game:
    """One ruleset as the referee sees it.

    - ``narrate(events)``: plain-English lines for a run of engine events.
    - ``render_png(view, names, events)``: the board image of a view (called off the event
      loop); ``names`` are the players' display names in ``ruleset.sides`` order; ``events``
      (public: those narrated) may give it a caption.
    - ``coach(seed, level, budget)``: a new automatic player of that level ("easy", "normal",
      "strong"; normal by default), thinking at most ``budget`` seconds a decision.
    - ``chances(view)``: each side's chance to win from a spectator's view (``Chances``), or
      None when the game has no estimate for it; none by default.
    - ``chart_marks(event)``: (side, "goal" | "yellow" | "red") for an event the full-time
      chart of the chances marks, None for any other; none by default.
    - ``chart_tick(event)``: a label ("HT") for an event the chart's time axis shows (half
      time), None for any other; none by default.
    - ``side_names``: each side as people see it ("west" -> "West").
    - ``result(state)``: the final result of a finished match: at least ``winner`` (a side, or
      None for a draw) and ``score`` (side -> goals).
    - ``score(state)``: side -> goals at any moment.
    - ``kicked_off(state)``: whether play proper has begun (a match can be aborted before).
    - ``parse(text)``: a typed command ("target 9", "move 7 8") -> (action kind, args); raises
      ``MalformedAction`` with a player-readable message.
    - ``commands``: the typed commands explained in a few lines (terminal ``help``).
    - ``usage``: the typed commands for each kind of decision ("target": "target 9"), which
      the terminal's ``help`` shows first for the decision at hand; none by default.
    - ``statistics(events)``: lines of match statistics from all the events of a match
      (shots, corners...), shown at the final whistle; none by default.
    - ``replay(steps, names)``: an animated image (GIF bytes) of a whole match from its
      (state after, events) steps as spectators see it, or None when the game has none.
    - ``undoable``: the action kinds a player may take back (``Referee.undo``) while nothing
      else has been logged since: no dice, no other decision. None by default.
    - ``describe_undo(action)``: what taking ``action`` back is called ("a move: 2 players
      7 -> 6"), for the narration of an undo.
    - ``typed_dice(state, text, n)``: physical dice typed by a player ("5 2") -> the ``n`` die
      values of the roll action; by default numbers only (a game whose dice show symbols
      also reads those, with the faces of the match in ``state``).
    - ``dice_hint``: a sentence on other ways to type physical dice (symbols), or "".
    - ``demo(seed, as_json, out, out_dir, options)``: a whole coach-vs-coach match narrated to
      ``out`` (``python3 bot.py demo --game NAME``) under the rules of the text ``options``
      ("advanced -weather", "" for the basic rules; ``RulesError`` for rules the game does not
      have); returns an exit code. None: the game has none.
    - ``forfeit_goals(state)``: the winner's goals when a match is awarded (a league forfeit,
      a resignation while not ahead); by default football's 3-0.
    - ``rule_levels``: the match options each level of rules ("basic", "advanced") stands for
      in a league; a level the game lacks is missing (basic only by default).
    - ``task(decision)``: what a pending decision asks for, in a player's words, to follow
      "West must first ..." ("choose who starts with the ball", "roll 1 die for the
      kick-off"); never an engine step name.
    - ``status_lines(view)``: the match at a glance for ``/<game> status``, a few short lines
      from a view (``Ruleset.view``: a player's own secrets only in their view): the clock,
      the ball, cards... never the score (the caller shows it with the names). None by default.
    - ``highlight(event)``: whether a public event stays in the match's history as a message of
      its own (a goal, a card, a penalty, half time); goals by default.
    - ``stamp(state, action, now)``: the action as the referee logs it, given the time now (UTC
      seconds since the epoch): a game whose clock runs in real time (Simple Soccer's timed
      version) writes the time into it, so replays count the same time. Unchanged by default.
    - ``time_up(state, side)``: what the referee does for ``side`` when its turn clock runs out,
      when the rules say (Simple Soccer's timed version ends the turn on the spot); None by
      default: the waiting player may then claim the win or let the coach play.
    - ``seeded_rules(rules, seed)``: a new match's rules options given its secret seed, for a
      game whose engine draws its own chance from it (Socceristic's shuffled decks); the rules
      unchanged by default.
    """

    name: str
    title: str
    ruleset: Ruleset[Any]
    side_names: dict[str, str]
    narrate: Callable[[list[Event]], list[str]]
    render_png: Callable[[JSONData, Sequence[str], Sequence[Event]], bytes]
    coach: CoachMaker
    result: Callable[[Any], JSONData]
    score: Callable[[Any], dict[str, int]]
    kicked_off: Callable[[Any], bool]
    parse: Callable[[str], tuple[str, JSONData]]
    commands: str
    statistics: Callable[[Sequence[Event]], list[str]] = field(default=lambda events: [])
    replay: Callable[[Sequence[tuple[Any, list[Event]]], Sequence[str]], bytes | None] = field(
        default=lambda steps, names: None
    )
    undoable: frozenset[str] = frozenset()
    describe_undo: Callable[[Action], str] = field(
        default=lambda action: f"a {action.kind.replace('_', ' ')}"
    )
    typed_dice: Callable[[Any, str, int], list[int]] = field(
        default=lambda state, text, n: parse_typed(text, n)
    )
    dice_hint: str = ""
    demo: Callable[[int, bool, TextIO, Path | None, str], int] | None = None
    forfeit_goals: Callable[[Any], int] = field(default=lambda state: DEFAULT_FORFEIT_SCORE)
    rule_levels: dict[str, JSONData] = field(default_factory=lambda: {"basic": {}})
    task: Callable[[Decision], str] = field(default=lambda decision: "decide")
    usage: dict[str, str] = field(default_factory=dict)
    status_lines: Callable[[JSONData], list[str]] = field(default=lambda view: [])
    highlight: Callable[[Event], bool] = field(default=lambda event: event.kind == "goal")
    stamp: Callable[[Any, Action, float], Action] = field(default=lambda state, action, now: action)
    time_up: Callable[[Any, str], Action | None] = field(default=lambda state, side: None)
    seeded_rules: Callable[[JSONData, int], JSONData] = field(default=lambda rules, seed: rules)
    chances: Callable[[JSONData], Chances | None] = field(default=lambda view: None)
    chart_marks: Callable[[Event], tuple[str, str] | None] = field(default=lambda event: None)
    chart_tick: Callable[[Event], str | None] = field(default=lambda event: None)

    def side_name(self, side: str) -> str:
        return self.side_names.get(side, side)

    def score_text(self, result: JSONData) -> str:
        """A final result's score as players read it, "" without one: "West 2 - East 1", and
        for a draw settled by penalties (a ``shootout`` in the result) ", 3-1 on penalties".

        >>> from engine.fuba import FUBA
        >>> game = Game("g", "G", FUBA, {"west": "West", "east": "East"}, None, None, None,
        ...             None, None, None, None, "")
        >>> game.score_text({"score": {"west": 0, "east": 0},
        ...                  "shootout": {"west": 3, "east": 1}})
        'West 0 - East 0, 3-1 on penalties'
        """
        score = result.get("score")
        if not score:
            return ""
        text = " - ".join(f"{self.side_name(s)} {g}" for s, g in score.items())
        shootout = result.get("shootout")
        if shootout:
            text += ", " + "-".join(str(shootout[s]) for s in score) + " on penalties"
        return text
