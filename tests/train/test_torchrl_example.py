"""examples/torchrl_azul.py with a tiny budget: TorchRL accepts the wrapped environment's specs,
masked sampling stays legal, and a short PPO loop leaves a policy that plays legal moves."""

from __future__ import annotations

import torch
from kashi_examples import load_example
from kashi_test_extras import require_modules

from kashi.rl.evaluation import evaluate

require_modules("train", "torchrl")
example = load_example("torchrl_azul")


def test_torchrl_checks_the_environments_specs() -> None:
    from torchrl.envs.utils import check_env_specs

    check_env_specs(example.make_env(seed=1), seed=1)


def test_masked_sampling_chooses_only_legal_actions() -> None:
    torch.manual_seed(2)
    env = example.make_env(seed=2)
    agent = example.Agent(env, hidden=16)
    rollout = env.rollout(60, agent.actor)  # a whole game or more, the learner's moves
    chosen = rollout["action_mask"].gather(-1, rollout["action"].unsqueeze(-1))
    assert chosen.all()
    assert rollout["action_mask"].sum(-1).min() < rollout["action_mask"].shape[-1], "the mask does rule moves out"


def test_a_short_ppo_run_updates_the_policy_and_it_plays_legally() -> None:
    torch.manual_seed(3)
    env = example.make_env(seed=3)
    agent = example.Agent(env, hidden=16)
    before = [parameter.detach().clone() for parameter in agent.logits.parameters()]
    assert example.train(agent, env, frames=256, frames_per_batch=128, epochs=1) == 256
    after = list(agent.logits.parameters())
    assert any(not torch.equal(old, new) for old, new in zip(before, after, strict=True))
    assert 0.0 <= evaluate(agent.greedy(), 2, seed=4, **example.ENV).win_rate <= 1.0  # raises on an illegal action
