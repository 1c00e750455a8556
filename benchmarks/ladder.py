"""The strength ladder of docs/bots.md: each level against the one below, expert against greedy.

    python benchmarks/ladder.py azul --games 200 --workers 2 --out ladder/
    python benchmarks/ladder.py azul --match expert-nn,mcts-classic --games 400 --out ladder/
    python benchmarks/ladder.py azul --players 3 --match expert-nn,mcts-classic --games 400 --out ladder/

Prints one markdown row per match (wins, draws and losses of the first bot, its win share with
draws as halves, Elo with its 95% interval, mean scores, its mean margin over the best other
seat) and writes every match's records and summary under --out. Games are kept as each ends:
``--resume`` continues rows a stopped run left part-way (or lengthens them with a larger --games).

A row too long for one sitting is played in parts on other seeds (each part ``--seed`` and
``--games`` apart, each under its own --out) and printed as one row with ``--combine``, which
reads only each part's ``run.json`` and ``games.jsonl``; ``--match`` then only says whose row it is:

    python benchmarks/ladder.py azul-duel --match rollout,mcts --games 180 --seed 1000 --out part1/
    python benchmarks/ladder.py azul-duel --match rollout,mcts --games 220 --seed 1090 --out part2/
    python benchmarks/ladder.py azul-duel --match mcts,rollout --combine part1/azul-duel-2p-rollout-mcts part2/...
"""

from __future__ import annotations

import argparse
from pathlib import Path

from kashi.arena import ArenaConfig, Tournament, run
from kashi.arena.runner import combine
from kashi.arena.stats import elo_estimate

MATCHES = [("medium", "easy"), ("hard", "medium"), ("expert", "hard"), ("expert", "greedy")]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--workers", type=int, default=0)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--out", type=Path, default=Path("ladder"))
    parser.add_argument(
        "--match", action="append", help="A,B: only this match (any bot names; B may have settings with commas)"
    )
    parser.add_argument(
        "--players", type=int, default=2, help="with 3-4: the first bot against the second in the other seats"
    )
    parser.add_argument("--resume", action="store_true", help="keep the games already under --out")
    parser.add_argument("--combine", nargs="+", type=Path, help="print one row from these parts, playing nothing")
    args = parser.parse_args()
    if args.match:
        matches = [tuple(m.split(",", 1)) for m in args.match]
    else:
        matches = [("expert", "greedy")] if args.players > 2 else MATCHES
    print("| game | players | match | games | W-D-L | win share | Elo (95%) | mean score | mean margin | mean rank |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    if args.combine:
        tournament = combine(args.combine)
        first, second = dict.fromkeys(tournament.config.bots)
        if args.match and args.match[0] != f"{first},{second}":
            first, second = second, first
        print(row(tournament, first, second), flush=True)
        return
    for first, second in matches:
        bots = [first] + [second] * (args.players - 1)
        out = args.out / f"{args.game}-{args.players}p-{first}-{second}"
        config = ArenaConfig(args.game, bots, games=args.games, seed=args.seed, workers=args.workers, out=out,
                             progress=False, resume=args.resume)  # fmt: skip
        print(row(run(config), first, second), flush=True)


def row(tournament: Tournament, first: str, second: str) -> str:
    """The markdown row of ``first`` against ``second``, Elo from ``first``'s side."""
    summary = tournament.summary()
    ours, theirs = summary["bots"][first], summary["bots"][second]
    pairs = tournament.group_scores(first) if tournament.config.players == 2 else []
    elo = str(elo_estimate(pairs)) if pairs else ""
    return (
        f"| {tournament.config.variant} | {tournament.config.players} | {first} vs {second} | {summary['games']} | "
        f"{ours['wins']}-{ours['draws']}-{ours['losses']} | {100 * ours['win_share']:.1f}% | {elo} | "
        f"{ours['mean_score']:.1f} vs {theirs['mean_score']:.1f} | {ours['mean_margin']:+.1f} | "
        f"{ours['mean_rank']:.2f} |"
    )


if __name__ == "__main__":
    main()
