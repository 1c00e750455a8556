"""``kashi arena``: build the configuration from the command line and print the summary."""

from __future__ import annotations

import argparse
from typing import Any

from kashi.arena.runner import ArenaConfig, run
from kashi.arena.stats import Sprt


def run_arena(args: argparse.Namespace) -> dict[str, Any]:
    bots = list(args.bot)
    players = args.players or len(bots)
    bots += [bots[-1]] * (players - len(bots))
    sprt = None
    if args.sprt:
        elo0, elo1 = (float(value) for value in args.sprt.split(","))
        sprt = Sprt(elo0, elo1)
    config = ArenaConfig(
        variant=args.game,
        bots=bots[:players],
        games=args.games,
        seconds=args.seconds,
        iterations=args.iterations,
        seed=args.seed,
        backend=args.backend,
        address=args.address,
        workers=args.workers,
        out=args.out,
        sprt=sprt,
        options=args.options,
        progress=not args.no_progress,
        resume=args.resume,
    )
    summary = run(config).summary()
    print(format_summary(summary))
    print(f"Records and summary written to {args.out}/")
    return summary


def format_summary(summary: dict[str, Any]) -> str:
    lines = [f"{summary['variant']}, {summary['players']} players, {summary['games']} games"]
    lines.append(
        f"{'bot':24} {'games':>5} {'W':>5} {'D':>4} {'L':>5} {'win%':>6} {'score':>7} {'margin':>7} {'rank':>5}"
    )
    for bot, row in summary["bots"].items():
        lines.append(
            f"{bot:24} {row['games']:5d} {row['wins']:5d} {row['draws']:4d} {row['losses']:5d} "
            f"{100 * row['win_share']:5.1f}% {row['mean_score']:7.1f} {row['mean_margin']:+7.1f} "
            f"{row['mean_rank']:5.2f}"
        )
    if "elo" in summary:
        lines.append(f"Elo of {summary['elo']['bot']}: {summary['elo']['text']}")
    for bot, rating in summary.get("openskill", {}).items():
        lines.append(
            f"OpenSkill {bot}: mu {rating['mu']:.2f} sigma {rating['sigma']:.2f} ordinal {rating['ordinal']:.2f}"
        )
    if "sprt" in summary:
        lines.append(f"SPRT [{summary['sprt']['elo0']}, {summary['sprt']['elo1']}]: {summary['sprt']['verdict']}")
    for failure in summary["failures"]:
        lines.append(
            f"game {failure['game']}: {failure['bot']} (seat {failure['seat']}) forfeited: {failure['reason']}"
        )
    return "\n".join(lines)
