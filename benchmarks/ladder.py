"""The strength ladder of docs/bots.md: each level against the one below, expert against greedy.

    python benchmarks/ladder.py azul --games 200 --workers 2 --out ladder/
    python benchmarks/ladder.py azul --match expert-nn,mcts-classic --games 400 --out ladder/
    python benchmarks/ladder.py azul --players 3 --match expert-nn,mcts-classic --games 400 --out ladder/

Prints one markdown row per match (wins, draws and losses of the first bot, its win share with
draws as halves, Elo with its 95% interval, mean scores, its mean margin over the best other
seat) and writes every match's records and summary under --out. Games are kept as each ends:
``--resume`` continues rows a stopped run left part-way (or lengthens them with a larger --games).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from kashi.arena import ArenaConfig, run

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
    args = parser.parse_args()
    if args.match:
        matches = [tuple(m.split(",", 1)) for m in args.match]
    else:
        matches = [("expert", "greedy")] if args.players > 2 else MATCHES
    print("| game | players | match | games | W-D-L | win share | Elo (95%) | mean score | mean margin | mean rank |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for first, second in matches:
        bots = [first] + [second] * (args.players - 1)
        out = args.out / f"{args.game}-{args.players}p-{first}-{second}"
        config = ArenaConfig(args.game, bots, games=args.games, seed=args.seed, workers=args.workers, out=out,
                             progress=False, resume=args.resume)  # fmt: skip
        summary = run(config).summary()
        row, other = summary["bots"][first], summary["bots"][second]
        elo = summary.get("elo", {}).get("text", "")
        print(
            f"| {args.game} | {args.players} | {first} vs {second} | {summary['games']} | "
            f"{row['wins']}-{row['draws']}-{row['losses']} | {100 * row['win_share']:.1f}% | {elo} | "
            f"{row['mean_score']:.1f} vs {other['mean_score']:.1f} | {row['mean_margin']:+.1f} | "
            f"{row['mean_rank']:.2f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
