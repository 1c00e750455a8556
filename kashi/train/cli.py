"""``kashi train GAME``: the hook the ``kashi`` command wires in (``add_parser`` and ``run``)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

TRAINABLE = ("azul",)


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    train: argparse.ArgumentParser = subparsers.add_parser(
        "train", help="train a game's learned evaluation by self-play (needs the train extra)"
    )
    train.add_argument("game", choices=TRAINABLE, help="the game whose evaluation to train")
    train.add_argument("--quick", action="store_true", help="a small run that ends in a few minutes")
    train.add_argument("--seed", type=int, default=0, help="seed of the games and the fit (default 0)")
    train.add_argument("--games", type=int, help="self-play games (default 540, 40 with --quick)")
    train.add_argument("--out", type=Path, default=Path("train-out"), help="where checkpoints and weights go")
    train.add_argument("--resume", action="store_true", help="continue the run in --out from its checkpoints")
    train.add_argument("--workers", type=int, default=0, help="self-play processes (default: all cores)")
    train.add_argument("--address", help="a Ray cluster address: play the games there instead")
    train.add_argument("--no-progress", action="store_true", help="no progress bars")
    return train


def run(args: argparse.Namespace) -> int:
    from kashi.train.pipeline import RunError, plan_for, train

    if args.games is not None and args.games < 1:
        raise SystemExit(f"kashi: --games {args.games}: give at least one game")
    plan = plan_for(args.quick, args.seed, args.games)
    try:
        weights = train(plan, args.out, args.resume, args.workers, args.address, not args.no_progress)
    except RunError as error:
        raise SystemExit(f"kashi: {error}") from None
    print(f"Weights written to {weights} (checksum in {weights.name}.sha256)")
    print(f"Play with them: kashi arena azul --bot 'expert-nn:weights={weights}' --bot mcts-classic")
    return 0
