"""Socceristic events -> short plain-English lines, readable without the rulebook.

Rolls made together (the toss, a tackle) are told in the line that decides them; a tackle and
its injury check share a line; a chance at goal is told with the roll or the card that made it.

>>> from engine.core import Event
>>> narrate([Event("arrow", {"team": 0, "die": 4, "direction": "NE", "from": [5, 8],
...                           "to": [9, 4]})])
['Home rolls 4: the ball runs 4 squares north-east.']
>>> narrate([Event("card_drawn", {"team": 0, "deck": "outcome", "id": "O7",
...     "section": "chance", "text": "Tipped over the bar",
...     "result": {"kind": "corner", "text": "Tipped over the bar"}})])
["Outcome card: 'Tipped over the bar' - corner to Home."]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.core.events import Event
from engine.socceristic.pitch import DIRECTION_WORDS
from referee.captions import headline

SIDE_NAMES = ("Home", "Away")
Data = dict[str, Any]


def side(team: int) -> str:
    """A team index as people see it: 0 -> "Home", 1 -> "Away"."""
    return SIDE_NAMES[int(team)]


def score_line(score: Sequence[int]) -> str:
    """The score as people read it.

    >>> score_line([2, 1])
    'Home 2-1 Away'
    """
    return f"Home {score[0]}-{score[1]} Away"


def a_side(team: int) -> str:
    """A team with its article: "a Home", "an Away"."""
    name = side(team)
    return f"{'an' if name[0] in 'AEIOU' else 'a'} {name}"


def player(shirt: int, name: str | None = None) -> str:
    """A player by shirt and name: "No. 9 Ann Lee", or "No. 9" when the squad has no name.

    >>> player(9, "Ann Lee"), player(7, "No. 7"), player(4)
    ('No. 9 Ann Lee', 'No. 7', 'No. 4')
    """
    number = f"No. {shirt}"
    return number if not name or name == number else f"{number} {name}"


def direction(code: str | None) -> str:
    """A direction's words ("NE" -> "north-east")."""
    return DIRECTION_WORDS.get(str(code), str(code))


def squares(n: int) -> str:
    return f"{n} square{'' if n == 1 else 's'}"


def _dice(dice: Sequence[int]) -> str:
    """Two dice as read out: "3 and 5"."""
    return " and ".join(str(d) for d in dice)


# -- what a card says -------------------------------------------------------------------


def _gets(section: str, drawer: int, result: Data) -> str:
    """What an Outcome card's result gives, in a few words: "corner to Home". The drawer
    attacks for a chance or a penalty, and defends its own goal for a pass back."""
    kind = result.get("kind")
    attacker = 1 - drawer if section == "pass_back" else drawer
    defender = 1 - attacker
    if kind == "goal":
        return "GOAL!"  # the goal's event adds who scores and the score
    if kind == "own_goal":
        return f"an own goal by {side(defender)}!"
    if kind == "corner":
        return f"corner to {side(attacker)}."
    if kind == "goal_kick":
        return f"goal kick to {side(defender)}."
    if kind == "penalty":
        return f"PENALTY to {side(attacker)}!"
    if kind == "play":
        holder = attacker if result.get("to") == "attack" else defender
        return (
            f"play on, {side(holder)} has the ball on the {result.get('line')} line at "
            f"column {result.get('number')}."
        )
    return f"{kind}."


def _referee_card(d: Data) -> str:
    result = d.get("result") or {}
    awarded = int(result.get("to", d["team"]))
    text = f"Referee's decision: '{d['text']}' - free kick to {side(awarded)}"
    back = int(result.get("back") or 0)
    if back:
        text += f", {squares(back)} back"
    caution = result.get("caution")
    if caution:
        text += f", and a {caution} card for {a_side(1 - awarded)} player"
    return text + "."


def _card_drawn(d: Data) -> str:
    if d["deck"] == "referee":
        return _referee_card(d)
    what = {"penalty": "Penalty kick", "pass_back": "Pass back"}.get(d.get("section", ""), "")
    head = f"{what}, outcome card" if what else "Outcome card"
    result = d.get("result") or {}
    words = result.get("text") or d.get("text") or ""
    quoted = f": '{words}'" if words else ""
    return f"{head}{quoted} - {_gets(d.get('section', ''), int(d['team']), result)}"


# -- single events ----------------------------------------------------------------------


