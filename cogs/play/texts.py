"""What the public message of a step says, whatever the game: the narration that fits an embed,
who decides next (mentioned) with the game's command for it, the final result, and times left as
players read them. Pure text: nothing here talks to Discord.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cogs.play import registry
from cogs.play.registry import GameCommands
from cogs.text import shown
from engine.core.winprob import Chances
from referee.service import Outcome, Prompt

NARRATION_LIMIT = 3500  # characters of narration in one embed (Discord allows 4096)
EXAMPLE_DICE = (4, 2, 6, 1, 3, 5)  # the dice of an example command
ROLL_LABEL = "Roll the dice"  # the button that rolls a player's virtual dice on request
# The private answer to a secret choice (a command or a button).
SECRET_REPLY = "You chose {value}; it stays secret until it is revealed."


def minutes_text(minutes: float) -> str:
    """
    >>> minutes_text(1), minutes_text(1.5), minutes_text(30)
    ('1 minute', '1.5 minutes', '30 minutes')
    """
    return f"{minutes:g} minute{'' if minutes == 1 else 's'}"


def chances_line(chances: Chances, names: Sequence[str], show: Callable[[str], str] = shown) -> str:
    r"""Each side's chance to win and of a draw as whole percents, the players named (their
    names shown as typed, inert; ``show=str`` where no markdown is read, an embed's footer).

    >>> chances_line(Chances((0.62, 0.17), 0.21), ["Ada", "*Bo*"])
    'Chances: Ada 62% · Draw 21% · \\*Bo\\* 17%'
    >>> chances_line(Chances((0.62, 0.17), 0.21), ["Ada", "*Bo*"], show=str)
    'Chances: Ada 62% · Draw 21% · *Bo* 17%'
    """
    first, draw, second = chances.percents()
    return f"Chances: {show(names[0])} {first}% · Draw {draw}% · {show(names[1])} {second}%"


def narration(lines: Sequence[str], limit: int = NARRATION_LIMIT) -> str:
    """The narration for an embed: the latest lines that fit, with a note of those left out.

    >>> narration(["a" * 10, "b" * 10, "c"], limit=40)
    '(1 earlier line)\\nbbbbbbbbbb\\nc'
    """
    budget = limit - 20  # room for the note
    kept: list[str] = []
    size = 0
    for line in reversed(lines):
        if kept and size + len(line) + 1 > budget:
            break
        kept.append(line[:budget])
        size += len(line) + 1
    dropped = len(lines) - len(kept)
    head = [f"({dropped} earlier line{'' if dropped == 1 else 's'})"] if dropped else []
    return "\n".join(head + kept[::-1])


def next_text(outcome: Outcome) -> str:
    """Who must decide next, mentioned, and with which command; or the final result."""
    if outcome.over:
        return final_text(outcome)
    # the coach never waits: the referee plays it inside the same call
    spec = registry.get(outcome.ruleset)
    on_request = outcome.rolls_on_request
    return "\n".join(prompt_line(prompt, spec, on_request) for prompt in outcome.next)


def example_dice(n: int) -> str:
    """Values of ``n`` dice as a player types them, for an example.

    >>> example_dice(1), example_dice(2), example_dice(6)
    ('4', '4 2', '4 2 6 1 3 5')
    """
    return " ".join(str(EXAMPLE_DICE[i % len(EXAMPLE_DICE)]) for i in range(n))


def prompt_line(prompt: Prompt, spec: GameCommands, rolls_on_request: bool = False) -> str:
    """One pending decision: who (mentioned), what, and the game's command that answers it.
    Dice are rolled at the table and typed in, or (``rolls_on_request``) rolled by the bot
    when the player asks."""
    command = spec.command_for.get(prompt.kind, spec.command("status"))
    if prompt.dice and rolls_on_request:
        roll = spec.command(spec.roll)
        how = f"`{roll}` (or the {ROLL_LABEL} button)"
        return f"<@{prompt.user_id}> ({prompt.side_name}): {prompt.text} {how}"
    if prompt.dice:
        n = prompt.dice
        what = prompt.task or f"roll {n} {'die' if n == 1 else 'dice'}"
        example = f"{spec.command(spec.roll)} dice:{example_dice(n)}"
        them = "it" if n == 1 else "them"
        return (
            f"<@{prompt.user_id}> ({prompt.side_name}): {what} at the table and enter "
            f"{them} with `{example}`."
        )
    secret = " (secret: only you see your answer)" if prompt.secret else ""
    return f"<@{prompt.user_id}> ({prompt.side_name}): {prompt.text} `{command}`{secret}"


def final_text(outcome: Outcome) -> str:
    result = outcome.result or {}
    game = outcome.game
    if result.get("reason") == "aborted":
        text = "The match was called off."
    else:
        winner = result.get("winner")
        if winner is None:
            text = "The match ends in a draw."
        else:
            text = f"{shown(outcome.names[winner])} ({game.side_name(winner)}) wins."
        score = game.score_text(result)
        if score:
            text += f" Score: {score}"
    return f"{text}\nDice seed: {outcome.seed} (SHA-256 {outcome.seed_hash})."


def deciders(outcome: Outcome, actor: int | None = None) -> list[int]:
    """The members to ping for the decisions now pending: not ``actor``, who has just acted
    (deciding again, they are reading already), nor the bot's coach."""
    coach = outcome.options.get("coach_side")
    return [p.user_id for p in outcome.next if p.user_id != actor and p.side != coach]
