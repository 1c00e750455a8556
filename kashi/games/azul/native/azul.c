/*
** Azul in C (see azul.h). Each function follows the method of AzulState of the same name, so
** the two engines can be read side by side; kashi/games/azul/heuristics.py is mirrored at the
** end for search (evaluate, rollout_action).
*/
#include "azul.h"

#include "../../../core/native/fields.h"

#include <string.h>

static const int FLOOR_TOTAL[AZUL_FLOOR_SPACES + 1] = {0, -1, -2, -4, -6, -8, -11, -14};
static const int ROW_BONUS = 2;
static const int COLUMN_BONUS = 7;
static const int COLOUR_BONUS = 10;
static const int FULL_LINE = 0x1F;
static const int PARTIAL_TAKES = AZUL_TILES_PER_COLOUR - 1; /* a partial draft sends 1..19 tiles */
static const int ROLLOUT_SAMPLES = 4;
static const double PARTIAL_LINE = 0.45;
static const double POTENTIAL = 0.6;

/* ---- small facts ------------------------------------------------------------------------ */

static int popcount(unsigned bits) {
  int count = 0;
  for (; bits; bits &= bits - 1) count++;
  return count;
}

static int lowest_bit(unsigned bits) {
  int index = 0;
  while (!((bits >> index) & 1u)) index++;
  return index;
}

static int wall_bit(int row, int column) { return AZUL_LINES * row + column; }

static int printed_column(int colour, int row) { return (colour + row) % AZUL_LINES; }

static int sum5(const uint8_t *counts) { return counts[0] + counts[1] + counts[2] + counts[3] + counts[4]; }

static int sources(const AzulState *state) { return state->factory_count + 1; }

static int is_centre(const AzulState *state, int source) { return source == state->factory_count; }

static const uint8_t *tiles_of(const AzulState *state, int source) {
  return is_centre(state, source) ? state->centre : state->factories[source];
}

static unsigned holder_bit(const AzulState *state, int source) {
  return 1u << (is_centre(state, source) ? AZUL_CENTRE_BIT : source);
}

static int source_of_bit(const AzulState *state, int bit) {
  return bit == AZUL_CENTRE_BIT ? state->factory_count : bit;
}

/* ---- wall scoring (scoring.py) --------------------------------------------------------- */

/* The run of set bits through index of five bits, once that bit is set. */
static int run_through(unsigned bits, int index) {
  bits |= 1u << index;
  int low = index, high = index;
  while (low > 0 && ((bits >> (low - 1)) & 1u)) low--;
  while (high < AZUL_LINES - 1 && ((bits >> (high + 1)) & 1u)) high++;
  return high - low + 1;
}

static unsigned row_bits(uint32_t wall, int row) { return (wall >> (AZUL_LINES * row)) & FULL_LINE; }

static unsigned column_bits(uint32_t wall, int column) {
  unsigned bits = 0;
  for (int row = 0; row < AZUL_LINES; row++) bits |= ((wall >> wall_bit(row, column)) & 1u) << row;
  return bits;
}

static int run_points(int across, int down, int cross) {
  if (cross) return across + down - 1;
  if (across > 1 && down > 1) return across + down;
  return across > down ? across : down;
}

static int placement_points(uint32_t wall, int row, int column, int cross) {
  return run_points(run_through(row_bits(wall, row), column), run_through(column_bits(wall, column), row), cross);
}

static int full_rows(uint32_t wall) {
  int rows = 0;
  for (int row = 0; row < AZUL_LINES; row++) rows += row_bits(wall, row) == (unsigned)FULL_LINE;
  return rows;
}

static int full_columns(uint32_t wall) {
  int columns = 0;
  for (int column = 0; column < AZUL_LINES; column++) columns += column_bits(wall, column) == (unsigned)FULL_LINE;
  return columns;
}

/* ---- actions ------------------------------------------------------------------------------ */

typedef struct AzulAction {
  int source, colour, line, to_floor; /* a draft */
  int placement;                      /* a grey-wall placement, with line and column */
  int column;
} AzulAction;

static int whole_drafts(const AzulState *state) { return sources(state) * AZUL_COLOURS * 6; }

static int partial_drafts(const AzulState *state) {
  return state->rules.partial_floor ? sources(state) * AZUL_COLOURS * AZUL_LINES * PARTIAL_TAKES : 0;
}

static int draft_id(int source, int colour, int line) { return (source * AZUL_COLOURS + colour) * 6 + line; }

static int partial_id(const AzulState *state, int source, int colour, int line, int to_floor) {
  return whole_drafts(state) + ((source * AZUL_COLOURS + colour) * AZUL_LINES + line) * PARTIAL_TAKES + to_floor - 1;
}

static int placement_id(const AzulState *state, int line, int column) {
  return whole_drafts(state) + partial_drafts(state) + line * AZUL_LINES + column;
}

static int num_actions(const void *opaque) {
  const AzulState *state = opaque;
  return whole_drafts(state) + partial_drafts(state) + (state->rules.grey ? AZUL_WALL_CELLS : 0);
}

