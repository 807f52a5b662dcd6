"""The FUBA adapter of the referee: narration, board images, the coach, typed commands.

>>> parse("move 7 8 2 ball")
('move', {'from': 7, 'to': 8, 'count': 2, 'with_ball': True, 'goalkeeper': False})
>>> parse("target 9")
('target', {'area': 9})
>>> parse("continue new turn")
('continue', {'choice': 'new_turn'})
>>> parse("roles 2am owb"), parse("substitute d>m"), parse("pay mid")
(('roles', {'roles': '2am owb'}), ('substitute', {'plan': 'd>m'}), ('pay', {'zone': 'midfield'}))
>>> parse("substitutions")
('substitutions', {})
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from engine import registry
from engine.core import Action, Decision, Event, MalformedAction
from engine.fuba import advanced, levels, moves, winprob
from engine.fuba.board import SIDES
from engine.fuba.decisions import ROLL_PURPOSES, SETUP_FOR
from engine.fuba.formations import fmt
from engine.fuba.state import FubaState
from referee.adapter import Game, JSONData, chart_marks
from referee.fuba.demo import run_demo
from referee.fuba.glance import advanced_lines
from referee.fuba.narration import SIDE_NAMES, clock, describe, narrate

_GK_WORDS = {"gk", "goalkeeper", "keeper"}
_BALL_WORDS = {"ball", "with_ball", "with-ball"}
_SIDE_KINDS = ("penalty", "corner", "kickoff")
_MOVE = "move 7 8 [count] [ball] [gk]"
# The typed commands for each kind of decision: the terminal's help shows those of the
# decision at hand first, then all of them.
_COMMANDS = {
    "target": ("target 9",),
    "move": (_MOVE, "done"),
    "action": ("action goal|move|position|press|aggressive", _MOVE),
    "continue": ("continue second|new_turn",),
    "formation": ("formation 4-4-2",),
    "setup": ("setup 7:2 4:2 6:2 5:2 2:2",),
    "penalty": ("penalty left|middle|right",),
    "corner": ("corner north|south",),
    "kickoff": ("kickoff west|east",),
    "free_kick": ("free_kick shoot|pass",),
    "bring": ("bring 5 [gk]",),
    "remove": ("remove 6",),
    "roll": ("roll 5 2",),
    # the advanced rules' decisions
    "boost": ("boost use|skip",),
    "pay": ("pay defence|midfield|attack",),
    "charge": ("charge", "charge stay"),
    "slow": ("slow", "slow play"),
    "roles": ("roles 2am 1dm acb ws 1owb|none",),
    "substitute": ("substitute fresh|yellow|d>m|m>f|...|done",),
    "replace": ("replace substitute|play_on",),
    "substitutions": ("substitutions",),  # opens a window offered with another decision
    "skills": ("skills clinical finisher, stopper, regista",),  # A11 the secret choice
    "skill": ("skill crossing", "skill wing backs area 5", "skill none"),  # A11 a window
}
_USAGE = {kind: ", ".join(commands) for kind, commands in _COMMANDS.items()}
_HELP = (
    "Type a number from the list, or a command such as: "
    + ", ".join(dict.fromkeys(c for commands in _COMMANDS.values() for c in commands))
    + "."
)


# The advanced rules' typed commands: kind -> (argument, default when none is typed, the
# words a player may type for a value).
_ADVANCED = {
    "boost": ("choice", None, {}),
    "pay": ("zone", None, {"def": "defence", "mid": "midfield", "att": "attack"}),
    "charge": ("choice", "charge", {}),
    "slow": ("choice", "slow", {}),
    "substitute": ("plan", None, {}),
    "replace": ("choice", None, {"sub": "substitute", "play": "play_on", "play_on": "play_on"}),
}
_ALIASES = {"sub": "substitute", "subs": "substitute"}


def _advanced(kind: str, rest: list[str]) -> tuple[str, JSONData]:
    """A typed advanced-rules command -> (action kind, args): "boost use", "pay mid",
    "charge" (or "stay"), "slow play", "substitute d>m", "replace play on"."""
    arg, default, words = _ADVANCED[kind]
    if not rest and default is None:
        raise MalformedAction(f"Write it like this: {_USAGE[kind]}.")
    value = "_".join(rest) if rest else default
    return kind, {arg: words.get(value, value)}


def _int(word: str, what: str) -> int:
    try:
        return int(word)
    except ValueError:
        raise MalformedAction(f"{word!r} is not {what}: write a number, e.g. 7.") from None


def _need(words: list[str], n: int, usage: str) -> None:
    if len(words) < n:
        raise MalformedAction(f"Write it like this: {usage}.")


def parse(text: str) -> tuple[str, JSONData]:
    """A typed FUBA command -> (action kind, args) for the engine, which checks the rest."""
    words = text.strip().lower().split()
    if not words:
        raise MalformedAction(_HELP)
    kind, rest = words[0].replace("-", "_"), words[1:]
    if kind == "stay":  # A5: the goalkeeper stays in goal
        return "charge", {"choice": "stay"}
    kind = _ALIASES.get(kind, kind)
    if kind in _ADVANCED:
        return _advanced(kind, rest)
    if kind == "roles":
        _need(rest, 1, "roles 2am 1dm owb (or roles none)")
        return kind, {"roles": " ".join(rest)}
    if kind == "target":
        _need(rest, 1, "target 9")
        return kind, {"area": _int(rest[0], "an area")}
    if kind == "move":
        _need(rest, 2, "move 7 8 (from, to; then optionally a count, 'ball', 'gk')")
        args: JSONData = {"from": _int(rest[0], "an area"), "to": _int(rest[1], "an area")}
        flags = rest[2:]
        numbers = [w for w in flags if w.isdigit()]
        if numbers:
            args["count"] = int(numbers[0])
        args["with_ball"] = any(w in _BALL_WORDS for w in flags)
        args["goalkeeper"] = any(w in _GK_WORDS for w in flags)
        return kind, args
    if kind == "action":
        _need(rest, 1, "action goal|move|position|press")
        return kind, {"kind": rest[0]}
    if kind in ("goal", "position", "press", "aggressive"):  # shortcuts for "action goal" ...
        return "action", {"kind": kind}
    if kind in ("done", "substitutions"):
        return kind, {}
    if kind == "continue":
        _need(rest, 1, "continue second|new_turn")
        choice = "_".join(rest)
        return kind, {"choice": {"new": "new_turn", "second_actions": "second"}.get(choice, choice)}
    if kind == "formation":
        _need(rest, 1, "formation 4-4-2")
        return kind, {"shape": rest[0]}
    if kind == "setup":
        _need(rest, 1, "setup 7:2 4:2 6:2 5:2 2:2")
        return kind, {"layout": " ".join(rest)}
    if kind in _SIDE_KINDS:
        _need(rest, 1, f"{kind} <side>")
        return kind, {"side": rest[0]}
    if kind == "free_kick":
        _need(rest, 1, "free_kick shoot|pass")
        return kind, {"choice": rest[0]}
    if kind == "bring":
        _need(rest, 1, "bring 5 [gk]")
        return kind, {
            "from": _int(rest[0], "an area"),
            "goalkeeper": any(w in _GK_WORDS for w in rest[1:]),
        }
    if kind == "remove":
        _need(rest, 1, "remove 6")
        return kind, {"area": _int(rest[0], "an area")}
    if kind == "skills":
        _need(rest, 1, "skills clinical finisher, stopper (or skills none)")
        return kind, {"skills": " ".join(rest)}
    if kind == "skill":
        _need(rest, 1, "skill crossing (or skill none)")
        return kind, _skill_args(rest)
    raise MalformedAction(f"I do not know {words[0]!r}. {_HELP}")


# A11 the words after a skill's name that say how to play it
_SKILL_ARGS = {"area": "area", "to": "to", "shape": "shape"}


def _skill_args(rest: list[str]) -> JSONData:
    """`skill wing backs area 5`, `skill gegenpressing aggressive`, `skill trained formation
    change shape 3-5-2` -> the skill action's args (the engine matches the name)."""
    args: JSONData = {}
    name: list[str] = []
    words = iter(rest)
    for word in words:
        if word in _SKILL_ARGS:
            value = next(words, "")
            args[_SKILL_ARGS[word]] = _int(value, "an area") if word != "shape" else value
        elif word == "aggressive":
            args["aggressive"] = True
        else:
            name.append(word)
    return {"name": "_".join(name), **args}


