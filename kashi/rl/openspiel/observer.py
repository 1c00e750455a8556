"""OpenSpiel observers over a seat's view: the PettingZoo encoding as the tensor, the view's
JSON as the observation string, and the perfect-recall information state string: the action
history where nothing is hidden (Azul), else the seat's record of what it saw at every step
(``kashi.rl.openspiel.recall``).

A perfect-recall observer has no tensor: a fixed-size vector cannot hold a history of any
length, and learners read the observation tensor (the seat's view) instead."""

from __future__ import annotations

import json
from typing import Any

import numpy as np

from kashi.rl.config import GameConfig
from kashi.rl.encoding import encoder_for


class KashiObserver:
    def __init__(self, config: GameConfig, perfect_recall: bool, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        self.encoder = encoder_for(config)
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(0 if perfect_recall else self.encoder.size, dtype=np.float32)
        self.dict = {} if perfect_recall else {"observation": self.tensor}

    def set_from(self, state: Any, player: int) -> None:
        if self.perfect_recall:
            return
        if state.kashi is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = self.encoder.observe(state.kashi, player)

    def string_from(self, state: Any, player: int) -> str:
        if self.perfect_recall:
            if state.seen is not None:
                return f"p{player} {state.seen[player].hex()}"
            return f"p{player} " + " ".join(str(action) for action in state.history())
        if state.kashi is None:
            return f"p{player} start"
        return f"p{player} " + json.dumps(state.kashi.view(player).to_json(), sort_keys=True, separators=(",", ":"))
