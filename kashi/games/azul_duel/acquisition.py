"""Phase A (acquisition) and the opening plates: legal moves, checks and their effects.

Legal moves are listed as groups (count, kind, key) so that ``random_move`` can draw one
uniformly by index without building the whole list, and ``legal_moves`` decodes every index of
the same groups: both see exactly the same moves.
"""

from __future__ import annotations

from bisect import bisect_right
from functools import cache, lru_cache
from itertools import accumulate, permutations
from random import Random
from typing import TYPE_CHECKING

from kashi.core.errors import IllegalMoveError
from kashi.games.azul_duel import dome
from kashi.games.azul_duel.components import (
    BROKEN_OF,
    BROKEN_SPACES,
    CHIP_INDEX,
    CHIPS_PER_PLAYER,
    COLOUR_NAMES,
    DESTINATION_COUNTS_OF,
    DOME_BASE,
    DRAW_COST,
    LINE_INDEX,
    LINES,
    LINES_OF,
    PLATE_COUNT,
    PLATE_ROUNDS,
    PLATES_PER_ROUND,
    ROTATIONS,
    SLOT_INDEX,
    SLOTS,
    SLOTS_OF,
    SUN_INDEX,
    SUN_OF,
    WORKSHOPS,
)
from kashi.games.azul_duel.notation import (
    BROKEN,
    CHIP_TAKES,
    DRAW,
    KEEP_PLATES,
    MOON_TAKES,
    PASS,
    RETURN_PLATES,
    TAKE_PLATES,
    TILING_MOVES,
    ChipTake,
    Draw,
    KeepPlate,
    MoonTake,
    Move,
    Pass,
    ReturnPlate,
    SunTake,
    TakePlate,
    colours_text,
    line_name,
    sun_take,
    workshop_name,
)
from kashi.games.azul_duel.phases import ACQUISITION, CHIP_HIDDEN, CHIP_TAKEN, DISPLAY, DRAWN, OPENING

if TYPE_CHECKING:
    from kashi.games.azul_duel.state import AzulDuelState

G_TAKE, G_DRAW, G_KEEP, G_RETURN, G_SUN, G_MOON, G_CHIP, G_PASS = range(8)
Group = tuple[int, int, int]
"""(number of moves, kind, key): key is a plate, ``SUN_INDEX[workshop][colour]`` or a colour."""
DRAW_GROUP: Group = (1, G_DRAW, 0)
PASS_GROUP: Group = (1, G_PASS, 0)
SUN_STARTS = tuple(SUN_INDEX[workshop][0] for workshop in range(WORKSHOPS))
LINE_NUMBERS = range(LINES)
COLOUR_NUMBERS = range(5)
NO_TILES = [0, 0, 0, 0, 0]
"""A sun or the large moon with nothing on it, as counts per colour."""