def _toss(d: Data) -> str:
    a, b = d["dice"]
    if int(d["winner"]) < 0:
        return f"Toss: {a} each, both roll again."
    winner = side(d["winner"])
    return (
        f"Toss: Home {a}, Away {b}: {winner} kicks off the first half, "
        f"{side(1 - int(d['winner']))} chooses an end."
    )


def _ends(d: Data) -> str:
    ends = d["ends"]
    return (
        f"{side(d['team'])} chooses to defend the {d['end']} end: Home defends {ends[0]}, "
        f"Away {ends[1]}."
    )


def _half_start(d: Data) -> str:
    half = "First half" if int(d["half"]) == 1 else "Second half"
    ends = d.get("ends") or ["?", "?"]
    changed = " The teams have changed ends:" if int(d["half"]) == 2 else ""
    return (
        f"{half}: {side(d['team'])} kicks off.{changed} Home defends the {ends[0]} end, "
        f"Away the {ends[1]}."
    )


def _kickoff(d: Data) -> str:
    return (
        f"{side(d['team'])} kicks off and rolls {d['die']}: the ball is passed to square "
        f"{d['die']} on the centre line."
    )


def _arrow(d: Data, out: bool = False) -> str:
    who = side(d["team"])
    if d.get("to") is None:  # a 1 or 2 in the zone: no move
        return f"{who} rolls {d['die']} on an arrow in the Lighter Green Zone: a chance at goal!"
    if out:
        return f"{who} rolls {d['die']}: the ball runs {direction(d['direction'])} off the pitch."
    return f"{who} rolls {d['die']}: the ball runs {squares(d['die'])} {direction(d['direction'])}."


_CHANCES = {
    "zone": "{who} has the ball in the Lighter Green Zone: a chance at goal!",
    "arrow": "{who} rolls 1 or 2 on an arrow in the Lighter Green Zone: a chance at goal!",
    "bold": "A square with a bold border: a chance at goal for {who}!",
    "pass_back": "{who} reaches a pass-back square while attacking: a chance at goal!",
    "free_kick": "A free kick at goal for {who}!",
}


def _chance(d: Data) -> str:
    return _CHANCES.get(d.get("how", ""), "A chance at goal for {who}!").format(who=side(d["team"]))


_MOVES = {
    "free": "{who} rolls {die} and plays the ball {n} {dir}.",
    "free_kick": "{who} takes the free kick: rolls {die}, {n} {dir}.",
    "throw_in": "The throw-in goes {n} {dir}.",
}


def _move(d: Data) -> str:
    n = int(d.get("steps", d["die"]))
    text = _MOVES.get(d.get("why", "free"), _MOVES["free"])
    return text.format(
        who=side(d["team"]), die=d["die"], n=squares(n), dir=direction(d["direction"])
    )


def _lost(d: Data) -> str:
    return f"{side(d['team'])} loses the ball: {side(1 - int(d['team']))} takes possession."


def _tackle(d: Data, injury: Data | None) -> str:
    a, b = d["dice"]
    head = "Bounce-up on the centre spot!" if d.get("bounce") else "Tackle!"
    text = f"{head} Home {a} - Away {b}: {side(d['winner'])} wins it"
    if d.get("tie"):
        text += " (a tie goes to the side without the ball)"
    if injury is not None:
        text += f", {_injury_words(injury)}"
    return text + "."


def _injury_words(d: Data) -> str:
    total = d.get("total", sum(d["dice"]))
    if d.get("hurt"):
        return f"and {a_side(d['team'])} player is hurt ({_dice(d['dice'])}: {total})"
    return f"and {side(d['team'])}'s injury check is clear ({_dice(d['dice'])}: {total})"


def _injury_check(d: Data) -> str:
    words = _injury_words(d).removeprefix("and ")
    return words[0].upper() + words[1:] + "."


def _substitution(d: Data) -> str:
    who = side(d["team"])
    off = player(d["shirt"], d.get("off"))
    if d.get("on") is None:
        return f"{who}'s {off} is injured but plays on: no substitutes left."
    return f"{who} substitution: {player(d['on_shirt'], d['on'])} comes on for {off} (injured)."


def _reshuffle(d: Data) -> str:
    deck = "Outcome cards" if d["deck"] == "outcome" else "Referee's Decision cards"
    return f"The {deck} are all used: the pack is shuffled again."


def _free_kick(d: Data) -> str:
    who = side(d["team"])
    kind = d.get("kind")
    if kind == "penalty":
        return f"PENALTY to {who}!"
    if kind == "chance":
        return f"A free kick at goal for {who}!"
    return f"Free kick to {who}."


