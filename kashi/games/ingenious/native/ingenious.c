/*
** Ingenious in C (see ingenious.h). Each function follows the method of IngeniousState (or the
** function of hexgrid.py, scoring.py, heuristics.py) of the same name, so the two engines can be
** read side by side; the knowledge for search (evaluate, rollout_action) is at the end.
*/
#include "ingenious.h"

#include "../../../core/native/fields.h"

#include <string.h>

enum { BOARD_RADIUS = 7, BOARD_SIDE = 2 * BOARD_RADIUS + 1, SMALLEST_RADIUS = 5, AREA_SIZES = 3 };
enum { MOST_TURNS = 10000, MOST_DRAW_LINES = 100000, MOST_BONUS = 100, NO_CELL = -1 };
enum { FREE_RULE = 0, FIRST_ROUND = 1, FIRST_TILE = 2, MUST_TOUCH = 3 }; /* the contact rules */
enum { REJECTION_TRIES = 48, ROLLOUT_SAMPLES = 4, LOW_COLOURS = 3, USEFUL_TILES = 3 };

static const int DIRECTIONS[INGENIOUS_DIRECTIONS][2] = {{1, 0}, {1, -1}, {0, -1}, {-1, 0}, {-1, 1}, {0, 1}};
static const int START_CELLS[INGENIOUS_STARTS][2] = {{5, -5}, {5, 0}, {0, 5}, {-5, 5}, {-5, 0}, {0, -5}};

/* The two colours of each tile type, lower first; the copies of each in the game. */
static const int8_t PAIR_LOW[INGENIOUS_TYPES] = {0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 4, 4, 5};
static const int8_t PAIR_HIGH[INGENIOUS_TYPES] = {0, 1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 2, 3, 4, 5, 3, 4, 5, 4, 5, 5};
static const int8_t COPIES[INGENIOUS_TYPES] = {5, 6, 6, 6, 6, 6, 5, 6, 6, 6, 6, 5, 6, 6, 6, 5, 6, 6, 5, 6, 5};
/* The tile type of each action slot, and each type's first slot (actions.KIND_SLOTS). */
static const int8_t SLOT_KIND[INGENIOUS_SLOTS] = {1,  1,  2,  2,  3,  3,  4,  4,  5,  5,  7,  7,
                                                  8,  8,  9,  9,  10, 10, 12, 12, 13, 13, 14, 14,
                                                  16, 16, 17, 17, 19, 19, 0,  6,  11, 15, 18, 20};
static const int8_t KIND_SLOT[INGENIOUS_TYPES] = {30, 0, 2, 4, 6, 8, 31, 10, 12, 14, 16, 32, 18, 20, 22, 33, 24, 26, 34, 28, 35};

static const double WEIGHTS[INGENIOUS_COLOURS] = {1.0, 0.5, 0.25, 0.12, 0.06, 0.03};
static const double RANK_STEP = 100.0;
static const double EXTRA_PLACEMENT = 2.0;

/* ---- the board's geometry (hexgrid.py), built once when the first state is read --------------- */

typedef struct Area {
  int radius;
  int edges;
  uint8_t inside[INGENIOUS_CELLS];
  int16_t step[INGENIOUS_CELLS][INGENIOUS_DIRECTIONS]; /* the next cell inside the area that way, or -1 */
  uint8_t edge_a[INGENIOUS_MAX_EDGES];                 /* edges are pairs a < b */
  uint8_t edge_b[INGENIOUS_MAX_EDGES];
  int16_t incident[INGENIOUS_CELLS][INGENIOUS_DIRECTIONS]; /* the edges at each cell, by number */
  uint8_t incident_count[INGENIOUS_CELLS];
  uint8_t symbol_touch[INGENIOUS_CELLS]; /* per cell, bit i when it touches start symbol i */
  uint8_t star_touch[INGENIOUS_CELLS];   /* per cell, bit 0 when it touches the centre star */
} Area;

static int8_t CELL_Q[INGENIOUS_CELLS], CELL_R[INGENIOUS_CELLS];
static int16_t CELL_AT[BOARD_SIDE][BOARD_SIDE]; /* [r + 7][q + 7], -1 off the board */
static Area AREAS[AREA_SIZES];
static int geometry_built;

static int larger(int first, int second) { return first > second ? first : second; }

static int magnitude(int value) { return value < 0 ? -value : value; }

/* A cell's distance from the centre: max(|q|, |r|, |q + r|). */
static int distance(int q, int r) { return larger(larger(magnitude(q), magnitude(r)), magnitude(q + r)); }

static int cell_at(int q, int r) {
  if (q < -BOARD_RADIUS || q > BOARD_RADIUS || r < -BOARD_RADIUS || r > BOARD_RADIUS) return NO_CELL;
  return CELL_AT[r + BOARD_RADIUS][q + BOARD_RADIUS];
}

/* An area's steps, its edges numbered as hexgrid.area numbers them, and the cells touching the
   start symbols and the star. */
static void build_area(Area *area, int radius) {
  memset(area, 0, sizeof *area);
  area->radius = radius;
  for (int cell = 0; cell < INGENIOUS_CELLS; cell++) area->inside[cell] = distance(CELL_Q[cell], CELL_R[cell]) <= radius;
  for (int cell = 0; cell < INGENIOUS_CELLS; cell++) {
    for (int direction = 0; direction < INGENIOUS_DIRECTIONS; direction++) {
      int target = cell_at(CELL_Q[cell] + DIRECTIONS[direction][0], CELL_R[cell] + DIRECTIONS[direction][1]);
      int inside = area->inside[cell] && target != NO_CELL && area->inside[target];
      area->step[cell][direction] = (int16_t)(inside ? target : NO_CELL);
    }
  }
  for (int cell = 0; cell < INGENIOUS_CELLS; cell++) {
    for (int direction = 0; direction < INGENIOUS_DIRECTIONS; direction++) {
      int other = area->step[cell][direction];
      if (other == NO_CELL || other < cell) continue;
      int edge = area->edges++;
      area->edge_a[edge] = (uint8_t)cell;
      area->edge_b[edge] = (uint8_t)other;
      area->incident[cell][area->incident_count[cell]++] = (int16_t)edge;
      area->incident[other][area->incident_count[other]++] = (int16_t)edge;
    }
  }
  for (int bit = 0; bit < INGENIOUS_STARTS; bit++) {
    int start = cell_at(START_CELLS[bit][0], START_CELLS[bit][1]);
    for (int direction = 0; direction < INGENIOUS_DIRECTIONS; direction++) {
      int around = area->step[start][direction];
      if (around != NO_CELL) area->symbol_touch[around] |= (uint8_t)(1u << bit);
    }
  }
  int centre = cell_at(0, 0);
  for (int direction = 0; direction < INGENIOUS_DIRECTIONS; direction++) area->star_touch[area->step[centre][direction]] = 1;
}