/* Read an action id; 0 when it is outside the action space. */
static int decode(const AzulState *state, int action, AzulAction *out) {
  memset(out, 0, sizeof *out);
  if (action < 0) return 0;
  if (action < whole_drafts(state)) {
    out->line = action % 6;
    out->colour = (action / 6) % AZUL_COLOURS;
    out->source = action / 6 / AZUL_COLOURS;
    return 1;
  }
  action -= whole_drafts(state);
  if (action < partial_drafts(state)) {
    out->to_floor = action % PARTIAL_TAKES + 1;
    int group = action / PARTIAL_TAKES;
    out->line = group % AZUL_LINES;
    out->colour = (group / AZUL_LINES) % AZUL_COLOURS;
    out->source = group / AZUL_LINES / AZUL_COLOURS;
    return 1;
  }
  action -= partial_drafts(state);
  if (state->rules.grey && action < AZUL_WALL_CELLS) {
    out->placement = 1;
    out->line = action / AZUL_LINES;
    out->column = action % AZUL_LINES;
    return 1;
  }
  return 0;
}

/* ---- reading the position ----------------------------------------------------------------- */

static int num_players(const void *state) { return ((const AzulState *)state)->players; }

static int current_player(const void *state) { return ((const AzulState *)state)->current_player; }

static void scores(const void *opaque, int *out) {
  const AzulState *state = opaque;
  for (int seat = 0; seat < state->players; seat++) out[seat] = state->boards[seat].score;
}

static int accepts(const AzulBoard *board, int line, int colour) { return (board->accept[colour] >> line) & 1; }

/* Grey side: the columns of a row where the line's colour may go, as a mask. */
static unsigned free_columns(const AzulBoard *board, int line) {
  int colour = board->line_colour[line];
  unsigned columns = 0;
  for (int column = 0; column < AZUL_LINES; column++) {
    int taken = (board->wall >> wall_bit(line, column)) & 1u;
    if (!taken && !((board->column_colours[column] >> colour) & 1)) columns |= 1u << column;
  }
  return columns;
}

static void refresh_accept(AzulBoard *board, int line) {
  int held = board->line_colour[line];
  unsigned allowed;
  if (held < 0) {
    allowed = ~(unsigned)board->row_colours[line];
  } else if (board->line_count[line] <= line) {
    allowed = 1u << held;
  } else {
    allowed = 0;
  }
  for (int colour = 0; colour < AZUL_COLOURS; colour++) {
    if ((allowed >> colour) & 1u) {
      board->accept[colour] |= (uint8_t)(1u << line);
    } else {
      board->accept[colour] &= (uint8_t) ~(1u << line);
    }
  }
}

/* ---- decisions ------------------------------------------------------------------------- */

static int draft_is_legal(const AzulState *state, const AzulAction *draft) {
  if (state->tiling_seat >= 0 || draft->source >= sources(state)) return 0;
  int taken = tiles_of(state, draft->source)[draft->colour];
  if (!taken) return 0;
  const AzulBoard *board = &state->boards[state->current_player];
  if (draft->line != AZUL_FLOOR_LINE && !accepts(board, draft->line, draft->colour)) return 0;
  return draft->to_floor == 0 || draft->to_floor < taken;
}

static int placement_is_legal(const AzulState *state, const AzulAction *placement) {
  if (state->tiling_seat < 0 || placement->line != state->tiling_line) return 0;
  return (free_columns(&state->boards[state->current_player], placement->line) >> placement->column) & 1u;
}

static int is_legal(const void *opaque, int action) {
  const AzulState *state = opaque;
  AzulAction decoded;
  if (state->current_player < 0 || !decode(state, action, &decoded)) return 0;
  return decoded.placement ? placement_is_legal(state, &decoded) : draft_is_legal(state, &decoded);
}

static int legal_actions(const void *opaque, int *actions) {
  const AzulState *state = opaque;
  int count = 0;
  int seat = state->current_player;
  if (seat < 0) return 0;
  const AzulBoard *board = &state->boards[seat];
  if (state->tiling_seat >= 0) {
    unsigned columns = free_columns(board, state->tiling_line);
    for (int column = 0; column < AZUL_LINES; column++) {
      if ((columns >> column) & 1u) actions[count++] = placement_id(state, state->tiling_line, column);
    }
    return count;
  }
  for (int source = 0; source < sources(state); source++) {
    const uint8_t *tiles = tiles_of(state, source);
    for (int colour = 0; colour < AZUL_COLOURS; colour++) {
      if (!tiles[colour]) continue;
      unsigned lines = board->accept[colour];
      for (int line = 0; line < AZUL_LINES; line++) {
        if ((lines >> line) & 1u) actions[count++] = draft_id(source, colour, line);
      }
      actions[count++] = draft_id(source, colour, AZUL_FLOOR_LINE);
      if (!state->rules.partial_floor) continue;
      for (int line = 0; line < AZUL_LINES; line++) {
        if (!((lines >> line) & 1u)) continue;
        for (int sent = 1; sent < tiles[colour]; sent++) actions[count++] = partial_id(state, source, colour, line, sent);
      }
    }
  }
  return count;
}

/* Floor spaces fill left to right; past the seventh (or when overflow is discarded) to the lid. */
static void to_floor(AzulState *state, int seat, int colour, int count) {
  AzulBoard *board = &state->boards[seat];
  if (!state->rules.overflow_discard) {
    int room = AZUL_FLOOR_SPACES - board->floor_length;
    int fits = count < room ? count : room;
    for (int space = 0; space < fits; space++) board->floor[board->floor_length++] = (int8_t)colour;
    count -= fits;
  }
  state->lid[colour] += (uint8_t)count;
}

