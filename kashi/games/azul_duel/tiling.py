"""Phase B (dome tiling and scoring), penalties, preparation and the end of the game.

Each player in turn (the round's start player first) goes through pattern lines 1 to 6 once.
A line is resolved automatically unless its owner has a choice: to spend chips on it, or which
of several cells of the dome row takes its tile.
"""

from __future__ import annotations

from random import Random
from typing import TYPE_CHECKING, Any

from kashi.core.errors import IllegalMoveError
from kashi.games.azul_duel import chips as chip_rules
from kashi.games.azul_duel import dome
from kashi.games.azul_duel.acquisition import set_line, to_broken
from kashi.games.azul_duel.components import (
    BROKEN_OF,
    BROKEN_TOTAL,
    CELLS,
    CHIP_INDEX,
    CHIP_NAMES,
    CHIPS_OF,
    CHIPS_PER_TILE_ANY,
    CHIPS_PER_TILE_MATCHING,
    COLOUR_NAMES,
    DOME_BASE,
    LINE_INDEX,
    LINES,
    PLATE_ROUNDS,
    ROUNDS,
    SPECIAL,
    START_TILE_PENALTY,
    WORKSHOPS,
)
from kashi.games.azul_duel.notation import (
    ACQUISITION_MOVES,
    PLACE_TILES,
    SKIP,
    Move,
    PlaceTile,
    SkipChips,
    SpendChips,
    cell_name,
    spend_chips,
)
from kashi.games.azul_duel.objectives import OBJECTIVES
from kashi.games.azul_duel.phases import (
    CHIP_HIDDEN,
    CHOOSE_CELL,
    CHOOSE_CHIPS,
    DISPLAY,
    EVALUATE,
    FILL,
    OVER,
    TILING,
)
from kashi.games.azul_duel.rules import PASS_ON

if TYPE_CHECKING:
    from kashi.games.azul_duel.state import AzulDuelState

Parts = tuple[tuple[str, int, dict[str, Any]], ...]
PLACEMENT_KEYS = tuple(f"azul_duel.score.{kind}" for kind in ("lone_tile", "tile_row", "tile_column", "tile_both"))
"""The score part of a placed tile, by (row run longer than 1) + 2 * (column run longer than 1)."""
CELL_NAMES = tuple(cell_name(cell) for cell in range(CELLS))


def start(state: AzulDuelState) -> None:
    state.phase = TILING
    state.tiling_turn = 0
    state.tile_line = 0
    state.tile_stage = EVALUATE


def run(state: AzulDuelState) -> bool:
    """Resolve lines until a seat must choose (True) or the round is over (False)."""
    while state.tiling_turn < 2:
        seat = (state.starter + state.tiling_turn) % 2
        state.to_move = seat
        while state.tile_line < LINES:
            if state.tile_stage != EVALUATE or _evaluate(state, seat):
                return True
            state.tile_line += 1
        _penalties(state, seat)
        state.tiling_turn += 1
        state.tile_line = 0
    _end_round(state)
    return False


def _line_state(state: AzulDuelState, seat: int) -> tuple[int, int, int]:
    """(index into the line lists, colour, count) of the line being tiled."""
    index = LINE_INDEX[seat][state.tile_line]
    return index, state.line_colour[index], state.line_count[index]


def targets(state: AzulDuelState, seat: int) -> list[int]:
    """The cells of the current line's dome row that accept its colour."""
    colour = state.line_colour[LINE_INDEX[seat][state.tile_line]]
    return dome.legal_cells(state.cells, state.tiles, DOME_BASE[seat], state.tile_line, colour)


def _evaluate(state: AzulDuelState, seat: int) -> bool:
    """Resolve the current line by itself, or set the stage of the choice it needs (True)."""
    line = state.tile_line
    index = LINE_INDEX[seat][line]
    count = state.line_count[index]
    if not count:
        return False
    colour = state.line_colour[index]
    cells = dome.legal_cells(state.cells, state.tiles, DOME_BASE[seat], line, colour)
    if not cells:
        if dome.plate_row_full(state.slots, seat, line):
            set_line(state, seat, line, -1, 0)
            to_broken(state, seat, colour, count)
        return False
    if count == line + 1:
        if len(cells) == 1:
            _place(state, seat, cells[0])
            return False
        state.tile_stage = CHOOSE_CELL
        return True
    if chip_rules.can_pay(_held(state, seat), colour, line + 1 - count):
        state.tile_stage = CHOOSE_CHIPS
        return True
    return False


