/*
** Azul Duel in C (see azul_duel.h). Each function follows the Python function of the same name
** in kashi/games/azul_duel/: dome.py and chips.py first, then acquisition.py (phase A), tiling.py
** (phase B and the round's end), supply.py (chance), state.py's flow, views.py's determinize,
** the fields, and heuristics.py at the end for search (evaluate, rollout_action).
*/
#include "azul_duel.h"

#include "../../../core/native/fields.h"

#include <string.h>

enum {
  FIELD_COUNT = DUEL_HEADER_FIELDS + DUEL_TABLETS + 3 * DUEL_COLOURS + DUEL_WORKSHOPS * DUEL_COLOURS +
                DUEL_SMALL_WORKSHOPS * (1 + DUEL_MOON_HEIGHT) + DUEL_SMALL_WORKSHOPS + DUEL_CHIP_TYPES +
                (1 + DUEL_DISPLAY_SIZE) + (1 + 2 * DUEL_PLATES) + (1 + DUEL_PLATES) + 2 * DUEL_SEAT_FIELDS,
  MAX_GROUPS = 40,  /* take 3, draw, suns 25, moons 5, chips, pass; or keep 18 and draw */
  MAX_ORDERS = 6,   /* distinct stacking orders of 3 leftover tiles */
  MOST_SCORE = 1000000,
  FULL_ROW = 0x3F,
};

/* ---- the components (components.py) ------------------------------------------------------- */

/* The 18 dome plates: cell types top-left, top-right, bottom-left, bottom-right (R Y K B T S W). */
static const int8_t PLATES[DUEL_PLATES][DUEL_PLATE_CELLS] = {
    {1, 2, 4, 5}, {6, 3, 4, 2}, {4, 0, 3, 6}, {2, 1, 0, 6}, {2, 5, 4, 0}, {4, 1, 6, 2},
    {5, 2, 0, 3}, {1, 3, 2, 5}, {4, 0, 3, 5}, {1, 0, 6, 3}, {1, 5, 2, 0}, {4, 2, 0, 6},
    {3, 2, 5, 4}, {0, 4, 1, 6}, {4, 3, 6, 1}, {5, 4, 1, 3}, {0, 6, 3, 2}, {5, 1, 3, 0},
};

/* The colours each chip type shows, as masks: R Y K B T, then TY YK KB BR RT. */
static const uint8_t CHIP_COLOURS[DUEL_CHIP_TYPES] = {1, 2, 4, 8, 16, 16 | 2, 2 | 4, 4 | 8, 8 | 1, 1 | 16};

static const int BROKEN_TOTAL[DUEL_BROKEN_SPACES + 1] = {0, 1, 3, 6, 10};
static const int START_TILE_PENALTY = 2;
static const int DRAW_COST = 1;
static const int CHIPS_PER_TILE_MATCHING = 2;
static const int CHIPS_PER_TILE_ANY = 3;

/* A plate's cell types after `rotation` clockwise quarter turns (components.rotated). */
static void rotated(int plate, int rotation, int8_t *out) {
  int8_t top_left = PLATES[plate][0], top_right = PLATES[plate][1];
  int8_t bottom_left = PLATES[plate][2], bottom_right = PLATES[plate][3];
  for (int turn = 0; turn < rotation; turn++) {
    int8_t was = top_left;
    top_left = bottom_left;
    bottom_left = bottom_right;
    bottom_right = top_right;
    top_right = was;
  }
  out[0] = top_left;
  out[1] = top_right;
  out[2] = bottom_left;
  out[3] = bottom_right;
}

/* The dome cells (row * 6 + column) of a plate slot, in the plate's cell order. */
static int slot_cell(int slot, int index) {
  int top = 2 * (slot / 3) * DUEL_DOME_SIZE + 2 * (slot % 3);
  return top + (index & 1) + (index >> 1) * DUEL_DOME_SIZE;
}

static int cell_slot(int cell) { return (cell / DUEL_DOME_SIZE / 2) * 3 + (cell % DUEL_DOME_SIZE) / 2; }

/* ---- small facts ------------------------------------------------------------------------ */

static int popcount(uint64_t bits) {
  int count = 0;
  for (; bits; bits &= bits - 1) count++;
  return count;
}

static int lowest_bit(unsigned bits) {
  int index = 0;
  while (!((bits >> index) & 1u)) index++;
  return index;
}

static int sum_of(const uint8_t *counts, int size) {
  int total = 0;
  for (int index = 0; index < size; index++) total += counts[index];
  return total;
}

static int sum5(const uint8_t *counts) { return sum_of(counts, DUEL_COLOURS); }

static int smaller(int a, int b) { return a < b ? a : b; }

static int larger(int a, int b) { return a > b ? a : b; }

static int capacity(int workshop) { return workshop ? DUEL_SMALL_SUN : DUEL_LARGE_SUN; }

/* Remove the first `plate` of a list of plates, keeping the order of the rest. */
static void remove_plate(int8_t *plates, uint8_t *count, int plate) {
  int at = 0;
  while (at < *count && plates[at] != plate) at++;
  if (at == *count) return;
  memmove(plates + at, plates + at + 1, (size_t)(*count - at - 1));
  plates[--*count] = -1;
}

/* ---- one seat's dome (dome.py) ------------------------------------------------------------- */

static void lay_plate(DuelSeat *board, int slot, int plate, int rotation) {
  int8_t kinds[DUEL_PLATE_CELLS];
  rotated(plate, rotation, kinds);
  for (int index = 0; index < DUEL_PLATE_CELLS; index++) board->cells[slot_cell(slot, index)] = kinds[index];
}

/* The empty cells of dome `row` that accept `colour`: that colour or wild; return how many. */
static int legal_cells(const int8_t *cells, const int8_t *tiles, int row, int colour, int *out) {
  int found = 0;
  for (int cell = row * DUEL_DOME_SIZE; cell < (row + 1) * DUEL_DOME_SIZE; cell++) {
    if (tiles[cell] == DUEL_EMPTY && (cells[cell] == colour || cells[cell] == DUEL_WILD)) out[found++] = cell;
  }
  return found;
}

static int has_legal_cell(const int8_t *cells, const int8_t *tiles, int row, int colour) {
  int found[DUEL_DOME_SIZE];
  return legal_cells(cells, tiles, row, colour, found) > 0;
}

/* Whether all 3 slots of the plate row feeding dome `row` hold a plate. */
static int plate_row_full(const DuelSeat *board, int row) {
  int first = (row / 2) * 3;
  return board->slots[first] >= 0 && board->slots[first + 1] >= 0 && board->slots[first + 2] >= 0;
}

/* The lengths of the horizontal and vertical runs of occupied cells through `cell`. */
static void runs(const int8_t *tiles, int cell, int *across, int *down) {
  int row = cell / DUEL_DOME_SIZE, column = cell % DUEL_DOME_SIZE;
  int left = column, right = column, up = row, bottom = row;
  while (left > 0 && tiles[row * DUEL_DOME_SIZE + left - 1] != DUEL_EMPTY) left--;
  while (right < DUEL_DOME_SIZE - 1 && tiles[row * DUEL_DOME_SIZE + right + 1] != DUEL_EMPTY) right++;
  while (up > 0 && tiles[(up - 1) * DUEL_DOME_SIZE + column] != DUEL_EMPTY) up--;
  while (bottom < DUEL_DOME_SIZE - 1 && tiles[(bottom + 1) * DUEL_DOME_SIZE + column] != DUEL_EMPTY) bottom++;
  *across = right - left + 1;
  *down = bottom - up + 1;
}

/* Colour-blind scoring: 1 for a lone tile, else each run longer than 1 counts in full. */
static int placement_points(int across, int down) {
  if (across == 1 && down == 1) return 1;
  return (across > 1 ? across : 0) + (down > 1 ? down : 0);
}

/* The special cell whose plate `cell` just completed (its other 3 cells filled), or -1. */
static int completed_special(const int8_t *cells, const int8_t *tiles, int cell) {
  int slot = cell_slot(cell), special = -1;
  for (int index = 0; index < DUEL_PLATE_CELLS; index++) {
    int other = slot_cell(slot, index);
    if (cells[other] == DUEL_SPECIAL) {
      special = other;
    } else if (tiles[other] == DUEL_EMPTY) {
      return -1;
    }
  }
  if (special < 0 || tiles[special] != DUEL_EMPTY) return -1;
  return special;
}

/* ---- the objectives (objectives.py), on a dome's filled cells ------------------------------ */

static uint64_t filled_cells(const int8_t *tiles) {
  uint64_t filled = 0;
  for (int cell = 0; cell < DUEL_CELLS; cell++) {
    if (tiles[cell] != DUEL_EMPTY) filled |= (uint64_t)1 << cell;
  }
  return filled;
}

static uint64_t row_mask(int row) { return (uint64_t)FULL_ROW << (DUEL_DOME_SIZE * row); }

static uint64_t column_mask(int column) {
  uint64_t mask = 0;
  for (int row = 0; row < DUEL_DOME_SIZE; row++) mask |= (uint64_t)1 << (row * DUEL_DOME_SIZE + column);
  return mask;
}

/* Diagonal 0 runs from the top left, diagonal 1 from the top right. */
static uint64_t diagonal_mask(int diagonal) {
  uint64_t mask = 0;
  for (int row = 0; row < DUEL_DOME_SIZE; row++) {
    int column = diagonal ? DUEL_DOME_SIZE - 1 - row : row;
    mask |= (uint64_t)1 << (row * DUEL_DOME_SIZE + column);
  }
  return mask;
}

static uint64_t ring_mask(void) {
  return row_mask(0) | row_mask(DUEL_DOME_SIZE - 1) | column_mask(0) | column_mask(DUEL_DOME_SIZE - 1);
}

static uint64_t slot_mask(int slot) {
  uint64_t mask = 0;
  for (int index = 0; index < DUEL_PLATE_CELLS; index++) mask |= (uint64_t)1 << slot_cell(slot, index);
  return mask;
}

static uint64_t cells_of_kind(const int8_t *cells, int kind) {
  uint64_t mask = 0;
  for (int cell = 0; cell < DUEL_CELLS; cell++) {
    if (cells[cell] == kind) mask |= (uint64_t)1 << cell;
  }
  return mask;
}

static int complete(uint64_t filled, uint64_t group) { return (filled & group) == group; }

/* The different colours in a dome row (special tiles have none), as a count. */
static int row_colours(const int8_t *tiles, int row) {
  unsigned colours = 0;
  for (int cell = row * DUEL_DOME_SIZE; cell < (row + 1) * DUEL_DOME_SIZE; cell++) {
    if (tiles[cell] >= 0 && tiles[cell] < DUEL_SPECIAL) colours |= 1u << tiles[cell];
  }
  return popcount(colours);
}

/* The points of tablet `tablet` with `side` (1 or 2) up for a dome (OBJECTIVES[tablet][side - 1]). */
static int objective_points(int tablet, int side, const int8_t *cells, const int8_t *tiles) {
  uint64_t filled = filled_cells(tiles);
  int count = 0;
  switch (tablet * 2 + side - 1) {
    case 0: /* A1: complete rows */
      for (int row = 0; row < DUEL_DOME_SIZE; row++) count += complete(filled, row_mask(row));
      return 3 * count;
    case 1: /* A2: rows of 5 colours */
      for (int row = 0; row < DUEL_DOME_SIZE; row++) count += row_colours(tiles, row) >= 5;
      return 4 * count;
    case 2: /* B1: complete columns */
      for (int column = 0; column < DUEL_DOME_SIZE; column++) count += complete(filled, column_mask(column));
      return 7 * count;
    case 3: /* B2: the outer ring's cells */
      return popcount(filled & ring_mask());
    case 4: /* C1: complete diagonals */
      return 10 * (complete(filled, diagonal_mask(0)) + complete(filled, diagonal_mask(1)));
    case 5: /* C2: the corner plates, 3 at the top and 8 at the bottom */
      return 3 * (complete(filled, slot_mask(0)) + complete(filled, slot_mask(2))) +
             8 * (complete(filled, slot_mask(6)) + complete(filled, slot_mask(8)));
    case 6: { /* D1: 2 per wild cell, once every wild cell holds a tile */
      uint64_t wilds = cells_of_kind(cells, DUEL_WILD);
      return complete(filled, wilds) ? 2 * popcount(wilds) : 0;
    }
    default: { /* D2: -3 per special cell without its special tile */
      for (int cell = 0; cell < DUEL_CELLS; cell++) count += cells[cell] == DUEL_SPECIAL && tiles[cell] != DUEL_SPECIAL;
      return -3 * count;
    }
  }
}

