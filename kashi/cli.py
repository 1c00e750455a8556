"""The ``kashi`` command: play, replay, list variants, benchmark, train."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import kashi
from kashi import bench, terminal
from kashi.bots import BOTS, LEVELS, make_bot
from kashi.core import native
from kashi.core.errors import KashiError
from kashi.core.record import Record

BOT_HELP = (
    f"a level ({', '.join(LEVELS)}) or a bot ({', '.join(BOTS)}), with settings after a colon, e.g. mcts:iterations=200"
)
OURS = "  (our choice: the published rules are silent)"


class UsageError(Exception):
    """A command line that cannot run: said in one line, without a traceback."""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="kashi", description="Tile-laying games: play, replay, benchmark.")
    parser.add_argument("--version", action="version", version=f"kashi {kashi.__version__}, {native.core_name()}")
    commands = parser.add_subparsers(dest="command", required=True)

    play = commands.add_parser("play", help="play a game in the terminal (hot-seat, or against bots)")
    play.add_argument("variant", help="a variant name (see 'kashi variants')")
    play.add_argument("--players", type=int, default=2, help="number of players (default 2)")
    play.add_argument("--bot", action="append", default=[], help=f"a bot in the next free seat: {BOT_HELP}; repeat")
    play.add_argument("--seat", type=int, default=0, help="your seat, from 0, when playing against bots (default 0)")
    play.add_argument("--seed", type=int, help="fix the chance events, to play the same game again")
    play.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a rule option; repeat")
    play.add_argument("--record", type=Path, help="where to save the record (default kashi-<variant>-<seed>.txt)")
    play.add_argument(
        "--colour", action=argparse.BooleanOptionalAction, default=sys.stdout.isatty(), help="ANSI colour on tiles"
    )

    replay = commands.add_parser("replay", help="step through a record")
    replay.add_argument("file", type=Path, help="a record file, as 'kashi play' or the server saves them")
    replay.add_argument("--all", action="store_true", help="no pauses: print the final position")
    replay.add_argument(
        "--colour", action=argparse.BooleanOptionalAction, default=sys.stdout.isatty(), help="ANSI colour on tiles"
    )

    commands.add_parser("variants", help="list the variants and their rule options")

    bench_parser = commands.add_parser("bench", help="random self-play speed on one core")
    bench_parser.add_argument("game", help="a variant name (azul, ingenious, azul-duel), or 'bots'")
    bench_parser.add_argument("--players", type=int, action="append", help="player counts (default: each allowed)")
    bench_parser.add_argument("--games", type=int, default=0, help="games per configuration (0: by time)")
    bench_parser.add_argument("--seconds", type=float, default=5.0, help="time per configuration")
    bench_parser.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    bench_parser.add_argument("--json", action="store_true", help="one JSON object per configuration")

    arena = commands.add_parser("arena", help="a tournament between bots (duplicate format)")
    arena.add_argument("game", help="a variant name")
    arena.add_argument(
        "--bot",
        action="append",
        required=True,
        help=f"{BOT_HELP}, or 'cmd:<command>' for an external bot; repeat per seat",
    )
    arena.add_argument("--players", type=int, help="seats (default: one per --bot; extra seats take the last bot)")
    arena.add_argument("--games", type=int, default=20, help="games, in seat-swapped pairs (default 20)")
    arena.add_argument("--seconds", type=float, help="time per move for every bot")
    arena.add_argument("--iterations", type=int, help="iterations per move for search bots")
    arena.add_argument("--seed", type=int, default=1, help="seed of the first pair's chance (default 1)")
    arena.add_argument("--backend", choices=("local", "ray"), default="local")
    arena.add_argument("--address", help="Ray cluster address (default: a local Ray instance)")
    arena.add_argument("--workers", type=int, default=0, help="parallel games (default: all cores)")
    arena.add_argument("--out", type=Path, default=Path("arena-out"), help="records, summary.json, games.csv")
    arena.add_argument("--sprt", metavar="ELO0,ELO1", help="stop when an SPRT decides between the two")
    arena.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a rule option; repeat")
    arena.add_argument("--no-progress", action="store_true", help="no progress line while games run")
    arena.add_argument("--resume", action="store_true", help="keep the games already in --out and play the rest")

    from kashi.server.cli import add_parser as add_serve_parser
    from kashi.server.cli import add_worker_parser
    from kashi.train.cli import add_parser as add_train_parser

    add_serve_parser(commands)
    add_worker_parser(commands)
    add_train_parser(commands)

    args = parser.parse_args(argv)
    try:
        return _run(args)
    except (KashiError, UsageError) as error:
        print(f"kashi: {error}", file=sys.stderr)
        return 2
    except OSError as error:
        print(f"kashi: {error.filename or ''}: {error.strerror or error}", file=sys.stderr)
        return 2


def rule_options(texts: list[str]) -> dict[str, str]:
    """``--option NAME=VALUE`` flags as a dict; the game checks names and values."""
    options = {}
    for text in texts:
        name, equals, value = text.partition("=")
        if not equals or not name:
            raise UsageError(f"--option {text!r}: write NAME=VALUE, e.g. --option rounds=3")
        options[name] = value
    return options


def checked_bots(names: list[str]) -> list[str]:
    """The bot names, each checked before a game starts (so a typo is one line, not a traceback)."""
    for name in names:
        if not name.startswith("cmd:"):
            try:
                make_bot(name)
            except (TypeError, ValueError) as error:
                raise UsageError(f"--bot {name!r}: {error}") from None
    return names


def _run(args: argparse.Namespace) -> int:
    if args.command == "play":
        options = rule_options(args.option)
        if not 0 <= args.seat < args.players:
            raise UsageError(f"--seat {args.seat}: seats are 0..{args.players - 1} with {args.players} players")
        seats: list[str | None] = [None] * args.players
        others = [seat for seat in range(args.players) if seat != args.seat]
        bots = checked_bots(args.bot)
        if len(bots) > len(others):
            raise UsageError(f"{len(bots)} bots do not fit in {len(others)} other seats (--players {args.players})")
        for seat, bot in zip(others, bots, strict=False):
            seats[seat] = bot
        terminal.play(
            args.variant, args.players, seats, terminal.Terminal(colour=args.colour), args.seed, args.record, options
        )
    elif args.command == "replay":
        record = Record.loads(args.file.read_text(encoding="utf-8"))
        terminal.replay(record, terminal.Terminal(colour=args.colour), step=not args.all and sys.stdin.isatty())
    elif args.command == "variants":
        print(describe_variants())
    elif args.command == "serve":
        from kashi.server.cli import run as serve

        return serve(args)
    elif args.command == "train":
        from kashi.train.cli import run as run_training

        return run_training(args)
    elif args.command == "bot-worker":
        from kashi.server.cli import run_worker

        return run_worker(args)
    elif args.command == "arena":
        from kashi.arena.cli import run_arena
        from kashi.arena.journal import JournalError

        checked_bots(args.bot)
        args.options = rule_options(args.option)
        try:
            run_arena(args)
        except JournalError as error:
            raise UsageError(f"--out {args.out}: {error}") from None
    elif args.command == "bench":
        if args.game == "bots":
            families = [v.name for v in kashi.variants() if v.name == v.family.name]
            bench.run_bots(families, args.seconds, args.seed, args.json)
        else:
            bench.run(args.game, args.players, args.games, args.seconds, args.seed, args.json)
    return 0


def describe_variants() -> str:
    lines = []
    families = []
    for variant in kashi.variants():
        counts = variant.allowed_players
        players = ", ".join(str(n) for n in counts) + (" player" if counts == (1,) else " players")
        presets = " ".join(f"{name}={value}" for name, value in variant.presets.items())
        lines.append(f"{variant.name:20} {variant.description} ({players}){'  [' + presets + ']' if presets else ''}")
        if variant.family not in families:
            families.append(variant.family)
    for family in families:
        lines.append("")
        lines.append(f"Options of {family.name} (--option NAME=VALUE):")
        for option in family.options:
            ours = OURS if option.ours else ""
            lines.append(f"  {option.name:18} default {option.default!r:10} {option.description}{ours}")
    return "\n".join(lines)


if __name__ == "__main__":
    raise SystemExit(main())
