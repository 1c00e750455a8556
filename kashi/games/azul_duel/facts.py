"""The facts of an Azul Duel position, shared by its JSON form and its position line.

``facts_of`` lists what the table shows and the rules need, as plain JSON values (docs/records.md,
"State JSON"): plates by number with their rotation, tiles and chips by their letters, a view's
hidden plates as ``null``. ``build`` makes the state those facts describe: dome cell types, the
pool of plates nobody has located, fill and opening progress, due chip reveals and the tiling
bookkeeping are worked out again, as the engine would have them, and anything the rules cannot
reach is refused naming the field. The position line (``position.py``) spells the same dict.
"""

from __future__ import annotations

from typing import Any

from kashi.core.json_form import (
    EMPTY_CELL,
    MOST_SCORE,
    counts,
    fields,
    flag,
    form_of,
    listed,
    read_json,
    rule_options,
    text,
    whole,
    write_counts,
)
from kashi.core.position_text import letter_counts, one_colour, refuse
from kashi.games.azul_duel import dome, tiling
from kashi.games.azul_duel.acquisition import set_line
from kashi.games.azul_duel.chips import can_pay
from kashi.games.azul_duel.components import (
    BROKEN_OF,
    BROKEN_SPACES,
    CHIP_INDEX,
    CHIP_NAMES,
    CHIPS_OF,
    CHIPS_PER_PLAYER,
    CHIPS_PER_TYPE,
    COLOURS,
    DISPLAY_SIZE,
    DOME_BASE,
    EMPTY,
    LARGE_SUN,
    LINE_INDEX,
    LINES,
    PLATE_COUNT,
    PLATES_PER_ROUND,
    ROTATIONS,
    ROUNDS,
    SLOT_CELLS,
    SLOT_INDEX,
    SLOTS,
    SMALL_SUN,
    SUN_OF,
    TABLETS,
    TILES_PER_COLOUR,
    WORKSHOPS,
)
from kashi.games.azul_duel.invariants import problems
from kashi.games.azul_duel.notation import workshop_name
from kashi.games.azul_duel.phases import (
    ACQUISITION,
    CHIP_HIDDEN,
    CHIP_TAKEN,
    CHOOSE_CELL,
    CHOOSE_CHIPS,
    DISPLAY,
    DRAWN,
    FILL,
    OPENING,
    OVER,
    PHASE_NAMES,
)
from kashi.games.azul_duel.phases import TABLETS as TABLET_PHASE
from kashi.games.azul_duel.phases import TILING as TILING_PHASE
from kashi.games.azul_duel.rules import OPTIONS, PASS_ON, DuelRules
from kashi.games.azul_duel.state import FIELDS, AzulDuelState

FACTS = (
    "round", "turn", "last_turn_passed", "start", "tablets", "display", "stack", "workshops",
    "bag", "tower", "unrevealed_chips", "players",
)  # fmt: skip
"""The keys of the JSON form after ``game`` and ``rules``."""
PLAYER_FACTS = ("score", "plates_taken", "chips_taken", "chips", "lines", "broken", "dome")
START_FACTS = ("player", "taken_by", "with_large_sun")
PLATE_FACTS = ("slot", "plate", "rotation", "tiles")
STACKED_FACTS = ("plate", "known_to")
LARGE_FACTS, SMALL_FACTS = ("sun", "moon"), ("sun", "moon", "chip")
STEPS = {"display": DISPLAY, "tablets": TABLET_PHASE, "fill": FILL, "opening": OPENING, "play": ACQUISITION}
"""Steps that name a phase and no more: three chance steps and two decisions."""
DRAW_STEPS = {"drawing": (DRAWN, 1, 0), "keep": (ACQUISITION, 1, 1), "bottom": (ACQUISITION, 2, 2)}
"""Steps of a paid draw: (phase, draw stage, fewest drawn plates)."""
CHIPS, TILE, OVER_STEP = "chips", "tile", "over"
TURN_FACTS: dict[str, tuple[str, ...]] = {
    **{step: ("step", "seat") for step in STEPS},
    **{step: ("step", "seat", "drawn") for step in DRAW_STEPS},
    CHIPS: ("step", "seat", "line"),
    TILE: ("step", "seat", "line", "stand_ins"),
    OVER_STEP: ("step",),
}
"""The keys of each step's ``turn``."""
HIDDEN_CHIP = "hidden"
"""A small workshop's chip while it lies face down; ``null`` once taken."""
CELL_LETTERS = COLOURS + "S"
"""A dome cell's tile: a colour, or ``S`` the special tile; ``.`` is an empty cell."""
OPENING_PLATES = 2
"""Plates placed in the opening of round 1, one per seat."""