/* ---- paying with chips (chips.py) ---------------------------------------------------------- */

static int matching_chips(const uint8_t *held, int colour) {
  int matching = 0;
  for (int chip = 0; chip < DUEL_CHIP_TYPES; chip++) {
    if ((CHIP_COLOURS[chip] >> colour) & 1u) matching += held[chip];
  }
  return matching;
}

/* Whether some set of the held chips pays for `missing` tiles of `colour`. */
static int can_pay(const uint8_t *held, int colour, int missing) {
  int total = sum_of(held, DUEL_CHIP_TYPES);
  return larger(0, CHIPS_PER_TILE_ANY * missing - total) <=
         smaller(missing, matching_chips(held, colour) / CHIPS_PER_TILE_MATCHING);
}

/* Whether spending `counts` of each chip type pays for `missing` tiles of `colour`: 2 chips
   showing the colour or 3 of any per tile. */
static int pays(const int *counts, int colour, int missing) {
  int size = 0, shown = 0;
  for (int chip = 0; chip < DUEL_CHIP_TYPES; chip++) {
    size += counts[chip];
    if ((CHIP_COLOURS[chip] >> colour) & 1u) shown += counts[chip];
  }
  int most = CHIPS_PER_TILE_ANY * missing;
  return CHIPS_PER_TILE_MATCHING * missing <= size && size <= most && shown >= CHIPS_PER_TILE_MATCHING * (most - size);
}

static int spend_code(const int *counts) {
  int code = 0;
  for (int chip = DUEL_CHIP_TYPES - 1; chip >= 0; chip--) code = code * (DUEL_CHIPS_PER_TYPE + 1) + counts[chip];
  return code;
}

/* The spend actions of the held chips that pay, in spends() order: count vectors over the held
   types walked as itertools.product walks them, the last type fastest; return how many. */
static int paying_spends(const uint8_t *held, int colour, int missing, int *out) {
  int counts[DUEL_CHIP_TYPES] = {0};
  int types[DUEL_CHIP_TYPES], held_types = 0, found = 0;
  for (int chip = 0; chip < DUEL_CHIP_TYPES; chip++) {
    if (held[chip]) types[held_types++] = chip;
  }
  for (;;) {
    if (pays(counts, colour, missing)) out[found++] = DUEL_SPEND_AT + spend_code(counts);
    int at = held_types - 1;
    while (at >= 0 && counts[types[at]] == held[types[at]]) counts[types[at--]] = 0;
    if (at < 0) return found;
    counts[types[at]]++;
  }
}

/* ---- pattern lines (acquisition.set_line) ------------------------------------------------- */

/* Add `sign` to the destination counts of the colours a line may receive: every colour when
   it is empty, its own while it is not complete. */
static void count_line(uint8_t *destinations, int line, int colour, int count, int sign) {
  if (!count) {
    for (int other = 0; other < DUEL_COLOURS; other++) destinations[other] = (uint8_t)(destinations[other] + sign);
  } else if (count <= line) {
    destinations[colour] = (uint8_t)(destinations[colour] + sign);
  }
}

static void set_line(DuelSeat *board, int line, int colour, int count) {
  count_line(board->destinations, line, board->line_colour[line], board->line_count[line], -1);
  board->line_colour[line] = (int8_t)colour;
  board->line_count[line] = (uint8_t)count;
  count_line(board->destinations, line, colour, count, 1);
}

static int line_accepts(const DuelSeat *board, int line, int colour) {
  if (line == DUEL_BROKEN) return 1;
  int count = board->line_count[line];
  return !count || (board->line_colour[line] == colour && count <= line);
}

/* Pattern lines that may receive `colour`, then the broken area; return how many. */
static int destinations(const DuelSeat *board, int colour, int *out) {
  int found = 0;
  for (int line = 0; line <= DUEL_BROKEN; line++) {
    if (line_accepts(board, line, colour)) out[found++] = line;
  }
  return found;
}

/* ---- stacking orders (notation.ORDERS) ---------------------------------------------------- */

/* An order's index in ORDERS: orders of 0, 1, 2, 3 tiles in turn, each set in base 5. */
static int order_index(const int *order, int length) {
  int offset = 0, span = 1, index = 0;
  for (int at = 0; at < length; at++) {
    offset += span;
    span *= DUEL_COLOURS;
    index = index * DUEL_COLOURS + order[at];
  }
  return offset + index;
}

static void stack_orders(int *left, int *order, int depth, int length, int *out, int *found) {
  if (depth == length) {
    out[(*found)++] = order_index(order, length);
    return;
  }
  for (int colour = 0; colour < DUEL_COLOURS; colour++) {
    if (!left[colour]) continue;
    left[colour]--;
    order[depth] = colour;
    stack_orders(left, order, depth + 1, length, out, found);
    left[colour]++;
  }
}

/* Every distinct stacking order of leftover tiles (counts per colour) as ORDERS indices,
   ascending as acquisition.orders_of sorts them; return how many. */
static int orders_of(const uint8_t *leftovers, int *out) {
  int left[DUEL_COLOURS], order[DUEL_SMALL_SUN], found = 0;
  for (int colour = 0; colour < DUEL_COLOURS; colour++) left[colour] = leftovers[colour];
  stack_orders(left, order, 0, sum5(leftovers), out, &found);
  return found;
}

/* ---- moves ------------------------------------------------------------------------------- */

typedef enum MoveKind {
  MOVE_PASS,
  MOVE_DRAW,
  MOVE_SKIP,
  MOVE_CHIP,
  MOVE_MOON,
  MOVE_TILE,
  MOVE_RETURN,
  MOVE_TAKE,
  MOVE_KEEP,
  MOVE_SUN,
  MOVE_SPEND,
} MoveKind;

typedef struct DuelMove {
  MoveKind kind;
  int workshop, colour, line, order; /* tile takes */
  int plate, slot, rotation;         /* plates */
  int cell;                          /* a tile's cell */
  int counts[DUEL_CHIP_TYPES];       /* chips spent per type */
} DuelMove;

/* Read an action id (actions.move_from_action); 0 when it is outside the action space. */
static int decode(int action, DuelMove *move) {
  memset(move, 0, sizeof *move);
  if (action < 0 || action >= DUEL_NUM_ACTIONS) return 0;
  if (action < DUEL_CHIP_AT) {
    move->kind = action == DUEL_PASS ? MOVE_PASS : action == DUEL_DRAW ? MOVE_DRAW : MOVE_SKIP;
  } else if (action < DUEL_MOON_AT) {
    move->kind = MOVE_CHIP;
    move->workshop = action - DUEL_CHIP_AT + 1;
  } else if (action < DUEL_TILE_AT) {
    move->kind = MOVE_MOON;
    move->colour = (action - DUEL_MOON_AT) / DUEL_DESTINATIONS;
    move->line = (action - DUEL_MOON_AT) % DUEL_DESTINATIONS;
  } else if (action < DUEL_RETURN_AT) {
    move->kind = MOVE_TILE;
    move->cell = action - DUEL_TILE_AT;
  } else if (action < DUEL_TAKE_AT) {
    move->kind = MOVE_RETURN;
    move->plate = action - DUEL_RETURN_AT;
  } else if (action < DUEL_SUN_AT) {
    int rest = (action - DUEL_TAKE_AT) % DUEL_PLATE_ACTIONS;
    move->kind = action < DUEL_KEEP_AT ? MOVE_TAKE : MOVE_KEEP;
    move->rotation = rest % DUEL_ROTATIONS;
    move->slot = rest / DUEL_ROTATIONS % DUEL_SLOTS;
    move->plate = rest / DUEL_ROTATIONS / DUEL_SLOTS;
  } else if (action < DUEL_SPEND_AT) {
    int rest = action - DUEL_SUN_AT;
    move->kind = MOVE_SUN;
    move->order = rest % DUEL_ORDERS;
    move->line = rest / DUEL_ORDERS % DUEL_DESTINATIONS;
    move->colour = rest / DUEL_ORDERS / DUEL_DESTINATIONS % DUEL_COLOURS;
    move->workshop = rest / DUEL_ORDERS / DUEL_DESTINATIONS / DUEL_COLOURS;
  } else {
    int code = action - DUEL_SPEND_AT;
    move->kind = MOVE_SPEND;
    for (int chip = 0; chip < DUEL_CHIP_TYPES; chip++) {
      move->counts[chip] = code % (DUEL_CHIPS_PER_TYPE + 1);
      code /= DUEL_CHIPS_PER_TYPE + 1;
    }
  }
  return 1;
}

static int sun_action(int workshop, int colour, int line, int order) {
  return DUEL_SUN_AT + ((workshop * DUEL_COLOURS + colour) * DUEL_DESTINATIONS + line) * DUEL_ORDERS + order;
}

static int plate_action(int first, int plate, int slot, int rotation) {
  return first + (plate * DUEL_SLOTS + slot) * DUEL_ROTATIONS + rotation;
}

/* ---- phase A: listing moves (acquisition.py) ----------------------------------------------- */

/* Moves come in groups, as acquisition.groups lists them (here without their sizes, which only
   Python's random_move needs): a kind, and a key that is a plate, a sun (workshop * 5 +
   colour) or a colour. */
typedef enum GroupKind { G_TAKE, G_DRAW, G_KEEP, G_RETURN, G_SUN, G_MOON, G_CHIP, G_PASS } GroupKind;

typedef struct Group {
  GroupKind kind;
  int key;
} Group;

static void add_group(Group *found, int *count, GroupKind kind, int key) {
  found[*count] = (Group){kind, key};
  (*count)++;
}

static int empty_slots(const DuelSeat *board, int *out) {
  int found = 0;
  for (int slot = 0; slot < DUEL_SLOTS; slot++) {
    if (board->slots[slot] < 0) out[found++] = slot;
  }
  return found;
}

static int may_take_plate(const DuelState *state, int seat) {
  return state->round <= DUEL_PLATE_ROUNDS && state->seats[seat].plates_taken < DUEL_PLATES_PER_ROUND &&
         !state->draw_stage;
}

/* The points rule of a draw (draw_at_zero), once a draw is otherwise allowed. */
static int affords_draw(const DuelState *state, int seat) {
  if (state->rules.draw_at_zero || state->seats[seat].score >= DRAW_COST) return 1;
  return !state->draw_stage && !state->display_count;
}

static int may_draw(const DuelState *state, int seat) {
  if (!state->stack_count || state->round > DUEL_PLATE_ROUNDS) return 0;
  if (state->draw_stage != 1 && !may_take_plate(state, seat)) return 0;
  return affords_draw(state, seat);
}

/* A small sun's tiles but `colour`: what a take of that colour stacks on its moon. */
static void leftovers(const DuelState *state, int workshop, int colour, uint8_t *out) {
  memcpy(out, state->suns[workshop], DUEL_COLOURS);
  out[colour] = 0;
}

/* The opening plate, or the decisions of a paid draw under way; drawn plates a view hides
   (-1) give no moves. */