def render_png(view: JSONData, names: Sequence[str], events: Sequence[Event] = ()) -> bytes:
    """The board with a caption of ``events`` (a goal: its banner and the shot's arrow)."""
    # Pillow only when images are asked for
    from referee.fuba.frames import caption_text, shot_area
    from render.fuba.board import Caption
    from render.fuba.board import render_png as render

    caption = None
    goal = next((e for e in reversed(events) if e.kind == "goal"), None)
    if goal is not None:
        text = describe(goal) or "GOAL!"
        caption = Caption(text, goal.data["team"], shot_area(list(events)))
    elif events:
        prefix = clock(int(view.get("minute", 0)), int(view.get("stoppage", 0)))
        text = caption_text(prefix, list(events))
        if not text.endswith(": "):
            caption = Caption(text)
    return render(view, names=names, caption=caption)


_COUNTED = {
    "goal_attempt": "shots",
    "penalty_kick": "shots",
    "corner_kick": "corners",
    "yellow_card": "yellow cards",
    "red_card": "red cards",
}


def statistics(events: Sequence[Event]) -> list[str]:
    """Shots, corners, cards and possession (turns begun with the ball) of a whole match.

    >>> from engine.core import Event
    >>> statistics([Event("goal_attempt", {"team": 1}), Event("control", {"team": 0}),
    ...             Event("control", {"team": 1}), Event("control", {"team": 1})])
    ['Shots: West 0, East 1', 'Possession: West 1 turn (33%), East 2 turns (67%)']
    """
    counts: dict[str, list[int]] = {}
    turns = [0, 0]
    for event in events:
        if event.kind == "control" and not event.data.get("rebound"):
            turns[event.data["team"]] += 1
        what = _COUNTED.get(event.kind)
        if what is not None:
            counts.setdefault(what, [0, 0])[event.data["team"]] += 1
    lines = [
        f"{what.capitalize()}: West {counts[what][0]}, East {counts[what][1]}"
        for what in dict.fromkeys(_COUNTED.values())
        if what in counts
    ]
    total = sum(turns)
    if total:
        parts = [
            f"{name} {n} turn{'' if n == 1 else 's'} ({round(100 * n / total)}%)"
            for name, n in zip(SIDE_NAMES, turns, strict=True)
        ]
        lines.append("Possession: " + ", ".join(parts))
    return lines


