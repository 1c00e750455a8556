"""Speed benchmarks: uniformly random self-play on one core, printed as figures.

Each configuration also times a fixed pure-Python reference loop in the same run, so figures
from different machines can be compared as ratios.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from random import Random

from kashi.core import native
from kashi.core.game import new_game
from kashi.core.registry import AnyState, variant
from kashi.core.state import CHANCE

REFERENCE_LOOPS = 200_000


@dataclass
class BenchResult:
    variant: str
    players: int
    games: int
    seconds: float
    games_per_s: float
    moves_per_s: float
    moves_per_game: float
    mean_score: float
    legal_moves_per_s: float
    copies_per_s: float
    recorded_games_per_s: float
    reference_loops_per_s: float
    core: str
    compiled_games_per_s: float
    """The same random self-play in the compiled core (0 without one)."""
    compiled_moves_per_s: float

    def line(self) -> str:
        compiled = (
            f"compiled core {self.compiled_games_per_s:,.0f} games/s, {self.compiled_moves_per_s:,.0f} moves/s; "
            if self.compiled_games_per_s
            else ""
        )
        return (
            f"[{self.core}] {self.variant} {self.players}p: {compiled}"
            f"Python engine {self.games} games in {self.seconds:.1f} s = "
            f"{self.games_per_s:,.0f} games/s, {self.moves_per_s:,.0f} moves/s, "
            f"{self.moves_per_game:.1f} moves/game, mean score {self.mean_score:.1f}; "
            f"legal-move generations {self.legal_moves_per_s:,.0f}/s, copies {self.copies_per_s:,.0f}/s; "
            f"with records (Game) {self.recorded_games_per_s:,.0f} games/s; "
            f"reference {self.reference_loops_per_s / 1e6:.2f} M loops/s"
        )


def random_games(name: str, players: int, games: int, seconds: float, seed: int) -> BenchResult:
    """Play random games until ``games`` are done or ``seconds`` have passed (at least one).

    The headline figures drive the engine itself: ``random_move`` for every decision and
    ``sample_chance`` for every chance event, each move fully checked by ``play``. The same
    games through ``Game`` (which also writes the record) are timed for a quarter as long.
    """
    chosen = variant(name)
    options = chosen.resolve(players, {})
    rng = Random(seed)
    moves = played = 0
    score_sum = 0
    samples: list[AnyState] = []
    started = time.perf_counter()
    while (not games or played < games) and (not seconds or time.perf_counter() - started < seconds or not played):
        state = chosen.family.make_state(players, options, played % players)
        while True:
            player = state.current_player
            if player == CHANCE:
                state.apply_chance(state.sample_chance(rng))
            elif player < 0:
                break
            else:
                if moves % 97 == 0 and len(samples) < 2000:
                    samples.append(state.copy())
                state.play(state.random_move(rng))
                moves += 1
        played += 1
        score_sum += sum(state.scores())
    elapsed = time.perf_counter() - started
    return BenchResult(
        variant=name,
        players=players,
        games=played,
        seconds=elapsed,
        games_per_s=played / elapsed,
        moves_per_s=moves / elapsed,
        moves_per_game=moves / played,
        mean_score=score_sum / (played * players),
        legal_moves_per_s=_rate(lambda: [state.legal_moves() for state in samples], len(samples)),
        copies_per_s=_rate(lambda: [state.copy() for state in samples], len(samples)),
        recorded_games_per_s=_recorded_games(name, players, max(1, games // 4), seconds / 4, seed),
        reference_loops_per_s=_rate(_reference_loop, REFERENCE_LOOPS),
        core=native.core_name(),
        **_compiled_games(chosen.family.make_state(players, options, 0), games, seconds, seed),
    )


def _compiled_games(start: AnyState, games: int, seconds: float, seed: int) -> dict[str, float]:
    """Random self-play from ``start`` in the compiled core (uniform over the legal actions),
    in rounds of 1,000 games until ``games`` or ``seconds`` of processor time are spent."""
    compiled = native.compiled(start)
    if compiled is None:
        return {"compiled_games_per_s": 0.0, "compiled_moves_per_s": 0.0}
    played = moves = 0
    started = time.process_time()
    while (not games or played < games) and (time.process_time() - started < seconds or not played):
        done, made, _ = native.CORE.random_games(compiled, min(1000, games - played) if games else 1000, seed + played)  # type: ignore[union-attr]
        played, moves = played + done, moves + made
    elapsed = time.process_time() - started
    return {"compiled_games_per_s": played / elapsed, "compiled_moves_per_s": moves / elapsed}


def _recorded_games(name: str, players: int, games: int, seconds: float, seed: int) -> float:
    """Random games per second through ``Game``: chance drawn by the game, every event recorded."""
    rng = Random(seed)
    played = 0
    started = time.perf_counter()
    while (not games or played < games) and (time.perf_counter() - started < seconds or not played):
        game = new_game(name, players=players, seed=seed + played, first_seat=played % players)
        state = game.state
        while state.current_player >= 0:
            game.play(state.random_move(rng))
        played += 1
    return played / (time.perf_counter() - started)


def _rate(work: Callable[[], object], count: int, repeats: int = 5) -> float:
    """Operations per second of the best of a few runs of ``work``."""
    best = float("inf")
    for _ in range(repeats):
        started = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - started)
    return count / best if best > 0 else 0.0


def _reference_loop() -> int:
    total = 0
    for i in range(REFERENCE_LOOPS):
        total += i & 7
    return total


@dataclass
class BotBenchResult:
    variant: str
    mcts_iterations_per_s: float
    greedy_games_per_s: float
    mcts_games_per_s: float

    def line(self) -> str:
        return (
            f"{self.variant} 2p bots: MCTS {self.mcts_iterations_per_s:,.0f} iterations/s; full games "
            f"greedy vs greedy {self.greedy_games_per_s:.2f}/s, "
            f"MCTS(100 iterations) vs MCTS {self.mcts_games_per_s:.3f}/s"
        )


def bots(name: str, seconds: float, seed: int) -> BotBenchResult:
    """MCTS iterations per second on positions of a random game, and bot-vs-bot games per second."""
    from kashi.bots import Limits, make_bot

    game = new_game(name, players=2, seed=seed)
    rng = Random(seed)
    positions = []
    while not game.is_over():
        if len(game.events) % 5 == 0:
            positions.append(game.state.copy())
        game.play(game.state.random_move(rng))
    mcts = make_bot("mcts", seed)
    iterations = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds / 3:
        for state in positions[:: max(1, len(positions) // 8)]:
            if len(state.legal_moves()) > 1:
                mcts.choose(state.view(state.current_player), Limits(iterations=200))
                iterations += 200
    mcts_rate = iterations / (time.perf_counter() - started)
    return BotBenchResult(name, mcts_rate, _bot_games(name, "greedy", seconds / 3, seed),
                          _bot_games(name, "mcts:iterations=100", seconds / 3, seed))  # fmt: skip


def _bot_games(name: str, bot: str, seconds: float, seed: int) -> float:
    from kashi.bots import Limits, make_bot

    played = 0
    started = time.perf_counter()
    while not played or time.perf_counter() - started < seconds:
        game = new_game(name, players=2, seed=seed + played)
        players = [make_bot(bot, seed + seat) for seat in range(2)]
        while not game.is_over():
            seat = game.state.current_player
            game.play(players[seat].choose(game.state.view(seat), Limits()))
        played += 1
    return played / (time.perf_counter() - started)


def default_players(name: str) -> list[int]:
    allowed = variant(name).allowed_players
    chosen: list[int] = [players for players in (2, 4) if players in allowed]
    return chosen or [allowed[0]]


def run(
    name: str, players: list[int] | None, games: int, seconds: float, seed: int, as_json: bool
) -> list[BenchResult]:
    results = []
    for count in players or default_players(name):
        result = random_games(name, count, games, seconds, seed)
        results.append(result)
        print(json.dumps(asdict(result)) if as_json else result.line(), flush=True)
    return results


def run_bots(names: list[str], seconds: float, seed: int, as_json: bool) -> None:
    for name in names:
        result = bots(name, seconds, seed)
        print(json.dumps(asdict(result)) if as_json else result.line(), flush=True)
