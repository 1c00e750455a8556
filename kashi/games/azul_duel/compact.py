"""Azul Duel's compact action ids for learning: one block per kind of decision, sized to it.

The engine's fixed ids (``actions``) give every conceivable move an id, 87,741 of them: 59,049
are the 3^10 ways of spending chips and 27,300 are sun takes with every stacking order of up to
three tiles of five colours, while a position offers a few dozen moves. Here a move is numbered
by what its player decides in the position (2,100 ids):

- pass, draw, skip (0-2) and the chip takes (3-6, workshops 1-4) keep their engine ids;
- a moon take: colour x destination (pattern lines 1-6, then the broken area);
- a tile placed while tiling: its column (the row is the line being tiled);
- a drawn plate put under the stack: the plate;
- a plate taken from the display or kept from a draw: plate x slot x rotation, one block for
  both, since a seat is never offered both at once;
- a sun take: workshop x colour x destination x stacking order, the order being permutation
  ``k`` (in ``itertools.permutations`` order) of the leftover tiles sorted by colour; when
  leftovers share a colour, only the first permutation giving an order names it;
- a chip spend: its rank among the legal spends ordered by fewest chips, then by chip types
  ascending. The engine spends chips in one step, so the choice is not split into smaller
  ones; ``SPEND_CHOICES`` ranks are the most any position reached by the rules offers.

Every legal move has exactly one id. Stdlib only: the encoder builds its masks from these ids.
"""

from __future__ import annotations

from functools import cache
from itertools import permutations
from typing import TYPE_CHECKING

from kashi.core.errors import IllegalMoveError
from kashi.games.azul_duel import actions as engine
from kashi.games.azul_duel.acquisition import leftovers
from kashi.games.azul_duel.components import DOME_SIZE, LINES, PLATE_COUNT, ROTATIONS, SLOTS, WORKSHOPS
from kashi.games.azul_duel.notation import ORDER_INDEX, ORDERS, SKIP, SpendChips
from kashi.games.azul_duel.phases import CHOOSE_CHIPS, TILING

if TYPE_CHECKING:
    from kashi.games.azul_duel.state import AzulDuelState

DESTINATIONS = LINES + 1
MOST_LEFTOVERS = 3
"""A small sun holds 4 tiles and a take removes at least 1."""
ORDER_CHOICES = len(list(permutations(range(MOST_LEFTOVERS))))
SPEND_CHOICES = 336
"""The most legal spends a position offers: a seat holds at most 10 chips (2 a round for 5
rounds), and one chip of each of the 10 types paying for 2 missing tiles gives 336 spends (3 to
6 chips with enough matching ones); counted over every holding of 10 chips, none gives more."""

COLUMN_AT = engine.TILE_AT
RETURN_AT = COLUMN_AT + DOME_SIZE
PLATE_AT = RETURN_AT + PLATE_COUNT
SUN_AT = PLATE_AT + PLATE_COUNT * SLOTS * ROTATIONS
SPEND_AT = SUN_AT + WORKSHOPS * 5 * DESTINATIONS * ORDER_CHOICES
NUM_ACTIONS = SPEND_AT + SPEND_CHOICES


@cache
def order_choice(order: tuple[int, ...]) -> int:
    """The first permutation of the sorted tiles of ``order`` that stacks them as ``order``."""
    tiles = sorted(order)
    return next(k for k, perm in enumerate(permutations(range(len(order)))) if tuple(tiles[i] for i in perm) == order)


def _engine_to_compact() -> list[int]:
    """The compact id of every engine id below the chip spends (-1: no move a seat is offered)."""
    table = list(range(engine.TILE_AT))  # pass, draw, skip, chip and moon takes keep their ids
    table += [COLUMN_AT + cell % DOME_SIZE for cell in range(engine.RETURN_AT - engine.TILE_AT)]
    table += [RETURN_AT + plate for plate in range(PLATE_COUNT)]
    placements = range(engine.PLATE_ACTIONS)
    table += [PLATE_AT + placement for placement in placements]  # takes
    table += [PLATE_AT + placement for placement in placements]  # keeps
    for take in range(engine.SPEND_AT - engine.SUN_AT):
        rest, order_index = divmod(take, len(ORDERS))
        order = ORDERS[order_index]
        large = rest < 5 * DESTINATIONS
        table.append(-1 if large and order else SUN_AT + rest * ORDER_CHOICES + order_choice(order))
    return table


TO_COMPACT = _engine_to_compact()
SKIP_ID = engine.action_id(SKIP)


def legal_ids(state: AzulDuelState) -> list[int]:
    """The compact ids of the legal moves of the seat to move."""
    if state.current_player < 0:
        return []
    if state.phase == TILING and state.tile_stage == CHOOSE_CHIPS:
        ranks = len(ranked_spends(state))
        if ranks > SPEND_CHOICES:
            raise ValueError(f"{ranks} chip spends are more than the {SPEND_CHOICES} the compact ids number")
        return [SKIP_ID, *range(SPEND_AT, SPEND_AT + ranks)]
    table = TO_COMPACT
    return [table[action] for action in state.legal_actions()]


def ranked_spends(state: AzulDuelState) -> list[SpendChips]:
    """The legal chip spends, fewest chips first, then by chip types ascending."""
    spends = [move for move in state.legal_moves() if isinstance(move, SpendChips)]
    return sorted(spends, key=lambda move: (len(move.chips), move.chips))


def to_engine(state: AzulDuelState, action: int) -> int:
    """The engine id of compact id ``action`` in ``state``; an id that names no move there raises
    ``IllegalMoveError`` (a move it names may still be illegal: the engine's check refuses it)."""
    if not 0 <= action < NUM_ACTIONS:
        raise IllegalMoveError("core.bad_action", action=action, last=NUM_ACTIONS - 1)
    if action < COLUMN_AT:
        return action
    if action < RETURN_AT:
        return engine.TILE_AT + state.tile_line * DOME_SIZE + action - COLUMN_AT
    if action < PLATE_AT:
        return engine.RETURN_AT + action - RETURN_AT
    if action < SUN_AT:
        return (engine.KEEP_AT if state.draw_stage else engine.TAKE_AT) + action - PLATE_AT
    if action < SPEND_AT:
        return _sun_take(state, action)
    spends = ranked_spends(state)
    rank = action - SPEND_AT
    if rank >= len(spends):
        raise IllegalMoveError("azul_duel.no_such_choice", action=action)
    return engine.action_id(spends[rank])


def _sun_take(state: AzulDuelState, action: int) -> int:
    """A sun take's engine id: its stacking order read from the sun's leftovers in ``state``."""
    rest, choice = divmod(action - SUN_AT, ORDER_CHOICES)
    workshop, colour = divmod(rest // DESTINATIONS, 5)
    counts = leftovers(state, workshop, colour)
    tiles = [tile for tile, count in enumerate(counts) for _ in range(count)] if workshop else []
    stackings = list(permutations(range(len(tiles)))) if len(tiles) <= MOST_LEFTOVERS else []
    order = tuple(tiles[i] for i in stackings[choice]) if choice < len(stackings) else None
    if order is None or order_choice(order) != choice:
        raise IllegalMoveError("azul_duel.no_such_choice", action=action)
    return engine.SUN_AT + rest * len(ORDERS) + ORDER_INDEX[order]
