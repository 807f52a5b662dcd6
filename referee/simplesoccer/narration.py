"""Simple Soccer events -> short plain-English lines, in a player's words.

Squares are told by their names on the board ("e5"; a goal square "goal7"). A turn's roll,
its moves and kicks each get a line; a shot and the goalkeeper's roll tell what the save
needs and whether it came.

>>> from engine.core import Event
>>> narrate([Event("rolled", {"team": 0, "dice": [5, 2], "points": 7, "why": "ball"})])
['West rolls 5 and 2: 7 points (with the ball).']
>>> narrate([Event("moved", {"team": 0, "member": "7", "squares": ["e5", "e6", "f6"],
...                          "cost": 2, "left": 5})])
['Number 7 moves from e5 to f6 (2 points, 5 left).']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.core.events import Event
from engine.simplesoccer.field import DIRECTION_WORDS
from engine.simplesoccer.setup import GOALKEEPER
from referee.captions import headline

SIDE_NAMES = ("West", "East")
Data = dict[str, Any]


def side(team: int) -> str:
    """A team index as people see it: 0 -> "West", 1 -> "East"."""
    return SIDE_NAMES[team]


def score_text(score: Sequence[int]) -> str:
    """The score as people read it: "1-0" (West first)."""
    return f"{score[0]}-{score[1]}"


def score_line(score: Sequence[int]) -> str:
    """
    >>> score_line([2, 1])
    'West 2-1 East'
    """
    return f"West {score[0]}-{score[1]} East"


def goal_square(sq: Sequence[int]) -> str:
    """A goal square's name: the row it is beside, "goal7"."""
    return f"goal{sq[1] + 1}"


def member(label: str, team: int | None = None) -> str:
    """ "Number 7", "The goalkeeper"; with ``team``: "West's number 7"."""
    if team is None:
        return "The goalkeeper" if label == GOALKEEPER else f"Number {label}"
    return f"{side(team)}'s {'goalkeeper' if label == GOALKEEPER else f'number {label}'}"


def points(n: int) -> str:
    return f"{n} point{'' if n == 1 else 's'}"


def dice_text(dice: Sequence[int]) -> str:
    """ "5 and 2", "4, 4 and 1", "3"."""
    words = [str(d) for d in dice]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + f" and {words[-1]}"


def save_needs(distance: int) -> str:
    """What the goalkeeper's die must show to reach a ball ``distance`` away (Shot on goal):
    at least the distance, and of the same parity.

    >>> save_needs(3), save_needs(5), save_needs(1), save_needs(7)
    ('3 or 5', '5', '1, 3 or 5', 'nothing')
    """
    needs = [str(d) for d in range(1, 7) if d >= distance and (d - distance) % 2 == 0]
    if not needs:
        return "nothing"
    return needs[0] if len(needs) == 1 else ", ".join(needs[:-1]) + f" or {needs[-1]}"


_PENALTY_NEEDS = {
    1: "an odd number catches it, a 6 tips it away",
    2: "only a 6 tips it away",
    3: "only a double six tips it away",
}


# -- single events ---------------------------------------------------------------------


def _rolloff_roll(d: Data) -> str:
    return f"{side(d['team'])} rolls {d['die']} for the kick-off."


def _rolloff(d: Data) -> str:
    a, b = d["dice"]
    if d["winner"] < 0:
        return f"Both roll {a}: roll again."
    return f"West {a}, East {b}: {side(d['winner'])} kicks off."


def _setup(d: Data) -> str:
    preset = d.get("preset")
    how = f"in the {preset} formation" if preset else "in its own layout"
    return f"{side(d['team'])} sets up {how}."


def _kickoff(d: Data) -> str:
    who = side(d["team"])
    if d["why"] == "goal":
        return f"{who} kicks off again."
    if d["why"] == "half":
        return f"Second half: {who} kicks off."
    return f"{who} kicks off."


_WHY = {
    "ball": "with the ball",
    "goalie": "the goalkeeper has the ball",
    "loose": "without the ball",
}


def _rolled(d: Data) -> str:
    who = side(d["team"])
    total = points(d["points"])
    if d["why"] == "throw":
        return f"{who}'s goalkeeper rolls {dice_text(d['dice'])} for the throw: {total}."
    why = _WHY.get(d["why"], "")
    text = (
        f"{who} rolls {d['dice'][0]}"
        if len(d["dice"]) == 1
        else f"{who} rolls {dice_text(d['dice'])}: {total}"
    )
    return text + (f" ({why})." if why else ".")


