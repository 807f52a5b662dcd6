"""Short explanations of Sports Dice Soccer for `/dicesoccer help topic:`, in our own words.

Pure data; ``sections`` name the rulebook's headings. docs/rules-dicesoccer.md has the full notes
and every interpretation the engine makes (the toss, the faces and sections defaults, the red
card's lifetime). The lookup is shared (``cogs.play.topics``).
"""

from __future__ import annotations

from cogs.play.topics import Topic, TopicBook

_TOPICS = (
    Topic(
        "how to play",
        "How a roll goes",
        "How to play",
        "Both teams roll their dice at the same time (six each, fewer after red cards).\n"
        "- A team's **play** is the symbol it rolled most often.\n"
        "- The team with more dice showing its play **wins the roll**; only the winner's play "
        "happens (see `dice chart`).\n"
        "- Equal counts between the teams: the Power Chip decides (`power chip`).\n"
        "- Two symbols tied inside the winner's own dice: the winner names its play, unless "
        "both would do the same thing.\n"
        "The first team to 3 goals wins (a challenge may set another target). Topics: "
        "`offense`, `dice chart`, `shot`, `free kick`, `red card`, `scoring`.",
    ),
    Topic(
        "start",
        "Starting a match",
        "Setting up the game",
        "The physical game flips the Power Chip; here each team rolls one die and the higher "
        "die wins the toss (equal dice roll again), so the toss is logged and can be replayed "
        "like every other roll.\n"
        "The toss winner chooses to start on **offense** or on **defense**. The offense's ball "
        "goes to the section just past the halfway line in the opponent's half; the defense "
        "starts with the Power Chip.",
    ),
    Topic(
        "offense",
        "Offense and defense",
        "Offense/Defense",
        "Who attacks is never chosen during play: it follows the ball. The team whose "
        "opponent's half holds the ball is on **offense**, the other on **defense**.\n"
        "When the defense pushes the ball back over the halfway line, it becomes the offense "
        "straight away. After a clearance, a shot or free kick, or a goal, the team that "
        "defended (or conceded) restarts on offense from just past the halfway line.",
    ),
    Topic(
        "power chip",
        "The Power Chip",
        "Tie Breaker and Power Chip",
        "When both teams have the same count for their plays (or the same number of balls at a "
        "shot or free kick), the team holding the Power Chip decides:\n"
        "- **use it**: it wins the roll and hands the chip to the opponent;\n"
        "- **keep it**: the opponent wins the roll, and the chip stays for later.\n"
        "Answer with the buttons under the board or `/dicesoccer chip use:true|false`. Someone "
        "always holds the chip once play has started. See `reroll` for the advanced rule.",
    ),
    Topic(
        "dice chart",
        "The dice chart",
        "Dice Chart",
        "What the winning play does (counts are the winner's dice showing it):\n"
        "- **Ball**: offense moves the ball 1 section forward with 4 or fewer, 2 with 5, and "
        "scores at once with 6; defense pushes it back by the same steps, and 6 balls score "
        "for the defense too.\n"
        "- **Kick**: offense shoots at goal (`shot`); defense clears the ball.\n"
        "- **Penalty**: offense gets a free kick at goal (`free kick`); defense clears.\n"
        "- **Red card**: offense advances 1 section, defense clears; either way the opponent "
        "rolls one die fewer for a while (`red card`).\n"
        "A clearance puts the ball just past the halfway line in the opponent's half, and the "
        "clearing team is then on offense.",
    ),
    Topic(
        "shot",
        "Shot at goal",
        "Shot at Goal",
        "Both teams roll again and **only balls count**. More balls for the offense: goal. "
        "More for the defense: blocked. The same number: the Power Chip holder decides.\n"
        "Whatever happens, the team that defended then attacks from just past the halfway "
        "line. Six balls in this roll are just six balls, not an extra goal.",
    ),
    Topic(
        "free kick",
        "Free kick at goal",
        "Free Kick at Goal",
        "A free kick is a shot at goal (`shot`) where the defense rolls **one die fewer**. Red "
        "card penalties in force come on top, but a team always rolls at least one die.",
    ),
    Topic(
        "red card",
        "Red cards",
        "Dice Chart",
        "A winning red card costs the opponent one die. Cards add up (two cards: four dice), "
        "never below one die, and both teams can be penalised at once.\n"
        "The penalty lasts until the next goal attempt (shot or free kick) has been decided, "
        "or until a goal, whoever scores it; then every penalty in force is lifted. A red card "
        "whose advance scores still costs the opponent a die until the next attempt or goal.",
    ),
    Topic(
        "scoring",
        "Goals and the end of the match",
        "Scoring goals, End of game",
        "The offense scores by moving the ball past the last section, by a shot or free kick "
        "that wins, or by winning a roll with six balls. The defense scores only with six "
        "winning balls.\n"
        "After a goal the team that conceded restarts on offense from just past the halfway "
        "line; the Power Chip stays where it is. The first team to the target score (3 unless "
        "the challenge said otherwise) wins the match.",
    ),
    Topic(
        "reroll",
        "Advanced rule: the Power Chip re-roll",
        "Advance Rule - Power Chip Re-Roll",
        "Challenge with `advanced:true` to play it. After both teams have rolled, the chip "
        "holder may re-roll any of its own dice (`/dicesoccer reroll dice:1 3 5`, positions "
        "as shown on the board, or `none` to keep them).\n"
        "Re-rolling hands the chip to the opponent at once, and a tie after a re-roll is lost "
        "by the re-roller. There is one re-roll per exchange. Keeping the dice keeps the chip.",
    ),
    Topic(
        "dice",
        "Dice, faces and the field",
        "Components",
        "The rulebook shows neither the dice faces nor the number of sections, so both are "
        "match settings here. By default a die shows three balls, one kick, one penalty and "
        "one red card (die values 1-3 balls, 4 kick, 5 penalty, 6 red card), and each half has "
        "three sections.\n"
        "With **physical dice** type what you rolled: numbers (`5 2 1 6 3 3`) or symbols as "
        "letters (`B B K P R R`: ball, kick, penalty, red card). The toss needs numbers.",
    ),
)

BOOK = TopicBook(_TOPICS, "Sports Dice Soccer rulebook: {sections}")
TOPICS = BOOK.topics
