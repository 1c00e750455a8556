/*
** Determinized open-loop Monte Carlo tree search over any game of the core: the whole loop of
** kashi/bots/mcts.py (progressive widening, the root's moves in a given order, rollouts by the
** game's policy ended by its evaluation, rewards as squashed margins, the early stop) in C.
*/
#ifndef KASHI_SEARCH_H
#define KASHI_SEARCH_H

#include "game.h"

typedef struct KashiSearchSettings {
  int iterations;
  double seconds; /* 0: no clock, the iterations alone bound the search */
  double exploration;
  double widening;
  int rollout_plies;
  double scale;
  int early_stop;
  int stop_at_chance;
  uint64_t seed;
} KashiSearchSettings;

/* One child of the root: its action, visits and total reward for the mover. */
typedef struct KashiRootChild {
  int action;
  int visits;
  double total;
} KashiRootChild;

typedef struct KashiSearchResult {
  int iterations;
  int child_count;
  KashiRootChild *children; /* malloc'd, child_count entries, in the order they entered */
} KashiSearchResult;

/* Search from root, whose moves enter in root_order; 0 on success, -1 when out of memory. */
int kashi_search(const KashiGame *game, const void *root, const int *root_order, int order_count,
                 const KashiSearchSettings *settings, KashiSearchResult *result);

#endif