static void fill_line(AzulState *state, int seat, int line, int colour, int taken) {
  AzulBoard *board = &state->boards[seat];
  int had = board->line_count[line];
  int room = line + 1 - had;
  int fits = taken < room ? taken : room;
  uint8_t bit = (uint8_t)(1u << line);
  board->line_count[line] = (uint8_t)(had + fits);
  if (!had) {
    board->line_colour[line] = (int8_t)colour;
    for (int other = 0; other < AZUL_COLOURS; other++) board->accept[other] &= (uint8_t)~bit;
    if (fits < room) board->accept[colour] |= bit;
  } else if (fits == room) {
    board->accept[colour] &= (uint8_t)~bit;
  }
  if (taken > fits) to_floor(state, seat, colour, taken - fits);
}

static void add_clamped(AzulBoard *board, int points) {
  int total = board->score + points;
  board->score = total < 0 ? 0 : total;
}

static void end_bonuses(AzulState *state, AzulBoard *board) {
  unsigned colours = 0x1F;
  for (int row = 0; row < AZUL_LINES; row++) colours &= board->row_colours[row];
  board->score += ROW_BONUS * full_rows(board->wall) + COLUMN_BONUS * full_columns(board->wall);
  board->score += COLOUR_BONUS * popcount(colours);
  int leftover = 0;
  for (int line = 0; line < AZUL_LINES; line++) leftover += board->line_count[line];
  if (leftover && state->rules.leftover_penalty) add_clamped(board, -leftover * state->rules.leftover_penalty);
}

static void end_game(AzulState *state, AzulEnding reason) {
  state->ended = (uint8_t)reason;
  state->current_player = KASHI_TERMINAL;
  if (reason != AZUL_BY_RULES) return;
  for (int seat = 0; seat < state->players; seat++) end_bonuses(state, &state->boards[seat]);
}

/* Floor penalties with the clamp, floors to the lid, then the end or the next round. */
static void finish_round(AzulState *state) {
  int over = 0;
  for (int seat = 0; seat < state->players; seat++) {
    AzulBoard *board = &state->boards[seat];
    if (board->floor_length) {
      add_clamped(board, FLOOR_TOTAL[board->floor_length]);
      for (int space = 0; space < board->floor_length; space++) {
        if (board->floor[space] != AZUL_MARKER) state->lid[board->floor[space]]++;
        board->floor[space] = -1;
      }
      board->floor_length = 0;
    }
    over |= full_rows(board->wall) > 0;
  }
  state->marker_floor = -1;
  if (state->rules.rounds) over = state->round >= state->rules.rounds;
  if (over) {
    end_game(state, AZUL_BY_RULES);
  } else if (state->round >= state->rules.max_rounds) {
    end_game(state, AZUL_TRUNCATED);
  } else {
    state->round++;
    state->starter = state->next_starter;
    state->marker_in_centre = 1;
    state->fill_index = 0;
    state->current_player = KASHI_CHANCE;
  }
}

/* Move the line's tile to the wall, score it at once, and send the rest to the lid. */
static void place(AzulState *state, int seat, int line, int column) {
  AzulBoard *board = &state->boards[seat];
  int colour = board->line_colour[line];
  board->wall |= 1u << wall_bit(line, column);
  board->cells[wall_bit(line, column)] = (int8_t)colour;
  board->row_colours[line] |= (uint8_t)(1u << colour);
  board->column_colours[column] |= (uint8_t)(1u << colour);
  state->lid[colour] += (uint8_t)line;
  board->line_colour[line] = -1;
  board->line_count[line] = 0;
  for (int free = 0; free < AZUL_COLOURS; free++) {
    if (!((board->row_colours[line] >> free) & 1)) board->accept[free] |= (uint8_t)(1u << line);
  }
  board->score += placement_points(board->wall, line, column, state->rules.cross);
}

/* Grey side: a complete line with no legal space sends all its tiles to the floor. */
static void line_to_floor(AzulState *state, int seat, int line) {
  AzulBoard *board = &state->boards[seat];
  to_floor(state, seat, board->line_colour[line], line + 1);
  board->line_colour[line] = -1;
  board->line_count[line] = 0;
  refresh_accept(board, line);
}

/* Grey side: tile on from the waiting seat and line, stopping at each real choice. */
static void continue_grey_tiling(AzulState *state) {
  int seat = state->tiling_seat, line = state->tiling_line;
  for (; seat < state->players; seat++, line = 0) {
    for (; line < AZUL_LINES; line++) {
      AzulBoard *board = &state->boards[seat];
      if (board->line_count[line] != line + 1) continue;
      unsigned columns = free_columns(board, line);
      if (popcount(columns) > 1) {
        state->tiling_seat = (int8_t)seat;
        state->tiling_line = (int8_t)line;
        state->current_player = (int8_t)seat;
        return;
      }
      if (columns) {
        place(state, seat, line, lowest_bit(columns));
      } else {
        line_to_floor(state, seat, line);
      }
    }
  }
  state->tiling_seat = state->tiling_line = -1;
  finish_round(state);
}