static int plate_groups(const DuelState *state, int seat, Group *found) {
  int count = 0;
  if (state->draw_stage == 2) {
    add_group(found, &count, G_RETURN, 0);
    return count;
  }
  if (state->phase == DUEL_OPENING_PHASE) {
    for (int at = 0; at < state->display_count; at++) add_group(found, &count, G_TAKE, state->display[at]);
    return count;
  }
  for (int at = 0; at < state->hand_count; at++) {
    if (state->hand[at] >= 0) add_group(found, &count, G_KEEP, state->hand[at]);
  }
  if (may_draw(state, seat)) add_group(found, &count, G_DRAW, 0);
  return count;
}

static int revealed_chips(const DuelState *state) {
  int revealed = 0;
  for (int at = 0; at < DUEL_SMALL_WORKSHOPS; at++) revealed += state->chip_at[at] >= 0;
  return revealed;
}

/* The colours on offer from the moons: the large moon's, and each small moon's top tile. */
static unsigned moon_colours(const DuelState *state) {
  unsigned offered = 0;
  for (int colour = 0; colour < DUEL_COLOURS; colour++) {
    if (state->big_moon[colour]) offered |= 1u << colour;
  }
  for (int at = 0; at < DUEL_SMALL_WORKSHOPS; at++) {
    int height = state->moon_height[at];
    if (height) offered |= 1u << state->moons[at][height - 1];
  }
  return offered;
}

static int groups(const DuelState *state, Group *found) {
  int seat = state->to_move, count = 0;
  const DuelSeat *board = &state->seats[seat];
  if (state->phase == DUEL_OPENING_PHASE || state->draw_stage) return plate_groups(state, seat, found);
  if (state->round <= DUEL_PLATE_ROUNDS && board->plates_taken < DUEL_PLATES_PER_ROUND) {
    for (int at = 0; at < state->display_count; at++) add_group(found, &count, G_TAKE, state->display[at]);
    if (state->stack_count && affords_draw(state, seat)) add_group(found, &count, G_DRAW, 0);
  }
  for (int workshop = 0; workshop < DUEL_WORKSHOPS; workshop++) {
    for (int colour = 0; colour < DUEL_COLOURS; colour++) {
      if (state->suns[workshop][colour]) add_group(found, &count, G_SUN, workshop * DUEL_COLOURS + colour);
    }
  }
  unsigned offered = moon_colours(state);
  for (int colour = 0; colour < DUEL_COLOURS; colour++) {
    if ((offered >> colour) & 1u) add_group(found, &count, G_MOON, colour);
  }
  if (board->chips_taken < DUEL_CHIPS_PER_PLAYER && revealed_chips(state)) add_group(found, &count, G_CHIP, 0);
  if (!count || (state->rules.free_pass && !state->last_pass)) add_group(found, &count, G_PASS, 0);
  return count;
}

/* The actions of one group, in legal_moves order; return how many were written. */
static int group_actions(const DuelState *state, const Group *group, int *actions) {
  const DuelSeat *board = &state->seats[state->to_move];
  int count = 0, lines[DUEL_DESTINATIONS], slots[DUEL_SLOTS];
  switch (group->kind) {
    case G_SUN: {
      int workshop = group->key / DUEL_COLOURS, colour = group->key % DUEL_COLOURS;
      int orders[MAX_ORDERS] = {0}, order_count = 1;
      if (workshop) {
        uint8_t rest[DUEL_COLOURS];
        leftovers(state, workshop, colour, rest);
        order_count = orders_of(rest, orders);
      }
      int line_count = destinations(board, colour, lines);
      for (int line = 0; line < line_count; line++) {
        for (int order = 0; order < order_count; order++) {
          actions[count++] = sun_action(workshop, colour, lines[line], orders[order]);
        }
      }
      return count;
    }
    case G_MOON: {
      int line_count = destinations(board, group->key, lines);
      for (int line = 0; line < line_count; line++) {
        actions[count++] = DUEL_MOON_AT + group->key * DUEL_DESTINATIONS + lines[line];
      }
      return count;
    }
    case G_TAKE:
    case G_KEEP: {
      int first = group->kind == G_TAKE ? DUEL_TAKE_AT : DUEL_KEEP_AT;
      int slot_count = empty_slots(board, slots);
      for (int slot = 0; slot < slot_count; slot++) {
        for (int rotation = 0; rotation < DUEL_ROTATIONS; rotation++) {
          actions[count++] = plate_action(first, group->key, slots[slot], rotation);
        }
      }
      return count;
    }
    case G_CHIP:
      for (int at = 0; at < DUEL_SMALL_WORKSHOPS; at++) {
        if (state->chip_at[at] >= 0) actions[count++] = DUEL_CHIP_AT + at;
      }
      return count;
    case G_RETURN:
      for (int at = 0; at < state->hand_count; at++) {
        if (state->hand[at] >= 0) actions[count++] = DUEL_RETURN_AT + state->hand[at];
      }
      return count;
    case G_DRAW:
      actions[0] = DUEL_DRAW;
      return 1;
    default:
      actions[0] = DUEL_PASS;
      return 1;
  }
}

static int has_group(const Group *found, int count, GroupKind kind, int key) {
  for (int at = 0; at < count; at++) {
    if (found[at].kind == kind && found[at].key == key) return 1;
  }
  return 0;
}

static int in_hand(const DuelState *state, int plate) {
  for (int at = 0; at < state->hand_count; at++) {
    if (state->hand[at] == plate) return 1;
  }
  return 0;
}

/* A sun take's stacking order is one of the distinct orders of its leftovers. */
static int order_fits(const DuelState *state, const DuelMove *move) {
  int orders[MAX_ORDERS] = {0}, order_count = 1;
  if (move->workshop) {
    uint8_t rest[DUEL_COLOURS];
    leftovers(state, move->workshop, move->colour, rest);
    order_count = orders_of(rest, orders);
  }
  for (int at = 0; at < order_count; at++) {
    if (orders[at] == move->order) return 1;
  }
  return 0;
}

/* Whether a move of phase A or the opening is among legal_actions: its group is listed, and
   within it the move is one the group decodes to. */
static int acquisition_is_legal(const DuelState *state, const DuelMove *move) {
  Group found[MAX_GROUPS];
  int count = groups(state, found);
  const DuelSeat *board = &state->seats[state->to_move];
  switch (move->kind) {
    case MOVE_TAKE:
      return has_group(found, count, G_TAKE, move->plate) && board->slots[move->slot] < 0;
    case MOVE_KEEP:
      return has_group(found, count, G_KEEP, move->plate) && board->slots[move->slot] < 0;
    case MOVE_DRAW:
      return has_group(found, count, G_DRAW, 0);
    case MOVE_PASS:
      return has_group(found, count, G_PASS, 0);
    case MOVE_RETURN:
      return has_group(found, count, G_RETURN, 0) && in_hand(state, move->plate);
    case MOVE_CHIP:
      return has_group(found, count, G_CHIP, 0) && state->chip_at[move->workshop - 1] >= 0;
    case MOVE_SUN:
      return has_group(found, count, G_SUN, move->workshop * DUEL_COLOURS + move->colour) &&
             line_accepts(board, move->line, move->colour) && order_fits(state, move);
    case MOVE_MOON:
      return has_group(found, count, G_MOON, move->colour) && line_accepts(board, move->line, move->colour);
    default:
      return 0;
  }
}

/* ---- phase A: effects (acquisition.py) ------------------------------------------------------ */

static void add_score(DuelSeat *board, int points) { board->score = larger(0, board->score + points); }

static void lay(DuelState *state, int seat, int plate, int slot, int rotation) {
  state->seats[seat].slots[slot] = (int8_t)(plate * DUEL_ROTATIONS + rotation);
  lay_plate(&state->seats[seat], slot, plate, rotation);
}

/* A returned plate goes under the stack; only the player who returned it knows it. */
static void to_bottom(DuelState *state, int seat, int plate) {
  state->stack[state->stack_count] = (int8_t)plate;
  state->stack_known[state->stack_count] = (uint8_t)(1u << seat);
  state->stack_count++;
}

static void opening_done(DuelState *state) {
  state->opening_left--;
  state->phase = DUEL_DISPLAY_PHASE;
  state->after_display = state->opening_left ? DUEL_OPENING_PHASE : DUEL_ACQUISITION_PHASE;
  state->to_move = state->starter;
}

/* A small workshop with nothing left reveals its chip (a chance event). */
static void emptied(DuelState *state, int workshop) {
  if (state->chip_at[workshop - 1] == DUEL_CHIP_HIDDEN) state->chip_due |= (uint8_t)(1u << (workshop - 1));
}

static void take_start_tile(DuelState *state, int seat) {
  state->start_on_moon = 0;
  state->start_taker = (int8_t)seat;
}

static void to_broken(DuelState *state, int seat, int colour, int count) {
  uint8_t *broken = state->seats[seat].broken;
  int put = smaller(count, DUEL_BROKEN_SPACES - sum5(broken));
  broken[colour] = (uint8_t)(broken[colour] + put);
  state->tower[colour] = (uint8_t)(state->tower[colour] + count - put);
}

/* Drafted tiles go into one pattern line; overflow to the broken area, then the tower. */
static void receive(DuelState *state, int seat, int colour, int count, int line) {
  if (line != DUEL_BROKEN) {
    DuelSeat *board = &state->seats[seat];
    int held = board->line_count[line];
    int put = smaller(count, line + 1 - held);
    if (put) {
      set_line(board, line, colour, held + put);
      count -= put;
    }
  }
  if (count) to_broken(state, seat, colour, count);
}

static void take_sun(DuelState *state, int seat, const DuelMove *move) {
  int workshop = move->workshop, colour = move->colour;
  uint8_t *sun = state->suns[workshop];
  int count = sun[colour];
  if (workshop) {
    int at = workshop - 1, order[DUEL_MOON_HEIGHT], length = 0;
    /* ORDERS[index] back to its colours, bottom to top */
    int index = move->order, span = 1;
    while (index >= span) {
      index -= span;
      span *= DUEL_COLOURS;
      length++;
    }
    for (int place = length - 1; place >= 0; place--) {
      order[place] = index % DUEL_COLOURS;
      index /= DUEL_COLOURS;
    }
    for (int place = 0; place < length; place++) state->moons[at][state->moon_height[at]++] = (int8_t)order[place];
    if (!state->moon_height[at]) emptied(state, workshop);
  } else {
    for (int other = 0; other < DUEL_COLOURS; other++) {
      if (other != colour) state->big_moon[other] = (uint8_t)(state->big_moon[other] + sun[other]);
    }
    if (state->sun_start && state->start_on_moon) take_start_tile(state, seat);
  }
  memset(sun, 0, DUEL_COLOURS);
  receive(state, seat, colour, count, move->line);
}

static void take_moons(DuelState *state, int seat, int colour, int line) {
  int count = state->big_moon[colour];
  state->big_moon[colour] = 0;
  if (count && state->start_on_moon) take_start_tile(state, seat);
  for (int at = 0; at < DUEL_SMALL_WORKSHOPS; at++) {
    int height = state->moon_height[at];
    if (!height || state->moons[at][height - 1] != colour) continue;
    count++;
    state->moons[at][--state->moon_height[at]] = -1;
    if (height == 1 && !sum5(state->suns[at + 1])) emptied(state, at + 1);
  }
  receive(state, seat, colour, count, line);
}

