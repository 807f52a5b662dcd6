"""Short explanations of the FUBA rules for `/fuba help topic:`, in the project's own words.

Pure data; section numbers refer to the FUBA rulebook (3rd edition) as used in
docs/rules-fuba.md, which has the full notes and every interpretation the engine makes. The
lookup is shared (``cogs.play.topics``).
"""

from __future__ import annotations

from cogs.play.topics import AUTOCOMPLETE_LIMIT, EMBED_DESCRIPTION_LIMIT, Topic, TopicBook
from engine.fuba import advanced
from engine.fuba.skills import catalog

__all__ = [
    "AUTOCOMPLETE_LIMIT",
    "BOOK",
    "EMBED_DESCRIPTION_LIMIT",
    "TOPICS",
    "find_topic",
    "matching_topics",
    "unknown_topic_message",
]

_TOPICS = (
    Topic(
        "turn",
        "A game turn",
        "4",
        "The team with the ball (the controlling team) drives every turn:\n"
        "1. **Target** - it picks the area the ball goes to; that fixes the ball value.\n"
        "2. **Game situation** - it rolls two dice: the clock moves, the control check decides "
        "who has the ball, the dice set the new ball value and who acts first.\n"
        "3. **Actions** - each team makes one action (goal attempt, movement, positioning or "
        "pressing), the first one may start with free movements.\n"
        "4. **Second actions or new turn** - the team now in control decides, unless the "
        "defenders have more players at the ball.\n"
        "Topics: `target`, `control check`, `actions`.",
    ),
    Topic(
        "target",
        "Stage 1: choosing the target area",
        "4.1.1, 4.1.1.1",
        "The controlling team passes to an area where it has a player (goalkeeper included) or "
        "to an area next to one; keeping the ball in its area is allowed too. Corner spots are "
        "never targets.\n"
        "An area is refused when the players there would be offside, and an empty area is "
        "refused when every neighbouring area with own players is offside. Corner kicks, goal "
        "kicks and backward passes are exempt from that offside check.\n"
        "Each legal target comes with the ball value it would get (see `ball value`); a target "
        "worth more than 6 is not allowed.",
    ),
    Topic(
        "ball value",
        "Ball value",
        "1.3.1, 4.1.2",
        "The ball value (1-6, shown on the die on the board) is how hard the ball is to keep. "
        "When a target is chosen it starts from the current value and changes:\n"
        "- **-1** when the defenders have nobody in the start area (not at free kicks, corners "
        "or goal kicks);\n"
        "- **+1** for each area the pass flies over, and +1 on a long pass into an area holding "
        "six or more players of both teams;\n"
        "- **-1** when the passing team outnumbers the defenders in the target, **+1** the other "
        "way round.\n"
        "The result is at least 1; a target above 6 cannot be chosen. After the control check "
        "the dice give the new value (see `control check`).",
    ),
    Topic(
        "control check",
        "Stage 2: control check and the new ball value",
        "4.2.2, 4.2.3, 4.2.4",
        "The controlling team rolls two dice. It keeps the ball when **either die is at least "
        "the ball value**; otherwise the defenders win it.\n"
        "**Easy situation:** both dice are too low but the defenders have nobody in or next to "
        "the target: the ball is kept anyway, and the defenders may move one player one area.\n"
        "If the team with the ball has nobody in the target, its closest player moves there.\n"
        "**New value:** the lower die when the pass stayed in or next to the start area and the "
        "team already had a player in the target, otherwise the higher die.\n"
        "**Order:** with both dice at least the value the passing team acts first, otherwise the "
        "other team.",
    ),
    Topic(
        "actions",
        "The action stage",
        "4.3, 4.3.2",
        "After the control check each team makes one action, in the order the dice decided:\n"
        "- **Goal attempt** - the team with the ball, from a shooting area (`goal attempt`);\n"
        "- **Movement** - move players (`movement`, `dribbling`);\n"
        "- **Positioning** - change the ball value in your favour (`positioning`);\n"
        "- **Pressing** - the defenders try to win the ball (`pressing`).\n"
        "A team's first action may start with free movements (`free movements`). Afterwards the "
        "team in control chooses second actions or a new turn; it has no choice when the "
        "defenders have more players in the ball's area. A second action must differ from the "
        "team's first one and has no free movements.",
    ),
    Topic(
        "free movements",
        "Free movements",
        "4.3.1",
        "Before naming its first action, a team may move some players one area for free:\n"
        "- one player from each area where it outnumbers the opponent (the goalkeeper may be "
        "that player);\n"
        "- one outfield player from each goal-line area, straight away from that goal line;\n"
        "- its goalkeeper back into its own box from a neighbouring area.\n"
        "What is allowed is counted when the action begins, each player moves for free at most "
        "once, and the team with the ball may not move into an offside position this way "
        "(except straight backwards, along the same row). A free movement does not stop the "
        "player moving again in a movement action.",
    ),
    Topic(
        "movement",
        "Movement action",
        "4.5",
        "The team rolls two dice and may make as many moves as the **lower die**, but at least "
        "as many as its formation has players for the zone the ball is in (defence, midfield "
        "or attack, seen from that team). With nobody in that position of the formation the "
        "lower die counts one less.\n"
        "Each move takes one player to a neighbouring area; each player moves at most once in "
        "the action. One of the moves may be a dribble (`dribbling`). The team with the ball "
        "may not move into offside unless it moves straight backwards along the same row, and "
        "its last player at the ball cannot walk away from it. The team may stop early.",
    ),
    Topic(
        "dribbling",
        "Dribbling",
        "4.5.2, 4.5.3",
        "Once per movement action the team with the ball may dribble: a player who has not "
        "moved this turn (the goalkeeper too) takes the ball from its area to a neighbouring "
        "area. The ball's area must hold no defender. The dribble counts as one of the moves "
        "and leaves the ball value unchanged; a dribbler is never offside.\n"
        "A player who made a free movement, or who was brought to the target area this turn, "
        "cannot dribble. The team's last player in the ball's area cannot leave without the "
        "ball.",
    ),
    Topic(
        "positioning",
        "Positioning",
        "4.6",
        "Positioning moves the ball value in your favour. Roll two dice:\n"
        "- **defenders** raise the value one step for each die above it;\n"
        "- **the team with the ball** lowers it one step for each die below it.\n"
        "Outnumbering the other team in the ball's area gives one more step even when the dice "
        "gave none, up to two steps in all. With nobody of your own in the ball's area you get "
        "one step less (never below zero). The value always stays between 1 and 6.",
    ),
    Topic(
        "pressing",
        "Pressing",
        "4.7",
        "The defenders may press when they have at least as many players in the ball's area as "
        "the team with the ball. Roll two dice:\n"
        "- **one die below the value** - they win the ball; the higher die is the new value;\n"
        "- **both dice below** - they win the ball; the lower die is the new value;\n"
        "- **otherwise** - the pressure still tells: the value drops by one (never below 1).",
    ),
    Topic(
        "goal attempt",
        "Goal attempt",
        "4.4, 4.4.1, 4.4.2",
        "The team with the ball may shoot from an area entirely in the opponent's half, and "
        "from the halfway areas too when the opposing keeper has left his box.\n"
        "It rolls one die and adds modifiers: the shooting area, who outnumbers whom in the "
        "shooting area and in the box, and +4 when the keeper is out. Compared with the ball "
        "value: **above** is a goal, **equal** a corner, **one less** a rebound if the shooter "
        "has someone in the box; anything else is a goal kick. When even a 6 would fall short, "
        "a 6 earns a second roll.\n"
        "**Rebound:** both teams roll one die and add their players in the box (the defenders "
        "without their keeper). Attackers higher: goal; equal: corner; else the defenders take "
        "the ball in their box, and the ball value is the die the shooters rolled.",
    ),
    Topic(
        "offside",
        "Offside",
        "5.1",
        "An attacker's area is offside when it is entirely in the defenders' half, is not the "
        "centre, and lies nearer their goal line than both the ball's area and the area of "
        "their second-last player (goalkeeper included), with no overlap in either case.\n"
        "Offside stops a team from passing to such an area and from moving its players there "
        "(free movements and movement actions); passing **backwards** is always allowed, and "
        "so is moving a player **straight backwards** along the same row (north 1-4-8-11, "
        "middle 2-5-7-9-12, south 3-6-10-13); a dribbler is never offside. Defenders and "
        "repositioning at restarts are not limited. Offside attackers in the box do not count "
        "for a goal attempt.",
    ),
    Topic(
        "free kick",
        "Free kick",
        "5.2",
        "A free kick is taken in the area where the foul happened: the fouled team gets the "
        "ball with value 2 and one minute is added. In the opponent's box it is a penalty "
        "instead.\n"
        "**Quick free kick** (area at least partly in the kicking team's half): no setup; the "
        "kicking team moves any players one area each, then the opponent up to as many.\n"
        "Otherwise both teams set up (`setup`), then the kicking team either **shoots** "
        "directly (from a shooting area, value 2) or **passes** to start a normal turn.\n"
        "In the basic rules fouls do not happen, so free kicks come with the advanced rules.",
    ),
    Topic(
        "corner",
        "Corner kick",
        "5.3",
        "A shot that just misses gives a corner. It is taken from the corner spot on the side "
        "the shot came from, or the kicking team chooses north or south. One minute is added "
        "and the ball value is 2.\n"
        "Both teams set up (`setup`); the bot places the taker on the spot and nobody else may "
        "stand on a spot. The turn starts with a target chosen from the spot, without the "
        "start-area reduction and without offside. The taker steps into the corner area when "
        "the actions begin and cannot dribble in that turn.",
    ),
    Topic(
        "goal kick",
        "Goal kick",
        "5.4",
        "A missed shot gives the defenders a goal kick. One minute is added, the ball goes to "
        "their box with value 2, and every outfield player in that box (and the opposing "
        "keeper) moves out to the area in front of it.\n"
        "The kicking team then moves any of its players one area each; the other team may move "
        "up to the same number, or four, whichever is more. Then a new turn starts without the "
        "start-area reduction and without offside on the pass.",
    ),
    Topic(
        "penalty",
        "Penalty kick",
        "5.5",
        "A foul in the box gives a penalty. Both teams set up: the bot places the taker in the "
        "box, no other attacker may stand there, and only the defending keeper stays in it.\n"
        "Then the keeper secretly picks a side to dive to (left, middle or right, seen from the "
        "keeper), and the taker secretly picks where to shoot. The choices are revealed "
        "together and one die decides: if the keeper guessed right only a 6 scores, "
        "otherwise almost any die scores (a 2 at most is needed). A miss gives the defenders a "
        "goal kick. A penalty adds one minute but does not count as a turn.",
    ),
    Topic(
        "cards",
        "Yellow and red cards",
        "5.6",
        "A card test rolls one die for the offending team: 4, 5 or 6 is a yellow card, and so "
        "is a 3 when the play was at least partly in the team's own half. A second yellow, or "
        "a 6, leads to a red test: a player is sent off when that die is lower than the "
        "team's yellow cards (one more after a 6). A red card takes away yellow cards, and "
        "the team chooses which outfield player leaves (never the keeper); it plays on with "
        "one fewer.\n"
        "Cards come from fouls, which belong to the advanced rules: in basic play nobody is "
        "booked.",
    ),
    Topic(
        "time",
        "Time and stoppage time",
        "4.2.1",
        "The time marker moves by the difference of the two dice at every control check; on a "
        "double it moves by the value of one die (a special event). One extra minute is added "
        "when a goal, a free kick, a corner, a goal kick or a penalty happens, except in "
        "stoppage time.\n"
        "A move past minute 45 stops on the first stoppage square. From then on, a dice "
        "difference lower than the square the marker stands on (a double counts as 0) ends "
        "the half; otherwise the marker moves one square on, and the fifth square ends the "
        "half too. When the ball is going into a box, the turn is played out first. After the "
        "first half both teams may change formation, then the other team kicks off.",
    ),
    Topic(
        "setup",
        "Kick-off and setting up",
        "3.2, 3.3, 3.3.1",
        "Both teams roll a die; the higher one (ties roll again) chooses who starts with the "
        "ball.\n"
        "Every setup has three steps: the team with the ball places its ten outfield players, "
        "then the other team, then the team with the ball may shift up to two players one area "
        "each. The goalkeeper always starts in its own box. A layout lists area:count pairs "
        "such as `7:2 4:2 6:2 5:2 2:2`.\n"
        "**Kick-off:** ball in the centre (area 7) with value 2; every player stands in an area "
        "at least partly in its own half (west 1-7, east 7-13), and the kicking team has at "
        "least two players in the centre.",
    ),
    Topic(
        "formations",
        "Formations",
        "2.1, 2.2",
        "Before kick-off both teams secretly choose a formation: defenders, midfielders and "
        "forwards adding up to ten, such as 4-4-2. The eight formation cards are suggested; "
        "any split of ten works, even one with zero in a position. Both choices are revealed "
        "together.\n"
        "The formation matters in movement actions: a team must move at least as many players "
        "as it has in the position matching the ball's zone (defence, midfield or attack). At "
        "half time each team may keep its shape or move one player to another position, again "
        "secretly.",
    ),
)