# -- the facts of a state -----------------------------------------------------------------
def facts_of(state: AzulDuelState) -> dict[str, Any]:
    return {
        "round": state.round,
        "turn": _turn_of(state),
        "last_turn_passed": state.last_pass,
        "start": {
            "player": state.starter,
            "taken_by": state.start_taker if state.start_taker >= 0 else None,
            "with_large_sun": state.sun_start,
        },
        "tablets": {name: side if side >= 0 else None for name, side in zip(TABLETS, state.tablets, strict=True)},
        "display": state.display[:],
        "stack": [_stacked_of(plate, known) for plate, known in zip(state.stack, state.stack_known, strict=True)],
        "workshops": [_workshop_of(state, workshop) for workshop in range(WORKSHOPS)],
        "bag": write_counts(state.bag, COLOURS),
        "tower": write_counts(state.tower, COLOURS),
        "unrevealed_chips": write_counts(state.chip_pool, CHIP_NAMES),
        "players": [_player_of(state, seat) for seat in range(2)],
    }


def _turn_of(state: AzulDuelState) -> dict[str, Any]:
    seat = state.to_move
    if state.phase == OVER:
        return {"step": OVER_STEP}
    if state.phase == TILING_PHASE:
        line = state.tile_line + 1
        if state.tile_stage == CHOOSE_CHIPS:
            return {"step": CHIPS, "seat": seat, "line": line}
        return {"step": TILE, "seat": seat, "line": line, "stand_ins": state.stand_ins}
    if state.phase == DRAWN or state.draw_stage:
        step = "drawing" if state.phase == DRAWN else "keep" if state.draw_stage == 1 else "bottom"
        return {"step": step, "seat": seat, "drawn": [plate if plate >= 0 else None for plate in state.hand]}
    return {"step": next(name for name, phase in STEPS.items() if phase == state.phase), "seat": seat}


def _stacked_of(plate: int, known: int) -> dict[str, Any] | None:
    """A plate of the stack with the seats that know it, or None where the plate is unknown."""
    if plate < 0:
        return None
    return {"plate": plate, "known_to": [seat for seat in range(2) if known >> seat & 1]}


def _letters(tiles: list[int]) -> str:
    return "".join(letter * count for letter, count in zip(COLOURS, tiles, strict=True))


def _workshop_of(state: AzulDuelState, workshop: int) -> dict[str, Any]:
    sun = _letters(state.suns[SUN_OF[workshop]])
    if workshop == 0:
        return {"sun": sun, "moon": _letters(state.big_moon)}
    chip = state.chip_at[workshop - 1]
    shown = CHIP_NAMES[chip] if chip >= 0 else HIDDEN_CHIP if chip == CHIP_HIDDEN else None
    return {"sun": sun, "moon": "".join(COLOURS[colour] for colour in state.moons[workshop - 1]), "chip": shown}


def _player_of(state: AzulDuelState, seat: int) -> dict[str, Any]:
    held = state.chips[CHIPS_OF[seat]]
    lines = LINE_INDEX[seat]
    return {
        "score": state.score[seat],
        "plates_taken": state.plates_taken[seat],
        "chips_taken": state.chips_taken[seat],
        "chips": [name for name, count in zip(CHIP_NAMES, held, strict=True) for _ in range(count)],
        "lines": [
            COLOURS[state.line_colour[index]] * state.line_count[index] if state.line_count[index] else ""
            for index in lines
        ],
        "broken": _letters(state.broken[BROKEN_OF[seat]]),
        "dome": [_plate_of(state, seat, slot) for slot in range(SLOTS) if state.slots[SLOT_INDEX[seat][slot]] >= 0],
    }


def _plate_of(state: AzulDuelState, seat: int, slot: int) -> dict[str, Any]:
    """A placed plate: its slot (1 to 9), number, quarter turns and the tiles on its four cells
    as they lie (top left, top right, bottom left, bottom right)."""
    plate, rotation = divmod(state.slots[SLOT_INDEX[seat][slot]], ROTATIONS)
    base = DOME_BASE[seat]
    tiles = "".join(
        EMPTY_CELL if tile == EMPTY else CELL_LETTERS[tile]
        for tile in (state.tiles[base + cell] for cell in SLOT_CELLS[slot])
    )
    return {"slot": slot + 1, "plate": plate, "rotation": rotation, "tiles": tiles}


