"""Azul Duel positions as one line of text (docs/notation.md, "Azul Duel positions"), both ways.

Fields: round, step (who acts and what is pending), start tile, tablets, display, plate stack,
the five workshops, bag, tower, chips not yet revealed, then each seat's board as score /
plates and chips taken this round / chips held / pattern lines / broken tiles / dome plates.
The line is another spelling of the facts of the JSON form (``facts.py``): it is written from
them and read into them, then built into a state.
"""

from __future__ import annotations

import re
from typing import Any

from kashi.core.json_form import EMPTY_CELL
from kashi.core.position_text import (
    NONE,
    after_label,
    items,
    named_counts,
    number_as_fact,
    refuse,
    split_fields,
    split_parts,
    tiles_as_fact,
    write_items,
    write_named_counts,
)
from kashi.games.azul_duel.components import CHIP_NAMES, COLOURS, PLATE_COUNT, TABLETS, WORKSHOPS
from kashi.games.azul_duel.facts import (
    CHIPS,
    DRAW_STEPS,
    HIDDEN_CHIP,
    OVER_STEP,
    STEPS,
    TILE,
    build,
    facts_of,
)
from kashi.games.azul_duel.notation import workshop_name
from kashi.games.azul_duel.state import AzulDuelState

FIELD_NAMES = (
    "round", "step", "start", "tablets", "display", "stack",
    *(f"workshop {workshop_name(workshop)}" for workshop in range(WORKSHOPS)),
    "bag", "tower", "unrevealed chips", "seat 0", "seat 1",
)  # fmt: skip
SEAT_PARTS = ("score", "taken", "chips", "lines", "broken", "dome")
PASSED, UNKNOWN, SUN_START = ":passed", "?", "+sun"
CHIP_TEXT = {UNKNOWN: HIDDEN_CHIP, NONE: None}
"""A small workshop's chip in the line: ``?`` face down, ``-`` taken, else its name."""
SIDE_TEXT = {None: UNKNOWN, 0: NONE, 1: "1", 2: "2"}
"""A tablet's side: undecided, left out, or the side up."""
EMPTY_PLATE = EMPTY_CELL * 4

_START = re.compile(r"^([01])(?:>([01]))?(\+sun)?$")
_TABLETS = re.compile(r"^A([12?-])B([12?-])C([12?-])D([12?-])$")
_RUN = re.compile(r"^(\d+)\?$")
_PLATE = re.compile(r"^(\d+)(?:@(0|1|01))?$")
_TAKEN = re.compile(r"^p([0-2])c([0-2])$")
_SLOT = re.compile(r"^s([1-9]):(\d+)r([0-3])(?::([RYKBTS.]{4}))?$")
_TILING = re.compile(r"^(chips|tile)([1-6])(?:\+([1-5]))?$")


# -- writing ------------------------------------------------------------------------------
def write(state: AzulDuelState) -> str:
    facts = facts_of(state)
    fields = [
        f"r{facts['round']}",
        _step_text(facts["turn"], facts["last_turn_passed"]),
        _start_text(facts["start"]),
        "".join(f"{name}{SIDE_TEXT[side]}" for name, side in facts["tablets"].items()),
        write_items([str(plate) for plate in facts["display"]]),
        _stack_text(facts["stack"]),
        *(_workshop_text(workshop, shop) for workshop, shop in enumerate(facts["workshops"])),
        write_named_counts(list(facts["bag"].values()), COLOURS),
        write_named_counts(list(facts["tower"].values()), COLOURS),
        write_named_counts(list(facts["unrevealed_chips"].values()), CHIP_NAMES),
        *(_seat_text(board) for board in facts["players"]),
    ]
    return " ".join(fields)


def _step_text(turn: dict[str, Any], passed: bool) -> str:
    after = PASSED if passed else ""
    step = turn["step"]
    if step == OVER_STEP:
        return OVER_STEP + after
    if step == CHIPS:
        step = f"chips{turn['line']}"
    elif step == TILE:
        step = f"tile{turn['line']}" + (f"+{turn['stand_ins']}" if turn["stand_ins"] else "")
    elif step in DRAW_STEPS and turn["drawn"]:
        step += "=" + ",".join(UNKNOWN if plate is None else str(plate) for plate in turn["drawn"])
    return f"{turn['seat']}:{step}{after}"