/* Carry out a checked move of phase A or the opening. */
static void acquisition_apply(DuelState *state, const DuelMove *move) {
  int seat = state->to_move;
  DuelSeat *board = &state->seats[seat];
  switch (move->kind) {
    case MOVE_MOON:
      take_moons(state, seat, move->colour, move->line);
      break;
    case MOVE_SUN:
      take_sun(state, seat, move);
      break;
    case MOVE_TAKE:
      remove_plate(state->display, &state->display_count, move->plate);
      lay(state, seat, move->plate, move->slot, move->rotation);
      if (state->phase == DUEL_OPENING_PHASE) {
        opening_done(state);
        return;
      }
      board->plates_taken++;
      break;
    case MOVE_DRAW:
      if (!state->draw_stage) {
        board->plates_taken++;
        state->draw_stage = 1;
      }
      add_score(board, -DRAW_COST);
      state->phase = DUEL_DRAWN_PHASE;
      return;
    case MOVE_KEEP:
    case MOVE_RETURN:
      remove_plate(state->hand, &state->hand_count, move->plate);
      if (move->kind == MOVE_KEEP) {
        lay(state, seat, move->plate, move->slot, move->rotation);
      } else {
        to_bottom(state, seat, move->plate);
      }
      if (state->hand_count == 1) {
        to_bottom(state, seat, state->hand[0]);
        state->hand[0] = -1;
        state->hand_count = 0;
      }
      if (state->hand_count) {
        state->draw_stage = 2;
        return;
      }
      state->draw_stage = 0;
      break;
    case MOVE_CHIP: {
      int chip = state->chip_at[move->workshop - 1];
      board->chips[chip]++;
      state->chip_at[move->workshop - 1] = DUEL_CHIP_TAKEN;
      board->chips_taken++;
      break;
    }
    default:
      break;
  }
  state->last_pass = move->kind == MOVE_PASS;
  state->to_move = (int8_t)(1 - seat);
}

/* The end of acquisition: suns, moons and chips all gone, and 2 plates each (rounds 1-4). */
static int acquisition_over(const DuelState *state) {
  for (int workshop = 0; workshop < DUEL_WORKSHOPS; workshop++) {
    if (sum5(state->suns[workshop])) return 0;
  }
  if (moon_colours(state)) return 0;
  for (int at = 0; at < DUEL_SMALL_WORKSHOPS; at++) {
    if (state->chip_at[at] != DUEL_CHIP_TAKEN) return 0;
  }
  if (state->chip_due) return 0;
  return state->round > DUEL_PLATE_ROUNDS || (state->seats[0].plates_taken == DUEL_PLATES_PER_ROUND &&
                                              state->seats[1].plates_taken == DUEL_PLATES_PER_ROUND);
}

/* ---- phase B: dome tiling, scoring, the round's end (tiling.py) ----------------------------- */

/* The cells of the current line's dome row that accept its colour; return how many. */
static int targets(const DuelState *state, int seat, int *out) {
  const DuelSeat *board = &state->seats[seat];
  return legal_cells(board->cells, board->tiles, state->tile_line, board->line_colour[state->tile_line], out);
}

static void tiling_start(DuelState *state) {
  state->phase = DUEL_TILING_PHASE;
  state->tiling_turn = 0;
  state->tile_line = 0;
  state->tile_stage = DUEL_EVALUATE;
}

/* Move the line's rightmost tile to `cell`, score it (and a special tile it triggers); the rest
   of the line's real tiles go to the tower. */
static void place(DuelState *state, int seat, int cell) {
  DuelSeat *board = &state->seats[seat];
  int line = state->tile_line;
  int colour = board->line_colour[line], count = board->line_count[line];
  int across, down;
  board->tiles[cell] = (int8_t)colour;
  runs(board->tiles, cell, &across, &down);
  int points = placement_points(across, down);
  int special = completed_special(board->cells, board->tiles, cell);
  if (special >= 0) {
    board->tiles[special] = DUEL_SPECIAL;
    points += special / DUEL_DOME_SIZE + 1;
  }
  add_score(board, points);
  state->tower[colour] = (uint8_t)(state->tower[colour] + count - state->stand_ins - 1);
  set_line(board, line, -1, 0);
  state->stand_ins = 0;
}

/* Resolve the current line by itself, or set the stage of the choice it needs (1). */
static int evaluate_line(DuelState *state, int seat) {
  DuelSeat *board = &state->seats[seat];
  int line = state->tile_line, count = board->line_count[line];
  if (!count) return 0;
  int colour = board->line_colour[line], cells[DUEL_DOME_SIZE];
  int found = legal_cells(board->cells, board->tiles, line, colour, cells);
  if (!found) {
    if (plate_row_full(board, line)) {
      set_line(board, line, -1, 0);
      to_broken(state, seat, colour, count);
    }
    return 0;
  }
  if (count == line + 1) {
    if (found == 1) {
      place(state, seat, cells[0]);
      return 0;
    }
    state->tile_stage = DUEL_CHOOSE_CELL;
    return 1;
  }
  if (can_pay(board->chips, colour, line + 1 - count)) {
    state->tile_stage = DUEL_CHOOSE_CHIPS;
    return 1;
  }
  return 0;
}

/* Broken tiles, then the start tile; the broken tiles go to the tower. */
static void penalties(DuelState *state, int seat) {
  DuelSeat *board = &state->seats[seat];
  int broken = sum5(board->broken);
  if (broken || state->start_taker == seat) {
    add_score(board, -BROKEN_TOTAL[broken] - (state->start_taker == seat ? START_TILE_PENALTY : 0));
  }
  for (int colour = 0; colour < DUEL_COLOURS; colour++) {
    state->tower[colour] = (uint8_t)(state->tower[colour] + board->broken[colour]);
    board->broken[colour] = 0;
  }
}

/* What the final scoring gives a seat: the objectives in play, and unused chips if the rules say. */
static int final_points(const DuelState *state, int seat, int *parts) {
  const DuelSeat *board = &state->seats[seat];
  int points = 0;
  *parts = 0;
  for (int tablet = 0; tablet < DUEL_TABLETS; tablet++) {
    if (state->tablets[tablet] <= 0) continue;
    points += objective_points(tablet, state->tablets[tablet], board->cells, board->tiles);
    (*parts)++;
  }
  if (state->rules.unused_chip_points) {
    points += state->rules.unused_chip_points * sum_of(board->chips, DUEL_CHIP_TYPES);
    (*parts)++;
  }
  return points;
}

static void final_scoring(DuelState *state, int seat) {
  int parts, points = final_points(state, seat, &parts);
  if (parts) add_score(&state->seats[seat], points);
}

/* Whoever took the start tile this round holds it (it starts the next round, wins ties). */
static void hand_on_start_tile(DuelState *state) {
  if (state->start_taker >= 0) {
    state->start_holder = state->start_taker;
  } else if (state->rules.pass_start_tile) {
    state->start_holder = (int8_t)(1 - state->start_holder);
  }
}

/* Phase C: the start tile holder starts; tokens, chips and suns renew. */
static void prepare(DuelState *state) {
  state->starter = state->to_move = state->start_holder;
  state->round++;
  for (int seat = 0; seat < 2; seat++) state->seats[seat].plates_taken = state->seats[seat].chips_taken = 0;
  for (int at = 0; at < DUEL_SMALL_WORKSHOPS; at++) state->chip_at[at] = DUEL_CHIP_HIDDEN;
  state->start_on_moon = 1;
  state->sun_start = 0;
  state->start_taker = -1;
  state->last_pass = 0;
  state->fill_workshop = 0;
  state->fill_need = DUEL_LARGE_SUN;
  state->phase = state->round <= DUEL_PLATE_ROUNDS ? DUEL_DISPLAY_PHASE : DUEL_FILL_PHASE;
  state->after_display = DUEL_FILL_PHASE;
}

static void end_round(DuelState *state) {
  hand_on_start_tile(state);
  if (state->round == DUEL_ROUNDS) {
    for (int seat = 0; seat < 2; seat++) final_scoring(state, seat);
    state->phase = DUEL_OVER_PHASE;
    return;
  }
  prepare(state);
}

/* Resolve lines until a seat must choose (1) or the round is over (0). */
static int tiling_run(DuelState *state) {
  while (state->tiling_turn < 2) {
    int seat = (state->starter + state->tiling_turn) % 2;
    state->to_move = (int8_t)seat;
    while (state->tile_line < DUEL_LINES) {
      if (state->tile_stage != DUEL_EVALUATE || evaluate_line(state, seat)) return 1;
      state->tile_line++;
    }
    penalties(state, seat);
    state->tiling_turn++;
    state->tile_line = 0;
  }
  end_round(state);
  return 0;
}

static int tiling_is_legal(const DuelState *state, const DuelMove *move) {
  int seat = state->to_move, cells[DUEL_DOME_SIZE];
  const DuelSeat *board = &state->seats[seat];
  if (state->tile_stage == DUEL_CHOOSE_CELL) {
    if (move->kind != MOVE_TILE) return 0;
    int found = targets(state, seat, cells);
    for (int at = 0; at < found; at++) {
      if (cells[at] == move->cell) return 1;
    }
    return 0;
  }
  if (state->tile_stage != DUEL_CHOOSE_CHIPS) return 0;
  if (move->kind == MOVE_SKIP) return 1;
  if (move->kind != MOVE_SPEND) return 0;
  for (int chip = 0; chip < DUEL_CHIP_TYPES; chip++) {
    if (move->counts[chip] > board->chips[chip]) return 0;
  }
  int line = state->tile_line;
  return pays(move->counts, board->line_colour[line], line + 1 - board->line_count[line]);
}

static void tiling_apply(DuelState *state, const DuelMove *move) {
  int seat = state->to_move;
  DuelSeat *board = &state->seats[seat];
  if (move->kind == MOVE_TILE) {
    place(state, seat, move->cell);
  } else if (move->kind == MOVE_SPEND) {
    int line = state->tile_line, cells[DUEL_DOME_SIZE];
    for (int chip = 0; chip < DUEL_CHIP_TYPES; chip++) {
      board->chips[chip] = (uint8_t)(board->chips[chip] - move->counts[chip]);
    }
    state->stand_ins = (uint8_t)(line + 1 - board->line_count[line]);
    set_line(board, line, board->line_colour[line], line + 1);
    if (targets(state, seat, cells) > 1) {
      state->tile_stage = DUEL_CHOOSE_CELL;
      return;
    }
    place(state, seat, cells[0]);
  }
  state->tile_stage = DUEL_EVALUATE;
  state->tile_line++;
}

/* ---- chance: every event of the supply (supply.py) ------------------------------------------ */

static void pour(DuelState *state) {
  for (int colour = 0; colour < DUEL_COLOURS; colour++) {
    state->bag[colour] = (uint8_t)(state->bag[colour] + state->tower[colour]);
    state->tower[colour] = 0;
  }
}

static int others_in(const uint8_t *counts, int colour) {
  for (int other = 0; other < DUEL_COLOURS; other++) {
    if (other != colour && counts[other]) return 1;
  }
  return 0;
}

/* The large sun must show 2 colours: return a one-colour fill and redraw, if bag and tower can
   supply another colour; otherwise keep it and its taker gets the start tile. */
static int redraw_large_sun(DuelState *state) {
  uint8_t *sun = state->suns[0];
  int present = 0, colour = 0;
  for (int other = 0; other < DUEL_COLOURS; other++) {
    if (sun[other]) {
      present++;
      colour = other;
    }
  }
  if (present != 1) return 0;
  if (!others_in(state->bag, colour) && !others_in(state->tower, colour)) {
    state->sun_start = 1;
    return 0;
  }
  state->bag[colour] = (uint8_t)(state->bag[colour] + sun[colour]);
  sun[colour] = 0;
  if (!others_in(state->bag, colour)) pour(state);
  state->fill_need = DUEL_LARGE_SUN;
  return 1;
}

/* Fill the large sun, then the small suns in order, pouring the tower only when needed. */
static int settle_fill(DuelState *state) {
  while (state->fill_workshop < DUEL_WORKSHOPS) {
    if (state->fill_need) {
      if (!sum5(state->bag) && sum5(state->tower)) pour(state);
      if (sum5(state->bag)) return 1;
      state->fill_need = 0;
    }
    if (state->fill_workshop == 0 && redraw_large_sun(state)) continue;
    state->fill_workshop++;
    state->fill_need = DUEL_SMALL_SUN;
  }
  for (int workshop = 1; workshop < DUEL_WORKSHOPS; workshop++) {
    if (!sum5(state->suns[workshop])) state->chip_due |= (uint8_t)(1u << (workshop - 1));
  }
  state->phase = state->opening_left ? DUEL_OPENING_PHASE : DUEL_ACQUISITION_PHASE;
  return 0;
}

