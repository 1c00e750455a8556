"""Hosting a game from outside: chance fed line by line, and every refused input changes nothing."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import kashi
from kashi.core.errors import IllegalMoveError, KashiError
from kashi.core.game import Game
from kashi.core.record import Record

GAMES = [("azul", 2), ("azul", 4), ("azul-grey", 3), ("azul-duel", 2), ("ingenious", 2), ("ingenious-teams", 4)]


def stored(variant: str, players: int, seed: int, moves: int = 400) -> Record:
    """The record of a random game (internal chance), as a host would have stored it."""
    game = kashi.new_game(variant, players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over():
            break
        game.play(rng.choice(game.legal_moves()))
    return game.record()


@pytest.mark.parametrize(("variant", "players"), GAMES)
def test_a_host_feeding_the_stored_chance_lines_replays_the_game_exactly(variant: str, players: int) -> None:
    record = stored(variant, players, seed=3)
    fills = [event.text for event in record.events if event.seat is None]
    moves = [event for event in record.events if event.seat is not None]
    game = kashi.new_game(variant, players=players, first_seat=int(record.header("Start")), chance="external")
    assert game.expecting_chance is not None, "the setup waits for the host"
    fed = iter(fills)
    for move in moves:
        while game.expecting_chance:
            game.play_chance(next(fed))
        assert game.expecting_chance is None
        game.play(move.text, seat=move.seat)
    while game.expecting_chance:
        game.play_chance(next(fed))
    original = Game.from_record(record)
    assert game.state.to_json() == original.state.to_json()
    assert [event.line() for event in game.events] == [event.line() for event in record.events]
    assert game.outcome() == original.outcome()


def test_a_move_while_chance_is_expected_is_refused_and_changes_nothing() -> None:
    game = kashi.new_game("azul", chance="external")
    assert game.expecting_chance == "fill"
    before = game.state.to_json()
    with pytest.raises(IllegalMoveError, match="chance"):
        game.play("1B1")
    assert game.state.to_json() == before and game.events == []


def test_a_chance_line_refused_part_way_applies_none_of_it() -> None:
    """A fill naming 4 of the 5 factories stops early; a fill with an impossible factory fails
    on its last token: either way the game is as it was, and the true line then plays."""
    record = stored("azul", 2, seed=8, moves=0)
    (fill,) = [event.text for event in record.events if event.seat is None]
    game = kashi.new_game("azul", first_seat=int(record.header("Start")), chance="external")
    before = game.state.to_json()
    tokens = fill.split()
    for bad in (" ".join(tokens[:-1]), " ".join([*tokens[:-1], "5:BBBBB"]), fill.replace("fill", "draw")):
        with pytest.raises(KashiError):
            game.play_chance(bad)
        assert game.state.to_json() == before and game.events == [] and game.score_log == []
    game.play_chance(fill)
    assert game.expecting_chance is None and len(game.events) == 1


def test_replay_of_a_record_refused_part_way_leaves_the_game_at_the_last_good_line() -> None:
    record = stored("azul", 2, seed=5, moves=12)
    lines = record.events
    chance = next(index for index, event in enumerate(lines) if event.seat is None and index > 2)
    tokens = lines[chance].text.split()
    broken = Record(record.headers, [*lines[:chance], type(lines[chance])(None, " ".join(tokens[:-1]))])
    game = Game.for_record(record)
    with pytest.raises(KashiError, match=f"record line {chance + 1}"):
        for _ in game.replay(broken):
            pass
    good = Game.for_record(record)
    for _ in good.replay(Record(record.headers, lines[:chance])):
        pass
    assert game.state.to_json() == good.state.to_json() and len(game.events) == chance
    for _ in game.replay(Record(record.headers, lines[chance:])):
        pass
    assert game.state.to_json() == Game.from_record(record).state.to_json()


def test_an_unknown_chance_source_is_refused() -> None:
    with pytest.raises(KashiError, match="'internal' or 'external'"):
        kashi.new_game("azul", chance="dice")


WORDS = st.sampled_from(["fill", "draw", "1:BBRY", "2:KKWW", "9:BBBB", "x", "display", "4", "0", "RB", "h8-h9", ""])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game_index=st.integers(0, len(GAMES) - 1),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 60),
    junk=st.lists(WORDS, min_size=1, max_size=6),
)
def test_every_refused_move_or_line_leaves_the_game_exactly_as_it_was(
    game_index: int, seed: int, steps: int, junk: list[str]
) -> None:
    """Random positions of every game; malformed or illegal moves and chance lines, fed as a
    host would: each is refused or plays, and a refusal changes nothing at all."""
    variant, players = GAMES[game_index]
    record = stored(variant, players, seed, moves=steps)
    game = Game.for_record(record)
    game.chance = "external"
    lines = list(record.events)
    for _ in game.replay(Record(record.headers, lines)):
        pass
    text = " ".join(junk)
    before = (game.state.to_json(), [event.line() for event in game.events], len(game.score_log))
    for attempt in (lambda: game.play(text), lambda: game.play_chance(text)):
        try:
            attempt()
        except KashiError:
            after = (game.state.to_json(), [event.line() for event in game.events], len(game.score_log))
            assert after == before
        else:
            before = (game.state.to_json(), [event.line() for event in game.events], len(game.score_log))


@pytest.mark.parametrize(("variant", "players"), GAMES)
def test_state_play_refuses_a_move_sent_by_a_seat_out_of_turn(variant: str, players: int) -> None:
    game = kashi.new_game(variant, players=players, seed=2)
    state = game.state
    mover = state.current_player
    move = state.legal_moves()[0]
    before = state.to_json()
    for other in (seat for seat in range(players) if seat != mover):
        with pytest.raises(IllegalMoveError, match=f"seat {other} cannot move now: seat {mover} is to move"):
            state.play(move, seat=other)
        assert state.to_json() == before
    state.play(move, seat=mover)
    assert state.to_json() != before