/* Called by read_fields, which every state comes from, while Python holds its lock. */
static void build_geometry(void) {
  if (geometry_built) return;
  int cell = 0;
  for (int r = -BOARD_RADIUS; r <= BOARD_RADIUS; r++) {
    for (int q = -BOARD_RADIUS; q <= BOARD_RADIUS; q++) {
      int on_board = distance(q, r) <= BOARD_RADIUS;
      CELL_AT[r + BOARD_RADIUS][q + BOARD_RADIUS] = (int16_t)(on_board ? cell : NO_CELL);
      if (!on_board) continue;
      CELL_Q[cell] = (int8_t)q;
      CELL_R[cell] = (int8_t)r;
      cell++;
    }
  }
  for (int size = 0; size < AREA_SIZES; size++) build_area(&AREAS[size], SMALLEST_RADIUS + size);
  geometry_built = 1;
}

/* The play area by players: distance 5 for 1 or 2, 6 for 3, 7 for 4 (hexgrid.area_radius). */
static int area_radius(int players) { return players <= 2 ? 5 : players + 3; }

static const Area *area_of(const IngeniousState *state) { return &AREAS[state->radius - SMALLEST_RADIUS]; }

/* The direction from cell a to its neighbour b. */
static int direction_of(const Area *area, int a, int b) {
  for (int direction = 0; direction < INGENIOUS_DIRECTIONS; direction++) {
    if (area->step[a][direction] == b) return direction;
  }
  return NO_CELL;
}

static const uint8_t *touch_mask(const IngeniousState *state) {
  return state->rules.centre_star ? area_of(state)->star_touch : area_of(state)->symbol_touch;
}

/* ---- tiles, racks, tracks ---------------------------------------------------------------------- */

static int type_of(int first, int second) {
  int low = first < second ? first : second, high = first < second ? second : first;
  return low * INGENIOUS_COLOURS - low * (low - 1) / 2 + high - low;
}

static int is_double(int kind) { return PAIR_LOW[kind] == PAIR_HIGH[kind]; }

static int tile_mask(int kind) {
  return kind == INGENIOUS_HIDDEN ? 0 : (1 << PAIR_LOW[kind]) | (1 << PAIR_HIGH[kind]);
}

static void tiles_append(IngeniousTiles *tiles, int kind) {
  if (tiles->length < INGENIOUS_RACK_SIZE) tiles->kinds[tiles->length++] = (int8_t)kind;
}

/* list.remove: the first tile of that type. */
static void tiles_remove(IngeniousTiles *tiles, int kind) {
  for (int index = 0; index < tiles->length; index++) {
    if (tiles->kinds[index] != kind) continue;
    for (int later = index + 1; later < tiles->length; later++) tiles->kinds[later - 1] = tiles->kinds[later];
    tiles->kinds[--tiles->length] = -1;
    return;
  }
}

static int tiles_hold(const IngeniousTiles *tiles, int kind) {
  for (int index = 0; index < tiles->length; index++) {
    if (tiles->kinds[index] == kind) return 1;
  }
  return 0;
}

static void tiles_clear(IngeniousTiles *tiles) {
  tiles->length = 0;
  memset(tiles->kinds, -1, sizeof tiles->kinds);
}

static void tiles_sort(IngeniousTiles *tiles) {
  for (int index = 1; index < tiles->length; index++) {
    int8_t kind = tiles->kinds[index];
    int at = index;
    for (; at > 0 && tiles->kinds[at - 1] > kind; at--) tiles->kinds[at] = tiles->kinds[at - 1];
    tiles->kinds[at] = kind;
  }
}

static int board_of(const IngeniousState *state, int seat) { return state->rules.teams ? seat % 2 : seat; }

static int uses_bonus(const IngeniousState *state) { return !state->rules.global_lock; }

/* rules.marks: 18, and 36 too on the team and solo boards under the bonus rules. */
static int track_max(const IngeniousState *state) {
  return uses_bonus(state) && (state->rules.teams || state->rules.solo) ? 2 * INGENIOUS_GOAL : INGENIOUS_GOAL;
}

static int lowest(const uint8_t *track) {
  int low = track[0];
  for (int colour = 1; colour < INGENIOUS_COLOURS; colour++) low = track[colour] < low ? track[colour] : low;
  return low;
}

/* ---- actions ----------------------------------------------------------------------------------- */

static int num_actions(const void *opaque) { return INGENIOUS_SLOTS * area_of(opaque)->edges + 2; }

static int swap_action(const IngeniousState *state) { return num_actions(state) - 2; }

static int keep_action(const IngeniousState *state) { return num_actions(state) - 1; }

/* The placement of an edge's slot, as actions.placement_table lays it out. */
static IngeniousPlacement placement_of(const Area *area, int edge, int slot) {
  int kind = SLOT_KIND[slot];
  int a = area->edge_a[edge], b = area->edge_b[edge];
  int flipped = slot < INGENIOUS_DOUBLE_SLOTS && slot % 2;
  IngeniousPlacement move = {PAIR_LOW[kind], PAIR_HIGH[kind], (uint8_t)(flipped ? b : a), (uint8_t)(flipped ? a : b)};
  return move;
}

/* The action slots of the distinct tiles in a rack by type (a hidden rack has none). */
static int rack_slots(const IngeniousState *state, int seat, int *slots) {
  int count = 0;
  for (int kind = 0; kind < INGENIOUS_TYPES; kind++) {
    if (!tiles_hold(&state->racks[seat], kind)) continue;
    slots[count++] = KIND_SLOT[kind];
    if (!is_double(kind)) slots[count++] = KIND_SLOT[kind] + 1;
  }
  return count;
}

/* ---- reading the position ---------------------------------------------------------------------- */

static int num_players(const void *state) { return ((const IngeniousState *)state)->players; }

static int current_player(const void *state) { return ((const IngeniousState *)state)->current_player; }

static void scores(const void *opaque, int *out) {
  const IngeniousState *state = opaque;
  for (int seat = 0; seat < state->players; seat++) out[seat] = lowest(state->tracks[board_of(state, seat)]);
}

/* ---- contact rules ----------------------------------------------------------------------------- */

static int contact_rule(const IngeniousState *state) {
  if (!state->rules.centre_star) {
    if (state->turns < state->players) return FIRST_ROUND;
  } else if (!state->placed_count) {
    return FIRST_TILE;
  }
  return state->rules.must_touch ? MUST_TOUCH : FREE_RULE;
}

static int touches_a_tile(const IngeniousState *state, int cell) {
  const Area *area = area_of(state);
  for (int direction = 0; direction < INGENIOUS_DIRECTIONS; direction++) {
    int around = area->step[cell][direction];
    if (around != NO_CELL && state->board[around] != INGENIOUS_EMPTY) return 1;
  }
  return 0;
}

static int allows(const IngeniousState *state, int rule, int a, int b) {
  const uint8_t *touch = touch_mask(state);
  switch (rule) {
    case FIRST_ROUND:
      return ((touch[a] | touch[b]) & ~state->touched) != 0;
    case FIRST_TILE:
      return (touch[a] | touch[b]) != 0;
    case MUST_TOUCH:
      return touches_a_tile(state, a) || touches_a_tile(state, b);
    default:
      return 1;
  }
}

static int edge_allowed(const IngeniousState *state, int rule, int edge) {
  const Area *area = area_of(state);
  return state->free_position[edge] >= 0 && allows(state, rule, area->edge_a[edge], area->edge_b[edge]);
}

/* ---- decisions --------------------------------------------------------------------------------- */

