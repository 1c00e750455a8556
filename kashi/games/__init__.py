"""The game families. Importing this package registers each family and its variants."""

import kashi.games.azul  # noqa: F401
