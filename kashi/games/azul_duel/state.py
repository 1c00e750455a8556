"""The Azul Duel engine: the position as flat lists of small ints, and the contract around it.

The rules themselves live in ``acquisition.py`` (phase A and the opening), ``tiling.py``
(phase B, scoring, the end of a round and of the game) and ``supply.py`` (every chance event).
``_advance`` runs the automatic steps between decisions and says who or what acts next.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from random import Random
from typing import Any, NamedTuple

from kashi.core.errors import IllegalMoveError
from kashi.core.messages import Message
from kashi.core.outcome import Outcome, ScoreChange, ScorePart, rank_by
from kashi.core.state import CHANCE, TERMINAL, State, check_seat, check_turn
from kashi.games.azul_duel import acquisition, actions, heuristics, supply, tiling, views, words
from kashi.games.azul_duel.components import (
    CELLS,
    CHIP_NAMES,
    CHIPS_PER_TYPE,
    LINES,
    PLATE_COUNT,
    ROTATIONS,
    ROUNDS,
    SLOTS,
    START_SCORE,
    SUN_INDEX,
    TILES_PER_COLOUR,
    WORKSHOPS,
)
from kashi.games.azul_duel.notation import (
    ORDER_INDEX,
    ORDERS,
    Chance,
    MoonTake,
    Move,
    SunTake,
    move_parts,
    parse_chance,
    parse_move,
)
from kashi.games.azul_duel.phases import (
    ACQUISITION,
    CHIP_HIDDEN,
    CHOOSE_CELL,
    DISPLAY,
    EVALUATE,
    OPENING,
    OVER,
    PHASE_NAMES,
    TABLETS,
    TILING,
)
from kashi.games.azul_duel.rules import DuelRules


class Fact(NamedTuple):
    """One score change as the engine notes it; ``score_changes`` explains it when asked."""

    seat: int
    points: int
    """Points really added (the score never goes below 0)."""
    parts: tiling.Parts
    """Its reasons as (catalogue key, points, params)."""


FIELDS = (
    "rules", "current_player", "round", "phase", "after_display", "to_move", "starter",
    "start_holder", "start_taker", "start_on_moon", "sun_start", "bag", "tower", "suns", "moons",
    "big_moon", "chip_at", "chip_pool", "chips", "chips_taken", "display", "stack", "stack_known",
    "pool", "hand", "draw_stage", "plates_taken", "slots", "cells", "tiles", "line_colour",
    "line_count", "destination_counts", "broken", "score", "tablets", "fill_workshop", "fill_need", "opening_left",
    "chip_due", "tiling_turn", "tile_line", "tile_stage", "stand_ins", "last_pass",
)  # fmt: skip
"""Every field of the engine's position: the facts and the caches worked out from them."""