static int legal_actions(const void *opaque, int *actions) {
  const IngeniousState *state = opaque;
  int seat = state->current_player;
  if (seat < 0) return 0;
  if (state->deciding) {
    actions[0] = swap_action(state);
    actions[1] = keep_action(state);
    return 2;
  }
  int slots[2 * INGENIOUS_RACK_SIZE];
  int slot_count = rack_slots(state, seat, slots);
  if (!slot_count) return 0;
  int rule = contact_rule(state);
  int count = 0;
  for (int edge = 0; edge < area_of(state)->edges; edge++) {
    if (!edge_allowed(state, rule, edge)) continue;
    for (int index = 0; index < slot_count; index++) actions[count++] = edge * INGENIOUS_SLOTS + slots[index];
  }
  return count;
}

static int is_legal(const void *opaque, int action) {
  const IngeniousState *state = opaque;
  int seat = state->current_player;
  if (seat < 0 || action < 0 || action >= num_actions(state)) return 0;
  int edge = action / INGENIOUS_SLOTS, slot = action % INGENIOUS_SLOTS;
  if (edge == area_of(state)->edges) return state->deciding;
  if (state->deciding || !tiles_hold(&state->racks[seat], SLOT_KIND[slot])) return 0;
  return edge_allowed(state, contact_rule(state), edge);
}

/* Drop the free pairs that use the cell: the last pair of the list fills each one's place. */
static void cover(IngeniousState *state, int cell) {
  const Area *area = area_of(state);
  for (int index = 0; index < area->incident_count[cell]; index++) {
    int edge = area->incident[cell][index];
    int position = state->free_position[edge];
    if (position < 0) continue;
    int last = state->free[--state->free_count];
    state->free[state->free_count] = -1;
    if (last != edge) {
      state->free[position] = (int16_t)last;
      state->free_position[last] = (int16_t)position;
    }
    state->free_position[edge] = -1;
  }
}

static void finish(IngeniousState *state, IngeniousEnding ending, int winner) {
  state->ended = (int8_t)ending;
  state->winner = (int8_t)winner;
  state->bonus = 0;
  state->current_player = KASHI_TERMINAL;
}

static void next_job(IngeniousState *state);

static void start_draws(IngeniousState *state, int seat, int count, int after) {
  IngeniousJob job = {(int8_t)seat, INGENIOUS_ACTIVE, (int8_t)count};
  state->jobs[0] = job;
  state->job_count = 1;
  state->after = (int8_t)after;
  next_job(state);
}

static void refill(IngeniousState *state, int seat) {
  start_draws(state, seat, INGENIOUS_RACK_SIZE - state->racks[seat].length, INGENIOUS_NEXT_TURN);
}

/* True when the rack shows none of the seat's lowest colour(s). */
static int may_swap(const IngeniousState *state, int seat) {
  const uint8_t *track = state->tracks[board_of(state, seat)];
  int low = lowest(track), colours = 0;
  for (int colour = 0; colour < INGENIOUS_COLOURS; colour++) colours |= (track[colour] == low) << colour;
  const IngeniousTiles *rack = &state->racks[seat];
  for (int index = 0; index < rack->length; index++) {
    if (tile_mask(rack->kinds[index]) & colours) return 0;
  }
  return 1;
}

/* Start the next bonus placement if one is due and possible, else end the placements. */
static void continue_placing(IngeniousState *state, int seat) {
  if (state->bonus) {
    if (state->racks[seat].length) {
      state->current_player = (int8_t)seat;
      return;
    }
    if (state->rules.empty_rack_refill && state->bag_size) {
      start_draws(state, seat, INGENIOUS_RACK_SIZE, INGENIOUS_RESUME);
      return;
    }
    state->bonus = 0;
  }
  if (uses_bonus(state) && state->racks[seat].length && state->bag_size && may_swap(state, seat)) {
    state->deciding = 1;
    state->current_player = (int8_t)seat;
  } else {
    refill(state, seat);
  }
}

/* Give the turn to the first seat from seat holding a tile; none left ends the game. */
static void begin_turn(IngeniousState *state, int seat) {
  for (int step = 0; step < state->players; step++) {
    int candidate = (seat + step) % state->players;
    if (state->racks[candidate].length) {
      state->turn = state->current_player = (int8_t)candidate;
      return;
    }
  }
  finish(state, INGENIOUS_BY_RULES, -1);
}

static void end_turn(IngeniousState *state) {
  int seat = state->turn;
  if (!state->racks[seat].length && state->reserves[seat].length) {
    state->racks[seat] = state->reserves[seat];
    tiles_clear(&state->reserves[seat]);
  }
  state->turns++;
  if (state->rules.end_bag && state->players >= 3 && !state->bag_size) {
    finish(state, INGENIOUS_BY_RULES, -1);
  } else {
    begin_turn(state, (seat + 1) % state->players);
  }
}

/* The next job with tiles to draw while the bag has any; else the set-aside tiles go back to the
   bag and what the draws were for follows. */
static void next_job(IngeniousState *state) {
  while (state->job_count > 0 && state->bag_size) {
    IngeniousJob job = state->jobs[0];
    memmove(state->jobs, state->jobs + 1, sizeof(IngeniousJob) * (size_t)(state->job_count - 1));
    memset(&state->jobs[--state->job_count], -1, sizeof(IngeniousJob));
    if (job.count > 0) {
      state->draw_seat = job.seat;
      state->draw_target = job.target;
      state->draw_left = job.count;
      state->draw_line++;
      state->current_player = KASHI_CHANCE;
      return;
    }
  }
  memset(state->jobs, -1, sizeof state->jobs);
  state->job_count = 0;
  state->draw_left = 0;
  if (state->aside.length) {
    for (int index = 0; index < state->aside.length; index++) {
      if (state->aside.kinds[index] != INGENIOUS_HIDDEN) state->bag[state->aside.kinds[index]]++;
    }
    state->bag_size = (int16_t)(state->bag_size + state->aside.length);
    tiles_clear(&state->aside);
  }
  if (state->after == INGENIOUS_RESUME) {
    continue_placing(state, state->turn);
  } else if (state->after == INGENIOUS_FIRST_TURN) {
    begin_turn(state, state->turn);
  } else {
    end_turn(state);
  }
}

/* ---- scoring (scoring.py) ---------------------------------------------------------------------- */

/* The cells of colour seen from cell along each direction but skip, summed over the runs. */
static int ray_runs(const IngeniousState *state, int cell, int colour, int skip) {
  const Area *area = area_of(state);
  int total = 0;
  for (int direction = 0; direction < INGENIOUS_DIRECTIONS; direction++) {
    if (direction == skip) continue;
    for (int other = area->step[cell][direction]; other != NO_CELL && state->board[other] == colour;
         other = area->step[other][direction]) {
      total++;
    }
  }
  return total;
}