static void wall_tiling(AzulState *state) {
  if (state->rules.grey) {
    state->tiling_seat = state->tiling_line = 0;
    continue_grey_tiling(state);
    return;
  }
  for (int seat = 0; seat < state->players; seat++) {
    AzulBoard *board = &state->boards[seat];
    for (int line = 0; line < AZUL_LINES; line++) {
      if (board->line_count[line] == line + 1) place(state, seat, line, printed_column(board->line_colour[line], line));
    }
  }
  finish_round(state);
}

/* Take the tiles (the rest of a factory to the centre, the marker with the centre's first
   take), fill the line, send the rest to the floor; the round's end after the last take. */
static void draft(AzulState *state, int seat, const AzulAction *move) {
  int colour = move->colour;
  int taken;
  unsigned centre_bit = 1u << AZUL_CENTRE_BIT;
  if (is_centre(state, move->source)) {
    taken = state->centre[colour];
    state->centre[colour] = 0;
    state->holders[colour] &= (uint16_t)~centre_bit;
    if (state->marker_in_centre) {
      AzulBoard *board = &state->boards[seat];
      state->marker_in_centre = 0;
      state->marker_floor = state->next_starter = (int8_t)seat;
      if (board->floor_length < AZUL_FLOOR_SPACES) board->floor[board->floor_length++] = AZUL_MARKER;
    }
  } else {
    uint8_t *tiles = state->factories[move->source];
    unsigned kept = ~(1u << move->source);
    taken = tiles[colour];
    for (int other = 0; other < AZUL_COLOURS; other++) {
      if (!tiles[other]) continue;
      state->holders[other] &= (uint16_t)kept;
      if (other != colour) {
        state->centre[other] += tiles[other];
        state->holders[other] |= (uint16_t)centre_bit;
      }
      tiles[other] = 0;
    }
  }
  state->table_tiles -= (int16_t)taken;
  if (move->line == AZUL_FLOOR_LINE) {
    to_floor(state, seat, colour, taken);
  } else {
    if (move->to_floor) to_floor(state, seat, colour, move->to_floor);
    fill_line(state, seat, move->line, colour, taken - move->to_floor);
  }
  if (state->table_tiles) {
    state->current_player = (int8_t)((seat + 1) % state->players);
  } else {
    wall_tiling(state);
  }
}

static KashiStatus apply(void *opaque, int action) {
  AzulState *state = opaque;
  if (!is_legal(state, action)) return KASHI_ILLEGAL;
  AzulAction move;
  decode(state, action, &move);
  int seat = state->current_player;
  if (move.placement) {
    place(state, seat, move.line, move.column);
    state->tiling_line = (int8_t)(move.line + 1);
    continue_grey_tiling(state);
  } else {
    draft(state, seat, &move);
  }
  return KASHI_OK;
}

/* ---- chance: refilling the factories ------------------------------------------------------- */

static void start_offer(AzulState *state) {
  if (state->table_tiles) {
    state->current_player = state->starter;
  } else {
    wall_tiling(state);
  }
}

/* Four tiles from the bag; when it runs short, all of it, then the lid poured in. */
static void apply_fill(AzulState *state, const int *counts) {
  int in_bag = sum5(state->bag);
  int size = 0;
  int index = state->fill_index;
  for (int colour = 0; colour < AZUL_COLOURS; colour++) {
    if (in_bag >= AZUL_FACTORY_SIZE) {
      state->bag[colour] -= (uint8_t)counts[colour];
    } else {
      state->bag[colour] = (uint8_t)(state->lid[colour] - (counts[colour] - state->bag[colour]));
      state->lid[colour] = 0;
    }
    state->factories[index][colour] = (uint8_t)counts[colour];
    if (counts[colour]) state->holders[colour] |= (uint16_t)(1u << index);
    size += counts[colour];
  }
  state->table_tiles += (int16_t)size;
  state->fill_index++;
  int bag_or_lid = sum5(state->bag) + sum5(state->lid) > 0;
  if (state->fill_index == state->factory_count && !(state->rules.centre_seed_tile && bag_or_lid)) start_offer(state);
}

/* One colour with probability proportional to its count (counts sum to total > 0). */
static int draw_colour(KashiRng *rng, const int *counts, int total) {
  int pick = kashi_rng_below(rng, total);
  int colour = 0;
  while (pick >= counts[colour]) pick -= counts[colour++];
  return colour;
}

static void fill_factory(AzulState *state, KashiRng *rng) {
  int bag[AZUL_COLOURS], counts[AZUL_COLOURS] = {0};
  int in_bag = 0, poured = 0;
  for (int colour = 0; colour < AZUL_COLOURS; colour++) in_bag += bag[colour] = state->bag[colour];
  for (int drawn = 0; drawn < AZUL_FACTORY_SIZE; drawn++) {
    if (!in_bag) {
      if (poured || !sum5(state->lid)) break;
      for (int colour = 0; colour < AZUL_COLOURS; colour++) in_bag += bag[colour] = state->lid[colour];
      poured = 1;
    }
    int colour = draw_colour(rng, bag, in_bag);
    bag[colour]--;
    in_bag--;
    counts[colour]++;
  }
  apply_fill(state, counts);
}

