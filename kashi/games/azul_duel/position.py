"""Azul Duel positions as one line of text (docs/notation.md, "Azul Duel positions"), both ways.

Fields: round, step (who acts and what is pending), start tile, tablets, display, plate stack,
the five workshops, bag, tower, chips not yet revealed, then each seat's board as score /
plates and chips taken this round / chips held / pattern lines / broken tiles / dome plates.
Dome cell types, the plate pool, fill progress, due chip reveals and the tiling bookkeeping are
derived here from those facts, as the engine would have them.
"""

from __future__ import annotations

import re

from kashi.core.position_text import (
    NONE,
    after_label,
    exact_items,
    items,
    letter_counts,
    named_counts,
    number,
    one_colour,
    refuse,
    split_fields,
    split_parts,
    write_items,
    write_letters,
    write_named_counts,
    write_one_colour,
)
from kashi.games.azul_duel import dome, tiling
from kashi.games.azul_duel.chips import can_pay
from kashi.games.azul_duel.components import (
    BROKEN_SPACES,
    CELLS,
    CHIP_NAMES,
    CHIPS_PER_TYPE,
    COLOURS,
    DISPLAY_SIZE,
    EMPTY,
    LARGE_SUN,
    LINES,
    PLATE_COUNT,
    ROTATIONS,
    ROUNDS,
    SLOT_CELLS,
    SLOTS,
    SMALL_SUN,
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
from kashi.games.azul_duel.rules import PASS_ON
from kashi.games.azul_duel.state import AzulDuelState

FIELD_NAMES = (
    "round", "step", "start", "tablets", "display", "stack",
    *(f"workshop {workshop_name(workshop)}" for workshop in range(WORKSHOPS)),
    "bag", "tower", "unrevealed chips", "seat 0", "seat 1",
)  # fmt: skip
CHIP_TYPES = len(CHIP_NAMES)
SEAT_PARTS = ("score", "taken", "chips", "lines", "broken", "dome")
STEPS = {"display": DISPLAY, "tablets": TABLET_PHASE, "fill": FILL, "opening": OPENING, "play": ACQUISITION}
DRAW_STEPS = {"drawing": (DRAWN, 1, 0), "keep": (ACQUISITION, 1, 1), "bottom": (ACQUISITION, 2, 2)}
"""Steps of a paid draw: (phase, draw stage, fewest drawn plates); they list the drawn plates
after ``=`` (``?`` for one the viewer may not see)."""
OVER_STEP, PASSED, UNKNOWN, SUN_START = "over", ":passed", "?", "+sun"
CHIP_STATES = {UNKNOWN: CHIP_HIDDEN, NONE: CHIP_TAKEN}
"""A small workshop's chip: face down, taken, or (its name) revealed."""
CHIP_STATE_TEXT = {value: text for text, value in CHIP_STATES.items()}
TABLET_SIDES = {UNKNOWN: -1, NONE: 0, "1": 1, "2": 2}
"""A tablet's side: undecided, left out, or the side up."""
SIDE_TEXT = {value: text for text, value in TABLET_SIDES.items()}
CELL_TEXT = COLOURS + "S"
"""A dome cell's tile: a colour, or ``S`` the special tile; ``.`` is an empty cell."""

_START = re.compile(r"^([01])(?:>([01]))?(\+sun)?$")
_TABLETS = re.compile(r"^A([12?-])B([12?-])C([12?-])D([12?-])$")
_RUN = re.compile(r"^(\d+)\?$")
_PLATE = re.compile(r"^(\d+)(?:@(0|1|01))?$")
_TAKEN = re.compile(r"^p([0-2])c([0-2])$")
_SLOT = re.compile(r"^s([1-9]):(\d+)r([0-3])(?::([RYKBTS.]{4}))?$")
_TILING = re.compile(r"^(chips|tile)([1-6])(?:\+([1-5]))?$")


# -- writing ------------------------------------------------------------------------------
def write(state: AzulDuelState) -> str:
    fields = [
        f"r{state.round}",
        _step_text(state),
        _start_text(state),
        "".join(f"{TABLETS[tablet]}{SIDE_TEXT[side]}" for tablet, side in enumerate(state.tablets)),
        write_items([str(plate) for plate in state.display]),
        _stack_text(state),
        *(_workshop_text(state, workshop) for workshop in range(WORKSHOPS)),
        write_named_counts(state.bag, COLOURS),
        write_named_counts(state.tower, COLOURS),
        write_named_counts(state.chip_pool, CHIP_NAMES),
        *(_seat_text(state, seat) for seat in range(2)),
    ]
    return " ".join(fields)


def _step_text(state: AzulDuelState) -> str:
    passed = PASSED if state.last_pass else ""
    if state.phase == OVER:
        return OVER_STEP + passed
    if state.phase == TILING_PHASE:
        kind = "chips" if state.tile_stage == CHOOSE_CHIPS else "tile"
        step = f"{kind}{state.tile_line + 1}" + (f"+{state.stand_ins}" if state.stand_ins else "")
    elif state.phase == DRAWN or state.draw_stage:
        step = "drawing" if state.phase == DRAWN else "keep" if state.draw_stage == 1 else "bottom"
        if state.hand:
            step += "=" + ",".join(str(plate) if plate >= 0 else UNKNOWN for plate in state.hand)
    else:
        step = next(name for name, phase in STEPS.items() if phase == state.phase)
    return f"{state.to_move}:{step}{passed}"


def _start_text(state: AzulDuelState) -> str:
    taken = f">{state.start_taker}" if state.start_taker >= 0 else ""
    return f"start:{state.starter}{taken}{SUN_START if state.sun_start else ''}"


def _stack_text(state: AzulDuelState) -> str:
    """Top to bottom: ``12?`` for twelve plates nobody can name, ``7@0`` for plate 7 that seat 0
    put there (and alone knows), ``7`` for a plate a host names but no seat knows."""
    words: list[str] = []
    unseen = 0
    for plate, known in zip(state.stack, state.stack_known, strict=True):
        if plate < 0:
            unseen += 1
            continue
        if unseen:
            words.append(f"{unseen}{UNKNOWN}")
            unseen = 0
        knowers = "".join(str(seat) for seat in range(2) if known >> seat & 1)
        words.append(f"{plate}@{knowers}" if knowers else str(plate))
    if unseen:
        words.append(f"{unseen}{UNKNOWN}")
    return write_items(words)


def _workshop_text(state: AzulDuelState, workshop: int) -> str:
    sun = write_letters(state.suns[workshop * 5 : workshop * 5 + 5], COLOURS)
    if workshop == 0:
        return f"L:{sun}/{write_letters(state.big_moon, COLOURS)}"
    moon = "".join(COLOURS[colour] for colour in state.moons[workshop - 1]) or NONE
    chip = state.chip_at[workshop - 1]
    return f"{workshop}:{sun}/{moon}/{CHIP_NAMES[chip] if chip >= 0 else CHIP_STATE_TEXT[chip]}"


def _seat_text(state: AzulDuelState, seat: int) -> str:
    held = [CHIP_NAMES[chip] for chip in range(CHIP_TYPES) for _ in range(state.chips[seat * CHIP_TYPES + chip])]
    lines = [
        write_one_colour(state.line_colour[seat * LINES + line], state.line_count[seat * LINES + line], COLOURS)
        for line in range(LINES)
    ]
    parts = [
        str(state.score[seat]),
        f"p{state.plates_taken[seat]}c{state.chips_taken[seat]}",
        write_items(held),
        ",".join(lines),
        write_letters(state.broken[seat * 5 : seat * 5 + 5], COLOURS),
        write_items([_slot_text(state, seat, slot) for slot in range(SLOTS) if state.slots[seat * SLOTS + slot] >= 0]),
    ]
    return "/".join(parts)


def _slot_text(state: AzulDuelState, seat: int, slot: int) -> str:
    plate, rotation = divmod(state.slots[seat * SLOTS + slot], ROTATIONS)
    tiles = [state.tiles[seat * CELLS + cell] for cell in SLOT_CELLS[slot]]
    shown = "".join("." if tile == EMPTY else CELL_TEXT[tile] for tile in tiles)
    return f"s{slot + 1}:{plate}r{rotation}" + (f":{shown}" if shown != "...." else "")


# -- reading ------------------------------------------------------------------------------
def read(prototype: AzulDuelState, text: str) -> AzulDuelState:
    """The position a line describes, under the prototype's rules."""
    field = split_fields(text, FIELD_NAMES)
    state = AzulDuelState(prototype.rules, 0)
    state.round = number(after_label(field["round"], "r", "round"), "round", 1, ROUNDS)
    _read_start(state, after_label(field["start"], "start:", "start"))
    _read_tablets(state, field["tablets"])
    _read_plates(state, field["display"], field["stack"])
    for workshop in range(WORKSHOPS):
        _read_workshop(state, workshop, field[f"workshop {workshop_name(workshop)}"])
    state.bag = named_counts(field["bag"], COLOURS, "bag", TILES_PER_COLOUR)
    state.tower = named_counts(field["tower"], COLOURS, "tower", TILES_PER_COLOUR)
    state.chip_pool = named_counts(field["unrevealed chips"], CHIP_NAMES, "unrevealed chips", CHIPS_PER_TYPE)
    for seat in range(2):
        _read_seat(state, seat, field[f"seat {seat}"])
    _read_step(state, field["step"])
    _derive(state)
    _check(state)
    return state


def _read_start(state: AzulDuelState, text: str) -> None:
    """The round's start player (who holds the start tile), who took it this round, and
    whether it goes with the large sun's one-colour fill."""
    match = _START.match(text)
    if match is None:
        refuse("start", f"{text!r} is not a start player, optionally >taker and +sun (start:0>1+sun)")
    starter, taker, sun = match.groups()
    state.starter = state.start_holder = int(starter)
    state.start_taker = int(taker) if taker else -1
    state.start_on_moon = state.start_taker < 0
    state.sun_start = bool(sun)


def _read_tablets(state: AzulDuelState, text: str) -> None:
    """Tablets are decided A to D at setup; under these rules ``4 - tablets`` are left out."""
    match = _TABLETS.match(text)
    if match is None:
        refuse("tablets", f"{text!r} is not A to D each with side 1, 2, - (out) or ? (A1B-C2D1)")
    state.tablets = [TABLET_SIDES[side] for side in match.groups()]
    decided = [side for side in state.tablets if side >= 0]
    out, left_out = decided.count(0), len(TABLETS) - state.rules.tablets
    if -1 in state.tablets[: len(decided)] or out > left_out or (len(decided) == len(TABLETS) and out != left_out):
        refuse("tablets", f"{text!r}: tablets are decided A to D, {left_out} left out")


def _read_plates(state: AzulDuelState, display: str, stack: str) -> None:
    """The display in its order, and the stack top to bottom with what each seat knows of it."""
    state.display = [_plate(word, "display") for word in items(display, "display")]
    if len(state.display) > DISPLAY_SIZE:
        refuse("display", f"{len(state.display)} plates, the display holds {DISPLAY_SIZE}")
    state.stack, state.stack_known = [], []
    for word in items(stack, "stack"):
        run = _RUN.match(word)
        if run:
            unseen = number(run.group(1), "stack", 1, PLATE_COUNT)
            state.stack += [-1] * unseen
            state.stack_known += [0] * unseen
            continue
        plate = _PLATE.match(word)
        if plate is None:
            refuse("stack", f"{word!r} is neither N? (N unknown plates) nor a plate, optionally @seats")
        state.stack.append(_plate(plate.group(1), "stack"))
        state.stack_known.append(sum(1 << int(seat) for seat in plate.group(2) or ""))


def _plate(text: str, field: str) -> int:
    return number(text, field, 0, PLATE_COUNT - 1)


def _read_workshop(state: AzulDuelState, workshop: int, text: str) -> None:
    name = f"workshop {workshop_name(workshop)}"
    body = after_label(text, f"{workshop_name(workshop)}:", name)
    if workshop == 0:
        sun, moon = split_parts(body, name, ("sun", "moon"))
        state.suns[0:5] = letter_counts(sun, COLOURS, f"{name} sun", LARGE_SUN)
        state.big_moon = letter_counts(moon, COLOURS, f"{name} moon", LARGE_SUN)
        return
    sun, moon, chip = split_parts(body, name, ("sun", "moon", "chip"))
    state.suns[workshop * 5 : workshop * 5 + 5] = letter_counts(sun, COLOURS, f"{name} sun", SMALL_SUN)
    state.moons[workshop - 1] = _moon_stack(moon, f"{name} moon")
    if chip in CHIP_STATES:
        state.chip_at[workshop - 1] = CHIP_STATES[chip]
    elif chip in CHIP_NAMES:
        state.chip_at[workshop - 1] = CHIP_NAMES.index(chip)
    else:
        refuse(f"{name} chip", f"{chip!r} is neither ? (face down), - (taken) nor a chip of {' '.join(CHIP_NAMES)}")


def _moon_stack(text: str, field: str) -> tuple[int, ...]:
    """A small moon's stack, bottom to top: at most the 3 leftovers of one sun take."""
    letter_counts(text, COLOURS, field, SMALL_SUN - 1)
    return () if text == NONE else tuple(COLOURS.index(letter) for letter in text)


def _read_seat(state: AzulDuelState, seat: int, text: str) -> None:
    name = f"seat {seat}"
    score, taken, held, lines, broken, plates = split_parts(text, name, SEAT_PARTS)
    state.score[seat] = number(score, f"{name} score", 0, 10**6)
    counts = _TAKEN.match(taken)
    if counts is None:
        refuse(f"{name} taken", f"{taken!r} is not p<plates>c<chips> taken this round, each 0..2 (p1c0)")
    state.plates_taken[seat], state.chips_taken[seat] = int(counts.group(1)), int(counts.group(2))
    for chip in items(held, f"{name} chips"):
        if chip not in CHIP_NAMES:
            refuse(f"{name} chips", f"{chip!r} is not a chip of {' '.join(CHIP_NAMES)}")
        state.chips[seat * CHIP_TYPES + CHIP_NAMES.index(chip)] += 1
    _read_lines(state, seat, lines)
    state.broken[seat * 5 : seat * 5 + 5] = letter_counts(broken, COLOURS, f"{name} broken", BROKEN_SPACES)
    for word in items(plates, f"{name} dome"):
        _read_slot(state, seat, word)


def _read_lines(state: AzulDuelState, seat: int, text: str) -> None:
    for line, tiles in enumerate(exact_items(text, f"seat {seat} lines", LINES, "pattern lines")):
        colour, count = one_colour(tiles, COLOURS, f"seat {seat} line {line + 1}", line + 1)
        state.line_colour[seat * LINES + line], state.line_count[seat * LINES + line] = colour, count


def _read_slot(state: AzulDuelState, seat: int, word: str) -> None:
    """``s5:12r1:R..S``: plate 12 on slot 5 turned once, with its cells' tiles (top left, top
    right, bottom left, bottom right as they lie; left out when all are empty)."""
    field = f"seat {seat} dome"
    match = _SLOT.match(word)
    if match is None:
        refuse(field, f"{word!r} is not a plate on a slot like s5:12r1 or s5:12r1:R..S")
    slot, plate, rotation = int(match.group(1)) - 1, _plate(match.group(2), field), int(match.group(3))
    if state.slots[seat * SLOTS + slot] >= 0:
        refuse(field, f"slot s{slot + 1} holds two plates")
    state.slots[seat * SLOTS + slot] = plate * ROTATIONS + rotation
    dome.lay_plate(state.cells, seat * CELLS, slot, plate, rotation)
    for cell, letter in zip(SLOT_CELLS[slot], match.group(4) or "....", strict=True):
        state.tiles[seat * CELLS + cell] = EMPTY if letter == "." else CELL_TEXT.index(letter)


def _read_step(state: AzulDuelState, text: str) -> None:
    """Who acts and what waits: a chance step, a decision, a paid draw with its plates, a
    tiling choice on a line, or the end; ``:passed`` if the last turn was a pass."""
    state.last_pass = text.endswith(PASSED)
    text = text.removesuffix(PASSED)
    if text == OVER_STEP:
        state.phase = OVER
        state.to_move = 1 - state.starter
        return
    seat, colon, step = text.partition(":")
    if not colon:
        refuse("step", f"{text!r} is not <seat>:<step> or {OVER_STEP}")
    state.to_move = number(seat, "step", 0, 1)
    step, equals, hand = step.partition("=")
    tiling_step = _TILING.match(step)
    if step in STEPS and not equals:
        state.phase = STEPS[step]
    elif step in DRAW_STEPS:
        state.phase, state.draw_stage, fewest = DRAW_STEPS[step]
        state.hand = [-1 if word == UNKNOWN else _plate(word, "step") for word in items(hand or NONE, "step")]
        if len(state.hand) < fewest:
            refuse("step", f"{text!r}: {step} needs at least {fewest} drawn plate(s) after =")
    elif tiling_step and not equals:
        kind, line, stand_ins = tiling_step.groups()
        state.phase = TILING_PHASE
        state.tile_line = int(line) - 1
        state.tile_stage = CHOOSE_CHIPS if kind == "chips" else CHOOSE_CELL
        state.stand_ins = int(stand_ins or 0)
        if state.stand_ins and kind == "chips":
            refuse("step", f"{text!r}: chips stand in for tiles only once they are spent (tile{line}+n)")
    else:
        known = ", ".join([*STEPS, *(f"{name}=plates" for name in DRAW_STEPS), "chipsN", "tileN", "tileN+n"])
        refuse("step", f"{step!r} is not a step: {known}, or {OVER_STEP}")


def _derive(state: AzulDuelState) -> None:
    """The engine's bookkeeping, from the facts: it follows from where the round stands."""
    placed = [value // ROTATIONS for value in state.slots if value >= 0]
    seen = set(placed + state.display + state.stack + state.hand)
    state.pool = [plate for plate in range(PLATE_COUNT) if plate not in seen]
    state.opening_left = max(0, 2 - len(placed))
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
        empty = not any(state.suns[workshop * 5 : workshop * 5 + 5]) and not state.moons[workshop - 1]
        if empty and state.chip_at[workshop - 1] == CHIP_HIDDEN:
            due |= 1 << (workshop - 1)
    return due


def _sun_room(state: AzulDuelState, workshop: int) -> int:
    """How many more tiles a workshop's sun takes in a fill."""
    return (LARGE_SUN if workshop == 0 else SMALL_SUN) - sum(state.suns[workshop * 5 : workshop * 5 + 5])


def _final_holder(state: AzulDuelState) -> int:
    """Who holds the start tile once the last round is over: its taker, else by the option."""
    if state.start_taker >= 0:
        return state.start_taker
    return 1 - state.starter if state.rules.untaken_start_tile == PASS_ON else state.starter


def _check(state: AzulDuelState) -> None:
    """The game's own invariants, the facts no single field shows, and that the engine would
    indeed wait here (a decision or a chance event) rather than go on by itself."""
    for chip, name in enumerate(CHIP_NAMES):
        out = state.chip_pool[chip] + state.chips[chip] + state.chips[CHIP_TYPES + chip] + state.chip_at.count(chip)
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
    if probe.to_json() != {**state.to_json(), "current_player": probe.current_player}:
        refuse("step", f"nothing waits here: the engine would go on by itself to {PHASE_NAMES[probe.phase]}")
    state.current_player = probe.current_player


def _check_tiling(state: AzulDuelState) -> None:
    seat, line = state.to_move, state.tile_line
    count = state.line_count[seat * LINES + line]
    cells = tiling.targets(state, seat) if count else []
    if state.tile_stage == CHOOSE_CELL:
        if count != line + 1 or len(cells) < 2 or state.stand_ins >= count:
            refuse("step", f"tile{line + 1}: line {line + 1} of seat {seat} must be complete with 2 or more cells")
        return
    held, colour = state.chips[seat * CHIP_TYPES : (seat + 1) * CHIP_TYPES], state.line_colour[seat * LINES + line]
    if not 0 < count <= line or not cells or not can_pay(held, colour, line + 1 - count):
        refuse("step", f"chips{line + 1}: line {line + 1} of seat {seat} cannot be completed with chips")
