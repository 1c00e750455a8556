"""Reinforcement-learning adapters: PettingZoo (``kashi.rl.pettingzoo``), Gymnasium
(``kashi.rl.gymnasium_env``), OpenSpiel (``kashi.rl.openspiel``) and batched self-play games
(``kashi.rl.vector``), sharing one table runner, one observation encoder per game family and
one set of reward schemes.

They need the ``kashi[rl]`` extra (numpy, pettingzoo, gymnasium); the OpenSpiel adapter needs
``kashi[spiel]`` too, and only it imports ``pyspiel``, so the rest works without OpenSpiel.
"""
