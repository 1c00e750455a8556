"""A game in progress: a state, where its chance events come from, and its record."""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Iterator
from datetime import date
from random import Random
from typing import Any

from kashi.core.errors import IllegalMoveError, KashiError, RecordError
from kashi.core.messages import Message
from kashi.core.outcome import Outcome, ScoreChange
from kashi.core.record import SHOWN_CHARS, Event, Record, shown
from kashi.core.registry import AnyState, variant
from kashi.core.state import CHANCE, check_turn, words_of_text

INTERNAL = "internal"
"""Chance events are drawn by the game itself, from its seed."""
EXTERNAL = "external"
"""Chance events are fed by a host, one record line at a time (``play_chance``)."""


class Game:
    """A state plus what it takes to play it out: chance resolution and the record.

    With internal chance, chance events are drawn from an instance RNG that is re-seeded from
    the game seed and the number of record lines before each run of chance events, so a game
    rebuilt from its record continues exactly as the original would have. With external
    chance the game stops at each chance event (``expecting_chance``) until a host feeds the
    line (``play_chance``), from physical draws or a file. Every refused input, a move or a
    line, leaves the game exactly as it was.
    """

    def __init__(
        self,
        variant_name: str,
        players: int,
        options: dict[str, Any],
        seed: int,
        start: int,
        names: Iterable[str] | None = None,
        chance: str = INTERNAL,
        words: bool = False,
    ) -> None:
        if chance not in (INTERNAL, EXTERNAL):
            raise KashiError("core.bad_option", option="chance", allowed="'internal' or 'external'", value=chance)
        self.chance = chance
        self.variant = variant(variant_name)
        self.players = players
        self.options = options
        self.seed = seed
        self.start = start
        self.names = list(names) if names is not None else [f"Player {seat + 1}" for seat in range(players)]
        self.state: AnyState = self.variant.family.make_state(players, options, start)
        self.events: list[Event] = []
        self.score_log: list[ScoreChange] = []
        self.move_words: dict[int, Message | None] | None = {} if words else None
        """With ``words``, each move's words by its event's index, said by the state before the
        move (Azul's count of tiles taken is gone after it), for people reading the log or a
        replay; None (bots, benchmarks) saves describing every move."""
        self.date = date.today().strftime("%Y.%m.%d")
        self._rng: Random | None = None
        self._chance_line: tuple[str, int] | None = None

    # -- playing -------------------------------------------------------------------------
    def legal_moves(self) -> list[Any]:
        return self.state.legal_moves()

    def play(self, move: Any, seat: int | None = None) -> list[ScoreChange]:
        """Play a move (object or notation) for the seat to move, then resolve chance.

        Returns the score changes it caused. With ``seat`` given, a move out of turn is refused.
        """
        state = self.state
        if state.current_player < 0:
            raise IllegalMoveError("core.game_over" if state.is_over() else "core.not_your_turn", state="chance")
        check_turn(state, seat)
        if isinstance(move, str):
            move = state.parse_move(move)
        mover = state.current_player
        said = self._said(move)
        state.play(move)
        self._keep_words(said)
        self.events.append(Event(mover, str(move)))
        self._chance_line = None
        changes = state.score_changes
        if state.current_player == CHANCE and self.chance == INTERNAL:
            changes += self.resolve_chance()
        if changes:
            self.score_log.extend(changes)
        return list(changes)

    @property
    def expecting_chance(self) -> str | None:
        """The heading of the chance line the game waits for (``"fill"``, ``"draw 1"``...), or
        None while a seat is to move or the game is over. Only external chance ever waits."""
        return self.state.chance_group()[0] if self.state.current_player == CHANCE else None

    def play_chance(self, line: str) -> list[ScoreChange]:
        """Feed one whole chance line in the record's notation (``"fill 1:BBRY 2:KKWW ..."``).

        The line must be the one the game expects and complete: a line that stops early, or
        that names an impossible outcome, is refused and nothing of it is applied.
        """
        before = len(self.score_log)
        self._replay_chance(Event(None, " ".join(line.split())))
        return self.score_log[before:]

    def resolve_chance(self) -> tuple[ScoreChange, ...]:
        """Draw and apply chance events until a seat is to move or the game is over."""
        state = self.state
        changes: tuple[ScoreChange, ...] = ()
        if state.current_player != CHANCE:
            return changes
        run_seed = self.seed * 1_000_003 + len(self.events)
        rng = self._rng
        if rng is None:
            rng = self._rng = Random(run_seed)
        else:
            rng.seed(run_seed)
        events = self.events
        line: Event | None = None
        group = self._chance_line
        while state.current_player == CHANCE:
            outcome = state.sample_chance(rng)
            token = str(outcome)
            now = state.chance_group()
            if now == group and line is not None:
                line.text += " " + token
            else:
                line = Event(None, f"{now[0]} {token}")
                events.append(line)
                group = now
            state.apply_chance(outcome)
            step = state.score_changes
            if step:
                changes += step
        self._chance_line = group
        return changes

    # -- results and records -------------------------------------------------------------
    def is_over(self) -> bool:
        return self.state.is_over()

    def outcome(self) -> Outcome | None:
        return self.state.outcome()

    def record(self) -> Record:
        headers = {
            "Game": self.variant.family.name,
            "Variant": self.variant.name,
            "Players": str(self.players),
            "Options": format_options(self.options),
            "Seed": str(self.seed),
            "Start": str(self.start),
            "Date": self.date,
        }
        headers.update({f"Seat{seat}": name for seat, name in enumerate(self.names)})
        outcome = self.state.outcome()
        if outcome is not None:
            headers["Result"] = outcome.result_text()
            headers["Winners"] = " ".join(str(seat) for seat in outcome.winners)
            headers["Termination"] = outcome.termination
        else:
            headers["Result"] = "*"
        return Record(headers, [Event(event.seat, event.text) for event in self.events])

    @classmethod
    def from_record(cls, record: Record) -> Game:
        """Rebuild a game by replaying its record, with no RNG; errors name the bad line."""
        game = cls.for_record(record)
        for _ in game.replay(record):
            pass
        return game

    @classmethod
    def for_record(cls, record: Record, words: bool = False) -> Game:
        """The game a record starts from, before any of its events (keeping the words of its
        moves with ``words``)."""
        try:
            players, seed, start = (_header_number(record, name) for name in ("Players", "Seed", "Start"))
        except ValueError as error:
            raise RecordError("core.record_json", reason=str(error)) from None
        chosen = variant(record.header("Variant"))
        options = chosen.resolve(players, parse_options(record.headers.get("Options", "")))
        names = [record.headers.get(f"Seat{seat}", f"Player {seat + 1}") for seat in range(players)]
        if not 0 <= start < players:
            raise RecordError("core.record_json", reason=f"start seat {start} out of range")
        game = cls(chosen.name, players, options, seed, start, names, words=words)
        game.date = record.headers.get("Date", game.date)
        return game

    def replay(self, record: Record) -> Iterator[Event]:
        """Apply the record's events one by one, yielding each after it is applied."""
        for number, event in enumerate(record.events, start=1):
            try:
                self._replay(event)
            except KashiError as error:
                reason = shown(str(error), 4 * SHOWN_CHARS)  # the move's own refusal may quote the line too
                raise RecordError("core.record_event", line=number, text=shown(event.line()), reason=reason) from None
            yield event

    def _replay(self, event: Event) -> None:
        if event.seat is None:
            self._replay_chance(event)
            return
        if self.state.current_player != event.seat:
            raise IllegalMoveError("core.out_of_turn", seat=event.seat, to_move=self.state.current_player)
        self._replay_move(event)

    def _replay_chance(self, event: Event) -> None:
        """Apply a chance line to a copy of the state, and keep it only if the whole line is
        accepted, so a line refused part-way changes nothing."""
        if self.state.current_player != CHANCE:
            raise IllegalMoveError("core.not_chance")
        state = self.state.copy()
        group = state.chance_group()
        heading = group[0] + " "
        if not event.text.startswith(heading):
            raise IllegalMoveError("core.bad_chance", text=event.text)
        changes: list[ScoreChange] = []
        for token in event.text[len(heading) :].split():
            if state.current_player != CHANCE or state.chance_group() != group:
                raise IllegalMoveError("core.bad_chance", text=token)
            state.apply_chance(state.parse_chance(token))
            changes.extend(state.score_changes)
        if state.current_player == CHANCE and state.chance_group() == group:
            raise IllegalMoveError("core.chance_line_short", text=event.text)
        self.state = state
        self.score_log.extend(changes)
        self.events.append(Event(None, event.text))
        self._chance_line = group

    def _replay_move(self, event: Event) -> None:
        move = self.state.parse_move(event.text)
        said = self._said(move)
        self.state.play(move)
        self._keep_words(said)
        self.score_log.extend(self.state.score_changes)
        self.events.append(Event(event.seat, str(move)))
        self._chance_line = None

    # -- words ---------------------------------------------------------------------------
    def _said(self, move: Any) -> Message | None:
        return self.state.describe_move(move) if self.move_words is not None else None

    def _keep_words(self, said: Message | None) -> None:
        """Keep a played move's words under the index its event is about to take."""
        if self.move_words is not None:
            self.move_words[len(self.events)] = said

    def words_of(self, index: int) -> dict[str, Any] | None:
        """Event ``index`` in words, as ``words_of_text`` gives them: a move as the state before
        it said it, a chance line from its text alone (all a chance line's words read). None
        where the game does not describe it, or keeps no words."""
        event = self.events[index]
        if event.seat is None:
            return words_of_text(self.state, None, event.text)
        said = self.move_words.get(index) if self.move_words is not None else None
        return said.to_json(text=False) if said is not None else None