def _spent(d: Data) -> str:
    return f"{points(d['cost'])}, {d['left']} left"


def _moved(d: Data) -> str:
    start, *_, to = d["squares"]
    return f"{member(d['member'])} moves from {start} to {to} ({_spent(d)})."


def _kicked(d: Data, shot: bool = False) -> str:
    who = member(d["member"])
    if shot:
        verb = "throws the ball at goal" if d.get("throw") else "shoots"
        return f"{who} {verb} ({points(d['cost'])})."
    verb = "throws the ball" if d.get("throw") else "kicks the ball"
    if d.get("slide"):  # Facing: a slide kick puts the kicker down
        verb = "slides in and kicks the ball"
        return (
            f"{who} {verb} from {d['squares'][0]} to {d['squares'][-1]} ({_spent(d)}), and "
            "goes down."
        )
    return f"{who} {verb} from {d['squares'][0]} to {d['squares'][-1]} ({_spent(d)})."


def _grabbed(d: Data) -> str:
    at = d["squares"][-1]
    return f"{side(d['team'])}'s goalkeeper grabs the ball at {at} ({points(d['cost'])})."


def _shot(d: Data) -> str:
    at = goal_square(d["at"])
    dist = d["distance"]
    if d.get("goalie") is None:
        return f"Shot! The ball crosses at {at}: the goal is empty."
    if dist > 6:
        return f"Shot! The ball crosses at {at}; the goalkeeper is {dist} away: no chance."
    return (
        f"Shot! The ball crosses at {at}; the goalkeeper is {dist} away and needs "
        f"{save_needs(dist)}."
    )


def _save_roll(d: Data) -> str:
    verdict = "saved!" if d["saved"] else "goal!"
    return f"{side(d['team'])}'s goalkeeper rolls {d['die']}: {verdict}"


def _no_chance(d: Data) -> str:
    return f"{side(d['team'])}'s goalkeeper cannot reach it."


def _saved(d: Data) -> str:
    return f"{side(d['team'])}'s goalkeeper holds the ball."


def _goal(d: Data) -> str:
    return f"Goal for {side(d['team'])}! {score_text(d['score'])}."


def _turn_end(d: Data) -> str | None:
    who, left = side(d["team"]), d["left"]
    if d["reason"] == "end":
        lost = f" ({points(left)} unused)" if left else ""
        return f"{who} ends the turn{lost}."
    if d["reason"] == "timeout":
        lost = f" ({points(left)} lost)" if left else ""
        return f"{who}'s time is up{lost}."
    return None  # spent, or a shot: the line before says it


def _half_time(d: Data) -> str:
    return f"Half time, {score_text(d['score'])}."


def _full_time(d: Data) -> str:
    return f"Full time, {score_text(d['score'])}."


def _shootout_start(d: Data) -> str:
    return f"A draw: penalty shootout! {side(d['first'])} kicks first."


def _spot_chosen(d: Data) -> str:
    return f"{side(d['team'])}'s goalkeeper picks a spot in secret."


def _penalty(d: Data) -> str:
    kicker = member(d["taker"], d["team"])
    # the advanced shootout: the face picked in secret, shown now
    how = f"shows {d['die']} on the hidden die" if d.get("face") else f"rolls {d['die']}"
    text = (
        f"{kicker} {how} for the penalty: the ball goes to spot {d['ball']}, "
        f"the goalkeeper is at spot {d['spot']}"
    )
    needs = _PENALTY_NEEDS.get(d["distance"])
    return f"{text}: too far to reach it." if needs is None else f"{text} ({needs})."


_RESULTS = {"grab": "catches it!", "deflect": "tips it away!", "miss": "cannot stop it."}


def _penalty_save_roll(d: Data) -> str:
    return (
        f"{side(d['team'])}'s goalkeeper rolls {dice_text(d['dice'])}: "
        f"{_RESULTS.get(d['result'], 'cannot stop it.')}"
    )


def shootout_score(kicks: Sequence[Sequence[bool]]) -> str:
    """
    >>> shootout_score([[True, False], [True]])
    'West 1, East 1'
    """
    return ", ".join(f"{side(t)} {sum(kicks[t])}" for t in (0, 1))