static void seed_centre(AzulState *state, KashiRng *rng) {
  int from_lid = !sum5(state->bag);
  int counts[AZUL_COLOURS];
  for (int colour = 0; colour < AZUL_COLOURS; colour++) counts[colour] = from_lid ? state->lid[colour] : state->bag[colour];
  int colour = draw_colour(rng, counts, sum5(from_lid ? state->lid : state->bag));
  if (from_lid) {
    memcpy(state->bag, state->lid, sizeof state->bag);
    memset(state->lid, 0, sizeof state->lid);
  }
  state->bag[colour]--;
  state->centre[colour]++;
  state->holders[colour] |= (uint16_t)(1u << AZUL_CENTRE_BIT);
  state->table_tiles++;
  start_offer(state);
}

static void apply_chance(void *opaque, KashiRng *rng) {
  AzulState *state = opaque;
  if (state->current_player != KASHI_CHANCE) return;
  if (state->fill_index == state->factory_count) {
    seed_centre(state, rng);
  } else {
    fill_factory(state, rng);
  }
}

/* ---- fields ------------------------------------------------------------------------------ */

static int field_count(int players) {
  return AZUL_HEADER_FIELDS + (2 * players + 1 + 3) * AZUL_COLOURS + AZUL_SEAT_FIELDS * players;
}

/* The tiles per colour of each factory, then of the centre, the bag and the lid; how many ints. */
static int write_tile_counts(const AzulState *state, int64_t *out) {
  const uint8_t *const places[] = {state->centre, state->bag, state->lid};
  int count = 0;
  for (int factory = 0; factory < state->factory_count; factory++) {
    for (int colour = 0; colour < AZUL_COLOURS; colour++) out[count++] = state->factories[factory][colour];
  }
  for (int place = 0; place < 3; place++) {
    for (int colour = 0; colour < AZUL_COLOURS; colour++) out[count++] = places[place][colour];
  }
  return count;
}

static int write_fields(const void *opaque, int64_t *out) {
  const AzulState *state = opaque;
  const AzulRules *rules = &state->rules;
  int64_t header[AZUL_HEADER_FIELDS] = {
      state->players,          state->current_player,   state->round,        state->starter,
      state->next_starter,     state->marker_in_centre, state->marker_floor, state->fill_index,
      state->tiling_seat,      state->tiling_line,      state->ended,        rules->grey,
      rules->partial_floor,    rules->rounds,           rules->centre_seed_tile, rules->overflow_discard,
      rules->leftover_penalty, rules->cross,            rules->max_rounds,
  };
  int count = AZUL_HEADER_FIELDS;
  memcpy(out, header, sizeof header);
  count += write_tile_counts(state, out + count);
  for (int seat = 0; seat < state->players; seat++) {
    const AzulBoard *board = &state->boards[seat];
    out[count++] = board->score;
    for (int line = 0; line < AZUL_LINES; line++) out[count++] = board->line_colour[line];
    for (int line = 0; line < AZUL_LINES; line++) out[count++] = board->line_count[line];
    for (int cell = 0; cell < AZUL_WALL_CELLS; cell++) out[count++] = board->cells[cell];
    out[count++] = board->floor_length;
    for (int space = 0; space < AZUL_FLOOR_SPACES; space++) out[count++] = board->floor[space];
  }
  return count;
}

static void read_tiles(KashiFieldReader *reader, const char *name, uint8_t *tiles) {
  for (int colour = 0; colour < AZUL_COLOURS; colour++) {
    tiles[colour] = (uint8_t)kashi_field(reader, name, 0, AZUL_TILES_PER_COLOUR);
  }
}

static void read_board(KashiFieldReader *reader, const AzulState *state, AzulBoard *board) {
  board->score = kashi_field(reader, "score", 0, 1000000);
  for (int line = 0; line < AZUL_LINES; line++) board->line_colour[line] = (int8_t)kashi_field(reader, "line colour", -1, 4);
  for (int line = 0; line < AZUL_LINES; line++) {
    int lowest = board->line_colour[line] < 0 ? 0 : 1;
    int highest = board->line_colour[line] < 0 ? 0 : line + 1;
    board->line_count[line] = (uint8_t)kashi_field(reader, "line count", lowest, highest);
  }
  for (int cell = 0; cell < AZUL_WALL_CELLS; cell++) {
    int colour = board->cells[cell] = (int8_t)kashi_field(reader, "wall cell", -1, 4);
    int row = cell / AZUL_LINES, column = cell % AZUL_LINES;
    if (colour < 0) continue;
    if (!state->rules.grey && printed_column(colour, row) != column) kashi_reject(reader, "a wall colour off its printed space");
    if ((board->row_colours[row] | board->column_colours[column]) & (1u << colour)) {
      kashi_reject(reader, "a colour twice in a wall row or column");
    }
    board->wall |= 1u << cell;
    board->row_colours[row] |= (uint8_t)(1u << colour);
    board->column_colours[column] |= (uint8_t)(1u << colour);
  }
  board->floor_length = (uint8_t)kashi_field(reader, "floor length", 0, AZUL_FLOOR_SPACES);
  for (int space = 0; space < AZUL_FLOOR_SPACES; space++) {
    int used = space < board->floor_length;
    board->floor[space] = (int8_t)kashi_field(reader, "floor space", used ? 0 : -1, used ? AZUL_MARKER : -1);
  }
  for (int line = 0; line < AZUL_LINES; line++) {
    if (board->line_colour[line] >= 0 && ((board->row_colours[line] >> board->line_colour[line]) & 1)) {
      kashi_reject(reader, "a line holds a colour already on its wall row");
    }
    refresh_accept(board, line);
  }
}

