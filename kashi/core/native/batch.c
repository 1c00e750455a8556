#include "batch.h"

#include <stdlib.h>
#include <string.h>

void *kashi_batch_state(const KashiBatch *batch, int game) {
  return batch->states + (size_t)game * batch->game->state_size;
}

void *kashi_batch_final(const KashiBatch *batch, int game) {
  return batch->finals + (size_t)game * batch->game->state_size;
}

int kashi_batch_open(KashiBatch *batch, const KashiGame *game, int games, const void *starts, KashiReward reward,
                     const int *teams) {
  size_t size = game->state_size;
  memset(batch, 0, sizeof *batch);
  batch->game = game;
  batch->games = games;
  batch->players = game->num_players(starts);
  batch->reward = reward;
  memcpy(batch->teams, teams, sizeof(int) * (size_t)batch->players);
  batch->starts = malloc(size * (size_t)batch->players);
  batch->states = calloc((size_t)games, size);
  batch->finals = calloc((size_t)games, size);
  batch->chance = calloc((size_t)games, sizeof(KashiRng));
  batch->scores = calloc((size_t)games * (size_t)batch->players, sizeof(int));
  if (!batch->starts || !batch->states || !batch->finals || !batch->chance || !batch->scores) {
    kashi_batch_close(batch);
    return -1;
  }
  memcpy(batch->starts, starts, size * (size_t)batch->players);
  batch->width = game->packed_width != NULL ? game->packed_width(starts) : 0;
  for (int index = 0; index < games; index++) memcpy(kashi_batch_final(batch, index), starts, size);
  kashi_batch_reset(batch, 0); /* every slot holds a game before the first reset */
  return 0;
}

int kashi_batch_observe_with(KashiBatch *batch, int size, const int64_t *indices, const int64_t *offsets,
                             const float *table, int64_t table_size) {
  size_t entries = (size_t)size * (size_t)batch->players;
  for (size_t entry = 0; entry < entries; entry++) {
    if (indices[entry] < 0 || indices[entry] >= batch->width) return -1;
  }
  KashiObserver observer = {size, malloc(sizeof(int64_t) * entries), malloc(sizeof(int64_t) * entries),
                            malloc(sizeof(float) * (size_t)table_size), table_size};
  if (!observer.indices || !observer.offsets || !observer.table) {
    free(observer.indices);
    free(observer.offsets);
    free(observer.table);
    return -1;
  }
  memcpy(observer.indices, indices, sizeof(int64_t) * entries);
  memcpy(observer.offsets, offsets, sizeof(int64_t) * entries);
  memcpy(observer.table, table, sizeof(float) * (size_t)table_size);
  free(batch->observer.indices);
  free(batch->observer.offsets);
  free(batch->observer.table);
  batch->observer = observer;
  return 0;
}

/* Seat's observation of the position whose packed row is row. */
static void observe(KashiBatch *batch, const int64_t *row, int seat, float *out) {
  const KashiObserver *observer = &batch->observer;
  const int64_t *indices = observer->indices + (size_t)seat * observer->size;
  const int64_t *offsets = observer->offsets + (size_t)seat * observer->size;
  for (int entry = 0; entry < observer->size; entry++) {
    int64_t at = row[indices[entry]] + offsets[entry];
    if (at < 0 || at >= observer->table_size) {
      batch->lookup_failed = 1;
      at = 0;
    }
    out[entry] = observer->table[at];
  }
}

void kashi_batch_close(KashiBatch *batch) {
  free(batch->starts);
  free(batch->states);
  free(batch->finals);
  free(batch->chance);
  free(batch->scores);
  free(batch->observer.indices);
  free(batch->observer.offsets);
  free(batch->observer.table);
  memset(batch, 0, sizeof *batch);
}

static void draw_chance(const KashiBatch *batch, int game) {
  void *state = kashi_batch_state(batch, game);
  while (batch->game->current_player(state) == KASHI_CHANCE) batch->game->apply_chance(state, &batch->chance[game]);
}

/* A new game in a slot: its own seed, a starting seat drawn from it, the first chance drawn. */
static void start_game(KashiBatch *batch, int game) {
  KashiRng *chance = &batch->chance[game];
  kashi_rng_seed(chance, kashi_rng_next(&batch->seeds));
  int first = kashi_rng_below(chance, batch->players);
  void *state = kashi_batch_state(batch, game);
  memcpy(state, batch->starts + (size_t)first * batch->game->state_size, batch->game->state_size);
  draw_chance(batch, game);
  batch->game->scores(state, batch->scores + (size_t)game * batch->players);
}

void kashi_batch_reset(KashiBatch *batch, uint64_t seed) {
  kashi_rng_seed(&batch->seeds, seed);
  for (int game = 0; game < batch->games; game++) start_game(batch, game);
}

