"""Many games stepped together for self-play: one action per game per step, by its seat to move.

A learner that plays every seat (self-play) wants positions in batches: ``VectorGames`` keeps
``num_games`` games of one configuration, takes one action id per game, draws the chance
events, and returns every game's next observation and action mask as arrays with a row per
game. The encoder builds the rows together (Azul's in one gather and one mask lookup for the
whole batch), which is where the speed comes from.

A game that ends reports its rewards and end in the step that ended it, and its row already
holds the first position of the next game (auto-reset). Rewards follow ``kashi.rl.rewards``
(``win`` by default, ``score`` as an option), one column per seat.

Where the game has a compiled engine and its encoder reads packed rows (Azul), the games are
stepped by the compiled core in one call per batch (``kashi.rl.compiled_games``); their chance
is drawn from the core's own streams, so a seed gives other games than on the Python engines.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from random import Random
from typing import Any

import numpy as np

from kashi.core.errors import IllegalMoveError
from kashi.core.messages import register
from kashi.core.registry import AnyState
from kashi.rl.compiled_games import CompiledGames, compiled_batch
from kashi.rl.config import GameConfig
from kashi.rl.encoding import encoder_for
from kashi.rl.encoding.base import MaskBuffer
from kashi.rl.rewards import RewardTracker, check_scheme
from kashi.rl.table import SEED_BITS, Table

register({"rl.illegal_action": "game {game}: action id {action} is not legal there"})


@dataclass(frozen=True)
class VectorStep:
    """What every game shows after a reset or a step, one row per game."""

    observation: np.ndarray
    """float32 (games, size): the encoding of the seat to move's view."""
    action_mask: np.ndarray
    """int8 (games, actions): 1 at the legal action ids of the seat to move."""
    to_move: np.ndarray
    """int64 (games,): the seat to move."""
    rewards: np.ndarray
    """float32 (games, players): each seat's reward for the step (0 after a reset)."""
    terminated: np.ndarray
    """bool (games,): the step ended the game by the rules (the row now shows a new game)."""
    truncated: np.ndarray
    """bool (games,): the step ended the game at the engine's round cap."""
    final_scores: np.ndarray
    """int64 (games, players): the scores a game ended with, in the rows of games this step ended
    (0 elsewhere)."""
    final_observation: np.ndarray | None = None
    """float32 (games, size): in the rows of games this step ended, the encoding of the final
    position as the seat that ended it sees it (0 elsewhere); None when no game ended."""