def _start_text(start: dict[str, Any]) -> str:
    taken = "" if start["taken_by"] is None else f">{start['taken_by']}"
    return f"start:{start['player']}{taken}{SUN_START if start['with_large_sun'] else ''}"


def _stack_text(stack: list[dict[str, Any] | None]) -> str:
    """Top to bottom: ``12?`` for twelve plates nobody can name, ``7@0`` for plate 7 that seat 0
    put there (and alone knows), ``7`` for a plate a host names but no seat knows."""
    words: list[str] = []
    unseen = 0
    for entry in stack:
        if entry is None:
            unseen += 1
            continue
        if unseen:
            words.append(f"{unseen}{UNKNOWN}")
            unseen = 0
        knowers = "".join(str(seat) for seat in entry["known_to"])
        words.append(f"{entry['plate']}@{knowers}" if knowers else str(entry["plate"]))
    if unseen:
        words.append(f"{unseen}{UNKNOWN}")
    return write_items(words)


def _workshop_text(workshop: int, shop: dict[str, Any]) -> str:
    parts = [shop["sun"] or NONE, shop["moon"] or NONE]
    if workshop:
        chip = shop["chip"]
        parts.append(UNKNOWN if chip == HIDDEN_CHIP else NONE if chip is None else chip)
    return f"{workshop_name(workshop)}:{'/'.join(parts)}"


def _seat_text(board: dict[str, Any]) -> str:
    dome = [
        f"s{placed['slot']}:{placed['plate']}r{placed['rotation']}"
        + (f":{placed['tiles']}" if placed["tiles"] != EMPTY_PLATE else "")
        for placed in board["dome"]
    ]
    parts = [
        str(board["score"]),
        f"p{board['plates_taken']}c{board['chips_taken']}",
        write_items(board["chips"]),
        ",".join(tiles or NONE for tiles in board["lines"]),
        board["broken"] or NONE,
        write_items(dome),
    ]
    return "/".join(parts)


# -- reading ------------------------------------------------------------------------------
def read(prototype: AzulDuelState, text: str) -> AzulDuelState:
    """The position a line describes, under the prototype's rules."""
    field = split_fields(text, FIELD_NAMES)
    step = field["step"]
    facts = {
        "round": number_as_fact(after_label(field["round"], "r", "round")),
        "turn": _turn(step.removesuffix(PASSED)),
        "last_turn_passed": step.endswith(PASSED),
        "start": _start(after_label(field["start"], "start:", "start")),
        "tablets": _tablets(field["tablets"]),
        "display": [number_as_fact(plate) for plate in items(field["display"], "display")],
        "stack": _stack(field["stack"]),
        "workshops": [
            _workshop(workshop, field[f"workshop {workshop_name(workshop)}"]) for workshop in range(WORKSHOPS)
        ],
        "bag": _counts(field["bag"], COLOURS, "bag"),
        "tower": _counts(field["tower"], COLOURS, "tower"),
        "unrevealed_chips": _counts(field["unrevealed chips"], CHIP_NAMES, "unrevealed chips"),
        "players": [_seat(field[f"seat {seat}"], f"seat {seat}") for seat in range(2)],
    }
    return build(prototype.rules, facts)


def _counts(text: str, names: tuple[str, ...] | str, field: str) -> dict[str, int]:
    return dict(zip(names, named_counts(text, names, field, PLATE_COUNT * len(COLOURS)), strict=True))


def _start(text: str) -> dict[str, Any]:
    match = _START.match(text)
    if match is None:
        refuse("start", f"{text!r} is not a start player, optionally >taker and +sun (start:0>1+sun)")
    starter, taker, sun = match.groups()
    return {"player": int(starter), "taken_by": int(taker) if taker else None, "with_large_sun": bool(sun)}


def _tablets(text: str) -> dict[str, int | None]:
    match = _TABLETS.match(text)
    if match is None:
        refuse("tablets", f"{text!r} is not A to D each with side 1, 2, - (out) or ? (A1B-C2D1)")
    sides = {written: side for side, written in SIDE_TEXT.items()}
    return {name: sides[side] for name, side in zip(TABLETS, match.groups(), strict=True)}


