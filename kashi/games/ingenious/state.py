"""The Ingenious engine: one state class for the whole family, driven by ``IngeniousRules``.

The board is a flat list over the 169 cells of the full board; the adjacent empty pairs that a
tile can still cover are kept in a list with positions (``free``/``fpos``) so that placing a
tile, sampling a uniform random move and detecting the end are all cheap. Draws are chance
events of one tile each, queued as jobs (a seat, its active or reserve rack, a count).
"""

from __future__ import annotations

from random import Random
from typing import Any

from kashi.core.errors import IllegalMoveError, KashiError
from kashi.core.messages import Message
from kashi.core.outcome import INSTANT_WIN, RULES, Outcome, ScoreChange, ScorePart, Termination, rank_by
from kashi.core.state import CHANCE, TERMINAL, State, check_seat, check_turn
from kashi.games.ingenious import foresight, heuristics, words
from kashi.games.ingenious.actions import KIND_SLOTS, SLOTS_PER_EDGE, slot_of
from kashi.games.ingenious.hexgrid import CELLS, COORDS, NAMES, distance
from kashi.games.ingenious.layout import EMPTY, Layout, layout
from kashi.games.ingenious.moves import Decision, Move, Placement, move_parts, parse_move
from kashi.games.ingenious.rules import GOAL, RACK_SIZE, IngeniousRules
from kashi.games.ingenious.scoring import group_cells, group_size, ray_lines, ray_runs
from kashi.games.ingenious.tiles import (
    COLOUR_NAMES,
    COLOURS,
    COPIES,
    HIDDEN,
    PAIRS,
    TILES,
    TYPE_OF,
    TYPES,
    Tile,
    parse_tile,
)

ACTIVE, RESERVE = 0, 1
"""Which rack of a seat a draw fills."""
NEXT_TURN, RESUME, FIRST_TURN = 0, 1, 2
"""What follows a run of draws: the end of the turn, more bonus placements, the first turn."""
FREE, FIRST_ROUND, FIRST_TILE, MUST_TOUCH = 0, 1, 2, 3
"""Which contact rule a placement must meet now."""
REJECTION_TRIES = 48
"""Random free pairs tried against a contact rule before listing the allowed ones."""

TILE_MASK: tuple[int, ...] = (*((1 << low) | (1 << high) for low, high in PAIRS), 0)
"""Colours shown by each tile type (the hidden placeholder shows none)."""
DRAW_HEADINGS = tuple(f"draw {seat}" for seat in range(4))


Fact = tuple[int, int, int, int, tuple[int, ...] | int, int, int, bool]
"""One score change as the engine notes it (a plain tuple: one is made for every colour a
placement scores); ``score_changes`` explains it when asked. Its fields: seat; colour (the
track's, or -1 for bonus placements lost to an empty rack); gained (points really added, after
a cap or a lock); awarded (points the rules award, or for colour -1 the bonuses lost); detail
(the runs counted with straight rays, or the group's size in tutorial scoring); after (the track
after the change); reached (the mark the track reached, 18 or 36, else 0); was_locked (the
colour was locked in the tutorial, so nothing could be gained)."""


_FIELDS = (
    "rules", "layout", "num_players", "current_player", "board", "free", "fpos", "racks", "reserves",
    "bag", "bag_size", "tracks", "turn", "turns", "touched", "bonus", "deciding", "draw_seat",
    "draw_target", "draw_left", "draw_line", "jobs", "after", "aside", "revealed", "placed", "locked",
    "ended", "winner", "hidden", "_facts",
)  # fmt: skip


