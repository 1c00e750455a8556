"""A TorchRL PPO loop on 2-player Azul against the random bot: collect, compute advantages, update.

TorchRL's ``GymWrapper`` turns ``kashi/Azul-v0`` into a TorchRL environment; the mask comes as an
int8 observation, cast to bool so that ``ActionMask`` narrows the action spec (random rollouts,
``check_env_specs``) and ``MaskedCategorical`` samples legal actions only. Rewards are the score
margin's changes (``reward="score"``). The win rate against random is measured before and after
on the same fixed games (``kashi.rl.evaluation.evaluate``), playing the most probable legal action.

    .venv/bin/python examples/torchrl_azul.py [--frames 40960] [--games 200]
"""

from __future__ import annotations

import argparse
import time

import numpy as np
import torch
from tensordict.nn import TensorDictModule
from torchrl.collectors import Collector
from torchrl.envs import ActionMask, Compose, DTypeCastTransform, GymWrapper, TransformedEnv
from torchrl.modules import MLP, MaskedCategorical, ProbabilisticActor, ValueOperator
from torchrl.objectives import ClipPPOLoss
from torchrl.objectives.value import GAE

from kashi.rl.evaluation import Evaluation, Policy, evaluate
from kashi.rl.gymnasium_env import KashiSingleAgentEnv

ENV = {"variant": "azul", "players": 2, "opponent": "random", "reward": "score"}
EVALUATION_SEED = 10_000
"""Evaluation games use seeds the training games never do (those start at the training seed)."""


def make_env(seed: int = 0) -> TransformedEnv:
    env = GymWrapper(KashiSingleAgentEnv(**ENV), categorical_action_encoding=True)
    masked = TransformedEnv(
        env, Compose(DTypeCastTransform(torch.int8, torch.bool, in_keys=["action_mask"]), ActionMask())
    )
    masked.set_seed(seed)
    return masked


class Agent:
    """A policy MLP giving logits (sampled through the mask while training) and a value MLP."""

    def __init__(self, env: TransformedEnv, hidden: int = 128) -> None:
        size, actions = env.observation_spec["observation"].shape[-1], env.action_spec.space.n
        self.logits = MLP(in_features=size, out_features=actions, num_cells=[hidden, hidden])
        self.actor = ProbabilisticActor(
            TensorDictModule(self.logits, in_keys=["observation"], out_keys=["logits"]),
            in_keys={"logits": "logits", "mask": "action_mask"},
            spec=env.action_spec,
            distribution_class=MaskedCategorical,
            return_log_prob=True,
        )
        self.critic = ValueOperator(
            MLP(in_features=size, out_features=1, num_cells=[hidden, hidden]), in_keys=["observation"]
        )

    def greedy(self) -> Policy:
        """The most probable legal action."""

        def act(observation: np.ndarray, mask: np.ndarray) -> int:
            with torch.no_grad():
                logits = self.logits(torch.as_tensor(observation))
            return int(torch.where(torch.as_tensor(mask > 0), logits, -torch.inf).argmax())

        return act


def train(agent: Agent, env: TransformedEnv, frames: int, frames_per_batch: int = 2048, epochs: int = 4) -> int:
    """PPO on ``frames`` moves, in batches of ``frames_per_batch`` each reused ``epochs`` times
    in minibatches of 256; returns the moves collected."""
    collector = Collector(
        env, agent.actor, frames_per_batch=frames_per_batch, total_frames=frames, auto_register_policy_transforms=False
    )
    advantage = GAE(gamma=1.0, lmbda=0.95, value_network=agent.critic)
    loss = ClipPPOLoss(agent.actor, agent.critic, entropy_coeff=0.01, normalize_advantage=True)
    optimiser = torch.optim.Adam(loss.parameters(), lr=1e-3)
    collected = 0
    for batch in collector:
        collected += batch.numel()
        for _ in range(epochs):
            with torch.no_grad():
                advantage(batch)
            for minibatch in batch.reshape(-1)[torch.randperm(batch.numel())].split(256):
                parts = loss(minibatch)
                total = parts["loss_objective"] + parts["loss_critic"] + parts["loss_entropy"]
                optimiser.zero_grad()
                total.backward()
                optimiser.step()
        collector.update_policy_weights_()
    collector.shutdown()
    return collected


def measure(agent: Agent, games: int) -> Evaluation:
    return evaluate(agent.greedy(), games, EVALUATION_SEED, **ENV)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=40_960, help="learner moves to train on (batches of 2,048)")
    parser.add_argument("--games", type=int, default=200, help="evaluation games against random")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    torch.manual_seed(args.seed)
    env = make_env(args.seed)
    agent = Agent(env)
    print(f"before training, {args.games} games against random: {measure(agent, args.games)}", flush=True)
    start, processor = time.perf_counter(), time.process_time()
    collected = train(agent, env, args.frames)
    print(
        f"trained on {collected} moves in {time.perf_counter() - start:.0f} s "
        f"({time.process_time() - processor:.0f} s of processor time)",
        flush=True,
    )
    print(f"after training, {args.games} games against random: {measure(agent, args.games)}", flush=True)


if __name__ == "__main__":
    main()
