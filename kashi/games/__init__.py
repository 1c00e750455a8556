"""The game families. Importing this package registers each family and its variants."""

import kashi.games.azul  # noqa: F401
import kashi.games.azul_duel  # noqa: F401