class IngeniousState(State[Move, Tile]):
    """A position of Ingenious (any variant of the family)."""

    family = "ingenious"
    __slots__ = _FIELDS

    rules: IngeniousRules
    layout: Layout
    board: list[int]
    free: list[int]
    """Edges (adjacent cell pairs) whose two cells are both empty, in no particular order."""
    fpos: list[int]
    """Position of each edge in ``free``, or -1."""
    racks: list[list[int]]
    reserves: list[list[int]]
    bag: list[int]
    """Tiles per type in the bag; in a view, every tile the viewer cannot see."""
    bag_size: int
    tracks: list[list[int]]
    """Six tracks per score board (one board per seat, or per team)."""
    turn: int
    """The seat whose turn it is (also while its draws are due)."""
    turns: int
    touched: int
    """Start symbols touched during the first round (bit per symbol)."""
    bonus: int
    """Bonus placements owed, the one being made now included (so a table can say "bonus")."""
    deciding: bool
    draw_seat: int
    draw_target: int
    draw_left: int
    draw_line: int
    jobs: tuple[tuple[int, int, int], ...]
    after: int
    aside: list[int]
    revealed: list[tuple[int, ...]]
    """The rack each seat last showed by swapping (public)."""
    placed: list[Placement]
    locked: int
    ended: str
    winner: int
    """The score board that won at once, or -1."""
    hidden: int
    """Seats whose racks this view hides (bit per seat); 0 for a full state."""
    _facts: list[Fact]

    def __init__(self, rules: IngeniousRules, players: int, start: int) -> None:
        check_seat(start, players)
        self._blank(rules, players)
        self.turn = start
        jobs = []
        for seat in range(players):
            jobs.append((seat, ACTIVE, RACK_SIZE))
            if self.layout.reserve:
                jobs.append((seat, RESERVE, RACK_SIZE))
        self._start_draws(jobs, FIRST_TURN)

    def _blank(self, rules: IngeniousRules, players: int) -> None:
        """An empty board with the tiles in the bag and nothing drawn yet."""
        lay = layout(rules, players)
        self.rules = rules
        self.layout = lay
        self.num_players = players
        self.current_player = CHANCE
        self.board = list(lay.board)
        self.free = list(range(lay.area.edges))
        self.fpos = list(range(lay.area.edges))
        for cell in lay.starts:
            self._cover(cell)
        self.racks = [[] for _ in range(players)]
        self.reserves = [[] for _ in range(players)]
        self.bag = list(COPIES)
        self.bag_size = sum(COPIES)
        self.tracks = [[0] * 6 for _ in range(lay.boards)]
        self.turn = self.turns = self.touched = self.bonus = 0
        self.deciding = False
        self.draw_seat = self.draw_target = self.draw_left = self.draw_line = 0
        self.jobs = ()
        self.after = NEXT_TURN
        self.aside = []
        self.revealed = [() for _ in range(players)]
        self.placed = []
        self.locked = 0
        self.ended = ""
        self.winner = -1
        self.hidden = 0
        self._facts = []

    # -- reading the position ------------------------------------------------------------
    @property
    def score_changes(self) -> tuple[ScoreChange, ...]:
        return tuple(self._change(fact) for fact in self._facts)

    def _change(self, fact: Fact) -> ScoreChange:
        seat, colour, gained, awarded, detail, after, reached, was_locked = fact
        if colour < 0:
            return ScoreChange(seat, 0, (ScorePart("ingenious.bonus_lost", 0, {"count": awarded}),))
        name = COLOUR_NAMES[colour]
        if isinstance(detail, tuple):
            runs = {"rays": "+".join(map(str, detail)), "lines": self._scored_lines(colour)}
            parts = [ScorePart("ingenious.rays", awarded, {"colour": name, **runs})]
        else:
            cells = self._scored_group(colour)
            parts = [ScorePart("ingenious.group", awarded, {"colour": name, "size": detail, "cells": cells})]
        if was_locked:
            parts.append(ScorePart("ingenious.locked", -awarded, {"colour": name, "lost": awarded}))
        elif gained < awarded:
            lost = awarded - gained
            parts.append(ScorePart("ingenious.capped", -lost, {"colour": name, "mark": after, "lost": lost}))
        if reached:
            key = "ingenious.bonus" if self.rules.bonus else "ingenious.lock"
            parts.append(ScorePart(key, 0, {"colour": name, "mark": reached}))
        return ScoreChange(seat, gained, tuple(parts), COLOURS[colour])

    def _scored_lines(self, colour: int) -> list[list[str]]:
        """The runs the last placement scored in ``colour``, each from the tile's hex outwards
        (cell names), so a table can draw the lines that score."""
        first, second, a, b = self.placed[-1]
        grid = self.layout.area
        toward = grid.direction_of[a, b]
        lines = []
        for hex_colour, cell, skip in ((first, a, toward), (second, b, (toward + 3) % 6)):
            if hex_colour == colour:
                lines += ray_lines(self.board, grid.rays, cell, colour, skip)
        return [[NAMES[cell] for cell in line] for line in lines]

    def _scored_group(self, colour: int) -> list[str]:
        """The cells of the group the last placement scored in ``colour`` (tutorial scoring)."""
        first, second, a, b = self.placed[-1]
        seeds = tuple(cell for hex_colour, cell in ((first, a), (second, b)) if hex_colour == colour)
        return sorted(NAMES[cell] for cell in group_cells(self.board, self.layout.area.neighbours, seeds))

    def track(self, seat: int) -> list[int]:
        """The six tracks ``seat`` scores on (shared with the partner in the team game)."""
        return self.tracks[self.layout.board_of[seat]]

    def deciding_tracks(self, seat: int) -> dict[str, int]:
        return dict(zip(COLOUR_NAMES, self.track(seat), strict=True))

    def scores(self) -> tuple[int, ...]:
        """Each seat's lowest track: the headline score."""
        return tuple(min(self.track(seat)) for seat in range(self.num_players))

    def outcome(self) -> Outcome | None:
        if self.current_player != TERMINAL:
            return None
        keys: list[tuple[int, ...]] = []
        for index, track in enumerate(self.tracks):
            key = (min(track), sum(track)) if self.rules.tiebreak == "total" else tuple(sorted(track))
            keys.append((int(index == self.winner), *key))
        board_ranks, board_winners = rank_by(keys)
        board_of = self.layout.board_of
        seats = range(self.num_players)
        winners = tuple(seat for seat in seats if board_of[seat] in board_winners)
        if len(board_winners) > 1 and self.rules.complete_tie == "draw":
            winners = ()
        details = {
            "sorted": [sorted(self.track(seat)) for seat in seats],
            "tracks": [dict(zip(COLOURS, self.track(seat), strict=True)) for seat in seats],
        }
        ranks = tuple(board_ranks[board_of[seat]] for seat in seats)
        teams = tuple(board_of) if self.rules.teams else ()
        return Outcome(self.scores(), ranks, winners, Termination(self.ended), details, teams)

    # -- decisions -----------------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        seat = self.current_player
        if seat < 0:
            return []
        if self.deciding:
            return [Decision.SWAP, Decision.KEEP]
        slots = self._rack_slots(seat)
        table = self.layout.placements
        moves: list[Move] = []
        for edge in self._allowed_edges(self._contact_rule()):
            row = table[edge]
            moves.extend([row[slot] for slot in slots])
        return moves

    def legal_actions(self) -> list[int]:
        """The action ids of ``legal_moves()``, from pair numbers and slots (for learning environments)."""
        seat = self.current_player
        if seat < 0:
            return []
        if self.deciding:
            swap = self.num_actions - 2
            return [swap, swap + 1]
        slots = self._rack_slots(seat)
        return [
            first + slot
            for first in [edge * SLOTS_PER_EDGE for edge in self._allowed_edges(self._contact_rule())]
            for slot in slots
        ]

    def _rack_slots(self, seat: int) -> list[int]:
        """The action slots of the distinct tiles in a rack (a hidden rack has none)."""
        return [slot for kind in sorted(set(self.racks[seat])) if kind != HIDDEN for slot in KIND_SLOTS[kind]]

    def random_move(self, rng: Random) -> Move:
        """A legal move drawn uniformly without listing them: a tile and side, then a free pair.

        Every (tile type, way round, pair) is a distinct move and the allowed pairs do not
        depend on the tile, so drawing the two independently is uniform over the legal moves.
        """
        seat = self._to_move()
        if self.deciding:
            return Decision.SWAP if rng.random() < 0.5 else Decision.KEEP
        slots = self._rack_slots(seat)
        if not slots:
            raise IllegalMoveError("ingenious.hidden_rack", seat=seat)
        slot = slots[int(rng.random() * len(slots))]
        return self.layout.placements[self._random_edge(rng)][slot]

    def _random_edge(self, rng: Random) -> int:
        free = self.free
        rule = self._contact_rule()
        if rule == FREE:
            return free[int(rng.random() * len(free))]
        grid = self.layout.area
        for _ in range(REJECTION_TRIES):
            edge = free[int(rng.random() * len(free))]
            if self._allows(rule, grid.edge_a[edge], grid.edge_b[edge]):
                return edge
        allowed = self._allowed_edges(rule)
        return allowed[int(rng.random() * len(allowed))]

    def _contact_rule(self) -> int:
        if self.layout.symbols:
            if self.turns < self.num_players:
                return FIRST_ROUND
        elif not self.placed:
            return FIRST_TILE
        return MUST_TOUCH if self.rules.must_touch else FREE

    def _allows(self, rule: int, a: int, b: int) -> bool:
        touch = self.layout.touch_mask
        if rule == FIRST_ROUND:
            return bool((touch[a] | touch[b]) & ~self.touched)
        if rule == FIRST_TILE:
            return bool(touch[a] | touch[b])
        if rule == MUST_TOUCH:
            board, around = self.board, self.layout.area.neighbours
            return any(board[cell] != EMPTY for cell in around[a]) or any(board[cell] != EMPTY for cell in around[b])
        return True

    def _allowed_edges(self, rule: int) -> list[int]:
        """The free pairs a tile may cover now, in a stable order."""
        grid = self.layout.area
        edges = sorted(self.free)
        if rule == FREE:
            return edges
        return [edge for edge in edges if self._allows(rule, grid.edge_a[edge], grid.edge_b[edge])]

    def _to_move(self) -> int:
        seat = self.current_player
        if seat < 0:
            raise IllegalMoveError("core.game_over" if self.ended else "core.not_your_turn", state="chance")
        return seat

    def is_legal(self, move: Move) -> bool:
        return self.explain_illegal(move) is None

    def explain_illegal(self, move: Move) -> IllegalMoveError | None:
        try:
            self._check(move)
        except IllegalMoveError as error:
            return error
        return None

    def _check(self, move: object) -> Move:
        """The move in canonical form if it is legal now, else the rule it breaks."""
        seat = self._to_move()
        if isinstance(move, Decision):
            if not self.deciding:
                raise IllegalMoveError("ingenious.place_now")
            return move
        if not isinstance(move, Placement) or not _well_formed(move):
            raise IllegalMoveError("ingenious.not_a_move", move=move)
        if self.deciding:
            raise IllegalMoveError("ingenious.decide_now")
        move = move.canonical()
        first, second, a, b = move
        lay = self.layout
        for cell in (a, b):
            if not lay.area.inside[cell]:
                q, r = COORDS[cell]
                raise IllegalMoveError(
                    "ingenious.outside",
                    cell=NAMES[cell],
                    players=self.num_players,
                    distance=distance(q, r),
                    radius=lay.area.radius,
                )
        if (a, b) not in lay.area.edge_of:
            raise IllegalMoveError("ingenious.not_adjacent", a=NAMES[a], b=NAMES[b])
        for cell in (a, b):
            if self.board[cell] != EMPTY:
                key = "ingenious.start_symbol" if cell in lay.starts else "ingenious.occupied"
                raise IllegalMoveError(key, cell=NAMES[cell])
        kind = TYPE_OF[first][second]
        if kind not in self.racks[seat]:
            raise IllegalMoveError("ingenious.not_in_rack", tile=str(TILES[kind]))
        rule = self._contact_rule()
        if not self._allows(rule, a, b):
            if rule == FIRST_ROUND:
                untouched = [NAMES[cell] for bit, cell in enumerate(lay.starts) if not self.touched >> bit & 1]
                raise IllegalMoveError("ingenious.first_round", free=" ".join(untouched))
            raise IllegalMoveError("ingenious.first_tile" if rule == FIRST_TILE else "ingenious.must_touch")
        return move

    def play(self, move: Move, seat: int | None = None) -> None:
        if seat is not None:  # a host's move: the game must be at a decision (else that error) and its turn
            self._to_move()
            check_turn(self, seat)
        move = self._check(move)
        self._facts = []
        seat = self.current_player
        if isinstance(move, Placement):
            if self.bonus:
                self.bonus -= 1  # this placement is one of the bonuses owed
            self._place(seat, move)
        elif move is Decision.SWAP:
            rack = self.racks[seat]
            self.revealed[seat] = tuple(sorted(rack))
            self.aside = rack
            self.racks[seat] = []
            self.deciding = False
            self._start_draws([(seat, ACTIVE, RACK_SIZE)], NEXT_TURN)
        else:
            self.deciding = False
            self._refill(seat)

    def _place(self, seat: int, move: Placement) -> None:
        first, second, a, b = move
        lay = self.layout
        grid = lay.area
        board = self.board
        board[a] = first
        board[b] = second
        self._cover(a)
        self._cover(b)
        self.racks[seat].remove(TYPE_OF[first][second])
        self.placed.append(move)
        if lay.symbols and self.turns < self.num_players:
            self.touched |= lay.touch_mask[a] | lay.touch_mask[b]
        track = self.tracks[lay.board_of[seat]]
        if self.rules.scoring == "rays":
            toward = grid.direction_of[a, b]
            runs_a = ray_runs(board, grid.rays, a, first, toward)
            runs_b = ray_runs(board, grid.rays, b, second, (toward + 3) % 6)
            if first == second:
                runs_a.extend(runs_b)
                self._score(seat, track, first, sum(runs_a), tuple(runs_a))
            else:
                self._score(seat, track, first, sum(runs_a), tuple(runs_a))
                self._score(seat, track, second, sum(runs_b), tuple(runs_b))
        elif first == second:
            size = group_size(board, grid.neighbours, (a, b))
            self._score(seat, track, first, size, size)
        else:
            for colour, cell in ((first, a), (second, b)):
                size = group_size(board, grid.neighbours, (cell,))
                self._score(seat, track, colour, size, size)
        if self.rules.bonus and min(track) == self.rules.track_max:
            self._finish(INSTANT_WIN, lay.board_of[seat])
        elif not self.free:
            self._finish(RULES)
        else:
            self._continue_placing(seat)

    def _score(self, seat: int, track: list[int], colour: int, awarded: int, detail: tuple[int, ...] | int) -> None:
        """Add ``awarded`` points to a track, stopping at the next mark (bonus) or at 18 (lock)."""
        if not awarded:
            return
        before = track[colour]
        was_locked = 0
        if self.rules.bonus:
            mark = before
            for mark in self.rules.marks:
                if mark > before:
                    break
            after = min(before + awarded, mark)
            reached = mark if after == mark > before else 0
            if reached:
                self.bonus += 1
        else:
            was_locked = self.locked >> colour & 1
            after = before if was_locked else min(before + awarded, GOAL)
            reached = GOAL if after == GOAL > before else 0
            if reached:
                self.locked |= 1 << colour
        track[colour] = after
        self._facts.append((seat, colour, after - before, awarded, detail, after, reached, bool(was_locked)))

    def _cover(self, cell: int) -> None:
        """Drop the free pairs that use ``cell``."""
        free, fpos = self.free, self.fpos
        for edge in self.layout.area.incident[cell]:
            position = fpos[edge]
            if position >= 0:
                last = free.pop()
                if last != edge:
                    free[position] = last
                    fpos[last] = position
                fpos[edge] = -1

    def _continue_placing(self, seat: int) -> None:
        """Start the next bonus placement if one is due and possible, else end the placements."""
        if self.bonus:
            if self.racks[seat]:
                self.current_player = seat
                return
            if self.rules.empty_rack_bonus == "refill" and self.bag_size:
                self._start_draws([(seat, ACTIVE, RACK_SIZE)], RESUME)
                return
            self._facts.append((seat, -1, 0, self.bonus, 0, 0, 0, False))
            self.bonus = 0
        rack = self.racks[seat]
        if self.rules.bonus and rack and self.bag_size and self._may_swap(seat):
            self.deciding = True
            self.current_player = seat
        else:
            self._refill(seat)

    def _may_swap(self, seat: int) -> bool:
        """True when the rack shows none of the seat's lowest colour(s)."""
        track = self.track(seat)
        low = min(track)
        lowest = sum(1 << colour for colour in range(6) if track[colour] == low)
        return not any(TILE_MASK[kind] & lowest for kind in self.racks[seat])

    def _refill(self, seat: int) -> None:
        self._start_draws([(seat, ACTIVE, RACK_SIZE - len(self.racks[seat]))], NEXT_TURN)

    def _end_turn(self) -> None:
        seat = self.turn
        if not self.racks[seat] and self.reserves[seat]:
            self.racks[seat], self.reserves[seat] = self.reserves[seat], []
        self.turns += 1
        if self.rules.end == "bag" and self.num_players >= 3 and not self.bag_size:
            self._finish(RULES)
        else:
            self._begin_turn((seat + 1) % self.num_players)

    def _begin_turn(self, seat: int) -> None:
        """Give the turn to the first seat from ``seat`` holding a tile; none left ends the game."""
        for step in range(self.num_players):
            candidate = (seat + step) % self.num_players
            if self.racks[candidate]:
                self.turn = self.current_player = candidate
                return
        self._finish(RULES)

    def _finish(self, termination: str, winner: int = -1) -> None:
        self.ended = termination
        self.winner = winner
        self.bonus = 0
        self.current_player = TERMINAL

    # -- chance: drawing tiles -----------------------------------------------------------
    def _start_draws(self, jobs: list[tuple[int, int, int]], after: int) -> None:
        self.jobs = tuple(jobs)
        self.after = after
        self._next_job()

    def _next_job(self) -> None:
        jobs = self.jobs
        while jobs and self.bag_size:
            job, jobs = jobs[0], jobs[1:]
            if job[2] > 0:
                self.jobs = jobs
                self.draw_seat, self.draw_target, self.draw_left = job
                self.draw_line += 1
                self.current_player = CHANCE
                return
        self.jobs = ()
        self.draw_left = 0
        if self.aside:
            for kind in self.aside:
                if kind != HIDDEN:
                    self.bag[kind] += 1
            self.bag_size += len(self.aside)
            self.aside = []
        if self.after == RESUME:
            self._continue_placing(self.turn)
        elif self.after == FIRST_TURN:
            self._begin_turn(self.turn)
        else:
            self._end_turn()

    def chance_group(self) -> tuple[str, int]:
        return DRAW_HEADINGS[self.draw_seat], self.draw_line

    def _pool_size(self) -> int:
        return sum(self.bag) if self.hidden else self.bag_size

    def chance_outcomes(self) -> list[tuple[Tile, float]]:
        if self.current_player != CHANCE:
            return []
        total = self._pool_size()
        return [(TILES[kind], count / total) for kind, count in enumerate(self.bag) if count]

    def sample_chance(self, rng: Random) -> Tile:
        pick = int(rng.random() * self._pool_size())
        bag = self.bag
        for kind in range(TYPES):
            pick -= bag[kind]
            if pick < 0:
                return TILES[kind]
        raise AssertionError("unreachable: the pick is below the pool size")

    def apply_chance(self, outcome: Tile) -> None:
        if self.current_player != CHANCE:
            raise IllegalMoveError("core.not_chance")
        if type(outcome) not in (Tile, int) or not 0 <= outcome < TYPES or not self.bag[outcome]:
            text = str(TILES[outcome]) if type(outcome) in (Tile, int) and 0 <= outcome <= TYPES else repr(outcome)
            raise IllegalMoveError("ingenious.not_in_bag", tile=text)
        self._facts = []
        seat = self.draw_seat
        if self.hidden >> seat & 1:
            kind = HIDDEN
        else:
            kind = outcome
            self.bag[kind] -= 1
        self.bag_size -= 1
        (self.racks if self.draw_target == ACTIVE else self.reserves)[seat].append(kind)
        self.draw_left -= 1
        if not self.draw_left or not self.bag_size:
            self._next_job()

    # -- notation, copies, views ---------------------------------------------------------
    def parse_move(self, text: str) -> Move:
        return parse_move(text)

    def parse_chance(self, text: str) -> Tile:
        return parse_tile(text.strip())

    def describe_move(self, move: Move) -> Message:
        return words.describe_move(move)

    def describe_chance(self, line: str) -> Message:
        return words.describe_draw(line)

    def describe_position(self) -> Message:
        return Message("ingenious.say.position", {"free": self.board.count(EMPTY), "bag": self._pool_size()})

    def move_parts(self, move: Move) -> dict[str, Any]:
        return dict(move_parts(move))

    def copy(self) -> IngeniousState:
        other = object.__new__(IngeniousState)
        other.rules = self.rules
        other.layout = self.layout
        other.num_players = self.num_players
        other.current_player = self.current_player
        other.board = self.board[:]
        other.free = self.free[:]
        other.fpos = self.fpos[:]
        other.racks = [rack[:] for rack in self.racks]
        other.reserves = [rack[:] for rack in self.reserves]
        other.bag = self.bag[:]
        other.bag_size = self.bag_size
        other.tracks = [track[:] for track in self.tracks]
        other.turn = self.turn
        other.turns = self.turns
        other.touched = self.touched
        other.bonus = self.bonus
        other.deciding = self.deciding
        other.draw_seat = self.draw_seat
        other.draw_target = self.draw_target
        other.draw_left = self.draw_left
        other.draw_line = self.draw_line
        other.jobs = self.jobs
        other.after = self.after
        other.aside = self.aside[:]
        other.revealed = self.revealed[:]
        other.placed = self.placed[:]
        other.locked = self.locked
        other.ended = self.ended
        other.winner = self.winner
        other.hidden = self.hidden
        other._facts = self._facts
        return other

    def view(self, seat: int | None) -> IngeniousState:
        """Other seats' racks become placeholders (their sizes stay) and the bag becomes the pool
        of every tile ``seat`` cannot see; the board, scores and racks shown by swaps stay."""
        if seat is not None:
            check_seat(seat, self.num_players)
        other = self.copy()
        for hide in range(self.num_players):
            if hide != seat and not other.hidden >> hide & 1:
                for racks in (other.racks, other.reserves):
                    for kind in racks[hide]:
                        other.bag[kind] += 1
                    racks[hide] = [HIDDEN] * len(racks[hide])
                other.hidden |= 1 << hide
        return other

    def determinize(self, rng: Random) -> IngeniousState:
        """Hidden racks filled at random from the unseen tiles; the rest of them is the bag."""
        other = self.copy()
        if not self.hidden:
            return other
        pool = [kind for kind, count in enumerate(other.bag) for _ in range(count)]
        rng.shuffle(pool)
        for racks in (other.racks, other.reserves):
            for seat, rack in enumerate(racks):
                if other.hidden >> seat & 1:
                    racks[seat] = [pool.pop() for _ in rack]
        other.bag = [0] * TYPES
        for kind in pool:
            other.bag[kind] += 1
        other.hidden = 0
        return other

    def components(self) -> dict[str, Any]:
        """The board, start cells, marks and score boards of this game (``table_data``)."""
        from kashi.games.ingenious.table_data import table_data

        return table_data(self.rules, self.layout)

    def to_json(self) -> dict[str, Any]:
        """The facts of the position (docs/records.md, "State JSON"), no cache of the engine."""
        from kashi.games.ingenious.facts import facts_of

        return {"game": self.family, "rules": self.rules.to_options(), **facts_of(self)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> IngeniousState:
        from kashi.games.ingenious.facts import from_json

        return from_json(data)

    def position(self) -> str:
        from kashi.games.ingenious.position import write

        return write(self)

    def read_position(self, text: str) -> IngeniousState:
        from kashi.games.ingenious.position import read

        return read(self, text)

    def position_players(self, text: str) -> int:
        from kashi.games.ingenious.position import seats_in

        return seats_in(text) or self.num_players

    # -- actions for learning ------------------------------------------------------------
    @property
    def num_actions(self) -> int:
        return SLOTS_PER_EDGE * self.layout.area.edges + 2

    def action_id(self, move: Move) -> int:
        """Placements: pair number x 36 + slot (see ``actions``); then swap and keep."""
        if isinstance(move, Decision):
            return self.num_actions - (2 if move is Decision.SWAP else 1)
        if not isinstance(move, Placement) or not _well_formed(move):
            raise IllegalMoveError("ingenious.not_a_move", move=move)
        first, second, a, b = move.canonical()
        edge = self.layout.area.edge_of.get((a, b))
        if edge is None:
            raise IllegalMoveError("ingenious.not_adjacent", a=NAMES[a], b=NAMES[b])
        return edge * SLOTS_PER_EDGE + slot_of(first, second, a, b)

    def move_from_action(self, action: int) -> Move:
        if not 0 <= action < self.num_actions:
            raise KashiError("core.bad_action", action=action, last=self.num_actions - 1)
        edge, slot = divmod(action, SLOTS_PER_EDGE)
        if edge == self.layout.area.edges:
            return Decision.SWAP if slot == 0 else Decision.KEEP
        return self.layout.placements[edge][slot]

    # -- game knowledge for bots ----------------------------------------------------------
    def evaluate(self) -> tuple[float, ...]:
        return heuristics.evaluate(self)

    def order_moves(self, moves: list[Move]) -> list[Move]:
        return heuristics.order_moves(self, moves)

    def rollout_move(self, rng: Random) -> Move:
        return heuristics.rollout_move(self, rng)

    def appraise(self, moves: list[Move], rng: Random | None = None, **settings: Any) -> list[float]:
        """A value per move for the mover that also weighs the reply it leaves (see ``foresight``)."""
        return foresight.appraise(self, moves, rng, **settings)

    def render(self, seat: int | None = None, colour: bool = False) -> str:
        """The board with cell names on its edges, the rack of ``seat`` (default: the seat to
        move) and every score board."""
        from kashi.games.ingenious.render import render

        return render(self, seat, colour)

    def __repr__(self) -> str:
        placed, player = len(self.placed), self.current_player
        return f"<IngeniousState {placed} tiles placed, to move {player}, scores {self.scores()}>"


def _well_formed(move: Placement) -> bool:
    first, second, a, b = move
    return (
        type(first) is int
        and type(second) is int
        and type(a) is int
        and type(b) is int
        and 0 <= first < 6
        and 0 <= second < 6
        and 0 <= a < CELLS
        and 0 <= b < CELLS
    )
