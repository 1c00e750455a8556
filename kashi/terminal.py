"""Playing and replaying in a terminal: text boards, moves typed in notation."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO

from kashi.bots import Limits, make_bot
from kashi.core.errors import KashiError
from kashi.core.game import Game, new_game
from kashi.core.outcome import ScoreChange
from kashi.core.record import Record

HELP = """Type a move in the game's notation, for example {example}.
  moves [TEXT]  list the legal moves (those starting with TEXT)
  log           show the last events
  help          this text
  quit          stop (the record is still saved)"""


class Terminal:
    """Input and output of one session; ``ask`` is ``input`` unless a test replaces it."""

    def __init__(self, out: TextIO = sys.stdout, ask: Callable[[str], str] = input, colour: bool = False) -> None:
        self.out = out
        self.ask = ask
        self.colour = colour

    def say(self, text: str = "") -> None:
        print(text, file=self.out)


def play(
    variant: str,
    players: int,
    bots: Sequence[str | None],
    terminal: Terminal,
    seed: int | None = None,
    record_path: Path | None = None,
    options: dict[str, Any] | None = None,
) -> Game:
    """Play one game; ``bots[seat]`` names the bot in that seat, None for a person."""
    names = [f"Bot {seat + 1} ({bot})" if bot else f"Player {seat + 1}" for seat, bot in enumerate(bots)]
    game = new_game(variant, players=players, seed=seed, names=names, **(options or {}))
    engines = {seat: make_bot(bot, game.seed + seat) for seat, bot in enumerate(bots) if bot}
    humans = [seat for seat, bot in enumerate(bots) if not bot]
    terminal.say(f"{game.variant.description}. Seed {game.seed}. Type 'help' for help.")
    while not game.is_over():
        seat = game.state.current_player
        if seat in engines:
            move = engines[seat].choose(game.state.view(seat), Limits())
            _report(terminal, game, seat, str(move), game.play(move, seat=seat))
            continue
        viewer = seat if len(humans) == 1 or seat in humans else None
        terminal.say()
        terminal.say(game.state.render(seat=viewer, colour=terminal.colour))
        if not _human_turn(terminal, game, seat):
            break
    terminal.say()
    terminal.say(game.state.render(seat=humans[0] if len(humans) == 1 else None, colour=terminal.colour))
    _announce(terminal, game)
    path = record_path or Path(f"kashi-{game.variant.name}-{game.seed}.txt")
    path.write_text(game.record().to_text(), encoding="utf-8")
    terminal.say(f"Record saved to {path}")
    return game


def _human_turn(terminal: Terminal, game: Game, seat: int) -> bool:
    """Ask until a legal move is played; False when the player quits."""
    while True:
        try:
            text = terminal.ask(f"{game.names[seat]} > ").strip()
        except EOFError:
            return False
        if text in ("quit", "exit"):
            return False
        if text in ("help", "?"):
            terminal.say(HELP.format(example=game.legal_moves()[0]))
        elif text == "moves" or text.startswith("moves "):
            prefix = text[len("moves") :].strip().upper()
            moves = [str(move) for move in game.legal_moves() if str(move).upper().startswith(prefix)]
            terminal.say("\n".join(move_lines(moves)))
            terminal.say(f"({len(moves)} moves)")
        elif text == "log":
            terminal.say("\n".join(event.line() for event in game.events[-12:]))
        elif text:
            try:
                move = game.state.parse_move(text)
                changes = game.play(move, seat=seat)
            except KashiError as error:
                terminal.say(f"Not allowed: {error}")
                continue
            _report(terminal, game, seat, str(move), changes)
            return True


def move_lines(moves: Sequence[str], width: int = 78) -> list[str]:
    """Moves two spaces apart, lines broken only between moves (an Azul Duel or Ingenious move
    holds spaces of its own)."""
    lines: list[str] = []
    for move in moves:
        if lines and len(lines[-1]) + 2 + len(move) <= width:
            lines[-1] += "  " + move
        else:
            lines.append(move)
    return lines


def _report(terminal: Terminal, game: Game, seat: int, move: str, changes: Sequence[ScoreChange]) -> None:
    terminal.say(f"{game.names[seat]} plays {move}")
    for change in changes:
        track = f" {change.track}" if change.track else ""
        terminal.say(f"  {game.names[change.seat]}{track} {change.points:+d}: {change}")


def _announce(terminal: Terminal, game: Game) -> None:
    outcome = game.outcome()
    if outcome is None:
        terminal.say("Game stopped before the end.")
        return
    scores = ", ".join(f"{game.names[seat]} {score}" for seat, score in enumerate(outcome.scores))
    winners = " and ".join(game.names[seat] for seat in outcome.winners)
    terminal.say(f"Final scores: {scores}. Winner: {winners} ({outcome.termination}).")


def replay(record: Record, terminal: Terminal, step: bool) -> Game:
    """Show a record event by event; with ``step`` wait for Enter after each."""
    game = Game.for_record(record)
    terminal.say(f"{game.variant.description}: {', '.join(game.names)}")
    for number, event in enumerate(game.replay(record), start=1):
        if step:
            terminal.say()
            terminal.say(game.state.render(colour=terminal.colour))
            terminal.say(f"[{number}/{len(record.events)}] {event.line()}")
            try:
                if terminal.ask("Enter for the next event, q to stop > ").strip() == "q":
                    return game
            except EOFError:
                step = False
    terminal.say(game.state.render(colour=terminal.colour))
    _announce(terminal, game)
    return game
