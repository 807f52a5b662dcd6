"""Tabletop football referee bot: command-line entry point.

python3 bot.py                 run the bot in Discord (needs DISCORD_TOKEN), else a short demo
python3 bot.py demo --seed 7   play a whole match offline and narrate it
python3 bot.py demo --out DIR  also write the board after every turn, and a replay, to DIR
python3 bot.py demo --rules advanced   (FUBA) with the advanced rules; --options "advanced -var"
python3 bot.py demo --rules advanced --skills 3   (FUBA) and 3 skill choices a team
python3 bot.py play            play a match at the terminal (hot-seat, or --vs-coach)
python3 bot.py play --vs-coach --level strong   against the coach at a level: easy, normal, strong
python3 bot.py play --rules advanced   (FUBA) with the advanced rules; --options "-weather"
python3 bot.py play --position "..."   start from a FUBA position (/fuba position); demo too
python3 bot.py verify FILE     check a match's downloaded action log against its dice seed
python3 bot.py backup [FILE]   copy the SQLite database while the bot runs
python3 bot.py doctor          check the token, the bot's permissions and the database
python3 bot.py health          ask the running bot whether it is ready (METRICS_PORT)
--game NAME                    (demo, play) the game: fuba (default), dicesoccer, simplesoccer or
                               socceristic
"""

from __future__ import annotations

import argparse
import random
import sys
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

import bootstrap

if TYPE_CHECKING:
    from discord.ext import commands

    from botconfig import Settings

if __name__ == "__main__":
    bootstrap.ensure_venv()  # before any third-party import

TOKEN_HELP = """\
No DISCORD_TOKEN set, so the bot did not connect to Discord (above: an offline demo match).
To run it in Discord: Discord Developer Portal -> Applications -> your app -> Bot -> Reset Token,
then `export DISCORD_TOKEN=...` and run `python3 bot.py` again."""

SETTINGS_HELP = """\
settings (environment variables) for running the bot:
  DISCORD_TOKEN     the bot's token; without it the offline demo runs
  COACH_BUDGET      seconds the strong coach thinks per decision (default 1)
  DATABASE_URL      the database, e.g. postgresql://user:password@host:5432/fuba
  FUBA_DATA_DIR     without DATABASE_URL: the folder of the SQLite file fuba.sqlite3
                    (default data/ in the project folder; a redeploy may replace it)
  FUBA_SYNC_GUILDS  server ids to sync the slash commands to at once, e.g. 123,456
  METRICS_PORT      serve Prometheus metrics at http://127.0.0.1:PORT/metrics (unset: off)
  METRICS_HOST      the address the metrics listen on (default 127.0.0.1: this machine only)
  LOG_FORMAT        text (default) or json: one JSON object per log line
  SHARD_COUNT       several processes (clusters) on one PostgreSQL: the shards in all
  SHARD_IDS         this process's shards, e.g. 0,2 (or CLUSTER_COUNT and CLUSTER_INDEX:
                    the shards split evenly; see docs/clusters.md)"""


def create_bot(settings: Settings) -> commands.Bot:
    """The Discord bot: loads every cog and syncs the slash commands when it starts."""
    from cogs.app import referee_bot

    return referee_bot(settings)


def run_discord(settings: Settings) -> int:
    """Run the bot in Discord until it is stopped (Ctrl+C, SIGTERM: gracefully, see
    ``cogs.running``); returns an exit code."""
    import asyncio

    import aiohttp
    import discord

    assert settings.token
    from cogs.logs import setup_logging
    from cogs.running import serve

    setup_logging(settings.log_format)
    try:
        asyncio.run(serve(create_bot(settings), settings.token))
    except KeyboardInterrupt:  # Ctrl+C: asyncio.run closed the bot on its way out
        return 0
    except discord.LoginFailure:
        print(
            "error: Discord refused DISCORD_TOKEN. Reset the token in the Developer Portal "
            "(your app -> Bot -> Reset Token) and export the new one.",
            file=sys.stderr,
        )
        return 1
    except (aiohttp.ClientError, OSError) as exc:
        print(f"error: cannot reach Discord ({exc}); check the network.", file=sys.stderr)
        return 1
    return 0


