/*
** Azul Duel in C: sun and moon workshops, dome plates, chips and objectives, move for move and
** chance for chance the engine of kashi/games/azul_duel/ (state.py, acquisition.py, tiling.py,
** supply.py), which stays the reference that explains every score and refused move.
**
** Actions are actions.py's fixed space: pass 0, draw 1, skip 2; chip takes; moon takes
** (colour x destination); tile cells; plate returns; plate takes and keeps (plate x slot x
** rotation); sun takes (workshop x colour x destination x stacking order); chip spends (how many
** of each of the 10 chip types, base 3). That is 87,741 ids, more than KASHI_MAX_ACTIONS, but
** never more than about 1,100 of them are legal at once, so the core's buffers of legal actions
** hold them.
**
** Hidden plates (a view's) are drawn from the pool when revealed, as in Python; determinize
** deals them as views.determinize does, with the same random numbers. Drawn plates a view hides
** from the seat to move give it no keep or return moves (search determinizes first).
**
** Fields, the position as integers (kashi/games/azul_duel/compiled.py packs and unpacks them):
**   current_player, round, phase, after_display, to_move, starter, start_holder, start_taker
**   (-1 none), start_on_moon, sun_start, draw_stage, fill_workshop, fill_need, opening_left,
**   chip_due, tiling_turn, tile_line, tile_stage, stand_ins, last_pass; the rules: tablets,
**   draw_at_zero, unused_chip_points, free_pass, untaken start tile passed on (1) or kept (0);
**   then the 4 tablets (-1 undecided, 0 out, 1 or 2 the side up), bag, tower, the 5 suns (5
**   counts each), each small moon as its height and 3 colours bottom to top (-1 above), the
**   large moon, the 4 chips of the small workshops (-2 taken, -1 face down, else the type), the
**   chips not yet revealed per type; the display (its length, 3 plates), the stack top to bottom
**   (its length, 18 plates with -1 for one nobody in this view knows, 18 masks of the seats that
**   know each), the drawn hand (its length, 18 plates, -1 hidden); lists are padded with -1
**   (known masks with 0);
**   then per seat: score, plates taken and chips taken this round, chips held per type, the 9
**   dome slots (plate * 4 + rotation, -1 empty), the 36 dome tiles (colour, 5 the special tile,
**   -1 empty), 6 line colours (-1 empty), 6 line counts, 5 broken tiles per colour.
** The plates nobody located (the pool) and the dome cell types are worked out from these.
**
** DuelState is 420 bytes of plain data.
*/
#ifndef KASHI_AZUL_DUEL_H
#define KASHI_AZUL_DUEL_H

#include <stdint.h>

#include "../../../core/native/game.h"

enum {
  DUEL_COLOURS = 5,
  DUEL_TILES_PER_COLOUR = 13,
  DUEL_SPECIAL = 5, /* a cell type (a plate's special cell) and a tile (the special tile on it) */
  DUEL_WILD = 6,    /* a cell type that takes a tile of any colour */
  DUEL_EMPTY = -1,  /* no tile on a cell, and no plate under it */
  DUEL_PLATES = 18,
  DUEL_ROTATIONS = 4,
  DUEL_PLATE_CELLS = 4,
  DUEL_CHIP_TYPES = 10,
  DUEL_CHIPS_PER_TYPE = 2,
  DUEL_CHIPS_PER_PLAYER = 2, /* chips a seat may take in a round */
  DUEL_BROKEN_SPACES = 4,
  DUEL_LINES = 6,
  DUEL_BROKEN = 6, /* the destination "line" of the broken area */
  DUEL_DESTINATIONS = 7,
  DUEL_DOME_SIZE = 6,
  DUEL_SLOTS = 9,
  DUEL_CELLS = 36,
  DUEL_DISPLAY_SIZE = 3,
  DUEL_PLATES_PER_ROUND = 2,
  DUEL_PLATE_ROUNDS = 4,
  DUEL_ROUNDS = 5,
  DUEL_WORKSHOPS = 5, /* workshop 0 is the large one */
  DUEL_SMALL_WORKSHOPS = 4,
  DUEL_LARGE_SUN = 5,
  DUEL_SMALL_SUN = 4,
  DUEL_MOON_HEIGHT = 3, /* a small moon holds a small sun's leftovers */
  DUEL_TABLETS = 4,
  DUEL_HEADER_FIELDS = 25,
  DUEL_SEAT_FIELDS = 75,
};

/* Where a position stands (phases.py): four chance phases, three that ask a seat, the end. */
typedef enum DuelPhase {
  DUEL_DISPLAY_PHASE = 0,
  DUEL_TABLETS_PHASE = 1,
  DUEL_FILL_PHASE = 2,
  DUEL_OPENING_PHASE = 3,
  DUEL_ACQUISITION_PHASE = 4,
  DUEL_DRAWN_PHASE = 5,
  DUEL_TILING_PHASE = 6,
  DUEL_OVER_PHASE = 7,
} DuelPhase;

/* Tiling: the current line is looked at, or its owner chooses chips or a cell. */
typedef enum DuelTileStage { DUEL_EVALUATE = 0, DUEL_CHOOSE_CHIPS = 1, DUEL_CHOOSE_CELL = 2 } DuelTileStage;