/* In a chance phase: 1 if an event is due, else move on to the phase that follows. */
static int settle(DuelState *state) {
  switch (state->phase) {
    case DUEL_DRAWN_PHASE:
      return 1;
    case DUEL_DISPLAY_PHASE:
      if (state->display_count < DUEL_DISPLAY_SIZE && state->stack_count) return 1;
      state->phase = state->after_display;
      return 0;
    case DUEL_TABLETS_PHASE:
      for (int tablet = 0; tablet < DUEL_TABLETS; tablet++) {
        if (state->tablets[tablet] < 0) return 1;
      }
      state->phase = DUEL_FILL_PHASE;
      return 0;
    default:
      return settle_fill(state);
  }
}

/* A chip from those not yet revealed, for the lowest small workshop that is due one. */
static void reveal_chip(DuelState *state, KashiRng *rng) {
  int workshop = lowest_bit(state->chip_due) + 1;
  int pick = kashi_rng_below(rng, sum_of(state->chip_pool, DUEL_CHIP_TYPES));
  int chip = 0;
  while (pick >= state->chip_pool[chip]) pick -= state->chip_pool[chip++];
  state->chip_at[workshop - 1] = (int8_t)chip;
  state->chip_pool[chip]--;
  state->chip_due &= (uint8_t)~(1u << (workshop - 1));
}

/* The stack's top plate, drawn from the pool when nobody knows it, to the display or the hand. */
static void reveal_plate(DuelState *state, KashiRng *rng) {
  int plate = state->stack[0];
  if (plate < 0) {
    plate = state->pool[kashi_rng_below(rng, state->pool_count)];
    remove_plate(state->pool, &state->pool_count, plate);
  }
  memmove(state->stack, state->stack + 1, (size_t)(state->stack_count - 1));
  memmove(state->stack_known, state->stack_known + 1, (size_t)(state->stack_count - 1));
  state->stack_count--;
  state->stack[state->stack_count] = -1;
  state->stack_known[state->stack_count] = 0;
  if (state->phase == DUEL_DRAWN_PHASE) {
    state->hand[state->hand_count++] = (int8_t)plate;
    state->phase = DUEL_ACQUISITION_PHASE;
  } else {
    state->display[state->display_count++] = (int8_t)plate;
  }
}

/* The next tablet's fate as Random.choices draws it from supply._tablet_outcomes: one number
   against the running totals of the weights. With 3 tablets in play exactly one is left out,
   uniformly: each undecided tablet is out with 1 / (tablets left), until one is. */
static void draw_tablet(DuelState *state, KashiRng *rng) {
  static const int SIDES[3] = {0, 1, 2};
  int tablet = 0, one_out = 0;
  while (state->tablets[tablet] >= 0) tablet++;
  for (int other = 0; other < DUEL_TABLETS; other++) one_out |= state->tablets[other] == 0;
  double weights[3] = {0.0, 0.5, 0.5};
  int first = 1, last = 2; /* the outcomes drawn from: SIDES[first..last] */
  if (state->rules.tablets != DUEL_TABLETS && !one_out) {
    double out = 1.0 / (DUEL_TABLETS - tablet);
    weights[0] = out;
    weights[1] = weights[2] = 0.5 * (1 - out);
    first = 0;
    last = out == 1.0 ? 0 : 2;
  }
  double running[3], total = 0.0;
  for (int at = first; at <= last; at++) running[at] = total += weights[at];
  double pick = kashi_rng_unit(rng) * total;
  int chosen = first;
  while (chosen < last && running[chosen] <= pick) chosen++;
  state->tablets[tablet] = (int8_t)SIDES[chosen];
}

/* Tiles from the bag onto the sun being filled, one at a time, each colour by its count. */
static void fill_sun(DuelState *state, KashiRng *rng) {
  uint8_t bag[DUEL_COLOURS];
  int counts[DUEL_COLOURS] = {0};
  memcpy(bag, state->bag, sizeof bag);
  int total = sum5(bag), drawn = smaller(state->fill_need, total);
  for (int tile = 0; tile < drawn; tile++) {
    int pick = kashi_rng_below(rng, total);
    int colour = 0;
    while (pick >= bag[colour]) pick -= bag[colour++];
    counts[colour]++;
    bag[colour]--;
    total--;
  }
  for (int colour = 0; colour < DUEL_COLOURS; colour++) {
    state->bag[colour] = (uint8_t)(state->bag[colour] - counts[colour]);
    state->suns[state->fill_workshop][colour] = (uint8_t)(state->suns[state->fill_workshop][colour] + counts[colour]);
  }
  state->fill_need = (uint8_t)(state->fill_need - drawn);
}

/* ---- the flow (state.py) --------------------------------------------------------------------- */

/* Run automatic steps until a seat must decide, a chance event is due, or the end. */
static void advance(DuelState *state) {
  for (;;) {
    if (state->chip_due) {
      state->current_player = KASHI_CHANCE;
      return;
    }
    switch (state->phase) {
      case DUEL_ACQUISITION_PHASE:
        if (state->draw_stage || !acquisition_over(state)) {
          state->current_player = state->to_move;
          return;
        }
        tiling_start(state);
        break;
      case DUEL_OPENING_PHASE:
        state->current_player = state->to_move;
        return;
      case DUEL_TILING_PHASE:
        if (tiling_run(state)) {
          state->current_player = state->to_move;
          return;
        }
        break;
      case DUEL_OVER_PHASE:
        state->current_player = KASHI_TERMINAL;
        return;
      default:
        if (settle(state)) {
          state->current_player = KASHI_CHANCE;
          return;
        }
    }
  }
}

/* ---- the contract (game.h) ------------------------------------------------------------------ */

static int num_players(const void *state) {
  (void)state;
  return 2;
}

static int current_player(const void *state) { return ((const DuelState *)state)->current_player; }

static int num_actions(const void *state) {
  (void)state;
  return DUEL_NUM_ACTIONS;
}

static int legal_actions(const void *opaque, int *actions) {
  const DuelState *state = opaque;
  int count = 0, seat = state->to_move;
  if (state->current_player < 0) return 0;
  if (state->phase == DUEL_TILING_PHASE) {
    const DuelSeat *board = &state->seats[seat];
    if (state->tile_stage == DUEL_CHOOSE_CELL) {
      int cells[DUEL_DOME_SIZE], found = targets(state, seat, cells);
      for (int at = 0; at < found; at++) actions[count++] = DUEL_TILE_AT + cells[at];
      return count;
    }
    int line = state->tile_line;
    count = paying_spends(board->chips, board->line_colour[line], line + 1 - board->line_count[line], actions);
    actions[count++] = DUEL_SKIP;
    return count;
  }
  Group found[MAX_GROUPS];
  int group_count = groups(state, found);
  for (int at = 0; at < group_count; at++) count += group_actions(state, &found[at], actions + count);
  return count;
}

static int is_legal(const void *opaque, int action) {
  const DuelState *state = opaque;
  DuelMove move;
  if (state->current_player < 0 || !decode(action, &move)) return 0;
  return state->phase == DUEL_TILING_PHASE ? tiling_is_legal(state, &move) : acquisition_is_legal(state, &move);
}

static KashiStatus apply(void *opaque, int action) {
  DuelState *state = opaque;
  if (!is_legal(state, action)) return KASHI_ILLEGAL;
  DuelMove move;
  decode(action, &move);
  if (state->phase == DUEL_TILING_PHASE) {
    tiling_apply(state, &move);
  } else {
    acquisition_apply(state, &move);
  }
  advance(state);
  return KASHI_OK;
}

/* Draw the due event as supply.sample draws it (the same numbers in the same order), apply it. */
static void apply_chance(void *opaque, KashiRng *rng) {
  DuelState *state = opaque;
  if (state->current_player != KASHI_CHANCE) return;
  if (state->chip_due) {
    reveal_chip(state, rng);
  } else if (state->phase == DUEL_DISPLAY_PHASE || state->phase == DUEL_DRAWN_PHASE) {
    reveal_plate(state, rng);
  } else if (state->phase == DUEL_TABLETS_PHASE) {
    draw_tablet(state, rng);
  } else {
    fill_sun(state, rng);
  }
  advance(state);
}

/* ---- hidden plates (views.py) ----------------------------------------------------------------- */

/* An integer in [0, count) as Random._randbelow_with_getrandbits draws it: the low bits of one
   output, as many as count has, until they fall below count (Random.shuffle and choice). */
static int below_by_bits(KashiRng *rng, int count) {
  int bits = 0;
  while ((count >> bits) != 0) bits++;
  uint64_t mask = ((uint64_t)1 << bits) - 1, drawn;
  do {
    drawn = kashi_rng_next(rng) & mask;
  } while (drawn >= (uint64_t)count);
  return (int)drawn;
}

static void sort_plates(int8_t *plates, int count) {
  for (int at = 1; at < count; at++) {
    int8_t plate = plates[at];
    int before = at;
    for (; before > 0 && plates[before - 1] > plate; before--) plates[before] = plates[before - 1];
    plates[before] = plate;
  }
}

/* Give every unseen plate in the stack and the hand a place: the pool shuffled as
   Random.shuffle does, then dealt from its end. */
static void determinize(void *opaque, KashiRng *rng) {
  DuelState *state = opaque;
  int8_t unseen[DUEL_PLATES];
  int count = state->pool_count;
  memcpy(unseen, state->pool, sizeof unseen);
  for (int at = count - 1; at > 0; at--) {
    int other = below_by_bits(rng, at + 1);
    int8_t plate = unseen[at];
    unseen[at] = unseen[other];
    unseen[other] = plate;
  }
  for (int at = 0; at < state->stack_count; at++) {
    if (state->stack[at] < 0) state->stack[at] = unseen[--count];
  }
  for (int at = 0; at < state->hand_count; at++) {
    if (state->hand[at] < 0) state->hand[at] = unseen[--count];
  }
  sort_plates(unseen, count);
  memset(state->pool, -1, sizeof state->pool);
  memcpy(state->pool, unseen, (size_t)count);
  state->pool_count = (uint8_t)count;
}

/* ---- fields --------------------------------------------------------------------------------- */

static void write_list(int64_t *out, int *count, const int8_t *values, int length, int size) {
  out[(*count)++] = length;
  for (int at = 0; at < size; at++) out[(*count)++] = at < length ? values[at] : -1;
}

static void write_counts(int64_t *out, int *count, const uint8_t *values, int size) {
  for (int at = 0; at < size; at++) out[(*count)++] = values[at];
}