def run_demo_command(
    seed: int | None,
    as_json: bool,
    out_dir: Path | None = None,
    game: str | None = None,
    options: str = "",
    position: str = "",
) -> int:
    """Play one offline match with the referee and print it; ``options`` is the rules text
    (``--rules`` then ``--options``); ``position`` a FUBA position to play on from; returns an
    exit code (2: rules the game does not have, or a bad position)."""
    from engine.core import RulesError
    from referee import games
    from referee.demo import run_demo

    game = game or games.DEFAULT
    if position:
        return _demo_from_position(seed, as_json, out_dir, game, options, position)
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
        again = "" if game == games.DEFAULT else f" --game {game}"
        if options:
            again += f' --options "{options}"'
        print(f"Seed: {seed} (replay with{again} --seed {seed})", file=sys.stderr)
    sys.stderr.flush()
    try:
        return run_demo(
            seed=seed, as_json=as_json, out=sys.stdout, out_dir=out_dir, game=game, options=options
        )
    except RulesError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


def _demo_from_position(
    seed: int | None, as_json: bool, out_dir: Path | None, game: str, options: str, position: str
) -> int:
    """``demo --position``: the FUBA demo plays on from a position (its rules are its own)."""
    from engine.core import RulesError
    from referee.fuba.demo import run_demo

    if game != "fuba" or options:
        print("error: --position is a FUBA position with its own rules: no --game, --rules "
              "or --options with it.", file=sys.stderr)  # fmt: skip
        return 2
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
        print(f"Seed: {seed}", file=sys.stderr)
    try:
        return run_demo(seed, as_json, sys.stdout, out_dir, position=position)
    except RulesError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


def run_demo_brief_command() -> int:
    """An offline match with a random seed, told in a few lines (``bot.py demo`` tells all)."""
    from referee.demo import run_demo_brief

    code = run_demo_brief(random.SystemRandom().randrange(1_000_000), sys.stdout)
    sys.stdout.flush()
    return code


def run_play_command(args: argparse.Namespace) -> int:
    """Play one match at the terminal through the referee; returns an exit code."""
    import asyncio

    from engine.core import RulesError
    from engine.fuba import FUBA, advanced
    from referee.terminal import play

    if args.level is not None and not args.vs_coach:
        print("error: --level is the coach's: play --vs-coach with it.", file=sys.stderr)
        return 2
    rules = dict(args.option)
    text = " ".join(part for part in (args.rules, args.options) if part)
    if text and args.game == "simplesoccer":  # its advanced rules, checked by the engine
        from engine.simplesoccer.options import normalize
        from referee.simplesoccer.demo import parse_options

        try:
            rules.update(parse_options(text))
            normalize(rules)
        except RulesError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
        text = ""
    if args.game == "socceristic":  # its match options, checked before any database is made
        code = _socceristic_rules(rules, args.option, text)
        if code:
            return code
        text = ""
    if text:  # FUBA's advanced rules, refused before any database is made
        if args.game != "fuba":
            print("error: --rules and --options are FUBA's and Simple Soccer's.", file=sys.stderr)
            return 2
        try:
            rules["advanced"] = advanced.parse(text)
        except RulesError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
    if args.skills is not None:  # A11, checked by the engine before any database is made
        rules["skills"] = args.skills
        try:
            FUBA.initial(rules)
        except RulesError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
    if args.position:
        if args.game != "fuba" or rules:
            print("error: --position is a FUBA position with its own rules: no --game, "
                  "--rules, --options or --option with it.", file=sys.stderr)  # fmt: skip
            return 2
        rules = {"position": args.position}
        try:  # a clear error before any database is made
            FUBA.from_position(args.position)
        except RulesError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
    return asyncio.run(
        play(
            args.database,
            game=args.game,
            vs_coach=args.vs_coach,
            dice=args.dice,
            seed=args.seed,
            rules=rules,
            out_dir=args.out,
            out=sys.stdout,
            level=args.level or "normal",
        )
    )


def _socceristic_rules(rules: dict[str, object], pairs: list[tuple[str, str]], text: str) -> int:
    """Socceristic's match options from ``--option`` pairs and ``--options`` text into
    ``rules`` (``length``, ``home``, ``away``, ``pitch``); 2 when the engine refuses them."""
    from engine.core import RulesError
    from engine.socceristic import SOCCERISTIC
    from referee.socceristic.options import match_options, parse_options

    try:
        chosen = {**match_options(pairs), **parse_options(text)}
        SOCCERISTIC.initial(chosen)
    except RulesError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    rules.clear()
    rules.update(chosen)
    return 0


