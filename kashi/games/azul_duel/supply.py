"""Every chance event: plate reveals, tablet draws, workshop fills and chip reveals.

Hidden things are drawn only when they are revealed: a face-down plate is drawn from ``pool``
(the plates nobody has located) when it turns up, and a chip from the chips not yet revealed
when its workshop empties. That is the same distribution as shuffling them at the start, keeps
each event's outcomes small and exact, and leaves nothing secret in the position but the plates
returned under the stack.
"""

from __future__ import annotations

from itertools import product
from math import comb, prod
from random import Random
from typing import TYPE_CHECKING

from kashi.core.errors import IllegalMoveError
from kashi.games.azul_duel.components import (
    CHIP_NAMES,
    DISPLAY_SIZE,
    LARGE,
    LARGE_SUN,
    SMALL_SUN,
    SUN_INDEX,
    SUN_OF,
    WORKSHOPS,
)
from kashi.games.azul_duel.notation import (
    Chance,
    ChipReveal,
    PlateReveal,
    TabletDraw,
    WorkshopFill,
    workshop_fill,
    workshop_name,
)
from kashi.games.azul_duel.phases import ACQUISITION, DISPLAY, DRAWN, FILL, OPENING, TABLETS

if TYPE_CHECKING:
    from kashi.games.azul_duel.state import AzulDuelState

PLATE_REVEALS = tuple(PlateReveal(plate) for plate in range(18))
CHIP_REVEALS = tuple(tuple(ChipReveal(w, chip) for chip in range(len(CHIP_NAMES))) for w in range(WORKSHOPS))


def settle(state: AzulDuelState) -> bool:
    """In a chance phase: True if an event is due, else move on to the phase that follows."""
    phase = state.phase
    if phase == DRAWN:
        return True
    if phase == DISPLAY:
        if len(state.display) < DISPLAY_SIZE and state.stack:
            return True
        state.phase = state.after_display
        return False
    if phase == TABLETS:
        if -1 in state.tablets:
            return True
        state.phase = FILL
        return False
    return _settle_fill(state)


def _settle_fill(state: AzulDuelState) -> bool:
    """Fill the large sun, then the small suns in order, pouring the tower only when needed."""
    while state.fill_workshop < WORKSHOPS:
        if state.fill_need:
            if not any(state.bag) and any(state.tower):
                _pour(state)
            if any(state.bag):
                return True
            state.fill_need = 0
        if state.fill_workshop == LARGE and _redraw_large_sun(state):
            continue
        state.fill_workshop += 1
        state.fill_need = SMALL_SUN
    for workshop in range(1, WORKSHOPS):
        if not any(state.suns[SUN_OF[workshop]]):
            state.chip_due |= 1 << (workshop - 1)
    state.phase = OPENING if state.opening_left else ACQUISITION
    return False


def _pour(state: AzulDuelState) -> None:
    for colour in range(5):
        state.bag[colour] += state.tower[colour]
        state.tower[colour] = 0


def _redraw_large_sun(state: AzulDuelState) -> bool:
    """The large sun must show 2 colours: return a one-colour fill and redraw, if bag and tower
    can supply another colour; otherwise keep it and its taker gets the start tile."""
    sun = state.suns[0:5]
    present = [colour for colour in range(5) if sun[colour]]
    if len(present) != 1:
        return False
    colour = present[0]
    if not any(state.bag[other] + state.tower[other] for other in range(5) if other != colour):
        state.sun_start = True
        return False
    state.bag[colour] += sun[colour]
    state.suns[colour] = 0
    if not any(state.bag[other] for other in range(5) if other != colour):
        _pour(state)
    state.fill_need = LARGE_SUN
    return True


# -- the due event ------------------------------------------------------------------------
def group(state: AzulDuelState) -> tuple[str, int]:
    if state.chip_due:
        return "chip", state.round
    heading = {DISPLAY: "display", DRAWN: "drawn", TABLETS: "tablets"}.get(state.phase, "fill")
    return heading, state.round


def _due_chip_workshop(state: AzulDuelState) -> int:
    due = state.chip_due
    return (due & -due).bit_length()


def _fill_size(state: AzulDuelState) -> int:
    return min(state.fill_need, sum(state.bag))


def outcomes(state: AzulDuelState) -> list[tuple[Chance, float]]:
    if state.chip_due:
        workshop = _due_chip_workshop(state)
        total = sum(state.chip_pool)
        return [(CHIP_REVEALS[workshop][chip], n / total) for chip, n in enumerate(state.chip_pool) if n]
    if state.phase in (DISPLAY, DRAWN):
        top = state.stack[0]
        if top >= 0:
            return [(PLATE_REVEALS[top], 1.0)]
        return [(PLATE_REVEALS[plate], 1 / len(state.pool)) for plate in state.pool]
    if state.phase == TABLETS:
        return _tablet_outcomes(state)
    bag, size = state.bag, _fill_size(state)
    ways = comb(sum(bag), size)
    return [
        (WorkshopFill(state.fill_workshop, (a, b, c, d, e)), prod(map(comb, bag, (a, b, c, d, e))) / ways)
        for a, b, c, d, e in product(*(range(min(n, size) + 1) for n in bag))
        if a + b + c + d + e == size
    ]


