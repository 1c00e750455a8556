"""A tournament's games kept on disk as each one ends, so that a stopped run resumes.

A ladder row of 400 games at a second a move takes hours; a reboot or a Ctrl-C must not cost the
games already played. Each finished game's record goes to ``records/`` and its result, one JSON
line, to ``games.jsonl``; ``run.json`` names the tournament (variant, seats, seed, limits,
options), so a resumed run is refused unless it is the same one. A line cut short by a kill is
the game not yet done: it is played again.
"""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path
from typing import Any

from kashi.arena.match import GameResult

RUN = "run.json"
GAMES = "games.jsonl"
RECORDS = "records"


class JournalError(ValueError):
    """An output folder that holds another run, or a run asked to resume that is not there."""


def record_path(out: Path, index: int) -> Path:
    return out / RECORDS / f"game-{index:05d}.txt"


class Journal:
    """The games of one tournament under ``out``: those done before, and each new one as it ends."""

    def __init__(self, out: Path, identity: dict[str, Any], resume: bool) -> None:
        self.out = out
        self.done = self._open(identity, resume)

    def _open(self, identity: dict[str, Any], resume: bool) -> list[GameResult]:
        run_file = self.out / RUN
        if not run_file.exists():
            self.out.mkdir(parents=True, exist_ok=True)
            (self.out / GAMES).unlink(missing_ok=True)
            run_file.write_text(json.dumps(identity, indent=2) + "\n", encoding="utf-8")
            return []
        stored = json.loads(run_file.read_text(encoding="utf-8"))
        if stored != identity:
            raise JournalError(
                f"{self.out} holds another tournament ({_describe(stored)}); give another --out for this one"
            )
        done = read_results(self.out)
        if done and not resume:
            raise JournalError(
                f"{self.out} already holds {len(done)} games of this tournament; "
                "pass --resume to continue it or give another --out"
            )
        return done

    def add(self, result: GameResult) -> None:
        """Keep a finished game: its record first, then the line that says it is done."""
        path = record_path(self.out, result.index)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(result.record, encoding="utf-8")
        fields = {key: value for key, value in asdict(result).items() if key != "record"}
        with (self.out / GAMES).open("a", encoding="utf-8") as handle:
            handle.write(json.dumps(fields) + "\n")


def read_identity(out: Path) -> dict[str, Any]:
    """The tournament a run folder holds (its ``run.json``)."""
    try:
        identity: dict[str, Any] = json.loads((out / RUN).read_text(encoding="utf-8"))
    except (FileNotFoundError, json.JSONDecodeError) as error:
        raise JournalError(f"{out} holds no tournament: {error}") from None
    return identity


def read_results(out: Path, records: bool = True) -> list[GameResult]:
    """The finished games of a run folder, by index. With ``records`` a game counts only once its
    record is there too (as a resumed run needs); without, its line of ``games.jsonl`` is enough
    (for a summary of results kept without their records)."""
    results: dict[int, GameResult] = {}
    lines = (out / GAMES).read_text(encoding="utf-8").splitlines() if (out / GAMES).exists() else []
    for line in lines:
        try:
            fields = json.loads(line)
            record = record_path(out, fields["index"]).read_text(encoding="utf-8") if records else ""
            result = _result(fields, record)
        except (json.JSONDecodeError, KeyError, TypeError, FileNotFoundError):
            continue  # written only in part when the run stopped: that game is played again
        results[result.index] = result
    return sorted(results.values(), key=lambda result: result.index)


def _result(fields: dict[str, Any], record: str) -> GameResult:
    tuples = {key: tuple(fields[key]) for key in ("seats", "scores", "ranks", "winners")}
    return GameResult(**{**fields, **tuples, "record": record})


def _describe(identity: dict[str, Any]) -> str:
    return f"{identity.get('variant')}: {' vs '.join(identity.get('bots', []))}, seed {identity.get('seed')}"