@cache
def sun_take_ids(key: int, leftovers: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The action ids of the takes of sun group ``key`` (``SUN_INDEX[workshop][colour]``) to each
    destination, in ``legal_moves`` order, given the sun's ``leftovers`` (``()`` for the large
    workshop, whose leftovers are not stacked): remembered, since a sun shows one of a few
    hundred mixes."""
    stacked = [ORDER_INDEX[order] for order in acquisition.orders_of(leftovers)]
    return tuple(
        tuple(actions.SUN_AT + (key * actions.DESTINATIONS + line) * len(ORDERS) + order for order in stacked)
        for line in range(actions.DESTINATIONS)
    )


class AzulDuelState(State[Move, Chance]):
    """A position of Azul Duel.

    Per-seat data are flat lists, found through the geometry of ``components``: pattern lines
    (``LINE_INDEX``), broken tiles by colour (``BROKEN_OF``), chips by type (``CHIP_INDEX``),
    dome slots (``SLOT_INDEX``) and dome cells (from ``DOME_BASE``). Suns are counts per colour
    (``SUN_OF``); small moons are tuples bottom to top (``moons[w - 1]``). Plates not yet seen
    are ``-1`` in the stack and the hand and are drawn from ``pool`` when revealed.
    """

    family = "azul-duel"
    __slots__ = (*FIELDS, "num_players", "_facts", "_drawn")

    rules: DuelRules
    round: int
    phase: int
    after_display: int
    to_move: int
    starter: int
    start_holder: int
    start_taker: int
    start_on_moon: bool
    sun_start: bool
    bag: list[int]
    tower: list[int]
    suns: list[int]
    moons: list[tuple[int, ...]]
    big_moon: list[int]
    chip_at: list[int]
    chip_pool: list[int]
    chips: list[int]
    chips_taken: list[int]
    display: list[int]
    stack: list[int]
    stack_known: list[int]
    pool: list[int]
    hand: list[int]
    draw_stage: int
    plates_taken: list[int]
    slots: list[int]
    cells: list[int]
    tiles: list[int]
    line_colour: list[int]
    line_count: list[int]
    destination_counts: list[int]
    """Per seat and colour (``DESTINATION_COUNTS_OF``), how many destinations a take of it has: pattern
    lines that may receive it and the broken area; kept by ``acquisition.set_line``."""
    broken: list[int]
    score: list[int]
    tablets: list[int]
    fill_workshop: int
    fill_need: int
    opening_left: int
    chip_due: int
    tiling_turn: int
    tile_line: int
    tile_stage: int
    stand_ins: int
    last_pass: bool
    _facts: list[Fact]
    _drawn: Move | Chance | None
    """What ``random_move`` or ``sample_chance`` last drew in this very position (None once the
    position changes): legal by construction, so playing it skips the check."""

    def __init__(self, rules: DuelRules, start: int) -> None:
        check_seat(start, 2)
        self.rules = rules
        self.num_players = 2
        self.round = 1
        self.phase = DISPLAY
        self.after_display = TABLETS
        self.starter = self.start_holder = start
        self.to_move = 1 - start
        self.start_taker = -1
        self.start_on_moon = True
        self.sun_start = False
        self.bag = [TILES_PER_COLOUR] * 5
        self.tower = [0] * 5
        self.suns = [0] * (WORKSHOPS * 5)
        self.moons = [()] * (WORKSHOPS - 1)
        self.big_moon = [0] * 5
        self.chip_at = [CHIP_HIDDEN] * (WORKSHOPS - 1)
        self.chip_pool = [CHIPS_PER_TYPE] * len(CHIP_NAMES)
        self.chips = [0] * (2 * len(CHIP_NAMES))
        self.chips_taken = [0, 0]
        self.display = []
        self.stack = [-1] * PLATE_COUNT
        self.stack_known = [0] * PLATE_COUNT
        self.pool = list(range(PLATE_COUNT))
        self.hand = []
        self.draw_stage = 0
        self.plates_taken = [0, 0]
        self.slots = [-1] * (2 * SLOTS)
        self.cells = [-1] * (2 * CELLS)
        self.tiles = [-1] * (2 * CELLS)
        self.line_colour = [-1] * (2 * LINES)
        self.line_count = [0] * (2 * LINES)
        self.destination_counts = [LINES + 1] * 10
        self.broken = [0] * 10
        self.score = [START_SCORE, START_SCORE]
        self.tablets = [-1] * 4
        self.fill_workshop = 0
        self.fill_need = 5
        self.opening_left = 2
        self.chip_due = 0
        self.tiling_turn = 0
        self.tile_line = 0
        self.tile_stage = EVALUATE
        self.stand_ins = 0
        self.last_pass = False
        self._facts = []
        self._drawn = None
        self._advance()

    # -- flow ----------------------------------------------------------------------------
    def _advance(self) -> None:
        """Run automatic steps until a seat must decide, a chance event is due, or the end."""
        while True:
            if self.chip_due:
                self.current_player = CHANCE
                return
            phase = self.phase
            if phase == ACQUISITION:
                if self.draw_stage or not acquisition.over(self):
                    self.current_player = self.to_move
                    return
                tiling.start(self)
            elif phase == OPENING:
                self.current_player = self.to_move
                return
            elif phase == TILING:
                if tiling.run(self):
                    self.current_player = self.to_move
                    return
            elif phase == OVER:
                self.current_player = TERMINAL
                return
            elif supply.settle(self):
                self.current_player = CHANCE
                return

    def add_score(self, seat: int, parts: tiling.Parts) -> None:
        """Add the parts' points to a seat's score, clamped at 0, and remember why."""
        old = new = self.score[seat]
        for part in parts:
            new += part[1]
        new = max(0, new)
        self.score[seat] = new
        self._facts.append(Fact(seat, new - old, parts))

    @property
    def score_changes(self) -> tuple[ScoreChange, ...]:
        if not self._facts:
            return ()
        return tuple(
            ScoreChange(seat, points, tuple(ScorePart(key, part, params) for key, part, params in parts))
            for seat, points, parts in self._facts
        )

    # -- decisions -----------------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        if self.current_player < 0:
            return []
        if self.phase == TILING:
            return tiling.legal_moves(self)
        return acquisition.legal_moves(self)

    def legal_actions(self) -> list[int]:
        """The action ids of ``legal_moves()``, built from the acquisition groups and the tiling
        cells without move objects (for learning environments); chip spends go through their moves."""
        if self.current_player < 0:
            return []
        seat = self.to_move
        if self.phase == TILING:
            if self.tile_stage == CHOOSE_CELL:
                return [actions.TILE_AT + cell for cell in tiling.targets(self, seat)]
            return super().legal_actions()
        ids: list[int] = []
        lines_of: dict[int, list[int]] = {}  # each colour's destinations, shared by its suns and moons
        for group in acquisition.groups(self):
            _, kind, key = group
            if kind == acquisition.G_SUN or kind == acquisition.G_MOON:
                colour = key % 5
                lines = lines_of.get(colour)
                if lines is None:
                    lines = lines_of[colour] = acquisition.destinations(self, seat, colour)
                if kind == acquisition.G_MOON:
                    first = actions.MOON_AT + colour * actions.DESTINATIONS
                    ids += [first + line for line in lines]
                else:
                    workshop = key // 5
                    by_line = sun_take_ids(key, acquisition.leftovers(self, workshop, colour) if workshop else ())
                    for line in lines:
                        ids += by_line[line]
            elif kind in (acquisition.G_TAKE, acquisition.G_KEEP):
                first = (actions.TAKE_AT if kind == acquisition.G_TAKE else actions.KEEP_AT) + key * SLOTS * ROTATIONS
                empty = acquisition.empty_slots(self, seat)
                ids += [first + slot * ROTATIONS + rotation for slot in empty for rotation in range(ROTATIONS)]
            elif kind == acquisition.G_CHIP:
                ids += [actions.CHIP_AT + at for at, chip in enumerate(self.chip_at) if chip >= 0]
            elif kind == acquisition.G_RETURN:
                ids += [actions.RETURN_AT + plate for plate in self.hand]
            else:
                ids.append(actions.action_id(acquisition.decode(self, group, 0)))
        return ids

    def random_move(self, rng: Random) -> Move:
        if self.current_player < 0:
            raise IllegalMoveError("azul_duel.no_decision")
        move = tiling.random_move(self, rng) if self.phase == TILING else acquisition.random_move(self, rng)
        self._drawn = move
        return move

    def best_random_move(self, rng: Random, samples: int, value: Callable[[Move], float]) -> Move:
        """The best by ``value`` of ``samples`` moves drawn as ``random_move`` draws them (the first
        of equals), and trusted by the next ``play`` as a drawn move is: ``best_sampled_move``
        with the legal groups listed once, not once per sample (a rollout policy's hot path)."""
        if self.current_player < 0:
            raise IllegalMoveError("azul_duel.no_decision")
        if self.phase == TILING:
            moves = [tiling.random_move(self, rng) for _ in range(samples)]
        else:
            moves = acquisition.random_moves(self, rng, samples)
        # Draws often repeat a move (the same object from the move tables; about a quarter of
        # them in a search), and a quick value is dear: each is valued once, the first of equals kept.
        best, best_value = moves[0], value(moves[0])
        valued = {id(best)}
        for move in moves[1:]:
            if id(move) not in valued:
                valued.add(id(move))
                move_value = value(move)
                if move_value > best_value:
                    best, best_value = move, move_value
        self._drawn = best
        return best

    def play(self, move: Move, seat: int | None = None) -> None:
        if self.current_player < 0:
            raise IllegalMoveError("core.game_over" if self.phase == OVER else "azul_duel.no_decision")
        if seat is not None:
            check_turn(self, seat)
        drawn = move is self._drawn and move is not None
        self._drawn = None
        if self.phase == TILING:
            if not drawn:
                tiling.check(self, move)
            self._facts = []
            tiling.apply(self, move)
        else:
            if not drawn:
                acquisition.check(self, move)
            self._facts = []
            acquisition.apply(self, move)
        self._advance()

    def parse_move(self, text: str) -> Move:
        move = parse_move(text)
        if isinstance(move, SunTake) and not move.order and move.workshop:
            return acquisition.with_forced_order(self, move)
        return move

    def final_scoring_so_far(self) -> tuple[ScoreChange, ...]:
        changes = []
        for seat in range(2):
            parts = tuple(ScorePart(key, points, params) for key, points, params in tiling.final_parts(self, seat))
            if parts:
                changes.append(ScoreChange(seat, sum(part.points for part in parts), parts))
        return tuple(changes)

    def move_parts(self, move: Move) -> dict[str, Any]:
        return move_parts(move)

    # -- chance --------------------------------------------------------------------------
    def chance_outcomes(self) -> list[tuple[Chance, float]]:
        return supply.outcomes(self) if self.current_player == CHANCE else []

    def sample_chance(self, rng: Random) -> Chance:
        outcome = supply.sample(self, rng)
        if self.current_player == CHANCE:
            self._drawn = outcome
        return outcome

    def distinct_chance_outcomes(self) -> list[tuple[Chance, float]]:
        return supply.distinct_outcomes(self) if self.current_player == CHANCE else []

    def same_position(self, other: AzulDuelState) -> bool:
        """Whether every field of the engine's position is equal (caches included)."""
        return all(getattr(self, name) == getattr(other, name) for name in FIELDS)

    def apply_chance(self, outcome: Chance) -> None:
        if self.current_player != CHANCE:
            raise IllegalMoveError("core.not_chance")
        if outcome is not self._drawn or outcome is None:
            supply.check(self, outcome)
        self._drawn = None
        self._facts = []
        supply.apply(self, outcome)
        self._advance()

    def parse_chance(self, text: str) -> Chance:
        return parse_chance(text)

    def describe_move(self, move: Move) -> Message:
        """Said before the move: a take's count of tiles is gone after it."""
        taken = 0
        if isinstance(move, SunTake):
            taken = self.suns[SUN_INDEX[move.workshop][move.colour]]
        elif isinstance(move, MoonTake):
            tops = [stack[-1] for stack in self.moons if stack]
            taken = self.big_moon[move.colour] + tops.count(move.colour)
        return words.describe_move(move, taken)

    def describe_chance(self, line: str) -> Message | None:
        return words.describe_chance(line)

    def describe_position(self) -> Message:
        return Message("azul_duel.say.position", {"round": self.round, "rounds": ROUNDS})

    def chance_group(self) -> tuple[str, int]:
        return supply.group(self)

    # -- results -------------------------------------------------------------------------
    def scores(self) -> tuple[int, ...]:
        return tuple(self.score)

    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        keys = [(self.score[seat], seat == self.start_holder) for seat in range(2)]
        ranks, winners = rank_by(keys)
        objectives = [sum(points for _, points, _ in tiling.final_parts(self, seat)) for seat in range(2)]
        details = {"start_tile": self.start_holder, "objectives": objectives}
        return Outcome(tuple(self.score), ranks, winners, details=details)

    # -- copies, views, serialisation ----------------------------------------------------
    def copy(self) -> AzulDuelState:
        """Every field of ``FIELDS``, lists copied, spelled out: greedy play copies the position
        once per move it weighs, and a loop of ``getattr`` and ``setattr`` cost twice as much."""
        other = object.__new__(AzulDuelState)
        other.rules = self.rules
        other.current_player = self.current_player
        other.round = self.round
        other.phase = self.phase
        other.after_display = self.after_display
        other.to_move = self.to_move
        other.starter = self.starter
        other.start_holder = self.start_holder
        other.start_taker = self.start_taker
        other.start_on_moon = self.start_on_moon
        other.sun_start = self.sun_start
        other.bag = self.bag[:]
        other.tower = self.tower[:]
        other.suns = self.suns[:]
        other.moons = self.moons[:]
        other.big_moon = self.big_moon[:]
        other.chip_at = self.chip_at[:]
        other.chip_pool = self.chip_pool[:]
        other.chips = self.chips[:]
        other.chips_taken = self.chips_taken[:]
        other.display = self.display[:]
        other.stack = self.stack[:]
        other.stack_known = self.stack_known[:]
        other.pool = self.pool[:]
        other.hand = self.hand[:]
        other.draw_stage = self.draw_stage
        other.plates_taken = self.plates_taken[:]
        other.slots = self.slots[:]
        other.cells = self.cells[:]
        other.tiles = self.tiles[:]
        other.line_colour = self.line_colour[:]
        other.line_count = self.line_count[:]
        other.destination_counts = self.destination_counts[:]
        other.broken = self.broken[:]
        other.score = self.score[:]
        other.tablets = self.tablets[:]
        other.fill_workshop = self.fill_workshop
        other.fill_need = self.fill_need
        other.opening_left = self.opening_left
        other.chip_due = self.chip_due
        other.tiling_turn = self.tiling_turn
        other.tile_line = self.tile_line
        other.tile_stage = self.tile_stage
        other.stand_ins = self.stand_ins
        other.last_pass = self.last_pass
        other.num_players = 2
        other._facts = self._facts[:]
        other._drawn = None
        return other

    def view(self, seat: int | None) -> AzulDuelState:
        if seat is not None:
            check_seat(seat, 2)
        return views.view(self, seat)

    def determinize(self, rng: Random) -> AzulDuelState:
        return views.determinize(self, rng)

    def components(self) -> dict[str, Any]:
        """The plates, chips, penalties, costs and rounds of this game (``table_data``)."""
        from kashi.games.azul_duel.table_data import table_data

        return table_data(self.rules)

    def to_json(self) -> dict[str, Any]:
        """The facts of the position (docs/records.md, "State JSON"), no cache of the engine."""
        from kashi.games.azul_duel.facts import facts_of

        return {"game": self.family, "rules": self.rules.to_options(), **facts_of(self)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> AzulDuelState:
        from kashi.games.azul_duel.facts import from_json

        return from_json(data)

    def position(self) -> str:
        from kashi.games.azul_duel.position import write

        return write(self)

    def read_position(self, text: str) -> AzulDuelState:
        from kashi.games.azul_duel.position import read

        return read(self, text)

    # -- fixed action space --------------------------------------------------------------
    @property
    def num_actions(self) -> int:
        return actions.NUM_ACTIONS

    def action_id(self, move: Move) -> int:
        return actions.action_id(move)

    def move_from_action(self, action: int) -> Move:
        return actions.move_from_action(action)

    # -- game knowledge for bots ----------------------------------------------------------
    def evaluate(self) -> tuple[float, ...]:
        return heuristics.evaluate(self)

    def evaluate_seat(self, seat: int) -> float:
        return heuristics.evaluate_seat(self, seat)

    def order_moves(self, moves: list[Move]) -> list[Move]:
        return heuristics.order_moves(self, moves)

    def rollout_move(self, rng: Random) -> Move:
        return heuristics.rollout_move(self, rng)

    # -- text ----------------------------------------------------------------------------
    def render(self, seat: int | None = None, colour: bool = False) -> str:
        from kashi.games.azul_duel.render import render

        return render(self, seat, colour)

    def __repr__(self) -> str:
        where = PHASE_NAMES[self.phase]
        return f"<AzulDuelState round {self.round} {where}, to move {self.current_player}, scores {self.score}>"
