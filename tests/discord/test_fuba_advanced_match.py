"""A whole FUBA match with every advanced rule, played in Discord as two members and a spectator
see it: Alice challenges Bob with `rules:advanced`, Bob accepts, and the two play every decision
to full time with the live board's buttons and menus (a slash command only where the board has
no control for the choice), each choosing what the advanced coach would for their side. Carol
watches.

The dice are the bot's own virtual dice from a fixed seed (the referee's ``start_match`` is
given it; a challenge leaves it to a random one). The seed is found offline first: the same
seed and the same choices give the same dice (``referee.match_dice.roll``), so the engine alone
tells which seed makes a match with weather from the kick-off roll, a substitution, a goalkeeper
charge and a special event. The test then checks that the match played in Discord is that match
and that Carol could follow each of those on the live board, `/fuba status` and `/fuba log`;
that the player roles stayed hidden from the opponent until both had chosen; that no step got
an error; that the full-time report came; and that the channel stayed as quiet as a basic
match's (issue 12's goals).

Decisions are driven generically: whatever the pending decision and its choices, the coach's
action is looked for among the board's controls (a control means the action when applying
either gives the same state), so a decision offered in another form (a button folded into the
next decision, say) is played just the same.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import discord
import simcord

from bench.channel import Figures, Recorder
from cogs.play import registry
from cogs.play.move_menus import decode
from engine.core import Action, Event
from engine.fuba import FUBA, advanced
from engine.fuba.coach import Coach
from engine.fuba.state import FubaState
from referee.fuba.narration import describe
from referee.match_dice import roll
from store.models import MatchStatus
from tests.discord.conftest import World
from tests.discord.test_play import private, public, referee, text_of

COACH_SEED = 7  # the members' coach: formation cards and penalty sides
SEEDS = range(400)  # the dice seeds searched offline, in order
MAX_ACTIONS = 3000  # actions of one match (a coach-vs-coach advanced match needs about 550)
RULES = {"advanced": list(advanced.ALL)}
# the private answers a step may leave: a secret kept (formation, roles, penalty side)
SECRET = re.compile(r"^(You chose .*secret|Your (formation|player roles): )")

Fire = Callable[[], Awaitable[simcord.InteractionResult]]


def board_or_command(
    world: World, member: simcord.MemberActor, side: str, state: FubaState, action: Action
) -> tuple[Fire, str]:
    """How a member makes ``action``: the live board's control that leads to the same
    state ("control"), else its slash command ("command")."""
    board = live_board(world)
    wanted = leads_to(state, action)
    assert wanted is not None, f"{action} is illegal"
    for meant, custom_id, value in offered(board, side):
        if meant.kind == action.kind and leads_to(state, meant) == wanted:
            if value is None:
                return functools.partial(member.click, board, custom_id=custom_id), "control"
            select = functools.partial(member.select, board, [value], custom_id=custom_id)
            return select, "control"
    name, options = command_for(action)
    return functools.partial(member.slash, world.channel, name, **options), "command"


# -- the match offline -------------------------------------------------------------------


@dataclass
class Offline:
    """A match played by the engine alone as the bot plays it: the members' decisions are the
    coach's, every pending roll is the referee's virtual roll after so many logged actions."""

    seed: int
    state: FubaState
    actions: list[Action]
    events: list[Event]

    def has(self, kind: str, **data: Any) -> bool:
        return any(
            e.kind == kind and all(e.data.get(k) == v for k, v in data.items()) for e in self.events
        )

    def line(self, kind: str, **data: Any) -> str:
        """The narration of the first such event (what the channel should show)."""
        event = next(
            e
            for e in self.events
            if e.kind == kind and all(e.data.get(k) == v for k, v in data.items())
        )
        line = describe(event)
        assert line, event
        return line

    def wanted(self) -> bool:
        """Weather from a double on the first kick-off roll (A9), a substitution the coach chose
        (A3), a goalkeeper charge (A5), an event of the special events table (A13), and a goal
        (a highlight of its own in the channel)."""
        chosen = any(
            e.kind == "substitution" and e.data.get("plan") != "injury" for e in self.events
        )
        return (
            self.has("weather", change="start")
            and chosen
            and self.has("goalkeeper_charge")
            and self.has("special_event", table=True)
            and sum(self.state.score) > 0
        )


def offline(seed: int) -> Offline:
    state = FUBA.initial(RULES)
    coach = Coach(COACH_SEED)
    actions: list[Action] = []
    events: list[Event] = []
    while not state.over and len(actions) < MAX_ACTIONS:
        pending = FUBA.pending(state)
        dice = next((d for d in pending if d.dice), None)
        if dice is not None:  # the referee rolls whatever dice are due, first come
            action = Action(dice.actor, "roll", {"dice": roll(seed, len(actions), dice.dice)})
        else:  # the first member asked decides, as the coach would
            action = coach.choose(state, pending[0])
        events += FUBA.apply_in_place(state, action)
        actions.append(action)
    assert state.over, f"seed {seed}: the offline match did not end"
    return Offline(seed, state, actions, events)


@functools.cache
def chosen_match() -> Offline:
    """The first dice seed whose match has everything this test looks for."""
    for seed in SEEDS:
        match = offline(seed)
        if match.wanted():
            return match
    raise AssertionError(f"no seed in {SEEDS} gives weather, a substitution, a charge and an event")


# -- reading the channel -----------------------------------------------------------------


def full_text(message: discord.Message) -> str:
    """A message as a reader sees it: its text, embeds' descriptions and fields."""
    parts = [text_of(message)]
    for embed in message.embeds:
        parts += [f"{f.name}\n{f.value}" for f in embed.fields]
    return "\n".join(parts)


