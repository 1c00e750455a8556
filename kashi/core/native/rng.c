#include "rng.h"

static const uint64_t GOLDEN_GAMMA = 0x9E3779B97F4A7C15u;
static const double UNIT = 1.0 / 9007199254740992.0; /* 2 to the power -53 */

void kashi_rng_seed(KashiRng *rng, uint64_t seed) { rng->counter = seed; }

uint64_t kashi_rng_next(KashiRng *rng) {
  uint64_t z = (rng->counter += GOLDEN_GAMMA);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
  return z ^ (z >> 31);
}

double kashi_rng_unit(KashiRng *rng) { return (double)(kashi_rng_next(rng) >> 11) * UNIT; }

int kashi_rng_below(KashiRng *rng, int count) { return (int)(kashi_rng_unit(rng) * count); }
