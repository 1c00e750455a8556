"""Train a small agent for 2-player Azul against the random bot, on one CPU, in a few minutes.

A linear softmax policy over the observation (numpy only), trained with REINFORCE on the
score-margin reward of ``kashi/Azul-v0`` and a running-mean baseline. Every block of episodes
prints the win rate of that block, so the curve shows it learning: from about 0.5 (as random
as its opponent) to well above 0.9.

    .venv/bin/python examples/train_azul.py [--episodes 3000] [--block 250]
"""

from __future__ import annotations

import argparse

import numpy as np

from kashi.rl.gymnasium_env import KashiSingleAgentEnv


class LinearPolicy:
    """Masked softmax over ``obs @ weights + bias``."""

    def __init__(self, observation_size: int, num_actions: int, rng: np.random.Generator) -> None:
        self.weights = rng.normal(0.0, 0.01, (observation_size, num_actions)).astype(np.float32)
        self.bias = np.zeros(num_actions, dtype=np.float32)
        self.rng = rng

    def probabilities(self, observation: np.ndarray, mask: np.ndarray) -> np.ndarray:
        logits = observation @ self.weights + self.bias
        logits = np.where(mask > 0, logits, -np.inf)
        logits -= logits.max()
        weights = np.exp(logits)
        return weights / weights.sum()  # type: ignore[no-any-return]

    def act(self, observation: np.ndarray, mask: np.ndarray) -> tuple[int, np.ndarray]:
        probabilities = self.probabilities(observation, mask)
        return int(self.rng.choice(len(probabilities), p=probabilities)), probabilities

    def update(self, steps: list[tuple[np.ndarray, int, np.ndarray]], advantages: np.ndarray, rate: float) -> None:
        """One REINFORCE step: raise the log-probability of each action by its advantage."""
        for (observation, action, probabilities), advantage in zip(steps, advantages, strict=True):
            gradient = -probabilities
            gradient[action] += 1.0
            gradient *= rate * advantage
            self.weights += np.outer(observation, gradient)
            self.bias += gradient


def train(episodes: int, block: int, seed: int = 0, rate: float = 0.01) -> list[float]:
    """Train for ``episodes`` games; return (and print) the win rate of every ``block`` of games."""
    env = KashiSingleAgentEnv("azul", players=2, opponent="random", reward="score")
    rng = np.random.default_rng(seed)
    policy = LinearPolicy(env.encoder.size, env.num_actions, rng)
    baseline, wins, curve = 0.0, 0, []
    for episode in range(1, episodes + 1):
        observation, _ = env.reset(seed=seed * 1_000_003 + episode)
        steps: list[tuple[np.ndarray, int, np.ndarray]] = []
        rewards: list[float] = []
        done = False
        while not done:
            action, probabilities = policy.act(observation["observation"], observation["action_mask"])
            steps.append((observation["observation"], action, probabilities))
            observation, reward, terminated, truncated, _ = env.step(action)
            rewards.append(float(reward))
            done = terminated or truncated
        returns = np.cumsum(rewards[::-1])[::-1]
        baseline += 0.01 * (float(returns.mean()) - baseline)
        policy.update(steps, (returns - baseline) / 10.0, rate)
        scores = env.table.state.scores()  # type: ignore[union-attr]
        outcome = env.table.state.outcome()  # type: ignore[union-attr]
        wins += outcome is not None and outcome.winners == (0,)
        if episode % block == 0:
            curve.append(wins / block)
            print(f"episodes {episode:5d}  win rate {wins / block:.2f}  last score {scores[0]}-{scores[1]}", flush=True)
            wins = 0
    return curve


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=3000)
    parser.add_argument("--block", type=int, default=250)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    train(args.episodes, args.block, args.seed)


if __name__ == "__main__":
    main()
