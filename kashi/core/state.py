"""The game contract: what every game's state offers to bots, records, servers and RL."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable
from random import Random
from typing import Any, ClassVar, Generic, TypeVar

from kashi.core.errors import IllegalMoveError, KashiError
from kashi.core.messages import Message
from kashi.core.outcome import Outcome, ScoreChange, ScorePart

CHANCE = -1
"""``current_player`` while a chance event (a draw, a fill) is due."""
TERMINAL = -2
"""``current_player`` once the game is over."""

MoveT = TypeVar("MoveT", bound=Hashable)
ChanceT = TypeVar("ChanceT", bound=Hashable)


class State(ABC, Generic[MoveT, ChanceT]):
    """A position of one game, with its rules.

    Decisions and chance events alternate as the rules say: while ``current_player`` is a seat,
    that seat ``play``s one of ``legal_moves()``; while it is ``CHANCE``, exactly one outcome of
    ``chance_outcomes()`` is applied with ``apply_chance``. ``str`` of a move or a chance outcome
    is the rules spec's notation, and ``parse_move`` / ``parse_chance`` read it back.
    """

    family: ClassVar[str]
    hidden_information: ClassVar[bool] = True
    """False when ``view(seat)`` hides nothing, so adapters may read the state itself."""
    adjustment_parts: ClassVar[frozenset[str]] = frozenset()
    """Keys of score parts that correct a total rather than award points (Azul's clamp at 0),
    which a hint leaves out of what a move earns."""
    num_players: int
    current_player: int

    @property
    @abstractmethod
    def score_changes(self) -> tuple[ScoreChange, ...]:
        """The score changes made by the last ``play`` or ``apply_chance``, with their parts."""

    # -- decisions -----------------------------------------------------------------------
    @abstractmethod
    def legal_moves(self) -> list[MoveT]:
        """Every legal move of the seat to move, in a stable order (empty unless a seat moves)."""

    @abstractmethod
    def play(self, move: MoveT, seat: int | None = None) -> None:
        """Apply a legal move; raise ``IllegalMoveError`` (and change nothing) otherwise. With
        ``seat`` given (a host knows who sent the move), a move out of turn is refused."""

    @abstractmethod
    def parse_move(self, text: str) -> MoveT:
        """Read a move in notation; raise ``MoveSyntaxError`` on malformed text."""

    def is_legal(self, move: MoveT) -> bool:
        return move in self.legal_moves()

    def explain_illegal(self, move: MoveT) -> IllegalMoveError | None:
        """Why ``move`` is illegal now, or None if it is legal."""
        try:
            self.copy().play(move)
        except IllegalMoveError as error:
            return error
        return None

    def move_parts(self, move: MoveT) -> dict[str, Any]:
        """The parts a user interface builds ``move`` from by clicks (source, colour, target...).

        A browser table lights and picks among the legal moves by these parts instead of parsing
        notation; a game whose moves are one click each may keep the default, no parts.
        """
        return {}

    def describe_move(self, move: MoveT) -> Message | None:
        """``move`` in words, as a catalogue message the viewer's language fills ("takes 3 red
        from factory 4 to pattern line 3"), for the log and screen readers; the mover's name
        goes before it. Asked of the position before the move (``Game`` keeps the answer), as
        only that one knows what the move takes; a move that is not legal here may be said
        wrongly but must not raise. None: the notation alone says it."""
        return None

    def describe_chance(self, line: str) -> Message | None:
        """A whole chance line of the record (``fill BBYR ...``) in words, likewise; a redacted
        line (with ``?``) may be described as far as it shows. None: the notation alone."""
        return None

    def describe_position(self) -> Message | None:
        """What a screen reader says of the position in one line beside the scores and whose
        turn it is (Azul's round and tiles left to take); nothing secret. None: nothing more."""
        return None

    def components(self) -> dict[str, Any]:
        """The game's component tables for this state's variant, options and player count, as
        JSON values: what a table draws that the position does not say (printed wall colours,
        floor penalties, plates, start cells, board sizes, rounds, costs...).

        A browser table reads them from here (the state message, replays and lessons carry
        them) instead of keeping its own copy, so the picture cannot drift from the rules an
        engine plays by: a rule option that changes a component (Azul's ``overflow``, Ingenious's
        player count) changes what is drawn. Every value is built from the engine's own
        tables. A game with nothing printed beyond its position keeps the default, no tables.
        """
        return {}

    def final_scoring_so_far(self) -> tuple[ScoreChange, ...]:
        """What the end-of-game scoring would add to each seat if the game ended now (Azul
        Duel's objectives), so a table can show what each is worth so far; most games add
        nothing at the end that a player could follow, and keep the default."""
        return ()

    def round_scoring_so_far(self) -> tuple[ScoreChange, ...]:
        """What the end of the current round would score for each seat with the boards as they
        stand (Azul: complete pattern lines tiled, floors charged), so a hint can tell what a
        move sets up before the rules score it; games that score each move at once keep the
        default, nothing."""
        return ()

    def bonus_progress(self, seat: int) -> tuple[tuple[ScorePart, int, int], ...]:
        """Each end-of-game bonus ``seat`` is building, as the part it would score with how
        many of its pieces are in place and how many it needs (Azul's rows, columns and colours),
        so a hint can name the bonus a move brings closer; the default is none."""
        return ()

    def deciding_tracks(self, seat: int) -> dict[str, int] | None:
        """The scores of ``seat`` by name when the game is decided on their lowest (Ingenious's
        colour tracks), so a hint can say a move raises the one that counts; None where the
        total decides (the default)."""
        return None

    def random_move(self, rng: Random) -> MoveT:
        """A legal move drawn uniformly; games may override it with a faster exact sampler."""
        return rng.choice(self.legal_moves())

    # -- game knowledge for bots ----------------------------------------------------------
    def evaluate(self) -> tuple[float, ...]:
        """A heuristic value per seat, higher is better, on the scale of the game's points.

        Bots use it for greedy play and to cut search off. The default is the scores.
        """
        return tuple(float(score) for score in self.scores())

    def evaluate_seat(self, seat: int) -> float:
        """``evaluate()[seat]``, all that greedy play reads; a game whose seats are valued apart
        overrides it to value only the seat asked for."""
        return self.evaluate()[seat]

    def order_moves(self, moves: list[MoveT]) -> list[MoveT]:
        """The moves, most promising first, for search; the default keeps their order."""
        return moves

    def rollout_move(self, rng: Random) -> MoveT:
        """A quick, reasonable move for simulations; the default is uniformly random."""
        return self.random_move(rng)

    def appraise(self, moves: list[MoveT], rng: Random | None = None, **settings: Any) -> list[float]:
        """A value per move for the mover, for the ``appraise`` bot. The default is the mover's
        evaluation of the position each move leaves; a game that knows more about a move (what
        it opens for the next player) overrides it, with ``settings`` bounding its effort and
        ``rng`` for any sampling."""
        seat = self.current_player
        values = []
        for move in moves:
            child = self.copy()
            child.play(move)
            values.append(child.evaluate_seat(seat))
        return values

    # -- chance --------------------------------------------------------------------------
    @abstractmethod
    def chance_outcomes(self) -> list[tuple[ChanceT, float]]:
        """Every possible outcome of the due chance event with its probability."""

    def distinct_chance_outcomes(self) -> list[tuple[ChanceT, float]]:
        """The due event's outcomes that lead to another position, probabilities renormalised.

        An outcome the rules take back at once (a fill returned and redrawn) brings the position
        back unchanged, so a search that expands or fixes chance outcomes would loop on it; the
        rest, renormalised, is the same distribution of where the event really leads. Games
        without such outcomes keep the default, ``chance_outcomes()``.
        """
        return self.chance_outcomes()

    @abstractmethod
    def apply_chance(self, outcome: ChanceT) -> None:
        """Apply one outcome of the due chance event; reject impossible ones unchanged."""

    @abstractmethod
    def parse_chance(self, text: str) -> ChanceT:
        """Read a chance outcome token in notation."""

    @abstractmethod
    def chance_group(self) -> tuple[str, int]:
        """The record line heading of the due chance event and an id of its line.

        Consecutive chance events with the same group share one record line, e.g. a whole
        factory refill ``fill BBYR KKWW ...`` is written as one line of several events.
        """

    def sample_chance(self, rng: Random) -> ChanceT:
        """One outcome drawn with its probability; games override it for speed."""
        outcomes = self.chance_outcomes()
        pick = rng.random()
        for outcome, probability in outcomes:
            pick -= probability
            if pick < 0:
                return outcome
        return outcomes[-1][0]

    # -- the whole game ------------------------------------------------------------------
    def is_over(self) -> bool:
        return self.current_player == TERMINAL

    def is_chance(self) -> bool:
        return self.current_player == CHANCE

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """The result once the game is over, else None."""

    @abstractmethod
    def scores(self) -> tuple[int, ...]:
        """The headline score of every seat now."""

    # -- copies, views, serialisation ----------------------------------------------------
    @abstractmethod
    def copy(self) -> State[MoveT, ChanceT]:
        """An independent copy, cheap enough for search."""

    @abstractmethod
    def view(self, seat: int | None) -> State[MoveT, ChanceT]:
        """A copy with what ``seat`` may not see removed (``None``: a spectator's view)."""

    def determinize(self, rng: Random) -> State[MoveT, ChanceT]:
        """A full state consistent with this view, hidden parts drawn at random (for search).

        Games without hidden information return a copy.
        """
        return self.copy()

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """Everything needed to rebuild the state exactly (hidden parts included)."""

    @classmethod
    @abstractmethod
    def from_json(cls, data: dict[str, Any]) -> State[MoveT, ChanceT]:
        """Rebuild a state from ``to_json``; raise ``KashiError`` on malformed data."""

    # -- position notation ---------------------------------------------------------------
    @abstractmethod
    def position(self) -> str:
        """This position as one line of the game's position notation (docs/notation.md,
        "Position notation"): what the table shows and the rules need, and no cache. A view
        writes the parts it hides as unknown; ``read_position`` reads it back to an equal state."""

    @abstractmethod
    def read_position(self, text: str) -> State[MoveT, ChanceT]:
        """The state a position line describes, under this state's rules and player count.

        Every field is checked, then the game's own consistency checks; a bad line raises
        ``PositionError`` (a ``KashiError``) naming the field and what is wrong.
        """

    def position_players(self, text: str) -> int:
        """How many seats a position line describes, so it can be read without a player count;
        a game with one player count keeps the default, this state's."""
        return self.num_players

    # -- fixed action space for learning -------------------------------------------------
    @property
    @abstractmethod
    def num_actions(self) -> int:
        """Size of the fixed action space of this game configuration."""

    @abstractmethod
    def action_id(self, move: MoveT) -> int:
        """The stable integer of a move, in ``range(num_actions)``."""

    @abstractmethod
    def move_from_action(self, action: int) -> MoveT:
        """The move of an action id (legal or not)."""

    def legal_actions(self) -> list[int]:
        return [self.action_id(move) for move in self.legal_moves()]

    def render(self, seat: int | None = None, colour: bool = False) -> str:
        """A plain-text picture of the position as ``seat`` sees it; letters always shown,
        ANSI colours added when ``colour`` is on."""
        return repr(self)


def best_sampled_move(state: State[MoveT, Any], rng: Random, value: Callable[[MoveT], float], samples: int) -> MoveT:
    """The best of a few uniformly drawn legal moves by ``value``: a fast rollout policy that is
    far from random without listing every move."""
    best = state.random_move(rng)
    best_value = value(best)
    for _ in range(samples - 1):
        move = state.random_move(rng)
        move_value = value(move)
        if move_value > best_value:
            best, best_value = move, move_value
    return best


def parts_of_text(state: State[Any, Any], text: str) -> dict[str, Any]:
    """The parts of a move written in notation, or none when the text does not read as a move
    (a redacted line): for marking a move already made."""
    try:
        return state.move_parts(state.parse_move(text))
    except KashiError:
        return {}


def words_of_text(state: State[Any, Any], seat: int | None, text: str) -> dict[str, Any] | None:
    """The words of a record line (a move of ``seat``, or a chance line), as a message's JSON
    without its English (a log or a replay fills the key in the viewer's language); None when
    the game does not describe it or the text does not read (a redacted move). A move is said by
    ``state``, which should be the position before it (``Game.words_of``)."""
    try:
        words = state.describe_chance(text) if seat is None else state.describe_move(state.parse_move(text))
    except KashiError:
        return None
    return words.to_json(text=False) if words is not None else None


def position_words(state: State[Any, Any]) -> dict[str, Any] | None:
    """The one-line summary of the position (``describe_position``) as a message's JSON."""
    words = state.describe_position()
    return words.to_json(text=False) if words is not None else None


def check_turn(state: State[Any, Any], seat: int | None) -> None:
    """Refuse a move sent by ``seat`` when another seat (or chance) is to move."""
    if seat is not None and seat != state.current_player:
        raise IllegalMoveError("core.out_of_turn", seat=seat, to_move=state.current_player)


def check_seat(seat: int, players: int) -> None:
    """Raise a clear error for a seat outside the game."""
    if not 0 <= seat < players:
        raise KashiError("core.bad_seat", seat=seat, players=players)