/* Cells in the connected same-colour group holding the seeds (one or two cells of one colour). */
static int group_size(const IngeniousState *state, const uint8_t *board, int first_seed, int second_seed) {
  const Area *area = area_of(state);
  uint8_t seen[INGENIOUS_CELLS] = {0};
  int frontier[INGENIOUS_CELLS];
  int colour = board[first_seed], waiting = 0, size = 0;
  int seeds[2] = {first_seed, second_seed};
  for (int index = 0; index < 2; index++) {
    if (seeds[index] == NO_CELL || seen[seeds[index]]) continue;
    seen[seeds[index]] = 1;
    frontier[waiting++] = seeds[index];
    size++;
  }
  while (waiting) {
    int cell = frontier[--waiting];
    for (int direction = 0; direction < INGENIOUS_DIRECTIONS; direction++) {
      int other = area->step[cell][direction];
      if (other == NO_CELL || seen[other] || board[other] != colour) continue;
      seen[other] = 1;
      frontier[waiting++] = other;
      size++;
    }
  }
  return size;
}

/* The first mark above the track, or the last mark: where a track stops rising (bonus rules). */
static int next_mark(const IngeniousState *state, int before) {
  return before < INGENIOUS_GOAL ? INGENIOUS_GOAL : track_max(state);
}

/* Add awarded points to a track, stopping at the next mark (bonus) or at 18 (lock). */
static void score(IngeniousState *state, uint8_t *track, int colour, int awarded) {
  if (!awarded) return;
  int before = track[colour], after;
  if (uses_bonus(state)) {
    int mark = next_mark(state, before);
    after = before + awarded < mark ? before + awarded : mark;
    if (after == mark && mark > before) state->bonus++;
  } else {
    int was_locked = (state->locked >> colour) & 1;
    after = was_locked ? before : (before + awarded < INGENIOUS_GOAL ? before + awarded : INGENIOUS_GOAL);
    if (after == INGENIOUS_GOAL && INGENIOUS_GOAL > before) state->locked |= (uint8_t)(1u << colour);
  }
  track[colour] = (uint8_t)after;
}

static void place(IngeniousState *state, int seat, IngeniousPlacement move) {
  const Area *area = area_of(state);
  int first = move.first, second = move.second, a = move.a, b = move.b;
  state->board[a] = (uint8_t)first;
  state->board[b] = (uint8_t)second;
  cover(state, a);
  cover(state, b);
  tiles_remove(&state->racks[seat], type_of(first, second));
  state->placed[state->placed_count++] = move;
  if (!state->rules.centre_star && state->turns < state->players) {
    state->touched |= (uint8_t)(touch_mask(state)[a] | touch_mask(state)[b]);
  }
  int board = board_of(state, seat);
  uint8_t *track = state->tracks[board];
  if (!state->rules.group_scoring) {
    int toward = direction_of(area, a, b);
    int from_a = ray_runs(state, a, first, toward);
    int from_b = ray_runs(state, b, second, (toward + 3) % INGENIOUS_DIRECTIONS);
    if (first == second) {
      score(state, track, first, from_a + from_b);
    } else {
      score(state, track, first, from_a);
      score(state, track, second, from_b);
    }
  } else if (first == second) {
    score(state, track, first, group_size(state, state->board, a, b));
  } else {
    score(state, track, first, group_size(state, state->board, a, NO_CELL));
    score(state, track, second, group_size(state, state->board, b, NO_CELL));
  }
  if (uses_bonus(state) && lowest(track) == track_max(state)) {
    finish(state, INGENIOUS_INSTANT_WIN, board);
  } else if (!state->free_count) {
    finish(state, INGENIOUS_BY_RULES, -1);
  } else {
    continue_placing(state, seat);
  }
}

static KashiStatus apply(void *opaque, int action) {
  IngeniousState *state = opaque;
  if (!is_legal(state, action)) return KASHI_ILLEGAL;
  int seat = state->current_player;
  IngeniousTiles *rack = &state->racks[seat];
  if (action == swap_action(state)) {
    state->revealed[seat] = *rack;
    tiles_sort(&state->revealed[seat]);
    state->aside = *rack;
    tiles_clear(rack);
    state->deciding = 0;
    start_draws(state, seat, INGENIOUS_RACK_SIZE, INGENIOUS_NEXT_TURN);
  } else if (action == keep_action(state)) {
    state->deciding = 0;
    refill(state, seat);
  } else {
    if (state->bonus) state->bonus--; /* this placement is one of the bonuses owed */
    place(state, seat, placement_of(area_of(state), action / INGENIOUS_SLOTS, action % INGENIOUS_SLOTS));
  }
  return KASHI_OK;
}

/* ---- chance: drawing tiles --------------------------------------------------------------------- */

static int bag_total(const IngeniousState *state) {
  int total = 0;
  for (int kind = 0; kind < INGENIOUS_TYPES; kind++) total += state->bag[kind];
  return total;
}

/* A view draws from every tile it cannot see; a full state from the bag. */
static int pool_size(const IngeniousState *state) { return state->hidden ? bag_total(state) : state->bag_size; }

static int sample_chance(const IngeniousState *state, KashiRng *rng) {
  int pick = kashi_rng_below(rng, pool_size(state));
  for (int kind = 0; kind < INGENIOUS_TYPES; kind++) {
    pick -= state->bag[kind];
    if (pick < 0) return kind;
  }
  return INGENIOUS_TYPES - 1; /* unreachable: the pick is below the pool size */
}

/* One tile into the rack being filled (a placeholder where the view hides that seat's racks). */
static void draw(IngeniousState *state, int kind) {
  int seat = state->draw_seat;
  if ((state->hidden >> seat) & 1) {
    kind = INGENIOUS_HIDDEN;
  } else {
    state->bag[kind]--;
  }
  state->bag_size--;
  tiles_append(state->draw_target == INGENIOUS_ACTIVE ? &state->racks[seat] : &state->reserves[seat], kind);
  state->draw_left--;
  if (!state->draw_left || !state->bag_size) next_job(state);
}

static void apply_chance(void *opaque, KashiRng *rng) {
  IngeniousState *state = opaque;
  if (state->current_player != KASHI_CHANCE) return;
  draw(state, sample_chance(state, rng));
}

/* random._randbelow through SplitMix64.getrandbits: k-bit draws until one is below n. */
static int random_below(KashiRng *rng, int n) {
  int bits = 0;
  while ((n >> bits) != 0) bits++;
  uint64_t mask = (UINT64_C(1) << bits) - 1;
  uint64_t value = kashi_rng_next(rng) & mask;
  while (value >= (uint64_t)n) value = kashi_rng_next(rng) & mask;
  return (int)value;
}

/* Hidden racks filled at random from the unseen tiles, as random.shuffle and list.pop fill them;
   the rest of them is the bag. */
static void determinize(void *opaque, KashiRng *rng) {
  IngeniousState *state = opaque;
  if (!state->hidden) return;
  int8_t pool[INGENIOUS_TOTAL_TILES];
  int count = 0;
  for (int kind = 0; kind < INGENIOUS_TYPES; kind++) {
    for (int copy = 0; copy < state->bag[kind] && count < INGENIOUS_TOTAL_TILES; copy++) pool[count++] = (int8_t)kind;
  }
  for (int index = count - 1; index > 0; index--) {
    int other = random_below(rng, index + 1);
    int8_t held = pool[index];
    pool[index] = pool[other];
    pool[other] = held;
  }
  IngeniousTiles *const racks[2] = {state->racks, state->reserves};
  for (int part = 0; part < 2; part++) {
    for (int seat = 0; seat < state->players; seat++) {
      if (!((state->hidden >> seat) & 1)) continue;
      IngeniousTiles *rack = &racks[part][seat];
      for (int index = 0; index < rack->length; index++) rack->kinds[index] = count ? pool[--count] : INGENIOUS_HIDDEN;
    }
  }
  memset(state->bag, 0, sizeof state->bag);
  for (int index = 0; index < count; index++) state->bag[pool[index]]++;
  state->hidden = 0;
}

