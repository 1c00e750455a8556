"""The Azul engine: one state class for the whole family, driven by ``AzulRules``.

State is kept in flat lists of small ints (per seat five entries from ``board_base(seat)``, wall
spaces at ``cell_index``) so a copy is a handful of list slices; walls are 25-bit masks
(``wall_bit``). Explanations (illegal moves, score parts) are built
only when asked for.
"""

from __future__ import annotations

from math import comb
from operator import sub
from random import Random
from typing import Any

from kashi.core.errors import IllegalMoveError, KashiError
from kashi.core.messages import Message
from kashi.core.outcome import RULES, TRUNCATED, Outcome, ScoreChange, ScorePart, Termination, rank_by
from kashi.core.state import CHANCE, TERMINAL, State, check_seat, check_turn
from kashi.games.azul import heuristics, projection, words
from kashi.games.azul.moves import (
    CENTRE,
    CENTRE_TILES,
    DRAFTS,
    FILLS,
    FLOOR,
    WALL_PLACEMENTS,
    CentreTile,
    Chance,
    Draft,
    FactoryFill,
    Move,
    WallPlacement,
    move_parts,
    parse_chance,
    parse_move,
)
from kashi.games.azul.rules import (
    COLOUR_BONUS,
    COLOUR_NAMES,
    COLOURS,
    COLUMN_BONUS,
    FACTORY_SIZE,
    FLOOR_SPACES,
    FLOOR_TOTAL,
    LINES,
    ROW_BONUS,
    TILES_PER_COLOUR,
    WALL_CELLS,
    AzulRules,
    board_base,
    board_index,
    factories_for,
    wall_bit,
)
from kashi.games.azul.scoring import (
    full_column_bits,
    full_row_bits,
    full_rows,
    placement_part,
    run_points,
    runs,
)

EMPTY = FILLS[(0, 0, 0, 0, 0)].counts
COLOUR_COUNT = len(COLOURS)
PLACED = "azul.place"
"""The key of a placement's fact until it is worded (``AzulState._placement_words``)."""
MARKER = "1"
"""The starting-player marker as it appears on a floor line."""
ALL_LINES = 0b11111
DESTINATIONS = tuple((*(line for line in range(5) if (mask >> line) & 1), FLOOR) for mask in range(ALL_LINES + 1))
"""DESTINATIONS[mask]: the pattern lines named by a 5-bit mask, then the floor."""
MISSING = tuple(tuple(colour for colour in range(5) if not (mask >> colour) & 1) for mask in range(ALL_LINES + 1))
"""MISSING[colours mask]: the colours a mask lacks, in order."""
ACTION_ROWS = tuple(
    tuple(
        tuple(tuple((source * 5 + colour) * 6 + line for line in lines) for lines in DESTINATIONS)
        for colour in range(5)
    )
    for source in range(CENTRE + 1)
)
"""ACTION_ROWS[source index][colour][accept mask]: the action ids of those drafts (centre = last source)."""
PRESENT = {fill.counts: tuple(c for c in range(5) if fill.counts[c]) for fill in FILLS.values()}
"""The colours present in each possible factory content."""
FILL_DIGIT = tuple(5**colour for colour in range(5))
FILL_CODES = {
    sum(count * digit for count, digit in zip(counts, FILL_DIGIT, strict=True)): fill for counts, fill in FILLS.items()
}
"""Each fill by its counts written as base-5 digits, so a draw adds a colour's digit per tile."""
CENTRE_BIT = 1 << CENTRE
HELD_BY = tuple(
    tuple(source for source in range(CENTRE + 1) if (mask >> source) & 1) for mask in range(CENTRE_BIT << 1)
)
"""HELD_BY[mask]: the sources (factory indices, then ``CENTRE``) named by a mask of ``holders``."""
HOLDING = tuple(map(len, HELD_BY))
WIDTH = tuple(map(len, DESTINATIONS))
"""How many sources a holders mask names, and how many destinations an accept mask gives."""
MAX_TAKE = TILES_PER_COLOUR
COMPOSITIONS = {size: [counts for counts in FILLS if sum(counts) == size] for size in range(FACTORY_SIZE + 1)}
"""Every multiset of ``size`` tiles, as counts per colour."""
_FIELDS = (
    "rules", "num_players", "current_player", "round", "starter", "next_starter",
    "factories", "centre", "marker_in_centre", "marker_floor", "bag", "lid",
    "line_colour", "line_count", "accept", "wall", "cells", "row_colours", "column_colours",
    "floor", "score", "table_tiles", "fill_index", "tiling", "ended", "holders",
)  # fmt: skip