def distinct_outcomes(state: AzulDuelState) -> list[tuple[Chance, float]]:
    """``outcomes`` without the one-colour fills of the large sun that the rules return to the
    bag and redraw, which leave the position as it was; the others' probabilities are scaled up
    by what those took (drawing until the sun shows two colours ends in each the same way)."""
    listed = outcomes(state)
    if state.chip_due or state.phase in (DISPLAY, DRAWN, TABLETS) or state.fill_workshop != LARGE:
        return listed
    kept = [(outcome, p) for outcome, p in listed if not _taken_back(state, outcome)]
    if len(kept) == len(listed):
        return listed
    total = sum(p for _, p in kept)
    return [(outcome, p / total) for outcome, p in kept]


def _taken_back(state: AzulDuelState, outcome: Chance) -> bool:
    """Whether a one-colour fill of the large sun brings the position back unchanged."""
    if not isinstance(outcome, WorkshopFill) or sum(1 for n in outcome.counts if n) != 1:
        return False
    after = state.copy()
    after.apply_chance(outcome)
    return after.same_position(state)


def _tablet_outcomes(state: AzulDuelState) -> list[tuple[Chance, float]]:
    """Tablets are decided A to D; with 3 in play exactly one is left out, uniformly."""
    tablet = state.tablets.index(-1)
    sides: list[tuple[Chance, float]] = [(TabletDraw(tablet, 1), 0.5), (TabletDraw(tablet, 2), 0.5)]
    if state.rules.tablets == 4 or 0 in state.tablets:
        return sides
    out = 1 / (4 - tablet)
    if out == 1:
        return [(TabletDraw(tablet, 0), 1.0)]
    return [(TabletDraw(tablet, 0), out)] + [(draw, p * (1 - out)) for draw, p in sides]


def sample(state: AzulDuelState, rng: Random) -> Chance:
    """One outcome with its probability, drawn without listing every outcome."""
    if state.chip_due:
        pool = state.chip_pool
        pick = int(rng.random() * sum(pool))
        for chip, n in enumerate(pool):
            if pick < n:
                return CHIP_REVEALS[_due_chip_workshop(state)][chip]
            pick -= n
    if state.phase in (DISPLAY, DRAWN):
        top = state.stack[0]
        return PLATE_REVEALS[top if top >= 0 else state.pool[int(rng.random() * len(state.pool))]]
    if state.phase == TABLETS:
        choices = _tablet_outcomes(state)
        return rng.choices([outcome for outcome, _ in choices], [p for _, p in choices])[0]
    bag = state.bag[:]
    total = sum(bag)
    counts = [0, 0, 0, 0, 0]
    for _ in range(min(state.fill_need, total)):
        pick = int(rng.random() * total)
        colour = 0
        while pick >= bag[colour]:
            pick -= bag[colour]
            colour += 1
        counts[colour] += 1
        bag[colour] -= 1
        total -= 1
    return workshop_fill(state.fill_workshop, (counts[0], counts[1], counts[2], counts[3], counts[4]))


# -- applying -----------------------------------------------------------------------------
def check(state: AzulDuelState, outcome: Chance) -> None:
    """Reject an outcome that cannot happen now, naming what was expected."""
    if state.chip_due:
        workshop = _due_chip_workshop(state)
        ok = (
            isinstance(outcome, ChipReveal)
            and outcome.workshop == workshop
            and type(outcome.chip) is int
            and 0 <= outcome.chip < len(CHIP_NAMES)
            and state.chip_pool[outcome.chip] > 0
        )
        expected = f"the chip of workshop {workshop}, one of the chips not yet revealed"
    elif state.phase in (DISPLAY, DRAWN):
        top = state.stack[0]
        ok = isinstance(outcome, PlateReveal) and (outcome.plate == top if top >= 0 else outcome.plate in state.pool)
        expected = "the top plate of the stack"
    elif state.phase == TABLETS:
        ok = isinstance(outcome, TabletDraw) and any(outcome == o for o, _ in _tablet_outcomes(state))
        expected = "the next tablet, A to D, with side 1, 2 or - (left out)"
    else:
        size = _fill_size(state)
        ok = (
            isinstance(outcome, WorkshopFill)
            and outcome.workshop == state.fill_workshop
            and len(outcome.counts) == 5
            and all(type(n) is int and 0 <= n <= have for n, have in zip(outcome.counts, state.bag, strict=True))
            and sum(outcome.counts) == size
        )
        expected = f"{size} tiles from the bag for workshop {workshop_name(state.fill_workshop)}"
    if not ok:
        raise IllegalMoveError("azul_duel.bad_chance", outcome=outcome, expected=expected)


def apply(state: AzulDuelState, outcome: Chance) -> None:
    if isinstance(outcome, ChipReveal):
        state.chip_at[outcome.workshop - 1] = outcome.chip
        state.chip_pool[outcome.chip] -= 1
        state.chip_due &= ~(1 << (outcome.workshop - 1))
    elif isinstance(outcome, PlateReveal):
        if state.stack.pop(0) < 0:
            state.pool.remove(outcome.plate)
        state.stack_known.pop(0)
        if state.phase == DRAWN:
            state.hand.append(outcome.plate)
            state.phase = ACQUISITION
        else:
            state.display.append(outcome.plate)
    elif isinstance(outcome, TabletDraw):
        state.tablets[outcome.tablet] = outcome.side
    else:
        base = SUN_INDEX[outcome.workshop][0]
        for colour, count in enumerate(outcome.counts):
            state.bag[colour] -= count
            state.suns[base + colour] += count
        state.fill_need -= sum(outcome.counts)
