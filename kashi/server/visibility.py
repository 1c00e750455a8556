"""Which record lines each seat may read: a line is hidden from a viewer when it says more than
the viewer's own view shows.

The test is counterfactual and uses only the game contract: a chance token is hidden from a
viewer if another possible outcome would have left the viewer's view unchanged; a move is hidden
if it cannot be replayed on the viewer's view and another legal move that differs from it in one
word would have left the view unchanged (Azul Duel's ``bottom P`` of a plate only its drawer
saw). Hidden lines are shown redacted: the heading or move kind, with ``?`` for each secret.
"""

from __future__ import annotations

from dataclasses import dataclass

from kashi.core.errors import KashiError
from kashi.core.record import Event
from kashi.core.registry import AnyState

_MAX_MOVE_ALTERNATIVES = 16


@dataclass(frozen=True)
class Visibility:
    """``hidden_from`` has bit ``seat`` per seat and bit ``players`` for spectators."""

    hidden_from: int
    redacted: str


def viewers(players: int) -> list[int | None]:
    return [*range(players), None]


def viewer_bit(viewer: int | None, players: int) -> int:
    return 1 << (players if viewer is None else viewer)


def annotate(state: AnyState, events: list[Event]) -> list[Visibility]:
    """The visibility of each event, applying them in turn to ``state`` (which is changed).

    A game whose views hide nothing (Azul) shows every line to everyone as it is: the
    counterfactual test would only confirm it, at a cost of milliseconds a move on the event
    loop (a refill's line alone tries an alternative for each of its tiles)."""
    if not state.hidden_information:
        return [Visibility(0, item.text) for item in events]
    result = []
    for item in events:
        if item.seat is None:
            result.append(_chance_line(state, item.text))
        else:
            result.append(_move(state, item))
    return result


def _chance_line(state: AnyState, text: str) -> Visibility:
    players = state.num_players
    heading = state.chance_group()[0]
    tokens = text[len(heading) :].split()
    hidden = 0
    for token in tokens:
        outcome = state.parse_chance(token)
        alternatives = [other for other, _ in state.chance_outcomes() if str(other) != token]
        after = state.copy()
        after.apply_chance(outcome)
        if alternatives:
            other = state.copy()
            other.apply_chance(alternatives[0])
            for viewer in viewers(players):
                if _same_view(after, other, viewer):
                    hidden |= viewer_bit(viewer, players)
        state.apply_chance(outcome)
    return Visibility(hidden, " ".join([heading, *("?" for _ in tokens)]))


def _move(state: AnyState, item: Event) -> Visibility:
    players = state.num_players
    move = state.parse_move(item.text)
    after = state.copy()
    after.play(move)
    unsure = [
        viewer
        for viewer in viewers(players)
        if viewer != item.seat and not _replays_on_view(state, after, item.text, viewer)
    ]
    hidden = _indistinguishable(state, after, item.text, unsure) if unsure else 0
    state.play(move)
    words = item.text.split()
    return Visibility(hidden, " ".join([words[0], *("?" for _ in words[1:])]))


def _replays_on_view(before: AnyState, after: AnyState, text: str, viewer: int | None) -> bool:
    seen = before.view(viewer)
    try:
        seen.play(seen.parse_move(text))
    except KashiError:
        return False
    return seen.to_json() == after.view(viewer).to_json()


def _indistinguishable(before: AnyState, after: AnyState, text: str, unsure: list[int | None]) -> int:
    """The bits of the viewers for whom some move one word away looks the same as ``text``."""
    players = before.num_players
    words = text.split()
    targets = {viewer: after.view(viewer).to_json() for viewer in unsure}
    hidden = 0
    checked = 0
    for other in before.legal_moves():
        other_words = str(other).split()
        if len(other_words) != len(words) or sum(a != b for a, b in zip(words, other_words, strict=True)) != 1:
            continue
        alternative = before.copy()
        alternative.play(other)
        for viewer in list(targets):
            if alternative.view(viewer).to_json() == targets[viewer]:
                hidden |= viewer_bit(viewer, players)
                del targets[viewer]
        checked += 1
        if not targets or checked >= _MAX_MOVE_ALTERNATIVES:
            break
    return hidden


def _same_view(one: AnyState, other: AnyState, viewer: int | None) -> bool:
    return one.view(viewer).to_json() == other.view(viewer).to_json()


def shown(text: str, seat: int | None, visibility: Visibility, viewer: int | None, players: int) -> str:
    """The line as ``viewer`` may read it."""
    if visibility.hidden_from & viewer_bit(viewer, players):
        return visibility.redacted
    return text