/* A small workshop's chip: taken, still face down, or (0..9) revealed of that type. */
enum { DUEL_CHIP_TAKEN = -2, DUEL_CHIP_HIDDEN = -1 };

/* The action space (actions.py). */
enum {
  DUEL_PASS = 0,
  DUEL_DRAW = 1,
  DUEL_SKIP = 2,
  DUEL_CHIP_AT = 3,
  DUEL_MOON_AT = DUEL_CHIP_AT + DUEL_SMALL_WORKSHOPS,
  DUEL_TILE_AT = DUEL_MOON_AT + DUEL_COLOURS * DUEL_DESTINATIONS,
  DUEL_RETURN_AT = DUEL_TILE_AT + DUEL_CELLS,
  DUEL_TAKE_AT = DUEL_RETURN_AT + DUEL_PLATES,
  DUEL_PLATE_ACTIONS = DUEL_PLATES * DUEL_SLOTS * DUEL_ROTATIONS,
  DUEL_KEEP_AT = DUEL_TAKE_AT + DUEL_PLATE_ACTIONS,
  DUEL_SUN_AT = DUEL_KEEP_AT + DUEL_PLATE_ACTIONS,
  DUEL_ORDERS = 1 + 5 + 25 + 125, /* stacking orders of 0 to 3 leftover tiles */
  DUEL_SPEND_AT = DUEL_SUN_AT + DUEL_WORKSHOPS * DUEL_COLOURS * DUEL_DESTINATIONS * DUEL_ORDERS,
  DUEL_SPEND_CODES = 59049, /* 3 ** 10: 0 to 2 of each chip type */
  DUEL_NUM_ACTIONS = DUEL_SPEND_AT + DUEL_SPEND_CODES,
};

typedef struct DuelRules {
  uint8_t tablets; /* 3 drawn at random, or all 4 */
  uint8_t draw_at_zero;
  uint8_t unused_chip_points;
  uint8_t free_pass;
  uint8_t pass_start_tile; /* an untaken start tile goes to the other player */
} DuelRules;

typedef struct DuelSeat {
  int32_t score;
  int8_t slots[DUEL_SLOTS];         /* plate * 4 + rotation, -1 empty */
  int8_t cells[DUEL_CELLS];         /* cell types, from the slots: colour, special, wild, -1 */
  int8_t tiles[DUEL_CELLS];         /* colour, the special tile, -1 empty */
  int8_t line_colour[DUEL_LINES];   /* -1 while a pattern line is empty */
  uint8_t line_count[DUEL_LINES];
  uint8_t destinations[DUEL_COLOURS]; /* per colour: lines that may receive it, and the broken area */
  uint8_t broken[DUEL_COLOURS];
  uint8_t chips[DUEL_CHIP_TYPES];
  uint8_t plates_taken;
  uint8_t chips_taken;
} DuelSeat;

typedef struct DuelState {
  DuelRules rules;
  int8_t current_player;
  int8_t round;
  int8_t phase;
  int8_t after_display; /* the phase that follows the display's refill */
  int8_t to_move;
  int8_t starter;
  int8_t start_holder;
  int8_t start_taker; /* who took the start tile this round, or -1 */
  uint8_t start_on_moon;
  uint8_t sun_start;  /* the start tile goes with the large sun's one-colour fill */
  uint8_t draw_stage; /* a paid draw: 1 keep or draw again, 2 return the rest */
  uint8_t fill_workshop;
  uint8_t fill_need;
  uint8_t opening_left;
  uint8_t chip_due; /* a bit per small workshop whose chip is to be revealed */
  uint8_t tiling_turn;
  uint8_t tile_line;
  uint8_t tile_stage;
  uint8_t stand_ins; /* chips standing in for tiles on the line being tiled */
  uint8_t last_pass;
  int8_t tablets[DUEL_TABLETS];
  uint8_t bag[DUEL_COLOURS];
  uint8_t tower[DUEL_COLOURS];
  uint8_t suns[DUEL_WORKSHOPS][DUEL_COLOURS];
  uint8_t moon_height[DUEL_SMALL_WORKSHOPS];
  int8_t moons[DUEL_SMALL_WORKSHOPS][DUEL_MOON_HEIGHT]; /* bottom to top */
  uint8_t big_moon[DUEL_COLOURS];
  int8_t chip_at[DUEL_SMALL_WORKSHOPS];
  uint8_t chip_pool[DUEL_CHIP_TYPES];
  uint8_t display_count;
  int8_t display[DUEL_DISPLAY_SIZE];
  uint8_t stack_count;
  int8_t stack[DUEL_PLATES]; /* top first; -1 a plate this view cannot name */
  uint8_t stack_known[DUEL_PLATES];
  uint8_t hand_count;
  int8_t hand[DUEL_PLATES];
  uint8_t pool_count;
  int8_t pool[DUEL_PLATES]; /* the plates nobody located, ascending */
  DuelSeat seats[2];
} DuelState;

extern const KashiGame azul_duel_game;

#endif
