"""No view and no record line sent to a seat or a spectator leaks another seat's secrets:
every variant, every seat, every spectator, over whole games."""

from __future__ import annotations

import json
import random

import pytest

import kashi
from kashi.core.game import Game
from kashi.core.record import Event
from kashi.server.visibility import Visibility, annotate, viewer_bit

HIDDEN_TILE = "??"


def random_game(name: str, seed: int, prefer: tuple[str, ...] = ()) -> tuple[Game, list[Event], list[Visibility]]:
    chosen = kashi.variant(name)
    game = kashi.new_game(name, players=chosen.allowed_players[-1], seed=seed)
    rng = random.Random(seed)
    while not game.is_over():
        moves = game.legal_moves()
        preferred = [move for move in moves if str(move).split()[0] in prefer]
        game.play(rng.choice(preferred or moves))
    record = game.record()
    return game, record.events, annotate(Game.for_record(record).state, record.events)


@pytest.mark.parametrize("name", [variant.name for variant in kashi.variants()])
def test_record_lines_reach_only_the_viewers_who_may_read_them(name: str) -> None:
    game, events, seen = random_game(name, 3, prefer=("draw", "bottom"))
    players = game.players
    replay = Game.for_record(game.record())
    for item, visibility in zip(events, seen, strict=True):
        forced = item.seat is None and len(replay.state.chance_outcomes()) == 1
        replay._replay(item)
        readers = [
            viewer for viewer in [*range(players), None] if not visibility.hidden_from & viewer_bit(viewer, players)
        ]
        words = item.text.split()
        if item.seat is None and words[0] == "draw":
            assert readers == [int(words[1])], item.text
        elif item.seat is None and words[0] == "drawn" and not forced:
            assert None not in readers and len(readers) == 1, item.text
        elif item.seat is not None and words[0] == "bottom":
            assert readers == [item.seat], item.text
        else:
            assert readers == [*range(players), None], f"public line {item.line()!r} was redacted"
        if visibility.hidden_from:
            assert visibility.redacted.split()[-1] == "?" and not set(visibility.redacted.split()[1:]) - {"?", words[1]}


@pytest.mark.parametrize("name", [variant.name for variant in kashi.variants()])
def test_views_hide_every_other_seats_rack_and_plates(name: str) -> None:
    chosen = kashi.variant(name)
    game = kashi.new_game(name, players=chosen.allowed_players[-1], seed=8)
    rng = random.Random(8)
    for _ in range(40):
        if game.is_over():
            break
        truth = game.state.to_json()
        for viewer in [*range(game.players), None]:
            view = game.state.view(viewer).to_json()
            if truth["game"] == "ingenious":
                hidden = [seat for seat, player in enumerate(view["players"]) if isinstance(player["rack"], int)]
                assert viewer not in hidden and len(hidden) == game.players - (viewer is not None), (viewer, hidden)
                assert HIDDEN_TILE not in json.dumps(view), "a hidden rack shows only its number of tiles"
            if truth["game"] == "azul-duel" and truth["turn"].get("drawn") and game.state.current_player != viewer:
                assert set(view["turn"]["drawn"]) == {None}
            if truth["game"] == "azul-duel":
                for plate in (entry for entry in view["stack"] if entry is not None):
                    assert viewer in plate["known_to"], "a plate under the stack is seen only by who put it there"
        game.play(rng.choice(game.legal_moves()))


def test_azul_duel_returned_plates_are_hidden_from_the_opponent() -> None:
    _, events, seen = random_game("azul-duel", 0, prefer=("draw", "bottom"))
    returned = [visibility for item, visibility in zip(events, seen, strict=True) if item.text.startswith("bottom")]
    assert returned, "this seed returns plates to the stack"
    assert all(visibility.redacted == "bottom ?" and visibility.hidden_from for visibility in returned)