class AzulState(State[Move, Chance]):
    """A position of Azul (any variant of the family)."""

    family = "azul"
    hidden_information = False
    adjustment_parts = frozenset({"azul.clamp"})
    __slots__ = (*_FIELDS, "_facts")

    rules: AzulRules
    round: int
    starter: int
    next_starter: int
    factories: list[tuple[int, ...]]
    centre: list[int]
    marker_in_centre: bool
    marker_floor: int
    """The seat that took the marker this round (on its floor unless the floor was full), or -1."""
    bag: list[int]
    lid: list[int]
    line_colour: list[int]
    line_count: list[int]
    accept: list[int]
    wall: list[int]
    cells: list[int]
    row_colours: list[int]
    column_colours: list[int]
    floor: list[str]
    """Each seat's floor line left to right: tile letters, and ``1`` for the marker."""
    score: list[int]
    table_tiles: int
    fill_index: int
    tiling: tuple[int, int] | None
    ended: str
    holders: list[int]
    """Per colour, a mask of the sources that hold it (bit ``source``; the centre is bit ``CENTRE``)."""
    _facts: list[tuple[int, str, int, dict[str, Any] | tuple[int, int, int, int, int]]]
    """The score parts of the last step: key, points and parameters, or for a placement the
    numbers it is worded from (line, column, colour, runs across and down)."""

    def __init__(self, rules: AzulRules, players: int, start: int) -> None:
        check_seat(start, players)
        self.rules = rules
        self.num_players = players
        self.round = 1
        self.starter = self.next_starter = start
        self.factories = [EMPTY] * factories_for(players)
        self.centre = [0] * COLOUR_COUNT
        self.marker_in_centre = True
        self.marker_floor = -1
        self.bag = [TILES_PER_COLOUR] * COLOUR_COUNT
        self.lid = [0] * COLOUR_COUNT
        self.line_colour = [-1] * (LINES * players)
        self.line_count = [0] * (LINES * players)
        self.accept = [ALL_LINES] * (LINES * players)
        self.wall = [0] * players
        self.cells = [-1] * (WALL_CELLS * players)
        self.row_colours = [0] * (LINES * players)
        self.column_colours = [0] * (LINES * players)
        self.floor = [""] * players
        self.score = [0] * players
        self.table_tiles = 0
        self.fill_index = 0
        self.tiling = None
        self.ended = ""
        self.holders = [0] * COLOUR_COUNT
        self.current_player = CHANCE
        self._facts = []

    # -- reading the position ------------------------------------------------------------
    @property
    def score_changes(self) -> tuple[ScoreChange, ...]:
        if not self._facts:
            return ()
        by_seat: dict[int, list[ScorePart]] = {}
        for seat, key, points, params in self._facts:
            if isinstance(params, tuple):
                key, params = self._placement_words(*params)
            by_seat.setdefault(seat, []).append(ScorePart(key, points, params))
        return tuple(
            ScoreChange(seat, sum(part.points for part in parts), tuple(parts))
            for seat, parts in sorted(by_seat.items())
        )

    def scores(self) -> tuple[int, ...]:
        return tuple(self.score)

    def _placement_words(
        self, line: int, column: int, colour: int, across: int, down: int
    ) -> tuple[str, dict[str, Any]]:
        """A placement's score part, worded only when asked for (``_place`` keeps the numbers)."""
        key, params = placement_part(across, down, self.rules.adjacency == "cross")
        params.update(colour=COLOUR_NAMES[colour], wall_row=line + 1, wall_column=column + 1)
        return key, params

    def complete_rows(self, seat: int) -> int:
        return full_rows(self.wall[seat])

    def accepts(self, seat: int, line: int, colour: int) -> bool:
        """Whether pattern ``line`` of ``seat`` may receive ``colour`` now."""
        return bool((self.accept[seat * LINES + colour] >> line) & 1)  # board_index, inlined: hot

    def _refresh_accept(self, seat: int, line: int) -> None:
        """Recompute which colours pattern ``line`` accepts after it or its wall row changed."""
        base = board_base(seat)
        index = base + line
        held = self.line_colour[index]
        if held < 0:
            allowed = ~self.row_colours[index]
        elif self.line_count[index] <= line:
            allowed = 1 << held
        else:
            allowed = 0
        bit = 1 << line
        accept = self.accept
        for colour in range(COLOUR_COUNT):
            if (allowed >> colour) & 1:
                accept[base + colour] |= bit
            else:
                accept[base + colour] &= ~bit

    def refresh_caches(self) -> None:
        """Work out every cache (accept masks, holders) again from the facts, after they were set
        by hand (a position read from JSON or built for a test)."""
        for seat in range(self.num_players):
            for line in range(LINES):
                self._refresh_accept(seat, line)
        self.holders = holders_of(self.factories, self.centre)

    def outcome(self) -> Outcome | None:
        if not self.ended:
            return None
        rows = [self.complete_rows(seat) for seat in range(self.num_players)]
        ranks, winners = rank_by(list(zip(self.score, rows, strict=True)))
        bonuses = [self.end_bonuses(seat) for seat in range(self.num_players)]
        details = {"complete_rows": rows, "rounds": self.round, "bonuses": bonuses}
        return Outcome(tuple(self.score), ranks, winners, Termination(self.ended), details)

    # -- decisions -----------------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        seat = self.current_player
        if seat < 0:
            return []
        if self.tiling is not None:
            line = self.tiling[1]
            return [WALL_PLACEMENTS[line][column] for column in self._free_columns(seat, line)]
        destinations = self._destinations(seat)
        moves: list[Move] = []
        for source, tiles in self._sources():
            table = DRAFTS[source]
            for colour in range(5):
                if tiles[colour]:
                    row = table[colour]
                    moves.extend([row[line] for line in destinations[colour]])
                    if self.rules.partial_floor:
                        moves.extend(self._partial_moves(source, colour, tiles[colour], destinations[colour]))
        return moves

    def legal_actions(self) -> list[int]:
        """The action ids of ``legal_moves()``, straight from tables (for learning environments)."""
        seat = self.current_player
        if seat < 0 or self.tiling is not None or self.rules.partial_floor:
            return super().legal_actions()
        accept = self.accept
        base = board_base(seat)
        actions: list[int] = []
        for source, tiles in enumerate(self.factories):
            if tiles is not EMPTY:
                for colour in PRESENT[tiles]:
                    actions.extend(ACTION_ROWS[source][colour][accept[base + colour]])
        centre = self.centre
        rows = ACTION_ROWS[len(self.factories)]
        for colour in range(5):
            if centre[colour]:
                actions.extend(rows[colour][accept[base + colour]])
        return actions

    def random_move(self, rng: Random) -> Move:
        """Uniform over the legal drafts without listing them: a colour's drafts number its
        holders times its destinations, so one draw picks the colour, then the source and line."""
        if self.tiling is not None or self.rules.partial_floor or self.current_player < 0:
            return super().random_move(rng)
        return self.random_drafts(rng, 1)[0]

    def random_drafts(self, rng: Random, count: int) -> list[Draft]:
        """``count`` independent uniform drafts, as ``count`` calls of ``random_move`` draw them
        (the same random numbers, the same drafts) with the drafts counted once: for rollout
        policies that keep the best of a few. Only while a draft is due, without partial floors."""
        seat = self.current_player
        accept = self.accept
        holders = self.holders
        base = seat * LINES  # board_base, inlined: hot
        blue, yellow, red, black, white = holders  # unrolled: a comprehension costs twice as much here
        counts = (
            HOLDING[blue] * WIDTH[accept[base]],
            HOLDING[yellow] * WIDTH[accept[base + 1]],
            HOLDING[red] * WIDTH[accept[base + 2]],
            HOLDING[black] * WIDTH[accept[base + 3]],
            HOLDING[white] * WIDTH[accept[base + 4]],
        )
        total = sum(counts)
        drafts = []
        for _ in range(count):
            pick = int(rng.random() * total)
            colour = 0
            while pick >= counts[colour]:
                pick -= counts[colour]
                colour += 1
            lines = DESTINATIONS[accept[base + colour]]
            source, line = divmod(pick, len(lines))
            drafts.append(DRAFTS[HELD_BY[holders[colour]][source]][colour][lines[line]])
        return drafts

    def _sources(self) -> list[tuple[int, tuple[int, ...] | list[int]]]:
        sources: list[tuple[int, tuple[int, ...] | list[int]]] = [
            (index, tiles) for index, tiles in enumerate(self.factories) if tiles is not EMPTY
        ]
        if any(self.centre):
            sources.append((CENTRE, self.centre))
        return sources

    def _destinations(self, seat: int) -> list[tuple[int, ...]]:
        """For each colour, the lines (and the floor) that may receive it."""
        accept = self.accept
        base = board_base(seat)
        return [DESTINATIONS[accept[base + colour]] for colour in range(5)]

    def _partial_moves(self, source: int, colour: int, taken: int, lines: tuple[int, ...]) -> list[Move]:
        return [Draft(source, colour, line, k) for line in lines if line != FLOOR for k in range(1, taken)]

    def play(self, move: Move, seat: int | None = None) -> None:
        player = self.current_player
        if player < 0:
            raise IllegalMoveError("core.game_over" if self.ended else "core.not_your_turn", state="chance")
        if seat is not None:
            check_turn(self, seat)
        if isinstance(move, Draft):
            if self.tiling is not None:
                raise IllegalMoveError("azul.tiling_now", line=self.tiling[1] + 1)
            # The common case read from the caches: a whole take of a colour its source holds to
            # a line that accepts it, or to the floor. Any other draft gets the full check.
            source, colour, line = move.source, move.colour, move.line
            if not (
                not move.to_floor
                and 0 <= colour < COLOUR_COUNT
                and 0 <= source <= CENTRE
                and (self.holders[colour] >> source) & 1
                and (line == FLOOR or (0 <= line < FLOOR and (self.accept[player * LINES + colour] >> line) & 1))
            ):
                self._check_draft(player, move)
            if self._facts:
                self._facts = []
            self._draft(player, move)
        elif isinstance(move, WallPlacement):
            self._check_placement(player, move)
            self._facts = []
            self._place_chosen(player, move.line, move.column)
        else:
            raise IllegalMoveError("azul.not_a_move", move=move)

    def _check_draft(self, seat: int, move: Draft) -> None:
        """Refuse a draft naming the rule it breaks; pass a partial-floor take that keeps them."""
        source, colour, line, k = move.source, move.colour, move.line, move.to_floor
        well_formed = 0 <= colour < 5 and 0 <= line <= FLOOR
        if not (well_formed and (source == CENTRE or 0 <= source < len(self.factories))):
            if well_formed and isinstance(source, int) and 0 <= source < CENTRE:
                raise IllegalMoveError(
                    "azul.no_factory", factory=source + 1, players=self.num_players, factories=len(self.factories)
                )
            raise IllegalMoveError("azul.not_a_move", move=move)
        tiles = self.centre if source == CENTRE else self.factories[source]
        taken = tiles[colour]
        if not taken:
            if source == CENTRE:
                raise IllegalMoveError("azul.colour_absent_centre", colour=COLOUR_NAMES[colour])
            raise IllegalMoveError("azul.colour_absent", factory=source + 1, colour=COLOUR_NAMES[colour])
        if line != FLOOR and not self.accepts(seat, line, colour):
            index = board_index(seat, line)
            held = self.line_colour[index]
            if held == colour:
                raise IllegalMoveError("azul.line_complete", line=line + 1)
            if held >= 0:
                raise IllegalMoveError("azul.line_other_colour", line=line + 1, held=COLOUR_NAMES[held])
            raise IllegalMoveError("azul.wall_has_colour", line=line + 1, colour=COLOUR_NAMES[colour])
        if k:
            if not self.rules.partial_floor:
                raise IllegalMoveError("azul.partial_floor_off")
            if line == FLOOR:
                raise IllegalMoveError("azul.partial_floor_line")
            if not 1 <= k < taken:
                raise IllegalMoveError(
                    "azul.partial_floor_count", count=taken, colour=COLOUR_NAMES[colour], least=1, most=taken - 1
                )

    def _draft(self, seat: int, move: Draft) -> None:
        """Take the tiles (the rest of a factory to the centre, the marker with the centre's
        first take), fill the line, send the rest to the floor; the round's end after the last."""
        source, colour, line = move.source, move.colour, move.line
        holders = self.holders
        if source == CENTRE:
            centre = self.centre
            taken = centre[colour]
            centre[colour] = 0
            holders[colour] &= ~CENTRE_BIT
            if self.marker_in_centre:
                self.marker_in_centre = False
                self.marker_floor = seat
                self.next_starter = seat
                if len(self.floor[seat]) < FLOOR_SPACES:
                    self.floor[seat] += MARKER
        else:
            tiles = self.factories[source]
            self.factories[source] = EMPTY
            taken = tiles[colour]
            centre = self.centre
            kept = ~(1 << source)
            for other in PRESENT[tiles]:
                if other == colour:
                    holders[other] &= kept
                else:
                    centre[other] += tiles[other]
                    holders[other] = (holders[other] & kept) | CENTRE_BIT
        self.table_tiles -= taken
        if line == FLOOR:
            self._to_floor(seat, colour, taken)
        else:
            if move.to_floor:
                self._to_floor(seat, colour, move.to_floor)
                taken -= move.to_floor
            self._fill_line(seat, line, colour, taken)
        if self.table_tiles:
            self.current_player = (seat + 1) % self.num_players
        else:
            self._wall_tiling()

    def _fill_line(self, seat: int, line: int, colour: int, taken: int) -> None:
        """Put tiles on a pattern line that accepts their colour, the overflow to the floor, and
        keep the accept masks: a line that starts a colour refuses the others, a full one all."""
        base = seat * LINES  # board_base, inlined: every move passes here
        index = base + line
        counts = self.line_count
        had = counts[index]
        room = line + 1 - had
        fits = taken if taken < room else room
        counts[index] = had + fits
        bit = 1 << line
        accept = self.accept
        if not had:
            self.line_colour[index] = colour
            for entry in range(base, base + COLOUR_COUNT):
                accept[entry] &= ~bit
            if fits < room:
                accept[base + colour] |= bit
        elif fits == room:
            accept[base + colour] &= ~bit
        if taken > fits:
            self._to_floor(seat, colour, taken - fits)

    def _to_floor(self, seat: int, colour: int, count: int) -> None:
        """Floor spaces fill left to right; past the seventh (or under ``discard``) to the lid."""
        if self.rules.overflow != "discard":
            row = self.floor[seat]
            room = FLOOR_SPACES - len(row)
            if room:
                fits = count if count < room else room
                self.floor[seat] = row + COLOURS[colour] * fits
                count -= fits
        self.lid[colour] += count

    # -- wall tiling ---------------------------------------------------------------------
    def _wall_tiling(self) -> None:
        """Tile every seat's complete lines; on the grey side stop at each real choice."""
        if not self.rules.grey:
            counts = self.line_count
            for seat in range(self.num_players):
                base = seat * LINES  # board_base, inlined: hot
                for line in range(LINES):
                    if counts[base + line] == line + 1:
                        self._place(seat, line, (self.line_colour[base + line] + line) % LINES)  # wall_column
            self._finish_round()
            return
        self.tiling = (0, 0)
        self._continue_grey_tiling()

    def _continue_grey_tiling(self) -> None:
        assert self.tiling is not None
        seat, line = self.tiling
        while seat < self.num_players:
            while line < 5:
                index = board_index(seat, line)
                if self.line_count[index] == line + 1:
                    columns = self._free_columns(seat, line)
                    if len(columns) > 1:
                        self.tiling = (seat, line)
                        self.current_player = seat
                        return
                    if columns:
                        self._place(seat, line, columns[0])
                    else:
                        self._line_to_floor(seat, line)
                line += 1
            seat, line = seat + 1, 0
        self.tiling = None
        self._finish_round()

    def _free_columns(self, seat: int, line: int) -> list[int]:
        """Grey side: the columns of a row where the line's colour may go."""
        base = board_base(seat)
        bit = 1 << self.line_colour[base + line]
        wall = self.wall[seat] >> wall_bit(line, 0)
        return [
            column
            for column in range(LINES)
            if not (wall >> column) & 1 and not self.column_colours[base + column] & bit
        ]

    def _check_placement(self, seat: int, move: WallPlacement) -> None:
        if self.tiling is None:
            raise IllegalMoveError("azul.drafting_now")
        line = self.tiling[1]
        if move.line != line:
            raise IllegalMoveError("azul.wrong_line", line=move.line + 1, pending=line + 1)
        column = move.column
        if not 0 <= column < 5:
            raise IllegalMoveError("azul.not_a_move", move=move)
        if (self.wall[seat] >> wall_bit(line, column)) & 1:
            raise IllegalMoveError("azul.wall_taken", line=line + 1, column=column + 1)
        colour = self.line_colour[board_index(seat, line)]
        if (self.column_colours[board_index(seat, column)] >> colour) & 1:
            raise IllegalMoveError("azul.column_has_colour", column=column + 1, colour=COLOUR_NAMES[colour])

    def _place_chosen(self, seat: int, line: int, column: int) -> None:
        assert self.tiling is not None
        self._place(seat, line, column)
        self.tiling = (seat, line + 1)
        self._continue_grey_tiling()

    def _line_to_floor(self, seat: int, line: int) -> None:
        """Grey side: a complete line with no legal space sends all its tiles to the floor."""
        index = board_index(seat, line)
        colour = self.line_colour[index]
        self._facts.append(
            (seat, "azul.to_floor", 0, {"line": line + 1, "colour": COLOUR_NAMES[colour], "count": line + 1})
        )
        self._to_floor(seat, colour, line + 1)
        self.line_colour[index] = -1
        self.line_count[index] = 0
        self._refresh_accept(seat, line)

    def _place(self, seat: int, line: int, column: int) -> None:
        """Move the line's tile to the wall, score it at once, and send the rest to the lid."""
        base = seat * LINES  # board_base, inlined: every placement passes here
        index = base + line
        colour = self.line_colour[index]
        self.wall[seat] = wall = self.wall[seat] | 1 << (LINES * line + column)  # wall_bit, inlined
        self.cells[seat * WALL_CELLS + LINES * line + column] = colour  # cell_index, inlined
        self.row_colours[index] = row = self.row_colours[index] | 1 << colour
        self.column_colours[base + column] |= 1 << colour
        self.lid[colour] += line
        self.line_colour[index] = -1
        self.line_count[index] = 0
        accept, bit = self.accept, 1 << line
        for free in MISSING[row]:  # the full line accepted nothing; emptied, what its wall row lacks
            accept[base + free] |= bit
        across, down = runs(wall, line, column)
        points = run_points(across, down, self.rules.adjacency == "cross")
        self.score[seat] += points
        self._facts.append((seat, PLACED, points, (line, column, colour, across, down)))

    # -- end of round, end of game -------------------------------------------------------
    def _finish_round(self) -> None:
        """Floor penalties with the clamp, floors to the lid, then the end or the next round."""
        lid = self.lid
        for seat in range(self.num_players):
            row = self.floor[seat]
            if row:
                penalty = FLOOR_TOTAL[len(row)]
                self._facts.append((seat, "azul.floor", penalty, {}))
                self._add_clamped(seat, penalty)
                for letter in row:
                    if letter != MARKER:
                        lid[COLOURS.index(letter)] += 1
                self.floor[seat] = ""
        self.marker_floor = -1
        rounds = self.rules.rounds
        over = self.round >= rounds if rounds else any(map(full_rows, self.wall))
        if over:
            self._end_game(RULES)
        elif self.round >= self.rules.max_rounds:
            self._end_game(TRUNCATED)
        else:
            self.round += 1
            self.starter = self.next_starter
            self.marker_in_centre = True
            self.fill_index = 0
            self.current_player = CHANCE

    def _add_clamped(self, seat: int, points: int) -> None:
        total = self.score[seat] + points
        if total < 0:
            self._facts.append((seat, "azul.clamp", -total, {"least": 0}))
            total = 0
        self.score[seat] = total

    def _end_game(self, reason: str) -> None:
        self.ended = reason
        self.current_player = TERMINAL
        if reason != RULES:
            return
        for seat in range(self.num_players):
            self._end_bonuses(seat)

    def _end_bonuses(self, seat: int) -> None:
        wall = self.wall[seat]
        base = board_base(seat)
        rows, columns = full_row_bits(wall), full_column_bits(wall)
        blue, yellow, red, black, white = self.row_colours[base : base + LINES]
        colours = blue & yellow & red & black & white
        for entry in range(LINES):
            if (rows >> wall_bit(entry, 0)) & 1:
                self._bonus(seat, "azul.bonus.row", ROW_BONUS, {"row": entry + 1})
        for entry in range(LINES):
            if (columns >> entry) & 1:
                self._bonus(seat, "azul.bonus.column", COLUMN_BONUS, {"column": entry + 1})
        for entry in range(LINES):
            if (colours >> entry) & 1:
                self._bonus(seat, "azul.bonus.colour", COLOUR_BONUS, {"colour": COLOUR_NAMES[entry]})
        leftover = sum(self.line_count[base : base + 5])
        if leftover and self.rules.leftover_penalty:
            penalty = -leftover * self.rules.leftover_penalty
            self._facts.append((seat, "azul.leftover", penalty, {"count": leftover}))
            self._add_clamped(seat, penalty)

    def _bonus(self, seat: int, key: str, points: int, params: dict[str, Any]) -> None:
        self.score[seat] += points
        self._facts.append((seat, key, points, params))

    # -- chance: refilling the factories -------------------------------------------------
    def chance_group(self) -> tuple[str, int]:
        return "fill", self.round

    def _filling_centre(self) -> bool:
        return self.fill_index == len(self.factories)

    def chance_outcomes(self) -> list[tuple[Chance, float]]:
        if self.current_player != CHANCE:
            return []
        bag, lid = self.bag, self.lid
        if self._filling_centre():
            source = bag if any(bag) else lid
            total = sum(source)
            return [(CENTRE_TILES[colour], count / total) for colour, count in enumerate(source) if count]
        in_bag = sum(bag)
        size = min(FACTORY_SIZE, in_bag + sum(lid))
        if in_bag >= size:
            fixed, pool, draw = EMPTY, bag, size
        else:
            fixed, pool, draw = tuple(bag), lid, size - in_bag
        ways = comb(sum(pool), draw)
        outcomes: list[tuple[Chance, float]] = []
        for counts in COMPOSITIONS[draw]:
            chosen = 1
            for colour in range(5):
                chosen *= comb(pool[colour], counts[colour])
            if chosen:
                drawn = tuple(a + b for a, b in zip(fixed, counts, strict=True))
                outcomes.append((FILLS[drawn], chosen / ways))
        return outcomes

    def sample_chance(self, rng: Random) -> Chance:
        bag = self.bag[:]
        lid = self.lid
        in_bag = sum(bag)
        if self.fill_index == len(self.factories):
            source = bag if in_bag else lid
            return CENTRE_TILES[_draw(rng, source, sum(source))]
        code = 0
        poured = False
        random = rng.random
        for _ in range(FACTORY_SIZE):
            if not in_bag:
                if poured or not any(lid):
                    break
                bag, in_bag, poured = lid[:], sum(lid), True
            pick = int(random() * in_bag)
            colour = 0
            while pick >= bag[colour]:
                pick -= bag[colour]
                colour += 1
            bag[colour] -= 1
            in_bag -= 1
            code += FILL_DIGIT[colour]
        return FILL_CODES[code]

    def apply_chance(self, outcome: Chance) -> None:
        if self.current_player != CHANCE:
            raise IllegalMoveError("core.not_chance")
        if self.fill_index == len(self.factories):
            if not isinstance(outcome, CentreTile):
                raise IllegalMoveError("core.bad_chance", text=str(outcome))
            self._apply_centre_tile(outcome)
        elif isinstance(outcome, FactoryFill):
            self._apply_fill(outcome)
        else:
            raise IllegalMoveError("core.bad_chance", text=str(outcome))

    def _apply_fill(self, fill: FactoryFill) -> None:
        """Four tiles from the bag; when it runs short, all of it, then the lid poured in."""
        counts = fill.counts
        bag, lid = self.bag, self.lid
        in_bag = sum(bag)
        if in_bag >= FACTORY_SIZE:
            if fill.size != FACTORY_SIZE:
                raise self._bad_fill(fill)
            left = list(map(sub, bag, counts))
            if min(left) < 0:
                raise self._bad_fill(fill)
            self.bag = bag = left
        else:
            if fill.size != min(FACTORY_SIZE, in_bag + sum(lid)) or not all(
                bag[c] <= counts[c] <= bag[c] + lid[c] for c in range(COLOUR_COUNT)
            ):
                raise self._bad_fill(fill)
            for colour in range(COLOUR_COUNT):
                bag[colour] = lid[colour] - (counts[colour] - bag[colour])
                lid[colour] = 0
        if self._facts:
            self._facts = []
        index = self.fill_index
        self.factories[index] = FILLS[counts].counts
        holders = self.holders
        for colour in fill.colours:
            holders[colour] |= 1 << index
        self.table_tiles += fill.size
        self.fill_index = index = index + 1
        if index == len(self.factories) and not (self.rules.centre_seed_tile and (any(bag) or any(lid))):
            self._start_offer()

    def _bad_fill(self, fill: FactoryFill) -> IllegalMoveError:
        return IllegalMoveError("azul.bad_fill", fill=str(fill), bag=_tiles_text(self.bag), lid=_tiles_text(self.lid))

    def _apply_centre_tile(self, tile: CentreTile) -> None:
        bag, lid = self.bag, self.lid
        source_is_lid = not any(bag)
        source = lid if source_is_lid else bag
        colour = tile.colour
        if type(colour) is not int or not 0 <= colour < COLOUR_COUNT:
            raise IllegalMoveError("azul.bad_centre_tile", tile=repr(tile))
        if not source[colour]:
            raise IllegalMoveError("azul.bad_centre_tile", tile=str(tile))
        self._facts = []
        if source_is_lid:
            bag[:] = lid
            lid[:] = [0] * COLOUR_COUNT
        bag[colour] -= 1
        self.centre[colour] += 1
        self.holders[colour] |= CENTRE_BIT
        self.table_tiles += 1
        self._start_offer()

    def _start_offer(self) -> None:
        if self.table_tiles:
            self.current_player = self.starter
        else:
            self._wall_tiling()

    # -- notation, copies, views, JSON ---------------------------------------------------
    def parse_move(self, text: str) -> Move:
        return parse_move(text)

    def parse_chance(self, text: str) -> Chance:
        return parse_chance(text)

    def describe_move(self, move: Move) -> Message:
        """Said before the move, with the tiles it takes (0 from a factory this table lacks:
        an illegal move is described before ``play`` refuses it)."""
        taken = 0
        if isinstance(move, Draft):
            if move.source == CENTRE:
                taken = self.centre[move.colour]
            elif move.source < len(self.factories):
                taken = self.factories[move.source][move.colour]
        return words.describe_move(move, taken)

    def describe_chance(self, line: str) -> Message:
        return words.describe_fill(line)

    def describe_position(self) -> Message:
        factories = sum(sum(tiles) for tiles in self.factories)
        return Message("azul.say.position", {"round": self.round, "factories": factories, "centre": sum(self.centre)})

    def move_parts(self, move: Move) -> dict[str, Any]:
        """A draft's source (factory number or ``C``), colour letter and line (or ``F``) with
        its tiles sent to the floor; a grey-wall placement's line and column."""
        return move_parts(move)

    def copy(self) -> AzulState:
        other = object.__new__(AzulState)
        other.rules = self.rules
        other.num_players = self.num_players
        other.current_player = self.current_player
        other.round = self.round
        other.starter = self.starter
        other.next_starter = self.next_starter
        other.factories = self.factories[:]
        other.centre = self.centre[:]
        other.marker_in_centre = self.marker_in_centre
        other.marker_floor = self.marker_floor
        other.bag = self.bag[:]
        other.lid = self.lid[:]
        other.line_colour = self.line_colour[:]
        other.line_count = self.line_count[:]
        other.accept = self.accept[:]
        other.wall = self.wall[:]
        other.cells = self.cells[:]
        other.row_colours = self.row_colours[:]
        other.column_colours = self.column_colours[:]
        other.floor = self.floor[:]
        other.score = self.score[:]
        other.table_tiles = self.table_tiles
        other.fill_index = self.fill_index
        other.tiling = self.tiling
        other.ended = self.ended
        other.holders = self.holders[:]
        other._facts = self._facts
        return other

    def view(self, seat: int | None) -> AzulState:
        """Azul hides nothing but the bag's order, which the state does not hold."""
        if seat is not None:
            check_seat(seat, self.num_players)
        return self.copy()

    def components(self) -> dict[str, Any]:
        """The printed wall, floor penalties, line sizes and counts of this game (``table_data``)."""
        from kashi.games.azul.table_data import table_data

        return table_data(self.rules, self.num_players)

    def to_json(self) -> dict[str, Any]:
        """The facts of the position (docs/records.md, "State JSON"), no cache of the engine."""
        from kashi.games.azul.facts import facts_of

        return {"game": self.family, "rules": self.rules.to_options(), **facts_of(self)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> AzulState:
        from kashi.games.azul.facts import from_json

        return from_json(data)

    def position(self) -> str:
        from kashi.games.azul.position import write

        return write(self)

    def read_position(self, text: str) -> AzulState:
        from kashi.games.azul.position import read

        return read(self, text)

    def position_players(self, text: str) -> int:
        from kashi.games.azul.position import seats_in

        return seats_in(text) or self.num_players

    # -- actions for learning ------------------------------------------------------------
    @property
    def num_actions(self) -> int:
        sources = len(self.factories) + 1
        total = sources * 5 * 6
        if self.rules.partial_floor:
            total += sources * 5 * 5 * (MAX_TAKE - 1)
        if self.rules.grey:
            total += 25
        return total

    def action_id(self, move: Move) -> int:
        sources = len(self.factories) + 1
        whole = sources * 5 * 6
        if isinstance(move, WallPlacement):
            partial = sources * 5 * 5 * (MAX_TAKE - 1) if self.rules.partial_floor else 0
            return whole + partial + move.line * 5 + move.column
        source = len(self.factories) if move.source == CENTRE else move.source
        if not move.to_floor:
            return (source * 5 + move.colour) * 6 + move.line
        return whole + ((source * 5 + move.colour) * 5 + move.line) * (MAX_TAKE - 1) + move.to_floor - 1

    def move_from_action(self, action: int) -> Move:
        if not 0 <= action < self.num_actions:
            raise KashiError("core.bad_action", action=action, last=self.num_actions - 1)
        factories = len(self.factories)
        sources = factories + 1
        whole = sources * 5 * 6

        def source_of(index: int) -> int:
            return CENTRE if index == factories else index

        if action < whole:
            group, line = divmod(action, 6)
            source, colour = divmod(group, 5)
            return DRAFTS[source_of(source)][colour][line]
        action -= whole
        if self.rules.partial_floor:
            partial = sources * 5 * 5 * (MAX_TAKE - 1)
            if action < partial:
                group, k = divmod(action, MAX_TAKE - 1)
                group, line = divmod(group, 5)
                source, colour = divmod(group, 5)
                return Draft(source_of(source), colour, line, k + 1)
            action -= partial
        return WALL_PLACEMENTS[action // 5][action % 5]

    def round_scoring_so_far(self) -> tuple[ScoreChange, ...]:
        return projection.round_scoring(self)

    def bonus_progress(self, seat: int) -> tuple[tuple[ScorePart, int, int], ...]:
        return projection.bonus_progress(self, seat)

    def end_bonuses(self, seat: int) -> int:
        """The points of the end-of-game bonuses ``seat``'s wall completes (the end's tally)."""
        return sum(part.points for part, have, need in self.bonus_progress(seat) if have == need)

    def evaluate(self) -> tuple[float, ...]:
        return heuristics.evaluate(self)

    def order_moves(self, moves: list[Move]) -> list[Move]:
        return heuristics.order_moves(self, moves)

    def rollout_move(self, rng: Random) -> Move:
        return heuristics.rollout_move(self, rng)

    def render(self, seat: int | None = None, colour: bool = False) -> str:
        from kashi.games.azul.render import render

        return render(self, colour=colour)

    def __repr__(self) -> str:
        return f"<AzulState round {self.round}, to move {self.current_player}, scores {self.score}>"


def holders_of(factories: list[tuple[int, ...]], centre: list[int]) -> list[int]:
    """Per colour, the mask of the sources that hold it (``AzulState.holders``)."""
    holders = [0] * COLOUR_COUNT
    for source, tiles in [*enumerate(factories), (CENTRE, centre)]:
        for colour in range(COLOUR_COUNT):
            if tiles[colour]:
                holders[colour] |= 1 << source
    return holders


def _draw(rng: Random, counts: list[int], total: int) -> int:
    """One colour drawn with probability proportional to its count."""
    pick = int(rng.random() * total)
    for colour in range(5):
        pick -= counts[colour]
        if pick < 0:
            return colour
    raise AssertionError("unreachable: counts sum to total")


def _tiles_text(counts: list[int]) -> str:
    return " ".join(f"{count}{COLOURS[colour]}" for colour, count in enumerate(counts) if count) or "nothing"
