"""The Simple Soccer adapter of the referee: narration, board images, the coach, typed
commands, statistics.

>>> parse("roll 4 2"), parse("end")
(('roll', {'dice': '4 2'}), ('end', {}))
>>> parse("move 7 e5 f6")
('move', {'member': '7', 'path': ['e5', 'f6']})
>>> parse("kick 7 f6 g6 goal7")
('kick', {'member': '7', 'path': ['f6', 'g6', 'goal7']})
>>> parse("setup G goal7, 1 c3")
('setup', {'layout': 'G goal7, 1 c3'})
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from engine import registry
from engine.core import Action, Decision, Event, MalformedAction
from engine.simplesoccer import clock, levels, winprob
from engine.simplesoccer.field import SIDES
from engine.simplesoccer.rules import describe
from engine.simplesoccer.setup import GOALKEEPER, PRESETS, member_label
from referee.adapter import Game, JSONData, card_colour, chart_marks, half_time
from referee.simplesoccer.narration import (
    SIDE_NAMES,
    caption,
    compass,
    member,
    narrate,
    points,
)
from referee.simplesoccer.tally import tally

# The typed commands for each kind of decision: the terminal's help shows those of the
# decision at hand first, then all of them.
_USAGE = {
    "roll": "roll (the bot rolls) or roll 4 2 (physical dice); tackle 7 e5 before the roll "
    "(advanced rules)",
    "setup": "setup balanced|attacking|defensive, or your own layout: setup G goal7, 1 c3, "
    "2 c11, ...",
    "play": "move 7 e5 f6 (a member, then each square it steps on), kick 7 f6 g6 goal7 (the "
    "ball's squares; a goal square shoots), grab e7 e8 (the goalkeeper, straight steps onto "
    "the ball), end",
    "spot": "spot 4 (where the goalkeeper stands, 1-7 from the kicker's left)",
}
# the advanced rules' typed commands (every one of their choices is numbered too)
_ADVANCED_USAGE = {
    "play": "turn 7 north, rise 7 (or rise 7 west), inertia f6 g6 (the ball rolls on), "
    "fake 7, juggle 7",
    "tackle": "tackle 7 (from where it stands) or tackle 7 e5 (one step first)",
    "call": "call odd or call even (a tackle), call 11 (a curved corner's total)",
    "intercept": "intercept feet|chest|header|bicycle, or let (let the ball pass)",
    "level": "level mild|moderate|extreme",
    "follow": "follow kick|header|bicycle",
    "keep": "keep (the roll stands) or reroll 7 (a skilled fielder rolls again)",
    "face": "face 4 (the die face, in secret)",
    "taker": "taker 7 (who takes the restart)",
    "place": "place e5 (where the goal kick is taken)",
    "reposition": "reposition 7 e5, 3 f6, or ready",
}
_HELP = f"Type a number from the list, or a command: {'; '.join(_USAGE.values())}."
_ADVANCED_HELP = f"Advanced rules: {'; '.join(_ADVANCED_USAGE.values())}."
_FACINGS = {"n": "n", "north": "n", "e": "e", "east": "e", "s": "s", "south": "s", "w": "w"}
_FACINGS["west"] = "w"
_CALLS = ("odd", "even")
_WORD_ARGS = {  # one word from a short list: kind -> (argument, the words)
    "intercept": ("how", ("feet", "chest", "header", "bicycle")),
    "level": ("level", ("mild", "moderate", "extreme")),
    "follow": ("how", ("kick", "header", "bicycle")),
}
_BARE = frozenset({"let", "keep", "ready", "trap", "leave", "header", "bicycle"})
_SQUARE = re.compile(r"[a-z]\d{1,2}|goal\d{1,2}")
_END = {"end", "done", "pass"}


def _path(words: list[str], example: str) -> list[str]:
    """Square names, one per step ("e5 f6", "e5, f6", "e5-f6", "e5 to f6")."""
    names = [w for w in re.split(r"[\s,;>-]+", " ".join(words)) if w and w != "to"]
    if not names:
        raise MalformedAction(f"Name the squares, one per step: {example}.")
    for word in names:
        if not _SQUARE.fullmatch(word):
            raise MalformedAction(
                f"{word!r} is not a square: name squares like a chess board, a letter for the "
                f'column and a number for the row ("e5"), or a goal square ("goal7"). '
                f"For example: {example}."
            )
    return names


def _member_and_path(kind: str, rest: list[str], example: str) -> tuple[str, JSONData]:
    if len(rest) < 2:
        raise MalformedAction(f"Write it like this: {example}.")
    return kind, {"member": member_label(rest[0]), "path": _path(rest[1:], example)}


def parse(text: str) -> tuple[str, JSONData]:
    """A typed Simple Soccer command -> (action kind, args); the engine checks the rest.
    Typed dice stay text: the referee reads them (``typed_dice``)."""
    raw = text.strip()
    words = raw.lower().split()
    if not words:
        raise MalformedAction(_HELP)
    kind, rest = words[0], words[1:]
    if kind == "roll":
        if any(not w.isdigit() for w in " ".join(rest).replace(",", " ").split()):
            raise MalformedAction('Type the dice you rolled as numbers, e.g. "roll 4 2".')
        return "roll", ({"dice": " ".join(rest)} if rest else {})
    if kind in ("setup", "set"):
        if rest and rest[0] == "up":
            rest = rest[1:]
        if not rest:
            raise MalformedAction(f"Write it like this: {_USAGE['setup']}.")
        if len(rest) == 1 and rest[0] in PRESETS:
            return "setup", {"preset": rest[0]}
        layout = raw.split(None, 1)[1]
        layout = re.sub(r"^up\s+", "", layout, flags=re.IGNORECASE)
        return "setup", {"layout": layout}
    if kind == "move":
        return _member_and_path("move", rest, "move 7 e5 f6")
    if kind in ("kick", "shoot", "throw"):
        return _member_and_path("kick", rest, "kick 7 f6 g6 goal7")
    if kind == "grab":
        return "grab", {"path": _path(rest, "grab e7 e8")}
    if kind in _END:
        if rest and rest != ["turn"]:
            raise MalformedAction('Type "end" to end the turn.')
        return "end", {}
    if kind == "spot":
        if len(rest) != 1 or not rest[0].isdigit() or not 1 <= int(rest[0]) <= 7:
            raise MalformedAction("Write it like this: spot 4 (1-7, from the kicker's left).")
        return "spot", {"spot": int(rest[0])}
    found = _advanced(kind, rest, raw)
    if found is not None:
        return found
    raise MalformedAction(f"I do not know {words[0]!r}. {_HELP} {_ADVANCED_HELP}")


def _facing(word: str) -> str:
    facing = _FACINGS.get(word)
    if facing is None:
        raise MalformedAction(f"{word!r} is not a facing: north, east, south or west.")
    return facing


def _advanced(kind: str, rest: list[str], raw: str) -> tuple[str, JSONData] | None:
    """The advanced rules' typed commands (None: not one of them).

    >>> _advanced("turn", ["7", "north"], ""), _advanced("rise", ["g"], "")
    (('turn', {'member': '7', 'facing': 'n'}), ('rise', {'member': 'G'}))
    >>> _advanced("tackle", ["9", "e5"], ""), _advanced("call", ["odd"], "")
    (('tackle', {'member': '9', 'path': ['e5']}), ('call', {'call': 'odd'}))
    >>> _advanced("call", ["11"], ""), _advanced("intercept", ["chest"], "")
    (('call', {'total': 11}), ('intercept', {'how': 'chest'}))
    """
    if kind == "turn":
        if len(rest) != 2:
            raise MalformedAction("Write it like this: turn 7 north.")
        return "turn", {"member": member_label(rest[0]), "facing": _facing(rest[1])}
    if kind in ("rise", "up"):
        if len(rest) not in (1, 2):
            raise MalformedAction("Write it like this: rise 7, or rise 7 west to face west.")
        args: JSONData = {"member": member_label(rest[0])}
        if len(rest) == 2:
            args["facing"] = _facing(rest[1])
        return "rise", args
    if kind == "tackle":
        if len(rest) not in (1, 2):
            raise MalformedAction("Write it like this: tackle 7, or tackle 7 e5 (one step first).")
        path = _path(rest[1:], "tackle 7 e5") if len(rest) == 2 else []
        return "tackle", {"member": member_label(rest[0]), "path": path}
    if kind == "call":
        if len(rest) == 1 and rest[0] in _CALLS:
            return "call", {"call": rest[0]}
        if len(rest) == 1 and rest[0].isdigit():
            return "call", {"total": int(rest[0])}
        raise MalformedAction("Write it like this: call odd, call even, or call 11 at a corner.")
    if kind == "inertia":
        return "inertia", {"path": _path(rest, "inertia f6 g6")}
    if kind in ("fake", "juggle", "taker", "reroll"):
        if len(rest) != 1:
            raise MalformedAction(f"Write it like this: {kind} 7.")
        return kind, {"member": member_label(rest[0])}
    if kind in _WORD_ARGS:
        arg, allowed = _WORD_ARGS[kind]
        if len(rest) != 1 or rest[0] not in allowed:
            raise MalformedAction(f"Write it like this: {kind} {'|'.join(allowed)}.")
        return kind, {arg: rest[0]}
    if kind == "face":
        if len(rest) != 1 or not rest[0].isdigit() or not 1 <= int(rest[0]) <= 6:
            raise MalformedAction("Write it like this: face 4 (a die face, 1-6).")
        return "face", {"face": int(rest[0])}
    if kind == "place":
        (to,) = _path(rest, "place e5")[-1:]
        return "place", {"square": to}
    if kind == "reposition":
        layout = raw.split(None, 1)[1] if len(raw.split(None, 1)) == 2 else ""
        if not layout:
            raise MalformedAction('Write it like this: reposition 7 e5, 3 f6 (or "ready").')
        return "reposition", {"layout": layout}
    if kind in _BARE and not rest:
        return kind, {}
    return None


def describe_undo(action: Action) -> str:
    """A take-back in a player's words.

    >>> describe_undo(Action("west", "move", {"member": "7", "path": ["e5", "f6"]}))
    'a move: number 7 to f6 (2 steps)'
    >>> describe_undo(Action("west", "kick", {"member": "7", "path": "e5 f5 g5 h6"}))
    'a kick: number 7 to h6'
    >>> describe_undo(Action("west", "end", {}))
    'the end of the turn'
    """
    args = action.args
    path = args.get("path") or []
    if isinstance(path, str):
        path = path.replace(",", " ").split()
    to = str(path[-1]) if path else "?"
    who = member(str(args.get("member"))).lower()
    if action.kind == "move":
        steps = f" ({len(path)} steps)" if len(path) > 1 else ""
        return f"a move: {who} to {to}{steps}"
    if action.kind == "kick":
        return f"a kick: {who} to {to}"
    if action.kind == "grab":
        return f"a grab: the goalkeeper to {to}"
    if action.kind == "end":
        return "the end of the turn"
    if action.kind == "turn":
        return f"a turn: {who} to face {compass(args.get('facing'))}"
    if action.kind == "rise":
        return f"getting up: {who}"
    if action.kind == "inertia":
        return f"the ball rolling on to {to}"
    return f"a {action.kind.replace('_', ' ')}"


# -- images ------------------------------------------------------------------------------


def render_png(view: JSONData, names: Sequence[str], events: Sequence[Event] = ()) -> bytes:
    """The field, both teams, the ball, the score, the turn and a short caption of
    ``events`` (a goal, a save, a shot...)."""
    from render.simplesoccer.board import render_png as render  # Pillow only when asked for

    return render(view, names=names, caption=caption(events) or "")


def replay(steps: Sequence[tuple[Any, list[Event]]], names: Sequence[str]) -> bytes | None:
    """The match as an animated GIF: the board after the set-up, every turn and the end."""
    from referee.simplesoccer.frames import HOLD_MS, frames
    from render.simplesoccer.replay import replay_gif

    shots = frames(steps)
    if not shots:
        return None
    return replay_gif([(f.view, f.caption or "", HOLD_MS[f.kind]) for f in shots], names=names)


# -- the match's figures -----------------------------------------------------------------


def _per_side(counts: Sequence[int]) -> str:
    return f"{SIDE_NAMES[0]} {counts[0]}, {SIDE_NAMES[1]} {counts[1]}"


def statistics(events: Sequence[Event]) -> list[str]:
    """Goals, shots, saves, goalkeepers' grabs and the shootout.

    >>> statistics([Event("shot", {"team": 0, "member": "7", "at": [21, 6], "goalie": [21, 6],
    ...                            "distance": 3}),
    ...             Event("goal", {"team": 0, "member": "7", "score": [1, 0]})])
    ['Goals: West 1, East 0', 'Shots: West 1, East 0']
    """
    t = tally(events)
    lines = [f"Goals: {_per_side(t.goals)}"]
    if any(t.shots):
        lines.append(f"Shots: {_per_side(t.shots)}")
    if any(t.saves):
        lines.append(f"Saves: {_per_side(t.saves)}")
    if any(t.grabs):
        lines.append(f"Goalkeeper grabs: {_per_side(t.grabs)}")
    for title, counts in (
        ("Tackles", t.tackles),
        ("Interceptions tried", t.intercepts),
        ("Headers", t.headers),
        ("Fouls", t.fouls),
        ("Balls out of play", t.out_of_bounds),
    ):
        if any(counts):
            lines.append(f"{title}: {_per_side(counts)}")
    if t.shootout is not None:
        scored = [sum(k) for k in t.shootout]
        taken = [len(k) for k in t.shootout]
        lines.append(f"Shootout: West {scored[0]} of {taken[0]}, East {scored[1]} of {taken[1]}")
    return lines


def score(state: Any) -> dict[str, int]:
    return {side: state.score[i] for i, side in enumerate(SIDES)}


def result(state: Any) -> JSONData:
    """The winner, the score and how it ended: "target" (the set score), "full_time" or
    "shootout" (with the kicks scored)."""
    out: JSONData = {
        "winner": SIDES[state.winner] if state.winner >= 0 else None,
        "score": score(state),
        "reason": state.reason or "full_time",
    }
    if state.shootout is not None:
        out["shootout"] = {side: sum(state.shootout["kicks"][i]) for i, side in enumerate(SIDES)}
    return out


def kicked_off(state: Any) -> bool:
    """Play has begun once the first turn's dice are rolled: the roll-off and the set-up can
    still be called off."""
    return state.turns_played > 0 or state.over or state.shootout is not None


def forfeit_goals(state: Any) -> int:
    """An awarded match: the set score's target, else football's 3-0."""
    options = state.options
    return int(options["target"]) if options.get("length") == "score" else 3


def demo(
    seed: int, as_json: bool, out: TextIO, out_dir: Path | None = None, options: str = ""
) -> int:
    """The offline demo (``referee.simplesoccer.demo``): the basic rules, with match options
    typed as "size=small length=score target=3"."""
    from referee.simplesoccer.demo import run_demo

    return run_demo(seed, as_json, out, out_dir, options)


# -- what is pending, and the match at a glance -------------------------------------------

_ROLLS = {
    "rolloff": "for the kick-off",
    "turn": "for the turn",
    "throw": "for the goalkeeper's throw",
    "save": "for the goalkeeper's save",
    "penalty": "for the penalty kick",
    "penalty_save": "for the goalkeeper's save",
}
_TASKS = {
    "setup": "set up the team",
    "spot": "choose where the goalkeeper stands for the penalty",
    # the advanced rules
    "tackle": "tackle, or roll for the turn",
    "call": "make the call before rolling",
    "intercept": "play the kick or let it pass",
    "coordinate": "play the pass on or leave it",
    "trap_or_kick": "trap the ball or kick it on",
    "redirect": "send the ball on",
    "aim": "aim the ball",
    "level": "pick how hard a fake-out to try",
    "follow": "follow up the juggle",
    "keep": "keep the roll or roll again",
    "taker": "pick who takes the restart",
    "place": "place the ball for the goal kick",
    "reposition": "reposition the team or get ready",
    "deflect": "tip the ball away",
    "skills": "spread the skill points",
    "face": "pick the penalty's die face in secret",
}


def task(decision: Decision) -> str:
    """A pending decision in a player's words, to follow "West must first ...".

    >>> task(Decision("west", "roll", "Roll.", dice=2, info={"purpose": "turn"}))
    'roll 2 dice for the turn'
    >>> task(Decision("east", "play", "Your turn.", info={"left": 5, "points": 7}))
    'play the turn: 5 points left'
    >>> task(Decision("east", "intercept", "The kick passes e5: play it or let it pass?"))
    'play the kick or let it pass'
    """
    if decision.dice:
        n = decision.dice
        dice = f"{n} {'die' if n == 1 else 'dice'}"
        purpose = _ROLLS.get(decision.info.get("purpose", ""))
        return " ".join(filter(None, (f"roll {dice}", purpose)))
    if decision.kind == "play":
        return f"play the turn: {points(int(decision.info.get('left', 0)))} left"
    return _TASKS.get(decision.kind, "decide")


def _clock(options: JSONData, view: JSONData) -> str:
    length = options["length"]
    if length == "score":
        target = int(options["target"])
        return f"First to {target} goal{'' if target == 1 else 's'}"
    if length == "timed":
        played = int(float(view.get("elapsed") or 0))
        total = int(options["minutes"]) * 60
        text = f"Time {played // 60}:{played % 60:02d} of {total // 60}:00"
    else:
        text = f"Turn {int(view.get('turns_played') or 0)} of {options['turns']}"
    if options.get("half_time"):
        text += ", second half" if int(view.get("half") or 1) == 2 else ", first half"
    return text


def _ball(view: JSONData) -> str:
    """Where the ball is and who has it at their feet."""
    held = int(view.get("held", -1))
    where = view.get("ball_name") or "?"
    if held >= 0:
        return f"Ball: {where}, held by {SIDE_NAMES[held]}'s goalkeeper"
    ball = view.get("ball")
    if ball is None:
        return "Ball: on the centre spot at the kick-off"
    at = (int(ball[0]), int(ball[1]))
    if not 0 <= at[0] < int(view["field"]["width"]):
        return f"Ball: {where}, crossing the goal line"
    feet = [
        f"{SIDE_NAMES[SIDES.index(f['side'])]}'s "
        + ("goalkeeper" if f["member"] == GOALKEEPER else str(f["member"]))
        for f in view.get("at_feet") or ()
    ]
    return (
        f"Ball: {where}, at the feet of {' and '.join(feet)}" if feet else f"Ball: {where}, loose"
    )


def _now(view: JSONData) -> str:
    """Whose decision it is: the roll-off, the set-up, a turn, a save, the shootout."""
    step = view.get("step") or {}
    k = step.get("k")
    if k == "rolloff":
        return "Rolling to see who kicks off"
    if k == "setup":
        why = {"goal": "after the goal", "half": "for the second half"}.get(step.get("why"), "")
        kicker = SIDE_NAMES[int(step["kickoff"])]
        return " ".join(filter(None, ("Setting up", why))) + f"; {kicker} kicks off"
    if k in ("roll", "play"):
        who = SIDE_NAMES[int(step["team"])]
        turn = view.get("turn")
        if k == "play" and turn:
            return f"{who} to play: {turn['left']} of {points(int(turn['points']))} left"
        n = int(step.get("n", 1))
        dice = f"{n} {'die' if n == 1 else 'dice'}"
        if step.get("throw"):
            return f"{who} to roll {dice} for the goalkeeper's throw"
        return f"{who} to roll for the turn ({dice})"
    if k == "save":
        return f"Shot! {SIDE_NAMES[int(step['team'])]}'s goalkeeper to roll for the save"
    # an advanced rule's step (a call, an interception, a restart...): what it waits for
    for pending in view.get("pending") or ():
        side = pending.get("actor")
        who = SIDE_NAMES[SIDES.index(side)] if side in SIDES else ""
        prompt = str(pending.get("prompt") or "").rstrip(".")
        if who and prompt:
            return f"{who}: {prompt}"
    return ""


def _member_list(
    found: list[tuple[int, str]], extra: dict[tuple[int, str], str] | None = None
) -> str:
    """ "West 7, G; East 4" (with ``extra`` after a member: "7 (2)")."""
    parts = []
    for t in (0, 1):
        labels = [
            label + (f" ({extra[(t, label)]})" if extra and (t, label) in extra else "")
            for team, label in found
            if team == t
        ]
        if labels:
            parts.append(f"{SIDE_NAMES[t]} {', '.join(labels)}")
    return "; ".join(parts)


def advanced_lines(view: JSONData) -> list[str]:
    """The advanced rules of a match in a few words, and what they leave on the field: the
    members lying down, the skill points, the cards (none in a basic match).

    >>> view = {"options": {"advanced": {"tackles": True, "skills": True}}, "members": [
    ...     {"7": {"at": [4, 4], "facing": "e", "down": 3, "skill": 2, "card": "yellow"}},
    ...     {"G": {"at": [20, 6], "facing": "w", "down": 4}}]}
    >>> advanced_lines(view)  # doctest: +NORMALIZE_WHITESPACE
    ['Rules: basic rules with tackles, skills', 'Down: West 7; East G',
     'Skill points: West 7 (2)', 'Cards: West 7 (yellow)']
    """
    settings = (view.get("options") or {}).get("advanced") or {}
    if not any(settings.values()):
        return []
    lines = [f"Rules: {describe(settings)}"]
    members = view.get("members") or [{}, {}]
    every = [(t, label, m) for t, team in enumerate(members) for label, m in team.items()]
    down = [(t, label) for t, label, m in every if m.get("down") is not None]
    if down:
        lines.append(f"Down: {_member_list(down)}")
    skills = {(t, label): str(m["skill"]) for t, label, m in every if m.get("skill")}
    if skills:
        lines.append(f"Skill points: {_member_list(list(skills), skills)}")
    cards = {(t, label): str(m["card"]) for t, label, m in every if m.get("card")}
    if cards:
        lines.append(f"Cards: {_member_list(list(cards), cards)}")
    return lines


def status_lines(view: JSONData) -> list[str]:
    """The match at a glance for ``/simplesoccer status``: the length and clock (the half),
    whose turn it is and its points left, and the ball (who has it at their feet); in the
    shootout, its score."""
    options = view.get("options") or {}
    lines = [_clock(options, view)]
    sh = view.get("shootout")
    if view.get("over"):
        lines.append("Full time")
    if sh is not None:
        kicks = sh["kicks"]
        lines.append(
            f"Penalty shootout: West {sum(kicks[0])} of {len(kicks[0])}, East {sum(kicks[1])} "
            f"of {len(kicks[1])}"
        )
        if not view.get("over"):
            taker = sh.get("taker") or ""
            who = "goalkeeper" if taker == GOALKEEPER else f"number {taker}"
            lines.append(f"{SIDE_NAMES[int(sh['kicker'])]}'s {who} to kick")
        return lines
    if view.get("over"):
        return lines
    now = _now(view)
    if now:
        lines.append(now)
    if (view.get("step") or {}).get("k") not in ("rolloff", "setup"):
        lines.append(_ball(view))
    return lines + advanced_lines(view)


HIGHLIGHTS = frozenset({"goal", "half_time", "full_time", "shootout_start", "over"})


def highlight(event: Event) -> bool:
    """A goal, half time, full time, the shootout's start and result (each kick shows on the
    live board: a shootout does not fill the channel)."""
    return event.kind in HIGHLIGHTS


SIMPLESOCCER_GAME = Game(
    name="simplesoccer",
    title="Simple Soccer",
    ruleset=registry.get("simplesoccer"),
    side_names=dict(zip(SIDES, SIDE_NAMES, strict=True)),
    narrate=narrate,
    render_png=render_png,
    coach=levels.coach,
    chances=winprob.chances,
    chart_marks=chart_marks(SIDES, card_colour("card", "card")),
    chart_tick=half_time,
    result=result,
    score=score,
    kicked_off=kicked_off,
    parse=parse,
    commands=f"{_HELP} {_ADVANCED_HELP}",
    usage={**_ADVANCED_USAGE, **_USAGE, "play": f"{_USAGE['play']}; {_ADVANCED_USAGE['play']}"},
    statistics=statistics,
    replay=replay,
    undoable=frozenset({"move", "kick", "grab", "end", "turn", "rise", "inertia"}),
    describe_undo=describe_undo,
    demo=demo,
    forfeit_goals=forfeit_goals,
    rule_levels={"basic": {}, "advanced": {"rules": "advanced"}},
    task=task,
    status_lines=status_lines,
    highlight=highlight,
    stamp=clock.stamp,  # the timed version's game clock counts each turn's real time
    time_up=clock.time_up,  # and ends a turn on the spot when its clock runs out
)
