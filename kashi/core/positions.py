"""``kashi.position``: a position line read into a state of a variant or of a game in progress.

The line holds the facts of the table only; the rules come from where it is read into: the
variant with its options, or the game with its own.
"""

from __future__ import annotations

from typing import Any

from kashi.core.game import Game
from kashi.core.registry import AnyState, variant


def position(game: Game | str, text: str, players: int | None = None, **options: Any) -> AnyState:
    """The state a position line describes (docs/notation.md, "Position notation").

    ``game`` is a variant name, read with that variant's rules plus ``options`` and with
    ``players`` seats (by default as many as the line describes), or a ``Game``, read with its
    rules and player count. A bad line raises ``PositionError`` naming the field.
    """
    if isinstance(game, Game):
        if players is not None or options:
            raise TypeError("a game brings its own players and options: give them only with a variant name")
        return game.state.read_position(text)
    chosen = variant(game)

    def blank(seats: int) -> AnyState:
        return chosen.family.make_state(seats, chosen.resolve(seats, options), 0)

    prototype = blank(players if players is not None else chosen.allowed_players[0])
    if players is None:
        seats = prototype.position_players(text)
        if seats != prototype.num_players:
            prototype = blank(seats)
    return prototype.read_position(text)
