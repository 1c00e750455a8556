"""Where a position stands: the phases of a game and the stages of dome tiling."""

DISPLAY, TABLETS, FILL, OPENING, ACQUISITION, DRAWN, TILING, OVER = range(8)
"""DISPLAY, TABLETS, FILL and DRAWN are chance phases; OPENING, ACQUISITION and TILING ask a seat."""
PHASE_NAMES = ("display", "tablets", "fill", "opening", "acquisition", "drawing", "tiling", "over")

EVALUATE, CHOOSE_CHIPS, CHOOSE_CELL = range(3)
"""Tiling stages: the current line is being looked at, or its owner chooses chips or a cell."""

CHIP_TAKEN, CHIP_HIDDEN = -2, -1
"""A small workshop's chip: taken, still face down, or (0..9) revealed of that type."""