def _penalty_result(d: Data) -> str:
    verdict = "scores" if d["scored"] else "misses"
    return f"{side(d['team'])} {verdict}. Shootout: {shootout_score(d['kicks'])}."


def _over(d: Data) -> str:
    a, b = d["score"]
    if d["winner"] < 0:
        return f"The match ends in a draw, {a}-{b}."
    winner = side(d["winner"])
    if d["reason"] == "shootout":
        return f"{winner} wins the shootout after a {a}-{b} draw."
    return f"{winner} wins {max(a, b)}-{min(a, b)}."


# -- the advanced rules ----------------------------------------------------------------
# Squares in the advanced rules' events are names ("e5") or [x, y] on the board.

_COLUMNS = "abcdefghijklmnopqrstuvwxyz"
_RESTARTS = {
    "throw_in": "a throw-in",
    "corner": "a corner",
    "goal_kick": "a goal kick",
    "free_kick": "a free kick",
    "penalty": "a penalty",
}
_HOW = {"feet": "the feet", "chest": "the chest", "header": "a header", "bicycle": "a bicycle kick"}
# what an interception, header or juggle came to, as the engine names it
_OUTCOMES = {
    "trap": "traps the ball",
    "trapped": "traps the ball",
    "kick": "wins it and kicks on",
    "redirect": "wins it and plays it on",
    "redirected": "wins it and plays it on",
    "poor": "gets a touch, but the ball flies off at random",
    "poor_aim": "gets a touch, but the ball flies off at random",
    "random": "gets a touch, but the ball flies off at random",
    "miss": "misses: the ball goes on",
    "missed": "misses: the ball goes on",
    "through": "misses: the ball goes on",
    "nick": "only nicks it: the ball goes on",
    "straight": "wins it, but the aim is poor",
    "precise": "places it",
    "headed": "heads it on",
    "won": "wins it",
}


def square(value: object) -> str:
    """A square as an event gives it: its name, or [x, y] on the board (an event that may
    name a goal square gives its name: East's goal column depends on the board's size).

    >>> square("e5"), square([4, 4]), square([-1, 6])
    ('e5', 'e5', 'goal7')
    """
    if isinstance(value, str):
        return value
    if isinstance(value, Sequence) and len(value) == 2:
        x, y = int(value[0]), int(value[1])
        return f"goal{y + 1}" if not 0 <= x < len(_COLUMNS) else f"{_COLUMNS[x]}{y + 1}"
    return "?"


def compass(direction: object) -> str:
    """ "ne" -> "north-east"."""
    return DIRECTION_WORDS.get(str(direction), str(direction))


def outcome(result: object) -> str:
    """An interception's or header's result in words."""
    text = str(result or "")
    return _OUTCOMES.get(text, text.replace("_", " "))


def _team_of(d: Data, key: str = "team") -> int:
    return int(d[key])


def _who(d: Data, key: str = "member", team: str = "team") -> str:
    return member(str(d[key]), _team_of(d, team))


def _tackle(d: Data) -> str:
    team = _team_of(d)
    kind = "slide tackle" if d.get("slide") else "tackle"
    victim = member(str(d["opponent"]), 1 - team)
    call = f"called {d['call']}, {d['total']}" if d.get("call") else f"{d['total']}"
    if d.get("won"):
        return f"{_who(d)} wins the ball from {victim} with a {kind} ({call})!"
    return f"{_who(d)} misses the {kind} on {victim} ({call}) and goes down."


def _intercept(d: Data) -> str | None:
    if d.get("how") == "bicycle" and d.get("die") in (3, 5):
        return None  # told with the distance roll: the bicycle and distance lines say it
    how = _HOW.get(str(d.get("how")), str(d.get("how")))
    return f"{_who(d)} tries to intercept with {how}, rolls {d['die']}: {outcome(d['result'])}."


def _header(d: Data) -> str:
    what = "heads a team-mate's pass" if d.get("coordinated") else "goes up for a header"
    return f"{_who(d)} {what}, rolls {d['die']}: {outcome(d['result'])}."


