"""Reinforcement-learning adapters: PettingZoo (``kashi.rl.pettingzoo``), Gymnasium
(``kashi.rl.gymnasium_env``) and OpenSpiel (``kashi.rl.openspiel``), sharing one table runner,
one observation encoder per game family and one set of reward schemes.

They need the ``kashi[rl]`` extra (numpy, pettingzoo, gymnasium, open_spiel).
"""