/* ---- fields ------------------------------------------------------------------------------------ */

enum { BAG_FIELDS = INGENIOUS_TYPES, JOB_FIELDS = 1 + 3 * INGENIOUS_MAX_JOBS };

/* Every field but the placements, which follow with 4 each. */
static int fixed_fields(int players, int boards) {
  return INGENIOUS_HEADER_FIELDS + BAG_FIELDS + JOB_FIELDS + INGENIOUS_LIST_FIELDS + INGENIOUS_COLOURS * boards +
         3 * INGENIOUS_LIST_FIELDS * players + 1;
}

static int write_tiles(const IngeniousTiles *tiles, int64_t *out) {
  out[0] = tiles->length;
  for (int index = 0; index < INGENIOUS_RACK_SIZE; index++) out[1 + index] = index < tiles->length ? tiles->kinds[index] : -1;
  return INGENIOUS_LIST_FIELDS;
}

static int write_fields(const void *opaque, int64_t *out) {
  const IngeniousState *state = opaque;
  const IngeniousRules *rules = &state->rules;
  int64_t header[INGENIOUS_HEADER_FIELDS] = {
      state->players,       state->current_player, state->turn,           state->turns,
      state->touched,       state->bonus,          state->deciding,       state->draw_seat,
      state->draw_target,   state->draw_left,      state->draw_line,      state->after,
      state->hidden,        state->bag_size,       rules->teams,          rules->solo,
      rules->centre_star,   rules->must_touch,     rules->group_scoring,  rules->global_lock,
      rules->reserve_hand,  rules->stuck_discard,  rules->end_bag,        rules->tiebreak_total,
      rules->empty_rack_refill, rules->complete_tie_draw,
  };
  for (int start = 0; start < INGENIOUS_STARTS; start++) header[26 + start] = rules->start_colours[start];
  int count = INGENIOUS_HEADER_FIELDS;
  memcpy(out, header, sizeof header);
  for (int kind = 0; kind < INGENIOUS_TYPES; kind++) out[count++] = state->bag[kind];
  out[count++] = state->job_count;
  for (int index = 0; index < INGENIOUS_MAX_JOBS; index++) {
    int used = index < state->job_count;
    out[count++] = used ? state->jobs[index].seat : -1;
    out[count++] = used ? state->jobs[index].target : -1;
    out[count++] = used ? state->jobs[index].count : -1;
  }
  count += write_tiles(&state->aside, out + count);
  for (int board = 0; board < state->boards; board++) {
    for (int colour = 0; colour < INGENIOUS_COLOURS; colour++) out[count++] = state->tracks[board][colour];
  }
  for (int seat = 0; seat < state->players; seat++) {
    count += write_tiles(&state->racks[seat], out + count);
    count += write_tiles(&state->reserves[seat], out + count);
    count += write_tiles(&state->revealed[seat], out + count);
  }
  out[count++] = state->placed_count;
  for (int index = 0; index < state->placed_count; index++) {
    const IngeniousPlacement *move = &state->placed[index];
    out[count++] = move->first;
    out[count++] = move->second;
    out[count++] = move->a;
    out[count++] = move->b;
  }
  return count;
}

static void read_tiles(KashiFieldReader *reader, const char *name, int most, IngeniousTiles *tiles) {
  tiles->length = (uint8_t)kashi_field(reader, name, 0, most);
  for (int index = 0; index < INGENIOUS_RACK_SIZE; index++) {
    int used = index < tiles->length;
    tiles->kinds[index] = (int8_t)kashi_field(reader, name, used ? 0 : -1, used ? INGENIOUS_HIDDEN : -1);
  }
}

static void read_rules(KashiFieldReader *reader, IngeniousRules *rules) {
  uint8_t *const flags[] = {&rules->teams,         &rules->solo,          &rules->centre_star,      &rules->must_touch,
                            &rules->group_scoring, &rules->global_lock,   &rules->reserve_hand,     &rules->stuck_discard,
                            &rules->end_bag,       &rules->tiebreak_total, &rules->empty_rack_refill, &rules->complete_tie_draw};
  for (size_t index = 0; index < sizeof flags / sizeof flags[0]; index++) *flags[index] = (uint8_t)kashi_field(reader, "a rule", 0, 1);
  int seen = 0;
  for (int start = 0; start < INGENIOUS_STARTS; start++) {
    int colour = rules->start_colours[start] = (int8_t)kashi_field(reader, "start colour", 0, INGENIOUS_COLOURS - 1);
    if ((seen >> colour) & 1) kashi_reject(reader, "the start colours are not a permutation of the six");
    seen |= 1 << colour;
  }
}

/* The empty board of the area with its start symbols (or star), and every pair free. */
static void blank_board(IngeniousState *state) {
  const Area *area = area_of(state);
  for (int cell = 0; cell < INGENIOUS_CELLS; cell++) state->board[cell] = area->inside[cell] ? INGENIOUS_EMPTY : INGENIOUS_OUTSIDE;
  state->free_count = (int16_t)area->edges;
  for (int edge = 0; edge < INGENIOUS_MAX_EDGES; edge++) {
    int used = edge < area->edges;
    state->free[edge] = (int16_t)(used ? edge : -1);
    state->free_position[edge] = (int16_t)(used ? edge : -1);
  }
  if (state->rules.centre_star) {
    state->board[cell_at(0, 0)] = INGENIOUS_STAR;
    cover(state, cell_at(0, 0));
    return;
  }
  for (int start = 0; start < INGENIOUS_STARTS; start++) {
    int cell = cell_at(START_CELLS[start][0], START_CELLS[start][1]);
    state->board[cell] = (uint8_t)state->rules.start_colours[start];
    cover(state, cell);
  }
}

/* The placements in the order laid, each canonical on two adjacent empty cells of the area. */
static void read_placements(KashiFieldReader *reader, IngeniousState *state) {
  const Area *area = area_of(state);
  for (int index = 0; index < state->placed_count; index++) {
    IngeniousPlacement move;
    move.first = (int8_t)kashi_field(reader, "placed colour", 0, INGENIOUS_COLOURS - 1);
    move.second = (int8_t)kashi_field(reader, "placed colour", 0, INGENIOUS_COLOURS - 1);
    move.a = (uint8_t)kashi_field(reader, "placed cell", 0, INGENIOUS_CELLS - 1);
    move.b = (uint8_t)kashi_field(reader, "placed cell", 0, INGENIOUS_CELLS - 1);
    const char *why = NULL;
    if (direction_of(area, move.a, move.b) == NO_CELL) {
      why = "a tile is not on two adjacent cells of the area";
    } else if (move.first > move.second || (move.first == move.second && move.a > move.b)) {
      why = "a tile is not written the canonical way";
    } else if (state->board[move.a] != INGENIOUS_EMPTY || state->board[move.b] != INGENIOUS_EMPTY) {
      why = "a tile covers a cell that is not empty";
    }
    if (why != NULL) kashi_reject(reader, why);
    if (reader->bad != NULL) return;
    state->board[move.a] = (uint8_t)move.first;
    state->board[move.b] = (uint8_t)move.second;
    cover(state, move.a);
    cover(state, move.b);
    state->placed[index] = move;
  }
}