/* Every colour's 20 tiles are somewhere: the bag, the lid, the table, lines, floors, walls. */
static int tiles_conserved(const AzulState *state) {
  for (int colour = 0; colour < AZUL_COLOURS; colour++) {
    int count = state->bag[colour] + state->lid[colour] + state->centre[colour];
    for (int factory = 0; factory < state->factory_count; factory++) count += state->factories[factory][colour];
    for (int seat = 0; seat < state->players; seat++) {
      const AzulBoard *board = &state->boards[seat];
      for (int line = 0; line < AZUL_LINES; line++) {
        if (board->line_colour[line] == colour) count += board->line_count[line];
        count += (board->row_colours[line] >> colour) & 1;
      }
      for (int space = 0; space < board->floor_length; space++) count += board->floor[space] == colour;
    }
    if (count != AZUL_TILES_PER_COLOUR) return 0;
  }
  return 1;
}

static KashiStatus read_fields(void *opaque, const int64_t *fields, int count, char *error, size_t error_size) {
  AzulState *state = opaque;
  AzulRules *rules = &state->rules;
  KashiFieldReader reader = {fields, 0, NULL, error, error_size};
  memset(state, 0, sizeof *state);
  if (count < 1) return kashi_malformed(&reader, "no fields");
  int players = kashi_field(&reader, "players", 2, AZUL_MAX_PLAYERS);
  if (count != field_count(players)) return kashi_malformed(&reader, "the wrong number of fields for the players");
  state->players = (int8_t)players;
  state->factory_count = (int8_t)(2 * players + 1);
  state->current_player = (int8_t)kashi_field(&reader, "current player", KASHI_TERMINAL, players - 1);
  state->round = (int16_t)kashi_field(&reader, "round", 1, 10000);
  state->starter = (int8_t)kashi_field(&reader, "starter", 0, players - 1);
  state->next_starter = (int8_t)kashi_field(&reader, "next starter", 0, players - 1);
  state->marker_in_centre = (uint8_t)kashi_field(&reader, "marker in centre", 0, 1);
  state->marker_floor = (int8_t)kashi_field(&reader, "marker floor", -1, players - 1);
  state->fill_index = (uint8_t)kashi_field(&reader, "fill index", 0, state->factory_count);
  state->tiling_seat = (int8_t)kashi_field(&reader, "tiling seat", -1, players - 1);
  state->tiling_line = (int8_t)kashi_field(&reader, "tiling line", state->tiling_seat < 0 ? -1 : 0,
                                     state->tiling_seat < 0 ? -1 : AZUL_LINES - 1);
  state->ended = (uint8_t)kashi_field(&reader, "ended", AZUL_PLAYING, AZUL_TRUNCATED);
  rules->grey = (uint8_t)kashi_field(&reader, "grey", 0, 1);
  rules->partial_floor = (uint8_t)kashi_field(&reader, "partial floor", 0, 1);
  rules->rounds = (int16_t)kashi_field(&reader, "rounds", 0, 100);
  rules->centre_seed_tile = (uint8_t)kashi_field(&reader, "centre seed tile", 0, 1);
  rules->overflow_discard = (uint8_t)kashi_field(&reader, "overflow discard", 0, 1);
  rules->leftover_penalty = (uint8_t)kashi_field(&reader, "leftover penalty", 0, 5);
  rules->cross = (uint8_t)kashi_field(&reader, "cross", 0, 1);
  rules->max_rounds = (int16_t)kashi_field(&reader, "max rounds", 1, 10000);
  for (int factory = 0; factory < state->factory_count; factory++) read_tiles(&reader, "factory", state->factories[factory]);
  read_tiles(&reader, "centre", state->centre);
  read_tiles(&reader, "bag", state->bag);
  read_tiles(&reader, "lid", state->lid);
  for (int seat = 0; seat < players; seat++) read_board(&reader, state, &state->boards[seat]);
  if (reader.bad != NULL) return KASHI_MALFORMED;
  if ((state->current_player == KASHI_TERMINAL) != (state->ended != AZUL_PLAYING)) {
    return kashi_malformed(&reader, "the game is over exactly when it has ended");
  }
  if (state->tiling_seat >= 0 && state->current_player != state->tiling_seat) {
    return kashi_malformed(&reader, "the tiling seat is to move");
  }
  if (state->tiling_seat >= 0) {
    const AzulBoard *board = &state->boards[state->tiling_seat];
    if (board->line_count[state->tiling_line] != state->tiling_line + 1 || !free_columns(board, state->tiling_line)) {
      return kashi_malformed(&reader, "the tiling line is not complete with a free space");
    }
  }
  if (!tiles_conserved(state)) return kashi_malformed(&reader, "a colour does not have its 20 tiles");
  for (int source = 0; source < sources(state); source++) {
    const uint8_t *tiles = tiles_of(state, source);
    if (!is_centre(state, source) && sum5(tiles) > AZUL_FACTORY_SIZE) return kashi_malformed(&reader, "a factory over four");
    state->table_tiles += (int16_t)sum5(tiles);
    for (int colour = 0; colour < AZUL_COLOURS; colour++) {
      if (tiles[colour]) state->holders[colour] |= (uint16_t)holder_bit(state, source);
    }
  }
  if (state->current_player >= 0 && state->tiling_seat < 0 && !state->table_tiles) {
    return kashi_malformed(&reader, "a seat is to take tiles from an empty table");
  }
  int seeding = state->fill_index == state->factory_count;
  if (state->current_player == KASHI_CHANCE && seeding && !(rules->centre_seed_tile && sum5(state->bag) + sum5(state->lid))) {
    return kashi_malformed(&reader, "chance is due with every factory filled and no centre tile to draw");
  }
  return KASHI_OK;
}

