/*
** The random numbers of the compiled core: SplitMix64, a 64-bit counter passed through a
** mixing function. It is tiny, fast and passes BigCrush, and kashi/core/splitmix.py computes
** the same stream in Python, so a game played here and one played by the Python engine from
** the same seed draw the same numbers.
*/
#ifndef KASHI_RNG_H
#define KASHI_RNG_H

#include <stdint.h>

typedef struct KashiRng {
  uint64_t counter;
} KashiRng;

void kashi_rng_seed(KashiRng *rng, uint64_t seed);

/* The next 64 random bits. */
uint64_t kashi_rng_next(KashiRng *rng);

/* A double in [0, 1) from the top 53 bits, as Python's random() gives one. */
double kashi_rng_unit(KashiRng *rng);

/* An integer in [0, count): floor(unit * count), the draw both engines make. */
int kashi_rng_below(KashiRng *rng, int count);

#endif