# -- the state of some facts ----------------------------------------------------------------
def from_json(data: Any) -> AzulDuelState:
    """The state of a JSON form (``AzulDuelState.to_json``); ``core.bad_json`` names a bad field."""

    def read() -> AzulDuelState:
        form = form_of(data, "azul-duel", FACTS)
        rules = DuelRules.from_options(rule_options(form["rules"], OPTIONS, lambda players, options: None, 2))
        return build(rules, {name: form[name] for name in FACTS})

    return read_json(read)


def build(rules: DuelRules, facts: dict[str, Any]) -> AzulDuelState:
    """The position the facts describe, under ``rules``; refused naming the field if the rules
    cannot reach it."""
    fields(facts, FACTS, "state")
    state = AzulDuelState(rules, 0)
    state.round = whole(facts["round"], "round", 1, ROUNDS)
    _start(state, facts["start"])
    _tablets(state, facts["tablets"])
    _plates(state, facts["display"], facts["stack"])
    for workshop, shop in enumerate(listed(facts["workshops"], "workshops", "workshops", count=WORKSHOPS)):
        _workshop(state, workshop, shop)
    state.bag = counts(facts["bag"], COLOURS, "bag", TILES_PER_COLOUR)
    state.tower = counts(facts["tower"], COLOURS, "tower", TILES_PER_COLOUR)
    state.chip_pool = counts(facts["unrevealed_chips"], CHIP_NAMES, "unrevealed chips", CHIPS_PER_TYPE)
    for seat, board in enumerate(listed(facts["players"], "players", "seats", count=2)):
        _player(state, seat, board)
    _turn(state, facts["turn"])
    state.last_pass = flag(facts["last_turn_passed"], "step")
    _derive(state)
    _check(state)
    return state


def _seat(value: Any, field: str) -> int:
    return whole(value, field, 0, 1)


def _plate(value: Any, field: str) -> int:
    return whole(value, field, 0, PLATE_COUNT - 1)


def _start(state: AzulDuelState, value: Any) -> None:
    """The round's start player (who holds the start tile), who took it this round, and
    whether it goes with the large sun's one-colour fill."""
    start = fields(value, START_FACTS, "start")
    state.starter = state.start_holder = _seat(start["player"], "start")
    state.start_taker = -1 if start["taken_by"] is None else _seat(start["taken_by"], "start")
    state.start_on_moon = state.start_taker < 0
    state.sun_start = flag(start["with_large_sun"], "start")


def _tablets(state: AzulDuelState, value: Any) -> None:
    """Tablets are decided A to D at setup (side 1 or 2, 0 left out, None not yet); under these
    rules ``4 - tablets`` are left out."""
    given = fields(value, tuple(TABLETS), "tablets")
    state.tablets = [-1 if given[name] is None else whole(given[name], "tablets", 0, 2) for name in TABLETS]
    decided = [side for side in state.tablets if side >= 0]
    out, left_out = decided.count(0), len(TABLETS) - state.rules.tablets
    if -1 in state.tablets[: len(decided)] or out > left_out or (len(decided) == len(TABLETS) and out != left_out):
        refuse("tablets", f"tablets are decided A to D, {left_out} left out")


def _plates(state: AzulDuelState, display: Any, stack: Any) -> None:
    """The display in its order, and the stack top to bottom with what each seat knows of it."""
    state.display = [_plate(plate, "display") for plate in listed(display, "display", "plates")]
    if len(state.display) > DISPLAY_SIZE:
        refuse("display", f"{len(state.display)} plates, the display holds {DISPLAY_SIZE}")
    state.stack, state.stack_known = [], []
    for entry in listed(stack, "stack", "plates", most=PLATE_COUNT):
        if entry is None:
            state.stack.append(-1)
            state.stack_known.append(0)
            continue
        stacked = fields(entry, STACKED_FACTS, "stack")
        knowers = {_seat(seat, "stack") for seat in listed(stacked["known_to"], "stack", "seats", most=2)}
        state.stack.append(_plate(stacked["plate"], "stack"))
        state.stack_known.append(sum(1 << seat for seat in knowers))


def _workshop(state: AzulDuelState, workshop: int, value: Any) -> None:
    name = f"workshop {workshop_name(workshop)}"
    large = workshop == 0
    shop = fields(value, LARGE_FACTS if large else SMALL_FACTS, name)
    size = LARGE_SUN if large else SMALL_SUN
    state.suns[SUN_OF[workshop]] = letter_counts(text(shop["sun"], f"{name} sun"), COLOURS, f"{name} sun", size)
    moon = text(shop["moon"], f"{name} moon")
    if large:
        state.big_moon = letter_counts(moon, COLOURS, f"{name} moon", LARGE_SUN)
        return
    letter_counts(moon, COLOURS, f"{name} moon", SMALL_SUN - 1)
    state.moons[workshop - 1] = tuple(COLOURS.index(letter) for letter in moon)
    chip = shop["chip"]
    if chip is None:
        state.chip_at[workshop - 1] = CHIP_TAKEN
    elif chip == HIDDEN_CHIP:
        state.chip_at[workshop - 1] = CHIP_HIDDEN
    elif chip in CHIP_NAMES:
        state.chip_at[workshop - 1] = CHIP_NAMES.index(chip)
    else:
        refuse(f"{name} chip", f"{chip!r} is not a chip of {' '.join(CHIP_NAMES)}, face down or taken")