/* ---- knowledge for search (heuristics.py) ------------------------------------------------- */

/* Where a line's tile will go: printed on the colour side, the first legal space on grey. */
static int line_column(const AzulState *state, const AzulBoard *board, int line, uint32_t wall) {
  int colour = board->line_colour[line];
  if (!state->rules.grey) return printed_column(colour, line);
  for (int column = 0; column < AZUL_LINES; column++) {
    int taken = (wall >> wall_bit(line, column)) & 1u;
    if (!taken && !((board->column_colours[column] >> colour) & 1)) return column;
  }
  return -1;
}

typedef struct Projection {
  uint32_t wall;
  int score;
  double pending;
} Projection;

/* The wall and score after this round's tiling, and the credit for unfinished lines. */
static Projection project(const AzulState *state, const AzulBoard *board) {
  Projection projected = {board->wall, 0, 0.0};
  int gained = 0;
  for (int line = 0; line < AZUL_LINES; line++) {
    int count = board->line_count[line];
    if (!count) continue;
    int column = line_column(state, board, line, projected.wall);
    if (column < 0) continue;
    uint32_t bit = 1u << wall_bit(line, column);
    if (count == line + 1) {
      projected.wall |= bit;
      gained += placement_points(projected.wall, line, column, state->rules.cross);
    } else {
      int value = placement_points(projected.wall | bit, line, column, state->rules.cross);
      projected.pending += PARTIAL_LINE * value * count / (line + 1);
    }
  }
  int score = board->score + gained + FLOOR_TOTAL[board->floor_length];
  projected.score = score > 0 ? score : 0;
  return projected;
}

static int colour_cells(uint32_t wall, int colour) {
  int cells = 0;
  for (int row = 0; row < AZUL_LINES; row++) cells += (wall >> wall_bit(row, printed_column(colour, row))) & 1u;
  return cells;
}

static int wall_end_bonuses(uint32_t wall, int grey) {
  int total = ROW_BONUS * full_rows(wall) + COLUMN_BONUS * full_columns(wall);
  if (!grey) {
    for (int colour = 0; colour < AZUL_COLOURS; colour++) total += COLOUR_BONUS * (colour_cells(wall, colour) == 5);
  }
  return total;
}

static double squared_share(int cells) {
  double share = cells / 5.0;
  return share * share;
}

/* End bonuses weighted by how complete each row, column and colour is (squared). */
static double bonus_potential(uint32_t wall) {
  double total = 0.0;
  for (int row = 0; row < AZUL_LINES; row++) total += ROW_BONUS * squared_share(popcount(row_bits(wall, row)));
  for (int column = 0; column < AZUL_LINES; column++) {
    total += COLUMN_BONUS * squared_share(popcount(column_bits(wall, column)));
  }
  for (int colour = 0; colour < AZUL_COLOURS; colour++) total += COLOUR_BONUS * squared_share(colour_cells(wall, colour));
  return total;
}

static void evaluate(const void *opaque, double *values) {
  const AzulState *state = opaque;
  if (state->ended) {
    for (int seat = 0; seat < state->players; seat++) values[seat] = state->boards[seat].score;
    return;
  }
  Projection projected[AZUL_MAX_PLAYERS];
  int game_ends = 0;
  for (int seat = 0; seat < state->players; seat++) {
    projected[seat] = project(state, &state->boards[seat]);
    game_ends |= full_rows(projected[seat].wall) > 0;
  }
  if (state->rules.rounds) game_ends = state->round >= state->rules.rounds;
  for (int seat = 0; seat < state->players; seat++) {
    const Projection *seen = &projected[seat];
    if (game_ends) {
      values[seat] = seen->score + wall_end_bonuses(seen->wall, state->rules.grey) -
                     state->rules.leftover_penalty * seen->pending;
    } else {
      values[seat] = seen->score + POTENTIAL * bonus_potential(seen->wall) + seen->pending;
    }
  }
}

/* A cheap static value of a draft: tiles that fit, a completed line, floor overflow. */
static int quick_value(const AzulState *state, const AzulAction *move) {
  if (move->placement) return 0;
  int taken = tiles_of(state, move->source)[move->colour];
  if (move->line == AZUL_FLOOR_LINE) return -3 * taken - 2;
  const AzulBoard *board = &state->boards[state->current_player];
  int space = move->line + 1 - board->line_count[move->line];
  int fits = taken < space ? taken : space;
  return 2 * fits + (fits == space ? 4 : 0) - 3 * (taken - fits) - 3 * move->to_floor;
}

/* A uniform legal draft drawn with one number, as AzulState.random_drafts draws it: a colour's
   drafts number its holders times its destinations (lines that accept it, and the floor). */
