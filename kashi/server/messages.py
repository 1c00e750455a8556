"""The server's catalogue messages: every refusal carries a key, parameters and English text."""

from __future__ import annotations

from typing import Any

from kashi.core.messages import Message, register

register(
    {
        "server.stale": "the game has moved on: version {current} is current, the request was for {sent}",
        "server.not_started": "the game has not started: some seats are still open",
        "server.finished": "the game is over",
        "server.not_your_seat": "you do not hold seat {seat}",
        "server.no_seat": "you hold no seat in this game that is to move",
        "server.seat_standin": "a bot is playing seat {seat}; reconnect to take it back",
        "server.bad_move": "the move {move!r} could not be read",
        "server.bad_message": "the message is not valid: {detail}",
        "server.hello_first": "send a hello message first",
        "server.too_large": "messages are limited to {limit} bytes",
        "server.rate_limited": "too many messages: at most {burst} at once and {rate} a second",
        "server.bad_origin": "this origin may not open a game connection",
        "server.no_game": "there is no game {game!r}",
        "server.bad_token": "the seat token is not valid for this game",
        "server.takeback_not_alone": "takebacks are allowed only when every other seat is a bot or yours",
        "server.takeback_nothing": "you have no move to take back",
        "server.takeback_hidden": "a takeback cannot go past a chance event or a reveal of hidden information",
    }
)


def reason(key: str, **params: Any) -> dict[str, Any]:
    return Message(key, params).to_json()