def _caution(d: Data) -> str:
    who = f"{side(d['team'])}'s {player(d['shirt'], d.get('name'))}"
    if d.get("colour") == "red":
        why = " (a second yellow)" if d.get("second_yellow") else ""
        return f"RED CARD for {who}{why}!"
    return f"Yellow card for {who}."


_RESTARTS = {"throw_in": "a throw-in", "goal_kick": "a goal kick", "corner": "a corner"}


def _out(d: Data) -> str:
    where = "Over the side line" if d["restart"] == "throw_in" else "Over the goal line"
    return f"{where}: {_RESTARTS[d['restart']]} to {side(1 - int(d['team']))}."


def _throw_in(d: Data) -> str:
    who = side(d["team"])
    if d.get("direction") is None:
        return f"{who} takes the throw-in and rolls {d['die']}: the ball stays by the line."
    n = int(d.get("steps", int(d["die"]) - 1))
    return (
        f"{who} takes the throw-in and rolls {d['die']}: {squares(n)} {direction(d['direction'])}."
    )


def _goal_kick(d: Data) -> str:
    who, dice = side(d["team"]), d["dice"]
    to = d.get("to")
    if to is None:
        stand = "west" if dice[0] == 1 else "east"
        return (
            f"{who}'s goal kick: double {dice[0]}, a throw-in to {side(1 - int(d['team']))} "
            f"on the {stand} side of the centre line."
        )
    total = sum(dice)
    if d.get("purpose") == "place":
        return f"{who}'s goal kick: {_dice(dice)}, placed at column {total} on the ODD line."
    return f"{who} kicks it upfield: {_dice(dice)}, {squares(total)} from the ODD line."


def _corner(d: Data) -> str:
    return f"Corner to {side(d['team'])} on the {d['side']} side."


def _corner_roll(d: Data) -> str:
    who, dice, result = side(d["team"]), d["dice"], d["result"]
    head = f"{who}'s corner: {_dice(dice)}"
    if result == "goal_kick":
        return f"{head}, off an attacker: goal kick to {side(1 - int(d['team']))}."
    if result == "again":
        return f"{head}, off a defender: another corner."
    if result == "goal":
        return f"{head}: straight in from the corner!"
    return f"{head}, the ball drops on the {d['line']} line at column {d['column']}."


def _goal(d: Data) -> str:
    return f"GOAL! {side(d['team'])} scores: {score_line(d['score'])}."


def _scorer(d: Data) -> str:
    who = f"{player(d['shirt'], d.get('name'))} ({side(d['team'])})"
    return f"Own goal by {who}." if d.get("own_goal") else f"Scored by {who}."


def _half_time(d: Data) -> str:
    return f"HALF TIME: {score_line(d['score'])}. The teams change ends."


def _full_time(d: Data) -> str:
    a, b = d["score"]
    winner = int(d.get("winner", -1))
    if winner < 0:
        return f"FULL TIME: a {a}-{b} draw."
    return f"FULL TIME: {side(winner)} wins, {score_line(d['score'])}."


def _rolls_for(what: str) -> Callable[[Data], str]:
    """A lone roll of one team's die, the other still to roll: "Home rolls 4 for the toss"."""
    return lambda d: f"{side(d['team'])} rolls {d['die']} for the {what}."


_SIMPLE = {
    "toss_roll": _rolls_for("toss"),
    "toss": _toss,
    "ends": _ends,
    "half_start": _half_start,
    "kickoff": _kickoff,
    "chance": _chance,
    "move": _move,
    "lost": _lost,
    "tackle_roll": _rolls_for("tackle"),
    "injury_check": _injury_check,
    "substitution": _substitution,
    "card_drawn": _card_drawn,
    "reshuffle": _reshuffle,
    "free_kick": _free_kick,
    "caution": _caution,
    "out": _out,
    "throw_in": _throw_in,
    "goal_kick": _goal_kick,
    "corner": _corner,
    "corner_roll": _corner_roll,
    "goal": _goal,
    "scorer": _scorer,
    "half_time": _half_time,
    "full_time": _full_time,
}

# Every event kind the engine emits, each told (alone or within another's line).
FORMATTERS = frozenset({*_SIMPLE, "arrow", "tackle"})

_DECIDED_BY = {"toss_roll": "toss", "tackle_roll": "tackle"}