def _foul(d: Data) -> str:
    team = _team_of(d)
    against = d.get("against")
    on = f" on {member(str(against), 1 - team)}" if against is not None else ""
    at = f" at {square(d['at'])}" if d.get("at") is not None else ""
    award = "penalty!" if d.get("penalty") else f"free kick to {side(1 - team)}."
    text = f"Foul by {_who(d)}{on}{at}: {award}"
    card = d.get("card")
    if card:
        text += f" {_card_text(str(card))}"
    return text


def _card_text(card: str) -> str:
    return "A red card: sent off!" if card == "red" else f"A {card} card."


def _card(d: Data) -> str:
    card = str(d["card"])
    verdict = "is sent off with a red card" if card == "red" else f"gets a {card} card"
    return f"{_who(d)} {verdict}."


def _out(d: Data) -> str:
    kind = str(d.get("restart") or "")
    to = d.get("to")
    if to is None:
        to = 1 - _team_of(d) if kind != "corner" else _team_of(d)
    restart = _RESTARTS.get(kind, kind.replace("_", " "))
    return f"Out of play at {square(d['at'])}: {restart} for {side(int(to))}."


def _restart(d: Data) -> str:
    kind = str(d.get("kind") or "")
    restart = _RESTARTS.get(kind, kind.replace("_", " "))
    at = f" from {square(d['at'])}" if d.get("at") is not None else ""
    return f"{side(_team_of(d))} takes {restart}{at}."


def _deflect_roll(d: Data) -> str:
    keeper = f"{side(_team_of(d))}'s goalkeeper"
    text = f"{keeper} rolls {d['die']} to tip it away ({d['total']} in all)"
    if not d.get("deflected"):
        text += ": not enough"
    text += ", and goes down." if d.get("down") else "."
    return text


def _deflected(d: Data) -> str:
    at = f" to {square(d.get('where') or d['at'])}" if d.get("at") is not None else ""
    return f"{side(_team_of(d))}'s goalkeeper tips the ball {compass(d.get('dir'))}{at}."


_LEVELS = {"mild": "a mild", "moderate": "a moderate", "extreme": "an extreme"}
_BONUS = {"mild": 4, "moderate": 8, "extreme": 12}


def _fake(d: Data) -> str:
    level = str(d.get("level") or "")
    team = _team_of(d)
    against = d.get("opponent")
    on = f" on {member(str(against), 1 - team)}" if against is not None else ""
    what = f"{_LEVELS.get(level, level)} fake-out{on}, rolls {d['die']}"
    if d.get("won"):
        bonus = _BONUS.get(level)
        extra = f": {points(bonus)} more for {member(str(d['member'])).lower()}" if bonus else ""
        return f"{_who(d)} tries {what}: it works{extra}!"
    return f"{_who(d)} tries {what}: falls over, the turn ends."


def _juggle(d: Data) -> str:
    dice = d.get("dice") or []
    rolls = f", rolls {dice_text(dice)}" if dice else ""
    if d.get("won"):
        return f"{_who(d)} juggles the ball up{rolls}: it hangs in the air for next turn."
    return f"{_who(d)} tries to juggle the ball{rolls}: it runs loose."


def _skills(d: Data) -> str:
    given = d.get("skills")
    if isinstance(given, dict):
        spread = ", ".join(
            f"{member(str(label)).lower()} {points(int(n))}" for label, n in given.items() if n
        )
    else:
        spread = str(given or "")
    return f"{side(_team_of(d))} gives its skill points: {spread}."


def _reroll(d: Data) -> str:
    dice = d.get("dice") or []
    again = f": {dice_text(dice)}" if dice else ""
    return f"{_who(d)} uses 2 skill points to roll again{again}."


def _face(d: Data) -> str:
    return f"{side(_team_of(d))}'s kicker hides a die face for the penalty."


def _cost(d: Data) -> str:
    """ " (2 points, 5 left)", " (2 points)" or ""."""
    if d.get("cost") is None:
        return ""
    left = f", {d['left']} left" if d.get("left") is not None else ""
    return f" ({points(int(d['cost']))}{left})"


def _turned(d: Data) -> str:
    return f"{_who(d)} turns to face {compass(d.get('facing'))}{_cost(d)}."


def _rose(d: Data) -> str:
    facing = f", facing {compass(d['facing'])}" if d.get("facing") else ""
    return f"{_who(d)} gets back up{facing}{_cost(d)}."


def _inertia(d: Data) -> str:
    squares = d.get("squares") or []
    to = f" to {square(squares[-1])}" if squares else ""
    return f"The ball rolls on{to}{_cost(d)}."


