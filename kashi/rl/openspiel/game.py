"""kashi games as OpenSpiel Python games, with explicit chance nodes.

The first chance node draws the starting seat; every later one is an engine chance event. A
chance node's outcomes are the event's distinct results (``distinct_chance_outcomes``: no
outcome that the rules take back, so expanding or fixing chance outcomes never loops), numbered
by sorting their notation, so ids are stable per node and bounded by the spec's
``max_chance_outcomes``. Returns are the win/loss rewards of ``kashi.rl.rewards`` (+1 sole
winning team, 0 shared first place, -1 otherwise), which sum to zero when two teams play: those
configurations are declared zero-sum, the others general-sum.
"""

from __future__ import annotations

from random import Random
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]

from kashi.core.registry import AnyState
from kashi.core.state import CHANCE, TERMINAL
from kashi.rl.config import GameConfig
from kashi.rl.openspiel import recall
from kashi.rl.openspiel.observer import KashiObserver
from kashi.rl.rewards import win_returns
from kashi.rl.spiel import SpielSpec


def game_type(spec: SpielSpec, zero_sum: bool) -> Any:
    """The type of ``spec``'s games; ``zero_sum`` when their returns always sum to zero."""
    information = pyspiel.GameType.Information
    utility = pyspiel.GameType.Utility
    return pyspiel.GameType(
        short_name=spec.short_name,
        long_name=spec.long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=information.PERFECT_INFORMATION if spec.perfect_information else information.IMPERFECT_INFORMATION,
        utility=utility.ZERO_SUM if zero_sum else utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=spec.defaults,
    )


class KashiSpielGame(pyspiel.Game):  # type: ignore[misc]
    """One registered kashi game; ``params`` choose the players and options (see the spec)."""

    spec: SpielSpec

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        values = {**self.spec.defaults, **(params or {})}
        self.config = self.spec.config(values)
        zero_sum = len(set(self.config.teams)) == 2
        info = pyspiel.GameInfo(
            num_distinct_actions=self.config.num_actions,
            max_chance_outcomes=self.spec.max_chance_outcomes,
            num_players=self.config.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if zero_sum else None,
            max_game_length=self.spec.max_game_length(self.config),
        )
        super().__init__(game_type(self.spec, zero_sum), info, values)

    def new_initial_state(self) -> KashiSpielState:
        return KashiSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: dict[str, Any] | None = None) -> KashiObserver:
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return KashiObserver(self.config, perfect_recall, params)


class Engine:
    """The engine state inside an OpenSpiel state; OpenSpiel clones states with ``deepcopy``,
    which this turns into the engine's cheap ``copy``."""

    __slots__ = ("state",)

    def __init__(self, state: AnyState | None) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> Engine:
        return Engine(None if self.state is None else self.state.copy())


class KashiSpielState(pyspiel.State):  # type: ignore[misc]
    """A position: ``kashi`` is the engine state once the starting seat is drawn (None before)."""

    def __init__(self, game: KashiSpielGame) -> None:
        super().__init__(game)
        self.config: GameConfig = game.config
        self._engine = Engine(None)
        self._outcomes: list[tuple[Any, float]] | None = None
        hidden = not game.spec.perfect_information
        self.seen: tuple[bytes, ...] | None = recall.start(game.config.players) if hidden else None
        """Each seat's record of what it saw (``kashi.rl.openspiel.recall``), in games that hide
        something; None in games that hide nothing, whose action history is public."""

    @property
    def kashi(self) -> AnyState | None:
        return self._engine.state

    def current_player(self) -> int:
        state = self.kashi
        if state is None or state.current_player == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        if state.current_player == TERMINAL:
            return int(pyspiel.PlayerId.TERMINAL)
        return state.current_player

    def _legal_actions(self, player: int) -> list[int]:
        assert self.kashi is not None
        return sorted(self.kashi.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(index, probability) for index, (_, probability) in enumerate(self._chance())]

    def _chance(self) -> list[tuple[Any, float]]:
        """This node's outcomes in id order: seats for the start, else sorted by notation."""
        if self._outcomes is None:
            if self.kashi is None:
                players = self.config.players
                self._outcomes = [(seat, 1.0 / players) for seat in range(players)]
            else:
                self._outcomes = sorted(self.kashi.distinct_chance_outcomes(), key=lambda item: str(item[0]))
        return self._outcomes

    def _apply_action(self, action: int) -> None:
        mover, move = -1, ""
        if self.kashi is None:
            self._engine.state = self.config.make_state(self._chance()[action][0])
        elif self.kashi.current_player == CHANCE:
            self.kashi.apply_chance(self._chance()[action][0])
        else:
            mover, played = self.kashi.current_player, self.kashi.move_from_action(action)
            self.kashi.play(played)
            move = str(played)
        self._outcomes = None
        if self.seen is not None:
            assert self.kashi is not None
            self.seen = recall.extend(self.seen, self.kashi, mover, move)

    def resample_from_infostate(self, player: int, probability_sampler: Any) -> KashiSpielState:
        """A state ``player`` cannot tell from this one, its hidden parts drawn at random
        (``view(player).determinize``) with a generator seeded from ``probability_sampler``."""
        if self.seen is None or self.kashi is None:
            clone: KashiSpielState = self.clone()
            return clone
        drawn = KashiSpielState(self.get_game())
        rng = Random(int(probability_sampler() * 2.0**53))
        drawn._engine.state = self.kashi.view(player).determinize(rng)
        drawn.seen = recall.resampled(self.seen, player, drawn._engine.state)
        return drawn

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            outcome = self._chance()[action][0]
            return f"start {outcome}" if self.kashi is None else str(outcome)
        assert self.kashi is not None
        return str(self.kashi.move_from_action(action))

    def is_terminal(self) -> bool:
        return self.kashi is not None and self.kashi.is_over()

    def returns(self) -> list[float]:
        outcome = None if self.kashi is None else self.kashi.outcome()
        if outcome is None:
            return [0.0] * self.config.players
        return list(win_returns(outcome, self.config.teams))

    def __str__(self) -> str:
        return "(start not drawn)" if self.kashi is None else self.kashi.render()


def observation_vector(state: KashiSpielState, player: int) -> np.ndarray:
    """The observation tensor of ``player`` (for callers without an observer object)."""
    return np.asarray(state.observation_tensor(player), dtype=np.float32)