def seen_by(world: World, member: simcord.MemberActor) -> list[str]:
    """Every message of the channel as ``member`` sees it now (their own private ones too)."""
    return [full_text(m) for m in world.channel.history(viewer=member)]


def live_board(world: World) -> discord.Message:
    """The match's live board: the newest public message with controls of the match."""
    for message in reversed(public(world)):
        if any((cid or "").startswith("fuba:") for cid in control_ids(message)):
            return message
    raise AssertionError("no live board with controls")


def control_ids(message: discord.Message) -> list[str | None]:
    return [c.custom_id for row in message.components for c in getattr(row, "children", [])]


def controls(message: discord.Message) -> list[Any]:
    return [c for row in message.components for c in getattr(row, "children", [])]


def offered(message: discord.Message, side: str) -> list[tuple[Action, str, str | None]]:
    """What the board's controls do for ``side``: (the action, the control's id, the menu
    option's value or None for a button)."""
    spec = registry.get("fuba")
    found: list[tuple[Action, str, str | None]] = []
    for item in controls(message):
        parts = (item.custom_id or "").split(":")
        if len(parts) < 5 or parts[0] != "fuba":
            continue
        how, kind = parts[1], parts[4]
        if how == "act" and len(parts) == 6:
            if kind in spec.plain_buttons:
                args: dict[str, Any] = {}
            elif kind in spec.button_args:
                value = spec.button_values.get(kind, str)(parts[5])
                args = {spec.button_args[kind]: value}
            else:
                continue
            found.append((Action(side, kind, args), item.custom_id, None))
        elif how == "pick" and (len(parts) == 5 or parts[5] == side):
            for option in item.options:
                args = spec.pick_args_of(kind, option.value)
                found.append((Action(side, kind, args), item.custom_id, option.value))
        elif how == "moves" and parts[5] == side:
            for option in item.options:
                found.append(
                    (Action(side, kind, decode(option.value)), item.custom_id, option.value)
                )
    return found


def leads_to(state: FubaState, action: Action) -> str | None:
    """The state ``action`` leads to, as JSON text (None when it is illegal)."""
    try:
        new, _ = FUBA.apply(state, action)
    except Exception:
        return None
    return json.dumps(FUBA.to_json(new), sort_keys=True)