static int write_fields(const void *opaque, int64_t *out) {
  const DuelState *state = opaque;
  const DuelRules *rules = &state->rules;
  int64_t header[DUEL_HEADER_FIELDS] = {
      state->current_player, state->round,        state->phase,          state->after_display,
      state->to_move,        state->starter,      state->start_holder,   state->start_taker,
      state->start_on_moon,  state->sun_start,    state->draw_stage,     state->fill_workshop,
      state->fill_need,      state->opening_left, state->chip_due,       state->tiling_turn,
      state->tile_line,      state->tile_stage,   state->stand_ins,      state->last_pass,
      rules->tablets,        rules->draw_at_zero, rules->unused_chip_points, rules->free_pass,
      rules->pass_start_tile,
  };
  int count = DUEL_HEADER_FIELDS;
  memcpy(out, header, sizeof header);
  for (int tablet = 0; tablet < DUEL_TABLETS; tablet++) out[count++] = state->tablets[tablet];
  write_counts(out, &count, state->bag, DUEL_COLOURS);
  write_counts(out, &count, state->tower, DUEL_COLOURS);
  for (int workshop = 0; workshop < DUEL_WORKSHOPS; workshop++) {
    write_counts(out, &count, state->suns[workshop], DUEL_COLOURS);
  }
  for (int at = 0; at < DUEL_SMALL_WORKSHOPS; at++) {
    write_list(out, &count, state->moons[at], state->moon_height[at], DUEL_MOON_HEIGHT);
  }
  write_counts(out, &count, state->big_moon, DUEL_COLOURS);
  for (int at = 0; at < DUEL_SMALL_WORKSHOPS; at++) out[count++] = state->chip_at[at];
  write_counts(out, &count, state->chip_pool, DUEL_CHIP_TYPES);
  write_list(out, &count, state->display, state->display_count, DUEL_DISPLAY_SIZE);
  write_list(out, &count, state->stack, state->stack_count, DUEL_PLATES);
  write_counts(out, &count, state->stack_known, DUEL_PLATES);
  write_list(out, &count, state->hand, state->hand_count, DUEL_PLATES);
  for (int seat = 0; seat < 2; seat++) {
    const DuelSeat *board = &state->seats[seat];
    out[count++] = board->score;
    out[count++] = board->plates_taken;
    out[count++] = board->chips_taken;
    write_counts(out, &count, board->chips, DUEL_CHIP_TYPES);
    for (int slot = 0; slot < DUEL_SLOTS; slot++) out[count++] = board->slots[slot];
    for (int cell = 0; cell < DUEL_CELLS; cell++) out[count++] = board->tiles[cell];
    for (int line = 0; line < DUEL_LINES; line++) out[count++] = board->line_colour[line];
    write_counts(out, &count, board->line_count, DUEL_LINES);
    write_counts(out, &count, board->broken, DUEL_COLOURS);
  }
  return count;
}

static void read_counts(KashiFieldReader *reader, const char *name, uint8_t *counts, int size, int most) {
  for (int at = 0; at < size; at++) counts[at] = (uint8_t)kashi_field(reader, name, 0, most);
}

/* A list as its length then `size` entries, those past the length -1. */
static uint8_t read_list(KashiFieldReader *reader, const char *name, int8_t *values, int size, int lowest,
                         int highest) {
  int length = kashi_field(reader, name, 0, size);
  for (int at = 0; at < size; at++) {
    values[at] = (int8_t)(at < length ? kashi_field(reader, name, lowest, highest) : kashi_field(reader, name, -1, -1));
  }
  return (uint8_t)length;
}

static void read_seat(KashiFieldReader *reader, DuelSeat *board) {
  board->score = kashi_field(reader, "score", 0, MOST_SCORE);
  board->plates_taken = (uint8_t)kashi_field(reader, "plates taken", 0, DUEL_PLATES_PER_ROUND);
  board->chips_taken = (uint8_t)kashi_field(reader, "chips taken", 0, DUEL_CHIPS_PER_PLAYER);
  read_counts(reader, "chips", board->chips, DUEL_CHIP_TYPES, DUEL_CHIPS_PER_TYPE);
  for (int slot = 0; slot < DUEL_SLOTS; slot++) {
    board->slots[slot] = (int8_t)kashi_field(reader, "dome slot", -1, DUEL_PLATES * DUEL_ROTATIONS - 1);
  }
  for (int cell = 0; cell < DUEL_CELLS; cell++) {
    board->tiles[cell] = (int8_t)kashi_field(reader, "dome tile", -1, DUEL_SPECIAL);
  }
  for (int line = 0; line < DUEL_LINES; line++) {
    board->line_colour[line] = (int8_t)kashi_field(reader, "line colour", -1, DUEL_COLOURS - 1);
  }
  for (int line = 0; line < DUEL_LINES; line++) {
    int used = board->line_colour[line] >= 0;
    board->line_count[line] = (uint8_t)kashi_field(reader, "line count", used, used ? line + 1 : 0);
  }
  read_counts(reader, "broken", board->broken, DUEL_COLOURS, DUEL_BROKEN_SPACES);
}

/* Each plate is in one place at most; the pool is every plate nobody located, as many as the
   stack and the hand hide. */
static int plates_located(DuelState *state) {
  int seen[DUEL_PLATES] = {0}, hidden = 0;
  for (int seat = 0; seat < 2; seat++) {
    for (int slot = 0; slot < DUEL_SLOTS; slot++) {
      if (state->seats[seat].slots[slot] >= 0) seen[state->seats[seat].slots[slot] / DUEL_ROTATIONS]++;
    }
  }
  for (int at = 0; at < state->display_count; at++) seen[state->display[at]]++;
  for (int at = 0; at < state->stack_count; at++) {
    if (state->stack[at] >= 0) {
      seen[state->stack[at]]++;
    } else {
      hidden++;
    }
  }
  for (int at = 0; at < state->hand_count; at++) {
    if (state->hand[at] >= 0) {
      seen[state->hand[at]]++;
    } else {
      hidden++;
    }
  }
  memset(state->pool, -1, sizeof state->pool);
  for (int plate = 0; plate < DUEL_PLATES; plate++) {
    if (seen[plate] > 1) return 0;
    if (!seen[plate]) state->pool[state->pool_count++] = (int8_t)plate;
  }
  return state->pool_count == hidden;
}

/* Lay the plates, and check that every tile fits the cell under it. */
static int domes_fit(DuelState *state) {
  for (int seat = 0; seat < 2; seat++) {
    DuelSeat *board = &state->seats[seat];
    memset(board->cells, DUEL_EMPTY, sizeof board->cells);
    for (int slot = 0; slot < DUEL_SLOTS; slot++) {
      int placed = board->slots[slot];
      if (placed >= 0) lay_plate(board, slot, placed / DUEL_ROTATIONS, placed % DUEL_ROTATIONS);
    }
    for (int cell = 0; cell < DUEL_CELLS; cell++) {
      int tile = board->tiles[cell], kind = board->cells[cell];
      if (tile >= 0 && tile != kind && !(kind == DUEL_WILD && tile < DUEL_SPECIAL)) return 0;
    }
    memset(board->destinations, 0, sizeof board->destinations);
    for (int line = 0; line < DUEL_LINES; line++) {
      count_line(board->destinations, line, board->line_colour[line], board->line_count[line], 1);
    }
    for (int colour = 0; colour < DUEL_COLOURS; colour++) board->destinations[colour]++; /* the broken area */
  }
  return 1;
}

/* Every colour's 13 tiles are somewhere: bag, tower, suns, moons, lines, domes, broken areas
   (the chips standing in on the line being tiled are not tiles). */
static int tiles_conserved(const DuelState *state) {
  for (int colour = 0; colour < DUEL_COLOURS; colour++) {
    int count = state->bag[colour] + state->tower[colour] + state->big_moon[colour];
    for (int workshop = 0; workshop < DUEL_WORKSHOPS; workshop++) count += state->suns[workshop][colour];
    for (int at = 0; at < DUEL_SMALL_WORKSHOPS; at++) {
      for (int place = 0; place < state->moon_height[at]; place++) count += state->moons[at][place] == colour;
    }
    for (int seat = 0; seat < 2; seat++) {
      const DuelSeat *board = &state->seats[seat];
      for (int cell = 0; cell < DUEL_CELLS; cell++) count += board->tiles[cell] == colour;
      for (int line = 0; line < DUEL_LINES; line++) {
        if (board->line_colour[line] == colour) count += board->line_count[line];
      }
      count += board->broken[colour];
    }
    if (state->seats[state->to_move].line_colour[state->tile_line] == colour) count -= state->stand_ins;
    if (count != DUEL_TILES_PER_COLOUR) return 0;
  }
  return 1;
}

/* The plates still to be taken this game fit in those not yet on a dome (else acquisition could
   never end): this round's tokens, a paid draw's plate, the opening's and later rounds'. */
static int plates_suffice(const DuelState *state) {
  int placed = 0, needed = state->opening_left;
  for (int seat = 0; seat < 2; seat++) {
    for (int slot = 0; slot < DUEL_SLOTS; slot++) placed += state->seats[seat].slots[slot] >= 0;
  }
  if (state->round <= DUEL_PLATE_ROUNDS) {
    for (int seat = 0; seat < 2; seat++) needed += DUEL_PLATES_PER_ROUND - state->seats[seat].plates_taken;
    needed += state->draw_stage == 1; /* the plate a drawing seat keeps; at stage 2 it lies on the dome */
    needed += 2 * DUEL_PLATES_PER_ROUND * (DUEL_PLATE_ROUNDS - state->round);
  }
  return placed + needed <= DUEL_PLATES;
}

/* The chips: none made up, each seat's no more than it took, every face-down or revealed chip
   still takeable this round, and enough left unrevealed for this round and the rest (a reveal
   always finds one). */
static int chips_sound(const DuelState *state) {
  for (int chip = 0; chip < DUEL_CHIP_TYPES; chip++) {
    int out = state->chip_pool[chip] + state->seats[0].chips[chip] + state->seats[1].chips[chip];
    for (int at = 0; at < DUEL_SMALL_WORKSHOPS; at++) out += state->chip_at[at] == chip;
    if (out > DUEL_CHIPS_PER_TYPE) return 0;
  }
  int hidden = 0, untaken = 0, room = 0;
  for (int at = 0; at < DUEL_SMALL_WORKSHOPS; at++) {
    hidden += state->chip_at[at] == DUEL_CHIP_HIDDEN;
    untaken += state->chip_at[at] != DUEL_CHIP_TAKEN;
    if ((state->chip_due >> at) & 1u && state->chip_at[at] != DUEL_CHIP_HIDDEN) return 0;
  }
  /* until the suns are filled every chip lies face down, none due: the fill's end makes them due */
  if (state->fill_workshop < DUEL_WORKSHOPS && (hidden < DUEL_SMALL_WORKSHOPS || state->chip_due)) return 0;
  for (int seat = 0; seat < 2; seat++) {
    const DuelSeat *board = &state->seats[seat];
    int most = DUEL_CHIPS_PER_PLAYER * (state->round - 1) + board->chips_taken;
    if (sum_of(board->chips, DUEL_CHIP_TYPES) > most) return 0;
    room += DUEL_CHIPS_PER_PLAYER - board->chips_taken;
  }
  int later = DUEL_SMALL_WORKSHOPS * (DUEL_ROUNDS - state->round);
  return untaken <= room && sum_of(state->chip_pool, DUEL_CHIP_TYPES) >= hidden + later;
}

/* The workshops: the fill under way exactly while the round's fill is still to come or going
   on, and then the moons empty and the suns after the one being filled too; suns within their
   size, a small sun's moon empty until it is taken, the sun being filled with room for what it
   still needs, and, once the fill is over, every empty small workshop's chip revealed or due. */
static int workshops_sound(const DuelState *state) {
  int phase = state->phase, next = state->after_display;
  int to_fill = phase == DUEL_TABLETS_PHASE || phase == DUEL_FILL_PHASE ||
                (phase == DUEL_DISPLAY_PHASE && (next == DUEL_TABLETS_PHASE || next == DUEL_FILL_PHASE));
  if (to_fill != (state->fill_workshop < DUEL_WORKSHOPS)) return 0;
  if (to_fill && moon_colours(state)) return 0;
  for (int workshop = 0; workshop < DUEL_WORKSHOPS; workshop++) {
    int tiles = sum5(state->suns[workshop]);
    if (tiles > capacity(workshop) || (to_fill && workshop > state->fill_workshop && tiles)) return 0;
    if (workshop && tiles && state->moon_height[workshop - 1]) return 0;
    if (workshop == state->fill_workshop && tiles + state->fill_need > capacity(workshop)) return 0;
    int empty = workshop && !tiles && !state->moon_height[workshop - 1];
    if (empty && state->fill_workshop == DUEL_WORKSHOPS && state->chip_at[workshop - 1] == DUEL_CHIP_HIDDEN &&
        !((state->chip_due >> (workshop - 1)) & 1u)) {
      return 0;
    }
  }
  return 1;
}

