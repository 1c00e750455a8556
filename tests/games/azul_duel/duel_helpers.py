"""Hand-built Azul Duel positions for the tests: say what is on the table, the rest is filled in."""

from __future__ import annotations

from typing import Any

from kashi.core.state import CHANCE
from kashi.games.azul_duel.acquisition import lay
from kashi.games.azul_duel.components import CHIP_NAMES, COLOURS, TILES_PER_COLOUR
from kashi.games.azul_duel.phases import ACQUISITION, CHIP_TAKEN
from kashi.games.azul_duel.rules import DuelRules
from kashi.games.azul_duel.state import AzulDuelState


def colours(text: str) -> list[int]:
    return [COLOURS.index(letter) for letter in text]


def counts(text: str) -> list[int]:
    return [text.count(letter) for letter in COLOURS]


def cell(name: str) -> int:
    """``c3`` -> row 3 (from the top), column c."""
    return (int(name[1]) - 1) * 6 + "abcdef".index(name[0])


def blank(start: int = 0, round_number: int = 1, **options: Any) -> AzulDuelState:
    """Round ``round_number``, acquisition, ``start`` to move: empty workshops, chips all taken,
    no plates anywhere but the face-down stack, every tile in the bag, scores 5."""
    state = AzulDuelState(DuelRules(**options), start)
    state.phase = ACQUISITION
    state.round = round_number
    state.to_move = state.starter = state.start_holder = start
    state.display = []
    state.stack = [-1] * 18
    state.stack_known = [0] * 18
    state.pool = list(range(18))
    state.suns = [0] * 25
    state.tablets = [1, 1, 1, 1]
    state.chip_at = [CHIP_TAKEN] * 4
    state.bag = [TILES_PER_COLOUR] * 5
    state.fill_workshop, state.fill_need = 5, 0
    state.opening_left = 0
    state.current_player = start
    return state


def workshop(state: AzulDuelState, number: int, sun: str = "", moon: str = "") -> None:
    """Sun tiles and moon tiles (small moon: bottom to top) of workshop ``number`` (0 = large)."""
    state.suns[number * 5 : number * 5 + 5] = counts(sun)
    if number == 0:
        state.big_moon = counts(moon)
    else:
        state.moons[number - 1] = tuple(colours(moon))


def plates(state: AzulDuelState, seat: int, placed: dict[int, tuple[int, int]]) -> None:
    """Lay plates: {slot 1..9: (plate, rotation)}; they leave the pool and the stack."""
    for slot, (plate, rotation) in placed.items():
        lay(state, seat, plate, slot - 1, rotation)
        state.pool.remove(plate)
        state.stack.pop()
        state.stack_known.pop()


def tiles(state: AzulDuelState, seat: int, placed: dict[str, str]) -> None:
    """Put tiles on dome cells: {"c3": "R", "d4": "S" (a special tile)}."""
    for name, letter in placed.items():
        state.tiles[seat * 36 + cell(name)] = 5 if letter == "S" else COLOURS.index(letter)


def line(state: AzulDuelState, seat: int, number: int, text: str) -> None:
    """Pattern line ``number`` (1..6) holding ``text``, e.g. ``RR``."""
    index = seat * 6 + number - 1
    state.line_colour[index] = COLOURS.index(text[0]) if text else -1
    state.line_count[index] = len(text)


def chips(state: AzulDuelState, seat: int, names: str) -> None:
    """The chips a seat holds, e.g. ``"R R TY"``; they leave the chip pool."""
    held = [0] * 10
    for name in names.split():
        held[CHIP_NAMES.index(name)] += 1
    state.chips[seat * 10 : seat * 10 + 10] = held
    state.chip_pool = [2 - sum(state.chips[s * 10 + t] for s in range(2)) for t in range(10)]


def rebag(state: AzulDuelState) -> AzulDuelState:
    """Put every coloured tile not placed elsewhere into the bag, so that 65 tiles are in play."""
    elsewhere = [0] * 5
    for colour in range(5):
        elsewhere[colour] += state.tower[colour] + sum(state.suns[w * 5 + colour] for w in range(5))
        elsewhere[colour] += state.big_moon[colour] + sum(stack.count(colour) for stack in state.moons)
        elsewhere[colour] += state.tiles.count(colour)
        elsewhere[colour] += state.broken[colour] + state.broken[5 + colour]
    for index in range(12):
        if state.line_count[index]:
            elsewhere[state.line_colour[index]] += state.line_count[index]
    state.bag = [TILES_PER_COLOUR - n for n in elsewhere]
    assert min(state.bag) >= 0, "more than 13 tiles of a colour"
    return state


def settle(state: AzulDuelState) -> AzulDuelState:
    """Refill the bag and let the engine run its automatic steps from here."""
    rebag(state)
    state._advance()
    return state


def chance_kind(state: AzulDuelState) -> str:
    assert state.current_player == CHANCE
    return state.chance_group()[0]
