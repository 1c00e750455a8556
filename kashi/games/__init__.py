"""The game families. Importing this package registers each family and its variants."""

import kashi.games.azul
import kashi.games.azul_duel
import kashi.games.ingenious  # noqa: F401
