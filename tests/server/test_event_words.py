"""An event's words in the state message (issue 47, a log people read): a move as the game kept
them from the position before it, and a line hidden from the viewer said no further than its
redacted text, so the words never tell what the notation hides (Azul Duel's plate put under
the stack, Ingenious's tiles drawn)."""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

from kashi.core.game import Game, new_game
from kashi.server.room_view import _event
from kashi.server.visibility import annotate, viewer_bit


def cached(name: str, seed: int) -> Any:
    """A finished game as the room cache holds it: replayed with its words, each event's
    visibility and where the score log stood after it."""
    game = new_game(name, 2, seed=seed)
    rng = random.Random(seed)
    while not game.is_over():
        moves = game.legal_moves()
        game.play(rng.choice([move for move in moves if str(move).startswith(("draw", "bottom"))] or moves))
    record = game.record()
    replayed = Game.for_record(record, words=True)
    marks = [len(replayed.score_log) for _ in replayed.replay(record)]
    return SimpleNamespace(game=replayed, visibility=annotate(Game.for_record(record).state, record.events),
                           score_marks=marks)  # fmt: skip


def test_a_plate_put_under_the_stack_is_said_only_to_its_player() -> None:
    cache = cached("azul-duel", 0)
    returned = [index for index, item in enumerate(cache.game.events) if item.text.startswith("bottom")]
    assert returned, "this seed puts plates under the stack"
    for index in returned:
        mover = cache.game.events[index].seat
        own = _event(cache, index, [viewer_bit(mover, 2)])
        other = _event(cache, index, [viewer_bit(1 - mover, 2)])
        plate = int(cache.game.events[index].text.split()[1])
        assert own["words"] == {"key": "azul_duel.say.bottom", "params": {"plate": plate}}
        assert (other["text"], other["words"]) == ("bottom ?", None), "a hidden move is left in its notation"


def test_a_hidden_draw_says_only_how_many_tiles() -> None:
    cache = cached("ingenious", 1)
    draws = [index for index, item in enumerate(cache.game.events) if item.text.startswith("draw 1 ")]
    assert draws
    for index in draws:
        own = _event(cache, index, [viewer_bit(1, 2)])
        other = _event(cache, index, [viewer_bit(0, 2)])
        assert own["words"] == cache.game.words_of(index) and own["words"]["key"] == "ingenious.say.draw"
        assert other["words"]["key"] == "ingenious.say.draw_hidden" and set(other["words"]["params"]) == {
            "seat",
            "player",
            "count",
        }