/* Every tile type's copies are somewhere: the bag, racks, set-aside tiles, the board; and the bag
   holds as many more than its count as the view hides. */
static int tiles_conserved(const IngeniousState *state) {
  int counts[INGENIOUS_TYPES + 1];
  for (int kind = 0; kind < INGENIOUS_TYPES; kind++) counts[kind] = state->bag[kind];
  counts[INGENIOUS_HIDDEN] = 0;
  for (int seat = 0; seat < state->players; seat++) {
    const IngeniousTiles *both[2] = {&state->racks[seat], &state->reserves[seat]};
    for (int part = 0; part < 2; part++) {
      for (int index = 0; index < both[part]->length; index++) counts[both[part]->kinds[index]]++;
    }
  }
  for (int index = 0; index < state->aside.length; index++) counts[state->aside.kinds[index]]++;
  for (int index = 0; index < state->placed_count; index++) counts[type_of(state->placed[index].first, state->placed[index].second)]++;
  for (int kind = 0; kind < INGENIOUS_TYPES; kind++) {
    if (counts[kind] != COPIES[kind]) return 0;
  }
  return bag_total(state) == state->bag_size + counts[INGENIOUS_HIDDEN];
}

/* A hidden seat's racks hold placeholders only, a shown seat's none; a reserve only by the rules. */
static int racks_fit_view(const IngeniousState *state) {
  for (int seat = 0; seat < state->players; seat++) {
    int hides = (state->hidden >> seat) & 1;
    const IngeniousTiles *both[2] = {&state->racks[seat], &state->reserves[seat]};
    for (int part = 0; part < 2; part++) {
      for (int index = 0; index < both[part]->length; index++) {
        if ((both[part]->kinds[index] == INGENIOUS_HIDDEN) != hides) return 0;
      }
    }
  }
  return 1;
}

/* No rack is filled past 6 by the draws due: the one under way and the jobs waiting. */
static int draws_fit(const IngeniousState *state) {
  int due[INGENIOUS_MAX_PLAYERS][2] = {{0}};
  if (state->current_player == KASHI_CHANCE) due[state->draw_seat][state->draw_target] += state->draw_left;
  for (int index = 0; index < state->job_count; index++) {
    const IngeniousJob *job = &state->jobs[index];
    due[job->seat][job->target] += job->count;
  }
  for (int seat = 0; seat < state->players; seat++) {
    if (state->racks[seat].length + due[seat][INGENIOUS_ACTIVE] > INGENIOUS_RACK_SIZE) return 0;
    if (state->reserves[seat].length + due[seat][INGENIOUS_RESERVE] > INGENIOUS_RACK_SIZE) return 0;
  }
  return 1;
}

/* What build() in facts.py works out again: locked colours and the end's result. */
static void derive(IngeniousState *state) {
  state->locked = 0;
  if (!uses_bonus(state)) {
    for (int board = 0; board < state->boards; board++) {
      for (int colour = 0; colour < INGENIOUS_COLOURS; colour++) {
        if (state->tracks[board][colour] == INGENIOUS_GOAL) state->locked |= (uint8_t)(1u << colour);
      }
    }
  }
  state->ended = INGENIOUS_PLAYING;
  state->winner = -1;
  if (state->current_player != KASHI_TERMINAL) return;
  state->ended = INGENIOUS_BY_RULES;
  for (int board = 0; board < state->boards && uses_bonus(state); board++) {
    if (lowest(state->tracks[board]) == track_max(state)) {
      state->ended = INGENIOUS_INSTANT_WIN;
      state->winner = (int8_t)board;
      break;
    }
  }
}

/* The checks across fields of invariants.py and facts.py, and those that keep the engine's
   arrays in range and its games finite. */
static KashiStatus check_position(KashiFieldReader *reader, const IngeniousState *state) {
  int player = state->current_player;
  if (!racks_fit_view(state)) return kashi_malformed(reader, "a seat's racks are neither all shown nor all hidden");
  for (int seat = 0; seat < state->players; seat++) {
    if (state->reserves[seat].length && !state->reserve) return kashi_malformed(reader, "a reserve rack under rules without one");
  }
  if (!tiles_conserved(state)) return kashi_malformed(reader, "tiles are not conserved: bag, racks, set-aside tiles and board");
  if (!draws_fit(state)) return kashi_malformed(reader, "the draws due overfill a rack");
  if (player == KASHI_CHANCE && !(state->draw_left > 0 && state->bag_size > 0)) {
    return kashi_malformed(reader, "draws are due with nothing to draw");
  }
  if (player >= 0 && player != state->turn) return kashi_malformed(reader, "the seat to move is not the seat whose turn it is");
  if (player >= 0 && !state->deciding && !state->racks[player].length) return kashi_malformed(reader, "the seat to place has no tile");
  if (player >= 0 && !state->deciding && !state->free_count) return kashi_malformed(reader, "a seat is to place on a full board");
  if (state->deciding && player < 0) return kashi_malformed(reader, "swap or keep is asked while no seat is to move");
  if (state->bonus && (!uses_bonus(state) || player == KASHI_TERMINAL || state->deciding)) {
    return kashi_malformed(reader, "bonus placements are owed where none can be");
  }
  if ((state->job_count || state->aside.length) && player != KASHI_CHANCE) {
    return kashi_malformed(reader, "draws wait while no draw is due");
  }
  if (player == KASHI_CHANCE && state->after != INGENIOUS_FIRST_TURN && state->draw_seat != state->turn) {
    return kashi_malformed(reader, "a seat draws out of its turn");
  }
  if (state->rules.centre_star && state->touched) return kashi_malformed(reader, "start symbols touched around a centre star");
  if (state->placed_count < state->turns ||
      (state->turns < state->players && state->placed_count > state->turns + 1)) {
    return kashi_malformed(reader, "the turns played do not fit the tiles placed");
  }
  return KASHI_OK;
}