def narrate(events: Sequence[Event]) -> list[str]:
    """Lines for a run of events (all public: the decks' order never shows in an event)."""
    lines: list[str] = []
    kinds = [e.kind for e in events]
    i, n = 0, len(events)
    while i < n:
        e, d = events[i], events[i].data
        nxt = events[i + 1] if i + 1 < n else None
        if e.kind in _DECIDED_BY and _DECIDED_BY[e.kind] in kinds[i + 1 :]:
            pass  # told with the roll that decides it
        elif e.kind == "arrow":
            lines.append(_arrow(d, nxt is not None and nxt.kind == "out"))
            told = d.get("to") is None and nxt is not None and nxt.kind == "chance"
            i += 2 if told else 1  # the chance it made is in its line
            continue
        elif e.kind == "tackle":
            injury = nxt.data if nxt is not None and nxt.kind == "injury_check" else None
            lines.append(_tackle(d, injury))
            i += 2 if injury is not None else 1
            continue
        elif e.kind == "chance" and _told_chance(events, i):
            pass  # the free kick at goal was just told
        elif e.kind == "free_kick" and d.get("kind") == "plain" and _after_referee_card(events, i):
            pass  # the card's line has just said who has the free kick
        elif e.kind == "move" and d.get("why") == "throw_in" and "throw_in" in kinds[:i]:
            pass  # the throw-in's line says where it went
        elif e.kind == "corner" and i > 0 and events[i - 1].kind == "out":
            lines[-1] = lines[-1].removesuffix(".") + f", from the {d['side']} side."
        elif e.kind == "goal" and lines and lines[-1].endswith("GOAL!"):
            lines[-1] += _goal(d).removeprefix("GOAL!")  # the card's line: who scores
        else:
            text = _SIMPLE.get(e.kind)
            if text is not None:
                lines.append(text(d))
        i += 1
    return lines


def _told_chance(events: Sequence[Event], i: int) -> bool:
    """A chance from a free kick at goal, told by the free kick's line just before."""
    prev = events[i - 1] if i > 0 else None
    return (
        events[i].data.get("how") == "free_kick"
        and prev is not None
        and prev.kind == "free_kick"
        and prev.data.get("kind") == "chance"
    )


def _after_referee_card(events: Sequence[Event], i: int) -> bool:
    """A free kick straight after the Referee's Decision card that gave it."""
    prev = events[i - 1] if i > 0 else None
    return prev is not None and prev.kind == "card_drawn" and prev.data.get("deck") == "referee"


# -- captions ---------------------------------------------------------------------------


def _caption_of(e: Event) -> str | None:
    d = e.data
    if e.kind == "full_time":
        return _full_time(d).rstrip(".")
    if e.kind == "half_time":
        return f"Half time: {score_line(d['score'])}"
    if e.kind == "goal":
        how = {"penalty": " (penalty)", "corner": " (corner)", "own_goal": " (own goal)"}
        return (
            f"GOAL for {side(d['team'])}{how.get(d.get('how', ''), '')}! {score_line(d['score'])}"
        )
    if e.kind == "caution":
        return _caution(d).rstrip(".!")
    if e.kind == "free_kick":
        return _free_kick(d).rstrip(".!")
    if e.kind == "chance":
        return f"A chance at goal for {side(d['team'])}"
    if e.kind == "card_drawn":
        return _card_drawn(d).rstrip(".!")
    if e.kind == "tackle":
        head = "Bounce-up" if d.get("bounce") else "Tackle"
        return f"{head}: {side(d['winner'])} wins it"
    if e.kind == "substitution":
        return _substitution(d).rstrip(".")
    if e.kind == "out":
        return _out(d).rstrip(".")
    if e.kind == "corner":
        return _corner(d).rstrip(".")
    if e.kind == "half_start":
        return f"{'First' if int(d['half']) == 1 else 'Second'} half: {side(d['team'])} kicks off"
    if e.kind == "toss" and int(d["winner"]) >= 0:
        return f"{side(d['winner'])} wins the toss"
    return None


_CAPTION_ORDER = (
    "full_time",
    "half_time",
    "goal",
    "caution",
    "card_drawn",
    "free_kick",
    "chance",
    "substitution",
    "tackle",
    "corner",
    "out",
    "half_start",
    "toss",
)


def caption(events: Sequence[Event]) -> str | None:
    """A short headline for a board picture of what ``events`` did, or None.

    >>> caption([Event("goal", {"team": 1, "how": "corner", "score": [0, 1]})])
    'GOAL for Away (corner)! Home 0-1 Away'
    """
    return headline(events, _CAPTION_ORDER, _caption_of)
