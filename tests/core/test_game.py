"""Game: turn checks, chance resolution with an instance RNG, outcomes."""

import random

import pytest

import kashi
from kashi.core.errors import IllegalMoveError, KashiError, MoveSyntaxError
from kashi.core.outcome import Outcome, rank_by


def test_chance_is_resolved_by_the_game_not_the_global_rng():
    random.seed(1)
    first = kashi.new_game("azul", seed=42).record().events
    random.seed(2)
    second = kashi.new_game("azul", seed=42).record().events
    assert first == second
    assert kashi.new_game("azul", seed=42).state.current_player >= 0


def test_move_out_of_turn_changes_nothing():
    game = kashi.new_game("azul", seed=4, first_seat=0)
    before = game.state.to_json()
    with pytest.raises(IllegalMoveError, match="seat 1 cannot move"):
        game.play(game.legal_moves()[0], seat=1)
    assert game.state.to_json() == before and len(game.events) == 1


def test_malformed_move_text_changes_nothing():
    game = kashi.new_game("azul", seed=4)
    before = game.state.to_json()
    with pytest.raises(MoveSyntaxError):
        game.play("take the blue ones")
    assert game.state.to_json() == before


def test_start_seat_out_of_range_is_refused():
    with pytest.raises(KashiError):
        kashi.new_game("azul", players=2, first_seat=2)


def test_rank_by_shares_ranks_and_wins():
    assert rank_by([(10, 1), (12, 0), (10, 1)]) == ((2, 1, 2), (1,))
    assert rank_by([(10, 2), (10, 2)]) == ((1, 1), (0, 1))


def test_returns_reward_a_sole_winner_and_zero_for_shared():
    assert Outcome((5, 3), (1, 2), (0,)).returns() == (1.0, -1.0)
    assert Outcome((5, 5), (1, 1), (0, 1)).returns() == (0.0, 0.0)


def test_returns_of_a_declared_draw_punish_only_the_seats_below_the_top():
    assert Outcome((5, 5, 3), (1, 1, 3), ()).returns() == (0.0, 0.0, -1.0)


def test_partners_who_win_together_both_get_the_full_reward():
    outcome = Outcome((9, 7, 9, 7), (1, 3, 1, 3), (0, 2), teams=(0, 1, 0, 1))
    assert outcome.returns() == (1.0, -1.0, 1.0, -1.0)
