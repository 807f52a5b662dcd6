"""Short explanations of Simple Soccer for `/simplesoccer help topic:`, in our own words.

Pure data; ``sections`` name the rulebook's headings (basic rules). docs/rules-simplesoccer.md
has the notes and every decision the engine makes where the rulebook is silent (board sizes,
facing, the shootout's distances, take-backs). The lookup is shared (``cogs.play.topics``).
"""

from __future__ import annotations

from cogs.play.topics import Topic, TopicBook

_TOPICS = (
    Topic(
        "turn",
        "A turn and its points",
        "Starting the game, Fielder moves, Ball control",
        "Teams take turns. A turn starts with a roll, and the dice added up are your "
        "**movement points**:\n"
        "- **3 dice** when your goalkeeper holds the ball;\n"
        "- **2 dice** when the ball lies in one of the 3 squares in front of the feet of one of "
        "your players (that player has the ball);\n"
        "- **1 die** otherwise.\n"
        "Spend the points in any mix, on one player or several: each square a player walks or "
        "the ball travels costs 1 point (`moving`, `kicking`). The turn ends when the points "
        "run out, when you end it (points left are lost), after a shot, or when a timed "
        "match's turn clock runs out.\n"
        "Everyone faces the other team's half all match. The 3 squares in front of the feet "
        "are the one straight ahead and its two diagonal neighbours.",
    ),
    Topic(
        "field",
        "The field and its squares",
        "Setup, Optional number of fielders, Shot on goal",
        "Three boards (the challenge's `size`):\n"
        "- **small**: 15 columns by 9 rows, 7 fielders a side (the most the rules recommend "
        "there);\n"
        "- **standard**: 21 by 13, 10 fielders (the default);\n"
        "- **large**: 25 by 17, 10 fielders.\n"
        "Each team also has a goalkeeper, **G**; fielders are numbered 1, 2, 3...\n"
        "Squares are named like a chess board: the column's letter counted from West's goal "
        "(on the left), then the row's number from the bottom. `a1` is West's bottom corner, "
        "`k7` the centre spot of the standard board. The halfway column runs through the "
        "centre spot, with the centre circle around it.\n"
        "Each goal has a **penalty area** (3, 4 or 5 columns deep, by board) and 7 **goal "
        "squares** just behind its line, named after the row beside them (`goal7`): the goal "
        "mouth seen at eye level, where shots land.",
    ),
    Topic(
        "setup",
        "Setting up and the kick-off",
        "Setup, Starting the game",
        "First each team rolls one die: the higher kicks off (equal dice roll again). Then "
        "both teams set up at once, with a preset (**balanced**, **attacking**, "
        '**defensive**) or a typed layout: `/simplesoccer setup layout:"G goal7, 1 c3, 2 '
        'c11, ..."` (every player and its square).\n'
        "- Everyone stands in their own half, not on the halfway column, and outside the "
        "centre circle.\n"
        "- The kick-off team has exactly one fielder next to the centre spot, with the ball on "
        "the spot in front of its feet; that turn rolls 2 dice.\n"
        "- The goalkeeper may stand in its own goal squares.\n"
        "After a goal the team that conceded kicks off, and both teams set up again the same "
        "way; at half time too. Teams keep their ends all match. Tip: spread your fielders "
        "out to cover more of the field.",
    ),
    Topic(
        "moving",
        "Moving players",
        "Fielder moves",
        "`/simplesoccer move` walks one player to any of the 8 squares around it for 1 point a "
        "square, so a path may bend and go diagonally.\n"
        "- Never onto another player, yours or theirs, nor onto the ball.\n"
        "- Fielders stay on the board; only your goalkeeper may walk into your own goal "
        "squares.\n"
        "- Players never turn: they face the other team's half all match.\n"
        'Type the squares one by one (`path:"e5 f6"`) or only where to go, reached the '
        "shortest way: the list offers the squares in reach, with their cost. Move several "
        "players, or the same one again, while points are left.",
    ),
    Topic(
        "kicking",
        "Kicking and passing",
        "Ball control, Fielder moves, Shot on goal",
        "A player can kick the ball when it lies in one of the 3 squares in front of its feet "
        "(straight ahead or diagonally ahead), at any moment of your turn.\n"
        "- The ball travels square by square, 1 point each, in any of the 8 directions: it "
        "need not go straight.\n"
        "- It may pass over any player but never stops on one: to pass, leave it in front of "
        "a team-mate's feet.\n"
        "- It never goes out. It stays on the board, except that its last square may be a "
        "goal square of the goal you attack: a shot (`shots`). You cannot kick into your own "
        "goal.\n"
        "Tip: passing to free team-mates moves the ball faster than dribbling with one player.",
    ),
    Topic(
        "goalkeeper",
        "The goalkeeper: grab and throw",
        "Goalie movement, Ball control",
        "The goalkeeper walks and kicks like a fielder, and may also stand in its own goal "
        "squares.\n"
        "**Grab** (`/simplesoccer grab`): with the ball in your own penalty area, the "
        "goalkeeper walks to it in straight lines only (no diagonals) and must land exactly on "
        "its square; a ball one square away diagonally costs 2 points. No grab after the "
        "goalkeeper moved diagonally earlier in the turn. The grab ends the points of your "
        "roll: roll 3 dice at once for the rest of the turn.\n"
        "**Holding the ball**: the goalkeeper does not walk with it. Throw or kick it in the "
        "same turn (`/simplesoccer kick member:G`), in any direction from its square, 1 point "
        "a square. Other players may use the points too, but keep one for the throw: the turn "
        "cannot end while the goalkeeper holds the ball. After a save the goalkeeper holds it "
        "and your next turn rolls 3 dice.",
    ),
    Topic(
        "shots",
        "Shots and saves",
        "Shot on goal",
        "A kick whose last square is a goal square of the goal you attack is a **shot**; it "
        "ends your turn. The goalkeeper's team rolls 1 die. Count the squares from the "
        "goalkeeper to the ball in straight lines only (across plus up or down). The shot is "
        "saved when the die is at least that distance **and** both are odd or both even: the "
        "goalkeeper cannot move diagonally, so it needs exactly that many straight moves.\n"
        "```\n"
        "away  saved with\n"
        " 1    1 3 5\n"
        " 2    2 4 6\n"
        " 3    3 5\n"
        " 4    4 6\n"
        " 5    5\n"
        " 6    6\n"
        " 7+   a goal, no roll\n"
        "```\n"
        "Players in the way do not matter. A save leaves the ball in the goalkeeper's hands on "
        "that goal square. After a goal both teams set up again and the team that conceded "
        "kicks off. Tip: on the middle goal square your goalkeeper is never more than 3 "
        "away from a shot: at least a 1 in 3 chance.",
    ),
    Topic(
        "game length",
        "How long a match lasts",
        "Game time and ending, Optional half time",
        "Chosen with the challenge's `length`:\n"
        "- **turn count**, the default: 40 turns, both teams' turns counted (`turns`; the "
        "rules' 90-minute game would be 180);\n"
        "- **set score**: the first to `target` goals wins (default 2); no draw, no halves;\n"
        "- **timed**: `minutes` of play (default 20). Each turn has a clock, the match's turn "
        "timeout (1 minute unless the challenge sets one), running from the end of the other "
        "team's turn: a turn uses up the time it took, at most its clock, and when the clock "
        "runs out the turn ends on the spot.\n"
        "The match ends with the turn that reaches the count or the time.\n"
        "**Half time** (`half_time:true`, turn count or timed only): at half the turns or the "
        "time both teams set up again, keeping their ends, and the team that did not kick off "
        "the first half kicks off.\n"
        "A turn-count or timed match that ends level goes to a penalty shootout (`shootout`).",
    ),
    Topic(
        "shootout",
        "Penalty shootout",
        "Overtime shootout",
        "A turn-count or timed match that ends level is settled by penalties, all at one goal. "
        "The team that won the opening roll kicks first; the kickers are fielders 1, 2, 3... "
        "in turn, then the goalkeeper, then round again.\n"
        "1. The goalkeeper's player picks one of the 7 goal squares in secret "
        "(`/simplesoccer spot`, 1-7 counted from the kicker's left).\n"
        "2. The kicker rolls 1 die and counts that many empty spots from the left, skipping "
        "the goalkeeper's: the ball goes there.\n"
        "3. The goalkeeper, by how far away the ball is:\n"
        "- 1 spot: rolls 1 die; odd grabs it, 6 deflects it, 2 or 4 is a goal;\n"
        "- 2 spots: rolls 1 die; 6 deflects it;\n"
        "- 3 spots: rolls 2 dice; double six deflects it;\n"
        "- 4 or more: a goal.\n"
        "Five kicks each, stopping early once one side cannot catch up; then one kick each "
        "until one team scores and the other misses. Tip: the middle spot, 4, always leaves a "
        "chance.",
    ),
    Topic(
        "undo",
        "Taking moves back",
        "Fielder moves",
        "`/simplesoccer undo` takes back your last move, kick, grab or end of turn; call it "
        "again to go further back. It works for anything in your own turn, even after you "
        "ended it, until the other team rolls.\n"
        "- Rolls are never taken back.\n"
        "- A shot can be taken back only until the goalkeeper rolls.\n"
        "- After a grab the 3 dice are a roll too: once they are rolled, the grab stays.",
    ),
)

