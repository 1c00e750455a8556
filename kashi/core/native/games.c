/* The games of the compiled core: a new game adds its engine's line here. */
#include <string.h>

#include "game.h"
#include "../../games/azul/native/azul.h"
#include "../../games/azul_duel/native/azul_duel.h"
#include "../../games/ingenious/native/ingenious.h"

const KashiGame *const kashi_games[] = {&azul_game, &azul_duel_game, &ingenious_game, NULL};

const KashiGame *kashi_game_named(const char *family) {
  for (int index = 0; kashi_games[index] != NULL; index++) {
    if (strcmp(kashi_games[index]->family, family) == 0) return kashi_games[index];
  }
  return NULL;
}