def _tackle_try(d: Data) -> str:
    team = _team_of(d)
    victim = member(str(d["opponent"]), 1 - team)
    moved = d.get("from") is not None and d.get("to") is not None and d["from"] != d["to"]
    step = f" moves to {square(d['to'])} and" if moved else ""
    kind = "a slide tackle" if d.get("slide") else "a tackle"
    return f"{_who(d)}{step} goes for {kind} on {victim}."


def _tackle_call(d: Data) -> str:
    return f"{side(_team_of(d))} calls {d['call']}."


def _let_pass(d: Data) -> str:
    at = f" at {square(d['at'])}" if d.get("at") is not None else ""
    return f"{side(_team_of(d))} lets the ball pass{at}."


def _bicycle(d: Data) -> str:
    what = "a bicycle kick on a team-mate's pass" if d.get("coordinated") else "a bicycle kick"
    if d["result"] == "contact":  # the distance roll tells whether it only nicks the ball
        return f"{_who(d)} tries {what}, rolls {d['die']}: gets a foot to it."
    return f"{_who(d)} tries {what}, rolls {d['die']}: {outcome(d['result'])}."


def _flight_distance(d: Data) -> str:
    return f"{_who(d)} rolls {d['die']} for the distance."


def _nick(d: Data) -> str:
    return f"{_who(d)} only nicks it: the ball goes on."


def _wild(d: Data) -> str:
    return f"The ball flies off {compass(d.get('dir'))}."


def _rolls_on(d: Data) -> str:
    return f"The ball rolls on {compass(d.get('dir'))}, {d['die']} squares."


def _aimed(d: Data) -> str:
    return f"{_who(d)} sends the ball {compass(d.get('dir'))}, {d['squares']} squares."


_PLAYED = {
    "feet": "the ball stops",
    "chest": "the ball drops",
    "header": "the header lands",
    "bicycle": "the bicycle kick lands",
}


def _ball_played(d: Data) -> str:
    what = _PLAYED.get(str(d.get("how")), "the ball stops")
    return f"{what[:1].upper()}{what[1:]} at {square(d.get('where') or d['at'])}."


def _points_back(d: Data) -> str | None:
    if not d.get("points"):
        return None
    return f"{side(_team_of(d))} keeps the {points(int(d['points']))} the ball did not travel."


def _down(d: Data) -> str:
    return f"{_who(d)} is down."


def _skill_points(d: Data) -> str:
    return f"{_who(d)} adds {points(int(d['points']))} of skill this turn."


def _poor_aim(d: Data) -> str:
    return f"A 1 on the dice: a mis-kick! The ball flies {d['total']} squares straight."


_TRAVEL_WHY = {
    "poor_aim": "The mis-kick",
    "long": "The long kick",
    "carry": "The long kick",
    "juggle": "The lost ball",
    "deflect": "The deflection",
    "corner": "The corner",
    "feet": "The touch",
    "header": "The header",
    "bicycle": "The bicycle kick",
}


def _travel(d: Data) -> str:
    what = _TRAVEL_WHY.get(str(d.get("why")), "The ball")
    squares = d.get("squares") or []
    way = compass(d.get("dir"))
    landing = d.get("landing")
    if landing == "out":
        return f"{what} goes {way}, out of play."
    if landing == "goal":
        at = squares[-1] if squares else square(d.get("at"))
        return f"{what} goes {way} into the goal squares at {at}."
    at = square(d.get("at"))
    bounce = ", off a player," if d.get("bounced") else ""
    return f"{what} goes {way}{bounce} to {at}."


def _long_kick(d: Data) -> str:
    return f"{_who(d)} kicks it long, {compass(d.get('dir'))}: one more die for the distance."


def _carry_roll(d: Data) -> str:
    return f"{side(_team_of(d))} rolls {d['die']}: the ball runs on."


def _placed(d: Data) -> str:
    return f"{side(_team_of(d))} places the ball on {square(d['at'])} for the goal kick."


def _taker(d: Data) -> str:
    return f"{_who(d)} takes it, from {square(d['at'])}."


def _contact(d: Data) -> str:
    team = _team_of(d)
    against = member(str(d["against"]), 1 - team)
    verdict = "a foul!" if d.get("foul") else "no foul."
    return f"Contact between {_who(d)} and {against}: rolls {d['die']}, {verdict}"


