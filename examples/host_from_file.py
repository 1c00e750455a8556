"""Host an Azul game whose chance comes from a file: a tournament's fixed fills, or the draws
of a physical bag typed in as they happen.

The moves here come from a stored record too, so the hosted game must end exactly as the
record did; a real host would take them from its players instead.

    .venv/bin/python examples/host_from_file.py [record.txt]

Without a record it plays one first (random moves). The fills go to ``fills.txt`` in the temporary directory.
"""

from __future__ import annotations

import random
import sys
import tempfile
from pathlib import Path

import kashi
from kashi.core.record import Record


def stored_game(seed: int = 7) -> Record:
    """A finished game, as a host would have it on disk."""
    game = kashi.new_game("azul", players=2, seed=seed)
    rng = random.Random(seed)
    while not game.is_over():
        game.play(rng.choice(game.legal_moves()))
    return game.record()


def host(record: Record, fills: Path) -> kashi.Game:
    """Replay the record's moves, with every chance event read from ``fills``, one line each."""
    lines = iter(fills.read_text(encoding="utf-8").splitlines())
    players = int(record.header("Players"))
    game = kashi.new_game(
        record.header("Variant"), players=players, first_seat=int(record.header("Start")), chance="external"
    )
    for event in record.events:
        while game.expecting_chance:  # e.g. "fill": the factories wait for tiles
            game.play_chance(next(lines))
        if event.seat is not None:
            game.play(event.text, seat=event.seat)
    while game.expecting_chance:
        game.play_chance(next(lines))
    return game


def main() -> None:
    record = Record.loads(Path(sys.argv[1]).read_text(encoding="utf-8")) if len(sys.argv) > 1 else stored_game()
    fills = Path(tempfile.gettempdir()) / "fills.txt"
    fills.write_text("\n".join(event.text for event in record.events if event.seat is None) + "\n", encoding="utf-8")
    game = host(record, fills)
    print(f"{len(fills.read_text().splitlines())} chance lines fed from {fills}")
    print(f"hosted: {game.outcome().result_text()}, recorded: {record.header('Result')}")
    assert game.outcome().result_text() == record.header("Result")


if __name__ == "__main__":
    main()