static int random_draft(const AzulState *state, KashiRng *rng) {
  const AzulBoard *board = &state->boards[state->current_player];
  int counts[AZUL_COLOURS], total = 0;
  for (int colour = 0; colour < AZUL_COLOURS; colour++) {
    counts[colour] = popcount(state->holders[colour]) * (popcount(board->accept[colour]) + 1);
    total += counts[colour];
  }
  int pick = kashi_rng_below(rng, total);
  int colour = 0;
  while (pick >= counts[colour]) pick -= counts[colour++];
  int width = popcount(board->accept[colour]) + 1;
  int holder = pick / width, destination = pick % width;
  unsigned held = state->holders[colour];
  for (; holder > 0; holder--) held &= held - 1;
  unsigned lines = board->accept[colour] | (1u << AZUL_FLOOR_LINE);
  for (; destination > 0; destination--) lines &= lines - 1;
  return draft_id(source_of_bit(state, lowest_bit(held)), colour, lowest_bit(lines));
}

/* The best of a few uniformly drawn moves by quick_value: fast and far from random. */
static int rollout_action(const void *opaque, KashiRng *rng) {
  const AzulState *state = opaque;
  int actions[KASHI_MAX_ACTIONS];
  int simple = state->tiling_seat < 0 && !state->rules.partial_floor;
  int count = simple ? 0 : legal_actions(state, actions);
  if (state->tiling_seat >= 0) return actions[kashi_rng_below(rng, count)];
  int best = -1, best_value = 0;
  for (int sample = 0; sample < ROLLOUT_SAMPLES; sample++) {
    int action = simple ? random_draft(state, rng) : actions[kashi_rng_below(rng, count)];
    AzulAction move;
    decode(state, action, &move);
    int value = quick_value(state, &move);
    if (best < 0 || value > best_value) {
      best = action;
      best_value = value;
    }
  }
  return best;
}

/* ---- the end, and learning (learning.py) --------------------------------------------------- */

/* The highest (score, complete rows) wins; equal keys share the win. */
static unsigned winners(const void *opaque) {
  const AzulState *state = opaque;
  unsigned best = 0;
  int best_score = -1, best_rows = -1;
  for (int seat = 0; seat < state->players; seat++) {
    int score = state->boards[seat].score, rows = full_rows(state->boards[seat].wall);
    if (score > best_score || (score == best_score && rows > best_rows)) {
      best = 0;
      best_score = score;
      best_rows = rows;
    }
    if (score == best_score && rows == best_rows) best |= 1u << seat;
  }
  return best;
}

static int truncated(const void *state) { return ((const AzulState *)state)->ended == AZUL_TRUNCATED; }

static const int TILE_COUNTS = AZUL_TILES_PER_COLOUR + 1; /* an accept mask's step in a mask key */

static int packed_width(const void *opaque) {
  const AzulState *state = opaque;
  int sources_and_colours = sources(state) * AZUL_COLOURS;
  return 2 * sources_and_colours + 10 + 2 * state->players + 10 * state->players + 5 + AZUL_WALL_CELLS * state->players;
}

/* AzulEncoder._write's row: per source and colour the mover's accept key, then the tiles of
   each factory and the centre, bag and lid; per seat the floor's length and the score; the
   line colours and counts; the marker in the centre, the round, the seat to move, the marker's
   taker, the line waiting on the grey side (-1: none); the wall cells. */
static void write_packed(const void *opaque, int64_t *row) {
  const AzulState *state = opaque;
  const AzulBoard *mover = &state->boards[state->current_player > 0 ? state->current_player : 0];
  int at = 0;
  for (int source = 0; source < sources(state); source++) {
    for (int colour = 0; colour < AZUL_COLOURS; colour++) row[at++] = mover->accept[colour] * TILE_COUNTS;
  }
  at += write_tile_counts(state, row + at);
  for (int seat = 0; seat < state->players; seat++) row[at++] = state->boards[seat].floor_length;
  for (int seat = 0; seat < state->players; seat++) row[at++] = state->boards[seat].score;
  for (int seat = 0; seat < state->players; seat++) {
    for (int line = 0; line < AZUL_LINES; line++) row[at++] = state->boards[seat].line_colour[line];
  }
  for (int seat = 0; seat < state->players; seat++) {
    for (int line = 0; line < AZUL_LINES; line++) row[at++] = state->boards[seat].line_count[line];
  }
  row[at++] = state->marker_in_centre;
  row[at++] = state->round;
  row[at++] = state->current_player;
  row[at++] = state->marker_floor;
  row[at++] = state->tiling_seat >= 0 ? state->tiling_line : -1;
  for (int seat = 0; seat < state->players; seat++) {
    for (int cell = 0; cell < AZUL_WALL_CELLS; cell++) row[at++] = state->boards[seat].cells[cell];
  }
}

const KashiGame azul_game = {
    .family = "azul",
    .state_size = sizeof(AzulState),
    .read_fields = read_fields,
    .write_fields = write_fields,
    .num_players = num_players,
    .current_player = current_player,
    .num_actions = num_actions,
    .legal_actions = legal_actions,
    .is_legal = is_legal,
    .apply = apply,
    .apply_chance = apply_chance,
    .evaluate = evaluate,
    .rollout_action = rollout_action,
    .scores = scores,
    .winners = winners,
    .truncated = truncated,
    .packed_width = packed_width,
    .write_packed = write_packed,
};