def _stack(text: str) -> list[dict[str, Any] | None]:
    stack: list[dict[str, Any] | None] = []
    for word in items(text, "stack"):
        run = _RUN.match(word)
        if run:
            stack += [None] * int(run.group(1))
            continue
        plate = _PLATE.match(word)
        if plate is None:
            refuse("stack", f"{word!r} is neither N? (N unknown plates) nor a plate, optionally @seats")
        stack.append({"plate": int(plate.group(1)), "known_to": [int(seat) for seat in plate.group(2) or ""]})
    return stack


def _workshop(workshop: int, text: str) -> dict[str, Any]:
    name = f"workshop {workshop_name(workshop)}"
    body = after_label(text, f"{workshop_name(workshop)}:", name)
    if workshop == 0:
        sun, moon = split_parts(body, name, ("sun", "moon"))
        return {"sun": tiles_as_fact(sun), "moon": tiles_as_fact(moon)}
    sun, moon, chip = split_parts(body, name, ("sun", "moon", "chip"))
    return {"sun": tiles_as_fact(sun), "moon": tiles_as_fact(moon), "chip": CHIP_TEXT.get(chip, chip)}


def _seat(text: str, name: str) -> dict[str, Any]:
    score, taken, held, lines, broken, plates = split_parts(text, name, SEAT_PARTS)
    counts = _TAKEN.match(taken)
    if counts is None:
        refuse(f"{name} taken", f"{taken!r} is not p<plates>c<chips> taken this round, each 0..2 (p1c0)")
    return {
        "score": number_as_fact(score),
        "plates_taken": int(counts.group(1)),
        "chips_taken": int(counts.group(2)),
        "chips": items(held, f"{name} chips"),
        "lines": [tiles_as_fact(tiles) for tiles in items(lines, f"{name} lines")],
        "broken": tiles_as_fact(broken),
        "dome": [_placed(word, f"{name} dome") for word in items(plates, f"{name} dome")],
    }


def _placed(word: str, field: str) -> dict[str, Any]:
    """``s5:12r1:R..S``: plate 12 on slot 5 turned once, with its cells' tiles (top left, top
    right, bottom left, bottom right as they lie; left out when all are empty)."""
    match = _SLOT.match(word)
    if match is None:
        refuse(field, f"{word!r} is not a plate on a slot like s5:12r1 or s5:12r1:R..S")
    slot, plate, rotation, tiles = match.groups()
    return {"slot": int(slot), "plate": int(plate), "rotation": int(rotation), "tiles": tiles or EMPTY_PLATE}


def _turn(text: str) -> dict[str, Any]:
    """Who acts and what waits: ``<seat>:<step>``, a paid draw's plates after ``=``, or the end."""
    if text == OVER_STEP:
        return {"step": OVER_STEP}
    seat_text, colon, step = text.partition(":")
    if not colon:
        refuse("step", f"{text!r} is not <seat>:<step> or {OVER_STEP}")
    seat = number_as_fact(seat_text)
    step, equals, hand = step.partition("=")
    tiling_step = _TILING.match(step)
    if step in STEPS and not equals:
        return {"step": step, "seat": seat}
    if step in DRAW_STEPS:
        return {
            "step": step,
            "seat": seat,
            "drawn": [None if word == UNKNOWN else number_as_fact(word) for word in items(hand or NONE, "step")],
        }
    if tiling_step and not equals:
        kind, line, stand_ins = tiling_step.groups()
        if stand_ins and kind == CHIPS:
            refuse("step", f"{text!r}: chips stand in for tiles only once they are spent (tile{line}+n)")
        if kind == CHIPS:
            return {"step": CHIPS, "seat": seat, "line": int(line)}
        return {"step": TILE, "seat": seat, "line": int(line), "stand_ins": int(stand_ins or 0)}
    known = ", ".join([*STEPS, *(f"{name}=plates" for name in DRAW_STEPS), "chipsN", "tileN", "tileN+n"])
    refuse("step", f"{step!r} is not a step: {known}, or {OVER_STEP}")
