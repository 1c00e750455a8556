/*
** Greedy play and greedy playouts over any game of the core: what kashi/bots/greedy.py and
** kashi/bots/rollout.py do with the Python engines (the game's evaluation of the position each
** move leaves; every seat playing greedy for a few decisions), in C.
*/
#ifndef KASHI_PLAYOUT_H
#define KASHI_PLAYOUT_H

#include "game.h"

/* The legal actions of the seat to move, with the mover's evaluation of the position each
   leaves (values[k] for actions[k]); returns how many. */
int kashi_greedy_values(const KashiGame *game, const void *state, int *actions, double *values);

/* A legal action with the best value for the mover, ties broken with rng; -1 when none. */
int kashi_greedy_action(const KashiGame *game, const void *state, KashiRng *rng);

/* RolloutBot.sample_margins: on one determinization of view (drawn with rng), each candidate
   played, then every seat greedy for plies decisions (chance drawn on the way), all candidates
   sharing one random stream; margins[k] is the mover's margin at the end of candidate k's
   playout (-infinity for a candidate illegal in the determinization). */
void kashi_sample_margins(const KashiGame *game, const void *view, const int *candidates, int count, int plies,
                          KashiRng *rng, double *margins);

/* The seat's value minus the best other seat's (its own value in a solo game): values.margin. */
double kashi_margin(const double *values, int players, int seat);

#endif
