"""Independent checks of the spec's invariants (section 8), shared by the property and volume tests."""

from __future__ import annotations

import json
from collections import Counter
from random import Random
from typing import Any

from kashi.core.game import Game
from kashi.core.outcome import RULES
from kashi.core.record import Record
from kashi.core.state import CHANCE, TERMINAL
from kashi.games.azul import AzulState
from kashi.games.azul.invariants import problems
from kashi.games.azul.rules import COLOURS


def check(state: AzulState) -> None:
    """The spec's invariants, checked independently of the engine's own ``problems``."""
    players = state.num_players
    tiles: Counter[int] = Counter()
    for colour in range(5):
        tiles[colour] += state.bag[colour] + state.lid[colour] + state.centre[colour]
        tiles[colour] += sum(factory[colour] for factory in state.factories)
    for seat in range(players):
        cells = state.cells[seat * 25 : seat * 25 + 25]
        tiles.update(cell for cell in cells if cell >= 0)
        for colour in range(5):
            tiles[colour] += state.floor[seat].count(COLOURS[colour])
        for line in range(5):
            colour, count = state.line_colour[seat * 5 + line], state.line_count[seat * 5 + line]
            row = cells[line * 5 : line * 5 + 5]
            assert (colour == -1) == (count == 0) and count <= line + 1, "a line holds one colour within capacity"
            assert colour == -1 or colour not in row, "a line never holds a colour already in its wall row"
            if colour >= 0:
                tiles[colour] += count
            assert len([cell for cell in row if cell >= 0]) == len({cell for cell in row if cell >= 0})
            column = cells[line::5]
            assert len([cell for cell in column if cell >= 0]) == len({cell for cell in column if cell >= 0})
            if not state.rules.grey:
                assert all(cell in (-1, (j - line) % 5) for j, cell in enumerate(row)), "printed colours"
        assert 0 <= len(state.floor[seat]) <= 7
        if state.rules.overflow == "discard":
            assert state.floor[seat] in ("", "1"), "the floor holds only the marker"
        assert state.score[seat] >= 0, "scores are never negative"
    assert dict(tiles) == dict.fromkeys(range(5), 20), "100 tiles, 20 of each colour"
    assert all(sum(factory) <= 4 for factory in state.factories)
    markers = int(state.marker_in_centre) + int(0 <= state.marker_floor < players)
    if state.current_player >= 0 and state.tiling is None:
        assert markers == 1, "exactly one marker: in the centre or on one floor"
    if state.current_player == CHANCE:
        assert state.marker_in_centre and state.marker_floor == -1
    if state.current_player == TERMINAL and state.ended == RULES and not state.rules.rounds:
        assert state.round >= 5, "the minimum game length is 5 rounds"
    assert problems(state) == []


def play_out(game: Game, rng: Random, step: Any = check) -> Game:
    step(game.state)
    while not game.is_over():
        game.play(game.state.random_move(rng))
        step(game.state)
    return game


def replays(game: Game) -> None:
    """The record (text and JSON) replays to the identical state."""
    record = game.record()
    text = Game.from_record(Record.loads(record.to_text()))
    data = Game.from_record(Record.loads(json.dumps(record.to_json())))
    assert text.state.to_json() == data.state.to_json() == game.state.to_json()
    assert text.record().to_text() == record.to_text()