def replay(steps: Sequence[tuple[FubaState, list[Event]]], names: Sequence[str]) -> bytes | None:
    """The match as an animated GIF: the board after every turn and goal, and at the end."""
    from referee.fuba.frames import FrameRecorder
    from render.fuba.replay import HOLD_MS, replay_gif

    if not steps:
        return None
    recorder = FrameRecorder()  # the spectators' view
    frames = [frame for state, events in steps for frame in recorder.feed(state, events)]
    frames.append(recorder.finish(steps[-1][0]))
    return replay_gif(((f.view, f.caption, HOLD_MS[f.kind]) for f in frames), names=names)


def score(state: FubaState) -> dict[str, int]:
    return {side: state.score[i] for i, side in enumerate(SIDES)}


def result(state: FubaState) -> JSONData:
    west, east = state.score
    winner = None if west == east else SIDES[0] if west > east else SIDES[1]
    return {"winner": winner, "score": score(state), "reason": "full_time"}


def kicked_off(state: FubaState) -> bool:
    return state.half > 1 or state.minute > 0 or any(state.turns)


CARD_MARKS = {"yellow_card": "yellow", "red_card": "red"}  # the card events, by colour


def chart_tick(event: Event) -> str | None:
    """Half time on the chart's time axis."""
    return "HT" if event.kind == "half_end" and event.data["half"] == 1 else None


