"""Build Azul positions by hand, in the spec's letters, for the golden rules tests.

``board`` puts the named tiles where they are asked for and every other tile in the bag (or the
lid), so the 100 tiles are always conserved; it refuses to return a position that breaks one of
the spec's invariants.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from kashi.core.game import Game
from kashi.core.outcome import ScorePart
from kashi.core.state import CHANCE
from kashi.games.azul import AzulRules, AzulState
from kashi.games.azul.invariants import problems
from kashi.games.azul.moves import FILLS
from kashi.games.azul.rules import COLOURS, wall_colour


def counts(tiles: str) -> list[int]:
    """Tiles per colour of a string of letters; ``.`` and spaces are ignored: ``"BBY."`` -> 2 B, 1 Y."""
    tiles = tiles.replace(".", "").replace(" ", "")
    assert set(tiles) <= set(COLOURS), f"unknown tile letters in {tiles!r}"
    return [tiles.count(letter) for letter in COLOURS]


def board(
    players: int = 2,
    rules: AzulRules | None = None,
    *,
    walls: Mapping[int, Iterable[str]] | None = None,
    lines: Mapping[int, Mapping[int, str]] | None = None,
    floors: Mapping[int, str] | None = None,
    factories: Iterable[str] = (),
    centre: str = "",
    marker_in_centre: bool = True,
    marker_floor: int = -1,
    scores: Iterable[int] | None = None,
    to_move: int = 0,
    starter: int | None = None,
    bag: str | None = None,
    lid: str | None = "",
    round_number: int = 1,
) -> AzulState:
    """A position built from letters.

    ``walls[seat]`` is five rows of five characters: a colour letter, ``x`` for the colour
    printed there (colour side), or ``.`` for an empty space. ``lines[seat][i]`` is the content of
    pattern line ``i`` (1-based), ``floors[seat]`` the floor tiles (the marker is set apart with
    ``marker_floor=seat``, which also makes that seat the next starter). ``factories`` lists the
    first factories' tiles (the others are empty). Exactly one of ``bag`` and ``lid`` may be
    None: it receives every tile not placed elsewhere. ``to_move=CHANCE`` gives a position
    where the refill of the factories is due.
    """
    rules = rules or AzulRules()
    starter = to_move if starter is None and to_move >= 0 else (starter or 0)
    state = AzulState(rules, players, starter)
    state.round = round_number
    state.current_player = to_move
    used = [0] * 5

    def take(tiles: list[int]) -> list[int]:
        for colour in range(5):
            used[colour] += tiles[colour]
        return tiles

    for seat, rows in (walls or {}).items():
        for row, text in enumerate(rows):
            assert len(text) == 5, f"wall row {text!r} is not 5 spaces"
            for column, letter in enumerate(text):
                if letter == ".":
                    continue
                colour = wall_colour(row, column) if letter == "x" else COLOURS.index(letter)
                state.wall[seat] |= 1 << (5 * row + column)
                state.cells[seat * 25 + row * 5 + column] = colour
                state.row_colours[seat * 5 + row] |= 1 << colour
                state.column_colours[seat * 5 + column] |= 1 << colour
                used[colour] += 1
    for seat, seat_lines in (lines or {}).items():
        for number, text in seat_lines.items():
            held = [colour for colour, count in enumerate(take(counts(text))) if count]
            assert len(held) == 1, f"line {number} {text!r} must hold one colour"
            state.line_colour[seat * 5 + number - 1] = held[0]
            state.line_count[seat * 5 + number - 1] = len(text)
    for seat, text in (floors or {}).items():
        take(counts(text))
        state.floor[seat] = text
    state.marker_in_centre = marker_in_centre
    state.marker_floor = marker_floor
    state.next_starter = starter
    if marker_floor >= 0:
        state.next_starter = marker_floor
        if len(state.floor[marker_floor]) < 7:
            state.floor[marker_floor] = "1" + state.floor[marker_floor]
    factories = list(factories)
    for index, text in enumerate(factories):
        state.factories[index] = FILLS[tuple(take(counts(text)))].counts
    state.centre = take(counts(centre))
    state.table_tiles = sum(state.centre) + sum(sum(tiles) for tiles in state.factories)
    state.fill_index = 0 if to_move == CHANCE else len(state.factories)
    assert (
        bag is None
        or lid is None
        or [a + b for a, b in zip(counts(bag), counts(lid), strict=True)] == [20 - count for count in used]
    ), "the bag and the lid must hold every tile not placed elsewhere"
    if bag is None:
        state.lid = take(counts(lid or ""))
        state.bag = [20 - count for count in used]
    else:
        state.bag = take(counts(bag))
        state.lid = [20 - count for count in used]
    if scores is not None:
        state.score = list(scores)
    state.refresh_caches()
    found = problems(state)
    assert found == [], found
    return state


def play(state: AzulState, *moves: str) -> AzulState:
    """Play moves given in notation, in turn order."""
    for text in moves:
        state.play(state.parse_move(text))
    return state


def fill(state: AzulState, line: str) -> AzulState:
    """Apply a refill written as in a record: ``fill BBYR KKWW ... +R``."""
    words = line.split()
    assert words[0] == "fill"
    for token in words[1:]:
        state.apply_chance(state.parse_chance(token))
    return state


def parts(state: AzulState, seat: int) -> list[tuple[str, int]]:
    """The (key, points) of the score parts of ``seat`` caused by the last move or chance event."""
    return [(part.key, part.points) for part in _parts(state, seat)]


def texts(state: AzulState, seat: int) -> list[str]:
    """The plain-words texts of the same score parts."""
    return [str(part) for part in _parts(state, seat)]


def _parts(state: AzulState, seat: int) -> list[ScorePart]:
    return [part for change in state.score_changes if change.seat == seat for part in change.parts]


def game_at(state: AzulState, variant: str = "azul", seed: int = 7) -> Game:
    """A ``Game`` wrapping a hand-built position (for play(seat=...) and its score changes)."""
    options: dict[str, Any] = state.rules.to_options()
    game = Game(variant, state.num_players, options, seed, state.starter)
    game.state = state
    return game


def wall_rows(state: AzulState, seat: int) -> list[str]:
    """The wall of ``seat`` as five strings of letters and ``.``: the inverse of ``walls=``."""
    cells = state.cells[seat * 25 : seat * 25 + 25]
    return ["".join(COLOURS[c] if c >= 0 else "." for c in cells[row * 5 : row * 5 + 5]) for row in range(5)]


def line_text(state: AzulState, seat: int, number: int) -> str:
    """The tiles of pattern line ``number`` (1-based) as letters."""
    index = seat * 5 + number - 1
    colour = state.line_colour[index]
    return COLOURS[colour] * state.line_count[index] if colour >= 0 else ""


def floor_text(state: AzulState, seat: int) -> str:
    """The seat's floor tiles left to right, without the marker."""
    return state.floor[seat].replace("1", "")
