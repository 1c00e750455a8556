"""Azul's learned evaluation: the shipped weights load and are checked, the bot over them is
repeatable, and the evaluation foresees who wins better than the hand-made one (a short check
on a fixed set of positions; strength is measured by benchmarks/ladder.py)."""

import shutil
from random import Random

import numpy as np
import pytest

import kashi
from kashi.bots import Limits, make_bot
from kashi.bots.values import margin
from kashi.games.azul.features import features
from kashi.models import ModelError
from kashi.models.azul import POINTS_SCALE, SHIPPED, AzulValueModel, model_inputs, prior_terms, shipped_model
from kashi.models.store import checksum_path, save_weights, sha256_of


def test_the_shipped_weights_load_and_give_each_seat_a_chance_that_adds_up_to_one():
    model = shipped_model()
    for players in (2, 3, 4):
        state = kashi.new_game("azul", players=players, seed=players).state
        chances, finals = model.evaluate(state)
        assert len(chances) == len(finals) == players
        assert sum(chances) == pytest.approx(1.0)
        assert all(0 < chance < 1 for chance in chances)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_fast_evaluation_is_the_network_of_model_inputs(players):
    """evaluate (plain Python around two products) gives what forward gives on the batched
    inputs, chances and final scores, at every decision of a random game (the last round's
    exact bonuses included)."""
    model = shipped_model()
    game = kashi.new_game("azul", players=players, seed=9)
    rng = Random(players)
    while not game.is_over():
        state = game.state
        seats, table, mask = *(np.array(part) for part in features(state)), np.ones(players, dtype=bool)
        out = model.forward(model_inputs(seats, table, mask), prior_terms(seats, table, mask))
        expected = np.exp(out[:, 0]) / np.exp(out[:, 0]).sum()
        chances, finals = model.evaluate(state)
        assert chances == pytest.approx(expected.tolist(), abs=1e-12)
        assert finals == pytest.approx((np.array(state.score) + POINTS_SCALE * out[:, 1]).tolist(), abs=1e-9)
        game.play(state.random_move(rng))


@pytest.fixture
def weights_copy(tmp_path):
    target = tmp_path / "azul.npz"
    shutil.copy(SHIPPED, target)
    shutil.copy(checksum_path(SHIPPED), checksum_path(target))
    return target