def _held(state: AzulDuelState, seat: int) -> list[int]:
    return state.chips[CHIPS_OF[seat]]


def legal_moves(state: AzulDuelState) -> list[Move]:
    seat = state.to_move
    if state.tile_stage == CHOOSE_CELL:
        return [PLACE_TILES[cell] for cell in targets(state, seat)]
    _, colour, count = _line_state(state, seat)
    spends = chip_rules.spends(_held(state, seat), colour, state.tile_line + 1 - count)
    return [*map(spend_chips, spends), SKIP]


def random_move(state: AzulDuelState, rng: Random) -> Move:
    """One of ``legal_moves`` drawn uniformly (the same index of the same list), naming only the
    drawn chip set: there can be hundreds."""
    seat = state.to_move
    if state.tile_stage == CHOOSE_CELL:
        return PLACE_TILES[rng.choice(targets(state, seat))]
    _, colour, count = _line_state(state, seat)
    types, sets = chip_rules.paying_sets(_held(state, seat), colour, state.tile_line + 1 - count)
    index = int(rng.random() * (len(sets) + 1))
    return spend_chips(tuple(map(types.__getitem__, sets[index]))) if index < len(sets) else SKIP


def check(state: AzulDuelState, move: Move) -> None:
    seat = state.to_move
    line = state.tile_line + 1
    _, colour, count = _line_state(state, seat)
    if not isinstance(move, (PlaceTile, SpendChips, SkipChips)):
        key = "azul_duel.acquisition_only" if isinstance(move, ACQUISITION_MOVES) else "azul_duel.not_a_move"
        raise IllegalMoveError(key, move=move)
    if state.tile_stage == CHOOSE_CELL:
        if not isinstance(move, PlaceTile):
            raise IllegalMoveError("azul_duel.tiling_now", line=line, expected=_expected(state))
        cells = targets(state, seat)
        if move.cell not in cells:
            raise IllegalMoveError(
                "azul_duel.cell_illegal",
                line=line,
                colour=COLOUR_NAMES[colour],
                cell=cell_name(move.cell) if type(move.cell) is int and 0 <= move.cell < 36 else move.cell,
                legal=" ".join(cell_name(cell) for cell in cells),
            )
        return
    if isinstance(move, SkipChips):
        return
    if isinstance(move, PlaceTile):
        raise IllegalMoveError("azul_duel.tiling_now", line=line, expected=_expected(state))
    spent = move.chips
    if type(spent) is not tuple or not all(type(c) is int and 0 <= c < len(CHIP_NAMES) for c in spent):
        raise IllegalMoveError("azul_duel.not_a_move", move=move)
    held = _held(state, seat)
    if any(spent.count(chip) > held[chip] for chip in set(spent)):
        raise IllegalMoveError("azul_duel.chips_not_held", chips=_chip_text(spent), held=_held_text(held))
    missing = line - count
    if not chip_rules.pays(spent, colour, missing):
        raise IllegalMoveError(
            "azul_duel.chips_dont_pay",
            chips=_chip_text(spent),
            missing=missing,
            colour=COLOUR_NAMES[colour],
            matching=CHIPS_PER_TILE_MATCHING,
            any=CHIPS_PER_TILE_ANY,
        )


def _expected(state: AzulDuelState) -> str:
    from kashi.core.messages import Message

    key = "azul_duel.expect_cell" if state.tile_stage == CHOOSE_CELL else "azul_duel.expect_chips"
    return str(Message(key, {"line": state.tile_line + 1}))


def _chip_text(chips: tuple[int, ...]) -> str:
    return ",".join(CHIP_NAMES[chip] for chip in chips) or "no chips"


def _held_text(held: list[int]) -> str:
    return _chip_text(tuple(chip for chip, n in enumerate(held) for _ in range(n)))


def apply(state: AzulDuelState, move: Move) -> None:
    seat = state.to_move
    if isinstance(move, PlaceTile):
        _place(state, seat, move.cell)
    elif isinstance(move, SpendChips):
        index, _, count = _line_state(state, seat)
        for chip in move.chips:
            state.chips[CHIP_INDEX[seat][chip]] -= 1
        state.stand_ins = state.tile_line + 1 - count
        set_line(state, seat, state.tile_line, state.line_colour[index], state.tile_line + 1)
        cells = targets(state, seat)
        if len(cells) > 1:
            state.tile_stage = CHOOSE_CELL
            return
        _place(state, seat, cells[0])
    state.tile_stage = EVALUATE
    state.tile_line += 1