class VectorGames:
    """``num_games`` games of ``variant`` for ``players`` seats, with rule ``options``.

    ``reset(seed=s)`` starts every game and fixes the sequence of game seeds, so a seed and the
    actions fix every game; ``step(actions)`` plays one action id per game. An action that is
    not legal in its game raises ``IllegalMoveError`` (naming the game) and changes no game.

    With ``copy=False`` the masks built from legal ids (Azul Duel's) are one buffer rewritten
    every step (``MaskBuffer``), as Gymnasium's ``SyncVectorEnv(copy=False)`` shares its
    observations: read a step's masks before the next step, and do not write into them.
    """

    def __init__(
        self,
        variant: str,
        num_games: int,
        players: int = 2,
        options: dict[str, Any] | None = None,
        reward: str = "win",
        actions: str = "engine",
        copy: bool = True,
    ) -> None:
        if num_games < 1:
            raise ValueError(f"num_games must be at least 1, not {num_games}")
        self.config = GameConfig(variant, players, options or {})
        self.num_games = num_games
        self.reward_scheme = check_scheme(reward)
        self.encoder = encoder_for(self.config, actions)
        self.num_actions = self.encoder.num_actions
        self._seeds = Random()
        self._tables: list[Table] = []
        self._trackers: list[RewardTracker] = []
        self._final_states: dict[int, AnyState] = {}
        self._copy: np.ndarray | None = None
        """A copy of the masks shown last, which the legality check reads (a caller may write into
        the masks it is handed); or, when the encoder tells where their ones are:"""
        self._entries: np.ndarray | None = None
        """Where the masks shown last have their ones (``game * num_actions + id``), sorted: a
        copy of Azul Duel's 64 x 87,741 costs more than the check."""
        self._rows = np.arange(0, num_games * self.num_actions, self.num_actions)
        self._kept = None if copy else MaskBuffer(num_games, self.num_actions)
        batch = compiled_batch(self.config, self.encoder, num_games, reward) if actions == "engine" else None
        self._compiled = None if batch is None else CompiledGames(batch, self.encoder, num_games, players, copy)
        self._started = False

    @property
    def states(self) -> list[Any]:
        """The games' positions, to read (playing on them directly bypasses the checks; the
        compiled core's games are copies)."""
        if self._compiled is not None:
            return self._compiled.states()
        return [table.state for table in self._tables]

    @property
    def final_states(self) -> dict[int, AnyState]:
        """The final positions of the games the last step ended, by game (a new game has taken
        their rows)."""
        if self._compiled is not None:
            return self._compiled.final_states()
        return self._final_states

    def observe_views(self, games: Sequence[int], seats: Sequence[int]) -> np.ndarray:
        """The observations of ``seats[k]`` in game ``games[k]``'s current position, one row each."""
        if self._compiled is not None:
            return self._compiled.observe_views(games, seats)
        return self.encoder.observe_views(self.states, games, seats)

    def observe_final_views(self, games: Sequence[int], seats: Sequence[int]) -> np.ndarray:
        """The same in the final positions of games the last step ended (keys of ``final_states``)."""
        if self._compiled is not None:
            return self._compiled.observe_final_views(games, seats)
        finals = [self._final_states[game] for game in games]
        return self.encoder.observe_views(finals, list(range(len(finals))), seats)

    def reset(self, seed: int | None = None) -> VectorStep:
        self._started = True
        if self._compiled is not None:
            return VectorStep(*self._compiled.reset(seed), *self._blank())
        if seed is not None:
            self._seeds.seed(seed)
        self._tables = []
        self._trackers = []
        self._final_states = {}
        states = [self._start_game().state for _ in range(self.num_games)]
        return self._show(states, self._blank())

    def step(self, actions: Any) -> VectorStep:
        if not self._started:
            raise RuntimeError("call reset() before step()")
        if self._compiled is not None:
            ends, final_observation = self._compiled.step(self._shaped(actions))
            return VectorStep(*self._compiled.show(), *ends, final_observation)
        ids = self._check(actions)
        self._final_states = {}
        rewards, terminated, truncated, final_scores = ends = self._blank()
        final_observation = None
        encoder = self.encoder
        states = []
        for game, (table, tracker, action) in enumerate(zip(self._tables, self._trackers, ids, strict=True)):
            mover = table.to_move
            table.act(encoder.to_engine(table.state, action))
            state = table.state
            over = state.is_over()
            if over or tracker.every_step:
                paid = tracker.step(state)
                if paid is not None:
                    rewards[game] = paid
                if over:
                    ended_by_cap = table.truncated()
                    truncated[game], terminated[game] = ended_by_cap, not ended_by_cap
                    final_scores[game] = state.scores()
                    if final_observation is None:
                        final_observation = np.zeros((self.num_games, self.encoder.size), np.float32)
                    final_observation[game] = self.encoder.observe(state, mover)
                    self._final_states[game] = state
                    state = self._start_game(game).state
            states.append(state)
        return self._show(states, ends, final_observation)

    def _shaped(self, actions: Any) -> np.ndarray:
        """The action ids as an array, once it has one integer id per game."""
        ids = np.asarray(actions)
        if ids.shape != (self.num_games,) or ids.dtype.kind not in "iu":
            raise ValueError(f"actions must be {self.num_games} integer action ids, not {ids.dtype} {ids.shape}")
        return ids

    def _check(self, actions: Any) -> list[int]:
        """The action ids as ints, once every one is legal in its game."""
        ids = self._shaped(actions)
        if ids.min() < 0 or ids.max() >= self.num_actions:
            game = int(np.flatnonzero((ids < 0) | (ids >= self.num_actions))[0])
            raise IllegalMoveError("core.bad_action", action=int(ids[game]), last=self.num_actions - 1)
        wanted = self._rows + ids
        known = self._entries
        if known is not None:
            legal = known[np.minimum(np.searchsorted(known, wanted), known.size - 1)] == wanted
        else:
            assert self._copy is not None
            legal = self._copy.reshape(-1)[wanted] != 0
        if not legal.all():
            game = int(np.flatnonzero(~legal)[0])
            raise IllegalMoveError("rl.illegal_action", game=game, action=int(ids[game]))
        checked: list[int] = ids.tolist()
        return checked

    def _start_game(self, game: int | None = None) -> Table:
        """A new game in slot ``game`` (appended when None)."""
        table = Table(self.config, self._seeds.getrandbits(SEED_BITS))
        tracker = RewardTracker(self.reward_scheme, self.config.teams)
        tracker.start(table.state)
        if game is None:
            self._tables.append(table)
            self._trackers.append(tracker)
        else:
            self._tables[game], self._trackers[game] = table, tracker
        return table

    def _blank(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Rewards, terminated, truncated and final scores of a step in which nothing happened."""
        seats = (self.num_games, self.config.players)
        ended = np.zeros(self.num_games, dtype=np.bool_)
        return np.zeros(seats, np.float32), ended, ended.copy(), np.zeros(seats, np.int64)

    def _show(
        self,
        states: list[Any],
        ends: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray],
        final_observation: np.ndarray | None = None,
    ) -> VectorStep:
        observations, masks, entries = self.encoder.observe_batch_checked(states, self._kept)
        if entries is not None:
            self._entries = np.sort(entries)
        elif self._copy is None:
            self._copy = masks.copy()
        else:
            np.copyto(self._copy, masks)  # into the same buffer: no fresh allocation's page faults
        to_move = np.array([state.current_player for state in states], dtype=np.int64)
        return VectorStep(observations, masks, to_move, *ends, final_observation)