@cache
def orders_of(leftovers: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Every distinct stacking order (bottom to top) of leftover tiles given as counts per colour."""
    tiles = [colour for colour, count in enumerate(leftovers) for _ in range(count)]
    return tuple(sorted(set(permutations(tiles))))


@cache
def sun_takes(sun: tuple[int, ...], workshop: int) -> tuple[tuple[int, int, int], ...]:
    """(stacking orders of the leftovers, colour, ``SUN_INDEX``) of each colour a sun can give;
    remembered per sun, since a sun shows one of a few hundred mixes."""
    takes = []
    for colour in range(5):
        if sun[colour]:
            rest = tuple(0 if other == colour else n for other, n in enumerate(sun))
            takes.append((len(orders_of(rest)) if workshop else 1, colour, SUN_INDEX[workshop][colour]))
    return tuple(takes)


@lru_cache(maxsize=64)
def all_sun_takes(suns: tuple[int, ...]) -> tuple[tuple[int, int, int], ...]:
    """``sun_takes`` of every workshop, in order: the suns stay as they are for about three
    decisions in four (only a sun take changes them), so the last few are remembered whole."""
    takes: tuple[tuple[int, int, int], ...] = ()
    for workshop, base in enumerate(SUN_STARTS):
        sun = suns[base : base + 5]
        if any(sun):
            takes += sun_takes(sun, workshop)
    return takes


def leftovers(state: AzulDuelState, workshop: int, colour: int) -> tuple[int, ...]:
    sun = state.suns[SUN_OF[workshop]]
    sun[colour] = 0
    return tuple(sun)


def destinations(state: AzulDuelState, seat: int, colour: int) -> list[int]:
    """Pattern lines that may receive ``colour`` (empty, or holding it and not complete), then broken."""
    found = []
    lines = LINES_OF[seat]
    counts = state.line_count[lines]
    colours = state.line_colour[lines]
    for line in LINE_NUMBERS:
        count = counts[line]
        if not count or (colours[line] == colour and count <= line):
            found.append(line)
    found.append(BROKEN)
    return found


def empty_slots(state: AzulDuelState, seat: int) -> list[int]:
    return [slot for slot, plate in enumerate(state.slots[SLOTS_OF[seat]]) if plate < 0]


def may_take_plate(state: AzulDuelState, seat: int) -> bool:
    """A token is left (rounds 1-4) and no draw is under way."""
    return state.round <= PLATE_ROUNDS and state.plates_taken[seat] < PLATES_PER_ROUND and not state.draw_stage


def may_draw(state: AzulDuelState, seat: int) -> bool:
    if not state.stack or state.round > PLATE_ROUNDS:
        return False
    if state.draw_stage != 1 and not may_take_plate(state, seat):
        return False
    return affords_draw(state, seat)


def affords_draw(state: AzulDuelState, seat: int) -> bool:
    """The points rule of a draw (``draw_at_zero``), once a draw is otherwise allowed."""
    if state.rules.draw_at_zero or state.score[seat] >= DRAW_COST:
        return True
    return not state.draw_stage and not state.display


def moon_has(state: AzulDuelState, colour: int) -> bool:
    return state.big_moon[colour] > 0 or any(stack and stack[-1] == colour for stack in state.moons)


# -- listing moves ----------------------------------------------------------------------
def set_line(state: AzulDuelState, seat: int, line: int, colour: int, count: int) -> None:
    """Write a pattern line, keeping ``state.destination_counts`` in step: per seat and colour, how many
    destinations (lines that may receive it, and the broken area) it has, which every listing of
    moves reads."""
    index = LINE_INDEX[seat][line]
    first = DESTINATION_COUNTS_OF[seat].start
    counts = state.destination_counts
    _count_line(counts, first, line, state.line_colour[index], state.line_count[index], -1)
    state.line_colour[index], state.line_count[index] = colour, count
    _count_line(counts, first, line, colour, count, 1)


def _count_line(counts: list[int], first: int, line: int, colour: int, count: int, sign: int) -> None:
    """Add ``sign`` to the destination counts of the colours a line may receive: every colour
    when it is empty, its own while it is not complete."""
    if not count:
        for colour_index in range(first, first + 5):
            counts[colour_index] += sign
    elif count <= line:
        counts[first + colour] += sign


def count_destinations(state: AzulDuelState, seat: int) -> list[int]:
    """How many destinations (lines and the broken area) each colour has: ``destinations`` sizes,
    counted afresh from the lines (``state.destination_counts`` keeps them; the invariants compare)."""
    lines = LINES_OF[seat]
    counts = state.line_count[lines]
    colours = state.line_colour[lines]
    targets = [counts.count(0) + 1] * 5
    for line in LINE_NUMBERS:
        if 0 < counts[line] <= line:
            targets[colours[line]] += 1
    return targets


def groups(state: AzulDuelState) -> list[Group]:
    seat = state.to_move
    if state.phase == OPENING or state.draw_stage:
        return _plate_groups(state, seat)
    found: list[Group] = []
    if state.round <= PLATE_ROUNDS and state.plates_taken[seat] < PLATES_PER_ROUND:
        if state.display:
            plates = state.slots[SLOTS_OF[seat]].count(-1) * ROTATIONS
            for plate in state.display:
                found.append((plates, G_TAKE, plate))
        if state.stack and affords_draw(state, seat):
            found.append(DRAW_GROUP)
    targets = state.destination_counts[DESTINATION_COUNTS_OF[seat]]
    for orders, colour, key in all_sun_takes(tuple(state.suns)):
        found.append((targets[colour] * orders, G_SUN, key))
    offered = state.big_moon[:]
    for stack in state.moons:
        if stack:
            offered[stack[-1]] = 1
    if offered != NO_TILES:
        for colour in COLOUR_NUMBERS:
            if offered[colour]:
                found.append((targets[colour], G_MOON, colour))
    if state.chips_taken[seat] < CHIPS_PER_PLAYER:
        revealed = 4 - state.chip_at.count(CHIP_TAKEN) - state.chip_at.count(CHIP_HIDDEN)
        if revealed:
            found.append((revealed, G_CHIP, 0))
    if not found or (state.rules.free_pass and not state.last_pass):
        found.append(PASS_GROUP)
    return found


def _plate_groups(state: AzulDuelState, seat: int) -> list[Group]:
    """The opening plate, or the decisions of a paid draw under way."""
    if state.draw_stage == 2:
        return [(len(state.hand), G_RETURN, 0)]
    plates = len(empty_slots(state, seat)) * ROTATIONS
    if state.phase == OPENING:
        return [(plates, G_TAKE, plate) for plate in state.display]
    found = [(plates, G_KEEP, plate) for plate in state.hand]
    if may_draw(state, seat):
        found.append((1, G_DRAW, 0))
    return found


def decode(state: AzulDuelState, group: Group, index: int) -> Move:
    """The ``index``-th move of a group."""
    _, kind, key = group
    seat = state.to_move
    if kind == G_SUN:
        workshop, colour = divmod(key, 5)
        targets = destinations(state, seat, colour)
        if not workshop:
            return sun_take(0, colour, targets[index])
        orders = orders_of(leftovers(state, workshop, colour))
        line, order = divmod(index, len(orders))
        return sun_take(workshop, colour, targets[line], orders[order])
    if kind == G_MOON:
        return MOON_TAKES[key][destinations(state, seat, key)[index]]
    if kind in (G_TAKE, G_KEEP):
        slot, rotation = divmod(index, ROTATIONS)
        table = TAKE_PLATES if kind == G_TAKE else KEEP_PLATES
        return table[key][empty_slots(state, seat)[slot]][rotation]
    if kind == G_CHIP:
        return CHIP_TAKES[[w for w in range(1, WORKSHOPS) if state.chip_at[w - 1] >= 0][index]]
    if kind == G_RETURN:
        return RETURN_PLATES[state.hand[index]]
    return DRAW if kind == G_DRAW else PASS


def legal_moves(state: AzulDuelState) -> list[Move]:
    """Every move of every group, in group order; tile takes are built a group at a time."""
    seat = state.to_move
    moves: list[Move] = []
    targets: dict[int, list[int]] = {}
    for group in groups(state):
        _, kind, key = group
        if kind in (G_SUN, G_MOON):
            colour = key % 5 if kind == G_SUN else key
            lines = targets.get(colour)
            if lines is None:
                lines = targets[colour] = destinations(state, seat, colour)
            if kind == G_MOON:
                moves.extend(MOON_TAKES[colour][line] for line in lines)
            elif key < 5:
                moves.extend(sun_take(0, colour, line) for line in lines)
            else:
                orders = orders_of(leftovers(state, key // 5, colour))
                moves.extend(sun_take(key // 5, colour, line, order) for line in lines for order in orders)
        else:
            moves.extend(decode(state, group, index) for index in range(group[0]))
    return moves


def random_move(state: AzulDuelState, rng: Random) -> Move:
    found = groups(state)
    total = 0
    for group in found:
        total += group[0]
    index = int(rng.random() * total)
    for group in found:
        count = group[0]
        if index < count:
            return decode(state, group, index)
        index -= count
    raise AssertionError("unreachable: the index is below the total")


def random_moves(state: AzulDuelState, rng: Random, count: int) -> list[Move]:
    """``count`` moves drawn as ``random_move`` draws them one after another (the same random
    numbers, the same moves), the groups listed once for all of them."""
    found = groups(state)
    ends = list(accumulate(group[0] for group in found))
    moves = []
    for _ in range(count):
        index = int(rng.random() * ends[-1])
        at = bisect_right(ends, index)
        moves.append(decode(state, found[at], index - ends[at] + found[at][0]))
    return moves


def with_forced_order(state: AzulDuelState, move: SunTake) -> SunTake:
    """A small-sun take written without an order gets the only possible one, if there is one."""
    if not (0 < move.workshop < WORKSHOPS and 0 <= move.colour < 5):
        return move
    orders = orders_of(leftovers(state, move.workshop, move.colour))
    return SunTake(move.workshop, move.colour, move.line, orders[0]) if len(orders) == 1 else move


# -- checking -----------------------------------------------------------------------------
def _below(value: object, bound: int) -> bool:
    return type(value) is int and 0 <= value < bound


def _valid_fields(move: Move) -> bool:
    """Whether a (possibly hand-built) move's fields are ints in range (commonest kinds first)."""
    if isinstance(move, MoonTake):
        return _below(move.colour, 5) and _below(move.line, LINES + 1)
    if isinstance(move, SunTake):
        order = move.order
        return (
            _below(move.workshop, WORKSHOPS)
            and _below(move.colour, 5)
            and _below(move.line, LINES + 1)
            and type(order) is tuple
            and len(order) <= 3
            and all(_below(colour, 5) for colour in order)
        )
    if isinstance(move, ChipTake):
        return _below(move.workshop, WORKSHOPS) and move.workshop > 0
    if isinstance(move, (TakePlate, KeepPlate)):
        return _below(move.plate, PLATE_COUNT) and _below(move.slot, SLOTS) and _below(move.rotation, ROTATIONS)
    if isinstance(move, ReturnPlate):
        return _below(move.plate, PLATE_COUNT)
    return isinstance(move, (Draw, Pass))


def check(state: AzulDuelState, move: Move) -> None:
    """Raise ``IllegalMoveError`` naming the broken rule, or return if ``move`` is legal."""
    if isinstance(move, TILING_MOVES):
        raise IllegalMoveError("azul_duel.tiling_only", move=move)
    if not _valid_fields(move):
        raise IllegalMoveError("azul_duel.not_a_move", move=move)
    seat = state.to_move
    if state.phase == OPENING:
        if not isinstance(move, TakePlate):
            raise IllegalMoveError("azul_duel.opening_now")
        _check_plate(state, seat, move)
        return
    if state.draw_stage == 1 and not isinstance(move, (Draw, KeepPlate)):
        raise IllegalMoveError("azul_duel.drawing_now")
    if state.draw_stage == 2 and not isinstance(move, ReturnPlate):
        raise IllegalMoveError("azul_duel.returning_now")
    if isinstance(move, (TakePlate, Draw)):
        _check_token(state, seat)
        if isinstance(move, TakePlate):
            _check_plate(state, seat, move)
        elif not state.stack:
            raise IllegalMoveError("azul_duel.stack_empty")
        elif not may_draw(state, seat):
            raise IllegalMoveError("azul_duel.draw_at_zero")
    elif isinstance(move, (KeepPlate, ReturnPlate)):
        if move.plate not in state.hand:
            raise IllegalMoveError("azul_duel.not_drawn", plate=move.plate, hand=_plates(state.hand))
        if isinstance(move, KeepPlate) and state.slots[SLOT_INDEX[seat][move.slot]] >= 0:
            raise IllegalMoveError("azul_duel.slot_taken", slot=f"s{move.slot + 1}")
    elif isinstance(move, SunTake):
        _check_sun(state, move)
        _check_line(state, seat, move.colour, move.line)
    elif isinstance(move, MoonTake):
        if not moon_has(state, move.colour):
            raise IllegalMoveError("azul_duel.moons_lack", colour=COLOUR_NAMES[move.colour])
        _check_line(state, seat, move.colour, move.line)
    elif isinstance(move, ChipTake):
        chip = state.chip_at[move.workshop - 1]
        if chip < 0:
            key = "azul_duel.chip_hidden" if chip == CHIP_HIDDEN else "azul_duel.chip_gone"
            raise IllegalMoveError(key, workshop=move.workshop)
        if state.chips_taken[seat] >= CHIPS_PER_PLAYER:
            raise IllegalMoveError("azul_duel.chip_quota", most=CHIPS_PER_PLAYER)
    elif not any(kind == G_PASS for _, kind, _ in groups(state)):
        raise IllegalMoveError("azul_duel.pass_twice" if state.last_pass else "azul_duel.pass_forbidden")


def _plates(plates: list[int]) -> str:
    return " ".join(str(plate) for plate in plates) or "none"


def _check_token(state: AzulDuelState, seat: int) -> None:
    if state.draw_stage:
        return
    if state.round > PLATE_ROUNDS:
        raise IllegalMoveError("azul_duel.plate_round", first=1, last=PLATE_ROUNDS)
    if state.plates_taken[seat] >= PLATES_PER_ROUND:
        raise IllegalMoveError("azul_duel.no_token", most=PLATES_PER_ROUND)


def _check_plate(state: AzulDuelState, seat: int, move: TakePlate) -> None:
    if move.plate not in state.display:
        raise IllegalMoveError("azul_duel.not_in_display", plate=move.plate, display=_plates(state.display))
    if state.slots[SLOT_INDEX[seat][move.slot]] >= 0:
        raise IllegalMoveError("azul_duel.slot_taken", slot=f"s{move.slot + 1}")


def _check_sun(state: AzulDuelState, move: SunTake) -> None:
    if not state.suns[SUN_INDEX[move.workshop][move.colour]]:
        raise IllegalMoveError(
            "azul_duel.sun_lacks", workshop=workshop_name(move.workshop), colour=COLOUR_NAMES[move.colour]
        )
    rest = leftovers(state, move.workshop, move.colour)
    if move.workshop == 0:
        if move.order:
            raise IllegalMoveError("azul_duel.large_no_order")
    elif move.order not in orders_of(rest):
        tiles = tuple(colour for colour, count in enumerate(rest) for _ in range(count))
        raise IllegalMoveError(
            "azul_duel.bad_order",
            workshop=move.workshop,
            leftovers=colours_text(tiles) or "none",
            order=colours_text(move.order),
        )


def _check_line(state: AzulDuelState, seat: int, colour: int, line: int) -> None:
    if line == BROKEN:
        return
    index = LINE_INDEX[seat][line]
    count = state.line_count[index]
    if count and state.line_colour[index] != colour:
        held = COLOUR_NAMES[state.line_colour[index]]
        raise IllegalMoveError("azul_duel.line_other_colour", line=line_name(line), held=held)
    if count > line:
        raise IllegalMoveError("azul_duel.line_complete", line=line_name(line))


# -- effects ------------------------------------------------------------------------------
def apply(state: AzulDuelState, move: Move) -> None:
    """Carry out a checked move."""
    seat = state.to_move
    if isinstance(move, MoonTake):
        _take_moons(state, seat, move)
    elif isinstance(move, SunTake):
        _take_sun(state, seat, move)
    elif isinstance(move, TakePlate):
        state.display.remove(move.plate)
        lay(state, seat, move.plate, move.slot, move.rotation)
        if state.phase == OPENING:
            _opening_done(state)
            return
        state.plates_taken[seat] += 1
    elif isinstance(move, Draw):
        if not state.draw_stage:
            state.plates_taken[seat] += 1
            state.draw_stage = 1
        state.add_score(seat, (("azul_duel.score.draw", -DRAW_COST, {}),))
        state.phase = DRAWN
        return
    elif isinstance(move, (KeepPlate, ReturnPlate)):
        state.hand.remove(move.plate)
        if isinstance(move, KeepPlate):
            lay(state, seat, move.plate, move.slot, move.rotation)
        else:
            to_bottom(state, seat, move.plate)
        if len(state.hand) == 1:
            to_bottom(state, seat, state.hand.pop())
        if state.hand:
            state.draw_stage = 2
            return
        state.draw_stage = 0
    elif isinstance(move, ChipTake):
        chip = state.chip_at[move.workshop - 1]
        state.chips[CHIP_INDEX[seat][chip]] += 1
        state.chip_at[move.workshop - 1] = CHIP_TAKEN
        state.chips_taken[seat] += 1
    state.last_pass = isinstance(move, Pass)
    state.to_move = 1 - seat


def lay(state: AzulDuelState, seat: int, plate: int, slot: int, rotation: int) -> None:
    state.slots[SLOT_INDEX[seat][slot]] = plate * ROTATIONS + rotation
    dome.lay_plate(state.cells, DOME_BASE[seat], slot, plate, rotation)


def to_bottom(state: AzulDuelState, seat: int, plate: int) -> None:
    """A returned plate goes under the stack; only the player who returned it knows it."""
    state.stack.append(plate)
    state.stack_known.append(1 << seat)


def _opening_done(state: AzulDuelState) -> None:
    state.opening_left -= 1
    state.phase = DISPLAY
    state.after_display = OPENING if state.opening_left else ACQUISITION
    state.to_move = state.starter


def _take_sun(state: AzulDuelState, seat: int, move: SunTake) -> None:
    workshop, colour = move.workshop, move.colour
    base = SUN_INDEX[workshop][0]
    suns = state.suns
    count = suns[base + colour]
    if workshop:
        state.moons[workshop - 1] += move.order
        if not state.moons[workshop - 1]:
            _emptied(state, workshop)
    else:
        for other in range(5):
            if other != colour:
                state.big_moon[other] += suns[other]
        if state.sun_start and state.start_on_moon:
            _take_start_tile(state, seat)
    suns[base : base + 5] = [0, 0, 0, 0, 0]
    receive(state, seat, colour, count, move.line)


def _take_moons(state: AzulDuelState, seat: int, move: MoonTake) -> None:
    colour = move.colour
    count = state.big_moon[colour]
    state.big_moon[colour] = 0
    if count and state.start_on_moon:
        _take_start_tile(state, seat)
    moons = state.moons
    for index, stack in enumerate(moons):
        if stack and stack[-1] == colour:
            count += 1
            moons[index] = stack[:-1]
            workshop = index + 1
            if len(stack) == 1 and not any(state.suns[SUN_OF[workshop]]):
                _emptied(state, workshop)
    receive(state, seat, colour, count, move.line)


def _emptied(state: AzulDuelState, workshop: int) -> None:
    """A small workshop with nothing left reveals its chip (a chance event)."""
    if state.chip_at[workshop - 1] == CHIP_HIDDEN:
        state.chip_due |= 1 << (workshop - 1)


def _take_start_tile(state: AzulDuelState, seat: int) -> None:
    state.start_on_moon = False
    state.start_taker = seat


def receive(state: AzulDuelState, seat: int, colour: int, count: int, line: int) -> None:
    """Drafted tiles go into one pattern line, right to left; overflow to broken, then tower."""
    if line != BROKEN:
        index = LINE_INDEX[seat][line]
        held = state.line_count[index]
        put = min(count, line + 1 - held)
        if put:
            set_line(state, seat, line, colour, held + put)
            count -= put
    if count:
        to_broken(state, seat, colour, count)


def to_broken(state: AzulDuelState, seat: int, colour: int, count: int) -> None:
    area = BROKEN_OF[seat]
    put = min(count, BROKEN_SPACES - sum(state.broken[area]))
    state.broken[area.start + colour] += put
    state.tower[colour] += count - put


def over(state: AzulDuelState) -> bool:
    """The end of acquisition: suns, moons and chips all gone, and 2 plates each (rounds 1-4)."""
    if any(state.suns) or any(state.big_moon) or any(state.moons):
        return False
    if state.chip_at.count(CHIP_TAKEN) != len(state.chip_at) or state.chip_due:
        return False
    return state.round > PLATE_ROUNDS or state.plates_taken == [PLATES_PER_ROUND, PLATES_PER_ROUND]
