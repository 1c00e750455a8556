"""The state message: a game as one identity may see it, with the events it has not seen yet.

A viewer holding several seats sees from the seat to move (else its first); an event hidden from
every seat it holds comes redacted, so nothing reaches a client that its seats do not know.
"""

from __future__ import annotations

from typing import Any

from kashi.core.outcome import ScoreChange
from kashi.core.state import parts_of_text, position_words, words_of_text
from kashi.server import forfeits
from kashi.server.room_cache import GameCache
from kashi.server.room_takebacks import pending_ask
from kashi.server.visibility import viewer_bit


def state_message(
    cache: GameCache, user_id: str | None, seen: int | None, presence: dict[str, Any], clock: dict[str, Any]
) -> dict[str, Any]:
    """The identity's view, the events after the ``seen`` first ones (all of them if None, or if
    a takeback left fewer) and the legal moves. The game's component tables, which never change,
    come with a reset only (0.2-0.9 kB): the client keeps them."""
    owned = cache.owned(user_id)
    players = cache.row.players
    bits = [viewer_bit(seat, players) for seat in owned] or [viewer_bit(None, players)]
    total = len(cache.game.events)
    reset = seen is None or seen > total
    start = 0 if seen is None or reset else seen
    low = cache.score_marks[start - 1] if start else 0
    changes: list[ScoreChange] = cache.game.score_log[low:] if total else []
    state = cache.game.state
    to_move = state.current_player
    legal = state.legal_moves() if cache.status == "active" and to_move in owned else []
    texts = [str(move) for move in legal]
    outcome = forfeits.outcome_of(cache.row, state)
    return {
        "type": "state",
        "game": cache.id,
        "variant": cache.row.variant,
        "version": cache.version,
        "status": cache.status,
        "reset": reset,
        "events": [_event(cache, index, bits) for index in range(start, total)],
        "event_count": total,
        "view": state.view(viewer_of(cache, owned)).to_json(),
        "components": state.components() if reset else None,
        "to_move": to_move,
        "you": sorted(owned),
        "legal_moves": texts,
        "moves": [{"text": text, "parts": state.move_parts(move)} for text, move in zip(texts, legal, strict=True)],
        "last_move": _last_move(cache, bits),
        **presence,
        "score_changes": [change.to_json() for change in changes],
        "scores": list(state.scores()),
        "summary": position_words(state),
        "final_scoring_so_far": [change.to_json() for change in state.final_scoring_so_far()],
        "outcome": outcome.to_json() if outcome is not None else None,
        "seats": [seat.to_json() for seat in cache.seats],
        "rated": cache.rated,
        "hints": cache.hints_allowed(user_id),
        "clock": clock,
        "rematch": cache.row.rematch_id,
        "takeback_ask": pending_ask(cache),
    }


def viewer_of(cache: GameCache, owned: set[int]) -> int | None:
    """The seat whose view a holder of ``owned`` gets (None: a spectator's)."""
    if not owned:
        return None
    to_move = cache.game.state.current_player
    return to_move if to_move in owned else min(owned)


def _event(cache: GameCache, index: int, bits: list[int]) -> dict[str, Any]:
    item = cache.game.events[index]
    text = _text_for(cache, index, bits)
    made = cache.game.score_log[cache.score_marks[index - 1] if index else 0 : cache.score_marks[index]]
    return {
        "number": index + 1,
        "seat": item.seat,
        "text": text,
        "hidden": text != item.text,
        "words": cache.game.words_of(index) if text == item.text else words_of_text(cache.game.state, item.seat, text),
        "score_changes": [change.to_json() for change in made],
    }


def _text_for(cache: GameCache, index: int, bits: list[int]) -> str:
    """Event ``index`` as a viewer holding ``bits`` may read it (redacted where hidden)."""
    visibility = cache.visibility[index]
    hidden = all(visibility.hidden_from & bit for bit in bits)
    return visibility.redacted if hidden else cache.game.events[index].text


def _last_move(cache: GameCache, bits: list[int]) -> dict[str, Any] | None:
    """The latest move with its parts, so a table can mark it (none where it is hidden)."""
    for index in range(len(cache.game.events) - 1, -1, -1):
        seat = cache.game.events[index].seat
        if seat is not None:
            text = _text_for(cache, index, bits)
            return {"seat": seat, "text": text, "parts": parts_of_text(cache.game.state, text)}
    return None