int kashi_batch_first_illegal(const KashiBatch *batch, const int64_t *actions) {
  for (int game = 0; game < batch->games; game++) {
    int64_t action = actions[game];
    int in_range = action >= 0 && action < batch->game->num_actions(batch->starts);
    if (!in_range || !batch->game->is_legal(kashi_batch_state(batch, game), (int)action)) return game;
  }
  return -1;
}

/* Each seat's score minus the mean score of the seats on other teams (its own score if alone). */
static void margins(const KashiBatch *batch, const int *scores, double *out) {
  for (int seat = 0; seat < batch->players; seat++) {
    double others = 0.0;
    int count = 0;
    for (int other = 0; other < batch->players; other++) {
      if (batch->teams[other] == batch->teams[seat]) continue;
      others += scores[other];
      count++;
    }
    out[seat] = scores[seat] - (count ? others / count : 0.0);
  }
}

/* The win scheme at the end: +1 to the seats of the one winning team, 0 to all when teams share
   first place, -1 to the others. */
static void win_returns(const KashiBatch *batch, unsigned winners, float *rewards) {
  unsigned winning_teams = 0;
  for (int seat = 0; seat < batch->players; seat++) {
    if ((winners >> seat) & 1u) winning_teams |= 1u << batch->teams[seat];
  }
  int several = (winning_teams & (winning_teams - 1)) != 0;
  for (int seat = 0; seat < batch->players; seat++) {
    int won = (winning_teams >> batch->teams[seat]) & 1u;
    rewards[seat] = won ? (several ? 0.0f : 1.0f) : -1.0f;
  }
}

static void pay_scores(KashiBatch *batch, int game, const void *state, float *rewards) {
  int *before = batch->scores + (size_t)game * batch->players;
  int now[KASHI_MAX_PLAYERS];
  batch->game->scores(state, now);
  if (memcmp(now, before, sizeof(int) * (size_t)batch->players) == 0) return;
  double then_margins[KASHI_MAX_PLAYERS], now_margins[KASHI_MAX_PLAYERS];
  margins(batch, before, then_margins);
  margins(batch, now, now_margins);
  for (int seat = 0; seat < batch->players; seat++) rewards[seat] = (float)(now_margins[seat] - then_margins[seat]);
  memcpy(before, now, sizeof(int) * (size_t)batch->players);
}

void kashi_batch_step(KashiBatch *batch, const int64_t *actions, KashiStepOut *out) {
  const KashiGame *game = batch->game;
  int players = batch->players;
  memset(out->rewards, 0, sizeof(float) * (size_t)batch->games * (size_t)players);
  memset(out->final_scores, 0, sizeof(int64_t) * (size_t)batch->games * (size_t)players);
  for (int index = 0; index < batch->games; index++) {
    void *state = kashi_batch_state(batch, index);
    float *rewards = out->rewards + (size_t)index * players;
    int mover = game->current_player(state);
    game->apply(state, (int)actions[index]);
    draw_chance(batch, index);
    int over = game->current_player(state) == KASHI_TERMINAL;
    if (batch->reward == KASHI_REWARD_SCORE) pay_scores(batch, index, state, rewards);
    out->ended[index] = (uint8_t)over;
    out->terminated[index] = out->truncated[index] = 0;
    if (!over) continue;
    if (batch->reward == KASHI_REWARD_WIN) win_returns(batch, game->winners(state), rewards);
    int cut = game->truncated(state);
    out->truncated[index] = (uint8_t)cut;
    out->terminated[index] = (uint8_t)!cut;
    int scores[KASHI_MAX_PLAYERS];
    game->scores(state, scores);
    for (int seat = 0; seat < players; seat++) out->final_scores[(size_t)index * players + seat] = scores[seat];
    memcpy(kashi_batch_final(batch, index), state, game->state_size);
    int64_t *row = out->final_packed + (size_t)index * batch->width;
    game->write_packed(state, row);
    if (batch->observer.size) observe(batch, row, mover, out->final_observations + (size_t)index * batch->observer.size);
    start_game(batch, index);
  }
}

void kashi_batch_show(KashiBatch *batch, int64_t *packed, int8_t *masks, int64_t *to_move, float *observations) {
  const KashiGame *game = batch->game;
  int actions = game->num_actions(batch->starts);
  int legal[KASHI_MAX_ACTIONS];
  for (int index = 0; index < batch->games; index++) {
    const void *state = kashi_batch_state(batch, index);
    int8_t *mask = masks + (size_t)index * actions;
    int64_t *row = packed + (size_t)index * batch->width;
    int seat = game->current_player(state);
    game->write_packed(state, row);
    memset(mask, 0, (size_t)actions);
    int count = game->legal_actions(state, legal);
    for (int entry = 0; entry < count; entry++) mask[legal[entry]] = 1;
    to_move[index] = seat;
    if (batch->observer.size) observe(batch, row, seat, observations + (size_t)index * batch->observer.size);
  }
}