def command_for(action: Action) -> tuple[str, dict[str, Any]]:
    """The slash command (and its options) that makes ``action``."""
    kind, args = action.kind, action.args
    if kind == "move":
        who = "goalkeeper" if args.get("goalkeeper") else "player"
        ball = " with the ball" if args.get("with_ball") else ""
        to = f"{who} {args['from']} -> {args['to']}{ball}"
        return "fuba move", {"from": args["from"], "to": to, "count": args.get("count", 1)}
    if kind == "bring":
        who = "goalkeeper" if args.get("goalkeeper") else "player"
        return "fuba bring", {"from": f"{who} from {args['from']}"}
    if kind == "setup":
        layout = args["layout"]
        if not isinstance(layout, str):
            layout = " ".join(f"{area}:{count}" for area, count in layout)
        return "fuba setup", {"layout": layout}
    single = {
        "formation": ("fuba formation", "shape"),
        "target": ("fuba target", "area"),
        "action": ("fuba action", "kind"),
        "continue": ("fuba continue", "choice"),
        "penalty": ("fuba penalty", "side"),
        "remove": ("fuba remove", "area"),
    }
    if kind == "done":
        return "fuba done", {}
    if kind in single:
        name, option = single[kind]
        return name, {option: args[option]}
    # the other decisions are `/fuba choose`'s: one argument each
    assert len(args) == 1, f"neither a control nor a command makes {action}"
    [value] = args.values()
    return "fuba choose", {"choice": f"{kind}:{value}"}


# -- playing -----------------------------------------------------------------------------


@dataclass
class Watch:
    """What the test saw while the match was played."""

    board_texts: list[str] = field(default_factory=list)  # Carol's view, new texts in order
    ways: dict[str, set[str]] = field(default_factory=dict)  # decision kind -> control/command
    replies: list[str] = field(default_factory=list)  # private answers that stayed behind
    steps: int = 0
    match_id: int = 0

    def note(self, world: World) -> list[str]:
        """Carol's view now: the texts not seen before, kept; returned."""
        seen = set(self.board_texts)
        new = [text for text in seen_by(world, world.carol) if text not in seen]
        self.board_texts += new
        return new

    def saw(self, pattern: str) -> bool:
        return any(re.search(pattern, text) for text in self.board_texts)


async def version(world: World, match_id: int) -> tuple[int, bool]:
    """The match's version, and whether it is still being played."""
    match = await referee(world).store.get_match(match_id)
    return match.version, match.status is MatchStatus.ACTIVE


async def play_one(
    world: World, recorder: Recorder, watch: Watch, coach: Coach
) -> tuple[simcord.MemberActor, Action] | None:
    """The next member decision, made as the coach would, by the board's control for it (or
    the command when the board has none); None once the match is over."""
    before, active = await version(world, watch.match_id)
    if not active:
        return None
    outcome = await referee(world).current(world.channel.id)
    members = {world.alice.id: world.alice, world.bob.id: world.bob}
    asked = [p for p in outcome.next if p.user_id in members and not p.dice]
    assert asked, f"nobody is asked anything: {outcome.next!r}"
    prompt = asked[0]
    member = members[prompt.user_id]
    state = outcome.state
    decision = next(d for d in FUBA.pending(state) if d.actor == prompt.side and not d.dice)
    action = coach.choose(state, decision)

    fire, way = board_or_command(world, member, prompt.side, state, action)
    watch.ways.setdefault(action.kind, set()).add(way)

    recorder.begin(member.id)
    result = await fire()
    after, _ = await version(world, watch.match_id)
    recorder.end(after != before)
    reply = private(result)
    assert world.env.errors == [], f"{action} by {way}: {world.env.errors}"
    assert reply == "" or SECRET.match(reply), f"{action} by {way}: {reply!r}"
    assert after > before, f"{action} by {way} did not count"
    if reply:
        watch.replies.append(reply)
    watch.steps += 1
    return member, action


async def spectator_says(world: World, recorder: Recorder, command: str, **options: Any) -> str:
    recorder.begin(world.carol.id, acting=False)
    text = private(await world.carol.slash(world.channel, command, **options))
    recorder.end(False)
    return text


def seeded(world: World, seed: int) -> None:
    """The referee starts the challenge's match with ``seed`` for its dice."""
    ref = referee(world)
    start = ref.start_match

    async def start_match(*args: Any, **kwargs: Any) -> Any:
        kwargs["seed"] = seed
        return await start(*args, **kwargs)

    ref.start_match = start_match  # type: ignore[method-assign]


