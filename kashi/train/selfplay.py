"""Self-play games of Azul turned into training rows: each position's features and how it ended.

A game depends only on its seed: the players (drawn per seat from ``PolicyMix``), the first seat
and every refill come from it, so a chunk of games is the same whichever process plays it. Each
position where someone is to move, and each position between two rounds, becomes one row,
padded to four seats: the seats' features, the table's, which seats play, each seat's share
of the win (the engine's ranking with its tie-break; a shared win is split) and the points
it still scored from there.
"""

from __future__ import annotations

from dataclasses import dataclass
from random import Random
from typing import Any

import numpy as np

from kashi.bots.base import Limits
from kashi.bots.registry import make_bot
from kashi.core.game import new_game
from kashi.core.state import CHANCE
from kashi.games.azul.features import SEAT_FEATURES, TABLE_FEATURES, features

MAX_SEATS = 4


@dataclass(frozen=True)
class PolicyMix:
    """Who plays the training games: each seat draws one of ``bots`` with the game's seed."""

    bots: tuple[str, ...]
    players: tuple[int, ...] = (2, 3, 4)


@dataclass(frozen=True)
class GameSpec:
    """Everything one worker needs for one game (picklable)."""

    seed: int
    mix: PolicyMix


def play_for_rows(spec: GameSpec) -> dict[str, np.ndarray[Any, Any]]:
    """One self-play game as training rows (see the module docstring)."""
    rng = Random(spec.seed)
    players = rng.choice(spec.mix.players)
    bots = [make_bot(rng.choice(spec.mix.bots), rng.randrange(2**31)) for _ in range(players)]
    game = new_game("azul", players=players, seed=rng.randrange(2**31))
    state: Any = game.state.copy()
    chance = Random(rng.randrange(2**31))
    seats: list[list[list[float]]] = []
    tables: list[list[float]] = []
    scores_then: list[list[int]] = []
    limits = Limits()
    while not state.is_over():
        if state.current_player == CHANCE:
            if state.fill_index == 0 and state.round > 1:
                _keep(state, seats, tables, scores_then)
            state.apply_chance(state.sample_chance(chance))
            continue
        _keep(state, seats, tables, scores_then)
        seat = state.current_player
        state.play(bots[seat].choose(state.view(seat), limits))
    outcome = state.outcome()
    share = np.zeros(MAX_SEATS)
    for winner in outcome.winners:
        share[winner] = 1 / len(outcome.winners)
    rows = len(seats)
    seat_array = np.zeros((rows, MAX_SEATS, len(SEAT_FEATURES)), dtype=np.float32)
    seat_array[:, :players] = np.array(seats, dtype=np.float32)
    to_come = np.zeros((rows, MAX_SEATS), dtype=np.float32)
    to_come[:, :players] = np.array(outcome.scores) - np.array(scores_then)
    mask = np.zeros((rows, MAX_SEATS), dtype=bool)
    mask[:, :players] = True
    return {
        "seats": seat_array,
        "table": np.array(tables, dtype=np.float32).reshape(rows, len(TABLE_FEATURES)),
        "mask": mask,
        "win": np.tile(share.astype(np.float32), (rows, 1)),
        "to_come": to_come,
        "game": np.full(rows, spec.seed, dtype=np.int64),
    }


def _keep(state: Any, seats: list[list[list[float]]], tables: list[list[float]], scores: list[list[int]]) -> None:
    seat_rows, table = features(state)
    seats.append(seat_rows)
    tables.append(table)
    scores.append(list(state.score))


def join(parts: list[dict[str, np.ndarray[Any, Any]]]) -> dict[str, np.ndarray[Any, Any]]:
    """Rows of several games as one set of arrays."""
    return {key: np.concatenate([part[key] for part in parts]) for key in parts[0]}