def _reposition(d: Data) -> str:
    moves = d.get("moves") or {}
    who = side(_team_of(d))
    if not moves:
        return f"{who} is ready."
    placed = ", ".join(f"{label} to {square(at)}" for label, at in moves.items())
    return f"{who} moves {placed}."


def _penalty_awarded(d: Data) -> str:
    return f"Penalty to {side(_team_of(d))}! {member(str(d['taker']))} takes it."


def _pen_save_roll(d: Data) -> str:
    return _penalty_save_roll(d)


def _cleared(d: Data) -> str:
    return f"{_who(d)} leaves the penalty area for {square(d['to'])}."


def _corner_call(d: Data) -> str:
    return f"{side(_team_of(d))} calls {d['total']} to curve the corner in."


def _curved(d: Data) -> str:
    if d.get("right"):
        return f"The dice make {d['total']}, as called: the corner curves straight in!"
    return f"The dice make {d['total']}, not the {d['call']} called: the corner drops short."


def _juggle_drop(d: Data) -> str:
    return f"The ball drops loose, {compass(d.get('dir'))}, {d['squares']} squares."


_FOLLOWS = {"kick": "plays it down to the feet", "header": "heads it", "bicycle": "bicycle-kicks"}


def _follow_up(d: Data) -> str:
    return f"{_who(d)} {_FOLLOWS.get(str(d.get('how')), 'plays it')} after the juggle."


ADVANCED: dict[str, Callable[[Data], str | None]] = {
    "tackle": _tackle,
    "intercept": _intercept,
    "header": _header,
    "foul": _foul,
    "card": _card,
    "out": _out,
    "restart": _restart,
    "deflect_roll": _deflect_roll,
    "deflected": _deflected,
    "fake": _fake,
    "juggle": _juggle,
    "skills": _skills,
    "reroll": _reroll,
    "face_chosen": _face,
    "turned": _turned,
    "rose": _rose,
    "down": _down,
    "inertia": _inertia,
    "tackle_try": _tackle_try,
    "tackle_call": _tackle_call,
    "let_pass": _let_pass,
    "bicycle": _bicycle,
    "flight_distance": _flight_distance,
    "nick": _nick,
    "wild": _wild,
    "rolls_on": _rolls_on,
    "aimed": _aimed,
    "ball_played": _ball_played,
    "points_back": _points_back,
    "skill_points": _skill_points,
    "poor_aim": _poor_aim,
    "travel": _travel,
    "long_kick": _long_kick,
    "carry_roll": _carry_roll,
    "placed": _placed,
    "taker": _taker,
    "contact": _contact,
    "reposition": _reposition,
    "penalty_awarded": _penalty_awarded,
    "pen_kick": _penalty,
    "pen_save_roll": _pen_save_roll,
    "cleared": _cleared,
    "corner_call": _corner_call,
    "curved": _curved,
    "juggle_drop": _juggle_drop,
    "follow_up": _follow_up,
}


def _advanced(kind: str, d: Data) -> str | None:
    """An advanced rule's line; None for an event that does not carry what its line needs
    (the line is left out rather than the whole narration failing)."""
    try:
        return ADVANCED[kind](d)
    except (KeyError, TypeError, ValueError, IndexError):
        return None


_SIMPLE: dict[str, Callable[[Data], str | None]] = {
    "rolloff_roll": _rolloff_roll,
    "rolloff": _rolloff,
    "setup": _setup,
    "kickoff": _kickoff,
    "rolled": _rolled,
    "moved": _moved,
    "kicked": _kicked,
    "grabbed": _grabbed,
    "shot": _shot,
    "save_roll": _save_roll,
    "no_chance": _no_chance,
    "saved": _saved,
    "goal": _goal,
    "turn_end": _turn_end,
    "half_time": _half_time,
    "full_time": _full_time,
    "shootout_start": _shootout_start,
    "spot_chosen": _spot_chosen,
    "penalty": _penalty,
    "penalty_save_roll": _penalty_save_roll,
    "penalty_result": _penalty_result,
    "over": _over,
}
for _kind in ADVANCED:
    _SIMPLE.setdefault(_kind, lambda d, _kind=_kind: _advanced(_kind, d))
FORMATTERS = frozenset(_SIMPLE)


