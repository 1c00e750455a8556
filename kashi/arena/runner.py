"""Running a tournament: duplicate scheduling, workers (local processes or Ray), outputs."""

from __future__ import annotations

import csv
import json
import os
from collections.abc import Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

from kashi.arena.journal import Journal, JournalError, read_identity, read_results
from kashi.arena.match import GameResult, GameTask, play_game
from kashi.arena.stats import Sprt, elo_estimate, openskill_ratings
from kashi.bots.values import margin


@dataclass
class ArenaConfig:
    variant: str
    bots: list[str]
    """One spec per seat of the first game; later games rotate them (duplicate format)."""
    games: int = 2
    seconds: float | None = None
    iterations: int | None = None
    seed: int = 1
    backend: str = "local"
    address: str | None = None
    workers: int = 0
    out: Path | None = None
    sprt: Sprt | None = None
    options: dict[str, Any] = field(default_factory=dict)
    progress: bool = True
    resume: bool = False
    """Keep the games already in ``out`` and play only the rest (the same tournament, maybe longer)."""

    @property
    def players(self) -> int:
        return len(self.bots)

    def identity(self) -> dict[str, Any]:
        """What makes two runs the same tournament, whatever their length, workers or backend."""
        return {
            "variant": self.variant,
            "bots": self.bots,
            "seed": self.seed,
            "seconds": self.seconds,
            "iterations": self.iterations,
            "options": self.options,
        }


