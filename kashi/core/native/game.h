/*
** The contract between a game's C engine and the generic parts of the compiled core
** (random self-play, Monte Carlo tree search, the Python module).
**
** It mirrors State in kashi/core/state.py, with moves as the action ids of the game's fixed
** action space (State.action_id) and chance drawn and applied in one step. A state is a plain
** struct of state_size bytes with no pointers, so memcpy copies it. Positions cross to and
** from Python as a flat list of integers, the game's "fields", which the Python side packs from
** and unpacks into its own state (kashi/games/<game>/native.py).
*/
#ifndef KASHI_GAME_H
#define KASHI_GAME_H

#include <stddef.h>
#include <stdint.h>

#include "rng.h"

/* current_player while a chance event is due, and once the game is over (as in state.py). */
enum { KASHI_CHANCE = -1, KASHI_TERMINAL = -2 };

/* The most actions legal at once in any position of any game (buffers of legal ids are sized by
   it; the ids themselves run to num_actions, which may be larger), the most seats, and the most
   fields or packed ints of a position. */
enum { KASHI_MAX_ACTIONS = 8192, KASHI_MAX_PLAYERS = 4, KASHI_MAX_FIELDS = 1024 };

/* The largest state of any game: search and playouts copy states into buffers of this size on
   the stack, and the module refuses to load with a game whose state is larger. */
enum { KASHI_MAX_STATE_BYTES = 4096 };

/* What apply and read_fields answer. */
typedef enum KashiStatus { KASHI_OK = 0, KASHI_ILLEGAL = 1, KASHI_MALFORMED = 2 } KashiStatus;

typedef struct KashiGame {
  const char *family;
  size_t state_size;

  /* Build a state from fields; on KASHI_MALFORMED write why into error (size error_size). */
  KashiStatus (*read_fields)(void *state, const int64_t *fields, int count, char *error, size_t error_size);
  /* Write the state's fields; return how many (at most KASHI_MAX_FIELDS). */
  int (*write_fields)(const void *state, int64_t *fields);

  int (*num_players)(const void *state);
  int (*current_player)(const void *state);
  int (*num_actions)(const void *state);

  /* The legal actions of the seat to move, in the Python engine's order; return how many. */
  int (*legal_actions)(const void *state, int *actions);
  int (*is_legal)(const void *state, int action);
  /* Play a legal action; an illegal one answers KASHI_ILLEGAL and changes nothing. */
  KashiStatus (*apply)(void *state, int action);
  /* Draw the due chance event with its probability and apply it, as sample_chance does. */
  void (*apply_chance)(void *state, KashiRng *rng);

  /* A full position consistent with this one, its hidden parts drawn at random (State.determinize);
     NULL for a game that hides nothing. */
  void (*determinize)(void *state, KashiRng *rng);

  /* The game's knowledge for search: evaluate() per seat and the rollout policy. */
  void (*evaluate)(const void *state, double *values);
  int (*rollout_action)(const void *state, KashiRng *rng);
  void (*scores)(const void *state, int *scores);

  /* Once the game is over: a mask of the winning seats (bit per seat), and whether the game
     was cut at the engine's cap rather than ended by the rules. */
  unsigned (*winners)(const void *state);
  int (*truncated)(const void *state);

  /* Learning: the position as the ints the game's observation encoder reads (its learning
     module's "packed" row, packed_width of them), so that the encoder's table lookups turn
     them into the observation (at most KASHI_MAX_FIELDS); NULL for a game whose encoder reads
     the state otherwise. */
  int (*packed_width)(const void *state);
  void (*write_packed)(const void *state, int64_t *row);
} KashiGame;

/* The games built into the core, and one by family name (NULL when absent). */
extern const KashiGame *const kashi_games[];
const KashiGame *kashi_game_named(const char *family);

#endif