static KashiStatus read_fields(void *opaque, const int64_t *fields, int count, char *error, size_t error_size) {
  IngeniousState *state = opaque;
  KashiFieldReader reader = {fields, 0, NULL, error, error_size};
  build_geometry();
  memset(state, 0, sizeof *state);
  if (count < INGENIOUS_HEADER_FIELDS) return kashi_malformed(&reader, "fewer fields than the header");
  int players = state->players = (int8_t)kashi_field(&reader, "players", 1, INGENIOUS_MAX_PLAYERS);
  state->current_player = (int8_t)kashi_field(&reader, "current player", KASHI_TERMINAL, players - 1);
  state->turn = (int8_t)kashi_field(&reader, "turn", 0, players - 1);
  state->turns = kashi_field(&reader, "turns", 0, MOST_TURNS);
  state->touched = (uint8_t)kashi_field(&reader, "touched", 0, (1 << INGENIOUS_STARTS) - 1);
  state->bonus = (int16_t)kashi_field(&reader, "bonus", 0, MOST_BONUS);
  state->deciding = (uint8_t)kashi_field(&reader, "deciding", 0, 1);
  state->draw_seat = (int8_t)kashi_field(&reader, "draw seat", 0, players - 1);
  state->draw_target = (int8_t)kashi_field(&reader, "draw rack", INGENIOUS_ACTIVE, INGENIOUS_RESERVE);
  state->draw_left = (int8_t)kashi_field(&reader, "draws left", 0, INGENIOUS_RACK_SIZE);
  state->draw_line = kashi_field(&reader, "draw lines", 0, MOST_DRAW_LINES);
  state->after = (int8_t)kashi_field(&reader, "after", INGENIOUS_NEXT_TURN, INGENIOUS_FIRST_TURN);
  state->hidden = (uint8_t)kashi_field(&reader, "hidden", 0, (1 << players) - 1);
  state->bag_size = (int16_t)kashi_field(&reader, "bag size", 0, INGENIOUS_TOTAL_TILES);
  read_rules(&reader, &state->rules);
  if (reader.bad != NULL) return KASHI_MALFORMED;
  if (state->rules.solo != (players == 1)) return kashi_malformed(&reader, "the solo game is the 1-player game");
  if (state->rules.teams && players != 4) return kashi_malformed(&reader, "teams play with 4 players");
  state->radius = (int8_t)area_radius(players);
  state->boards = (int8_t)(state->rules.teams ? 2 : players);
  state->reserve = state->rules.reserve_hand && players == 2;
  if (state->draw_target == INGENIOUS_RESERVE && !state->reserve) return kashi_malformed(&reader, "a draw into a reserve rack");
  int fixed = fixed_fields(players, state->boards);
  if (count < fixed) return kashi_malformed(&reader, "too few fields for the players");
  reader.next = fixed - 1;
  state->placed_count = (uint8_t)kashi_field(&reader, "tiles placed", 0, INGENIOUS_MAX_PLACED);
  if (reader.bad != NULL) return KASHI_MALFORMED;
  if (count != fixed + 4 * state->placed_count) return kashi_malformed(&reader, "the wrong number of fields for the tiles placed");
  reader.next = INGENIOUS_HEADER_FIELDS;
  for (int kind = 0; kind < INGENIOUS_TYPES; kind++) state->bag[kind] = (uint8_t)kashi_field(&reader, "bag", 0, COPIES[kind]);
  state->job_count = (int8_t)kashi_field(&reader, "jobs", 0, INGENIOUS_MAX_JOBS);
  for (int index = 0; index < INGENIOUS_MAX_JOBS; index++) {
    int used = index < state->job_count;
    IngeniousJob *job = &state->jobs[index];
    job->seat = (int8_t)kashi_field(&reader, "job seat", used ? 0 : -1, used ? players - 1 : -1);
    job->target = (int8_t)kashi_field(&reader, "job rack", used ? 0 : -1, used ? state->reserve : -1);
    job->count = (int8_t)kashi_field(&reader, "job count", used ? 0 : -1, used ? INGENIOUS_RACK_SIZE : -1);
  }
  read_tiles(&reader, "set-aside tiles", INGENIOUS_RACK_SIZE, &state->aside);
  for (int board = 0; board < state->boards; board++) {
    for (int colour = 0; colour < INGENIOUS_COLOURS; colour++) {
      state->tracks[board][colour] = (uint8_t)kashi_field(&reader, "track", 0, track_max(state));
    }
  }
  for (int seat = 0; seat < players; seat++) {
    read_tiles(&reader, "rack", INGENIOUS_RACK_SIZE, &state->racks[seat]);
    read_tiles(&reader, "reserve", INGENIOUS_RACK_SIZE, &state->reserves[seat]);
    read_tiles(&reader, "shown rack", INGENIOUS_RACK_SIZE, &state->revealed[seat]);
  }
  reader.next++; /* the number of tiles placed, read above */
  blank_board(state);
  read_placements(&reader, state);
  if (reader.bad != NULL) return KASHI_MALFORMED;
  if (check_position(&reader, state) != KASHI_OK) return KASHI_MALFORMED;
  derive(state);
  return KASHI_OK;
}

/* ---- the end (state.outcome) ------------------------------------------------------------------- */

static void sorted_track(const uint8_t *track, int *low) {
  for (int colour = 0; colour < INGENIOUS_COLOURS; colour++) {
    int value = track[colour], at = colour;
    for (; at > 0 && low[at - 1] > value; at--) low[at] = low[at - 1];
    low[at] = value;
  }
}

/* A board's key as outcome() compares them: the instant winner first, then the sorted tracks
   (or the lowest track and the total); -1, 0, 1 as the first board's key is below, equal, above. */
static int compare_boards(const IngeniousState *state, int first, int second) {
  int keys[2][1 + INGENIOUS_COLOURS];
  int length = state->rules.tiebreak_total ? 3 : 1 + INGENIOUS_COLOURS;
  const int boards[2] = {first, second};
  for (int side = 0; side < 2; side++) {
    const uint8_t *track = state->tracks[boards[side]];
    keys[side][0] = boards[side] == state->winner;
    if (state->rules.tiebreak_total) {
      int total = 0;
      for (int colour = 0; colour < INGENIOUS_COLOURS; colour++) total += track[colour];
      keys[side][1] = lowest(track);
      keys[side][2] = total;
    } else {
      sorted_track(track, keys[side] + 1);
    }
  }
  for (int index = 0; index < length; index++) {
    if (keys[0][index] != keys[1][index]) return keys[0][index] < keys[1][index] ? -1 : 1;
  }
  return 0;
}

/* Competition ranks of the boards, 1 best (outcome.rank_by). */
static void board_ranks(const IngeniousState *state, int *ranks) {
  for (int board = 0; board < state->boards; board++) {
    ranks[board] = 1;
    for (int other = 0; other < state->boards; other++) ranks[board] += compare_boards(state, other, board) > 0;
  }
}

/* The seats of the best boards; none when several boards tie and a complete tie is a draw. */
static unsigned winners(const void *opaque) {
  const IngeniousState *state = opaque;
  int ranks[INGENIOUS_MAX_PLAYERS], best = 0;
  board_ranks(state, ranks);
  for (int board = 0; board < state->boards; board++) best += ranks[board] == 1;
  if (best > 1 && state->rules.complete_tie_draw) return 0;
  unsigned mask = 0;
  for (int seat = 0; seat < state->players; seat++) mask |= (unsigned)(ranks[board_of(state, seat)] == 1) << seat;
  return mask;
}

static int truncated(const void *state) {
  (void)state;
  return 0; /* Ingenious always ends by its rules */
}

/* ---- knowledge for search (heuristics.py) ------------------------------------------------------ */

static double board_value(const int *track) {
  int low[INGENIOUS_COLOURS];
  for (int colour = 0; colour < INGENIOUS_COLOURS; colour++) {
    int value = track[colour], at = colour;
    for (; at > 0 && low[at - 1] > value; at--) low[at] = low[at - 1];
    low[at] = value;
  }
  return low[0] * WEIGHTS[0] + low[1] * WEIGHTS[1] + low[2] * WEIGHTS[2] + low[3] * WEIGHTS[3] + low[4] * WEIGHTS[4] +
         low[5] * WEIGHTS[5];
}