def schedule(config: ArenaConfig) -> list[list[GameTask]]:
    """Groups of games sharing a seed, one per rotation of the seats, so that luck cancels."""
    players = config.players
    groups = []
    index = 0
    for group in range(-(-config.games // players)):
        tasks = []
        for shift in range(players):
            seats = tuple(config.bots[(seat - shift) % players] for seat in range(players))
            tasks.append(
                GameTask(
                    index,
                    config.variant,
                    seats,
                    config.seed + group,
                    config.seconds,
                    config.iterations,
                    tuple(sorted(config.options.items())),
                )
            )
            index += 1
        groups.append(tasks)
    return groups


@dataclass
class Tournament:
    config: ArenaConfig
    results: list[GameResult] = field(default_factory=list)
    sprt_verdict: str = ""

    def group_scores(self, bot: str) -> list[float]:
        """The bot's mean score (win 1, shared win 1/winners, loss 0) over each complete group."""
        by_seed: dict[int, list[float]] = {}
        games: dict[int, int] = {}
        for result in self.results:
            games[result.seed] = games.get(result.seed, 0) + 1
            for seat, name in enumerate(result.seats):
                if name == bot:
                    share = 1.0 / len(result.winners) if seat in result.winners else 0.0
                    by_seed.setdefault(result.seed, []).append(share)
        players = self.config.players
        return [sum(scores) / len(scores) for seed, scores in by_seed.items() if games[seed] == players]

    def summary(self) -> dict[str, Any]:
        bots = list(dict.fromkeys(self.config.bots))
        table: dict[str, dict[str, Any]] = {}
        for bot in bots:
            rows = [(r, seat) for r in self.results for seat, name in enumerate(r.seats) if name == bot]
            wins = sum(1 for r, seat in rows if r.winners == (seat,))
            draws = sum(1 for r, seat in rows if seat in r.winners and len(r.winners) > 1)
            table[bot] = {
                "games": len(rows),
                "wins": wins,
                "draws": draws,
                "losses": len(rows) - wins - draws,
                "win_share": sum(1.0 / len(r.winners) for r, seat in rows if seat in r.winners) / max(len(rows), 1),
                "mean_score": sum(r.scores[seat] for r, seat in rows) / max(len(rows), 1),
                "mean_rank": sum(r.ranks[seat] for r, seat in rows) / max(len(rows), 1),
                "mean_margin": sum(margin(r.scores, seat) for r, seat in rows) / max(len(rows), 1),
                "forfeits": sum(1 for r, seat in rows if r.failure and r.failure["seat"] == seat),
            }
        summary: dict[str, Any] = {
            "variant": self.config.variant,
            "players": self.config.players,
            "games": len(self.results),
            "bots": table,
            "failures": [r.failure | {"game": r.index} for r in self.results if r.failure],
        }
        if self.config.players == 2 and len(bots) == 2:
            pairs = self.group_scores(bots[0])
            if pairs:
                estimate = elo_estimate(pairs)
                summary["elo"] = {"bot": bots[0], **asdict(estimate), "text": str(estimate)}
        elif self.config.players > 2:
            summary["openskill"] = openskill_ratings([(r.seats, r.ranks) for r in self.results])
        if self.sprt_verdict:
            summary["sprt"] = {"elo0": self.config.sprt.elo0 if self.config.sprt else None,
                               "elo1": self.config.sprt.elo1 if self.config.sprt else None,
                               "verdict": self.sprt_verdict}  # fmt: skip
        return summary

    def write(self, out: Path) -> None:
        """The summary and the table of games (each game's record is already in the journal)."""
        (out / "summary.json").write_text(json.dumps(self.summary(), indent=2) + "\n", encoding="utf-8")
        with (out / "games.csv").open("w", newline="", encoding="utf-8") as handle:
            writer = csv.writer(handle)
            writer.writerow(["game", "seed", "seats", "scores", "ranks", "winners", "termination", "moves",
                             "seconds", "failure"])  # fmt: skip
            for r in self.results:
                writer.writerow([r.index, r.seed, " ".join(r.seats), " ".join(map(str, r.scores)),
                                 " ".join(map(str, r.ranks)), " ".join(map(str, r.winners)), r.termination,
                                 r.moves, f"{r.seconds:.3f}", r.failure["reason"] if r.failure else ""])  # fmt: skip


def run(config: ArenaConfig) -> Tournament:
    """Play the tournament, stopping early if the SPRT decides; write outputs if asked."""
    journal = Journal(config.out, config.identity(), config.resume) if config.out is not None else None
    tournament = Tournament(config, list(journal.done) if journal else [])
    done = {result.index for result in tournament.results}
    tasks = [task for group in schedule(config) for task in group if task.index not in done]
    progress = _progress_bar(len(tasks), config.progress)
    first = config.bots[0]
    for result in _results(config, tasks):
        tournament.results.append(result)
        if journal:
            journal.add(result)
        progress.update(1)
        if result.failure:
            progress.write(f"game {result.index}: seat {result.failure['seat']} forfeits: {result.failure['reason']}")
        if config.sprt is not None:
            verdict = config.sprt.verdict(tournament.group_scores(first))
            if verdict != "continue":
                tournament.sprt_verdict = verdict
                break
    else:
        if config.sprt is not None:
            tournament.sprt_verdict = "continue"
    progress.close()
    tournament.results.sort(key=lambda result: result.index)
    if config.out is not None:
        tournament.write(config.out)
    return tournament


def combine(outs: Sequence[Path]) -> Tournament:
    """One tournament from runs of the same match on other seeds: a ladder row too long for one
    sitting, played in parts (``--seed`` and ``--games`` apart) on one machine or several. Only
    ``run.json`` and ``games.jsonl`` are read. Runs that differ in anything but their seed, or
    that played the same seed, are refused."""
    if not outs:
        raise JournalError("no runs to combine")
    identities = [read_identity(out) for out in outs]
    match = {key: value for key, value in identities[0].items() if key != "seed"}
    results: list[GameResult] = []
    played: dict[int, Path] = {}
    for out, identity in zip(outs, identities, strict=True):
        if {key: value for key, value in identity.items() if key != "seed"} != match:
            raise JournalError(f"{out} holds another match than {outs[0]}; only the seed may differ")
        found = read_results(out, records=False)
        for seed in {result.seed for result in found}:
            if seed in played:
                raise JournalError(f"{out} and {played[seed]} both played seed {seed}")
            played[seed] = out
        results += found
    config = ArenaConfig(
        match["variant"],
        list(match["bots"]),
        games=len(results),
        seconds=match["seconds"],
        iterations=match["iterations"],
        seed=min(played, default=0),
        options=match["options"],
    )
    ordered = sorted(results, key=lambda result: (result.seed, result.index))
    return Tournament(config, [replace(result, index=index) for index, result in enumerate(ordered)])


def _results(config: ArenaConfig, tasks: list[GameTask]) -> Iterator[GameResult]:
    if config.backend == "ray":
        yield from _ray_results(config, tasks)
        return
    workers = config.workers or os.cpu_count() or 1
    if workers == 1:
        yield from map(play_game, tasks)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        pending: set[Future[GameResult]] = {pool.submit(play_game, task) for task in tasks}
        try:
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    yield future.result()
        finally:
            for future in pending:
                future.cancel()


def _ray_results(config: ArenaConfig, tasks: list[GameTask]) -> Iterator[GameResult]:
    import ray

    started_here = not ray.is_initialized()
    if started_here:
        if config.address:
            ray.init(address=config.address, log_to_driver=False)
        else:
            ray.init(num_cpus=config.workers or os.cpu_count() or 1, include_dashboard=False, log_to_driver=False)
    remote_play = ray.remote(play_game)
    pending = [remote_play.remote(task) for task in tasks]
    try:
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                yield ray.get(ref)
    finally:
        for ref in pending:
            ray.cancel(ref, force=True)
        if started_here:
            ray.shutdown()


class _NoProgress:
    def update(self, count: int) -> None:
        pass

    def write(self, text: str) -> None:
        print(text)

    def close(self) -> None:
        pass


def _progress_bar(total: int, enabled: bool) -> Any:
    if not enabled:
        return _NoProgress()
    from tqdm import tqdm  # type: ignore[import-untyped]

    return tqdm(total=total, unit="game", dynamic_ncols=True)