# The advanced rules, each a switch of the challenge (`rules:advanced`, `options:`); sections
# name the rulebook's advanced headings. docs/rules-simplesoccer-advanced.md has the decisions.
ADVANCED_TOPICS = (
    Topic(
        "advanced",
        "The advanced rules",
        "Advanced rules",
        "Challenge with `rules:advanced` to play every advanced rule (repositioning before "
        "restarts only when named), or turn single rules on or off with `options:`, e.g. "
        '`options:"tackles headers"` or `rules:advanced options:"-fouls -skills"`; the list '
        "offers the names. The topics: `facing`, `tackles`, `intercepts`, `poor aim`, "
        "`fake outs`, `fouls`, `skills`, `advanced shootout`.\n"
        "New choices appear under the board as buttons and menus while you play: a call "
        "before your roll, an interception offer, who takes a throw-in... Players who type "
        "use `/simplesoccer turn`, `/simplesoccer rise`, `/simplesoccer tackle`, "
        "`/simplesoccer call` and, for anything else, `/simplesoccer choose`.\n"
        "A player lying down shows greyed and flat on the board; skill points show as small "
        "dots, a card as a small coloured card. `/simplesoccer status` lists them too.",
    ),
    Topic(
        "facing",
        "Facing, turning and getting up",
        "Ball direction, Inertia move, Facing, Fielder down",
        "Players can turn: each quarter turn costs 1 point (`/simplesoccer turn`), a half "
        "turn 2.\n"
        "- A ball touched from a front corner goes on within 45 degrees of the way it was "
        "touched; wider than that is a **slide kick**, and the kicker ends up on the ground.\n"
        "- A ball straight in front can go any way, but kicking it backwards costs more per "
        "square: 2 for the back diagonals or straight back, 4 sideways.\n"
        "- A player's kicks in one turn keep to at most two directions 45 degrees apart.\n"
        "- A kicked ball nobody else touched may roll on up to 6 squares at the start of the "
        "kicking team's next turn, the same way it went, paid from that turn's points.\n"
        "**Down**: a player on the ground cannot move, kick or turn. Getting up costs 1 point "
        "on a later turn (`/simplesoccer rise`), facing any way, and it stays on its square "
        "that turn.",
    ),
    Topic(
        "tackles",
        "Tackles",
        "Tackle",
        "When your turn starts with the ball in front of an opponent's feet, one of yours "
        "whose feet touch the ball, or can touch it after one square's move, may tackle "
        "**before you roll** (`/simplesoccer tackle`, or the menu). Then call odd or even "
        "and roll your turn's dice.\n"
        "- **Right**: the opponent falls on the far side of the ball and you have it. From "
        "straight in front it is a block tackle and your player stays up; from a corner it "
        "is a slide tackle: your player gets up at once for 1 more point, unless a die shows "
        "1 (it stays down).\n"
        "- **Wrong**: your player goes down; the others may still use the points.\n"
        "The move to the ball costs 1 point either way. Tip: a block tackle keeps your "
        "player in the game.",
    ),
    Topic(
        "intercepts",
        "Interceptions, headers and bicycle kicks",
        "Intercept, Chest intercept, Header, Bicycle kick, Stunned goalie",
        "A kick passing an opponent stops there for a moment: that team may try to play it "
        "or let it go on. Its player rolls a die; **odd** wins it, even lets it through.\n"
        "- **Feet** (the ball coming from in front): 5 may trap it; 3 (or 5 kicked on) sends "
        "it a die's squares wherever the player likes; 1 flies off at random.\n"
        "- **Chest** (passing through from the side): odd drops it at the player's feet.\n"
        "- **Header** (just behind the head): 3 or 5 sends it on a die's squares, 1 at "
        "random.\n"
        "- **Bicycle kick** (from the feet row or behind): the kicker goes down whatever "
        "happens.\n"
        "A pass to a team-mate's head or feet row may be headed or bicycle-kicked on for an "
        "extra roll; a miss rolls on. Such a header or bicycle kick into goal may stun the "
        "goalkeeper: it then saves only with the exact distance. One interception a turn.",
    ),
    Topic(
        "poor aim",
        "Poor aim, balls out and restarts",
        "Poor aim and out of bounds, Goalie deflection in regular play",
        "- With the ball at your feet, a **1** on either of your 2 dice is a mis-kick: the "
        "ball goes straight the dice total from the player with it, and the turn ends.\n"
        "- After a single die of 2 you may kick **long**: roll one more die and the ball runs "
        "on that far.\n"
        "- A ball stopping on a player bounces back a square.\n"
        "- **Out** over a side line: a throw-in for the other team; over an end line: a "
        "corner or a goal kick. Restarts are turns of 3 dice, and one of the team takes the "
        "ball (`/simplesoccer choose`, or the menu). At a corner you may call the total of "
        "the 3 dice for a curved kick straight in.\n"
        "- A goalkeeper that just misses a shot may tip it away: it rolls a die and adds the "
        "points to spare; 6 or more deflects it, and under 8 it ends up on the ground.",
    ),
    Topic(
        "fake outs",
        "Fake-outs and juggling",
        "Fake out moves, Juggling moves",
        "**Fake-out**: with the ball between your player's feet and an opponent's, call how "
        "hard a trick you try, then roll a die:\n"
        "- mild: odd works, +4 points;\n"
        "- moderate: 3 or 5, +8;\n"
        "- extreme: only 5, +12.\n"
        "The extra points are that player's alone. A failed trick puts it down and ends the "
        "turn. Fake the goalkeeper and your shot that turn gets no save roll.\n"
        "**Juggling** (2 points, the ball straight in front): roll two dice one after the "
        "other; two odd numbers lift the ball and your turn ends. The other team cannot touch "
        "it on their turn. On your next turn follow up with a header, a bicycle kick or a "
        "plain kick. An even number sends the ball loose in front of the player.",
    ),
    Topic(
        "fouls",
        "Fouls and cards",
        "Optional fouls",
        "With fouls on, contact costs:\n"
        "- a player that moves to the square beside an opponent (not diagonal) rolls a "
        "die: 1 is a foul;\n"
        "- a failed tackle: 1 or 2 is a foul;\n"
        "- a failed header touching an opponent: 1 or 2 is a foul.\n"
        "A foul ends your turn. The other team gets a free kick of 3 dice where it happened, "
        "or a penalty if you fouled an attacker in your own penalty area: the shootout's "
        "kick, once, in play (`shootout`). With skills also on, a player's second foul is a "
        "yellow card and its third a red card: off the field.",
    ),
    Topic(
        "skills",
        "Skill points",
        "Optional fielder skill variance",
        "Before the first kick-off each team gives 3 skill points to one, two or three of "
        "its fielders (all 3 to a star, 2 and 1, or 1 each), for the whole match.\n"
        "- A skilled fielder adds its points to your turn whenever it starts the turn with "
        "the ball in front of its feet; only it may spend them.\n"
        "- A fielder with 2 or 3 points may instead spend 2 of them to roll again one of "
        "your own rolls that turn, right after it. The second roll stands, better or worse.\n"
        "The board shows each skilled fielder's points as small dots.",
    ),
    Topic(
        "advanced shootout",
        "The advanced shootout",
        "Advanced overtime shootout",
        "With the advanced shootout the kicker does not roll: its player picks a die face in "
        "secret (the menu, or `/simplesoccer choose`; only you see it). Then the goalkeeper's "
        "player picks a spot in secret, as in the basic shootout (`shootout`). Then the face "
        "is shown and counts as the kicker's die: the ball goes to that spot, and the "
        "goalkeeper saves as usual. Tip: the goalkeeper cannot see the face, and the kicker "
        "cannot see the spot, so guess what the other expects.",
    ),
)

BOOK = TopicBook((*_TOPICS, *ADVANCED_TOPICS), "Simple Soccer rulebook: {sections}")
TOPICS = BOOK.topics