# The advanced rules (match options: `/fuba challenge rules:advanced`, `options:`), one topic
# each; sections A1-A13 are the rulebook's advanced chapters.
_ADVANCED = (
    Topic(
        "advanced",
        "Advanced rules",
        "A1-A11, A13",
        "A challenge with `rules:advanced` plays every advanced rule; `options:` switches single "
        "ones on or off, read left to right: `advanced -weather -var`, or just `condition "
        "pressing`. Player roles and aggressive pressing are paid with condition points, so "
        "they need `condition` too. The board and `/fuba status` say which rules are on.\n"
        "Topics: `condition`, `roles`, `substitutions`, `injuries`, `goalkeeper charge`, "
        "`aggressive pressing`, `offside risk`, `slowing`, `weather`, `var`, `special events`, "
        "and `skills` (chosen with `skills:`).",
    ),
    Topic(
        "condition",
        "Condition points and tiredness",
        "A1",
        "Each team starts with condition points per zone: one per defender, midfielder and "
        "forward of its formation (roles move some between zones). A point buys the higher die "
        "for a movement action, one more step for a positioning action (limits still apply), "
        "or aggressive pressing; the dice are seen before deciding. It comes from the zone the "
        "ball is in, or two points from a zone next to it.\n"
        "When the clock jumps 5 minutes or more outside stoppage time, both teams roll two "
        "dice times ten: below the game time, they lose a point. A team left with none is "
        "tired for the rest of the match: one player fewer per position when it moves, and "
        "one defender fewer in the offside line.",
    ),
    Topic(
        "roles",
        "Player roles",
        "A2",
        "With its formation a team may name roles in secret, which shift condition points "
        "between zones:\n"
        "- `am` attacking midfielder: one point from midfield to attack each;\n"
        "- `dm` defending midfielder: one point from midfield to defence each;\n"
        "- `acb` one attacking centre-back: one point from defence to midfield;\n"
        "- `ws` one withdrawn striker: one point from attack to midfield;\n"
        "- `owb` up to two offensive wing backs: one point from defence to attack each.\n"
        "Type them like `2am 1dm owb` (or `none`) with `/fuba choose`; they are shown when the "
        "formations are.",
    ),
    Topic(
        "substitutions",
        "Substitutions",
        "A3",
        "Three substitutions a match. At the end of a turn with the ball in midfield the team "
        "with the ball may substitute, and then its opponent may too; at a new setup (kick-off, "
        "goal kick, corner, free kick) both may, the team with the ball first. All of them are "
        "announced before any dice. Each one is:\n"
        "- a **fresh player**: two dice times ten; above the game time one condition point, "
        "else two (at most 6 in a zone, 10 in all);\n"
        "- a **booked player** off: one yellow card goes;\n"
        "- a **formation change**: one player to another position from the next turn.\n"
        "In the second half the last two also add a condition point.",
    ),
    Topic(
        "injuries",
        "Injuries",
        "A4",
        "An injured team takes a player off at once, from the ball's area or next to it (else "
        "the nearest one), and rolls a die. With 1-4 the player is out for that many minutes "
        "of game time and comes back at the end of a turn in the centre circle area. With 5-6 "
        "he is out for good: the team may bring on a substitute straight away if it has one "
        "left (a condition point in the second half). An injured goalkeeper stays: another "
        "player goes, and the opponent adds 1 to every later goal attempt. Cold and storm add "
        "1 to injury rolls.",
    ),
    Topic(
        "goalkeeper charge",
        "Goalkeeper charge",
        "A5",
        "When the ball is played into a penalty area, its goalkeeper may rush out: the "
        "defending team decides at the end of stage 1, after the ball value is set. The ball "
        "value goes up by one (never above 6), but the attackers add 1 to their goal attempts "
        "this turn. No charge when the pass starts in that same box, "
        "nor for the team blinded by first-half sunshine.",
    ),
    Topic(
        "aggressive pressing",
        "Aggressive pressing",
        "A6",
        "Instead of ordinary pressing the defenders may press hard for a condition point (two "
        "in heat or extreme heat). It is allowed even with one player fewer than the team "
        "with the ball in the ball's area, and a die equal to the ball value also wins the "
        "ball. When it fails, the other team gets a free kick and the pressing team rolls for "
        "a yellow card. Choose `aggressive` as your action.",
    ),
    Topic(
        "offside risk",
        "Offside risk",
        "A7",
        "A pass to an own player in an area wholly in the opponent's half, nearer their goal "
        "line than their second-last player, risks being cut out: the ball value rises by the "
        "defenders in that second-last player's area, counting at most the defenders of their "
        "formation (one fewer when tired). No risk when the receiver is level with or behind "
        "the start area, at goal kicks and corners, or when that defender stands in a side "
        "area.",
    ),
    Topic(
        "slowing",
        "Slowing the game down",
        "A8",
        "When a goal kick, free kick, corner or penalty adds its extra minute, the team with "
        "the ball may waste time: the clock moves one more minute, then it rolls two dice "
        "times ten. Below the game time it is booked for delaying the restart and rolls for a "
        "red card too.",
    ),
    Topic(
        "weather",
        "Weather",
        "A9",
        "A double on the first kick-off roll brings weather: 1-1 heat, 2-2 or 3-3 sunshine, "
        "4-4 wind, 5-5 rain, 6-6 cold.\n"
        "- **Heat**: aggressive pressing costs two points.\n"
        "- **Sunshine**: the team that started with the ball cannot charge out in the first "
        "half; gone at half time.\n"
        "- **Wind**: long passes add 2 instead of 1.\n"
        "- **Rain**: the new ball value after each control check is 1 higher.\n"
        "- **Cold**: injury rolls add 1. **Storm**: wind and rain at once, and injury rolls "
        "add 1.\n"
        "- **Extreme heat**: tiredness rolls take 2 off, pressing hard costs two.\n"
        "At half time a die may end heat, wind or rain (1) or worsen it (6).",
    ),
    Topic(
        "var",
        "V.A.R.",
        "A10",
        "After every goal the scoring team rolls two dice: a double six rules the goal out and "
        "the other team restarts with a free kick. The same check follows a won pressing in a "
        "penalty area: on a double six the ball goes back with a free kick or a penalty, and "
        "the pressing team rolls for a yellow card.",
    ),
    Topic(
        "special events",
        "Special events",
        "A13",
        "When the two situation dice show a double, each team rolls a die (the team with the "
        "ball first) and the pair picks an event, told on the board. They bring extra moves "
        "of one player after the control check, a bouncing ball worth 2 more or less, turns "
        "without free movements, fouls with free kicks, cards and injuries, a minute lost and "
        "points given back, balls out of play, a sure or a failed pass, a streaker stopping "
        "play for a few minutes, a keeper out of position, chants that hand a team the first "
        "action... With skills an injured star takes a random skill away and a new talent "
        "brings one (topic `skills`).",
    ),
)

