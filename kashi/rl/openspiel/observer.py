"""OpenSpiel observers over a seat's view: the PettingZoo encoding as the tensor, the view's
JSON as the observation string, and (Azul only, which hides nothing) the action history as the
perfect-recall information state string."""

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
        self.tensor = np.zeros(self.encoder.size, dtype=np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: Any, player: int) -> None:
        if state.kashi is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = self.encoder.observe(state.kashi, player)

    def string_from(self, state: Any, player: int) -> str:
        if self.perfect_recall:
            return f"p{player} " + " ".join(str(action) for action in state.history())
        if state.kashi is None:
            return f"p{player} start"
        return f"p{player} " + json.dumps(state.kashi.view(player).to_json(), sort_keys=True, separators=(",", ":"))