def narrate(events: Sequence[Event]) -> list[str]:
    """Lines for a run of events (all public: the shootout's spot is told only once the kick
    reveals it)."""
    lines: list[str] = []
    kinds = [e.kind for e in events]
    for i, e in enumerate(events):
        d = e.data
        if e.kind == "kicked":
            text: str | None = _kicked(d, shot="shot" in kinds[i + 1 : i + 2])
        elif e.kind == "rolloff_roll" and "rolloff" in kinds[i + 1 :]:
            continue  # the roll-off's line gives both dice
        elif e.kind == "saved" and "save_roll" in kinds[:i]:
            continue  # "saved!" was said
        elif e.kind == "no_chance" and d.get("faked"):
            text = f"{side(d['team'])}'s goalkeeper was faked out: no save."
        elif e.kind == "no_chance" and "shot" in kinds[:i]:
            continue  # the shot's line said so
        elif e.kind in ("header", "bicycle") and kinds[i - 1 : i] == ["intercept"]:
            continue  # the interception's line said so
        elif e.kind == "wild" and "travel" in kinds[i + 1 : i + 2]:
            continue  # the ball's travel says where it went
        elif e.kind == "travel" and kinds[i - 1 : i] == ["deflected"]:
            continue  # the deflection's line said where
        else:
            formatter = _SIMPLE.get(e.kind)
            text = None if formatter is None else formatter(d)
        if text:
            lines.append(text)
    return lines


# -- board captions ----------------------------------------------------------------------

_CAPTION_ORDER = (
    "over",
    "goal",
    "penalty_result",
    "saved",
    "half_time",
    "shootout_start",
    "card",
    "foul",
    "shot",
    "tackle",
    "out",
    "grabbed",
    "kickoff",
    "rolloff",
    "kicked",
    "rolled",
)


def _caption_of(e: Event) -> str | None:
    d = e.data
    if e.kind == "over":
        return _over(d).rstrip(".")
    if e.kind == "goal":
        return f"Goal for {side(d['team'])}! {score_line(d['score'])}"
    if e.kind == "penalty_result":
        verdict = "scores" if d["scored"] else "misses"
        return f"Penalty: {side(d['team'])} {verdict} ({shootout_score(d['kicks'])})"
    if e.kind == "saved":
        return f"Saved by {side(d['team'])}'s goalkeeper"
    if e.kind == "half_time":
        return f"Half time: {score_line(d['score'])}"
    if e.kind == "shootout_start":
        return "Penalty shootout"
    if e.kind == "shot":
        return f"{side(d['team'])} shoots!"
    if e.kind in ("card", "foul", "tackle", "out"):
        return _advanced_caption(e.kind, d)
    if e.kind == "grabbed":
        return f"{side(d['team'])}'s goalkeeper grabs the ball"
    if e.kind == "kickoff":
        return _kickoff(d).rstrip(".")
    if e.kind == "rolloff" and d["winner"] >= 0:
        return f"{side(d['winner'])} wins the roll-off"
    if e.kind == "kicked":
        verb = "throws" if d.get("throw") else "kicks"
        return f"{member(d['member'], d['team'])} {verb} the ball to {d['squares'][-1]}"
    if e.kind == "rolled":
        return f"{side(d['team'])} rolls {dice_text(d['dice'])}: {points(d['points'])}"
    return None


def _advanced_caption(kind: str, d: Data) -> str | None:
    """A card, a foul, a tackle that won the ball, a ball out of play, in a headline."""
    try:
        if kind == "card":
            return f"{str(d['card']).capitalize()} card for {_who(d)}"
        if kind == "foul":
            return f"Foul by {_who(d)}: {'penalty' if d.get('penalty') else 'free kick'}"
        if kind == "tackle":
            return f"{_who(d)} wins the ball with a tackle" if d.get("won") else None
        restart = _RESTARTS.get(str(d.get("restart")), "a restart")
        return f"Out of play: {restart} for {side(int(d['to']))}"
    except (KeyError, TypeError, ValueError):
        return None


def caption(events: Sequence[Event]) -> str | None:
    """A short headline for a board picture of what ``events`` did, or None.

    >>> caption([Event("goal", {"team": 1, "member": "9", "score": [0, 1]})])
    'Goal for East! West 0-1 East'
    """
    return headline(events, _CAPTION_ORDER, _caption_of)