# A11 skills: an overview with every name, then one topic per group with each skill's cost, its
# moment and its effect, read from the skills table (engine/fuba/skills/catalog.py); all of
# them would not fit one message (6000 characters).
_GROUP_KEYS = {
    "team": "skills team",
    "goalkeeper": "skills goalkeeper",
    "defender": "skills defenders",
    "midfielder": "skills midfielders",
    "forward": "skills forwards",
}


def _cost(skill: catalog.Skill) -> str:
    if skill.cost == 0:
        return "free"
    return f"{skill.cost} point" + ("s" if skill.cost > 1 else "")


def _marks(skill: catalog.Skill) -> str:
    """The short marks after a name in the overview: cost, counts as two."""
    return _cost(skill) + (", ×2" if skill.double else "")


def _skill_text(skill: catalog.Skill) -> str:
    """One skill in its group's topic: name, cost, when it is played and what it does."""
    notes = [_cost(skill)]
    if skill.double:
        notes.append("counts as two choices")
    if skill.auto:
        notes.append("plays itself")
    if skill.needs:
        notes.append("only with " + " and ".join(advanced.RULES[r][1] for r in skill.needs))
    text = f"**{skill.name}** ({'; '.join(notes)}). Played {skill.when}. {skill.effect}"
    if skill.not_keeper_alone:
        text += " Not when your goalkeeper is alone at the ball."
    return text