/* The tiling step a seat waits on is one tiling.run would stop at. */
static int tiling_sound(const DuelState *state) {
  if (state->phase != DUEL_TILING_PHASE || state->current_player < 0) {
    return state->tile_stage == DUEL_EVALUATE && !state->stand_ins;
  }
  const DuelSeat *board = &state->seats[state->to_move];
  int line = state->tile_line, count = board->line_count[line], cells[DUEL_DOME_SIZE];
  int found = count ? targets(state, state->to_move, cells) : 0;
  if (state->tile_stage == DUEL_CHOOSE_CELL) return count == line + 1 && found >= 2 && state->stand_ins < count;
  return state->tile_stage == DUEL_CHOOSE_CHIPS && !state->stand_ins && count > 0 && count <= line && found &&
         can_pay(board->chips, board->line_colour[line], line + 1 - count);
}

/* A paid draw: only in phase A of a plate round; a hand only while drawing, at least the plate
   to keep once it is revealed, and two or more to put back (the last one goes by itself). */
static int draw_sound(const DuelState *state) {
  int stage = state->draw_stage, hand = state->hand_count, phase = state->phase;
  if (phase == DUEL_DRAWN_PHASE) return stage == 1 && state->stack_count > 0;
  if (!stage) return !hand;
  if (phase != DUEL_ACQUISITION_PHASE || state->round > DUEL_PLATE_ROUNDS) return 0;
  return hand >= stage;
}

static KashiStatus read_fields(void *opaque, const int64_t *fields, int count, char *error, size_t error_size) {
  DuelState *state = opaque;
  DuelRules *rules = &state->rules;
  KashiFieldReader reader = {fields, 0, NULL, error, error_size};
  memset(state, 0, sizeof *state);
  if (count != FIELD_COUNT) return kashi_malformed(&reader, "the wrong number of fields");
  state->current_player = (int8_t)kashi_field(&reader, "current player", KASHI_TERMINAL, 1);
  state->round = (int8_t)kashi_field(&reader, "round", 1, DUEL_ROUNDS);
  state->phase = (int8_t)kashi_field(&reader, "phase", DUEL_DISPLAY_PHASE, DUEL_OVER_PHASE);
  state->after_display = (int8_t)kashi_field(&reader, "after display", DUEL_TABLETS_PHASE, DUEL_ACQUISITION_PHASE);
  state->to_move = (int8_t)kashi_field(&reader, "to move", 0, 1);
  state->starter = (int8_t)kashi_field(&reader, "starter", 0, 1);
  state->start_holder = (int8_t)kashi_field(&reader, "start holder", 0, 1);
  state->start_taker = (int8_t)kashi_field(&reader, "start taker", -1, 1);
  state->start_on_moon = (uint8_t)kashi_field(&reader, "start on moon", 0, 1);
  state->sun_start = (uint8_t)kashi_field(&reader, "sun start", 0, 1);
  state->draw_stage = (uint8_t)kashi_field(&reader, "draw stage", 0, 2);
  state->fill_workshop = (uint8_t)kashi_field(&reader, "fill workshop", 0, DUEL_WORKSHOPS);
  state->fill_need = (uint8_t)kashi_field(&reader, "fill need", 0, DUEL_LARGE_SUN);
  state->opening_left = (uint8_t)kashi_field(&reader, "opening left", 0, 2);
  state->chip_due = (uint8_t)kashi_field(&reader, "chip due", 0, (1 << DUEL_SMALL_WORKSHOPS) - 1);
  state->tiling_turn = (uint8_t)kashi_field(&reader, "tiling turn", 0, 2);
  state->tile_line = (uint8_t)kashi_field(&reader, "tile line", 0, DUEL_LINES - 1);
  state->tile_stage = (uint8_t)kashi_field(&reader, "tile stage", DUEL_EVALUATE, DUEL_CHOOSE_CELL);
  state->stand_ins = (uint8_t)kashi_field(&reader, "stand-ins", 0, DUEL_LINES - 1);
  state->last_pass = (uint8_t)kashi_field(&reader, "last pass", 0, 1);
  rules->tablets = (uint8_t)kashi_field(&reader, "tablets", 3, DUEL_TABLETS);
  rules->draw_at_zero = (uint8_t)kashi_field(&reader, "draw at zero", 0, 1);
  rules->unused_chip_points = (uint8_t)kashi_field(&reader, "unused chip points", 0, 3);
  rules->free_pass = (uint8_t)kashi_field(&reader, "free pass", 0, 1);
  rules->pass_start_tile = (uint8_t)kashi_field(&reader, "untaken start tile", 0, 1);
  for (int tablet = 0; tablet < DUEL_TABLETS; tablet++) {
    state->tablets[tablet] = (int8_t)kashi_field(&reader, "tablet", -1, 2);
  }
  read_counts(&reader, "bag", state->bag, DUEL_COLOURS, DUEL_TILES_PER_COLOUR);
  read_counts(&reader, "tower", state->tower, DUEL_COLOURS, DUEL_TILES_PER_COLOUR);
  for (int workshop = 0; workshop < DUEL_WORKSHOPS; workshop++) {
    read_counts(&reader, "sun", state->suns[workshop], DUEL_COLOURS, DUEL_LARGE_SUN);
  }
  for (int at = 0; at < DUEL_SMALL_WORKSHOPS; at++) {
    state->moon_height[at] = read_list(&reader, "moon", state->moons[at], DUEL_MOON_HEIGHT, 0, DUEL_COLOURS - 1);
  }
  read_counts(&reader, "large moon", state->big_moon, DUEL_COLOURS, DUEL_TILES_PER_COLOUR);
  for (int at = 0; at < DUEL_SMALL_WORKSHOPS; at++) {
    state->chip_at[at] = (int8_t)kashi_field(&reader, "workshop chip", DUEL_CHIP_TAKEN, DUEL_CHIP_TYPES - 1);
  }
  read_counts(&reader, "unrevealed chips", state->chip_pool, DUEL_CHIP_TYPES, DUEL_CHIPS_PER_TYPE);
  state->display_count = read_list(&reader, "display", state->display, DUEL_DISPLAY_SIZE, 0, DUEL_PLATES - 1);
  state->stack_count = read_list(&reader, "stack", state->stack, DUEL_PLATES, -1, DUEL_PLATES - 1);
  for (int at = 0; at < DUEL_PLATES; at++) {
    state->stack_known[at] = (uint8_t)kashi_field(&reader, "stack knowledge", 0, at < state->stack_count ? 3 : 0);
  }
  state->hand_count = read_list(&reader, "hand", state->hand, DUEL_PLATES, -1, DUEL_PLATES - 1);
  for (int seat = 0; seat < 2; seat++) read_seat(&reader, &state->seats[seat]);
  if (reader.bad != NULL) return KASHI_MALFORMED;
  if (!plates_located(state)) return kashi_malformed(&reader, "a plate in two places, or the hidden plates miscounted");
  if (!domes_fit(state)) return kashi_malformed(&reader, "a tile on a dome cell that does not take it");
  for (int seat = 0; seat < 2; seat++) {
    if (sum5(state->seats[seat].broken) > DUEL_BROKEN_SPACES) {
      return kashi_malformed(&reader, "more than 4 broken tiles");
    }
  }
  if (!tiles_conserved(state)) return kashi_malformed(&reader, "a colour does not have its 13 tiles");
  if (!plates_suffice(state)) return kashi_malformed(&reader, "too few plates left for the rounds to come");
  if (!chips_sound(state)) return kashi_malformed(&reader, "the chips do not add up");
  if (!workshops_sound(state)) return kashi_malformed(&reader, "a workshop holds what it cannot");
  if (!tiling_sound(state)) return kashi_malformed(&reader, "no tiling choice waits here");
  if (!draw_sound(state)) return kashi_malformed(&reader, "a draw that could not be under way");
  if ((state->phase == DUEL_OPENING_PHASE || state->after_display == DUEL_OPENING_PHASE) && !state->opening_left) {
    return kashi_malformed(&reader, "an opening with no opening plate left");
  }
  /* The engine would wait here rather than go on by itself (facts._check): running its
     automatic steps changes nothing, and who acts is who they say. */
  DuelState probe;
  int64_t before[FIELD_COUNT], after[FIELD_COUNT];
  memcpy(&probe, state, sizeof probe);
  advance(&probe);
  write_fields(state, before);
  write_fields(&probe, after);
  if (memcmp(before, after, sizeof before) != 0) {
    return kashi_malformed(&reader, "nothing waits here: the engine would go on by itself");
  }
  return KASHI_OK;
}

/* ---- knowledge for search (heuristics.py) --------------------------------------------------- */

static const double PARTIAL_LINE = 0.5;
static const double WAITING_LINE = 0.25;
static const double POTENTIAL = 0.6;
static const double CHIP_VALUE = 0.75;
static const double START_TIE = 0.5;
static const int ROLLOUT_SAMPLES = 4;
static const double FITS = 2.0, COMPLETES = 4.0, CONNECTS = 2.0, MATCHES = 3.0, KEEP_WILD = 0.5;
static const double CHIP_TAKE_VALUE = 1.0, DRAW_VALUE = -1.0, PASS_VALUE = -5.0;

/* One seat's cell types and tiles, as scratch copies. */
typedef struct Scratch {
  int8_t cells[DUEL_CELLS];
  int8_t tiles[DUEL_CELLS];
} Scratch;

static Scratch scratch_of(const DuelSeat *board) {
  Scratch scratch;
  memcpy(scratch.cells, board->cells, sizeof scratch.cells);
  memcpy(scratch.tiles, board->tiles, sizeof scratch.tiles);
  return scratch;
}

/* What a tile of `colour` on the empty `cell` would score, the special tile it triggers
   included; the scratch is left as it was. */
static int tile_points(Scratch *scratch, int cell, int colour) {
  int across, down;
  runs(scratch->tiles, cell, &across, &down);
  int points = placement_points(across, down);
  scratch->tiles[cell] = (int8_t)colour;
  int special = completed_special(scratch->cells, scratch->tiles, cell);
  scratch->tiles[cell] = DUEL_EMPTY;
  return points + (special >= 0 ? special / DUEL_DOME_SIZE + 1 : 0);
}

typedef struct Projection {
  int gained;     /* points of this round's placements, laid on the scratch */
  double pending; /* credit for unfinished lines */
  int breaking;   /* tiles of lines that will be emptied into the broken area */
} Projection;

static Projection project(const DuelState *state, int seat, Scratch *scratch) {
  const DuelSeat *board = &state->seats[seat];
  Projection projected = {0, 0.0, 0};
  for (int line = 0; line < DUEL_LINES; line++) {
    int count = board->line_count[line];
    if (!count) continue;
    int colour = board->line_colour[line], cells[DUEL_DOME_SIZE];
    int found = legal_cells(scratch->cells, scratch->tiles, line, colour, cells);
    if (!found) {
      if (plate_row_full(board, line)) {
        projected.breaking += count;
      } else {
        projected.pending += WAITING_LINE * count / (line + 1);
      }
      continue;
    }
    int points = -1, best = -1;
    for (int at = 0; at < found; at++) { /* max((points, cell)): the last cell of the best points */
      int value = tile_points(scratch, cells[at], colour);
      if (value >= points) {
        points = value;
        best = cells[at];
      }
    }
    if (count == line + 1) {
      projected.gained += points;
      scratch->tiles[best] = (int8_t)colour;
      int special = completed_special(scratch->cells, scratch->tiles, best);
      if (special >= 0) scratch->tiles[special] = DUEL_SPECIAL;
    } else {
      projected.pending += PARTIAL_LINE * points * count / (line + 1);
    }
  }
  return projected;
}

static double share_squared(int filled, int size) {
  double share = (double)filled / size;
  return share * share;
}

