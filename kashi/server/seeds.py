"""Who fixes a game's chance: a secret seed, unless every seat is the creator's or a bot.

A creator who chose the seed of a game with another person knew that person's racks and every
draw before it was made. So a game with a person seat (an invite or an open seat) gets a seed
of ``SEED_BITS`` random bits from ``secrets``, kept in the database and never sent while the
game runs (the record, which carries it, is served once the game is over). A creator may name
the seed only of a game of their own seats and bots (hot-seat, practice against bots), which
is then marked ``seeded`` so that it is never rated.

The chance RNG stays the core's (``Game.resolve_chance``): reseeded from the seed and the
number of record lines before each run of chance events. A room rebuilt from the log after a
restart therefore draws exactly what it would have drawn, and no one without the seed can
derive it. Records still replay without any RNG: every chance line is in the log.
"""

from __future__ import annotations

import hashlib
import secrets

from fastapi import HTTPException

from kashi.server.messages import reason
from kashi.server.schemas import CreateGame

SEED_BITS = 128


def seed_for(body: CreateGame) -> tuple[int, bool]:
    """The new game's seed and whether the creator chose it; a chosen seed is refused (422)
    when someone other than the creator is to sit at the table."""
    if body.seed is None:
        return secrets.randbits(SEED_BITS), False
    if any(seat.kind == "person" for seat in body.seats):
        raise HTTPException(422, reason("server.seed_not_allowed"))
    return body.seed, True


def bot_seed(game_seed: int, version: int) -> int:
    """A bot's seed for one turn, one-way from the game's, so its play reveals no bit of it."""
    digest = hashlib.blake2b(f"{game_seed}.{version}".encode(), digest_size=4).digest()
    return int.from_bytes(digest, "big")
