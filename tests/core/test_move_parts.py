"""Move parts: the structured form a table picks legal moves by (``State.move_parts``).

In every game the parts of distinct legal moves differ, so a table that picks by parts always
names exactly one move; and they say what the notation says (rules spec: Azul section 10,
Ingenious section 9).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

import kashi


def positions(name: str, players: int, seed: int, count: int, **options: Any) -> Iterator[Any]:
    """Decision points of random games."""
    rng = random.Random(seed)
    found = 0
    while found < count:
        game = kashi.new_game(name, players=players, seed=rng.randrange(2**32), **options)
        while not game.is_over() and found < count:
            yield game.state
            found += 1
            game.play(game.state.random_move(rng))


def azul_text(parts: dict[str, Any]) -> str:
    if parts["kind"] == "wall":
        return f"w{parts['line']}{parts['column']}"
    split = f"-{parts['to_floor']}" if parts["to_floor"] else ""
    return f"{parts['source']}{parts['colour']}{parts['line']}{split}"


def ingenious_text(parts: dict[str, Any]) -> str:
    if parts["kind"] != "place":
        return str(parts["kind"])
    return f"{''.join(parts['colours'])} {parts['cells'][0]}-{parts['cells'][1]}"


@pytest.mark.parametrize(
    ("name", "options", "spell"),
    [
        ("azul", {}, azul_text),
        ("azul-grey", {"partial_floor": True}, azul_text),
        ("ingenious", {}, ingenious_text),
        ("azul-duel", {}, None),
    ],
)
def test_parts_name_exactly_one_legal_move_and_say_what_the_notation_says(
    name: str, options: dict[str, Any], spell: Any
) -> None:
    players = 2
    for state in positions(name, players, seed=3, count=60, **options):
        moves = state.legal_moves()
        parts = [state.move_parts(move) for move in moves]
        keys = [json.dumps(part, sort_keys=True) for part in parts]
        assert len(set(keys)) == len(moves), "two legal moves share their parts"
        for move, part in zip(moves, parts, strict=True):
            assert part["kind"], f"{move}: no kind"
            if spell is not None:
                assert spell(part) == str(move)
            else:
                assert str(move).split()[0] == part["kind"]