def demo(
    seed: int, as_json: bool, out: TextIO, out_dir: Path | None = None, options: str = ""
) -> int:
    """The offline demo (``referee.fuba.demo``; Pillow only when images are asked for)."""
    return run_demo(seed, as_json, out, out_dir, options)


def describe_undo(action: Action) -> str:
    """A move taken back, in the words of the move choices.

    >>> describe_undo(Action("west", "move", {"from": 7, "to": 6, "count": 2}))
    'a move: 2 players 7 -> 6'
    >>> describe_undo(Action("east", "move", {"from": 9, "to": 8, "with_ball": True}))
    'a move: a player 9 -> 8 with the ball'
    >>> describe_undo(Action("west", "move", {"from": 2, "to": 1, "goalkeeper": True}))
    'a move: the goalkeeper 2 -> 1'
    """
    args = action.args
    if action.kind != "move":
        return f"a {action.kind.replace('_', ' ')}"
    count = args.get("count", 1)
    who = "a player" if count == 1 else f"{count} players"
    if args.get("goalkeeper"):
        who = "the goalkeeper"
    ball = " with the ball" if args.get("with_ball") else ""
    return f"a move: {who} {args.get('from')} -> {args.get('to')}{ball}"


_TASKS = {
    "formation": "choose a formation",
    "kickoff": "choose who starts with the ball",
    "target": "choose the target area",
    "bring": "bring the closest player to the ball",
    "action": "choose an action",
    "continue": "choose second actions or a new turn",
    "free_kick": "choose to shoot or to play the ball from the free kick",
    "corner": "choose the corner to take the kick from",
    "penalty": "choose a side for the penalty kick",
    "remove": "choose the outfield player who leaves (red card)",
    "boost": "decide whether to use a condition point",
    "pay": "choose the zone whose condition points pay",
    "charge": "decide whether the goalkeeper charges out",
    "slow": "decide whether to slow the game down",
    "roles": "choose the player roles",
    "substitute": "make substitutions (or done)",
    "replace": "decide whether to replace the injured player",
    "skills": "choose the skills",  # A11
    "skill": "decide whether to play a skill",
}
_MOVES = {
    moves.ACTION: "make the moves of the movement action (or done)",
    moves.ADJUST: "adjust the setup (or done)",
    moves.GK_CT: "move players for the goal kick (or done)",
    moves.GK_DT: "move players for the goal kick (or done)",
    moves.QUICK_CT: "move players for the quick free kick (or done)",
    moves.QUICK_DT: "move players for the quick free kick (or done)",
    moves.EASY: "move a player in the easy situation (or done)",
}


def task(decision: Decision) -> str:
    """A pending decision in a player's words, to follow "West must first ...".

    >>> task(Decision("west", "roll", "Roll a die for the kick-off.", dice=1,
    ...               info={"purpose": "kickoff"}))
    'roll 1 die for the kick-off'
    >>> task(Decision("east", "kickoff", "You won the roll: who starts with the ball?"))
    'choose who starts with the ball'
    >>> task(Decision("west", "setup", "Set up.", info={"kind": "free_kick"}))
    'set up the players for the free kick'
    """
    kind, info = decision.kind, decision.info
    if decision.dice:
        n = decision.dice
        purpose = ROLL_PURPOSES.get(info.get("purpose", ""))
        return " ".join(filter(None, (f"roll {n} {'die' if n == 1 else 'dice'}", purpose)))
    if kind == "formation" and not decision.open_ended:
        return "keep or change the formation for the second half"
    if kind == "setup":
        names = {**SETUP_FOR, "goal_kick": "the goal kick"}
        restart = names.get(info.get("kind", ""), "the restart")
        return f"set up the players for {restart}"
    if kind == "move":
        return _MOVES.get(info.get("mode", ""), "make the moves (or done)")
    return _TASKS.get(kind, "decide")