def _player(state: AzulDuelState, seat: int, value: Any) -> None:
    name = f"seat {seat}"
    board = fields(value, PLAYER_FACTS, name)
    state.score[seat] = whole(board["score"], f"{name} score", 0, MOST_SCORE)
    state.plates_taken[seat] = whole(board["plates_taken"], f"{name} taken", 0, PLATES_PER_ROUND)
    state.chips_taken[seat] = whole(board["chips_taken"], f"{name} taken", 0, CHIPS_PER_PLAYER)
    for chip in listed(board["chips"], f"{name} chips", "chips"):
        if chip not in CHIP_NAMES:
            refuse(f"{name} chips", f"{chip!r} is not a chip of {' '.join(CHIP_NAMES)}")
        state.chips[CHIP_INDEX[seat][CHIP_NAMES.index(chip)]] += 1
    for line, tiles in enumerate(listed(board["lines"], f"{name} lines", "pattern lines", count=LINES)):
        field = f"{name} line {line + 1}"
        colour, count = one_colour(text(tiles, field), COLOURS, field, line + 1)
        set_line(state, seat, line, colour, count)
    state.broken[BROKEN_OF[seat]] = letter_counts(
        text(board["broken"], f"{name} broken"), COLOURS, f"{name} broken", BROKEN_SPACES
    )
    for placed in listed(board["dome"], f"{name} dome", "plates", most=SLOTS):
        _placed_plate(state, seat, placed)


def _placed_plate(state: AzulDuelState, seat: int, value: Any) -> None:
    """A plate on a dome slot, turned, with the tiles on its cells as they lie."""
    field = f"seat {seat} dome"
    placed = fields(value, PLATE_FACTS, field)
    slot = whole(placed["slot"], field, 1, SLOTS) - 1
    plate, rotation = _plate(placed["plate"], field), whole(placed["rotation"], field, 0, ROTATIONS - 1)
    tiles = text(placed["tiles"], field)
    if len(tiles) != len(SLOT_CELLS[slot]) or set(tiles) - set(CELL_LETTERS + EMPTY_CELL):
        refuse(field, f"{tiles!r} is not the tiles of a plate's 4 cells: {CELL_LETTERS} or {EMPTY_CELL} each")
    if state.slots[SLOT_INDEX[seat][slot]] >= 0:
        refuse(field, f"slot s{slot + 1} holds two plates")
    state.slots[SLOT_INDEX[seat][slot]] = plate * ROTATIONS + rotation
    base = DOME_BASE[seat]
    dome.lay_plate(state.cells, base, slot, plate, rotation)
    for cell, letter in zip(SLOT_CELLS[slot], tiles, strict=True):
        state.tiles[base + cell] = EMPTY if letter == EMPTY_CELL else CELL_LETTERS.index(letter)


def _turn(state: AzulDuelState, value: Any) -> None:
    """Who acts and what waits: a chance step, a decision, a paid draw with its plates, a
    tiling choice on a line, or the end."""
    step = value.get("step") if isinstance(value, dict) else None
    if step not in TURN_FACTS:
        refuse("step", f"{step!r} is not a step: {', '.join(TURN_FACTS)}")
    turn = fields(value, TURN_FACTS[step], "step")
    if step == OVER_STEP:
        state.phase = OVER
        state.to_move = 1 - state.starter
        return
    state.to_move = _seat(turn["seat"], "step")
    if step in STEPS:
        state.phase = STEPS[step]
    elif step in DRAW_STEPS:
        state.phase, state.draw_stage, fewest = DRAW_STEPS[step]
        drawn = listed(turn["drawn"], "step", "drawn plates", most=PLATE_COUNT)
        state.hand = [-1 if plate is None else _plate(plate, "step") for plate in drawn]
        if len(state.hand) < fewest:
            refuse("step", f"{step} needs at least {fewest} drawn plate(s)")
    else:
        state.phase = TILING_PHASE
        state.tile_line = whole(turn["line"], "step", 1, LINES) - 1
        state.tile_stage = CHOOSE_CHIPS if step == CHIPS else CHOOSE_CELL
        state.stand_ins = whole(turn["stand_ins"], "step", 0, LINES - 1) if step == TILE else 0