def _group_topic(group: str) -> Topic:
    words = catalog.GROUP_WORDS[group]
    skills = catalog.BY_GROUP[group]
    head = f"{group.capitalize()} skills ({len(skills)}); choosing and paying: topic `skills`."
    body = "\n".join(f"- {_skill_text(skill)}" for skill in skills)
    return Topic(_GROUP_KEYS[group], f"Skills: {words.lower()}", "A11", f"{head}\n{body}")


def _overview() -> Topic:
    names = "\n".join(
        f"**{catalog.GROUP_WORDS[group]}:** "
        + ", ".join(f"{s.name} ({_marks(s)})" for s in catalog.BY_GROUP[group])
        for group in catalog.GROUPS
    )
    details = ", ".join(f"`{key}`" for key in _GROUP_KEYS.values())
    text = (
        "Skills are special abilities of a team. The challenge agrees how many each team "
        f"picks (`skills:` 0-{catalog.MAX_CHOICES}; the rulebook suggests {catalog.RECOMMENDED}); "
        "they need condition points (`condition`). After its formation (and roles) each team "
        "picks up to that many in secret, fewer if it likes; a skill marked ×2 uses two "
        "choices. Both teams' skills are shown with the formations.\n"
        "**Paying:** a skill costs its points each time it is played, from the zone the ball "
        "is in, or twice as many from a zone next to it (never the terrace chant's free "
        "point). At its moment the board offers it (or `/fuba skill`); one you cannot afford "
        "is not offered. Free skills that can only help play themselves. The trained "
        "formation change is once a match.\n"
        "**Lost and gained:** the special events injured star and new talent take a random "
        "skill away or bring a new one.\n"
        "The board shows each team's skills in two letters (✓ played, ✗ lost); `/fuba "
        "status` spells them out.\n"
        f"{names}\n"
        f"Each skill's moment and effect: {details}."
    )
    return Topic("skills", "Skills", "A11", text)


_SKILLS = (_overview(), *(_group_topic(group) for group in catalog.GROUPS))

BOOK = TopicBook((*_TOPICS, *_ADVANCED, *_SKILLS), "Rulebook section {sections} (FUBA 3rd edition)")
TOPICS: dict[str, Topic] = BOOK.topics
find_topic = BOOK.find
unknown_topic_message = BOOK.unknown
matching_topics = BOOK.matching