def _cards(yellows: int, reds: int) -> str:
    said = [(yellows, "yellow"), (reds, "red")]
    return ", ".join(f"{n} {colour}{'s' if n > 1 else ''}" for n, colour in said if n)


def status_lines(view: JSONData) -> list[str]:
    """The match at a glance for ``/fuba status``: the clock, the ball, the cards and the
    formations; a formation chosen but not yet revealed only in its own side's view.

    >>> view = FUBA_GAME.ruleset.view(FubaState(), "west")
    >>> view["agenda"] = [{"k": "formation", "picks": [[4, 4, 2], "hidden"], "halftime": False}]
    >>> status_lines(view)[-1]
    "West's formation (secret until both have chosen): 4-4-2"
    """
    agenda = view.get("agenda") or []
    if view.get("over"):
        lines = ["Full time"]
    elif agenda and agenda[0].get("k") == "formation" and agenda[0].get("halftime"):
        lines = ["Half time"]  # the second half's formations are being chosen
    else:
        half = "1st" if view["half"] == 1 else "2nd"
        lines = [f"{half} half, {clock(view['minute'], view['stoppage'])}"]
    control = view["control"]
    who = f"{SIDE_NAMES[control]} has it" if control in (0, 1) else "nobody has it yet"
    lines.append(f"Ball: area {view['ball']}, value {view['value']}, {who}")
    cards = [
        f"{SIDE_NAMES[t]} {_cards(view['yellows'][t], view['reds'][t])}"
        for t in (0, 1)
        if view["yellows"][t] or view["reds"][t]
    ]
    if cards:
        lines.append("Cards: " + "; ".join(cards))
    shapes = view.get("formations") or [None, None]
    if all(isinstance(shape, list) for shape in shapes):
        lines.append(
            "Formations: " + ", ".join(f"{SIDE_NAMES[t]} {fmt(shapes[t])}" for t in (0, 1))
        )
    lines += advanced_lines(view)
    for step in agenda:
        if step.get("k") != "formation":
            continue
        # 2.1: chosen in secret; the view holds only the viewer's own choice
        for t, pick in enumerate(step["picks"]):
            if isinstance(pick, list):
                which = "second-half formation" if step.get("halftime") else "formation"
                lines.append(
                    f"{SIDE_NAMES[t]}'s {which} (secret until both have chosen): {fmt(pick)}"
                )
    return lines


# The events a match report keeps: goals, cards, penalties (awarded and taken).
HIGHLIGHTS = frozenset(
    {"goal", "yellow_card", "red_card", "sent_off", "penalty_awarded", "penalty_kick"}
)


def highlight(event: Event) -> bool:
    """A goal, a card, a penalty, or half time (the final whistle has its own report)."""
    return event.kind in HIGHLIGHTS or (event.kind == "half_end" and event.data["half"] == 1)


FUBA_GAME = Game(
    name="fuba",
    title="FUBA",
    ruleset=registry.get("fuba"),
    side_names=dict(zip(SIDES, SIDE_NAMES, strict=True)),
    narrate=narrate,
    render_png=render_png,
    coach=levels.coach,
    chances=winprob.chances,
    chart_marks=chart_marks(SIDES, lambda event: CARD_MARKS.get(event.kind)),
    chart_tick=chart_tick,
    result=result,
    score=score,
    kicked_off=kicked_off,
    parse=parse,
    commands=_HELP,
    usage=_USAGE,
    statistics=statistics,
    replay=replay,
    # Every movement is a "move" (free movements, the movement action, dribbling, setup
    # adjustments, the moves of goal kicks and quick free kicks): a player may take them back
    # until something else is logged. Dice, targets, actions named and "done" are barriers.
    undoable=frozenset({"move"}),
    describe_undo=describe_undo,
    demo=demo,
    task=task,
    status_lines=status_lines,
    highlight=highlight,
    # a league's "advanced" level plays every advanced rule
    rule_levels={"basic": {}, "advanced": {"advanced": list(advanced.ALL)}},
)
