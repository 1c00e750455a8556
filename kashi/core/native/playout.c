#include "playout.h"

#include <math.h>
#include <string.h>

double kashi_margin(const double *values, int players, int seat) {
  if (players == 1) return values[seat];
  double best_other = -INFINITY;
  for (int other = 0; other < players; other++) {
    if (other != seat && values[other] > best_other) best_other = values[other];
  }
  return values[seat] - best_other;
}

int kashi_greedy_values(const KashiGame *game, const void *state, int *actions, double *values) {
  unsigned char child[KASHI_MAX_STATE_BYTES];
  double seats[KASHI_MAX_PLAYERS];
  int mover = game->current_player(state);
  int count = mover < 0 ? 0 : game->legal_actions(state, actions);
  for (int index = 0; index < count; index++) {
    memcpy(child, state, game->state_size);
    game->apply(child, actions[index]);
    game->evaluate(child, seats);
    values[index] = seats[mover];
  }
  return count;
}

int kashi_greedy_action(const KashiGame *game, const void *state, KashiRng *rng) {
  int actions[KASHI_MAX_ACTIONS];
  double values[KASHI_MAX_ACTIONS];
  int count = kashi_greedy_values(game, state, actions, values);
  if (!count) return -1;
  double top = values[0];
  for (int index = 1; index < count; index++) top = values[index] > top ? values[index] : top;
  int best = 0; /* the actions of the top value, gathered at the front */
  for (int index = 0; index < count; index++) {
    if (values[index] == top) actions[best++] = actions[index];
  }
  return actions[kashi_rng_below(rng, best)];
}

/* Every seat plays greedy for plies decisions or to the end, chance drawn with rng. */
static void play_out(const KashiGame *game, void *state, int plies, KashiRng *rng) {
  for (int decisions = 0; decisions < plies;) {
    int player = game->current_player(state);
    if (player == KASHI_CHANCE) {
      game->apply_chance(state, rng);
      continue;
    }
    if (player < 0) return;
    int action = kashi_greedy_action(game, state, rng);
    if (action < 0 || game->apply(state, action) != KASHI_OK) return;
    decisions++;
  }
}

void kashi_sample_margins(const KashiGame *game, const void *view, const int *candidates, int count, int plies,
                          KashiRng *rng, double *margins) {
  unsigned char sample[KASHI_MAX_STATE_BYTES], child[KASHI_MAX_STATE_BYTES];
  double values[KASHI_MAX_PLAYERS];
  int seat = game->current_player(view);
  int players = game->num_players(view);
  memcpy(sample, view, game->state_size);
  if (game->determinize != NULL) game->determinize(sample, rng);
  uint64_t stream = kashi_rng_next(rng);
  for (int index = 0; index < count; index++) {
    memcpy(child, sample, game->state_size);
    if (game->apply(child, candidates[index]) != KASHI_OK) {
      margins[index] = -INFINITY;
      continue;
    }
    KashiRng shared;
    kashi_rng_seed(&shared, stream);
    play_out(game, child, plies, &shared);
    game->evaluate(child, values);
    margins[index] = kashi_margin(values, players, seat);
  }
}
