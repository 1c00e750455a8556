/*
** Many games of one configuration stepped together for self-play, as kashi/rl/vector.py's
** VectorGames steps them: one action per game per step by its seat to move, the chance events
** that follow drawn from each game's own stream, rewards paid under a scheme, and a game that
** ends replaced at once by the next (its final position kept apart).
*/
#ifndef KASHI_BATCH_H
#define KASHI_BATCH_H

#include "game.h"

typedef enum KashiReward { KASHI_REWARD_WIN = 0, KASHI_REWARD_SCORE = 1 } KashiReward;

/* An encoder's observation as table lookups (kashi/rl/encoding/base.py, Lookups): entry j of
   seat s's observation is table[row[indices[s][j]] + offsets[s][j]] for the position's packed row. */
typedef struct KashiObserver {
  int size;
  int64_t *indices; /* players rows of size */
  int64_t *offsets;
  float *table;
  int64_t table_size;
} KashiObserver;

typedef struct KashiBatch {
  const KashiGame *game;
  int games;
  int players;
  KashiReward reward;
  int teams[KASHI_MAX_PLAYERS];
  unsigned char *starts; /* the first position with each seat starting, players of them */
  unsigned char *states; /* the games now */
  unsigned char *finals; /* the final positions of the games the last step ended */
  KashiRng *chance;      /* each game's own stream of chance */
  int *scores;           /* each game's scores after its last step, players per game */
  KashiRng seeds;        /* the stream of the games' seeds */
  KashiObserver observer; /* size 0 until kashi_batch_observe_with sets it */
  int width;              /* ints of a packed row */
  int lookup_failed;      /* a packed value outside the observer's tables (a bug): said once */
} KashiBatch;

/* Where a step writes, one row per game (players entries for rewards and scores). */
typedef struct KashiStepOut {
  float *rewards;
  uint8_t *terminated;
  uint8_t *truncated;
  int64_t *final_scores;
  uint8_t *ended;
  int64_t *final_packed;     /* the ended games' final packed rows */
  float *final_observations; /* and their observations by the seat that ended them */
} KashiStepOut;

/* Allocate a batch of games starting from starts (players states, seat k starting in the
   k-th); 0 on success, -1 when out of memory. */
int kashi_batch_open(KashiBatch *batch, const KashiGame *game, int games, const void *starts, KashiReward reward,
                     const int *teams);
void kashi_batch_close(KashiBatch *batch);

void kashi_batch_reset(KashiBatch *batch, uint64_t seed);

/* Take the observer's tables (copied); 0 on success, -1 when out of memory or an index falls
   outside a packed row. */
int kashi_batch_observe_with(KashiBatch *batch, int size, const int64_t *indices, const int64_t *offsets,
                             const float *table, int64_t table_size);

/* The first game whose action is not legal in it, or -1 when all are. */
int kashi_batch_first_illegal(const KashiBatch *batch, const int64_t *actions);

/* Play every game's (legal) action; out's rows are written for every game. */
void kashi_batch_step(KashiBatch *batch, const int64_t *actions, KashiStepOut *out);

/* Each game's packed row (the game's write_packed), legal-action mask, seat to move, and its
   observation by that seat (when an observer is set). */
void kashi_batch_show(KashiBatch *batch, int64_t *packed, int8_t *masks, int64_t *to_move, float *observations);

void *kashi_batch_state(const KashiBatch *batch, int game);
void *kashi_batch_final(const KashiBatch *batch, int game);

#endif
