/*
** Ingenious in C: the whole family (2 to 4 players, teams, solo, the tutorial and every rule
** option), move for move and chance for chance the engine of kashi/games/ingenious/state.py,
** which stays the reference that explains every score and refused move.
**
** Cells are numbered 0..168 over the whole board as hexgrid.py numbers them; a play area
** (distance 5, 6 or 7 from the centre by players) numbers its adjacent cell pairs, "edges", as
** hexgrid.area does. Actions are IngeniousState.action_id's: edge * 36 + slot (actions.py: slot
** 2k and 2k + 1 the k-th two-colour tile with its lower colour on the edge's lower and higher
** cell, 30 + c the double of colour c), then swap and keep: 8,642, 12,314 and 16,634 ids for the
** areas of 1-2, 3 and 4 players, more than KASHI_MAX_ACTIONS, but at most 12 slots on each free
** edge (5,544) are legal at once, so the core's buffers of legal actions hold them.
**
** Fields, the position as integers (kashi/games/ingenious/compiled.py packs and unpacks them):
**   players, current_player, turn, turns, touched, bonus, deciding, draw_seat, draw_target,
**   draw_left, draw_line, after, hidden, bag_size; the rules: teams, solo, centre_star,
**   must_touch, group_scoring, global_lock, reserve_hand, stuck_discard, end_bag,
**   tiebreak_total, empty_rack_refill, complete_tie_draw, then the colour of each of the six
**   start symbols (hexgrid.START_CELLS order);
**   then the bag's 21 counts per tile type; the number of jobs and 8 jobs (seat, rack, count;
**   -1 -1 -1 unused); the set-aside tiles; per score board its 6 tracks; per seat its rack,
**   reserve and shown rack; the number of tiles placed and each as first, second, a, b.
**   A tile list is its length and 6 tile types (21 a hidden tile), -1 past the length.
** The board, the free pairs, locked colours and the end's result are worked out again from
** these, so a state read here has every cache its own engine would have.
*/
#ifndef KASHI_INGENIOUS_H
#define KASHI_INGENIOUS_H

#include <stdint.h>

#include "../../../core/native/game.h"

enum {
  INGENIOUS_COLOURS = 6,
  INGENIOUS_TYPES = 21,        /* tile types: colour pairs, lower colour first (tiles.py) */
  INGENIOUS_HIDDEN = 21,       /* a tile of a rack the view hides */
  INGENIOUS_RACK_SIZE = 6,
  INGENIOUS_GOAL = 18,
  INGENIOUS_TOTAL_TILES = 120,
  INGENIOUS_CELLS = 169,
  INGENIOUS_DIRECTIONS = 6,
  INGENIOUS_STARTS = 6,
  INGENIOUS_MAX_EDGES = 462,   /* the edges of the 4-player area */
  INGENIOUS_SLOTS = 36,        /* action slots per edge */
  INGENIOUS_DOUBLE_SLOTS = 30, /* the first double's slot */
  INGENIOUS_MAX_PLAYERS = 4,
  INGENIOUS_MAX_PLACED = 84,   /* 168 empty cells around a centre star, two per tile */
  INGENIOUS_MAX_JOBS = 8,      /* the setup draws: an active and a reserve rack per seat */
  INGENIOUS_HEADER_FIELDS = 32,
  INGENIOUS_LIST_FIELDS = 1 + INGENIOUS_RACK_SIZE,
};

/* Board values besides the colours 0..5 (layout.py). */
enum { INGENIOUS_EMPTY = 6, INGENIOUS_STAR = 7, INGENIOUS_OUTSIDE = 8 };

/* Which rack a draw fills; what follows a run of draws (state.py). */
enum { INGENIOUS_ACTIVE = 0, INGENIOUS_RESERVE = 1 };
enum { INGENIOUS_NEXT_TURN = 0, INGENIOUS_RESUME = 1, INGENIOUS_FIRST_TURN = 2 };

typedef enum IngeniousEnding { INGENIOUS_PLAYING = 0, INGENIOUS_BY_RULES = 1, INGENIOUS_INSTANT_WIN = 2 } IngeniousEnding;

typedef struct IngeniousRules {
  uint8_t teams;
  uint8_t solo;
  uint8_t centre_star;  /* start = "centre-star" */
  uint8_t must_touch;
  uint8_t group_scoring;
  uint8_t global_lock;  /* cap = "global-lock"; else bonus placements, swaps and the instant win */
  uint8_t reserve_hand;
  uint8_t stuck_discard; /* plays alike either way (rules.py); kept for the round trip */
  uint8_t end_bag;
  uint8_t tiebreak_total;
  uint8_t empty_rack_refill;
  uint8_t complete_tie_draw;
  int8_t start_colours[INGENIOUS_STARTS];
} IngeniousRules;

/* A rack (or the set-aside or shown tiles) in the Python list's order. */
typedef struct IngeniousTiles {
  uint8_t length;
  int8_t kinds[INGENIOUS_RACK_SIZE];
} IngeniousTiles;

typedef struct IngeniousJob {
  int8_t seat, target, count;
} IngeniousJob;

typedef struct IngeniousPlacement {
  int8_t first, second; /* colours on cells a and b, canonical (moves.py) */
  uint8_t a, b;
} IngeniousPlacement;

typedef struct IngeniousState {
  IngeniousRules rules;
  int8_t players;
  int8_t radius;        /* the play area */
  int8_t boards;        /* score boards: one per seat, or per team */
  int8_t reserve;       /* each seat also holds a reserve rack */
  int8_t current_player;
  int8_t turn;
  int8_t draw_seat;
  int8_t draw_target;
  int8_t draw_left;
  int8_t after;
  int8_t job_count;
  int8_t ended;         /* IngeniousEnding */
  int8_t winner;        /* the board that won at once, or -1 */
  uint8_t deciding;
  uint8_t touched;      /* start symbols touched in the first round, bit per symbol */
  uint8_t locked;       /* global lock: colours locked, bit per colour */
  uint8_t hidden;       /* seats whose racks this view hides, bit per seat */
  int16_t bonus;        /* bonus placements owed, the one being made included */
  int16_t bag_size;
  int32_t turns;
  int32_t draw_line;
  uint8_t bag[INGENIOUS_TYPES];
  uint8_t tracks[INGENIOUS_MAX_PLAYERS][INGENIOUS_COLOURS];
  IngeniousTiles racks[INGENIOUS_MAX_PLAYERS];
  IngeniousTiles reserves[INGENIOUS_MAX_PLAYERS];
  IngeniousTiles revealed[INGENIOUS_MAX_PLAYERS];
  IngeniousTiles aside;
  IngeniousJob jobs[INGENIOUS_MAX_JOBS];
  uint8_t board[INGENIOUS_CELLS];
  int16_t free_count;
  int16_t free[INGENIOUS_MAX_EDGES];          /* edges with both cells empty, in the Python list's order */
  int16_t free_position[INGENIOUS_MAX_EDGES]; /* each edge's index in free, or -1 */
  uint8_t placed_count;
  IngeniousPlacement placed[INGENIOUS_MAX_PLACED];
} IngeniousState;

extern const KashiGame ingenious_game;

#endif