def _derive(state: AzulDuelState) -> None:
    """The engine's bookkeeping, from the facts: it follows from where the round stands."""
    placed = [value // ROTATIONS for value in state.slots if value >= 0]
    seen = set(placed + state.display + state.stack + state.hand)
    state.pool = [plate for plate in range(PLATE_COUNT) if plate not in seen]
    state.opening_left = max(0, OPENING_PLATES - len(placed))
    if state.round == 1:
        state.after_display = (ACQUISITION, OPENING, TABLET_PHASE)[state.opening_left]
    else:
        state.after_display = FILL
    before_fill = state.phase == DISPLAY and state.after_display in (TABLET_PHASE, FILL)
    filled = not (before_fill or state.phase in (TABLET_PHASE, FILL))
    if state.phase == FILL:
        state.fill_workshop = next((w for w in range(WORKSHOPS) if _sun_room(state, w)), WORKSHOPS)
        state.fill_need = _sun_room(state, state.fill_workshop) if state.fill_workshop < WORKSHOPS else 0
    else:
        state.fill_workshop, state.fill_need = (WORKSHOPS, SMALL_SUN) if filled else (0, LARGE_SUN)
    state.chip_due = _chips_due(state) if filled else 0
    if state.phase == TILING_PHASE:
        state.tiling_turn = int(state.to_move != state.starter)
    else:
        state.tiling_turn = 0 if state.round == 1 else 2
    if state.phase == OVER:
        state.start_holder = _final_holder(state)


def _chips_due(state: AzulDuelState) -> int:
    """Once the workshops are filled, every empty small workshop shows its chip next."""
    due = 0
    for workshop in range(1, WORKSHOPS):
        empty = not any(state.suns[SUN_OF[workshop]]) and not state.moons[workshop - 1]
        if empty and state.chip_at[workshop - 1] == CHIP_HIDDEN:
            due |= 1 << (workshop - 1)
    return due


def _sun_room(state: AzulDuelState, workshop: int) -> int:
    """How many more tiles a workshop's sun takes in a fill."""
    return (LARGE_SUN if workshop == 0 else SMALL_SUN) - sum(state.suns[SUN_OF[workshop]])


def _final_holder(state: AzulDuelState) -> int:
    """Who holds the start tile once the last round is over: its taker, else by the option."""
    if state.start_taker >= 0:
        return state.start_taker
    return 1 - state.starter if state.rules.untaken_start_tile == PASS_ON else state.starter


def _check(state: AzulDuelState) -> None:
    """The game's own invariants, the facts no single field shows, and that the engine would
    indeed wait here (a decision or a chance event) rather than go on by itself."""
    for chip, name in enumerate(CHIP_NAMES):
        held = state.chips[CHIP_INDEX[0][chip]] + state.chips[CHIP_INDEX[1][chip]]
        out = state.chip_pool[chip] + held + state.chip_at.count(chip)
        if out > CHIPS_PER_TYPE:
            refuse("chips", f"{out} {name} chips are held, revealed or face down; the game has {CHIPS_PER_TYPE}")
    found = problems(state)
    if found:
        refuse("consistency", "; ".join(found))
    if -1 in state.tablets and not (state.phase == TABLET_PHASE or state.after_display == TABLET_PHASE):
        refuse("tablets", "the tablets are all decided at setup, before the workshops are filled")
    if state.phase == TILING_PHASE:
        _check_tiling(state)
    probe = state.copy()
    probe._advance()
    if any(getattr(probe, name) != getattr(state, name) for name in FIELDS if name != "current_player"):
        refuse("step", f"nothing waits here: the engine would go on by itself to {PHASE_NAMES[probe.phase]}")
    state.current_player = probe.current_player


def _check_tiling(state: AzulDuelState) -> None:
    seat, line = state.to_move, state.tile_line
    count = state.line_count[LINE_INDEX[seat][line]]
    cells = tiling.targets(state, seat) if count else []
    if state.tile_stage == CHOOSE_CELL:
        if count != line + 1 or len(cells) < 2 or state.stand_ins >= count:
            refuse("step", f"tile{line + 1}: line {line + 1} of seat {seat} must be complete with 2 or more cells")
        return
    held, colour = state.chips[CHIPS_OF[seat]], state.line_colour[LINE_INDEX[seat][line]]
    if not 0 < count <= line or not cells or not can_pay(held, colour, line + 1 - count):
        refuse("step", f"chips{line + 1}: line {line + 1} of seat {seat} cannot be completed with chips")