async def test_a_whole_advanced_match_between_two_members(world: World) -> None:
    expected = chosen_match()
    seeded(world, expected.seed)
    figures = Figures()
    recorder = Recorder(world.env, world.channel.id, figures)
    watch = Watch()
    coach = Coach(COACH_SEED)
    status_after: dict[str, str] = {}  # what Carol's `/fuba status` said after a first sighting
    log_text = ""
    roles_hidden_checked = False
    # West's roles as chosen (A2 tokens) and in words, as the reveal will say them
    revealed = expected.line("roles_revealed")
    west_roles = (
        next(e for e in expected.events if e.kind == "roles_revealed").data["roles"][0],
        revealed.removeprefix("Player roles: West ").split("; ")[0],
    )
    assert west_roles[0] != "none", "the coach chose no roles for West: nothing to keep secret"

    with recorder.installed():
        recorder.begin(world.alice.id)
        posted = await world.alice.slash(
            world.channel, "fuba challenge", opponent=world.bob, rules="advanced"
        )
        recorder.end(False)
        assert private(posted) == ""
        challenge = public(world)[-1]
        assert "all advanced rules" in challenge.content
        recorder.begin(world.bob.id)
        assert private(await world.bob.click(challenge, label="Accept")) == ""
        recorder.end(False)
        match = await referee(world).store.active_match(world.channel.id)
        assert match is not None and match.state.options["advanced"] == list(advanced.ALL)
        watch.match_id = match.id
        watch.note(world)

        for _ in range(MAX_ACTIONS):
            played = await play_one(world, recorder, watch, coach)
            if played is None:
                break
            member, action = played
            new = "\n".join(watch.note(world))

            if action.kind == "roles" and member is world.alice and not roles_hidden_checked:
                # Alice (West) has chosen her roles: Bob and Carol must not learn them yet
                roles_hidden_checked = True
                assert watch.replies[-1].startswith(f"Your player roles: {west_roles[0]}.")
                for viewer in (world.bob, world.carol):
                    seen = seen_by(world, viewer)
                    recorder.begin(viewer.id, acting=False)
                    status = private(await viewer.slash(world.channel, "fuba status"))
                    recorder.end(False)
                    seen += [ln for ln in status.splitlines() if not ln.startswith("Your choices")]
                    for secret in (*west_roles, "Player roles:"):
                        assert not any(secret in text for text in seen), (secret, seen)
            if "Weather: " in new and "weather" not in status_after:
                status_after["weather"] = await spectator_says(world, recorder, "fuba status")
            if re.search(r"(West|East) (brings on|takes off|changes formation)", new) and (
                "substitution" not in status_after
            ):
                status_after["substitution"] = await spectator_says(world, recorder, "fuba status")
            if "Special event " in new and not log_text:
                log_text = await spectator_says(world, recorder, "fuba log", count=50)
        else:
            raise AssertionError("the match did not end")
        figures.messages_left = recorder.left()

    # the match in Discord is the one found offline: the same dice and the same choices
    history = await referee(world).store.history(watch.match_id)
    assert history.match.status is MatchStatus.FINISHED
    played = [(a.actor, a.kind, a.args.get("dice")) for a in (e.action for e in history.log)]
    assert played == [(a.actor, a.kind, a.args.get("dice")) for a in expected.actions]
    final = history.match.state
    assert final.score == expected.state.score

    # every decision was made on the board where it has a control; commands only where not
    for kind in ("formation", "roles", "target", "action", "continue", "charge", "substitute"):
        assert "control" in watch.ways.get(kind, set()), (kind, watch.ways)

    # Carol saw the weather, a substitution, the charge and a special event, as narrated
    for kind, data in [
        ("weather", {"change": "start"}),
        ("substitution", {}),
        ("goalkeeper_charge", {}),
        ("special_event", {"table": True}),
        ("roles_revealed", {}),
    ]:
        line = expected.line(kind, **data)
        assert any(line in text for text in watch.board_texts), f"Carol never saw {line!r}"
    assert re.search(r"(?m)^Weather: \w", status_after.get("weather", "")), status_after
    assert re.search(r"(West|East): .*[012] substitutions? left", status_after["substitution"])
    assert re.search(r"Special event \d-\d: ", log_text), log_text

    # the roles were secret until both had chosen (checked when Alice had chosen hers)
    assert roles_hidden_checked

    # the full-time report came, after the final whistle
    last = public(world)[-1]
    assert (last.embeds[0].title or "").startswith("Full time:")
    assert [a.filename for a in last.attachments][0] == "replay.gif"
    assert watch.saw("FULL TIME")

    # as quiet as issue 12 asks of a basic match
    goals = sum(final.score)
    assert figures.messages_left <= 15 + 2 * goals, figures.lines("")
    assert figures.pings_to_actor == 0, figures.lines("")
