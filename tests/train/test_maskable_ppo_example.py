"""examples/maskable_ppo_azul.py with a tiny budget: the trained model plays whole games choosing
only legal actions, and it is the mask that keeps it legal. The win rate it reaches with its
real budget is measured in docs/rl.md."""

from __future__ import annotations

from kashi_examples import load_example

from kashi.rl.evaluation import win_rate
from kashi.rl.gymnasium_env import KashiSingleAgentEnv

example = load_example("maskable_ppo_azul")


def test_a_briefly_trained_model_plays_legal_moves_because_of_the_mask() -> None:
    model = example.make_model(envs=2, steps_per_update=64, seed=1)
    model.learn(128)
    assert model.num_timesteps >= 128
    policy = example.greedy_policy(model)
    assert 0.0 <= win_rate(policy, games=2, seed=5, **example.ENV) <= 1.0  # raises on an illegal action
    env = KashiSingleAgentEnv(**example.ENV)
    observation, _ = env.reset(seed=6)
    unmasked_illegal = 0
    for _ in range(10):
        mask = observation["action_mask"]
        action = policy(observation["observation"], mask)
        assert mask[action] == 1
        unmasked, _ = model.predict(observation, deterministic=True)
        unmasked_illegal += mask[int(unmasked)] == 0
        observation, *_ = env.step(action)
    assert unmasked_illegal > 0, "without the mask the same model would have chosen illegal actions"
