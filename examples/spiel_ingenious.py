"""OpenSpiel's ISMCTS and outcome-sampling MCCFR on 2-player Ingenious, each against uniform play.

Ingenious hides the racks, so OpenSpiel sees it as an imperfect-information game
(``kashi.rl.openspiel``): ISMCTS searches worlds drawn from its information state
(``resample_from_infostate``), and MCCFR learns a policy per information state. ISMCTS scores its
leaves with the engine's heuristic (``State.evaluate``: each board's lowest tracks first), which
costs far less than a random rollout of a game this long. MCCFR gets a few iterations: its average
policy plays as learned where it has seen the information state and uniformly elsewhere.

    .venv/bin/python examples/spiel_ingenious.py [--games 10] [--simulations 100] [--iterations 300]
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts, outcome_sampling_mccfr

from kashi.rl.openspiel import register

FinalPolicy = ismcts.ISMCTSFinalPolicyType

Player = Callable[[Any], int]
"""Chooses an action in an OpenSpiel state whose player is to move."""

MARGIN_SCALE = 10.0
"""Heuristic points of margin worth about 0.76 of a win (tanh(1)); a finished game is ±100."""


class HeuristicEvaluator(mcts.Evaluator):  # type: ignore[misc]
    """A leaf is worth tanh of each seat's heuristic margin over the others' mean; uniform priors."""

    def evaluate(self, state: Any) -> np.ndarray:
        values = np.array(state.kashi.evaluate())
        others = (values.sum() - values) / (len(values) - 1)
        return np.tanh((values - others) / MARGIN_SCALE)  # type: ignore[no-any-return]

    def prior(self, state: Any) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(action, 1.0 / len(legal)) for action in legal]


def uniform_player(rng: np.random.Generator) -> Player:
    return lambda state: int(rng.choice(state.legal_actions()))


def search_player(game: Any, simulations: int, seed: int) -> Player:
    """ISMCTS where the game hides information (Azul Duel, Ingenious); MCTS where it hides none
    (Azul), since OpenSpiel's ISMCTS refuses perfect-information games. Both use the heuristic."""
    evaluator, random_state = HeuristicEvaluator(), np.random.RandomState(seed)
    if game.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION:
        return mcts.MCTSBot(game, 2.0, simulations, evaluator, random_state=random_state).step  # type: ignore[no-any-return]
    # An Ingenious turn has hundreds of legal placements, more than a move's simulations, so most
    # children of the root are visited once: the most visited says little, the best valued more.
    bot = ismcts.ISMCTSBot(
        game, evaluator, 2.0, simulations, random_state=random_state, final_policy_type=FinalPolicy.MAX_VALUE
    )
    return bot.step  # type: ignore[no-any-return]


def policy_player(policy: Any, rng: np.random.Generator) -> Player:
    """Samples an action from ``policy.action_probabilities(state)``."""

    def act(state: Any) -> int:
        actions, probabilities = zip(*policy.action_probabilities(state).items(), strict=True)
        return int(rng.choice(actions, p=np.array(probabilities) / math.fsum(probabilities)))

    return act


def play(game: Any, players: list[Player], rng: np.random.Generator) -> list[float]:
    """One game, ``players[seat]`` choosing for each seat and ``rng`` drawing chance; its returns."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probabilities)))
            continue
        action = players[state.current_player()](state)
        if action not in state.legal_actions():
            raise ValueError(f"seat {state.current_player()} chose the illegal action {action}")
        state.apply_action(action)
    return list(state.returns())


def match(game: Any, player: Player, games: int, seed: int) -> tuple[int, int, int]:
    """Wins, draws and losses of ``player`` against uniform play, seats alternating game by game."""
    rng = np.random.default_rng(seed)
    results = [0, 0, 0]
    for number in range(games):
        seat = number % 2
        players = [uniform_player(rng), uniform_player(rng)]
        players[seat] = player
        result = play(game, players, rng)[seat]
        results[0 if result > 0 else 1 if result == 0 else 2] += 1
    return results[0], results[1], results[2]


def train_mccfr(game: Any, iterations: int) -> Any:
    """Outcome-sampling MCCFR for ``iterations`` iterations; its average policy."""
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(iterations):
        solver.iteration()
    return solver.average_policy()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="games of each player against uniform play")
    parser.add_argument("--simulations", type=int, default=100, help="ISMCTS simulations per move")
    parser.add_argument("--iterations", type=int, default=300, help="MCCFR iterations")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    register()
    game = pyspiel.load_game("kashi_ingenious", {"players": 2})

    start = time.process_time()
    wins, draws, losses = match(game, search_player(game, args.simulations, args.seed), args.games, args.seed)
    seconds = time.process_time() - start
    print(f"ISMCTS, {args.simulations} simulations a move, against uniform: {wins} won, {draws} drawn, {losses} lost")
    print(f"  ({seconds:.0f} s of processor time)", flush=True)

    start = time.process_time()
    policy = train_mccfr(game, args.iterations)
    seconds = time.process_time() - start
    print(f"MCCFR (outcome sampling), {args.iterations} iterations in {seconds:.0f} s of processor time")
    rng = np.random.default_rng(args.seed)
    wins, draws, losses = match(game, policy_player(policy, rng), args.games, args.seed)
    print(f"  its average policy against uniform: {wins} won, {draws} drawn, {losses} lost", flush=True)


if __name__ == "__main__":
    main()