def _place(state: AzulDuelState, seat: int, cell: int) -> None:
    """Move the line's rightmost tile to ``cell``, score it (and a special tile it triggers);
    the rest of the line's real tiles go to the tower."""
    _, colour, count = _line_state(state, seat)
    base = DOME_BASE[seat]
    state.tiles[base + cell] = colour
    horizontal, vertical = dome.runs(state.tiles, base, cell)
    points = dome.placement_points(horizontal, vertical)
    key = PLACEMENT_KEYS[(horizontal > 1) + 2 * (vertical > 1)]
    parts: Parts = ((key, points, {"cell": CELL_NAMES[cell], "row": horizontal, "column": vertical}),)
    special = dome.completed_special(state.cells, state.tiles, base, cell)
    if special >= 0:
        state.tiles[base + special] = SPECIAL
        row_number = special // 6 + 1
        parts += (("azul_duel.score.special", row_number, {"cell": CELL_NAMES[special], "row": row_number}),)
    state.add_score(seat, parts)
    state.tower[colour] += count - state.stand_ins - 1
    set_line(state, seat, state.tile_line, -1, 0)
    state.stand_ins = 0


def _penalties(state: AzulDuelState, seat: int) -> None:
    """Broken tiles, then the start tile; the broken tiles go to the tower."""
    base = BROKEN_OF[seat].start
    broken = sum(state.broken[BROKEN_OF[seat]])
    parts: Parts = ()
    if broken:
        parts += (("azul_duel.score.broken", -BROKEN_TOTAL[broken], {"count": broken}),)
    if state.start_taker == seat:
        parts += (("azul_duel.score.start_tile", -START_TILE_PENALTY, {}),)
    if parts:
        state.add_score(seat, parts)
    for colour in range(5):
        state.tower[colour] += state.broken[base + colour]
        state.broken[base + colour] = 0


def _end_round(state: AzulDuelState) -> None:
    _hand_on_start_tile(state)
    if state.round == ROUNDS:
        for seat in range(2):
            _final_scoring(state, seat)
        state.phase = OVER
        return
    _prepare(state)


def final_parts(state: AzulDuelState, seat: int) -> Parts:
    """What the final scoring gives ``seat`` for its dome as it stands: the objectives of the
    tablets in play (and unused chips, if the option says so)."""
    dome_slices = (state.cells, state.tiles, DOME_BASE[seat])
    parts: Parts = ()
    for tablet, side in enumerate(state.tablets):
        if side > 0:
            objective = OBJECTIVES[tablet][side - 1]
            points, count = objective.score(dome_slices)
            parts += ((f"azul_duel.score.{objective.name}", points, {"count": count, **objective.weights}),)
    per_chip = state.rules.unused_chip_points
    if per_chip:
        unused = sum(_held(state, seat))
        parts += (("azul_duel.score.unused_chips", per_chip * unused, {"count": unused}),)
    return parts


def _final_scoring(state: AzulDuelState, seat: int) -> None:
    parts = final_parts(state, seat)
    if parts:
        state.add_score(seat, parts)


def _hand_on_start_tile(state: AzulDuelState) -> None:
    """Whoever took the start tile this round holds it (it starts the next round, wins ties)."""
    if state.start_taker >= 0:
        state.start_holder = state.start_taker
    elif state.rules.untaken_start_tile == PASS_ON:
        state.start_holder = 1 - state.start_holder


def _prepare(state: AzulDuelState) -> None:
    """Phase C: the start tile holder starts; tokens, chips and suns renew."""
    state.starter = state.to_move = state.start_holder
    state.round += 1
    state.plates_taken = [0, 0]
    state.chips_taken = [0, 0]
    state.chip_at = [CHIP_HIDDEN] * (WORKSHOPS - 1)
    state.start_on_moon = True
    state.sun_start = False
    state.start_taker = -1
    state.last_pass = False
    state.fill_workshop, state.fill_need = 0, 5
    state.phase, state.after_display = (DISPLAY if state.round <= PLATE_ROUNDS else FILL), FILL