def test_a_corrupt_weights_file_is_refused_by_its_checksum(weights_copy):
    data = bytearray(weights_copy.read_bytes())
    data[len(data) // 2] ^= 0xFF
    weights_copy.write_bytes(bytes(data))
    with pytest.raises(ModelError, match="corrupt or not the one its checksum names"):
        AzulValueModel.load(weights_copy)


def test_weights_without_a_checksum_or_unreadable_are_refused(weights_copy):
    checksum_path(weights_copy).unlink()
    with pytest.raises(ModelError, match="no checksum file"):
        AzulValueModel.load(weights_copy)
    weights_copy.write_bytes(b"not a zip file")
    checksum_path(weights_copy).write_text(sha256_of(weights_copy) + "  azul.npz\n")
    with pytest.raises(ModelError, match="cannot be read"):
        AzulValueModel.load(weights_copy)


def test_weights_of_another_shape_or_features_are_refused(tmp_path):
    arrays = dict(shipped_model().arrays)
    save_weights(tmp_path / "other.npz", {**arrays, "table_features": np.array(["round"])})
    with pytest.raises(ModelError, match="other features"):
        AzulValueModel.load(tmp_path / "other.npz")
    save_weights(tmp_path / "narrow.npz", {**arrays, "w1": arrays["w1"][:10]})
    with pytest.raises(ModelError, match="wrong shape"):
        AzulValueModel.load(tmp_path / "narrow.npz")


def test_a_bot_named_with_a_broken_weights_file_is_refused_before_it_plays(weights_copy, capsys):
    from kashi.cli import main

    checksum_path(weights_copy).write_text("0" * 64 + "  azul.npz\n")
    with pytest.raises(ModelError, match="corrupt"):
        make_bot(f"expert-nn:weights={weights_copy}", seed=1)
    assert main(["arena", "azul", "--bot", f"expert-nn:weights={weights_copy}", "--bot", "greedy"]) == 2
    assert "corrupt or not the one its checksum names" in capsys.readouterr().err


def test_the_learned_bot_repeats_its_moves_for_a_seed():
    game = kashi.new_game("azul", players=2, seed=21)
    moves = []
    for _ in range(6):
        seat = game.state.current_player
        chosen = [make_bot("mcts-nn:iterations=60", seed=7).choose(game.state.view(seat), Limits()) for _ in (0, 1)]
        assert chosen[0] == chosen[1]
        assert chosen[0] in game.legal_moves()
        moves.append(chosen[0])
        game.play(chosen[0])
    assert len(set(map(str, moves))) > 1


def test_the_learned_bot_refuses_a_game_it_has_no_evaluation_for():
    state = kashi.new_game("azul-duel", players=2, seed=1).state
    while state.current_player < 0:
        state.apply_chance(state.sample_chance(__import__("random").Random(1)))
    with pytest.raises(ValueError, match="azul only"):
        make_bot("mcts-nn:iterations=5", seed=1).choose(state.view(state.current_player), Limits())


def outcome_positions():
    """Round starts of 30 fixed 2-player games between greedy players (a quarter of moves random)."""
    found = []
    for seed in range(30):
        game = kashi.new_game("azul", players=2, seed=1000 + seed)
        bots = [make_bot("greedy:noise=0.25", seed * 2 + seat) for seat in range(2)]
        starts = []
        last_round = 0
        while not game.is_over():
            if game.state.round != last_round:
                last_round = game.state.round
                starts.append(game.state.copy())
            seat = game.state.current_player
            game.play(bots[seat].choose(game.state.view(seat), Limits()), seat=seat)
        winners = game.outcome().winners
        if len(winners) == 1:
            found.extend((state, winners[0]) for state in starts[1:])
    return found


def test_the_learned_evaluation_foresees_the_winner_better_than_the_hand_made_one():
    """Brier score of seat 0's chance to win: the learned chance against the hand-made evaluation's
    margin read as classic MCTS reads it, ``(1 + tanh(margin / 10)) / 2``."""
    import math

    positions = outcome_positions()
    model = shipped_model()
    learned = hand_made = 0.0
    for state, winner in positions:
        won = float(winner == 0)
        learned += (model.evaluate(state)[0][0] - won) ** 2
        hand_made += ((1 + math.tanh(margin(state.evaluate(), 0) / 10)) / 2 - won) ** 2
    learned, hand_made = learned / len(positions), hand_made / len(positions)
    print(f"{len(positions)} positions: Brier score learned {learned:.4f}, hand-made {hand_made:.4f}")
    assert len(positions) > 60
    assert learned < hand_made


def test_an_untrained_model_is_the_hand_made_evaluation_as_classic_mcts_reads_it():
    import math

    from kashi.train.fit import START_SCALES

    arrays = dict(shipped_model().arrays)
    untrained = AzulValueModel(
        {
            **arrays,
            "w2": np.zeros_like(arrays["w2"]),
            "b2": np.zeros_like(arrays["b2"]),
            "lead_scale": np.array(START_SCALES[0]),
            "gain_scale": np.array(START_SCALES[1]),
        }
    )
    game = kashi.new_game("azul", players=2, seed=31)
    bots = [make_bot("greedy", seat) for seat in range(2)]
    checked = 0
    while not game.is_over():
        state = game.state
        if state.current_player >= 0:
            chances, finals = untrained.evaluate(state)
            values = state.evaluate()
            assert 2 * chances[0] - 1 == pytest.approx(math.tanh(margin(values, 0) / 10))
            assert finals == pytest.approx(list(values))
            checked += 1
        game.play(bots[state.current_player].choose(state.view(state.current_player), Limits()))
    assert checked > 40