static double track_value(const uint8_t *track) {
  int values[INGENIOUS_COLOURS];
  for (int colour = 0; colour < INGENIOUS_COLOURS; colour++) values[colour] = track[colour];
  return board_value(values);
}

/* Each seat's board value; in a finished game plus RANK_STEP per seat beaten, minus per seat
   ahead. */
static void evaluate(const void *opaque, double *values) {
  const IngeniousState *state = opaque;
  for (int seat = 0; seat < state->players; seat++) values[seat] = track_value(state->tracks[board_of(state, seat)]);
  if (!state->ended) return;
  int ranks[INGENIOUS_MAX_PLAYERS];
  board_ranks(state, ranks);
  for (int seat = 0; seat < state->players; seat++) {
    int rank = ranks[board_of(state, seat)], beaten = 0;
    for (int other = 0; other < state->players; other++) {
      int other_rank = ranks[board_of(state, other)];
      beaten += (other_rank > rank) - (other_rank < rank);
    }
    values[seat] += RANK_STEP * beaten;
  }
}

/* Where a track at before stops rising this placement: the next mark, or the goal unless locked. */
static int track_cap(const IngeniousState *state, int colour, int before) {
  if (uses_bonus(state)) return before < track_max(state) ? next_mark(state, before) : before;
  return (state->locked >> colour) & 1 ? before : INGENIOUS_GOAL;
}

/* The (colour, points) the placement would score, before any cap; how many pairs. */
static int points(const IngeniousState *state, IngeniousPlacement move, int gained[2][2]) {
  int first = move.first, second = move.second, a = move.a, b = move.b;
  if (!state->rules.group_scoring) {
    int toward = direction_of(area_of(state), a, b);
    int from_a = ray_runs(state, a, first, toward);
    int from_b = ray_runs(state, b, second, (toward + 3) % INGENIOUS_DIRECTIONS);
    gained[0][0] = first;
    gained[1][0] = second;
    if (first == second) {
      gained[0][1] = from_a + from_b;
      return 1;
    }
    gained[0][1] = from_a;
    gained[1][1] = from_b;
    return 2;
  }
  uint8_t board[INGENIOUS_CELLS];
  memcpy(board, state->board, sizeof board);
  board[a] = (uint8_t)first;
  board[b] = (uint8_t)second;
  gained[0][0] = first;
  gained[1][0] = second;
  if (first == second) {
    gained[0][1] = group_size(state, board, a, b);
    return 1;
  }
  gained[0][1] = group_size(state, board, a, NO_CELL);
  gained[1][1] = group_size(state, board, b, NO_CELL);
  return 2;
}

/* How much the placement raises the mover's board value, caps and bonus placements included. */
static double placement_gain(const IngeniousState *state, IngeniousPlacement move) {
  const uint8_t *track = state->tracks[board_of(state, state->current_player)];
  int before_values[INGENIOUS_COLOURS], after[INGENIOUS_COLOURS];
  for (int colour = 0; colour < INGENIOUS_COLOURS; colour++) before_values[colour] = after[colour] = track[colour];
  int gained[2][2];
  int parts = points(state, move, gained);
  double extra = 0.0;
  for (int part = 0; part < parts; part++) {
    int colour = gained[part][0], before = after[colour];
    int cap = track_cap(state, colour, before);
    if (uses_bonus(state) && before < cap && cap <= before + gained[part][1]) extra += EXTRA_PLACEMENT;
    after[colour] = before + gained[part][1] < cap ? before + gained[part][1] : cap;
  }
  return board_value(after) - board_value(before_values) + extra;
}

/* Keep a rack that still feeds the low colours (3 tiles showing one of the 3 lowest); else swap. */
static int decision(const IngeniousState *state) {
  const uint8_t *track = state->tracks[board_of(state, state->current_player)];
  int order[INGENIOUS_COLOURS];
  for (int colour = 0; colour < INGENIOUS_COLOURS; colour++) {
    int at = colour;
    for (; at > 0 && track[order[at - 1]] > track[colour]; at--) order[at] = order[at - 1];
    order[at] = colour;
  }
  int low = 0, useful = 0;
  for (int index = 0; index < LOW_COLOURS; index++) low |= 1 << order[index];
  const IngeniousTiles *rack = &state->racks[state->current_player];
  for (int index = 0; index < rack->length; index++) useful += (tile_mask(rack->kinds[index]) & low) != 0;
  return useful >= USEFUL_TILES ? keep_action(state) : swap_action(state);
}

/* A free pair drawn uniformly from those the contact rule allows: a few tries at random, then
   the allowed pairs listed in order; -1 when none is allowed. */
static int random_edge(const IngeniousState *state, KashiRng *rng) {
  int rule = contact_rule(state);
  if (!state->free_count) return -1;
  if (rule == FREE_RULE) return state->free[kashi_rng_below(rng, state->free_count)];
  const Area *area = area_of(state);
  for (int attempt = 0; attempt < REJECTION_TRIES; attempt++) {
    int edge = state->free[kashi_rng_below(rng, state->free_count)];
    if (allows(state, rule, area->edge_a[edge], area->edge_b[edge])) return edge;
  }
  int allowed = 0;
  for (int edge = 0; edge < area->edges; edge++) allowed += edge_allowed(state, rule, edge);
  if (!allowed) return -1;
  int pick = kashi_rng_below(rng, allowed);
  for (int edge = 0; edge < area->edges; edge++) {
    if (edge_allowed(state, rule, edge) && pick-- == 0) return edge;
  }
  return -1;
}

/* A legal placement drawn uniformly: a tile and its side, then a free pair (random_move). */
static int random_placement(const IngeniousState *state, KashiRng *rng, const int *slots, int slot_count) {
  int slot = slots[kashi_rng_below(rng, slot_count)];
  int edge = random_edge(state, rng);
  return edge < 0 ? -1 : edge * INGENIOUS_SLOTS + slot;
}

/* The best of a few uniformly drawn placements by their gain; the sensible swap choice. */
static int rollout_action(const void *opaque, KashiRng *rng) {
  const IngeniousState *state = opaque;
  if (state->current_player < 0) return -1;
  if (state->deciding) return decision(state);
  int slots[2 * INGENIOUS_RACK_SIZE];
  int slot_count = rack_slots(state, state->current_player, slots);
  if (!slot_count) return -1;
  const Area *area = area_of(state);
  int best = -1;
  double best_value = 0.0;
  for (int sample = 0; sample < ROLLOUT_SAMPLES; sample++) {
    int action = random_placement(state, rng, slots, slot_count);
    if (action < 0) return -1;
    double value = placement_gain(state, placement_of(area, action / INGENIOUS_SLOTS, action % INGENIOUS_SLOTS));
    if (best < 0 || value > best_value) {
      best = action;
      best_value = value;
    }
  }
  return best;
}

const KashiGame ingenious_game = {
    .family = "ingenious",
    .state_size = sizeof(IngeniousState),
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