def run_verify_command(path: Path) -> int:
    """Check a downloaded action log (docs/dice.md): 0 when the seed and every virtual roll
    match, 1 when one does not, 2 when the file cannot be read as a log."""
    from referee.verify import UnreadableLog, read, verify

    try:
        log = read(path.read_bytes())
    except OSError as exc:
        print(f"error: cannot read {path}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    except UnreadableLog as exc:
        print(f"error: {path}: {exc}", file=sys.stderr)
        return 2
    report = verify(log)
    print("\n".join(report.lines()))
    return 0 if report.ok else 1


def run_bot() -> int:
    """Run the bot in Discord with DISCORD_TOKEN; without a token, the offline demo."""
    from botconfig import Settings
    from store.config import database_url, describe, storage_notes
    from store.migrate import DatabaseUnavailable, upgrade_database

    url = database_url()  # DATABASE_URL, or fuba.sqlite3 in FUBA_DATA_DIR (default data/)
    notes = storage_notes(url)  # before the upgrade creates the file
    try:
        upgrade_database(url)  # the schema to the latest
    except DatabaseUnavailable as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print(f"Database: {describe(url)}", file=sys.stderr)
    for note in notes:
        print(note, file=sys.stderr)
    try:
        settings = Settings.from_env()
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    if settings.token:
        return run_discord(replace(settings, database_url=url))
    code = run_demo_brief_command()
    print(TOKEN_HELP, file=sys.stderr)  # last, where it does not scroll away
    return code


def _option(text: str) -> tuple[str, str]:
    """``KEY=VALUE`` for ``--option`` (the engine checks the value)."""
    key, sep, value = text.partition("=")
    if not sep or not key.strip():
        raise argparse.ArgumentTypeError(f"{text!r} is not KEY=VALUE, e.g. target_score=5")
    return key.strip(), value.strip()


def _add_game(command: argparse.ArgumentParser) -> None:
    """``--game``: one of the registered games, listed in ``--help``."""
    from referee import games

    known = games.games()
    listed = ", ".join(f"{name} ({game.title})" for name, game in known.items())
    command.add_argument(
        "--game",
        choices=sorted(known),
        default=games.DEFAULT,
        metavar="NAME",
        help=f"the game: {listed}; default {games.DEFAULT}",
    )


POSITION_HELP = "FUBA: start from this position (/fuba position shows one; docs/fuba-position.md)"


def build_parser() -> argparse.ArgumentParser:
    from engine.core.levels import LEVELS

    parser = argparse.ArgumentParser(
        prog="bot.py",
        description="Discord bot that referees tabletop football games (FUBA, Sports Dice "
        "Soccer, Simple Soccer, Socceristic). With no command it runs the bot.",
        epilog=SETTINGS_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    demo = sub.add_parser("demo", help="play a whole match offline and narrate it")
    _add_game(demo)
    demo.add_argument("--seed", type=int, default=None, help="dice seed (default: random)")
    demo.add_argument(
        "--json", action="store_true", help="end with a one-line JSON summary of the match"
    )
    demo.add_argument(
        "--out",
        type=Path,
        default=None,
        metavar="DIR",
        help="write the board image after every turn (or roll), and a replay GIF, into DIR",
    )
    demo.add_argument(
        "--rules",
        choices=("basic", "advanced"),
        default=None,
        help="FUBA: the basic rules (default) or all the advanced rules",
    )
    demo.add_argument(
        "--options",
        default="",
        metavar="TEXT",
        help='FUBA: advanced rules on or off after --rules, e.g. "advanced -weather -var" or '
        '"condition pressing"; Simple Soccer: match options, e.g. "size=small length=score '
        'target=3 half_time=true"; Socceristic: "length=20 minutes home=Ann, Bob away=Cy"',
    )
    demo.add_argument(
        "--skills",
        type=int,
        default=None,
        metavar="N",
        help="FUBA: N skill choices a team (1-5), picked by the coach; needs --rules advanced",
    )
    demo.add_argument("--position", default="", metavar="TEXT", help=POSITION_HELP)
    play = sub.add_parser("play", help="play a match at the terminal (hot-seat or vs the coach)")
    _add_game(play)
    play.add_argument(
        "--vs-coach",
        action="store_true",
        help="the second side (FUBA and Simple Soccer: East, Sports Dice Soccer: Black, "
        "Socceristic: Away) is played by the coach",
    )
    play.add_argument(
        "--level",
        choices=LEVELS,
        default=None,
        help="with --vs-coach: how well the coach plays (default normal; strong thinks up to "
        "COACH_BUDGET seconds, 1 by default, per decision)",
    )
    play.add_argument("--dice", choices=("virtual", "physical"), default="virtual")
    play.add_argument("--seed", type=int, default=None, help="virtual dice seed (default: random)")
    play.add_argument(
        "--option",
        type=_option,
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a match option of the game, repeatable (dicesoccer: advanced=true, "
        "target_score=5, sections=4, faces=BBKKPR; simplesoccer: size=small, length=score, "
        "target=3, turns=40, half_time=true; socceristic: length=30 (moves a half) or "
        "length='20 minutes', home='Ann, Bob, ...' and away=... (names by shirt), "
        "pitch=FILE (a pitch file))",
    )
    play.add_argument(
        "--out",
        type=Path,
        default=None,
        metavar="DIR",
        help="write the board after each action, and the action log at the end (to verify)",
    )
    play.add_argument("--position", default="", metavar="TEXT", help=POSITION_HELP)
    play.add_argument(
        "--skills",
        type=int,
        default=None,
        metavar="N",
        help="FUBA: N skill choices a team (1-5, chosen in secret); needs --rules advanced",
    )
    play.add_argument(
        "--rules",
        choices=("basic", "advanced"),
        default=None,
        help="FUBA: the basic rules (default) or all the advanced rules",
    )
    play.add_argument(
        "--options",
        default="",
        metavar="TEXT",
        help='FUBA: advanced rules on or off after --rules, e.g. "advanced -weather -var"',
    )
    play.add_argument(
        "--database",
        default=None,
        metavar="URL",
        help="database URL (default: a temporary SQLite file; an unfinished match resumes)",
    )
    verify = sub.add_parser(
        "verify", help="check a match's action log (the full-time report's file) against its seed"
    )
    verify.add_argument("logfile", type=Path, metavar="LOGFILE", help="the match-N-log.json file")
    backup = sub.add_parser(
        "backup", help="copy the SQLite database while the bot runs (PostgreSQL: use pg_dump)"
    )
    backup.add_argument(
        "target",
        type=Path,
        nargs="?",
        default=None,
        metavar="FILE",
        help="where to write the copy (default: beside the database, named with the time)",
    )
    doctor = sub.add_parser(
        "doctor", help="check the token, the bot's permissions in its servers and the database"
    )
    doctor.add_argument(
        "--guild",
        type=int,
        action="append",
        default=[],
        metavar="ID",
        help="a server to check, repeatable (default: FUBA_SYNC_GUILDS, else every server)",
    )
    sub.add_parser(
        "health", help="ask the running bot whether it is ready (exit 0), through METRICS_PORT"
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "demo":
        options = " ".join(text for text in (args.rules, args.options) if text)
        if args.skills is not None:  # FUBA's skills, a word of its rules text
            if args.game != "fuba" or args.position:
                print("error: --skills is for a FUBA match from the kick-off: no --game or "
                      "--position with it.", file=sys.stderr)  # fmt: skip
                return 2
            options = f"{options} skills:{args.skills}".strip()
        return run_demo_command(
            seed=args.seed,
            as_json=args.json,
            out_dir=args.out,
            game=args.game,
            options=options,
            position=args.position,
        )
    if args.command == "play":
        return run_play_command(args)
    if args.command == "verify":
        return run_verify_command(args.logfile)
    if args.command == "backup":
        return run_backup_command(args.target)
    if args.command == "doctor":
        return run_doctor_command(args.guild)
    if args.command == "health":
        return run_health_command()
    return run_bot()


def run_backup_command(target: Path | None) -> int:
    """``python3 bot.py backup [FILE]``: a consistent copy of the configured SQLite database."""
    from store.backup import BackupError, backup
    from store.config import database_url

    try:
        copy = backup(database_url(), target)
    except BackupError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print(f"Database copied to {copy} ({copy.stat().st_size:,} bytes).")
    return 0


def run_doctor_command(guild_ids: list[int]) -> int:
    """``python3 bot.py doctor``: one line per check; 0 when every one passed, else 1."""
    import asyncio

    from botconfig import Settings
    from cogs.doctor import diagnose

    try:
        settings = Settings.from_env()
    except ValueError as exc:
        print(f"FAIL settings: {exc}")
        return 1
    checks = asyncio.run(diagnose(settings, guild_ids))
    for check in checks:
        print(check.line())
    return 0 if all(check.ok for check in checks) else 1


def run_health_command() -> int:
    """``python3 bot.py health``: 0 when the running bot says it is ready, 1 when it is not or
    does not answer, 2 when there is no port to ask (METRICS_PORT unset)."""
    import os

    from botconfig import parse_port
    from cogs.readiness import probe

    try:
        port = parse_port(os.environ.get("METRICS_PORT", ""))
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if not port:
        print(
            "error: METRICS_PORT is not set (or 0), so there is no port to ask the bot on. "
            "Set it, e.g. METRICS_PORT=9464, for the bot and for this command.",
            file=sys.stderr,
        )
        return 2
    ready, said = probe(os.environ.get("METRICS_HOST", "").strip(), port)  # unset: 127.0.0.1
    print(said if ready else f"not ready: {said}")
    return 0 if ready else 1


if __name__ == "__main__":
    raise SystemExit(main())
