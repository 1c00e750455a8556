"""The end of the current round as the boards stand: what a draft sets in motion.

A draft scores nothing at once: its tiles are placed, and the floor charged, when the round
ends. A hint needs that deferred scoring, so this plays the round's wall tiling on a copy (the
engine's own placement, floor and end-bonus parts; on the grey side each tile goes to the first
free space of its row, as the heuristics assume) and reads what it scored.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kashi.core.outcome import ScoreChange, ScorePart
from kashi.games.azul.moves import WallPlacement
from kashi.games.azul.rules import COLOUR_BONUS, COLOUR_NAMES, COLUMN_BONUS, ROW_BONUS, board_base, wall_bit

if TYPE_CHECKING:
    from kashi.games.azul.state import AzulState

CELLS = 5


def round_end(state: AzulState) -> AzulState | None:
    """A copy of ``state`` after this round's wall tiling and floors, or None when no seat is
    drafting or tiling (chance is due, or the game is over)."""
    if state.current_player < 0:
        return None
    projected = state.copy()
    projected._facts = []
    if projected.tiling is None:
        projected._wall_tiling()
    while projected.tiling is not None:
        seat, line = projected.tiling
        facts = projected._facts
        projected.play(WallPlacement(line, projected._free_columns(seat, line)[0]))
        projected._facts = facts + projected._facts
    return projected


def round_scoring(state: AzulState) -> tuple[ScoreChange, ...]:
    """What the round's end awards each seat, before the clamp at 0 (which depends on the
    score, not on the boards)."""
    projected = round_end(state)
    if projected is None:
        return ()
    changes = []
    for change in projected.score_changes:
        parts = tuple(part for part in change.parts if part.key not in state.adjustment_parts)
        changes.append(ScoreChange(change.seat, sum(part.points for part in parts), parts))
    return tuple(changes)


def bonus_progress(state: AzulState, seat: int) -> tuple[tuple[ScorePart, int, int], ...]:
    """Each end bonus of ``seat`` with the tiles it will have once this round is tiled."""
    projected = round_end(state) or state
    wall = projected.wall[seat]
    progress = []
    for row in range(CELLS):
        filled = sum((wall >> wall_bit(row, column)) & 1 for column in range(CELLS))
        progress.append((ScorePart("azul.bonus.row", ROW_BONUS, {"row": row + 1}), filled, CELLS))
    for column in range(CELLS):
        filled = sum((wall >> wall_bit(row, column)) & 1 for row in range(CELLS))
        progress.append((ScorePart("azul.bonus.column", COLUMN_BONUS, {"column": column + 1}), filled, CELLS))
    rows = projected.row_colours[board_base(seat) : board_base(seat) + CELLS]
    for colour, name in enumerate(COLOUR_NAMES):
        filled = sum((colours >> colour) & 1 for colours in rows)
        progress.append((ScorePart("azul.bonus.colour", COLOUR_BONUS, {"colour": name}), filled, CELLS))
    return tuple(progress)