MAX_NUMBER_DIGITS = 40
"""A number header's digits (a seed has at most 39); a longer one is refused before ``int()``."""


def _header_number(record: Record, name: str) -> int:
    text = record.header(name).strip()
    if len(text) > MAX_NUMBER_DIGITS:
        raise ValueError(f"header {name} has more than {MAX_NUMBER_DIGITS} digits")
    return int(text)


def format_options(options: dict[str, Any]) -> str:
    """Options as ``name=value`` words, booleans in lower case."""
    return " ".join(
        f"{name}={str(value).lower() if isinstance(value, bool) else value}" for name, value in options.items()
    )


def parse_options(text: str) -> dict[str, str]:
    options: dict[str, str] = {}
    for word in text.split():
        name, sep, value = word.partition("=")
        if not sep:
            raise RecordError("core.record_json", reason=f"option {word!r} lacks '='")
        options[name] = value
    return options


def new_game(
    name: str,
    players: int = 2,
    seed: int | None = None,
    first_seat: int | None = None,
    names: Iterable[str] | None = None,
    chance: str = INTERNAL,
    **options: Any,
) -> Game:
    """Start a game of a variant; with internal chance, the setup's chance events are drawn.

    ``seed`` fixes every chance event (a fresh one is drawn if omitted); ``first_seat`` is the
    starting seat (drawn from the seed if omitted). It is not called ``start`` because a game may
    have a rule option of that name (Ingenious's ``start``). ``chance="external"`` leaves every
    chance event, the setup's included, to the host (``expecting_chance``, ``play_chance``).
    """
    chosen = variant(name)
    resolved = chosen.resolve(players, options)
    if seed is None:
        seed = secrets.randbits(48)
    if first_seat is None:
        first_seat = Random(seed).randrange(players)
    elif not 0 <= first_seat < players:
        raise KashiError("core.bad_seat", seat=first_seat, players=players)
    game = Game(chosen.name, players, resolved, seed, first_seat, names, chance)
    if chance == INTERNAL:
        game.score_log.extend(game.resolve_chance())
    return game
