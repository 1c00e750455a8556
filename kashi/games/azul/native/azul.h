/*
** Azul in C: the whole family (colour and grey walls, Mini, the quick rules) for 2 to 4
** players, move for move and chance for chance the engine of kashi/games/azul/state.py, which
** stays the reference that explains every score and refused move.
**
** Actions are AzulState.action_id's: drafts (source * 5 + colour) * 6 + line, the centre being
** source `factories` and the floor line 5; then, with partial floors, the partial drafts; then,
** on the grey side, the wall placements line * 5 + column.
**
** Fields, the position as integers (kashi/games/azul/native.py packs and unpacks them):
**   players, current_player, round, starter, next_starter, marker_in_centre, marker_floor,
**   fill_index, tiling_seat, tiling_line (-1 -1 when no tiling waits), ended (0 no, 1 by the
**   rules, 2 truncated), the rules: grey, partial_floor, rounds, centre_seed_tile,
**   overflow_discard, leftover_penalty, cross, max_rounds;
**   then 5 counts per factory, the centre, the bag and the lid;
**   then per seat: score, 5 line colours (-1 empty), 5 line counts, 25 wall cells (the colour
**   placed, -1 empty), the floor's length and its 7 spaces (colour, 5 the marker, -1 empty).
*/
#ifndef KASHI_AZUL_H
#define KASHI_AZUL_H

#include <stdint.h>

#include "../../../core/native/game.h"

enum {
  AZUL_COLOURS = 5,
  AZUL_LINES = 5,
  AZUL_WALL_CELLS = 25,
  AZUL_TILES_PER_COLOUR = 20,
  AZUL_FACTORY_SIZE = 4,
  AZUL_FLOOR_SPACES = 7,
  AZUL_MAX_PLAYERS = 4,
  AZUL_MAX_FACTORIES = 9,
  AZUL_FLOOR_LINE = 5,   /* the destination "line" of a draft straight to the floor */
  AZUL_CENTRE_BIT = 9,   /* the centre's bit in a holders mask, after the factories' */
  AZUL_MARKER = 5,       /* the starting-player marker on a floor */
  AZUL_HEADER_FIELDS = 19,
  AZUL_SEAT_FIELDS = 44,
};

typedef enum AzulEnding { AZUL_PLAYING = 0, AZUL_BY_RULES = 1, AZUL_TRUNCATED = 2 } AzulEnding;

typedef struct AzulRules {
  uint8_t grey;
  uint8_t partial_floor;
  uint8_t centre_seed_tile;
  uint8_t overflow_discard;
  uint8_t leftover_penalty;
  uint8_t cross;
  int16_t rounds;     /* 0: the game ends at a complete wall row */
  int16_t max_rounds; /* the engine's cap: a game still going is truncated there */
} AzulRules;

typedef struct AzulBoard {
  int32_t score;
  uint32_t wall;                   /* bit line * 5 + column per tiled space */
  int8_t cells[AZUL_WALL_CELLS];   /* the colour on each space, -1 empty */
  int8_t line_colour[AZUL_LINES];  /* -1 while a pattern line is empty */
  uint8_t line_count[AZUL_LINES];
  uint8_t row_colours[AZUL_LINES]; /* per wall row, a mask of its colours */
  uint8_t column_colours[AZUL_LINES];
  uint8_t accept[AZUL_COLOURS];    /* per colour, a mask of the lines that may take it now */
  uint8_t floor_length;
  int8_t floor[AZUL_FLOOR_SPACES];
} AzulBoard;

typedef struct AzulState {
  AzulRules rules;
  int8_t players;
  int8_t factory_count;
  int8_t current_player;
  int8_t starter;
  int8_t next_starter;
  int8_t marker_floor; /* the seat that took the marker this round, or -1 */
  int8_t tiling_seat;  /* grey side: the seat and line whose placement waits, or -1 */
  int8_t tiling_line;
  uint8_t marker_in_centre;
  uint8_t fill_index;
  uint8_t ended;
  int16_t round;
  int16_t table_tiles;
  uint8_t factories[AZUL_MAX_FACTORIES][AZUL_COLOURS];
  uint8_t centre[AZUL_COLOURS];
  uint8_t bag[AZUL_COLOURS];
  uint8_t lid[AZUL_COLOURS];
  uint16_t holders[AZUL_COLOURS]; /* per colour, a mask of the sources holding it */
  AzulBoard boards[AZUL_MAX_PLAYERS];
} AzulState;

extern const KashiGame azul_game;

#endif
