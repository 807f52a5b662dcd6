"""The two packs of cards: drawing (without replacement, reshuffled when spent, the order
secret), what an Outcome card's section gives (a chance, a penalty, a pass back), and the free
kick a Referee's Decision card awards.

A deck's order is drawn from the match's deck seed: ``random.Random(f"{seed}:{deck}:{k}")``
shuffles all its cards for the k-th pass (the first pass may be scripted by the options).
"""

from __future__ import annotations

import random
from typing import Any

from engine.core.events import Event
from engine.socceristic import landing, restarts, sheet
from engine.socceristic.common import XY, Step, attacking, ball, pitch, square_at, take
from engine.socceristic.halves import begin_move
from engine.socceristic.pitch import DECKS, OutcomeCard, RefereeCard, Result, pitch_of
from engine.socceristic.state import SocceristicState


def shuffled(options: dict[str, Any], deck: str, k: int) -> list[str]:
    """Every card id of ``deck`` in the order of its ``k``-th shuffle."""
    ids = pitch_ids(options, deck)
    random.Random(f"{options['deck_seed']}:{deck}:{k}").shuffle(ids)
    return ids


def pitch_ids(options: dict[str, Any], deck: str) -> list[str]:
    return pitch_of(options).ids(deck)


def new_decks(options: dict[str, Any]) -> dict[str, Any]:
    """Both packs for the first pass: the scripted cards on top (options ``deck_order``),
    then the rest in the order of the seed's first shuffle."""
    out = {}
    for deck in DECKS:
        top = list((options.get("deck_order") or {}).get(deck, []))
        rest = [c for c in shuffled(options, deck, 1) if c not in top]
        out[deck] = {"order": top + rest, "shuffles": 1}
    return out


def draw(s: SocceristicState, deck: str, ev: list[Event]) -> str:
    """The top card's id (the pack is shuffled again first when every card has been used)."""
    pack = s.decks[deck]
    if not pack["order"]:
        pack["shuffles"] += 1
        pack["order"] = shuffled(s.options, deck, pack["shuffles"])
        ev.append(Event("reshuffle", {"deck": deck}))
    return str(pack["order"].pop(0))


def card_data(card: OutcomeCard | RefereeCard, section: str, drawer: int) -> dict[str, Any]:
    """What the card says, as events and the view show it."""
    if isinstance(card, RefereeCard):
        to = drawer if card.to == "mover" else 1 - drawer
        result = {"to": to, "caution": card.caution, "back": card.back}
        return {"text": card.text, "result": result}
    r = card.section(section)
    return {"text": r.text, "result": r.as_dict()}


def h_draw(s: SocceristicState, team: int, args: Step, ev: list[Event]) -> None:
    deck, section = s.step["deck"], s.step["section"]
    card_id = draw(s, deck, ev)
    card = pitch(s).card(deck, card_id)
    s.last_card = {"deck": deck, "id": card_id, "section": section, "team": team}
    s.stats["cards_drawn"][team] += 1
    data = card_data(card, section, team)
    ev.append(
        Event("card_drawn", {"team": team, "deck": deck, "id": card_id, "section": section, **data})
    )
    if isinstance(card, RefereeCard):
        free_kick(s, team, card, ev)
    elif section == "pass_back":
        pass_back(s, team, card.pass_back, ev)
    else:
        shot(s, team, card.section(section), section, ev)


def shot(s: SocceristicState, team: int, r: Result, section: str, ev: list[Event]) -> None:
    """A chance or a penalty for ``team``, at the goal it attacks."""
    end = s.ends[1 - team]
    if r.kind == "goal":
        sheet.goal(s, team, "penalty" if section == "penalty" else "chance", ev)
    elif r.kind == "corner":  # the card does not say the side: the attacking team chooses
        restarts.corner(s, team, None, ev)
    elif r.kind == "goal_kick":
        restarts.goal_kick(s, 1 - team, ball(s)[0], ev)
    elif r.kind == "penalty":
        penalty(s, team)
    else:
        play_on(s, r, end, team, ev)


def penalty(s: SocceristicState, team: int) -> None:
    s.stats["penalties"][team] += 1
    s.step = {"k": "draw", "team": team, "deck": "outcome", "section": "penalty"}


def pass_back(s: SocceristicState, team: int, r: Result, ev: list[Event]) -> None:
    """PASS BACKS: the defending team's back pass to its goalkeeper."""
    end = s.ends[team]
    if r.kind == "goal_kick":  # the keeper gathers it
        restarts.goal_kick(s, team, ball(s)[0], ev)
    elif r.kind == "corner":
        restarts.corner(s, 1 - team, restarts.side_of(s, ball(s)[0]), ev)
    elif r.kind == "own_goal":
        sheet.goal(s, 1 - team, "own_goal", ev)
    else:
        play_on(s, r, end, 1 - team, ev)


def play_on(s: SocceristicState, r: Result, end: str, attack: int, ev: list[Event]) -> None:
    """The card puts the ball on a line at the end being attacked (by ``attack``) and says
    which team has it; the ball lands there."""
    p = pitch(s)
    q = (p.x_of(r.number), p.line_y(end, r.line))
    landing.land(s, q, attack if r.to == "attack" else 1 - attack, ev)


def free_kick(s: SocceristicState, drawer: int, card: RefereeCard, ev: list[Event]) -> None:
    """REFEREE'S DECISION: the free kick, where the card says, and a caution if any."""
    team = drawer if card.to == "mover" else 1 - drawer
    p = pitch(s)
    x, y = ball(s)
    # TYPES OF FREE KICKS: a penalty needs the offence itself in the Penalty Box, so the
    # whistle's square decides it and the card's "back" never takes it out of the box
    spot = offence_in_box(s, team, (x, y))
    if not spot:
        back = -p.away_from(s.ends[team])  # straight back towards the team's own goal
        y = min(max(y + back * card.back, 0), p.height - 1)
    s.ball = [x, y]
    take(s, team)
    s.stats["free_kicks"][team] += 1
    if card.caution:
        s.step = {"k": "shirt", "team": 1 - team, "purpose": "caution", "colour": card.caution}
        s.step.update(kick=team, in_box=spot)
        return
    take_free_kick(s, team, ev, spot)


def offence_in_box(s: SocceristicState, team: int, q: XY) -> bool:
    """Whether an offence at ``q`` gives ``team`` a penalty: a Penalty Box square at the end
    ``team`` attacks."""
    return attacking(s, team, q) and square_at(s, q).zone == "box"


def take_free_kick(
    s: SocceristicState, team: int, ev: list[Event], in_box: bool | None = None
) -> None:
    """TYPES OF FREE KICKS: a penalty (``in_box``: the offence was in the Penalty Box; None:
    decide on the ball's square), a goal-scoring free kick or a plain one."""
    q: XY = ball(s)
    sq = square_at(s, q)
    data = {"team": team, "at": list(q)}
    if offence_in_box(s, team, q) if in_box is None else in_box:
        ev.append(Event("free_kick", {**data, "kind": "penalty"}))
        penalty(s, team)
    elif sq.border in ("bold", "double") or (attacking(s, team, q) and sq.green):
        ev.append(Event("free_kick", {**data, "kind": "chance"}))
        landing.chance(s, team, "free_kick", ev)
    else:  # the text stops here: a plain free kick is a free move of one die
        ev.append(Event("free_kick", {**data, "kind": "plain"}))
        begin_move(s, {"k": "free_roll", "team": team, "why": "free_kick"}, ev)
