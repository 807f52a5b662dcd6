"""Short explanations of Socceristic for `/socceristic help topic:`, in our own words.

Pure data; ``sections`` name the rulebook's headings. docs/rules-socceristic.md has the full notes
and every decision the engine takes where the rulebook is silent. The lookup is shared
(``cogs.play.topics``).
"""

from __future__ import annotations

from cogs.play.topics import Topic, TopicBook

_TOPICS = (
    Topic(
        "how to play",
        "How a match goes",
        "Starting the game, Next move",
        "Two teams, one ball on a pitch of squares. Each square shows an arrow or a symbol, "
        "and where the ball stops decides what happens next.\n"
        "- The toss: both teams roll one die, the higher kicks off; the other team picks the "
        "end it defends in the first half. Ends swap at half time.\n"
        "- A kick-off rolls one die: the ball goes to the centre-line square of that number.\n"
        "- On an **arrow** the team with the ball rolls and the ball travels that many squares "
        "the way the arrow points (`move`).\n"
        "- Symbols: lose the ball, a tackle, the whistle, a pass back (`move`, `tackles`, "
        "`free kicks`).\n"
        "Chances at goal come from the cards (`chances`). More: `throw ins`, `goal kicks`, "
        "`corners`, `pitch`, `length`.",
    ),
    Topic(
        "move",
        "How a move works",
        "Next move, Following and subsequent moves, Losing possession",
        "Only the square where the ball stops matters; the squares it crosses do nothing.\n"
        "- **Arrow**: the team with the ball rolls one die and the ball moves that many "
        "squares along the arrow (the square it starts on is not counted).\n"
        "- **Lose the ball**: the other team takes it, rolls one die and sends the ball that "
        "far in a direction it chooses.\n"
        "- After a tackle or a bounce-up the winner moves the ball the same way.\n"
        "A chosen direction must keep the ball on the pitch: the menu under the board (or "
        "`/socceristic direction`) lists only those, with where the ball would stop. A ball "
        "sent off the pitch by an arrow gives a throw-in, a goal kick or a corner.",
    ),
    Topic(
        "chances",
        "Chances at goal and the cards",
        "Goal scoring opportunities, Pass backs",
        "A chance means drawing the top **Outcome card** (the Draw a card button or "
        "`/socceristic draw`). A team gets one when:\n"
        "- it keeps or wins the ball in the light green zone of the end it attacks, on a "
        "square without an arrow;\n"
        "- it lands on an arrow there and rolls a 1 or 2;\n"
        "- it has the ball on a square with a bold border (either team, anywhere);\n"
        "- it attacks and lands on a pass-back square.\n"
        "The card says what follows: a goal, a corner, a goal kick, a penalty (draw again), or "
        "play on from a numbered square. A defender landing on a pass-back square draws too, "
        "and reads the card's pass-back part: the keeper may gather it, or worse. A pack is "
        "reshuffled once every card has been drawn; its order stays secret.",
    ),
    Topic(
        "tackles",
        "Tackles, bounce-ups and injuries",
        "Tackle situations, Referee's decision",
        "On a tackle square both teams roll one die at once; the higher die wins the ball. "
        "On equal dice the ball goes to the team that did not have it when the last move "
        "was made, and that team checks for an injury: it rolls two dice, and 8 or more means "
        "a player is hurt. Two more dice give the hurt player's shirt (2 to 11; a double six "
        "rolls again), and the next substitute (shirt 12, then 13...) comes on. After five "
        "substitutes the hurt player plays on.\n"
        "The whistle on the centre spot is a **bounce-up**: played exactly like a tackle. "
        "The winner then moves the ball (`move`), unless it has a chance there.",
    ),
    Topic(
        "free kicks",
        "Free kicks, penalties and cards",
        "Referee's decision, Types of free kicks",
        "A whistle square away from the centre spot stops play: the team that moved there "
        "draws a **Referee's Decision card**. It names the offence, who gets the free kick, "
        "where it is taken, and sometimes a yellow or red card for a player of the other "
        "team (two dice give the shirt; a second yellow is a red).\n"
        "- An attacking team's free kick in a penalty-box square is a **penalty**: an Outcome "
        "card, read under Penalty.\n"
        "- On a bordered square, or for the attackers in the light green zone, it is a chance "
        "at goal (`chances`).\n"
        "- Anywhere else the taker rolls one die and chooses a direction (`move`).",
    ),
    Topic(
        "throw ins",
        "Throw-ins",
        "Throw-ins",
        "A ball over the west or east side line gives a throw-in to the team that did not "
        "move it, from the edge square where it went out. The thrower rolls one die: on a 1 "
        "the ball stays on that square; otherwise it chooses a direction and the die counts "
        "the squares, the edge square included (a 4 moves the ball three squares on).\n"
        "An attacking team throwing diagonally forwards goes at most four squares counted "
        "that way, whatever it rolled. The menu offers only directions that stay on the "
        "pitch.",
    ),
    Topic(
        "goal kicks",
        "Goal kicks",
        "Goal kicks",
        "When the attackers send the ball over the goal line they attack, the defenders take a "
        "goal kick. They roll two dice: the total is the numbered column on the ODD line where "
        "the ball is placed. They roll two dice again: the ball travels that many squares "
        "straight up the pitch from that line.\n"
        "A double 1 or a double 6 in either roll gives the other team a throw-in instead, at "
        "the west (double 1) or east (double 6) end of the centre line.",
    ),
    Topic(
        "corners",
        "Corner kicks",
        "Corner kicks, Corner kick outcomes",
        "When defenders send the ball over their own goal line, the attackers take a corner "
        "from column 2 or 12 on the ODD line, on the side where it went out (they choose when "
        "it is not clear). They roll two dice:\n"
        "- double 1: to column 2 on the EVEN line; double 6: column 12 on EVEN;\n"
        "- double 2 or 4: off an attacker, a goal kick;\n"
        "- double 3: off a defender, another corner;\n"
        "- double 5: a goal straight from the corner;\n"
        "- no double: an odd first die lands on the ODD line, even on EVEN, in the column of "
        "the total.",
    ),
    Topic(
        "pitch",
        "The pitch and your own pitch files",
        "The game's components",
        "The bot ships its own **sample** pitch and packs of cards (not the printed game's). "
        "A server can add pitches: anyone with Manage Server runs `/socceristic pitch upload` "
        "with a pitch file (JSON: the grid of squares, the zones, the numbered columns, the "
        "ODD and EVEN lines and both packs of cards; docs/socceristic-pitch-format.md). A file "
        "with a mistake is refused with its line and what is wrong; nothing is kept.\n"
        "`/socceristic pitch list` shows the pitches here, `/socceristic pitch remove` deletes "
        "one, and a challenge picks one with `pitch:`. The board names the pitch in play.",
    ),
    Topic(
        "length",
        "Match length and the team sheet",
        "Introduction, Team sheet",
        "A match has two equal halves. A challenge sets their length with `length:`:\n"
        "- in **moves** (`50 moves`, the default): each time a team rolls to move the ball, "
        "restart or kick off counts one;\n"
        "- in **minutes** (`20 minutes`, plus 5 added unless you say `20 min + 3`): the "
        "clock runs while the match is played; a long pause counts two minutes.\n"
        "A half ends when its length is reached, before the next move. Name your players with "
        "`squad:` (shirts 1-11 start, 12-16 are the bench): the team sheet in the report lists "
        "scorers, substitutions and cards by name.",
    ),
)

BOOK = TopicBook(_TOPICS, "Socceristic rulebook: {sections}")
TOPICS = BOOK.topics