/* An objective paying `points` per complete group: each group by its filled share squared. */
static double groups_potential(int points, const uint64_t *masks, int count, int size, uint64_t filled) {
  double total = 0.0;
  for (int at = 0; at < count; at++) total += share_squared(popcount(filled & masks[at]), size);
  return points * total;
}

/* What an objective would pay, scaled by how far along it is (heuristics.POTENTIALS). */
static double objective_potential(int tablet, int side, const Scratch *scratch, uint64_t filled) {
  uint64_t masks[DUEL_DOME_SIZE];
  switch (tablet * 2 + side - 1) {
    case 0:
      for (int row = 0; row < DUEL_DOME_SIZE; row++) masks[row] = row_mask(row);
      return groups_potential(3, masks, DUEL_DOME_SIZE, DUEL_DOME_SIZE, filled);
    case 1: {
      double total = 0.0;
      for (int row = 0; row < DUEL_DOME_SIZE; row++) {
        total += share_squared(smaller(5, row_colours(scratch->tiles, row)), 5);
      }
      return 4 * total;
    }
    case 2:
      for (int column = 0; column < DUEL_DOME_SIZE; column++) masks[column] = column_mask(column);
      return groups_potential(7, masks, DUEL_DOME_SIZE, DUEL_DOME_SIZE, filled);
    case 3:
      return popcount(filled & ring_mask());
    case 4:
      masks[0] = diagonal_mask(0);
      masks[1] = diagonal_mask(1);
      return groups_potential(10, masks, 2, DUEL_DOME_SIZE, filled);
    case 5: {
      uint64_t top[2] = {slot_mask(0), slot_mask(2)}, bottom[2] = {slot_mask(6), slot_mask(8)};
      return groups_potential(3, top, 2, DUEL_PLATE_CELLS, filled) +
             groups_potential(8, bottom, 2, DUEL_PLATE_CELLS, filled);
    }
    case 6: {
      uint64_t wilds = cells_of_kind(scratch->cells, DUEL_WILD);
      int done = popcount(filled & wilds);
      return wilds ? (double)(2 * done * done) / popcount(wilds) : 0.0;
    }
    default: { /* -3 per special cell left empty, less as the rest of its plate fills */
      double total = 0.0;
      for (int slot = 0; slot < DUEL_SLOTS; slot++) {
        for (int index = 0; index < DUEL_PLATE_CELLS; index++) {
          int cell = slot_cell(slot, index);
          if (scratch->cells[cell] == DUEL_SPECIAL && !((filled >> cell) & 1u)) {
            total -= 3 * (1 - share_squared(popcount(filled & slot_mask(slot)), 3));
          }
        }
      }
      return total;
    }
  }
}

static double potential(const DuelState *state, const Scratch *scratch) {
  uint64_t filled = filled_cells(scratch->tiles);
  double total = 0.0;
  for (int tablet = 0; tablet < DUEL_TABLETS; tablet++) {
    if (state->tablets[tablet] > 0) total += objective_potential(tablet, state->tablets[tablet], scratch, filled);
  }
  return total;
}

static int objectives(const DuelState *state, const Scratch *scratch) {
  int total = 0;
  for (int tablet = 0; tablet < DUEL_TABLETS; tablet++) {
    int side = state->tablets[tablet];
    if (side > 0) total += objective_points(tablet, side, scratch->cells, scratch->tiles);
  }
  return total;
}

/* This round's tiling played forward on a scratch dome, the penalties, held chips; the
   objectives exactly in the last round, as a potential before. */
static double seat_value(const DuelState *state, int seat) {
  const DuelSeat *board = &state->seats[seat];
  Scratch scratch = scratch_of(board);
  Projection projected = project(state, seat, &scratch);
  int broken = sum5(board->broken);
  int penalty = BROKEN_TOTAL[smaller(DUEL_BROKEN_SPACES, broken + projected.breaking)];
  int tiled = state->phase == DUEL_TILING_PHASE && (seat == state->starter ? 0 : 1) < state->tiling_turn;
  if (state->start_taker == seat && !tiled) penalty += START_TILE_PENALTY;
  int score = larger(0, board->score + projected.gained - penalty);
  double per_chip = state->rules.unused_chip_points > CHIP_VALUE ? state->rules.unused_chip_points : CHIP_VALUE;
  double chips = sum_of(board->chips, DUEL_CHIP_TYPES) * per_chip;
  double pending = projected.pending;
  if (state->round == DUEL_ROUNDS) {
    if (state->phase == DUEL_TILING_PHASE || acquisition_over(state)) pending = 0.0;
    return larger(0, score + objectives(state, &scratch)) + pending + chips;
  }
  return score + POTENTIAL * potential(state, &scratch) + pending + chips;
}

static void evaluate(const void *opaque, double *values) {
  const DuelState *state = opaque;
  for (int seat = 0; seat < 2; seat++) {
    if (state->phase == DUEL_OVER_PHASE) {
      values[seat] = state->seats[seat].score + START_TIE * (seat == state->start_holder);
    } else {
      values[seat] = seat_value(state, seat);
    }
  }
}

/* Tiles that fit the line (more when they complete it and its dome row has a cell for them),
   less the broken tiles it adds and the start tile it brings. */
static double take_value(const DuelState *state, int seat, int colour, int line, int taken, int start) {
  const DuelSeat *board = &state->seats[seat];
  double value = start && state->start_on_moon ? -(double)START_TILE_PENALTY : 0.0;
  int overflow = taken;
  if (line != DUEL_BROKEN) {
    int space = line + 1 - board->line_count[line];
    int fits = smaller(taken, space);
    if (has_legal_cell(board->cells, board->tiles, line, colour)) {
      value += FITS * fits + (fits == space ? COMPLETES : 0.0);
      overflow -= fits;
    } else if (!plate_row_full(board, line)) {
      value += FITS * fits * WAITING_LINE;
      overflow -= fits;
    }
  }
  int broken = sum5(board->broken);
  return value - BROKEN_TOTAL[smaller(DUEL_BROKEN_SPACES, broken + overflow)] + BROKEN_TOTAL[broken];
}

static int distance(int a, int b) { return a > b ? a - b : b - a; }

/* How many plates lie on the slots sharing a side with `slot` in the 3x3 dome. */
static int slot_neighbours_taken(const DuelSeat *board, int slot) {
  int taken = 0;
  for (int other = 0; other < DUEL_SLOTS; other++) {
    int apart = distance(other / 3, slot / 3) + distance(other % 3, slot % 3);
    taken += apart == 1 && board->slots[other] >= 0;
  }
  return taken;
}

/* Plates next to plates (tiles score by runs across them), and cells that give a pattern line
   whose dome row has no cell for it a place to go. */
static double plate_value(const DuelState *state, int seat, const DuelMove *move) {
  const DuelSeat *board = &state->seats[seat];
  double value = CONNECTS * slot_neighbours_taken(board, move->slot);
  int8_t kinds[DUEL_PLATE_CELLS];
  rotated(move->plate, move->rotation, kinds);
  for (int index = 0; index < DUEL_PLATE_CELLS; index++) {
    int line = slot_cell(move->slot, index) / DUEL_DOME_SIZE;
    int count = board->line_count[line], colour = board->line_colour[line];
    if (count && (kinds[index] == colour || kinds[index] == DUEL_WILD) &&
        !has_legal_cell(board->cells, board->tiles, line, colour)) {
      value += MATCHES * count / (line + 1);
    }
  }
  return value;
}

static double cell_value(const DuelState *state, int seat, int cell) {
  const DuelSeat *board = &state->seats[seat];
  Scratch scratch = scratch_of(board);
  int points = tile_points(&scratch, cell, board->line_colour[state->tile_line]);
  return points - (scratch.cells[cell] == DUEL_WILD ? KEEP_WILD : 0.0);
}

/* The best placement of the line being tiled, were it complete. */
static double best_cell_value(const DuelState *state, int seat) {
  const DuelSeat *board = &state->seats[seat];
  Scratch scratch = scratch_of(board);
  int colour = board->line_colour[state->tile_line], cells[DUEL_DOME_SIZE];
  int found = legal_cells(scratch.cells, scratch.tiles, state->tile_line, colour, cells);
  int best = 0;
  for (int at = 0; at < found; at++) {
    int points = tile_points(&scratch, cells[at], colour);
    if (!at || points > best) best = points;
  }
  return best;
}

static int small_moons_topped(const DuelState *state, int colour) {
  int count = 0;
  for (int at = 0; at < DUEL_SMALL_WORKSHOPS; at++) {
    count += state->moon_height[at] && state->moons[at][state->moon_height[at] - 1] == colour;
  }
  return count;
}

/* A cheap static value of an action for the seat to move, on the scale of points. */
static double quick_value(const DuelState *state, int action) {
  int seat = state->to_move;
  DuelMove move;
  decode(action, &move);
  switch (move.kind) {
    case MOVE_SUN:
      return take_value(state, seat, move.colour, move.line, state->suns[move.workshop][move.colour],
                        move.workshop == 0 && state->sun_start);
    case MOVE_MOON:
      return take_value(state, seat, move.colour, move.line,
                        state->big_moon[move.colour] + small_moons_topped(state, move.colour),
                        state->big_moon[move.colour] > 0);
    case MOVE_TAKE:
    case MOVE_KEEP:
      return plate_value(state, seat, &move);
    case MOVE_TILE:
      return cell_value(state, seat, move.cell);
    case MOVE_SPEND: {
      int spent = 0;
      for (int chip = 0; chip < DUEL_CHIP_TYPES; chip++) spent += move.counts[chip];
      return best_cell_value(state, seat) - CHIP_VALUE * spent;
    }
    case MOVE_CHIP:
      return CHIP_TAKE_VALUE;
    case MOVE_DRAW:
      return DRAW_VALUE;
    case MOVE_PASS:
      return PASS_VALUE;
    default:
      return 0.0;
  }
}

/* The best by quick_value of a few moves drawn as random_move draws them, the first of equals
   (AzulDuelState.best_random_move): a dome cell by Random.choice, any other move by one number. */
static int rollout_action(const void *opaque, KashiRng *rng) {
  const DuelState *state = opaque;
  int actions[KASHI_MAX_ACTIONS];
  int count = legal_actions(state, actions);
  if (!count) return DUEL_PASS;
  int by_choice = state->phase == DUEL_TILING_PHASE && state->tile_stage == DUEL_CHOOSE_CELL;
  int best = -1;
  double best_value = 0.0;
  for (int sample = 0; sample < ROLLOUT_SAMPLES; sample++) {
    int action = actions[by_choice ? below_by_bits(rng, count) : kashi_rng_below(rng, count)];
    double value = quick_value(state, action);
    if (best < 0 || value > best_value) {
      best = action;
      best_value = value;
    }
  }
  return best;
}

/* ---- results ----------------------------------------------------------------------------- */

static void scores(const void *opaque, int *out) {
  const DuelState *state = opaque;
  for (int seat = 0; seat < 2; seat++) out[seat] = state->seats[seat].score;
}

/* The higher score wins; the start tile's holder wins a tie. */
static unsigned winners(const void *opaque) {
  const DuelState *state = opaque;
  int first = state->seats[0].score, second = state->seats[1].score;
  if (first != second) return first > second ? 1u : 2u;
  return 1u << state->start_holder;
}

static int truncated(const void *state) {
  (void)state;
  return 0;
}

const KashiGame azul_duel_game = {
    .family = "azul-duel",
    .state_size = sizeof(DuelState),
    .read_fields = read_fields,
    .write_fields = write_fields,
    .num_players = num_players,
    .current_player = current_player,
    .num_actions = num_actions,
    .legal_actions = legal_actions,
    .is_legal = is_legal,
    .apply = apply,
    .apply_chance = apply_chance,
    .determinize = determinize,
    .evaluate = evaluate,
    .rollout_action = rollout_action,
    .scores = scores,
    .winners = winners,
    .truncated = truncated,
    .packed_width = NULL,
    .write_packed = NULL,
};
